#pragma once
// The SGF tree (000_*: Collection -> GameTree -> Sequence of Node -> Property -> PropValue),
// immutable and persistent: copies are O(1), every edit returns a new version that shares
// every untouched subtree with the old one, and old versions never change.
//
// Representation (why it is small): the parse keeps the file's bytes alive and a game
// tree stores, per node, only the offset of the node's ';'. Properties and values are
// views read on demand by the one node reader (src/tree/node_reader.hpp, checked against
// the grammar). This is what keeps a parsed collection under 2.5x the size of its file;
// see docs/performance.md.
//
// Lifetimes: `node`, `game_tree` and `collection` are owning handles. `property` and
// `value` are views, valid while any handle of the bytes they view lives (the node or tree
// they came from, or any other handle of the same tree); no reference counting on the hot
// path. A view taken from a temporary node that is the last handle of its bytes
// (`node().with_property(...).find("C")`) keeps them alive itself.
//
// What a view of a temporary would leave dangling does not compile, or is reported by
// clang's -Wdangling (tests/lifetime/ holds each to it):
//   - deleted on a temporary: collection::trees(), begin(), end(); game_tree::begin(),
//     end(); preorder::begin(); main_line::begin(); load_result::text(), bytes();
//     effective() and effective_all() of a temporary tree; split_compose() of a temporary
//     string;
//   - by value on a temporary: collection::operator[], game_tree::variations(),
//     preorder::current(), tree(); cursor::tree(), path(); inherit_walker::effective(slot);
//     node::properties() and find() (views that keep the bytes);
//   - SGF_LIFETIMEBOUND (clang): value::raw(), composed(), property::ident(), and the
//     const& accessors above.
// Not diagnosable, as with std::vector: a span from variations() or trees(), or a
// reference into one, kept across an && edit of that same handle (an edit in place may
// move the storage). Passing one to the edit itself is fine.
// Every public type is valid after a move, and empty (the empty node, the null game tree,
// the empty collection, the empty value and property, a finished walk).
//
// Bulk construction is linear: `game_tree_builder`, or the && overloads of the edits
// (`t = std::move(t).with_node_appended(n)` appends in place when `t` is the only handle).
//
// Over 500 lines, one header on purpose: the handles (node, game_tree, collection), their
// views (property, value, ranges), the walks and the builder are one API a user includes
// together; their inline iterators keep the walk fast.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sgf/detail/lifetime.hpp"
#include "sgf/detail/node_reader.hpp"
#include "sgf/detail/scan.hpp"
#include "sgf/position.hpp"
#include "sgf/value.hpp"

namespace sgf {

struct decoded_value;  // typed_value.hpp

// A composed value given as its two decoded parts (node::with_composed_property).
struct composed_text {
    std::string_view first;
    std::string_view second;
};
struct tree_context;   // check.hpp

namespace detail {
struct source;
struct tree_rep;
struct collection_rep;
struct tree_access;
void retain(const tree_rep* t) noexcept;
void release(const tree_rep* t) noexcept;
// The bytes ";" of the empty node, shared by every empty and every moved-from node, range
// and collection without a reference count (handles that own nothing: static storage).
[[nodiscard]] const std::shared_ptr<const source>& empty_source() noexcept;
[[nodiscard]] const std::shared_ptr<const collection_rep>& empty_collection() noexcept;
}  // namespace detail

// One property of a node: PropIdent PropValue { PropValue }. A view (see "Lifetimes"); a
// moved-from property is the empty property().
class property {
public:
    property() = default;
    property(const property&) = default;
    property& operator=(const property&) = default;
    property(property&& o) noexcept
        : data_(std::exchange(o.data_, nullptr)), end_(std::exchange(o.end_, nullptr)),
          src_(std::exchange(o.src_, nullptr)), ref_(std::exchange(o.ref_, {})), keep_(std::move(o.keep_)) {}
    property& operator=(property&& o) noexcept {
        if (this != &o) {
            data_ = std::exchange(o.data_, nullptr);
            end_ = std::exchange(o.end_, nullptr);
            src_ = std::exchange(o.src_, nullptr);
            ref_ = std::exchange(o.ref_, {});
            keep_ = std::move(o.keep_);
            o.keep_.reset();
        }
        return *this;
    }

    // As written in the file; valid while the property is (or the handle it was taken from).
    [[nodiscard]] std::string_view ident() const noexcept SGF_LIFETIMEBOUND {
        return data_ ? std::string_view(data_ + ref_.ident, ref_.ident_size) : std::string_view{};
    }
    [[nodiscard]] position pos() const;  // position of the identifier
    [[nodiscard]] std::uint32_t offset() const noexcept { return ref_.ident; }
    [[nodiscard]] std::size_t size() const noexcept { return ref_.count; }  // number of values
    [[nodiscard]] std::vector<value> values() const;
    [[nodiscard]] value operator[](std::size_t i) const;  // O(i); throws std::out_of_range
    [[nodiscard]] value front() const { return (*this)[0]; }

    // The property's values decoded by its row of the property table for the game tree's
    // context (sgf::context_of(tree)): a typed value, or the first finding. The context is
    // required: the same bytes are a point in Go and no point in Hex (B[c3]), on the board
    // of SZ[19] and off that of SZ[9] (B[jj]). For a node made alone, context_of(node)
    // reads it as a root. Include sgf/typed_value.hpp to use it.
    [[nodiscard]] decoded_value typed(const tree_context& ctx) const;

    // The values in order. The iterator holds the current value (a view, as every value);
    // it stays valid without the property it came from. Moving one copies it.
    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = sgf::value;
        using difference_type = std::ptrdiff_t;
        using pointer = const sgf::value*;
        using reference = const sgf::value&;
        iterator() = default;
        iterator(const iterator&) = default;
        iterator& operator=(const iterator&) = default;
        [[nodiscard]] const sgf::value& operator*() const noexcept { return current_; }
        [[nodiscard]] const sgf::value* operator->() const noexcept { return &current_; }
        iterator& operator++() noexcept {
            if (--left_ != 0) {
                current_.open_ = detail::next_value_at(current_.data_, end_, current_.open_, current_.size_);
                current_.size_ = detail::value_size_at(current_.data_, end_, current_.open_);
            }
            return *this;
        }
        iterator operator++(int) noexcept {
            auto t = *this;
            ++*this;
            return t;
        }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.left_ == b.left_; }

    private:
        friend class property;
        explicit iterator(const property& p) noexcept
            : current_(p.data_, p.src_, p.ref_.first, p.ref_.first_size, p.keep_), end_(p.end_), left_(p.ref_.count) {
            if (left_ != 0 && current_.size_ == detail::property_ref::unknown_size)
                current_.size_ = detail::value_size_at(current_.data_, end_, current_.open_);
        }
        sgf::value current_;         // a view of the property's bytes, as the property is
        const char* end_ = nullptr;  // the end of the source's bytes
        std::uint32_t left_ = 0;     // values left including the current one
    };
    [[nodiscard]] iterator begin() const noexcept { return iterator(*this); }
    [[nodiscard]] iterator end() const noexcept { return {}; }

private:
    friend struct detail::tree_access;
    friend class property_range;
    property(const char* data, const char* end, const detail::source* src, const detail::property_ref& r,
             std::shared_ptr<const detail::source> keep = {}) noexcept
        : data_(data), end_(end), src_(src), ref_(r), keep_(std::move(keep)) {}

    const char* data_ = nullptr;           // the source's bytes [data_, end_)
    const char* end_ = nullptr;
    const detail::source* src_ = nullptr;  // for positions
    detail::property_ref ref_;             // offsets of the identifier and the values
    std::shared_ptr<const detail::source> keep_;  // set only for views of temporaries
};

// The properties of one node in file order, read on the fly by the node reader (no
// allocation, no call per property on the strict form). A moved-from range is the range of
// the empty node.
class property_range {
public:
    // Holds the node reader and the current property (a view, as every property); stays
    // valid without the range it came from. Moving one copies it.
    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = property;
        using difference_type = std::ptrdiff_t;
        using pointer = const property*;
        using reference = const property&;
        iterator() = default;
        iterator(const iterator&) = default;
        iterator& operator=(const iterator&) = default;
        [[nodiscard]] const property& operator*() const noexcept { return current_; }
        [[nodiscard]] const property* operator->() const noexcept { return &current_; }
        iterator& operator++() noexcept {
            step();
            return *this;
        }
        iterator operator++(int) noexcept {
            auto t = *this;
            ++*this;
            return t;
        }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.at_ == b.at_; }

    private:
        friend class property_range;
        explicit iterator(const property_range& r) noexcept
            : reader_(r.data_, r.end_, r.offset_), current_(r.data_, r.end_, r.src_, {}, r.keep_) {
            step();
        }
        void step() noexcept {
            detail::property_ref p;
            if (!reader_.next(p)) {
                at_ = end_mark;
                return;
            }
            at_ = p.ident;
            current_.ref_ = p;
        }
        static constexpr std::uint32_t end_mark = 0xffffffffu;
        detail::node_reader reader_{nullptr, nullptr, 0};
        std::uint32_t at_ = end_mark;  // the current property's identifier
        property current_;
    };
    property_range(const property_range&) = default;
    property_range& operator=(const property_range&) = default;
    property_range(property_range&& o) noexcept;
    property_range& operator=(property_range&& o) noexcept;

    [[nodiscard]] iterator begin() const noexcept { return iterator(*this); }
    [[nodiscard]] iterator end() const noexcept { return {}; }
    [[nodiscard]] bool empty() const { return begin() == end(); }
    // Counts the properties: reads the node (O(properties)), hence not size(), which ranges
    // take to be O(1).
    [[nodiscard]] std::size_t count() const;
    [[nodiscard]] std::vector<property> to_vector() const { return {begin(), end()}; }

private:
    friend class node;
    friend struct detail::tree_access;
    property_range(const char* data, const char* end, const detail::source* src, std::uint32_t offset,
                   std::shared_ptr<const detail::source> keep) noexcept
        : data_(data), end_(end), src_(src), offset_(offset), keep_(std::move(keep)) {}
    void become_empty() noexcept;  // the range of the empty node (a moved-from range)
    const char* data_;
    const char* end_;
    const detail::source* src_;
    std::uint32_t offset_;
    std::shared_ptr<const detail::source> keep_;
};

// The result of node::get: the typed value, or why there is none (typed_value.hpp).
template <class T>
class get_result;

// One node: ";" { Property }. A moved-from node is the empty node.
class node {
public:
    node() noexcept : src_(detail::empty_source()) {}  // the empty node ";"
    node(const node&) = default;
    node& operator=(const node&) = default;
    node(node&& o) noexcept : src_(std::move(o.src_)), off_(std::exchange(o.off_, 0)) { o.src_ = detail::empty_source(); }
    node& operator=(node&& o) noexcept {
        if (this != &o) {
            src_ = std::move(o.src_);
            off_ = std::exchange(o.off_, 0);
            o.src_ = detail::empty_source();
        }
        return *this;
    }

    [[nodiscard]] position pos() const;  // position of the ';'
    [[nodiscard]] std::uint32_t offset() const noexcept { return off_; }

    // All properties in file order (an identifier may repeat in broken files).
    [[nodiscard]] property_range properties() const&;
    [[nodiscard]] property_range properties() &&;
    // The first property with this identifier (as written).
    [[nodiscard]] std::optional<property> find(std::string_view ident) const&;
    [[nodiscard]] std::optional<property> find(std::string_view ident) &&;
    [[nodiscard]] bool has(std::string_view ident) const;
    [[nodiscard]] bool empty() const;
    // The typed value of property `ident` decoded in the game tree's context (context_of:
    // the root's FF, GM, SZ and CA; property::typed) when it is a T (sgf::real for KM,
    // sgf::number for HA, sgf::list for AB, ...); else why not: absent, invalid (with the
    // finding) or of another type. Include sgf/typed_value.hpp to use it.
    template <class T>
    [[nodiscard]] get_result<T> get(std::string_view ident, const tree_context& ctx) const;

    // Edits: a new node; this one is unchanged. Each replaces every property with that
    // identifier, in place of the first (or appends it). Throws std::invalid_argument for
    // an identifier that is not A-Z letters or for no values.
    //
    // Decoded values: each text is escaped so that sgf::unescape reads it back exactly:
    // '\' and ']' are escaped (`C:\games\x` stays `C:\games\x`), a ':' is kept as written.
    // In a compose-typed property (AP, LB, AR, LN, SZ, FG, ...) the first ':' then separates
    // the two parts, and a second one makes the value invalid (E107: with_property("AP",
    // {"a:b:c"}) writes AP[a:b:c]); give such values as their parts, with
    // with_composed_property, which escapes every ':' inside a part.
    [[nodiscard]] node with_property(std::string_view ident, const std::vector<std::string>& texts) const&;
    [[nodiscard]] node with_property(std::string_view ident, std::initializer_list<std::string_view> texts) const&;
    // Composed values as their two decoded parts: with_composed_property("AP", {{"a", "b:c"}})
    // writes AP[a:b\:c], which reads back as the parts "a" and "b:c".
    [[nodiscard]] node with_composed_property(std::string_view ident, std::initializer_list<composed_text> values) const&;
    [[nodiscard]] node with_composed_property(std::string_view ident,
                                              const std::vector<std::pair<std::string, std::string>>& values) const&;
    // Raw values, as they would stand between '[' and ']' (escapes in place). Throws
    // std::invalid_argument for an unescaped ']' or a trailing unpaired '\'.
    [[nodiscard]] node with_raw_property(std::string_view ident, const std::vector<std::string>& raw_values) const&;
    [[nodiscard]] node without_property(std::string_view ident) const&;

    // Identity: two handles to the same stored node.
    [[nodiscard]] bool same(const node& o) const noexcept { return src_ == o.src_ && off_ == o.off_; }

    // Structural equality: same identifiers in the same order, values equal by canonical_raw.
    friend bool operator==(const node& a, const node& b);

private:
    friend struct detail::tree_access;
    friend class preorder;
    node(std::shared_ptr<const detail::source> src, std::uint32_t offset) noexcept : src_(std::move(src)), off_(offset) {}
    // What a view of this temporary node keeps alive: always its bytes. Whoever else holds
    // them (a tree) may be a temporary too: t.with_node(...)[1].find("C")->front() outlives
    // both. Views of a node held by name (the loop variable of a range-for) keep nothing.
    [[nodiscard]] std::shared_ptr<const detail::source> keep_alive() const noexcept { return src_; }
    std::shared_ptr<const detail::source> src_;
    std::uint32_t off_ = 0;
};

// Where a node sits inside a game tree: follow `variations` (child indices) from the
// root game tree, then take node `index` of that game tree's sequence.
struct node_path {
    std::vector<std::uint32_t> variations;
    std::uint32_t index = 0;
    friend bool operator==(const node_path&, const node_path&) = default;
};

// GameTree = "(" Sequence { GameTree } ")". A range of the sequence's nodes. A moved-from
// game tree is the null handle.
class game_tree {
public:
    game_tree() noexcept = default;  // null handle (valid() == false, size() == 0)
    // Throws std::invalid_argument when nodes is empty (a GameTree has a Sequence of >= 1
    // node) or a variation is a null handle.
    explicit game_tree(const std::vector<node>& nodes, const std::vector<game_tree>& variations = {});
    game_tree(const game_tree& o) noexcept : p_(o.p_) { detail::retain(p_); }
    game_tree(game_tree&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
    game_tree& operator=(game_tree o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }
    ~game_tree() { detail::release(p_); }

    [[nodiscard]] bool valid() const noexcept { return p_ != nullptr; }
    [[nodiscard]] std::size_t size() const noexcept;     // nodes in the sequence
    // Node i of the sequence; throws std::out_of_range past the end (front() and back() of
    // a null handle too).
    [[nodiscard]] node operator[](std::size_t i) const;
    [[nodiscard]] node front() const { return (*this)[0]; }
    [[nodiscard]] node back() const { return (*this)[size() - 1]; }
    [[nodiscard]] std::vector<node> nodes() const;
    // A view of this version's variations (an && edit of this tree may move them: the span
    // is then invalid, as std::vector's push_back invalidates); of a temporary: a copy.
    [[nodiscard]] std::span<const game_tree> variations() const& noexcept SGF_LIFETIMEBOUND;
    [[nodiscard]] std::vector<game_tree> variations() && { return {std::as_const(*this).variations().begin(), std::as_const(*this).variations().end()}; }
    [[nodiscard]] position pos() const;  // position of the '('

    class iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = node;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = node;
        iterator() = default;
        [[nodiscard]] node operator*() const { return (*t_)[i_]; }
        [[nodiscard]] node operator[](difference_type k) const { return (*t_)[i_ + static_cast<std::size_t>(k)]; }
        iterator& operator++() noexcept { ++i_; return *this; }
        iterator operator++(int) noexcept { auto c = *this; ++i_; return c; }
        iterator& operator--() noexcept { --i_; return *this; }
        iterator operator--(int) noexcept { auto c = *this; --i_; return c; }
        iterator& operator+=(difference_type k) noexcept { i_ += static_cast<std::size_t>(k); return *this; }
        iterator& operator-=(difference_type k) noexcept { i_ -= static_cast<std::size_t>(k); return *this; }
        friend iterator operator+(iterator a, difference_type k) noexcept { return a += k; }
        friend iterator operator+(difference_type k, iterator a) noexcept { return a += k; }
        friend iterator operator-(iterator a, difference_type k) noexcept { return a -= k; }
        friend difference_type operator-(const iterator& a, const iterator& b) noexcept {
            return static_cast<difference_type>(a.i_) - static_cast<difference_type>(b.i_);
        }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.i_ == b.i_; }
        friend auto operator<=>(const iterator& a, const iterator& b) noexcept { return a.i_ <=> b.i_; }

    private:
        friend class game_tree;
        iterator(const game_tree* t, std::size_t i) noexcept : t_(t), i_(i) {}
        const game_tree* t_ = nullptr;
        std::size_t i_ = 0;
    };
    // The iterators point to this handle: none of a temporary (range-for over one is fine:
    // the loop keeps it).
    [[nodiscard]] iterator begin() const& noexcept SGF_LIFETIMEBOUND { return {this, 0}; }
    [[nodiscard]] iterator end() const& noexcept SGF_LIFETIMEBOUND { return {this, size()}; }
    iterator begin() && = delete;
    iterator end() && = delete;

    // Identity: unchanged subtrees are the same object after an edit.
    [[nodiscard]] const void* identity() const noexcept { return p_; }
    [[nodiscard]] bool same(const game_tree& o) const noexcept { return p_ == o.p_; }

    // Edits of this game tree's own sequence and variations. The && forms edit in place
    // when this is the only handle (amortised O(1) appends): they, and game_tree_builder,
    // are the linear way to build a tree. The const& forms leave this version as it is, so
    // each copies the sequence's node slots (4 bytes a node, plus a handle per node taken
    // from another tree): N appends through const& take O(N^2) time, with a small constant
    // (8,000 appends of new nodes: about 0.1 s).
    //
    // Arguments may come from the tree being edited: t = std::move(t).with_variation(
    // t.variations()[0]) appends a copy of the first variation (the argument is taken before
    // the storage it lies in is moved). A tree never contains itself: t.with_variation(t)
    // and t.with_variation(k, t), in either form, put the version before the edit into the
    // new one (the && form then copies instead of editing in place, which would make a
    // cycle: a tree without end). A moved-from (null) tree: the edits throw
    // std::invalid_argument as for any null handle, except with_node_appended, which starts
    // a tree of one node.
    [[nodiscard]] game_tree with_node(std::size_t i, const node& n) const&;
    [[nodiscard]] game_tree with_node(std::size_t i, const node& n) &&;
    [[nodiscard]] game_tree with_node_appended(const node& n) const&;
    [[nodiscard]] game_tree with_node_appended(const node& n) &&;
    [[nodiscard]] game_tree with_variation(const game_tree& t) const&;  // appended
    [[nodiscard]] game_tree with_variation(const game_tree& t) &&;
    [[nodiscard]] game_tree with_variation(std::size_t k, const game_tree& t) const&;  // replaced
    [[nodiscard]] game_tree with_variation(std::size_t k, const game_tree& t) &&;
    [[nodiscard]] game_tree without_variation(std::size_t k) const&;
    // Edits anywhere below: copies only the game trees on the path.
    [[nodiscard]] game_tree with_node_at(const node_path& at, const node& n) const&;
    // n appended to the end of the main line (main_line below): to the sequence of the game
    // tree reached by taking the first variation at each fork, whose leaf it becomes.
    [[nodiscard]] game_tree with_main_line_appended(const node& n) const&;
    // with_node_at(at, fn(node_at(at))): fn takes a node and returns the new node.
    template <class F>
    [[nodiscard]] game_tree update_at(const node_path& at, F&& fn) const& {
        return with_node_at(at, std::forward<F>(fn)(node_at(at)));
    }
    [[nodiscard]] node node_at(const node_path& at) const;  // throws std::out_of_range
    [[nodiscard]] std::size_t node_count() const;           // all nodes of all variations

    friend bool operator==(const game_tree& a, const game_tree& b);

private:
    friend struct detail::tree_access;
    explicit game_tree(const detail::tree_rep* p) noexcept : p_(p) {}  // adopts one reference
    const detail::tree_rep* p_ = nullptr;
};

// Collection = GameTree { GameTree }. A moved-from collection is empty.
class collection {
public:
    collection() noexcept : p_(detail::empty_collection()) {}
    explicit collection(std::vector<game_tree> trees);
    collection(const collection&) = default;
    collection& operator=(const collection&) = default;
    collection(collection&& o) noexcept : p_(std::move(o.p_)) { o.p_ = detail::empty_collection(); }
    collection& operator=(collection&& o) noexcept {
        if (this != &o) {
            p_ = std::move(o.p_);
            o.p_ = detail::empty_collection();
        }
        return *this;
    }

    [[nodiscard]] std::size_t size() const noexcept;
    [[nodiscard]] bool empty() const noexcept { return size() == 0; }
    // Game tree i; throws std::out_of_range past the end (as game_tree::operator[]). Of a
    // temporary: a handle (a copy).
    [[nodiscard]] const game_tree& operator[](std::size_t i) const& SGF_LIFETIMEBOUND;
    [[nodiscard]] game_tree operator[](std::size_t i) && { return std::as_const(*this)[i]; }
    // Views of this version's game trees (an && edit may move them); none of a temporary
    // (range-for over a temporary collection is fine: the loop keeps it).
    [[nodiscard]] std::span<const game_tree> trees() const& noexcept SGF_LIFETIMEBOUND;
    std::span<const game_tree> trees() && = delete;
    [[nodiscard]] auto begin() const& noexcept SGF_LIFETIMEBOUND { return trees().begin(); }
    [[nodiscard]] auto end() const& noexcept SGF_LIFETIMEBOUND { return trees().end(); }
    void begin() && = delete;
    void end() && = delete;

    // Edits (arguments may be trees of this collection: c = std::move(c).with_tree_appended(c[0])).
    [[nodiscard]] collection with_tree(std::size_t i, const game_tree& t) const&;
    [[nodiscard]] collection with_tree_appended(const game_tree& t) const&;
    [[nodiscard]] collection with_tree_appended(const game_tree& t) &&;
    [[nodiscard]] collection without_tree(std::size_t i) const&;
    [[nodiscard]] const void* identity() const noexcept { return p_.get(); }

    friend bool operator==(const collection& a, const collection& b);

private:
    std::shared_ptr<const detail::collection_rep> p_;
};

// Bulk construction in linear time, as a parser would: nodes go into the sequence of the
// innermost open game tree; open() starts a variation of it, close() ends it. New nodes
// are written into one buffer that becomes the tree's source at build(); existing nodes
// are shared. Throws std::logic_error on a misuse (a node after a variation in the same
// game tree, a variation of a game tree without nodes, close() of the root, build() of
// an empty tree). A moved-from builder is a new one.
class game_tree_builder {
public:
    // A property given by decoded texts (escaped as node::with_property does).
    struct prop {
        std::string_view ident;
        std::initializer_list<std::string_view> texts;
    };
    game_tree_builder();
    game_tree_builder(game_tree_builder&&) noexcept;
    game_tree_builder& operator=(game_tree_builder&&) noexcept;
    ~game_tree_builder();

    game_tree_builder& add(const node& n);
    game_tree_builder& add(std::initializer_list<prop> props);
    game_tree_builder& add(const std::vector<std::pair<std::string, std::vector<std::string>>>& props);
    game_tree_builder& open();
    game_tree_builder& close();
    [[nodiscard]] std::size_t depth() const noexcept;  // open variations (0 = in the root)
    // Closes every open variation and returns the game tree.
    [[nodiscard]] game_tree build() &&;

private:
    struct impl;
    impl& state();  // p_, made anew after a move
    std::unique_ptr<impl> p_;
};

// Navigation. A cursor walks the tree as the user sees it (000_*: the root, its child,
// ...; the last node of a sequence has one child per variation). Explicit stack: any depth.
// It holds its own handles of the trees on its path. A moved-from cursor is on no tree:
// current() throws std::out_of_range, tree() is the null handle, it has no children.
class cursor {
public:
    explicit cursor(game_tree root);  // throws std::invalid_argument for a null handle
    cursor(const cursor&) = default;
    cursor& operator=(const cursor&) = default;
    cursor(cursor&& o) noexcept;
    cursor& operator=(cursor&& o) noexcept;
    [[nodiscard]] node current() const;
    [[nodiscard]] const node_path& path() const& noexcept SGF_LIFETIMEBOUND { return path_; }
    [[nodiscard]] node_path path() && { return std::move(path_); }
    [[nodiscard]] std::size_t depth() const noexcept { return depth_; }  // root = 0
    [[nodiscard]] bool at_root() const noexcept { return depth_ == 0; }
    [[nodiscard]] std::size_t child_count() const noexcept;
    bool to_child(std::size_t k = 0);  // false (and no move) when there is no such child
    bool to_parent();                  // false at the root
    // The game tree whose sequence holds current().
    [[nodiscard]] const game_tree& tree() const& noexcept SGF_LIFETIMEBOUND;
    [[nodiscard]] game_tree tree() && { return std::as_const(*this).tree(); }

private:
    std::vector<game_tree> stack_;  // game trees from the root to the current one
    node_path path_;
    std::size_t depth_ = 0;
};

// Pre-order walk in file order, numbering nodes as 000_* does (root=0, a=1, ... j=10).
// Either by hand (while (!p.done()) { ... p.next(); }) or as an input range of the nodes
// (for (const sgf::node& n : sgf::preorder(t)), with p.number() etc. when p is named);
// std::ranges::input_range. It holds its own handles of the trees on its path. When done
// (and when moved from): current() is the empty node, tree() the null handle, index() 0.
class preorder {
public:
    explicit preorder(const game_tree& root);
    preorder(const preorder&) = default;
    preorder& operator=(const preorder&) = default;
    preorder(preorder&& o) noexcept;
    preorder& operator=(preorder&& o) noexcept;

    [[nodiscard]] bool done() const noexcept { return stack_.empty(); }
    // A reference to this walk's node, which next() replaces; of a temporary walk: a copy.
    [[nodiscard]] const node& current() const& noexcept SGF_LIFETIMEBOUND { return current_; }
    [[nodiscard]] node current() && { return std::move(current_); }
    [[nodiscard]] std::size_t number() const noexcept { return number_; }
    [[nodiscard]] const game_tree& tree() const& noexcept SGF_LIFETIMEBOUND;
    [[nodiscard]] game_tree tree() && { return std::as_const(*this).tree(); }
    [[nodiscard]] std::size_t index() const noexcept { return stack_.empty() ? 0 : stack_.back().index; }
    [[nodiscard]] std::size_t depth() const noexcept;  // game-tree nesting of the current node
    void next() {
        if (run_ != 0) {  // the next node of the sequence, in the same source: its offset
            --run_;
            ++stack_.back().index;
            ++number_;
            current_.off_ = *++slot_;
            return;
        }
        advance();
    }

    // The walk as a range: begin() starts where the walk stands, ++ is next(). One pass:
    // every iterator of a walk shares its place (an input range).
    struct sentinel {};
    class iterator {
    public:
        using value_type = node;
        using difference_type = std::ptrdiff_t;
        using iterator_concept = std::input_iterator_tag;
        iterator() = default;
        [[nodiscard]] const node& operator*() const noexcept { return walk_->current_; }
        [[nodiscard]] const node* operator->() const noexcept { return &walk_->current_; }
        iterator& operator++() {
            walk_->next();
            return *this;
        }
        void operator++(int) { walk_->next(); }
        friend bool operator==(const iterator& i, sentinel) noexcept { return i.walk_->done(); }

    private:
        friend class preorder;
        explicit iterator(preorder* w) noexcept : walk_(w) {}
        preorder* walk_ = nullptr;
    };
    [[nodiscard]] iterator begin() & noexcept SGF_LIFETIMEBOUND { return iterator(this); }
    iterator begin() && = delete;  // range-for over a temporary walk is fine: the loop keeps it
    [[nodiscard]] sentinel end() const noexcept { return {}; }

private:
    struct frame {  // 16 bytes: a walk down 1e6 nested variations holds 1e6 of them
        game_tree tree;
        std::uint32_t index;  // (a game tree's nodes and variations are counted in 32 bits)
        std::uint32_t next_variation;
    };
    void advance();
    void load();  // current_ = node index of the top frame
    std::vector<frame> stack_;
    node current_;
    std::size_t number_ = 0;
    const std::uint32_t* slot_ = nullptr;  // the current node's slot in its game tree
    std::uint32_t run_ = 0;  // slots after it that are offsets in current_'s source
};

// The main line: every node from the root to a leaf taking the first variation at each
// fork (the root's sequence, then the sequence of its first variation, and so on), each
// with its path, so that an edit can go through it:
//   for (const auto& [n, path] : sgf::main_line(game)) game = game.with_node_at(path, ...);
// Lazy: one path is kept and updated in place (any depth). The iterators point into the
// main_line, which holds its own handle of the tree: none of a temporary main_line.
class main_line {
public:
    struct entry {
        sgf::node node;
        node_path path;
    };
    class iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = entry;
        using difference_type = std::ptrdiff_t;
        using pointer = const entry*;
        using reference = const entry&;
        iterator() = default;
        [[nodiscard]] const entry& operator*() const noexcept { return current_; }
        [[nodiscard]] const entry* operator->() const noexcept { return &current_; }
        iterator& operator++();
        void operator++(int) { ++*this; }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.tree_ == b.tree_; }

    private:
        friend class main_line;
        explicit iterator(const game_tree* t);
        const game_tree* tree_ = nullptr;  // nullptr = end
        entry current_;
    };
    explicit main_line(game_tree root) : root_(std::move(root)) {}
    [[nodiscard]] iterator begin() const& SGF_LIFETIMEBOUND { return iterator(root_.valid() ? &root_ : nullptr); }
    iterator begin() && = delete;  // range-for over a temporary main_line is fine: the loop keeps it
    [[nodiscard]] iterator end() const noexcept { return {}; }
    [[nodiscard]] std::vector<node> nodes() const;

private:
    game_tree root_;
};

}  // namespace sgf
