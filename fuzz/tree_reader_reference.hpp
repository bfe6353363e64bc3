#pragma once
// The definition parse_game_tree (src/parse/parse_tree.hpp) is checked against: the grammar's
// own rule grammar::game_tree (the FF[4] GameTree production, grammar/sgf.hpp) after white
// space, run with actions that record the same events (parse/tree_events.hpp: an open entry
// per '(', a node per ';', a close entry per ')'). Used by tests/check_stream_test.cpp and the
// stream fuzz target; the library itself never runs this.
#include <cstdint>
#include <string>
#include <vector>

#include "grammar/sgf.hpp"
#include "parse/parse_tree.hpp"
#include "parse/tree_events.hpp"

namespace sgf_reference {

namespace tree_detail {
namespace pegtl = tao::pegtl;
struct state {
    const char* base;
    sgf::detail::tree_events& out;
};
template <typename Rule>
struct action : pegtl::nothing<Rule> {};
template <>
struct action<sgf::grammar::tree_open> {
    template <typename In>
    static void apply(const In&, state& s) { s.out.open(); }
};
template <>
struct action<sgf::grammar::node_open> {
    template <typename In>
    static void apply(const In& in, state& s) { s.out.node(static_cast<std::uint32_t>(in.begin() - s.base)); }
};
template <>
struct action<sgf::grammar::tree_close> {
    template <typename In>
    static void apply(const In&, state& s) { s.out.close(); }
};
struct ws_game_tree : pegtl::seq<sgf::grammar::ws, sgf::grammar::game_tree> {};
}  // namespace tree_detail

// parse_game_tree's contract, read by the grammar: the game tree after white space at
// `from` of [base, end), its events into `out`; where it ends, or nullptr.
inline const char* game_tree_by_grammar(const char* base, const char* from, const char* end,
                                        sgf::detail::tree_events& out) {
    namespace pegtl = tao::pegtl;
    out.clear();
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf> in(from, end, "");
    tree_detail::state s{base, out};
    if (!pegtl::parse<tree_detail::ws_game_tree, tree_detail::action>(in, s)) return nullptr;
    return in.current();
}

// Where the two readers first differ on the game trees of `bytes` read one after another
// from its start (a std::string: a NUL after its end, as a window has): an empty string when
// they agree on every one (verdict, end, events). `trees` counts the game trees compared.
inline std::string compare_tree_readers(const std::string& bytes, std::size_t& trees) {
    sgf::detail::tree_events a, b;
    const char* const base = bytes.data();
    const char* const end = base + bytes.size();
    const char* p = base;
    while (p < end) {
        const char* const x = sgf::detail::parse_game_tree(base, p, end, a);
        const char* const y = game_tree_by_grammar(base, p, end, b);
        const std::string at = "the game tree after byte " + std::to_string(p - base);
        if (x != y)
            return at + ": parse_game_tree ends at " + (x ? std::to_string(x - base) : "nullptr") +
                   ", grammar::game_tree at " + (y ? std::to_string(y - base) : "nullptr");
        ++trees;
        if (x == nullptr) break;
        const auto ea = a.items(), eb = b.items();
        if (std::vector<std::uint32_t>(ea.begin(), ea.end()) != std::vector<std::uint32_t>(eb.begin(), eb.end()))
            return at + ": parse_game_tree's events differ from grammar::game_tree's";
        p = x;
    }
    return {};
}

}  // namespace sgf_reference
