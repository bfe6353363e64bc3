// The checker's driver: per game tree of the collection, its context (context_of: FF, GM,
// SZ, CA of the root, defaults per profile), the plans for that (FF, GM), the tree walk;
// then the collection-level rules. Findings go into one findings list (table/findings.hpp).
#include "sgf/check.hpp"

#include <algorithm>

#include "check/check_trees.hpp"
#include "check/internal.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace detail {

collection_checker::collection_checker(findings& out, const check_options& options)
    : out_(out), options_(options), walker_(out, options) {}

const walk_context& collection_checker::begin_tree(const node& root, std::uint32_t open) {
    const source& src = *tree_access::source_of(root);
    current_ = tree_info{};
    current_.ctx = context_of(root, options_.prof);
    current_.src = &src;
    current_.open = open;
    const tree_context& c = current_.ctx;
    auto it = std::find_if(tables_.begin(), tables_.end(), [&](const auto& x) { return x->ff == c.ff && x->gm == c.gm; });
    if (it == tables_.end()) {
        tables_.push_back(plan_table_for(c.ff, c.gm, options_.prof));
        it = tables_.end() - 1;
    }
    ctx_ = walk_context{};
    ctx_.plans = it->get();
    ctx_.ff = c.ff;
    ctx_.ff_default = !c.ff_given;
    ctx_.size = c.size;
    const game_rule* g = ctx_.plans->game;
    ctx_.replay = options_.replay && g != nullptr && g->gm == 1 && ctx_.size.known() &&
                  ctx_.size.columns <= go_board::max_side && ctx_.size.rows <= go_board::max_side;
    return ctx_;
}

void collection_checker::took_tree(const tree_context& ctx, const source& src, std::uint32_t open) {
    current_ = tree_info{};
    current_.ctx = ctx;
    current_.src = &src;
    current_.open = open;
}

void collection_checker::set_first_positions(position ff, position gm, position ca) {
    if (trees_ != 0) return;
    current_.ff_pos = ff;
    current_.gm_pos = gm;
    current_.ca_pos = ca;
}

void collection_checker::end_tree() {
    if (trees_++ == 0) first_ = current_;
    else compare_with_first(current_);
}

void collection_checker::empty_tree() {
    if (trees_++ == 0) first_ = tree_info{};
}

// Collection level: FF, GM and CA of every game tree against the first one's.
void collection_checker::compare_with_first(const tree_info& t) {
    const tree_info& first = *first_;
    if (t.src == nullptr || first.src == nullptr) return;
    const auto n = [this] { return std::to_string(trees_); };
    const bool same_src = t.src == first.src;
    const int ff = t.ctx.ff;
    // The first game tree's place: a position when it was given as one, else its offset in
    // the same source; none in another source.
    const auto add = [&](rule r, std::uint64_t at, std::string message, bool given, const std::optional<position>& pos,
                         std::uint32_t offset) {
        if (given && pos) out_.add_related_at(r, ff, *t.src, at, std::move(message), *pos);
        else
            out_.add(r, ff, *t.src, at, std::move(message), {},
                     same_src && given ? std::optional<std::uint64_t>(offset) : std::nullopt);
    };
    if (t.ctx.ff != first.ctx.ff)
        add(rule::mixed_ff, t.ctx.ff_given ? t.ctx.ff_at : t.open,
            "game tree " + n() + " is FF[" + std::to_string(t.ctx.ff) + "], game tree 1 FF[" + std::to_string(first.ctx.ff) +
                "] (a missing FF counts as FF[1])",
            first.ctx.ff_given, first.ff_pos, first.ctx.ff_at);
    if (t.ctx.gm != first.ctx.gm)
        add(rule::mixed_gm, t.ctx.gm_given ? t.ctx.gm_at : t.open,
            "game tree " + n() + " is GM[" + std::to_string(t.ctx.gm) + "], game tree 1 GM[" + std::to_string(first.ctx.gm) + "]",
            first.ctx.gm_given, first.gm_pos, first.ctx.gm_at);
    if (t.ctx.ca != first.ctx.ca)
        add(rule::mixed_ca, t.ctx.ca_given ? t.ctx.ca_at : t.open,
            "game tree " + n() + " has CA[" + t.ctx.ca + "], game tree 1 CA[" + first.ctx.ca +
                "] (a missing CA means ISO-8859-1)",
            first.ctx.ca_given, first.ca_pos, first.ctx.ca_at);
}

}  // namespace detail

std::vector<diagnostic> detail::check_trees(const collection& c, const check_options& options,
                                           const std::vector<bool>* walk, std::vector<bool>* found) {
    findings out(options.prof);
    collection_checker checker(out, options);
    if (found != nullptr) found->assign(c.size(), false);
    std::size_t k = 0;
    for (const game_tree& root : c) {
        const std::uint64_t before = out.reported();
        const tree_rep* t = tree_access::rep(root);
        if (t == nullptr || t->node_count == 0) {
            checker.empty_tree();
        } else {
            const node first = t->node_at(0);
            const source& src = *tree_access::source_of(first);
            const walk_context& ctx = checker.begin_tree(first, t->open != no_offset && t->src.get() == &src ? t->open : first.offset());
            if (walk == nullptr || k >= walk->size() || (*walk)[k]) checker.walker().run(root, ctx);
            checker.end_tree();
        }
        if (found != nullptr) (*found)[k] = out.reported() != before;
        ++k;
    }
    return std::move(out).finish();
}

std::vector<diagnostic> check(const collection& c, const check_options& options) {
    return detail::check_trees(c, options, nullptr, nullptr);
}

}  // namespace sgf
