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
