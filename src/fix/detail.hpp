#pragma once
// Private pieces of sgf::fix (include/sgf/fix.hpp): one node goes through
//   read (fix_merge.cpp) -> merge -> convert (fix_convert.cpp) -> split and build (fix_split.cpp),
// driven over the tree without recursion by fix.cpp. The Go board (board/go_board.hpp)
// tells M on a stone (TR) from M on an empty point (MA).
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "board/go_board.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/fix.hpp"
#include "sgf/properties.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

// Where something stands in the input; made a line and column only for a diagnostic
// (counting lines for every property would cost more than the rest of fix).
struct fix_pos {
    const source* src = nullptr;
    std::uint32_t offset = 0;
    [[nodiscard]] position get() const { return src ? src->position_of(offset) : position{}; }
};

// A property while a node is being fixed.
struct fix_prop {
    std::string ident;                // FF[4] identifier
    std::vector<std::string> values;  // raw, in UTF-8, escapes as written
    fix_pos pos;                      // of the identifier in the file
    std::vector<fix_pos> value_pos;   // of each value's '[' (same length as values)
};

// What fix knows about the game tree a node belongs to.
struct fix_context {
    const load_result* input = nullptr;
    std::size_t tree = 0;  // top-level game tree index
    int ff = 1;
    int gm = 1;
    const game_rule* game = nullptr;  // nullptr: a game without a page
    board_size size{};
    go_board* board = nullptr;  // Go with M properties only; variations rewind it (mark, undo)
    std::vector<diagnostic>* out = nullptr;

    void note(std::string_view code, fix_pos where, std::string message, std::string hint) const;
    // find_property(ident, 4, gm), remembered: fix asks it several times per property.
    [[nodiscard]] const property_rule* rule(std::string_view ident) const {
        const std::string key(ident);
        if (const auto it = rules_.find(key); it != rules_.end()) return it->second;
        return rules_.emplace(key, find_property(ident, 4, gm)).first->second;
    }
    // After gm changes (fix.cpp fixes a tree again under the game its output declares).
    void forget_rules() const { rules_.clear(); }
    // The properties of the node being fixed, as read_node found them (split_and_build
    // compares with them).
    mutable std::vector<property> original;

private:
    mutable std::unordered_map<std::string, const property_rule*> rules_;
};

// fix_merge.cpp: the node's properties with FF[4] identifiers and UTF-8 values, repeats
// resolved (see include/sgf/fix.hpp).
[[nodiscard]] std::vector<fix_prop> read_node(const node& n, const fix_context& c);

// fix_convert.cpp: v as fix writes it: without its white space when v is a non-text value
// that only the white space makes invalid ("c e" -> "ce"), else v. The merge of repeats
// compares these spellings, so that fixing the output finds no repeat left.
[[nodiscard]] std::string repaired_spelling(const property_rule& row, const fix_context& c, std::string_view v);

// fix_convert.cpp: legacy conversions, passes, value repairs; FF/CA in the top-level root.
void convert_node(std::vector<fix_prop>& props, bool top_root, const fix_context& c);
// fix_values.cpp: DT, RE, TM, BL, WL, HA, AP and compose values in FF[4] form where the
// meaning is clear; SGF2-style aliases (KO -> KM, ...) in the top-level root.
void repair_game_info(std::vector<fix_prop>& props, bool top_root, const fix_context& c);
// Replays the node's setup and moves on c.board, then converts M to MA / TR.
void replay_and_mark(std::vector<fix_prop>& props, const fix_context& c);

// fix_split.cpp: the node as one or more nodes (setup before moves, one move per node).
void split_and_build(const node& original, std::vector<fix_prop>&& props, bool top_root, const fix_context& c,
                     std::vector<node>& out);

[[nodiscard]] std::vector<fix_prop>::iterator find_prop(std::vector<fix_prop>& props, std::string_view ident);

}  // namespace sgf::detail
