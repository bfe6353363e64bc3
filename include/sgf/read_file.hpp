#pragma once
// Reading a file's bytes (the input stage, src/input/read_file.cpp).
#include <filesystem>
#include <string>

namespace sgf {

// Reads a whole file; throws std::system_error with a message that says why it cannot be
// read: missing, a directory, a device, a loop of symbolic links, over the size limit of
// 2 GiB (refused before reading), or changed while being read. FIFOs, pipes (/dev/stdin)
// and terminals are read as streams.
[[nodiscard]] std::string read_file(const std::filesystem::path& path);

}  // namespace sgf
