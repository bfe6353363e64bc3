#pragma once
// sgfcheck conformance: runs the corpus (conformance/cases) through sgfcheck and through
// other implementations' adapters (conformance/adapters) and writes a TSV per
// implementation plus a matrix as Markdown and HTML. See conformance/README.md.
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/conformance/corpus.hpp"

namespace sgf::tools::conformance {

using namespace sgf::conformance;

// --- running one adapter (conformance_process.cpp) -------------------------------------

// flaky: the adapter timed out, and did not when the case was run again alone (a verdict
// of the machine's load, never a disagreement).
enum class verdict { accepted, rejected, crash, unavailable, flaky };
[[nodiscard]] std::string_view to_string(verdict v) noexcept;

struct adapter_run {
    verdict result = verdict::crash;
    std::string out;     // stdout (the JSON tree, when the adapter prints one)
    std::string detail;  // "exit 7", "signal 11", "timeout after 10 s", then stderr's last unindented line
    double seconds = 0;      // wall time
    double cpu_seconds = 0;  // CPU time of the adapter's processes for this case
    int exit_status = -1;    // the adapter's exit status; -1 after a signal or the timeout
    bool timed_out = false;
};

// Runs `adapter FILE` with SGF_ADAPTER_TREE=1 in its own process group. `timeout` is CPU
// time (the group's: a loaded machine does not make a case time out); a process that
// neither answers nor uses the CPU is stopped after wall_limit(timeout). Then the whole
// group is killed. Exit 0 = accepted, 1 = rejected, 3 = unavailable, 66 (the adapter
// could not read FILE) = unavailable; anything else, a signal or the timeout = crash.
[[nodiscard]] adapter_run run_adapter(const std::filesystem::path& adapter, const std::filesystem::path& file,
                                      std::chrono::milliseconds timeout);
// The most an adapter may print on stdout for `file` (its tree: the JSON tree of a file is a
// few times its size): 64 MiB + 64 bytes per byte of the file. An adapter that prints more
// (`yes`, a loop) is stopped, a crash, instead of filling the runner's memory.
[[nodiscard]] std::size_t output_cap(const std::filesystem::path& file) noexcept;
// A stop asked for (SIGINT, SIGTERM: async-signal-safe): runs in flight end at once and
// report "stopped", batch processes are killed, no new run starts.
void request_stop() noexcept;
[[nodiscard]] bool stop_requested() noexcept;

[[nodiscard]] std::chrono::milliseconds wall_limit(std::chrono::milliseconds cpu_timeout) noexcept;

// One adapter answering many files in one process (`ADAPTER --batch`, adapters/README.md):
// the paths go to its stdin, one verdict line comes back for each. The same limits per
// case as run_adapter. A crash or a timeout ends the process; the next run starts a new one.
class batch_session;

// Whether the adapter has a batch mode: `ADAPTER --batch` with an empty stdin prints the
// handshake and ends (an adapter without one takes "--batch" for a file it cannot read).
// Run once per adapter, with the limits of run_adapter.
[[nodiscard]] bool supports_batch(const std::filesystem::path& adapter, std::chrono::milliseconds timeout);

// How a runner talks to one adapter: in batch mode when it has one (supports_batch), else
// one process per file. One client per thread.
class adapter_client {
public:
    adapter_client(std::filesystem::path adapter, std::chrono::milliseconds timeout, bool batch);
    adapter_client(adapter_client&&) noexcept;
    adapter_client& operator=(adapter_client&&) noexcept;
    ~adapter_client();
    [[nodiscard]] adapter_run run(const std::filesystem::path& file);
    // The file in a process of its own (the recheck of a timeout).
    [[nodiscard]] adapter_run run_alone(const std::filesystem::path& file) const;
    [[nodiscard]] bool batch() const noexcept { return batch_; }

private:
    std::filesystem::path adapter_;
    std::chrono::milliseconds timeout_;
    bool batch_ = false;
    std::unique_ptr<batch_session> session_;
};

// A timeout rechecked alone (`again`): the case's final result. A timeout that does not
// come back is flaky (verdict::flaky, "timed out after ... ; alone: accepted in 0.2 s").
[[nodiscard]] adapter_run recheck_timeout(adapter_run first, const adapter_run& again);

// --- results ------------------------------------------------------------------------------

enum class tree_match { none, yes, no, invalid };  // none: nothing to compare
[[nodiscard]] std::string_view to_string(tree_match t) noexcept;

struct cell {
    verdict result = verdict::unavailable;
    tree_match tree = tree_match::none;
    double seconds = 0;
    std::string detail;
    bool differs_from_expect = false;  // ours only: diagnostics or tree differ from .expect
    bool timed_out = false;            // rechecked alone at the end of the run
    std::string their_tree;            // the adapter's tree (normal form) when it differs from ours
    std::string our_tree;              // and ours, beside it
};

// How a cell reads against the case's expected kind.
enum class judgement { agree, lax_accept, strict_reject, i_accept, i_reject, crash, unavailable, flaky };
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
    std::size_t runs_done = 0, runs_total = 0;  // adapter runs: a partial report says so
    std::vector<std::pair<std::string, std::string>> unavailable;  // set by available_only: name, why
};

// The detail of a cell whose run has not been done yet (partial reports).
extern const std::string not_run;

// The matrix without the implementations that were unavailable for every case; they are
// listed in `unavailable` instead (the page and matrix.md show one note, not empty columns).
[[nodiscard]] matrix available_only(const matrix& m);
[[nodiscard]] std::string unavailable_note(const matrix& m);
[[nodiscard]] std::string progress_note(const matrix& m);

// The rows of SOURCES.md's case tables: case name -> {source, sentence, remark}.
struct source_row {
    std::string source, sentence, remark;
};
[[nodiscard]] std::map<std::string, source_row> read_sources(const std::filesystem::path& sources_md);

struct summary {
    std::size_t cases = 0, agree = 0, lax_accept = 0, strict_reject = 0, i_accept = 0, i_reject = 0, crash = 0,
                unavailable = 0, flaky = 0, tree_compared = 0, tree_differs = 0;
    [[nodiscard]] std::size_t disagree() const noexcept { return lax_accept + strict_reject; }
};
[[nodiscard]] summary summarize(const matrix& m, std::size_t impl);

// --- output (conformance_report.cpp) ----------------------------------------------------------

[[nodiscard]] std::string tsv(const matrix& m, std::size_t impl);
[[nodiscard]] std::string summary_markdown(const matrix& m);
[[nodiscard]] std::string markdown(const matrix& m);
[[nodiscard]] std::string html(const matrix& m);

// --- the report per reader (readers.cpp) ------------------------------------------------------

// What a `sgfcheck diff` run of a fixed budget found in one reader, for its section.
struct reader_diff {
    std::string summary;  // "200 cases, 150 agree, 50 disagree in 4 kinds, 12 s"
    struct kind {
        std::string what, signature;  // "strict-reject", "ParseError: ..."
        std::size_t cases = 0;
        std::string minimal;          // the minimised case (bytes)
        std::string ours, theirs;     // verdicts on it
        std::string spec;             // the sentence that decides it
        bool checker_level = false;
    };
    std::vector<kind> kinds;
};

// A `sgfcheck diff` run of `budget` seconds against each adapter (name, path), its report in
// out/NAME; stops early on request_stop().
[[nodiscard]] std::map<std::string, reader_diff> diff_readers(const std::vector<std::pair<std::string, std::filesystem::path>>& adapters,
                                                              const std::filesystem::path& out, double budget, double timeout,
                                                              unsigned jobs);
// What adapters/README.md says of each adapter (its row of the table "The adapters").
[[nodiscard]] std::map<std::string, std::string> adapter_notes(const std::filesystem::path& adapters);

// docs/readers.md: for each reader, what it accepts that the spec rejects, what it rejects
// that the spec allows, wrong trees, crashes and hangs, each with the case and its spec
// sentence, from the matrix `m` and from `diffs` (by reader name; may be missing).
[[nodiscard]] std::string readers_markdown(const matrix& m, const std::map<std::string, reader_diff>& diffs,
                                           const std::map<std::string, std::string>& about);

}  // namespace sgf::tools::conformance
