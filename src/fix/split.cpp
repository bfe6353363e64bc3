// fix, step 3: one node becomes one or more nodes, and the nodes are built through the
// persistent tree API. ff4_changes.txt "Property types move & setup": "split that node
// into two nodes: all setup, root and game-info properties and the node name ('N[]') into
// the first node, all other properties into the second". Several moves (B and W, or one
// colour twice) become one node per move, in order; each later move takes its colour's
// time properties (BL/OB, WL/OW) along, everything else stays with the first (SGFC 37).
#include <algorithm>
#include <optional>

#include "fix/detail.hpp"
#include "grammar/value_scan.hpp"
#include "tree/tree_rep.hpp"
#include "sgf/value.hpp"

namespace sgf::detail {

namespace {

using props_t = std::vector<fix_prop>;

property_type type_of(const fix_prop& p, const fix_context& c) {
    const property_rule* r = c.rule(p.ident);
    // XPB (fix_merge.cpp: the other values of a repeated PB) stays with PB.
    if (!r && p.ident.size() > 1 && p.ident[0] == 'X') r = c.rule(std::string_view(p.ident).substr(1));
    return r ? r->type : property_type::none;
}

bool is_move(const fix_prop& p) { return p.ident == "B" || p.ident == "W"; }

// The colour whose time a property gives: BL/OB -> B, WL/OW -> W.
std::string_view time_colour(std::string_view ident) {
    if (ident == "BL" || ident == "OB") return "B";
    if (ident == "WL" || ident == "OW") return "W";
    return {};
}

// Whether `props` are the properties of node `orig` as written (read again from the node:
// no copy of them is kept while it is fixed).
bool unchanged(const node& orig, const props_t& props) {
    std::size_t i = 0;
    for (const property& p : orig.properties()) {
        if (i == props.size() || p.ident() != props[i].ident || p.size() != props[i].values.size()) return false;
        std::size_t k = 0;
        for (const value& v : p) {
            const std::string_view w = props[i].values[k++];
            if (v.raw() != w && canonical_raw(v.raw()) != canonical_raw(w)) return false;
        }
        ++i;
    }
    return i == props.size();
}

// Whether `v` written between '[' and ']' ends exactly there: no unescaped ']' and no lone
// '\\' at its end. Values are canonical already (read_node), so this is a check, without a copy.
bool ends_at_its_close(std::string_view v) {
    const char* const e = v.data() + v.size();
    if (grammar::find_value_end(v.data(), e) != e) return false;
    std::size_t backslashes = 0;
    while (backslashes < v.size() && v[v.size() - 1 - backslashes] == '\\') ++backslashes;
    return backslashes % 2 == 0;
}

// The node's text, ";" and its properties, written once (not a with_property per property,
// which would copy the node per property: quadratic). Values are canonical already
// (read_node); a value that would end early is written through canonical_raw.
node build(props_t props) {
    // One property per identifier: the conversions never make two, but if one did, the
    // values are joined rather than lost (a second fix would merge them otherwise).
    if (props.size() > 1) {
        std::vector<std::size_t> order(props.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return props[a].ident < props[b].ident; });
        std::vector<bool> gone(props.size(), false);
        for (std::size_t k = 1, first = 0; k < order.size(); ++k) {  // first: of k's group, kept
            if (props[order[k]].ident != props[order[first]].ident) {
                first = k;
                continue;
            }
            fix_prop& have = props[order[first]];
            const fix_prop& more = props[order[k]];
            have.values.insert(have.values.end(), more.values.begin(), more.values.end());
            gone[order[k]] = true;
        }
        std::size_t kept = 0;
        for (std::size_t i = 0; i < props.size(); ++i) {
            if (gone[i]) continue;
            if (kept != i) props[kept] = std::move(props[i]);
            ++kept;
        }
        props.resize(kept);
    }
    std::size_t size = 1;
    for (const fix_prop& p : props) {
        size += p.ident.size();
        for (const fix_value& v : p.values) size += v.size() + 2;
    }
    std::string text;
    text.reserve(size);
    text += ';';
    for (const fix_prop& p : props) {
        text += p.ident;
        for (const fix_value& v : p.values) {
            text += '[';
            if (ends_at_its_close(v)) text += v.view();
            else text += canonical_raw(v);
            text += ']';
        }
    }
    return tree_access::make_node(std::make_shared<const source>(std::move(text), true), 0);
}

std::size_t count_written(const node& original, std::string_view ident) {
    std::size_t n = 0;
    for (const property& p : original.properties()) n += ff4_ident_of(p.ident()) == ident;
    return n;
}

// The moves part: one node per move value.
void split_moves(const node& original, props_t&& part, const fix_context& c, std::vector<props_t>& nodes) {
    struct move {
        std::string colour;
        fix_value value;
        fix_pos pos;
    };
    std::vector<move> moves;
    for (const fix_prop& p : part)
        if (is_move(p))
            for (std::size_t i = 0; i < p.values.size(); ++i)
                moves.push_back({p.ident, p.values[i], i < p.value_pos.size() ? p.value_pos[i] : p.pos});
    if (moves.size() < 2) {
        nodes.push_back(std::move(part));
        return;
    }
    const bool both = std::any_of(moves.begin(), moves.end(), [&](const move& m) { return m.colour != moves[0].colour; });
    if (both)
        c.note(rule::exclusive_properties, moves[1].pos, "B and W in one node", "split: one node per move, in file order; each keeps its colour's time properties");
    else
        c.note(count_written(original, moves[0].colour) > 1 ? rule::duplicate_property : rule::too_many_values, moves[1].pos,
               std::to_string(moves.size()) + " " + moves[0].colour + " moves in one node", "split: one node per move, in file order");

    auto first_of = [&](std::string_view colour) {
        return static_cast<std::size_t>(
            std::find_if(moves.begin(), moves.end(), [&](const move& m) { return m.colour == colour; }) - moves.begin());
    };
    for (std::size_t k = 0; k < moves.size(); ++k) {
        props_t n;
        if (k == 0) {  // the first move keeps the node's other properties, in the file's order
            n.reserve(part.size());
            for (fix_prop& p : part) {
                const std::string_view tc = time_colour(p.ident);
                if (is_move(p)) {
                    if (p.ident == moves[0].colour) n.push_back({p.ident, {moves[0].value}, p.pos, {moves[0].pos}});
                } else if (tc.empty()) {
                    // (moved: the later moves read only the time properties of `part`; a node of
                    // 100,000 properties is not copied)
                    n.push_back(std::move(p));
                    p.ident.clear();
                } else if (first_of(tc) == 0 || first_of(tc) == moves.size()) {
                    n.push_back(p);
                }
            }
        } else {  // a later move, with its colour's time properties when it is that colour's first
            n.push_back({moves[k].colour, {moves[k].value}, moves[k].pos, {moves[k].pos}});
            if (first_of(moves[k].colour) == k)
                for (const fix_prop& p : part)
                    if (time_colour(p.ident) == moves[k].colour) n.push_back(p);
        }
        nodes.push_back(std::move(n));
    }
}

}  // namespace

std::optional<fix_prop> take_mn_for_next(std::vector<fix_prop>& props, const node* next, const fix_context& c) {
    if (next == nullptr || placeholder_node(*next)) return std::nullopt;
    const auto mn = find_prop(props, "MN");
    if (mn == props.end()) return std::nullopt;
    bool setup = false;
    for (const fix_prop& p : props) {
        const property_type t = type_of(p, c);
        if (t == property_type::move && p.ident != "MN") return std::nullopt;  // a move or more: MN stays with it
        setup |= t == property_type::setup;
    }
    if (!setup) return std::nullopt;  // nothing to split MN from
    bool move = false;
    for (const property& p : next->properties()) {
        const std::string id = ff4_ident_of(p.ident());
        if (id == "MN") return std::nullopt;
        move |= id == "B" || id == "W";
    }
    if (!move) return std::nullopt;
    fix_prop taken = std::move(*mn);
    props.erase(mn);
    c.note(rule::setup_move_mix, taken.pos, "MN" + bracketed(taken.values) + " in a setup node without a move",
           "moved into the next node (the related position), to the move it numbers (ff4_properties.txt MN: 'a move specified "
           "in this node')");
    c.out->back().related = fix_pos{tree_access::source_of(*next), next->offset()}.get();
    return taken;
}

node build_node(std::vector<fix_prop> props) { return build(std::move(props)); }

void split_and_build(const node& original, std::vector<fix_prop>&& props, bool top_root, const fix_context& c,
                     std::vector<node>& out) {
    bool setup = false, moving = false, pl_only = true;
    std::size_t move_values = 0;
    for (const fix_prop& p : props) {
        const property_type t = type_of(p, c);
        if (t == property_type::setup) {
            setup = true;
            pl_only &= p.ident == "PL";
        }
        if (t == property_type::move) moving = true;
        if (is_move(p)) move_values += p.values.size();
    }

    std::vector<props_t> nodes;
    const bool first_split = (setup && moving) || (top_root && move_values > 0);
    props_t rest;
    if (first_split) {
        auto early = [&](const fix_prop& p) {
            const property_type t = type_of(p, c);
            return t == property_type::setup || t == property_type::root || t == property_type::game_info || p.ident == "N";
        };
        props_t first;
        const auto firsts = static_cast<std::size_t>(std::count_if(props.begin(), props.end(), early));
        first.reserve(firsts);  // (exactly: a node may hold 100,000 properties)
        rest.reserve(props.size() - firsts);
        for (fix_prop& p : props) (early(p) ? first : rest).push_back(std::move(p));
        props_t().swap(props);  // (its moved-from elements: freed before the split below)
        if (first.empty() || rest.empty()) {  // nothing to split off after all: one part, in order
            if (rest.empty()) rest = std::move(first);
        } else {
            if (setup)
                c.note(pl_only ? rule::pl_with_move : rule::setup_move_mix, fix_pos{detail::tree_access::source_of(original), original.offset()}, pl_only ? "PL in a node with a move" : "setup and move properties in one node",
                       "split into two nodes: setup, root and game-info properties and N first, the others in a new node after it "
                       "(ff4_changes.txt)");
            else
                c.note(rule::move_in_root, fix_pos{detail::tree_access::source_of(original), original.offset()}, "move in the root node",
                       "split: the root keeps its root and game-info properties, the move and the rest go to a new node after it "
                       "(ff4_changes.txt, SGFC 24)");
            nodes.push_back(std::move(first));
        }
    } else {
        rest = std::move(props);
    }
    split_moves(original, std::move(rest), c, nodes);

    if (nodes.size() == 1 && unchanged(original, nodes[0])) {
        out.push_back(original);  // shared with the input
        return;
    }
    for (props_t& n : nodes) out.push_back(build(std::move(n)));
}

}  // namespace sgf::detail
