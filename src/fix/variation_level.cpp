// fix --variation-level (SGFC -v, sgfc_doc.txt "Option -v"): alternatives of a move stored one
// level too deep. Some programs wrote the alternatives of a move as variations after it, each
// taking the move back with AE and playing another:
//     (;GM[1];W[dd];B[aa](;W[bb])(;AE[aa];B[cc]))
// where FF[4] writes alternatives of one move as variations beside it (ff4_variations.txt,
// "Two variations at move 3": the main line is variation "A", the others "B", "C"):
//     (;GM[1];W[dd](;B[aa];W[bb])(;B[cc]))
// Reading one as the other is a guess about what the author meant, so fix does it only when
// asked, and says each variation it moves (307) with what went: the AE node, and where its
// other properties went.
//
// The shape, checked on fix's output (setup already split from moves, identifiers in FF[4]
// form): a node P with one move, not the first node of its sequence (so it is the only child
// of the node before it), ends its sequence in two or more variations; the first is P's
// continuation; every other one begins with a node J whose AE takes back exactly P's move
// and which then plays another move of P's colour:
//  - J's own AB or AW of one point of P's colour (J becomes that move: SGFC reads it so), or
//  - the next node, J's only child, holds the move, and has none of J's properties.
// J may hold properties that are neither setup, root nor game-info (a comment, a mark): they go
// to the node of the move (so that a second fix does not split them off again). Anything else
// in J (PL, a second AB, a game-info property) and the shape is left as it is. Like SGFC: only
// when every such variation has the shape (one that has not leaves them all: which level is
// meant is then unclear), and only in Go (GM[1]). Stricter than SGFC: the move must be of P's
// colour and another point than P's (else it is no alternative of P's move), and J may hold no
// setup property but AE and that AB/AW (SGFC drops a PL there unsaid).
//
// Top-down over the tree with an explicit stack (any depth): a sequence is corrected before
// its variations are entered, so each is checked in the shape it has in the output. What is
// moved shapes no new candidate: the variations moved up begin with a move, not an AE node,
// and the sequences below a correction are checked after it; so fixing the output again
// moves nothing. Each node is copied at most once per move of its sequence: linear.
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fix/detail.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::detail {

namespace {

struct a_move {
    std::string_view colour;  // "B" or "W"
    std::string point;        // raw
};

// The one move of node n, or nullopt (none, or more than one).
std::optional<a_move> the_move(const node& n) {
    std::optional<a_move> m;
    for (const property& p : n.properties()) {
        const std::string_view id = p.ident();
        if (id != "B" && id != "W") continue;
        if (m || p.size() != 1) return std::nullopt;
        m = a_move{id == "B" ? "B" : "W", std::string(p.front().raw())};
    }
    return m;
}

fix_prop prop_of(const property& p) {
    fix_prop f;
    f.ident = std::string(p.ident());
    for (const value& v : p) {
        f.values.emplace_back(std::string(v.raw()));
        f.value_pos.emplace_back();
    }
    return f;
}

// A variation moved up: the variation it becomes, and what the report says of it.
struct lifted {
    game_tree variation;
    std::string message;
};

struct where_from {
    const source* input;
    const std::unordered_map<const source*, std::uint32_t>* origins;
    [[nodiscard]] fix_pos of(const node& n) const {
        const source* s = tree_access::source_of(n);
        if (s == input) return {input, n.offset()};
        const auto it = origins->find(s);
        return it == origins->end() ? fix_pos{} : fix_pos{input, it->second};
    }
};

// Variation v as an alternative of move `m`, moved up; nullopt when it has not the shape.
std::optional<lifted> lift(const game_tree& v, const a_move& m, const fix_context& c) {
    const node j = v.front();
    const auto ae = j.find("AE");
    if (!ae || ae->size() != 1 || ae->front().raw() != m.point) return std::nullopt;
    std::optional<property> stone;  // AB or AW: J's own move
    std::vector<fix_prop> carried;  // to the move's node
    for (const property& p : j.properties()) {
        const std::string_view id = p.ident();
        if (id == "AE") continue;
        if (id == "AB" || id == "AW") {
            if (stone || p.size() != 1 || id.substr(1) != m.colour) return std::nullopt;
            stone = p;
            continue;
        }
        const property_rule* row = c.rule(id);
        if (row && row->type != property_type::none) return std::nullopt;  // setup, root, game-info, a move
        carried.push_back(prop_of(p));
    }
    std::string moved;  // "C, TR"
    for (const fix_prop& p : carried) moved += (moved.empty() ? "" : ", ") + p.ident;
    const std::string took_back = "AE[" + m.point + "] took back " + std::string(m.colour) + "[" + m.point + "]";
    if (stone) {
        const std::string point(stone->front().raw());
        if (point == m.point) return std::nullopt;
        fix_prop move;
        move.ident = std::string(m.colour);
        move.values.emplace_back(point);
        move.value_pos.emplace_back();
        carried.insert(carried.begin(), std::move(move));
        std::vector<node> nodes = v.nodes();
        nodes[0] = build_node(std::move(carried));
        return lifted{game_tree(nodes, std::vector<game_tree>(v.variations().begin(), v.variations().end())),
                      "variation moved up one level: its first node's " + took_back + ", and its " + std::string(stone->ident()) +
                          "[" + point + "] is written as the move " + std::string(m.colour) + "[" + point + "] beside it"};
    }
    // The move in J's only child.
    const bool in_sequence = v.size() >= 2;
    if (!in_sequence && v.variations().size() != 1) return std::nullopt;
    const game_tree& rest = in_sequence ? v : v.variations()[0];
    const std::size_t at = in_sequence ? 1 : 0;  // the child's index in `rest`
    const node child = rest[at];
    const auto played = the_move(child);
    if (!played || played->colour != m.colour || played->point == m.point) return std::nullopt;
    for (const fix_prop& p : carried)
        if (child.has(p.ident)) return std::nullopt;
    std::vector<node> nodes;
    nodes.reserve(rest.size() - at);
    if (carried.empty()) {
        nodes.push_back(child);
    } else {
        std::vector<fix_prop> props;
        for (const property& p : child.properties()) props.push_back(prop_of(p));
        props.insert(props.end(), carried.begin(), carried.end());
        nodes.push_back(build_node(std::move(props)));
    }
    for (std::size_t k = at + 1; k < rest.size(); ++k) nodes.push_back(rest[k]);
    const std::string move = std::string(m.colour) + "[" + played->point + "]";
    return lifted{game_tree(nodes, std::vector<game_tree>(rest.variations().begin(), rest.variations().end())),
                  "variation moved up one level: its first node, where " + took_back + ", deleted; its " + move +
                      " is a variation beside " + std::string(m.colour) + "[" + m.point + "]" +
                      (moved.empty() ? std::string() : " (the deleted node's " + moved + " now in the node of " + move + ")")};
}

// Whether variation v begins by taking back move m: an AE of m's point among others.
bool takes_back(const game_tree& v, const a_move& m) {
    const auto ae = v.front().find("AE");
    if (!ae) return false;
    for (const value& x : *ae)
        if (x.raw() == m.point) return true;
    return false;
}

// Variation k after move m has not the shape, so none is moved: said (308, SGFC 56 "possible
// incorrect variation level cannot be corrected") when some variation after m takes m back,
// at the first one that does and is not moved (k's, or a later one's), so that asking for
// --variation-level never leaves such variations unsaid.
void uncertain(std::span<const game_tree> vs, std::size_t k, const a_move& m, const where_from& from, const fix_context& c) {
    std::size_t taking = 0;  // variations after the first that take m back
    for (std::size_t i = 1; i < vs.size(); ++i) taking += takes_back(vs[i], m) ? 1 : 0;
    if (taking == 0) return;
    std::size_t at = k;  // the first that takes m back and is not moved (none before k is refused)
    while (at < vs.size() && !takes_back(vs[at], m)) ++at;
    if (at == vs.size()) at = k;
    const std::string move = std::string(m.colour) + "[" + m.point + "]";
    c.note(rule::variation_level_uncertain, from.of(vs[at].front()),
           std::to_string(taking) + " of the " + std::to_string(vs.size() - 1) + " variations after the first take back " + move +
               " with AE, but not every one is an alternative of it (AE of its point alone, then one other move of its colour): none is moved up",
           "which level is meant is unclear: move them by hand if they are alternatives of " + move +
               "; each is valid FF[4] as it stands",
           severity::warning);
}

// t with the variations of its last node moved up beside it, when they have the shape.
game_tree corrected(const game_tree& t, const where_from& from, const fix_context& c) {
    const auto vs = t.variations();
    if (t.size() < 2 || vs.size() < 2) return t;
    const node p = t.back();
    const auto m = the_move(p);
    if (!m) return t;
    std::vector<lifted> up;
    up.reserve(vs.size() - 1);
    for (std::size_t k = 1; k < vs.size(); ++k) {
        auto l = lift(vs[k], *m, c);
        if (!l) {
            uncertain(vs, k, *m, from, c);
            return t;
        }
        up.push_back(std::move(*l));
    }
    std::vector<node> first{p};
    for (const node& n : vs[0]) first.push_back(n);
    std::vector<game_tree> variations{game_tree(first, std::vector<game_tree>(vs[0].variations().begin(), vs[0].variations().end()))};
    for (std::size_t k = 0; k < up.size(); ++k) {
        c.note(rule::variation_level_corrected, from.of(vs[k + 1].front()), std::move(up[k].message),
               "asked for (sgfcheck fix --variation-level, as SGFC -v); without the option fix keeps the variation where it is");
        variations.push_back(std::move(up[k].variation));
    }
    std::vector<node> nodes = t.nodes();
    nodes.pop_back();
    return game_tree(nodes, variations);
}

}  // namespace

game_tree corrected_variation_level(const game_tree& fixed, const source* input,
                                    const std::unordered_map<const source*, std::uint32_t>& origins, const fix_context& c) {
    const where_from from{input, &origins};
    struct frame {
        game_tree in;
        std::size_t next = 0;      // next variation to enter
        std::size_t children = 0;  // where its corrected variations start in `children`
    };
    // Top-down: a sequence is corrected before its variations are entered, so that the
    // variations it has then are the ones entered (a move moved up makes the continuation of
    // its variation the only child of the move: that sequence is checked as it now is).
    std::deque<frame> stack;
    std::vector<game_tree> children;
    stack.push_back({corrected(fixed, from, c), 0, 0});
    game_tree result;
    while (!stack.empty()) {
        frame& f = stack.back();
        const auto vs = f.in.variations();
        if (f.next < vs.size()) {
            const game_tree v = corrected(vs[f.next++], from, c);
            stack.push_back({v, 0, children.size()});
            continue;
        }
        const frame done = std::move(stack.back());
        stack.pop_back();
        bool same = true;
        for (std::size_t k = 0; same && k < vs.size(); ++k) same = children[done.children + k].same(vs[k]);
        game_tree t = same ? done.in
                           : game_tree(done.in.nodes(), std::vector<game_tree>(children.begin() + static_cast<std::ptrdiff_t>(done.children),
                                                                               children.end()));
        children.resize(done.children);
        if (stack.empty()) result = std::move(t);
        else children.push_back(std::move(t));
    }
    return result;
}

}  // namespace sgf::detail
