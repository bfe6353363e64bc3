#pragma once
// --baseline FILE: report only findings that an earlier `--format=json` run did not.
//
// A finding is identified by its file (as printed), its code NUMBER (not the letter: a
// profile that changes a level does not make a finding new) and its message, never by
// line or column, so that editing one part of a file (or a whole archive) does not turn
// every later finding into a "new" one. The same finding several times in one file is
// matched by count: with 2 in the baseline and 3 now, the first 2 (in file order) are
// known and the third is reported. Messages quote the offending value, so a changed
// value is a new finding.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "sgf/diagnostic.hpp"

namespace sgf::cli {

// "number\0message": the part of a finding's identity within one file.
[[nodiscard]] std::string finding_key(const diagnostic& d);
// A 64-bit fingerprint of (file, finding_key, occurrence): SARIF partialFingerprints.
[[nodiscard]] std::uint64_t finding_fingerprint(std::string_view file, std::string_view key, std::uint64_t occurrence);

struct baseline {
    // file -> finding_key -> how many times it was reported
    std::unordered_map<std::string, std::unordered_map<std::string, std::uint64_t>> files;
    std::uint64_t findings = 0;
};

// Reads JSON Lines as `sgfcheck --format=json` writes them; records without file, code and
// message (the summary, statistics) are skipped. Throws usage_error naming the line of a
// line that is not JSON.
[[nodiscard]] baseline read_baseline(const std::string& path);

}  // namespace sgf::cli
