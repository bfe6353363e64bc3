#pragma once
// sgfcheck fix's promise, kept in one place for every front end (the command line, the
// Python module, the WebAssembly build): a file that passes the check is never given an
// output that fails it. Fix runs, its output is checked as `sgfcheck` would check the
// written file, and when errors remain in an output whose input passed the check, the
// output is marked as not to be written (a bug in fix: the front end says so and keeps the
// input). The errors of the output are fix's own (an identifier it keeps as written, E016)
// and the checker's on the fixed trees (parse(write(t)) == t, so no re-parse is needed).
#include <cstddef>
#include <vector>

#include "sgf/diagnostic.hpp"
#include "sgf/fix.hpp"
#include "sgf/input.hpp"

namespace sgf::app {

struct checked_fix {
    fix_result fixed;
    std::vector<diagnostic> said;       // fix_findings(input, fixed): what fix says about its input
    fix_remains remains;                // the checker's findings on the fixed trees: left, said, made
    std::vector<diagnostic> remaining;  // the errors of remains.left and remains.made, in order
    std::vector<diagnostic> left;       // the errors of remains.left, each hinted "left as it is by fix"
                                        // (what the front ends print after `said`, at the input's places)
    std::size_t errors = 0;             // errors the output holds: fix's own and `remaining`
    bool breaks_clean_file = false;     // errors > 0 although the input passes the check: do not write
    // remains.made (and so breaks_clean_file, when its errors are there) comes from the
    // deletions asked (fix_options), not from a bug of fix: fix without them makes none
    // (deleting B leaves a W move on a stone B captured, W215; deleting GM or SZ reads every
    // move in another game or on another board, E101, E103).
    bool made_by_deletions = false;
};

// Fixes `input` (loaded leniently, as fix reads files) with `asked` (what fix deletes on
// request) and judges the output. `options` are the ones it was loaded with: the input is
// checked strictly in the same charset, and only when the output has errors (the check costs
// a second parse). When the output has findings of its own and deletions were asked, fix
// runs again without them to tell their findings from a bug of fix (made_by_deletions).
[[nodiscard]] checked_fix fix_checked(const load_result& input, const load_options& options,
                                      const fix_options& asked = {});

// Whether `input`, loaded leniently with `options`, passes the check as `sgfcheck FILE`
// checks the file (strictly, in the same charset). The lenient load differs from the strict
// one only in the level of its recoveries (the same tree and findings otherwise), so an
// input without a recovery is judged by its own findings and the checker's on its trees:
// no copy of the file and no second parse. One with a recovery is checked again as bytes.
[[nodiscard]] bool passes_strict_check(const load_result& input, const load_options& options);

// The judgement alone, on a fix result given (tests give one that fix would not make).
[[nodiscard]] checked_fix judge_fix(const load_result& input, fix_result fixed, const load_options& options);

}  // namespace sgf::app
