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

}  // namespace sgf::detail
