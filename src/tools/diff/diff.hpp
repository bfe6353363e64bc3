#pragma once
// sgfcheck diff: differential testing of another SGF implementation through the adapter
// contract (conformance/adapters/README.md). Generated files (src/tools/generate/generate.hpp)
// go to both; each disagreement is minimised (diff_ddmin.hpp) and reported.
//
//   diff.cpp          the command: options, the run, minimisation
//   diff_compare.cpp  our verdict, theirs, the kind of disagreement, tree signatures
//   diff_report.cpp   report.md and report.jsonl
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tools/generate/generate.hpp"

namespace sgf::tools::conformance {
struct adapter_run;
}

namespace sgf::tools::diff {

// ------------------------------------------------------------------ families (families.cpp)

// What a case of `sgfcheck diff` stresses (--mutation NAME): the generator's mixes, each of
// its mutations (sgfcheck gen --list), or a shape. By default a run cycles through all.
struct family_info {
    std::string_view name;
    std::string_view what;
};
[[nodiscard]] std::span<const family_info> all_families() noexcept;
// A family, or a mutation of the generator.
[[nodiscard]] bool is_family(std::string_view name) noexcept;
// The case of `family` for `seed` (a pure function of both and of `base`).
[[nodiscard]] generated_file make_case(std::string_view family, const generate_options& base, std::uint64_t seed);

// ---------------------------------------------------------------- verdicts (compare)

struct our_verdict {
    bool accepted = false;
    std::vector<std::string> errors;  // distinct error codes, sorted
    std::string tree;                 // the JSON tree, normal form
};
// parse + check (profile ff4), or the parser alone.
[[nodiscard]] our_verdict run_ours(std::string_view bytes, bool parse_only);

enum class their_result { accepted, rejected, crash, timeout, unavailable };
[[nodiscard]] std::string_view to_string(their_result r) noexcept;

struct their_verdict {
    their_result result = their_result::crash;
    std::string detail;  // "signal 11 (...)", "exit 2: message", "timeout after 10 s"
    std::string tree;    // stdout (raw) when accepted
    double seconds = 0;
};
// An adapter's answer (conformance/process.cpp, batch.cpp) as diff reads it.
[[nodiscard]] their_verdict verdict_of(conformance::adapter_run r);
// Runs `adapter FILE` (conformance_process.cpp does the process work).
[[nodiscard]] their_verdict run_theirs(const std::filesystem::path& adapter, const std::filesystem::path& file,
                                       double timeout_seconds);

enum class kind {
    agree,
    lax_accept,     // we reject, they accept
    strict_reject,  // we accept, they reject
    crash,          // they crash (signal, unexpected exit status)
    timeout,        // they do not finish
    tree_differs,   // both accept, the trees differ
    tree_invalid,   // both accept, their stdout is not a JSON tree
};
[[nodiscard]] std::string_view to_string(kind k) noexcept;

// A disagreement and what keeps it the same while it is minimised: for lax_accept our
// error codes, for crash the signal or exit status, for trees where they first differ.
// A tree difference has several classes (a file may have CRs dropped and escapes
// misread); its signature is the one the run groups it by (diff.cpp: the rarest).
struct outcome {
    kind what = kind::agree;
    std::string signature;
    std::vector<std::string> differences;  // tree_differs: every class, in file order
    [[nodiscard]] std::string key() const { return std::string(to_string(what)) + " " + signature; }
};
[[nodiscard]] outcome classify(const our_verdict& ours, const their_verdict& theirs, bool compare_trees);
// Is `candidate` still the disagreement `original` (minimisation)? For trees: it still
// shows the original's signature class.
[[nodiscard]] bool keeps(const outcome& original, const outcome& candidate);

// How two normal-form JSON trees differ: "value (CR removed)", "value (backslash)", ...
// for every differing value while the trees stay in step, then the structural one
// ("structure@variations", "identifier", "number of values") where they part. A token
// walk, no recursion.
[[nodiscard]] std::vector<std::string> tree_differences(std::string_view ours, std::string_view theirs);

// ----------------------------------------------------------------------- report

struct finding {
    std::uint64_t seed = 0;
    std::string family;      // how it was generated (--mutation)
    std::string name;        // the generated file's name
    bool valid = true;
    mutation applied = mutation::none;
    outcome found;
    our_verdict ours;
    their_verdict theirs;
    std::string bytes;       // the generated case
    // minimisation (only the representative of each outcome key is minimised)
    bool minimised = false;
    std::string minimal;
    outcome minimal_found;   // re-checked with the full timeout
    our_verdict minimal_ours;
    their_verdict minimal_theirs;
    std::size_t tests = 0;
    bool budget_spent = false;
    std::string tree_ours, tree_theirs;  // the minimal case's trees (tree kinds)
    // The kind it is reported under: the minimised case's difference (its group's
    // representative's), so that one cause is one kind whatever the input showed first.
    std::string cluster;
    bool checker_level = false;  // lax accept of a file our parser alone accepts
};

struct run_info {
    std::string impl;            // the command as given
    std::string command_line;    // how to reproduce the run
    std::string gen_flags;       // sgfcheck gen options that reproduce a case besides its seed
    std::uint64_t seed = 0;
    std::uint64_t count = 0;     // cases run
    std::uint64_t planned = 0;   // cases asked for (--count)
    std::size_t valid = 0, invalid = 0;
    std::vector<std::string> families;  // cycled through, case k uses families[k % size]
    std::vector<std::string> flaky;     // timeouts that did not come back alone (not findings)
    std::string status;                 // "" = finished; else what stopped it and where
    std::size_t agree = 0;
    std::vector<std::string> features;  // value forms and tokens the run's cases covered
    double seconds = 0;
};

// ----------------------------------------------------------------------- the run (run.cpp)

struct diff_options {
    std::string impl;               // as given (a path or a shell command)
    std::filesystem::path adapter;  // what is run: the adapter, or a script around the command
    std::filesystem::path out;      // report.md, report.jsonl, cases/
    std::uint64_t count = 200;
    generate_options gen;           // case k: seed gen.seed + k
    std::vector<std::string> families;  // empty: all (all_families()), cycled
    double timeout = 10;            // CPU seconds per run of the implementation
    double time_budget = 600;       // seconds for the whole run (cases, then minimisation)
    bool tree = true;               // compare the trees when both accept and they print one
    bool parse_only = false;
    std::size_t minimize = 1;       // cases minimised per kind
    std::size_t max_tests = 300;    // runs of the implementation per minimisation
    unsigned jobs = 2;
    std::string command_line, gen_flags;
};

struct diff_result {
    run_info run;
    std::vector<finding> findings;
    std::string unavailable;  // non-empty: the implementation is unavailable (why)
    bool stopped = false;     // by a signal (request_stop)
    std::size_t kinds = 0;
};

// Generates, runs, classifies, rechecks timeouts alone, minimises a case per kind and
// clusters by the minimised difference; the report is rewritten as the run goes and a
// progress line goes to stderr during minimisation.
[[nodiscard]] diff_result run(const diff_options& o);

// Writes <dir>/report.md and <dir>/report.jsonl, each replaced atomically (a run stopped at
// any point leaves the last one whole).
void write_report(const std::filesystem::path& dir, const run_info& run, const std::vector<finding>& findings);

// "accepted", "rejected (E008 E004)"; "crash (signal 11 ...)".
[[nodiscard]] std::string describe(const our_verdict& v);
[[nodiscard]] std::string describe(const their_verdict& v);
// The spec sentence that decides a finding (its minimal case when minimised).
[[nodiscard]] std::string spec_sentence(const finding& f);
// "12.5" for 12.5.
[[nodiscard]] std::string number_text(double x);

// SGF text as it reads, with control characters visible: LF as ␊, CR as ␍, tab as ␉,
// other controls as their pictures (U+2400...), bytes that are not UTF-8 as ⟨HH⟩.
// Backslashes stay as they are, so SGF's escapes read as in the file.
[[nodiscard]] std::string visible_sgf(std::string_view bytes);

}  // namespace sgf::tools::diff
