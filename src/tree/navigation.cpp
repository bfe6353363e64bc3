// Walking a game tree: cursor, preorder, main_line (tree.hpp). Explicit stacks: nothing
// recurses on the input's nesting depth.
#include <stdexcept>
#include <utility>

#include "tree/tree_rep.hpp"

namespace sgf {

using detail::tree_access;

namespace {
// What tree() of a walk on no tree (moved from, or done) refers to.
const game_tree& null_tree() noexcept {
    static const game_tree t;
    return t;
}
}  // namespace

// --- navigation -------------------------------------------------------------------------

cursor::cursor(game_tree root) {
    if (!root.valid()) throw std::invalid_argument("cursor on a null game tree");
    stack_.push_back(std::move(root));
}

cursor::cursor(cursor&& o) noexcept
    : stack_(std::move(o.stack_)), path_(std::move(o.path_)), depth_(std::exchange(o.depth_, 0)) {
    o.stack_.clear();
    o.path_ = {};
}

cursor& cursor::operator=(cursor&& o) noexcept {
    if (this != &o) {
        stack_ = std::move(o.stack_);
        path_ = std::move(o.path_);
        depth_ = std::exchange(o.depth_, 0);
        o.stack_.clear();
        o.path_ = {};
    }
    return *this;
}

node cursor::current() const {
    if (stack_.empty()) throw std::out_of_range("cursor on no game tree (moved from)");
    return stack_.back()[path_.index];
}

const game_tree& cursor::tree() const& noexcept { return stack_.empty() ? null_tree() : stack_.back(); }

std::size_t cursor::child_count() const noexcept {
    if (stack_.empty()) return 0;
    const game_tree& t = stack_.back();
    return path_.index + 1 < t.size() ? 1 : t.variations().size();
}

bool cursor::to_child(std::size_t k) {
    if (stack_.empty()) return false;
    const game_tree& t = stack_.back();
    if (path_.index + 1 < t.size()) {
        if (k != 0) return false;
        ++path_.index;
    } else {
        if (k >= t.variations().size()) return false;
        game_tree c = t.variations()[k];
        stack_.push_back(std::move(c));
        path_.variations.push_back(static_cast<std::uint32_t>(k));
        path_.index = 0;
    }
    ++depth_;
    return true;
}

bool cursor::to_parent() {
    if (depth_ == 0) return false;
    if (path_.index > 0) {
        --path_.index;
    } else {
        stack_.pop_back();
        path_.variations.pop_back();
        path_.index = static_cast<std::uint32_t>(stack_.back().size() - 1);
    }
    --depth_;
    return true;
}

preorder::preorder(const game_tree& root) {
    if (root.valid()) {
        stack_.push_back({root, 0, 0});
        load();
    }
}

preorder::preorder(preorder&& o) noexcept
    : stack_(std::move(o.stack_)), current_(std::move(o.current_)), number_(std::exchange(o.number_, 0)),
      slot_(std::exchange(o.slot_, nullptr)), run_(std::exchange(o.run_, 0)) {
    o.stack_.clear();
}

preorder& preorder::operator=(preorder&& o) noexcept {
    if (this != &o) {
        stack_ = std::move(o.stack_);
        current_ = std::move(o.current_);
        number_ = std::exchange(o.number_, 0);
        slot_ = std::exchange(o.slot_, nullptr);
        run_ = std::exchange(o.run_, 0);
        o.stack_.clear();
    }
    return *this;
}

const game_tree& preorder::tree() const& noexcept { return stack_.empty() ? null_tree() : stack_.back().tree; }

void preorder::load() {
    const frame& f = stack_.back();
    const detail::tree_rep& t = *tree_access::rep(f.tree);
    const auto i = static_cast<std::uint32_t>(f.index);
    tree_access::set_node(current_, t, i);
    // The run next() steps through inline: the following slots that are offsets in the
    // source of current_ (all of them unless an edit put nodes of other sources here).
    slot_ = t.slots() + i;
    run_ = 0;
    if (slot_[0] & detail::foreign_bit) return;
    const std::uint32_t rest = t.node_count - i - 1;
    if (t.foreign() == nullptr) {
        run_ = rest;
        return;
    }
    while (run_ < rest && !(slot_[run_ + 1] & detail::foreign_bit)) ++run_;
}

std::size_t preorder::depth() const noexcept { return stack_.empty() ? 0 : stack_.size() - 1; }

void preorder::advance() {
    if (stack_.empty()) return;
    if (frame& f = stack_.back(); f.index + 1 < f.tree.size()) {
        ++f.index;
        ++number_;
        load();
        return;
    }
    while (!stack_.empty()) {
        frame& f = stack_.back();
        if (f.next_variation < f.tree.variations().size()) {
            game_tree c = f.tree.variations()[f.next_variation++];
            stack_.push_back({std::move(c), 0, 0});
            ++number_;
            load();
            return;
        }
        stack_.pop_back();
    }
    current_ = node();
    run_ = 0;
}

main_line::iterator::iterator(const game_tree* t) : tree_(t) {
    if (tree_ != nullptr) current_.node = (*tree_)[0];
}

main_line::iterator& main_line::iterator::operator++() {
    node_path& path = current_.path;
    if (path.index + 1 < tree_->size()) {
        ++path.index;
    } else if (!tree_->variations().empty()) {
        tree_ = &tree_->variations()[0];
        path.variations.push_back(0);
        path.index = 0;
    } else {
        tree_ = nullptr;
        current_ = {};
        return *this;
    }
    current_.node = (*tree_)[path.index];
    return *this;
}

std::vector<node> main_line::nodes() const {
    std::vector<node> out;
    for (const entry& e : *this) out.push_back(e.node);
    return out;
}

}  // namespace sgf
