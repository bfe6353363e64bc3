#pragma once
// Typed values: a property value decoded_value by its row of the property table (properties.hpp)
// into a boost::variant2::variant of the FF[4] value types (000_* "Property Value Types";
// ff4_sgf.txt 3): None, Number, Real, Double, Color, SimpleText, Text, Point, Move, Stone,
// Compose, and the lists of them.
//
// The decoding IS the validation: the PEGTL value-type rules of grammar/ (the EBNF
// productions, the game pages' Point/Move/Stone forms, the formats of DT, RE, TM, SZ, AP,
// FG) run on the value, and their actions build the typed value. A value that does not
// match gives a `value_error` with the place inside the value where it goes wrong
// (DT[1996-13-01]: at the "13") and the rule a profile grades (properties.hpp, `rule`).
//
// Representation:
//   None -> none; Number -> number (int64, saturating at the limits); Real -> real (double);
//   Double -> double_value (1 normal, 2 emphasized); Color -> color;
//   SimpleText, Text -> simple_text, text: escapes processed, line breaks and white space
//     as 000_* "Text"/"SimpleText" say, in UTF-8 when the charset is given;
//   Point -> point (1-based column and row as the game page numbers them);
//   Move -> move (kind point, pass, special word, or compound with its points);
//   Stone -> stone (a point; Octi adds prongs);
//   Compose -> compose (its two parts); a list or elist -> list, compressed point lists
//     expanded into their points (000_* "Compressed point lists"), [] of an elist -> empty.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/variant2/variant.hpp>

#include "sgf/context.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"

namespace sgf {

// ------------------------------------------------------------------------------ types

enum class move_kind : std::uint8_t {
    point,     // one point: Go, Hex, Twixt placements
    pass,      // Go "" or "tt", Hex "pass", LOA "Pass"
    special,   // other special moves: "resign", "swap-pieces", "double", ...
    compound,  // several points: LOA, Amazons, Gess, Backgammon, Octi
};
struct none {
    friend constexpr bool operator==(none, none) noexcept { return true; }
};
using number = std::int64_t;
using real = double;
enum class double_value : std::uint8_t { normal = 1, emphasized = 2 };
enum class color : std::uint8_t { black, white };
struct simple_text {
    std::string value;
    friend bool operator==(const simple_text&, const simple_text&) = default;
};
struct text {
    std::string value;
    friend bool operator==(const text&, const text&) = default;
};
using point = board_point;

// The points of a move: up to two in place (Go, Hex and Twixt moves have one, LOA and Gess
// moves two), more on the heap (Amazons: three; Backgammon, Octi), so that decoding the
// moves of a game allocates nothing. The part of std::vector's interface a reader uses:
// size, [], begin/end, push_back, ==; a contiguous range (std::span<const board_point> takes
// it); the same size as a std::vector.
class point_list {
public:
    using value_type = board_point;
    using size_type = std::size_t;
    using iterator = board_point*;
    using const_iterator = const board_point*;

    point_list() noexcept = default;
    point_list(std::initializer_list<board_point> ps) { assign(ps.begin(), ps.end()); }
    explicit point_list(std::span<const board_point> ps) { assign(ps.data(), ps.data() + ps.size()); }
    point_list(const point_list& o) { assign(o.begin(), o.end()); }
    point_list(point_list&& o) noexcept { take(o); }
    point_list& operator=(const point_list& o) {
        if (this != &o) {
            clear();
            assign(o.begin(), o.end());
        }
        return *this;
    }
    point_list& operator=(point_list&& o) noexcept {
        if (this != &o) {
            release();
            take(o);
        }
        return *this;
    }
    ~point_list() { release(); }

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
    [[nodiscard]] board_point* data() noexcept { return on_heap() ? u_.heap : u_.local; }
    [[nodiscard]] const board_point* data() const noexcept { return on_heap() ? u_.heap : u_.local; }
    // Checked as every operator[] of the API: std::out_of_range past the end (front() and
    // back() of an empty list too). data() is the unchecked way.
    [[nodiscard]] board_point& operator[](std::size_t i) SGF_LIFETIMEBOUND { return data()[checked(i)]; }
    [[nodiscard]] const board_point& operator[](std::size_t i) const SGF_LIFETIMEBOUND { return data()[checked(i)]; }
    [[nodiscard]] const board_point& front() const SGF_LIFETIMEBOUND { return (*this)[0]; }
    [[nodiscard]] const board_point& back() const SGF_LIFETIMEBOUND { return (*this)[size_ - 1]; }
    [[nodiscard]] iterator begin() noexcept { return data(); }
    [[nodiscard]] iterator end() noexcept { return data() + size_; }
    [[nodiscard]] const_iterator begin() const noexcept { return data(); }
    [[nodiscard]] const_iterator end() const noexcept { return data() + size_; }

    void push_back(board_point p) {
        if (size_ == capacity_) grow(2 * static_cast<std::size_t>(capacity_));
        data()[size_++] = p;
    }
    void reserve(std::size_t n) {
        if (n > capacity_) grow(n);
    }
    void clear() noexcept { size_ = 0; }

    friend bool operator==(const point_list& a, const point_list& b) noexcept {
        if (a.size_ != b.size_) return false;
        for (std::uint32_t i = 0; i < a.size_; ++i)
            if (!(a.data()[i] == b.data()[i])) return false;
        return true;
    }

private:
    static constexpr std::uint32_t local_capacity = 2;
    [[nodiscard]] std::size_t checked(std::size_t i) const {
        if (i >= size_) throw std::out_of_range("point list index");
        return i;
    }
    [[nodiscard]] bool on_heap() const noexcept { return capacity_ > local_capacity; }
    void assign(const board_point* b, const board_point* e) {
        reserve(static_cast<std::size_t>(e - b));
        for (; b != e; ++b) data()[size_++] = *b;
    }
    void grow(std::size_t n) {
        auto* heap = new board_point[n];
        for (std::uint32_t i = 0; i < size_; ++i) heap[i] = data()[i];
        release();
        u_.heap = heap;
        capacity_ = static_cast<std::uint32_t>(n);
    }
    void take(point_list& o) noexcept {
        size_ = o.size_;
        capacity_ = o.capacity_;
        if (o.on_heap()) {
            u_.heap = o.u_.heap;
        } else {
            for (std::uint32_t i = 0; i < size_; ++i) u_.local[i] = o.u_.local[i];
        }
        o.size_ = 0;
        o.capacity_ = local_capacity;
    }
    void release() noexcept {
        if (on_heap()) delete[] u_.heap;
        capacity_ = local_capacity;
    }

    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = local_capacity;
    union storage {
        storage() noexcept {}  // the points are written before they are read
        board_point local[local_capacity];
        board_point* heap;
    } u_;
};

struct move {
    move_kind kind = move_kind::point;
    point_list points;  // in written order (Amazons: from, to, arrow)
    std::string word;                 // the special move or pass as written ("" for Go's []);
                                      // Backgammon's dice of a compound move ("41" of 41lpab)
    [[nodiscard]] bool is_pass() const noexcept { return kind == move_kind::pass; }
    friend bool operator==(const move&, const move&) = default;
};
struct stone {
    board_point at;
    std::string prongs;  // Octi only: the prong letters A-H
    friend bool operator==(const stone&, const stone&) = default;
};

struct typed_value;
// Compose = ValueType ":" ValueType: exactly two parts.
struct compose {
    std::vector<typed_value> parts;
    // Defined below typed_value: a vector of an incomplete type cannot be indexed or compared
    // yet (clang instantiates these eagerly).
    [[nodiscard]] const typed_value& first() const;
    [[nodiscard]] const typed_value& second() const;
    friend bool operator==(const compose&, const compose&);
};
// 'list of' / 'elist of'.
struct list {
    std::vector<typed_value> items;
    friend bool operator==(const list&, const list&);
};

using typed_value_base = boost::variant2::variant<none, number, real, double_value, color, simple_text, text, point,
                                                  move, stone, compose, list>;
struct typed_value : typed_value_base {
    using typed_value_base::typed_value_base;
    typed_value() = default;
    template <class T>
    [[nodiscard]] bool is() const noexcept {
        return boost::variant2::holds_alternative<T>(*this);
    }
    template <class T>
    [[nodiscard]] const T* get_if() const noexcept {
        return boost::variant2::get_if<T>(static_cast<const typed_value_base*>(this));
    }
    friend bool operator==(const typed_value& a, const typed_value& b) {
        return static_cast<const typed_value_base&>(a) == static_cast<const typed_value_base&>(b);
    }
};
inline const typed_value& compose::first() const { return parts.at(0); }
inline const typed_value& compose::second() const { return parts.at(1); }
inline bool operator==(const compose& a, const compose& b) { return a.parts == b.parts; }
inline bool operator==(const list& a, const list& b) { return a.items == b.items; }

// ------------------------------------------------------------------------------ decoding

// Why a value does not decode, where, and the rule that grades it.
struct value_error {
    rule which = rule::value_syntax;
    std::uint32_t at = 0;  // byte offset inside the raw value (between '[' and ']')
    std::string message;   // "DT[1996-13-01]: month 13 out of range 01-12"
    friend bool operator==(const value_error&, const value_error&) = default;
};

struct decoded_value {
    typed_value value;                 // none when the value does not decode
    std::optional<value_error> error;  // the first finding

    // Constructors, not an aggregate: GCC clears a whole aggregate (120 bytes) before
    // setting its members, once per decoded property.
    decoded_value() noexcept {}  // NOLINT: not = default, for the same reason
    template <class V>
        requires std::constructible_from<typed_value, V&&>
    decoded_value(V&& v, std::optional<value_error> e = std::nullopt)  // NOLINT: {value, error}
        : value(std::forward<V>(v)), error(std::move(e)) {}
    // A value built in place (no variant move): decoded_value(in_place_type<move>, ...).
    template <class T, class... A>
    explicit decoded_value(boost::variant2::in_place_type_t<T> t, A&&... a) : value(t, std::forward<A>(a)...) {}
    [[nodiscard]] explicit operator bool() const noexcept { return !error; }
};

// What a decoding needs to know about the game tree the value stands in.
struct decode_options {
    const game_rule* game = &go_game();  // nullptr: a GM without a row (points, moves unchecked)
    board_size size{19, 19};             // {0,0}: points not checked against a board
    std::string_view charset{};          // the text's charset ("" or UTF-8: as they are)
    bool values = true;                  // false: validate only (texts, composes and lists are
                                         // not built; the checker's use)
    bool rules_only = false;             // true: no shortcut, every value through its rule
                                         // (the tests and the values fuzz target compare them)
};

// One value of a single kind (a ValueType, not a Compose); `ident` names the property in
// messages.
[[nodiscard]] decoded_value decode_kind(value_kind kind, std::string_view raw, const decode_options& o = {},
                                  std::string_view ident = {});

// One PropValue of a property of row r: its alternatives, Compose, compressed point lists
// (a rectangle decodes to the list of its points), the number range, the format (DT, RE,
// SZ, ...) and the vocabulary.
[[nodiscard]] decoded_value decode_value(const property_rule& r, std::string_view raw, const decode_options& o = {});

// All values of a property of row r: a single value, or a list (values in order, rectangles
// expanded, an elist's [] empty). `raws` are the property's raw values.
[[nodiscard]] decoded_value decode_property(const property_rule& r, std::span<const std::string_view> raws,
                                      const decode_options& o = {});
[[nodiscard]] inline decoded_value decode_property(const property_rule& r, const std::vector<std::string_view>& raws,
                                             const decode_options& o = {}) {
    return decode_property(r, std::span<const std::string_view>(raws), o);
}

// The decoding of a game tree's values: its game, board size and charset (texts in a file
// without CA are read as UTF-8 when they are valid UTF-8, else as ISO-8859-1, the spec's
// default).
[[nodiscard]] decode_options options_for(const tree_context& ctx);

// The row of the property table property::typed decodes property `ident` by in a game tree
// of context ctx (FF[1]-FF[3] identifiers with lower-case letters: their capitals' row);
// nullptr for an unknown (private) property.
[[nodiscard]] const property_rule* typing_row(std::string_view ident, const tree_context& ctx);

// ------------------------------------------------------------------------------ node::get

// Why node::get gave no value.
enum class get_failure : std::uint8_t {
    absent,      // the node has no such property
    invalid,     // its value does not decode (get_result::error() says why)
    other_type,  // it decodes, to another type than the one asked for
};

// What node::get<T> found: a T, or why not (the part of C++23's std::expected<T, E> a
// reader needs). `if (auto km = root.get<sgf::real>("KM", ctx)) use(*km); else if
// (km.invalid()) report(km.error()->message);`
template <class T>
class get_result {
public:
    get_result(T v) : value_(std::move(v)) {}  // NOLINT: found
    explicit get_result(get_failure why, std::optional<value_error> e = std::nullopt)
        : why_(why), error_(std::move(e)) {}

    [[nodiscard]] bool has_value() const noexcept { return value_.has_value(); }
    [[nodiscard]] explicit operator bool() const noexcept { return has_value(); }
    [[nodiscard]] bool absent() const noexcept { return !value_ && why_ == get_failure::absent; }
    [[nodiscard]] bool invalid() const noexcept { return !value_ && why_ == get_failure::invalid; }
    // Why there is no value (meaningful when !has_value()).
    [[nodiscard]] get_failure failure() const noexcept { return why_; }
    // The finding of an invalid value, else nullptr.
    [[nodiscard]] const value_error* error() const noexcept { return error_ ? &*error_ : nullptr; }

    // The value; throws std::bad_optional_access when there is none.
    [[nodiscard]] const T& value() const& SGF_LIFETIMEBOUND { return value_.value(); }
    [[nodiscard]] T value() && { return std::move(value_.value()); }
    [[nodiscard]] const T& operator*() const& SGF_LIFETIMEBOUND { return value(); }
    [[nodiscard]] T operator*() && { return std::move(*this).value(); }
    [[nodiscard]] const T* operator->() const SGF_LIFETIMEBOUND { return &value(); }
    template <class U>
    [[nodiscard]] T value_or(U&& fallback) const& {
        return value_ ? *value_ : static_cast<T>(std::forward<U>(fallback));
    }

    friend bool operator==(const get_result& r, const T& v) { return r.value_ && *r.value_ == v; }

private:
    std::optional<T> value_;
    get_failure why_ = get_failure::absent;
    std::optional<value_error> error_;
};

template <class T>
get_result<T> node::get(std::string_view ident, const tree_context& ctx) const {
    const auto p = find(ident);
    if (!p) return get_result<T>(get_failure::absent);
    decoded_value d = p->typed(ctx);
    if (d.error) return get_result<T>(get_failure::invalid, std::move(d.error));
    if (auto* v = boost::variant2::get_if<T>(&d.value)) return get_result<T>(std::move(*v));
    return get_result<T>(get_failure::other_type);
}

}  // namespace sgf
