// Fix and the guard that a clean file stays clean (sgf/app/fix.hpp).
#include "sgf/app/fix.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "sgf/check.hpp"
#include "sgf/check_file.hpp"
#include "fix/detail.hpp"
#include "table/findings.hpp"

namespace sgf::app {

namespace {

// passes_strict_check, given whether sgf::check(input.trees) reports an error when that is
// known already (remaining_findings checked the input to match the output's findings).
bool passes_strict_check(const load_result& input, const load_options& options, std::optional<bool> checker_errors) {
    const load_options strict{false, options.charset};
    const bool recovered = std::any_of(input.diagnostics.begin(), input.diagnostics.end(),
                                       [](const diagnostic& d) { return info(d.id).recovery; });
    if (recovered || options.prof != strict.prof) return check_file(file_bytes(input.bytes()), strict).ok();
    if (has_errors(input.diagnostics)) return false;
    return !(checker_errors ? *checker_errors : has_errors(check(input.trees)));
}

}  // namespace

bool passes_strict_check(const load_result& input, const load_options& options) {
    return passes_strict_check(input, options, std::nullopt);
}

checked_fix judge_fix(const load_result& input, fix_result fixed, const load_options& options) {
    checked_fix out;
    for (const diagnostic& d : fixed.diagnostics) out.errors += d.level == severity::error;
    // The checks first, what fix says after them: the checker's findings on both trees and
    // the list of what fix says are not held at once (the peak of memory of a collection).
    out.remains = remaining_findings(input, fixed);
    for (const diagnostic& d : out.remains.left) {
        if (d.level != severity::error) continue;  // warnings and infos: counted in fix's summary
        diagnostic& l = out.left.emplace_back(d);
        l.hint = (d.hint.empty() ? "" : d.hint + "; ") + "left as it is by fix";
    }
    for (const auto* part : {&out.remains.left, &out.remains.made})
        for (const diagnostic& d : *part)
            if (d.level == severity::error) out.remaining.push_back(d);
    out.errors += out.remaining.size();
    // The input as `sgfcheck FILE` checks it: strictly, in the charset it was loaded with.
    if (out.errors > 0) out.breaks_clean_file = passes_strict_check(input, options, out.remains.input_errors);
    out.said = detail::listed_at_most(detail::fix_findings_of(input, fixed));  // as check lists its findings
    out.fixed = std::move(fixed);
    return out;
}

checked_fix fix_checked(const load_result& input, const load_options& options, const fix_options& asked) {
    checked_fix g = judge_fix(input, fix(input, asked), options);
    const bool deletes = !asked.delete_properties.empty() || asked.delete_unknown || asked.delete_obsolete || asked.delete_empty_nodes;
    if (deletes && !g.remains.made.empty()) g.made_by_deletions = judge_fix(input, fix(input), options).remains.made.empty();
    return g;
}

}  // namespace sgf::app
