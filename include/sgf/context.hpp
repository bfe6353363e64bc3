#pragma once
// The context of a game tree: what its root node declares about the whole tree
// (ff4_properties.txt, Root properties: FF, GM, SZ, CA), with the defaults where it says
// nothing. One reading for every stage: the parser (levels of FF[1]-FF[3] identifiers), the
// checker, inherit, fix and the JSON tree. Implemented in src/values/context.cpp (FF, GM
// and SZ are read with the value parsers).
//
// Where the root says nothing:
//   FF: FF[1] under every profile (ff4_properties.txt FF "Default value: 1"), for the parser
//       and the checker alike; FF[4]-only properties are then "not defined in FF[1]" (W211)
//       and still value-checked by the definition that exists.
//   GM: the profile's default game (profile_info::default_gm: Go, Hex for `hex`).
//   SZ: the game row's default size (Go 19x19); no size = points not checked against it.
#include <cstdint>
#include <string>

#include "sgf/diagnostic.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"

namespace sgf {

// What the root declares. An identifier with lowercase letters counts by its uppercase letters
// (FF[1]-FF[3] long names: "FileFormat[3]" declares FF[3]); the first occurrence counts.
struct tree_context {
    int ff = 1;          // FF; 1 without FF; 4 when FF is no number 1-4 (ff_valid false: the
                         // FF[4] rows are the best guess; the value check reports the value)
    int gm = 1;          // GM; the profile's default game without GM; 0 when GM is no number
                         // (an unknown game, like any number without a game row)
    board_size size{};   // SZ, else the game's default; {0,0} when SZ is invalid or unknown
    std::string ca;      // CA's first value (escapes processed), "" without CA
    bool ff_given = false, gm_given = false, sz_given = false, ca_given = false;
    bool ff_valid = true;
    // Offsets of the identifiers in the root node's source (0 when not given).
    std::uint32_t ff_at = 0, gm_at = 0, sz_at = 0, ca_at = 0;
};
[[nodiscard]] tree_context context_of(const node& root, profile p = profile::ff4);
[[nodiscard]] tree_context context_of(const game_tree& root, profile p = profile::ff4);

// The FF version assumed for a root without FF: 1 under every profile.
[[nodiscard]] constexpr int default_ff(profile) noexcept { return 1; }

}  // namespace sgf
