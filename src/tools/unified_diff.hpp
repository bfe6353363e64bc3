#pragma once
// A unified diff (diff -u) of two texts by lines, with three lines of context (sgfcheck fix
// --dry-run); "" when they are equal.
#include <string>
#include <string_view>
#include <vector>

namespace sgf::tools {

// The lines of `s`, each with its '\n' (the last may have none).
[[nodiscard]] std::vector<std::string_view> lines_of(std::string_view s);

[[nodiscard]] std::string unified_diff(std::string_view a, std::string_view b, std::string_view name_a,
                                       std::string_view name_b);

}  // namespace sgf::tools
