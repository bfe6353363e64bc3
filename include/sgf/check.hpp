#pragma once
// The checker: a loop over the property rule table (properties.hpp) that turns a parsed
// collection into diagnostics. It never edits and never re-parses the file: it reads the
// tree's nodes, looks every identifier up in the table, runs the value validators
// (the decoding of typed_value.hpp) and the node, tree and collection rules, and (GM[1]) replays the moves
// on a Go board. docs/diagnostics.md lists every rule.
//
// Levels: every finding is of a `rule` (diagnostic.hpp); its level is the rule row's for
// the profile and for the FF version of the game tree it lies in (level_of), and a rule at
// level `off` reports nothing. The printed code is that level's letter and the rule's
// number: RE[W] is E113 in an FF[4] file (ff4), W113 in an FF[3] file (the FF[4] rule
// "Format of DT and RE is mandatory now" names what fix would change), nothing under current.
//
// Context: what the root of each game tree declares (context.hpp: context_of).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/context.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"

namespace sgf {

struct check_options {
    profile prof = profile::ff4;
    bool replay = true;  // Go board replay (GM[1]): moves onto stones, setup that changes nothing
};

// The rules only the Go replay reports: without it (check_options::replay false) the findings
// are the same but for these (check_test holds this over the conformance cases and corpus).
inline constexpr rule replay_rules[] = {rule::move_on_occupied, rule::setup_no_effect};
[[nodiscard]] constexpr bool found_by_replay(rule r) noexcept {
    for (const rule x : replay_rules)
        if (x == r) return true;
    return false;
}

// Every finding of the checker, sorted by position (byte offset; unknown positions last).
[[nodiscard]] std::vector<diagnostic> check(const collection& c, const check_options& options = {});

}  // namespace sgf
