// Which code each rule and each checker finding reports, and how to fix it: tables, so a
// new rule is one row here and one in src/table/codes.cpp (a test checks both agree).
#include <cstddef>
#include <iterator>

#include "check/internal.hpp"

namespace sgf {

namespace {

struct rule_code {
    rule id;
    std::string_view code;
    std::string_view hint;
};

// In enum order (static_assert below). Three rules are the parser's findings: their codes
// are the parser's (E001, E006, E011), the checker never reports them again.
constexpr rule_code rule_codes[] = {
    {rule::none, "", ""},
    {rule::value_syntax, "E101", "write the value in the format the message names"},
    {rule::number_range, "E102", "use a number inside the range"},
    {rule::point_off_board, "E103", "use a point on the board, or correct SZ"},
    {rule::unknown_keyword, "W101", "use one of the words the game page lists"},
    {rule::unverified_syntax, "I101", "nothing to fix: this game's point and move syntax is not specified"},
    {rule::unknown_property, "W201", "kept as is; rename private properties so they cannot clash with standard ones"},
    {rule::obsolete_property, "W202", "convert it to its FF[4] replacement or raise FF (see ff4_changes.txt)"},
    {rule::wrong_game, "W203", "remove it, or correct GM"},
    {rule::lowercase_ident, "E011", "write the identifier in uppercase letters only"},
    {rule::long_ident, "I201", "some applications expect at most two letters"},
    {rule::duplicate_property, "E201", "merge the values into one property"},
    {rule::empty_tail, "E006", "remove the empty variation '()'"},
    {rule::empty_collection, "E001", "a file needs at least one game tree '(;...)'"},
    {rule::empty_list, "E108", "remove the property, or give at least one value"},
    {rule::rect_1x1, "E104", "write the single point instead of 'aa:aa'"},
    {rule::rect_corners, "E105", "write the upper-left corner first, then the lower-right"},
    {rule::duplicate_point, "E106", "list each point once per node"},
    {rule::compose_extra_colon, "E107", "escape ':' inside the text as '\\:'"},
    {rule::move_in_root, "W204", "put the move into a node of its own after the root"},
    {rule::mn_in_root, "W205", "put MN into the node of the move it numbers"},
    {rule::setup_move_mix, "E202", "split the node: setup properties in one node, the move in the next"},
    {rule::pl_with_move, "E203", "move PL into a setup node (or drop it: the move says who played)"},
    {rule::needs_move, "E204", "put the annotation into the node of the move it judges"},
    {rule::exclusive_properties, "E205", "keep only one of them"},
    {rule::root_outside_root, "E206", "move the property into the root node"},
    {rule::game_info_twice, "E207", "merge the game-info properties into one node on this path"},
    {rule::once_per_game, "E208", "keep only one occurrence in the game"},
    {rule::one_point_line, "E116", "give two different points"},
    {rule::duplicate_value, "E117", "remove the repeated value"},
    {rule::sz_square_compose, "E109", "write a square board as one number, e.g. SZ[19]"},
    {rule::ap_not_composed, "E110", "write name ':' version, e.g. AP[CGoban:1.6.2]"},
    {rule::time_units, "E111", "give the time in seconds, e.g. TM[300] for 5 minutes"},
    {rule::re_jigo, "E112", "write RE[0] or RE[Draw]"},
    {rule::re_format, "E113", "e.g. RE[B+3.5], RE[W+R], RE[B+T], RE[0], RE[Void], RE[?]"},
    {rule::dt_format, "E114", "e.g. DT[2016-10-22] or DT[1996-05-06,07]"},
    {rule::ha_range, "E115", "omit HA when there is no handicap"},
};
static_assert(std::size(rule_codes) == static_cast<std::size_t>(rule::ha_range) + 1, "one row per rule");
constexpr bool rule_codes_in_order = [] {
    for (std::size_t k = 0; k < std::size(rule_codes); ++k)
        if (static_cast<std::size_t>(rule_codes[k].id) != k) return false;
    return true;
}();
static_assert(rule_codes_in_order, "rule_codes must be in enum order");

struct finding_code {
    finding id;
    std::string_view code;
    std::string_view hint;
};
constexpr finding_code finding_codes[] = {
    {finding::too_many_values, "E118", "keep one value"},
    {finding::empty_in_list, "E119", "remove the empty value []"},
    {finding::move_on_occupied, "W206", "the move is executed anyway (it overwrites the stone); check the coordinates"},
    {finding::setup_no_effect, "W207", "remove the value: the board already looks like that"},
    {finding::handicap_stones, "W208", "set the handicap stones up with AB in the node of HA"},
    {finding::mixed_ff, "I202", "nothing to fix; some applications read only one file format per file"},
    {finding::mixed_gm, "I203", "nothing to fix; some applications handle one game per file"},
    {finding::mixed_ca, "W209", "convert every game tree to one charset (UTF-8)"},
    {finding::clears_nothing, "I204", "remove the empty value: nothing is inherited here"},
};
static_assert(std::size(finding_codes) == static_cast<std::size_t>(finding::clears_nothing) + 1, "one row per finding");
constexpr bool finding_codes_in_order = [] {
    for (std::size_t k = 0; k < std::size(finding_codes); ++k)
        if (static_cast<std::size_t>(finding_codes[k].id) != k) return false;
    return true;
}();
static_assert(finding_codes_in_order, "finding_codes must be in enum order");

}  // namespace

std::string_view code_of(rule r) noexcept {
    const auto k = static_cast<std::size_t>(r);
    return k < std::size(rule_codes) ? rule_codes[k].code : std::string_view{};
}

std::string_view code_of(finding f) noexcept {
    const auto k = static_cast<std::size_t>(f);
    return k < std::size(finding_codes) ? finding_codes[k].code : std::string_view{};
}

int default_ff(profile p) noexcept { return p == profile::ff4 ? 1 : 4; }

namespace detail {

std::string_view hint_of(rule r) noexcept {
    const auto k = static_cast<std::size_t>(r);
    return k < std::size(rule_codes) ? rule_codes[k].hint : std::string_view{};
}

std::string_view hint_of(finding f) noexcept {
    const auto k = static_cast<std::size_t>(f);
    return k < std::size(finding_codes) ? finding_codes[k].hint : std::string_view{};
}

}  // namespace detail

}  // namespace sgf
