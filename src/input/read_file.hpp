#pragma once
// Reading input as a stream (standard input, pipes): sgf::read_file (include/sgf/read_file.hpp)
// for paths, this for an open descriptor.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace sgf::detail {

// Whether `path` names the null device (through links too): the one output that is no
// regular file and still allowed, as every Unix tool allows it, and an empty --baseline or
// --config.
[[nodiscard]] bool null_device(const std::string& path);
// sgf::read_file for a file of another kind than SGF ("a config file"), which its messages
// name ("cannot read x: it is a directory, not a config file").
[[nodiscard]] std::string read_file_of(const std::filesystem::path& path, std::string_view kind);
// Reads `fd` to its end (the name is for messages); throws std::system_error, also when the
// input is over the size limit (2 GiB, as sgf::read_file).
[[nodiscard]] std::string read_stream(int fd, const std::string& name);

// Reads `fd`, a regular file fstat said holds `size` bytes: an error (std::system_error)
// when it holds fewer (truncated while being read) or more (grown meanwhile).
[[nodiscard]] std::string read_sized(int fd, const std::string& name, std::uint64_t size);

// A regular file (or a byte range of one) read in pieces, for readers that keep only a
// bounded window of it (check/stream.cpp). The same checks as read_sized: an error when the
// file turns out shorter than fstat said (truncated while being read) or longer (grown
// meanwhile). pread, so that several readers may share one descriptor.
class file_pieces {
public:
    // Bytes [from, to) of `fd`, a regular file fstat said holds `size` bytes.
    file_pieces(int fd, std::string name, std::uint64_t size, std::uint64_t from = 0, std::uint64_t to = ~0ull);
    // Reads up to `n` more bytes into `out`; returns how many (0: the range is read).
    std::size_t read(char* out, std::size_t n);
    [[nodiscard]] bool done() const noexcept { return at_ == to_; }
    [[nodiscard]] std::uint64_t left() const noexcept { return to_ - at_; }  // bytes of the range not read yet
    [[nodiscard]] std::uint64_t at() const noexcept { return at_; }  // the next byte's file offset

private:
    int fd_;
    std::string name_;
    std::uint64_t size_, at_, to_;
};

}  // namespace sgf::detail
