// The persistent tree: handles, views, edits (path copying; in place for && on the only
// handle), navigation, equality. Nothing here recurses on the input's nesting depth.
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
    t->node_capacity = node_capacity;
    t->child_capacity = child_capacity;
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

std::shared_ptr<const source> empty_node_source() {
    static const auto s = std::make_shared<const source>(std::string(";"), true);
    return s;
}

void check_tree(const game_tree& t) {
    if (!t.valid()) throw std::invalid_argument("null game tree");
}

// Builds a new tree_rep from node handles and variations, keeping nodes of `src` as
// plain offsets and the others in the foreign table.
game_tree build_tree(std::shared_ptr<const source> src, std::uint32_t open, const std::vector<node>& nodes,
                     std::vector<game_tree> children) {
    std::vector<std::uint32_t> slots;
    slots.reserve(nodes.size());
    std::unique_ptr<std::vector<node>> foreign;
    for (const node& n : nodes) {
        if (src && tree_access::source_of(n) == src.get()) {
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
    return tree_access::adopt(t);
}

// The slot of node n in tree t (its offset when it is of t's source, else a foreign index).
std::uint32_t slot_for(tree_rep& t, const node& n) {
    if (t.src && tree_access::source_of(n) == t.src.get()) return n.offset();
    if (!t.foreign) t.foreign = std::make_unique<std::vector<node>>();
    t.foreign->push_back(n);
    return foreign_bit | static_cast<std::uint32_t>(t.foreign->size() - 1);
}

// A copy of t with room for `nodes` slots and `children` variations, the only handle.
tree_rep* grown(const tree_rep& t, std::uint32_t nodes, std::uint32_t children) {
    std::vector<game_tree> cs(t.children(), t.children() + t.child_count);
    tree_rep* g = make_tree_rep(t.src, t.open, t.slots(), t.node_count, cs.data(), t.child_count, nodes, children);
    if (t.foreign) g->foreign = std::make_unique<std::vector<node>>(*t.foreign);
    return g;
}

}  // namespace

}  // namespace detail

using detail::tree_access;

// --- property ---------------------------------------------------------------------------

position property::pos() const { return src_ ? src_->position_of(ref_.ident) : position{}; }

std::vector<value> property::values() const { return {begin(), end()}; }

value property::operator[](std::size_t i) const {
    if (i >= ref_.count) throw std::out_of_range("property value index");
    auto it = begin();
    while (i--) ++it;
    return *it;
}

std::size_t property_range::size() const {
    detail::node_reader r(data_, end_, offset_);
    detail::property_ref p;
    std::size_t n = 0;
    while (r.next(p)) ++n;
    return n;
}

// --- node -------------------------------------------------------------------------------

node::node() : src_(detail::empty_node_source()), off_(0) {}

position node::pos() const { return src_->position_of(off_); }

property_range node::properties() const& { return tree_access::make_range(src_.get(), off_); }
property_range node::properties() && {
    const detail::source* s = src_.get();
    return tree_access::make_range(s, off_, keep_alive());
}

namespace {
std::optional<detail::property_ref> find_ref(const detail::source& src, std::uint32_t offset, std::string_view ident) {
    detail::node_reader r = detail::reader_of(src, offset);
    detail::property_ref p;
    while (r.next(p))
        if (p.ident_size == ident.size() && std::string_view(src.data() + p.ident, p.ident_size) == ident) return p;
    return std::nullopt;
}
}  // namespace

std::optional<property> node::find(std::string_view ident) const& {
    const auto p = find_ref(*src_, off_, ident);
    if (!p) return std::nullopt;
    return tree_access::make_property(src_.get(), *p);
}

std::optional<property> node::find(std::string_view ident) && {
    const auto p = find_ref(*src_, off_, ident);
    if (!p) return std::nullopt;
    const detail::source* s = src_.get();
    return tree_access::make_property(s, *p, keep_alive());
}

bool node::has(std::string_view ident) const { return find_ref(*src_, off_, ident).has_value(); }

bool node::empty() const {
    detail::node_reader r = detail::reader_of(*src_, off_);
    detail::property_ref p;
    return !r.next(p);
}

node node::with_property(std::string_view ident, const std::vector<std::string>& texts) const& {
    detail::check_ident(ident);
    if (texts.empty()) throw std::invalid_argument("a property needs at least one value");
    return detail::node_with(*this, ident, [&](std::string& out) {
        out += ident;
        for (const auto& t : texts) detail::append_text_value(out, t);
    });
}

node node::with_property(std::string_view ident, std::initializer_list<std::string_view> texts) const& {
    detail::check_ident(ident);
    if (texts.size() == 0) throw std::invalid_argument("a property needs at least one value");
    return detail::node_with(*this, ident, [&](std::string& out) {
        out += ident;
        for (const auto t : texts) detail::append_text_value(out, t);
    });
}

node node::with_raw_property(std::string_view ident, const std::vector<std::string>& raw_values) const& {
    detail::check_ident(ident);
    if (raw_values.empty()) throw std::invalid_argument("a property needs at least one value");
    for (const auto& r : raw_values) detail::check_raw(r);
    return detail::node_with(*this, ident, [&](std::string& out) {
        out += ident;
        for (const auto& r : raw_values) {
            out += '[';
            out += r;
            out += ']';
        }
    });
}

node node::without_property(std::string_view ident) const& {
    if (!has(ident)) return *this;
    return detail::node_with(*this, ident, nullptr);
}

bool operator==(const node& a, const node& b) {
    if (a.same(b)) return true;
    const property_range ra = a.properties();
    const property_range rb = b.properties();
    auto ia = ra.begin();
    auto ib = rb.begin();
    const auto end = property_range::iterator();
    for (; ia != end && ib != end; ++ia, ++ib) {
        if (ia->ident() != ib->ident() || ia->size() != ib->size()) return false;
        auto vb = ib->begin();
        for (const value& va : *ia) {
            const value w = *vb++;
            if (va.raw() != w.raw() && canonical_raw(va.raw()) != canonical_raw(w.raw())) return false;
        }
    }
    return ia == end && ib == end;
}

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
    auto ns = nodes();
    ns.push_back(n);
    return detail::build_tree(p_->src, p_->open, ns, children_of(*this));
}

game_tree game_tree::with_node_appended(const node& n) && {
    detail::tree_rep* t = unique_rep(*this);
    if (t == nullptr) return std::as_const(*this).with_node_appended(n);
    if (t->node_count == t->node_capacity) {
        detail::tree_rep* g = detail::grown(*t, std::max<std::uint32_t>(8, t->node_capacity * 2), t->child_capacity);
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
    if (t == nullptr) return std::as_const(*this).with_variation(v);
    if (t->child_count == t->child_capacity) {
        detail::tree_rep* g = detail::grown(*t, t->node_capacity, std::max<std::uint32_t>(4, t->child_capacity * 2));
        *this = tree_access::adopt(g);
        t = g;
    }
    new (t->children() + t->child_count) game_tree(v);
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
    if (t == nullptr) return std::as_const(*this).with_variation(k, v);
    if (k >= t->child_count) throw std::out_of_range("variation index");
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

game_tree game_tree::with_node_at(const node_path& at, const node& n) const& {
    std::vector<game_tree> chain{*this};
    for (std::uint32_t v : at.variations) {
        const auto vs = chain.back().variations();
        if (v >= vs.size()) throw std::out_of_range("node path: no such variation");
        chain.push_back(vs[v]);
    }
    game_tree result = chain.back().with_node(at.index, n);
    for (std::size_t i = chain.size() - 1; i > 0; --i)
        result = chain[i - 1].with_variation(at.variations[i - 1], result);
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

collection collection::with_tree_appended(const game_tree& t) && {
    detail::check_tree(t);
    if (p_.use_count() != 1) return std::as_const(*this).with_tree_appended(t);
    const_cast<detail::collection_rep&>(*p_).trees.push_back(t);
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
    if (root.valid()) {
        stack_.push_back({root, 0, 0});
        load();
    }
}

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
    if (!t.foreign) {
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
