// Valid content, driven by the property rule table: which rows a node of each kind may
// hold (ff4_sgf.txt 2.2.1 property types), their values from the row's shape and format,
// the node rules (one game-info node per path, exclusive groups, unique points, KO and
// annotations only with a move, DD[]/VW[] only when something is inherited) and, for Go,
// a board: moves go to empty points and never capture, AB/AW to empty points, AE to
// stones, so the checker's replay (W206, W207) has nothing to say either.
//
// Over 500 lines on purpose: one class (`builder`) whose methods share the state of the path
// being generated (the board, the inherited properties, the game-info node, the exclusive
// groups); split across files they would pass that state around. A tool, not the library.
#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

#include "tools/generate/model.hpp"
#include "sgf/value.hpp"
#include "values/readers.hpp"

namespace sgf::detail::gen {

namespace {

using point_set = std::set<std::pair<std::uint32_t, std::uint32_t>>;

[[nodiscard]] std::pair<std::uint32_t, std::uint32_t> key(board_point p) { return {p.column, p.row}; }

// The row the table picks for an identifier in this file is the one we generate for.
std::vector<const property_rule*> rows_of_game(int gm) {
    std::vector<const property_rule*> out;
    for (const auto& row : all_properties())
        if (row.in_profile(profile::ff4) && row.defined_in(4) && row.applies_to(gm) &&
            find_property(row.ident, 4, gm, profile::ff4) == &row)
            out.push_back(&row);
    return out;
}

bool is_one_of(std::string_view ident, std::initializer_list<std::string_view> xs) {
    return std::find(xs.begin(), xs.end(), ident) != xs.end();
}

// What is in effect on the path from the root to the node being built.
struct path_state {
    bool dd = false;  // DD set on the path (DD[] may clear it)
    bool vw = false;
    bool game_info = false;  // the path's game-info node is above
};

// Per node: points used per uniqueness group, exclusive groups used.
struct node_state {
    std::array<point_set, 6> groups{};  // index = point_group
    std::set<exclusive_group> exclusive;
};

class builder {
public:
    builder(rng& r, const generate_options& o, const plan& p, std::size_t budget, bool quiet, coverage& cov,
            expectations& ex)
        : r_(r), o_(o), p_(p), g_(*p.game), budget_(budget), quiet_(quiet), cov_(cov), ex_(ex), go_(p.gm == 1) {
        for (const auto* row : rows_of_game(p.gm)) {
            switch (row->type) {
                case property_type::move:
                    if (row->ident != "B" && row->ident != "W") move_rows_.push_back(row);
                    break;
                case property_type::setup: setup_rows_.push_back(row); break;
                case property_type::root: root_rows_.push_back(row); break;
                case property_type::game_info: info_rows_.push_back(row); break;
                case property_type::none: none_rows_.push_back(row); break;
            }
        }
    }

    model build() {
        std::size_t trees = 1;
        const auto k = r_.below(100);
        if (k >= 70) trees = k >= 90 ? 3 : 2;
        if (trees > 1) cov_.feature("several-game-trees");
        for (std::size_t t = 0; t < trees; ++t) {
            if (t > 0 && used_ >= budget_) break;
            if (go_) board_.reset(extent(g_, p_.size));
            max_depth_ = static_cast<int>(r_.between(0, 6));
            const auto root = tree_at(0, path_state{}, true);
            m_.roots.push_back(root);
            if (t == 0) add_runs(root);
        }
        add_private_properties();
        return std::move(m_);
    }

private:
    // ----------------------------------------------------------------------- shape

    std::uint32_t tree_at(int depth, path_state ps, bool top) {
        const auto index = static_cast<std::uint32_t>(m_.trees.size());
        m_.trees.emplace_back();
        m_.trees[index].top = top;
        const auto length = top ? r_.between(1, 8) : r_.between(1, 5);
        // the game-info node: the root, or the second node of the collection's tree
        const bool info_in_root = !top || r_.chance(85);
        for (std::int64_t i = 0; i < length; ++i) {
            if (i > 0 && used_ >= budget_) break;
            node n;
            if (top && i == 0) {
                n = root_node(info_in_root);
                if (info_in_root) ps.game_info = true;
            } else {
                const bool info_here = top && i == 1 && !info_in_root;
                n = body_node(ps, info_here);
                if (info_here) ps.game_info = true;
            }
            m_.trees[index].nodes.push_back(std::move(n));
        }
        if (top && !info_in_root && m_.trees[index].nodes.size() < 2) {
            // the sequence ended before the planned game-info node: make the root hold it
            node_state fresh;
            add_game_info(m_.trees[index].nodes[0], fresh);
            m_.trees[index].nodes[0].game_info = true;
            for (std::size_t i = 1; i < m_.trees[index].nodes.size(); ++i) m_.trees[index].nodes[i].below_game_info = true;
            ps.game_info = true;
        }
        if (depth < max_depth_ && used_ < budget_) {
            static constexpr std::array<unsigned, 5> weights = {40, 25, 20, 10, 5};
            auto w = r_.below(100);
            std::size_t kids = 0;
            while (kids + 1 < weights.size() && w >= weights[kids]) w -= weights[kids++];
            if (kids > 0) cov_.feature("variations");
            for (std::size_t c = 0; c < kids && used_ < budget_; ++c) {
                const auto mark = board_.mark();
                const auto child = tree_at(depth + 1, ps, false);
                if (go_) board_.undo(mark);
                m_.trees[index].children.push_back(child);
            }
        }
        return index;
    }

    // Long runs of nodes: nested (deep) and sibling (wide) variations of the first tree.
    void add_runs(std::uint32_t root) {
        tree& t = m_.trees[root];
        std::size_t deep = o_.depth;
        std::size_t wide = o_.width;
        if (deep == 0 && o_.width == 0 && r_.chance(6) && budget_ > 800) deep = static_cast<std::size_t>(r_.between(50, static_cast<std::int64_t>(budget_ / 8)));
        if (wide == 0 && o_.depth == 0 && r_.chance(6) && budget_ > 800)
            wide = static_cast<std::size_t>(r_.between(10, std::min<std::int64_t>(2000, static_cast<std::int64_t>(budget_ / 12))));
        if (wide > 0) {
            cov_.feature("wide-tree");
            t.wide.count = static_cast<std::uint32_t>(wide);
            // moves that are fine from the position at the end of the root sequence
            for (int i = 0; i < 6; ++i) {
                property mv;
                mv.ident = i % 2 == 0 ? "B" : "W";
                mv.row = find_property(mv.ident, 4, p_.gm, profile::ff4);
                if (go_) {
                    const auto mark = board_.mark();
                    mv.values.push_back(plain(go_move(i % 2 == 0 ? stone::black : stone::white)));
                    board_.undo(mark);
                } else {
                    mv.values.push_back(plain(move_text(r_, g_, p_.size, cov_)));
                }
                t.wide.pattern.push_back(std::move(mv));
            }
        }
        if (deep > 0) {
            cov_.feature("deep-tree");
            t.deep.count = static_cast<std::uint32_t>(deep);
            for (int i = 0; i < 2; ++i) {
                property q;
                if (go_) {  // passes: no board to keep track of at any depth
                    q.ident = i == 0 ? "B" : "W";
                    q.values.push_back(plain(""));
                } else {
                    q.ident = "C";
                    q.values.push_back(plain(i == 0 ? "deep" : "er"));
                }
                q.row = find_property(q.ident, 4, p_.gm, profile::ff4);
                t.deep.pattern.push_back(std::move(q));
            }
        }
    }

    // ------------------------------------------------------------------------ nodes

    node root_node(bool game_info) {
        node n;
        n.kind = node_kind::root;
        node_state ns;
        auto fixed = [&](std::string_view ident, std::string v) {
            property q;
            q.ident = std::string(ident);
            q.row = find_property(ident, 4, p_.gm, profile::ff4);
            q.values.push_back(plain(std::move(v)));
            use(q);
            n.props.push_back(std::move(q));
        };
        fixed("FF", "4");
        if (p_.write_gm) fixed("GM", std::to_string(p_.gm));
        else cov_.feature("gm-omitted");
        if (!p_.sz.empty()) fixed("SZ", p_.sz);
        if (!p_.ca.empty()) fixed("CA", p_.ca);
        for (const auto* row : root_rows_) {
            if (is_one_of(row->ident, {"FF", "GM", "SZ", "CA"})) continue;
            if (r_.chance(35)) add(n, *row, ns, path_state{});
        }
        if (game_info) {
            n.game_info = true;
            add_game_info(n, ns);
        }
        if (r_.chance(20)) setup_into(n, ns);
        none_into(n, ns, path_state{}, r_.below(3));
        if (r_.chance(30)) {
            // property order is free: FF need not come first
            for (std::size_t i = n.props.size(); i > 1; --i) std::swap(n.props[i - 1], n.props[static_cast<std::size_t>(r_.below(i))]);
            cov_.feature("root-order-shuffled");
        }
        return n;
    }

    node body_node(path_state& ps, bool game_info) {
        node n;
        node_state ns;
        n.below_game_info = ps.game_info && !game_info;
        const auto k = r_.below(100);
        if (k < 62) {
            n.kind = node_kind::move;
            move_into(n, ns);
        } else if (k < 74) {
            n.kind = node_kind::setup;
            setup_into(n, ns);
        }
        if (game_info) {
            n.game_info = true;
            add_game_info(n, ns);
        }
        const auto extra = n.kind == node_kind::plain ? r_.below(4) : r_.below(3);
        none_into(n, ns, ps, extra);
        if (n.props.empty()) cov_.feature("empty-node");
        // inherit state for what follows on this path
        if (const auto* dd = n.find("DD")) ps.dd = !(dd->values.size() == 1 && dd->values[0].raw.empty());
        if (const auto* vw = n.find("VW")) ps.vw = !(vw->values.size() == 1 && vw->values[0].raw.empty());
        used_ += 2;
        return n;
    }

    void add_game_info(node& n, node_state& ns) {
        // at least one property, so the node is the path's game-info node
        bool any = false;
        for (const auto* row : info_rows_) {
            if (n.has(row->ident)) continue;
            if (!r_.chance(row->ident == "GN" ? 80 : 25)) continue;
            if (row->ident == "HA") {
                if (!handicap_into(n, ns)) continue;
            } else {
                add(n, *row, ns, path_state{});
            }
            any = true;
        }
        if (!any) {
            const auto* gn = find_property("GN", 4, p_.gm, profile::ff4);
            add(n, *gn, ns, path_state{});
        }
    }

    // HA[n] with exactly n AB stones in the same node (ff4_go.txt HA; else W208).
    bool handicap_into(node& n, node_state& ns) {
        if (!go_ || n.kind == node_kind::move || n.has("AB") || n.has("AW") || n.has("AE")) return false;
        const auto stones = r_.between(2, 9);
        property ab;
        ab.ident = "AB";
        ab.row = find_property("AB", 4, 1, profile::ff4);
        for (std::int64_t i = 0; i < stones; ++i) {
            board_point p{};
            if (!empty_point(ns.groups[static_cast<std::size_t>(point_group::setup)], p)) return false;
            ns.groups[static_cast<std::size_t>(point_group::setup)].insert(key(p));
            ab.values.push_back(plain(point_text(g_, p)));
        }
        for (const auto& v : ab.values) board_.set(stone::black, *parse_point(g_, v.raw));
        property ha;
        ha.ident = "HA";
        ha.row = find_property("HA", 4, 1, profile::ff4);
        ha.values.push_back(plain(std::to_string(stones)));
        use(ha);
        use(ab);
        n.props.push_back(std::move(ha));
        n.props.push_back(std::move(ab));
        if (n.kind == node_kind::plain) n.kind = node_kind::setup;
        cov_.feature("handicap");
        return true;
    }

    void move_into(node& n, node_state& ns) {
        const bool black = r_.chance(50);
        property mv;
        mv.ident = black ? "B" : "W";
        mv.row = find_property(mv.ident, 4, p_.gm, profile::ff4);
        mv.values.push_back(plain(go_ ? go_move(black ? stone::black : stone::white) : move_text(r_, g_, p_.size, cov_)));
        use(mv);
        n.props.push_back(std::move(mv));
        bool annotated = false;
        for (const auto* row : move_rows_) {
            if (!r_.chance(12)) continue;
            if (row->exclusive == exclusive_group::move_annotation) {
                if (annotated) continue;
                annotated = true;
            }
            add(n, *row, ns, path_state{});
        }
    }

    void setup_into(node& n, node_state& ns) {
        bool any = false;
        for (const auto* row : setup_rows_) {
            if (n.has(row->ident) || !r_.chance(35)) continue;
            any |= add(n, *row, ns, path_state{});
        }
        if (!any && !setup_rows_.empty()) {
            // AE needs stones on the board; AB always finds room
            for (const auto* row : setup_rows_)
                if (!n.has(row->ident) && row->ident != "AE" && row->ident != "PL" && add(n, *row, ns, path_state{})) break;
        }
        if (go_) apply_setup(n);
    }

    void none_into(node& n, node_state& ns, const path_state& ps, std::uint64_t count) {
        for (std::uint64_t i = 0; i < count && !none_rows_.empty(); ++i) {
            const auto* row = none_rows_[static_cast<std::size_t>(r_.below(none_rows_.size()))];
            if (n.has(row->ident)) continue;
            if (row->exclusive != exclusive_group::none && ns.exclusive.count(row->exclusive)) continue;
            add(n, *row, ns, ps);
        }
    }

    // ------------------------------------------------------------------------ values

    // Adds a property of `row` with fitting values; false when none fits here.
    bool add(node& n, const property_rule& row, node_state& ns, const path_state& ps) {
        property q;
        q.ident = std::string(row.ident);
        q.row = &row;
        if (!values_of(q, row, ns, ps)) return false;
        if (row.exclusive != exclusive_group::none) ns.exclusive.insert(row.exclusive);
        use(q);
        n.props.push_back(std::move(q));
        return true;
    }

    void use(const property& q) {
        cov_.rows.insert(q.row);
        used_ += q.ident.size() + 1;
        for (const auto& v : q.values) used_ += v.raw.size() + 2;
    }

    text_options text_opts(bool compose_part = false) const {
        text_options t;
        t.utf8 = p_.utf8;
        t.compose_part = compose_part;
        t.max_pieces = r_.chance(3) && budget_ > 4000 ? 200 : 8;  // now and then a long value
        return t;
    }

    value text_value(bool compose_part = false) {
        auto t = text_opts(compose_part);
        if (t.max_pieces > 8) cov_.feature("long-value");
        return make_text(r_, t, cov_);
    }

    // The values of a row with a value format of its own (a date, a result, a keyword ...), as
    // the format's text; whether it made any; nullopt for a plain row (its values by its shape).
    std::optional<bool> format_values(property& q, const property_rule& row) {
        switch (row.format) {
            case value_format::date: q.values.push_back(plain(date_text(r_))); return true;
            case value_format::result:
            case value_format::result_backgammon:
            case value_format::result_hex: q.values.push_back(plain(result_text(r_, row.format, cov_))); return true;
            case value_format::time: q.values.push_back(plain(time_text())); return true;
            case value_format::handicap: return false;  // handicap_into
            case value_format::size: return false;      // the plan's SZ
            case value_format::application: {
                value a = text_value(true), b = text_value(true);
                q.values.push_back(compose(std::move(a), std::move(b)));
                return true;
            }
            case value_format::figure:
                if (r_.chance(40)) {
                    q.values.push_back(plain(""));
                } else {
                    static constexpr std::array<int, 6> flags = {1, 2, 4, 256, 512, 32768};
                    int sum = 0;
                    for (const int f : flags)
                        if (r_.chance(30)) sum += f;
                    q.values.push_back(compose(plain(std::to_string(sum)), text_value(true)));
                }
                cov_.feature("compose");
                return true;
            case value_format::keyword: q.values.push_back(plain(std::string(pick_word(r_, row.keywords)))); return true;
            case value_format::keyword_switches:
            case value_format::keyword_numbers: {
                std::set<std::string_view> keys;
                const auto count = r_.between(1, 3);
                for (std::int64_t i = 0; i < count; ++i) {
                    const auto k = pick_word(r_, row.keywords);
                    if (!keys.insert(k).second) continue;
                    std::string v = row.format == value_format::keyword_numbers ? std::to_string(r_.between(0, 64))
                                                                                : (r_.chance(50) ? "on" : "off");
                    q.values.push_back(compose(plain(std::string(k)), plain(std::move(v))));
                }
                cov_.feature("compose");
                return true;
            }
            case value_format::empty_text: q.values.push_back(plain("")); return true;
            case value_format::rule_set: {  // a mandatory name, or a free one (ff4_properties.txt RU)
                static constexpr std::array<std::string_view, 5> names = {"AGA", "GOE", "Japanese", "NZ", "Chinese"};
                q.values.push_back(plain(std::string(names[static_cast<std::size_t>(r_.below(names.size()))])));
                return true;
            }
            case value_format::plain: return std::nullopt;
        }
        return std::nullopt;
    }

    bool values_of(property& q, const property_rule& row, node_state& ns, const path_state& ps) {
        const auto& shape = row.shape;
        if (const auto made = format_values(q, row)) return *made;
        const auto alts = shape.alternatives();
        if (alts.empty()) return false;
        const value_alternative& a = alts[static_cast<std::size_t>(r_.below(alts.size()))];
        if (shape.card == cardinality::single) {
            value v;
            if (!one_value(v, row, a, ns, q)) return false;
            q.values.push_back(std::move(v));
            return true;
        }
        // list / elist
        if (row.has(restriction::clears_when_empty)) {
            const bool in_effect = row.ident == "DD" ? ps.dd : row.ident == "VW" ? ps.vw : false;
            if (in_effect && r_.chance(40)) {
                q.values.push_back(plain(""));
                cov_.feature("elist-empty");
                return true;
            }
        } else if (shape.card == cardinality::elist && r_.chance(15)) {
            q.values.push_back(plain(""));
            cov_.feature("elist-empty");
            return true;
        }
        const bool compressible = allows_compressed_points(shape, &g_);
        const auto count = r_.between(1, 4);
        for (std::int64_t i = 0; i < count; ++i) {
            value v;
            if (compressible && !a.composed && r_.chance(35) && rectangle(v, row, ns, q)) {
                q.values.push_back(std::move(v));
                continue;
            }
            if (one_value(v, row, a, ns, q)) q.values.push_back(std::move(v));
        }
        return !q.values.empty();
    }

    static value compose(value a, value b) {
        value v;
        v.raw = a.raw + ":" + b.raw;
        v.text = a.text + ":" + b.text;
        v.split = a.text.size();
        return v;
    }

    std::string time_text() {
        std::string s = std::to_string(r_.between(0, 7200));
        if (r_.chance(40)) s += "." + std::to_string(r_.between(0, 9));
        return s;
    }

    point_set& group_of(const property_rule& row, node_state& ns, point_set& self) {
        if (row.unique_points == point_group::none || row.unique_points == point_group::self) return self;
        return ns.groups[static_cast<std::size_t>(row.unique_points)];
    }

    // A point for property q: on the board, unused in its group and in q itself; for Go
    // setup, empty (AB, AW) or a stone (AE) on the board.
    bool fresh_point(const property_rule& row, node_state& ns, const property& q, board_point& out) {
        point_set self = points_of(q);
        point_set& group = group_of(row, ns, self);
        const bool setup_go = go_ && row.type == property_type::setup && row.ident != "PL";
        for (int tries = 0; tries < 40; ++tries) {
            const board_point p = random_point(r_, g_, p_.size);
            if (group.count(key(p)) || self.count(key(p))) continue;
            if (setup_go) {
                const stone s = board_.at(p);
                if (row.ident == "AE" ? s == stone::empty : s != stone::empty) continue;
            }
            group.insert(key(p));
            out = p;
            return true;
        }
        return false;
    }

    // The points q already names: single points, rectangles of a compressible list, or
    // the point of a compose (LB's text part is no point, even when it reads like one).
    point_set points_of(const property& q) const {
        point_set out;
        const bool rectangles = q.row && !is_compose_type(q.row->shape) && allows_compressed_points(q.row->shape, &g_);
        for (const auto& v : q.values) {
            if (rectangles) {
                if (auto rect = parse_point_rect(g_, v.raw); rect && rect->count() <= 52 * 52)
                    rect->for_each([&](board_point b) { out.insert(key(b)); });
            } else if (const auto parts = split_compose(v.raw)) {
                if (auto p = parse_point(g_, parts->first)) out.insert(key(*p));
            } else if (auto p = parse_point(g_, v.raw)) {
                out.insert(key(*p));
            }
        }
        return out;
    }

    bool empty_point(const point_set& taken, board_point& out) {
        for (int tries = 0; tries < 60; ++tries) {
            const board_point p = random_point(r_, g_, p_.size);
            if (!taken.count(key(p)) && board_.at(p) == stone::empty) {
                out = p;
                return true;
            }
        }
        return false;
    }

    bool rectangle(value& v, const property_rule& row, node_state& ns, const property& q) {
        if (row.ident == "AE") return false;  // AE takes stones: single points are enough
        const board_size e = extent(g_, p_.size);
        if (e.columns * e.rows < 2) return false;
        point_set self = points_of(q);
        point_set& group = group_of(row, ns, self);
        const bool setup_go = go_ && row.type == property_type::setup;
        for (int tries = 0; tries < 20; ++tries) {
            const auto w = static_cast<std::uint32_t>(r_.between(1, std::min<std::uint32_t>(3, e.columns)));
            const auto h = static_cast<std::uint32_t>(r_.between(1, std::min<std::uint32_t>(3, e.rows)));
            if (w * h < 2) continue;
            const auto c0 = static_cast<std::uint32_t>(r_.between(1, e.columns - w + 1));
            const auto r0 = static_cast<std::uint32_t>(r_.between(1, e.rows - h + 1));
            bool ok = true;
            for (std::uint32_t c = c0; c < c0 + w && ok; ++c)
                for (std::uint32_t rr = r0; rr < r0 + h && ok; ++rr) {
                    const board_point b{c, rr};
                    ok = !group.count(key(b)) && !self.count(key(b)) && !(setup_go && board_.at(b) != stone::empty);
                }
            if (!ok) continue;
            for (std::uint32_t c = c0; c < c0 + w; ++c)
                for (std::uint32_t rr = r0; rr < r0 + h; ++rr) group.insert(key(board_point{c, rr}));
            // upper-left first: the top row is the smallest row, or the largest when rows count up
            const std::uint32_t top = g_.rows_bottom_up ? r0 + h - 1 : r0;
            const std::uint32_t bottom = g_.rows_bottom_up ? r0 : r0 + h - 1;
            v = plain(point_text(g_, {c0, top}) + ":" + point_text(g_, {c0 + w - 1, bottom}));
            cov_.feature("compressed-point-list");
            return true;
        }
        return false;
    }

    // One value of alternative `a` (not a rectangle).
    bool one_value(value& v, const property_rule& row, const value_alternative& a, node_state& ns, const property& q) {
        if (a.composed) {
            cov_.feature("compose");
            std::set<std::string> seen;
            for (const auto& w : q.values) seen.insert(w.raw);
            for (int tries = 0; tries < 10; ++tries) {
                value first, second;
                if (a.first == value_kind::point && (row.unique_points == point_group::self || row.unique_points != point_group::none)) {
                    board_point p{};
                    if (!fresh_point(row, ns, q, p)) return false;
                    first = plain(point_text(g_, p));
                } else if (!simple_value(first, a.first, row, true)) {
                    return false;
                }
                if (!simple_value(second, a.second, row, true)) return false;
                if (row.has(restriction::distinct_ends) && first.raw == second.raw) continue;
                // AR, LN: the same arrow twice is illegal; LN has no direction (unordered_ends)
                const std::string reversed = second.raw + ":" + first.raw;
                v = compose(std::move(first), std::move(second));
                if (seen.count(v.raw)) continue;
                if (row.has(restriction::unordered_ends) && seen.count(reversed)) continue;
                return true;
            }
            return false;
        }
        if (a.first == value_kind::point || (a.first == value_kind::stone && g_.stone == stone_syntax::point)) {
            board_point p{};
            if (!fresh_point(row, ns, q, p)) return false;
            v = plain(point_text(g_, p));
            return true;
        }
        if (a.first == value_kind::stone) {  // Octi stones: point + prongs, one per point
            point_set self;
            for (int tries = 0; tries < 20; ++tries) {
                std::string s = stone_text(r_, g_, p_.size);
                const auto p = parse_point(g_, std::string_view(s).substr(0, 2));
                point_set& group = group_of(row, ns, self);
                bool dup = p && group.count(key(*p));
                for (const auto& w : q.values) dup = dup || w.raw.substr(0, 2) == s.substr(0, 2);
                if (dup) continue;
                if (p) group.insert(key(*p));
                v = plain(std::move(s));
                return true;
            }
            return false;
        }
        if (row.has(restriction::no_duplicate_values) || row.shape.card != cardinality::single) {
            for (int tries = 0; tries < 10; ++tries) {
                if (!simple_value(v, a.first, row, false)) return false;
                bool dup = false;
                for (const auto& w : q.values) dup = dup || w.raw == v.raw;
                if (!dup) return true;
            }
            return false;
        }
        return simple_value(v, a.first, row, false);
    }

    // A value of one kind (no compose, no uniqueness).
    bool simple_value(value& v, value_kind kind, const property_rule& row, bool compose_part) {
        switch (kind) {
            case value_kind::none: v = plain(""); cov_.feature("none-value"); return true;
            case value_kind::number: {
                std::int64_t lo = -100, hi = 1000;
                if (row.range.present) {
                    lo = row.range.min;
                    hi = std::min<std::int64_t>(row.range.max, row.range.min + 100);
                }
                v = plain(number_text(r_, lo, hi, cov_));
                return true;
            }
            case value_kind::real: v = plain(real_text(r_, cov_)); return true;
            case value_kind::double_value: v = plain(r_.chance(50) ? "1" : "2"); cov_.feature("double"); return true;
            case value_kind::color: v = plain(r_.chance(50) ? "B" : "W"); cov_.feature("color"); return true;
            case value_kind::time: v = plain(time_text()); return true;
            case value_kind::simple_text:
            case value_kind::text:
            case value_kind::unknown: v = text_value(compose_part); return true;
            case value_kind::point: v = plain(point_text(g_, random_point(r_, g_, p_.size))); return true;
            case value_kind::stone: v = plain(stone_text(r_, g_, p_.size)); return true;
            case value_kind::move: v = plain(move_text(r_, g_, p_.size, cov_)); return true;
        }
        return false;
    }

    // --------------------------------------------------------------------------- Go

    // A move to an empty point that captures nothing, or a pass.
    std::string go_move(stone color) {
        const board_size e = extent(g_, p_.size);
        for (int tries = 0; tries < 30; ++tries) {
            const board_point p = random_point(r_, g_, p_.size);
            if (board_.at(p) != stone::empty) continue;
            const bool small = e.columns <= 19 && e.rows <= 19;
            if (small && p.column == 20 && p.row == 20) continue;  // "tt" would be a pass
            const auto mark = board_.mark();
            board_.play(color, p);
            if (board_.last_captures() == 0) return point_text(g_, p);
            board_.undo(mark);
        }
        const bool small = e.columns <= 19 && e.rows <= 19;
        if (small && r_.chance(50)) {
            cov_.feature("pass-tt");
            return "tt";
        }
        cov_.feature("pass-empty");
        return "";
    }

    void apply_setup(const node& n) {
        for (const auto& q : n.props) {
            const stone s = q.ident == "AB" ? stone::black : q.ident == "AW" ? stone::white : q.ident == "AE" ? stone::empty : stone::border;
            if (s == stone::border) continue;
            for (const auto& v : q.values)
                if (auto rect = parse_point_rect(g_, v.raw); rect && rect->count() <= 52 * 52)
                    rect->for_each([&](board_point b) {
                        if (board_.contains(b)) (void)board_.set(s, b);
                    });
        }
    }

    // ----------------------------------------------------------------- private ones

    void add_private_properties() {
        if (quiet_ || !o_.private_properties || !r_.chance(30)) return;
        const auto count = r_.between(1, 3);
        for (std::int64_t i = 0; i < count; ++i) {
            std::string ident;
            for (int tries = 0; tries < 50; ++tries) {
                const auto len = r_.chance(70) ? 2 : r_.between(3, 6);
                ident.clear();
                for (std::int64_t k = 0; k < len; ++k) ident += static_cast<char>('A' + r_.below(26));
                // the checker reports an unknown identifier once per game tree: use each once
                if (find_property(ident, 4, p_.gm, profile::ff4) == nullptr && private_.insert(ident).second) break;
                ident.clear();
            }
            if (ident.empty()) continue;
            tree& t = m_.trees[static_cast<std::size_t>(r_.below(m_.trees.size()))];
            node& n = t.nodes[static_cast<std::size_t>(r_.below(t.nodes.size()))];
            if (n.has(ident)) continue;
            property q;
            q.ident = ident;
            const auto values = r_.between(1, 2);
            for (std::int64_t k = 0; k < values; ++k) q.values.push_back(text_value());
            q.mark = ex_.take();
            if (ident.size() > 2) {
                ex_.add(q.mark, "I201");
                cov_.feature("private-long-ident");
            }
            ex_.add(q.mark, "W201");
            cov_.feature("private-property");
            n.props.insert(n.props.begin() + static_cast<std::ptrdiff_t>(r_.below(n.props.size() + 1)), std::move(q));
        }
    }

    rng& r_;
    const generate_options& o_;
    const plan& p_;
    const game_rule& g_;
    std::size_t budget_;
    bool quiet_;
    coverage& cov_;
    expectations& ex_;
    bool go_;
    go_board board_;
    model m_;
    std::size_t used_ = 0;
    int max_depth_ = 0;
    std::set<std::string> private_;
    std::vector<const property_rule*> move_rows_, setup_rows_, root_rows_, info_rows_, none_rows_;
};

}  // namespace

plan make_plan(rng& r, const generate_options& o) {
    plan p;
    int gm = o.gm;
    if (gm == 0) {
        if (r.chance(70)) {
            gm = 1;
        } else {
            std::vector<int> paged;
            for (const auto& g : all_games())
                if (g.has_page && g.gm != 1) paged.push_back(g.gm);
            gm = paged[static_cast<std::size_t>(r.below(paged.size()))];
        }
    }
    p.gm = gm;
    p.game = find_game(gm);
    if (p.game == nullptr || !p.game->has_page)
        throw std::invalid_argument("GM[" + std::to_string(gm) + "]: only games with a game page can be generated");
    const game_rule& g = *p.game;
    p.write_gm = gm != 1 || r.chance(80);
    auto square = [&](std::uint32_t n) {
        p.sz = std::to_string(n);
        p.size = {n, n};
    };
    p.size = g.default_size;
    if (gm == 1) {
        const auto k = r.below(100);
        if (k < 40) {
        } else if (k < 65) square(19);
        else if (k < 75) square(9);
        else if (k < 85) square(13);
        else if (k < 95) square(static_cast<std::uint32_t>(r.between(1, 52)));
        else {
            const auto c = static_cast<std::uint32_t>(r.between(2, 52));
            auto rows = static_cast<std::uint32_t>(r.between(1, 51));
            if (rows >= c) ++rows;
            p.sz = std::to_string(c) + ":" + std::to_string(rows);
            p.size = {c, rows};
        }
    } else if (!g.default_size.known() && g.max_side > 0) {
        // Octi: no default board; a size now and then
        if (r.chance(40)) square(static_cast<std::uint32_t>(r.between(std::max<std::uint32_t>(g.min_side, 3), g.max_side)));
    } else if (g.default_size.known()) {
        const auto k = r.below(100);
        if (k < 50) {
        } else if (k < 80 || g.move == move_syntax::gess) {
            square(g.default_size.columns);
        } else {
            const std::uint32_t lo = std::max<std::uint32_t>(g.min_side, 4);
            const std::uint32_t hi = g.max_side == 0 ? 19 : std::min<std::uint32_t>(g.max_side, 26);
            square(static_cast<std::uint32_t>(r.between(lo, std::max(lo, hi))));
        }
    }
    const auto c = r.below(100);
    if (c < 25) {
        p.utf8 = true;
        p.ca = "UTF-8";
    } else if (c < 45) {
        p.ca = "UTF-8";
    } else if (c < 60) {
        p.ca = "ISO-8859-1";
    }
    return p;
}

model build_valid(rng& r, const generate_options& o, const plan& p, std::size_t budget, bool quiet, coverage& cov,
                  expectations& ex) {
    return builder(r, o, p, budget, quiet, cov, ex).build();
}

}  // namespace sgf::detail::gen
