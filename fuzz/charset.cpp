// Fuzz target charset: the charset functions (include/sgf/charset.hpp) and the input stage
// (include/sgf/input.hpp) on any bytes. The first input byte picks a charset (and whether
// to give it as an override); the rest is the text.
//
// Invariants:
//   1. decode_to_utf8 with invalid_policy::replace gives valid UTF-8, and its offset map
//      covers the input: source_end() == input size, utf8_end() == output size, and
//      to_source / to_utf8 stay inside and are monotonic;
//   2. invalid sequences lie inside the input, in order, without overlap;
//   3. valid UTF-8 decodes as UTF-8 to itself, without invalid sequences;
//   4. guess_charset names a charset find_charset knows; detect_bom's length fits;
//   5. load() (BOM, CA, guess, conversion, parse) returns, with every position inside the
//      file, and load_result::utf8 of every value returns (no crash on any charset).
#include <array>

#include "fuzz_common.hpp"
#include "sgf/charset.hpp"
#include "sgf/input.hpp"

namespace {

constexpr std::array<std::string_view, 16> charsets = {
    "UTF-8",    "UTF-16LE",  "UTF-16BE", "UTF-32LE", "UTF-32BE", "ISO-8859-1", "windows-1252", "GB18030",
    "GB2312",   "Shift_JIS", "EUC-JP",   "EUC-KR",   "Big5",     "KOI8-R",     "ISO-2022-JP",  "US-ASCII"};

void check_decoded(std::string_view text, std::string_view charset, const std::string& ctx) {
    const sgf::decoded d = sgf::decode_to_utf8(text, charset, sgf::invalid_policy::replace);
    if (!d.ok()) return;  // iconv does not know the name on this system
    SGF_FUZZ_CHECK(sgf::is_valid_utf8(d.utf8), "replace policy gave invalid UTF-8 for " + std::string(charset) + "; " + ctx);
    SGF_FUZZ_CHECK(d.map.source_end() == text.size(), "offset map does not end at the input's end; " + ctx);
    SGF_FUZZ_CHECK(d.map.utf8_end() == d.utf8.size(), "offset map does not end at the output's end; " + ctx);
    std::size_t last_end = 0;
    for (const auto& s : d.invalid) {
        SGF_FUZZ_CHECK(s.length > 0 && s.offset >= last_end && s.offset + s.length <= text.size(),
                       "invalid sequence out of place; " + ctx);
        last_end = s.offset + s.length;
    }
    std::size_t prev = 0;
    const std::size_t step = 1 + d.utf8.size() / 64;  // a sample of offsets keeps it linear
    for (std::size_t u = 0; u <= d.utf8.size(); u += step) {
        const std::size_t s = d.map.to_source(u);
        SGF_FUZZ_CHECK(s <= text.size() && s >= prev, "to_source not monotonic or outside; " + ctx);
        prev = s;
        SGF_FUZZ_CHECK(d.map.to_utf8(s) <= d.utf8.size(), "to_utf8 outside; " + ctx);
    }
    (void)sgf::decode_to_utf8(text, charset, sgf::invalid_policy::keep);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view charset = charsets[data[0] % charsets.size()];
    const bool override = (data[0] & 0x80) != 0;
    const std::string text = sgf_fuzz::bytes_of(data + 1, size - 1);
    const std::string ctx = "charset " + std::string(charset) + ", input: " + sgf_fuzz::printable(text);

    check_decoded(text, charset, ctx);
    if (sgf::is_valid_utf8(text)) {  // a leading byte order mark is dropped
        const sgf::decoded d = sgf::decode_to_utf8(text, "UTF-8");
        const std::string_view body = std::string_view(text).starts_with("\xEF\xBB\xBF") ? std::string_view(text).substr(3) : text;
        SGF_FUZZ_CHECK(d.ok() && d.utf8 == body && d.invalid.empty(), "valid UTF-8 changed by decoding; " + ctx);
    }
    const sgf::charset_guess g = sgf::guess_charset(text);
    SGF_FUZZ_CHECK(sgf::find_charset(g.charset).has_value(), "guess names an unknown charset: " + std::string(g.charset));
    check_decoded(text, g.charset, "guessed; " + ctx);
    if (const auto bom = sgf::detect_bom(text)) SGF_FUZZ_CHECK(bom->length <= text.size(), "BOM longer than input");
    (void)sgf::find_charset(std::string_view(text).substr(0, 64));

    sgf::load_result r;
    try {
        r = sgf::load(sgf::file_bytes(text), {.lenient = (data[0] & 0x40) != 0, .charset = override ? std::string(charset) : std::string()});
    } catch (const std::invalid_argument&) {
        SGF_FUZZ_CHECK(!sgf::find_charset(charset), "load refused a charset find_charset knows: " + std::string(charset));
        return 0;
    }
    for (const auto& d : r.diagnostics)
        SGF_FUZZ_CHECK(d.where.byte <= text.size() && d.where.line >= 1 && d.where.column >= 1,
                       std::string(d.code) + " outside the file; " + ctx);
    for (std::size_t t = 0; t < r.trees.size(); ++t)
        for (std::size_t i = 0; i < r.trees[t].size() && i < 64; ++i)
            for (const auto& p : r.trees[t][i].properties())
                for (const auto& v : p) (void)r.utf8(v.raw(), t);
    return 0;
}
