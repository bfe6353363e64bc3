// Shim (see ../README.md): sgf.cpp hashes the file's text; any 256-bit digest serves the
// reader (the hash only names the game), so this one is FNV-1a based, not SHA-256.
#pragma once
#include <cstdint>

namespace SHA2 {
void get256(const char* msg, uint64_t hash[4]);
}
