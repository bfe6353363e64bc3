#pragma once
// The FF[4] grammar (../shared/spec/000_*, "EBNF definition"; ff4_sgf.txt "Basic (EBNF)
// Definition"), one PEGTL rule per production, strict: no real-world leniency here
// (that lives in grammar/recover.hpp under its own names).
//
// Private header: only src/ includes it; include/sgf/ never sees PEGTL.
#include <cstddef>

#include <tao/pegtl.hpp>

#include "value_scan.hpp"

namespace sgf::grammar {

namespace pegtl = tao::pegtl;

// 000_*: "White space (space, tab, carriage return, line feed, vertical tab and so on)
// may appear anywhere between PropValues, Properties, Nodes, Sequences and GameTrees";
// 001_*: "White space before or after tokens is ignored" (so also between PropIdent and
// its first PropValue). pegtl::space is exactly " \t\n\r\v\f" (is_white).
struct ws : pegtl::star<pegtl::space> {};

struct uc_letter : pegtl::range<'A', 'Z'> {};  // UcLetter = "A".."Z"
struct prop_ident : pegtl::plus<uc_letter> {};  // PropIdent = UcLetter { UcLetter }

// ValueType = (None | Number | Real | Double | Color | SimpleText | Text | Point | Move | Stone)
// Which of them a value is depends on its property, so at the level of syntax ValueType is
// what SimpleText and Text are: every byte sequence, here up to the unescaped ']' that ends
// the PropValue (001_* "literal string"). Any byte, NUL included. The typed productions
// (grammar/value_types.hpp, game_values.hpp) are what the decoding applies to it.
struct value_type {
    using rule_t = value_type;
    using subs_t = pegtl::empty_list;

    template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class,
              template <typename...> class, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&...) noexcept {
        const char* const p = in.current();
        const char* const q = find_value_end(p, in.end());
        if (q == in.end()) return false;  // not closed: no PropValue here
        in.bump(static_cast<std::size_t>(q - p));
        return true;
    }
};
// CValueType = (ValueType | Compose)
// The same bytes: a Compose is ValueType ":" ValueType, and a ':' is a byte of a ValueType
// (000_*: it separates a Compose only "if used in compose data type").
struct c_value_type : value_type {};

struct value_open : pegtl::one<'['> {};
struct value_close : pegtl::one<']'> {};
struct prop_value : pegtl::seq<value_open, c_value_type, value_close> {};  // PropValue = "[" CValueType "]"

// Property = PropIdent PropValue { PropValue }
struct property : pegtl::seq<prop_ident, ws, prop_value, pegtl::star<ws, prop_value>> {};

struct node_open : pegtl::one<';'> {};
struct node : pegtl::seq<node_open, pegtl::star<ws, property>> {};  // Node = ";" { Property }

struct sequence : pegtl::seq<node, pegtl::star<ws, node>> {};  // Sequence = Node { Node }

struct tree_open : pegtl::one<'('> {};
struct tree_close : pegtl::one<')'> {};

// GameTree = "(" Sequence { GameTree } ")"
// The production is recursive and a legal file may nest a million levels deep, so the
// recursion is matched with a depth counter instead of the C++ stack (design.md, "The
// EBNF is recursive, the input depth is unbounded"). The accepted language is exactly
// the production's; actions see the same tree_open / sequence / tree_close events.
struct game_tree {
    using rule_t = game_tree;
    using subs_t = pegtl::type_list<tree_open, ws, sequence, tree_close>;

    template <pegtl::apply_mode A, pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
        constexpr auto R = pegtl::rewind_mode::required;
        auto m = in.template mark<M>();
        if (!Control<tree_open>::template match<A, R, Action, Control>(in, st...)) return m(false);
        std::size_t depth = 1;
        for (;;) {
            // just after a "(": the Sequence
            if (!Control<ws>::template match<A, R, Action, Control>(in, st...) ||
                !Control<sequence>::template match<A, R, Action, Control>(in, st...))
                return m(false);
            for (;;) {  // { GameTree } ")"
                (void)Control<ws>::template match<A, R, Action, Control>(in, st...);
                if (Control<tree_open>::template match<A, R, Action, Control>(in, st...)) {
                    ++depth;
                    break;
                }
                if (!Control<tree_close>::template match<A, R, Action, Control>(in, st...)) return m(false);
                if (--depth == 0) return m(true);
            }
        }
    }
};

// Collection = GameTree { GameTree }
struct collection : pegtl::seq<ws, game_tree, pegtl::star<ws, game_tree>, ws> {};

// A whole file is one Collection and nothing else.
struct file : pegtl::seq<collection, pegtl::eof> {};

}  // namespace sgf::grammar
