// Shim (see ../README.md): the training data types sgf.cpp names (its game writer and
// position samples; not the reader).
#pragma once
#include <string>
#include <vector>

#include "../core/global.h"
#include "../core/hash.h"
#include "../game/boardhistory.h"

struct Logger {
    void write(const std::string& s) { std::cerr << s << "\n"; }
};

struct ChangedNeuralNet {
    std::string name;
    int64_t turnIdx = 0;
};
struct PolicyTargetMove {};
struct PolicyTarget {
    int64_t unreducedNumVisits = 0;
};
struct ReanalysisInfo {
    int64_t originalNumVisits = 0;
    bool wasReanalyzed = false;
};
struct ValueTargets {
    float win = 0, loss = 0, noResult = 0, score = 0;
};
struct FinishedGameData {
    static constexpr int NUM_MODES = 8;
    static constexpr int MODE_NORMAL = 0, MODE_CLEANUP_TRAINING = 1, MODE_FORK = 2, MODE_HANDICAP = 3, MODE_SGFPOS = 4,
                         MODE_HINTPOS = 5, MODE_HINTFORK = 6, MODE_ASYM = 7;
    int mode = MODE_NORMAL;
    double bTimeUsed = 0, wTimeUsed = 0;
    int beganInEncorePhase = 0;
    std::vector<ChangedNeuralNet*> changedNeuralNets;
    Hash128 gameHash;
    int handicapForSgf = 0;
    double playoutDoublingAdvantage = 0;
    Player playoutDoublingAdvantagePla = C_EMPTY;
    std::vector<PolicyTarget> policyTargetsByTurn;
    std::vector<ReanalysisInfo> reanalysisByTurn;
    BoardHistory startHist;
    std::vector<float> targetWeightByTurnUnrounded;
    bool usedInitialPosition = false;
    std::vector<ValueTargets> whiteValueTargetsByTurn;
};

struct SimpleDate {
    int year = 0, month = 0, day = 0;
    SimpleDate() = default;
    SimpleDate(int y, int m, int d) : year(y), month(m), day(d) {}
    explicit SimpleDate(const std::string& s);
    bool operator<(const SimpleDate& o) const;
};

namespace FileHelpers {
bool isMultiSgfs(const std::string& fileName);
}

namespace SymmetryHelpers {
Board getSymBoard(const Board& board, int symmetry);
}
