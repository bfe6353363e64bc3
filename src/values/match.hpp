#pragma once
// Whether a text is exactly one value-type production: the grammar rule itself, run
// without actions (no typed value, no message) for the checker's hot path. The rule stays
// the single definition of the syntax (decode.cpp runs the same rule with actions).
#include <cstdint>
#include <optional>
#include <string_view>

#include <tao/pegtl.hpp>

#include "grammar/value_types.hpp"
#include "sgf/properties.hpp"

namespace sgf::detail {

template <typename Rule>
[[nodiscard]] inline bool matches(std::string_view t) noexcept {
    tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy, tao::pegtl::eol::lf_crlf, const char*> in(
        t.data(), t.data() + t.size(), "");
    // No actions and nothing to rewind to: the plain match.
    return tao::pegtl::parse<tao::pegtl::seq<Rule, tao::pegtl::eof>, tao::pegtl::nothing, tao::pegtl::normal,
                             tao::pegtl::apply_mode::nothing, tao::pegtl::rewind_mode::dontcare>(in);
}

// Number = ["+"|"-"] Digit { Digit }
[[nodiscard]] inline bool is_number_text(std::string_view t) noexcept { return matches<grammar::number>(t); }
// Real = Number ["." Digit {Digit}]
[[nodiscard]] inline bool is_real_text(std::string_view t) noexcept { return matches<grammar::real>(t); }

// The common Go point, two lower-case letters (a-z = 1-26): the fast path of
// grammar::letter_pair_point for the checker's hot path. Upper-case letters (27-52) and
// anything else return nullopt and go to the rule. tests/typed_value_test.cpp checks it
// against the rule on every corpus value, the values fuzz target on any bytes.
[[nodiscard]] constexpr std::optional<board_point> lower_letter_pair(std::string_view t) noexcept {
    if (t.size() != 2 || static_cast<unsigned char>(t[0] - 'a') >= 26 || static_cast<unsigned char>(t[1] - 'a') >= 26)
        return std::nullopt;
    return board_point{static_cast<std::uint32_t>(t[0] - 'a' + 1), static_cast<std::uint32_t>(t[1] - 'a' + 1)};
}

// The common Number, a sign and at most 18 digits (no saturation): the fast path of
// grammar::number for typed values. Anything else returns nullopt and goes to the rule.
// tests/typed_value_test.cpp and the values fuzz target hold it to the rule.
[[nodiscard]] constexpr std::optional<std::int64_t> plain_number(std::string_view t) noexcept {
    std::size_t i = !t.empty() && (t[0] == '+' || t[0] == '-') ? 1 : 0;
    if (t.size() == i || t.size() - i > 18) return std::nullopt;
    std::int64_t v = 0;
    for (std::size_t k = i; k < t.size(); ++k) {
        const auto d = static_cast<unsigned char>(t[k] - '0');
        if (d > 9) return std::nullopt;
        v = v * 10 + d;
    }
    return t[0] == '-' ? -v : v;
}

// Whether a text is a short Real (at most 24 bytes: no overflow or underflow), the fast path
// of grammar::real (and of TM's time without a unit); its value is real_value's.
[[nodiscard]] constexpr bool is_plain_real(std::string_view t) noexcept {
    if (t.empty() || t.size() > 24) return false;
    std::size_t i = t[0] == '+' || t[0] == '-' ? 1 : 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < t.size() && static_cast<unsigned char>(t[i] - '0') <= 9) ++i;
        return i > from;
    };
    if (!digits()) return false;
    if (i == t.size()) return true;
    if (t[i] != '.') return false;
    ++i;
    return digits() && i == t.size();
}

}  // namespace sgf::detail
