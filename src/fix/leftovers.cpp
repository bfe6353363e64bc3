// fix: the bytes the parse could not place in the tree (grammar/recover.hpp): text before,
// between and after game trees (E002, E003), characters and words between properties or
// nodes (E012), identifiers without a value (E009) and values without an identifier (E010). The same
// recovering grammar that built the tree finds them, so the two always agree.
#include <algorithm>
#include <cstring>

#include "sgf/value.hpp"

#include "fix/detail.hpp"
#include "grammar/recover.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::detail {

namespace pegtl = tao::pegtl;

namespace {

struct found {
    std::vector<leftover>* out;
    const char* base;
    void add(const char* b, std::size_t n, rule code, bool top_level) const {
        // Surrounding white space is no data (outside_junk runs up to the next "(;").
        while (n > 0 && grammar::is_white(b[n - 1])) --n;
        while (n > 0 && grammar::is_white(*b)) {
            ++b;
            --n;
        }
        if (n == 0) return;
        out->push_back({static_cast<std::uint32_t>(b - base), static_cast<std::uint32_t>(n), code, top_level});
    }
};

template <typename Rule>
struct leftover_action : pegtl::nothing<Rule> {};

// The parser's codes for these recoveries (src/parse/parse.cpp).
constexpr rule before_tree = rule::junk_before_tree, after_tree = rule::junk_after_tree,
               junk = rule::junk_between_tokens, no_value = rule::property_without_value,
               no_ident = rule::value_without_property;

template <rule Code, bool Top>
struct keep {
    template <typename In>
    static void apply(const In& in, const found& f) { f.add(in.begin(), in.size(), Code, Top); }
};
template <>
struct leftover_action<grammar::junk_before_tree> : keep<before_tree, true> {};
template <>
struct leftover_action<grammar::junk_after_tree> : keep<after_tree, true> {};
template <>
struct leftover_action<grammar::tree_junk> : keep<junk, false> {};
template <>
struct leftover_action<grammar::node_junk> : keep<junk, false> {};
template <>
struct leftover_action<grammar::property_without_value> : keep<no_value, false> {};
template <>
struct leftover_action<grammar::value_without_property> : keep<no_ident, false> {};
// words between properties: one leftover, E009 when they are all identifiers (parse.cpp)
template <>
struct leftover_action<grammar::free_text> {
    template <typename In>
    static void apply(const In& in, const found& f) {
        f.add(in.begin(), in.size(), grammar::free_text::identifiers_only(in.begin(), in.end()) ? no_value : junk, false);
    }
};

using input = pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf>;

}  // namespace

std::vector<leftover> find_leftovers(const source& src) {
    std::vector<leftover> out;
    const char* const begin = src.data();
    const char* const end = begin + src.bytes.size();
    const char* start = begin;
    if (src.bytes.size() >= 3 && std::memcmp(begin, "\xEF\xBB\xBF", 3) == 0) start += 3;  // the UTF-8 BOM (W001)
    {
        input in(start, end, "");
        if (pegtl::parse<grammar::file>(in)) return out;  // FF[4] syntax: every byte has its place
    }
    input in(start, end, "");
    const found f{&out, begin};
    (void)pegtl::parse<grammar::recovering_collection, leftover_action>(in, f);
    return out;
}

bool placeholder_node(const node& n) {
    const source* src = tree_access::source_of(n);
    return n.empty() && n.offset() < src->bytes.size() && src->bytes[n.offset()] != ';';
}

std::unordered_map<std::uint32_t, std::vector<const leftover*>> place_leftovers(const std::vector<leftover>& found,
                                                                                 std::span<const game_tree> trees) {
    std::unordered_map<std::uint32_t, std::vector<const leftover*>> by_node;
    if (found.empty() || trees.empty()) return by_node;
    std::vector<std::uint32_t> opens;  // offsets of the top-level '(' (file order)
    for (const game_tree& t : trees) opens.push_back(tree_access::rep(t)->open);
    std::vector<std::vector<std::uint32_t>> nodes(trees.size());  // node offsets per tree, sorted lazily
    for (const leftover& l : found) {
        std::size_t tree = 0;
        std::uint32_t owner = 0;
        if (l.top_level) {  // the game tree it precedes (it introduces it), else the last one
            tree = static_cast<std::size_t>(std::upper_bound(opens.begin(), opens.end(), l.offset) - opens.begin());
            if (tree == trees.size()) --tree;
            owner = trees[tree].front().offset();
        } else {  // the node before it in the game tree it lies in, else that tree's root
            const auto after = std::upper_bound(opens.begin(), opens.end(), l.offset);
            tree = after == opens.begin() ? 0 : static_cast<std::size_t>(after - opens.begin()) - 1;
            std::vector<std::uint32_t>& offsets = nodes[tree];
            if (offsets.empty()) {
                // (not a placeholder node: fix drops those, the bytes go to the node before)
                for (preorder it(trees[tree]); !it.done(); it.next())
                    if (!placeholder_node(it.current())) offsets.push_back(it.current().offset());
                std::sort(offsets.begin(), offsets.end());
            }
            const auto at = std::upper_bound(offsets.begin(), offsets.end(), l.offset);
            owner = at == offsets.begin() ? trees[tree].front().offset() : *(at - 1);
        }
        by_node[owner].push_back(&l);
    }
    return by_node;
}

void keep_unplaced(std::vector<fix_prop>& props, const node& n, const fix_context& c) {
    if (!c.unplaced) return;
    const auto it = c.unplaced->find(n.offset());
    if (it == c.unplaced->end()) return;
    auto kept = find_prop(props, unplaced_ident);
    if (kept == props.end()) {
        props.push_back(fix_prop{std::string(unplaced_ident), {}, {}, {}});
        kept = props.end() - 1;
    }
    const source* src = tree_access::source_of(n);
    for (const leftover* l : it->second) {
        const std::string_view bytes = src->view().substr(l->offset, l->size);
        const std::string text = c.input->utf8(bytes, c.tree);
        const fix_pos pos{src, l->offset};
        if (kept->values.empty()) kept->pos = pos;
        kept->values.push_back(fix_value(escape(text)));
        kept->value_pos.push_back(pos);
        std::string what = l->code == before_tree ? "text before the game tree"
                           : l->code == after_tree ? "text after a game tree"
                           : l->code == no_value   ? "property identifier without a value"
                           : l->code == no_ident   ? "value without a property identifier"
                                               : "characters that are no SGF";
        c.note(l->code, pos, what + ": '" + clipped(text) + "'",
               "kept, exactly as written, in the private property " + std::string(unplaced_ident) +
                   " of the node the related position names: nothing was lost (move it where it belongs, or delete it)");
        c.out->back().related = fix_pos{src, n.offset()}.get();  // the node that changed: said there too
    }
}

}  // namespace sgf::detail
