// The persistent tree: handles, edits (path copying), navigation, equality.
// Nothing here recurses on the input's nesting depth.
#include <new>
#include <stdexcept>
#include <utility>

#include "grammar/value_scan.hpp"
#include "tree/node_scan.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace detail {

struct collection_rep {
    std::vector<game_tree> trees;
};

tree_rep* make_tree_rep(std::shared_ptr<const source> src, std::uint32_t open, const std::uint32_t* slots,
                        std::uint32_t nodes, game_tree* children_begin, std::uint32_t children) {
    const std::size_t bytes = sizeof(tree_rep) + sizeof(game_tree) * children + sizeof(std::uint32_t) * nodes;
    void* mem = ::operator new(bytes);
    auto* t = new (mem) tree_rep;
    t->node_count = nodes;
    t->child_count = children;
    t->open = open;
    t->src = std::move(src);
    for (std::uint32_t i = 0; i < children; ++i) new (t->children() + i) game_tree(std::move(children_begin[i]));
    for (std::uint32_t i = 0; i < nodes; ++i) t->slots()[i] = slots[i];
    return t;
}

void retain(const tree_rep* t) noexcept {
    if (t) t->refs.fetch_add(1, std::memory_order_relaxed);
}

// Iterative: a chain of a million variations is freed with an explicit stack.
void release(const tree_rep* t) noexcept {
    if (!t || t->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
    std::vector<const tree_rep*> pending{t};
    while (!pending.empty()) {
        auto* x = const_cast<tree_rep*>(pending.back());
        pending.pop_back();
        for (std::uint32_t i = 0; i < x->child_count; ++i) {
            const tree_rep* c = tree_access::steal(x->children()[i]);
            if (c && c->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) pending.push_back(c);
        }
        for (std::uint32_t i = 0; i < x->child_count; ++i) x->children()[i].~game_tree();  // all null now
        x->~tree_rep();
        ::operator delete(x);
    }
}

namespace {

std::shared_ptr<const source> empty_node_source() {
    static const auto s = std::make_shared<const source>(std::string(";"), true);
    return s;
}

// Builds a new tree_rep from node handles and variations, keeping nodes of `src` as
// plain offsets and the others in the foreign table.
game_tree build_tree(std::shared_ptr<const source> src, std::uint32_t open, const std::vector<node>& nodes,
                     std::vector<game_tree> children) {
    std::vector<std::uint32_t> slots;
    slots.reserve(nodes.size());
    std::unique_ptr<std::vector<node>> foreign;
    for (const node& n : nodes) {
        if (n.source_ptr() == src.get() && src) {
            slots.push_back(n.offset());
        } else {
            if (!foreign) foreign = std::make_unique<std::vector<node>>();
            slots.push_back(foreign_bit | static_cast<std::uint32_t>(foreign->size()));
            foreign->push_back(n);
        }
    }
    tree_rep* t = make_tree_rep(std::move(src), open, slots.data(), static_cast<std::uint32_t>(slots.size()),
                                children.data(), static_cast<std::uint32_t>(children.size()));
    t->foreign = std::move(foreign);
    return game_tree(t);
}

void check_ident(std::string_view ident) {
    if (ident.empty()) throw std::invalid_argument("property identifier is empty");
    for (char c : ident)
        if (c < 'A' || c > 'Z') throw std::invalid_argument("property identifier must be A-Z letters: " + std::string(ident));
}

void check_raw(std::string_view raw) {
    // The value must end exactly at the ']' the writer puts after it.
    const char* b = raw.data();
    const char* e = b + raw.size();
    if (grammar::find_value_end(b, e) != e) throw std::invalid_argument("raw value contains an unescaped ']'");
    std::size_t backslashes = 0;
    while (backslashes < raw.size() && raw[raw.size() - 1 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 1) throw std::invalid_argument("raw value ends with an unpaired '\\'");
}

// Canonical spelling: a value cut at end of file (E008) may end in a lone '\', which
// would escape the ']' written after it.
void append_property(std::string& out, const property& p) {
    out += p.ident();
    for (const value& v : p) {
        out += '[';
        out += canonical_raw(v.raw());
        out += ']';
    }
}

void check_tree(const game_tree& t) {
    if (!t.valid()) throw std::invalid_argument("null game tree");
}

}  // namespace

}  // namespace detail

// --- property ---------------------------------------------------------------------------

std::string_view property::ident() const noexcept {
    return src_ ? std::string_view(src_->data() + ident_, ident_size_) : std::string_view{};
}
position property::pos() const { return src_ ? src_->position_of(ident_) : position{}; }

std::vector<value> property::values() const { return {begin(), end()}; }

value property::operator[](std::size_t i) const {
    if (i >= count_) throw std::out_of_range("property value index");
    auto it = begin();
    while (i--) ++it;
    return *it;
}

property::iterator::iterator(const detail::source* src, std::uint32_t at, std::uint32_t left) noexcept
    : src_(src), at_(at), left_(left) {
    if (left_ != 0) size_ = detail::value_size(*src_, at_);
}

property::iterator& property::iterator::operator++() {
    if (--left_ == 0) return *this;
    const char* const e = src_->data() + src_->bytes.size();
    const char* close = src_->data() + at_ + 1 + size_;
    const char* next = grammar::skip_white(close < e ? close + 1 : e, e);
    at_ = static_cast<std::uint32_t>(next - src_->data());
    size_ = detail::value_size(*src_, at_);
    return *this;
}

// --- node -------------------------------------------------------------------------------

node::node() : src_(detail::empty_node_source()), off_(0) {}

position node::pos() const { return src_->position_of(off_); }

std::vector<property> node::properties() const {
    std::vector<property> out;
    detail::scan_node(*src_, off_, out);
    return out;
}

std::optional<property> node::find(std::string_view ident) const {
    for (const property& p : properties())
        if (p.ident() == ident) return p;
    return std::nullopt;
}

bool node::empty() const { return properties().empty(); }

node node::with_property(std::string_view ident, const std::vector<std::string>& raw_values) const& {
    detail::check_ident(ident);
    if (raw_values.empty()) throw std::invalid_argument("a property needs at least one value");
    for (const auto& r : raw_values) detail::check_raw(r);
    std::string text = ";";
    auto put_new = [&] {
        text += ident;
        for (const auto& r : raw_values) {
            text += '[';
            text += r;
            text += ']';
        }
    };
    bool done = false;
    for (const property& p : properties()) {
        if (p.ident() == ident) {
            if (!done) put_new();
            done = true;
            continue;
        }
        detail::append_property(text, p);
    }
    if (!done) put_new();
    return node(std::make_shared<const detail::source>(std::move(text), true), 0);
}

node node::without_property(std::string_view ident) const& {
    std::string text = ";";
    bool found = false;
    for (const property& p : properties()) {
        if (p.ident() == ident) {
            found = true;
            continue;
        }
        detail::append_property(text, p);
    }
    if (!found) return *this;
    return node(std::make_shared<const detail::source>(std::move(text), true), 0);
}

bool operator==(const node& a, const node& b) {
    if (a.same(b)) return true;
    const auto pa = a.properties();
    const auto pb = b.properties();
    if (pa.size() != pb.size()) return false;
    for (std::size_t i = 0; i < pa.size(); ++i) {
        if (pa[i].ident() != pb[i].ident() || pa[i].size() != pb[i].size()) return false;
        auto vb = pb[i].begin();
        for (const value& va : pa[i]) {
            const value w = *vb++;
            if (va.raw() != w.raw() && canonical_raw(va.raw()) != canonical_raw(w.raw())) return false;
        }
    }
    return true;
}

// --- game_tree --------------------------------------------------------------------------

game_tree::game_tree(const std::vector<node>& nodes, const std::vector<game_tree>& variations) {
    if (nodes.empty()) throw std::invalid_argument("a game tree needs at least one node");
    for (const game_tree& v : variations) detail::check_tree(v);
    *this = detail::build_tree(nodes.front().source_handle(), detail::no_offset, nodes, variations);
}

std::size_t game_tree::size() const noexcept { return p_ ? p_->node_count : 0; }

node game_tree::operator[](std::size_t i) const {
    if (!p_ || i >= p_->node_count) throw std::out_of_range("game tree node index");
    return p_->node_at(static_cast<std::uint32_t>(i));
}

std::vector<node> game_tree::nodes() const {
    std::vector<node> out;
    out.reserve(size());
    for (std::uint32_t i = 0; i < size(); ++i) out.push_back(p_->node_at(i));
    return out;
}

std::span<const game_tree> game_tree::variations() const noexcept {
    if (!p_) return {};
    return {p_->children(), p_->child_count};
}

position game_tree::pos() const {
    if (!p_ || p_->open == detail::no_offset || !p_->src) return {};
    return p_->src->position_of(p_->open);
}

namespace {
std::vector<game_tree> children_of(const game_tree& t) { return {t.variations().begin(), t.variations().end()}; }
}  // namespace

game_tree game_tree::with_node(std::size_t i, const node& n) const& {
    detail::check_tree(*this);
    auto ns = nodes();
    if (i >= ns.size()) throw std::out_of_range("game tree node index");
    ns[i] = n;
    return detail::build_tree(p_->src, p_->open, ns, children_of(*this));
}

game_tree game_tree::with_node_appended(const node& n) const& {
    if (!p_) return game_tree({n});
    auto ns = nodes();
    ns.push_back(n);
    return detail::build_tree(p_->src, p_->open, ns, children_of(*this));
}

game_tree game_tree::with_variation(const game_tree& t) const& {
    detail::check_tree(*this);
    detail::check_tree(t);
    auto cs = children_of(*this);
    cs.push_back(t);
    return detail::build_tree(p_->src, p_->open, nodes(), std::move(cs));
}

game_tree game_tree::with_variation(std::size_t k, const game_tree& t) const& {
    detail::check_tree(*this);
    detail::check_tree(t);
    auto cs = children_of(*this);
    if (k >= cs.size()) throw std::out_of_range("variation index");
    cs[k] = t;
    return detail::build_tree(p_->src, p_->open, nodes(), std::move(cs));
}

game_tree game_tree::without_variation(std::size_t k) const& {
    detail::check_tree(*this);
    auto cs = children_of(*this);
    if (k >= cs.size()) throw std::out_of_range("variation index");
    cs.erase(cs.begin() + static_cast<std::ptrdiff_t>(k));
    return detail::build_tree(p_->src, p_->open, nodes(), std::move(cs));
}

game_tree game_tree::with_node_at(const node_path& at, const node& n) const& {
    std::vector<game_tree> chain{*this};
    for (std::uint32_t v : at.variations) {
        const auto vs = chain.back().variations();
        if (v >= vs.size()) throw std::out_of_range("node path: no such variation");
        chain.push_back(vs[v]);
    }
    game_tree result = chain.back().with_node(at.index, n);
    for (std::size_t i = chain.size() - 1; i > 0; --i) result = chain[i - 1].with_variation(at.variations[i - 1], result);
    return result;
}

node game_tree::node_at(const node_path& at) const {
    const game_tree* t = this;
    for (std::uint32_t v : at.variations) {
        const auto vs = t->variations();
        if (v >= vs.size()) throw std::out_of_range("node path: no such variation");
        t = &vs[v];
    }
    return (*t)[at.index];
}

std::size_t game_tree::node_count() const {
    std::size_t n = 0;
    std::vector<const game_tree*> pending{this};
    while (!pending.empty()) {
        const game_tree* t = pending.back();
        pending.pop_back();
        n += t->size();
        for (const game_tree& c : t->variations()) pending.push_back(&c);
    }
    return n;
}

bool operator==(const game_tree& a, const game_tree& b) {
    std::vector<std::pair<const game_tree*, const game_tree*>> pending{{&a, &b}};
    while (!pending.empty()) {
        auto [x, y] = pending.back();
        pending.pop_back();
        if (x->same(*y)) continue;
        if (!x->valid() || !y->valid()) return false;
        if (x->size() != y->size() || x->variations().size() != y->variations().size()) return false;
        for (std::size_t i = 0; i < x->size(); ++i)
            if (!((*x)[i] == (*y)[i])) return false;
        for (std::size_t k = 0; k < x->variations().size(); ++k)
            pending.emplace_back(&x->variations()[k], &y->variations()[k]);
    }
    return true;
}

// --- collection -------------------------------------------------------------------------

collection::collection() : p_(std::make_shared<const detail::collection_rep>()) {}

collection::collection(std::vector<game_tree> trees) {
    for (const game_tree& t : trees) detail::check_tree(t);
    p_ = std::make_shared<const detail::collection_rep>(detail::collection_rep{std::move(trees)});
}

std::size_t collection::size() const noexcept { return p_->trees.size(); }
std::span<const game_tree> collection::trees() const noexcept { return p_->trees; }

collection collection::with_tree(std::size_t i, const game_tree& t) const& {
    auto ts = p_->trees;
    if (i >= ts.size()) throw std::out_of_range("collection index");
    ts[i] = t;
    return collection(std::move(ts));
}

collection collection::with_tree_appended(const game_tree& t) const& {
    auto ts = p_->trees;
    ts.push_back(t);
    return collection(std::move(ts));
}

collection collection::without_tree(std::size_t i) const& {
    auto ts = p_->trees;
    if (i >= ts.size()) throw std::out_of_range("collection index");
    ts.erase(ts.begin() + static_cast<std::ptrdiff_t>(i));
    return collection(std::move(ts));
}

bool operator==(const collection& a, const collection& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i])) return false;
    return true;
}

// --- navigation -------------------------------------------------------------------------

cursor::cursor(game_tree root) {
    if (!root.valid()) throw std::invalid_argument("cursor on a null game tree");
    stack_.push_back(std::move(root));
}

node cursor::current() const { return stack_.back()[path_.index]; }

std::size_t cursor::child_count() const noexcept {
    const game_tree& t = stack_.back();
    return path_.index + 1 < t.size() ? 1 : t.variations().size();
}

bool cursor::to_child(std::size_t k) {
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
    if (root.valid()) stack_.push_back({root, 0, 0});
}

node preorder::current() const { return stack_.back().tree[stack_.back().index]; }

std::size_t preorder::depth() const noexcept { return stack_.empty() ? 0 : stack_.size() - 1; }

void preorder::next() {
    if (stack_.empty()) return;
    if (frame& f = stack_.back(); f.index + 1 < f.tree.size()) {
        ++f.index;
        ++number_;
        return;
    }
    while (!stack_.empty()) {
        frame& f = stack_.back();
        if (f.next_variation < f.tree.variations().size()) {
            game_tree c = f.tree.variations()[f.next_variation++];
            stack_.push_back({std::move(c), 0, 0});
            ++number_;
            return;
        }
        stack_.pop_back();
    }
}

std::vector<node> main_line(const game_tree& root) {
    std::vector<node> out;
    const game_tree* t = &root;
    while (t->valid()) {
        for (std::size_t i = 0; i < t->size(); ++i) out.push_back((*t)[i]);
        if (t->variations().empty()) break;
        t = &t->variations()[0];
    }
    return out;
}

}  // namespace sgf
