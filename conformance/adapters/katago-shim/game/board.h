// Shim (see ../README.md): players, colours, locations and moves as KataGo numbers them; the
// Board itself only as far as sgf.cpp names it (the reader needs its size limit and, for
// one Fox server workaround, an empty board).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "../core/global.h"
#include "../core/hash.h"

typedef int8_t Color;
typedef int8_t Player;
typedef short Loc;
static constexpr Color C_EMPTY = 0, C_BLACK = 1, C_WHITE = 2, C_WALL = 3;
static constexpr Player P_BLACK = 1, P_WHITE = 2;
inline Player getOpp(Player p) { return static_cast<Player>(3 - p); }

struct Board;

namespace Location {
inline Loc getLoc(int x, int y, int x_size) { return static_cast<Loc>((x + 1) + (y + 1) * (x_size + 1)); }
inline int getX(Loc loc, int x_size) { return (loc % (x_size + 1)) - 1; }
inline int getY(Loc loc, int x_size) { return (loc / (x_size + 1)) - 1; }
std::string toString(Loc loc, int x_size, int y_size);
std::string toString(Loc loc, const Board& b);
Loc ofString(const std::string& s, const Board& b);
bool tryOfString(const std::string& s, int x_size, int y_size, Loc& result);
Loc ofString(const std::string& s, int x_size, int y_size);
}  // namespace Location

struct Move {
    Loc loc = 0;
    Player pla = C_EMPTY;
    Move() = default;
    Move(Loc l, Player p) : loc(l), pla(p) {}
    bool operator==(const Move& o) const { return loc == o.loc && pla == o.pla; }
};

namespace PlayerIO {
std::string playerToString(Player p);
std::string playerToStringShort(Player p);
bool tryParsePlayer(const std::string& s, Player& pla);
Player parsePlayer(const std::string& s);
}  // namespace PlayerIO

struct Board {
    static constexpr int MAX_LEN = 19;  // KataGo's default build
    static constexpr int MAX_ARR_SIZE = (MAX_LEN + 1) * (MAX_LEN + 2) + 1;
    static constexpr Loc NULL_LOC = 0;
    static constexpr Loc PASS_LOC = 1;
    static Hash128 ZOBRIST_KO_LOC_HASH[MAX_ARR_SIZE];
    static Hash128 ZOBRIST_PLAYER_HASH[4];

    int x_size = 19, y_size = 19;
    Color colors[MAX_ARR_SIZE] = {};
    Hash128 pos_hash;
    Loc ko_loc = NULL_LOC;
    int numBlackCaptures = 0, numWhiteCaptures = 0;

    Board();
    Board(int x, int y);
    bool isLegal(Loc loc, Player pla, bool multiStoneSuicideLegal) const;
    bool isIllegalSuicide(Loc loc, Player pla, bool multiStoneSuicideLegal) const;
    bool isOnBoard(Loc loc) const;
    bool setStonesFailIfNoLibs(const std::vector<Move>& placements);
    bool setStoneFailIfNoLibs(Loc loc, Color c);
    int setStonesTolerant(const std::vector<Move>& placements);
    bool isKoBanned(Loc loc) const;
    static Board parseBoard(int x, int y, const std::string& s, char lineDelimiter);
    void setStone(Loc loc, Color c);
    void clearSimpleKoLoc();
    int numStonesOnBoard() const;
    bool isEqualForTesting(const Board& other, bool checkNumCaptures, bool checkSimpleKo) const;
    static void printBoard(std::ostream& out, const Board& board, Loc markLoc, const std::vector<Move>* hist);
    static std::string toStringSimple(const Board& board, char lineDelimiter);
};
