#pragma once
// A unified diff (diff -u) of two texts by lines, with three lines of context (sgfcheck fix
// --dry-run); "" when they are equal.
#include <string>
#include <string_view>

namespace sgf::tools {

[[nodiscard]] std::string unified_diff(std::string_view a, std::string_view b, std::string_view name_a,
                                       std::string_view name_b);

}  // namespace sgf::tools
