// The context of a game tree: what its root declares (context.hpp: context_of). One function
// for the parser, the checker, inherit, fix and the JSON tree.
#include <optional>
#include <string>

#include "sgf/context.hpp"
#include "values/decode.hpp"
#include "values/readers.hpp"

namespace sgf {

namespace {

enum slot : std::size_t { slot_ff, slot_gm, slot_sz, slot_ca, slots };
constexpr std::string_view idents[slots] = {"FF", "GM", "SZ", "CA"};
constexpr std::uint32_t tree_context::*offsets[slots] = {&tree_context::ff_at, &tree_context::gm_at, &tree_context::sz_at,
                                                          &tree_context::ca_at};

bool has_lower(std::string_view s) noexcept {
    for (const char c : s)
        if (c >= 'a' && c <= 'z') return true;
    return false;
}

}  // namespace

tree_context context_of(const node& root, profile p) {
    tree_context c;
    c.gm = info(p).default_gm;
    std::optional<std::string> value[slots];  // first value, escapes processed
    std::string_view raw[slots];
    for (const property& prop : root.properties()) {
        const std::string_view written = prop.ident();
        const bool lower = has_lower(written);
        if (!lower && written.size() != 2) continue;  // the common case: cheap, no copy
        std::string converted;
        if (lower) converted = ff4_ident_of(written);
        const std::string_view ident = lower ? std::string_view(converted) : written;
        for (std::size_t k = 0; k < slots; ++k) {
            // (the identifiers are two letters: compared without a memcmp call)
            if (ident.size() != 2 || ident[0] != idents[k][0] || ident[1] != idents[k][1] || value[k] || prop.size() == 0)
                continue;
            value[k] = prop.front().unescaped();
            raw[k] = prop.front().raw();
            c.*offsets[k] = prop.offset();
        }
        // every one found (the first of each counts): the rest of the root, its comments
        // and game info, need not be read
        if (value[slot_ff] && value[slot_gm] && value[slot_sz] && value[slot_ca]) break;
    }
    c.ff_given = value[slot_ff].has_value();
    c.gm_given = value[slot_gm].has_value();
    c.sz_given = value[slot_sz].has_value();
    c.ca_given = value[slot_ca].has_value();
    if (c.ff_given) {
        // An FF that is no number 1-4 is reported by the value check; the rows of FF[4] are
        // the best guess for the rest of the tree.
        const auto n = parse_number(*value[slot_ff]);
        c.ff_valid = n && *n >= 1 && *n <= 4;
        c.ff = c.ff_valid ? static_cast<int>(*n) : 4;
    }
    if (c.gm_given) {
        // A GM that names no game (GM[64], GM[-1], GM[abc]: reported by the value check) is an
        // unknown game, as GM[41] is: no point, move or stone syntax to check values by.
        const auto n = parse_number(*value[slot_gm]);
        c.gm = n && *n >= -1000000 && *n <= 1000000 ? static_cast<int>(*n) : 0;
    }
    const game_rule* g = find_game(c.gm);
    c.size = g ? g->default_size : board_size{};
    if (c.sz_given) {
        // A bad SZ is reported by its value check; points are then not checked against it.
        // decode_size reads the same unescaped text parse_size read, so what it would find
        // wrong with a size read is what size_problem says (decoding it again was a third of
        // context_of on a small game tree).
        const auto s = parse_size(*value[slot_sz]);
        c.size = s && (g == nullptr || detail::size_problem(g, *s) == rule::none) ? *s : board_size{};
    }
    if (c.ca_given) c.ca = *value[slot_ca];
    return c;
}

tree_context context_of(const game_tree& root, profile p) {
    if (!root.valid() || root.size() == 0) {
        tree_context c;
        c.gm = info(p).default_gm;
        const game_rule* g = find_game(c.gm);
        c.size = g ? g->default_size : board_size{};
        return c;
    }
    return context_of(root.front(), p);
}

}  // namespace sgf
