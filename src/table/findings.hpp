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
#include <span>
#include <vector>

#include "sgf/diagnostic.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

// Line and column of ascending file offsets, counted forward from the last one asked for:
// one pass over the bytes up to the last offset, never a line table. The bytes may come in
// windows (a file read in pieces): each call passes the window [window, window_end), which
// starts at file offset `window_at` and holds the bytes from the previous offset on to
// this one and the byte after it (or the file's end). Line breaks are LF, CR, CRLF and
// LFCR, one each (000_* "Formatting"), as source::position_of counts them.
class line_counter {
public:
    [[nodiscard]] position at(const char* window, const char* window_end, std::uint64_t window_at, std::uint64_t offset);

private:
    std::uint64_t scanned_ = 0;     // counted up to here
    std::uint64_t line_start_ = 0;  // where the current line starts
    std::uint32_t line_ = 1;
};

// The bytes around a finding that a text report quotes (src/cli/report.cpp: up to 4 * 40
// columns on each side of it), and the finding's offset in them: kept for a streamed file,
// whose bytes are gone when the report is printed.
struct excerpt {
    std::string bytes;
    std::uint64_t at = 0;
};
// The excerpt of the finding at file offset `offset` in the window [window, window_end) of
// the file, which starts at file offset `window_at` (and holds the 160 bytes before the
// offset, or the file's start, and the 165 after it, or the file's end).
[[nodiscard]] excerpt excerpt_at(const char* window, const char* window_end, std::uint64_t window_at,
                                 std::uint64_t offset);

// One call of findings::add_at as it was made, to be made again later (replay): the checker
// on worker threads records what it finds in a game tree, and the thread that keeps the
// file's one list adds it in file order, so that caps, groups and positions come out as
// if one thread had checked every game tree in turn.
// The "N more" summary of `count` findings of r at level s that a list leaves out (findings'
// cap), at no place yet.
[[nodiscard]] diagnostic unlisted_summary(rule r, severity s, std::uint64_t count);

// A finished list cut as `findings` cuts one while it is filled: at most
// findings::listed_per_rule of one rule, in the list's order; the rest of each rule and level
// said by one unlisted_summary at the first one left out, counting what they stood for. For
// lists made elsewhere (what fix says: 100,000 lowercase identifiers are not 100,000 lines).
// Given by reference: only what is listed is copied.
[[nodiscard]] std::vector<diagnostic> listed_at_most(std::span<const diagnostic* const> ds);

struct recorded_finding {
    rule_level level;
    rule which;
    std::uint64_t offset;
    std::string message, hint;
    std::optional<std::uint64_t> related;
    std::string subject;
};

class findings {
public:
    explicit findings(profile p = profile::ff4, bool lenient = false);

    // The level of r for a finding in a game tree of FF[ff] (1-4; else FF[4]).
    [[nodiscard]] rule_level level(rule r, int ff = 4) const noexcept {
        const auto f = static_cast<std::size_t>(ff >= 1 && ff <= 4 ? ff : 4);
        return (*levels_)[f][static_cast<std::size_t>(r)];
    }
    [[nodiscard]] bool wants(rule r, int ff = 4) const noexcept { return level(r, ff) != rule_level::off; }
    // Whether a finding of r added now may be listed: false when the list holds
    // listed_per_rule of r already, so that it would only be counted and its message and hint
    // go unread (a caller may then pass them empty: 100,000 unknown identifiers make 1,000
    // messages, not 100,000). True while add_at records (the cap is applied at replay).
    [[nodiscard]] bool may_list(rule r) const noexcept {
        return record_ != nullptr || listed_[static_cast<std::size_t>(r)] < listed_per_rule;
    }

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
    // The same with the related place given as a position already (a place in bytes a
    // streamed file no longer holds).
    std::size_t add_related_at(rule r, int ff, const source& src, std::uint64_t offset, std::string message,
                               position related);
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

private:
    // add_at, moving from `message` and `hint` only into a diagnostic it lists.
    std::size_t add_moving(rule_level l, rule r, const source& src, std::uint64_t offset, std::string& message,
                           std::string& hint, std::optional<std::uint64_t> related, std::string_view subject);

public:

    // A streamed file (check/stream.cpp): the findings at `src` so far get their positions
    // now, while `src` holds their bytes: `src` is the window [window, window_end) of the
    // file, which starts at file offset `window_at`; offsets in `src` are window offsets,
    // positions name file offsets. With `excerpts`, each also keeps the bytes around it that
    // a text report quotes (finish_excerpts). Findings resolved so are left alone by finish().
    void resolve(const source& src, std::uint64_t window_at, line_counter& lines) { resolve(src, src, window_at, lines); }
    // ... the findings added at `src` whose bytes are in `bytes` (a copy of the window's).
    void resolve(const source& src, const source& bytes, std::uint64_t window_at, line_counter& lines);
    void keep_excerpts() { excerpts_on_ = true; }
    // While `log` is set, add_at records its call there instead (nullptr: adds again).
    void record_into(std::vector<recorded_finding>* log) noexcept { record_ = log; }
    // The recorded calls, made now at `src`. Only the strings of the findings listed are
    // taken from `log`: the rest are freed with it by the thread that recorded them (a free
    // on the thread that allocated is cheaper, and the report's thread is the one that waits).
    void replay(std::vector<recorded_finding>& log, const source& src);
    // finish(), and the excerpt of each finding in the same order (when kept).
    [[nodiscard]] std::vector<diagnostic> finish(std::vector<excerpt>& excerpts) &&;

    [[nodiscard]] diagnostic& operator[](std::size_t i) noexcept { return out_[i]; }
    // How many findings were added, listed or not, off or not.
    [[nodiscard]] std::uint64_t attempted() const noexcept { return attempted_; }
    // How many findings were added at a level other than off, listed or not (past the cap).
    [[nodiscard]] std::uint64_t reported() const noexcept { return reported_; }
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
        bool resolved = false;  // by resolve(): `where` and `related` are set
    };
    struct unlisted {
        std::uint64_t count = 0;
        const source* src = nullptr;  // of the first one not listed
        std::uint64_t offset = 0;
        std::optional<position> at;   // its position, when resolve() gave it one
    };
    // one slot per value of the rule enum's underlying type, so a new rule needs no edit here
    static constexpr std::size_t rule_slots = std::size_t{std::numeric_limits<std::underlying_type_t<rule>>::max()} + 1;
    std::uint64_t attempted_ = 0;
    std::uint64_t reported_ = 0;
    using level_table = std::array<std::array<rule_level, rule_slots>, 5>;  // [ff][rule]; ff 0 unused
    // The levels of a profile, made once per process (a findings list is made per file).
    static const level_table& levels_of(profile p, bool lenient);
    const level_table* levels_;
    std::vector<diagnostic> out_;
    std::vector<place> places_;
    std::array<std::uint32_t, rule_slots> listed_{};
    // [rule][severity], made when a rule first runs past the cap (most files: never); the
    // rules it holds, in the order they came
    std::vector<std::array<unlisted, 3>> unlisted_;
    std::vector<std::size_t> unlisted_rules_;
    std::unordered_map<std::string, std::size_t> groups_;       // rule, level, subject -> index
    // resolve(): places before this index are resolved; unlisted_ entries to resolve
    std::size_t resolved_upto_ = 0;
    std::vector<std::pair<std::size_t, std::size_t>> unresolved_unlisted_;
    std::vector<recorded_finding>* record_ = nullptr;
    bool excerpts_on_ = false;
    std::vector<excerpt> excerpts_;  // per out_ entry, when kept
    std::vector<excerpt> unlisted_excerpts_;  // [rule * 3 + severity], when kept
};

// The same text on one line: line breaks and other control characters as \n, \r, \t, \xHH.
// With `max`: at most `max` bytes of it, cut at a UTF-8 character boundary, then "...". The
// one escaping of text quoted in messages (findings, value messages, fix's notes).
[[nodiscard]] std::string one_line(std::string_view text, std::size_t max = std::string_view::npos);

// Positions of `offsets` (ascending) in `src`, as source::position_of gives them, in one pass.
void positions_of(const source& src, const std::vector<std::uint32_t>& offsets, std::vector<position>& out);


}  // namespace sgf::detail
