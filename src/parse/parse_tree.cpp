// parse_game_tree: one GameTree read by a loop over its structure and the one node reader
// (include/sgf/detail/node_reader.hpp) for its nodes, which must read every property in the
// strict form. It accepts exactly what grammar::game_tree accepts, with the same events
// (tests/check_stream_test.cpp compares the two on the corpus and on generated shapes); it
// is the grammar's GameTree production read the way the node reader reads Node: one pass
// over the bytes, no rule call per token, no recursion (a depth count, as game_tree has).
#include "parse/parse_tree.hpp"

#include "sgf/detail/node_reader.hpp"

namespace sgf::detail {

const char* parse_game_tree(const char* base, const char* from, const char* end, tree_events& out) {
    out.clear();
    const auto offset = [base](const char* p) { return static_cast<std::uint32_t>(p - base); };
    const char* p = skip_white(from, end);
    if (p == end || *p != '(') return nullptr;
    std::size_t depth = 0;
    for (;;) {
        // "(" Sequence, Sequence = Node { Node }, Node = ";" { Property }
        out.open();
        ++depth;
        p = skip_white(p + 1, end);
        if (p == end || *p != ';') return nullptr;
        do {
            out.node(offset(p));
            node_reader r(base, end, offset(p));
            property_ref prop;
            for (;;) {
                const bool more = r.next(prop);
                if (r.lenient()) return nullptr;  // not the strict Property (or cut off at `end`)
                if (!more) break;
            }
            p = base + r.position();  // at ';' '(' ')' or `end`, white space skipped
        } while (p < end && *p == ';');
        // { GameTree } ")"
        for (;;) {
            p = skip_white(p, end);
            if (p == end) return nullptr;
            if (*p == '(') break;
            if (*p != ')') return nullptr;
            out.close();
            ++p;
            if (--depth == 0) return p;
        }
    }
}

}  // namespace sgf::detail
