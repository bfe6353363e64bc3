#pragma once
// sgfcheck conformance: runs the corpus (conformance/cases) through sgfcheck and through
// other implementations' adapters (conformance/adapters) and writes a TSV per
// implementation plus a matrix as Markdown and HTML. See conformance/README.md.
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tools/conformance/corpus.hpp"

namespace sgf::tools::conformance {

using namespace sgf::conformance;

// --- running one adapter (conformance_process.cpp) -------------------------------------

enum class verdict { accepted, rejected, crash, unavailable };
[[nodiscard]] std::string_view to_string(verdict v) noexcept;

struct adapter_run {
    verdict result = verdict::crash;
    std::string out;     // stdout (the JSON tree, when the adapter prints one)
    std::string detail;  // "exit 7", "signal 11", "timeout after 10 s", then stderr's last unindented line
    double seconds = 0;
    int exit_status = -1;  // the adapter's exit status; -1 after a signal or the timeout
};

// Runs `adapter FILE` with SGF_ADAPTER_TREE=1 in its own process group; after `timeout`
// the whole group is killed. Exit 0 = accepted, 1 = rejected, 3 = unavailable, 66 (the
// adapter could not read FILE) = unavailable; anything else, a signal or the timeout = crash.
[[nodiscard]] adapter_run run_adapter(const std::filesystem::path& adapter, const std::filesystem::path& file,
                                      std::chrono::milliseconds timeout);

// --- results ------------------------------------------------------------------------------

enum class tree_match { none, yes, no, invalid };  // none: nothing to compare
[[nodiscard]] std::string_view to_string(tree_match t) noexcept;

struct cell {
    verdict result = verdict::unavailable;
    tree_match tree = tree_match::none;
    double seconds = 0;
    std::string detail;
    bool differs_from_expect = false;  // ours only: diagnostics or tree differ from .expect
};

// How a cell reads against the case's expected kind.
enum class judgement { agree, lax_accept, strict_reject, i_accept, i_reject, crash, unavailable };
[[nodiscard]] judgement judge(expected_kind expected, verdict v) noexcept;
[[nodiscard]] std::string_view to_string(judgement j) noexcept;

struct case_row {
    std::string name;
    std::string area;
    expected_kind expected = expected_kind::either;
    bool generated = false;
    std::string shown;          // the case bytes (clipped), or the recipe of a generated case
    std::uint64_t size = 0;     // bytes
    std::string pending;        // the expectation's "pending" text
    std::string known_bug;      // the expectation's "known bug" text
    std::vector<std::string> expected_diagnostics;  // the .expect's diagnostics ("E008 1:4")
    std::string source, sentence, remark;  // its row of SOURCES.md
};

// Where the page's links go, relative to the folder the page is written to ("" = no link).
struct page_links {
    std::string cases;      // the case folder: NAME.sgf, NAME.expect, NAME.gen
    std::string generated;  // the generated cases written out for the adapters
    std::string sources;    // SOURCES.md (an anchor per case: #NAME)
    std::string docs;       // docs/diagnostics.md (an anchor per code: #e008)
};

struct matrix {
    std::vector<std::string> impls;  // column order; "ours" first
    std::vector<case_row> cases;
    std::vector<std::vector<cell>> cells;  // [case][impl]
    std::vector<std::string> skipped;      // library-only cases not run
    std::string version, commit, date;     // of the run: sgfcheck's version, the corpus commit, UTC time
    page_links links;
};

// The rows of SOURCES.md's case tables: case name -> {source, sentence, remark}.
struct source_row {
    std::string source, sentence, remark;
};
[[nodiscard]] std::map<std::string, source_row> read_sources(const std::filesystem::path& sources_md);

struct summary {
    std::size_t cases = 0, agree = 0, lax_accept = 0, strict_reject = 0, i_accept = 0, i_reject = 0, crash = 0,
                unavailable = 0, tree_compared = 0, tree_differs = 0;
    [[nodiscard]] std::size_t disagree() const noexcept { return lax_accept + strict_reject; }
};
[[nodiscard]] summary summarize(const matrix& m, std::size_t impl);

// --- output (conformance_report.cpp) ----------------------------------------------------------

[[nodiscard]] std::string tsv(const matrix& m, std::size_t impl);
[[nodiscard]] std::string summary_markdown(const matrix& m);
[[nodiscard]] std::string markdown(const matrix& m);
[[nodiscard]] std::string html(const matrix& m);

}  // namespace sgf::tools::conformance
