// Shim (see ../README.md): KataGo's 128-bit hash value.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

#include "../core/global.h"

struct Hash128 {
    uint64_t hash0 = 0, hash1 = 0;
    constexpr Hash128() = default;
    constexpr Hash128(uint64_t a, uint64_t b) : hash0(a), hash1(b) {}
    bool operator==(const Hash128& o) const { return hash0 == o.hash0 && hash1 == o.hash1; }
    bool operator!=(const Hash128& o) const { return !(*this == o); }
    bool operator<(const Hash128& o) const { return hash0 != o.hash0 ? hash0 < o.hash0 : hash1 < o.hash1; }
    Hash128 operator^(const Hash128& o) const { return Hash128(hash0 ^ o.hash0, hash1 ^ o.hash1); }
    Hash128& operator^=(const Hash128& o) {
        hash0 ^= o.hash0;
        hash1 ^= o.hash1;
        return *this;
    }
    std::string toString() const;
    static Hash128 ofString(const std::string& s);
};
std::ostream& operator<<(std::ostream& out, const Hash128& h);

namespace Hash {
uint64_t simpleHash(const char* str);
uint64_t murmurMix(uint64_t x);
uint64_t splitMix64(uint64_t x);
}  // namespace Hash
