#pragma once
// --format=sarif: SARIF 2.1.0 (OASIS), the format GitHub code scanning and other viewers
// read. One run; tool.driver.rules lists each code reported (id, meaning, spec source, a
// help of meaning, fix and the spec's sentence, a helpUri into the hosted
// docs/diagnostics.md when the build names one, default level); a result per finding with
// its code, level, message, and a region of startLine, startColumn (Unicode code points, as
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

// The docs page of a code: CMake's SGF_DOCS_URL (the hosted docs/diagnostics.md) + "#" +
// the code in lowercase; empty when the build set no URL (helpUri is then left out: a
// file:// path on the build machine is a dead link in a code-scanning page).
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
