// Which codes a run reports (sgf/app/selection.hpp).
#include "sgf/app/selection.hpp"

#include <algorithm>

#include "sgf/app/arguments.hpp"
#include "sgf/app/codes.hpp"

namespace sgf::app {

namespace {

bool is_digits(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The longest-matching entry's specificity, or 0.
std::size_t best(const std::vector<code_selector>& list, std::string_view code) {
    std::size_t b = 0;
    for (const auto& s : list)
        if (s.matches(code)) b = std::max(b, s.specificity());
    return b;
}

}  // namespace

bool code_selector::matches(std::string_view code) const noexcept {
    if (code.size() < 2) return false;
    if (letter == 0) return code.substr(1) == digits;
    return code[0] == letter && code.substr(1).starts_with(digits);
}

std::vector<code_selector> parse_selectors(std::string_view list, std::string_view where) {
    std::vector<code_selector> out;
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        std::string_view e = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
        while (!e.empty() && (e.front() == ' ' || e.front() == '\t')) e.remove_prefix(1);
        while (!e.empty() && (e.back() == ' ' || e.back() == '\t')) e.remove_suffix(1);
        if (e.empty()) continue;
        std::string entry(e);
        std::transform(entry.begin(), entry.end(), entry.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        // An old spelling of a code (a renumbered one) names the code it became. The letter
        // of a printed code is the level in effect, so any letter goes with any number.
        entry = current_spelling(std::move(entry));
        code_selector s;
        const bool bare = is_digits(entry);
        if (bare && entry.size() == 3 && is_number_prefix(entry)) {
            s.digits = entry;
        } else if (!bare && (entry[0] == 'E' || entry[0] == 'W' || entry[0] == 'I') && entry.size() <= 4 &&
                   is_digits(std::string_view(entry).substr(1)) && is_number_prefix(std::string_view(entry).substr(1))) {
            s.letter = entry[0];
            s.digits = entry.substr(1);
        } else {
            throw usage_error{std::string(where) + ": '" + std::string(e) +
                              "' is not a code, a code prefix (E, W2, E111) or a code number (111) of "
                              "docs/diagnostics.md"};
        }
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(std::move(s));
    }
    return out;
}

bool code_selection::enabled(std::string_view code) const noexcept {
    // Everything is selected unless select names something; extend-select adds to either.
    const std::size_t sel = std::max(select.empty() ? std::size_t{1} : best(select, code), best(extend, code));
    if (sel == 0) return false;
    return best(ignore, code) < sel;
}

}  // namespace sgf::app
