#include "tree/source.hpp"

#include <algorithm>
#include <cstring>

namespace sgf::detail {

namespace {

// Whether any of the 8 bytes of `w` is LF or CR (the zero-byte test of w ^ each).
[[nodiscard]] bool has_line_break(std::uint64_t w) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    const std::uint64_t lf = w ^ (ones * '\n'), cr = w ^ (ones * '\r');
    return (((lf - ones) & ~lf) | ((cr - ones) & ~cr)) & highs;
}

}  // namespace

std::vector<std::uint32_t> line_starts(std::string_view bytes) {
    std::vector<std::uint32_t> starts{0};
    const std::size_t n = bytes.size();
    for (std::size_t i = 0; i < n;) {
        // Lines are ~40-80 bytes: 8 bytes at a time, byte by byte only through a word that
        // holds a line break (and the last few bytes).
        if (i + 8 <= n) {
            std::uint64_t w;
            std::memcpy(&w, bytes.data() + i, 8);
            if (!has_line_break(w)) {
                i += 8;
                continue;
            }
        }
        for (const std::size_t stop = std::min(n, i + 8); i < stop; ++i) {
            const char c = bytes[i];
            if (c != '\n' && c != '\r') continue;
            // CRLF and LFCR are one line break each (000_* "Formatting").
            if (i + 1 < n && (bytes[i + 1] == '\n' || bytes[i + 1] == '\r') && bytes[i + 1] != c) ++i;
            starts.push_back(static_cast<std::uint32_t>(i + 1));
        }
    }
    return starts;
}

position position_from_lines(const std::vector<std::uint32_t>& starts, std::uint64_t offset) {
    const auto it = std::upper_bound(starts.begin(), starts.end(), offset);
    const auto line = static_cast<std::size_t>(it - starts.begin());  // >= 1: starts[0] == 0
    return {offset, static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(offset - starts[line - 1] + 1)};
}

position source::position_of(std::uint64_t offset) const {
    if (synthetic) return {};
    std::call_once(lines_once_, [this] { line_starts_ = line_starts(bytes); });
    position p = position_from_lines(line_starts_, offset);
    if (original) {
        // Line 1 starts at the file's first byte (before any BOM the conversion skipped).
        const std::size_t line_start = p.line == 1 ? 0 : original->to_source(line_starts_[p.line - 1]);
        p.byte = original->to_source(static_cast<std::size_t>(offset));
        p.column = static_cast<std::uint32_t>(p.byte - line_start + 1);
    }
    return p;
}

}  // namespace sgf::detail
