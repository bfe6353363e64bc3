// Charsets: BOM detection, CA[] names, decoding to UTF-8 with offset maps, guessing.
// UTF-8 and UTF-16/32 are decoded here (exact offsets, fast). Legacy charsets go through
// glibc iconv: character boundaries come from the charsets' lead/trail byte ranges, whole
// chunks are converted in one call and zipped back to characters for the offset map, and
// only a character iconv rejects is converted alone, so every invalid sequence is found
// and none is dropped. Single-byte charsets use a 128-entry table asked of iconv once.
#include "sgf/charset.hpp"

#include "input/charset_registry.hpp"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace sgf {
namespace {

using uchar = unsigned char;

constexpr std::string_view replacement = "\xEF\xBF\xBD";  // U+FFFD

[[nodiscard]] const uchar* bytes_of(std::string_view s) noexcept {
    return reinterpret_cast<const uchar*>(s.data());
}

[[nodiscard]] char lower(char c) noexcept {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

[[nodiscard]] bool iequals(std::string_view a, std::string_view b) noexcept {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

// Lower case without '-', '_', '.' and spaces: "ISO8859_1" and "iso-8859-1" meet as "iso88591".
[[nodiscard]] bool loose_equals(std::string_view a, std::string_view b) noexcept {
    auto skip = [](char c) { return c == '-' || c == '_' || c == '.' || c == ' ' || c == '\t'; };
    std::size_t i = 0, j = 0;
    for (;;) {
        while (i < a.size() && skip(a[i])) ++i;
        while (j < b.size() && skip(b[j])) ++j;
        if (i == a.size() || j == b.size()) return i == a.size() && j == b.size();
        if (lower(a[i]) != lower(b[j])) return false;
        ++i;
        ++j;
    }
}

// Writes cp at out (room for 4 bytes); returns the length.
std::uint32_t put_utf8(char* out, char32_t cp) noexcept {
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

// ---------------------------------------------------------------------------------------
// UTF-8

struct utf8_step {
    std::size_t length;  // of the character, or of the maximal invalid subpart (>= 1)
    bool valid;
};

// Unicode 15 table 3-7 (well-formed UTF-8 byte sequences).
[[nodiscard]] utf8_step utf8_next(const uchar* p, std::size_t avail) noexcept {
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

[[nodiscard]] char32_t utf8_decode(const uchar* p, std::size_t len) noexcept {
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
[[nodiscard]] std::uint32_t lead_length(uchar b) noexcept { return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4; }

// Skips ASCII eight bytes at a time: most of an SGF file is ASCII.
[[nodiscard]] std::size_t skip_ascii(const uchar* p, std::size_t i, std::size_t n) noexcept {
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
void scan_utf8(std::string_view bytes, OnInvalid&& on_invalid) {
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        const utf8_step s = utf8_next(p + i, n - i);
        if (!s.valid) on_invalid(i, s.length);
        i += s.length;
    }
}

// ---------------------------------------------------------------------------------------
// The charset table

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

// Canonical names and aliases follow the IANA charset registry (RFC 1345 and updates), as
// the CA property asks. Decoders follow the WHATWG Encoding Standard where real files need
// a superset: files labelled GB2312 contain GBK characters, Shift_JIS files contain CP932
// ones (and glibc's SHIFT_JIS turns '\' into U+00A5, which would break SGF escapes).
constexpr charset_entry charsets[] = {
    {"UTF-8", "UTF-8", family::utf8, {"csUTF8"}, {}},
    // RFC 1345, which the CA property names, lists "ASCII" among the aliases of ANSI_X3.4-1968
    // (the IANA registry no longer does).
    {"US-ASCII", "US-ASCII", family::single_byte,
     {"iso-ir-6", "ANSI_X3.4-1968", "ANSI_X3.4-1986", "ISO_646.irv:1991", "ASCII", "ISO646-US", "us", "IBM367",
      "cp367", "csASCII"},
     {}},
    {"ISO-8859-1", "ISO-8859-1", family::single_byte,
     {"ISO_8859-1:1987", "iso-ir-100", "ISO_8859-1", "latin1", "l1", "IBM819", "CP819", "csISOLatin1"},
     {"ISO-Latin-1"}},
    {"ISO-8859-2", "ISO-8859-2", family::single_byte,
     {"ISO_8859-2:1987", "iso-ir-101", "ISO_8859-2", "latin2", "l2", "csISOLatin2"}, {}},
    {"ISO-8859-5", "ISO-8859-5", family::single_byte,
     {"ISO_8859-5:1988", "iso-ir-144", "ISO_8859-5", "cyrillic", "csISOLatinCyrillic"}, {}},
    {"ISO-8859-7", "ISO-8859-7", family::single_byte,
     {"ISO_8859-7:1987", "iso-ir-126", "ISO_8859-7", "ELOT_928", "ECMA-118", "greek", "greek8", "csISOLatinGreek"}, {}},
    {"ISO-8859-9", "ISO-8859-9", family::single_byte,
     {"ISO_8859-9:1989", "iso-ir-148", "ISO_8859-9", "latin5", "l5", "csISOLatin5"}, {}},
    {"ISO-8859-15", "ISO-8859-15", family::single_byte, {"ISO_8859-15", "Latin-9", "csISO885915"}, {}},
    {"windows-1250", "WINDOWS-1250", family::single_byte, {"cswindows1250"}, {"cp1250", "win1250"}},
    {"windows-1251", "WINDOWS-1251", family::single_byte, {"cswindows1251"}, {"cp1251", "win1251"}},
    {"windows-1252", "WINDOWS-1252", family::single_byte, {"cswindows1252"}, {"cp1252", "win1252"}},
    {"KOI8-R", "KOI8-R", family::single_byte, {"csKOI8R"}, {}},
    {"KOI8-U", "KOI8-U", family::single_byte, {"csKOI8U"}, {}},
    {"GB2312", "GB18030", family::gb18030, {"csGB2312"}, {"EUC-CN"}},
    {"GBK", "GB18030", family::gb18030, {"CP936", "MS936", "windows-936", "csGBK"}, {}},
    {"GB18030", "GB18030", family::gb18030, {"csGB18030"}, {}},
    {"Big5", "BIG5-HKSCS", family::big5, {"csBig5"}, {"CP950", "CN-Big5"}},
    {"Big5-HKSCS", "BIG5-HKSCS", family::big5, {}, {"HKSCS"}},
    {"EUC-KR", "CP949", family::cp949, {"csEUCKR"}, {"CP949", "UHC", "windows-949", "MS949"}},
    {"KS_C_5601-1987", "CP949", family::cp949,
     {"iso-ir-149", "KS_C_5601-1989", "KSC_5601", "korean", "csKSC56011987"}, {}},
    {"Shift_JIS", "CP932", family::sjis, {"MS_Kanji", "csShiftJIS"}, {"SJIS", "x-sjis"}},
    {"Windows-31J", "CP932", family::sjis, {"csWindows31J"}, {"CP932", "MS932", "windows-932"}},
    {"EUC-JP", "EUC-JP", family::eucjp,
     {"Extended_UNIX_Code_Packed_Format_for_Japanese", "csEUCPkdFmtJapanese"}, {"x-euc-jp"}},
    {"ISO-2022-JP", "ISO-2022-JP", family::generic, {"csISO2022JP"}, {}},
    {"UTF-16", "UTF-16", family::utf16, {"csUTF16"}, {"UCS-2"}},
    {"UTF-16LE", "UTF-16LE", family::utf16le, {"csUTF16LE"}, {}},
    {"UTF-16BE", "UTF-16BE", family::utf16be, {"csUTF16BE"}, {}},
    {"UTF-32", "UTF-32", family::utf32, {"csUTF32"}, {"UCS-4"}},
    {"UTF-32LE", "UTF-32LE", family::utf32le, {"csUTF32LE"}, {}},
    {"UTF-32BE", "UTF-32BE", family::utf32be, {"csUTF32BE"}, {}},
};

[[nodiscard]] charset_info info_of(const charset_entry& e) noexcept {
    charset_info i;
    i.name = e.name;
    i.decoder = e.decoder;
    switch (e.fam) {
        case family::utf16:
        case family::utf16le:
        case family::utf16be:
            i.unit = 2;
            i.ascii_compatible = false;
            i.ascii_safe = false;
            break;
        case family::utf32:
        case family::utf32le:
        case family::utf32be:
            i.unit = 4;
            i.ascii_compatible = false;
            i.ascii_safe = false;
            break;
        case family::gb18030:
        case family::big5:
        case family::cp949:
        case family::sjis:
        case family::generic:
            i.ascii_safe = false;  // trail bytes (or ISO-2022 text) in 0x21..0x7E
            break;
        case family::not_ascii:
            i.ascii_compatible = false;
            i.ascii_safe = false;
            break;
        default:
            break;
    }
    return i;
}

struct lookup_result {
    const charset_entry* entry = nullptr;
    charset_spelling spelling = charset_spelling::preferred;
};

// The entry of a name or alias of the IANA registry (charset_registry.hpp) that the table
// above does not hold; defined below, next to iconv, which decides how it is read.
[[nodiscard]] lookup_result lookup_registered(std::string_view label) noexcept;

[[nodiscard]] lookup_result lookup(std::string_view label) noexcept {
    // charset names are case-insensitive (the registry: "no distinction is made between use
    // of upper and lower case letters"): CA[utf-8] is the preferred name
    for (const auto& e : charsets)
        if (iequals(label, e.name)) return {&e, charset_spelling::preferred};
    for (const auto& e : charsets)
        for (auto a : e.aliases)
            if (!a.empty() && iequals(label, a)) return {&e, charset_spelling::registered};
    if (const lookup_result r = lookup_registered(label); r.entry) return r;
    for (const auto& e : charsets) {
        if (loose_equals(label, e.name)) return {&e, charset_spelling::misspelled};
        for (auto a : e.aliases)
            if (!a.empty() && loose_equals(label, a)) return {&e, charset_spelling::misspelled};
        for (auto a : e.unofficial)
            if (!a.empty() && loose_equals(label, a)) return {&e, charset_spelling::misspelled};
    }
    return {};
}

[[nodiscard]] const charset_entry& entry_named(std::string_view canonical) noexcept {
    for (const auto& e : charsets)
        if (e.name == canonical) return e;
    return charsets[0];  // unreachable for the names used in this file
}

// ---------------------------------------------------------------------------------------
// iconv

class iconv_handle {
public:
    iconv_handle(const std::string& to, const std::string& from) noexcept : cd_(iconv_open(to.c_str(), from.c_str())) {}
    iconv_handle(const iconv_handle&) = delete;
    iconv_handle& operator=(const iconv_handle&) = delete;
    ~iconv_handle() {
        if (valid()) iconv_close(cd_);
    }
    [[nodiscard]] bool valid() const noexcept { return cd_ != reinterpret_cast<iconv_t>(-1); }
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
};

// The registry's charsets as entries of the table: decoded by the first of their names iconv
// knows (none: no decoder, decoding fails), of family not_ascii when iconv does not read the
// printable ASCII characters as themselves, generic when stateful, else single_byte. Built
// once, on the first name the main table does not know.
const std::vector<charset_entry>& registered_entries() {
    static const std::vector<charset_entry> entries = [] {
        std::string ascii = "\t\n\r";
        for (char ch = 0x20; ch < 0x7f; ++ch) ascii += ch;
        std::vector<charset_entry> out;
        out.reserve(std::size(detail::registered_charsets));
        for (const detail::registered_charset& r : detail::registered_charsets) {
            charset_entry e{r.name, "", family::generic, {}, {}};
            for (std::size_t k = 0; k < r.aliases.size() && k < e.aliases.size(); ++k) e.aliases[k] = r.aliases[k];
            std::vector<std::string_view> names{r.name};
            for (const std::string_view a : r.aliases)
                if (!a.empty()) names.push_back(a);
            for (const std::string_view n : names) {
                iconv_handle cd("UTF-8", std::string(n));
                if (!cd.valid()) continue;
                e.decoder = n;
                std::string got(ascii.size() * 4 + 16, '\0');
                const auto s = cd.convert(reinterpret_cast<const uchar*>(ascii.data()), ascii.size(), got.data(), got.size());
                std::size_t produced = s.produced;
                if (s.error == 0) produced += cd.flush(got.data() + produced, got.size() - produced);
                const bool same = s.error == 0 && s.consumed == ascii.size() && got.substr(0, produced) == ascii;
                const bool stateful = r.name.starts_with("ISO-2022") || r.name == "JIS_Encoding" ||
                                      r.name == "ISO-10646-UTF-1" || r.name.starts_with("Extended_UNIX_Code");
                e.fam = !same ? family::not_ascii : stateful ? family::generic : family::single_byte;
                break;
            }
            out.push_back(e);
        }
        return out;
    }();
    return entries;
}

lookup_result lookup_registered(std::string_view label) noexcept {
    const std::vector<charset_entry>* entries = nullptr;
    try {
        entries = &registered_entries();
    } catch (...) {  // std::bad_alloc on the first use
        return {};
    }
    for (const charset_entry& e : *entries) {
        if (iequals(label, e.name)) return {&e, charset_spelling::preferred};
        for (const std::string_view a : e.aliases)
            if (!a.empty() && iequals(label, a)) return {&e, charset_spelling::registered};
    }
    return {};
}

// ---------------------------------------------------------------------------------------
// Character boundaries of the multi-byte legacy charsets, from their lead and trail byte
// ranges. A bad trail makes the lead alone the error and the trail is read again (WHATWG),
// so an ASCII ']' after a stray lead byte is not swallowed.

struct segment {
    std::size_t length;
    bool ok;  // structurally a character (iconv may still find it unassigned)
};

[[nodiscard]] constexpr bool in(uchar b, uchar lo, uchar hi) noexcept { return b >= lo && b <= hi; }

[[nodiscard]] segment next_char(family f, const uchar* p, std::size_t avail) noexcept {
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

    // Single-byte charsets: a table of the 128 high bytes, asked of iconv once.
    void run_single_byte() {
        struct entry {
            char utf8[8];
            std::uint8_t length;
            bool ok;
        };
        std::array<entry, 128> table{};
        for (unsigned b = 0x80; b < 0x100; ++b) {
            auto& e = table[b - 0x80];
            const uchar in_byte = static_cast<uchar>(b);
            cd_.reset();
            const auto st = cd_.convert(&in_byte, 1, e.utf8, sizeof e.utf8);
            e.ok = st.error == 0 && st.consumed == 1;
            e.length = static_cast<std::uint8_t>(st.produced);
        }
        std::size_t i = 0;
        while (i < n_) {
            const std::size_t j = skip_ascii(p_, i, n_);
            if (j > i) sink_.ascii(i, j - i);
            if (j == n_) break;
            const entry& e = table[p_[j] - 0x80];
            if (e.ok)
                sink_.character(j, 1, std::string_view(e.utf8, e.length));
            else
                sink_.invalid(j, 1);
            i = j + 1;
        }
    }

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

// Writes one invalid sequence as d.policy says; returns the UTF-8 bytes written.
std::uint32_t put_invalid(decoded& d, std::string_view seq) {
    const bool high = std::all_of(seq.begin(), seq.end(), [](char c) { return static_cast<uchar>(c) >= 0x80; });
    if (d.policy == invalid_policy::keep && high) {
        d.utf8.append(seq);
        return static_cast<std::uint32_t>(seq.size());
    }
    d.utf8.append(replacement);
    return static_cast<std::uint32_t>(replacement.size());
}

// Appends decoded text, invalid sequences and the offset map.
struct decode_sink {
    std::string_view in;
    decoded& d;
    void ascii(std::size_t off, std::size_t len) {
        d.utf8.append(in.substr(off, len));
        d.map.append(len, 1, 1);
    }
    void character(std::size_t, std::size_t len, std::string_view u8) {
        d.utf8.append(u8);
        d.map.append(1, static_cast<std::uint32_t>(len), static_cast<std::uint32_t>(u8.size()));
    }
    void characters(std::size_t, std::span<const std::uint8_t> lens, std::string_view u8) {
        const uchar* o = bytes_of(u8);
        for (std::uint8_t len : lens) {
            const std::uint32_t l = lead_length(*o);
            d.map.append(1, len, l);
            o += l;
        }
        d.utf8.append(u8);
    }
    void invalid(std::size_t off, std::size_t len) {
        d.invalid.push_back({off, len});
        d.map.append(1, static_cast<std::uint32_t>(len), put_invalid(d, in.substr(off, len)));
    }
};

// ---------------------------------------------------------------------------------------
// UTF-8, UTF-16 and UTF-32 decoders

void decode_utf8(std::string_view bytes, std::size_t skip, decoded& d) {
    d.map = offset_map(skip);
    const std::string_view body = bytes.substr(skip);
    d.utf8.reserve(body.size());
    std::size_t copied = 0;
    scan_utf8(body, [&](std::size_t off, std::size_t len) {
        d.utf8.append(body.substr(copied, off - copied));
        d.map.append(off - copied, 1, 1);
        d.invalid.push_back({skip + off, len});
        d.map.append(1, static_cast<std::uint32_t>(len), put_invalid(d, body.substr(off, len)));
        copied = off + len;
    });
    d.utf8.append(body.substr(copied));
    d.map.append(body.size() - copied, 1, 1);
}

// Which half of each 2-byte (or quarter of each 4-byte) unit holds the NULs of ASCII text.
struct nul_counts {
    std::size_t units = 0;
    std::array<std::size_t, 4> at{};  // NUL bytes by offset modulo 4
};

[[nodiscard]] nul_counts count_nuls(std::string_view bytes, std::size_t limit = 1 << 16) noexcept {
    nul_counts c;
    const std::size_t n = std::min(bytes.size(), limit);
    for (std::size_t i = 0; i < n; ++i)
        if (bytes[i] == '\0') ++c.at[i % 4];
    c.units = n / 4;
    return c;
}

// Big-endian unless the NULs say little-endian (RFC 2781 4.3: no BOM means big-endian).
[[nodiscard]] bool looks_little_endian(std::string_view bytes, unsigned unit) noexcept {
    const nul_counts c = count_nuls(bytes);
    if (unit == 2) return c.at[1] + c.at[3] > c.at[0] + c.at[2];
    return c.at[3] > c.at[0];
}

void decode_utf16(std::string_view bytes, std::size_t skip, bool little, decoded& d) {
    d.map = offset_map(skip);
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    d.utf8.reserve((n - skip) / 2 + 16);
    utf8_writer w(d.utf8);
    auto unit_at = [&](std::size_t i) -> char32_t {
        return little ? static_cast<char32_t>(p[i] | (p[i + 1] << 8)) : static_cast<char32_t>((p[i] << 8) | p[i + 1]);
    };
    // A lone surrogate keeps its value in the generalized (3-byte) UTF-8 form under keep.
    auto bad = [&](std::size_t off, std::size_t len, char32_t unit) {
        d.invalid.push_back({off, len});
        const bool keep = d.policy == invalid_policy::keep && unit != 0;
        d.map.append(1, static_cast<std::uint32_t>(len), w.put(keep ? unit : 0xFFFD));
    };
    std::size_t i = skip;
    while (i + 2 <= n) {
        const char32_t u = unit_at(i);
        if (u < 0xD800 || u > 0xDFFF) {
            d.map.append(1, 2, w.put(u));
        } else if (u <= 0xDBFF && i + 4 <= n && unit_at(i + 2) >= 0xDC00 && unit_at(i + 2) <= 0xDFFF) {
            w.put(0x10000 + ((u - 0xD800) << 10) + (unit_at(i + 2) - 0xDC00));
            d.map.append(1, 4, 4);
            i += 2;
        } else {
            bad(i, 2, u);  // lone surrogate
        }
        i += 2;
    }
    if (i < n) bad(i, n - i, 0);  // odd trailing byte
    w.flush();
}

void decode_utf32(std::string_view bytes, std::size_t skip, bool little, decoded& d) {
    d.map = offset_map(skip);
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    d.utf8.reserve((n - skip) / 4 + 16);
    utf8_writer w(d.utf8);
    std::size_t i = skip;
    for (; i + 4 <= n; i += 4) {
        const char32_t b0 = p[i], b1 = p[i + 1], b2 = p[i + 2], b3 = p[i + 3];
        const char32_t u = little ? (b0 | b1 << 8 | b2 << 16 | b3 << 24) : (b0 << 24 | b1 << 16 | b2 << 8 | b3);
        if (u > 0x10FFFF || (u >= 0xD800 && u <= 0xDFFF)) {
            d.invalid.push_back({i, 4});
            const bool keep = d.policy == invalid_policy::keep && u <= 0x10FFFF;  // a surrogate
            d.map.append(1, 4, w.put(keep ? u : 0xFFFD));
        } else {
            d.map.append(1, 4, w.put(u));
        }
    }
    if (i < n) {
        w.flush();
        d.invalid.push_back({i, n - i});
        d.map.append(1, static_cast<std::uint32_t>(n - i), put_invalid(d, bytes.substr(i)));
    }
    w.flush();
}

[[nodiscard]] std::size_t bom_length_for(std::string_view bytes, std::string_view charset) noexcept {
    const auto bom = detect_bom(bytes);
    return bom && bom->charset == charset ? bom->length : 0;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Public: BOM, names, offset map, decoding

std::optional<bom_info> detect_bom(std::string_view bytes) noexcept {
    auto starts = [&](std::string_view m) { return bytes.substr(0, m.size()) == m; };
    using namespace std::string_view_literals;
    if (starts("\xEF\xBB\xBF"sv)) return bom_info{"UTF-8", 3};
    if (starts("\xFF\xFE\x00\x00"sv)) return bom_info{"UTF-32LE", 4};  // before UTF-16LE: same prefix
    if (starts("\x00\x00\xFE\xFF"sv)) return bom_info{"UTF-32BE", 4};
    if (starts("\xFF\xFE"sv)) return bom_info{"UTF-16LE", 2};
    if (starts("\xFE\xFF"sv)) return bom_info{"UTF-16BE", 2};
    return std::nullopt;
}

std::optional<charset_match> find_charset(std::string_view label) noexcept {
    const auto r = lookup(label);
    if (!r.entry) return std::nullopt;
    return charset_match{info_of(*r.entry), r.spelling};
}

bool charset_compatible(std::string_view declared, std::string_view actual) noexcept {
    const auto d = lookup(declared), a = lookup(actual);
    if (!d.entry || !a.entry) return declared == actual;
    if (d.entry == a.entry || (!d.entry->decoder.empty() && d.entry->decoder == a.entry->decoder)) return true;
    return a.entry->name == "US-ASCII" && info_of(*d.entry).ascii_compatible;
}

void offset_map::start_run(std::uint32_t source_unit, std::uint32_t utf8_unit) {
    if (pending_count_ > 0) {
        if (runs_ % 64 == 0) index_.push_back({stream_.size(), pending_utf8_, pending_source_});
        auto varint = [this](std::size_t v) {
            while (v >= 0x80) {
                stream_.push_back(static_cast<std::uint8_t>(v | 0x80));
                v >>= 7;
            }
            stream_.push_back(static_cast<std::uint8_t>(v));
        };
        if (pending_source_unit_ < 15 && pending_utf8_unit_ < 15) {
            stream_.push_back(static_cast<std::uint8_t>(pending_source_unit_ << 4 | pending_utf8_unit_));
        } else {
            stream_.push_back(0xFF);
            varint(pending_source_unit_);
            varint(pending_utf8_unit_);
        }
        varint(pending_count_);
        ++runs_;
    }
    pending_count_ = 0;
    pending_utf8_ = utf8_end_;
    pending_source_ = source_end_;
    pending_source_unit_ = source_unit;
    pending_utf8_unit_ = utf8_unit;
}

// Calls f(run) for the runs from index block `from_block` on, the pending one last,
// until f returns true.
template <class F>
bool offset_map::walk(std::size_t from_block, F&& f) const noexcept {
    if (from_block < index_.size()) {
        std::size_t at = index_[from_block].stream;
        run_view r{index_[from_block].utf8, index_[from_block].source, 0, 0, 0};
        auto varint = [&] {
            std::size_t v = 0;
            for (unsigned shift = 0;; shift += 7) {
                const std::uint8_t b = stream_[at++];
                v |= std::size_t{b & 0x7Fu} << shift;
                if (b < 0x80) return v;
            }
        };
        while (at < stream_.size()) {
            const std::uint8_t units = stream_[at++];
            if (units == 0xFF) {
                r.source_unit = static_cast<std::uint32_t>(varint());
                r.utf8_unit = static_cast<std::uint32_t>(varint());
            } else {
                r.source_unit = units >> 4;
                r.utf8_unit = units & 0x0F;
            }
            r.count = varint();
            if (f(r)) return true;
            r.utf8 += r.count * r.utf8_unit;
            r.source += r.count * r.source_unit;
        }
    }
    if (pending_count_ == 0) return false;
    return f(run_view{pending_utf8_, pending_source_, pending_count_, pending_utf8_unit_, pending_source_unit_});
}

std::size_t offset_map::to_source(std::size_t utf8_offset) const noexcept {
    if (utf8_offset >= utf8_end_) return source_end_;
    // The last block starting at or before the offset.
    auto it = std::upper_bound(index_.begin(), index_.end(), utf8_offset,
                               [](std::size_t v, const block& b) { return v < b.utf8; });
    std::size_t from = it == index_.begin() ? 0 : static_cast<std::size_t>(it - index_.begin()) - 1;
    if (pending_count_ > 0 && utf8_offset >= pending_utf8_) from = index_.size();
    std::size_t result = source_start_;
    walk(from, [&](const run_view& r) {
        if (utf8_offset >= r.utf8 + r.count * r.utf8_unit) return false;
        result = r.utf8_unit == 0 ? r.source : r.source + (utf8_offset - r.utf8) / r.utf8_unit * r.source_unit;
        return true;
    });
    return result;
}

std::size_t offset_map::to_utf8(std::size_t source_offset) const noexcept {
    if (source_offset >= source_end_) return utf8_end_;
    if (source_offset < source_start_) return 0;
    auto it = std::upper_bound(index_.begin(), index_.end(), source_offset,
                               [](std::size_t v, const block& b) { return v < b.source; });
    std::size_t from = it == index_.begin() ? 0 : static_cast<std::size_t>(it - index_.begin()) - 1;
    if (pending_count_ > 0 && source_offset >= pending_source_) from = index_.size();
    std::size_t result = 0;
    walk(from, [&](const run_view& r) {
        if (source_offset >= r.source + r.count * r.source_unit) return false;
        result = r.source_unit == 0 ? r.utf8 : r.utf8 + (source_offset - r.source) / r.source_unit * r.utf8_unit;
        return true;
    });
    return result;
}

std::size_t offset_map::memory_bytes() const noexcept {
    return stream_.capacity() + index_.capacity() * sizeof(block);
}

std::vector<invalid_sequence> validate_utf8(std::string_view bytes) {
    std::vector<invalid_sequence> out;
    scan_utf8(bytes, [&](std::size_t off, std::size_t len) { out.push_back({off, len}); });
    return out;
}

bool is_valid_utf8(std::string_view bytes) noexcept {
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        const utf8_step s = utf8_next(p + i, n - i);
        if (!s.valid) return false;
        i += s.length;
    }
    return true;
}

decoded decode_to_utf8(std::string_view bytes, std::string_view charset, invalid_policy policy) {
    decoded d;
    d.policy = policy;
    const auto r = lookup(charset);
    const family f = r.entry ? r.entry->fam : family::generic;
    switch (f) {
        case family::utf8: decode_utf8(bytes, bom_length_for(bytes, "UTF-8"), d); return d;
        case family::utf16le: decode_utf16(bytes, bom_length_for(bytes, "UTF-16LE"), true, d); return d;
        case family::utf16be: decode_utf16(bytes, bom_length_for(bytes, "UTF-16BE"), false, d); return d;
        case family::utf32le: decode_utf32(bytes, bom_length_for(bytes, "UTF-32LE"), true, d); return d;
        case family::utf32be: decode_utf32(bytes, bom_length_for(bytes, "UTF-32BE"), false, d); return d;
        case family::utf16:
        case family::utf32: {
            const unsigned unit = f == family::utf16 ? 2 : 4;
            const auto bom = detect_bom(bytes);
            const bool bom_fits = bom && bom->charset.substr(0, 6) == (unit == 2 ? "UTF-16" : "UTF-32");
            const bool little = bom_fits ? bom->charset.ends_with("LE") : looks_little_endian(bytes, unit);
            const std::size_t skip = bom_fits ? bom->length : 0;
            if (unit == 2)
                decode_utf16(bytes, skip, little, d);
            else
                decode_utf32(bytes, skip, little, d);
            return d;
        }
        default: break;
    }
    const std::string name(r.entry ? r.entry->decoder : charset);
    iconv_handle cd("UTF-8", name.empty() ? std::string("-") : name);  // a registered name without decoder
    if (name.empty() || !cd.valid()) {
        d.error = "unknown charset '" + std::string(charset) + "'";
        return d;
    }
    d.utf8.reserve(bytes.size() + bytes.size() / 4);  // mostly ASCII; CJK text grows by half
    decode_sink sink{bytes, d};
    legacy_decoder<decode_sink>(bytes, f, cd, sink).run();
    return d;
}

namespace {

// Keeps only the invalid sequences, the first `limit` of them: the text is not kept.
struct invalid_sink {
    std::vector<invalid_sequence>& out;
    std::size_t limit;
    void ascii(std::size_t, std::size_t) {}
    void character(std::size_t, std::size_t, std::string_view) {}
    void characters(std::size_t, std::span<const std::uint8_t>, std::string_view) {}
    void invalid(std::size_t off, std::size_t len) {
        if (out.size() < limit) out.push_back({off, len});
    }
};

}  // namespace

std::vector<invalid_sequence> find_invalid(std::string_view bytes, std::string_view charset, std::size_t limit) {
    std::vector<invalid_sequence> out;
    const auto r = lookup(charset);
    const family f = r.entry ? r.entry->fam : family::generic;
    if (f == family::utf8) {
        const std::size_t skip = bom_length_for(bytes, "UTF-8");
        scan_utf8(bytes.substr(skip), [&](std::size_t off, std::size_t len) {
            if (out.size() < limit) out.push_back({skip + off, len});
        });
        return out;
    }
    const bool wide = f == family::utf16 || f == family::utf16le || f == family::utf16be || f == family::utf32 ||
                      f == family::utf32le || f == family::utf32be;
    if (wide) {  // never ASCII-safe: such files are converted whole anyway
        out = decode_to_utf8(bytes, charset).invalid;
        if (out.size() > limit) out.resize(limit);
        return out;
    }
    const std::string name(r.entry ? r.entry->decoder : charset);
    iconv_handle cd("UTF-8", name.empty() ? std::string("-") : name);  // a registered name without decoder
    if (!cd.valid()) return out;
    invalid_sink sink{out, limit};
    legacy_decoder<invalid_sink>(bytes, f, cd, sink).run();
    return out;
}

// ---------------------------------------------------------------------------------------
// Encoding (the way back, for writers that keep a file's charset)

std::optional<std::string> encode_from_utf8(std::string_view utf8, std::string_view charset) {
    if (!is_valid_utf8(utf8)) return std::nullopt;
    const auto r = lookup(charset);
    if (r.entry && r.entry->fam == family::utf8) return std::string(utf8);
    const std::string name(r.entry ? r.entry->decoder : charset);
    iconv_handle cd(name.empty() ? std::string("-") : name, "UTF-8");  // a registered name without decoder
    if (!cd.valid()) return std::nullopt;
    std::string out;
    out.resize(utf8.size() * 2 + 16);
    std::size_t in_at = 0, out_at = 0;
    for (;;) {
        const auto st = cd.convert(bytes_of(utf8) + in_at, utf8.size() - in_at, out.data() + out_at, out.size() - out_at);
        in_at += st.consumed;
        out_at += st.produced;
        if (st.error == E2BIG) {
            out.resize(out.size() * 2);
            continue;
        }
        if (st.error != 0) return std::nullopt;  // a character the charset does not have
        break;
    }
    for (;;) {  // what a stateful encoder (ISO-2022-*) still holds
        const std::size_t n = cd.flush(out.data() + out_at, out.size() - out_at);
        out_at += n;
        if (out.size() - out_at >= 16) break;
        out.resize(out.size() * 2);
    }
    out.resize(out_at);
    return out;
}

// ---------------------------------------------------------------------------------------
// Guessing

namespace {

// Frequent characters per language, to tell apart decodings that are all structurally
// valid: the same two bytes B0 D7 are 白 in GB2312, 啞 in Big5 and 겜 in EUC-KR, and only
// the first is a common word. Sources: general frequency knowledge plus Go vocabulary
// (black, white, win, loss, points, board, dan, kyu, komi, game, ...); these are small on
// purpose, the byte-range classes below do most of the work.
constexpr std::string_view frequent_zh_hans =
    "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行"
    "所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它"
    "与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新"
    "己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平"
    "系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形"
    "社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取"
    "拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫"
    "令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似"
    "官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费"
    "号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音"
    "跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友"
    "诉止细愿千值仍男钱破网热助倒育属坐状田冲树独财胜负盘贴棋赛杯届冠军劫执押输赢局谱职业段位让子";
constexpr std::string_view frequent_zh_hant =
    "的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡用道行"
    "所然家種事成方多經麼去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本前開但因只從想實日軍者意無力它"
    "與長把機十民第公此已工使情明性知全三又關點正業外將兩高間由問很最重並物手應戰向頭文體政美相見被利什二等產或新"
    "己制身果加西斯月話合回特代內信表化老給世位次度門任常先海通教兒原東聲提立及比員解水名真論處走義各入幾口認條平"
    "系氣題活爾更別打女變四神總何電數安少報才結反受目太量再感建務做接必場件計管期市直德資命山金指克許統區保至隊形"
    "社便空決治展馬科司五基眼書非則聽白卻界達光放強即像難且權思王象完設式色路記南品住告類求據程北邊死張該交規萬取"
    "拉格望覺術領共確傳師觀清今切院讓識候帶導爭運笑飛風步改收根造言聯持組每濟車親極林服快辦議往元英士證近失轉夫"
    "令準布始怎呢存未遠叫台單影具羅字愛擊流備兵連調深商算質團集百需價花黨華城石級整府離況亞請技際約示復病息究線似"
    "官火斷精滿支視消越器容照須九增研寫稱企八功嗎包片史委乎查輕早曾除農找裝廣顯吧阿李標談吃圖念六引歷首醫局突專費"
    "號盡另周較注語僅考落青隨選列武紅響雖推勢參希古眾構房半節土投某案黑維革劃敵致陳律足態護七興派孩驗責營星夠章音"
    "跟志底站嚴巴例防族供效續施留講型料終答緊黃絕奇察母京段依批群項故按河米圍江織害鬥雙境客紀採舉殺攻父蘇密低朝友"
    "訴止細願千值仍男錢破網熱助倒育屬坐狀田衝樹獨財勝負盤貼棋賽盃屆冠軍劫執押輸贏局譜職業段位讓子";
// Kana are scored as frequent by range; these are the common kanji of Japanese text.
constexpr std::string_view frequent_ja =
    "日一国会人年大十二本中長出三同時政事自行社見月分議後前民生連五発間対上部東者党地合市業内相方四定今回新場金員九"
    "入選立開手米力学問高代明実円関決子動京全目表戦経通外最言氏現理調体化田当八六約主題下首意法不来作性的要用制治度"
    "務強気小七成期公持野協取都和統以機平総加山思家話世受区領多県続進正安設保改数記院女初北午指権心界支第産結百派点"
    "教報済書府活原先共得解名交資予川向際査勝面委告軍文反元重近千考判認画海参売利組知案道信策集在件団別物側任引使求"
    "所次水半品昨論計死官増係感特情投示変打男基私各始島直両朝革価式確村提運終挙果西勢減台広容必応演電歳住争談能無再"
    "位置企真流格有疑口過局少放税検藤町常校料沢裁状工建語球営空職証土与急止送援供可役構木割聞身費付施切由説転食比難"
    "防補車優夫研収断井何南石足違消境神番規術護展態導鮮備宅害配副算視条幹独警宮究育席輸訪楽起万着乗店述残想線率病農"
    "州武声質念待試族象銀域助労例衛然早張映限親額監環験追審商葉義伝働形景落欧担好退準賞訴辺造英被株頭技低毎医復仕去"
    "姿味負閣韓渡失移差衆個門写評課末守若脳極種美岡影命含福蔵量望松非撃佐核観察整段横融型白深字答夜製票況音申様財港"
    "識注呼渉達良響阪帰針専推練黒碁囲棋盤級目押投了持番聖王座因坊戦";
constexpr std::string_view frequent_ko =
    "이의다는에하고을가를로지기한서사대도어자리시수인정해일나게아있그것들국전주상부제적으면라만내과와우장동구여방"
    "비화보성경소원문세생공신연때거오위조관학말요업모금산진되행분야발치간선실통물명개당계미회결중현무식합예마유후"
    "단교및저람까출청심받님또달없했습니운안점민날살력특차입설체종역터히속표본집약영활알감양반강급음트드스르노데러"
    "네었였겠씨쪽백흑승패불계덤바둑착수초프로단급기전왕배";

[[nodiscard]] std::vector<char32_t> code_points(std::string_view s) {
    std::vector<char32_t> v;
    const uchar* p = bytes_of(s);
    for (std::size_t i = 0; i < s.size();) {
        const auto st = utf8_next(p + i, s.size() - i);
        if (st.valid) v.push_back(utf8_decode(p + i, st.length));
        i += st.length;
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

enum class language { zh_hans, zh_hant, ja, ko };
constexpr std::array<std::string_view, 4> language_names{"simplified Chinese", "traditional Chinese", "Japanese",
                                                         "Korean"};

[[nodiscard]] bool frequent(language lang, char32_t cp) {
    static const std::array<std::vector<char32_t>, 4> sets{code_points(frequent_zh_hans), code_points(frequent_zh_hant),
                                                           code_points(frequent_ja), code_points(frequent_ko)};
    if (lang == language::ja && ((cp >= 0x3041 && cp <= 0x30FF) || cp == 0x3005)) return true;  // kana, 々
    const auto& s = sets[static_cast<std::size_t>(lang)];
    return std::binary_search(s.begin(), s.end(), cp);
}

// How typical a character is of text in its charset, from the byte ranges the charsets
// were laid out in (most frequent characters first): GB2312 level 1, Big5 frequent
// hanzi, KS X 1001 Hangul, JIS X 0208 level 1 and kana are common; level 2 and hanja are
// rare; half-width katakana, vendor extensions and user-defined areas are unlikely.
enum class byte_class { common, symbol, rare, unlikely };

[[nodiscard]] byte_class classify(family f, const uchar* p, std::size_t len) noexcept {
    const uchar a = p[0], b = len > 1 ? p[1] : 0;
    switch (f) {
        case family::gb18030:
            if (len == 4) return byte_class::unlikely;
            if (b >= 0xA1 && in(a, 0xB0, 0xD7)) return byte_class::common;
            if (b >= 0xA1 && in(a, 0xA1, 0xA9)) return byte_class::symbol;
            if (b >= 0xA1 && in(a, 0xD8, 0xF7)) return byte_class::rare;
            return byte_class::unlikely;  // GBK extensions
        case family::big5: {
            const unsigned c = (unsigned{a} << 8) | b;
            if (c >= 0xA440 && c <= 0xC67E) return byte_class::common;
            if (c >= 0xA140 && c <= 0xA3BF) return byte_class::symbol;
            if (c >= 0xC940 && c <= 0xF9D5) return byte_class::rare;
            return byte_class::unlikely;
        }
        case family::cp949:
            if (b >= 0xA1 && in(a, 0xB0, 0xC8)) return byte_class::common;
            if (b >= 0xA1 && in(a, 0xA1, 0xAC)) return byte_class::symbol;
            if (b >= 0xA1 && in(a, 0xCA, 0xFD)) return byte_class::rare;
            return byte_class::unlikely;  // UHC extensions
        case family::sjis: {
            if (len == 1) return byte_class::unlikely;  // half-width katakana
            const unsigned c = (unsigned{a} << 8) | b;
            if (c >= 0x8140 && c <= 0x81FC) return byte_class::symbol;
            if (c >= 0x829F && c <= 0x8396) return byte_class::common;  // kana
            if (c >= 0x889F && c <= 0x9872) return byte_class::common;
            if (c >= 0x989F && c <= 0xEAA4) return byte_class::rare;
            if (a < 0x88) return byte_class::symbol;
            return byte_class::unlikely;
        }
        case family::eucjp:
            if (a == 0x8E || a == 0x8F) return byte_class::unlikely;
            if (in(a, 0xA4, 0xA5)) return byte_class::common;  // kana
            if (in(a, 0xB0, 0xCF)) return byte_class::common;
            if (in(a, 0xA1, 0xA8)) return byte_class::symbol;
            if (in(a, 0xD0, 0xF4)) return byte_class::rare;
            return byte_class::unlikely;
        default: return byte_class::rare;
    }
}

struct candidate_score {
    std::string_view charset;
    long score = 0;
    std::size_t characters = 0;
    std::size_t invalid = 0;
    std::size_t frequent = 0;  // frequent characters (CJK), accented letters in words (Latin)
    std::string_view language;  // of the frequency list (CJK only)
};

// Scores: an invalid sequence costs far more than any character earns, so a charset the
// bytes are not valid in loses to one they are; among valid ones, frequent characters win.
constexpr long invalid_cost = -12;

struct cjk_sink {
    std::string_view in;
    family f;
    language lang;
    candidate_score& s;
    void ascii(std::size_t, std::size_t) {}
    void character(std::size_t off, std::size_t len, std::string_view u8) {
        if (len == 0 || static_cast<uchar>(in[off]) < 0x80) return;  // ASCII inside a chunk
        const uchar* p = bytes_of(in) + off;
        ++s.characters;
        const uchar* o = bytes_of(u8);
        const char32_t cp = u8.empty() ? 0 : utf8_decode(o, utf8_next(o, u8.size()).length);
        long pts = 0;
        if ((cp >= 0xE000 && cp <= 0xF8FF) || (cp >= 0x80 && cp <= 0x9F) || cp >= 0xF0000) {
            pts = -6;  // private use or C1 control: a decoding artefact
        } else if (frequent(lang, cp)) {
            pts = 6;
            ++s.frequent;
        } else if ((cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF01 && cp <= 0xFF5E)) {
            pts = 2;  // CJK punctuation, full-width forms
        } else {
            switch (classify(f, p, len)) {
                case byte_class::common: pts = 2; break;
                case byte_class::symbol: pts = 0; break;
                case byte_class::rare: pts = 0; break;
                case byte_class::unlikely: pts = -3; break;
            }
        }
        if (len > 1 && p[1] < 0x80) pts -= (p[1] == ']' || p[1] == '\\' || p[1] == '[') ? 6 : 2;
        s.score += pts;
    }
    void characters(std::size_t off, std::span<const std::uint8_t> lens, std::string_view u8) {
        std::size_t at = 0;
        for (std::uint8_t len : lens) {
            const std::uint32_t l = lead_length(static_cast<uchar>(u8[at]));
            character(off, len, u8.substr(at, l));
            off += len;
            at += l;
        }
    }
    void invalid(std::size_t, std::size_t) {
        ++s.invalid;
        s.score += invalid_cost;
    }
};

[[nodiscard]] candidate_score score_cjk(std::string_view bytes, std::string_view charset, language lang) {
    const charset_entry& e = entry_named(charset);
    candidate_score s;
    s.charset = e.name;
    s.language = language_names[static_cast<std::size_t>(lang)];
    iconv_handle cd("UTF-8", std::string(e.decoder));
    if (!cd.valid()) {
        s.score = -1000000;
        return s;
    }
    cjk_sink sink{bytes, e.fam, lang, s};
    legacy_decoder<cjk_sink>(bytes, e.fam, cd, sink).run();
    return s;
}

[[nodiscard]] candidate_score score_utf8(std::string_view bytes) {
    candidate_score s;
    s.charset = "UTF-8";
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        const utf8_step st = utf8_next(p + i, n - i);
        if (st.valid) {
            ++s.characters;
            s.score += st.length == 2 ? 4 : 8;  // random bytes rarely form valid sequences
        } else {
            ++s.invalid;
            s.score += invalid_cost;
        }
        i += st.length;
    }
    return s;
}

[[nodiscard]] bool ascii_letter(uchar c) noexcept { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
[[nodiscard]] bool latin1_letter(uchar c) noexcept { return c >= 0xC0 && c != 0xD7 && c != 0xF7; }

// Latin-1 text has accented letters inside words of ASCII letters ("Hrabánek", "créé");
// CJK bytes read as Latin-1 give runs of accented capitals and symbols ("ÅÌÃæ", "°×").
[[nodiscard]] candidate_score score_latin(std::string_view bytes) {
    candidate_score s;
    s.charset = "ISO-8859-1";
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    bool cp1252 = false, c1 = false;
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        // The word around the high byte: letters of either kind.
        std::size_t a = i, b = i;
        while (a > 0 && (ascii_letter(p[a - 1]) || latin1_letter(p[a - 1]))) --a;
        while (b < n && (ascii_letter(p[b]) || latin1_letter(p[b]) || p[b] >= 0x80)) ++b;
        bool has_ascii = false;
        for (std::size_t k = a; k < b && !has_ascii; ++k) has_ascii = ascii_letter(p[k]);
        for (std::size_t k = i; k < b; ++k) {
            const uchar c = p[k];
            if (c < 0x80) continue;
            ++s.characters;
            if (c <= 0x9F) {
                // Windows-1252 punctuation (’ “ ” – — … €) or, for the five it leaves
                // undefined, a C1 control that no text contains.
                const bool undefined = c == 0x81 || c == 0x8D || c == 0x8F || c == 0x90 || c == 0x9D;
                if (undefined) {
                    c1 = true;
                    s.score -= 8;
                } else {
                    cp1252 = true;
                    s.score += 1;
                }
            } else if (latin1_letter(c)) {
                if (has_ascii) {
                    s.score += 4;
                    ++s.frequent;
                }
            } else if (c == 0xD7 || c == 0xF7) {
                s.score -= 1;
            }
        }
        i = b;
    }
    if (cp1252 && !c1) s.charset = "windows-1252";
    return s;
}

// Cuts the input after the first `limit` non-ASCII bytes, at a byte that is never part of
// a character in any candidate charset (below 0x30, or 0x3A..0x3F: trail bytes start at
// 0x40 and GB18030's four-byte sequences use digits), or failing one nearby, anyway.
[[nodiscard]] std::string_view sample(std::string_view bytes, std::size_t limit) noexcept {
    std::size_t high = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (static_cast<uchar>(bytes[i]) < 0x80 || ++high < limit) continue;
        const std::size_t stop = std::min(bytes.size(), i + 4096);
        for (std::size_t j = i; j < stop; ++j) {
            const auto c = static_cast<uchar>(bytes[j]);
            if (c < 0x30 || (c >= 0x3A && c < 0x40)) return bytes.substr(0, j);
        }
        return bytes.substr(0, stop);
    }
    return bytes;
}

[[nodiscard]] std::string percent(std::size_t part, std::size_t whole) {
    return std::to_string(whole == 0 ? 0 : part * 100 / whole) + "%";
}

[[nodiscard]] std::string plural(std::size_t n, std::string_view word) {
    std::string s = std::to_string(n) + " " + std::string(word);
    if (n != 1) s += 's';
    return s;
}

}  // namespace

charset_guess guess_charset(std::string_view bytes) {
    charset_guess g;
    if (const auto bom = detect_bom(bytes)) {
        g.charset = bom->charset;
        g.confidence = guess_confidence::certain;
        const decoded d = decode_to_utf8(bytes, bom->charset);
        g.invalid = d.invalid.size();
        g.reason = "byte order mark for " + std::string(bom->charset);
        if (g.invalid > 0) g.reason += "; " + plural(g.invalid, "invalid sequence") + " after it";
        return g;
    }

    // UTF-32 and UTF-16 before UTF-8: ASCII text in them is valid UTF-8 too, NULs and all.
    const nul_counts nuls = count_nuls(bytes);
    const std::size_t quads = nuls.units;
    if (quads >= 2) {
        const std::size_t pairs = quads * 2;
        auto utf_try = [&](std::string_view cs, std::size_t hits, std::size_t total, std::string_view where) {
            const decoded d = decode_to_utf8(bytes, cs);
            g.charset = cs;
            g.confidence = d.invalid.empty() ? guess_confidence::high : guess_confidence::medium;
            g.invalid = d.invalid.size();
            g.reason = "NUL bytes " + std::string(where) + " (" + percent(hits, total) + " of them), as in ASCII text in " +
                       std::string(cs) + "; " + plural(g.invalid, "invalid sequence");
        };
        const std::size_t odd = nuls.at[1] + nuls.at[3], even = nuls.at[0] + nuls.at[2];
        if (nuls.at[2] + nuls.at[3] >= quads * 18 / 10 && nuls.at[0] * 4 < quads) {
            utf_try("UTF-32LE", nuls.at[2] + nuls.at[3], quads * 2, "in the upper half of each 4-byte unit");
            return g;
        }
        if (nuls.at[0] + nuls.at[1] >= quads * 18 / 10 && nuls.at[3] * 4 < quads) {
            utf_try("UTF-32BE", nuls.at[0] + nuls.at[1], quads * 2, "in the upper half of each 4-byte unit");
            return g;
        }
        if (odd * 4 >= pairs && even * 10 <= odd) {
            utf_try("UTF-16LE", odd, pairs, "at odd offsets");
            return g;
        }
        if (even * 4 >= pairs && odd * 10 <= even) {
            utf_try("UTF-16BE", even, pairs, "at even offsets");
            return g;
        }
    }

    const uchar* p = bytes_of(bytes);
    if (skip_ascii(p, 0, bytes.size()) == bytes.size()) {
        g.charset = "US-ASCII";
        g.confidence = guess_confidence::certain;
        g.reason = "all " + plural(bytes.size(), "byte") + " are ASCII, the same in every ASCII-compatible charset";
        return g;
    }

    if (is_valid_utf8(bytes)) {
        const candidate_score s = score_utf8(bytes);
        g.charset = "UTF-8";
        g.confidence = guess_confidence::high;
        g.characters = s.characters;
        g.reason = "valid UTF-8 with " + plural(s.characters, "multi-byte character");
        return g;
    }

    const std::string_view sample_bytes = sample(bytes, 1 << 16);
    std::vector<candidate_score> cands;
    cands.push_back(score_utf8(sample_bytes));
    cands.push_back(score_latin(sample_bytes));
    cands.push_back(score_cjk(sample_bytes, "GB18030", language::zh_hans));
    cands.push_back(score_cjk(sample_bytes, "EUC-KR", language::ko));
    cands.push_back(score_cjk(sample_bytes, "Big5", language::zh_hant));
    cands.push_back(score_cjk(sample_bytes, "Shift_JIS", language::ja));
    cands.push_back(score_cjk(sample_bytes, "EUC-JP", language::ja));
    // Stable: on a tie the earlier (more common in SGF files) candidate wins.
    std::stable_sort(cands.begin(), cands.end(), [](const auto& a, const auto& b) { return a.score > b.score; });
    const candidate_score& best = cands[0];
    const candidate_score& next = cands[1];

    g.charset = best.charset;
    g.characters = best.characters;
    g.invalid = best.invalid;
    const long margin = best.score - next.score;
    // A few invalid sequences among many valid ones are damage (truncated names), not a
    // sign of another charset; for the legacy charsets any invalid sequence is.
    const bool clean = best.invalid == 0 || (best.charset == "UTF-8" && best.characters >= 4 * best.invalid);
    g.confidence = best.score > 0 && clean && margin >= 12 && margin * 4 >= best.score ? guess_confidence::medium
                                                                                       : guess_confidence::low;
    g.reason = "not valid UTF-8; ";
    if (best.charset == "UTF-8")
        g.reason += "UTF-8 with damage: " + plural(best.characters, "valid multi-byte character") + " and " +
                    plural(best.invalid, "invalid sequence");
    else if (best.language.empty())
        g.reason += "reads as " + std::string(best.charset) + ": " + plural(best.frequent, "accented letter") +
                    " inside words, " + plural(best.characters, "non-ASCII byte") + " in all";
    else
        g.reason += "decodes as " + std::string(best.charset) + ": " + plural(best.characters, "multi-byte character") +
                    ", " + std::to_string(best.frequent) + " of them frequent in " + std::string(best.language) + ", " +
                    plural(best.invalid, "invalid sequence");
    g.reason += " (score " + std::to_string(best.score) + "; next best " + std::string(next.charset) + ", " +
                std::to_string(next.score) + ")";
    if (sample_bytes.size() < bytes.size()) g.reason += "; judged on the first " + plural(sample_bytes.size(), "byte");
    return g;
}

}  // namespace sgf
