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
//
// A finding repeated in one file that the checker prints once ("... (and N more in this
// file)", JSON "count": N+1) and the "N more E201 findings ... not listed" line past the
// listing cap are matched by their count the same way: the count is no part of the identity
// (finding_key leaves it out of the message), the baseline's counts add up, and what the
// baseline does not cover is reported with the rest of the count (with_count).
//
// File names: as printed in JSON, where a byte that is not UTF-8 is \udc80-\udcff
// (append_json_path); the reader turns those back into the bytes.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "sgf/diagnostic.hpp"

namespace sgf::cli {

// "number\0message": the part of a finding's identity within one file (counts left out of
// the message of a grouped finding).
[[nodiscard]] std::string finding_key(const diagnostic& d);
// `d` standing for `count` findings (1 <= count), its message saying so as the checker
// would have said it (src/table/findings.cpp).
[[nodiscard]] diagnostic with_count(const diagnostic& d, std::uint64_t count);
// A 64-bit fingerprint of (file, finding_key, occurrence): SARIF partialFingerprints.
[[nodiscard]] std::uint64_t finding_fingerprint(std::string_view file, std::string_view key, std::uint64_t occurrence);

struct baseline {
    // file -> finding_key -> how many findings it stood for
    std::unordered_map<std::string, std::unordered_map<std::string, std::uint64_t>> files;
    std::uint64_t findings = 0;
};

// Reads JSON Lines as `sgfcheck --format=json` writes them; records without file, code and
// message (the summary, statistics) are skipped. Throws usage_error naming the line of a
// line that is not JSON.
[[nodiscard]] baseline read_baseline(const std::string& path);

}  // namespace sgf::cli
