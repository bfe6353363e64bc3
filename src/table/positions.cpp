// Line and column of the checker's findings: one forward pass per source over the bytes up
// to the last finding, jumping from line break to line break (16 bytes at a time), instead
// of a line table of the whole file. Counts exactly as source::position_of: LF, CR, CRLF
// and LFCR are one line break each (000_* "Formatting"); a test compares both.
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

void positions_of(const source& src, const std::vector<std::uint32_t>& offsets, std::vector<position>& out) {
    out.clear();
    out.reserve(offsets.size());
    if (src.synthetic || converted(src)) {
        for (const std::uint32_t o : offsets) out.push_back(src.position_of(o));
        return;
    }
    const char* const base = src.data();
    const char* const end = base + src.bytes.size();
    const char* p = base;             // scanned up to here
    const char* line_start = base;
    std::uint32_t line = 1;
    for (const std::uint32_t o : offsets) {
        const char* const target = base + std::min<std::size_t>(o, src.bytes.size());
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
            ++line;
            line_start = next;
            p = next;
        }
        out.push_back({o, line, static_cast<std::uint32_t>(target - line_start + 1)});
    }
}

}  // namespace sgf::detail
