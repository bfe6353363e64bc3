#pragma once
// The JSON tree used to compare implementations (design.md, "The JSON tree"):
// {"trees":[T,...]}, T = {"nodes":[{"ID":["value",...],...},...],"variations":[T,...]}.
// Values after escape processing (sgf::unescape), in file order, as UTF-8.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "sgf/diagnostic.hpp"
#include "sgf/tree.hpp"

namespace sgf {

// Bytes that are not valid UTF-8 are written as the Latin-1 character of the same number
// (never dropped); callers that know the charset convert values first.
[[nodiscard]] std::string to_json(const collection& c);

// The same, with each raw value first converted by `decode(tree, raw)` (tree = index of
// the top-level game tree), e.g. to UTF-8 through the file's charset (load_result::utf8).
using raw_decoder = std::function<std::string(std::size_t tree, std::string_view raw)>;
[[nodiscard]] std::string to_json(const collection& c, const raw_decoder& decode);

// Appends `s` as a JSON string literal (quotes included).
void append_json_string(std::string& out, std::string_view s);

// One diagnostic as a JSON object (one line of `sgfcheck --format=json`).
[[nodiscard]] std::string to_json(const diagnostic& d, std::string_view file);

}  // namespace sgf
