// Fuzz target check: the checker (include/sgf/check.hpp) and check_file, on any input.
//
// Invariants, for each profile (ff4, current, hex) and with and without the Go replay:
//   1. check() returns (no crash, hang or sanitizer report) on whatever tree the parser
//      recovered, strict or lenient;
//   2. every finding has a code of the table (all_rules, letter = level), a message, a level that is
//      error, warning or info, and a position inside the input (byte <= size, line and
//      column >= 1); findings come sorted by byte offset;
//   3. check is a function of the tree: the same collection checked twice, or a copy of
//      it, gives the same findings;
//   4. check_file (input stage + parser + checker) reports the parser's and the
//      checker's findings together: at least as many errors as the parser alone on the
//      same text when the input needs no conversion.
#include "fuzz_common.hpp"
#include "sgf/check.hpp"
#include "sgf/check_file.hpp"

namespace {

std::string signature(const std::vector<sgf::diagnostic>& ds) {
    std::string s;
    for (const auto& d : ds) s += std::string(d.code) + '@' + std::to_string(d.where.byte) + ' ' + d.message + '\n';
    return s;
}

void check_findings(const std::vector<sgf::diagnostic>& ds, std::size_t size, const std::string& ctx) {
    std::uint64_t last = 0;
    for (const auto& d : ds) {
        const std::string what = std::string(d.code) + " at byte " + std::to_string(d.where.byte) + "; " + ctx;
        SGF_FUZZ_CHECK(sgf::find_rule(d.code) != nullptr && d.code == sgf::code_of(d.id, d.level),
                       "code not in the table, or its letter is not its level: " + what);
        SGF_FUZZ_CHECK(d.message.find_first_of("\n\r") == std::string::npos, "message on two lines: " + what);
        SGF_FUZZ_CHECK(!d.message.empty(), "finding without a message: " + what);
        SGF_FUZZ_CHECK(d.level == sgf::severity::error || d.level == sgf::severity::warning ||
                           d.level == sgf::severity::info,
                       "finding with level off: " + what);
        SGF_FUZZ_CHECK(d.where.byte <= size && d.where.line >= 1 && d.where.column >= 1, "position outside: " + what);
        SGF_FUZZ_CHECK(d.where.byte >= last, "findings not sorted: " + what);
        last = d.where.byte;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const std::string ctx = "input: " + sgf_fuzz::printable(input);
    // Every combination on what libFuzzer makes (at most 64 KB); the generated big inputs of
    // fuzz/regressions/generated.txt (a million nodes) get the default one.
    const bool all = size <= (std::size_t{1} << 16);
    for (const bool lenient : {false, true}) {
        if (lenient && !all) break;
        const sgf::parse_result r = sgf::parse(input, {.lenient = lenient});
        for (const sgf::profile p : {sgf::profile::ff4, sgf::profile::current, sgf::profile::hex}) {
            for (const bool replay : {true, false}) {
                if (!all && (p != sgf::profile::ff4 || !replay)) continue;
                if (!replay && p != sgf::profile::ff4) continue;
                const std::vector<sgf::diagnostic> first = sgf::check(r.trees, {p, replay});
                check_findings(first, size, ctx);
                if (!all) continue;
                const sgf::collection copy = r.trees;  // O(1): shares the nodes
                SGF_FUZZ_CHECK(signature(sgf::check(copy, {p, replay})) == signature(first),
                               "check is not a function of the tree; " + ctx);
            }
        }
    }
    const sgf::file_check fc = sgf::check_file(sgf::file_bytes(input));
    check_findings(fc.diagnostics, size, ctx);
    if (!fc.loaded.converted) {
        const sgf::parse_result plain = sgf::parse(input);
        std::size_t parser_errors = 0, all_errors = 0;
        for (const auto& d : plain.diagnostics) parser_errors += d.level == sgf::severity::error;
        for (const auto& d : fc.diagnostics) all_errors += d.level == sgf::severity::error;
        SGF_FUZZ_CHECK(all_errors >= parser_errors, "check_file lost parser errors; " + ctx);
    }
    return 0;
}
