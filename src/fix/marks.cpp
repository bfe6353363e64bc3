// fix's look for M (FF[1]-FF[3] markup, converted to MA on empty points and TR on stones):
// only a game tree that holds one needs the Go board replayed while it is fixed
// (convert.cpp replay_and_mark). Declared in fix/detail.hpp.
#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "fix/detail.hpp"
#include "sgf/properties.hpp"
#include "tree/node_reader.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::detail {

// Whether game tree t holds an M property in any spelling ("M", FF[1]-FF[3] "Mark" or "mM":
// the identifier read by the one node reader, its upper-case letters as the checker reads
// them, ff4_ident_of): the board is replayed only for those game trees.
bool has_m(const game_tree& root) {
    const auto node_has_m = [](const node& n) {
        // Most nodes are one short property (";B[pd]"): its one-letter identifier at once.
        const source* src = tree_access::source_of(n);
        if (property_ref one; src && n.offset() < src->bytes.size() &&
                                      node_reader::single_short(src->data(), src->data() + src->bytes.size(), n.offset(), one))
            return src->bytes[one.ident] == 'M';
        for (const property& p : n.properties()) {
            const std::string_view id = p.ident();
            if (id == "M" || (id.size() > 1 && id.find('M') != std::string_view::npos && ff4_ident_of(id) == "M"))
                return true;
        }
        return false;
    };
    // In any order, without a handle per level (1e6 nested variations), not a preorder walk.
    node n;
    return !each_game_tree(std::span<const game_tree>(&root, 1), [&](const game_tree& t, std::uint64_t) {
        const tree_rep& rep = *tree_access::rep(t);
        for (std::uint32_t i = 0; i < rep.node_count; ++i) {
            tree_access::set_node(n, rep, i);
            if (node_has_m(n)) return false;  // found: stop
        }
        return true;
    });
}

// The offsets of the bytes 'M' in `b` that could begin or be inside an identifier whose FF[4]
// form is M ("M", "Mark", "aMb": lowercase letters around one 'M'): an 'M' next to an upper-
// case letter, past any lowercase ones, is part of another identifier ("GM") or of a text.
// Found once per file (most game records hold none: their M's are GM's and PM's).
std::vector<std::uint32_t> m_candidates(std::string_view b) {
    const auto lower = [](char ch) { return ch >= 'a' && ch <= 'z'; };
    const auto upper = [](char ch) { return ch >= 'A' && ch <= 'Z'; };
    std::vector<std::uint32_t> out;
    for (std::size_t at = b.find('M'); at != std::string_view::npos; at = b.find('M', at + 1)) {
        std::size_t l = at;
        while (l > 0 && lower(b[l - 1])) --l;
        if (l > 0 && upper(b[l - 1])) continue;
        std::size_t r = at + 1;
        while (r < b.size() && lower(b[r])) ++r;
        if (r < b.size() && upper(b[r])) continue;
        out.push_back(static_cast<std::uint32_t>(at));
    }
    return out;
}

// has_m(trees[i]), known from the bytes where it can be: every node of the game tree lies in
// the file's source between its '(' and the next game tree's (as the parse made it; a tree
// edited before fix may hold nodes of elsewhere, then its nodes are read), so it holds an M
// only if one of the candidates lies there, and only then are its nodes read (a name "Ma", a
// text "Move"). A node's place is a few instructions to check; reading each node for its
// identifiers (has_m) was 4% of fix of a collection.
// `candidates` are m_candidates of `scanned`'s bytes.
bool has_m_in(std::span<const game_tree> trees, std::size_t i, const source* scanned,
              const std::vector<std::uint32_t>* candidates) {
    const tree_rep* top = tree_access::rep(trees[i]);
    const tree_rep* after = i + 1 < trees.size() ? tree_access::rep(trees[i + 1]) : nullptr;
    if (candidates == nullptr || top == nullptr || top->open == no_offset || top->src.get() != scanned)
        return has_m(trees[i]);
    const source* src = top->src.get();
    const std::uint64_t from = top->open;
    std::uint64_t to = src->bytes.size();
    if (after != nullptr) {
        if (after->src.get() != src || after->open == no_offset || after->open <= from) return has_m(trees[i]);
        to = after->open;
    }
    const bool within = each_game_tree(std::span<const game_tree>(&trees[i], 1), [&](const game_tree& t, std::uint64_t) {
        const tree_rep& rep = *tree_access::rep(t);
        if (rep.src.get() != src || rep.foreign() != nullptr) return false;
        const std::uint32_t* slots = rep.slots();
        for (std::uint32_t k = 0; k < rep.node_count; ++k)
            if (slots[k] < from || slots[k] >= to) return false;  // (a foreign slot is >= to too)
        return true;
    });
    if (!within) return has_m(trees[i]);
    const auto it = std::lower_bound(candidates->begin(), candidates->end(), from);
    return it != candidates->end() && *it < to && has_m(trees[i]);
}

}  // namespace sgf::detail
