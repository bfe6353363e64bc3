#pragma once
// Implementation detail of the public views (inline so that walking a tree costs no call
// per property): the one node reader. The tree API (node::properties, find, has), the
// checker, the fixer and the writers all read nodes through it. Not part of the API.
//
// The definition is the grammar: `grammar::node` (Node = ";" { Property }) for files the
// strict grammar accepts and `grammar::lenient_node` (grammar/recover.hpp) for everything
// else. The reader is a hand loop over the strict form, Property = PropIdent PropValue
// { PropValue } with white space between tokens, and hands anything else (an identifier
// with lowercase letters, a property without a value, a value without an identifier,
// junk, a value not closed before the end of the file) to the PEGTL rule
// `grammar::lenient_node_item` at that place (out of line, src/tree/node_reader.cpp), so
// every byte that is not the plain strict form is read by the grammar itself.
// tests/node_reader_test.cpp and the node_reader fuzz target compare the reader with
// `pegtl::parse<grammar::lenient_node>` node by node.
#include <cstdint>

#include "sgf/detail/scan.hpp"

namespace sgf::detail {

// One property of a stored node, as offsets into its source.
struct property_ref {
    std::uint32_t ident = 0;       // offset of the identifier
    std::uint32_t ident_size = 0;  // bytes of the identifier as written
    std::uint32_t first = 0;       // offset of the first value's '['
    std::uint32_t count = 0;       // number of values (>= 1)
    // Raw size of the first value, as the reader found it (so that a walk over the values
    // does not look for its ']' again); unknown_size: not given, found on demand.
    std::uint32_t first_size = unknown_size;
    static constexpr std::uint32_t unknown_size = 0xffffffffu;
};

class node_reader {
public:
    // The node at `offset` of the bytes [base, end): its ';' (or, for a node whose ';' is
    // missing (E007), its first token). *end must be readable and not white space, a letter,
    // '[' or ']' (a source's std::string ends with a NUL): the loops stop there unchecked.
    node_reader(const char* base, const char* end, std::uint32_t offset) noexcept
        : base_(base), p_(base + offset), end_(end) {
        if (p_ < end_ && *p_ == ';') ++p_;
    }

    // The node at `offset` when it is the form of most nodes of a game record: one property
    // of one uppercase letter with one value of two plain bytes, then the end of the node
    // (";B[pd]"). Fills `out` as next() would and returns true; false: read it with next().
    // (The same bytes next() reads through its first branch; tests compare the two.)
    [[nodiscard]] static bool single_short(const char* base, const char* end, std::uint32_t offset,
                                           property_ref& out) noexcept {
        const char* p = base + offset;
        if (p < end && *p == ';') ++p;
        while (white(*p)) ++p;
        if (!upper(*p) || end - p < 5 || p[1] != '[' || p[4] != ']' || !plain(p[2]) || !plain(p[3])) return false;
        const char* q = p + 5;
        while (white(*q)) ++q;
        if (q < end && *q != ';' && *q != '(' && *q != ')') return false;
        const auto at = static_cast<std::uint32_t>(p - base);
        out = {at, 1, at + 1, 1, 2};
        return true;
    }

    // A reader that continues at `position` (as returned by position()), inside a node.
    [[nodiscard]] static node_reader resume(const char* base, const char* end, std::uint32_t position) noexcept {
        node_reader r(base, end, 0);
        r.p_ = base + position;
        return r;
    }

    // The next property of the node; false at the end of the node (';', '(', ')' or the end
    // of the source). on_value(open, size) is called for each value of a property the hand
    // loop reads; after a property the grammar read (lenient() is then true) the caller
    // drops what on_value got for it and walks its values with value_size / next_value.
    // noexcept when on_value is: the checker's grows a buffer, and its std::bad_alloc must
    // reach the caller (sgfcheck -j 1024 under ulimit -v aborted in std::terminate here).
    template <class OnValue>
    bool next(property_ref& out, OnValue&& on_value) noexcept(noexcept(on_value(std::uint32_t{}, std::uint32_t{}))) {
        lenient_ = false;
        for (;;) {
            const char* p = p_;
            while (white(*p)) ++p;  // the source ends with a NUL (std::string), not white
            const char c = *p;
            if (upper(c)) {
                // The property of most nodes: one letter, one two-byte value (";B[pd]").
                if (end_ - p >= 5 && p[1] == '[' && p[4] == ']' && plain(p[2]) && plain(p[3])) {
                    const char* q = p + 5;
                    while (white(*q)) ++q;
                    if (*q != '[') {
                        on_value(offset(p + 1), 2);
                        out = {offset(p), 1, offset(p + 1), 1, 2};
                        p_ = q;
                        return true;
                    }
                }
                const char* const ident = p;
                const char* q = p + 1;
                while (upper(*q)) ++q;
                const char* const ident_end = q;
                while (white(*q)) ++q;
                if (!lower(*ident_end) && *q == '[') {
                    const char* const first = q;
                    std::uint32_t first_size = 0;
                    std::uint32_t count = 0;
                    bool closed = true;
                    do {
                        const char* const v = q + 1;
                        const char* const close = find_value_end(v, end_);
                        if (close == end_) {
                            closed = false;  // cut at the end of the file: the grammar's case
                            break;
                        }
                        on_value(offset(q), static_cast<std::uint32_t>(close - v));
                        if (count++ == 0) first_size = static_cast<std::uint32_t>(close - v);
                        q = close + 1;
                        while (white(*q)) ++q;
                    } while (*q == '[');
                    if (closed) {
                        out = {offset(ident), static_cast<std::uint32_t>(ident_end - ident), offset(first), count,
                               first_size};
                        p_ = q;
                        return true;
                    }
                }
            } else if (p >= end_ || c == ';' || c == '(' || c == ')') {
                p_ = p;
                return false;
            }
            // Not the plain strict form: one item of grammar::lenient_node, read by the rule.
            lenient_ = true;
            // (a static function on copies: neither the reader nor `out` escapes, so that an
            // inlined next() keeps them in registers)
            property_ref item;
            bool committed = false;
            p_ = lenient_item(base_, p, end_, item, committed);
            if (committed) {
                out = item;
                return true;
            }
        }
    }
    bool next(property_ref& out) noexcept {
        return next(out, [](std::uint32_t, std::uint32_t) noexcept {});
    }
    // Whether the last property next() returned was read by the grammar's lenient rules.
    [[nodiscard]] bool lenient() const noexcept { return lenient_; }

    // Where the reader stands (after the last property read, or the end of the node).
    [[nodiscard]] std::uint32_t position() const noexcept { return offset(p_); }

private:
    static constexpr bool white(char c) noexcept { return white_byte(c); }
    static constexpr bool plain(char c) noexcept { return c != ']' && c != '\\'; }
    static constexpr bool upper(char c) noexcept { return static_cast<unsigned char>(c - 'A') < 26; }
    static constexpr bool lower(char c) noexcept { return static_cast<unsigned char>(c - 'a') < 26; }
    [[nodiscard]] std::uint32_t offset(const char* p) const noexcept { return static_cast<std::uint32_t>(p - base_); }

    // Matches grammar::lenient_node_item at p (src/tree/node_reader.cpp, in the library) and
    // returns where it ends (always after p). Sets `committed` and fills `out` when the item
    // was a property; not when it was skipped (a property without a value, values without an
    // identifier, junk).
    static const char* lenient_item(const char* base, const char* p, const char* end, property_ref& out,
                                    bool& committed) noexcept;

    const char* base_;
    const char* p_;
    const char* end_;
    bool lenient_ = false;
};

}  // namespace sgf::detail
