#pragma once
// The stored form of a game tree: one allocation holding the header, the variations
// (game_tree handles) and the sequence's node slots (4 bytes per node).
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "sgf/tree.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

// A slot is the offset of the node's ';' in the tree's source, or, with this bit set,
// an index into `foreign` (nodes an edit took from another source).
inline constexpr std::uint32_t foreign_bit = 0x80000000u;
inline constexpr std::uint32_t no_offset = 0xffffffffu;
// Offsets must fit below foreign_bit: files are limited to 2 GiB (E014).
inline constexpr std::uint64_t max_source_size = foreign_bit;

struct tree_rep {
    mutable std::atomic<std::uint32_t> refs{1};
    std::uint32_t node_count = 0;
    std::uint32_t child_count = 0;
    std::uint32_t open = no_offset;  // offset of '(' or no_offset
    std::shared_ptr<const source> src;
    std::unique_ptr<std::vector<node>> foreign;

    [[nodiscard]] game_tree* children() noexcept { return reinterpret_cast<game_tree*>(this + 1); }
    [[nodiscard]] const game_tree* children() const noexcept { return reinterpret_cast<const game_tree*>(this + 1); }
    [[nodiscard]] std::uint32_t* slots() noexcept { return reinterpret_cast<std::uint32_t*>(children() + child_count); }
    [[nodiscard]] const std::uint32_t* slots() const noexcept {
        return reinterpret_cast<const std::uint32_t*>(children() + child_count);
    }
    [[nodiscard]] node node_at(std::uint32_t i) const {
        const std::uint32_t s = slots()[i];
        if (s & foreign_bit) return (*foreign)[s & ~foreign_bit];
        return node(src, s);
    }
};
static_assert(sizeof(tree_rep) % alignof(game_tree) == 0);

// Allocates a tree_rep with room for `nodes` slots and `children` variations; the
// variations are moved from [children_begin, children_begin + children).
tree_rep* make_tree_rep(std::shared_ptr<const source> src, std::uint32_t open, const std::uint32_t* slots,
                        std::uint32_t nodes, game_tree* children_begin, std::uint32_t children);

struct tree_access {
    static const tree_rep* steal(game_tree& t) noexcept {
        const tree_rep* p = t.p_;
        t.p_ = nullptr;
        return p;
    }
};

}  // namespace sgf::detail
