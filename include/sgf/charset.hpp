#pragma once
// Charsets: BOM detection, CA[] name lookup, decoding to UTF-8 with exact source offsets,
// and a guess for files without CA. Text values are decoded on demand, so every function
// here works on a byte view and never throws on bad input (only std::bad_alloc escapes).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/offset_map.hpp"

namespace sgf {

// ---------------------------------------------------------------------------------------
// Byte order marks

struct bom_info {
    std::string_view charset;  // canonical name: "UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"
    std::size_t length = 0;    // bytes to skip
};

// The BOM at the start of `bytes`, if any. UTF-32LE (FF FE 00 00) is tested before UTF-16LE
// (FF FE), whose mark is its prefix.
[[nodiscard]] std::optional<bom_info> detect_bom(std::string_view bytes) noexcept;

// ---------------------------------------------------------------------------------------
// Charset names (CA[] values)

struct charset_info {
    std::string_view name;     // canonical (IANA preferred) spelling: what CA[] should say
    std::string_view decoder;  // iconv name used to decode: a superset where real files need one
                               // (WHATWG practice: GB2312 -> GB18030, Shift_JIS -> CP932, ...)
    std::uint8_t unit = 1;     // code unit in bytes: 1, 2 (UTF-16) or 4 (UTF-32)
    bool ascii_compatible = true;  // ASCII text is the same bytes; false for UTF-16/32
    bool ascii_safe = true;  // no byte < 0x80 is ever part of a multi-byte character, so the
                             // SGF grammar may scan raw bytes for ']' and '\'. False for
                             // GBK/GB18030, Shift_JIS, Big5, CP949, ISO-2022-JP, UTF-16/32:
                             // convert those whole before parsing.
};

enum class charset_spelling {
    preferred,   // exactly the canonical name ("UTF-8")
    registered,  // the canonical name or a registered alias up to case ("utf-8", "latin1"):
                 // allowed by the spec, which takes RFC 1345 / IANA names and aliases
    misspelled,  // only matches once case, '-', '_', '.' and spaces are ignored, or a
                 // common unregistered name ("UTF8", "ISO8859_1", "SJIS", "CP949")
};

struct charset_match {
    charset_info info;
    charset_spelling spelling = charset_spelling::preferred;
};

// Looks up a CA[] value. Unknown names give nullopt.
[[nodiscard]] std::optional<charset_match> find_charset(std::string_view label) noexcept;

// Whether bytes guessed (or known) to be `actual` read the same when decoded as `declared`:
// same decoder, or `actual` is US-ASCII and `declared` is ASCII-compatible.
// Unknown names are compatible only with the identical name.
[[nodiscard]] bool charset_compatible(std::string_view declared, std::string_view actual) noexcept;

// ---------------------------------------------------------------------------------------
// Decoding

// A byte sequence that is not a character in the charset: offset and length in the input.
struct invalid_sequence {
    std::size_t offset = 0;
    std::size_t length = 0;
    friend bool operator==(const invalid_sequence&, const invalid_sequence&) = default;
};

// How an invalid sequence is written into the UTF-8 output.
enum class invalid_policy : std::uint8_t {
    replace,  // one U+FFFD each
    keep,     // no data loss: bytes >= 0x80 verbatim (they can never be read as ASCII, so SGF
              // syntax stays intact), a lone UTF-16/32 surrogate as its 3-byte generalized
              // UTF-8 form; only a sequence holding an ASCII byte (or a UTF-32 unit above
              // U+10FFFF) still becomes U+FFFD. The output is then not valid UTF-8.
};

struct decoded {
    std::string utf8;  // each invalid sequence written as `policy` says
    std::vector<invalid_sequence> invalid;  // every one, in order; the caller reports them
    offset_map map;
    std::string error;  // non-empty when the charset is unknown (utf8 is then empty)
    invalid_policy policy = invalid_policy::replace;
    [[nodiscard]] bool ok() const noexcept { return error.empty(); }
};

// Strict UTF-8 check: rejects overlongs, surrogates, code points above U+10FFFF, stray
// continuation bytes and sequences truncated by the end of input. NUL is valid. Each
// invalid sequence is a maximal subpart (Unicode 15, 3.9 "U+FFFD Substitution of Maximal
// Subparts"), so "E6 97" before ']' is one sequence of length 2.
[[nodiscard]] std::vector<invalid_sequence> validate_utf8(std::string_view bytes);
[[nodiscard]] bool is_valid_utf8(std::string_view bytes) noexcept;

// Decodes `bytes` in `charset` (a CA[] value in any spelling find_charset accepts, or any
// name glibc iconv knows) to UTF-8. Invalid sequences are recorded and replaced, never
// dropped. A BOM matching the charset is skipped ("UTF-16" and "UTF-32" take their byte
// order from the BOM, else from where the NUL bytes are, else big-endian as RFC 2781 says).
// UTF-8 and UTF-16/32 are decoded here; other charsets through iconv.
[[nodiscard]] decoded decode_to_utf8(std::string_view bytes, std::string_view charset,
                                     invalid_policy policy = invalid_policy::replace);

// The first `limit` invalid sequences decode_to_utf8 would find, without decoding the text
// (memory does not grow with `bytes`). None for an unknown charset.
[[nodiscard]] std::vector<invalid_sequence> find_invalid(std::string_view bytes, std::string_view charset, std::size_t limit);
// The way back: valid UTF-8 text in `charset` (as decode_to_utf8 names it; "UTF-16" and
// "UTF-32" as iconv writes them), without a byte order mark. nullopt when the text is not
// valid UTF-8 or holds a character the charset cannot write. With invalid_policy::keep, the
// text may hold what decode_to_utf8 kept of invalid sequences under that policy, and each is
// written back as the bytes it was (a lone surrogate as its UTF-16/32 code unit): a file
// decoded with keep encodes back to its own bytes.
[[nodiscard]] std::optional<std::string> encode_from_utf8(std::string_view utf8, std::string_view charset,
                                                          invalid_policy policy = invalid_policy::replace);

// ---------------------------------------------------------------------------------------
// Guessing the charset of a file without CA[]

enum class guess_confidence {
    certain,  // a BOM, or every byte is ASCII
    high,     // valid UTF-8 with multi-byte characters, or a clear NUL pattern (UTF-16/32)
    medium,   // one legacy charset decodes clearly better than the others
    low,      // little evidence (a few bytes) or a near tie
};

struct charset_guess {
    std::string_view charset;  // canonical name, always one find_charset knows
    guess_confidence confidence = guess_confidence::low;
    std::string reason;       // human-readable evidence, for a diagnostic
    std::size_t characters = 0;  // non-ASCII characters that decoded
    std::size_t invalid = 0;     // invalid sequences when decoded as `charset`
};

// Order of tests: BOM; NUL patterns (UTF-32, UTF-16, which are also valid UTF-8 when the
// text is ASCII); all ASCII; valid UTF-8; otherwise a score over UTF-8 (with errors),
// Latin-1/Windows-1252, GB18030, EUC-KR, Big5, Shift_JIS and EUC-JP from the byte ranges
// the characters fall in and a list of frequent characters per language. Only the first
// 64 KiB of non-ASCII bytes are scored.
[[nodiscard]] charset_guess guess_charset(std::string_view bytes);

}  // namespace sgf
