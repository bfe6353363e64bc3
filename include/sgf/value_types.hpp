#pragma once
// Validators of one property value against its value type (ff4_sgf.txt 3 "Property Value
// Types"), the game-specific point/move/stone syntax (game_rule rows) and the game-info
// formats (DT, RE, KM, TM, HA, SZ): the checker's and fix's view of the typed values
// (typed_value.hpp). Each is the decoding of the value by the grammar's value-type rules,
// reduced to its first finding; nothing here parses values by hand.
//
// Input: the RAW value, the bytes between '[' and ']' with escapes still in place. The
// parse_* functions take text that needs no unescaping (points and moves never do in
// practice); pass unescaped text.
//
// Result: a finding tagged with a `rule` (rule::none = the value is fine) and the place
// in the raw value it is about. A finding is not necessarily an error: its level depends
// on the profile (level_of(rule, profile)), e.g. TM[5m] gives rule::time_units, an error in
// ff4 and nothing under `current`.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sgf/properties.hpp"
#include "sgf/typed_value.hpp"

namespace sgf {

struct value_check {
    rule which = rule::none;
    std::string message;  // "DT[1996/05/12]: expected YYYY-MM-DD ..."; empty when fine
    std::uint32_t at = 0;  // byte offset in the raw value where the finding is

    [[nodiscard]] explicit operator bool() const noexcept { return which == rule::none; }
    [[nodiscard]] rule_level level(profile p = profile::ff4) const noexcept {
        return which == rule::none ? rule_level::off : level_of(which, p);
    }
    [[nodiscard]] bool ok_in(profile p) const noexcept { return level(p) == rule_level::off; }
};
// The first finding of a decoding.
[[nodiscard]] value_check to_check(const decoded_value& d);

// ------------------------------------------------------------------ basic value types
// `ident` only names the property in messages.

[[nodiscard]] value_check check_none(std::string_view raw, std::string_view ident = {});
[[nodiscard]] value_check check_number(std::string_view raw, std::string_view ident = {},
                                       number_range range = {});
[[nodiscard]] value_check check_real(std::string_view raw, std::string_view ident = {});
[[nodiscard]] value_check check_double(std::string_view raw, std::string_view ident = {});
[[nodiscard]] value_check check_color(std::string_view raw, std::string_view ident = {});
// Real, or (002_* "time") real followed by 's', 'm' or 'h' -> rule::time_units.
[[nodiscard]] value_check check_time(std::string_view raw, std::string_view ident = {});

// The one number parser and the one real parser of the code base (the grammar's rules and
// their values): every number and real in a value is read by these, or by the decoding they
// run. No white space, no other spelling ("6,5", "34.", "0x1p3" are no Real); fix reads
// such spellings by turning them into one of these first (src/fix/formats.cpp).
// Number = ["+"|"-"] Digit {Digit}; value saturates at the int64 limits.
[[nodiscard]] std::optional<std::int64_t> parse_number(std::string_view text);
// Real = Number ["." Digit {Digit}]; beyond the double range: +-infinity.
[[nodiscard]] std::optional<double> parse_real(std::string_view text);
[[nodiscard]] bool is_real(std::string_view text);

// ------------------------------------------------------------ points, moves, stones

[[nodiscard]] constexpr bool on_board(board_point p, board_size s) noexcept {
    return !s.known() || (p.column >= 1 && p.row >= 1 && p.column <= s.columns && p.row <= s.rows);
}
// Syntax only: the coordinates a point names, or nullopt (also for games without a page).
[[nodiscard]] std::optional<board_point> parse_point(const game_rule& g, std::string_view text);
// Syntax and board: nullopt also when the point is off a known board.
[[nodiscard]] std::optional<board_point> parse_point(const game_rule& g, std::string_view text, board_size size);

// A point list item: a single point or a rectangle "ul:lr" (sgf4.html 3.5.1).
struct point_rect {
    board_point first;         // as written
    board_point second;        // as written (== first for a single point)
    bool single = true;        // written as one point
    board_point upper_left;    // normalised corners (rows_bottom_up taken into account)
    board_point lower_right;
    [[nodiscard]] bool corners_ordered() const noexcept { return first == upper_left && second == lower_right; }
    [[nodiscard]] bool one_by_one() const noexcept { return !single && first == second; }
    [[nodiscard]] std::uint64_t count() const noexcept;
    [[nodiscard]] bool contains(board_point p) const noexcept;
    // Calls f(board_point) for every point, row by row from the upper-left corner.
    template <class F>
    void for_each(F&& f) const {
        const bool down = upper_left.row <= lower_right.row;
        for (std::uint32_t r = upper_left.row;; r = down ? r + 1 : r - 1) {
            for (std::uint32_t c = upper_left.column; c <= lower_right.column; ++c) f(board_point{c, r});
            if (r == lower_right.row) break;
        }
    }
};
// Text of one value of a compressible list ("aa" or "aa:cc"); nullopt on bad syntax.
[[nodiscard]] std::optional<point_rect> parse_point_rect(const game_rule& g, std::string_view text);
[[nodiscard]] bool rect_on_board(const point_rect& r, board_size s) noexcept;

// nullopt: bad syntax, off the board, or a game without move syntax.
[[nodiscard]] std::optional<move> parse_move(const game_rule& g, std::string_view text, board_size size);

[[nodiscard]] value_check check_point(const game_rule& g, std::string_view raw, board_size size,
                                      std::string_view ident = {});
[[nodiscard]] value_check check_move(const game_rule& g, std::string_view raw, board_size size,
                                     std::string_view ident = {});
[[nodiscard]] value_check check_stone(const game_rule& g, std::string_view raw, board_size size,
                                      std::string_view ident = {});
// One value of a list of point (or of stone where compressible): point or rectangle;
// findings rect_1x1, rect_corners, point_off_board.
[[nodiscard]] value_check check_point_list_item(const game_rule& g, std::string_view raw,
                                                board_size size, std::string_view ident = {});

// ----------------------------------------------------------------- game-info formats

// DT (ff4_properties.txt "DT"): YYYY-MM-DD, YYYY-MM, YYYY, separated by ',' with the
// shortcuts MM-DD, MM and DD; checks month and day against the Gregorian calendar.
[[nodiscard]] value_check check_date(std::string_view raw, std::string_view ident = "DT");
enum class result_style : std::uint8_t { ff4, backgammon, hex };
// RE: "0", "Draw", "B+"/"W+" [score | R | Resign | T | Time | F | Forfeit], "Void", "?".
[[nodiscard]] value_check check_result(std::string_view raw, std::string_view ident = "RE",
                                       result_style style = result_style::ff4);
[[nodiscard]] value_check check_komi(std::string_view raw, std::string_view ident = "KM");
[[nodiscard]] value_check check_handicap(std::string_view raw, std::string_view ident = "HA");
// SZ: number | number ':' number, sides within the game's limits, no square compose.
[[nodiscard]] value_check check_size(const game_rule& g, std::string_view raw, std::string_view ident = "SZ");
[[nodiscard]] std::optional<board_size> parse_size(std::string_view text);

// ------------------------------------------------------------------------- dispatch

// One value of `kind` (a single kind, not a compose).
[[nodiscard]] value_check check_kind(value_kind kind, const game_rule* g, std::string_view raw,
                                     board_size size, std::string_view ident = {});
// One value of property `r`: shape (alternatives, compose, compressed points), number
// range, format (DT, RE, SZ, ...), keywords. `g` may be nullptr (unknown game): points,
// moves and stones then give rule::unverified_syntax. List-level rules (elist [] alone,
// duplicate points across values, exclusive properties) are the checker's.
[[nodiscard]] value_check check_value(const property_rule& r, const game_rule* g, std::string_view raw,
                                      board_size size = {});

}  // namespace sgf
