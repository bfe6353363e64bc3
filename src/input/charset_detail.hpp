#pragma once
// The pieces the charset files of src/input/ share: the table of charsets (charset_names.cpp),
// iconv, and the walk over the characters of a legacy charset that decoding
// (charset_decode.cpp) and guessing (charset_guess.cpp) both run.
#include <iconv.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "input/utf8.hpp"
#include "sgf/charset.hpp"

namespace sgf::detail::charset_impl {

// ---------------------------------------------------------------------------------------
// The charset table (charset_names.cpp)

enum class family : std::uint8_t {
    utf8,
    utf16,  // byte order from BOM or NULs
    utf16le,
    utf16be,
    utf32,
    utf32le,
    utf32be,
    single_byte,  // every byte is one character
    gb18030,
    big5,
    cp949,
    sjis,
    eucjp,
    generic,  // unknown structure (stateful, ISO-2022-*): iconv one character at a time
    not_ascii,  // ASCII text is not the same bytes (EBCDIC, UTF-7, 7-bit national sets):
                // SGF's syntax and identifiers cannot be read through it (000_*: "SGF uses
                // the US ASCII char-set for all its property identifiers and property values,
                // except SimpleText & Text")
};

struct charset_entry {
    std::string_view name;
    std::string_view decoder;
    family fam;
    std::array<std::string_view, 10> aliases;    // registered aliases (IANA, and RFC 1345 itself)
    std::array<std::string_view, 4> unofficial;  // common names that are not registered
};

struct lookup_result {
    const charset_entry* entry = nullptr;
    charset_spelling spelling = charset_spelling::preferred;
};

// The entry `label` names, and how it is spelled; no entry for an unknown name.
[[nodiscard]] lookup_result lookup(std::string_view label) noexcept;
// The entry of a canonical name used in these files.
[[nodiscard]] const charset_entry& entry_named(std::string_view canonical) noexcept;
[[nodiscard]] charset_info info_of(const charset_entry& e) noexcept;

// ---------------------------------------------------------------------------------------
// NUL bytes, the sign of UTF-16 and UTF-32 (charset_decode.cpp)

// Which half of each 2-byte (or quarter of each 4-byte) unit holds the NULs of ASCII text.
struct nul_counts {
    std::size_t units = 0;
    std::array<std::size_t, 4> at{};  // NUL bytes by offset modulo 4
};
[[nodiscard]] nul_counts count_nuls(std::string_view bytes, std::size_t limit = 1 << 16) noexcept;

// ---------------------------------------------------------------------------------------
// iconv

class iconv_handle {
public:
    // A name with a NUL opens nothing: iconv would read it only up to the NUL ("UTF-8\0junk"
    // would be UTF-8).
    iconv_handle(const std::string& to, const std::string& from)
        : cd_(to.find('\0') != std::string::npos || from.find('\0') != std::string::npos
                  ? reinterpret_cast<iconv_t>(-1)
                  : iconv_open(to.c_str(), from.c_str())),
          to_(to), from_(from) {}
    iconv_handle(const iconv_handle&) = delete;
    iconv_handle& operator=(const iconv_handle&) = delete;
    ~iconv_handle() {
        if (valid()) iconv_close(cd_);
    }
    [[nodiscard]] bool valid() const noexcept { return cd_ != reinterpret_cast<iconv_t>(-1); }
    // The names it was opened with.
    [[nodiscard]] const std::string& to() const noexcept { return to_; }
    [[nodiscard]] const std::string& from() const noexcept { return from_; }
    void reset() noexcept { iconv(cd_, nullptr, nullptr, nullptr, nullptr); }

    struct step {
        std::size_t consumed;
        std::size_t produced;
        int error;  // 0, E2BIG, EILSEQ or EINVAL
    };
    // Converts as much of `in` as fits into `out`.
    step convert(const uchar* in, std::size_t in_len, char* out, std::size_t out_len) noexcept {
        char* ip = const_cast<char*>(reinterpret_cast<const char*>(in));  // iconv's signature is not const
        char* op = out;
        std::size_t il = in_len, ol = out_len;
        const std::size_t r = iconv(cd_, &ip, &il, &op, &ol);
        return {in_len - il, out_len - ol, r == static_cast<std::size_t>(-1) ? errno : 0};
    }
    // Emits what a stateful converter still holds.
    std::size_t flush(char* out, std::size_t out_len) noexcept {
        char* op = out;
        std::size_t ol = out_len;
        iconv(cd_, nullptr, nullptr, &op, &ol);
        return out_len - ol;
    }

private:
    iconv_t cd_;
    std::string to_, from_;
};

// A single-byte charset's 128 high bytes, each in what the handle converts to.
struct single_byte_entry {
    char utf8[8];
    std::uint8_t length;
    bool ok;
};
using single_byte_table = std::array<single_byte_entry, 128>;
// The table of `cd` (a single-byte charset), asked of iconv through `cd` once per pair of
// names and process (charset_decode.cpp): fix decodes a file's values one by one, and 128
// conversions per value were 95% of fixing a Latin-1 file of short comments.
[[nodiscard]] const single_byte_table& single_byte_table_of(iconv_handle& cd);
// The same by names, opening a handle only to make the table (an iconv_open per value was the
// next 10%); nullptr when iconv cannot convert between them.
[[nodiscard]] const single_byte_table* single_byte_table_of(const std::string& to, const std::string& from);

// Walks `bytes` in a single-byte charset with its table, reporting to a legacy_decoder's sink.
template <class Sink>
void decode_single_byte(std::string_view bytes, const single_byte_table& table, Sink& sink) {
    const uchar* const p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while (i < n) {
        const std::size_t j = skip_ascii(p, i, n);
        if (j > i) sink.ascii(i, j - i);
        if (j == n) break;
        const single_byte_entry& e = table[p[j] - 0x80];
        if (e.ok)
            sink.character(j, 1, std::string_view(e.utf8, e.length));
        else
            sink.invalid(j, 1);
        i = j + 1;
    }
}

// Character boundaries of the multi-byte legacy charsets, from their lead and trail byte
// ranges. A bad trail makes the lead alone the error and the trail is read again (WHATWG),
// so an ASCII ']' after a stray lead byte is not swallowed.

struct segment {
    std::size_t length;
    bool ok;  // structurally a character (iconv may still find it unassigned)
};

[[nodiscard]] constexpr bool in(uchar b, uchar lo, uchar hi) noexcept { return b >= lo && b <= hi; }

[[nodiscard]] inline segment next_char(family f, const uchar* p, std::size_t avail) noexcept {
    const uchar b = p[0];
    if (b < 0x80) return {1, true};
    auto two = [&](bool lead_ok, auto trail_ok) -> segment {
        if (!lead_ok) return {1, false};
        if (avail < 2) return {1, false};
        return trail_ok(p[1]) ? segment{2, true} : segment{1, false};
    };
    switch (f) {
        case family::gb18030: {
            if (!in(b, 0x81, 0xFE)) return {1, b == 0x80};  // glibc maps 0x80 alone
            if (avail >= 2 && in(p[1], 0x30, 0x39)) {
                if (avail >= 4 && in(p[2], 0x81, 0xFE) && in(p[3], 0x30, 0x39)) return {4, true};
                return {1, false};
            }
            return two(true, [](uchar t) { return in(t, 0x40, 0x7E) || in(t, 0x80, 0xFE); });
        }
        case family::big5:
            return two(in(b, 0x81, 0xFE), [](uchar t) { return in(t, 0x40, 0x7E) || in(t, 0xA1, 0xFE); });
        case family::cp949:
            return two(in(b, 0x81, 0xFE),
                       [](uchar t) { return in(t, 0x41, 0x5A) || in(t, 0x61, 0x7A) || in(t, 0x81, 0xFE); });
        case family::sjis:
            if (in(b, 0xA1, 0xDF)) return {1, true};  // half-width katakana
            if (!(in(b, 0x81, 0x9F) || in(b, 0xE0, 0xFC))) return {1, true};  // let iconv judge 80, A0, FD..FF
            return two(true, [](uchar t) { return in(t, 0x40, 0x7E) || in(t, 0x80, 0xFC); });
        case family::eucjp:
            if (b == 0x8E) return two(true, [](uchar t) { return in(t, 0xA1, 0xDF); });
            if (b == 0x8F) {
                if (avail >= 3 && in(p[1], 0xA1, 0xFE) && in(p[2], 0xA1, 0xFE)) return {3, true};
                return {1, false};
            }
            return two(in(b, 0xA1, 0xFE), [](uchar t) { return in(t, 0xA1, 0xFE); });
        default:
            return {1, true};
    }
}

// Walks the characters of `bytes` in a legacy charset and reports each to the sink:
//   sink.ascii(offset, length)           a run of ASCII bytes (same bytes in UTF-8)
//   sink.character(offset, length, utf8) one decoded character
//   sink.characters(offset, lengths, utf8) consecutive characters, one code point each
//   sink.invalid(offset, length)         one invalid sequence
template <class Sink>
class legacy_decoder {
public:
    legacy_decoder(std::string_view bytes, family f, iconv_handle& cd, Sink& sink)
        : p_(bytes_of(bytes)), n_(bytes.size()), f_(f), cd_(cd), sink_(sink) {}

    void run() {
        if (f_ == family::generic || f_ == family::not_ascii) return run_generic();
        if (f_ == family::single_byte) return run_single_byte();
        std::size_t i = 0;
        while (i < n_) {
            if (p_[i] < 0x80) {
                const std::size_t j = skip_ascii(p_, i, n_);
                sink_.ascii(i, j - i);
                i = j;
                continue;
            }
            // A chunk of structurally valid characters, converted in one call: iconv costs
            // about as much per call as per kilobyte. Short ASCII stretches (between the
            // words of CJK text) join the chunk; long ones take the fast path above.
            const std::size_t start = i;
            lens_.clear();
            while (i < n_ && lens_.size() < max_chunk) {
                if (p_[i] < 0x80) {
                    const std::size_t j = skip_ascii(p_, i, n_);
                    if (j - i > 32 || j == n_) break;
                    lens_.insert(lens_.end(), j - i, 1);
                    i = j;
                    continue;
                }
                const segment s = next_char(f_, p_ + i, n_ - i);
                if (!s.ok) break;
                lens_.push_back(static_cast<std::uint8_t>(s.length));
                i += s.length;
            }
            if (lens_.empty()) {
                const segment s = next_char(f_, p_ + i, n_ - i);
                sink_.invalid(i, s.length);
                i += s.length;
                continue;
            }
            i = convert_chunk(start, i);
        }
    }

private:
    static constexpr std::size_t max_chunk = 16384;

    // Converts the characters lens_ describes from `start`; returns where to go on.
    std::size_t convert_chunk(std::size_t start, std::size_t end) {
        std::size_t pos = start;
        std::size_t k = 0;  // index in lens_ of the character at pos
        while (pos < end) {
            cd_.reset();
            // Four output bytes per input byte is more than any of these charsets needs;
            // an E2BIG would still only stop the bulk call at a character boundary.
            const std::size_t need = (end - pos) * 4 + 16;
            if (buf_.size() < need) buf_.resize(need);
            const auto st = cd_.convert(p_ + pos, end - pos, buf_.data(), buf_.size());
            std::size_t count = 0, sum = 0;
            while (k + count < lens_.size() && sum + lens_[k + count] <= st.consumed) sum += lens_[k + count++];
            if (sum != st.consumed || !emit_zipped(pos, k, count, std::string_view(buf_.data(), st.produced))) {
                // iconv stopped inside a character, or one character gave several code points.
                return one_at_a_time(pos, k, end);
            }
            pos += sum;
            k += count;
            if (pos == end) break;
            // iconv stopped at the character at pos (EILSEQ, EINVAL): take it alone.
            const std::size_t next = one_char(pos, lens_[k]);
            if (next != pos + lens_[k]) return next;
            pos = next;
            ++k;
        }
        return end;
    }

    std::size_t one_at_a_time(std::size_t pos, std::size_t k, std::size_t end) {
        while (pos < end) {
            const std::size_t next = one_char(pos, lens_[k]);
            if (next != pos + lens_[k]) return next;
            pos = next;
            ++k;
        }
        return end;
    }

    // Zips a bulk conversion back to characters when each gave exactly one code point.
    bool emit_zipped(std::size_t pos, std::size_t k, std::size_t count, std::string_view out) {
        // iconv wrote valid UTF-8: count lead bytes, no need to validate.
        std::size_t cps = 0;
        for (char c : out) cps += (static_cast<uchar>(c) & 0xC0) != 0x80;
        if (cps != count) return false;
        sink_.characters(pos, std::span<const std::uint8_t>(lens_).subspan(k, count), out);
        return true;
    }

    // Converts one character; returns where the next character starts.
    std::size_t one_char(std::size_t pos, std::size_t len) {
        char out[64];
        cd_.reset();
        const auto st = cd_.convert(p_ + pos, len, out, sizeof out);
        if (st.error == 0 && st.consumed == len) {
            const std::size_t tail = cd_.flush(out + st.produced, sizeof out - st.produced);
            sink_.character(pos, len, std::string_view(out, st.produced + tail));
            return pos + len;
        }
        cd_.reset();
        if (len > 1 && p_[pos + 1] < 0x80) {  // an ASCII trail is read again as ASCII
            sink_.invalid(pos, 1);
            return pos + 1;
        }
        sink_.invalid(pos, len);
        return pos + len;
    }

    // Single-byte charsets: a table of the 128 high bytes, asked of iconv once per charset.
    void run_single_byte() { decode_single_byte(std::string_view(reinterpret_cast<const char*>(p_), n_), single_byte_table_of(cd_), sink_); }

    // Stateful or unknown charsets: grow the input one byte at a time until iconv takes it.
    void run_generic() {
        char out[64];
        std::size_t i = 0;
        while (i < n_) {
            bool advanced = false;
            const std::size_t max_len = std::min<std::size_t>(8, n_ - i);
            for (std::size_t len = 1; len <= max_len; ++len) {
                const auto st = cd_.convert(p_ + i, len, out, sizeof out);
                if (st.consumed > 0) {
                    sink_.character(i, st.consumed, std::string_view(out, st.produced));
                    i += st.consumed;
                    advanced = true;
                    break;
                }
                if (st.error != EINVAL) break;
            }
            if (!advanced) {
                cd_.reset();
                sink_.invalid(i, 1);
                ++i;
            }
        }
        const std::size_t tail = cd_.flush(out, sizeof out);
        if (tail > 0) sink_.character(n_, 0, std::string_view(out, tail));
    }

    const uchar* p_;
    std::size_t n_;
    family f_;
    iconv_handle& cd_;
    Sink& sink_;
    std::vector<std::uint8_t> lens_;
    std::string buf_;
};

}  // namespace sgf::detail::charset_impl
