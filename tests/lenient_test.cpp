// Lenient reading: one minimal case per recovery SGFC makes at the syntax level
// (sgfc_doc.txt Appendix C; docs/sgfc_coverage.md maps every item). Strict mode reports
// each finding as an error, lenient mode as a warning at the same position, and both read
// the same tree.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "sgf/input.hpp"
#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "tests/test_util.hpp"

namespace {

struct recovery {
    std::string_view sgfc;   // Appendix C number(s)
    std::string_view input;  // SGFC's example where it gives one
    std::string_view codes;  // codes and positions, strict mode
    std::string_view tree;   // JSON tree read in both modes
};

using namespace std::string_view_literals;

constexpr recovery recoveries[] = {
    {"6 (data in front of the game tree)", "bla[aa] (;GM[1];B[cc])", "E002@1:1",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["GM",["1"]]],[["B",["cc"]]]],"variations":[]}]})"},
    {"7 (no SGF data)", "no SGF here", "E002@1:1 E001@1:12", R"({"format":"sgf-tree","version":2,"trees":[]})"},
    {"8 (illegal characters)", "(;B[cc] gfhf;W[kk] ];)", "E009@1:9 E012@1:20",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]],[["W",["kk"]]],[]],"variations":[]}]})"},
    {"9 (variation nesting incomplete)", "(;B[cc](;W[kk])", "E004@1:16",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]]],"variations":[{"nodes":[[["W",["kk"]]]],"variations":[]}]}]})"},
    // words between properties: one finding for the run
    {"8 (a sentence between properties)", "(;C[hi] This is a note, sorry! B[aa])", "E012@1:9",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["C",["hi"]],["B",["aa"]]]],"variations":[]}]})"},
    {"8 (one word of letters and other characters)", "(;C[a]\"quoted\")", "E012@1:7",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["C",["a"]]]],"variations":[]}]})"},
    {"20 (identifiers without values in a row)", "(;AB AW B[aa])", "E009@1:3",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]]]],"variations":[]}]})"},
    {"10 (unexpected end of file)", "(;B[cc", "E008@1:4 E004@1:7", R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]]],"variations":[]}]})"},
    {"12 (empty variation)", "(;B[cc]())", "E006@1:8", R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]]],"variations":[]}]})"},
    {"16 (lowercase in an FF[4] identifier)", "(;FF[4];Black[cc];White[dd])", "E011@1:9 E011@1:19",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["FF",["4"]]],[["Black",["cc"]]],[["White",["dd"]]]],"variations":[]}]})"},
    {"20 (property without value)", "(;B[cc]PL;W[aa];AB)", "E009@1:8 E009@1:17",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]],[["W",["aa"]]],[]],"variations":[]}]})"},
    {"20 (B  L[321.0] reads as B without value, then L)", "(;B[aa] B  L[321.0])", "E009@1:9",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]],["L",["321.0"]]]],"variations":[]}]})"},
    {"21 (illegal variation start)", "(;B[cc]((;W[dd])", "E018@1:8 E004@1:17",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]]],"variations":[{"nodes":[[["W",["dd"]]]],"variations":[]}]}]})"},
    // one '(' too many: one finding, and the game trees after it stay game trees
    {"21 (extra '(' then more game trees)", "(;B[cc]((;W[dd]))(;B[aa])(;W[bb])", "E018@1:8",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]]],"variations":[{"nodes":[[["W",["dd"]]]],"variations":[]}]},{"nodes":[[["B",["aa"]]]],"variations":[]},{"nodes":[[["W",["bb"]]]],"variations":[]}]})"},
    {"21 (extra '(' before the first game tree)", "((;B[aa])(;W[bb])", "E018@1:1",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]]]],"variations":[]},{"nodes":[[["W",["bb"]]]],"variations":[]}]})"},
    // balanced parentheses: a "((" is a game tree without a node, not a '(' too many
    {"21 (illegal variation start with balanced parentheses)", "(;B[cc]((;W[dd])))", "E007@1:9",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]]],"variations":[{"nodes":[[["W",["dd"]]]],"variations":[]}]}]})"},
    {"22 (NUL byte between tokens)", "(;B[cc]\0;W[dd])"sv, "E012@1:8",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["cc"]]],[["W",["dd"]]]],"variations":[]}]})"},
    {"36 (missing semicolon at start of game tree)", "( GM[1]FF[3][SZ[19])", "E007@1:3",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["GM",["1"]],["FF",["3","SZ[19"]]]],"variations":[]}]})"},
    {"54 (values without property identifier)", "(;[ab][ac])", "E010@1:3", R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[]],"variations":[]}]})"},
    {"66 (node outside variation)", "(;FF[4](;C[var 1]) ;C[var 2]))", "E013@1:20 E005@1:30",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["FF",["4"]]]],"variations":[{"nodes":[[["C",["var 1"]]]],"variations":[]},{"nodes":[[["C",["var 2"]]]],"variations":[]}]}]})"},
    // balanced parentheses never give "missing ')'"
    {"66 (two nodes after variations)", "(;B[aa](;W[bb]);B[cc](;W[dd]);B[ee])", "E013@1:16 E013@1:30",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]]]],"variations":[{"nodes":[[["W",["bb"]]]],"variations":[]},{"nodes":[[["B",["cc"]]]],"variations":[{"nodes":[[["W",["dd"]]]],"variations":[]},{"nodes":[[["B",["ee"]]]],"variations":[]}]}]}]})"},
    {"67 (illegal characters after '(')", "(;FF[4](;C[var 1]) (C[var 2]))", "E007@1:21",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["FF",["4"]]]],"variations":[{"nodes":[[["C",["var 1"]]]],"variations":[]},{"nodes":[[["C",["var 2"]]]],"variations":[]}]}]})"},
    {"3 (')' without '(')", "(;B[aa]))", "E005@1:9", R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]]]],"variations":[]}]})"},
    {"3 (text after the game tree)", "(;B[aa]) trailing text", "E003@1:10", R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]]]],"variations":[]}]})"},
    {"7 (no ';' after the first '(')", "(B[aa];W[bb])", "E007@1:2",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]]],[["W",["bb"]]]],"variations":[]}]})"},
    {"9 (second game tree not closed)", "(;B[aa])(;W[bb]", "E004@1:16",
     R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]]]],"variations":[]},{"nodes":[[["W",["bb"]]]],"variations":[]}]})"},
};

std::string tree_of(const sgf::collection& c) { return sgf::to_json(c); }

}  // namespace

TEST_CASE("lenient: every SGFC syntax recovery is reported at its position in both modes") {
    for (const recovery& r : recoveries) {
        CAPTURE(r.sgfc);
        CAPTURE(std::string(r.input));
        const sgf::parse_result strict = sgf::parse(r.input);
        const sgf::parse_result lenient = sgf::parse(r.input, {.lenient = true});
        CHECK(sgf_test::codes_of(strict.diagnostics, true) == r.codes);
        // --lenient: the same findings as warnings (the letter follows), but no game tree at
        // all is an error also then
        std::string as_warnings(r.codes);
        for (std::size_t k = 0; k + 4 < as_warnings.size() + 1; ++k)
            if (as_warnings[k] == 'E' && as_warnings.compare(k, 4, "E001") != 0) as_warnings[k] = 'W';
        CHECK(sgf_test::codes_of(lenient.diagnostics, true) == as_warnings);
        for (const auto& d : strict.diagnostics) CHECK(d.level == sgf::severity::error);
        for (const auto& d : lenient.diagnostics)
            CHECK(d.level == (d.id == sgf::rule::empty_collection ? sgf::severity::error : sgf::severity::warning));
        CHECK_FALSE(strict.ok());
        CHECK(lenient.ok() == (r.codes.find("E001") == std::string::npos));
        CHECK(tree_of(strict.trees) == r.tree);
        CHECK(tree_of(lenient.trees) == r.tree);
        // The messages say how the parser recovered.
        for (const auto& d : lenient.diagnostics) CHECK_FALSE(d.hint.empty());
    }
}

TEST_CASE("lenient: a NUL inside a value is data and no finding") {
    const auto r = sgf::parse("(;C[a\0b])"sv);
    CHECK(r.ok());
    CHECK(r.diagnostics.empty());
    CHECK(sgf::to_json(r.trees) == R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["C",["a\u0000b"]]]],"variations":[]}]})");
    // and loading it does not take the NUL for UTF-16 text
    const auto l = sgf::load(sgf::file_bytes(std::string("(;C[a\0b])"sv)));
    CHECK(sgf_test::codes_of(l.diagnostics) == "");
    CHECK_FALSE(l.converted);
}

TEST_CASE("lenient: FF[1]-FF[3] identifiers with lowercase letters are warnings not errors") {
    SUBCASE("FF[3]") {
        const auto r = sgf::parse("(;FF[3]GaMe[1]CoPyright[x];Black[cc])"sv);
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W011@1:8 W011@1:15 W011@1:28");
        CHECK(r.ok());
        CHECK(r.diagnostics[0].hint.find("read as GM") != std::string::npos);
        CHECK(r.diagnostics[1].message.find("'CoPyright'") != std::string::npos);
    }
    SUBCASE("no FF means FF[1]") {
        const auto r = sgf::parse("(;PlayerBlack[Bob]VieW[])"sv);
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W011@1:3 W011@1:19");
        CHECK(r.diagnostics[0].hint.find("read as PB") != std::string::npos);
        CHECK(r.diagnostics[1].hint.find("read as VW") != std::string::npos);
    }
    SUBCASE("FF[4] keeps E011") {
        const auto r = sgf::parse("(;FF[4]GaMe[1])"sv);
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "E011@1:8");
        CHECK_FALSE(r.ok());
        CHECK(r.diagnostics[0].hint.find("'GM'") != std::string::npos);
    }
    SUBCASE("each game tree by its own FF") {
        const auto r = sgf::parse("(;FF[3]CoPyright[a])(;FF[4]CoPyright[b])(;FileFormat[3]CoPyright[c])"sv);
        // one finding per identifier and level: CoPyright of both FF[3] trees is one W011
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W011@1:8 E011@1:28 W011@1:43");
        CHECK(r.diagnostics[0].count == 2);
    }
    SUBCASE("an FF that is no number keeps E011") {
        const auto r = sgf::parse("(;FF[four]GaMe[1])"sv);
        CHECK(sgf_test::codes_of(r.diagnostics) == "E011");
    }
}

TEST_CASE("lenient: a UTF-8 byte order mark is a warning in both modes") {
    const std::string in = "\xEF\xBB\xBF(;FF[4]C[x])";
    for (const bool lenient : {false, true}) {
        const auto r = sgf::parse(in, {.lenient = lenient});
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "W015@1:1");
        CHECK(r.ok());
    }
}
