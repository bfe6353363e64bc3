#pragma once
// What the library's own stages read values with (the checker, fix, the input stage's
// context, the tools), on top of the one public value API (sgf/typed_value.hpp:
// decode_kind, decode_value, decode_property): the first finding of a decoding as a
// value_check, and the numbers, points, moves and sizes of values. Each is a decoding by
// the grammar's value-type rules (src/values/decode*.cpp); nothing here parses by hand.
//
// Input: the RAW value, the bytes between '[' and ']' with escapes still in place. The
// parse_* functions take text that needs no unescaping (points and moves never do in
// practice); pass unescaped text.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sgf/properties.hpp"
#include "sgf/typed_value.hpp"

namespace sgf {

// The first finding of a decoding: a `rule` (rule::none = the value is fine) and the place
// in the raw value it is about. Not necessarily an error: its level depends on the profile
// (level_of(rule, profile)), e.g. TM[5m] gives rule::time_units, an error in ff4 and nothing
// under `current`.
struct value_check {
    rule which = rule::none;
    std::string message;  // "DT[1996/05/12]: expected YYYY-MM-DD ..."; empty when fine
    std::uint32_t at = 0;  // byte offset in the raw value where the finding is

    [[nodiscard]] explicit operator bool() const noexcept { return which == rule::none; }
    [[nodiscard]] rule_level level(profile p = profile::ff4) const noexcept {
        return which == rule::none ? rule_level::off : level_of(which, p);
    }
};

// One value of property `r`, validated only (decode_value with values = false: the
// checker's mode): shape (alternatives, compose, compressed points), number range, format
// (DT, RE, SZ, ...), keywords. `g` may be nullptr (unknown game): points, moves and stones
// then give rule::unverified_syntax. List-level rules (elist [] alone, duplicate points
// across values, exclusive properties) are the checker's.
[[nodiscard]] value_check check_value(const property_rule& r, const game_rule* g, std::string_view raw,
                                      board_size size = {});

// The one number parser and the one real parser of the code base (the grammar's rules and
// their values): every number and real in a value is read by these, or by the decoding they
// run. No white space, no other spelling ("6,5", "34.", "0x1p3" are no Real); fix reads
// such spellings by turning them into one of these first (src/fix/formats.cpp).
// Number = ["+"|"-"] Digit {Digit}; value saturates at the int64 limits.
[[nodiscard]] std::optional<std::int64_t> parse_number(std::string_view text);
// Real = Number ["." Digit {Digit}]; beyond the double range: +-infinity.
[[nodiscard]] std::optional<double> parse_real(std::string_view text);

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

// SZ's two sides (one number: a square), without the game's limits; nullopt: no size.
[[nodiscard]] std::optional<board_size> parse_size(std::string_view text);

}  // namespace sgf
