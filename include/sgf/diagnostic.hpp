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

// Every kind of finding, as a typed constant. The order is the order of the rows (and of
// the numbers); the number in the row is what users see and what stays stable.
enum class rule : std::uint8_t {
    none,
    // 0xx: reading the file (grammar/recover.hpp, src/parse/, src/input/)
    empty_collection,        // 001 no game tree
    junk_before_tree,        // 002
    junk_after_tree,         // 003
    missing_tree_close,      // 004 end of file inside a game tree
    unmatched_tree_close,    // 005 ')' without '('
    empty_tail,              // 006 "()"
    missing_node_open,       // 007 no ';' after '('
    unclosed_value,          // 008 no ']'
    property_without_value,  // 009
    value_without_property,  // 010
    lowercase_ident,         // 011 "CoPyright": FF[1]-FF[3] long name
    junk_between_tokens,     // 012
    node_after_variation,    // 013
    file_too_large,          // 014
    byte_order_mark,         // 015
    ident_without_upper,     // 016 "b", "black": no reading in any version
    swallowed_nodes,         // 017 a value that holds ";B[aa": its ']' probably came late
    extra_tree_open,         // 018 "((" inside a game tree whose parentheses do not balance
    empty_game_tree,         // 019 "()" where a game tree of the collection was expected
    nul_in_value,            // 020 a NUL byte inside a value
    ca_misspelled,           // 021
    ca_unknown,              // 022
    invalid_bytes,           // 023
    charset_uncertain,       // 024
    ca_contradicts,          // 025
    ca_alias,                // 026
    charset_guessed,         // 027
    converted_to_utf8,       // 028
    charset_option,          // 029
    // 1xx: values (src/values/, src/check/values.cpp)
    value_syntax,            // 101
    number_range,            // 102 outside a parenthesised "(range: ...)"
    point_off_board,         // 103
    rect_1x1,                // 104
    rect_corners,            // 105
    duplicate_point,         // 106
    compose_extra_colon,     // 107
    empty_list,              // 108
    sz_square_compose,       // 109
    ap_not_composed,         // 110
    time_units,              // 111 time not in seconds
    re_jigo,                 // 112
    re_format,               // 113
    dt_format,               // 114
    ha_range,                // 115
    one_point_line,          // 116
    duplicate_value,         // 117
    too_many_values,         // 118
    empty_in_list,           // 119
    unknown_keyword,         // 120
    unverified_syntax,       // 121
    ff4_syntax,              // 122 FF[4]-only syntax FF[1]-FF[3] readers cannot read
    ff4_extension,           // 123 FF[4] extension FF[1]-FF[3] readers read differently
    size_range,              // 124 board size outside the game's limits
    size_limit,              // 125 a board side beyond what sgfcheck handles (9 digits)
    rule_set_name,           // 126 RU: a mandatory rule-set name spelled otherwise
    // 2xx: property types, nodes, trees, collections (src/check/)
    duplicate_property,      // 201
    setup_move_mix,          // 202
    pl_with_move,            // 203
    needs_move,              // 204
    exclusive_properties,    // 205 B/W, GB/GW/DM/UC
    root_outside_root,       // 206
    game_info_twice,         // 207
    once_per_game,           // 208
    mixed_ca,                // 209
    unknown_property,        // 210
    obsolete_property,       // 211 not defined in the file's FF version
    wrong_game,              // 212
    move_in_root,            // 213
    mn_in_root,              // 214
    move_on_occupied,        // 215
    setup_no_effect,         // 216
    handicap_stones,         // 217
    long_ident,              // 218
    mixed_ff,                // 219
    mixed_gm,                // 220
    clears_nothing,          // 221
    annotation_mix,          // 222 BM/TE/DO/IT
    sgf2_alias,              // 223 KO, TE, RD, GK, TL, ... in the root, read as KM, EV, DT, GM, TM (002_*)
    alias_and_target,        // 224 an SGF2-style alias and the property it stands for in one root
};

// Who reports a rule.
enum class rule_stage : std::uint8_t { input, parser, checker };

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
