// Shim (see ../README.md): KataGo's test assertion.
#pragma once
#include "../core/global.h"
#define testAssert(x) \
    do {              \
        if (!(x)) throw StringError("testAssert failed: " #x); \
    } while (0)
