// Fuzz target unified_diff: the unified diff of fix --dry-run and fmt --dry-run
// (src/tools/unified_diff.cpp) on two arbitrary texts.
//
// The input is split at its first NUL byte into the old and the new text (without one: at
// its middle). Invariants:
//   1. the diff is empty exactly when the texts are equal;
//   2. it is a diff -u that applies to the old text and gives exactly the new one, hunk
//      headers, context and "\ No newline at end of file" markers as diff -u writes them
//      (fuzz/unified_patch.hpp reads it strictly, without the library);
//   3. on texts small enough for the search's budget it is minimal: it removes and adds no
//      more lines than the fewest any diff can (a wrong middle snake shows up here first).
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_common.hpp"
#include "tools/unified_diff.hpp"
#include "unified_patch.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const std::size_t nul = input.find('\0');
    const std::size_t cut = nul == std::string::npos ? input.size() / 2 : nul;
    const std::string_view a = std::string_view(input).substr(0, cut);
    const std::string_view b = std::string_view(input).substr(nul == std::string::npos ? cut : cut + 1);
    const std::string ctx = "old: " + sgf_fuzz::printable(a) + "\n  new: " + sgf_fuzz::printable(b);

    const std::string d = sgf::tools::unified_diff(a, b, "a/x.sgf", "b/x.sgf");
    SGF_FUZZ_CHECK(d.empty() == (a == b), "an empty diff of different texts or the reverse; " + ctx);
    const sgf_fuzz::patch_result p = sgf_fuzz::apply_unified_diff(a, d, "a/x.sgf", "b/x.sgf");
    SGF_FUZZ_CHECK(p.error.empty(), p.error + "\n  diff: " + sgf_fuzz::printable(d, 600) + "\n  " + ctx);
    SGF_FUZZ_CHECK(p.text == b, "the diff applied gives " + sgf_fuzz::printable(p.text) + "\n  diff: " +
                                    sgf_fuzz::printable(d, 600) + "\n  " + ctx);
    // Below 512 lines in all, the search (whose budget is at least 256 steps from each end)
    // always finishes: the diff is then a shortest one.
    const std::size_t lines = static_cast<std::size_t>(std::count(a.begin(), a.end(), '\n') + std::count(b.begin(), b.end(), '\n')) + 2;
    if (lines < 512) {
        const std::size_t fewest = sgf_fuzz::fewest_line_changes(a, b), made = sgf_fuzz::changed_lines(d);
        SGF_FUZZ_CHECK(made == fewest, std::to_string(made) + " lines changed where " + std::to_string(fewest) +
                                           " suffice\n  diff: " + sgf_fuzz::printable(d, 600) + "\n  " + ctx);
    }
    return 0;
}
