// The JSON tree's outputs that can grow faster than the file (json_tree.hpp): what each
// would be, measured before it is written, and the limits past which it is refused.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "tree/tree_rep.hpp"
#include "write/json_tree.hpp"

namespace sgf::detail {

namespace {

// --positions gives each node its path, a number per variation level above it: a tree
// whose variations nest a million deep would be ~5e11 numbers (quadratic in the file).
// Refused before anything is written when the paths average more than this per node (the
// deepest corpus file nests 242 deep; the floor lets small files of any shape through).
constexpr std::uint64_t path_numbers_per_node = 1024;
constexpr std::uint64_t path_numbers_floor = std::uint64_t{1} << 24;

}  // namespace

void check_path_sizes(const collection& c) {
    std::uint64_t numbers = 0, nodes = 0, deepest = 0;
    each_game_tree(c.trees(), [&](const game_tree& t, std::uint64_t depth) {
        nodes += t.size();
        numbers += t.size() * depth;
        deepest = std::max(deepest, depth);
        return true;
    });
    if (numbers <= path_numbers_per_node * nodes + path_numbers_floor) return;
    throw std::length_error("the nodes' paths (positions) would hold " + std::to_string(numbers) +
                            " variation numbers: the variations nest " + std::to_string(deepest) +
                            " deep and each node's path lists one per level, which grows with the square of the "
                            "nesting (at most " + std::to_string(path_numbers_per_node) +
                            " per node on average are written); the tree without positions is the same tree, its "
                            "nesting the path");
}

// Each node lists the inherit properties in effect: a VW of 361 points over 100,000 nodes is
// 364 MB for a 0.6 MB file, and one value repeated in the root grows with the square of the
// file. More than this is refused (std::length_error) rather than built.
std::uint64_t inherited_budget(const collection& c) {
    std::uint64_t bytes = 0;
    const void* last = nullptr;
    for (const game_tree& t : c) {  // (a parse's trees share one source)
        const tree_rep* rep = tree_access::rep(t);
        const source* src = rep ? rep->src.get() : nullptr;
        if (src && src != last) bytes += src->bytes.size();
        last = src;
    }
    return 64 * bytes + (std::uint64_t{64} << 20);
}

}  // namespace sgf::detail
