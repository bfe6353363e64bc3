#pragma once
// Compile-time registry: every production of grammar/sgf.ebnf with the rule that
// implements it, so that tests/grammar_test.cpp can check that the EBNF file and the
// rules cover each other exactly (design.md: "a test checks every production has a
// rule of the same name"). Each is a rule the product runs: the parser (sgf.hpp: the
// structure, ValueType and CValueType as the bytes of a value) or the decoding of typed
// values (value_types.hpp, game_values.hpp); the test also holds the value types to the
// decoding's verdicts.
//
// Rule names are the snake_case of the EBNF names, with one exception: Double is
// double_ (C++ keyword). Point, Move and Stone are the game-specific productions, one
// rule per syntax of the game rows, listed with those of the FF[4] default game (GM[1],
// Go). Template arguments are not part of a rule's name.
#include <array>
#include <cstddef>
#include <string_view>

#include <tao/pegtl.hpp>
#include <tao/pegtl/demangle.hpp>

#include "game_values.hpp"
#include "sgf.hpp"
#include "value_types.hpp"

namespace sgf::grammar {

namespace detail {
// A string literal usable as a template argument.
template <std::size_t N>
struct fixed_name {
    char chars[N]{};
    constexpr fixed_name(const char (&s)[N]) noexcept {  // NOLINT(google-explicit-constructor)
        for (std::size_t i = 0; i < N; ++i) chars[i] = s[i];
    }
    [[nodiscard]] constexpr std::string_view view() const noexcept { return {chars, N - 1}; }
};
}  // namespace detail

// One EBNF production and its rule.
template <detail::fixed_name EbnfName, typename Rule>
struct production {
    static constexpr std::string_view ebnf_name = EbnfName.view();
    using rule = Rule;
};

struct production_info {
    std::string_view ebnf_name;  // as in grammar/sgf.ebnf, e.g. "PropIdent"
    std::string_view rule_name;  // pegtl::demangle<Rule>(), e.g. "sgf::grammar::prop_ident"
};

template <typename... Productions>
struct production_registry {
    using rules = pegtl::type_list<typename Productions::rule...>;
    static constexpr std::array<production_info, sizeof...(Productions)> infos{
        {{Productions::ebnf_name, pegtl::demangle<typename Productions::rule>()}...}};
};

// In the order of grammar/sgf.ebnf.
using production_list = production_registry<
    production<"Collection", collection>,
    production<"GameTree", game_tree>,
    production<"Sequence", sequence>,
    production<"Node", node>,
    production<"Property", property>,
    production<"PropIdent", prop_ident>,
    production<"PropValue", prop_value>,
    production<"CValueType", c_value_type>,
    production<"ValueType", value_type>,
    production<"UcLetter", uc_letter>,
    production<"Digit", digit>,
    production<"None", none>,
    production<"Number", number>,
    production<"Real", real>,
    production<"Double", double_>,
    production<"Color", color>,
    production<"SimpleText", simple_text>,
    production<"Text", text>,
    production<"Point", point<point_syntax::letter_pair>>,
    production<"Move", move<move_syntax::go>>,
    production<"Stone", stone<stone_syntax::point, point_syntax::letter_pair>>,
    production<"Compose", compose>>;

using all_productions = production_list::rules;
inline constexpr auto productions = production_list::infos;

// The rule name without namespace and template arguments:
// "sgf::grammar::point<sgf::point_syntax::letter_pair>" -> "point".
[[nodiscard]] constexpr std::string_view unqualified_rule_name(std::string_view demangled) noexcept {
    if (const auto lt = demangled.find('<'); lt != std::string_view::npos) demangled = demangled.substr(0, lt);
    if (const auto colons = demangled.rfind("::"); colons != std::string_view::npos)
        demangled = demangled.substr(colons + 2);
    return demangled;
}

}  // namespace sgf::grammar
