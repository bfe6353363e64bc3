// fix's plain-node path (src/fix/fix.cpp plain_move): a move alone, or with one each of
// BL, WL, OB, OW, C valid as they stand, is kept without being read into fix's structures.
// These cases stand at its edges: what it keeps is shared and said nothing about, and every
// node next to it that needs fixing (a pass, a value to repair, a repeat, a second move, a
// lowercase letter, a charset, a board replay for M, bytes kept in UNPLACED) is fixed as
// include/sgf/fix.hpp says.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "sgf/fix.hpp"
#include "sgf/input.hpp"
#include "sgf/write.hpp"

namespace {

constexpr std::string_view head = "(;FF[4]CA[UTF-8]GM[1]SZ[19]";

struct fixed {
    std::string text;
    std::string codes;  // fix's own codes, without the file-wide I304 (layout)
};

fixed fix_of(std::string_view in) {
    const sgf::load_result r = sgf::load(sgf::file_bytes(std::string(in)), {.lenient = true, .charset = {}});
    const sgf::fix_result f = sgf::fix(r);
    fixed out{sgf::write(f.trees), {}};
    for (const auto& d : f.diagnostics) {
        if (d.id == sgf::rule::canonical_written) continue;
        if (!out.codes.empty()) out.codes += ' ';
        out.codes += d.code;
    }
    return out;
}

}  // namespace

TEST_CASE("fix plain nodes: a move with its time and comment is kept as it is and shared") {
    for (const std::string_view nodes :
         {";B[pd];W[dd]", ";B[pd]BL[10.5];W[dd]WL[3]OW[2]", ";W[aa]C[a comment]BL[1]", ";B[ss]\n;W[pd]OB[5]C[x]",
          ";B[pd]C[caf\xC3\xA9]", ";B[pd]MN[3]", ";B[pd]C[a\\]b]"}) {
        const std::string in = std::string(head) + "\n" + std::string(nodes) + ")\n";
        const sgf::load_result r = sgf::load(sgf::file_bytes(in), {.lenient = true, .charset = {}});
        const sgf::fix_result f = sgf::fix(r);
        INFO(nodes);
        CHECK(f.trees.identity() == r.trees.identity());
        CHECK(sgf::write(f.trees) == sgf::write(r.trees));
    }
}

TEST_CASE("fix plain nodes: a move beside what needs fixing takes the full path") {
    struct fix_case {
        std::string_view node;
        std::string_view out;
        std::string_view codes;
    };
    const std::vector<fix_case> cases = {
        {";B[tt]", ";B[]", "I303"},                     // a pass (ff4_go.txt)
        {";B[pd]BL[1:30]", ";B[pd]BL[90]", "I101"},     // time in FF[4] form
        {";B[pd]BL[10]WL[]", ";B[pd]BL[10]", "I101"},   // an empty value removed
        {";B[pd]C[x]C[y]", ";B[pd]C[x\n\ny]", "I201"},  // a repeat joined
        {";W[pd]B[dd]", ";W[pd]\n;B[dd]", "I205"},      // two moves: two nodes
        {";B[pd]bL[10]", ";B[pd]L[10]", "I011"},        // a lowercase letter
        {";B[pd]AB[dd]", ";AB[dd]\n;B[pd]", "I202"},    // setup before the move
        {";B[pd]TE[1]BM[1]", ";B[pd]IT[]", "I222"},     // TE then BM
    };
    for (const fix_case& k : cases) {
        INFO(k.node);
        const fixed f = fix_of(std::string(head) + std::string(k.node) + ")");
        CHECK(f.text == std::string(head) + "\n" + std::string(k.out) + ")\n");
        CHECK(f.codes == k.codes);
    }
}

TEST_CASE("fix plain nodes: charsets and boards and M and leftovers") {
    // a comment in Latin-1 is converted to UTF-8 with the file
    CHECK(fix_of("(;FF[4]CA[ISO-8859-1]GM[1]SZ[19];B[pd]C[caf\xE9])").text ==
          "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd]C[caf\xC3\xA9])\n");
    // [tt] is a pass only up to 19x19
    CHECK(fix_of("(;FF[4]CA[UTF-8]GM[1]SZ[20];B[tt])").text == "(;FF[4]CA[UTF-8]GM[1]SZ[20]\n;B[tt])\n");
    // M on the stone B[pd] played two nodes before: TR (the board replays the plain moves)
    CHECK(fix_of("(;FF[3]GM[1]SZ[19];B[pd];W[dd]M[pd][aa])").text == "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd]\n;W[dd]MA[aa]TR[pd])\n");
    // bytes between nodes are kept in the node before them, a plain one too
    const fixed junk = fix_of("(;FF[4]CA[UTF-8]GM[1]SZ[19];B[pd] junk ;W[dd])");
    CHECK(junk.text == "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd]UNPLACED[junk]\n;W[dd])\n");
    CHECK(junk.codes == "I009");  // words that read as identifiers without a value
}

TEST_CASE("fix plain nodes: M is found in the game tree that holds it") {
    // The board (for M on a stone: TR) is made for a game tree whose bytes hold an 'M' that can
    // be an identifier (src/fix/fix.cpp m_candidates): names, texts and GM around it do not
    // hide it, nor make one where none is.
    const std::string first = "(;FF[3]GM[1]SZ[9]PB[Ma Xiaochun]C[Move M];B[aa]C[M]PM[1])";
    for (const char* m : {"M", "Mark", "mM", "Mm"}) {
        CAPTURE(m);
        const std::string second = std::string("(;FF[3]GM[1]SZ[9];B[aa]") + m + "[aa][bb])";
        const fixed f = fix_of(first + second + first);
        CHECK(f.text == "(;FF[4]CA[UTF-8]GM[1]SZ[9]PB[Ma Xiaochun]C[Move M]\n;B[aa]C[M]PM[1])\n"
                        "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n;B[aa]MA[bb]TR[aa])\n"
                        "(;FF[4]CA[UTF-8]GM[1]SZ[9]PB[Ma Xiaochun]C[Move M]\n;B[aa]C[M]PM[1])\n");
    }
    // A game tree edited before fix may hold a node of another game tree's bytes: its own bytes
    // then say nothing of that node's M (here the first game tree holds the second's ;B[aa]M[aa])
    const std::string two = "(;FF[3]GM[1]SZ[9]C[x])(;FF[3]GM[1]SZ[9];B[aa]M[aa])";
    sgf::load_result r = sgf::load(sgf::file_bytes(two), {.lenient = true, .charset = {}});
    REQUIRE(r.trees.size() == 2);
    const sgf::node moved = r.trees[1][1];
    r.trees = sgf::collection({r.trees[0].with_node_appended(moved), r.trees[1]});
    const sgf::fix_result f = sgf::fix(r);
    CHECK(sgf::write(f.trees) == "(;FF[4]CA[UTF-8]GM[1]SZ[9]C[x]\n;B[aa]TR[aa])\n(;FF[4]CA[UTF-8]GM[1]SZ[9]\n;B[aa]TR[aa])\n");
}
