// The checker: one minimal file per code, exact positions, profiles, and the things that
// must never happen (recursion on depth, edits, crashes on broken input).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "check/check_trees.hpp"
#include "sgf/check.hpp"
#include "sgf/check_file.hpp"
#include "sgf/parse.hpp"
#include "sgf/properties.hpp"
#include "tests/program_util.hpp"
#include "tests/shared_dir.hpp"
#include "tests/test_util.hpp"

namespace {

using sgf::profile;

// "CODE@line:col ..." of the checker's findings (parser findings not included).
std::string run(std::string_view text, profile p = profile::ff4, bool replay = true) {
    const sgf::parse_result r = sgf::parse(text);
    std::string out;
    for (const auto& d : sgf::check(r.trees, {p, replay})) {
        if (!out.empty()) out += ' ';
        out += std::string(d.code) + '@' + std::to_string(d.where.line) + ':' + std::to_string(d.where.column);
    }
    return out;
}

std::vector<sgf::diagnostic> diags(std::string_view text, profile p = profile::ff4) {
    return sgf::check(sgf::parse(text).trees, {p, true});
}

// The only finding of `text`, with its severity and related position checked by the caller.
sgf::diagnostic only(std::string_view text, profile p = profile::ff4) {
    const auto ds = diags(text, p);
    INFO("input: ", std::string(text));
    REQUIRE(ds.size() == 1);
    return ds[0];
}

// 1-based column of the first occurrence of `needle` in the one-line `text`.
std::string at(std::string_view text, std::string_view needle, std::size_t skip = 0) {
    std::size_t k = text.find(needle);
    while (skip-- > 0) k = text.find(needle, k + 1);
    REQUIRE(k != std::string_view::npos);
    return "1:" + std::to_string(k + 1);
}

}  // namespace

TEST_CASE("clean files give nothing") {
    CHECK(run("(;FF[4]GM[1]SZ[19]AP[CGoban:3]CA[UTF-8]KM[6.5]DT[2016-10-22]RE[W+R]HA[2]AB[dd][pp];W[pd];B[tt];W[])") == "");
    CHECK(run("(;FF[4]GM[1]SZ[9]C[a:b];B[aa]C[x\\]y];W[bb](;B[cc])(;B[dd]LB[ee:A][ff:B\\:C]))") == "");
    CHECK(run("(;FF[4]GM[11]SZ[11]AP[HexGui:0.9];B[a1];W[swap-pieces];B[k11];W[resign])") == "");
}

// ------------------------------------------------------------------- E1xx value findings

TEST_CASE("E101 value syntax at the value's bracket") {
    const std::string t = "(;FF[4]GM[1]PL[X])";
    CHECK(run(t) == "E101@" + at(t, "[X"));
    const auto d = only(t);
    CHECK(d.level == sgf::severity::error);
    CHECK(d.message == "PL[X]: expected a color: B or W");
    CHECK_FALSE(d.hint.empty());
    CHECK(d.where.byte == 14);
}

TEST_CASE("W102 number outside a parenthesised range and E124 board size limits") {
    const std::string t = "(;FF[4]GM[1]ST[5])";
    CHECK(run(t) == "W102@" + at(t, "[5"));
    CHECK(run("(;FF[5]GM[1])") == "W102@1:5");
    CHECK(run("(;FF[4]GM[1];PM[3])") == "W102@1:16");
    // "The valid range for SZ is any size greater or equal to 1x1. For Go games the maximum
    // size is limited to 52x52.": an error
    CHECK(run("(;FF[4]GM[1]SZ[53])") == "E124@1:15");
    CHECK(run("(;FF[4]GM[1]SZ[0])") == "E124@1:15");
}

TEST_CASE("E103 point off the board given by SZ") {
    const std::string t = "(;FF[4]GM[1]SZ[9];B[jj])";
    CHECK(run(t) == "E103@" + at(t, "[jj"));
    CHECK(run("(;FF[4]GM[1]SZ[9]AB[aa:jj])") == "E103@1:20");
    CHECK(run("(;FF[4]GM[1]SZ[19];B[ss])") == "");
    // [tt] is a pass on boards up to 19x19, the point (20,20) on larger ones
    CHECK(run("(;FF[4]GM[1]SZ[19];B[tt])") == "");
    CHECK(run("(;FF[4]GM[1]SZ[21];B[tt])") == "");
    CHECK(run("(;FF[4]GM[1]SZ[19]AB[tt])") == "E103@1:21");
}

TEST_CASE("E104 1x1 rectangle and E105 corner order") {
    CHECK(run("(;FF[4]GM[1]AB[aa:aa])") == "E104@1:15");
    CHECK(run("(;FF[4]GM[1]AB[cc:aa])") == "E105@1:15");
    CHECK(run("(;FF[4]GM[1]AB[aa:cc]AW[dd:ee])") == "");
}

TEST_CASE("E106 points unique across the point group") {
    const std::string setup = "(;FF[4]GM[1]AB[aa][bb]AW[bb])";
    CHECK(run(setup) == "E106@" + at(setup, "[bb", 1));
    const auto d = only(setup);
    REQUIRE(d.related);
    CHECK(d.related->column == 19);
    CHECK(d.message == "AW[bb] names a point that is already listed: AB, AE and AW must have unique points within a node");
    // overlapping rectangles, markup group, territory group, LB (self)
    CHECK(run("(;FF[4]GM[1]AB[aa:cc][bb:dd])") == "E106@1:22");
    CHECK(run("(;FF[4]GM[1];CR[aa]TR[aa])") == "E106@1:22");
    CHECK(run("(;FF[4]GM[1];TB[aa]TW[aa])") == "E106@1:22");
    CHECK(run("(;FF[4]GM[1];LB[aa:x][aa:y])") == "E106@1:22");
    // different groups may share a point; the same point in two nodes is fine
    CHECK(run("(;FF[4]GM[1];B[aa]CR[aa]TB[aa];AW[aa])") == "");
    // Backgammon stacks checkers on a point (gnubg, gibbon): AB and AW may repeat a point,
    // but a point holds one colour, and AE points are unique in every game; gibbon clears
    // the board (AE[a:x]) in the node that sets it up
    CHECK(run("(;FF[4]GM[6];AB[l][l][l]AW[a][a])") == "");
    CHECK(run("(;FF[4]GM[6];AB[l]AW[l])") == "E106@1:21");
    CHECK(run("(;FF[4]GM[6];AE[l][l])") == "E106@1:19");
    CHECK(run("(;FF[4]GM[6];AE[a:x]AB[l][l]AW[a])") == "");
}

TEST_CASE("E107 unescaped colon in a compose part") {
    CHECK(run("(;FF[4]GM[1]AP[GoGui:1.1:2])") == "E107@1:15");
    CHECK(run("(;FF[4]GM[1]AP[GoGui:1.1\\:2])") == "");
    CHECK(run("(;FF[4]GM[1];C[a:b:c]N[a:b])") == "");  // not compose types: plain text
}

TEST_CASE("E108 empty list and E119 empty among values") {
    CHECK(run("(;FF[4]GM[1];CR[])") == "E108@1:16");
    CHECK(run("(;FF[4]GM[1];TB[])") == "");  // elist: [] alone is fine
    CHECK(run("(;FF[4]GM[1];TB[][aa])") == "E119@1:16");
    CHECK(run("(;FF[4]GM[1];VW[aa][])") == "E119@1:20");
    CHECK(run("(;FF[4]GM[1];CR[])", profile::current) == "");  // 002_*: the list may be empty
}

TEST_CASE("E109 to W115 game-info formats") {
    CHECK(run("(;FF[4]GM[1]SZ[19:19])") == "E109@1:15");
    CHECK(run("(;FF[4]GM[1]SZ[19:9])") == "");
    CHECK(run("(;FF[4]GM[1]AP[Foo])") == "E110@1:15");
    CHECK(run("(;FF[4]GM[1]AP[Foo])", profile::current) == "");  // 002_*: AP is simpletext
    CHECK(run("(;FF[4]GM[1]TM[5m])") == "E111@1:15");
    CHECK(run("(;FF[4]GM[1]RE[Jigo])") == "E112@1:15");
    CHECK(run("(;FF[4]GM[1]RE[Black wins])") == "E113@1:15");
    for (const char* ok : {"0", "Draw", "B+0.5", "W+64", "B+R", "W+Resign", "B+T", "W+Time", "B+F", "W+Forfeit", "Void", "?", "B+"})
        CHECK_MESSAGE(run("(;FF[4]GM[1]RE[" + std::string(ok) + "])") == "", ok);
    CHECK(run("(;FF[4]GM[1]DT[1996/05/12])") == "E114@1:15");
    for (const char* ok : {"2016-10-22", "1996-05", "1996", "1996-05-06,07,08", "1996-12-27,28,1997-01-03,04"})
        CHECK_MESSAGE(run("(;FF[4]GM[1]DT[" + std::string(ok) + "])") == "", ok);
    CHECK(run("(;FF[4]GM[1]HA[1])") == "W115@1:15");
    CHECK(run("(;FF[4]GM[1]KM[6.5]KM[x])") == "E201@1:20 E101@1:22");
}

TEST_CASE("E116 one point arrow and E117 same arrow twice") {
    CHECK(run("(;FF[4]GM[1];AR[aa:aa])") == "E116@1:16");
    CHECK(run("(;FF[4]GM[1];LN[aa:bb][aa:bb])") == "E117@1:23");
    const auto d = only("(;FF[4]GM[1];AR[aa:bb][cc:dd][aa:bb])");
    CHECK(d.code == "E117");
    REQUIRE(d.related);
    CHECK(d.related->column == 16);
    CHECK(run("(;FF[4]GM[1];AR[aa:bb][bb:aa]LN[aa:bb])") == "");  // other direction, other property
    // a line has no direction: its ends swapped are the same line (an arrow's are not)
    CHECK(run("(;FF[4]GM[1];LN[aa:bb][bb:aa])") == "E117@1:23");
}

TEST_CASE("E118 several values for a single-value property") {
    const std::string t = "(;FF[4]GM[1]GN[a][b])";
    CHECK(run(t) == "E118@" + at(t, "[b"));
    CHECK(run("(;FF[4]GM[1];B[aa][bb])") == "E118@1:19");
}

// ------------------------------------------------------------ E2xx node and tree findings

TEST_CASE("E201 same property twice in a node") {
    const auto d = only("(;FF[4]GM[1]C[a]C[b])");
    CHECK(d.code == "E201");
    CHECK(d.where.column == 17);
    REQUIRE(d.related);
    CHECK(d.related->column == 13);
    CHECK(run("(;FF[4]GM[1]XY[a]XY[b])") == "W210@1:13 E201@1:18");  // unknown identifiers too
}

TEST_CASE("E202 setup and move in one node and E203 PL with a move") {
    CHECK(run("(;FF[4]GM[1];AB[aa]B[bb])") == "E202@1:14");
    CHECK(run("(;FF[4]GM[1];AB[aa]BL[30])") == "E202@1:14");  // timing properties are move properties
    CHECK(run("(;FF[4]GM[1];PL[B]B[bb])") == "E203@1:14");
    CHECK(run("(;FF[4]GM[1];PL[B]B[bb])", profile::hex) == "");  // 001_*: PL also in move nodes
    CHECK(run("(;FF[4]GM[11]SZ[11];PL[B]B[b2])", profile::hex) == "");
}

TEST_CASE("E204 move annotation without a move") {
    CHECK(run("(;FF[4]GM[1];TE[1])") == "E204@1:14");
    CHECK(run("(;FF[4]GM[1];KO[])") == "E204@1:14");
    CHECK(run("(;FF[4]GM[1];W[aa]KO[]TE[2])") == "");
}

TEST_CASE("E205 exclusive properties") {
    CHECK(run("(;FF[4]GM[1];B[aa]W[bb])") == "E205@1:19");
    CHECK(run("(;FF[4]GM[1];GB[1]GW[1]DM[1])") == "E205@1:19 E205@1:24");
    CHECK(run("(;FF[4]GM[1];B[aa]BM[1]TE[1])") == "E222@1:24");
    CHECK(run("(;FF[3]GM[1];B[aa]BM[1]TE[1])") == "W222@1:24");  // FF[3] allowed it (ff4_changes.txt)
    CHECK(only("(;FF[4]GM[1];B[aa]W[bb])").hint.find("';' is probably missing") != std::string::npos);
    CHECK(run("(;FF[4]GM[1];B[aa]BM[1]HO[1]GB[2])") == "");
}

TEST_CASE("E206 root property outside the root") {
    CHECK(run("(;FF[4]GM[1];B[aa];SZ[19])") == "E206@1:20");
    // the root of a variation is no root node
    CHECK(run("(;FF[4]GM[1](;CA[UTF-8])(;B[aa]))") == "E206@1:15");
    // every game tree of a collection has its own root
    CHECK(run("(;FF[4]GM[1]SZ[19])(;FF[4]GM[1]SZ[19])") == "");
}

TEST_CASE("E207 second game-info node on a path with the first as related") {
    const auto d = only("(;FF[4]GM[1]PB[x];B[aa];PW[y])");
    CHECK(d.code == "E207");
    CHECK(d.where.column == 25);
    REQUIRE(d.related);
    CHECK(d.related->column == 13);
    // game info in sibling variations is fine (games merged into one tree), on one path not
    CHECK(run("(;FF[4]GM[1](;PB[x];B[aa])(;PB[y];B[bb]))") == "");
    CHECK(run("(;FF[4]GM[1](;PB[x](;PW[z]))(;PB[y]))") == "E207@1:22");
}

TEST_CASE("E208 once per game (Hex IP)") {
    CHECK(run("(;FF[4]GM[11]SZ[11]IP[];B[a1];IP[])", profile::hex) == "E208@1:31 E207@1:31");
}

// ------------------------------------------------------------------------- warnings

TEST_CASE("W120 word outside the game's vocabulary") {
    CHECK(run("(;FF[4]GM[9];AS[Blue])") == "W120@1:16");
    CHECK(run("(;FF[4]GM[9];AS[Black])") == "");
}

TEST_CASE("W210 unknown property once per identifier and tree") {
    const auto ds = diags("(;FF[4]GM[1]XX[1];XX[2];XX[3])");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == "W210");
    CHECK(ds[0].level == sgf::severity::warning);
    CHECK(ds[0].message.find("(and 2 more in this file)") != std::string::npos);
    CHECK(ds[0].count == 3);
    CHECK(run("(;FF[4]GM[1]XX[1])", profile::current) == "I210@1:13");
    CHECK(only("(;FF[4]GM[1]XX[1])", profile::current).level == sgf::severity::info);
    // 002_* properties are known to the current profile only
    CHECK(run("(;FF[4]GM[1]BC[JP])") == "W210@1:13");
    CHECK(run("(;FF[4]GM[1]BC[JP])", profile::current) == "");
}

TEST_CASE("W211 not defined in this FF version and the FF default") {
    CHECK(run("(;FF[4]GM[1];L[aa])") == "W211@1:14");
    CHECK(run("(;FF[3]GM[1]AP[a:1])") == "W211@1:13");
    // no FF: FF[1] under every profile (ff4_properties.txt FF "Default value: 1")
    const auto d = only("(;GM[1]LB[aa:x])");
    CHECK(d.code == "W211");
    CHECK(d.message.find("FF[1] is the default") != std::string::npos);
    CHECK(run("(;GM[1]LB[aa:x])", profile::current) == "W211@1:8");
    // ... and its values are still checked by the definition that exists, as warnings
    const auto off = diags("(;GM[1]LB[zz:x])");
    REQUIRE(off.size() == 2);
    CHECK(off[1].code == "W103");
    CHECK(off[1].message.find("checked by the FF[3], FF[4] definition of LB") != std::string::npos);
    // an FF[1] file may say so
    CHECK(run("(;FF[1]GM[1];B[aa])") == "");
}

TEST_CASE("W212 property of another game") {
    CHECK(run("(;FF[4]GM[11]SZ[11]KM[6.5])") == "W212@1:20");
    CHECK(run("(;FF[4]GM[1]SZ[19]KM[6.5])") == "");
}

TEST_CASE("W213 move in the root and W214 MN in the root") {
    CHECK(run("(;FF[4]GM[1]B[aa])") == "W213@1:13");
    CHECK(run("(;FF[4]GM[1]B[aa])", profile::hex) == "E213@1:13");  // 001_*: the root is a setup node
    CHECK(only("(;FF[4]GM[11]SZ[11]B[a1])", profile::hex).level == sgf::severity::error);
    CHECK(run("(;FF[4]GM[1]MN[5])") == "W214@1:13");
    CHECK(run("(;FF[4]GM[1]MN[5])", profile::current) == "");
    CHECK(run("(;FF[4]GM[1]MN[5]AB[aa])", profile::current) == "");  // root MN is no move there
}

TEST_CASE("W215 move onto a stone and W216 setup without effect") {
    const std::string t = "(;FF[4]GM[1];B[aa];W[aa])";
    CHECK(run(t) == "W215@" + at(t, "[aa", 1));
    CHECK(run(t, profile::ff4, false) == "");  // replay off
    CHECK(run("(;FF[4]GM[1];AB[aa];AB[aa])") == "W216@1:23");
    CHECK(run("(;FF[4]GM[1]AE[aa])") == "W216@1:15");
    CHECK(run("(;FF[4]GM[1]AB[aa:bb];AB[aa:bc])") == "");  // changes some points
    CHECK(run("(;FF[4]GM[1]AB[aa][aa])") == "E106@1:19");    // the duplicate is E106 only
    // captured stones are gone: playing there again is fine
    CHECK(run("(;FF[4]GM[1]SZ[5];B[ba];W[aa];B[ab];W[bb];B[aa])") == "");
    // variations start from the position at the fork
    CHECK(run("(;FF[4]GM[1];B[aa](;W[bb])(;W[bb]))") == "");
}

// check_options::replay off drops exactly the findings of found_by_replay (fix matches an
// output without them against an input checked without the replay)
void same_but_the_replay(std::string_view text, const std::string& name) {
    const sgf::collection trees = sgf::parse(text).trees;
    std::vector<sgf::diagnostic> with = sgf::check(trees, {profile::ff4, true});
    std::erase_if(with, [](const sgf::diagnostic& d) { return sgf::found_by_replay(d.id); });
    const std::vector<sgf::diagnostic> without = sgf::check(trees, {profile::ff4, false});
    INFO(name);
    REQUIRE(with.size() == without.size());
    for (std::size_t i = 0; i < with.size(); ++i) {
        CHECK(with[i].code == without[i].code);
        CHECK(with[i].message == without[i].message);
        CHECK(with[i].where.byte == without[i].where.byte);
        CHECK(with[i].count == without[i].count);
    }
}

TEST_CASE("without the replay the findings are the same but the replay's") {
    CHECK(sgf::found_by_replay(sgf::rule::move_on_occupied));
    CHECK(sgf::found_by_replay(sgf::rule::setup_no_effect));
    CHECK_FALSE(sgf::found_by_replay(sgf::rule::handicap_stones));
    // a capture, a move onto a stone, setup that changes nothing, in variations
    same_but_the_replay("(;FF[4]GM[1]SZ[9]AB[ba][ab]HA[2];W[aa];B[aa](;W[aa];AB[aa])(;AE[cc];B[bb]))", "hand-made");
    std::size_t replayed = 0;
    for (const auto& f : sgf_test::files_under(std::filesystem::path(SGF_SOURCE_DIR) / "conformance" / "cases")) {
        const std::string text = sgf_test::slurp(f);
        same_but_the_replay(text, f.string());
        const auto all = sgf::check(sgf::parse(text).trees);
        replayed += std::any_of(all.begin(), all.end(), [](const sgf::diagnostic& d) { return sgf::found_by_replay(d.id); });
    }
    CHECK(replayed >= 3);  // cases the replay has findings in
}

TEST_CASE("without the replay the findings of the corpus are the same but the replay's") {
    if (!sgf_test::have_shared("corpus/games")) return;
    for (const auto& f : sgf_test::corpus_sample(sgf_test::files_under(sgf_test::shared_dir() / "corpus" / "games")))
        same_but_the_replay(sgf_test::slurp(f), f.string());
}

TEST_CASE("W217 handicap stones") {
    CHECK(run("(;FF[4]GM[1]HA[2]AB[dd][pp])") == "");
    CHECK(run("(;FF[4]GM[1]HA[3]AB[dd][pp])") == "W217@1:15");
    CHECK(run("(;FF[4]GM[1]HA[4]AB[dd:ee])") == "");  // a rectangle counts its points
}

TEST_CASE("W209 I219 I220 collection level") {
    CHECK(run("(;FF[4]GM[1]CA[UTF-8])(;FF[4]GM[1]CA[ISO-8859-1])") == "W209@1:35");
    CHECK(run("(;FF[4]GM[1])(;FF[3]GM[1])") == "I219@1:16");
    CHECK(run("(;FF[4]GM[1])(;FF[4]GM[11]SZ[11])") == "I220@1:21");
    const auto d = only("(;FF[4]GM[1])(;FF[3]GM[1])");
    REQUIRE(d.related);
    CHECK(d.related->column == 3);
}

// ------------------------------------------------------------- values that ate nodes

TEST_CASE("W017 a text value that swallowed nodes because its bracket came late") {
    // the issue's example: valid syntax, the ']' of B[aa closes the comment
    CHECK(run("(;FF[4]GM[1]SZ[19]C[forgot the bracket;B[aa];W[bb])") == "W017@1:39");
    const auto d = only("(;FF[4]GM[1]SZ[19]C[forgot the bracket;B[aa];W[bb])");
    CHECK(d.level == sgf::severity::warning);
    CHECK(d.message.find("';B[aa'") != std::string::npos);
    // where the swallowed node starts, also after a line break and white space
    CHECK(run("(;FF[4]GM[1]C[note\n; B [aa]LB[aa:x];W[dd])") == "W017@2:1");
    // a game record written into a comment with its escapes is text, not swallowed nodes
    CHECK(run("(;FF[4]GM[1]C[(;B[aa\\])])") == "");
    CHECK(run("(;FF[4]GM[1]C[see (;B[aa\\]) for that])") == "");
    // text that is not ';' + identifiers + '[' does not look like nodes
    CHECK(run("(;FF[4]GM[1]C[a [b];W[aa])") == "");
    CHECK(run("(;FF[4]GM[1]C[x;b[aa];W[aa])") == "");
    CHECK(run("(;FF[4]GM[1]C[x; B C[aa];W[aa])") == "");
    // simple text too; not a number or a point (E101 says what is wrong there)
    CHECK(run("(;FF[4]GM[1]GN[x;B[aa];W[aa])") == "W017@1:17");
    CHECK(run("(;FF[4]GM[1];B[aa;W[bb])").find("W017") == std::string::npos);
    // a value cut at the end of the file is E008's (the parser's)
    CHECK(run("(;FF[4]GM[1]C[x;B[aa").find("W017") == std::string::npos);
}

// ---------------------------------------------------------------------------- infos

TEST_CASE("I121 I218 I221") {
    CHECK(run("(;FF[4]GM[2];B[xx])") == "I121@1:15");
    CHECK(run("(;FF[4]GM[1]XYZ[1])") == "I218@1:13 W210@1:13");
    // judged as it reads: FF[1]-FF[3] lowercase letters do not count ('xBAA' is BAA, 'xYz' is Y)
    CHECK(run("(;FF[3]GM[1]xBAA[1]xYz[2])") == "I218@1:13 W210@1:13 W210@1:20");
    // grouped per identifier like every per_subject rule: the first, with the count
    const auto unverified = diags("(;FF[4]GM[2];B[xx];W[yy];B[zz];B[ab])");
    REQUIRE(unverified.size() == 2);
    CHECK(unverified[0].code == "I121");
    CHECK(unverified[0].count == 3);
    CHECK(unverified[0].message.find("(and 2 more in this file)") != std::string::npos);
    CHECK(unverified[1].count == 1);
    CHECK(sgf::count_findings(unverified, sgf::severity::info) == 4);
    CHECK(run("(;FF[4]GM[1]VW[])") == "I221@1:15");
    CHECK(run("(;FF[4]GM[1]VW[aa:bb];VW[])") == "");
    CHECK(run("(;FF[4]GM[1]VW[aa:bb](;VW[])(;VW[]))") == "");  // each variation inherits from the fork
    CHECK(run("(;FF[4]GM[1](;VW[aa:bb])(;VW[]))") == "I221@1:29");
}

// ------------------------------------------------------------------------- profiles

TEST_CASE("profiles change levels and the letter follows the level") {
    const std::string t = "(;FF[4]GM[1]TM[5m]AB[aa:aa]SZ[19:19])";
    CHECK(run(t, profile::ff4) == "E111@1:15 E104@1:21 E109@1:30");
    CHECK(run(t, profile::current) == "W104@1:21 W109@1:30");
    for (const auto& d : diags(t, profile::current)) CHECK(d.level == sgf::severity::warning);
    CHECK(run(t, profile::hex) == "E111@1:15 E104@1:21 E109@1:30");
    // Hex: GM[11] by default, the 001_* RE format
    CHECK(run("(;FF[4]SZ[11]RE[B+3.5])", profile::hex) == "E113@1:16");
    CHECK(run("(;FF[4]SZ[11]RE[B+R];B[a1])", profile::hex) == "");
    CHECK(run("(;FF[4]GM[1]RE[Jigo]HA[0])", profile::current) == "I115@1:23");
    CHECK(only("(;FF[4]GM[1]RE[Jigo]HA[0])", profile::current).level == sgf::severity::info);
}

// --------------------------------------------------------------------------- robustness

TEST_CASE("recovered trees of broken files are checked too") {
    const sgf::parse_result r = sgf::parse(std::string_view("(;FF[4]GM[1]SZ[9];B[jj];W[aa]C[open"));
    CHECK_FALSE(r.ok());
    const auto ds = sgf::check(r.trees);
    REQUIRE_FALSE(ds.empty());
    CHECK(ds[0].code == "E103");
    // lowercase long names are read as their FF[4] identifier (the parser reports them)
    CHECK(run("(;FF[3]GM[1]SZ[19]CoPyright[x];Black[zz])") == "E103@1:37");
}

TEST_CASE("edited trees without positions") {
    const sgf::collection c = sgf::parse(std::string_view("(;FF[4]GM[1];B[aa];W[bb])")).trees;
    const sgf::game_tree t = c[0].with_node(2, c[0][2].with_property("W", {"aa"}).with_property("C", {"x"}));
    const auto ds = sgf::check(sgf::collection({t}));
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == "W215");
    CHECK_FALSE(ds[0].where.known());
}

TEST_CASE("a million nested variations and a million siblings") {
    constexpr std::size_t n = 1'000'000;
    std::string deep = "(;FF[4]GM[1]SZ[19]";
    deep.reserve(n * 8 + 64);
    for (std::size_t i = 0; i < n; ++i) deep += i % 2 ? "(;W[]" : "(;B[]";
    deep.append(n, ')');
    deep += ')';
    sgf::parse_result r = sgf::parse(std::move(deep));
    REQUIRE(r.ok());
    CHECK(sgf::check(r.trees).empty());

    std::string wide = "(;FF[4]GM[1]SZ[19]";
    wide.reserve(n * 8 + 64);
    for (std::size_t i = 0; i < n; ++i) wide += "(;B[aa])";
    wide += ')';
    r = sgf::parse(std::move(wide));
    REQUIRE(r.ok());
    CHECK(sgf::check(r.trees).empty());  // each variation starts from the fork: no stone on aa
}

TEST_CASE("points may repeat in the next node also when it holds one property") {
    // regression: the one-property fast path kept the previous node's point set (E106)
    for (const char* text : {"(;FF[4]GM[1];CR[aa];CR[aa])", "(;FF[4]GM[1];CR[aa:bb];CR[aa:bb])",
                             "(;FF[4]GM[6];CR[t:u][e:f];CR[d:e][s:u])", "(;FF[4]GM[1];AB[aa];AB[bb]AW[aa])"}) {
        CAPTURE(text);
        CHECK(run(text) == "");
    }
}

TEST_CASE("the checker lists at most 1000 findings of one code then says how many more") {
    std::string text = "(;FF[4]GM[1]SZ[19];AB";
    for (int i = 0; i < 3000; ++i) text += "[aa]";
    text += ")";
    const auto ds = diags(text);
    REQUIRE(ds.size() == 1001);
    CHECK(ds.back().code == "E106");
    CHECK(ds.back().message.find("1999 more E106") == 0);
    CHECK(ds.back().where.column == 22 + 4 * 1001);  // the first value not listed (value 0 is no repeat)
}

TEST_CASE("findings past the cap are counted alike when their messages are not made") {
    // 3,000 distinct unknown identifiers of more than two letters (W210 and I218 per property)
    // and 3,000 with lowercase letters too (the parser's E011): the first 1,000 of each with their words, then
    // one summary that counts the rest, as when every message was made
    std::string text = "(;FF[4]GM[1]SZ[19]";
    const auto name = [](int k) {
        std::string s;
        for (int d = 0; d < 3; ++d, k /= 26) s += static_cast<char>('A' + k % 26);
        return s;
    };
    for (int k = 0; k < 3000; ++k) {
        text += 'Q';
        text += name(k);
        text += "[]";
    }
    text += ";";
    for (int k = 0; k < 3000; ++k) {
        text += 'Z';
        text += name(k);
        text += "x[]";
    }
    text += ")";
    const auto ds = sgf::check_file(sgf::file_bytes(text)).diagnostics;  // (the parser's findings too)
    std::map<std::string, int, std::less<>> listed, more;
    const auto summary = [](const sgf::diagnostic& d) { return d.message.find(" more " + std::string(d.code) + " findings") != std::string::npos; };
    for (const auto& d : ds) {
        if (summary(d)) more[std::string(d.code)] += static_cast<int>(d.count);
        else ++listed[std::string(d.code)];
        CHECK_FALSE(d.message.empty());
    }
    for (const auto& kind : listed) {  // (no structured binding: clang 14 cannot capture one)
        const std::string& code = kind.first;
        CAPTURE(code);
        CHECK(kind.second == 1000);
        CHECK(more[code] == (code == "E011" ? 2000 : 5000));  // (3,000 lowercase ones; 6,000 of the others)
    }
    CHECK(listed.size() == 3);  // E011 (the parser), W210 unknown, I218 longer than two letters
    for (const auto& d : ds) {
        if (summary(d)) continue;
        if (d.code == "W210") CHECK(d.message.find("unknown property Q") == 0);
        if (d.code == "I218") CHECK(d.message.find("identifier Q") == 0);
    }
}

TEST_CASE("issue 11 gaps in messages and grouping and unknown games") {
    // W217 quotes HA as written, not the number it was clamped to
    const auto ha = diags("(;FF[4]GM[1]SZ[19]HA[99999999999999999999])");
    REQUIRE(ha.size() == 1);
    CHECK(ha[0].message.find("HA[99999999999999999999] but 0 AB") != std::string::npos);
    // messages do not claim a level or a necessity the profile may not give them
    CHECK(only("(;FF[4]GM[1]SZ[19]B[bb])", profile::hex).message == "move property B in the root node");
    CHECK(only("(;FF[4]GM[1]SZ[19]HA[0])").message.find("must") == std::string::npos);
    // W123 once per identifier in a file (and N more), like the other per-identifier findings
    const auto passes = diags("(;FF[3]GM[1]SZ[19];B[];W[];B[];W[])");
    REQUIRE(passes.size() == 2);
    CHECK(passes[0].count == 2);
    // a GM that names no game is an unknown game, as GM[41] is: moves are not checked
    for (const std::string_view gm : {"41", "64", "100", "-1", "abc"}) {
        const std::string text = "(;FF[4]GM[" + std::string(gm) + "]SZ[8];B[e2e4])";
        CAPTURE(text);
        const std::string codes = run(text);
        CHECK(codes.find("E101@1:2") == std::string::npos);  // no Go move check
        CHECK(codes.find("I121") != std::string::npos);
    }
    // SZ is a Number; a side beyond 9 digits is an implementation limit where the game allows it
    CHECK(run("(;FF[4]GM[1]SZ[+19];B[ss])") == "");
    CHECK(run("(;FF[4]GM[11]SZ[1000000000])") == "W125@1:16");
    CHECK(run("(;FF[4]GM[1]SZ[1000000000])") == "E124@1:15");
    CHECK(only("(;FF[3]GM[1]SZ[19:19])").message.find("columns:rows form") != std::string::npos);
    // the W222 hint says what ff4_changes.txt says: TE then BM is IT, BM then TE is DO
    CHECK(only("(;FF[3]GM[1];B[aa]BM[1]TE[1])").hint.find("TE then BM is IT in FF[4], BM then TE is DO") !=
          std::string::npos);
    // an alias beside its target (current profile): not the same identifier twice
    CHECK(run("(;FF[4]SZ[19]GM[1]GK[1];B[pd])", profile::current) == "I223@1:19 W224@1:19");
    CHECK(run("(;FF[4]KO[6.5]KM[6.5])", profile::current) == "I223@1:8 W224@1:15");
    // W106 of a property the file's FF does not define says which definition checked it
    bool w106 = false;
    for (const auto& d : diags("(;FF[3]GM[1]SZ[19];SQ[aa][aa])"))
        if (d.code == "W106") w106 = d.message.find("(checked by the FF[4] definition of SQ)") != std::string::npos;
    CHECK(w106);
}

// detail::check_trees, the check fix's report uses to check only some game trees of its input:
// the findings of the trees it walks, the collection's rules over every root, and which game
// trees gave a finding.
TEST_CASE("check: some game trees of a collection and which ones gave a finding") {
    // the second game tree has C twice (E201); the third is another game (the collection rule)
    const std::string text = "(;FF[4]GM[1]C[a])(;FF[4]GM[1]C[a]C[b])(;FF[4]GM[2])";
    const sgf::parse_result parsed = sgf::parse(text);
    const sgf::collection& c = parsed.trees;
    const auto codes = [](const std::vector<sgf::diagnostic>& ds) {
        std::string s;
        for (const auto& d : ds) s += std::string(d.code) + "@" + std::to_string(d.where.byte) + " ";
        return s;
    };
    std::vector<bool> found;
    const auto all = sgf::detail::check_trees(c, {}, nullptr, &found);
    CHECK(codes(all) == codes(sgf::check(c)));
    CHECK(found == std::vector<bool>{false, true, true});
    // the second game tree not walked: its E201 goes, the GM of the third is still compared
    const std::vector<bool> walk{true, false, true};
    const auto some = sgf::detail::check_trees(c, {}, &walk, &found);
    std::vector<sgf::diagnostic> expected;
    for (const auto& d : all)
        if (d.id != sgf::rule::duplicate_property) expected.push_back(d);
    CHECK(codes(some) == codes(expected));
    CHECK(found == std::vector<bool>{false, false, true});
    // a shorter `walk` walks the rest
    const std::vector<bool> first_only{false};
    CHECK(codes(sgf::detail::check_trees(c, {}, &first_only, nullptr)) == codes(all));
}

TEST_CASE("files checked one after another in a process are each checked as alone") {
    // A checker takes the point marks and the Go board's storage an earlier checker gave back,
    // and the plan tables it made (board/reused.hpp, plan_table_for): nothing of an earlier file
    // may show in a later one's findings. Alone = one process per file (nothing to take over);
    // then all of them in one process, in order and in the other order, -j 1 and -j 2.
    const std::vector<std::string> files = {
        "(;FF[4]GM[1]SZ[19]AB[aa][bb]AW[cc]MA[dd];B[ee]TR[ee])",
        "(;FF[4]GM[1]SZ[19]AB[aa]AW[bb]MA[cc][dd];W[aa]SQ[ee])",  // the same points, a new file
        "(;FF[4]GM[1]SZ[19]AB[aa][aa]AE[bb];B[bb];W[bb];B[ab];W[ba])",
        "(;FF[4]GM[1]SZ[9](;B[aa];W[ab];B[ba])(;B[ab];W[aa]))",
        "(;FF[3]GM[1]SZ[52:52]AB[zZ][Zz]MA[zZ];B[ZZ])",
        "(;FF[4]GM[11]SZ[14]AB[a1][b2]AW[c3];B[d4];W[a1])",
        "(;FF[4]GM[2]SZ[8]AB[aa][aa]MA[aa])",
        "(;FF[4]GM[1]SZ[70]AB[aa][aa])",
        "(;FF[1]GM[1]SZ[19]B[aa];W[aa];B[bb])",
    };
    // the findings' lines (each run ends with a summary of its own)
    const auto findings_of = [](const std::string& out) {
        std::string kept;
        std::size_t at = 0;
        while (at < out.size()) {
            const std::size_t end = std::min(out.find('\n', at), out.size());
            if (out.compare(at, 11, "{\"summary\":") != 0) kept.append(out, at, end + 1 - at);
            at = end + 1;
        }
        return kept;
    };
    sgf_test::temp_dir d;
    std::vector<std::string> paths, alone;
    for (std::size_t k = 0; k < files.size(); ++k) {
        std::string name = "f";  // (appended piece by piece: GCC 12's -Wrestrict, bug 105329)
        name += std::to_string(k);
        name += ".sgf";
        paths.push_back(d.file(name, files[k]));
        alone.push_back(findings_of(sgf_test::run("-j 1 --format=json '" + paths.back() + "'").out));
    }
    CHECK(std::count_if(alone.begin(), alone.end(), [](const std::string& a) { return !a.empty(); }) >= 5);
    CHECK(alone[1].find("E106") == std::string::npos);  // (each point once: no repeat)
    CHECK(alone[2].find("E106") != std::string::npos);
    for (const bool reversed : {false, true})
        for (const char* jobs : {"-j 1", "-j 2"}) {
            std::string args = jobs, expected;
            args += " --format=json";
            for (std::size_t k = 0; k < files.size(); ++k) {
                const std::size_t i = reversed ? files.size() - 1 - k : k;
                args += " '" + paths[i] + "'";
                expected += alone[i];
            }
            INFO(args);
            CHECK(findings_of(sgf_test::run(args).out) == expected);
        }
}
