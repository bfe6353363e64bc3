// The checker's driver: per game tree of the collection, its context (context_of: FF, GM,
// SZ, CA of the root, defaults per profile), the plans for that (FF, GM), the tree walk;
// then the collection-level rules. Findings go into one findings list (table/findings.hpp).
#include "sgf/check.hpp"

#include <algorithm>

#include "check/internal.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace detail {

namespace {

struct tree_info {
    const source* src = nullptr;
    std::uint32_t open = 0;  // '(' or the root's ';'
    tree_context ctx;
};

// Collection level: FF, GM and CA of every game tree against the first one's.
void check_collection(findings& out, const std::vector<tree_info>& trees) {
    if (trees.size() < 2) return;
    const tree_info& first = trees.front();
    for (std::size_t k = 1; k < trees.size(); ++k) {
        const tree_info& t = trees[k];
        if (t.src == nullptr || first.src == nullptr) continue;
        const auto n = [k] { return std::to_string(k + 1); };
        const bool same_src = t.src == first.src;
        const int ff = t.ctx.ff;
        if (t.ctx.ff != first.ctx.ff)
            out.add(rule::mixed_ff, ff, *t.src, t.ctx.ff_given ? t.ctx.ff_at : t.open,
                    "game tree " + n() + " is FF[" + std::to_string(t.ctx.ff) + "], game tree 1 FF[" +
                        std::to_string(first.ctx.ff) + "] (a missing FF counts as FF[1])",
                    {}, same_src && first.ctx.ff_given ? std::optional<std::uint64_t>(first.ctx.ff_at) : std::nullopt);
        if (t.ctx.gm != first.ctx.gm)
            out.add(rule::mixed_gm, ff, *t.src, t.ctx.gm_given ? t.ctx.gm_at : t.open,
                    "game tree " + n() + " is GM[" + std::to_string(t.ctx.gm) + "], game tree 1 GM[" +
                        std::to_string(first.ctx.gm) + "]",
                    {}, same_src && first.ctx.gm_given ? std::optional<std::uint64_t>(first.ctx.gm_at) : std::nullopt);
        if (t.ctx.ca != first.ctx.ca)
            out.add(rule::mixed_ca, ff, *t.src, t.ctx.ca_given ? t.ctx.ca_at : t.open,
                    "game tree " + n() + " has CA[" + t.ctx.ca + "], game tree 1 CA[" + first.ctx.ca +
                        "] (a missing CA means ISO-8859-1)",
                    {}, same_src && first.ctx.ca_given ? std::optional<std::uint64_t>(first.ctx.ca_at) : std::nullopt);
    }
}

}  // namespace

}  // namespace detail

std::vector<diagnostic> check(const collection& c, const check_options& options) {
    using namespace detail;
    findings out(options.prof);
    tree_checker walker(out, options);
    std::vector<std::unique_ptr<plan_table>> tables;  // one per distinct (FF, GM)
    std::vector<tree_info> infos;
    infos.reserve(c.size());
    for (const game_tree& root : c) {
        const tree_rep* t = tree_access::rep(root);
        tree_info info;
        if (t == nullptr || t->node_count == 0) {
            infos.push_back(info);
            continue;
        }
        const node first = t->node_at(0);
        const source& src = *tree_access::source_of(first);
        info.ctx = context_of(first, options.prof);
        info.src = &src;
        info.open = t->open != no_offset && t->src.get() == &src ? t->open : first.offset();

        auto it = std::find_if(tables.begin(), tables.end(),
                               [&](const auto& x) { return x->ff == info.ctx.ff && x->gm == info.ctx.gm; });
        if (it == tables.end()) {
            tables.push_back(make_plan_table(info.ctx.ff, info.ctx.gm, options.prof));
            it = tables.end() - 1;
        }
        walk_context ctx;
        ctx.plans = it->get();
        ctx.ff = info.ctx.ff;
        ctx.ff_default = !info.ctx.ff_given;
        ctx.size = info.ctx.size;
        const game_rule* g = ctx.plans->game;
        ctx.replay = options.replay && g != nullptr && g->gm == 1 && ctx.size.known() &&
                     ctx.size.columns <= go_board::max_side && ctx.size.rows <= go_board::max_side;
        walker.run(root, ctx);
        infos.push_back(std::move(info));
    }
    check_collection(out, infos);
    return std::move(out).finish();
}

}  // namespace sgf
