#pragma once
// The strict grammar one game tree at a time, for readers that stream a collection
// (check/stream.cpp): the game tree's events go into a reused buffer (parse/tree_events.hpp)
// instead of a built tree.
#include "parse/tree_events.hpp"

namespace sgf::detail {

// Reads the game tree that starts at `from` of the bytes [base, end), after white space, as
// the strict grammar reads it (grammar::game_tree, the FF[4] GameTree: parse_tree.cpp), its
// events into `out` as offsets from `base`. *end must be readable and no token (a NUL: the
// node reader's condition). Returns where the game tree ends (after its ')'), or nullptr when
// the strict grammar does not match there: the bytes are no strict FF[4] from here on, or
// the game tree goes on past `end` (the caller tells the two apart by reading more).
[[nodiscard]] const char* parse_game_tree(const char* base, const char* from, const char* end, tree_events& out);

}  // namespace sgf::detail
