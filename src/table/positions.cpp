// Line and column of the findings: one forward pass over the bytes up to the last finding,
// jumping from line break to line break (16 bytes at a time), instead of a line table of
// the whole file; a streamed file is counted the same way, window by window. Counts exactly as source::position_of: LF, CR, CRLF
// and LFCR are one line break each (000_* "Formatting"); a test compares both.
#include <algorithm>
#include <cstring>

#include "table/findings.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sgf::detail {

namespace {

// The first '\n' or '\r' in [p, end), or end.
const char* next_break(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const int m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        if (m != 0) return p + __builtin_ctz(static_cast<unsigned>(m));
        p += 16;
    }
#endif
    while (p < end && *p != '\n' && *p != '\r') ++p;
    return p;
}

// Whether the converted-charset offset map exists in this build's source (another part of
// the library may add it): positions then go through source::position_of.
template <class S>
bool converted(const S& s) {
    if constexpr (requires { s.original; }) return s.original != nullptr;
    return false;
}

}  // namespace

position line_counter::at(const char* window, const char* window_end, std::uint64_t window_at,
                          std::uint64_t offset) {
    const char* const end = window_end;
    const char* p = window + (scanned_ - window_at);  // scanned up to here
    const char* const target = window + (std::min<std::uint64_t>(offset, window_at + static_cast<std::uint64_t>(window_end - window)) - window_at);
    for (;;) {
        const char* b = next_break(p, target);
        if (b >= target) {
            p = target;
            break;
        }
        // a CRLF or LFCR pair is one break; the next line starts after it
        const char* next = b + 1;
        if (next < end && (*next == '\n' || *next == '\r') && *next != *b) ++next;
        if (next > target) {  // the target is the second byte of a pair: still this line
            p = b;
            break;
        }
        ++line_;
        line_start_ = window_at + static_cast<std::uint64_t>(next - window);
        p = next;
    }
    scanned_ = window_at + static_cast<std::uint64_t>(p - window);
    const std::uint64_t at = window_at + static_cast<std::uint64_t>(target - window);
    return {offset, line_, static_cast<std::uint32_t>(at - line_start_ + 1)};
}

void positions_of(const source& src, const std::vector<std::uint32_t>& offsets, std::vector<position>& out) {
    out.clear();
    out.reserve(offsets.size());
    if (src.synthetic || converted(src)) {
        for (const std::uint32_t o : offsets) out.push_back(src.position_of(o));
        return;
    }
    const char* const base = src.data();
    const char* const end = base + src.bytes.size();
    line_counter lines;
    for (const std::uint32_t o : offsets) out.push_back(lines.at(base, end, 0, o));
}

}  // namespace sgf::detail
