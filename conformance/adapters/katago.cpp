// Adapter for KataGo's SGF reader (lightvector/KataGo, cpp/dataio/sgf.cpp, C++17), compiled by
// the script katago with g++ together with ../shared/peers/katago and our shim of what
// sgf.cpp calls outside its folder (katago-shim/README.md). See README.md.
//
// Reads as KataGo loads a game to play or analyse it: CompactSgf::loadFile(path) (the parse of
// the first game tree, then its board size, setup stones and main-line moves).
// Errors: StringError (IOError is one) is a rejection (exit 1); a shim function that is not
// the reader's (it throws "not in the shim") or any other exception is a crash, as is a
// signal.
// Tree: not printed (a node keeps its moves apart and its properties in a sorted map).
#include <string>

#include "sgf.h"  // ../shared/peers/katago/cpp/dataio/sgf.h
#include "lib/native_main.hpp"

answer read_file(const std::string& path, bool) {
    try {
        (void)CompactSgf::loadFile(path);
    } catch (const StringError& e) {
        const std::string m = e.what();
        if (m.find("not in the shim") != std::string::npos) return {"crash", m, ""};
        return {"rejected", m, ""};
    } catch (const std::exception& e) {
        return {"crash", e.what(), ""};
    }
    return {"accepted", "", ""};
}

int main(int argc, char** argv) { return adapter_main(argc, argv); }
