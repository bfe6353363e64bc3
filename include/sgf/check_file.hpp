#pragma once
// The whole of what sgfcheck says about one file: the input stage (charset, byte order
// mark, conversion: input.hpp), the parser and the checker, their findings merged in file
// order. `sgfcheck check`, the conformance runner's "ours" and `sgfcheck diff` all call
// this, so they cannot disagree about a file.
#include <filesystem>
#include <string>
#include <vector>

#include "sgf/check.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/input.hpp"

namespace sgf {

struct file_check {
    load_result loaded;                   // trees, charset, the input and parser findings
    std::vector<diagnostic> diagnostics;  // input + parser + checker, sorted by position
    [[nodiscard]] bool ok() const noexcept { return !has_errors(diagnostics); }
};

// The bytes given (input.hpp: file_bytes). Throws std::invalid_argument for an unknown
// load_options::charset (as load does).
[[nodiscard]] file_check check_file(file_bytes bytes, const load_options& load = {}, const check_options& check = {});
// The file named (read_file); also throws std::system_error when it cannot be read.
[[nodiscard]] file_check check_file(const std::filesystem::path& path, const load_options& load = {},
                                    const check_options& check = {});

}  // namespace sgf
