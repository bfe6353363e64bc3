// The Go board of the replay (src/board/go_board.hpp): captures of every shape, suicide as
// ff4_go.txt executes it, the undo log, and real games replayed without findings.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "board/go_board.hpp"
#include "sgf/check.hpp"
#include "sgf/parse.hpp"
#include "test_util.hpp"

namespace {

using sgf::board_point;
using sgf::detail::go_board;
using sgf::detail::stone;

// "aa" -> (1,1) as in ff4_go.txt
board_point pt(std::string_view s) {
    return {static_cast<std::uint32_t>(s[0] - 'a' + 1), static_cast<std::uint32_t>(s[1] - 'a' + 1)};
}

// Plays "B:dd W:de ..." and returns the board.
void play(go_board& b, std::string_view moves) {
    while (!moves.empty()) {
        const stone s = moves[0] == 'B' ? stone::black : stone::white;
        b.play(s, pt(moves.substr(2, 2)));
        moves.remove_prefix(std::min<std::size_t>(moves.size(), 5));
    }
}

// The board as rows of '.', 'X' (black), 'O' (white).
std::string picture(const go_board& b) {
    std::string out;
    for (std::uint32_t r = 1; r <= b.size().rows; ++r) {
        for (std::uint32_t c = 1; c <= b.size().columns; ++c) {
            const stone s = b.at({c, r});
            out += s == stone::black ? 'X' : s == stone::white ? 'O' : '.';
        }
        out += '\n';
    }
    return out;
}

}  // namespace

TEST_CASE("board limits") {
    go_board b;
    CHECK_FALSE(b.reset({0, 19}));
    CHECK_FALSE(b.reset({53, 19}));
    CHECK(b.reset({52, 52}));
    CHECK(b.reset({1, 1}));
    // a stone on a 1x1 board has no liberty: suicide removes it at once
    CHECK(b.play(stone::black, {1, 1}) == stone::empty);
    CHECK(b.at({1, 1}) == stone::empty);
    CHECK(b.last_captures() == 1);
}

TEST_CASE("single stone capture in the centre") {
    go_board b({5, 5});
    play(b, "W:cc B:bc B:dc B:cb B:cd");
    CHECK(b.last_captures() == 1);
    CHECK(picture(b) ==
          ".....\n"
          "..X..\n"
          ".X.X.\n"
          "..X..\n"
          ".....\n");
}

TEST_CASE("group capture") {
    go_board b({5, 5});
    play(b, "W:bc W:cc B:ac B:bb B:cb B:bd B:cd B:dc");
    CHECK(b.last_captures() == 2);
    CHECK(b.at(pt("bc")) == stone::empty);
    CHECK(b.at(pt("cc")) == stone::empty);
}

TEST_CASE("edge and corner captures") {
    go_board b({5, 5});
    play(b, "W:ca B:ba B:da B:cb");  // edge
    CHECK(b.last_captures() == 1);
    CHECK(b.at(pt("ca")) == stone::empty);
    play(b, "W:ee B:de B:ed");  // corner
    CHECK(b.last_captures() == 1);
    CHECK(b.at(pt("ee")) == stone::empty);
    play(b, "W:aa W:ab B:ac B:bb");  // corner group of two
    CHECK(b.at(pt("aa")) == stone::empty);
    CHECK(b.at(pt("ab")) == stone::empty);
}

TEST_CASE("capture before suicide: the capturing stone lives") {
    go_board b({5, 5});
    // White's aa has one liberty (ba is black, ab empty); black ab fills it
    play(b, "W:aa B:ba W:bb W:ac");
    play(b, "B:ab");  // ab has no liberty itself, but it captures aa first
    CHECK(b.at(pt("aa")) == stone::empty);
    CHECK(b.at(pt("ab")) == stone::black);
}

TEST_CASE("snapback") {
    // Found by a brute-force search with an independent replay (4x4, top rows):
    //   . X O .      Black throws in at da; White captures it with db; Black plays da
    //   . X O .      again and takes the five white stones (ca cb cc dc db).
    //   . X O O
    //   X X X X
    go_board b({4, 4});
    for (const char* p : {"ba", "bb", "bc", "ad", "bd", "cd", "dd"}) b.set(stone::black, pt(p));
    for (const char* p : {"ca", "cb", "cc", "dc"}) b.set(stone::white, pt(p));
    play(b, "B:da");
    CHECK(b.last_captures() == 0);
    CHECK(b.at(pt("da")) == stone::black);
    play(b, "W:db");
    CHECK(b.last_captures() == 1);
    CHECK(b.at(pt("da")) == stone::empty);
    play(b, "B:da");
    CHECK(b.last_captures() == 5);
    CHECK(picture(b) ==
          ".X.X\n"
          ".X..\n"
          ".X..\n"
          "XXXX\n");
}

TEST_CASE("group suicide removes the whole own group") {
    // Setup may leave a group without liberties (ff4_go.txt: "illegal positions remain on
    // the board"): the white column c stays, and only adjacent groups are checked.
    go_board b({3, 3});
    for (const char* p : {"ba", "bb", "bc", "ab"}) b.set(stone::black, pt(p));
    for (const char* p : {"ca", "cb", "cc"}) b.set(stone::white, pt(p));
    play(b, "W:aa");  // no liberty and no capture (black keeps ac): suicide
    CHECK(b.at(pt("aa")) == stone::empty);
    CHECK(b.last_captures() == 1);
    play(b, "B:aa B:ac");  // black fills its own last liberties: the group of 6 dies
    CHECK(b.last_captures() == 6);
    CHECK(picture(b) == "..O\n..O\n..O\n");
}

TEST_CASE("moves onto stones and setup overwrite and undo restores exactly") {
    go_board b({5, 5});
    const auto m0 = b.mark();
    CHECK(b.play(stone::black, pt("cc")) == stone::empty);
    const auto m1 = b.mark();
    CHECK(b.play(stone::white, pt("cc")) == stone::black);  // occupied: executed anyway
    CHECK(b.at(pt("cc")) == stone::white);
    CHECK(b.set(stone::black, pt("aa")));
    CHECK_FALSE(b.set(stone::black, pt("aa")));
    CHECK(b.set(stone::empty, pt("aa")));
    play(b, "B:bc B:dc B:cb B:cd");  // captures white cc
    CHECK(b.at(pt("cc")) == stone::empty);
    b.undo(m1);
    CHECK(b.at(pt("cc")) == stone::black);
    CHECK(b.at(pt("aa")) == stone::empty);
    b.undo(m0);
    CHECK(picture(b) == ".....\n.....\n.....\n.....\n.....\n");
}

// A plain reference for the differential test below: the board as a grid, groups found by
// a fresh flood fill every time, no counts, no undo log (snapshots instead).
struct reference_board {
    std::uint32_t cols, rows;
    std::vector<stone> cells;
    reference_board(std::uint32_t c, std::uint32_t r) : cols(c), rows(r), cells(c * r, stone::empty) {}
    stone& at(std::uint32_t c, std::uint32_t r) { return cells[(r - 1) * cols + (c - 1)]; }
    // The group at (c, r) and whether it has a liberty.
    bool group(std::uint32_t c, std::uint32_t r, std::vector<std::pair<std::uint32_t, std::uint32_t>>& g) {
        const stone color = at(c, r);
        std::vector<char> seen(cells.size(), 0);
        g.assign(1, {c, r});
        seen[(r - 1) * cols + (c - 1)] = 1;
        bool liberty = false;
        for (std::size_t i = 0; i < g.size(); ++i) {
            const auto [x, y] = g[i];
            const std::pair<std::uint32_t, std::uint32_t> next[4] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
            for (const auto& [nx, ny] : next) {
                if (nx < 1 || ny < 1 || nx > cols || ny > rows) continue;
                if (at(nx, ny) == stone::empty) liberty = true;
                if (at(nx, ny) == color && !seen[(ny - 1) * cols + (nx - 1)]) {
                    seen[(ny - 1) * cols + (nx - 1)] = 1;
                    g.push_back({nx, ny});
                }
            }
        }
        return liberty;
    }
    void play(stone color, std::uint32_t c, std::uint32_t r) {
        at(c, r) = color;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> g;
        const std::pair<std::uint32_t, std::uint32_t> next[4] = {{c + 1, r}, {c - 1, r}, {c, r + 1}, {c, r - 1}};
        for (const auto& [nx, ny] : next) {
            if (nx < 1 || ny < 1 || nx > cols || ny > rows || at(nx, ny) != sgf::detail::opponent(color)) continue;
            if (!group(nx, ny, g))
                for (const auto& [x, y] : g) at(x, y) = stone::empty;
        }
        if (!group(c, r, g))
            for (const auto& [x, y] : g) at(x, y) = stone::empty;
    }
};

TEST_CASE("random play setup and undo agree with a plain reference board") {
    // Dense random games (moves onto stones included) on small and odd-shaped boards, where
    // captures, suicides and refills are frequent; undo to random earlier marks.
    std::uint64_t rnd = 12345;
    const auto next = [&rnd](std::uint32_t n) {
        rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::uint32_t>((rnd >> 33) % n);
    };
    const sgf::board_size sizes[] = {{1, 1}, {2, 2}, {3, 3}, {5, 5}, {7, 4}, {9, 9}, {19, 19}, {52, 52}};
    std::size_t compared = 0;
    for (const sgf::board_size size : sizes) {
        go_board b(size);
        reference_board ref(size.columns, size.rows);
        std::vector<std::pair<std::size_t, std::vector<stone>>> marks;  // board mark, reference snapshot
        for (int step = 0; step < 4000; ++step) {
            const board_point p{1 + next(size.columns), 1 + next(size.rows)};
            const std::uint32_t what = next(20);
            if (what < 15) {
                const stone s = next(2) ? stone::black : stone::white;
                b.play(s, p);
                ref.play(s, p.column, p.row);
            } else if (what < 17) {
                const stone s = static_cast<stone>(next(3));
                b.set(s, p);
                ref.at(p.column, p.row) = s;
            } else if (what < 19 || marks.empty()) {
                marks.push_back({b.mark(), ref.cells});
            } else {
                const std::size_t k = next(static_cast<std::uint32_t>(marks.size()));
                b.undo(marks[k].first);
                ref.cells = marks[k].second;
                marks.resize(k);
            }
            bool same = true;
            for (std::uint32_t r = 1; r <= size.rows; ++r)
                for (std::uint32_t c = 1; c <= size.columns; ++c) same = same && b.at({c, r}) == ref.at(c, r);
            REQUIRE_MESSAGE(same, "board " << size.columns << "x" << size.rows << " differs after step " << step);
            ++compared;
        }
    }
    CHECK(compared == 8 * 4000);
}

TEST_CASE("corpus games replay without findings") {
    SGF_NEEDS_SHARED("corpus/games");
    // The first 40 KGS games: every move legal, so no move onto a stone and no setup
    // without effect.
    std::size_t replayed = 0;
    for (const auto& f : sgf_test::files_under(sgf_test::shared_dir() / "corpus/games/kgs-2019")) {
        if (replayed == 40) break;
        const sgf::parse_result r = sgf::parse(sgf::read_file(f));
        for (const auto& d : sgf::check(r.trees)) {
            const std::string where = f.string() + ": " + d.message;
            CHECK_MESSAGE((d.code != "W215" && d.code != "W216"), where);
        }
        ++replayed;
    }
    CHECK(replayed == 40);
    // Games with moves onto stones, confirmed by an independent replay: the same moves.
    const auto occupied = [](const char* file) {
        std::string out;
        const sgf::parse_result r = sgf::parse(sgf::read_file(sgf_test::shared_dir() / "corpus/games" / file));
        for (const auto& d : sgf::check(r.trees))
            if (d.code == "W215") {
                if (!out.empty()) out += ' ';
                out += std::to_string(d.where.line) + ":" + std::to_string(d.where.column);
            }
        return out;
    };
    CHECK(occupied("pachi-regress/fixed_atari_and_cap6_game.sgf") == "247:3");
    CHECK(occupied("pachi-regress/fixed_first_line_connect3_game.sgf") == "227:3");
}
