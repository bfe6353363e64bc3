#pragma once
// Diagnostics and the rules behind them. Every finding of the input stage, the parser and
// the checker is of one kind, a `rule`, and every rule is ONE row of `all_rules()`: its
// stable number, its level per profile, the FF versions it applies to, its meaning, hint
// and the spec sentence it stands on. docs/diagnostics.md documents the rows (a test
// checks both agree).
//
// The printed code is the letter of the level in effect (E error, W warning, I info) and
// the rule's number: E202 is "setup and move properties in one node" as an error; the same
// finding in an FF[3] file, where the FF[4] rule is only a warning, prints W202. The
// number is the identity of the kind of finding, never reused; `find_rule` also accepts
// the spellings of the codes before the numbers were made unique (all_code_aliases()).
#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/position.hpp"

namespace sgf {

enum class severity : unsigned char { error, warning, info };
[[nodiscard]] std::string_view to_string(severity s) noexcept;

// ------------------------------------------------------------------ profiles, FF versions

// The reading of the spec a check follows. Profiles select property rows and set levels;
// they do not fork code (include/sgf/properties.hpp: profile_info).
enum class profile : std::uint8_t {
    ff4,      // strict English FF[4] text (default)
    current,  // 002_*: "updates this standard to current usage", recommendations
    hex,      // 001_*: Hex (GM[11]) conventions
};
inline constexpr std::size_t profile_count = 3;
using profile_mask = std::uint8_t;
[[nodiscard]] constexpr profile_mask profile_bit(profile p) noexcept {
    return static_cast<profile_mask>(1u << static_cast<unsigned>(p));
}
inline constexpr profile_mask every_profile = 0b111;

using ff_mask = std::uint8_t;  // bit 0 = FF[1] ... bit 3 = FF[4]
[[nodiscard]] constexpr ff_mask ff_bit(int version) noexcept {
    return version >= 1 && version <= 4 ? static_cast<ff_mask>(1u << (version - 1)) : ff_mask{0};
}
inline constexpr ff_mask every_ff = 0b1111;
inline constexpr ff_mask ff4_only = 0b1000;
inline constexpr ff_mask before_ff4 = 0b0111;

// How serious a finding is; `off` = not a finding at all.
enum class rule_level : std::uint8_t { off, info, warning, error };
[[nodiscard]] std::string_view to_string(rule_level l) noexcept;
[[nodiscard]] constexpr severity severity_of(rule_level l) noexcept {
    return l == rule_level::error ? severity::error : l == rule_level::warning ? severity::warning : severity::info;
}

// ------------------------------------------------------------------------------ rules

// Every kind of finding, as a typed constant: one per row of sgf/detail/rules.def, in its
// order (and the order of the numbers); the number in the row is what users see and what
// stays stable.
enum class rule : std::uint8_t {
    none,
#define SGF_RULE(id, ...) id,
#include "sgf/detail/rules.def"
#undef SGF_RULE
};

// Who reports a rule.
enum class rule_stage : std::uint8_t { input, parser, checker, fix };  // fix: said by sgfcheck fix only

// How repeated findings of a rule in one file are listed.
enum class rule_grouping : std::uint8_t {
    each,        // every occurrence (up to the listing cap, then one "N more")
    per_subject, // about an identifier, not a place: the first occurrence per identifier,
                 // whose `count` says how many there are ("... (and N more in this file)")
};

struct rule_row {
    rule id;
    std::uint16_t number;      // 1..999; printed with the level's letter
    std::string_view name;     // stable key, e.g. "rect_1x1"
    rule_stage stage;
    std::array<rule_level, profile_count> level;  // per profile, in the FF versions of `ff`
    ff_mask ff;                // FF versions the rule's text applies to
    rule_level outside;        // cap on the level in the other FF versions (FF[4]-only rules:
                               // warning, naming the FF[4] rule; off: nothing to say)
    bool recovery;             // a parser recovery: --lenient reports it as a warning
    rule_grouping grouping;
    std::string_view title;    // one line: what the finding means
    std::string_view hint;     // how to fix it (findings may give a more specific one)
    std::string_view source;   // spec file and section
    std::string_view sentence; // the spec's own words the level stands on
    std::string_view sgfc;     // nearest SGFC message, or "-"
};

[[nodiscard]] std::span<const rule_row> all_rules() noexcept;  // rule::none excluded
[[nodiscard]] const rule_row& info(rule r) noexcept;           // rule::none: a row with number 0

// The level of rule r in a game tree of FF[ff] (1-4; other values count as FF[4]) checked
// under profile p.
[[nodiscard]] rule_level level_of(rule r, profile p = profile::ff4, int ff = 4) noexcept;

// The printed code of r at severity s ("E101", "W101", "I101"); a view of a static table.
[[nodiscard]] std::string_view code_of(rule r, severity s) noexcept;
// The code at the rule's level in FF[4] under profile ff4 (its default spelling).
[[nodiscard]] std::string_view code_of(rule r) noexcept;

// The rule a code names: "E111", "W111", "I111" or "111"; also the spellings of the codes
// before the numbers were made unique (W201 = 210 unknown property, ...), unless that
// spelling is today a printed form of the rule holding its number (W202 is a lowered E202
// "setup and move in one node"; the old W202 is 211). nullptr when no rule has it.
[[nodiscard]] const rule_row* find_rule(std::string_view code) noexcept;

struct code_alias {
    std::string_view old_code;  // as printed before the numbers were made unique
    rule now;
    bool shadowed;  // the spelling is today also a printed code of the rule with its number
                    // (find_rule then takes today's meaning)
};
[[nodiscard]] std::span<const code_alias> all_code_aliases() noexcept;

// ------------------------------------------------------------------------ diagnostics

struct diagnostic {
    std::string_view code;        // the printed code: level letter + number ("E008"), static
    severity level = severity::error;
    position where;               // exact position of the offending token
    std::string message;          // one line (line breaks and control characters escaped)
    std::string hint;             // how to fix it, or how the parser recovered (may be empty)
    std::optional<position> related;  // e.g. the '[' that opened an unterminated value
    std::uint64_t count = 1;      // how many findings this stands for: 1, or N for a finding
                                  // grouped with N-1 more, or an "N more" summary
    rule id = rule::none;         // the kind of finding
};

[[nodiscard]] inline bool has_errors(const std::vector<diagnostic>& ds) noexcept {
    for (const auto& d : ds)
        if (d.level == severity::error) return true;
    return false;
}

// How many findings of severity s the list stands for (the sum of `count`).
[[nodiscard]] inline std::uint64_t count_findings(const std::vector<diagnostic>& ds, severity s) noexcept {
    std::uint64_t n = 0;
    for (const auto& d : ds)
        if (d.level == s) n += d.count;
    return n;
}

// A diagnostic of rule r at severity s: code, id and level set (message and position not).
[[nodiscard]] diagnostic make_diagnostic(rule r, severity s);

// "12:7: error[E008]: message" (and " (hint)" when there is one): one line.
[[nodiscard]] std::string to_string(const diagnostic& d);
std::ostream& operator<<(std::ostream& os, const diagnostic& d);

}  // namespace sgf
