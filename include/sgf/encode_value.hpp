#pragma once
// The one writer of typed values: the inverse of decode_property (sgf/typed_value.hpp). A
// typed value becomes the raw values of a property of row r, spelled as the game page
// spells them (ff4_go.txt: points "aa".."ZZ", a pass ""; other games their point_syntax),
// texts escaped (sgf4.html 3.2.1 Text: '\' and ']'; ':' too inside a compose).
#include <optional>
#include <string>
#include <vector>

#include "sgf/properties.hpp"
#include "sgf/typed_value.hpp"

namespace sgf {

// A point as game g writes it: letter pairs (Go, Amazons, Gess), column letters + row number
// (Hex, Twixt, LOA), one letter (Backgammon), two digits (Octi); "" for a game without a page.
[[nodiscard]] std::string point_text(const game_rule& g, board_point p);

// The raw values of property row r holding v, in the context o (its game and board size).
// What each kind takes: none; number; real (or a number); double (or the number 1 or 2);
// color (or the text "B"/"W"); simple text and text (either); point; move (a point, a pass,
// a special word or its text, none for a Go pass; a compound move of LOA, Amazons or Gess,
// or of Backgammon with its dice in the word; not Octi's); stone (or a point); a compose (or, for
// number:number, a point as its two numbers); a list of items for a list property (or one
// item alone). std::nullopt when v is of none of the row's types. Throws
// std::invalid_argument, with decode_property's message, when v is of the type but its
// spelling does not decode back (a point off the board, KM of NaN, a number out of range):
// what this returns always decodes.
[[nodiscard]] std::optional<std::vector<std::string>> encode_property(const property_rule& r, const typed_value& v,
                                                                      const decode_options& o = {});

}  // namespace sgf
