#pragma once
// Reading input as a stream (standard input, pipes): sgf::read_file (include/sgf/parse.hpp)
// for paths, this for an open descriptor.
#include <string>

namespace sgf::detail {

// Reads `fd` to its end (the name is for messages); throws std::system_error, also when the
// input is over the size limit (2 GiB, as sgf::read_file).
[[nodiscard]] std::string read_stream(int fd, const std::string& name);

}  // namespace sgf::detail
