#pragma once
// Reading input as a stream (standard input, pipes): sgf::read_file (include/sgf/read_file.hpp)
// for paths, this for an open descriptor.
#include <cstdint>
#include <string>

namespace sgf::detail {

// Reads `fd` to its end (the name is for messages); throws std::system_error, also when the
// input is over the size limit (2 GiB, as sgf::read_file).
[[nodiscard]] std::string read_stream(int fd, const std::string& name);

// Reads `fd`, a regular file fstat said holds `size` bytes: an error (std::system_error)
// when it holds fewer (truncated while being read) or more (grown meanwhile).
[[nodiscard]] std::string read_sized(int fd, const std::string& name, std::uint64_t size);

}  // namespace sgf::detail
