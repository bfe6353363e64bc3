// Reading files as text (sgf::load): byte order marks, CA and its misspellings, whole-file
// conversion with positions in the original file, invalid bytes reported and kept, the
// --charset override, the guess for files without CA, and the text of every file of
// ../shared/corpus/encodings through load, dump and fix. (The charset layer itself is
// tested in charset_test.cpp.)
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "sgf/charset.hpp"
#include "sgf/fix.hpp"
#include "sgf/input.hpp"
#include "sgf/json.hpp"
#include "sgf/write.hpp"
#include "tests/program_util.hpp"
#include "tests/test_util.hpp"

using namespace std::string_literals;
using namespace std::string_view_literals;

namespace {

std::string utf16(std::u16string_view s, bool little) {
    std::string out;
    for (char16_t u : s) {
        const char hi = static_cast<char>(u >> 8), lo = static_cast<char>(u & 0xFF);
        out += little ? lo : hi;
        out += little ? hi : lo;
    }
    return out;
}

std::string utf32(std::u32string_view s, bool little) {
    std::string out;
    for (char32_t u : s)
        for (int k = 0; k < 4; ++k) out += static_cast<char>((u >> (little ? 8 * k : 8 * (3 - k))) & 0xFF);
    return out;
}

// The JSON tree as sgfcheck dump prints it: values decoded through the file's charset.
std::string dump(const sgf::load_result& r) {
    return sgf::to_json(r.trees, [&](std::size_t t, std::string_view raw) { return r.utf8(raw, t); });
}

std::string fixed(const sgf::load_result& r) { return sgf::write(sgf::fix(r).trees); }

const sgf::diagnostic* find(const sgf::load_result& r, std::string_view code) {
    for (const auto& d : r.diagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

// Runs the sgfcheck binary; its standard output.
std::string run(const std::string& args) { return sgf_test::run(args).out; }

}  // namespace

TEST_CASE("encoding: byte order marks") {
    SUBCASE("UTF-8: skipped, the text is UTF-8") {
        const auto r = sgf::load(sgf::file_bytes("\xEF\xBB\xBF(;FF[4]PB[黑方])"));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W015@1:1");
        CHECK(r.charset == "UTF-8");
        CHECK(r.origin == sgf::charset_origin::bom);
        CHECK_FALSE(r.converted);
        CHECK(dump(r) == R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["FF",["4"]],["PB",["黑方"]]]],"variations":[]}]})");
    }
    for (const bool little : {true, false}) {
        CAPTURE(little);
        SUBCASE("UTF-16: converted as a whole, positions in the file") {
            const std::u16string text = u"\uFEFF(;FF[4]PB[黑方]\nC[héllo]Z)";
            const auto r = sgf::load(sgf::file_bytes(utf16(text, little)));
            CHECK(r.converted);
            CHECK(r.charset == (little ? "UTF-16LE" : "UTF-16BE"));
            // The Z without a value: character 9 of line 2, so bytes 17-18 of that line.
            CHECK(sgf_test::codes_of(r.diagnostics, true) == "W015@1:1 I028@1:1 E009@2:17");
            const sgf::diagnostic* z = find(r, "E009");
            REQUIRE(z != nullptr);
            CHECK(z->where.byte == 2 * (text.find(u'Z')));
            CHECK(r.text().substr(r.text_offset(z->where.byte), 1) == "Z");
            CHECK(dump(r) == R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["FF",["4"]],["PB",["黑方"]],["C",["héllo"]]]],"variations":[]}]})");
            CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PB[黑方]C[héllo]UNPLACED[Z])\n");  // Z without a value: kept
            // Node and value positions name the file's bytes too.
            CHECK(r.trees[0].front().pos().byte == 4);
            CHECK(r.trees[0].front().find("PB")->front().pos().byte == 2 * text.find(u"[黑"));
        }
        SUBCASE("UTF-32") {
            const auto r = sgf::load(sgf::file_bytes(utf32(U"\uFEFF(;FF[4]PB[黑方])", little)));
            CHECK(r.converted);
            CHECK(r.charset == (little ? "UTF-32LE" : "UTF-32BE"));
            CHECK(sgf_test::codes_of(r.diagnostics, true) == "W015@1:1 I028@1:1");
            CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PB[黑方])\n");
        }
    }
    SUBCASE("a CA that contradicts the byte order mark") {
        const auto r = sgf::load(sgf::file_bytes(utf16(u"\uFEFF(;FF[4]CA[ISO-8859-1]C[x])", true)));
        const sgf::diagnostic* d = find(r, "W025");
        REQUIRE(d != nullptr);
        CHECK(d->where.byte == 2 * 10);  // the '[' of the CA value
        CHECK(d->hint.find("byte order mark wins") != std::string::npos);
    }
    SUBCASE("UTF-16 without a byte order mark is recognised by its NULs") {
        const auto r = sgf::load(sgf::file_bytes(utf16(u"(;FF[4]PB[黑方];B[aa])", false)));
        CHECK(r.converted);
        CHECK(r.charset == "UTF-16BE");
        CHECK(sgf_test::codes_of(r.diagnostics) == "I028 I027");
        CHECK(dump(r) == R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["FF",["4"]],["PB",["黑方"]]],[["B",["aa"]]]],"variations":[]}]})");
    }
}

TEST_CASE("encoding: CA and its spellings") {
    SUBCASE("misspelled") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]CA[UTF8]C[x])"));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W021@1:10");
        CHECK(r.diagnostics[0].message == "CA[UTF8] should be CA[UTF-8]");
        CHECK(r.charset == "UTF-8");
        CHECK(r.origin == sgf::charset_origin::declared);
        const auto l = sgf::load(sgf::file_bytes("(;FF[4]CA[ISO8859_1]C[x])"));
        CHECK(l.diagnostics[0].message == "CA[ISO8859_1] should be CA[ISO-8859-1]");
        CHECK(l.charset == "ISO-8859-1");
    }
    SUBCASE("a registered alias") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]CA[latin1]C[x])"));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "I026@1:10");
        CHECK(r.charset == "ISO-8859-1");
        // names are case-insensitive: utf-8 is the preferred name (IANA registry)
        CHECK(sgf::load(sgf::file_bytes("(;FF[4]CA[utf-8]C[x])")).diagnostics.empty());
        CHECK(sgf_test::codes_of(sgf::load(sgf::file_bytes("(;FF[4]CA[hebrew]C[x])")).diagnostics) == "I026");
        // registered, no decoder here: an ASCII file needs none
        CHECK(sgf::load(sgf::file_bytes("(;FF[4]CA[ISO_646.irv:1983]C[x])")).diagnostics.empty());
        CHECK(sgf_test::codes_of(sgf::load(sgf::file_bytes("(;FF[4]CA[irv]C[caf\xE9])")).diagnostics).starts_with("W022"));
        // ASCII text is other bytes in EBCDIC and UTF-7: not converted through them (also when
        // this iconv has no decoder for them: IBM01140, UNICODE-1-1-UTF-7)
        for (const char* ca : {"IBM037", "EBCDIC-US", "NATS-SEFI", "UTF-7", "IBM01140", "UNICODE-1-1-UTF-7"}) {
            CAPTURE(ca);
            const auto e = sgf::load(sgf::file_bytes("(;FF[4]CA[" + std::string(ca) + "]GM[1];B[aa];W[bb])"));
            CHECK(sgf_test::codes_of(e.diagnostics) == "W025");
            CHECK(e.trees.size() == 1);
            CHECK(!e.converted);
        }
        CHECK(sgf::load(sgf::file_bytes("(;FF[4]CA[UTF-8]C[x])")).diagnostics.empty());
    }
    SUBCASE("unknown: the charset is guessed") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]CA[xyz-123]C[caf\xC3\xA9])"));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W022@1:10 I027@1:24");
        CHECK(r.charset == "UTF-8");
        CHECK(r.origin == sgf::charset_origin::guessed);
    }
    SUBCASE("a charset the bytes cannot be in") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]CA[UTF-16]C[x])"));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W025@1:10");
        CHECK_FALSE(r.converted);
    }
    SUBCASE("Latin-1 values are decoded on demand, positions unchanged") {
        const std::string file = "(;FF[4]CA[ISO-8859-1]PW[Hrab\xE1nek]Z)";
        const auto r = sgf::load(sgf::file_bytes(file));
        CHECK_FALSE(r.converted);
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "E009@1:" + std::to_string(file.find('Z') + 1));
        CHECK(dump(r) == R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["FF",["4"]],["CA",["ISO-8859-1"]],["PW",["Hrabánek"]]]],"variations":[]}]})");
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PW[Hrabánek]UNPLACED[Z])\n");
    }
    SUBCASE("a legacy CA over text in UTF-8: honoured, and said") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]CA[ISO-8859-1]PB[\xC3\xA9])"));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W025@1:10");
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PB[\xC3\x83\xC2\xA9])\n");  // é read as two Latin-1 letters
        CHECK(fixed(sgf::load(sgf::file_bytes("(;FF[4]CA[ISO-8859-1]PB[\xC3\xA9])"), {.lenient = false, .charset = "UTF-8"})) ==
              "(;FF[4]CA[UTF-8]PB[é])\n");
    }
    SUBCASE("each game tree in its own charset") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]CA[UTF-8]C[\xC3\xA9])(;FF[4]CA[ISO-8859-1]C[\xE9])"));
        CHECK(r.diagnostics.empty());
        CHECK(r.tree_charsets == std::vector<std::string>{"UTF-8", "ISO-8859-1"});
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]C[é])\n(;FF[4]CA[UTF-8]C[é])\n");
    }
}

TEST_CASE("encoding: charsets whose characters contain bracket or backslash bytes are converted whole") {
    struct sample {
        const char* charset;
        std::string bytes;  // a value holding characters with a ']' or '\' trail byte
        std::string_view text;
    };
    const sample samples[] = {
        {"GBK", "\x81\x5D\x82\x5C", "乚俓"},   // 0x5D = ']', 0x5C = '\'
        {"GB2312", "\x81\x5D", "乚"},           // decoded as GB18030, as files labelled GB2312 need
        {"Big5", "\xA4\x5D\xA4\x5C", "也么"},
        {"Shift_JIS", "\x89\x5D\x97\x5C", "云予"},
    };
    for (const auto& s : samples) {
        CAPTURE(s.charset);
        const std::string file = "(;FF[4]CA["s + s.charset + "]PB[" + s.bytes + "]PW[x]Z)";
        const auto r = sgf::load(sgf::file_bytes(file));
        CHECK(r.converted);
        CHECK(sgf_test::codes_of(r.diagnostics, true) ==
              "I028@1:1 E009@1:" + std::to_string(file.find('Z') + 1));
        CHECK(dump(r) == R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["FF",["4"]],["CA",[")" + std::string(s.charset) +
                             R"("]],["PB",[")" + std::string(s.text) + R"("]],["PW",["x"]]]],"variations":[]}]})");
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PB[" + std::string(s.text) + "]PW[x]UNPLACED[Z])\n");
    }
}

TEST_CASE("encoding: invalid bytes are reported at their position and never dropped") {
    SUBCASE("a UTF-8 character cut at the end of a value") {
        const std::string file = "(;FF[4]CA[UTF-8]PB[\xE4\xBD\xA0\xE8\x8B]PW[x])";
        const auto r = sgf::load(sgf::file_bytes(file));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W023@1:23");
        CHECK(r.diagnostics[0].message == "bytes E8 8B are not a character in UTF-8");
        CHECK(r.diagnostics[0].hint.find("cut off") != std::string::npos);
        // dump flags the value and gives its bytes (never read as Latin-1); fix keeps the bytes.
        CHECK(dump(r).find(R"(["PB",[{"bytes":"e4bda0e88b"}]])") != std::string::npos);
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PB[\xE4\xBD\xA0\xE8\x8B]PW[x])\n");
    }
    SUBCASE("in a charset converted whole") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]CA[GBK]C[a\x80\xFF" "b])"));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "I028@1:1 W023@1:18 W023@1:19");
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]C[a\x80\xFF" "b])\n");  // the bytes as they were
    }
    SUBCASE("a lone UTF-16 surrogate keeps its value") {
        const auto r = sgf::load(sgf::file_bytes(utf16(u"\uFEFF(;C[a\xD800z])", true)));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W015@1:1 I028@1:1 W023@1:13");
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]C[a\xED\xA0\x80z])\n");
    }
    SUBCASE("at most 100 are listed, then one says more follow") {
        std::string v;
        for (int i = 0; i < 150; ++i) v += "\xFF ";
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]CA[UTF-8]C[" + v + "])"));
        CHECK(r.diagnostics.size() == 101);
        CHECK(r.diagnostics.back().message.find("more bytes") != std::string::npos);
    }
}

TEST_CASE("encoding: the charset given by the caller") {
    const std::string file = "(;FF[4]CA[ISO-8859-1]PB[\xB0\xD7])";  // GB2312 bytes of 白
    SUBCASE("overrides CA") {
        const auto r = sgf::load(sgf::file_bytes(file), {.lenient = false, .charset = "gb2312"});
        CHECK(r.origin == sgf::charset_origin::option);
        CHECK(r.charset == "GB2312");
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "I028@1:1 I029@1:10");
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PB[白])\n");
        CHECK(fixed(sgf::load(sgf::file_bytes(file))) == "(;FF[4]CA[UTF-8]PB[°×])\n");  // without it: Latin-1, as declared
    }
    SUBCASE("when there is no CA") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]PB[\xE9])"), {.lenient = false, .charset = "windows-1252"});
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "I029@1:1");
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PB[é])\n");
    }
    SUBCASE("unknown names are refused") {
        CHECK_THROWS_AS((void)sgf::load(sgf::file_bytes(file), {.lenient = false, .charset = "no-such-charset"}), std::invalid_argument);
    }
}

TEST_CASE("encoding: the guess for a file without CA is a diagnostic with its reason") {
    SUBCASE("valid UTF-8") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]PB[李昌镐])"));
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "I027@1:11");
        CHECK(r.diagnostics[0].message.find("read as UTF-8") != std::string::npos);
        CHECK(r.diagnostics[0].message.find("valid UTF-8") != std::string::npos);
        CHECK(r.diagnostics[0].hint.find("ISO-8859-1") != std::string::npos);
    }
    SUBCASE("GB18030, uncertain on so few bytes") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]PW[\xB0\xD7]PB[GNU Go])"));
        CHECK(r.charset == "GB18030");
        CHECK(r.converted);
        const sgf::diagnostic* d = find(r, "W024");
        REQUIRE(d != nullptr);
        CHECK(d->message.find("GB18030") != std::string::npos);
        CHECK(d->hint.find("--charset") != std::string::npos);
        CHECK(fixed(r) == "(;FF[4]CA[UTF-8]PW[白]PB[GNU Go])\n");
    }
    SUBCASE("plain ASCII needs no guess") {
        const auto r = sgf::load(sgf::file_bytes("(;FF[4]C[plain])"));
        CHECK(r.diagnostics.empty());
        CHECK(r.origin == sgf::charset_origin::ascii);
    }
}

TEST_CASE("encoding: every file of the corpus encodings folder reads as the text it holds") {
    SGF_NEEDS_SHARED("corpus/encodings");
    // Known strings (player names, comments) as dump and fix show them.
    struct expected {
        std::string_view file;
        std::vector<std::string_view> dump;  // substrings of the JSON tree
        std::vector<std::string_view> fix;   // substrings of the fix output
    };
    const std::vector<expected> table = {
        {"fuego/games_2010_LittleGolem_1177582.sgf", {R"(["PW",["Jan Hrabánek"]])"}, {"PW[Jan Hrabánek]"}},
        {"gnugo/egc2001_tg-gg.sgf", {"Fichier SGF créé par TurboGo"}, {"Fichier SGF créé par TurboGo"}},
        {"gnugo/tg-gg.sgf", {"Fichier SGF créé par TurboGo"}, {"Fichier SGF créé par TurboGo"}},
        {"gnugo/nicklas_nicklas12.sgf", {"kossa 6k*: hörru gnugo"}, {"kossa 6k*: hörru gnugo"}},
        {"gnugo/9handicap.sgf", {R"(["PW",["白"]],["PB",["GNU Go"]])"}, {"PW[白]PB[GNU Go]"}},
        {"gnugo/games_trevor_trevor_42.sgf", {"盘面"}, {"C[盘面"}},
        {"gnugo/tso_igobot_2006-01-16.sgf", {R"(["PB",["tso"]])", R"(["PW",["igobot"]])"}, {"PB[tso]", "PW[igobot]"}},
        {"yenw-ai/Jin_Mao_Ce_Shi_2018.04.04_VS_010001820-4f7c3bba.sgf", {R"(["PB",["金毛测试"]])", R"(["PW",[{"bytes":"e8889ee880"}]])"},  // the cut character: flagged
         {"PB[金毛测试]", "PW[舞\xE8\x80]"}},
        {"yenw-ai/Tiger_2016.08.18_vs_dongfangmz_67032177-d9f2499c.sgf", {R"(["PB",["虎虎有生气"]])"}, {"PB[虎虎有生气]"}},
        {"yenw-ai/Sweeper_2016.09.04_2016_vs_dongfangmz_46711135-29e832e6.sgf", {R"(["PB",["扫地僧2016"]])"}, {"PB[扫地僧2016]"}},
        {"fuego/ladder_ladder-breaker.sgf", {R"(["CA",["UTF8"]])"}, {"CA[UTF-8]"}},
        {"fuego/ladder_adjacent-blocks.sgf", {R"(["CA",["ISO8859_1"]])"}, {"CA[UTF-8]"}},
    };
    const auto dir = sgf_test::shared_dir() / "corpus" / "encodings";
    std::size_t checked = 0;
    for (const auto& path : sgf_test::files_under(dir)) {
        const std::string rel = path.lexically_relative(dir).generic_string();
        CAPTURE(rel);
        const sgf::load_result r = sgf::load(sgf::file_bytes(sgf::read_file(path)));
        CHECK_FALSE(sgf::has_errors(r.diagnostics));
        const std::string json = dump(r), out = fixed(r);
        // The fix output is UTF-8 but for bytes that were no character in the file.
        const bool had_invalid = find(r, "W023") != nullptr;
        if (!had_invalid) CHECK(sgf::load(sgf::file_bytes(out)).diagnostics.empty());
        for (const auto& e : table) {
            if (e.file != rel) continue;
            ++checked;
            for (auto s : e.dump) CHECK_MESSAGE(json.find(s) != std::string::npos, s);
            for (auto s : e.fix) CHECK_MESSAGE(out.find(s) != std::string::npos, s);
        }
    }
    CHECK(checked == table.size());
}

TEST_CASE("encoding: sgfcheck dump and fix decode through the charset") {
    SGF_NEEDS_SHARED("corpus/encodings");
    const auto dir = sgf_test::shared_dir() / "corpus" / "encodings" / "gnugo";
    CHECK(run("dump " + (dir / "9handicap.sgf").string()).find(R"(["PW",["白"]])") != std::string::npos);
    CHECK(run("fix " + (dir / "nicklas_nicklas12.sgf").string()).find("hörru gnugo") != std::string::npos);
    // --charset: read a Latin-1 file as windows-1252 (the same letters here)
    CHECK(run("dump --charset windows-1252 " + (dir / "tg-gg.sgf").string()).find("créé") != std::string::npos);
    // check: the charset findings, and excerpts of a converted file in UTF-8
    const std::string checked = run("--charset GB2312 " + (dir / "9handicap.sgf").string());
    CHECK(checked.find("info[I029]: --charset GB2312 (the file has no CA)") != std::string::npos);
    CHECK(run((dir / "9handicap.sgf").string()).find(" 4 | PW[白]PB[GNU Go]") != std::string::npos);  // W024's excerpt
    CHECK(run("--charset no-such-charset " + (dir / "9handicap.sgf").string()).empty());  // a usage error
}

TEST_CASE("encode_from_utf8 with keep writes a file decoded with keep back to its own bytes") {
    // fmt's way back (issue 22): bytes that are no character of the charset, kept verbatim
    // by the decoder, come out as they went in; a lone UTF-16/32 surrogate as its code unit.
    const std::pair<std::string, std::string> files[] = {
        {"Shift_JIS", "C[a\x82\xff]C[\x82\xa0]\x82"},
        {"EUC-KR", "C[\xb0\xa1\xff\xfe]"},
        {"GB18030", "C[\xc4\xe3\x80\xff]"},
        {"ISO-2022-JP", "C[\x1b$B$\"\x1b(B\x80]"},
        {"UTF-16LE", "C\0[\0\0\xd8]\0"s},
        {"UTF-16BE", "\0C\0[\xdc\0\0]"s},
        {"UTF-32LE", "C\0\0\0\0\xd8\0\0"s},
    };
    for (const auto& file : files) {
        const auto& [charset, bytes] = file;
        const std::string shown_charset(charset);  // (CAPTURE's lambda cannot take a structured binding in clang 14)
        CAPTURE(shown_charset);
        const auto d = sgf::decode_to_utf8(bytes, charset, sgf::invalid_policy::keep);
        REQUIRE(d.ok());
        CHECK_FALSE(d.invalid.empty());
        CHECK_FALSE(sgf::encode_from_utf8(d.utf8, charset));  // replace: no text that is not UTF-8
        const auto back = sgf::encode_from_utf8(d.utf8, charset, sgf::invalid_policy::keep);
        REQUIRE(back);
        CHECK(*back == bytes);
    }
    // a character the charset does not have is still refused
    CHECK_FALSE(sgf::encode_from_utf8("\xe4\xb8\x80\x80", "ISO-8859-1", sgf::invalid_policy::keep));
}
