#pragma once
// The stored form of a game tree: one allocation holding the header, the variations
// (game_tree handles) and the sequence's node slots (4 bytes per node). A parse allocates
// exactly what it needs; the && edits grow the capacities geometrically.
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sgf/tree.hpp"
#include "tree/node_reader.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

// A slot is the offset of the node's ';' in the tree's source, or, with this bit set,
// an index into `foreign` (nodes an edit took from another source).
inline constexpr std::uint32_t foreign_bit = 0x80000000u;
inline constexpr std::uint32_t no_offset = 0xffffffffu;
// Offsets must fit below foreign_bit: files are limited to 2 GiB (E014).
inline constexpr std::uint64_t max_source_size = foreign_bit;

// What few game trees have, kept apart so that the header of every tree is 40 bytes (1e6
// nested variations are 1e6 trees of one node and one variation: 52 bytes, a 64-byte block):
// nodes of other sources, and room beyond the counts (the && edits grow geometrically).
struct tree_extra {
    std::vector<node> foreign;
    std::uint32_t node_capacity = 0;
    std::uint32_t child_capacity = 0;
};

struct tree_rep {
    mutable std::atomic<std::uint32_t> refs{1};
    std::uint32_t node_count = 0;
    std::uint32_t child_count = 0;
    std::uint32_t open = no_offset;  // offset of '(' or no_offset
    std::shared_ptr<const source> src;
    std::unique_ptr<tree_extra> extra;  // none: no foreign node, capacities = counts

    [[nodiscard]] std::uint32_t node_capacity() const noexcept { return extra ? extra->node_capacity : node_count; }
    [[nodiscard]] std::uint32_t child_capacity() const noexcept { return extra ? extra->child_capacity : child_count; }
    // The nodes of other sources (slots with foreign_bit index it); nullptr when none.
    [[nodiscard]] const std::vector<node>* foreign() const noexcept {
        return extra && !extra->foreign.empty() ? &extra->foreign : nullptr;
    }
    // The same, made when missing (its capacities those of the storage as it is).
    [[nodiscard]] std::vector<node>& foreign_table() {
        if (!extra) extra = std::make_unique<tree_extra>(tree_extra{{}, node_count, child_count});
        return extra->foreign;
    }

    [[nodiscard]] game_tree* children() noexcept { return reinterpret_cast<game_tree*>(this + 1); }
    [[nodiscard]] const game_tree* children() const noexcept { return reinterpret_cast<const game_tree*>(this + 1); }
    [[nodiscard]] std::uint32_t* slots() noexcept {
        return reinterpret_cast<std::uint32_t*>(children() + child_capacity());
    }
    [[nodiscard]] const std::uint32_t* slots() const noexcept {
        return reinterpret_cast<const std::uint32_t*>(children() + child_capacity());
    }
    [[nodiscard]] node node_at(std::uint32_t i) const;
    // The source and offset of node i without a handle (the checker's walk).
    [[nodiscard]] std::pair<const source*, std::uint32_t> node_place(std::uint32_t i) const;
};
// (40 bytes on 64-bit targets; nothing but the five fields)
static_assert(sizeof(tree_rep) == 4 * sizeof(std::uint32_t) + sizeof(std::shared_ptr<const source>) + sizeof(std::unique_ptr<tree_extra>));
static_assert(sizeof(tree_rep) % alignof(game_tree) == 0);

// Calls fn(tree, depth) for every game tree of `roots` and below, in no particular order,
// with its nesting (0 for a root), until fn returns false (then returns false). An explicit
// stack of pointers: any depth, no handle copied (node counts, fix's look for M, the size
// of dump's paths).
template <class F>
bool each_game_tree(std::span<const game_tree> roots, F&& fn) {
    struct at {
        const game_tree* t;
        std::uint64_t depth;
    };
    std::vector<at> pending;
    for (const game_tree& t : roots) pending.push_back({&t, 0});
    while (!pending.empty()) {
        const at a = pending.back();
        pending.pop_back();
        if (!fn(*a.t, a.depth)) return false;
        for (const game_tree& v : a.t->variations()) pending.push_back({&v, a.depth + 1});
    }
    return true;
}

// Allocates a tree_rep with room for `nodes` slots and `children` variations (or the
// larger capacities given); the variations are moved from [children_begin, +children).
tree_rep* make_tree_rep(std::shared_ptr<const source> src, std::uint32_t open, const std::uint32_t* slots,
                        std::uint32_t nodes, game_tree* children_begin, std::uint32_t children,
                        std::uint32_t node_capacity = 0, std::uint32_t child_capacity = 0);

// The friend of the public handles: internals the library needs and users do not see.
struct tree_access {
    static const tree_rep* steal(game_tree& t) noexcept {
        const tree_rep* p = t.p_;
        t.p_ = nullptr;
        return p;
    }
    [[nodiscard]] static const tree_rep* rep(const game_tree& t) noexcept { return t.p_; }
    [[nodiscard]] static game_tree adopt(const tree_rep* p) noexcept { return game_tree(p); }
    [[nodiscard]] static node make_node(std::shared_ptr<const source> src, std::uint32_t offset) noexcept {
        return node(std::move(src), offset);
    }
    [[nodiscard]] static const source* source_of(const node& n) noexcept { return n.src_.get(); }
    [[nodiscard]] static const std::shared_ptr<const source>& source_handle(const node& n) noexcept { return n.src_; }
    [[nodiscard]] static property make_property(const source* src, const property_ref& r,
                                                std::shared_ptr<const source> keep = {}) noexcept {
        return property(src->data(), src->data() + src->bytes.size(), src, r, std::move(keep));
    }
    [[nodiscard]] static value make_value(const source* src, std::uint32_t open, std::uint32_t size,
                                          std::shared_ptr<const source> keep = {}) noexcept {
        return value(src->data(), src, open, size, std::move(keep));
    }
    [[nodiscard]] static property_range make_range(const source* src, std::uint32_t offset,
                                                   std::shared_ptr<const source> keep = {}) noexcept {
        return property_range(src->data(), src->data() + src->bytes.size(), src, offset, std::move(keep));
    }
    // n = node i of t, without touching the reference count when n already has t's source.
    static void set_node(node& n, const tree_rep& t, std::uint32_t i) {
        const std::uint32_t s = t.slots()[i];
        if (s & foreign_bit) {
            n = t.extra->foreign[s & ~foreign_bit];
            return;
        }
        if (n.src_.get() != t.src.get()) n.src_ = t.src;
        n.off_ = s;
    }
    [[nodiscard]] static const source* source_of(const property& p) noexcept { return p.src_; }
    [[nodiscard]] static const source* source_of(const value& v) noexcept { return v.src_; }
};

inline node tree_rep::node_at(std::uint32_t i) const {
    const std::uint32_t s = slots()[i];
    if (s & foreign_bit) return extra->foreign[s & ~foreign_bit];
    return tree_access::make_node(src, s);
}

inline std::pair<const source*, std::uint32_t> tree_rep::node_place(std::uint32_t i) const {
    const std::uint32_t s = slots()[i];
    if (s & foreign_bit) {
        const node& n = extra->foreign[s & ~foreign_bit];
        return {tree_access::source_of(n), n.offset()};
    }
    return {src.get(), s};
}

}  // namespace sgf::detail
