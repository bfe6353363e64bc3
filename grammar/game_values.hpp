#pragma once
// Point, Move and Stone of the games that have a page (000_*: "Point = game-specific",
// "Move = game-specific", "Stone = game-specific"), one rule per form a game page gives,
// and the three productions themselves: point<point_syntax>, move<move_syntax> and
// stone<stone_syntax, point_syntax> (at the end), the rules the decoding runs. Which a game
// uses is data: the game rows of the table (src/table/game_table.cpp, point_syntax /
// move_syntax / stone_syntax) select them at run time (src/values/decode_game.cpp).
//
// The rules are the syntax. What a game row adds at run time (the board size, the number
// of column letters, case sensitivity, the words of special moves) is checked by the
// actions that build the typed value (src/values/decode_game.cpp), each finding at the
// place in the value it is about.
//
// Private header: only src/ and tests include it; include/sgf/ never sees PEGTL.
#include <tao/pegtl.hpp>

#include "sgf/properties.hpp"
#include "value_types.hpp"

namespace sgf::grammar {

// ---- points -------------------------------------------------------------------------

// Go, Amazons, Gess (ff4_go.txt "Move, Point & Stone type"): two letters, column then row,
// a-z = 1-26, A-Z = 27-52.
struct letter_coordinate : pegtl::ranges<'a', 'z', 'A', 'Z'> {};
struct letter_pair_point : pegtl::seq<letter_coordinate, letter_coordinate> {};

// Hex, Twixt, LOA (ff4_hex.txt, ff4_twixt.txt, ff4_loa.txt): column letters (a .. z, aa,
// ab, ...: base-26 alphabet numbers), then the row number from 1 (no leading zero).
struct column_letters : pegtl::plus<pegtl::alpha> {};
struct row_number : pegtl::seq<pegtl::range<'1', '9'>, pegtl::star<digit>> {};
struct letters_number_point : pegtl::seq<column_letters, row_number> {};

// Backgammon (ff4_backgammon.txt "Point & Stone type"): one letter a-z.
struct single_letter_point : pegtl::range<'a', 'z'> {};

// Octi (ff4_octi.txt): two digits 1-9, column then row.
struct octi_digit : pegtl::range<'1', '9'> {};
struct digit_pair_point : pegtl::seq<octi_digit, octi_digit> {};

// ---- special moves ----------------------------------------------------------------------

// A word of the game row's special moves ("swap-sides|swap-pieces|pass|resign|forfeit" for
// Hex, "Pass|Resign|Forfeit|Escape" for LOA, "double|take|drop" for Backgammon). The
// vocabulary is the row's, so the action decides whether the word is one (a custom rule
// could not see the row; the action can).
struct special_word : pegtl::plus<pegtl::sor<pegtl::alpha, pegtl::one<'-'>>> {};
// A whole value that is such a word (the action runs only when the whole value is one).
struct special_move : pegtl::seq<special_word, pegtl::eof> {};

// Zero width, first in an alternative whose actions collect points: the points of an
// alternative that failed half way are dropped.
struct restart : pegtl::success {};

// ---- moves --------------------------------------------------------------------------

// Go: Move = Point | None ("" is a pass; "tt" is a pass on boards up to 19x19, which the
// action decides: on larger boards it is the point (20,20)).
struct go_pass : none {};
struct go_move_value : pegtl::sor<letter_pair_point, go_pass> {};

// Hex and Twixt: Move = Point | special word (ff4_hex.txt "Move type"; Twixt's long moves
// are not specified: the value is then left unchecked).
struct cell_move : pegtl::sor<special_move, pegtl::seq<restart, letters_number_point>> {};

// LOA (ff4_loa.txt "Move type"): source, '-' (move) or ':' (capture), destination, then
// optional commentary "such as '+' and '!'": anything but letters, digits, white space.
struct loa_step : pegtl::one<'-', ':'> {};
struct loa_comment_char
    : pegtl::seq<pegtl::not_at<pegtl::sor<pegtl::range<'\0', ' '>, pegtl::ranges<'0', '9', 'A', 'Z', 'a', 'z'>>>, pegtl::any> {};
struct loa_comment : pegtl::star<loa_comment_char> {};
struct loa_move
    : pegtl::sor<pegtl::seq<restart, letters_number_point, loa_step, letters_number_point, loa_comment>, special_move> {};

// Backgammon (ff4_backgammon.txt "Move type"): the dice as two digits 1-6, then 0-4 from/to
// pairs of point letters; or a cube action word.
struct die : pegtl::range<'1', '6'> {};
struct checker_move : pegtl::seq<single_letter_point, single_letter_point> {};
struct dice : pegtl::seq<die, die> {};
struct backgammon_move : pegtl::sor<pegtl::seq<restart, dice, pegtl::rep_max<4, checker_move>>, special_move> {};

// Amazons (ff4_amazons.txt "Move type"): from, to and arrow points concatenated.
struct amazons_move : pegtl::seq<letter_pair_point, letter_pair_point, letter_pair_point> {};

// Gess (ff4_gess.txt "Move type"): the centres of the 3x3 piece, from ':' to.
struct gess_move : pegtl::seq<letter_pair_point, pegtl::one<':'>, letter_pair_point> {};

// Octi (ff4_octi.txt "Move"), as read here:
//   move      = point | stone "+" prong ["!"] ["-" prong] | podmove { "," podmove }
//   podmove   = stone jump { jump }     jump = "-" point { capture }
//   capture   = "x" { prong }           stone = point { prong }
struct prong : pegtl::range<'A', 'H'> {};
struct octi_prongs : pegtl::star<prong> {};
struct octi_stone : pegtl::seq<digit_pair_point, octi_prongs> {};  // Octi: Stone = point + prongs A-H
struct octi_capture : pegtl::seq<pegtl::one<'x'>, pegtl::star<prong>> {};
struct octi_jump : pegtl::seq<pegtl::one<'-'>, digit_pair_point, pegtl::star<octi_capture>> {};
struct octi_pod_move : pegtl::seq<octi_stone, pegtl::plus<octi_jump>> {};
struct octi_prong_move
    : pegtl::seq<octi_stone, pegtl::one<'+'>, prong, pegtl::opt<pegtl::one<'!'>>, pegtl::opt<pegtl::one<'-'>, prong>> {};
struct octi_move
    : pegtl::sor<pegtl::seq<restart, digit_pair_point, pegtl::eof>, pegtl::seq<restart, octi_prong_move>,
                 pegtl::seq<restart, octi_pod_move, pegtl::star<pegtl::one<','>, octi_pod_move>>> {};

// ---- the productions: a game row's Point, Move and Stone -----------------------------------

// The form of each syntax of the game rows.
template <point_syntax P>
struct point_form;
template <>
struct point_form<point_syntax::letter_pair> { using type = letter_pair_point; };
template <>
struct point_form<point_syntax::letters_number> { using type = letters_number_point; };
template <>
struct point_form<point_syntax::single_letter> { using type = single_letter_point; };
template <>
struct point_form<point_syntax::digit_pair> { using type = digit_pair_point; };

template <move_syntax M>
struct move_form;
template <>
struct move_form<move_syntax::go> { using type = go_move_value; };
template <>  // also Twixt's (move_syntax::point_partial): its other forms are not specified
struct move_form<move_syntax::point> { using type = cell_move; };
template <>
struct move_form<move_syntax::loa> { using type = loa_move; };
template <>
struct move_form<move_syntax::backgammon> { using type = backgammon_move; };
template <>
struct move_form<move_syntax::amazons> { using type = amazons_move; };
template <>
struct move_form<move_syntax::gess> { using type = gess_move; };
template <>
struct move_form<move_syntax::octi> { using type = octi_move; };

// The productions name their form through a seq, so that the actions of the rules of the
// forms (letter_pair_point, cell_move, ...) run.
template <point_syntax P>
struct point : pegtl::seq<typename point_form<P>::type> {};  // Point = game-specific
template <move_syntax M>
struct move : pegtl::seq<typename move_form<M>::type> {};  // Move = game-specific

// Stone = Point where the page says so (stone_syntax::point), else the game's own form.
template <stone_syntax S, point_syntax P>
struct stone_form { using type = point<P>; };
template <point_syntax P>
struct stone_form<stone_syntax::octi, P> { using type = octi_stone; };
template <stone_syntax S, point_syntax P = point_syntax::letter_pair>
struct stone : pegtl::seq<typename stone_form<S, P>::type> {};  // Stone = game-specific

}  // namespace sgf::grammar
