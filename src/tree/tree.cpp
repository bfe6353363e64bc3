// The persistent tree: the stored game trees, their edits (path copying; in place for && on
// the only handle), collections and equality. Nodes and views are in node.cpp, the walks in
// navigation.cpp. Nothing here recurses on the input's nesting depth.
#include <algorithm>
#include <new>
#include <stdexcept>
#include <utility>

#include "grammar/value_scan.hpp"
#include "tree/edit.hpp"
#include "tree/node_reader.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace detail {

struct collection_rep {
    std::vector<game_tree> trees;
};

// As empty_source (node.cpp): never freed, owned by no reference count.
const std::shared_ptr<const collection_rep>& empty_collection() noexcept {
    static const auto* const handle = new std::shared_ptr<const collection_rep>(
        std::shared_ptr<const collection_rep>(), new collection_rep);
    return *handle;
}

tree_rep* make_tree_rep(std::shared_ptr<const source> src, std::uint32_t open, const std::uint32_t* slots,
                        std::uint32_t nodes, game_tree* children_begin, std::uint32_t children,
                        std::uint32_t node_capacity, std::uint32_t child_capacity) {
    node_capacity = std::max(node_capacity, nodes);
    child_capacity = std::max(child_capacity, children);
    const std::size_t bytes =
        sizeof(tree_rep) + sizeof(game_tree) * child_capacity + sizeof(std::uint32_t) * node_capacity;
    void* mem = ::operator new(bytes);
    auto* t = new (mem) tree_rep;
    t->node_count = nodes;
    t->child_count = children;
    if (node_capacity != nodes || child_capacity != children)
        t->extra = std::make_unique<tree_extra>(tree_extra{{}, node_capacity, child_capacity});
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

void check_ident(std::string_view ident) {
    if (ident.empty()) throw std::invalid_argument("property identifier is empty");
    for (char c : ident)
        if (c < 'A' || c > 'Z')
            throw std::invalid_argument("property identifier must be A-Z letters: " + std::string(ident));
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

void append_text_value(std::string& out, std::string_view text) {
    out += '[';
    for (const char c : text) {
        if (c == ']' || c == '\\') out += '\\';
        out += c;
    }
    out += ']';
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

node node_with(const node& n, std::string_view ident, const std::function<void(std::string&)>& write) {
    std::string text = ";";
    bool done = false;
    for (const property& p : n.properties()) {
        if (p.ident() == ident) {
            if (!done && write) write(text);
            done = true;
            continue;
        }
        append_property(text, p);
    }
    if (!done && write) write(text);
    return tree_access::make_node(std::make_shared<const source>(std::move(text), true), 0);
}

namespace {

void check_tree(const game_tree& t) {
    if (!t.valid()) throw std::invalid_argument("null game tree");
}

// Builds a new tree_rep from node handles and variations, keeping nodes of `src` as
// plain offsets and the others in the foreign table.
game_tree build_tree(std::shared_ptr<const source> src, std::uint32_t open, const std::vector<node>& nodes,
                     std::vector<game_tree> children) {
    std::vector<std::uint32_t> slots;
    slots.reserve(nodes.size());
    std::vector<node> foreign;
    for (const node& n : nodes) {
        if (src && tree_access::source_of(n) == src.get()) {
            slots.push_back(n.offset());
        } else {
            slots.push_back(foreign_bit | static_cast<std::uint32_t>(foreign.size()));
            foreign.push_back(n);
        }
    }
    tree_rep* t = make_tree_rep(std::move(src), open, slots.data(), static_cast<std::uint32_t>(slots.size()),
                                children.data(), static_cast<std::uint32_t>(children.size()));
    if (!foreign.empty()) t->foreign_table() = std::move(foreign);
    return tree_access::adopt(t);
}

// The slot of node n in tree t (its offset when it is of t's source, else a foreign index).
std::uint32_t slot_for(tree_rep& t, const node& n) {
    if (t.src && tree_access::source_of(n) == t.src.get()) return n.offset();
    std::vector<node>& foreign = t.foreign_table();
    foreign.push_back(n);
    return foreign_bit | static_cast<std::uint32_t>(foreign.size() - 1);
}

// A copy of t with room for `nodes` slots and `children` variations, the only handle.
tree_rep* grown(const tree_rep& t, std::uint32_t nodes, std::uint32_t children) {
    std::vector<game_tree> cs(t.children(), t.children() + t.child_count);
    tree_rep* g = make_tree_rep(t.src, t.open, t.slots(), t.node_count, cs.data(), t.child_count, nodes, children);
    if (const std::vector<node>* f = t.foreign()) g->foreign_table() = *f;
    return g;
}

}  // namespace

}  // namespace detail

using detail::tree_access;

// --- game_tree --------------------------------------------------------------------------

game_tree::game_tree(const std::vector<node>& nodes, const std::vector<game_tree>& variations) {
    if (nodes.empty()) throw std::invalid_argument("a game tree needs at least one node");
    for (const game_tree& v : variations) detail::check_tree(v);
    *this = detail::build_tree(tree_access::source_handle(nodes.front()), detail::no_offset, nodes, variations);
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

std::span<const game_tree> game_tree::variations() const& noexcept {
    if (!p_) return {};
    return {p_->children(), p_->child_count};
}

position game_tree::pos() const {
    if (!p_ || p_->open == detail::no_offset || !p_->src) return {};
    return p_->src->position_of(p_->open);
}

namespace {
std::vector<game_tree> children_of(const game_tree& t) {
    const auto vs = t.variations();
    return {vs.begin(), vs.end()};
}
// The rep of an rvalue tree that may be edited in place: the only handle.
detail::tree_rep* unique_rep(const game_tree& t) {
    const detail::tree_rep* p = tree_access::rep(t);
    if (p == nullptr || p->refs.load(std::memory_order_acquire) != 1) return nullptr;
    return const_cast<detail::tree_rep*>(p);
}
}  // namespace

game_tree game_tree::with_node(std::size_t i, const node& n) const& {
    detail::check_tree(*this);
    auto ns = nodes();
    if (i >= ns.size()) throw std::out_of_range("game tree node index");
    ns[i] = n;
    return detail::build_tree(p_->src, p_->open, ns, children_of(*this));
}

game_tree game_tree::with_node(std::size_t i, const node& n) && {
    detail::tree_rep* t = unique_rep(*this);
    if (t == nullptr) return std::as_const(*this).with_node(i, n);
    if (i >= t->node_count) throw std::out_of_range("game tree node index");
    t->slots()[i] = detail::slot_for(*t, n);
    return std::move(*this);
}

game_tree game_tree::with_node_appended(const node& n) const& {
    if (!p_) return game_tree({n});
    // This version stays as it is: a copy of the slots (4 bytes a node), the variations'
    // handles and the table of foreign nodes, with room for the new node. No node handle is
    // made for the slots that are offsets; the && form (or game_tree_builder) is the linear
    // way to append (tree.hpp).
    detail::tree_rep* g = detail::grown(*p_, p_->node_count + 1, p_->child_count);
    game_tree t = tree_access::adopt(g);
    g->slots()[g->node_count] = detail::slot_for(*g, n);
    ++g->node_count;
    return t;
}

// The node edits in place need no copy of their argument: a node handle never lies in a
// tree's storage (operator[], nodes() and the walks give copies), and a node holds no tree.
game_tree game_tree::with_node_appended(const node& n) && {
    detail::tree_rep* t = unique_rep(*this);
    if (t == nullptr) return std::as_const(*this).with_node_appended(n);
    if (t->node_count == t->node_capacity()) {
        detail::tree_rep* g = detail::grown(*t, std::max<std::uint32_t>(8, t->node_capacity() * 2), t->child_capacity());
        *this = tree_access::adopt(g);
        t = g;
    }
    t->slots()[t->node_count] = detail::slot_for(*t, n);
    ++t->node_count;
    return std::move(*this);
}

game_tree game_tree::with_variation(const game_tree& v) const& {
    detail::check_tree(*this);
    detail::check_tree(v);
    auto cs = children_of(*this);
    cs.push_back(v);
    return detail::build_tree(p_->src, p_->open, nodes(), std::move(cs));
}

game_tree game_tree::with_variation(const game_tree& v) && {
    detail::check_tree(v);
    detail::tree_rep* t = unique_rep(*this);
    // v is this tree: in place, the tree would contain itself (tree.hpp); the copy holds
    // the version before the edit.
    if (t == nullptr || v.p_ == p_) return std::as_const(*this).with_variation(v);
    // v may be one of this tree's variations (t.variations()[0]): take it before growing
    // frees the storage it lies in.
    game_tree added = v;
    if (t->child_count == t->child_capacity()) {
        detail::tree_rep* g = detail::grown(*t, t->node_capacity(), std::max<std::uint32_t>(4, t->child_capacity() * 2));
        *this = tree_access::adopt(g);
        t = g;
    }
    new (t->children() + t->child_count) game_tree(std::move(added));
    ++t->child_count;
    return std::move(*this);
}

game_tree game_tree::with_variation(std::size_t k, const game_tree& v) const& {
    detail::check_tree(*this);
    detail::check_tree(v);
    auto cs = children_of(*this);
    if (k >= cs.size()) throw std::out_of_range("variation index");
    cs[k] = v;
    return detail::build_tree(p_->src, p_->open, nodes(), std::move(cs));
}

game_tree game_tree::with_variation(std::size_t k, const game_tree& v) && {
    detail::check_tree(v);
    detail::tree_rep* t = unique_rep(*this);
    if (t == nullptr || v.p_ == p_) return std::as_const(*this).with_variation(k, v);  // as above
    if (k >= t->child_count) throw std::out_of_range("variation index");
    // operator= takes its argument by value: v (maybe a part of the variation it replaces)
    // is copied before that variation is released.
    t->children()[k] = v;
    return std::move(*this);
}

game_tree game_tree::without_variation(std::size_t k) const& {
    detail::check_tree(*this);
    auto cs = children_of(*this);
    if (k >= cs.size()) throw std::out_of_range("variation index");
    cs.erase(cs.begin() + static_cast<std::ptrdiff_t>(k));
    return detail::build_tree(p_->src, p_->open, nodes(), std::move(cs));
}

namespace {

// The game trees from `root` along `variations` (child indices), root first.
std::vector<game_tree> chain_along(const game_tree& root, const std::vector<std::uint32_t>& variations) {
    std::vector<game_tree> chain{root};
    for (std::uint32_t v : variations) {
        const auto vs = chain.back().variations();
        if (v >= vs.size()) throw std::out_of_range("node path: no such variation");
        chain.push_back(vs[v]);
    }
    return chain;
}

// `last`, an edit of chain.back(), put back in place of it in each tree above: only the
// game trees on the path are copied.
game_tree put_back(const std::vector<game_tree>& chain, const std::vector<std::uint32_t>& variations, game_tree last) {
    for (std::size_t i = chain.size() - 1; i > 0; --i) last = chain[i - 1].with_variation(variations[i - 1], last);
    return last;
}

}  // namespace

game_tree game_tree::with_node_at(const node_path& at, const node& n) const& {
    const std::vector<game_tree> chain = chain_along(*this, at.variations);
    return put_back(chain, at.variations, chain.back().with_node(at.index, n));
}

game_tree game_tree::with_main_line_appended(const node& n) const& {
    detail::check_tree(*this);
    std::vector<std::uint32_t> firsts;  // the main line: the first variation at each fork
    for (const game_tree* t = this; !t->variations().empty(); t = &t->variations()[0]) firsts.push_back(0);
    const std::vector<game_tree> chain = chain_along(*this, firsts);
    return put_back(chain, firsts, chain.back().with_node_appended(n));
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
    detail::each_game_tree(std::span<const game_tree>(this, 1), [&n](const game_tree& t, std::uint64_t) {
        n += t.size();
        return true;
    });
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

collection::collection(std::vector<game_tree> trees) {
    for (const game_tree& t : trees) detail::check_tree(t);
    p_ = std::make_shared<const detail::collection_rep>(detail::collection_rep{std::move(trees)});
}

std::size_t collection::size() const noexcept { return p_->trees.size(); }
std::span<const game_tree> collection::trees() const& noexcept { return p_->trees; }

const game_tree& collection::operator[](std::size_t i) const& {
    if (i >= p_->trees.size()) throw std::out_of_range("collection index");
    return p_->trees[i];
}

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

collection collection::with_tree_appended(const game_tree& t) && {
    detail::check_tree(t);
    if (p_.use_count() != 1) return std::as_const(*this).with_tree_appended(t);
    game_tree added = t;  // t may be one of the trees that push_back moves
    const_cast<detail::collection_rep&>(*p_).trees.push_back(std::move(added));
    return std::move(*this);
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

}  // namespace sgf
