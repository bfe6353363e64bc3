// One collection-level game tree: the pre-order walk over the stored tree (explicit stack,
// any depth), the state along the current path (game-info node, Go board, inherited
// properties) restored by undo marks when a variation ends, and the Go replay of a node.
#include <algorithm>

#include "board/reused.hpp"
#include "check/internal.hpp"
#include "parse/tree_events.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::detail {

tree_checker::tree_checker(findings& out, const check_options& options) : out_(out), options_(options) {
    const std::size_t rows = all_properties().size();
    row_seen_.assign(rows, 0);
    row_first_.assign(rows, 0);
    once_seen_.assign(rows, 0);
    once_first_.assign(rows, 0);
    points_ = take_reused<point_table>();
}

tree_checker::~tree_checker() { give_back(std::move(points_)); }

void tree_checker::begin(const walk_context& ctx) {
    ctx_ = &ctx;
    if (++tree_stamp_ == 0) {  // wrapped: forget everything once
        std::fill(once_seen_.begin(), once_seen_.end(), 0);
        tree_stamp_ = 1;
    }
    game_info_ = 0;
    game_info_src_ = nullptr;
    if (ctx.replay) (void)board_.reset(ctx.size);  // reset: not logging
    if (inherit_rows_ != &ctx.plans->inherit) {
        inherit_ = inherit_walker(ctx.plans->inherit);
        inherit_rows_ = &ctx.plans->inherit;
    } else {
        inherit_.undo(0);
    }
    stack_.clear();
    stack_.push_back({game_info_, 0, game_info_src_, 0, inherit_.mark(), true});
}

void tree_checker::open(bool last) {
    if (last && ctx_->replay) board_.no_undo();
    const std::size_t board_mark = last || !ctx_->replay ? 0 : board_.mark();
    const std::size_t inherit_mark = inherit_.mark();
    frame& top = stack_.back();
    // A last variation in a last one whose nodes changed nothing the frame restores: closing
    // it restores what closing its parent restores right after (nothing can come between).
    if (last && top.last && top.game_info == game_info_ && top.game_info_src == game_info_src_ &&
        top.inherit_mark == inherit_mark) {
        ++top.repeat;
        return;
    }
    stack_.push_back({game_info_, 0, game_info_src_, board_mark, inherit_mark, last});
}

void tree_checker::close() {
    frame& f = stack_.back();
    game_info_ = f.game_info;  // leaving the variation: the path's state before it
    game_info_src_ = f.game_info_src;
    if (ctx_->replay && !f.last) board_.undo(f.board_mark);
    inherit_.undo(f.inherit_mark);
    if (f.repeat > 0) --f.repeat;
    else stack_.pop_back();
}

void tree_checker::end() { close(); }

void tree_checker::run(const game_tree& root, const walk_context& ctx) {
    begin(ctx);
    const tree_rep* t = tree_access::rep(root);
    walk_.clear();
    walk_.push_back({t, 0, true});
    visit_nodes(t, true);
    while (!walk_.empty()) {
        walk_frame& f = walk_.back();
        if (f.next_child < f.tree->child_count) {
            const tree_rep* child = tree_access::rep(f.tree->children()[f.next_child++]);
            if (child == nullptr) continue;
            const bool last = f.last && f.next_child == f.tree->child_count;
            open(last);
            walk_.push_back({child, 0, last});
            visit_nodes(child, false);
            continue;
        }
        walk_.pop_back();
        if (!walk_.empty()) close();
    }
    end();
}

void tree_checker::run(const source& src, std::span<const std::uint32_t> events, const walk_context& ctx) {
    begin(ctx);
    last_.clear();
    last_.push_back(true);
    // events[0] opens the game tree and events.back() closes it: begin and end
    const std::size_t n = events.size() - 1;
    bool is_root = true;
    for (std::size_t i = 1; i < n; ++i) {
        const std::uint32_t e = events[i];
        if (e == tree_events::close_entry) {
            close();
            last_.pop_back();
        } else if (e & tree_events::open_bit) {
            // last: its parent is, and what follows its ')' is the parent's ')'
            const bool last = last_.back() && events[tree_events::close_of(e) + 1] == tree_events::close_entry;
            open(last);
            last_.push_back(last);
        } else {
            node(src, e, is_root);
            is_root = false;
        }
    }
    end();
}

inline bool tree_checker::plain_move(const source& src, std::uint32_t offset, property_ref& one, bool& single) {
    const char* const base = src.data();
    single = node_reader::single_short(base, base + src.bytes.size(), offset, one);
    if (!single) return false;
    const row_plan* plan = ctx_->plans->short_plans[static_cast<std::size_t>(base[one.ident] - 'A' + 1) * 27];
    if (plan == nullptr || (plan->bits & bits_node_level) != 0 || plan->fast != fast_kind::go_move) return false;
    const auto at = lower_letter_pair({base + one.first + 1, 2});
    if (!at || !on_board(*at, ctx_->size)) return false;  // [tt], off the board, upper-case letters
    if (plan->go != board_effect::none) {
        if (ctx_->replay) play_move(src, plan->go, one.first, at->column, at->row);
    } else if (!plan->simple_values) {
        return false;
    }
    moves_now_ = true;
    return true;
}

inline void tree_checker::node(const source& src, std::uint32_t offset, bool is_root, bool plain) {
    // Every node gets its own stamp, also on the fast paths: the per-node point and
    // property sets (E106, E201) are keyed by it.
    if (++node_stamp_ == 0) {  // wrapped: forget the old stamps once
        std::fill(row_seen_.begin(), row_seen_.end(), 0);
        node_stamp_ = 1;
    }
    if (!plain) {
        check_node(src, offset, is_root);
        return;
    }
    property_ref one;
    bool single = false;
    if (!is_root && plain_move(src, offset, one, single)) return;
    check_node(src, offset, is_root, single ? &one : nullptr);
}

void tree_checker::visit_nodes(const tree_rep* t, bool collection_root) {
    const std::uint32_t* slots = t->slots();
    for (std::uint32_t i = 0; i < t->node_count; ++i) {
        const std::uint32_t s = slots[i];
        const bool is_root = collection_root && i == 0;
        if ((s & foreign_bit) == 0) {
            node(*t->src, s, is_root);
        } else {
            const sgf::node& n = t->extra->foreign[s & ~foreign_bit];
            node(*detail::tree_access::source_of(n), n.offset(), is_root, false);
        }
    }
}

// ------------------------------------------------------------------------ Go replay

namespace {
constexpr stone stone_of(board_effect e) noexcept {
    switch (e) {
        case board_effect::move_black:
        case board_effect::add_black: return stone::black;
        case board_effect::move_white:
        case board_effect::add_white: return stone::white;
        default: return stone::empty;
    }
}
constexpr std::string_view color_word(stone s) noexcept {
    return s == stone::black ? "black" : s == stone::white ? "white" : "empty";
}
}  // namespace

// Setup first (AB, AW, AE overwrite without captures), then moves (ff4_go.txt).
void tree_checker::replay_node(const source& src) {
    for (const go_action& a : actions_) {
        if (a.effect != board_effect::add_black && a.effect != board_effect::add_white && a.effect != board_effect::add_empty)
            continue;
        const stone s = stone_of(a.effect);
        bool changed = false;
        const point_rect r{a.upper_left, a.lower_right, a.upper_left == a.lower_right, a.upper_left, a.lower_right};
        r.for_each([&](board_point p) { changed = board_.set(s, p) || changed; });
        if (!changed && !a.reported) {
            std::string m = "[";
            m += a.raw;
            m += r.single ? "] changes nothing: the point is already " : "] changes nothing: every point is already ";
            m += color_word(s);
            report(rule::setup_no_effect, src, a.offset, std::move(m));
        }
    }
    for (const go_action& a : actions_)
        if (a.effect == board_effect::move_black || a.effect == board_effect::move_white)
            play_move(src, a.effect, a.offset, a.upper_left);
}

}  // namespace sgf::detail
