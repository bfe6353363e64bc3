#pragma once
// One definition of a line break inside a value (000_* "Text": LF, CR, CRLF and LFCR each
// count as one), for unescaping (src/tree/value.cpp) and the decoder's offset map
// (src/values/decode.cpp). A lexical rule, so in grammar/, below both.
#include <cstddef>
#include <string_view>

namespace sgf::detail {

// Length of the line break starting at s[i] (LF, CR, CRLF, LFCR), or 0.
[[nodiscard]] inline std::size_t line_break_at(std::string_view s, std::size_t i) noexcept {
    const char c = s[i];
    if (c != '\n' && c != '\r') return 0;
    if (i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != c) return 2;
    return 1;
}

}  // namespace sgf::detail
