// parse_game_tree: grammar::game_tree with actions that record the events of one game tree.
#include "parse/parse_tree.hpp"

#include "grammar/sgf.hpp"

namespace sgf::detail {

namespace {

namespace pegtl = tao::pegtl;

struct tree_state {
    const char* base;
    tree_events& out;
};

template <typename Rule>
struct event_action : pegtl::nothing<Rule> {};
template <>
struct event_action<grammar::tree_open> {
    template <typename In>
    static void apply(const In&, tree_state& s) { s.out.open(); }
};
template <>
struct event_action<grammar::node_open> {
    template <typename In>
    static void apply(const In& in, tree_state& s) { s.out.node(static_cast<std::uint32_t>(in.begin() - s.base)); }
};
template <>
struct event_action<grammar::tree_close> {
    template <typename In>
    static void apply(const In&, tree_state& s) { s.out.close(); }
};

// White space, then one GameTree: the Collection's `ws game_tree` step (grammar/sgf.hpp).
struct next_game_tree : pegtl::seq<grammar::ws, grammar::game_tree> {};

}  // namespace

const char* parse_game_tree(const char* base, const char* from, const char* end, tree_events& out) {
    out.clear();
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf> in(from, end, "");
    tree_state s{base, out};
    if (!pegtl::parse<next_game_tree, event_action>(in, s)) return nullptr;
    return in.current();
}

}  // namespace sgf::detail
