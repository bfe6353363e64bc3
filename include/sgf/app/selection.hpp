#pragma once
// --select / --ignore / --extend-select, as ruff and flake8 spell them: comma lists of
// code prefixes of the printed code ("E", "W2", "E111") or a bare number ("111": that kind
// of finding at any level). The most specific matching entry decides (a bare number counts
// as a whole code); on a tie, ignore wins. With no select at all, everything is selected.
#include <string>
#include <string_view>
#include <vector>

namespace sgf::app {

struct code_selector {
    char letter = 0;     // 'E', 'W', 'I'; 0 for a bare number
    std::string digits;  // a prefix of the number (all three digits for a bare number)
    [[nodiscard]] std::size_t specificity() const noexcept { return letter ? 1 + digits.size() : 4; }
    [[nodiscard]] bool matches(std::string_view code) const noexcept;
    [[nodiscard]] std::string spelling() const { return letter ? std::string(1, letter) + digits : digits; }
    friend bool operator==(const code_selector&, const code_selector&) = default;
};

// Parses "E1,W203, 111": entries trimmed, empty ones skipped. An entry that names no code
// of the table (sgf::all_rules(), old spellings included) is a usage error; `where` says
// which option or config key it came from.
[[nodiscard]] std::vector<code_selector> parse_selectors(std::string_view list, std::string_view where);

struct code_selection {
    std::vector<code_selector> select;  // empty: all
    std::vector<code_selector> extend;  // added to select (or to "all")
    std::vector<code_selector> ignore;
    [[nodiscard]] bool enabled(std::string_view code) const noexcept;
    [[nodiscard]] bool selects_everything() const noexcept { return select.empty() && ignore.empty(); }
};

}  // namespace sgf::app
