// The one number parser and the one real parser (values/decode.hpp): the values of the
// texts the grammar's Number and Real rules matched, for the rules' actions, their fast
// paths (values/match.hpp) and sgf::parse_number / sgf::parse_real. Apart from decode.cpp
// so that the decoder stays under 500 lines.
#include <charconv>
#include <cstdint>
#include <limits>
#include <string_view>

#include "values/decode.hpp"

namespace sgf::detail {

// Number = ["+"|"-"] Digit { Digit }: saturating at the int64 limits (a number past them is
// still a Number; ranges say whether it is allowed).
std::int64_t number_value(std::string_view t) noexcept {
    std::size_t i = 0;
    bool negative = false;
    if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
        negative = t[0] == '-';
        i = 1;
    }
    constexpr auto limit = std::numeric_limits<std::int64_t>::max();
    std::int64_t v = 0;
    for (; i < t.size(); ++i) {
        const int d = t[i] - '0';
        v = v > (limit - d) / 10 ? limit : v * 10 + d;
    }
    return negative ? -v : v;
}

double real_value(std::string_view matched) noexcept {
    // At most 15 digits: the digits as an integer m and the fraction's length k give m and
    // 10^k exactly as doubles, and m / 10^k is the correctly rounded value (Clinger's fast
    // path), which is what from_chars gives; the rest goes to from_chars.
    if (matched.size() <= 16) {
        static constexpr double powers[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
        std::size_t i = !matched.empty() && (matched[0] == '+' || matched[0] == '-') ? 1 : 0;
        std::uint64_t m = 0;
        std::size_t digits = 0, fraction = 0;
        bool dot = false, plain = i < matched.size();
        for (; i < matched.size() && plain; ++i) {
            const auto d = static_cast<unsigned char>(matched[i] - '0');
            if (d <= 9) {
                m = m * 10 + d;
                ++digits;
                fraction += dot ? 1 : 0;
            } else if (matched[i] == '.' && !dot) {
                dot = true;
            } else {
                plain = false;
            }
        }
        if (plain && digits >= 1 && digits <= 15) {
            const double v = static_cast<double>(m) / powers[fraction];
            return matched[0] == '-' ? -v : v;
        }
    }
    const char* b = matched.data();
    const char* e = b + matched.size();
    if (b < e && *b == '+') ++b;  // from_chars reads no '+'
    double d = 0;
    const auto r = std::from_chars(b, e, d);
    if (r.ec == std::errc::result_out_of_range) d = (*b == '-' ? -1 : 1) * std::numeric_limits<double>::infinity();
    return d;
}

}  // namespace sgf::detail
