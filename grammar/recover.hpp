#pragma once
// Recovery rules for real-world and broken files. The strict FF[4] rules (grammar/sgf.hpp)
// are never edited for leniency: everything that goes beyond them lives here, under its own
// name, so that an action can attach one diagnostic to exactly one kind of recovery.
//
// docs/sgfc_coverage.md maps every item of SGFC's error list (sgfc_doc.txt Appendix C) to
// the rule here that recovers from it, or to the checker, or says why it does not apply.
//
// These rules are tried only after the strict grammar failed (src/parse/parse.cpp), and by the
// node reader where its hand loop meets anything but the plain strict form (src/tree/
// node_reader.cpp: lenient_node_item): on a node the strict grammar accepted, `lenient_node`
// matches exactly what `node` matched (strict alternatives first).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "sgf.hpp"

namespace sgf::grammar {

// --- inside a node ------------------------------------------------------------------

// A value whose ']' never comes: it runs to the end of the file (E008).
struct rest_of_input {
    using rule_t = rest_of_input;
    using subs_t = pegtl::empty_list;
    template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class,
              template <typename...> class, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&...) noexcept {
        in.bump(in.size(0));
        return true;
    }
};
struct unclosed_prop_value : pegtl::seq<value_open, rest_of_input> {};
struct lenient_prop_value : pegtl::sor<prop_value, unclosed_prop_value> {};

// FF[1]-FF[3] identifiers may contain lowercase letters (`GaMe`, `CoPyright`) (E011).
struct any_prop_ident : pegtl::plus<pegtl::alpha> {};
struct lenient_property
    : pegtl::seq<any_prop_ident, ws, lenient_prop_value, pegtl::star<ws, lenient_prop_value>> {};
struct property_without_value : any_prop_ident {};                            // E009
struct value_without_property : pegtl::plus<lenient_prop_value, ws> {};       // E010

// Anything else up to the next token: ';' '(' ')' '[' a letter or white space (E012).
struct token_start : pegtl::sor<pegtl::one<';', '(', ')', '['>, pegtl::alpha, pegtl::space> {};
struct node_junk : pegtl::plus<pegtl::not_at<token_start>, pegtl::any> {};

// Words between properties ("C[hi] This is a note, sorry! B[aa]"): one finding for the
// whole run, not one per word (E012; E009 when every word is an identifier without a value,
// "AB AW B[aa]"). A word is a run of bytes other than white space and ';' '(' ')' '['; the
// run ends at ';' '(' ')' '[', the end, or a word followed by '[' (the next property, valid or
// not: "C1[x]" keeps its own findings). It matches two or more words, or one that mixes
// letters and other bytes ('"quoted"', ":b"); one plain word stays property_without_value
// (E009 "LB B[aa]"), one run without letters node_junk. A failed match has read one word
// only, so a node of N words takes linear time. Two more things belong to the run: a
// parenthesised group of words after a word ("Hello (world) ;W[bb]": no '(' ';' '[' inside,
// so no game tree), and the text before an identifier glued to the last word
// ("really.W[bb]": "really." is text, W[bb] the next property).
struct free_text {
    using rule_t = free_text;
    using subs_t = pegtl::empty_list;

    [[nodiscard]] static constexpr bool is_letter(char c) noexcept {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
    [[nodiscard]] static constexpr bool ends_run(char c) noexcept {
        return c == ';' || c == '(' || c == ')' || c == '[';
    }
    // Whether the words of a matched run are all identifiers (letters with an uppercase one).
    [[nodiscard]] static bool identifiers_only(const char* p, const char* e) noexcept {
        bool upper = false;
        for (; p < e; ++p) {
            if (is_white(*p)) {
                if (!upper) return false;
                p = skip_white(p, e) - 1;
                upper = false;
            } else if (!is_letter(*p)) {
                return false;
            } else {
                upper |= *p <= 'Z';
            }
        }
        return upper;
    }

    // The end of a parenthesised group of words at p ('('): after its ')', or nullptr when
    // it is no such group (it holds '(' ';' '[' or nothing but white space, or never closes).
    [[nodiscard]] static const char* group_end(const char* p, const char* e) noexcept {
        bool content = false;
        for (const char* q = p + 1; q < e; ++q) {
            if (*q == ')') return content ? q + 1 : nullptr;
            if (*q == '(' || *q == ';' || *q == '[') return nullptr;
            content |= !is_white(*q);
        }
        return nullptr;
    }

    template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class,
              template <typename...> class, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&...) noexcept {
        const char* const b = in.current();
        const char* const e = in.end();
        const char* p = b;
        const char* last = b;  // end of the last word
        std::size_t words = 0;
        bool letters = false, others = false;  // of the first word
        for (;;) {
            p = skip_white(p, e);
            if (p == e) break;
            if (*p == '(' && words > 0) {  // "(world)" after a word: part of the text
                const char* const g = group_end(p, e);
                if (g == nullptr) break;
                p = last = g;
                ++words;
                continue;
            }
            if (ends_run(*p)) break;
            const char* q = p;
            while (q < e && !is_white(*q) && !ends_run(*q)) {
                if (words == 0) (is_letter(*q) ? letters : others) = true;
                ++q;
            }
            const char* const r = skip_white(q, e);
            if (r < e && *r == '[') {
                // the next property starts with this word; text glued before its identifier
                // ("really.W") belongs to the run when the identifier has an uppercase letter
                const char* id = q;
                bool upper = false;
                while (id > p && is_letter(id[-1])) upper |= *--id <= 'Z';
                // (a single word keeps its findings: "C-X[x]" is C without a value and junk)
                if (upper && id > p && id < q && words > 0) {
                    last = id;
                    ++words;
                }
                break;
            }
            p = last = q;
            if (++words == 1 && !(letters && others)) {
                // one word: free text only if another follows
                const char* const n = skip_white(p, e);
                if (n == e || (ends_run(*n) && !(*n == '(' && group_end(n, e) != nullptr))) return false;
                const char* m = n;
                while (m < e && !is_white(*m) && !ends_run(*m)) ++m;
                const char* const after = skip_white(m, e);
                if (after < e && *after == '[') return false;
            }
        }
        if (words == 0) return false;
        in.bump(static_cast<std::size_t>(last - b));
        return true;
    }
};

// lenient_property matches every strict `property` the same way, and also takes a last
// value that is cut at end of file (`AB[aa][bb`), which `property` would leave behind.
struct lenient_node_item
    : pegtl::sor<lenient_property, free_text, property_without_value, value_without_property, node_junk> {};
// A node as found in files: the ';' may be missing right after '(' (E007).
struct lenient_node : pegtl::seq<pegtl::opt<node_open>, pegtl::star<ws, lenient_node_item>> {};

// --- between game trees and nodes -----------------------------------------------------

// Whether the '(' at p is followed by what reads as a Property: an identifier of uppercase
// letters, white space, '[' (000_* EBNF: Property = PropIdent PropValue { PropValue }). Such
// a '(' opens a game tree whose first ';' is missing (E007) wherever it stands, also between
// two game trees; text such as "(c) 2004" or "(see below)" is no property. Reads the
// identifier only (a run of letters is read once by each '(' before it: linear).
[[nodiscard]] inline bool opens_property(const char* p, const char* e) noexcept {
    const char* q = skip_white(p + 1, e);
    const char* const ident = q;
    while (q < e && *q >= 'A' && *q <= 'Z') ++q;
    if (q == ident) return false;
    q = skip_white(q, e);
    return q < e && *q == '[';
}

// Where the next game tree starts at or after p (e if none): a '(' followed by ';', or by a
// property (opens_property). Whether a top-level '(' that starts neither is text ("(c) 2004")
// or a game tree missing its ';' (E007) depends on it. It remembers its last answer, so the
// scans of one file together read each byte once: "(a)" repeated N times would otherwise take
// O(N^2) (fuzz/FUZZING.md, finding 1).
class next_tree_finder {
public:
    [[nodiscard]] const char* find(const char* p, const char* e) noexcept {
        if (from_ == nullptr || p < from_ || found_ < p) {
            from_ = p;
            found_ = scan(p, e);
        }
        return found_;
    }
    // The same without memory.
    [[nodiscard]] static const char* scan(const char* p, const char* e) noexcept {
        for (; p < e; ++p)
            if (*p == '(') {
                const char* q = skip_white(p + 1, e);
                if (q < e && *q == ';') return p;
                if (opens_property(p, e)) return p;
            }
        return e;
    }

private:
    const char* from_ = nullptr;
    const char* found_ = nullptr;
};

// Text outside any game tree (E002 before the first, E003 after the last): skipped up to
// the next game tree (next_tree_finder: a '(' in licence text such as "(c) 2004" does not
// start one).
struct outside_junk {
    using rule_t = outside_junk;
    using subs_t = pegtl::empty_list;
    template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class,
              template <typename...> class, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&...) noexcept {
        const char* const b = in.current();
        const char* const p = b < in.end() ? next_tree_finder::scan(b + 1, in.end()) : b;
        in.bump(static_cast<std::size_t>(p - b));
        return p != b;
    }
};

struct junk_before_tree : outside_junk {};  // E002
struct junk_after_tree : outside_junk {};   // E003

struct unmatched_tree_close : pegtl::one<')'> {};                         // E005
// E006 "()": plain one<> (not tree_open/tree_close) so no tree event fires on a partial match.
struct empty_game_tree : pegtl::seq<pegtl::one<'('>, ws, pegtl::one<')'>> {};
// "()" where a game tree of the collection was expected (E019): 000_* and 002_* alike give
// a game tree a (root) node; only 002_*'s Tail may be "()".
struct empty_top_tree : empty_game_tree {};
// A '(' inside a game tree, in a file with more '(' than ')', whose first node holds root
// properties: most likely the next game tree, after a missing ')' (E004 at it).
struct tree_close_missing_before : pegtl::success {};  // zero width
struct missing_node_open : pegtl::success {};                              // E007 (zero width)
struct tree_without_node : pegtl::success {};                              // E007 at ')' (zero width)
struct node_after_variation : pegtl::success {};                           // E013 (zero width)
struct extra_tree_open : pegtl::success {};                                // E018 (zero width)
struct implicit_tree_close : pegtl::success {};                            // closes the E013 variation
struct missing_tree_close : pegtl::success {};                             // E004 at end of input
struct tree_junk : pegtl::plus<pegtl::not_at<token_start>, pegtl::any> {}; // E012 between trees

// How many more '(' than ')' [p, e) holds outside values (0 when not more): whether a "(("
// inside a game tree is one '(' too many (E018) or a tree without a node (E007).
[[nodiscard]] inline std::size_t paren_surplus(const char* p, const char* e) noexcept {
    std::size_t opens = 0, closes = 0;
    while (p < e) {
        const char c = *p++;
        if (c == '(') ++opens;
        else if (c == ')') ++closes;
        else if (c == '[') {
            const char* const close = find_value_end(p, e);
            p = close < e ? close + 1 : e;
        }
    }
    return opens > closes ? opens - closes : 0;
}

// Whether the game tree whose '(' is at p starts with a node holding a root property of
// FF[4] (ff4_properties.txt, Root properties: AP CA FF GM ST SZ; FF[1]-FF[3] long names
// count by their uppercase letters). Reads that node only.
[[nodiscard]] inline bool starts_with_root_node(const char* p, const char* e) noexcept {
    p = skip_white(p + 1, e);
    if (p == e || *p != ';') return false;
    ++p;
    for (;;) {
        p = skip_white(p, e);
        char id[3] = {};
        std::size_t n = 0;
        const char* const start = p;
        for (; p < e && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')); ++p)
            if (*p <= 'Z' && n < 3) id[n++] = *p;
        if (p == start) return false;
        p = skip_white(p, e);
        if (p == e || *p != '[') return false;
        while (p < e && *p == '[') {
            const char* const close = find_value_end(p + 1, e);
            if (close >= e) return false;
            p = skip_white(close + 1, e);
        }
        if (n == 2) {
            const std::string_view ident(id, 2);
            for (const std::string_view root : {"AP", "CA", "FF", "GM", "ST", "SZ"})
                if (ident == root) return true;
        }
    }
}

// Collection, recovering: reads every game tree it can and resynchronises after each
// problem, so that one pass reports all of them. Like `game_tree`, it counts depth
// instead of recursing. The builder (src/parse/parse.cpp) mirrors the open/close events.
struct recovering_collection {
    using rule_t = recovering_collection;
    using subs_t = pegtl::type_list<ws, lenient_node, tree_open, tree_close, empty_game_tree, empty_top_tree>;

    enum : std::uint8_t { has_nodes = 1, has_variations = 2, implicit = 4, reported = 8 };

    // Over 80 lines on purpose: one loop over the collection's bytes whose branches share the
    // frame stack and the next-tree scan (splitting it would pass both to every piece).
    template <pegtl::apply_mode A, pegtl::rewind_mode, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
        constexpr auto R = pegtl::rewind_mode::required;
        auto run = [&](auto rule) {
            return Control<decltype(rule)>::template match<A, R, Action, Control>(in, st...);
        };
        std::vector<std::uint8_t> levels;  // one per open game tree, innermost last
        bool seen_tree = false;
        next_tree_finder next_tree;
        // '(' the file holds beyond its ')': that many "((" are one '(' too many (E018), so
        // that the game trees after them stay game trees
        std::size_t surplus = paren_surplus(in.current(), in.end());
        for (;;) {
            (void)run(ws{});
            if (in.empty()) {
                if (!levels.empty()) (void)run(missing_tree_close{});
                return true;
            }
            const char c = in.peek_char();
            if (c == '(') {
                // "((" where the parentheses do not balance: the first '(' is one too many
                // (E018 at it); it is dropped and this '(' read in its place.
                if (!levels.empty() && levels.back() == 0 && surplus > 0) {
                    (void)run(extra_tree_open{});
                    levels.pop_back();
                    --surplus;
                }
                // A '(' where the enclosing tree's first ';' was expected: E007 here, also
                // when what follows is "()" (E006), as for "((;B[aa]))".
                if (!levels.empty() && !(levels.back() & has_nodes) && !(levels.back() & reported)) {
                    (void)run(missing_node_open{});
                    levels.back() |= reported;
                }
                if (levels.empty() ? run(empty_top_tree{}) : run(empty_game_tree{})) continue;
                // a game tree whose first node holds root properties, inside another one, where
                // the file has a '(' for each open tree that was never closed: the next game
                // tree after a missing ')' (one finding), not a variation
                if (!levels.empty() && surplus >= levels.size() && (levels.back() & has_nodes) &&
                    starts_with_root_node(in.current(), in.end())) {
                    (void)run(tree_close_missing_before{});
                    surplus -= levels.size();
                    levels.clear();
                }
                if (levels.empty()) {
                    // a game tree: "(;", "((", "(" and a property ("(FF[4]...": its ';' is
                    // missing), or any '(' after which no game tree starts (the last one)
                    const char* q = skip_white(in.current() + 1, in.end());
                    const bool real = (q < in.end() && (*q == ';' || *q == '(')) ||
                                      opens_property(in.current(), in.end()) ||
                                      next_tree.find(in.current() + 1, in.end()) == in.end();
                    if (!real) {
                        (void)(seen_tree ? run(junk_after_tree{}) : run(junk_before_tree{}));
                        continue;
                    }
                } else {
                    levels.back() |= has_variations;
                }
                (void)run(tree_open{});
                levels.push_back(0);
                seen_tree = true;
                continue;
            }
            if (c == ')') {
                if (levels.empty()) {
                    (void)run(unmatched_tree_close{});
                    continue;
                }
                // the variations opened for nodes after variations (E013) end with the tree
                // that holds them: this ')' closes them all, then that tree
                while (levels.back() & implicit) {
                    (void)run(implicit_tree_close{});
                    levels.pop_back();
                }
                if (!(levels.back() & has_nodes) && !(levels.back() & reported)) (void)run(tree_without_node{});
                (void)run(tree_close{});
                levels.pop_back();
                continue;
            }
            if (levels.empty()) {
                (void)(seen_tree ? run(junk_after_tree{}) : run(junk_before_tree{}));
                continue;
            }
            {
                const bool token = c == ';' || c == '[' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
                if (!token) {
                    (void)run(tree_junk{});
                    continue;
                }
                if (levels.back() & has_variations) {
                    (void)run(node_after_variation{});
                    levels.push_back(implicit);
                } else if (c != ';' && !(levels.back() & has_nodes)) {
                    (void)run(missing_node_open{});
                    levels.back() |= reported;
                }
                (void)run(lenient_node{});
                levels.back() |= has_nodes;
            }
        }
    }
};

}  // namespace sgf::grammar
