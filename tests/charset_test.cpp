// Charset layer: BOMs, CA[] names, strict UTF-8, decoding with offset maps, the guess,
// and every file of shared/corpus/encodings/.
#include <doctest/doctest.h>
#include <iconv.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "input/charset_detail.hpp"
#include "input/charset_registry.hpp"
#include "sgf/charset.hpp"
#include "sgf/input.hpp"

#include "tests/shared_dir.hpp"

using namespace std::string_literals;
using namespace std::string_view_literals;

namespace {

// Test-only encoder, to make legacy bytes from readable UTF-8 literals.
std::string encode(std::string_view utf8, const char* charset) {
    iconv_t cd = iconv_open(charset, "UTF-8");
    REQUIRE(cd != reinterpret_cast<iconv_t>(-1));
    std::string out(utf8.size() * 4 + 16, '\0');
    char* in = const_cast<char*>(utf8.data());
    std::size_t in_left = utf8.size();
    char* o = out.data();
    std::size_t out_left = out.size();
    const std::size_t r = iconv(cd, &in, &in_left, &o, &out_left);
    iconv_close(cd);
    REQUIRE(r != static_cast<std::size_t>(-1));
    out.resize(out.size() - out_left);
    return out;
}

std::string read_file(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::string utf16(std::u16string_view s, bool little, bool bom) {
    std::string out;
    auto put = [&](char16_t u) {
        const char hi = static_cast<char>(u >> 8), lo = static_cast<char>(u & 0xFF);
        out += little ? lo : hi;
        out += little ? hi : lo;
    };
    if (bom) put(0xFEFF);
    for (char16_t u : s) put(u);
    return out;
}

std::string utf32(std::u32string_view s, bool little, bool bom) {
    std::string out;
    auto put = [&](char32_t u) {
        for (int k = 0; k < 4; ++k) {
            const int shift = little ? 8 * k : 8 * (3 - k);
            out += static_cast<char>((u >> shift) & 0xFF);
        }
    };
    if (bom) put(0xFEFF);
    for (char32_t u : s) put(u);
    return out;
}

using inv = sgf::invalid_sequence;

}  // namespace

TEST_CASE("charset: BOM detection") {
    CHECK(!sgf::detect_bom(""));
    CHECK(!sgf::detect_bom("(;FF[4])"));
    CHECK(!sgf::detect_bom("\xEF\xBB"sv));  // truncated mark
    CHECK(!sgf::detect_bom("\xFE"sv));

    auto check = [](std::string_view bytes, std::string_view name, std::size_t length) {
        const auto b = sgf::detect_bom(bytes);
        REQUIRE(b);
        CHECK(b->charset == name);
        CHECK(b->length == length);
    };
    check("\xEF\xBB\xBF(;)"sv, "UTF-8", 3);
    check("\xFF\xFE(\0"sv, "UTF-16LE", 2);
    check("\xFE\xFF\0("sv, "UTF-16BE", 2);
    check("\xFF\xFE\0\0(\0\0\0"sv, "UTF-32LE", 4);  // not UTF-16LE followed by U+0000
    check("\0\0\xFE\xFF\0\0\0("sv, "UTF-32BE", 4);
    check("\xFF\xFE"sv, "UTF-16LE", 2);
}

TEST_CASE("charset: names and their spellings") {
    using sp = sgf::charset_spelling;
    struct row {
        std::string_view label, canonical;
        sp spelling;
    };
    const row rows[] = {
        {"UTF-8", "UTF-8", sp::preferred},         {"utf-8", "UTF-8", sp::preferred},
        {"UTF8", "UTF-8", sp::misspelled},         {"utf8", "UTF-8", sp::misspelled},
        {" UTF-8 ", "UTF-8", sp::misspelled},      {"ISO-8859-1", "ISO-8859-1", sp::preferred},
        {"ISO8859_1", "ISO-8859-1", sp::misspelled}, {"iso8859-1", "ISO-8859-1", sp::misspelled},
        {"iso-8859-1", "ISO-8859-1", sp::preferred}, {"ISO_8859-1", "ISO-8859-1", sp::registered},
        {"Latin1", "ISO-8859-1", sp::registered},  {"latin-1", "ISO-8859-1", sp::misspelled},
        {"GB2312", "GB2312", sp::preferred},       {"gb2312", "GB2312", sp::preferred},
        {"GBK", "GBK", sp::preferred},             {"CP936", "GBK", sp::registered},
        {"GB18030", "GB18030", sp::preferred},     {"Shift_JIS", "Shift_JIS", sp::preferred},
        {"SJIS", "Shift_JIS", sp::misspelled},     {"shift-jis", "Shift_JIS", sp::misspelled},
        {"MS_Kanji", "Shift_JIS", sp::registered}, {"CP932", "Windows-31J", sp::misspelled},
        {"EUC-KR", "EUC-KR", sp::preferred},       {"euc-kr", "EUC-KR", sp::preferred},
        {"CP949", "EUC-KR", sp::misspelled},       {"Big5", "Big5", sp::preferred},
        {"big5", "Big5", sp::preferred},          {"Big5-HKSCS", "Big5-HKSCS", sp::preferred},
        {"EUC-JP", "EUC-JP", sp::preferred},       {"KOI8-R", "KOI8-R", sp::preferred},
        {"Windows-1252", "windows-1252", sp::preferred}, {"cp1252", "windows-1252", sp::misspelled},
        {"US-ASCII", "US-ASCII", sp::preferred},   {"ASCII", "US-ASCII", sp::registered},  // RFC 1345
        {"ANSI_X3.4-1968", "US-ASCII", sp::registered}, {"UTF-16", "UTF-16", sp::preferred},
        {"utf-16le", "UTF-16LE", sp::preferred},  {"UTF-32BE", "UTF-32BE", sp::preferred},
    };
    for (const auto& r : rows) {
        CAPTURE(r.label);
        const auto m = sgf::find_charset(r.label);
        REQUIRE(m);
        CHECK(m->info.name == r.canonical);
        CHECK(m->spelling == r.spelling);
    }
    // the IANA registry (RFC 1345 and updates): every name and alias, without regard to case
    // ("no distinction is made between use of upper and lower case letters")
    const row registered[] = {
        {"ISO_646.irv:1983", "ISO_646.irv:1983", sp::preferred}, {"irv", "ISO_646.irv:1983", sp::registered},
        {"iso-ir-2", "ISO_646.irv:1983", sp::registered},        {"us-dk", "us-dk", sp::preferred},
        {"T.61-7bit", "T.61-7bit", sp::preferred},                {"JIS_C6226-1983", "JIS_C6226-1983", sp::preferred},
        {"hebrew", "ISO-8859-8", sp::registered},                 {"arabic", "ISO-8859-6", sp::registered},
        {"macintosh", "macintosh", sp::preferred},                {"MAC", "macintosh", sp::registered},
        {"ibm037", "IBM037", sp::preferred},                      {"ebcdic-cp-us", "IBM037", sp::registered},
    };
    for (const auto& r : registered) {
        CAPTURE(r.label);
        const auto m = sgf::find_charset(r.label);
        REQUIRE(m);
        CHECK(m->info.name == r.canonical);
        CHECK(m->spelling == r.spelling);
    }
    // The registry's data on which charsets write ASCII text as other bytes agrees with iconv
    // for every registered charset iconv reads here (the data decides, so that a build
    // whose iconv lacks a charset, emscripten's, classifies it alike).
    std::string ascii = "\t\n\r";
    for (char ch = 0x20; ch < 0x7f; ++ch) ascii += ch;
    std::size_t read = 0;
    for (const auto& r : sgf::detail::registered_charsets) {
        std::vector<std::string_view> names{r.name};
        for (const auto a : r.aliases)
            if (!a.empty()) names.push_back(a);
        for (const auto n : names) {
            const iconv_t cd = iconv_open("UTF-8", std::string(n).c_str());
            if (cd == reinterpret_cast<iconv_t>(-1)) continue;
            std::string got(ascii.size() * 4 + 16, '\0');
            char* in = ascii.data();
            char* out = got.data();
            std::size_t in_left = ascii.size(), out_left = got.size();
            const bool converted = iconv(cd, &in, &in_left, &out, &out_left) != static_cast<std::size_t>(-1) &&
                                   iconv(cd, nullptr, nullptr, &out, &out_left) != static_cast<std::size_t>(-1);
            iconv_close(cd);
            got.resize(got.size() - out_left);
            const bool same = converted && in_left == 0 && got == ascii;
            const auto* const end = std::end(sgf::detail::not_ascii_charsets);
            const bool listed = std::find(std::begin(sgf::detail::not_ascii_charsets), end, r.name) != end;
            CAPTURE(r.name);
            CAPTURE(n);
            CHECK(listed == !same);
            CHECK(sgf::find_charset(r.name)->info.ascii_compatible == same);
            ++read;
            break;
        }
    }
    MESSAGE(read, " of ", std::size(sgf::detail::registered_charsets), " registered charsets read by this iconv");
    CHECK(read > 100);
    // EBCDIC and UTF-7 write ASCII text as other bytes; ISO-8859-8 does not
    CHECK_FALSE(sgf::find_charset("IBM037")->info.ascii_compatible);
    CHECK_FALSE(sgf::find_charset("UTF-7")->info.ascii_compatible);
    CHECK(sgf::find_charset("hebrew")->info.ascii_compatible);
    for (auto unknown : {""sv, "klingon"sv, "UTF-9"sv, "8859"sv, "-"sv}) {
        CAPTURE(unknown);
        CHECK(!sgf::find_charset(unknown));
    }
}

TEST_CASE("charset: ASCII compatibility flags") {
    auto info = [](std::string_view n) { return sgf::find_charset(n).value().info; };
    CHECK(info("UTF-8").ascii_compatible);
    CHECK(info("UTF-8").ascii_safe);
    CHECK(info("ISO-8859-1").ascii_safe);
    CHECK(info("EUC-JP").ascii_safe);
    CHECK(info("GB18030").ascii_compatible);
    CHECK(!info("GB18030").ascii_safe);  // GBK trail bytes include '[', '\' and ']'
    CHECK(!info("Shift_JIS").ascii_safe);
    CHECK(!info("Big5").ascii_safe);
    CHECK(!info("UTF-16").ascii_compatible);
    CHECK(info("UTF-16LE").unit == 2);
    CHECK(!info("UTF-32BE").ascii_compatible);
    CHECK(info("UTF-32BE").unit == 4);
    CHECK(info("GB2312").decoder == "GB18030");
    CHECK(info("Shift_JIS").decoder == "CP932");

    CHECK(sgf::charset_compatible("ISO-8859-1", "US-ASCII"));
    CHECK(sgf::charset_compatible("UTF8", "UTF-8"));
    CHECK(sgf::charset_compatible("GB2312", "GB18030"));
    CHECK(!sgf::charset_compatible("UTF-8", "GB18030"));
    CHECK(!sgf::charset_compatible("UTF-16", "US-ASCII"));
    CHECK(!sgf::charset_compatible("klingon", "UTF-8"));
}

TEST_CASE("charset: strict UTF-8 validation") {
    struct row {
        std::string_view bytes;
        std::vector<inv> invalid;
    };
    const row rows[] = {
        {"", {}},
        {"plain", {}},
        {"a\0b"sv, {}},                                 // NUL is a character
        {"\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80"sv, {}},  // é 中 😀
        {"\xF4\x8F\xBF\xBF"sv, {}},                     // U+10FFFF
        {"\xEF\xBF\xBF"sv, {}},                         // U+FFFF (a noncharacter, still valid)
        {"\xC0\x80"sv, {{0, 1}, {1, 1}}},               // overlong NUL
        {"\xC1\xBF"sv, {{0, 1}, {1, 1}}},
        {"\xE0\x80\xAF"sv, {{0, 1}, {1, 1}, {2, 1}}},   // overlong '/'
        {"\xF0\x8F\xBF\xBF"sv, {{0, 1}, {1, 1}, {2, 1}, {3, 1}}},
        {"\xED\xA0\x80"sv, {{0, 1}, {1, 1}, {2, 1}}},   // surrogate U+D800
        {"\xF4\x90\x80\x80"sv, {{0, 1}, {1, 1}, {2, 1}, {3, 1}}},  // U+110000
        {"\xF5\x80"sv, {{0, 1}, {1, 1}}},
        {"x\x80y"sv, {{1, 1}}},                         // stray continuation
        {"\xE4\xBD"sv, {{0, 2}}},                       // truncated by the end
        {"ab\xF0\x9F\x98"sv, {{2, 3}}},
        {"PB[\xE5\x9B]"sv, {{3, 2}}},                   // the corpus' truncated names
        {"\xE4\xBD\xE4\xBD\xA0"sv, {{0, 2}}},           // a broken character, then 你
        {"\xC3"sv, {{0, 1}}},
        {"\xFF\xFE"sv, {{0, 1}, {1, 1}}},
    };
    for (const auto& r : rows) {
        CAPTURE(r.bytes);
        CHECK(sgf::validate_utf8(r.bytes) == r.invalid);
        CHECK(sgf::is_valid_utf8(r.bytes) == r.invalid.empty());
    }
    // Long ASCII stretches take the eight-bytes-at-a-time path; an error after them is found.
    std::string long_text(1000, 'a');
    long_text += "\xE4\xBD";
    long_text += std::string(37, 'b');
    CHECK(sgf::validate_utf8(long_text) == std::vector<inv>{{1000, 2}});
}

TEST_CASE("charset: decoding UTF-8 keeps every invalid sequence") {
    const std::string_view in = "PB[\xE4\xBD\xA0\xE5\x9B]PW[x\xFFy]"sv;
    const auto d = sgf::decode_to_utf8(in, "UTF-8");
    REQUIRE(d.ok());
    CHECK(d.invalid == std::vector<inv>{{6, 2}, {13, 1}});
    CHECK(d.utf8 == "PB[\xE4\xBD\xA0\xEF\xBF\xBD]PW[x\xEF\xBF\xBDy]");
    CHECK(sgf::is_valid_utf8(d.utf8));
    // Positions map back to the file: ']' after the bad name, 'y' after the bad byte.
    CHECK(d.map.to_source(d.utf8.find(']')) == 8);
    CHECK(d.map.to_source(d.utf8.find('y')) == 14);
    CHECK(d.map.to_source(d.utf8.find("\xEF\xBF\xBD")) == 6);
    CHECK(d.map.to_utf8(8) == d.utf8.find(']'));
    CHECK(d.map.to_source(d.utf8.size()) == in.size());

    // A BOM is skipped, and offsets still count it.
    const auto b = sgf::decode_to_utf8("\xEF\xBB\xBF(;C[\xC3\xA9])"sv, "utf8");
    CHECK(b.utf8 == "(;C[\xC3\xA9])");
    CHECK(b.map.to_source(0) == 3);
    CHECK(b.map.to_source(b.utf8.find(']')) == 9);
}

TEST_CASE("charset: empty input") {
    for (auto cs : {"UTF-8", "UTF-16", "UTF-16LE", "UTF-32", "ISO-8859-1", "GB18030", "Shift_JIS", "ISO-2022-JP"}) {
        CAPTURE(cs);
        const auto d = sgf::decode_to_utf8("", cs);
        CHECK(d.ok());
        CHECK(d.utf8.empty());
        CHECK(d.invalid.empty());
        CHECK(d.map.to_source(0) == 0);
    }
    const auto g = sgf::guess_charset("");
    CHECK(g.charset == "US-ASCII");
}

TEST_CASE("charset: unknown charset is an error not an exception") {
    const auto d = sgf::decode_to_utf8("abc", "klingon");
    CHECK(!d.ok());
    CHECK(d.utf8.empty());
    // A name iconv knows but the table does not still decodes.
    const auto e = sgf::decode_to_utf8("\xE9t\xE9"sv, "ISO-8859-3");
    CHECK(e.ok());
    CHECK(e.utf8 == "\xC3\xA9t\xC3\xA9");
}

TEST_CASE("charset: UTF-16 round trip with offset map") {
    const std::u16string text = u"(;C[\u00E9\u4E2D\U0001F600])";
    const std::string expect = "(;C[\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80])";
    for (bool little : {true, false}) {
        for (bool bom : {true, false}) {
            CAPTURE(little);
            CAPTURE(bom);
            const std::string bytes = utf16(text, little, bom);
            const std::size_t base = bom ? 2 : 0;
            for (auto label : {"UTF-16"sv, little ? "UTF-16LE"sv : "UTF-16BE"sv}) {
                CAPTURE(label);
                const auto d = sgf::decode_to_utf8(bytes, label);
                REQUIRE(d.ok());
                CHECK(d.utf8 == expect);
                CHECK(d.invalid.empty());
                // '(' ';' 'C' '[' are units 0..3; é unit 4, 中 unit 5, 😀 units 6-7, ']' unit 8.
                CHECK(d.map.to_source(0) == base);
                CHECK(d.map.to_source(4) == base + 8);             // é
                CHECK(d.map.to_source(5) == base + 8);             // inside é: its start
                CHECK(d.map.to_source(6) == base + 10);            // 中
                CHECK(d.map.to_source(9) == base + 12);            // 😀
                CHECK(d.map.to_source(expect.find(']')) == base + 16);
                CHECK(d.map.to_source(expect.size()) == bytes.size());
                CHECK(d.map.to_utf8(base + 16) == expect.find(']'));
                CHECK(d.map.to_utf8(base + 13) == 9);  // inside the surrogate pair
            }
        }
    }
}

TEST_CASE("charset: UTF-16 errors are reported with offsets") {
    // Lone high surrogate, lone low surrogate, odd trailing byte.
    const std::string bytes = utf16(u"a\xD800" u"b\xDC00", true, false) + "c";
    const auto d = sgf::decode_to_utf8(bytes, "UTF-16LE");
    CHECK(d.invalid == std::vector<inv>{{2, 2}, {6, 2}, {8, 1}});
    CHECK(d.utf8 == "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD");
    CHECK(d.map.to_source(d.utf8.find('b')) == 4);
}

TEST_CASE("charset: UTF-32 round trip and errors") {
    const std::u32string text = U"(;C[\u4E2D\U0001F600])";
    for (bool little : {true, false}) {
        CAPTURE(little);
        const std::string bytes = utf32(text, little, true);
        const auto d = sgf::decode_to_utf8(bytes, "UTF-32");
        CHECK(d.utf8 == "(;C[\xE4\xB8\xAD\xF0\x9F\x98\x80])");
        CHECK(d.invalid.empty());
        CHECK(d.map.to_source(d.utf8.find(']')) == 4 + 6 * 4);
    }
    const std::string bad = utf32(U"a", true, false) + "\x00\xD8\x00\x00\x00\x00\x11\x00\x01"s;
    const auto d = sgf::decode_to_utf8(bad, "UTF-32LE");
    CHECK(d.invalid == std::vector<inv>{{4, 4}, {8, 4}, {12, 1}});
}

TEST_CASE("charset: legacy charsets through iconv") {
    struct row {
        std::string_view charset, bytes, utf8;
    };
    const row rows[] = {
        {"ISO-8859-1", "J\xFCrgen M\xFCller"sv, "J\xC3\xBCrgen M\xC3\xBCller"},
        {"ISO8859_1", "\xE9t\xE9"sv, "\xC3\xA9t\xC3\xA9"},
        {"windows-1252", "\x93quoted\x94 \x80"sv, "\xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC"},
        {"GB2312", "PW[\xB0\xD7]PB[\xBA\xDA]"sv, "PW[白]PB[黑]"},
        {"GB2312", "\xC6\xE5\xC5\xCC"sv, "棋盘"},
        {"GB18030", "\x81\x30\x81\x31"sv, "\xC2\x81"},  // a four-byte sequence: U+0081
        {"Shift_JIS", "\x8D\x95\x8C\xE9"sv, "黒碁"},
        {"SJIS", "C[\x95\x5C]"sv, "C[表]"},  // trail byte 0x5C is not an escape
        {"GB18030", "C[\xB0]"sv, "C[癩"},  // trail byte ']': why GB18030 is not ascii_safe
        {"Shift_JIS", "a\\b"sv, "a\\b"},    // CP932: 0x5C stays a backslash, not U+00A5
        {"EUC-KR", "\xC8\xE6 \xB9\xE9"sv, "흑 백"},
        {"CP949", "\x8C\x63"sv, "똠"},
        {"Big5", "\xB6\xC2\xB4\xD1"sv, "黑棋"},
        {"EUC-JP", "\xB9\xF5\xB8\xEB"sv, "黒碁"},
        {"KOI8-R", "\xF0\xD2\xC9\xD7\xC5\xD4"sv, "Привет"},
        {"ISO-2022-JP", "\x1B$B9u\x1B(Ba"sv, "黒a"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.charset);
        const auto d = sgf::decode_to_utf8(r.bytes, r.charset);
        REQUIRE(d.ok());
        CHECK(d.utf8 == r.utf8);
        CHECK(d.invalid.empty());
        CHECK(d.map.to_source(d.utf8.size()) == r.bytes.size());
    }
}

TEST_CASE("charset: legacy offsets map back to the file") {
    const std::string_view in = "PB[\xB0\xD7\xBA\xDA]PW[abc]C[\xC6\xE5]"sv;
    const auto d = sgf::decode_to_utf8(in, "GB2312");
    REQUIRE(d.utf8 == "PB[白黑]PW[abc]C[棋]");
    for (std::string_view needle : {"]PW", "abc", "C[", "棋", "]"}) {
        CAPTURE(needle);
        const std::size_t u = needle == "]" ? d.utf8.rfind(']') : d.utf8.find(needle);
        const std::size_t s = needle == "棋" ? in.find("\xC6\xE5") : needle == "]" ? in.rfind(']') : in.find(needle);
        CHECK(d.map.to_source(u) == s);
        CHECK(d.map.to_utf8(s) == u);
    }
    CHECK(d.map.to_source(d.utf8.find("黑") + 1) == 5);  // inside a character: its start
}

TEST_CASE("charset: offset map agrees with a character by character walk") {
    // A pseudo-random mix of ASCII, two- and four-byte GB18030 characters, invalid bytes
    // and long ASCII stretches: thousands of runs, so the map's index is used.
    struct piece {
        std::string_view bytes, utf8;
    };
    const piece pieces[] = {
        {"a", "a"},
        {"\xB0\xD7", "白"},
        {"\x81\x30\x81\x31", "\xC2\x81"},
        {"\xFF", "\xEF\xBF\xBD"},
        {"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
    };
    std::string in, expect;
    std::vector<std::size_t> source_of;  // per UTF-8 byte: source offset of its character
    std::vector<std::size_t> utf8_of;    // per source byte: UTF-8 offset of its character
    std::uint32_t seed = 12345;
    for (int k = 0; k < 20000; ++k) {
        seed = seed * 1103515245u + 12345u;
        const piece& p = pieces[(seed >> 16) % 5];
        const bool whole = p.bytes.size() > 4 || p.bytes.size() == 1;  // ASCII maps byte by byte
        for (std::size_t b = 0; b < p.utf8.size(); ++b)
            source_of.push_back(in.size() + (whole ? std::min(b, p.bytes.size() - 1) : 0));
        for (std::size_t b = 0; b < p.bytes.size(); ++b)
            utf8_of.push_back(expect.size() + (whole ? std::min(b, p.utf8.size() - 1) : 0));
        in += p.bytes;
        expect += p.utf8;
    }
    const auto d = sgf::decode_to_utf8(in, "GB18030");
    REQUIRE(d.utf8 == expect);
    CHECK(d.map.run_count() > 1000);
    CHECK(d.map.memory_bytes() < in.size());
    bool all_ok = true;
    for (std::size_t u = 0; u < expect.size(); ++u) {
        if (d.map.to_source(u) != source_of[u] && all_ok) {
            all_ok = false;
            MESSAGE("first mismatch at utf8 " << u << ": " << d.map.to_source(u) << " != " << source_of[u]);
        }
    }
    for (std::size_t b = 0; b < in.size(); ++b) all_ok = all_ok && d.map.to_utf8(b) == utf8_of[b];
    CHECK(all_ok);
    CHECK(d.map.to_source(expect.size()) == in.size());
    CHECK(d.map.to_utf8(in.size()) == expect.size());

    // Shift sequences of ISO-2022-JP take source bytes and give no UTF-8.
    const std::string_view jis = "\x1B$B9u9u\x1B(Ba"sv;
    const auto j = sgf::decode_to_utf8(jis, "ISO-2022-JP");
    REQUIRE(j.utf8 == "黒黒a");
    CHECK(j.map.to_source(0) == 3);
    CHECK(j.map.to_source(3) == 5);
    CHECK(j.map.to_source(6) == 10);
    CHECK(j.map.to_utf8(5) == 3);
    CHECK(j.map.to_utf8(10) == 6);
}

TEST_CASE("charset: legacy invalid sequences are reported and not dropped") {
    struct row {
        std::string_view charset, bytes, utf8;
        std::vector<inv> invalid;
    };
    const row rows[] = {
        // A bad lead byte before ']' is alone the error: the ']' survives.
        {"GB18030", "C[\xFF]"sv, "C[\xEF\xBF\xBD]", {{2, 1}}},
        {"GB18030", "C[\xB0 ]"sv, "C[\xEF\xBF\xBD ]", {{2, 1}}},
        {"GB18030", "\xFF" "a"sv, "\xEF\xBF\xBD" "a", {{0, 1}}},
        {"GB18030", "ab\xB0"sv, "ab\xEF\xBF\xBD", {{2, 1}}},  // truncated by the end
        {"EUC-KR", "\xC9\xA1x"sv, "\xEF\xBF\xBDx", {{0, 2}}},    // user-defined area: unassigned
        {"EUC-KR", "\xC8\x41"sv, "\xEF\xBF\xBD" "A", {{0, 1}}},  // unassigned, ASCII trail read again
        {"Shift_JIS", "\x85\x40\x8D\x95"sv, "\xEF\xBF\xBD@黒", {{0, 1}}},
        {"Shift_JIS", "\xA0\xFD"sv, "\xEF\xBF\xBD\xEF\xBF\xBD", {{0, 1}, {1, 1}}},
        {"Big5", "\x80\xB6\xC2"sv, "\xEF\xBF\xBD黑", {{0, 1}}},
        {"EUC-JP", "\x8E" "a"sv, "\xEF\xBF\xBD" "a", {{0, 1}}},
        {"windows-1252", "a\x81" "b"sv, "a\xEF\xBF\xBD" "b", {{1, 1}}},
        {"US-ASCII", "caf\xE9"sv, "caf\xEF\xBF\xBD", {{3, 1}}},
        {"ISO-2022-JP", "a\x80" "b"sv, "a\xEF\xBF\xBD" "b", {{1, 1}}},
    };
    for (const auto& r : rows) {
        CAPTURE(r.charset);
        CAPTURE(r.bytes);
        const auto d = sgf::decode_to_utf8(r.bytes, r.charset);
        REQUIRE(d.ok());
        CHECK(d.utf8 == r.utf8);
        CHECK(d.invalid == r.invalid);
        // Each U+FFFD maps to its invalid sequence.
        std::size_t at = 0;
        for (const auto& i : d.invalid) {
            at = d.utf8.find("\xEF\xBF\xBD", at);
            REQUIRE(at != std::string::npos);
            CHECK(d.map.to_source(at) == i.offset);
            at += 3;
        }
    }
}

TEST_CASE("charset: errors inside long runs of characters") {
    // Bulk conversion stops at the bad character, which is reported; both sides decode.
    std::string in, expect;
    for (int k = 0; k < 3000; ++k) {
        in += "\xB0\xD7";
        expect += "白";
    }
    const std::size_t bad_at = in.size();
    in += "\xB0\x20";
    expect += "\xEF\xBF\xBD ";
    for (int k = 0; k < 3000; ++k) {
        in += "\xBA\xDA";
        expect += "黑";
    }
    const auto d = sgf::decode_to_utf8(in, "GB18030");
    CHECK(d.invalid == std::vector<inv>{{bad_at, 1}});
    CHECK(d.utf8 == expect);
    CHECK(d.map.to_source(d.utf8.size() - 3) == in.size() - 2);
    CHECK(d.map.run_count() <= 4);

    // An unassigned character inside a run stops the bulk call; it and its neighbours survive.
    std::string k_in, k_expect;
    for (int k = 0; k < 3000; ++k) {
        k_in += "\xC8\xE6";
        k_expect += "흑";
    }
    const std::size_t k_bad = k_in.size();
    k_in += "\xC9\xA1";
    k_expect += "\xEF\xBF\xBD";
    for (int k = 0; k < 3000; ++k) {
        k_in += "\xB9\xE9";
        k_expect += "백";
    }
    const auto kd = sgf::decode_to_utf8(k_in, "EUC-KR");
    CHECK(kd.invalid == std::vector<inv>{{k_bad, 2}});
    CHECK(kd.utf8 == k_expect);
    CHECK(kd.map.run_count() == 1);  // every character, U+FFFD too, is 2 bytes -> 3 bytes
    CHECK(kd.map.to_source(kd.utf8.find("백")) == k_bad + 2);

    // Big5-HKSCS has characters that decode to two code points: Ê̄ is E + U+0304.
    const auto h = sgf::decode_to_utf8("\x88\x62\xB6\xC2]"sv, "Big5-HKSCS");
    CHECK(h.utf8 == "\xC3\x8A\xCC\x84黑]");
    CHECK(h.invalid.empty());
    CHECK(h.map.to_source(h.utf8.find("黑")) == 2);
    CHECK(h.map.to_source(h.utf8.find(']')) == 4);
}

TEST_CASE("charset: random bytes keep the invariants") {
    // Whatever the bytes: valid UTF-8 out, every byte accounted for, invalid sequences in
    // order and each at a U+FFFD (find_invalid finds the same), offsets monotonic. Biased
    // towards high bytes and SGF text.
    std::uint32_t seed = 987654321;
    auto next = [&] {
        seed = seed * 1664525u + 1013904223u;
        return seed >> 8;
    };
    const char* charsets[] = {"UTF-8",  "UTF-16", "UTF-16BE", "UTF-32LE", "ISO-8859-1", "US-ASCII", "windows-1252",
                              "GB2312", "Big5",   "Big5-HKSCS", "EUC-KR", "Shift_JIS", "EUC-JP", "ISO-2022-JP", "KOI8-R"};
    for (int round = 0; round < 200; ++round) {
        std::string bytes;
        const std::size_t len = next() % 300;
        for (std::size_t k = 0; k < len; ++k) {
            const std::uint32_t r = next();
            constexpr std::string_view sgf_bytes = "[]\\;(\x1B$B";
            bytes += r % 4 == 0 ? sgf_bytes[r / 4 % sgf_bytes.size()] : static_cast<char>(0x80 | (r >> 12));
            if (r % 7 == 0) bytes += static_cast<char>(r >> 16);
        }
        for (const char* cs : charsets) {
            CAPTURE(round);
            CAPTURE(cs);
            const auto d = sgf::decode_to_utf8(bytes, cs);
            REQUIRE(d.ok());
            CHECK(sgf::is_valid_utf8(d.utf8));
            // find_invalid finds the same sequences without decoding, as many as asked for
            CHECK(sgf::find_invalid(bytes, cs, SIZE_MAX) == d.invalid);
            const std::vector<inv> first3(d.invalid.begin(), d.invalid.begin() + std::min<std::size_t>(3, d.invalid.size()));
            CHECK(sgf::find_invalid(bytes, cs, 3) == first3);
            CHECK(d.map.utf8_end() == d.utf8.size());
            CHECK(d.map.source_end() == bytes.size());
            std::size_t end = 0;
            bool ordered = true, replaced = true;
            for (const auto& i : d.invalid) {
                ordered = ordered && i.offset >= end && i.length > 0;
                end = i.offset + i.length;
                replaced = replaced && d.utf8.compare(d.map.to_utf8(i.offset), 3, "\xEF\xBF\xBD") == 0;
            }
            CHECK(ordered);
            CHECK(replaced);
            CHECK(end <= bytes.size());
            std::size_t last = 0;
            bool monotonic = true;
            for (std::size_t u = 0; u <= d.utf8.size(); ++u) {
                const std::size_t src = d.map.to_source(u);
                monotonic = monotonic && src >= last && src <= bytes.size();
                last = src;
            }
            CHECK(monotonic);
        }
        const auto g = sgf::guess_charset(bytes);
        CHECK(sgf::find_charset(g.charset));
    }
}

TEST_CASE("charset: huge inputs") {
    // 100 MB: mostly ASCII with a CJK name now and then, as in a big collection.
    const std::string unit = "(;GM[1]FF[4]PB[\xB0\xD7]PW[abc];B[pd];W[dd];B[pq];W[dp])\n";  // 50 bytes
    std::string big;
    big.reserve(100u << 20);
    while (big.size() + unit.size() <= (100u << 20)) big += unit;
    {
        const auto d = sgf::decode_to_utf8(big, "GB2312");
        CHECK(d.invalid.empty());
        CHECK(d.utf8.size() == big.size() + big.size() / unit.size());
        CHECK(d.map.to_source(d.utf8.size() - 1) == big.size() - 1);
        // ASCII anywhere in the output maps back to the same byte in the input.
        bool same = true;
        for (std::size_t u = 7; u < d.utf8.size(); u += d.utf8.size() / 1000)
            if (static_cast<unsigned char>(d.utf8[u]) < 0x80) same = same && big[d.map.to_source(u)] == d.utf8[u];
        CHECK(same);
        CHECK(d.map.memory_bytes() < big.size() / 4);
    }
    {
        const auto u = sgf::decode_to_utf8(big, "UTF-8");  // not UTF-8: two errors per game
        CHECK(u.invalid.size() == 2 * (big.size() / unit.size()));
    }

    const auto g = sgf::guess_charset(big);
    CHECK(g.charset == "GB18030");
    CHECK(g.reason.find("judged on the first") != std::string::npos);
}

TEST_CASE("charset: guess from NUL patterns and BOMs") {
    const std::u16string text = u"(;FF[4]CA[UTF-16]PB[\u4E2D\u6587]PW[abc])";
    for (bool little : {true, false}) {
        CAPTURE(little);
        const auto g = sgf::guess_charset(utf16(text, little, false));
        CHECK(g.charset == (little ? "UTF-16LE" : "UTF-16BE"));
        CHECK(g.confidence == sgf::guess_confidence::high);
        CHECK(g.invalid == 0);
        const auto b = sgf::guess_charset(utf16(text, little, true));
        CHECK(b.charset == (little ? "UTF-16LE" : "UTF-16BE"));
        CHECK(b.confidence == sgf::guess_confidence::certain);
        const auto w = sgf::guess_charset(utf32(U"(;FF[4]PB[\u4E2D])", little, false));
        CHECK(w.charset == (little ? "UTF-32LE" : "UTF-32BE"));
    }
    const auto a = sgf::guess_charset("(;FF[4]GM[1]SZ[19];B[pd])");
    CHECK(a.charset == "US-ASCII");
    CHECK(a.confidence == sgf::guess_confidence::certain);
    const auto u = sgf::guess_charset("(;PB[\xE6\x9F\xAF\xE6\xB4\x81])");
    CHECK(u.charset == "UTF-8");
    CHECK(u.confidence == sgf::guess_confidence::high);
    CHECK(u.reason == "valid UTF-8 with 2 multi-byte characters");
}

TEST_CASE("charset: guess legacy encodings of known text") {
    struct row {
        const char* encode_as;
        std::string_view text;
        std::string_view guess;
    };
    const row rows[] = {
        {"GB18030", "PB[柯洁]PW[古力]", "GB18030"},
        {"GB18030", "PB[聂卫平]PW[马晓春]RE[黑中盘胜]", "GB18030"},
        {"GB18030", "C[黑棋在右上角的下法很好，白棋应该补一手。]", "GB18030"},
        {"GB18030", "PW[白]", "GB18030"},
        {"GB18030", "PB[李世石]PW[陈耀烨]RE[白胜3又3/4子]", "GB18030"},
        {"BIG5", "PB[周俊勳]PW[林海峰]RE[黑中盤勝]", "Big5"},
        {"BIG5", "C[這是一盤很精彩的對局，黑棋下得很好。]", "Big5"},
        {"BIG5", "PB[王銘琬]PW[張栩]", "Big5"},
        {"EUC-KR", "PB[이세돌]PW[박정환]RE[흑 불계승]", "EUC-KR"},
        {"EUC-KR", "C[백이 좋은 수를 두었습니다. 흑은 집이 부족합니다.]", "EUC-KR"},
        {"EUC-KR", "PB[조훈현]PW[이창호]", "EUC-KR"},
        {"CP949", "PB[신진서]PW[박정환]", "EUC-KR"},
        {"SHIFT_JIS", "PB[井山裕太]PW[張栩]RE[黒中押し勝ち]", "Shift_JIS"},
        {"SHIFT_JIS", "C[黒の打ち方は良いですね。白はここで手を抜きました。]", "Shift_JIS"},
        {"SHIFT_JIS", "PB[本因坊秀策]PW[井上幻庵因碩]", "Shift_JIS"},
        {"EUC-JP", "PB[井山裕太]PW[一力遼]RE[白中押し勝ち]", "EUC-JP"},
        {"EUC-JP", "C[黒の打ち方は良いですね。白はここで手を抜きました。]", "EUC-JP"},
        {"ISO-8859-1", "PB[Jürgen Müller]PW[François Dupré]", "ISO-8859-1"},
        {"ISO-8859-1", "C[Très bon coup, après ça les Noirs sont en avance.]", "ISO-8859-1"},
        {"ISO-8859-1", "PW[Ødegård]", "ISO-8859-1"},
        {"WINDOWS-1252", "C[“Good move” – he said… it’s the best]", "windows-1252"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.text);
        const std::string bytes = "(;GM[1]FF[4]SZ[19]" + encode(r.text, r.encode_as) + ";B[pd];W[dd])";
        const auto g = sgf::guess_charset(bytes);
        CHECK(g.charset == r.guess);
        CHECK(g.invalid == 0);
        CHECK(!g.reason.empty());
        // The guess decodes the text back.
        const auto d = sgf::decode_to_utf8(bytes, g.charset);
        CHECK(d.utf8.find(r.text) != std::string::npos);
    }
}

// What every file of corpus/encodings/ is, found by looking at the bytes (file(1), iconv,
// hexdump) and reading the decoded text; SOURCES.tsv says where each came from. 33 files
// are pure ASCII with a CA that any ASCII text fits; 6 are Latin-1 or GB2312 without CA;
// one is UTF-8 with a BOM; 16 say CA[UTF-8] and are UTF-8 except for one player name cut
// in the middle of a character (a 2-byte maximal subpart before ']').
namespace {

struct corpus_file {
    std::string_view path;
    std::string_view ca;     // as written; empty when the file has none
    std::string_view guess;  // what guess_charset must say
    std::vector<std::string_view> contains;  // decoded UTF-8 the file must contain
    std::vector<sgf::invalid_sequence> invalid = {};  // when decoded as `guess`
};

const std::vector<corpus_file>& corpus_table() {
    static const std::vector<corpus_file> table = {
        // Latin-1 without CA: accented letters inside names and French/Swedish comments.
        {"fuego/games_2010_LittleGolem_1177582.sgf", "", "ISO-8859-1", {"PW[Jan Hrabánek]"}},
        {"gnugo/egc2001_tg-gg.sgf", "", "ISO-8859-1", {"Fichier SGF créé par TurboGo"}},
        {"gnugo/tg-gg.sgf", "", "ISO-8859-1", {"Fichier SGF créé par TurboGo"}},
        {"gnugo/nicklas_nicklas12.sgf", "", "ISO-8859-1", {"kossa 6k*: hörru gnugo"}},
        // GB2312 without CA: White's name is 白 ("white"), a comment says 盘面 ("board").
        {"gnugo/9handicap.sgf", "", "GB18030", {"PW[白]PB[GNU Go]"}},
        {"gnugo/games_trevor_trevor_42.sgf", "", "GB18030", {"C[盘面\r\nB: 91"}},
        // UTF-8 with a BOM.
        {"gnugo/tso_igobot_2006-01-16.sgf", "UTF-8", "UTF-8", {"(;PB[tso]", "PW[igobot]"}},
        // CA[UTF-8], one truncated name each.
        {"yenw-ai/CGI_Fox_Go_Server_2017.09.23_vs_CGI_65495949-ae7e70f4.sgf", "UTF-8", "UTF-8",
         {"PB[你若有\xEF\xBF\xBD]BR[9段]", "PW[CGI]"}, {{71, 2}}},
        {"yenw-ai/Jin_Mao_Ce_Shi_2018.04.04_VS_010001820-4f7c3bba.sgf", "UTF-8", "UTF-8",
         {"PB[金毛测试]", "PW[舞\xEF\xBF\xBD]"}, {{90, 2}}},
        {"yenw-ai/Li_Long_2016.10.25_pooryou01_vs_66460705-0ff550a1.sgf", "UTF-8", "UTF-8",
         {"PB[小心我捶\xEF\xBF\xBD]", "PW[骊龙]"}, {{74, 2}}},
        {"yenw-ai/Li_Long_2016.10.25_vs_pooryou01_65098166-3260b05f.sgf", "UTF-8", "UTF-8",
         {"PB[骊龙]", "PW[小心我捶\xEF\xBF\xBD]"}, {{93, 2}}},
        {"yenw-ai/Li_Long_2016.10.26_vs_50095077-c4442f3b.sgf", "UTF-8", "UTF-8",
         {"PB[巧花\xEF\xBF\xBD]", "PW[骊龙]"}, {{68, 2}}},
        {"yenw-ai/Li_Long_2016.10.26_vs_50946073-1888f7fa.sgf", "UTF-8", "UTF-8",
         {"PB[骊龙]", "PW[巧花\xEF\xBF\xBD]"}, {{87, 2}}},
        {"yenw-ai/Shi_Kong_Qi_Dian_2018.03.16_VS_010001399-c7e58a3b.sgf", "UTF-8", "UTF-8",
         {"PB[你若有\xEF\xBF\xBD]", "PW[时空奇点]"}, {{71, 2}}},
        {"yenw-ai/Shi_Kong_Qi_Dian_2018.03.16_VS_010001560-c219bb50.sgf", "UTF-8", "UTF-8",
         {"PB[时空奇点]", "PW[你若有\xEF\xBF\xBD]"}, {{96, 2}}},
        {"yenw-ai/Sweeper_2016.09.04_2016_vs_dongfangmz_46711135-29e832e6.sgf", "UTF-8", "UTF-8",
         {"PB[扫地僧2016]", "PW[东方明\xEF\xBF\xBD]"}, {{97, 2}}},
        {"yenw-ai/Tian_Xia_Wu_Gou_2016.10.04_dongfangmz_vs_20_73262537-c90e5454.sgf", "UTF-8", "UTF-8",
         {"PB[东方明\xEF\xBF\xBD]", "PW[天下无狗20]"}, {{80, 2}}},
        {"yenw-ai/Tian_Xia_Wu_Gou_2016.10.13_20_vs_54658131-82044319.sgf", "UTF-8", "UTF-8",
         {"PB[天下无狗20]", "PW[巧花\xEF\xBF\xBD]"}, {{104, 2}}},
        {"yenw-ai/Tian_Xia_Wu_Gou_2016.10.13_vs_20_55426509-4ebf2022.sgf", "UTF-8", "UTF-8",
         {"PB[巧花\xEF\xBF\xBD]", "PW[天下无狗20]"}, {{77, 2}}},
        {"yenw-ai/Tian_Xia_Wu_Gou_2016.10.14_20_vs_41275997-27f1ed5a.sgf", "UTF-8", "UTF-8",
         {"PB[天下无狗20]", "PW[巧花\xEF\xBF\xBD]"}, {{104, 2}}},
        {"yenw-ai/Tian_Xia_Wu_Gou_2016.10.14_vs_20_42223574-3559b088.sgf", "UTF-8", "UTF-8",
         {"PB[巧花\xEF\xBF\xBD]", "PW[天下无狗20]"}, {{77, 2}}},
        {"yenw-ai/Tiger_2016.08.18_vs_dongfangmz_67032177-d9f2499c.sgf", "UTF-8", "UTF-8",
         {"PB[虎虎有生气]", "PW[东方明\xEF\xBF\xBD]"}, {{99, 2}}},
        {"yenw-ai/Tiger_2016.08.19_dongfangmz_vs_43786347-f3f7da57.sgf", "UTF-8", "UTF-8",
         {"PB[东方明\xEF\xBF\xBD]", "PW[虎虎有生气]"}, {{71, 2}}},
        // Pure ASCII: the CA spelling is the only thing unusual about them.
        {"fuego/games_2013_Gnugo-Fuego.sgf", "utf-8", "US-ASCII", {}},
        {"fuego/games_2013_UEC_2013_uec_day2_round4_nomitan.sgf", "utf-8", "US-ASCII", {}},
        {"fuego/games_2014_Fuego-GnuGo-2014-10-26.sgf", "utf-8", "US-ASCII", {}},
        {"fuego/two-safe-groups_case1.sgf", "utf-8", "US-ASCII", {}},
        {"fuego/ladder_adjacent-blocks.sgf", "ISO8859_1", "US-ASCII", {}},
        {"fuego/repetition_positional-superko.sgf", "ISO8859_1", "US-ASCII", {}},
        {"fuego/repetition_triple-ko.sgf", "ISO8859_1", "US-ASCII", {}},
        {"fuego/simpleplayers_test-pass.sgf", "ISO8859_1", "US-ASCII", {}},
        {"gnugo/CrazyStone1.sgf", "ISO8859_1", "US-ASCII", {}},
        {"gnugo/CrazyStone2.sgf", "ISO8859_1", "US-ASCII", {}},
        {"gnugo/endgame14.sgf", "ISO8859_1", "US-ASCII", {}},
        {"fuego/ladder_ladder-breaker-2.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/ladder_ladder-breaker.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/ladder_ladder-edge-breaker.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/ladder_ladder-edge.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/ladder_ladder-no-breaker.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/ladder_ladder-parallel.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/ladder_long-ladder-captured.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/ladder_long-ladder.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/repetition_long-life.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/repetition_simpleko.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/safetytest_static-safety.9.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/uct_mogo-slides-2006.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/uct_patterns-cut2.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/uct_patterns-edge4.sgf", "UTF8", "US-ASCII", {}},
        {"fuego/uct_vital-1.sgf", "UTF8", "US-ASCII", {}},
    };
    return table;
}

// The first CA[...] value, as raw bytes (enough for these files: no escapes in CA).
std::string_view ca_of(std::string_view bytes) {
    const auto at = bytes.find("CA[");
    if (at == std::string_view::npos) return {};
    const auto end = bytes.find(']', at);
    return bytes.substr(at + 3, end - at - 3);
}

}  // namespace

TEST_CASE("charset: corpus encodings table covers every file") {
    SGF_NEEDS_SHARED("corpus/encodings");
    const std::filesystem::path dir = sgf_test::shared_dir() / "corpus" / "encodings";
    REQUIRE(std::filesystem::is_directory(dir));
    std::set<std::string> on_disk, in_table;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file()) on_disk.insert(e.path().lexically_relative(dir).generic_string());
    for (const auto& f : corpus_table()) in_table.insert(std::string(f.path));
    CHECK(on_disk == in_table);
    CHECK(in_table.size() == corpus_table().size());
}

TEST_CASE("charset: corpus encodings decode and guess right") {
    SGF_NEEDS_SHARED("corpus/encodings");
    const std::filesystem::path dir = sgf_test::shared_dir() / "corpus" / "encodings";
    for (const auto& f : corpus_table()) {
        CAPTURE(f.path);
        const std::string bytes = read_file(dir / f.path);
        REQUIRE(!bytes.empty());

        // The CA property, where there is one, names a charset the bytes agree with.
        CHECK(ca_of(bytes) == f.ca);
        const auto g = sgf::guess_charset(bytes);
        CHECK(g.charset == f.guess);
        if (!f.ca.empty()) {
            const auto m = sgf::find_charset(f.ca);
            REQUIRE(m);
            CHECK(sgf::charset_compatible(m->info.name, g.charset));
            if (f.ca == "UTF8" || f.ca == "ISO8859_1") CHECK(m->spelling == sgf::charset_spelling::misspelled);
        }

        // Decoding as the guess keeps every byte: invalid ones become U+FFFD and are listed.
        const auto d = sgf::decode_to_utf8(bytes, g.charset);
        REQUIRE(d.ok());
        CHECK(sgf::is_valid_utf8(d.utf8));
        CHECK(d.invalid == f.invalid);
        CHECK(g.invalid == f.invalid.size());
        for (auto s : f.contains) {
            CAPTURE(s);
            CHECK(d.utf8.find(s) != std::string::npos);
        }
        // Each ASCII "PW[" in the decoded text maps back to the same bytes in the file.
        if (const auto at = d.utf8.find("PW["); at != std::string::npos)
            CHECK(std::string_view(bytes).substr(d.map.to_source(at), 3) == "PW[");
        if (g.charset == "US-ASCII") CHECK(d.utf8 == bytes);
    }
}

TEST_CASE("charset: a name with a NUL names no charset") {
    // iconv reads a name up to its NUL: "UTF-8\0junk" was UTF-8 (the Python module passed it on)
    const std::string with_nul("UTF-8\0junk", 10);
    CHECK_FALSE(sgf::find_charset(with_nul));
    CHECK_FALSE(sgf::decode_to_utf8("abc", with_nul).ok());
    CHECK_FALSE(sgf::decode_to_utf8("abc", std::string("ISO-8859-1\0", 11)).ok());
    CHECK_FALSE(sgf::encode_from_utf8("abc", with_nul));
    CHECK(sgf::decode_to_utf8("abc", "ISO-8859-1").ok());  // the same names without it are fine
    sgf::load_options o;
    o.charset = with_nul;
    try {
        (void)sgf::load(sgf::file_bytes("(;FF[4]C[a])"), o);
        FAIL("a charset name with a NUL was taken");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()) == "unknown charset 'UTF-8\\x00junk'");  // shown, not cut at the NUL
    }
}

// A single-byte charset decodes through a table of its 128 high bytes made once per process
// (charset_decode.cpp single_byte_table_of): every byte decodes as iconv converts it alone, on
// the call that makes the table and on the calls after it, from threads at once too.
TEST_CASE("charset: single-byte charsets decode each byte as iconv does alone") {
    namespace impl = sgf::detail::charset_impl;
    std::vector<std::string> names = {"ISO-8859-1", "ISO-8859-2", "ISO-8859-5", "ISO-8859-7", "ISO-8859-9", "ISO-8859-15",
                                      "windows-1250", "windows-1251", "windows-1252", "KOI8-R", "KOI8-U"};
    for (const auto& r : sgf::detail::registered_charsets) names.emplace_back(r.name);
    std::string all;  // every byte but NUL
    for (unsigned b = 1; b < 0x100; ++b) all.push_back(static_cast<char>(b));
    std::size_t tested = 0;
    for (const std::string& name : names) {
        const impl::lookup_result l = impl::lookup(name);
        if (l.entry == nullptr || l.entry->fam != impl::family::single_byte) continue;
        CAPTURE(name);
        ++tested;
        iconv_t cd = iconv_open("UTF-8", std::string(l.entry->decoder).c_str());
        REQUIRE(cd != reinterpret_cast<iconv_t>(-1));
        std::string expect;
        std::vector<std::size_t> invalid;
        for (int round = 0; round < 2; ++round) {
            expect.clear();
            invalid.clear();
            for (unsigned b = 1; b < 0x100; ++b) {
                const std::string one(1, static_cast<char>(b));
                const sgf::decoded alone = sgf::decode_to_utf8(one, name);
                REQUIRE(alone.ok());
                if (b < 0x80) {
                    CHECK(alone.utf8 == one);
                    expect += one;
                    continue;
                }
                char out[16];
                char* in = const_cast<char*>(one.data());
                char* o = out;
                std::size_t in_left = 1, out_left = sizeof out;
                iconv(cd, nullptr, nullptr, nullptr, nullptr);
                const bool ok = iconv(cd, &in, &in_left, &o, &out_left) != static_cast<std::size_t>(-1) && in_left == 0;
                if (ok) {
                    CHECK(alone.invalid.empty());
                    CHECK(alone.utf8 == std::string(out, sizeof out - out_left));
                } else {
                    CHECK(alone.invalid.size() == 1);
                    invalid.push_back(b - 1);
                }
                expect += alone.utf8;
            }
            const sgf::decoded whole = sgf::decode_to_utf8(all, name);
            CHECK(whole.utf8 == expect);
            std::vector<std::size_t> at;
            for (const auto& s : whole.invalid) at.push_back(s.offset);
            CHECK(at == invalid);
        }
        iconv_close(cd);
        // from four threads at once: the same text
        std::vector<std::string> got(4);
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < got.size(); ++t)
            threads.emplace_back([&, t] {
                for (int k = 0; k < 50; ++k) got[t] = sgf::decode_to_utf8(all, name).utf8;
            });
        for (auto& th : threads) th.join();
        for (const std::string& g : got) CHECK(g == expect);
    }
    MESSAGE(tested, " single-byte charsets");
    CHECK(tested >= 11);
}
