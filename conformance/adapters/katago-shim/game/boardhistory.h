// Shim (see ../README.md): the rules by name (the reader parses RU) and a BoardHistory as far as
// sgf.cpp names it: only its training code plays positions, and that throws here.
#pragma once
#include <string>
#include <vector>

#include "../core/global.h"
#include "../game/board.h"

struct Rules {
    static constexpr int KO_SIMPLE = 0, KO_POSITIONAL = 1, KO_SITUATIONAL = 2, KO_SPIGHT = 3;
    static constexpr int SCORING_AREA = 0, SCORING_TERRITORY = 1;
    static constexpr int TAX_NONE = 0, TAX_SEKI = 1, TAX_ALL = 2;
    int koRule = KO_POSITIONAL;
    int scoringRule = SCORING_AREA;
    int taxRule = TAX_NONE;
    bool multiStoneSuicideLegal = true;
    bool hasButton = false;
    int whiteHandicapBonusRule = 0;
    bool friendlyPassOk = false;
    float komi = 7.5f;
    Rules() = default;
    bool operator==(const Rules& o) const;
    bool operator!=(const Rules& o) const { return !(*this == o); }
    static Rules getTrompTaylorish();
    static Rules getSimpleTerritory();
    static bool komiIsIntOrHalfInt(float komi);
    static bool tryParseRules(const std::string& s, Rules& buf);
    static Rules parseRules(const std::string& s);
    std::string toString() const;
    std::string toStringNoKomi() const;
    std::string toStringNoKomiMaybeNice() const;
};

struct BoardHistory {
    Rules rules;
    std::vector<Move> moveHistory;
    Board initialBoard;
    Player initialPla = P_BLACK;
    int64_t initialTurnNumber = 0;
    int initialEncorePhase = 0;
    int encorePhase = 0;
    Player presumedNextMovePla = P_BLACK;
    bool isGameFinished = false;
    Player winner = C_EMPTY;
    float finalWhiteMinusBlackScore = 0;
    bool isNoResult = false;
    bool isResignation = false;
    bool isPassForKo(const Board& board, Loc loc, Player pla) const;
    bool hasBlackPassOrWhiteFirst() const;

    BoardHistory();
    static constexpr int NUM_RECENT_BOARDS = 6;
    BoardHistory(const Board& board, Player pla, const Rules& rules, int encorePhase, bool alwaysComputePassAlive);
    void setAssumeMultipleStartingBlackMovesAreHandicap(bool b);
    int computeNumHandicapStones() const;
    void clear(const Board& board, Player pla, const Rules& rules, int encorePhase);
    void setInitialTurnNumber(int64_t n);
    void setAlwaysComputePassAliveUnderSuicideRules(bool b);
    bool isLegal(const Board& board, Loc moveLoc, Player movePla) const;
    bool isLegalTolerant(const Board& board, Loc moveLoc, Player movePla) const;
    bool makeBoardMoveTolerant(Board& board, Loc moveLoc, Player movePla);
    bool makeBoardMoveTolerant(Board& board, Loc moveLoc, Player movePla, bool preventEncore);
    void makeBoardMoveAssumeLegal(Board& board, Loc moveLoc, Player movePla, const void* rootKoHashTable);
    void makeBoardMoveAssumeLegal(Board& board, Loc moveLoc, Player movePla, const void* rootKoHashTable, bool preventEncore);
    bool isKoBanned(int) const;
    bool superKoBanned[Board::MAX_ARR_SIZE] = {};
    bool alwaysComputePassAliveUnderSuicideRules = false;
    const Board& getRecentBoard(int numMovesAgo) const;
    bool setStonesTolerant(Board& board, const std::vector<Move>& placements) const;
};
