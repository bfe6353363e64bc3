#pragma once
// Assembles game trees from open / node / close events, as the grammar's actions emit them
// (src/parse/parse.cpp) and as game_tree_builder records them (src/tree/builder.cpp). A
// frame per open game tree; the nodes and variations of all open frames share two stacks,
// so nothing recurses on the nesting depth and each node costs one slot.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "tree/tree_rep.hpp"

namespace sgf::detail {

class tree_assembler {
public:
    explicit tree_assembler(std::shared_ptr<const source> src) : src_(std::move(src)) {}

    void open(std::uint32_t offset) {
        // (a frame is 12 bytes: 1e6 nested variations are 1e6 open frames at once)
        if (nodes_.size() > UINT32_MAX || children_.size() > UINT32_MAX) throw std::length_error("game tree too large");
        frames_.push_back({offset, static_cast<std::uint32_t>(nodes_.size()), static_cast<std::uint32_t>(children_.size())});
    }
    // A node of the assembler's source, by the offset of its ';'.
    void add_node(std::uint32_t offset) { nodes_.push_back(offset); }
    // A node of another source (shared, not copied).
    void add_foreign(node n) {
        nodes_.push_back(foreign_bit | static_cast<std::uint32_t>(foreign_.size()));
        foreign_.push_back(std::move(n));
    }

    void close() {
        const frame f = frames_.back();
        frames_.pop_back();
        const std::size_t n = nodes_.size() - f.nodes;
        const std::size_t k = children_.size() - f.children;
        if (n == 0) {
            // A game tree without nodes (the parser reported it): its variations take its place.
            if (frames_.empty()) {
                for (std::size_t i = f.children; i < children_.size(); ++i) trees_.push_back(std::move(children_[i]));
                children_.resize(f.children);
            }
            return;
        }
        std::vector<node> foreign;
        std::uint32_t* const slots = nodes_.data() + f.nodes;
        // Only game_tree_builder adds nodes of other sources; a parse walks no slot here.
        for (std::size_t i = 0; i < n && !foreign_.empty(); ++i) {
            if (!(slots[i] & foreign_bit)) continue;
            const std::uint32_t at = slots[i] & ~foreign_bit;
            slots[i] = foreign_bit | static_cast<std::uint32_t>(foreign.size());
            foreign.push_back(std::move(foreign_[at]));
        }
        tree_rep* t = make_tree_rep(src_, f.open, slots, static_cast<std::uint32_t>(n), children_.data() + f.children,
                                    static_cast<std::uint32_t>(k));
        if (!foreign.empty()) t->foreign_table() = std::move(foreign);
        nodes_.resize(f.nodes);
        children_.resize(f.children);
        (frames_.empty() ? trees_ : children_).push_back(tree_access::adopt(t));
    }

    void close_all() {
        while (!frames_.empty()) close();
    }
    [[nodiscard]] std::size_t open_frames() const noexcept { return frames_.size(); }
    [[nodiscard]] std::uint32_t innermost_open() const noexcept { return frames_.back().open; }
    // Nodes in the innermost open game tree's sequence, and its variations so far.
    [[nodiscard]] std::size_t innermost_nodes() const noexcept { return nodes_.size() - frames_.back().nodes; }
    [[nodiscard]] std::size_t innermost_children() const noexcept { return children_.size() - frames_.back().children; }
    [[nodiscard]] bool has_trees() const noexcept { return !trees_.empty(); }

    void reset() {
        frames_.clear();
        nodes_.clear();
        children_.clear();
        trees_.clear();
        foreign_.clear();
    }
    [[nodiscard]] std::vector<game_tree> take_trees() { return std::move(trees_); }
    [[nodiscard]] const std::shared_ptr<const source>& src() const noexcept { return src_; }

private:
    struct frame {
        std::uint32_t open;
        std::uint32_t nodes;     // nodes_ and children_ below this frame's
        std::uint32_t children;
    };
    std::shared_ptr<const source> src_;
    std::vector<frame> frames_;
    std::vector<std::uint32_t> nodes_;
    std::vector<game_tree> children_;
    std::vector<game_tree> trees_;
    std::vector<node> foreign_;
};

}  // namespace sgf::detail
