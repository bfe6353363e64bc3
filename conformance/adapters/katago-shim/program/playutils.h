// Shim (see ../README.md): the fixed handicap of KataGo's engine (sgf.cpp calls it only for
// Fox server files that lack their handicap stones).
#pragma once
#include "../game/board.h"

namespace PlayUtils {
void placeFixedHandicap(Board& board, int n);
}
