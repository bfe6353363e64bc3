#pragma once
// The one list of findings that the parser and the checker fill: a finding is a rule, a
// place and a message; the rule's row gives its level (profile, the FF version of the game
// tree it lies in, --lenient), its code and its default hint. The list also
//   - lists at most `listed_per_rule` findings of one rule per file, then one "N more"
//     summary per rule and level whose `count` is N (a file of 100 MB of ')' must not need
//     gigabytes of messages);
//   - groups the findings of per_subject rules (rule_grouping) by their subject, an
//     identifier: the first is listed, its `count` says how many there are;
//   - keeps messages and hints on one line (line breaks and control characters escaped);
//   - resolves line:column of every finding at the end, in one pass per source.
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "sgf/diagnostic.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

class findings {
public:
    explicit findings(profile p = profile::ff4, bool lenient = false);

    // The level of r for a finding in a game tree of FF[ff] (1-4; else FF[4]).
    [[nodiscard]] rule_level level(rule r, int ff = 4) const noexcept {
        const auto f = static_cast<std::size_t>(ff >= 1 && ff <= 4 ? ff : 4);
        return levels_[f][static_cast<std::size_t>(r)];
    }
    [[nodiscard]] bool wants(rule r, int ff = 4) const noexcept { return level(r, ff) != rule_level::off; }

    // Adds a finding at `offset` (and `related`) of `src`, at the level r has in FF[ff];
    // nothing when that level is off. An empty hint takes the row's. `subject` groups the
    // findings of per_subject rules. Returns the index of the listed diagnostic that stands
    // for it (also the first of its group), or npos when it is off or past the cap.
    std::size_t add(rule r, int ff, const source& src, std::uint64_t offset, std::string message, std::string hint = {},
                    std::optional<std::uint64_t> related = std::nullopt, std::string_view subject = {}) {
        return add_at(level(r, ff), r, src, offset, std::move(message), std::move(hint), related, subject);
    }
    // The same at a level the caller decided (e.g. capped for a row of another FF version).
    std::size_t add_at(rule_level l, rule r, const source& src, std::uint64_t offset, std::string message,
                       std::string hint = {}, std::optional<std::uint64_t> related = std::nullopt,
                       std::string_view subject = {});
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    [[nodiscard]] diagnostic& operator[](std::size_t i) noexcept { return out_[i]; }
    // How many findings were added, listed or not, off or not.
    [[nodiscard]] std::uint64_t attempted() const noexcept { return attempted_; }
    [[nodiscard]] std::size_t size() const noexcept { return out_.size(); }

    // Ends the list: grouped counts into their messages, the "N more" summaries, positions,
    // then sorted by source (in order of first appearance) and byte offset (stable).
    [[nodiscard]] std::vector<diagnostic> finish() &&;

    static constexpr std::uint32_t listed_per_rule = 1000;

private:
    struct place {
        const source* src;
        std::uint64_t offset;
        std::optional<std::uint64_t> related;
    };
    struct unlisted {
        std::uint64_t count = 0;
        const source* src = nullptr;  // of the first one not listed
        std::uint64_t offset = 0;
    };
    // one slot per value of the rule enum's underlying type, so a new rule needs no edit here
    static constexpr std::size_t rule_slots = std::size_t{std::numeric_limits<std::underlying_type_t<rule>>::max()} + 1;
    std::uint64_t attempted_ = 0;
    std::array<std::array<rule_level, rule_slots>, 5> levels_{};  // [ff][rule]; ff 0 unused
    std::vector<diagnostic> out_;
    std::vector<place> places_;
    std::array<std::uint32_t, rule_slots> listed_{};
    std::array<std::array<unlisted, 3>, rule_slots> unlisted_{};  // [rule][severity]
    std::unordered_map<std::string, std::size_t> groups_;       // rule, level, subject -> index
};

// The same text on one line: line breaks and other control characters as \n, \r, \t, \xHH.
// With `max`: at most `max` bytes of it, cut at a UTF-8 character boundary, then "...". The
// one escaping of text quoted in messages (findings, value messages, fix's notes).
[[nodiscard]] std::string one_line(std::string_view text, std::size_t max = std::string_view::npos);

// Positions of `offsets` (ascending) in `src`, as source::position_of gives them, in one pass.
void positions_of(const source& src, const std::vector<std::uint32_t>& offsets, std::vector<position>& out);

}  // namespace sgf::detail
