#pragma once
// The node reader (include/sgf/detail/node_reader.hpp) on a stored source.
#include <cstdint>

#include "sgf/detail/node_reader.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

// A reader of the node at `offset` of `src`.
[[nodiscard]] inline node_reader reader_of(const source& src, std::uint32_t offset) noexcept {
    return node_reader(src.data(), src.data() + src.bytes.size(), offset);
}

// The raw size of the value whose '[' is at `open`.
[[nodiscard]] inline std::uint32_t value_size(const source& src, std::uint32_t open) noexcept {
    return value_size_at(src.data(), src.data() + src.bytes.size(), open);
}

// Offset of the '[' of the value after the one at `open` with raw size `size`.
[[nodiscard]] inline std::uint32_t next_value(const source& src, std::uint32_t open, std::uint32_t size) noexcept {
    return next_value_at(src.data(), src.data() + src.bytes.size(), open, size);
}

}  // namespace sgf::detail
