// The Go board (src/board/go_board.hpp): captures of every shape, suicide as ff4_go.txt
// executes it, setup over stones, the undo log (logging only after mark(), not after
// no_undo()), the groups and liberty counts it keeps (checked against the cells after every
// step of random games), and real games replayed without findings.
#include <doctest/doctest.h>

#include <algorithm>
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

namespace sgf::detail {

// The groups the board keeps, checked against groups found afresh from the cells: every
// stone names a representative of its own connected group, the circle from the
// representative holds exactly the group's stones, and the counts are right (stones, and
// pseudo-liberties: the (stone, empty neighbour) pairs). Returns "" or the first difference.
struct go_board_inspector {
    // Whether the groups are pending a rebuild (after setup or undo).
    static bool pending(const go_board& b) { return b.pending(); }
    static const void* storage_of(const go_board& b) { return b.st_.get(); }
    static stone cell_of(const go_board& b, std::uint32_t q) { return static_cast<stone>(go_board::color_of(b.st_->cell[q])); }
    // Rebuilds pending groups now (play() would, before the next move).
    static void settle(go_board& b) {
        if (b.pending()) b.rebuild();
    }
    static std::string check(const go_board& b) {
        if (pending(b)) return "groups pending a rebuild";
        const std::uint32_t cols = b.size().columns, rows = b.size().rows;
        std::vector<char> done(go_board::max_cells, 0);
        for (std::uint32_t r = 1; r <= rows; ++r) {
            for (std::uint32_t c = 1; c <= cols; ++c) {
                const std::uint32_t at = b.index({c, r});
                const std::string where = " at " + std::to_string(c) + "," + std::to_string(r);
                const stone color = b.at({c, r});
                if (color == stone::empty) {
                    if (go_board::group_of(b.st_->cell[at]) != at) return "an empty point names a group" + where;
                    std::uint32_t empties = 0;
                    for (const std::uint32_t q : {at + 1, at - 1, at + b.stride_, at - b.stride_})
                        empties += cell_of(b, q) == stone::empty;
                    if (b.st_->libs[at] != go_board::high + empties * go_board::liberty) return "wrong count of empty neighbours" + where;
                    continue;
                }
                if (done[at]) continue;
                // the group from the cells
                std::vector<std::uint32_t> g{at};
                done[at] = 1;
                std::uint32_t pseudo = 0;
                std::vector<std::uint32_t> liberties;
                for (std::size_t i = 0; i < g.size(); ++i) {
                    for (const std::uint32_t q : {g[i] + 1, g[i] - 1, g[i] + b.stride_, g[i] - b.stride_}) {
                        const stone s = cell_of(b, q);
                        if (s == stone::empty) {
                            ++pseudo;
                            liberties.push_back(q);
                        }
                        if (s == color && !done[q]) {
                            done[q] = 1;
                            g.push_back(q);
                        }
                    }
                }
                const std::uint32_t rep = go_board::group_of(b.st_->cell[at]);
                if (std::find(g.begin(), g.end(), rep) == g.end()) return "representative outside the group" + where;
                for (const std::uint32_t p : g)
                    if (go_board::group_of(b.st_->cell[p]) != rep) return "two representatives in one group" + where;
                std::vector<std::uint32_t> circle;
                std::uint32_t p = rep;
                do {
                    circle.push_back(p);
                    p = b.st_->next[p];
                } while (p != rep && circle.size() <= g.size());
                std::sort(circle.begin(), circle.end());
                std::sort(g.begin(), g.end());
                if (circle != g) return "the circle of stones is not the group" + where;
                const std::uint32_t word = b.st_->libs[b.st_->cell[at]];  // by word: liberties less 1, stones
                if ((word & go_board::stone_bits) != g.size()) return "wrong stone count" + where;
                const auto count = static_cast<std::uint32_t>((static_cast<std::int32_t>(word) >> 12) + 1);  // C++20: arithmetic
                if (count != pseudo) return "wrong pseudo-liberties" + where;
                std::sort(liberties.begin(), liberties.end());
                liberties.erase(std::unique(liberties.begin(), liberties.end()), liberties.end());
                if ((count == 0) != liberties.empty()) return "liberty count and liberties disagree" + where;
            }
        }
        return "";
    }
};

}  // namespace sgf::detail

namespace {

using sgf::detail::go_board_inspector;

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

TEST_CASE("groups and liberty counts follow merges captures and undo") {
    go_board b({9, 9});
    const auto m0 = b.mark();
    play(b, "B:cc W:dc B:cd W:dd B:ce W:de B:cf W:df");  // two walls of four
    CHECK(go_board_inspector::check(b) == "");
    const auto m1 = b.mark();
    play(b, "B:cg W:dg B:ch W:dh B:ci W:di");  // both walls reach the edge
    CHECK(go_board_inspector::check(b) == "");
    play(b, "B:cb W:db B:ca");  // black's wall joins top to bottom: 9 stones
    CHECK(go_board_inspector::check(b) == "");
    play(b, "W:da");  // white's wall too, no capture: both still have liberties
    CHECK(b.last_captures() == 0);
    CHECK(go_board_inspector::check(b) == "");
    b.undo(m1);  // back to two walls of four: each move joined one group, taken back exactly
    CHECK_FALSE(go_board_inspector::pending(b));
    CHECK(go_board_inspector::check(b) == "");
    play(b, "B:ge B:gg");
    const auto m2 = b.mark();
    play(b, "B:gf");  // connects two groups: undo notes the cells, rebuilt before the next move
    CHECK(go_board_inspector::check(b) == "");
    b.undo(m2);
    CHECK(go_board_inspector::pending(b));
    go_board_inspector::settle(b);
    CHECK(go_board_inspector::check(b) == "");
    play(b, "B:ec B:gf");  // and moves after the undo keep them right
    CHECK(go_board_inspector::check(b) == "");
    b.undo(m1);  // back past the rebuild: the moves before it are not taken back exactly
    go_board_inspector::settle(b);
    CHECK(go_board_inspector::check(b) == "");
    b.undo(m0);
    go_board_inspector::settle(b);
    CHECK(go_board_inspector::check(b) == "");
    std::string empty;
    for (int r = 0; r < 9; ++r) empty += ".........\n";
    CHECK(picture(b) == empty);
}

TEST_CASE("a big group is captured whole and undo brings it back") {
    for (const sgf::board_size size : {sgf::board_size{19, 19}, sgf::board_size{52, 52}, sgf::board_size{52, 3}}) {
        // Black fills every point but the last one by moves (one growing group, never
        // without a liberty); White's move there takes them all.
        go_board b(size);
        const std::uint32_t points = size.columns * size.rows;
        for (std::uint32_t r = 1; r <= size.rows; ++r)
            for (std::uint32_t c = 1; c <= size.columns; ++c)
                if (c != size.columns || r != size.rows) CHECK(b.play(stone::black, {c, r}) == stone::empty);
        CHECK(b.last_captures() == 0);
        CHECK(go_board_inspector::check(b) == "");
        const auto m = b.mark();
        CHECK(b.play(stone::white, {size.columns, size.rows}) == stone::empty);
        CHECK(b.last_captures() == points - 1);
        CHECK(b.at({1, 1}) == stone::empty);
        CHECK(b.at({size.columns, size.rows}) == stone::white);
        CHECK(go_board_inspector::check(b) == "");
        b.undo(m);
        CHECK(b.at({1, 1}) == stone::black);
        CHECK(b.at({size.columns, size.rows}) == stone::empty);
        // the same move again after the undo: the group was rebuilt with its one liberty
        CHECK(b.play(stone::white, {size.columns, size.rows}) == stone::empty);
        CHECK(b.last_captures() == points - 1);
        CHECK(go_board_inspector::check(b) == "");
        // and the black move there instead is suicide of the whole board
        b.undo(m);
        CHECK(b.play(stone::black, {size.columns, size.rows}) == stone::empty);
        CHECK(b.last_captures() == points);
        CHECK(go_board_inspector::check(b) == "");
    }
}

TEST_CASE("setup over stones splits and joins groups") {
    go_board b({5, 3});
    for (const char* p : {"aa", "ba", "ca", "da", "ea"}) b.set(stone::white, pt(p));  // a white row
    for (const char* p : {"ab", "bb", "cb", "db", "eb"}) b.set(stone::black, pt(p));  // under a black row
    go_board_inspector::settle(b);
    CHECK(go_board_inspector::check(b) == "");
    // The white row has no liberty, yet setup leaves it (ff4_go.txt: "illegal positions
    // remain on the board"); AB in its middle splits it into two breathless groups.
    CHECK(b.set(stone::black, pt("ca")));
    CHECK(b.set(stone::empty, pt("cb")));  // AE splits the black row
    go_board_inspector::settle(b);
    CHECK(go_board_inspector::check(b) == "");
    CHECK(picture(b) == "OOXOO\nXX.XX\n.....\n");
    // Only groups next to the move are checked: black cb touches neither breathless pair.
    play(b, "B:cb");
    CHECK(b.last_captures() == 0);
    CHECK(b.at(pt("aa")) == stone::white);
    CHECK(b.at(pt("ea")) == stone::white);
    CHECK(go_board_inspector::check(b) == "");
    // A white move onto the black stone ca (W206's case) joins both pairs into one row
    // again, which has no liberty: after checking black (alive), suicide of five.
    CHECK(b.play(stone::white, pt("ca")) == stone::black);
    CHECK(b.last_captures() == 5);
    CHECK(picture(b) == ".....\nXXXXX\n.....\n");
    CHECK(go_board_inspector::check(b) == "");
}

TEST_CASE("a move onto a stone can split the overwritten group") {
    go_board b({5, 5});
    play(b, "B:ac B:bc B:cc B:dc B:ec W:ab W:bb W:db W:eb W:ad W:bd W:dd W:ed");
    CHECK(go_board_inspector::check(b) == "");
    const auto m = b.mark();
    // White onto the middle of the black row: black falls apart in two pairs without a
    // liberty, both next to the move: both are captured.
    CHECK(b.play(stone::white, pt("cc")) == stone::black);
    CHECK(b.last_captures() == 4);
    CHECK(picture(b) ==
          ".....\n"
          "OO.OO\n"
          "..O..\n"
          "OO.OO\n"
          ".....\n");
    CHECK(go_board_inspector::check(b) == "");
    b.undo(m);
    // Again with a liberty for the right pair: only the left pair goes.
    CHECK(b.set(stone::empty, pt("ed")));
    CHECK(b.play(stone::white, pt("cc")) == stone::black);
    CHECK(b.last_captures() == 2);
    CHECK(picture(b) ==
          ".....\n"
          "OO.OO\n"
          "..OXX\n"
          "OO.O.\n"
          ".....\n");
    CHECK(go_board_inspector::check(b) == "");
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

TEST_CASE("a board on the storage of a board left mid-game plays as a new one") {
    // A board's cells and counts go back to the thread when it is destroyed and the next
    // board takes them (board/reused.hpp): whatever the first left (cells noted for a
    // rebuild that never came, stamps, stones) must not show in the second.
    const void* first_storage = nullptr;
    {
        go_board a({9, 9});
        (void)a.mark();
        for (std::uint32_t k = 1; k <= 9; ++k) a.play(k % 2 ? stone::black : stone::white, {k, 3});
        a.set(stone::white, {3, 3});  // over a stone: noted, rebuilt at the next move, which never comes
        a.set(stone::empty, {5, 3});
        CHECK(go_board_inspector::pending(a));
        first_storage = go_board_inspector::storage_of(a);
    }
    go_board b({9, 9});
    CHECK(go_board_inspector::storage_of(b) == first_storage);  // (taken over: what this test is about)
    CHECK_FALSE(go_board_inspector::pending(b));
    for (std::uint32_t r = 1; r <= 9; ++r)
        for (std::uint32_t c = 1; c <= 9; ++c) CHECK(b.at({c, r}) == stone::empty);
    // the cells the first board noted, changed again: noted now, and rebuilt before the move
    CHECK(b.set(stone::black, {3, 3}));
    CHECK(b.set(stone::white, {3, 3}));
    CHECK(b.set(stone::black, {5, 3}));
    CHECK(b.set(stone::white, {5, 3}));
    CHECK(go_board_inspector::pending(b));
    b.play(stone::black, {4, 3});
    CHECK(go_board_inspector::check(b) == "");
    // white's stones at 3,3 and 5,3 each lose their last liberty to black
    b.play(stone::black, {3, 2});
    b.play(stone::black, {3, 4});
    b.play(stone::black, {2, 3});
    CHECK(b.last_captures() == 1);
    CHECK(b.at({3, 3}) == stone::empty);
    CHECK(go_board_inspector::check(b) == "");
}

TEST_CASE("random play setup and undo agree with a plain reference board") {
    // Dense random games (moves onto stones included) on small and odd-shaped boards, where
    // captures, suicides and refills are frequent; undo to random earlier marks.
    std::uint64_t rnd = 12345;
    const auto next = [&rnd](std::uint32_t n) {
        rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::uint32_t>((rnd >> 33) % n);
    };
    const sgf::board_size sizes[] = {{1, 1}, {2, 2}, {3, 3}, {5, 5}, {7, 4}, {1, 9}, {52, 2},
                                     {9, 9}, {13, 13}, {19, 19}, {25, 25}, {52, 52}};
    std::size_t compared = 0, groups_checked = 0;
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
            // The groups: right after every move; after setup and undo they wait for the next
            // move, so rebuild them now and then to check the rebuild on its own.
            if (go_board_inspector::pending(b) && next(4) == 0) go_board_inspector::settle(b);
            if (!go_board_inspector::pending(b)) {
                const std::string wrong = go_board_inspector::check(b);
                REQUIRE_MESSAGE(wrong.empty(), "board " << size.columns << "x" << size.rows << " step " << step << ": " << wrong);
                ++groups_checked;
            }
            ++compared;
        }
    }
    CHECK(compared == std::size(sizes) * 4000);
    CHECK(groups_checked > compared / 2);
}

TEST_CASE("random trees walked depth first agree with a plain reference board") {
    // As the checker walks a game tree: a mark when a variation starts, moves and setup in
    // its nodes, undo to the mark when it ends; on crowded boards, with short variations, so
    // that undo takes moves back one by one between rebuilds of the groups.
    std::uint64_t rnd = 777;
    const auto next = [&rnd](std::uint32_t n) {
        rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::uint32_t>((rnd >> 33) % n);
    };
    std::size_t nodes = 0, groups_checked = 0;
    for (const sgf::board_size size : {sgf::board_size{9, 9}, sgf::board_size{13, 13}, sgf::board_size{19, 19},
                                       sgf::board_size{6, 11}}) {
        for (int game = 0; game < 25; ++game) {
            go_board b(size);
            reference_board ref(size.columns, size.rows);
            const auto random_point = [&] { return board_point{1 + next(size.columns), 1 + next(size.rows)}; };
            const auto step = [&] {  // one node: mostly a move, sometimes setup
                const board_point p = random_point();
                if (next(10) < 8) {
                    const stone s = next(2) ? stone::black : stone::white;
                    b.play(s, p);
                    ref.play(s, p.column, p.row);
                } else {
                    const stone s = static_cast<stone>(next(3));
                    b.set(s, p);
                    ref.at(p.column, p.row) = s;
                }
                ++nodes;
            };
            const auto same = [&] {
                for (std::uint32_t r = 1; r <= size.rows; ++r)
                    for (std::uint32_t c = 1; c <= size.columns; ++c)
                        if (b.at({c, r}) != ref.at(c, r)) return false;
                return true;
            };
            const auto filled = size.columns * size.rows * (3 + next(4)) / 10;  // 30-60% of the points
            for (std::uint32_t i = 0; i < filled; ++i) step();
            // the walk: a stack of (mark, reference snapshot, children left)
            struct frame {
                std::size_t mark;
                std::vector<stone> cells;
                std::uint32_t children;
            };
            std::vector<frame> stack{{b.mark(), ref.cells, 8}};
            while (!stack.empty() && nodes < 200000) {
                frame& f = stack.back();
                if (f.children == 0) {
                    b.undo(f.mark);
                    ref.cells = f.cells;
                    stack.pop_back();
                } else {
                    --f.children;
                    stack.push_back({b.mark(), ref.cells, stack.size() < 6 ? next(4) : 0u});
                    for (std::uint32_t k = 1 + next(4); k > 0; --k) step();
                }
                REQUIRE_MESSAGE(same(), "board " << size.columns << "x" << size.rows << " differs after node " << nodes);
                if (!go_board_inspector::pending(b)) {
                    const std::string wrong = go_board_inspector::check(b);
                    REQUIRE_MESSAGE(wrong.empty(), "board " << size.columns << "x" << size.rows << " node " << nodes << ": " << wrong);
                    ++groups_checked;
                }
            }
        }
    }
    CHECK_MESSAGE(nodes > 10000, nodes << " nodes, " << groups_checked << " checks");
    CHECK(groups_checked > 1000);
}

TEST_CASE("a walk that logs only the variations it rewinds agrees with a plain reference board") {
    // As the checker walks: a frame that is the last child all along its path (the root
    // included) calls no_undo() and is never rewound; any other takes a mark and is undone
    // to it. Unlogged moves and setup come before and between logged variations.
    std::uint64_t rnd = 4242;
    const auto next = [&rnd](std::uint32_t n) {
        rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::uint32_t>((rnd >> 33) % n);
    };
    std::size_t nodes = 0, unlogged = 0, groups_checked = 0;
    go_board b;
    for (const sgf::board_size size : {sgf::board_size{5, 5}, sgf::board_size{9, 9}, sgf::board_size{19, 19},
                                       sgf::board_size{4, 13}}) {
        for (int game = 0; game < 40; ++game) {
            REQUIRE(b.reset(size));  // one board for all games, as the checker keeps one
            reference_board ref(size.columns, size.rows);
            const auto same = [&] {
                for (std::uint32_t r = 1; r <= size.rows; ++r)
                    for (std::uint32_t c = 1; c <= size.columns; ++c)
                        if (b.at({c, r}) != ref.at(c, r)) return false;
                return true;
            };
            const auto steps = [&](bool last) {  // a frame's nodes: mostly moves, sometimes setup
                for (std::uint32_t k = 1 + next(6); k > 0; --k) {
                    const board_point p{1 + next(size.columns), 1 + next(size.rows)};
                    if (next(10) < 8) {
                        const stone s = next(2) ? stone::black : stone::white;
                        b.play(s, p);
                        ref.play(s, p.column, p.row);
                    } else {
                        const stone s = static_cast<stone>(next(3));
                        b.set(s, p);
                        ref.at(p.column, p.row) = s;
                    }
                    ++nodes;
                    unlogged += last;
                }
            };
            struct frame {
                std::size_t mark;
                std::vector<stone> cells;
                std::uint32_t children;
                bool last;
            };
            steps(true);
            std::vector<frame> stack{{0, {}, 1 + next(3), true}};
            while (!stack.empty()) {
                frame& f = stack.back();
                if (f.children == 0) {
                    if (!f.last) {
                        b.undo(f.mark);
                        ref.cells = f.cells;
                    }
                    stack.pop_back();
                } else {
                    const bool last = f.last && --f.children == 0;
                    if (!f.last) --f.children;
                    if (last) b.no_undo();
                    const std::size_t mark = last ? 0 : b.mark();
                    stack.push_back({mark, last ? std::vector<stone>{} : ref.cells, stack.size() < 5 ? next(4) : 0u, last});
                    steps(last);
                }
                REQUIRE_MESSAGE(same(), "board " << size.columns << "x" << size.rows << " differs after node " << nodes);
                if (!go_board_inspector::pending(b)) {
                    const std::string wrong = go_board_inspector::check(b);
                    REQUIRE_MESSAGE(wrong.empty(), "board " << size.columns << "x" << size.rows << " node " << nodes << ": " << wrong);
                    ++groups_checked;
                }
            }
        }
    }
    CHECK_MESSAGE(unlogged > 1000, unlogged << " unlogged nodes of " << nodes);
    CHECK(nodes - unlogged > 1000);
    CHECK(groups_checked > 1000);
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
