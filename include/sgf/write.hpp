#pragma once
// Canonical SGF writer: escapes exactly what must be escaped (canonical_raw), keeps
// property and value order and unknown properties. Round trip: parse(write(t)) == t and
// write(parse(write(t))) == write(t) byte for byte. Iterative: any nesting depth.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "sgf/tree.hpp"

namespace sgf {

struct write_options {
    // 0: one node per line. N > 0: nodes are packed onto lines of at most N bytes,
    // a game tree's '(' and ')' included; longer lines come only from a single node longer
    // than N and from the ')' of enclosing game trees closing on the same line. Values are
    // never broken.
    std::size_t width = 0;
    // The same moves and points in the spelling old readers take (sgfcheck fmt; SGFC -p and
    // -e). In Go (GM[1]) on a board of at most 19x19, a pass B[] / W[] is written B[tt] /
    // W[tt] (ff4_go.txt: "A pass move is shown as '[]' or alternatively as '[tt]' (only for
    // boards <= 19x19)"); on a bigger board tt is a point, and the pass stays [].
    bool pass_as_tt = false;
    // In Go, each rectangle [ul:lr] of a compressed point list (ff4_sgf.txt 3.5.1: "The
    // PropValue type "list of point" or "elist of point" may be compressed", which FF[3]
    // readers do not know) is written as its points, column by column; a rectangle with a
    // corner off the tree's board stays as written (an error the checker reports).
    bool expand_points = false;
    // The other way (SGFC's default): in Go, in an FF[4] game tree, each point list written
    // as rectangles [ul:lr] of the same points (src/write/point_lists.hpp says which); FF[1]-
    // FF[3] have no compressed lists (ff4_changes.txt), so their game trees keep theirs, and
    // so does a list with a value that is no point or with a point twice. With expand_points
    // too: std::invalid_argument.
    bool compress_points = false;
};

[[nodiscard]] std::string write(const collection& c, const write_options& options = {});
// The same bytes, handed to `sink` in pieces (never a whole copy of a value): for writing
// big collections to a file or stdout. An exception from the sink stops the writing. Named
// apart from write(): an overload taking a std::function second would make the natural
// write(c, {.width = 79}) fail to compile with clang and libstdc++.
using write_sink = std::function<void(std::string_view)>;
void write_to(const collection& c, const write_sink& sink, const write_options& options = {});
[[nodiscard]] std::string write(const game_tree& t, const write_options& options = {});
[[nodiscard]] std::string write(const node& n);

// Writes `bytes` to `path` through a temporary file in the same directory and a rename,
// so readers never see a half-written file and an existing file is replaced atomically. A
// symbolic link is followed to its target (the link stays); a target that is not a regular
// file is refused; the mode is kept; the temporary file is removed on failure and on
// SIGINT/SIGTERM/SIGHUP. Throws std::system_error naming the path.
void write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace sgf
