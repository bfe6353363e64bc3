#pragma once
// The parser's entry for sources that are not plain file bytes: src/parse/load.cpp converts a
// UTF-16/32 (or GB18030, Shift_JIS, ...) file to UTF-8 as a whole and parses the result,
// with positions mapped back to the file through the source's offset map.
#include <memory>

#include "sgf/parse.hpp"
#include "table/findings.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

[[nodiscard]] parse_result parse_source(std::shared_ptr<const source> src, const parse_options& options);

// W001: the UTF-8 byte order mark at the start of `src`, as the parser reports it (also for
// a streamed file, check/stream.cpp).
void report_utf8_bom(findings& found, const source& src);

}  // namespace sgf::detail
