#pragma once
// The FF[4] property value types (../shared/spec/000_* "Property Value Types";
// ff4_sgf.txt section 3), one PEGTL rule per production, strict: the rules the product's
// decoding runs (src/values/), and nothing else. The game-specific Point, Move and Stone are
// in grammar/game_values.hpp, the formats of DT, RE, TM, SZ, ... in grammar/value_formats.hpp.
//
// These rules type the contents of one PropValue, after the structural grammar
// (grammar/sgf.hpp: ValueType, CValueType) has found where it ends; src/values/decode.hpp
// runs a rule on the value as a whole (seq<Rule, eof>). Number, Real, Double and Color
// contain no character that needs escaping, so they see the value after escape processing
// (for the common escape-free value raw and decoded are the same bytes). SimpleText and Text
// accept every value; the decoding does the rest (line breaks, white space: sgf/value.hpp).
// Compose splits at the first unescaped ':' and so needs the raw value (escapes intact).
//
// Private header: only src/ and tests include it; include/sgf/ never sees PEGTL.
#include <cstddef>

#include <tao/pegtl.hpp>

#include "value_scan.hpp"

namespace sgf::grammar {

namespace pegtl = tao::pegtl;

struct digit : pegtl::range<'0', '9'> {};  // Digit = "0".."9"
struct none : pegtl::success {};            // None = ""

struct sign : pegtl::one<'+', '-'> {};
struct number : pegtl::seq<pegtl::opt<sign>, pegtl::plus<digit>> {};  // Number = [("+"|"-")] Digit { Digit }

struct fraction : pegtl::seq<pegtl::one<'.'>, pegtl::plus<digit>> {};
struct real : pegtl::seq<number, pegtl::opt<fraction>> {};  // Real = Number ["." Digit { Digit }]

// `double` is a C++ keyword, hence the trailing underscore (the only rule whose name is
// not exactly the snake_case of its EBNF name; productions.hpp and the test know).
struct double_ : pegtl::one<'1', '2'> {};  // Double = ("1" | "2")
struct color : pegtl::one<'B', 'W'> {};    // Color = ("B" | "W")

// SimpleText and Text: any bytes, NUL included; "\" escapes any following byte, so
// every byte sequence is well-formed (a raw value cannot end in an unpaired "\", and a
// decoded one may). One bump to the end of the input instead of a rule call per byte.
// The differences (line breaks and white space to space, soft line breaks) are
// decoding, not syntax. The decoding runs them when every value goes through its rule
// (decode_options::rules_only); otherwise it knows they match.
struct any_text {
    using rule_t = any_text;
    using subs_t = pegtl::empty_list;

    template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class,
              template <typename...> class, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&...) noexcept {
        in.bump(static_cast<std::size_t>(in.end() - in.current()));
        return true;
    }
};
struct simple_text : any_text {};  // SimpleText = { any character (handling see below) }
struct text : any_text {};         // Text = { any character (handling see below) }

// ---- Compose -----------------------------------------------------------------------

// The ValueType before the separator: the bytes up to the first unescaped ':' (000_*: a ':'
// inside a composed SimpleText or Text must be escaped).
struct compose_first {
    using rule_t = compose_first;
    using subs_t = pegtl::empty_list;

    template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class,
              template <typename...> class, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&...) noexcept {
        const char* const colon = find_unescaped_colon(in.current(), in.end());
        if (colon == in.end()) return false;  // no separator: no Compose
        in.bump(static_cast<std::size_t>(colon - in.current()));
        return true;
    }
};
struct compose_separator : pegtl::one<':'> {};
// The ValueType after it: the rest of the value, with no other unescaped ':' (a second one
// makes no single valid split: E107 in a composed text, one text in the JSON tree). Which
// ValueType each part is comes from the property's value type: the decoding splits with
// sgf::split_compose (the same find_unescaped_colon) and decodes each part by its kind.
struct compose_second {
    using rule_t = compose_second;
    using subs_t = pegtl::empty_list;

    template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class,
              template <typename...> class, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&...) noexcept {
        if (find_unescaped_colon(in.current(), in.end()) != in.end()) return false;
        in.bump(static_cast<std::size_t>(in.end() - in.current()));
        return true;
    }
};
struct compose : pegtl::seq<compose_first, compose_separator, compose_second> {};  // Compose = ValueType ":" ValueType

}  // namespace sgf::grammar
