#pragma once
// Text as sgfcheck's text output shows it, for every front end that prints: file names made
// safe for a terminal, counts with thousands separators, and the display width of a
// character (the excerpt under a finding lines its caret up with it).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace sgf::app {

// A file name (or a message naming one) as text output shows it: on one line, so that every
// header stays one `file:line:col:` line, and with nothing for a terminal to act on: \n, \r,
// \t as values in messages are (detail::one_line), other control characters (C0, DEL, C1)
// and bytes that are not UTF-8 as \xhh, so that a name cannot move the cursor, change colours
// or retitle the terminal. JSON and SARIF carry names as they are.
[[nodiscard]] std::string printable(std::string_view name);

// 1234567 -> "1,234,567".
[[nodiscard]] std::string grouped(std::uint64_t n);

// The display width of the UTF-8 sequence at s[i] (wide East Asian characters take 2) and
// its length in bytes; a byte that starts no valid sequence is {1, 1}.
[[nodiscard]] std::pair<std::size_t, std::size_t> glyph(std::string_view s, std::size_t i);

}  // namespace sgf::app
