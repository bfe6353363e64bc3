#pragma once
// --format=sarif: SARIF 2.1.0 (OASIS), the format GitHub code scanning and other viewers
// read. One run; tool.driver.rules lists each code reported (id, meaning, spec source, a
// help URI into docs/diagnostics.md, default level); a result per finding with its code,
// level, message, and a region of startLine, startColumn (Unicode code points, as
// run.columnKind says) and byteOffset (the file's bytes). Results are written as they come,
// so a run over 100,000 files never holds them all.
#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/diagnostic.hpp"
#include "sgf/input.hpp"

namespace sgf::cli {

// Where docs/diagnostics.md is: CMake's SGF_DOCS_URL when the build set one; else the
// installed copy beside the program (BINDIR/../share/doc/sgfcheck, found from /proc/self/exe,
// so that an install under any prefix links into itself), else the source tree's (a program
// run from its build folder), else the configured install location. As a file:// URI.
[[nodiscard]] const std::string& docs_url();
// docs_url() + "#" + the code in lowercase.
[[nodiscard]] std::string code_help_uri(std::string_view code);

// A file name as a SARIF artifact URI: relative paths stay relative (percent-encoded),
// absolute ones become file:// URIs, stdin is "stdin".
[[nodiscard]] std::string sarif_uri(std::string_view file);

// One result object. `occurrence` counts earlier findings of the file with the same
// finding_key (baseline.hpp); it goes into partialFingerprints so that GitHub tells
// repeated findings apart without relying on line numbers.
// `bytes` are the file's bytes, `r` what sgf::load made of them.
[[nodiscard]] std::string sarif_result(const diagnostic& d, std::string_view uri, const load_result& r,
                                       std::string_view bytes, std::uint64_t fingerprint);

// A file that could not be read: invocations[0].toolExecutionNotifications, level error.
struct sarif_notification {
    std::string uri;      // sarif_uri of the file
    std::string message;  // why, naming the file
};

// Writes the log around the results: sarif_begin, then results separated by ",\n", then
// sarif_end with the codes reported (code -> level seen) and the files that could not be
// read (executionSuccessful is false when there are any).
void sarif_begin(std::ostream& os);
void sarif_end(std::ostream& os, const std::map<std::string, severity, std::less<>>& codes,
               const std::vector<sarif_notification>& unreadable);

}  // namespace sgf::cli
