// Shim (see ../README.md): only the training code of sgf.cpp draws random numbers.
#pragma once
#include <vector>

#include "../core/global.h"

class Rand {
public:
    template <class T>
    void shuffle(std::vector<T>&) {
        throw StringError("Rand is not in the shim (training code)");
    }
    double nextDouble() { throw StringError("Rand is not in the shim (training code)"); }
    uint32_t nextUInt(uint32_t) { throw StringError("Rand is not in the shim (training code)"); }
};
