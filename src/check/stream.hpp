#pragma once
// check_file (include/sgf/check_file.hpp) on a file read through a bounded window, one game
// tree at a time: the strict parser records the tree's events (parse/tree_events.hpp), the
// checker takes them at once (tree_checker::run over events, the same check as over a built
// tree), the input stage's per-tree findings follow (parse/input_report.hpp), positions are
// counted while the bytes are there, and the window moves on. Memory is bounded by the
// largest game tree, not the file; no tree is built.
//
// Files that need the whole file at once are not streamed (the caller reads them whole and
// calls check_file): bytes the strict FF[4] grammar does not accept (the recovering parse
// reads the whole file), a charset the grammar cannot scan (converted as a whole), a file
// whose charset must be guessed from all its bytes, --charset, UTF-16/32. The findings are
// the same either way (tests/check_stream_test.cpp compares both on the corpus).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sgf/check.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/input.hpp"
#include "table/findings.hpp"

namespace sgf::detail {

struct streamed_check {
    std::vector<diagnostic> diagnostics;  // as check_file gives them
    std::vector<excerpt> excerpts;        // per diagnostic, when asked for (a text report)
};

struct stream_options {
    bool excerpts = false;               // keep the bytes around each finding
    std::size_t piece = std::size_t{1} << 20;  // bytes read at a time
    // Threads that check game trees (this one included): with more than one, the game trees
    // of each 256 KiB of the file go to threads that stay for the whole file (batch_pool)
    // while this one parses the next 256 KiB and reports the last, and what they find is
    // added in file order, so the findings are the same for any number.
    unsigned threads = 1;
};

// The file `fd` (regular, `size` bytes, named `name` in messages) checked as check_file
// checks its bytes; nullopt when it needs the whole-file path. Throws std::system_error
// when it cannot be read (as read_file).
[[nodiscard]] std::optional<streamed_check> check_streamed(int fd, const std::string& name, std::uint64_t size,
                                                           const load_options& load_opts, const check_options& check_opts,
                                                           const stream_options& options = {});

}  // namespace sgf::detail
