// sgf::fix: every game tree walked in file order with an explicit stack (any depth), each
// node fixed by read_node / convert_node / replay_and_mark / split_and_build. A game tree
// whose nodes and variations all come out unchanged is the input's own game tree.
#include "sgf/fix.hpp"

#include <algorithm>
#include <deque>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "fix/detail.hpp"
#include "grammar/value_scan.hpp"
#include "parse/input_report.hpp"
#include "parse/parse_source.hpp"
#include "sgf/charset.hpp"
#include "sgf/context.hpp"
#include "values/readers.hpp"
#include "sgf/write.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace {

using detail::fix_context;

// Whether fix leaves node `in` as it is and says nothing about it, known without reading it
// into fix_props: one B or W of one Go point within a board of at most 19x19 ("B[pd]", 90%
// of the nodes of game records), with at most one each of BL, WL, OB, OW and C, each of one
// value that is valid FF[4] as it stands (no escape, nothing to decode, valid UTF-8: the
// value fix would work on is the raw one). Every step of the full path (read_node ..
// split_and_build) keeps such a node as the input's and notes nothing; the board (trees
// with M) and the leftovers kept in a node take the full path.
// Whether plain_move's nodes can be in this game tree at all (Go up to 19x19, no board, no
// --delete).
bool plain_moves_possible(const fix_context& c) {
    if (c.gm != 1 || c.board || c.size.columns > 19 || c.size.rows > 19 || !c.size.known()) return false;
    // (--delete may name B, W, BL, WL, OB, OW or C: such a node is read in full then; the other
    // deleting options never touch a node of these properties)
    return c.options == nullptr || c.options->delete_properties.empty();
}

bool within(char ch, std::uint32_t n) { return ch >= 'a' && static_cast<std::uint32_t>(ch - 'a') < n; }

bool unplaced_at(std::uint32_t offset, const fix_context& c) { return c.unplaced && c.unplaced->find(offset) != c.unplaced->end(); }

// The node at `offset` of `src` is ";B[pd]" followed by white space and ';', '(' or ')' (most
// of plain_move's nodes, read from the bytes at once: no node handle, tree_fixer::enter).
// Given plain_moves_possible.
bool short_plain_move(const detail::source& src, std::uint32_t offset, const fix_context& c) {
    const std::string_view b = src.view().substr(offset);
    if (b.size() >= 6 && b[0] == ';' && (b[1] == 'B' || b[1] == 'W') && b[2] == '[' && within(b[3], c.size.columns) &&
        within(b[4], c.size.rows) && b[5] == ']') {
        std::size_t k = 6;
        while (k < b.size() && grammar::is_white(b[k])) ++k;
        if (k == b.size() || b[k] == ';' || b[k] == '(' || b[k] == ')') return !unplaced_at(offset, c);
    }
    return false;
}

bool plain_move(const node& in, const fix_context& c) {
    if (!plain_moves_possible(c)) return false;
    if (short_plain_move(*detail::tree_access::source_of(in), in.offset(), c)) return true;
    static constexpr std::string_view others[] = {"BL", "WL", "OB", "OW", "C"};
    bool move = false;
    unsigned seen = 0;  // bit k: others[k]
    for (const property& p : in.properties()) {
        if (p.size() != 1) return false;
        const std::string_view id = p.ident();
        const value first = p.front();  // (raw() views into the value: kept while v is used)
        const std::string_view v = first.raw();
        if (id == "B" || id == "W") {
            if (move || v.size() != 2 || !within(v[0], c.size.columns) || !within(v[1], c.size.rows)) return false;
            move = true;
            continue;
        }
        const auto k = static_cast<unsigned>(std::find(std::begin(others), std::end(others), id) - std::begin(others));
        if (k == std::size(others) || (seen & (1u << k)) != 0) return false;
        seen |= 1u << k;
        if (v.find('\\') != std::string_view::npos || (c.convert_text && c.input->decodes(c.tree, v)) || !is_valid_utf8(v))
            return false;
        // (a file converted whole where kept bytes read as text somewhere: the full path says
        // which values hold them, say_bytes_kept)
        if (c.input->kept_as_text.known() && !detail::all_ascii(v)) return false;
        const property_rule* row = c.rule(id);
        if (!row || check_value(*row, c.game, v, c.size).level(profile::ff4) >= rule_level::warning) return false;
    }
    return move && !unplaced_at(in.offset(), c);
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
    detail::delete_asked(props, c, true);  // (an M or L named: deleted, not converted)
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

// The output of one top-level game tree while it is fixed, walked in pre-order with an
// explicit stack (any depth). A node is kept as a slot of the input's source (4 bytes: the
// nodes fix leaves as they are, most of them) or, with detail::foreign_bit, as an index
// into the nodes fix built; a frame is 32 bytes, in a deque (no copy of the stack as it
// grows: a million nested variations are a million frames).
class tree_fixer {
public:
    tree_fixer(const game_tree& root, fix_context& c) : c_(c), base_(detail::tree_access::rep(root)->src) {}

    game_tree run(const game_tree& root) {
        c_.game_info_on_path = false;
        enter(root);
        game_tree result;
        while (!stack_.empty()) {
            frame& f = stack_.back();
            const auto vs = f.in->variations();
            if (f.next < vs.size()) {
                if (c_.board) c_.board->undo(f.board);
                c_.game_info_on_path = f.game_info;
                enter(vs[f.next++]);
                continue;
            }
            const frame done = f;
            stack_.pop_back();
            if (done.empty_kept) {
                const detail::fix_pos at = kept_pos_.back();
                kept_pos_.pop_back();
                if (children_.size() - done.children < 2) {  // its variations went: so does it
                    detail::say_empty_node_deleted(at, c_);
                    slots_.resize(done.slots);
                    built_.resize(done.built);
                }
            }
            if (slots_.size() == done.slots && !stack_.empty()) {
                // Nothing but placeholder nodes: its variations take its place in the parent's.
                stack_.back().changed = true;
                continue;
            }
            game_tree t = finish(done);
            if (stack_.empty()) result = std::move(t);
            else children_.push_back(std::move(t));
        }
        return result;
    }

private:
    struct frame {
        const game_tree* in;
        std::uint32_t slots;     // where its output nodes start in slots_
        std::uint32_t built;     // where the nodes it built start in built_
        std::uint32_t children;  // where its output variations start in children_
        std::uint32_t next = 0;  // next variation to enter
        std::uint32_t board = 0; // board undo mark after its sequence (the log is shorter than the file)
        bool game_info = false;  // a game-info node on the path after its sequence
        bool changed = false;
        bool empty_kept = false; // its only node, empty, kept for its variations (where: kept_pos_)
    };

    void add(const node& n) {
        if (detail::tree_access::source_of(n) == base_.get()) {
            slots_.push_back(n.offset());
            return;
        }
        slots_.push_back(detail::foreign_bit | static_cast<std::uint32_t>(built_.size()));
        built_.push_back(n);
    }

    void enter(const game_tree& t) {
        frame f{&t, static_cast<std::uint32_t>(slots_.size()), static_cast<std::uint32_t>(built_.size()),
                static_cast<std::uint32_t>(children_.size())};
        std::optional<detail::fix_prop> carried;  // MN for this node's move (take_mn_for_next)
        const detail::tree_rep* rep = detail::tree_access::rep(t);
        const bool plain = rep != nullptr && plain_moves_possible(c_);  // (the same for the whole sequence: c_.board is set before)
        for (std::size_t i = 0; i < t.size(); ++i) {
            const bool top_root = stack_.empty() && i == 0;
            if (plain && !top_root && !carried) {  // ";B[pd]" in the input's source: its slot, no handle
                const auto [src, offset] = rep->node_place(static_cast<std::uint32_t>(i));
                if (src == base_.get() && short_plain_move(*src, offset, c_)) {
                    slots_.push_back(offset);
                    continue;
                }
            }
            const node in = t[i];
            if (!top_root && !carried && plain_move(in, c_)) {  // (a node with a property: no placeholder)
                add(in);
                continue;
            }
            if (!top_root && detail::placeholder_node(in)) {  // its bytes went to the node before
                f.changed = true;
                continue;
            }
            std::optional<detail::fix_pos> empty_kept;
            auto props = fixed_properties(t, i, top_root, carried, empty_kept, c_);
            if (empty_kept) {  // (its only node: at most one per frame)
                f.empty_kept = true;
                kept_pos_.push_back(*empty_kept);
            }
            if (!props) {  // deleted as asked
                f.changed = true;
                continue;
            }
            scratch_.clear();
            detail::split_and_build(in, std::move(*props), top_root, c_, scratch_);
            f.changed |= scratch_.size() != 1 || !scratch_[0].same(in);
            for (const node& n : scratch_) add(n);
            if (c_.origins)
                for (const node& n : scratch_)
                    if (detail::tree_access::source_of(n) != base_.get()) (*c_.origins)[detail::tree_access::source_of(n)] = in.offset();
        }
        f.board = c_.board ? static_cast<std::uint32_t>(c_.board->mark()) : 0;
        f.game_info = c_.game_info_on_path;
        stack_.push_back(f);
    }

    // The frame's output: its input tree when nothing changed, else a tree of its slots.
    game_tree finish(const frame& done) {
        const auto vs = done.in->variations();
        bool same = !done.changed && children_.size() - done.children == vs.size();
        for (std::size_t k = 0; same && k < vs.size(); ++k) same = children_[done.children + k].same(vs[k]);
        game_tree t = *done.in;
        if (!same) {
            const auto n = static_cast<std::uint32_t>(slots_.size() - done.slots);
            std::uint32_t* slots = slots_.data() + done.slots;
            for (std::uint32_t k = 0; k < n; ++k)  // indices into this tree's own foreign table
                if (slots[k] & detail::foreign_bit) slots[k] -= done.built;
            detail::tree_rep* rep = detail::make_tree_rep(base_, detail::no_offset, slots, n, children_.data() + done.children,
                                                          static_cast<std::uint32_t>(children_.size() - done.children));
            if (built_.size() > done.built)
                rep->foreign_table().assign(built_.begin() + done.built, built_.end());
            t = detail::tree_access::adopt(rep);
        }
        slots_.resize(done.slots);
        built_.resize(done.built);
        children_.resize(done.children);
        return t;
    }

    fix_context& c_;
    std::shared_ptr<const detail::source> base_;  // the input's source: its nodes are slots
    std::deque<frame> stack_;
    std::vector<std::uint32_t> slots_;
    std::vector<node> built_;
    std::vector<game_tree> children_;
    std::vector<node> scratch_;  // split_and_build's nodes of one input node
    std::vector<detail::fix_pos> kept_pos_;  // of the frames with empty_kept, innermost last
};

game_tree fix_tree(const game_tree& root, fix_context& c) { return tree_fixer(root, c).run(root); }

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
    // the last of its place, where a stable sort of the list with it at the end would put it
    const auto at_place = std::upper_bound(out.begin(), out.end(), d.where.byte,
                                           [](std::uint64_t b, const diagnostic& x) { return b < x.where.byte; });
    out.insert(at_place, std::move(d));
}

// ds[from..] in file order, stably (what one place says stays in the order said), sorted only
// when it is not so already: fix says most things in file order, so a file of many changes
// needs no sort of them all (100,000 game trees of FF[3]: 4% of fix).
void in_file_order(std::vector<diagnostic>& ds, std::size_t from) {
    const auto by_place = [](const diagnostic& x, const diagnostic& y) { return x.where.byte < y.where.byte; };
    const auto begin = ds.begin() + static_cast<std::ptrdiff_t>(from);
    if (!std::is_sorted(begin, ds.end(), by_place)) std::stable_sort(begin, ds.end(), by_place);
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
    // Bytes the parse could not place: kept in the node where they stood. The load reports
    // each such run as a recovery (E002, E003, E009, E010, E012, the same grammar's): without
    // one, there is none to look for.
    const bool recovered = std::any_of(input.diagnostics.begin(), input.diagnostics.end(),
                                       [](const diagnostic& d) { return info(d.id).recovery; });
    const std::vector<detail::leftover> leftovers = trees.empty() || !recovered
                                                        ? std::vector<detail::leftover>{}
                                                        : detail::find_leftovers(*detail::tree_access::rep(trees[0])->src);
    const auto unplaced = detail::place_leftovers(leftovers, trees);
    // (the bytes of the source the parse made, when the first game tree has one)
    std::optional<std::vector<std::uint32_t>> candidates;
    const detail::tree_rep* first = trees.empty() ? nullptr : detail::tree_access::rep(trees[0]);
    const detail::source* scanned = first ? first->src.get() : nullptr;
    if (scanned != nullptr) candidates = detail::m_candidates(scanned->view());
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
        const bool marks = detail::has_m_in(trees, i, scanned, candidates ? &*candidates : nullptr);
        std::unordered_map<const detail::source*, std::uint32_t> origins;  // (--variation-level only)
        if (options.variation_level) c.origins = &origins;
        for (int pass = 0; pass < 2; ++pass) {
            board.reset();
            origins.clear();
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
        if (options.variation_level && c.gm == 1)
            fixed = detail::corrected_variation_level(fixed, detail::tree_access::rep(trees[i])->src.get(), origins, c);
        out.push_back(std::move(fixed));
        in_file_order(r.diagnostics, findings);  // (a root's note may come after its nodes')
    }
    const bool same = std::equal(out.begin(), out.end(), trees.begin(), trees.end(),
                                 [](const game_tree& a, const game_tree& b) { return a.same(b); });
    r.trees = same ? input.trees : collection(std::move(out));
    in_file_order(r.diagnostics, 0);  // (each game tree's are: nothing to sort but where trees' places overlap)
    note_layout(input, r.diagnostics);
    group_per_subject(r.diagnostics);
    return r;
}

}  // namespace sgf
