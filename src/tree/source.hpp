#pragma once
// The bytes a tree was parsed from (or that an edit wrote). Values are views into them.
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/offset_map.hpp"
#include "sgf/position.hpp"

namespace sgf::detail {

struct source {
    explicit source(std::string b, bool synthetic_ = false) : bytes(std::move(b)), synthetic(synthetic_) {}
    // Bytes converted to UTF-8 from a file as a whole (UTF-16/32, GB18030, Shift_JIS, ...):
    // `map` takes offsets in `bytes` back to the file, so positions name the file's bytes.
    source(std::string utf8, std::shared_ptr<const offset_map> map)
        : bytes(std::move(utf8)), original(std::move(map)) {}

    std::string bytes;
    bool synthetic = false;  // made by an edit: no file positions
    std::shared_ptr<const offset_map> original;  // null: `bytes` are the file's own bytes

    [[nodiscard]] std::string_view view() const noexcept { return bytes; }
    [[nodiscard]] const char* data() const noexcept { return bytes.data(); }
    // Position in the file: for a converted source the byte offset and the column count
    // the file's bytes, the line counts line breaks (the same in both texts).
    [[nodiscard]] position position_of(std::uint64_t offset) const;

private:
    // Line starts, built on the first position request (diagnostics only need it).
    mutable std::once_flag lines_once_;
    mutable std::vector<std::uint32_t> line_starts_;
};

// Line starts of `bytes`: LF, CR, CRLF and LFCR each end one line (000_* "Formatting").
std::vector<std::uint32_t> line_starts(std::string_view bytes);
position position_from_lines(const std::vector<std::uint32_t>& starts, std::uint64_t offset);

}  // namespace sgf::detail
