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
constexpr game_rule unpaged(int gm, std::string_view name, bool stone_is_point = false, board_size default_size = {}) {
    return {.gm = gm,
            .name = name,
            .stone_list_compressible = stone_is_point,
            .default_size = default_size,
            .min_side = 1,
            .spec_section = "ff4_properties.txt: Root properties / GM (number only)",
            .note = "No game page: point, move and stone values are not checked."};
}

// One row per GM number; a field a row does not name has its default (include/sgf/properties.hpp:
// no page, unknown syntax, false, 0, "").
// clang-format off
constexpr game_rule games[] = {
    {.gm = 1, .name = "Go", .has_page = true,
     .point = ps::letter_pair, .move = ms::go, .stone = ss::point, .stone_list_compressible = true,
     .empty_move_is_pass = true, .tt_is_pass = true,
     .default_size = {19, 19}, .min_side = 1, .max_side = 52,
     .spec_section = "ff4_go.txt: Move, Point & Stone type; ff4_properties.txt: SZ",
     .note = "Points aa..ZZ: a-z = 1-26, A-Z = 27-52, column first, row 1 at the top. Pass is [] or, on boards up to "
             "19x19 only, [tt] (kept for FF[3] compatibility). SZ up to 52x52; SZ[c:r] for rectangles."},
    unpaged(2, "Othello", true),
    unpaged(3, "Chess", false, {8, 8}),  // ff4_properties.txt SZ: "for Chess: 8"
    unpaged(4, "Gomoku+Renju", true),
    unpaged(5, "Nine Men's Morris"),
    {.gm = 6, .name = "Backgammon", .has_page = true,
     .point = ps::single_letter, .move = ms::backgammon, .stone = ss::point, .stone_list_compressible = true,
     .special_moves = "double|take|drop",
     .spec_section = "ff4_backgammon.txt: Point & Stone type; Move type",
     .note = "Points a-x are White's 1-24 points, y the bar, z the bear-off tray (no SZ). Moves: dice as two digits "
             "1-6 then 0-4 from/to letter pairs (W[31hefe], B[66]); cube actions double, take, drop.",
     .stacks_stones = true},
    unpaged(7, "Chinese chess"),
    unpaged(8, "Shogi"),
    {.gm = 9, .name = "Lines of Action", .has_page = true,
     .point = ps::letters_number, .move = ms::loa, .stone = ss::point, .stone_list_compressible = true,
     .case_insensitive = true, .rows_bottom_up = true, .max_column_letters = 1,
     .special_moves = "Pass|Resign|Forfeit|Escape",
     .default_size = {8, 8}, .min_side = 1, .max_side = 26, .first_player = "B",
     .spec_section = "ff4_loa.txt: Point and Move types",
     .note = "Points: one letter and a number ([a5], [C8]), numbers 1-n from the bottom. Moves: source and "
             "destination separated by '-' or ':' (capture), optionally followed by commentary such as '+' or '!' "
             "(B[e1-e3], W[C2:C5++]). Values are case-insensitive. Max 26 columns follows from one letter per column."},
    unpaged(10, "Ataxx"),
    {.gm = 11, .name = "Hex", .has_page = true,
     .point = ps::letters_number, .move = ms::point, .stone = ss::point, .stone_list_compressible = true,
     .case_insensitive = true,
     .special_moves = "swap-sides|swap-pieces|pass|resign|forfeit",
     .default_size = {11, 11}, .min_side = 1, .first_player = "B",  // no max_side: arbitrarily large since 2021
     .spec_section = "ff4_hex.txt: Point and Move types (and the 2021-12-01 changes); 001_*: Semantic rules",
     .note = "Cells: column letters then row number, case-insensitive ([a1], [G5], [aA27], [ab28]); after z come aa, "
             "ab, ... (base-26 alphabet numbers). Boards from 1x1, arbitrarily large (the pre-2021 page said 3-26). "
             "pass added 2021."},
    unpaged(12, "Jungle"),
    unpaged(13, "Neutron"),
    unpaged(14, "Philosopher's Football"),
    unpaged(15, "Quadrature"),
    unpaged(16, "Trax"),
    unpaged(17, "Tantrix"),
    {.gm = 18, .name = "Amazons", .has_page = true,
     .point = ps::letter_pair, .move = ms::amazons, .stone = ss::point,
     .default_size = {10, 10}, .min_side = 1, .max_side = 52,
     .spec_section = "ff4_amazons.txt: Point and Move types; Defaults",
     .note = "Points as in Go. Moves: from, to and arrow points concatenated (B[djddgd]). Default start "
             "AB[dj][gj][ag][jg]AW[da][ga][ad][jd] unless the root sets up stones."},
    {.gm = 19, .name = "Octi", .has_page = true,
     .point = ps::digit_pair, .move = ms::octi, .stone = ss::octi, .rows_bottom_up = true,
     .min_side = 1, .max_side = 9, .first_player = "B",
     .spec_section = "ff4_octi.txt: Game Specific Terms and Notation",
     .note = "Points 11 (south-west) to 99 (north-east), first digit horizontal. Stones: point + prongs A-H (46CD). "
             "Moves: placement (73), prong (33+B, 33+B!, 33+A-B), pod moves with jumps and captures (84-86-68x, "
             "84-86-68xDxAB), several pods separated by ',' (46CD-56,46D-55). Max 9 per side follows from the digits."},
    {.gm = 20, .name = "Gess", .has_page = true,
     .point = ps::letter_pair, .move = ms::gess, .stone = ss::point, .stone_list_compressible = true,
     .default_size = {20, 20}, .min_side = 1, .max_side = 52,
     .spec_section = "ff4_gess.txt: Point, Stone, and Move types",
     .note = "Points as in Go; 20x20 includes one row/column outside each edge. Moves: centre of the 3x3 piece "
             "'from' ':' 'to'; neither may be on the perimeter."},
    {.gm = 21, .name = "Twixt", .has_page = true,
     .point = ps::letters_number, .move = ms::point_partial, .stone = ss::point, .case_insensitive = true,
     .max_column_letters = 2,
     .default_size = {24, 24}, .min_side = 3, .max_side = 702, .first_player = "W",
     .spec_section = "ff4_twixt.txt: Syntax / defaults; Point type; Move type (partial notes)",
     .note = "Holes: column letter(s) then row number, case-insensitive; after Z come AA, AB, ... (702 columns at "
             "most). Ordinary moves are a hole; long moves and link centres (C2*) are not specified here."},
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
