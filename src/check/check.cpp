// The checker's driver: per game tree of the collection, the context (FF, GM, SZ from the
// root, defaults per profile), the plans for that (FF, GM), the tree walk; then the
// collection-level rules and the final order.
#include "sgf/check.hpp"

#include <algorithm>
#include <numeric>

#include "check/internal.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace detail {

// ------------------------------------------------------------------------ sink

severity severity_of(rule_level l) noexcept {
    switch (l) {
        case rule_level::error: return severity::error;
        case rule_level::warning: return severity::warning;
        default: return severity::info;
    }
}

sink::sink(profile p) : unlisted_(all_codes().size()) {
    for (const auto& r : all_rules()) levels_[static_cast<std::size_t>(r.id)] = level_of(r.id, p);
}

std::size_t sink::push(std::string_view code, severity s, std::string_view hint, const source& src,
                       std::uint32_t offset, std::string message, std::optional<std::uint32_t> related) {
    if (const code_info* c = find_code(code)) {
        unlisted& u = unlisted_[static_cast<std::size_t>(c - all_codes().data())];
        if (u.listed == listed_per_code) {
            if (u.count++ == 0) u = {u.listed, 1, &src, offset, s};
            return npos;
        }
        ++u.listed;
    }
    diagnostic d;
    d.code = code;
    d.level = s;
    d.message = std::move(message);
    d.hint = std::string(hint);
    out.push_back(std::move(d));
    places.push_back({&src, offset, related});
    return out.size() - 1;
}

std::size_t sink::add(rule r, const source& src, std::uint32_t offset, std::string message,
                      std::optional<std::uint32_t> related) {
    const rule_level l = level(r);
    if (l == rule_level::off) return npos;
    return push(code_of(r), severity_of(l), hint_of(r), src, offset, std::move(message), related);
}

std::size_t sink::add(finding f, const source& src, std::uint32_t offset, std::string message,
                      std::optional<std::uint32_t> related) {
    const std::string_view code = code_of(f);
    const code_info* c = find_code(code);
    return push(code, c ? c->default_level : severity::warning, hint_of(f), src, offset, std::move(message), related);
}

void sink::add_unlisted_summaries() {
    for (std::size_t i = 0; i < unlisted_.size(); ++i) {
        const unlisted& u = unlisted_[i];
        if (u.count == 0) continue;
        const code_info& c = all_codes()[i];
        diagnostic d;
        d.code = c.code;
        d.level = u.level;
        d.message = std::to_string(u.count) + " more " + std::string(c.code) + " findings (" + std::string(c.title) +
                    ") from here on, not listed";
        d.hint = "sgfcheck lists at most " + std::to_string(listed_per_code) + " findings of one code per file";
        out.push_back(std::move(d));
        places.push_back({u.src, u.offset, std::nullopt});
    }
}

void sink::resolve_positions() {
    // per source: every offset wanted (finding and related), ascending, resolved in one pass
    std::vector<const source*> sources;
    for (const place& p : places)
        if (std::find(sources.begin(), sources.end(), p.src) == sources.end()) sources.push_back(p.src);
    std::vector<std::uint32_t> offsets;
    std::vector<position> found;
    for (const source* src : sources) {
        offsets.clear();
        for (const place& p : places) {
            if (p.src != src) continue;
            offsets.push_back(p.offset);
            if (p.related) offsets.push_back(*p.related);
        }
        std::sort(offsets.begin(), offsets.end());
        offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
        positions_of(*src, offsets, found);
        auto at = [&](std::uint32_t off) {
            return found[static_cast<std::size_t>(std::lower_bound(offsets.begin(), offsets.end(), off) - offsets.begin())];
        };
        for (std::size_t k = 0; k < places.size(); ++k) {
            if (places[k].src != src) continue;
            out[k].where = at(places[k].offset);
            if (places[k].related) out[k].related = at(*places[k].related);
        }
    }
}

namespace {

// ------------------------------------------------------------------------ root context

// The root properties that set a game tree's context: file format, game, board size and
// charset (ff4_properties.txt, Root properties). Their values are also checked like any
// other value; here they only select the rows and the board.
enum context_slot : std::size_t { slot_ff, slot_gm, slot_sz, slot_ca, context_slots };
constexpr std::string_view context_properties[context_slots] = {"FF", "GM", "SZ", "CA"};

struct root_facts {
    std::optional<std::string> value[context_slots];  // unescaped first value
    std::uint32_t at[context_slots] = {};              // offset of the identifier
};

// The context properties of the root node (first occurrence; a duplicate is E201 anyway).
root_facts read_root(const source& src, std::uint32_t offset, node_props& node) {
    root_facts f;
    scan_props(src, offset, node);
    const char* const base = src.data();
    for (const prop_ref& p : node.props) {
        const std::string_view id(base + p.ident, p.ident_size);
        for (std::size_t k = 0; k < context_slots; ++k) {
            if (id != context_properties[k] || f.value[k] || p.count == 0) continue;
            const value_ref& v = node.values[p.first];
            f.value[k] = unescape(std::string_view(base + v.open + 1, v.size));
            f.at[k] = p.ident;
        }
    }
    return f;
}

struct tree_info {
    const source* src = nullptr;
    std::uint32_t open = 0;  // '(' or the root's ';'
    game_context ctx;
    bool ff_given = false, gm_given = false;
    std::string ca;  // as written, "" when absent
    std::uint32_t ff_at = 0, gm_at = 0, ca_at = 0;
};

// Collection level: FF, GM and CA of every game tree against the first one's.
void check_collection(sink& out, const std::vector<tree_info>& trees) {
    if (trees.size() < 2) return;
    const tree_info& first = trees.front();
    for (std::size_t k = 1; k < trees.size(); ++k) {
        const tree_info& t = trees[k];
        if (t.src == nullptr || first.src == nullptr) continue;
        const auto n = [k] { return std::to_string(k + 1); };
        const std::optional<std::uint32_t> rel_ff = first.ff_given ? std::optional<std::uint32_t>(first.ff_at) : std::nullopt;
        if (t.ctx.ff != first.ctx.ff)
            out.add(finding::mixed_ff, *t.src, t.ff_given ? t.ff_at : t.open,
                    "game tree " + n() + " is FF[" + std::to_string(t.ctx.ff) + "], game tree 1 FF[" +
                        std::to_string(first.ctx.ff) + "] (a missing FF counts as the default)",
                    t.src == first.src ? rel_ff : std::nullopt);
        if (t.ctx.gm != first.ctx.gm)
            out.add(finding::mixed_gm, *t.src, t.gm_given ? t.gm_at : t.open,
                    "game tree " + n() + " is GM[" + std::to_string(t.ctx.gm) + "], game tree 1 GM[" +
                        std::to_string(first.ctx.gm) + "]",
                    t.src == first.src && first.gm_given ? std::optional<std::uint32_t>(first.gm_at) : std::nullopt);
        if (t.ca != first.ca)
            out.add(finding::mixed_ca, *t.src, !t.ca.empty() ? t.ca_at : t.open,
                    "game tree " + n() + " has CA[" + t.ca + "], game tree 1 CA[" + first.ca +
                        "] (a missing CA means ISO-8859-1)",
                    t.src == first.src && !first.ca.empty() ? std::optional<std::uint32_t>(first.ca_at) : std::nullopt);
    }
}

}  // namespace

}  // namespace detail

std::vector<diagnostic> check(const collection& c, const check_options& options) {
    using namespace detail;
    sink out(options.prof);
    tree_checker walker(out, options);
    std::vector<std::unique_ptr<plan_table>> tables;  // one per distinct (FF, GM)
    node_props root_props;
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
        const root_facts f = read_root(src, first.offset(), root_props);
        info.src = &src;
        info.open = t->open != no_offset && t->src.get() == &src ? t->open : first.offset();
        const auto& ff = f.value[slot_ff];
        const auto& gm = f.value[slot_gm];
        const auto& sz = f.value[slot_sz];
        info.ctx = context_from(ff ? std::optional<std::string_view>(*ff) : std::nullopt,
                                gm ? std::optional<std::string_view>(*gm) : std::nullopt, options.prof);
        info.ff_given = ff.has_value();
        info.gm_given = gm.has_value();
        info.ca = f.value[slot_ca].value_or("");
        info.ff_at = f.at[slot_ff];
        info.gm_at = f.at[slot_gm];
        info.ca_at = f.at[slot_ca];

        auto it = std::find_if(tables.begin(), tables.end(),
                               [&](const auto& x) { return x->ff == info.ctx.ff && x->gm == info.ctx.gm; });
        if (it == tables.end()) {
            tables.push_back(make_plan_table(info.ctx.ff, info.ctx.gm, options.prof));
            it = tables.end() - 1;
        }
        tree_context ctx;
        ctx.plans = it->get();
        ctx.ff_default = !ff.has_value();
        const game_rule* g = ctx.plans->game;
        ctx.size = g ? g->default_size : board_size{};
        if (sz) {
            // A bad SZ is reported by its value check; points are then not checked against it.
            const auto s = parse_size(*sz);
            const rule bad = g ? check_size(*g, escape(*sz)).which : rule::none;
            ctx.size = s && bad != rule::value_syntax && bad != rule::number_range ? *s : board_size{};
        }
        ctx.replay = options.replay && g != nullptr && g->gm == 1 && ctx.size.known() &&
                     ctx.size.columns <= go_board::max_side && ctx.size.rows <= go_board::max_side;
        walker.run(root, ctx);
        infos.push_back(std::move(info));
    }
    check_collection(out, infos);

    out.add_unlisted_summaries();
    out.resolve_positions();

    // File order: by source (first appearance), then byte offset; stable for equal places.
    std::vector<std::size_t> order(out.out.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::vector<const source*> first_seen;
    std::vector<std::size_t> ranks(out.out.size());
    for (std::size_t k = 0; k < out.out.size(); ++k) {
        const source* s = out.places[k].src;
        auto f = std::find(first_seen.begin(), first_seen.end(), s);
        if (f == first_seen.end()) f = first_seen.insert(first_seen.end(), s);
        ranks[k] = static_cast<std::size_t>(f - first_seen.begin());
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (ranks[a] != ranks[b]) return ranks[a] < ranks[b];
        return out.out[a].where.byte < out.out[b].where.byte;  // unknown (npos) last
    });
    std::vector<diagnostic> sorted;
    sorted.reserve(order.size());
    for (const std::size_t k : order) sorted.push_back(std::move(out.out[k]));
    return sorted;
}

}  // namespace sgf
