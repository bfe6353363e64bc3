// Compressed point lists (write_options::compress_points, sgfcheck fmt --compress-points;
// src/write/point_lists.hpp): the same points, deterministic rectangles, idempotent, only
// where FF[4] allows them, and never slow.
#include <doctest/doctest.h>

#include <algorithm>
#include <ctime>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sgf/input.hpp"
#include "sgf/write.hpp"
#include "tests/linear_time.hpp"

namespace {

sgf::collection read(const std::string& text) {
    const sgf::load_result r = sgf::load(sgf::file_bytes(text));
    REQUIRE(r.ok());
    return r.trees;
}

// The points of AB in the root of `text`'s first game tree, rectangles expanded.
std::multiset<std::string> points_of(const std::string& text) {
    const sgf::collection c = read(sgf::write(read(text), {.expand_points = true}));
    std::multiset<std::string> s;
    const auto ab = c[0].front().find("AB");
    if (ab)
        for (const sgf::value& v : *ab) s.emplace(v.raw());
    return s;
}

char letter(int i) { return static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26); }

// A root of an FF[4] Go game on a board of `side` with AB of `n` distinct random points, in
// a random order.
std::string random_list(std::mt19937& rng, int side, int n) {
    std::set<std::pair<int, int>> chosen;
    std::uniform_int_distribution<int> d(0, side - 1);
    while (static_cast<int>(chosen.size()) < n) chosen.emplace(d(rng), d(rng));
    std::vector<std::pair<int, int>> order(chosen.begin(), chosen.end());
    std::shuffle(order.begin(), order.end(), rng);
    std::string s = "(;FF[4]GM[1]SZ[" + std::to_string(side) + "]AB";
    for (const auto& [x, y] : order) s += std::string{'[', letter(x), letter(y), ']'};
    return s + ";B[])";
}

}  // namespace

TEST_CASE("compressed point lists: the rectangles of an example") {
    const sgf::write_options c{.compress_points = true};
    // a 2x2 square and a lone point; an L: the column runs merged where they are equal
    CHECK(sgf::write(read("(;FF[4]GM[1]AB[dd][aa][ba][ab][bb])"), c) == "(;FF[4]GM[1]AB[aa:bb][dd])\n");
    CHECK(sgf::write(read("(;FF[4]GM[1]AB[aa][ab][ac][ba][ca])"), c) == "(;FF[4]GM[1]AB[aa:ac][ba:ca])\n");
    // rectangles given are read as their points first: the same list again, whatever its spelling
    CHECK(sgf::write(read("(;FF[4]GM[1]AB[aa:ab][ba:bb][dd])"), c) == "(;FF[4]GM[1]AB[aa:bb][dd])\n");
    CHECK(sgf::write(read("(;FF[4]GM[1]SZ[52]AW[aa:ZZ]TR[ZZ])"), c) == "(;FF[4]GM[1]SZ[52]AW[aa:ZZ]TR[ZZ])\n");
    // an elist of point (VW, DD), and the empty elist
    CHECK(sgf::write(read("(;FF[4]GM[1]VW[aa][ab]DD[])"), c) == "(;FF[4]GM[1]VW[aa:ab]DD[])\n");
    // what stays: a move, a point given twice, FF[3] (no compressed lists), another game
    CHECK(sgf::write(read("(;FF[4]GM[1];B[aa])"), c) == "(;FF[4]GM[1]\n;B[aa])\n");
    CHECK(sgf::write(read("(;FF[4]GM[1]AB[aa][ab][aa])"), c) == "(;FF[4]GM[1]AB[aa][ab][aa])\n");
    CHECK(sgf::write(read("(;FF[4]GM[1]AB[aa:ab][ab])"), c) == "(;FF[4]GM[1]AB[aa:ab][ab])\n");
    CHECK(sgf::write(read("(;FF[3]GM[1]AB[aa][ab])"), c) == "(;FF[3]GM[1]AB[aa][ab])\n");
    CHECK(sgf::write(read("(;GM[1]AB[aa][ab])"), c) == "(;GM[1]AB[aa][ab])\n");  // no FF: FF[1]
    CHECK(sgf::write(read("(;FF[4]GM[2]AB[aa][ab])"), c) == "(;FF[4]GM[2]AB[aa][ab])\n");
    // with expand_points: refused
    CHECK_THROWS_AS((void)sgf::write(read("(;FF[4]GM[1])"), {.expand_points = true, .compress_points = true}), std::invalid_argument);
}

TEST_CASE("compressed point lists: the same points and compressing twice is once") {
    std::mt19937 rng(2026);
    const sgf::write_options c{.compress_points = true};
    for (int k = 0; k < 300; ++k) {
        const int side = k % 3 == 0 ? 52 : k % 3 == 1 ? 19 : 9;
        std::uniform_int_distribution<int> count(1, side * side);
        const std::string text = random_list(rng, side, count(rng));
        const std::string once = sgf::write(read(text), c);
        CAPTURE(text);
        CAPTURE(once);
        CHECK(points_of(once) == points_of(text));        // expand(compress(x)) has exactly x's points
        CHECK(sgf::write(read(once), c) == once);         // idempotent
        CHECK(once.size() <= sgf::write(read(text)).size());  // never longer than the points
    }
}

TEST_CASE("compressed point lists: linear in the number of lists") {
    // the most a list can be (a 52x52 board, every other point: no two points make a
    // rectangle) in every node of a long game: 4N lists take 4 times N's time, not 16
    std::string list = "AB";
    for (int x = 0; x < 52; ++x)
        for (int y = x % 2; y < 52; y += 2) list += std::string{'[', letter(x), letter(y), ']'};
    auto game = [&](int nodes) {
        std::string s = "(;FF[4]GM[1]SZ[52]";
        for (int i = 0; i < nodes; ++i) s += ";" + list;
        return read(s + ")");
    };
    const sgf::collection small = game(50), full = game(200);
    auto seconds = [](const sgf::collection& c) {
        const std::clock_t start = std::clock();
        const std::string out = sgf::write(c, {.compress_points = true});
        CHECK(!out.empty());
        return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    };
    sgf_test::keep_freed_memory();
    (void)seconds(full);
    const auto v = sgf_test::judge_linear(list.size() * 200, [&] { return seconds(small); }, [&] { return seconds(full); });
    INFO(v.small, " s and ", v.full, " s (CPU), limit ", v.limit);
    CHECK(v.linear);
}
