// Inheritance of properties marked inherit (ff4_sgf.txt 2.2.2): the effective value at a
// node and an incremental walker with an undo log, which the checker (src/check/tree.cpp)
// and the JSON writer (src/write/json_inherited.cpp) use. Table data read over the tree,
// below both: nothing here checks or writes.
#include "sgf/inherit.hpp"

#include <algorithm>
#include <stdexcept>

namespace sgf {

std::vector<const property_rule*> inherit_rows(int ff, int gm, profile p) {
    std::vector<const property_rule*> out;
    for (const auto& r : all_properties()) {
        if (!r.inherit || !r.in_profile(p)) continue;
        const property_rule* best = find_property(r.ident, ff, gm, p);
        if (best == nullptr || !best->inherit) continue;
        if (std::find(out.begin(), out.end(), best) == out.end()) out.push_back(best);
    }
    return out;
}

// ---------------------------------------------------------------------- walker

inherit_walker::inherit_walker(std::vector<const property_rule*> rows)
    : rows_(std::move(rows)), state_(rows_.size()) {}

std::size_t inherit_walker::slot_of(const property_rule* r) const noexcept {
    for (std::size_t k = 0; k < rows_.size(); ++k)
        if (rows_[k] == r) return k;
    return npos;
}

std::size_t inherit_walker::slot_of(std::string_view ident) const noexcept {
    for (std::size_t k = 0; k < rows_.size(); ++k)
        if (rows_[k]->ident == ident) return k;
    return npos;
}

bool inherit_walker::clears(const property& p, const property_rule& r) noexcept {
    return r.has(restriction::clears_when_empty) && p.size() == 1 && p.begin() != p.end() && (*p.begin()).empty();
}

std::size_t inherit_walker::apply(const property& p, const property_rule* r) {
    const std::size_t slot = r ? slot_of(r) : slot_of(ff4_ident_of(p.ident()));
    if (slot == npos) return npos;
    auto& s = state_[slot];
    log_.push_back({slot, s});
    const bool was = s.has_value();
    if (clears(p, *rows_[slot])) s.reset();
    else s = p;
    if (was != s.has_value()) was ? --active_ : ++active_;
    return slot;
}

std::optional<property> inherit_walker::effective(std::string_view ident) const {
    const std::size_t slot = slot_of(ident);
    return slot == npos ? std::nullopt : state_[slot];
}

void inherit_walker::undo(std::size_t mark) {
    while (log_.size() > mark) {
        auto& c = log_.back();
        const bool was = state_[c.slot].has_value();
        state_[c.slot] = c.before;
        if (was != state_[c.slot].has_value()) was ? --active_ : ++active_;
        log_.pop_back();
    }
}

// ---------------------------------------------------------------------- queries

namespace {

void apply_node(inherit_walker& w, const node& n) {
    for (const property& p : n.properties()) (void)w.apply(p);
}

// The walker's state at `at`: the nodes on the path, in order.
inherit_walker walk_to(const game_tree& root, const node_path& at, profile p) {
    const tree_context ctx = context_of(root, p);
    inherit_walker w(ctx.ff, ctx.gm, p);
    const game_tree* t = &root;
    for (const std::uint32_t v : at.variations) {
        for (std::size_t i = 0; i < t->size(); ++i) apply_node(w, (*t)[i]);
        if (v >= t->variations().size()) throw std::out_of_range("node_path: no such variation");
        t = &t->variations()[v];
    }
    if (at.index >= t->size()) throw std::out_of_range("node_path: no such node");
    for (std::size_t i = 0; i <= at.index; ++i) apply_node(w, (*t)[i]);
    return w;
}

}  // namespace

std::optional<property> effective(const game_tree& root, const node_path& at, std::string_view ident, profile p) {
    return walk_to(root, at, p).effective(ident);
}

std::vector<property> effective_all(const game_tree& root, const node_path& at, profile p) {
    const inherit_walker w = walk_to(root, at, p);
    std::vector<property> out;
    for (std::size_t k = 0; k < w.size(); ++k)
        if (w.effective(k)) out.push_back(*w.effective(k));
    return out;
}

namespace {

// Pre-order over the game trees below `root` (explicit stack, any depth) with the walker's
// state along the path: enter(t, k) for the k-th variation of its parent (the root: 0),
// which applies t's nodes to `w`; leave() when t's variations are done, after which the
// walker is back where it was before t.
template <class Enter, class Leave>
void walk_game_trees(const game_tree& root, inherit_walker& w, Enter enter, Leave leave) {
    struct frame {
        const game_tree* tree;
        std::size_t next;
        std::size_t mark;
    };
    std::vector<frame> stack;
    stack.push_back({&root, 0, w.mark()});
    enter(root, std::size_t{0});
    while (!stack.empty()) {
        frame& f = stack.back();
        const auto vs = f.tree->variations();
        if (f.next < vs.size()) {
            const std::size_t k = f.next++;
            stack.push_back({&vs[k], 0, w.mark()});  // may reallocate: `f` is not used after this
            enter(vs[k], k);
            continue;
        }
        leave();
        w.undo(f.mark);
        stack.pop_back();
    }
}

}  // namespace

void for_each_inherited(const game_tree& root, const inherited_visitor& visit, profile p) {
    if (!root.valid()) return;
    const tree_context ctx = context_of(root, p);
    inherit_walker w(ctx.ff, ctx.gm, p);
    std::vector<property> in_effect;
    std::size_t node_number = 0;
    walk_game_trees(
        root, w,
        [&](const game_tree& t, std::size_t) {
            for (std::size_t i = 0; i < t.size(); ++i) {
                const node n = t[i];
                apply_node(w, n);
                in_effect.clear();
                for (std::size_t k = 0; k < w.size(); ++k)
                    if (w.effective(k)) in_effect.push_back(*w.effective(k));
                visit(n, node_number++, in_effect);
            }
        },
        [] {});
}

}  // namespace sgf
