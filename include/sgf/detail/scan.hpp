#pragma once
// Implementation detail of the public views (inline so that walking a tree costs no call
// per value): the one loop that finds where a PropValue ends, used by the grammar rule
// `c_value_type` (grammar/sgf.hpp) and by every later walk over stored values, so both
// always agree. Not part of the API.
//
// 000_* "Escaping": "\" is the escape character; any char following "\" is inserted
// verbatim. So a ']' ends the value iff it is preceded by an even number of '\' (the
// run of backslashes before it pairs up from its start). One memchr per ']' candidate:
// no rule call per byte (design.md, "Fast and persistent at once").
#include <cstring>

namespace sgf::detail {

// Returns the position of the ']' that closes a value whose contents start at `p`, or
// `end` when the value is not closed before `end`.
[[nodiscard]] inline const char* find_value_end(const char* p, const char* end) noexcept {
    // The values of most properties are two bytes or fewer (points, moves, small numbers).
    if (end - p >= 3) {
        if (p[0] == ']') return p;
        if (p[1] == ']' && p[0] != '\\') return p + 1;
        if (p[2] == ']' && p[0] != '\\' && p[1] != '\\') return p + 2;
    }
    const char* const start = p;
    while (p < end) {
        // Short values (points, numbers) dominate real files: a plain loop first.
        const char* stop = (end - p > 16) ? p + 16 : end;
        const char* q = p;
        while (q < stop && *q != ']') ++q;
        if (q == stop) {
            if (stop == end) return end;
            q = static_cast<const char*>(std::memchr(stop, ']', static_cast<std::size_t>(end - stop)));
            if (q == nullptr) return end;
        }
        const char* b = q;
        while (b > start && b[-1] == '\\') --b;
        if (((q - b) & 1) == 0) return q;
        p = q + 1;  // escaped ']': part of the value
    }
    return end;
}

// 000_*: "White space (space, tab, carriage return, line feed, vertical tab and so on)".
[[nodiscard]] constexpr bool is_white(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// is_white as a table: one load per byte instead of six compares (the node reader's loops).
struct white_table {
    bool is[256] = {};
    constexpr white_table() noexcept {
        for (int c = 0; c < 256; ++c) is[c] = is_white(static_cast<char>(c));
    }
};
inline constexpr white_table white_bytes{};
[[nodiscard]] constexpr bool white_byte(char c) noexcept { return white_bytes.is[static_cast<unsigned char>(c)]; }

[[nodiscard]] inline const char* skip_white(const char* p, const char* end) noexcept {
    while (p < end && white_byte(*p)) ++p;
    return p;
}

// The raw size of the value whose '[' is at `open` (in bytes [data, end)): the bytes up to
// its ']', or up to `end` for a value cut at the end of the file.
[[nodiscard]] inline unsigned value_size_at(const char* data, const char* end, unsigned open) noexcept {
    const char* const b = data + open + 1;
    return static_cast<unsigned>(find_value_end(b, end) - b);
}

// Offset of the '[' of the value after the one at `open` with raw size `size` (valid only
// when there is one: the property's count says how many).
[[nodiscard]] inline unsigned next_value_at(const char* data, const char* end, unsigned open, unsigned size) noexcept {
    const char* close = data + open + 1 + size;
    return static_cast<unsigned>(skip_white(close < end ? close + 1 : end, end) - data);
}

}  // namespace sgf::detail
