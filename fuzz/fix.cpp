// Fuzz target fix: `sgfcheck fix` (include/sgf/fix.hpp) on any input.
//
// For every input x, let w = write(fix(load(x, lenient))). Invariants:
//   1. fix returns; its findings lie inside the file;
//   2. w is clean syntax: parse(w) reports nothing (fix writes FF[4] identifiers, CA[UTF-8]
//      and UTF-8 text through the canonical writer), but E016 for an identifier without an
//      upper-case letter, which fix keeps as written (it has no FF[4] form) and reports;
//   3. fix is idempotent: fixing w again writes w byte for byte (design of fix.hpp: "a
//      second fix of the output changes nothing"), with the same fix_options: the input's
//      size picks them (none, or the deletions: delete_unknown, delete_obsolete,
//      delete_empty_nodes, delete_properties; variation_level in one input of three), so
//      that every input stays the file it is;
//   4. the output checks clean or fix says why: every finding of the checker on w is one the
//      input had (left) or one fix said (kept in a private property), none made by fix
//      (remaining_findings: `made` empty). Judged on a fix without deletions, every input:
//      the run's own when it has none, else one more fix (what a deletion makes, as deleting
//      SZ does to the points, is the deletion's: sgfcheck fix says so, app::judge_fix);
//   5. fix's look for M from the file's bytes (detail::has_m_in, fix/marks.cpp) answers as
//      reading every node does (detail::has_m), for every game tree of the input.
// That no value is lost is proved on the corpus by tests/fix_corpus_test.cpp, which knows
// each conversion (FF[3] -> FF[4], B[tt] -> B[], L -> LB, ...); a fuzz check could not.
#include <algorithm>

#include "fix/detail.hpp"
#include "fuzz_common.hpp"
#include "sgf/fix.hpp"
#include "sgf/input.hpp"
#include "tree/tree_rep.hpp"

namespace {

std::string fixed_text(const std::string& bytes, const sgf::fix_options& o) {
    const sgf::load_result r = sgf::load(sgf::file_bytes(bytes), {.lenient = true});
    return sgf::write(sgf::fix(r, o).trees);
}

// The options of this run, from the input's size.
sgf::fix_options options_for(std::size_t size) {
    sgf::fix_options o;
    if (size % 5 == 1) o.delete_unknown = true;
    if (size % 5 == 2) o.delete_obsolete = true;
    if (size % 5 == 3) o.delete_empty_nodes = true;
    if (size % 3 == 0) o.variation_level = true;  // (with each of the others in turn)
    if (size % 5 == 4) {
        o.delete_properties = {"C", "B", "AB", "SZ", "GM"};
        o.delete_empty_nodes = true;
    }
    return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const std::string ctx = "input: " + sgf_fuzz::printable(input);
    const sgf::load_result r = sgf::load(sgf::file_bytes(input), {.lenient = true});
    const sgf::fix_options options = options_for(size);
    if (const auto trees = r.trees.trees(); !trees.empty() && sgf::detail::tree_access::rep(trees[0]) != nullptr &&
                                            sgf::detail::tree_access::rep(trees[0])->src) {
        const sgf::detail::source* scanned = sgf::detail::tree_access::rep(trees[0])->src.get();
        const std::vector<std::uint32_t> candidates = sgf::detail::m_candidates(scanned->view());
        for (std::size_t i = 0; i < trees.size(); ++i)
            SGF_FUZZ_CHECK(sgf::detail::has_m_in(trees, i, scanned, &candidates) == sgf::detail::has_m(trees[i]),
                           "the bytes and the nodes disagree on M in game tree " + std::to_string(i) + "; " + ctx);
    }
    const sgf::fix_result f = sgf::fix(r, options);
    for (const auto& d : f.diagnostics)
        SGF_FUZZ_CHECK(d.where.byte <= size, std::string(d.code) + " outside the file; " + ctx);
    const std::string w = sgf::write(f.trees);
    if (f.trees.empty()) return 0;

    const sgf::parse_result back = sgf::parse(w);
    const bool clean = std::all_of(back.diagnostics.begin(), back.diagnostics.end(), [&](const sgf::diagnostic& d) {
        if (d.code.substr(1) != "016") return false;
        std::size_t i = d.where.byte;  // the identifier: lowercase letters only
        while (i < w.size() && w[i] >= 'a' && w[i] <= 'z') ++i;
        return i > d.where.byte && i < w.size() && !(w[i] >= 'A' && w[i] <= 'Z');
    });
    SGF_FUZZ_CHECK(clean, "fix output does not parse cleanly: " + sgf_fuzz::describe(back.diagnostics) +
                                                 "\n  written: " + sgf_fuzz::printable(w, 400) + "\n  " + ctx);
    const bool deletes = options.delete_unknown || options.delete_obsolete || options.delete_empty_nodes ||
                         !options.delete_properties.empty();
    {
        sgf::fix_options kept;  // the run's options but the deletions
        kept.variation_level = options.variation_level;
        const sgf::fix_result plain = deletes ? sgf::fix(r, kept) : sgf::fix_result{};
        const sgf::fix_result& judged = deletes ? plain : f;
        const sgf::fix_remains remains = sgf::remaining_findings(r, judged);
        SGF_FUZZ_CHECK(remains.made.empty(), "the checker finds in fix's output what fix made and did not say: " +
                                                 sgf_fuzz::describe(remains.made) + "\n  written: " +
                                                 sgf_fuzz::printable(sgf::write(judged.trees), 400) + "\n  " + ctx);
    }
    const std::string again = fixed_text(w, options);
    SGF_FUZZ_CHECK(again == w, "fix is not idempotent (options " + std::to_string(size % 5) + ")\n  first:  " + sgf_fuzz::printable(w, 400) +
                                   "\n  second: " + sgf_fuzz::printable(again, 400) + "\n  " + ctx);

    return 0;
}
