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
#include <string>
#include <string_view>
#include <vector>

#include "tools/generate/generate.hpp"

namespace sgf::tools::diff {

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
};

struct run_info {
    std::string impl;            // the command as given
    std::string command_line;    // how to reproduce the run
    std::string gen_flags;       // sgfcheck gen options that reproduce a case besides its seed
    std::uint64_t seed = 0;
    std::uint64_t count = 0;
    std::size_t valid = 0, invalid = 0;
    std::size_t agree = 0;
    std::vector<std::string> features;  // value forms and tokens the run's cases covered
    double seconds = 0;
};

// Writes <dir>/report.md and <dir>/report.jsonl.
void write_report(const std::filesystem::path& dir, const run_info& run, const std::vector<finding>& findings);

// Printable ASCII with C escapes (\n \r \t \\ \xHH): any bytes, one line.
[[nodiscard]] std::string escaped(std::string_view bytes);

}  // namespace sgf::tools::diff
