// Plans: for one (FF, GM, profile), every row of the table resolved once into what the
// checker does with it. Everything here is derived from the row's fields (placement rule,
// board effect, point and exclusive groups) and the game's row (stacking stones).
#include <algorithm>
#include <mutex>

#include "check/internal.hpp"

namespace sgf::detail {

namespace {

// The property that declares the file format: never "not defined in this FF" (an FF[1]
// file may say FF[1], though FF itself came with FF[2]: ff1-4_property_index.txt).
constexpr std::string_view file_format_property = "FF";

constexpr std::size_t short_key(std::string_view id) noexcept {
    const auto first = static_cast<std::size_t>(id[0] - 'A' + 1);
    const auto second = id.size() == 2 ? static_cast<std::size_t>(id[1] - 'A' + 1) : 0;
    return first * 27 + second;
}

constexpr bool short_upper(std::string_view id) noexcept {
    if (id.empty() || id.size() > 2) return false;
    for (const char c : id)
        if (c < 'A' || c > 'Z') return false;
    return true;
}

bool is_single(const value_shape& s, value_kind k) {
    return s.card == cardinality::single && s.count == 1 && !s.alts[0].composed && s.alts[0].first == k;
}

fast_kind fast_of(const property_rule& r, const game_rule* g) {
    const auto& s = r.shape;
    // only distinct_ends among the restrictions is a value rule (check_value's); the others
    // are node, list or tree rules the checker applies itself
    const bool plain = r.format == value_format::plain && !r.range.present && !r.has(restriction::distinct_ends);
    if (plain && s.card == cardinality::single && s.count == 1 && !s.alts[0].composed) {
        const auto k = s.alts[0].first;
        if (k == value_kind::simple_text || k == value_kind::text || k == value_kind::unknown) return fast_kind::text;
        if (k == value_kind::real) return fast_kind::real;
        if (k == value_kind::number) return fast_kind::number;
        if (k == value_kind::move && g && g->move == move_syntax::go && g->point == point_syntax::letter_pair)
            return fast_kind::go_move;
    }
    if (r.format == value_format::time && is_single(s, value_kind::real)) return fast_kind::real;
    if (plain && s.card != cardinality::single && allows_compressed_points(s, g) && g &&
        g->point == point_syntax::letter_pair)
        return fast_kind::go_points;
    return fast_kind::general;
}

point_part points_of(const property_rule& r, const game_rule* g) {
    const auto& s = r.shape;
    if (s.card != cardinality::single && allows_compressed_points(s, g)) return point_part::rect;
    if (s.count != 1) return point_part::none;
    const auto& a = s.alts[0];
    if (a.composed) return a.first == value_kind::point ? point_part::compose_first : point_part::none;
    if (a.first == value_kind::point) return point_part::point;
    if (a.first == value_kind::move && g && (g->move == move_syntax::go || g->move == move_syntax::point))
        return point_part::move;
    if (a.first == value_kind::stone && g && g->stone == stone_syntax::point) return point_part::point;
    return point_part::none;
}

// The bits of the node rules row r takes part in, as planned.
std::uint32_t node_bits(const property_rule& r, const row_plan& plan) {
    // Not part of this FF version: its property type is another version's, so it takes no
    // part in the node rules; its values are still checked by the definition that exists
    // (at most a warning: it is not this version's rule).
    if (!plan.defined) return bit_rare;
    std::uint32_t bits = 0;
    switch (r.type) {
        case property_type::move: bits |= plan.in_root == rule::move_in_root ? bit_move : bit_move | bit_root_rule; break;
        case property_type::setup: bits |= plan.with_move == rule::setup_move_mix ? bit_setup_mix : bit_setup_other; break;
        case property_type::root: bits |= bit_root; break;
        case property_type::game_info: bits |= bit_game_info; break;
        case property_type::none: break;
    }
    if (r.exclusive == exclusive_group::move_color) bits |= bit_move_color;
    if (r.has(restriction::needs_move)) bits |= bit_needs_move;
    bits |= static_cast<std::uint32_t>(r.exclusive) << bit_excl_shift;
    if (!plan.applies || plan.long_ident || r.has(restriction::once_per_game) || r.inherit || plan.is_handicap)
        bits |= bit_rare;
    return bits;
}

// The plan of row k (r) in an FF[ff] GM[gm] file of `game` (nullptr: GM without a row).
row_plan plan_row(const property_rule& r, std::size_t k, int ff, int gm, const game_rule* game) {
    row_plan plan;
    plan.row = &r;
    plan.index = static_cast<std::uint16_t>(k);
    plan.defined = r.defined_in(ff) || r.ident == file_format_property;
    plan.applies = r.applies_to(gm);
    plan.long_ident = r.ident.size() > 2;
    plan.fast = fast_of(r, game);
    plan.points = points_of(r, game);
    plan.in_root = r.type == property_type::move ? rule::move_in_root : rule::none;
    plan.with_move = r.type == property_type::setup ? rule::setup_move_mix : rule::none;
    if (r.placement != rule::none) {
        if (r.type == property_type::move) plan.in_root = r.placement;
        if (r.type == property_type::setup) plan.with_move = r.placement;
    }
    if (gm == 1) plan.go = r.effect;  // the Go replay
    plan.is_handicap = r.format == value_format::handicap;
    plan.unique_points = info(r.unique_points).unique ? r.unique_points : point_group::none;
    // A point of a stacking game holds several stones (ff4_backgammon.txt: gnubg and gibbon
    // write AB[l][l][l] after clearing the board with AE[a:x]): AB and AW may repeat a
    // point, but not name the same point (one colour per point); AE points are unique
    // among themselves only.
    if (game != nullptr && game->stacks_stones && plan.unique_points == point_group::setup) {
        if (r.effect == board_effect::add_empty) plan.unique_points = point_group::self;
        else plan.stacks = true;
    }
    plan.simple_values = plan.unique_points == point_group::none && plan.go == board_effect::none &&
                         !r.has(restriction::no_duplicate_values);
    for (const auto& a : r.shape.alternatives())
        plan.text_values = plan.text_values || (!a.composed && (a.first == value_kind::text || a.first == value_kind::simple_text));
    // FF[1]-FF[3]: forms of a value that came with FF[4] (ff4_changes.txt) are reported,
    // so these rows take the general path (check_values -> ff4_forms).
    if (ff >= 1 && ff <= 3) {
        bool move = false;
        for (const auto& a : r.shape.alternatives()) move = move || (!a.composed && a.first == value_kind::move);
        const bool forms = plan.points == point_part::rect || r.format == value_format::size ||
                           r.changed != ff4_change::none || plan.text_values;  // soft line breaks
        const bool pass_form = move && game && game->empty_move_is_pass;
        plan.ff4_forms = forms || pass_form;
        // A move's one form new in FF[4] is the pass written []: the go_move fast path
        // leaves an empty value to check_values outside FF[4] trees, so moves stay fast.
        if (forms || (pass_form && plan.fast != fast_kind::go_move)) plan.fast = fast_kind::general;
    }
    plan.bits = node_bits(r, plan);
    return plan;
}

// "AB, AE and AW must have unique points within a node": the rule's text for `group`, naming
// its members of this game and profile.
std::string group_rule_text(point_group group, std::span<const property_rule> rows, int ff, int gm, profile p) {
    if (group == point_group::self) return "the points of this property must be unique";
    std::vector<std::string_view> ids;
    for (const auto& r : rows)
        if (r.unique_points == group && r.in_profile(p) && r.applies_to(gm) && find_property(r.ident, ff, gm, p) == &r)
            ids.push_back(r.ident);
    std::string text;
    for (std::size_t k = 0; k < ids.size(); ++k)
        text += std::string(k == 0 ? "" : k + 1 == ids.size() ? " and " : ", ") + std::string(ids[k]);
    return text + " must have unique points within a node";
}

}  // namespace

std::unique_ptr<plan_table> make_plan_table(int ff, int gm, profile p) {
    auto t = std::make_unique<plan_table>();
    t->ff = ff;
    t->gm = gm;
    t->prof = p;
    t->game = find_game(gm);
    const auto rows = all_properties();
    t->rows.resize(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k)
        if (rows[k].in_profile(p)) t->rows[k] = plan_row(rows[k], k, ff, gm, t->game);
    // The identifiers the file can use: the best row of each (find_property decides).
    for (const auto& r : rows) {
        if (!r.in_profile(p) || !short_upper(r.ident)) continue;
        if (const property_rule* best = find_property(r.ident, ff, gm, p))
            t->short_plans[short_key(r.ident)] = &t->rows[static_cast<std::size_t>(best - rows.data())];
    }
    for (std::size_t g = 0; g < t->group_rules.size(); ++g) {
        const auto group = static_cast<point_group>(g);
        if (group != point_group::none && info(group).unique) t->group_rules[g] = group_rule_text(group, rows, ff, gm, p);
    }
    // 002_*: "TE, KO, RD, GK are aliases for EV, KM, DT, GM in SGF2 style" (and TL, LKM,
    // PTM, PDT) in the root node; the same aliases fix converts (src/fix/values.cpp).
    for (const property_alias& a : all_aliases()) {
        if ((a.profiles & profile_bit(p)) == 0 || !a.context.starts_with("root node")) continue;
        if (const row_plan* target = t->find(a.target)) t->root_aliases.emplace_back(a.alias, target);
    }
    t->inherit = inherit_rows(ff, gm, p);
    for (std::size_t s = 0; s < t->inherit.size(); ++s)
        t->rows[static_cast<std::size_t>(t->inherit[s] - rows.data())].inherit_slot = static_cast<std::uint8_t>(s);
    return t;
}

std::shared_ptr<const plan_table> plan_table_for(int ff, int gm, profile p) {
    // One cache per process behind a mutex, never destroyed (as board/reused.hpp's pools, for
    // the same reason: no thread_local with a destructor).
    static constexpr std::size_t kept = 8;
    struct cache {
        std::mutex m;
        std::vector<std::shared_ptr<const plan_table>> recent;  // the most recent last
    };
    static cache* const c = new cache;
    {
        const std::lock_guard<std::mutex> lock(c->m);
        for (auto it = c->recent.begin(); it != c->recent.end(); ++it) {
            if ((*it)->ff != ff || (*it)->gm != gm || (*it)->prof != p) continue;
            std::shared_ptr<const plan_table> t = *it;
            c->recent.erase(it);
            c->recent.push_back(t);
            return t;
        }
    }
    std::shared_ptr<const plan_table> t = make_plan_table(ff, gm, p);  // (outside the lock: two threads may both make it)
    const std::lock_guard<std::mutex> lock(c->m);
    if (c->recent.size() == kept) c->recent.erase(c->recent.begin());
    c->recent.push_back(t);
    return t;
}

const row_plan* plan_table::find(std::string_view ident) const {
    const property_rule* r = nullptr;
    if (short_upper(ident)) return short_plans[short_key(ident)];
    bool upper = !ident.empty();
    for (const char c : ident) upper = upper && c >= 'A' && c <= 'Z';
    if (upper) {
        r = find_property(ident, ff, gm, prof);
    } else {
        // FF[1]-[3] long names ("CoPyright"): the parser reported them; the uppercase letters
        // are the FF[4] identifier (ff4_changes.txt "Verbose property names").
        const std::string id = ff4_ident_of(ident);
        if (id.empty()) return nullptr;
        if (short_upper(id)) return short_plans[short_key(id)];
        r = find_property(id, ff, gm, prof);
    }
    return r ? &rows[static_cast<std::size_t>(r - all_properties().data())] : nullptr;
}

}  // namespace sgf::detail
