// Per-game rows: point, move and stone syntax and board limits for every GM number the
// spec reserves (ff4_properties.txt GM: 1-40). Games without a game page get a row with
// unknown syntax, so a checker can still name the game and say "not verified".
#include <array>
#include <cstddef>

#include "sgf/properties.hpp"

namespace sgf {

namespace {

using ps = point_syntax;
using ms = move_syntax;
using ss = stone_syntax;

// A game without a page: only its name and number are known.
constexpr game_rule unpaged(int gm, std::string_view name, bool stone_is_point = false,
                            board_size default_size = {}) {
    return game_rule{gm, name, false, ps::unknown, ms::unknown, ss::unknown, stone_is_point, false, false, 0,
                     false, false, "", default_size, 1, 0, "",
                     "ff4_properties.txt: Root properties / GM (number only)",
                     "No game page: point, move and stone values are not checked.", false};
}

// clang-format off
constexpr game_rule games[] = {
    // gm, name, has_page, point, move, stone, stone list compressible, case-insensitive, rows bottom-up,
    // max column letters, "" is pass, "tt" is pass, special moves, default size, min side, max side,
    // first player, section, note, a point holds several stones
    {1, "Go", true, ps::letter_pair, ms::go, ss::point, true, false, false, 0, true, true, "",
     {19, 19}, 1, 52, "",
     "ff4_go.txt: Move, Point & Stone type; ff4_properties.txt: SZ",
     "Points aa..ZZ: a-z = 1-26, A-Z = 27-52, column first, row 1 at the top. Pass is [] or, on boards up to "
     "19x19 only, [tt] (kept for FF[3] compatibility). SZ up to 52x52; SZ[c:r] for rectangles.", false},
    unpaged(2, "Othello", true),
    unpaged(3, "Chess", false, {8, 8}),  // ff4_properties.txt SZ: "for Chess: 8"
    unpaged(4, "Gomoku+Renju", true),
    unpaged(5, "Nine Men's Morris"),
    {6, "Backgammon", true, ps::single_letter, ms::backgammon, ss::point, true, false, false, 0, false, false,
     "double|take|drop", {}, 0, 0, "",
     "ff4_backgammon.txt: Point & Stone type; Move type",
     "Points a-x are White's 1-24 points, y the bar, z the bear-off tray (no SZ). Moves: dice as two digits "
     "1-6 then 0-4 from/to letter pairs (W[31hefe], B[66]); cube actions double, take, drop.", true},
    unpaged(7, "Chinese chess"),
    unpaged(8, "Shogi"),
    {9, "Lines of Action", true, ps::letters_number, ms::loa, ss::point, true, true, true, 1, false, false,
     "Pass|Resign|Forfeit|Escape", {8, 8}, 1, 26, "B",
     "ff4_loa.txt: Point and Move types",
     "Points: one letter and a number ([a5], [C8]), numbers 1-n from the bottom. Moves: source and "
     "destination separated by '-' or ':' (capture), optionally followed by commentary such as '+' or '!' "
     "(B[e1-e3], W[C2:C5++]). Values are case-insensitive. Max 26 columns follows from one letter per column.", false},
    unpaged(10, "Ataxx"),
    {11, "Hex", true, ps::letters_number, ms::point, ss::point, true, true, false, 0, false, false,
     "swap-sides|swap-pieces|pass|resign|forfeit", {11, 11}, 1, 0, "B",
     "ff4_hex.txt: Point and Move types (and the 2021-12-01 changes); 001_*: Semantic rules",
     "Cells: column letters then row number, case-insensitive ([a1], [G5], [aA27], [ab28]); after z come aa, "
     "ab, ... (base-26 alphabet numbers). Boards from 1x1, arbitrarily large (the pre-2021 page said 3-26). "
     "pass added 2021.", false},
    unpaged(12, "Jungle"),
    unpaged(13, "Neutron"),
    unpaged(14, "Philosopher's Football"),
    unpaged(15, "Quadrature"),
    unpaged(16, "Trax"),
    unpaged(17, "Tantrix"),
    {18, "Amazons", true, ps::letter_pair, ms::amazons, ss::point, false, false, false, 0, false, false, "",
     {10, 10}, 1, 52, "",
     "ff4_amazons.txt: Point and Move types; Defaults",
     "Points as in Go. Moves: from, to and arrow points concatenated (B[djddgd]). Default start "
     "AB[dj][gj][ag][jg]AW[da][ga][ad][jd] unless the root sets up stones.", false},
    {19, "Octi", true, ps::digit_pair, ms::octi, ss::octi, false, false, true, 0, false, false, "",
     {}, 1, 9, "B",
     "ff4_octi.txt: Game Specific Terms and Notation",
     "Points 11 (south-west) to 99 (north-east), first digit horizontal. Stones: point + prongs A-H (46CD). "
     "Moves: placement (73), prong (33+B, 33+B!, 33+A-B), pod moves with jumps and captures (84-86-68x, "
     "84-86-68xDxAB), several pods separated by ',' (46CD-56,46D-55). Max 9 per side follows from the digits.", false},
    {20, "Gess", true, ps::letter_pair, ms::gess, ss::point, true, false, false, 0, false, false, "",
     {20, 20}, 1, 52, "",
     "ff4_gess.txt: Point, Stone, and Move types",
     "Points as in Go; 20x20 includes one row/column outside each edge. Moves: centre of the 3x3 piece "
     "'from' ':' 'to'; neither may be on the perimeter.", false},
    {21, "Twixt", true, ps::letters_number, ms::point_partial, ss::point, false, true, false, 2, false, false, "",
     {24, 24}, 3, 702, "W",
     "ff4_twixt.txt: Syntax / defaults; Point type; Move type (partial notes)",
     "Holes: column letter(s) then row number, case-insensitive; after Z come AA, AB, ... (702 columns at "
     "most). Ordinary moves are a hole; long moves and link centres (C2*) are not specified here.", false},
    unpaged(22, "Zertz"),
    unpaged(23, "Plateau"),
    unpaged(24, "Yinsh"),
    unpaged(25, "Punct"),
    unpaged(26, "Gobblet"),
    unpaged(27, "hive"),
    unpaged(28, "Exxit"),
    unpaged(29, "Hnefatal"),
    unpaged(30, "Kuba"),
    unpaged(31, "Tripples"),
    unpaged(32, "Chase"),
    unpaged(33, "Tumbling Down"),
    unpaged(34, "Sahara"),
    unpaged(35, "Byte"),
    unpaged(36, "Focus"),
    unpaged(37, "Dvonn"),
    unpaged(38, "Tamsk"),
    unpaged(39, "Gipf"),
    unpaged(40, "Kropki"),
};
// clang-format on

constexpr bool numbered_in_order = [] {
    for (std::size_t k = 0; k < std::size(games); ++k)
        if (games[k].gm != static_cast<int>(k) + 1) return false;
    return true;
}();
static_assert(numbered_in_order, "games[k] must be GM[k+1]");

}  // namespace

std::span<const game_rule> all_games() noexcept { return games; }

const game_rule* find_game(int gm) noexcept {
    if (gm < 1 || gm > static_cast<int>(std::size(games))) return nullptr;
    return &games[static_cast<std::size_t>(gm - 1)];
}

const game_rule& go_game() noexcept { return games[0]; }

}  // namespace sgf
