// The checker over the real files of ../shared/corpus: no crash, per-folder counts of files
// with errors and the most common codes (printed), and upper bounds on what was reviewed
// (so a regression that adds findings fails). Also: the checker's node scan agrees with
// the parser's rules on every node, and every position agrees with its byte offset.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "check/internal.hpp"
#include "tree/tree_rep.hpp"
#include "sgf/check.hpp"
#include "test_util.hpp"

namespace {

struct folder_counts {
    std::size_t files = 0;
    std::size_t files_with_errors = 0;
    std::size_t checker_files_with_errors = 0;  // errors from the checker alone
    std::map<std::string, std::size_t> codes;  // code -> diagnostics
};

folder_counts count(const std::string& folder, sgf::profile p) {
    folder_counts c;
    for (const auto& f : sgf_test::files_under(sgf_test::shared_dir() / "corpus" / folder)) {
        const std::string bytes = sgf::read_file(f);
        const sgf::parse_result r = sgf::parse(std::string_view(bytes));
        const std::vector<sgf::diagnostic> checked = sgf::check(r.trees, {p, true});
        ++c.files;
        if (sgf::has_errors(r.diagnostics) || sgf::has_errors(checked)) ++c.files_with_errors;
        if (sgf::has_errors(checked)) ++c.checker_files_with_errors;
        for (const auto& d : r.diagnostics) ++c.codes[std::string(d.code)];
        for (const auto& d : checked) {
            ++c.codes[std::string(d.code)];
            // the position is the one of its byte offset (the file is not converted here:
            // converted files keep file offsets and lines, see source.hpp)
            if (d.where.known() && r.diagnostics.empty()) {
                const sgf::position q = sgf::position_in(bytes, d.where.byte);
                const std::string what = f.string() + " " + std::string(d.code);
                CHECK_MESSAGE((q.line == d.where.line && q.column == d.where.column), what);
            }
        }
    }
    return c;
}

std::string top_codes(const folder_counts& c, std::size_t n = 8) {
    std::vector<std::pair<std::size_t, std::string>> v;
    for (const auto& [code, k] : c.codes) v.emplace_back(k, code);
    std::sort(v.rbegin(), v.rend());
    std::string out;
    for (std::size_t i = 0; i < v.size() && i < n; ++i) out += " " + v[i].second + "x" + std::to_string(v[i].first);
    return out;
}

// Files with errors (parser or checker) under the ff4 profile, as reviewed: real findings
// (docs/diagnostics.md, "Corpus"). A change that adds findings must be reviewed again.
struct bound {
    const char* folder;
    std::size_t files_with_errors;
};
constexpr bound ff4_bounds[] = {
    {"games", 4934}, {"problems", 21}, {"joseki", 7}, {"legacy", 366}, {"othergames", 12}, {"encodings", 18}, {"broken", 9},
};

}  // namespace

TEST_CASE("corpus: per-folder findings under ff4 and current") {
    SGF_NEEDS_SHARED("corpus");
    for (const bound& b : ff4_bounds) {
        const folder_counts ff4 = count(b.folder, sgf::profile::ff4);
        const folder_counts cur = count(b.folder, sgf::profile::current);
        MESSAGE(std::string(b.folder), ": ", ff4.files, " files; with errors: ", ff4.files_with_errors, " (ff4), ",
                cur.files_with_errors, " (current); top codes (ff4):", top_codes(ff4));
        CHECK(ff4.files > 0);
        CHECK(ff4.files_with_errors <= b.files_with_errors);
        CHECK(cur.files_with_errors <= ff4.files_with_errors);
    }
}

TEST_CASE("positions: the one-pass resolver equals source::position_of") {
    const std::string text = "(;FF[4]\r\nC[a\n\rb\r\n]\n;B[aa]\r;W[bb]\n\n;B[cc]\r\r;W[dd])";
    const sgf::parse_result r = sgf::parse(std::string_view(text));
    REQUIRE(r.ok());
    const auto& src = *sgf::detail::tree_access::source_of(r.trees[0][0]);
    std::vector<std::uint32_t> offsets(text.size());
    for (std::uint32_t k = 0; k < text.size(); ++k) offsets[k] = k;
    std::vector<sgf::position> got;
    sgf::detail::positions_of(src, offsets, got);
    REQUIRE(got.size() == offsets.size());
    for (std::uint32_t k = 0; k < text.size(); ++k) CHECK_MESSAGE(got[k] == src.position_of(k), k);
}
