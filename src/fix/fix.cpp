// sgf::fix: every game tree walked in file order with an explicit stack (any depth), each
// node fixed by read_node / convert_node / replay_and_mark / split_and_build. A game tree
// whose nodes and variations all come out unchanged is the input's own game tree.
#include "sgf/fix.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "fix/detail.hpp"
#include "parse/parse_source.hpp"
#include "sgf/context.hpp"
#include "values/readers.hpp"
#include "sgf/write.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace {

using detail::fix_context;

// Whether game tree t holds an M property in any spelling ("M", FF[1]-FF[3] "Mark" or "mM":
// the identifier read by the one node reader, its upper-case letters as the checker reads
// them, ff4_ident_of): the board is replayed only for those game trees.
bool has_m(const game_tree& t) {
    for (preorder it(t); !it.done(); it.next())
        for (const property& p : it.current().properties()) {
            const std::string_view id = p.ident();
            if (id == "M" || (id.size() > 1 && id.find('M') != std::string_view::npos && ff4_ident_of(id) == "M"))
                return true;
        }
    return false;
}

// Node i of sequence t, its properties fixed: read, converted, and what fix_options asks to
// delete deleted; nullopt when the node itself goes (--delete-empty-nodes). `carried` is the
// MN the node before left for this node's move, and takes this node's for the next one;
// `empty_kept` is set when the node is empty and stays only for the variations after it.
std::optional<std::vector<detail::fix_prop>> fixed_properties(const game_tree& t, std::size_t i, bool top_root,
                                                              std::optional<detail::fix_prop>& carried,
                                                              std::optional<detail::fix_pos>& empty_kept, fix_context& c) {
    const node in = t[i];
    std::vector<detail::fix_prop> props = detail::read_node(in, top_root, c);
    detail::keep_unplaced(props, in, c);
    detail::convert_node(props, top_root, c);
    if (carried) props.push_back(*std::exchange(carried, std::nullopt));
    detail::replay_and_mark(props, c);  // (M converted before --delete-obsolete)
    detail::delete_asked(props, c);
    const detail::empty_node empty = detail::delete_empty_node(props, t, i, top_root, c);
    if (empty == detail::empty_node::deleted) return std::nullopt;
    if (empty == detail::empty_node::kept_for_variations) empty_kept = c.node_pos;
    detail::say_kept_obsolete(props, c);
    if (i + 1 < t.size()) {
        const node next = t[i + 1];
        carried = detail::take_mn_for_next(props, &next, c);
    }
    return props;
}

game_tree fix_tree(const game_tree& root, fix_context& c) {
    struct frame {
        const game_tree* in;
        std::size_t nodes;     // where its output nodes start in `nodes`
        std::size_t children;  // where its output variations start in `children`
        std::size_t next = 0;  // next variation to enter
        std::size_t board = 0; // board undo mark after its sequence
        bool game_info = false; // a game-info node on the path after its sequence
        bool changed = false;
        std::optional<detail::fix_pos> empty_kept{};  // its only node, empty, kept for its variations
    };
    std::vector<frame> stack;
    std::vector<node> nodes;
    std::vector<game_tree> children;
    std::vector<detail::fix_prop> scratch;

    auto enter = [&](const game_tree& t) {
        frame f{&t, nodes.size(), children.size()};
        std::optional<detail::fix_prop> carried;  // MN for this node's move (take_mn_for_next)
        for (std::size_t i = 0; i < t.size(); ++i) {
            const node in = t[i];
            const bool top_root = stack.empty() && i == 0;
            if (!top_root && detail::placeholder_node(in)) {  // its bytes went to the node before
                f.changed = true;
                continue;
            }
            auto props = fixed_properties(t, i, top_root, carried, f.empty_kept, c);
            if (!props) {  // deleted as asked
                f.changed = true;
                continue;
            }
            const std::size_t before = nodes.size();
            detail::split_and_build(in, std::move(*props), top_root, c, nodes);
            f.changed |= nodes.size() != before + 1 || !nodes.back().same(in);
        }
        f.board = c.board ? c.board->mark() : 0;
        f.game_info = c.game_info_on_path;
        stack.push_back(f);
    };

    c.game_info_on_path = false;
    enter(root);
    game_tree result;
    while (!stack.empty()) {
        frame& f = stack.back();
        const auto vs = f.in->variations();
        if (f.next < vs.size()) {
            if (c.board) c.board->undo(f.board);
            c.game_info_on_path = f.game_info;
            const game_tree& child = vs[f.next++];
            enter(child);
            continue;
        }
        const frame done = f;
        stack.pop_back();
        if (done.empty_kept && children.size() - done.children < 2) {  // its variations went: so does it
            detail::say_empty_node_deleted(*done.empty_kept, c);
            nodes.resize(done.nodes);
        }
        if (nodes.size() == done.nodes && !stack.empty()) {
            // Nothing but placeholder nodes: its variations take its place in the parent's.
            stack.back().changed = true;
            continue;
        }
        bool same = !done.changed && children.size() - done.children == vs.size();
        for (std::size_t k = 0; same && k < vs.size(); ++k) same = children[done.children + k].same(vs[k]);
        game_tree t = same ? *done.in
                           : game_tree(std::vector<node>(nodes.begin() + static_cast<std::ptrdiff_t>(done.nodes), nodes.end()),
                                       std::vector<game_tree>(children.begin() + static_cast<std::ptrdiff_t>(done.children),
                                                              children.end()));
        nodes.resize(done.nodes);
        children.resize(done.children);
        if (stack.empty()) result = std::move(t);
        else children.push_back(std::move(t));
    }
    return result;
}

// Where the input's text first differs from what the writer makes of its trees (as sgfcheck
// fmt writes them: layout, escapes, soft line breaks), or nullopt when it does not. Streamed,
// and stopped at the first difference: no copy of the text.
std::optional<std::uint64_t> first_layout_difference(const load_result& input) {
    const std::string_view text = input.converted ? input.text() : input.bytes();
    std::uint64_t at = 0;
    struct differs {};
    try {
        write_to(input.trees, [&](std::string_view piece) {
            const std::string_view have = text.substr(std::min<std::uint64_t>(at, text.size()), piece.size());
            const auto m = std::mismatch(piece.begin(), piece.end(), have.begin(), have.end());
            at += static_cast<std::uint64_t>(m.first - piece.begin());
            if (m.first != piece.end() || have.size() < piece.size()) throw differs{};
        });
    } catch (const differs&) {
        return at;
    }
    if (at != text.size()) return at;
    return std::nullopt;
}

// 304: the text written as fmt writes it. Said once, where the text first differs.
void note_layout(const load_result& input, std::vector<diagnostic>& out) {
    const auto trees = input.trees.trees();
    if (trees.empty()) return;
    const auto at = first_layout_difference(input);
    if (!at) return;
    diagnostic d = make_diagnostic(rule::canonical_written, severity::info);
    const detail::source* src = detail::tree_access::rep(trees[0])->src.get();
    d.where = src->position_of(std::min<std::uint64_t>(*at, src->bytes.size()));
    d.message = "written as sgfcheck fmt writes it from here on: white space between values and nodes, escapes, soft line breaks";
    d.hint = "no value's text changed by this (a change of a value is reported by itself)";
    out.push_back(std::move(d));
}

// A finding about an identifier rather than a place (rule_grouping::per_subject: a
// lowercase identifier, an obsolete property kept) is said once per file, at its first
// place, with how many it stands for, as the checker says it.
void group_per_subject(std::vector<diagnostic>& ds) {
    std::unordered_map<std::string, std::size_t> first;  // rule, level and message -> index
    std::size_t kept = 0;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        if (info(ds[i].id).grouping == rule_grouping::per_subject) {
            std::string key = std::to_string(static_cast<int>(ds[i].id)) + ' ' + std::to_string(static_cast<int>(ds[i].level)) + ' ' + ds[i].message;
            const auto [it, added] = first.emplace(std::move(key), kept);
            if (!added) {
                ds[it->second].count += ds[i].count;
                continue;
            }
        }
        if (kept != i) ds[kept] = std::move(ds[i]);
        ++kept;
    }
    ds.resize(kept);
    for (diagnostic& d : ds)
        if (d.count > 1) d.message += " (and " + std::to_string(d.count - 1) + " more in this file)";
}

}  // namespace

fix_result fix(const load_result& input, const fix_options& options) {
    fix_result r;
    std::vector<game_tree> out;
    const auto trees = input.trees.trees();
    // Bytes the parse could not place: kept in the node where they stood.
    const std::vector<detail::leftover> leftovers =
        trees.empty() ? std::vector<detail::leftover>{} : detail::find_leftovers(*detail::tree_access::rep(trees[0])->src);
    const auto unplaced = detail::place_leftovers(leftovers, trees);
    for (std::size_t i = 0; i < trees.size(); ++i) {
        const node root = trees[i].front();
        fix_context c;
        c.input = &input;
        c.options = &options;
        c.unplaced = unplaced.empty() ? nullptr : &unplaced;
        c.tree = i;
        c.out = &r.diagnostics;
        // The game and board size the fixed tree will declare, as the checker reads them
        // (context_of: the one reading of a root). They are read from the input's root first;
        // when fixing changes them (GM[][9Z] loses its GM), the tree is fixed again under what
        // the output says, so that fixing the output changes nothing (B[tt] is a pass in Go only).
        const auto game_of = [&c](const node& declaring_root) {
            const tree_context t = context_of(declaring_root);
            c.gm = t.gm;
            c.game = find_game(c.gm);
            c.size = t.size;
            return t;
        };
        c.ff = game_of(root).ff;  // an FF that is no number: 4 (no FF[1]-FF[3] conversions)
        const std::size_t findings = r.diagnostics.size();
        std::unique_ptr<detail::go_board> board;
        game_tree fixed;
        const bool marks = has_m(trees[i]);
        for (int pass = 0; pass < 2; ++pass) {
            board.reset();
            c.board = nullptr;
            if (c.gm == 1 && c.size.known() && c.size.columns <= detail::go_board::max_side &&
                c.size.rows <= detail::go_board::max_side && marks) {
                board = std::make_unique<detail::go_board>(c.size);
                c.board = board.get();
            }
            r.diagnostics.resize(findings);
            fixed = fix_tree(trees[i], c);
            const int gm = c.gm;
            const board_size size = c.size;
            (void)game_of(fixed.front());
            if (c.gm == gm && c.size == size) break;
        }
        out.push_back(std::move(fixed));
    }
    const bool same = std::equal(out.begin(), out.end(), trees.begin(), trees.end(),
                                 [](const game_tree& a, const game_tree& b) { return a.same(b); });
    r.trees = same ? input.trees : collection(std::move(out));
    note_layout(input, r.diagnostics);
    std::stable_sort(r.diagnostics.begin(), r.diagnostics.end(),
                     [](const diagnostic& x, const diagnostic& y) { return x.where.byte < y.where.byte; });
    group_per_subject(r.diagnostics);
    return r;
}

}  // namespace sgf
