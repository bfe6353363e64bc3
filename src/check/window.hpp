#pragma once
// The streaming check's window on the file (check/stream.cpp): the bytes read so far and
// still needed, read a piece at a time and cut at the front when a piece or more is no
// longer needed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "input/read_file.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::detail {

// The bytes of the file read so far and still needed: a source (what the node reader and
// the checker read bytes through) whose first byte is at file offset at().
class window {
public:
    window(file_pieces& in, std::size_t piece) : in_(in), piece_(piece), src_(std::make_shared<source>(std::string())) {}

    [[nodiscard]] const source& src() const noexcept { return *src_; }
    [[nodiscard]] std::shared_ptr<const source> handle() const noexcept { return src_; }
    [[nodiscard]] const char* data() const noexcept { return src_->data(); }
    [[nodiscard]] std::size_t size() const noexcept { return src_->bytes.size(); }
    [[nodiscard]] std::uint64_t at() const noexcept { return at_; }
    [[nodiscard]] bool more() const noexcept { return !in_.done(); }

    // Reads at least `n` more bytes (a piece at least; fewer at the end of the file); false
    // when the file had none left. Offsets into the window stay valid, pointers do not.
    bool read(std::size_t n) {
        // No more than the range has left: the window grows by what is read, not by a piece
        // a small file never fills (a 1 MiB piece zero-filled to read 6 KB was 83% of the
        // instructions of checking a folder of game records).
        n = static_cast<std::size_t>(std::min<std::uint64_t>(std::max(n, piece_), in_.left()));
        if (n == 0) return false;
        std::string& b = src_->bytes;
        const std::size_t had = b.size();
        b.resize(had + n);
        const std::size_t got = in_.read(b.data() + had, n);
        b.resize(had + got);
        return got > 0;
    }
    // Forgets the bytes before file offset `keep` when that frees a piece or more; returns
    // by how much window offsets moved.
    std::size_t drop_before(std::uint64_t keep) {
        if (keep < at_ + piece_) return 0;
        const auto k = static_cast<std::size_t>(keep - at_);
        src_->bytes.erase(0, k);
        at_ += k;
        return k;
    }

private:
    file_pieces& in_;
    std::size_t piece_;
    std::shared_ptr<source> src_;
    std::uint64_t at_ = 0;
};

}  // namespace sgf::detail
