#pragma once
// UTF-8 as the charset decoders and the guess read and write it (Unicode 15 table 3-7):
// one character's length and validity, code points to bytes, ASCII runs skipped eight
// bytes at a time. The input stage's, and the one UTF-8 encoder of the JSON reader
// (src/tools/json_value.hpp) and the WebAssembly binding.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace sgf::detail::charset_impl {

using uchar = unsigned char;

inline constexpr std::string_view replacement = "\xEF\xBF\xBD";  // U+FFFD

[[nodiscard]] inline const uchar* bytes_of(std::string_view s) noexcept {
    return reinterpret_cast<const uchar*>(s.data());
}

// Writes cp at out (room for 4 bytes); returns the length.
inline std::uint32_t put_utf8(char* out, char32_t cp) noexcept {
    if (cp < 0x80) {
        out[0] = static_cast<char>(cp);
        return 1;
    }
    if (cp < 0x800) {
        out[0] = static_cast<char>(0xC0 | (cp >> 6));
        out[1] = static_cast<char>(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = static_cast<char>(0xE0 | (cp >> 12));
        out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out[2] = static_cast<char>(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = static_cast<char>(0xF0 | (cp >> 18));
    out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[3] = static_cast<char>(0x80 | (cp & 0x3F));
    return 4;
}

// Appends to a string through a small buffer: one append per 4 KiB, not per character.
class utf8_writer {
public:
    explicit utf8_writer(std::string& out) noexcept : out_(out) {}
    utf8_writer(const utf8_writer&) = delete;
    utf8_writer& operator=(const utf8_writer&) = delete;
    ~utf8_writer() = default;  // no flush here: append may throw; callers flush
    std::uint32_t put(char32_t cp) {
        if (used_ > sizeof buf_ - 4) flush();
        const std::uint32_t n = put_utf8(buf_ + used_, cp);
        used_ += n;
        return n;
    }
    void flush() {
        out_.append(buf_, used_);
        used_ = 0;
    }

private:
    std::string& out_;
    char buf_[4096];
    std::size_t used_ = 0;
};

struct utf8_step {
    std::size_t length;  // of the character, or of the maximal invalid subpart (>= 1)
    bool valid;
};

// Unicode 15 table 3-7 (well-formed UTF-8 byte sequences).
[[nodiscard]] inline utf8_step utf8_next(const uchar* p, std::size_t avail) noexcept {
    const uchar b = p[0];
    if (b < 0x80) return {1, true};
    std::size_t need = 0;
    uchar lo = 0x80, hi = 0xBF;  // range of the second byte
    if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
    } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        if (b == 0xE0) lo = 0xA0;  // overlong
        if (b == 0xED) hi = 0x9F;  // surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        if (b == 0xF0) lo = 0x90;  // overlong
        if (b == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else {
        return {1, false};  // C0, C1 (overlong), F5..FF, stray continuation
    }
    for (std::size_t k = 1; k <= need; ++k) {
        if (k >= avail) return {k, false};  // truncated by the end of input
        const uchar c = p[k];
        const bool ok = k == 1 ? (c >= lo && c <= hi) : (c >= 0x80 && c <= 0xBF);
        if (!ok) return {k, false};
    }
    return {need + 1, true};
}

[[nodiscard]] inline char32_t utf8_decode(const uchar* p, std::size_t len) noexcept {
    switch (len) {
        case 1: return p[0];
        case 2: return static_cast<char32_t>(((p[0] & 0x1F) << 6) | (p[1] & 0x3F));
        case 3: return static_cast<char32_t>(((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F));
        default:
            return static_cast<char32_t>(((p[0] & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) |
                                         (p[3] & 0x3F));
    }
}

// Length of the UTF-8 sequence a valid lead byte starts.
[[nodiscard]] inline std::uint32_t lead_length(uchar b) noexcept { return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4; }

// Skips ASCII eight bytes at a time: most of an SGF file is ASCII.
[[nodiscard]] inline std::size_t skip_ascii(const uchar* p, std::size_t i, std::size_t n) noexcept {
    while (i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        if (w & 0x8080808080808080ULL) break;
        i += 8;
    }
    while (i < n && p[i] < 0x80) ++i;
    return i;
}

template <class OnInvalid>
inline void scan_utf8(std::string_view bytes, OnInvalid&& on_invalid) {
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        const utf8_step s = utf8_next(p + i, n - i);
        if (!s.valid) on_invalid(i, s.length);
        i += s.length;
    }
}

}  // namespace sgf::detail::charset_impl
