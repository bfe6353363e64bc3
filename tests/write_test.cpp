// include/sgf/write.hpp: the canonical writer (output shape, width packing, escaping,
// property order) and the round trip parse(write(t)) == t on hand-written cases.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "sgf/tree.hpp"
#include "sgf/write.hpp"
#include "tests/test_util.hpp"

using namespace std::string_view_literals;

namespace {

using namespace std::string_literals;
using sgf_test::parse_ok;
using sgf_test::tree_of;

constexpr std::string_view spec_tree =
    "(;FF[4]C[root](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f](;C[g];C[h];C[i])(;C[j])))";

std::string written(std::string_view text, const sgf::write_options& o = {}) { return sgf::write(parse_ok(text), o); }

std::vector<std::string> lines_of(std::string_view s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t nl = s.find('\n'); nl != std::string_view::npos; nl = s.find('\n', start)) {
        out.emplace_back(s.substr(start, nl - start));
        start = nl + 1;
    }
    if (start < s.size()) out.emplace_back(s.substr(start));
    return out;
}

// Hand-written cases: every one must survive parse -> write -> parse unchanged.
const std::vector<std::string>& round_trip_cases() {
    static const std::vector<std::string> cases{
        "(;)",
        "(;;;)",
        std::string(spec_tree),
        "(;FF[4]GM[1]SZ[19];B[aa];W[bb](;B[cc];W[dd](;B[ad];W[bd])\n(;B[ee];W[ff]))\n(;B[hh];W[hg]))",
        "(;(;)(;)(;(;)(;)))",
        "(;;;(;;;;)(;;)(;;;(;;)(;)))",
        "(;C[a\\]b\\\\c\\:d]AP[a\\:b:1.0]LB[dc:1][fc:a\\:b])",
        "(;C[needless \\e\\s\\c\\a\\p\\e\\s])",
        "(;C[soft\\\nbreak\\\r\nin\\\n\rall\\\rforms])",
        "(;C[hard\nbreaks\r\nin\n\rall\rforms\n\n])",
        "(;C[\\ escaped\\\tspace])",
        "(;C[trailing backslash \\\\])",
        "(;B[]W[]C[])",
        "(;ZZ[1]FF[4]XY[a][b]C[c]AA[]MYPROP[x];QQ[])",
        "(;AB[aa] [bb]\n\t[cc]AW[dd:ee])",
        "( ;FF[4] C [x]\n\n ; B [aa] )\n(;GN[second])\n\n(;GN[third](;C[v1])(;C[v2]))",
        "(;C[\xc3\xa9t\xc3\xa9 \x93\x5c]SJIS])",  // 0x5C (second byte of a Shift-JIS char) escapes ']'
        "(;C[nul\0byte\\\0])"s,
        "(;C[(;FF[4\\])] GN[;;;(())])",
        "(;C[\\\\\\\\\\]])",
    };
    return cases;
}

}  // namespace

TEST_SUITE("write") {

TEST_CASE("one node per line by default") {
    CHECK(written(spec_tree) ==
          "(;FF[4]C[root]\n"
          "(;C[a]\n"
          ";C[b]\n"
          "(;C[c])\n"
          "(;C[d]\n"
          ";C[e]))\n"
          "(;C[f]\n"
          "(;C[g]\n"
          ";C[h]\n"
          ";C[i])\n"
          "(;C[j])))\n");
    CHECK(written("(;A[1])(;B[2])") == "(;A[1])\n(;B[2])\n");
    CHECK(written("(;)") == "(;)\n");
    const sgf::game_tree t = tree_of(spec_tree);
    CHECK(sgf::write(t.variations()[1]) == "(;C[f]\n(;C[g]\n;C[h]\n;C[i])\n(;C[j]))\n");
    CHECK(sgf::write(t[0]) == ";FF[4]C[root]");
    CHECK(sgf::write(t.variations()[0][1]) == ";C[b]");
}

TEST_CASE("white space between tokens is not kept") {
    CHECK(written("( ;FF[4] C [x]\n\n ; B [aa] )\n\n(;GN [g])") == "(;FF[4]C[x]\n;B[aa])\n(;GN[g])\n");
    CHECK(written("(;AB[aa] [bb]\n\t[cc])") == "(;AB[aa][bb][cc])\n");
    CHECK(written("\n\n  (;)  \n") == "(;)\n");
}

TEST_CASE("width packs nodes onto lines") {
    const std::string_view line = "(;FF[4]GM[1]SZ[19];B[aa];W[bb];B[cc];W[dd];B[ad];W[bd])";
    CHECK(written(line, {.width = 20}) ==
          "(;FF[4]GM[1]SZ[19]\n"
          ";B[aa];W[bb];B[cc]\n"
          ";W[dd];B[ad];W[bd])\n");
    CHECK(written(line, {.width = 1000}) == std::string(line) + "\n");
    CHECK(written(line, {.width = 1}) == written(line));  // every node is longer than 1
    CHECK(written(spec_tree, {.width = 1000}) ==
          "(;FF[4]C[root]\n"
          "(;C[a];C[b]\n"
          "(;C[c])\n"
          "(;C[d];C[e]))\n"
          "(;C[f]\n"
          "(;C[g];C[h];C[i])\n"
          "(;C[j])))\n");
    // A node longer than the width gets a line of its own; values are never broken.
    CHECK(written("(;C[short];C[a rather long comment that does not fit];C[x];C[y])", {.width = 16}) ==
          "(;C[short]\n"
          ";C[a rather long comment that does not fit]\n"
          ";C[x];C[y])\n");
}

TEST_CASE("width: no line is longer than the width unless it holds one node") {
    // write.hpp: "nodes are packed onto lines of at most N bytes (a single node longer
    // than N gets a line of its own)". The nodes of a packed line (without the '(' and
    // ')' around them) respect the width.
    const std::string text =
        "(;FF[4]GM[1]SZ[19];B[aa];W[bb](;B[cc];W[dd](;B[ad];W[bd];B[ae];W[be];B[af];W[bf])\n(;B[ee];W[ff]))\n"
        "(;B[hh];W[hg];B[ii];W[ij];B[jj];W[jk];B[kk];W[kl];B[ll]))";
    const sgf::collection c = parse_ok(text);
    for (const std::size_t width : {10u, 13u, 18u, 19u, 20u, 25u, 40u}) {
        CAPTURE(width);
        const std::string w = sgf::write(c, sgf::write_options{.width = width});
        CHECK(parse_ok(w) == c);
        for (const std::string& l : lines_of(w)) {
            CAPTURE(l);
            std::string_view nodes = l;
            while (!nodes.empty() && nodes.front() == '(') nodes.remove_prefix(1);
            while (!nodes.empty() && nodes.back() == ')') nodes.remove_suffix(1);
            CHECK((nodes.size() <= width || sgf_test::count_nodes_by_scan(nodes) == 1));
        }
    }
}

TEST_CASE("width: lines including parentheses are at most width bytes") {
    // Regression: '(' before the first node of a sequence and the ')' after the last
    // one are not counted, so packed lines exceed the width by the parentheses.
    const std::string text = "(;FF[4]GM[1]SZ[19];B[aa];W[bb];B[cc];W[dd];B[ad];W[bd])";
    for (const std::size_t width : {17u, 18u}) {
        CAPTURE(width);
        for (const std::string& l : lines_of(written(text, {.width = width}))) {
            CAPTURE(l);
            CHECK((l.size() <= width || sgf_test::count_nodes_by_scan(l) == 1));
        }
    }
}

TEST_CASE("escaping: exactly the closing bracket and the backslash and an escaped colon") {
    CHECK(written("(;C[a\\]b\\\\c\\:d])") == "(;C[a\\]b\\\\c\\:d])\n");
    CHECK(written("(;C[a:b])") == "(;C[a:b])\n");                  // no escape is added to ':'
    CHECK(written("(;AP[a\\:b:1.0])") == "(;AP[a\\:b:1.0])\n");
    CHECK(written("(;C[\\a\\b\\c])") == "(;C[abc])\n");             // needless escapes removed
    CHECK(written("(;C[\\[me\\]])") == "(;C[[me\\]])\n");
    CHECK(written("(;C[\\;\\(\\)])") == "(;C[;()])\n");
    CHECK(written("(;C[a\\ b])") == "(;C[a b])\n");
    CHECK(written("(;C[\\\\\\\\])") == "(;C[\\\\\\\\])\n");
    CHECK(written("(;C[x]C[y])") == "(;C[x]C[y])\n");  // repeated identifiers are kept
}

TEST_CASE("soft line breaks are removed and hard ones kept") {
    CHECK(written("(;C[o\\\nk])") == "(;C[ok])\n");
    CHECK(written("(;C[o\\\rk])") == "(;C[ok])\n");
    CHECK(written("(;C[o\\\r\nk])") == "(;C[ok])\n");
    CHECK(written("(;C[o\\\n\rk])") == "(;C[ok])\n");
    CHECK(written("(;C[o\nk])") == "(;C[o\nk])\n");
    CHECK(written("(;C[o\r\nk])") == "(;C[o\r\nk])\n");
    CHECK(written("(;C[o\n\rk])") == "(;C[o\n\rk])\n");
    CHECK(written("(;C[o\rk])") == "(;C[o\rk])\n");
    CHECK(written("(;C[a\\\\\nb])") == "(;C[a\\\\\nb])\n");  // escaped '\' then a hard break
}

TEST_CASE("unknown properties are kept in order") {
    CHECK(written("(;ZZ[1]FF[4]XY[a][b]C[c]AA[]MYPROP[x];QQ[])") == "(;ZZ[1]FF[4]XY[a][b]C[c]AA[]MYPROP[x]\n;QQ[])\n");
    CHECK(written("(;B[aa]BL[10]B[bb])") == "(;B[aa]BL[10]B[bb])\n");
}

TEST_CASE("edited trees are written canonically") {
    const sgf::game_tree t = tree_of("(;FF[4];B[aa])");
    const sgf::node n = t[1].with_raw_property("C", {"soft\\\nbreak \\x \\]"}).with_property("AB", {"cc", "dd"});
    const sgf::game_tree e = t.with_node(1, n).with_variation(sgf::game_tree({sgf::node().with_property("W", {"ee"})}));
    CHECK(sgf::write(e) == "(;FF[4]\n;B[aa]C[softbreak x \\]]AB[cc][dd]\n(;W[ee]))\n");
    CHECK(parse_ok(sgf::write(e)) == sgf::collection({e}));
    CHECK(sgf::write(t) == "(;FF[4]\n;B[aa])\n");
}

TEST_CASE("recovered trees are written as valid SGF") {
    // An unclosed value ends with a lone '\': it is written as an escaped '\'.
    const auto r = sgf::parse("(;C[ab\\"sv, {.lenient = true});
    CHECK(sgf_test::codes_of(r.diagnostics) == "W008 W004");
    REQUIRE(r.trees.size() == 1);
    CHECK(r.trees[0][0].find("C")->front().raw() == "ab\\");
    const std::string w = sgf::write(r.trees);
    CHECK(w == "(;C[ab\\\\])\n");
    CHECK(parse_ok(w)[0][0].find("C")->front().unescaped() == "ab\\");
    // Missing ')' and a variation without ';'.
    const auto r2 = sgf::parse("(;B[aa](W[bb])"sv, {.lenient = true});
    CHECK(sgf_test::codes_of(r2.diagnostics) == "W007 W004");
    CHECK(sgf::write(r2.trees) == "(;B[aa]\n(;W[bb]))\n");
}

TEST_CASE("an unclosed value at the end of a property list stays in the property") {
    // Regression: "(;C[abc" keeps the unclosed value as C's value (E008), but in
    // "(;AB[aa][bb" the strict `property` rule matches "AB[aa]" first, so "[bb" is then
    // reported a second time as a value without a property (E010) and dropped.
    const auto one = sgf::parse("(;C[abc"sv, {.lenient = true});
    CHECK(sgf_test::codes_of(one.diagnostics) == "W008 W004");
    CHECK(sgf::write(one.trees) == "(;C[abc])\n");
    const auto two = sgf::parse("(;AB[aa][bb"sv, {.lenient = true});
    CHECK(sgf_test::codes_of(two.diagnostics) == "W008 W004");
    CHECK(sgf::write(two.trees) == "(;AB[aa][bb])\n");
    const auto spaced = sgf::parse("(;B[aa]\n[cc"sv, {.lenient = true});
    CHECK(sgf_test::codes_of(spaced.diagnostics) == "W008 W004");
    CHECK(sgf::write(spaced.trees) == "(;B[aa][cc])\n");
}

TEST_CASE("round trip on hand-written cases") {
    for (const std::string& text : round_trip_cases()) {
        CAPTURE(text);
        const sgf::collection t = parse_ok(text);
        const std::string w = sgf::write(t);
        const sgf::collection back = parse_ok(w);
        CHECK(back == t);
        CHECK(sgf::write(back) == w);
        CHECK(sgf::to_json(back) == sgf::to_json(t));
        CHECK(sgf::write(t[0]) == sgf::write(back[0]));
        for (const std::size_t width : {1u, 8u, 30u, 80u, 100000u}) {
            CAPTURE(width);
            const std::string packed = sgf::write(t, sgf::write_options{.width = width});
            const sgf::collection p = parse_ok(packed);
            CHECK(p == t);
            CHECK(sgf::write(p) == w);
        }
    }
}

TEST_CASE("a node is copied as it stands only when its bytes are its canonical form") {
    // write.cpp copies a node's bytes (less the white space between tokens) when they are its
    // canonical form; everything else goes through the properties. Either way the output is
    // the canonical form.
    CHECK(written("(;B[pd];W[dd]\n;B[pp]  (;W[aa]\n)(;W[bb]))") == "(;B[pd]\n;W[dd]\n;B[pp]\n(;W[aa])\n(;W[bb]))\n");
    CHECK(written("(; FF[4]\n GM [1]\tAB[aa] [bb]\n\n[cc] C[a  b\n c] \n)") == "(;FF[4]GM[1]AB[aa][bb][cc]C[a  b\n c])\n");
    CHECK(written("(;C[a\\]b]GN[x\\:y] ;N[\\q])") == "(;C[a\\]b]GN[x\\:y]\n;N[q])\n");
    CHECK(written("(;C[nul\0in] N[x])"s) == "(;C[nul\0in]N[x])\n"s);
    CHECK(sgf::write(sgf::parse(std::string("(;FF[3]AddBlack[aa] ;b[bb]C[x]"), {.lenient = true}).trees) ==
          "(;FF[3]AddBlack[aa]\n;b[bb]C[x])\n");
    CHECK(sgf::write(sgf::parse(std::string("(;B[aa]C[open"), {.lenient = true}).trees) == "(;B[aa]C[open])\n");
    CHECK(sgf::write(sgf::parse(std::string("(;B[aa] junk C[x])"), {.lenient = true}).trees) ==
          sgf::write(sgf::parse(std::string("(;B[aa]C[x])"), {.lenient = true}).trees) + "");
}

TEST_CASE("NUL and non-ASCII bytes are written unchanged") {
    CHECK(written("(;C[a\0b])"s) == "(;C[a\0b])\n"s);
    CHECK(written("(;C[\\\0])"s) == "(;C[\0])\n"s);
    CHECK(written("(;C[\xff\xfe])") == "(;C[\xff\xfe])\n");
    // Shift-JIS 0x93 0x5C: the second byte is '\' at the byte level and escapes ']'.
    CHECK(written("(;C[\x93\\]])") == "(;C[\x93\\]])\n");
}

}  // TEST_SUITE

TEST_CASE("write: passes as tt and expanded point lists for old readers") {
    // write_options::pass_as_tt and expand_points (sgfcheck fmt --pass-tt --expand-points):
    // Go only, a pass as tt only up to 19x19, only properties whose values may be compressed.
    const sgf::parse_result r = sgf::parse(std::string("(;FF[4]GM[1]SZ[19]AB[aa:bb][cc]TB[dd:ee]LB[aa:x]VW[aa:bb];B[];W[]C[a:b](;B[]))"));
    REQUIRE(r.ok());
    sgf::write_options o;
    o.pass_as_tt = true;
    o.expand_points = true;
    const std::string out = sgf::write(r.trees, o);
    CHECK(out == "(;FF[4]GM[1]SZ[19]AB[aa][ab][ba][bb][cc]TB[dd][de][ed][ee]LB[aa:x]VW[aa][ab][ba][bb]\n;B[tt]\n;W[tt]C[a:b]\n(;B[tt]))\n");
    const sgf::parse_result back = sgf::parse(out);  // the same points and moves, read back
    CHECK(back.ok());
    // width packing counts the respelled nodes
    o.width = 30;
    const std::string packed = sgf::write(r.trees, o);
    const sgf::parse_result packed_back = sgf::parse(packed);
    CHECK(packed_back.trees.trees()[0].size() == 3);
    for (std::size_t at = 0, nl = 0; (nl = packed.find('\n', at)) != std::string::npos; at = nl + 1) {
        const std::string_view line = std::string_view(packed).substr(at, nl - at);
        CHECK((line.size() <= 30 || std::count(line.begin(), line.end(), ';') == 1));  // one node, or within the width
    }
    // a bigger board keeps [] (tt is a point there); so does any other game, and the points
    const sgf::parse_result big = sgf::parse(std::string("(;FF[4]GM[1]SZ[25]AB[aa:ab];B[])"));
    CHECK(sgf::write(big.trees, {.pass_as_tt = true, .expand_points = true}) == "(;FF[4]GM[1]SZ[25]AB[aa][ab]\n;B[])\n");
    const sgf::parse_result hex = sgf::parse(std::string("(;FF[4]GM[11]SZ[5]AB[a1:b2];B[])"));
    CHECK(sgf::write(hex.trees, {.pass_as_tt = true, .expand_points = true}) == "(;FF[4]GM[11]SZ[5]AB[a1:b2]\n;B[])\n");
    // a corner spelled with an escape is the same point (the checker reads AB[a\\a:bb] as
    // aa:bb): expanded at once, not written aa:bb for the next fmt to expand; an escaped ':'
    // makes no rectangle
    const sgf::parse_result escaped = sgf::parse(std::string("(;FF[4]GM[1]SZ[9]AB[a\\a:bb]AW[cc\\:dd])"));
    REQUIRE(escaped.ok());
    const std::string once = sgf::write(escaped.trees, {.expand_points = true});
    CHECK(once == "(;FF[4]GM[1]SZ[9]AB[aa][ab][ba][bb]AW[cc\\:dd])\n");
    CHECK(sgf::write(sgf::parse(once).trees, {.expand_points = true}) == once);
    // a rectangle with a corner off the board stays as written (the checker reports it; as its
    // points AB[aa:ZZ] would be 2,704 of them)
    const sgf::parse_result off = sgf::parse(std::string("(;FF[4]GM[1]SZ[9]AB[aa:ZZ][aa:bj][ai:bi]AW[ia:jb])"));
    CHECK(sgf::write(off.trees, {.expand_points = true}) == "(;FF[4]GM[1]SZ[9]AB[aa:ZZ][aa:bj][ai][bi]AW[ia:jb])\n");
    const sgf::parse_result rect = sgf::parse(std::string("(;FF[4]GM[1]SZ[3:2]AB[aa:cb]AW[aa:bc])"));
    CHECK(sgf::write(rect.trees, {.expand_points = true}) == "(;FF[4]GM[1]SZ[3:2]AB[aa][ab][ba][bb][ca][cb]AW[aa:bc])\n");
}

TEST_CASE("write_to: a sink that throws ends the write with its exception") {
    // A failed write (a full disk, a memory limit) is thrown by the sink; the writer's copy of
    // canonical nodes calls it from inside its run reader, which must let it through (it was
    // noexcept: std::terminate). Nodes spaced out, so that the copy goes run by run, and more
    // than the writer's 64 KB buffer of them, so that a flush happens inside one.
    std::string text = "(;FF[4]GM[1]SZ[19]";
    for (int k = 0; k < 20000; ++k) text += ";B[aa] C[x]\n";
    text += ")";
    const sgf::parse_result r = sgf::parse(text);
    std::size_t calls = 0;
    const auto failing = [&calls](std::string_view) {
        ++calls;
        throw std::runtime_error("disk full");
    };
    CHECK_THROWS_WITH_AS(sgf::write_to(r.trees, failing), "disk full", std::runtime_error);
    CHECK(calls == 1);
}
