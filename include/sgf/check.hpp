#pragma once
// The checker: a loop over the property rule table (properties.hpp) that turns a parsed
// collection into diagnostics. It never edits and never re-parses the file: it reads the
// tree's nodes, looks every identifier up in the table, runs the value validators
// (value_types.hpp) and the node, tree and collection rules, and (GM[1]) replays the moves
// on a Go board. docs/diagnostics.md lists every code.
//
// Severity: a finding is tagged with a `rule` (or is one of the checker's own `finding`s
// below); its level is level_of(rule, profile), and a rule at level `off` reports nothing.
// The code is fixed per rule (code_of), whatever the profile: the letter of a code is the
// level under ff4, so TM[5m] is E111 both as an error (ff4) and silent (current).
//
// Defaults when the root does not say (documented in docs/diagnostics.md):
//   FF: ff4 profile FF[1] (ff4_properties.txt FF "Default value: 1"): FF[4]-only
//       properties are then reported as not defined in FF[1]; current and hex profiles
//       FF[4] (002_* and 001_* describe FF[4] files and write FF only as a version tag).
//   GM: the profile's default game (profile_info::default_gm: Go, Hex for `hex`).
//   SZ: the game row's default size (Go 19x19); no size = points not checked against it.
#include <cstdint>
#include <string_view>
#include <vector>

#include "sgf/diagnostic.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"

namespace sgf {

struct check_options {
    profile prof = profile::ff4;
    bool replay = true;  // Go board replay (GM[1]): moves onto stones, setup that changes nothing
};

// Every finding of the checker, sorted by position (byte offset; unknown positions last).
[[nodiscard]] std::vector<diagnostic> check(const collection& c, const check_options& options = {});

// Findings of the checker that no `rule` of the table covers. Their level is the code's
// default level (all_codes()) in every profile. Never renumber: append.
enum class finding : std::uint8_t {
    too_many_values,    // single-value property with several values
    empty_in_list,      // "[]" among other values of a list
    move_on_occupied,   // Go replay: move onto a stone
    setup_no_effect,    // Go replay: AB/AW/AE value that changes nothing
    handicap_stones,    // HA[n] but not n AB stones in that node
    mixed_ff,           // game trees of one file with different FF
    mixed_gm,           // ... different GM
    mixed_ca,           // ... different CA
    clears_nothing,     // DD[]/VW[] (inherit rows) with no setting in effect
};

// The stable code of a rule or finding ("" for rule::none); a table, not a switch.
[[nodiscard]] std::string_view code_of(rule r) noexcept;
[[nodiscard]] std::string_view code_of(finding f) noexcept;

// The FF version assumed for a root without FF under profile p (see above).
[[nodiscard]] int default_ff(profile p) noexcept;

}  // namespace sgf
