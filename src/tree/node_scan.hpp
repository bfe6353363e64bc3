#pragma once
// Lists the properties of a stored node by matching grammar::lenient_node at its offset:
// the same rules that parsed the file, so the tree and the parser always agree.
#include <cstdint>
#include <vector>

#include "sgf/tree.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

// Appends the node's properties to `out` (which is not cleared: callers reuse it).
void scan_node(const source& src, std::uint32_t offset, std::vector<property>& out);

// Offset just past the ']' closing the value whose '[' is at `open` (or the end of input).
[[nodiscard]] std::uint32_t value_size(const source& src, std::uint32_t open) noexcept;

}  // namespace sgf::detail
