#pragma once
// The formats the property pages give on top of the value types (ff4_properties.txt: DT,
// RE, TM/BL/WL, SZ, AP, FG, HA; 002_* "time"; the game pages: Backgammon RE, 001_* Hex RE),
// one rule per form. What a row adds at run time (a calendar date exists, a board side is
// within the game's limits, a word is in the row's vocabulary) is checked by the actions
// in src/values/, each finding at the place in the value it is about.
//
// Private header: only src/ and tests include it; include/sgf/ never sees PEGTL.
#include <tao/pegtl.hpp>

#include "value_types.hpp"

namespace sgf::grammar {

// ---- DT (ff4_properties.txt "DT"): "YYYY-MM-DD", partial dates "YYYY-MM" and "YYYY", and
// further dates after ',' with the shortcuts "MM-DD", "MM" and "DD" ("1996-05-06,07,08",
// "1996-12-27,28,1997-01-03,04"). Which two-digit item is a month and which a day depends on
// the item before it: the actions keep that state.
struct two_digits : pegtl::rep<2, digit> {};
struct four_digits : pegtl::rep<4, digit> {};
struct date_sep : pegtl::one<'-'> {};
struct date_end : pegtl::at<pegtl::sor<pegtl::one<','>, pegtl::eof>> {};
struct date_ymd : pegtl::seq<four_digits, date_sep, two_digits, date_sep, two_digits, date_end> {};  // YYYY-MM-DD
struct date_ym : pegtl::seq<four_digits, date_sep, two_digits, date_end> {};                        // YYYY-MM
struct date_y : pegtl::seq<four_digits, date_end> {};                                               // YYYY
struct date_md : pegtl::seq<two_digits, date_sep, two_digits, date_end> {};                         // MM-DD
struct date_m_or_d : pegtl::seq<two_digits, date_end> {};                                           // MM or DD
struct date_item : pegtl::sor<date_ymd, date_ym, date_y, date_md, date_m_or_d> {};
struct date_list : pegtl::list<date_item, pegtl::one<','>> {};

// ---- RE (ff4_properties.txt "RE"): "0"/"Draw", "B+"/"W+" followed by a score (a real), R/
// Resign, T/Time, F/Forfeit or nothing, "Void", "?".
struct winner : pegtl::one<'B', 'W'> {};
struct win_reason : pegtl::sor<TAO_PEGTL_STRING("Resign"), TAO_PEGTL_STRING("Time"), TAO_PEGTL_STRING("Forfeit"),
                               pegtl::one<'R', 'T', 'F'>> {};
struct unsigned_real : pegtl::seq<pegtl::plus<digit>, pegtl::opt<pegtl::one<'.'>, pegtl::plus<digit>>> {};
struct result_draw : pegtl::sor<TAO_PEGTL_STRING("Draw"), pegtl::one<'0'>> {};
struct result_other : pegtl::sor<TAO_PEGTL_STRING("Void"), pegtl::one<'?'>> {};
struct result_jigo : TAO_PEGTL_STRING("Jigo") {};  // 002_* usage; FF[4] writes 0 or Draw
struct result_win : pegtl::seq<winner, pegtl::one<'+'>, pegtl::opt<pegtl::sor<win_reason, unsigned_real>>> {};
struct result : pegtl::sor<result_draw, result_other, result_win> {};
// Backgammon (ff4_backgammon.txt "RE"): the points won may come before R/Resign: B+6R.
struct result_backgammon_win
    : pegtl::seq<winner, pegtl::one<'+'>,
                 pegtl::opt<pegtl::sor<pegtl::seq<pegtl::plus<digit>, pegtl::sor<TAO_PEGTL_STRING("Resign"), pegtl::one<'R'>>>,
                                       win_reason, unsigned_real>>> {};
struct result_backgammon : pegtl::sor<result_draw, result_other, result_backgammon_win> {};
// Hex (001_* "RE"): no score and no draw.
struct result_hex : pegtl::sor<result_other, pegtl::seq<winner, pegtl::one<'+'>, pegtl::opt<win_reason>>> {};

// ---- TM, BL, WL (ff4_properties.txt: "real", seconds); 002_* "time": a unit letter s, m or
// h after the number, which FF[4] does not allow (the action tells the two apart).
struct time_unit : pegtl::one<'s', 'm', 'h'> {};
struct time_value : pegtl::seq<real, pegtl::opt<time_unit>> {};

// ---- SZ (ff4_properties.txt "SZ"): number | composed number ':' number, each a Number
// (ff4_sgf.txt: Number = ["+"|"-"] Digit {Digit}); the action judges the sides.
struct size_side : pegtl::seq<pegtl::opt<pegtl::one<'+', '-'>>, pegtl::plus<digit>> {};
struct size_value : pegtl::seq<size_side, pegtl::opt<pegtl::one<':'>, size_side>> {};

// ---- FG (ff4_properties.txt "FG"): none | composed number ':' simpletext; the number is a
// sum of the flags 1, 2, 4, 256, 512 and 32768 (the action checks which).
struct figure_flags : number {};

// ---- keywords: a word of the row's vocabulary (LOA AS/IP/IY/SU, Hex IS/IP, Backgammon
// CO/MI, ...); key ':' value pairs (Hex IS: on|off; Backgammon MI: a number).
struct keyword : pegtl::star<pegtl::any> {};
struct keyword_key : pegtl::star<pegtl::not_one<':'>> {};
struct keyword_pair : pegtl::seq<keyword_key, pegtl::one<':'>, pegtl::star<pegtl::any>> {};

}  // namespace sgf::grammar
