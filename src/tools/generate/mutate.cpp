// The mutations: each changes a valid model in one precise place and ties the diagnostic
// it must cause to a mark (the position sgfcheck must report). A mutation that does not
// fit the file (no move node, no board size, ...) says so and another one is tried.
#include <algorithm>
#include <functional>
#include <set>
#include <type_traits>

#include "tools/generate/model.hpp"
#include "values/readers.hpp"

namespace sgf::detail::gen {

namespace {

struct site {
    std::uint32_t tree;
    std::uint32_t node;
};

class mutator {
public:
    mutator(model& md, rng& r, const plan& p, expectations& ex) : md_(md), r_(r), p_(p), g_(*p.game), ex_(ex) {}

    // Over 80 lines on purpose: one case per mutation kind (a table in code: each case is the
    // mutation and the finding it must give).
    bool apply(mutation m) {
        switch (m) {
            case mutation::none: return false;
            case mutation::drop_value_close: return drop_value_close();
            case mutation::drop_tree_close: {
                md_.trees[md_.roots.back()].drop_close = true;
                eof("E004");
                return true;
            }
            case mutation::extra_tree_close:
                md_.extra_close = true;
                md_.extra_close_mark = expect("E005");
                return true;
            case mutation::empty_tree: {
                tree& t = md_.trees[static_cast<std::size_t>(r_.below(md_.trees.size()))];
                t.extras.push_back({extra::where::after_variations, "()", expect("E006")});
                return true;
            }
            case mutation::lowercase_ident: return lowercase_ident();
            case mutation::value_without_ident:
                return with_node([](const tree&, const node& n, std::uint32_t) { return !n.drop_semicolon; },
                                 [&](node& n) {
                                     std::string v = word();
                                     v.insert(v.begin(), '[');
                                     v += ']';
                                     n.extras.push_back({extra::where::after_semicolon, v, expect("E010")});
                                 });
            case mutation::ident_without_value:
                return with_node(any_node, [&](node& n) {
                    static constexpr std::string_view idents[] = {"C", "N", "GN", "B", "XY", "AB"};
                    n.extras.push_back({extra::where::node_end, std::string(pick(idents)), expect("E009")});
                });
            case mutation::junk_before:
                md_.before = junk_text();
                md_.before_mark = expect("E002");
                return true;
            case mutation::junk_after:
                md_.after = junk_text();
                md_.after_mark = expect("E003");
                return true;
            case mutation::junk_between:
                return with_node(any_node, [&](node& n) {
                    static constexpr std::string_view junk = "%#!?*&$@0123456789<>=+-_.,'\"/|~^`{}";
                    std::string s;
                    const auto len = r_.between(1, 3);
                    for (std::int64_t i = 0; i < len; ++i) s += junk[static_cast<std::size_t>(r_.below(junk.size()))];
                    n.extras.push_back({extra::where::node_end, s, expect("E012")});
                });
            case mutation::tree_without_node: return tree_without_node();
            case mutation::node_after_variation: {
                std::vector<std::uint32_t> with_children;
                for (std::uint32_t t = 0; t < md_.trees.size(); ++t)
                    if (!md_.trees[t].children.empty()) with_children.push_back(t);
                if (with_children.empty()) return false;
                tree& t = md_.trees[with_children[static_cast<std::size_t>(r_.below(with_children.size()))]];
                t.extras.push_back({extra::where::after_variations, ";C[" + word() + "]", expect("E013")});
                return true;
            }
            case mutation::move_setup_mix: return move_setup_mix();
            case mutation::pl_with_move:
                return with_node([](const tree&, const node& n, std::uint32_t) { return n.kind == node_kind::move && !n.has("PL"); },
                                 [&](node& n) { add(n, "PL", {r_.chance(50) ? "B" : "W"}, "E203", -1); });
            case mutation::root_outside_root:
                return with_node([](const tree&, const node& n, std::uint32_t) { return n.kind != node_kind::root && !n.has("ST"); },
                                 [&](node& n) { add(n, "ST", {std::to_string(r_.below(4))}, "E206", -1); });
            case mutation::point_off_board: {
                board_point off{};
                if (!off_board_point(g_, p_.size, off)) return false;
                return with_node(without({"SL"}), [&](node& n) { add(n, "SL", {point_text(g_, off)}, "E103", 0); });
            }
            case mutation::bad_number:
                return with_node(without({"PM"}), [&](node& n) {
                    static constexpr std::string_view bad[] = {"1.5", "x", "1e3", "+", "--1", "one", "", "2b"};
                    add(n, "PM", {std::string(pick(bad))}, "E101", 0);
                });
            // Graded warnings (docs/diagnostics.md: a parenthesised range, HA's "(>=2)"): they
            // do not make a file invalid, so these mutations do not apply.
            case mutation::number_out_of_range:
            case mutation::ha_range: return false;
            // AP without ':' version: the value breaks AP's type (E110; 002_* usage, allowed
            // only under --profile=current)
            case mutation::ap_not_composed: return with_root([&](node& n) { set(n, "AP", word(), "E110"); });
            case mutation::duplicate_property:
                return with_node(any_node, [&](node& n) {
                    if (!n.has("C")) add(n, "C", {word()}, "", -1);
                    add(n, "C", {word()}, "E201", -1);
                });
            case mutation::too_many_values:
                return with_node(without({"C"}), [&](node& n) { add(n, "C", {word(), word()}, "E118", 1); });
            case mutation::empty_list:
                return with_node(without_markup(), [&](node& n) { add(n, "CR", {""}, "E108", 0); });
            case mutation::empty_in_list:
                return with_node(without_markup(), [&](node& n) { add(n, "CR", {point(), ""}, "E119", 1); });
            case mutation::rect_1x1:
                if (!compressible()) return false;
                return with_node(without_markup(), [&](node& n) {
                    const auto q = point();
                    add(n, "CR", {q + ":" + q}, "E104", 0);
                });
            case mutation::rect_corners: return rect_corners();
            case mutation::duplicate_point:
                return with_node(without_markup(), [&](node& n) {
                    const auto q = point();
                    add(n, "CR", {q, q}, "E106", 1);
                });
            case mutation::compose_extra_colon:
                return with_node(without({"LB"}), [&](node& n) { add(n, "LB", {point() + ":" + word() + ":" + word()}, "E107", 0); });
            case mutation::square_size_compose: return square_size_compose();
            case mutation::time_units:
                return with_info([&](node& n) {
                    static constexpr std::string_view units[] = {"m", "h", "s"};
                    set(n, "TM", std::to_string(r_.between(1, 90)) + std::string(pick(units)), "E111");
                });
            case mutation::re_jigo:
                if (p_.gm == 6) return false;  // Backgammon results have no draw word to confuse
                return with_info([&](node& n) { set(n, "RE", "Jigo", "E112"); });
            case mutation::re_format:
                return with_info([&](node& n) {
                    static constexpr std::string_view bad[] = {"B+x", "Black", "W-R", "1-0", "B wins", "+3"};
                    set(n, "RE", std::string(pick(bad)), "E113");
                });
            case mutation::dt_format:
                return with_info([&](node& n) {
                    static constexpr std::string_view bad[] = {"1999/01/01", "01.02.1999", "1999-13-01", "1999-02-30", "May 1999", "99-01-01"};
                    set(n, "DT", std::string(pick(bad)), "E114");
                });
            case mutation::one_point_arrow:
                return with_node(without({"AR"}), [&](node& n) {
                    const auto q = point();
                    add(n, "AR", {q + ":" + q}, "E116", 0);
                });
            case mutation::duplicate_arrow:
                return with_node(without({"AR"}), [&](node& n) {
                    const auto a = point();
                    std::string b = point();
                    for (int i = 0; i < 10 && b == a; ++i) b = point();
                    if (b == a) return false;
                    add(n, "AR", {a + ":" + b, a + ":" + b}, "E117", 1);
                    return true;
                });
            case mutation::annotation_without_move:
                return with_node([](const tree&, const node& n, std::uint32_t) { return n.kind == node_kind::plain; },
                                 [&](node& n) {
                                     static constexpr std::string_view idents[] = {"KO", "DO", "IT", "BM", "TE"};
                                     const std::string id(pick(idents));
                                     add(n, id, {id == "BM" || id == "TE" ? "1" : ""}, "E204", -1);
                                 });
            case mutation::exclusive_properties:
                return with_node(without({"GB", "GW", "DM", "UC"}), [&](node& n) {
                    static constexpr std::string_view group[] = {"GB", "GW", "DM", "UC"};
                    const auto a = static_cast<std::size_t>(r_.below(4));
                    const auto b = (a + 1 + static_cast<std::size_t>(r_.below(3))) % 4;
                    add(n, std::string(group[a]), {"1"}, "", -1);
                    add(n, std::string(group[b]), {r_.chance(50) ? "1" : "2"}, "E205", -1);
                });
            case mutation::second_game_info:
                return with_node([](const tree&, const node& n, std::uint32_t) { return n.below_game_info && !n.game_info; },
                                 [&](node& n) {
                                     static constexpr std::string_view idents[] = {"GN", "EV", "PC", "PB", "PW", "SO"};
                                     add(n, std::string(pick(idents)), {word()}, "E207", -1);
                                 });
        }
        return false;
    }

private:
    using node_pred = std::function<bool(const tree&, const node&, std::uint32_t)>;
    static bool any_node(const tree&, const node&, std::uint32_t) { return true; }

    static node_pred without(std::initializer_list<std::string_view> idents) {
        std::vector<std::string_view> xs(idents);
        return [xs](const tree&, const node& n, std::uint32_t) {
            for (const auto x : xs)
                if (n.has(x)) return false;
            return true;
        };
    }
    static node_pred without_markup() { return without({"CR", "MA", "SL", "SQ", "TR"}); }

    template <class T, std::size_t N>
    const T& pick(const T (&xs)[N]) {
        return xs[static_cast<std::size_t>(r_.below(N))];
    }

    std::uint8_t expect(std::string_view code) {
        const auto mk = ex_.take();
        ex_.add(mk, code);
        return mk;
    }
    void eof(std::string_view code) { md_.eof_mark = expect(code); }

    std::string word() {
        static constexpr std::string_view letters = "abcdefghijklmnopqrstuvwxyz";
        std::string s;
        const auto n = r_.between(1, 6);
        for (std::int64_t i = 0; i < n; ++i) s += letters[static_cast<std::size_t>(r_.below(letters.size()))];
        return s;
    }
    std::string junk_text() {
        static constexpr std::string_view words[] = {"junk", "Hello, world!", "%%", "x", "Re: game record", "1-0", "END"};
        return std::string(pick(words));
    }
    std::string point() { return point_text(g_, random_point(r_, g_, p_.size)); }

    // Runs `change` on a random node that satisfies `pred`; false when none does. `change`
    // may return false (void = success) to say that this node does not fit after all.
    template <class F>
    bool with_node(const node_pred& pred, F&& change) {
        std::vector<site> sites;
        for (std::uint32_t t = 0; t < md_.trees.size(); ++t)
            for (std::uint32_t i = 0; i < md_.trees[t].nodes.size(); ++i)
                if (pred(md_.trees[t], md_.trees[t].nodes[i], i)) sites.push_back({t, i});
        if (sites.empty()) return false;
        const site s = sites[static_cast<std::size_t>(r_.below(sites.size()))];
        node& n = md_.trees[s.tree].nodes[s.node];
        if constexpr (std::is_same_v<decltype(change(n)), bool>) return change(n);
        else {
            change(n);
            return true;
        }
    }
    template <class F>
    bool with_root(F&& change) {
        const auto root = md_.roots[static_cast<std::size_t>(r_.below(md_.roots.size()))];
        change(md_.trees[root].nodes[0]);
        return true;
    }
    template <class F>
    bool with_info(F&& change) {
        return with_node([](const tree&, const node& n, std::uint32_t) { return n.game_info; }, std::forward<F>(change));
    }

    // Appends a property; the expected code (if any) is tied to its identifier
    // (value_index < 0) or to one of its values.
    void add(node& n, const std::string& ident, std::vector<std::string> values, std::string_view code, int value_index) {
        property q;
        q.ident = ident;
        q.row = find_property(ident, 4, p_.gm, profile::ff4);
        for (auto& v : values) q.values.push_back(plain(std::move(v)));
        if (!code.empty()) {
            if (value_index < 0) q.mark = expect(code);
            else q.values[static_cast<std::size_t>(value_index)].mark = expect(code);
        }
        n.props.push_back(std::move(q));
    }
    // Replaces the value of a single-value property, or adds it; the code is tied to the value.
    void set(node& n, const std::string& ident, std::string v, std::string_view code) {
        if (property* q = n.find(ident)) {
            q->values.assign(1, plain(std::move(v)));
            q->values[0].mark = expect(code);
            return;
        }
        add(n, ident, {std::move(v)}, code, 0);
    }

    bool drop_value_close() {
        // the last value written: the last node of the last tree of the last path
        std::uint32_t t = md_.roots.back();
        for (;;) {
            const tree& tr = md_.trees[t];
            if (tr.deep.count > 0 || tr.wide.count > 0) return false;
            if (tr.children.empty()) break;
            t = tr.children.back();
        }
        node& n = md_.trees[t].nodes.back();
        if (!n.extras.empty()) return false;
        // The open value runs to the end of the file: only a Text value is still a fine
        // value then (the checker checks what the parser recovered; E101 would follow).
        const property* last = n.props.empty() ? nullptr : &n.props.back();
        const bool text = last && last->row &&
                          (last->row->value_type == "text" || last->row->value_type == "simpletext");
        if (!text) {
            if (!n.has("C")) add(n, "C", {word()}, "", -1);
            else if (!n.has("N")) add(n, "N", {word()}, "", -1);
            else return false;
        }
        value& v = n.props.back().values.back();
        v.drop_close = true;
        v.mark = expect("E008");
        eof("E004");
        return true;
    }

    bool lowercase_ident() {
        std::vector<std::pair<site, std::size_t>> props;
        for (std::uint32_t t = 0; t < md_.trees.size(); ++t)
            for (std::uint32_t i = 0; i < md_.trees[t].nodes.size(); ++i) {
                const node& n = md_.trees[t].nodes[i];
                for (std::size_t k = 0; k < n.props.size(); ++k) {
                    const auto& id = n.props[k].ident;
                    // FF, GM, SZ and CA decide how the rest is read: leave them alone
                    if (n.props[k].row && id != "FF" && id != "GM" && id != "SZ" && id != "CA") props.push_back({{t, i}, k});
                }
            }
        if (props.empty()) return false;
        const auto& [s, k] = props[static_cast<std::size_t>(r_.below(props.size()))];
        property& q = md_.trees[s.tree].nodes[s.node].props[k];
        const auto at = static_cast<std::size_t>(r_.between(1, static_cast<std::int64_t>(q.ident.size())));
        std::string lower;
        const auto n = r_.between(1, 3);
        for (std::int64_t i = 0; i < n; ++i) lower += static_cast<char>('a' + r_.below(26));
        q.ident.insert(at, lower);
        q.mark = expect("E011");
        return true;
    }

    bool tree_without_node() {
        std::vector<std::uint32_t> ts;
        for (std::uint32_t t = 0; t < md_.trees.size(); ++t) {
            const tree& tr = md_.trees[t];
            if (!tr.top && !tr.nodes[0].props.empty() && tr.nodes[0].extras.empty()) ts.push_back(t);
        }
        if (ts.empty()) return false;
        node& n = md_.trees[ts[static_cast<std::size_t>(r_.below(ts.size()))]].nodes[0];
        n.drop_semicolon = true;
        n.mark = expect("E007");
        return true;
    }

    bool move_setup_mix() {
        std::string stone_at;
        if (p_.gm == 1) {
            // A point that no move or setup of the file touches, nor its neighbours: the
            // added stone cannot change any capture or any later setup on any path.
            std::set<std::pair<std::uint32_t, std::uint32_t>> used;
            auto note = [&](const property& q) {
                if (q.ident != "B" && q.ident != "W" && q.ident != "AB" && q.ident != "AW" && q.ident != "AE") return;
                for (const auto& v : q.values)
                    if (auto rect = parse_point_rect(g_, v.raw); rect && rect->count() <= 52 * 52)
                        rect->for_each([&](board_point b) { used.insert({b.column, b.row}); });
            };
            for (const auto& tr : md_.trees) {
                for (const auto& n : tr.nodes)
                    for (const auto& q : n.props) note(q);
                for (const auto& q : tr.wide.pattern) note(q);
            }
            const board_size e = extent(g_, p_.size);
            std::vector<board_point> free;
            for (std::uint32_t c = 1; c <= e.columns; ++c)
                for (std::uint32_t rr = 1; rr <= e.rows; ++rr) {
                    const bool small = e.columns <= 19 && e.rows <= 19;
                    if (small && c == 20 && rr == 20) continue;
                    bool ok = !used.count({c, rr}) && !used.count({c - 1, rr}) && !used.count({c + 1, rr}) &&
                              !used.count({c, rr - 1}) && !used.count({c, rr + 1});
                    if (ok) free.push_back({c, rr});
                }
            if (free.empty()) return false;
            stone_at = point_text(g_, free[static_cast<std::size_t>(r_.below(free.size()))]);
        } else {
            stone_at = stone_text(r_, g_, p_.size);
        }
        return with_node([](const tree&, const node& n, std::uint32_t) { return n.kind == node_kind::move && !n.has("AB"); },
                         [&](node& n) { add(n, "AB", {stone_at}, "E202", -1); });
    }

    bool compressible() const {
        const auto* cr = find_property("CR", 4, p_.gm, profile::ff4);
        return cr != nullptr && allows_compressed_points(cr->shape, &g_);
    }

    bool rect_corners() {
        const board_size e = extent(g_, p_.size);
        if (e.columns < 2 || !compressible()) return false;
        return with_node(without_markup(), [&](node& n) {
            const auto c = static_cast<std::uint32_t>(r_.between(1, e.columns - 1));
            const auto rr = static_cast<std::uint32_t>(r_.between(1, e.rows));
            // upper-left (c, rr) and lower-right (c+1, rr): written the other way round
            add(n, "CR", {point_text(g_, {c + 1, rr}) + ":" + point_text(g_, {c, rr})}, "E105", 0);
        });
    }

    bool square_size_compose() {
        std::uint32_t side = 0;
        if (p_.sz.empty()) {
            if (!g_.default_size.known() || g_.default_size.columns != g_.default_size.rows) return false;
            side = g_.default_size.columns;
        } else if (p_.size.columns == p_.size.rows && p_.sz.find(':') == std::string::npos) {
            side = p_.size.columns;
        } else {
            return false;
        }
        return with_root([&](node& n) { set(n, "SZ", std::to_string(side) + ":" + std::to_string(side), "E109"); });
    }

    model& md_;
    rng& r_;
    const plan& p_;
    const game_rule& g_;
    expectations& ex_;
};

}  // namespace

bool mutate(mutation m, model& md, rng& r, const plan& p, expectations& ex) {
    model copy = md;
    expectations ex_copy = ex;
    if (!mutator(copy, r, p, ex_copy).apply(m)) return false;
    md = std::move(copy);
    ex = std::move(ex_copy);
    return true;
}

}  // namespace sgf::detail::gen
