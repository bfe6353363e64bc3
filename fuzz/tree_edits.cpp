// Fuzz target tree_edits: persistent edits keep every old version intact and share every
// untouched subtree.
//
// The input is read twice: from the front as SGF (its lenient parse is version 0) and from
// the back, byte by byte, as a program of at most 24 edits (so every seed file is both).
// Each edit takes any earlier version (usually the latest) and applies one of
//   node::with_property / without_property at a node path,
//   game_tree::with_node / with_node_appended / with_variation (append, replace) /
//   without_variation on a subtree, rebuilt upwards with with_variation(k, ...),
//   game_tree::with_node_at, the game_tree(nodes, variations) constructor,
//   collection::with_tree / with_tree_appended / without_tree,
// with nodes and subtrees taken from any version, fresh nodes, or a fresh parse of a slice
// of the input. Indices are sometimes one past the end, identifiers and raw values
// sometimes invalid: the call must then throw (std::out_of_range / std::invalid_argument)
// exactly when the documented contract says so.
//
// Checked after each edit: the edit did what it says (values read back, order kept) and
// the result shares by identity every node and game tree it did not touch (node::same,
// game_tree::same). Every version keeps a snapshot of its write(); at the end every
// version must still produce it byte for byte (old versions never change; ASan
// catches a version that outlived its bytes), and the last version (and one more, chosen by
// the input) round-trips as in round_trip.cpp: parse(write(v)) == v with no diagnostic
// but E011/W002 (iff v has an identifier with lowercase letters, which only a recovered
// parse can give it). Versions are kept while they expand to at most 32 KB (an edit may put a
// tree into itself, doubling it).
//
// The && edits (issue 20): on a copy of a subtree that is the only handle of its storage (so
// that the edits run in place, growing it), a run of with_variation (append, replace),
// with_node, with_node_appended and collection::with_tree_appended, each with an argument
// taken from the tree or collection being edited (a variation, a grandchild, a node, the tree
// itself) or from elsewhere; after each, the result equals the const& edit of a second copy
// with the corresponding argument, and holds no cycle (a tree put into itself holds the
// version before). Moved-from node, game_tree, collection, property, value, property_range,
// cursor, preorder and game_tree_builder must behave as the empty (or null) object, && edits
// of them included. The builder rebuilds a subtree from its nodes through add/open/close.
#include <map>
#include <optional>
#include <utility>

#include "fuzz_common.hpp"

namespace {

using sgf_fuzz::printable;

// Edit choices, read from the back of the input.
class choices {
public:
    explicit choices(std::string_view s) : s_(s), left_(s.size()) {}
    [[nodiscard]] bool empty() const noexcept { return left_ == 0; }
    std::uint8_t byte() noexcept { return left_ ? static_cast<std::uint8_t>(s_[--left_]) : 0; }
    // 0 .. bound-1 (0 when bound <= 1).
    std::size_t below(std::size_t bound) noexcept {
        if (bound <= 1) return 0;
        std::size_t v = byte();
        if (bound > 256) v = (v << 8) | byte();
        return v % bound;
    }
    // A slice of the input (anywhere in it) of at most `max` bytes.
    std::string_view slice(std::size_t max) noexcept {
        const std::size_t len = below(max + 1);
        const std::size_t at = s_.empty() ? 0 : below(s_.size());
        return s_.substr(std::min(at, s_.size()), len);
    }

private:
    std::string_view s_;
    std::size_t left_;
};

struct prop_text {
    std::string ident;
    std::vector<std::string> canon;  // canonical_raw of each value
    friend bool operator==(const prop_text&, const prop_text&) = default;
};

std::vector<prop_text> props_of(const sgf::node& n) {
    std::vector<prop_text> out;
    for (const sgf::property& p : n.properties()) {
        prop_text t{std::string(p.ident()), {}};
        for (const sgf::value& v : p) t.canon.push_back(sgf::canonical_raw(v.raw()));
        out.push_back(std::move(t));
    }
    return out;
}

std::string show(const std::vector<prop_text>& ps) {
    std::string out;
    for (const auto& p : ps) {
        out += p.ident;
        for (const auto& v : p.canon) {
            out += '[';
            out += printable(v, 40);
            out += ']';
        }
    }
    return out;
}

// Expands to more than this many nodes + written bytes: the version is not kept (edits
// that put a tree into itself double it each time).
constexpr std::size_t max_weight = 1u << 15;
constexpr std::size_t max_edits = 24;

struct version {
    sgf::collection c;
    std::string written;  // snapshot of write(c) when the version was made
};

class session {
public:
    explicit session(std::string_view input) : input_(input), ch_(input) {}

    void run() {
        add_version(sgf::parse(input_, {.lenient = true}).trees, "initial parse");
        for (std::size_t k = 0; k < max_edits && !ch_.empty(); ++k) step();
        verify_all();
    }

private:
    // --- weights (expanded size, memoized by identity over the DAG) ------------------------
    std::size_t weight(const sgf::game_tree& root) {
        std::vector<std::pair<const sgf::game_tree*, bool>> stack{{&root, false}};
        while (!stack.empty()) {
            auto [t, expanded] = stack.back();
            stack.pop_back();
            if (weights_.count(t->identity())) continue;
            if (!expanded) {
                stack.push_back({t, true});
                for (const auto& c : t->variations())
                    if (!weights_.count(c.identity())) stack.push_back({&c, false});
                continue;
            }
            std::size_t w = 0;
            // (only as far as the cap: a sequence of 300,000 nodes was written out whole after
            // every edit, 80 s of the generated big inputs under ASan)
            for (std::size_t i = 0; i < t->size() && w <= max_weight; ++i) w += 1 + sgf::write((*t)[i]).size();
            for (const auto& c : t->variations()) w = std::min(max_weight + 1, w + weights_.at(c.identity()));
            weights_[t->identity()] = std::min(w, max_weight + 1);
            keep_.push_back(*t);  // keeps the identity (address) from being reused
        }
        return weights_.at(root.identity());
    }
    std::size_t weight(const sgf::collection& c) {
        std::size_t w = 0;
        for (const auto& t : c) w = std::min(max_weight + 1, w + weight(t));
        return w;
    }

    // Keeps `c` as a version unless it is too big to write out (always the first one).
    void add_version(const sgf::collection& c, const std::string& what) {
        if (!versions_.empty() && weight(c) > max_weight) return;
        versions_.push_back({c, sgf::write(c)});
        log_.push_back(what);
        // Material for later edits.
        sgf_fuzz::for_each_tree(c, [&](const sgf::game_tree& t) {
            if (trees_.size() < 64) trees_.push_back(t);
            if (nodes_.size() < 64) nodes_.push_back(t[0]);
        });
    }

    [[nodiscard]] std::string context() const {
        std::string out = "input: " + printable(input_) + "\n  edits:";
        for (const auto& l : log_) out += "\n    " + l;
        return out;
    }

    // --- choices ----------------------------------------------------------------------------
    const version& pick_version() {
        const std::uint8_t b = ch_.byte();
        if (b < 160) return versions_.back();
        return versions_[ch_.below(versions_.size())];
    }

    // A path into `root`: the game trees on it (root first) and the variation indices.
    struct walk {
        std::vector<sgf::game_tree> chain;
        sgf::node_path path;
    };
    walk pick_path(const sgf::game_tree& root) {
        walk w{{root}, {}};
        while (!w.chain.back().variations().empty() && ch_.byte() % 4 != 0 && w.chain.size() < 200) {
            const auto vs = w.chain.back().variations();
            const auto k = static_cast<std::uint32_t>(ch_.below(vs.size()));
            w.path.variations.push_back(k);
            w.chain.push_back(vs[k]);
        }
        w.path.index = static_cast<std::uint32_t>(ch_.below(w.chain.back().size()));
        return w;
    }

    std::string pick_ident() {
        static constexpr std::string_view table[] = {"B",  "W",  "C",  "N",  "AB", "AW", "AE", "LB",
                                                     "SZ", "FF", "GM", "CA", "PB", "TR", "AP", "XYZ"};
        const std::uint8_t b = ch_.byte();
        if (b < 224) return std::string(table[b % 16]);
        return std::string(ch_.slice(4));  // anything: often invalid
    }

    std::string pick_raw() {
        using namespace std::string_view_literals;
        static constexpr std::string_view table[] = {"aa"sv, ""sv, "19"sv, "a\\]b"sv, "x\\:y:z"sv, "\\\\"sv, "a\\\nb"sv, "\xff\0"sv};
        switch (ch_.byte() % 5) {
            case 0: return sgf::escape(ch_.slice(16));
            case 1: return sgf::escape(ch_.slice(16), true);
            case 2: return std::string(ch_.slice(16));  // raw: may be invalid
            case 3: return std::string(ch_.slice(3000)); // long raw
            default: return std::string(table[ch_.below(std::size(table))]);
        }
    }

    sgf::node pick_node() {
        const std::uint8_t b = ch_.byte();
        if (b < 64 || nodes_.empty()) return sgf::node();
        if (b < 128) {  // a fresh node with one property
            const std::string id = pick_ident();
            const std::string v = sgf::escape(ch_.slice(8));
            if (sgf_fuzz::valid_ident(id)) return sgf::node().with_raw_property(id, {v});
        }
        return nodes_[ch_.below(nodes_.size())];
    }

    std::optional<sgf::game_tree> pick_tree() {
        if (trees_.empty()) return std::nullopt;
        return trees_[ch_.below(trees_.size())];
    }

    // Runs f, which must throw E exactly when `expect_throw`.
    template <typename E, typename F>
    auto expect(bool expect_throw, const std::string& what, F&& f) -> std::optional<decltype(f())> {
        try {
            auto r = f();
            SGF_FUZZ_CHECK(!expect_throw, what + " did not throw\n  " + context());
            return r;
        } catch (const E&) {
            SGF_FUZZ_CHECK(expect_throw, what + " threw\n  " + context());
            return std::nullopt;
        }
    }

    // --- identity checks --------------------------------------------------------------------
    static bool same_nodes(const sgf::game_tree& a, const sgf::game_tree& b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!a[i].same(b[i])) return false;
        return true;
    }

    // new_root is old chain[0] with the subtree at `path` replaced: every game tree off the
    // path and every node of the trees on the path is shared. Returns the new subtree.
    sgf::game_tree check_path(const walk& w, const sgf::game_tree& new_root, const std::string& what) {
        sgf::game_tree cur = new_root;
        for (std::size_t level = 0; level < w.path.variations.size(); ++level) {
            const sgf::game_tree& old = w.chain[level];
            const std::uint32_t k = w.path.variations[level];
            SGF_FUZZ_CHECK(same_nodes(old, cur), what + ": nodes above the edit not shared\n  " + context());
            SGF_FUZZ_CHECK(old.variations().size() == cur.variations().size(), what + "\n  " + context());
            for (std::size_t j = 0; j < old.variations().size(); ++j)
                if (j != k)
                    SGF_FUZZ_CHECK(old.variations()[j].same(cur.variations()[j]),
                                   what + ": untouched variation not shared\n  " + context());
            sgf::game_tree next = cur.variations()[k];
            cur = std::move(next);
        }
        return cur;
    }

    sgf::game_tree rebuild(const walk& w, sgf::game_tree sub) {
        for (std::size_t level = w.path.variations.size(); level-- > 0;)
            sub = w.chain[level].with_variation(w.path.variations[level], sub);
        return sub;
    }

    void commit(const sgf::collection& from, std::size_t tree_index, const sgf::game_tree& new_root,
                const std::string& what) {
        const sgf::collection c = from.with_tree(tree_index, new_root);
        check_collection_edit(from, c, tree_index, what);
        SGF_FUZZ_CHECK(c[tree_index].same(new_root), what + "\n  " + context());
        add_version(c, what);
    }

    void check_collection_edit(const sgf::collection& old, const sgf::collection& now, std::size_t i,
                               const std::string& what) {
        SGF_FUZZ_CHECK(old.size() == now.size(), what + "\n  " + context());
        for (std::size_t j = 0; j < old.size(); ++j)
            if (j != i) SGF_FUZZ_CHECK(old[j].same(now[j]), what + ": untouched game tree not shared\n  " + context());
    }

    // --- one edit ---------------------------------------------------------------------------
    void step() {
        const version& v = pick_version();
        const sgf::collection base = v.c;  // `v` may move when versions_ grows
        const std::uint8_t op = ch_.byte() % 18;
        if (op >= 8 && op <= 12) {
            collection_step(base, op);
            return;
        }
        if (op == 16) {
            rvalue_collection_step(base);
            return;
        }
        if (op == 17) {
            moved_from_step(base);
            return;
        }
        if (base.empty()) {
            if (auto t = pick_tree()) add_version(base.with_tree_appended(*t), "with_tree_appended to empty");
            return;
        }
        const std::size_t ti = ch_.below(base.size());
        const walk w = pick_path(base[ti]);
        const sgf::game_tree& sub = w.chain.back();
        const std::string where = "tree " + std::to_string(ti) + " depth " + std::to_string(w.path.variations.size()) +
                                  " node " + std::to_string(w.path.index);
        switch (op) {
            case 0: {  // node::with_raw_property, or node::with_property (decoded texts)
                const sgf::node n = sub[w.path.index];
                const std::string id = pick_ident();
                const bool decoded = (ch_.byte() & 1) != 0;
                std::vector<std::string> vals(ch_.below(4));
                for (auto& r : vals) r = decoded ? std::string(ch_.slice(12)) : pick_raw();
                bool bad = !sgf_fuzz::valid_ident(id) || vals.empty();
                if (!decoded)
                    for (const auto& r : vals) bad |= !sgf_fuzz::valid_raw(r);
                std::string what = std::string(decoded ? "with_property(" : "with_raw_property(") + printable(id, 20) +
                                   ", " + std::to_string(vals.size()) + " values";
                for (const auto& r : vals) what += " [" + printable(r, 20) + "]";
                what += ") at " + where;
                const std::vector<prop_text> before = props_of(n);
                const std::string written = sgf::write(n);
                auto m = expect<std::invalid_argument>(
                    bad, what, [&] { return decoded ? n.with_property(id, vals) : n.with_raw_property(id, vals); });
                SGF_FUZZ_CHECK(sgf::write(n) == written, what + ": the old node changed\n  " + context());
                if (!m) return;
                if (decoded) {  // the texts read back exactly, nothing else checked here
                    const auto p = m->find(id);
                    SGF_FUZZ_CHECK(p && p->size() == vals.size(), what + "\n  " + context());
                    for (std::size_t i = 0; i < vals.size(); ++i)
                        SGF_FUZZ_CHECK((*p)[i].unescaped() == vals[i], what + ": text not read back\n  " + context());
                    node_edit(base, ti, w, *m, what);
                    break;
                }
                // Expected: the first `id` replaced in place (or appended), other `id`s dropped.
                std::vector<prop_text> expected;
                prop_text added{id, {}};
                for (const auto& r : vals) added.canon.push_back(sgf::canonical_raw(r));
                bool done = false;
                for (const auto& p : before) {
                    if (p.ident == id) {
                        if (!done) expected.push_back(added);
                        done = true;
                    } else {
                        expected.push_back(p);
                    }
                }
                if (!done) expected.push_back(added);
                const std::vector<prop_text> after = props_of(*m);
                SGF_FUZZ_CHECK(after == expected, what + "\n  before:   " + show(before) + "\n  expected: " +
                                                      show(expected) + "\n  got:      " + show(after) + "\n  written:  " +
                                                      printable(sgf::write(*m)) + "\n  " + context());
                const auto p = m->find(id);
                SGF_FUZZ_CHECK(p && p->size() == vals.size(), what + "\n  " + context());
                for (std::size_t i = 0; i < vals.size(); ++i)
                    SGF_FUZZ_CHECK((*p)[i].raw() == vals[i], what + ": raw value not kept verbatim\n  " + context());
                node_edit(base, ti, w, *m, what);
                break;
            }
            case 1: {  // node::without_property
                const sgf::node n = sub[w.path.index];
                const std::vector<prop_text> before = props_of(n);
                std::string id = (!before.empty() && ch_.byte() < 192) ? before[ch_.below(before.size())].ident : pick_ident();
                const std::string what = "without_property(" + printable(id, 20) + ") at " + where;
                const sgf::node m = n.without_property(id);
                std::vector<prop_text> expected;
                for (const auto& p : before)
                    if (p.ident != id) expected.push_back(p);
                const std::vector<prop_text> after = props_of(m);
                SGF_FUZZ_CHECK(after == expected, what + "\n  before:   " + show(before) + "\n  expected: " +
                                                      show(expected) + "\n  got:      " + show(after) + "\n  written:  " +
                                                      printable(sgf::write(m)) + "\n  " + context());
                if (expected.size() == before.size()) SGF_FUZZ_CHECK(m.same(n), what + ": no-op edit made a copy");
                node_edit(base, ti, w, m, what);
                break;
            }
            case 2: {  // game_tree::with_node
                const std::size_t i = ch_.below(sub.size() + 1);
                const sgf::node n = pick_node();
                const std::string what = "with_node(" + std::to_string(i) + ") on " + where;
                auto t = expect<std::out_of_range>(i == sub.size(), what, [&] { return sub.with_node(i, n); });
                if (!t) return;
                SGF_FUZZ_CHECK(t->size() == sub.size() && (*t)[i].same(n), what + "\n  " + context());
                for (std::size_t j = 0; j < sub.size(); ++j)
                    if (j != i) SGF_FUZZ_CHECK((*t)[j].same(sub[j]), what + ": other node not shared\n  " + context());
                check_same_variations(sub, *t, what);
                subtree_edit(base, ti, w, *t, what);
                break;
            }
            case 3: {  // game_tree::with_node_appended
                const sgf::node n = pick_node();
                const std::string what = "with_node_appended on " + where;
                const sgf::game_tree t = sub.with_node_appended(n);
                SGF_FUZZ_CHECK(t.size() == sub.size() + 1 && t.back().same(n), what + "\n  " + context());
                for (std::size_t j = 0; j < sub.size(); ++j)
                    SGF_FUZZ_CHECK(t[j].same(sub[j]), what + ": node not shared\n  " + context());
                check_same_variations(sub, t, what);
                subtree_edit(base, ti, w, t, what);
                break;
            }
            case 4: {  // game_tree::with_variation (appended)
                const auto add = pick_tree();
                const bool null_tree = !add || ch_.byte() < 8;
                const sgf::game_tree x = null_tree ? sgf::game_tree() : *add;
                const std::string what = "with_variation(append) on " + where;
                auto t = expect<std::invalid_argument>(null_tree, what, [&] { return sub.with_variation(x); });
                if (!t) return;
                SGF_FUZZ_CHECK(same_nodes(sub, *t) && t->variations().size() == sub.variations().size() + 1 &&
                                   t->variations().back().same(x),
                               what + "\n  " + context());
                for (std::size_t j = 0; j < sub.variations().size(); ++j)
                    SGF_FUZZ_CHECK(t->variations()[j].same(sub.variations()[j]), what + "\n  " + context());
                subtree_edit(base, ti, w, *t, what);
                break;
            }
            case 5: {  // game_tree::with_variation(k, t)
                const auto add = pick_tree();
                if (!add) return;
                const std::size_t k = ch_.below(sub.variations().size() + 1);
                const std::string what = "with_variation(" + std::to_string(k) + ") on " + where;
                auto t = expect<std::out_of_range>(k == sub.variations().size(), what,
                                                   [&] { return sub.with_variation(k, *add); });
                if (!t) return;
                SGF_FUZZ_CHECK(same_nodes(sub, *t) && t->variations().size() == sub.variations().size() &&
                                   t->variations()[k].same(*add),
                               what + "\n  " + context());
                for (std::size_t j = 0; j < sub.variations().size(); ++j)
                    if (j != k) SGF_FUZZ_CHECK(t->variations()[j].same(sub.variations()[j]), what + "\n  " + context());
                subtree_edit(base, ti, w, *t, what);
                break;
            }
            case 6: {  // game_tree::without_variation
                const std::size_t k = ch_.below(sub.variations().size() + 1);
                const std::string what = "without_variation(" + std::to_string(k) + ") on " + where;
                auto t = expect<std::out_of_range>(k == sub.variations().size(), what,
                                                   [&] { return sub.without_variation(k); });
                if (!t) return;
                SGF_FUZZ_CHECK(same_nodes(sub, *t) && t->variations().size() + 1 == sub.variations().size(),
                               what + "\n  " + context());
                for (std::size_t j = 0; j < t->variations().size(); ++j)
                    SGF_FUZZ_CHECK(t->variations()[j].same(sub.variations()[j < k ? j : j + 1]), what + "\n  " + context());
                subtree_edit(base, ti, w, *t, what);
                break;
            }
            case 14: rvalue_tree_step(base, ti, w, where); break;
            case 15: builder_step(base, ti, w, where); break;
            default: {  // 7, 13: game_tree::with_node_at (sometimes one past the last node)
                sgf::node_path at = w.path;
                const bool past = ch_.byte() < 16;
                if (past) at.index = static_cast<std::uint32_t>(sub.size());
                const sgf::node n = pick_node();
                const std::string what = "with_node_at(" + where + (past ? " +past the end" : "") + ")";
                auto t = expect<std::out_of_range>(past, what, [&] { return base[ti].with_node_at(at, n); });
                if (!t) return;
                SGF_FUZZ_CHECK(t->node_at(at).same(n), what + "\n  " + context());
                const sgf::game_tree s = check_path(w, *t, what);
                for (std::size_t j = 0; j < sub.size(); ++j)
                    if (j != at.index) SGF_FUZZ_CHECK(s[j].same(sub[j]), what + ": other node not shared\n  " + context());
                check_same_variations(sub, s, what);
                commit(base, ti, *t, what);
                break;
            }
        }
    }

    void check_same_variations(const sgf::game_tree& a, const sgf::game_tree& b, const std::string& what) {
        SGF_FUZZ_CHECK(a.variations().size() == b.variations().size(), what + "\n  " + context());
        for (std::size_t j = 0; j < a.variations().size(); ++j)
            SGF_FUZZ_CHECK(a.variations()[j].same(b.variations()[j]), what + ": variation not shared\n  " + context());
    }

    // The node at w.path replaced by m, through with_node_at; compared with a manual rebuild.
    void node_edit(const sgf::collection& base, std::size_t ti, const walk& w, const sgf::node& m, const std::string& what) {
        const sgf::game_tree t = base[ti].with_node_at(w.path, m);
        SGF_FUZZ_CHECK(t.node_at(w.path).same(m), what + "\n  " + context());
        const sgf::game_tree s = check_path(w, t, what);
        const sgf::game_tree& sub = w.chain.back();
        for (std::size_t j = 0; j < sub.size(); ++j)
            if (j != w.path.index) SGF_FUZZ_CHECK(s[j].same(sub[j]), what + ": other node not shared\n  " + context());
        check_same_variations(sub, s, what);
        const sgf::game_tree manual = rebuild(w, sub.with_node(w.path.index, m));
        SGF_FUZZ_CHECK(manual == t, what + ": with_node_at differs from a manual rebuild\n  " + context());
        commit(base, ti, t, what);
    }

    // The subtree at w.path replaced by t (rebuilt upwards with with_variation(k, ...)).
    void subtree_edit(const sgf::collection& base, std::size_t ti, const walk& w, const sgf::game_tree& t,
                      const std::string& what) {
        const sgf::game_tree root = rebuild(w, t);
        const sgf::game_tree s = check_path(w, root, what);
        SGF_FUZZ_CHECK(s.same(t), what + ": the rebuilt path does not hold the new subtree\n  " + context());
        commit(base, ti, root, what);
    }

    void collection_step(const sgf::collection& base, std::uint8_t op) {
        switch (op) {
            case 8: {  // collection::with_tree
                const auto t = pick_tree();
                if (!t) return;
                const std::size_t i = ch_.below(base.size() + 1);
                const std::string what = "collection.with_tree(" + std::to_string(i) + ")";
                auto c = expect<std::out_of_range>(i == base.size(), what, [&] { return base.with_tree(i, *t); });
                if (!c) return;
                check_collection_edit(base, *c, i, what);
                SGF_FUZZ_CHECK((*c)[i].same(*t), what + "\n  " + context());
                add_version(*c, what);
                break;
            }
            case 9: {  // collection::with_tree_appended
                const auto t = pick_tree();
                if (!t) return;
                const std::string what = "collection.with_tree_appended";
                const sgf::collection c = base.with_tree_appended(*t);
                SGF_FUZZ_CHECK(c.size() == base.size() + 1 && c[base.size()].same(*t), what + "\n  " + context());
                for (std::size_t j = 0; j < base.size(); ++j) SGF_FUZZ_CHECK(c[j].same(base[j]), what + "\n  " + context());
                add_version(c, what);
                break;
            }
            case 10: {  // collection::without_tree
                const std::size_t i = ch_.below(base.size() + 1);
                const std::string what = "collection.without_tree(" + std::to_string(i) + ")";
                auto c = expect<std::out_of_range>(i == base.size(), what, [&] { return base.without_tree(i); });
                if (!c) return;
                SGF_FUZZ_CHECK(c->size() + 1 == base.size(), what + "\n  " + context());
                for (std::size_t j = 0; j < c->size(); ++j)
                    SGF_FUZZ_CHECK((*c)[j].same(base[j < i ? j : j + 1]), what + "\n  " + context());
                add_version(*c, what);
                break;
            }
            case 11: {  // game_tree(nodes, variations)
                std::vector<sgf::node> ns(ch_.below(5));
                for (auto& n : ns) n = pick_node();
                std::vector<sgf::game_tree> vs;
                for (std::size_t k = ch_.below(4); k > 0; --k)
                    if (auto t = pick_tree()) vs.push_back(*t);
                const std::string what = "game_tree(" + std::to_string(ns.size()) + " nodes, " +
                                         std::to_string(vs.size()) + " variations)";
                auto t = expect<std::invalid_argument>(ns.empty(), what, [&] { return sgf::game_tree(ns, vs); });
                if (!t) return;
                SGF_FUZZ_CHECK(t->valid() && t->size() == ns.size() && t->variations().size() == vs.size(),
                               what + "\n  " + context());
                for (std::size_t j = 0; j < ns.size(); ++j) SGF_FUZZ_CHECK((*t)[j].same(ns[j]), what + "\n  " + context());
                for (std::size_t j = 0; j < vs.size(); ++j)
                    SGF_FUZZ_CHECK(t->variations()[j].same(vs[j]), what + "\n  " + context());
                if (trees_.size() < 128) trees_.push_back(*t);
                add_version(base.with_tree_appended(*t), what);
                break;
            }
            default: {  // 12: a fresh parse of a slice of the input: new material
                const std::string_view s = ch_.slice(512);
                const std::string what = "parse(slice of " + std::to_string(s.size()) + " bytes)";
                add_version(sgf::parse(s, {.lenient = true}).trees, what);
                break;
            }
        }
    }

    // --- && edits, with arguments from the tree itself -------------------------------------
    // A copy of t that is the only handle of its storage, the sequence and variations exactly
    // as t's (their capacity: no room to spare, so the first append grows it).
    static sgf::game_tree unique_copy(const sgf::game_tree& t) {
        const auto vs = t.variations();
        return sgf::game_tree(t.nodes(), std::vector<sgf::game_tree>(vs.begin(), vs.end()));
    }

    // Where an argument of an edit comes from; the same place in `u` (edited by &&) and in
    // `e` (its twin, edited by const&).
    enum class arg_from : std::uint8_t { variation, grandchild, itself, elsewhere };
    const sgf::game_tree* tree_arg(const sgf::game_tree& t, arg_from f, std::size_t k, std::size_t j,
                                   const sgf::game_tree* other) {
        switch (f) {
            case arg_from::variation: return t.variations().empty() ? nullptr : &t.variations()[k % t.variations().size()];
            case arg_from::grandchild: {
                if (t.variations().empty()) return nullptr;
                const auto& v = t.variations()[k % t.variations().size()];
                return v.variations().empty() ? nullptr : &v.variations()[j % v.variations().size()];
            }
            case arg_from::itself: return &t;
            case arg_from::elsewhere: return other;
        }
        return nullptr;
    }

    // A run of && edits of the subtree at w, each compared with the const& edit of a twin.
    void rvalue_tree_step(const sgf::collection& base, std::size_t ti, const walk& w, const std::string& where) {
        const sgf::game_tree& sub = w.chain.back();
        sgf::game_tree u = unique_copy(sub);
        sgf::game_tree e = unique_copy(sub);
        std::string what = "&& edits on " + where + ":";
        const std::size_t steps = 1 + ch_.below(12);
        std::size_t selves = 0;
        for (std::size_t s = 0; s < steps && !ch_.empty(); ++s) {
            const std::uint8_t kind = ch_.byte() % 4;
            const auto f = static_cast<arg_from>(ch_.byte() % 4);
            const std::size_t k = ch_.byte(), j = ch_.byte();
            const auto other = pick_tree();
            if (f == arg_from::itself && (++selves > 3 || weight(e) > max_weight / 4)) continue;  // doubles it
            if (kind == 0 || kind == 1) {  // with_variation: append, or replace variation k
                const sgf::game_tree* au = tree_arg(u, f, k, j, other ? &*other : nullptr);
                const sgf::game_tree* ae = tree_arg(e, f, k, j, other ? &*other : nullptr);
                if (au == nullptr) continue;
                if (kind == 0) {
                    what += " with_variation(" + std::to_string(static_cast<int>(f)) + ")";
                    u = std::move(u).with_variation(*au);
                    e = e.with_variation(*ae);
                } else {
                    const std::size_t at = ch_.below(u.variations().size() + 1);
                    what += " with_variation(" + std::to_string(at) + ", " + std::to_string(static_cast<int>(f)) + ")";
                    auto r = expect<std::out_of_range>(at == u.variations().size(), what,
                                                       [&] { return std::move(u).with_variation(at, *au); });
                    if (!r) {  // refused: u is unchanged (the edit threw before touching it)
                        SGF_FUZZ_CHECK(u == e, what + ": a refused edit changed the tree\n  " + context());
                        continue;
                    }
                    u = std::move(*r);
                    e = e.with_variation(at, *ae);
                }
            } else if (kind == 2) {  // with_node(i, a node of the tree)
                const std::size_t i = ch_.below(u.size() + 1);
                const sgf::node n = f == arg_from::elsewhere ? pick_node() : u[k % u.size()];
                const sgf::node n_e = f == arg_from::elsewhere ? n : e[k % e.size()];
                what += " with_node(" + std::to_string(i) + ")";
                auto r = expect<std::out_of_range>(i == u.size(), what, [&] { return std::move(u).with_node(i, n); });
                if (!r) continue;
                u = std::move(*r);
                e = e.with_node(i, n_e);
            } else {  // with_node_appended(a node of the tree, as a walk gives it)
                sgf::preorder order(u);
                for (std::size_t skip = k % 8; skip > 0 && !order.done(); --skip) order.next();
                const sgf::node n = order.done() || f == arg_from::elsewhere ? pick_node() : order.current();
                what += " with_node_appended";
                u = std::move(u).with_node_appended(n);
                e = e.with_node_appended(n);
            }
            // No cycle: the comparison and the walks end (a cycle would hang them).
            SGF_FUZZ_CHECK(u == e, what + ": the && edit differs from the const& edit\n  " + context());
            SGF_FUZZ_CHECK(u.node_count() == e.node_count(), what + "\n  " + context());
            for (const auto& v : u.variations()) SGF_FUZZ_CHECK(!v.same(u), what + ": the tree contains itself\n  " + context());
        }
        SGF_FUZZ_CHECK(sgf::write(u) == sgf::write(e), what + "\n  " + context());
        if (trees_.size() < 128) trees_.push_back(u);
        subtree_edit(base, ti, w, u, what);
    }

    // A run of collection::with_tree_appended && with trees of the collection itself.
    void rvalue_collection_step(const sgf::collection& base) {
        // the only handle of its storage (the edits run in place), and its twin
        sgf::collection c(std::vector<sgf::game_tree>(base.begin(), base.end()));
        sgf::collection e(std::vector<sgf::game_tree>(base.begin(), base.end()));
        std::string what = "collection && with_tree_appended:";
        for (std::size_t s = 1 + ch_.below(8); s > 0 && !ch_.empty(); --s) {
            const auto other = pick_tree();
            const bool own = !c.empty() && (ch_.byte() & 1);
            if (!own && !other) continue;
            const std::size_t i = own ? ch_.below(c.size()) : 0;
            what += own ? " c[" + std::to_string(i) + "]" : " other";
            if (own && weight(c[i]) > max_weight / 8) continue;
            c = std::move(c).with_tree_appended(own ? c[i] : *other);
            e = e.with_tree_appended(own ? e[i] : *other);
            SGF_FUZZ_CHECK(c == e, what + "\n  " + context());
        }
        add_version(c, what);
    }

    // The subtree at w rebuilt by game_tree_builder from its nodes (add, open, close),
    // sometimes through a moved-from builder: equal to the subtree, its nodes shared.
    void builder_step(const sgf::collection& base, std::size_t ti, const walk& w, const std::string& where) {
        const sgf::game_tree& sub = w.chain.back();
        if (weight(sub) > max_weight / 4) return;
        sgf::game_tree_builder b;
        sgf::game_tree_builder taken;
        const bool move_half_way = ch_.byte() & 1;
        std::vector<std::pair<const sgf::game_tree*, std::size_t>> stack{{&sub, 0}};
        b.add(sub[0]);
        if (move_half_way) {  // the rest goes into the moved-from builder, a new one
            taken = std::move(b);
            SGF_FUZZ_CHECK(b.depth() == 0, "moved-from builder: depth " + std::to_string(b.depth()));
            b.add(sub[0]);
        }
        for (std::size_t i = 1; i < sub.size(); ++i) b.add(sub[i]);
        // variations, depth first, with an explicit stack
        while (!stack.empty()) {
            auto& [t, next] = stack.back();
            if (next < t->variations().size()) {
                const sgf::game_tree& v = t->variations()[next++];
                b.open();
                for (const sgf::node& n : v) b.add(n);
                stack.push_back({&v, 0});
                continue;
            }
            stack.pop_back();
            if (!stack.empty()) b.close();
        }
        const sgf::game_tree built = std::move(b).build();
        const std::string what = "game_tree_builder on " + where + (move_half_way ? " (moved from)" : "");
        SGF_FUZZ_CHECK(built == sub, what + "\n  " + context());
        for (std::size_t i = 0; i < sub.size(); ++i)
            SGF_FUZZ_CHECK(built[i].same(sub[i]), what + ": node not shared\n  " + context());
        if (move_half_way) SGF_FUZZ_CHECK(std::move(taken).build() == sgf::game_tree({sub[0]}), what + "\n  " + context());
        subtree_edit(base, ti, w, built, what);
    }

    // Every public handle and view, moved from: the empty (or null) one, && edits included.
    void moved_from_step(const sgf::collection& base) {
        const std::string what = "moved-from objects";
        const sgf::node empty_node;
        sgf::node n = pick_node();
        const sgf::node n2 = std::move(n);
        SGF_FUZZ_CHECK(n.empty() && n == empty_node && !n.has("B") && n.properties().count() == 0 &&
                           sgf::write(n) == sgf::write(empty_node) && n.with_property("C", {"x"}).has("C"),
                       what + ": node\n  " + context());
        sgf::collection c = base;
        const sgf::collection c2 = std::move(c);
        SGF_FUZZ_CHECK(c.empty() && c.size() == 0 && c.trees().empty() && sgf::write(c).empty() && c == sgf::collection(),
                       what + ": collection\n  " + context());
        expect<std::out_of_range>(true, what + ": collection[0]", [&]() -> sgf::game_tree { return c[0]; });
        if (const auto t = pick_tree()) {
            c = std::move(c).with_tree_appended(*t);
            SGF_FUZZ_CHECK(c.size() == 1 && c[0].same(*t), what + ": && edit of a collection\n  " + context());
            sgf::game_tree g = *t;
            const sgf::game_tree g2 = std::move(g);
            SGF_FUZZ_CHECK(!g.valid() && g.size() == 0 && g.variations().empty() && g.node_count() == 0 &&
                               g.begin() == g.end() && g == sgf::game_tree(),
                           what + ": game_tree\n  " + context());
            expect<std::out_of_range>(true, what + ": game_tree[0]", [&] { return g[0]; });
            expect<std::invalid_argument>(true, what + ": with_variation of a null tree",
                                          [&] { return sgf::game_tree(g).with_variation(*t); });
            expect<std::invalid_argument>(true, what + ": with_node of a null tree",
                                          [&] { return sgf::game_tree(g).with_node(0, n2); });
            g = std::move(g).with_node_appended(n2);
            SGF_FUZZ_CHECK(g.size() == 1 && g[0].same(n2), what + ": && append to a null tree\n  " + context());
            sgf::cursor cur(*t);
            (void)cur.to_child();
            const sgf::cursor cur2 = std::move(cur);
            SGF_FUZZ_CHECK(!cur.tree().valid() && cur.child_count() == 0 && !cur.to_child() && !cur.to_parent() &&
                               cur.depth() == 0,
                           what + ": cursor\n  " + context());
            expect<std::out_of_range>(true, what + ": cursor current", [&] { return cur.current(); });
            sgf::preorder order(*t);
            order.next();
            sgf::preorder taken = std::move(order);
            order.next();
            SGF_FUZZ_CHECK(order.done() && order.current().empty() && !order.tree().valid() && order.index() == 0,
                           what + ": preorder\n  " + context());
            std::size_t rest = 0;
            for (const sgf::node& x : taken) rest += x.same(x) ? 1 : 0;
            SGF_FUZZ_CHECK(rest + 1 == t->node_count(), what + ": the walk moved to goes on\n  " + context());
        }
        for (const sgf::property& p : n2.properties()) {
            sgf::property q = p;
            const sgf::property q2 = std::move(q);
            SGF_FUZZ_CHECK(q.ident().empty() && q.size() == 0 && q.begin() == q.end() && q2.ident() == p.ident(),
                           what + ": property\n  " + context());
            sgf::value v = q2.front();
            const sgf::value v2 = std::move(v);
            SGF_FUZZ_CHECK(v.raw().empty() && !v.composed() && v2.raw() == p.front().raw(), what + ": value\n  " + context());
            sgf::property_range r = n2.properties();
            const sgf::property_range r2 = std::move(r);
            SGF_FUZZ_CHECK(r.empty() && r.count() == 0 && r2.count() == n2.properties().count(),
                           what + ": property_range\n  " + context());
            break;
        }
    }

    // --- the end: old versions never changed, and each round-trips -----------------------------
    void verify_all() {
        round_trip_pick_ = versions_.empty() ? 0 : ch_.below(versions_.size());
        for (std::size_t i = 0; i < versions_.size(); ++i) {
            const version& v = versions_[i];
            const std::string what = "version " + std::to_string(i) + " (" + log_[i] + ")";
            const std::string w = sgf::write(v.c);
            SGF_FUZZ_CHECK(w == v.written, what + " changed\n  then: " + printable(v.written) + "\n  now:  " +
                                               printable(w) + "\n  " + context());
            if (v.c.empty()) {
                SGF_FUZZ_CHECK(w.empty(), what);
                continue;
            }
            // Round trip: the last version and one chosen by the input (each costs a parse).
            if (i + 1 != versions_.size() && i != round_trip_pick_) continue;
            const bool lowercase = sgf_fuzz::has_lowercase_ident(v.c);
            const sgf::parse_result r = sgf::parse(w);
            const sgf_fuzz::ident_findings ids = sgf_fuzz::ident_findings_of(r.diagnostics);
            SGF_FUZZ_CHECK(ids.other == 0, what + ": written text does not parse cleanly: " +
                                               sgf_fuzz::describe(r.diagnostics) + "\n  written: " + printable(w, 400) +
                                               "\n  " + context());
            SGF_FUZZ_CHECK((ids.e011 + ids.w002 > 0) == lowercase,
                           what + ": E011/W002 iff lowercase identifiers\n  " + context());
            SGF_FUZZ_CHECK(r.trees == v.c, what + ": parse(write(v)) != v\n  written: " + printable(w, 400) + "\n  " +
                                               context());
            SGF_FUZZ_CHECK(sgf::to_json(r.trees) == sgf::to_json(v.c), what + ": JSON changed by the round trip\n  " + context());
        }
    }

    std::string_view input_;
    choices ch_;
    std::vector<version> versions_;
    std::vector<std::string> log_;
    std::vector<sgf::node> nodes_;
    std::vector<sgf::game_tree> trees_;
    std::map<const void*, std::size_t> weights_;
    std::vector<sgf::game_tree> keep_;
    std::size_t round_trip_pick_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    if (input.size() > (4u << 20)) return 0;  // edits are about structure, not size
    session(input).run();
    return 0;
}
