// fix, step 1: a node's properties with FF[4] identifiers and UTF-8 values, and every
// identifier given more than once (or a single value given several times) resolved
// without losing a value (include/sgf/fix.hpp lists the rules).
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "fix/detail.hpp"
#include "table/findings.hpp"
#include "tree/tree_rep.hpp"
#include "sgf/value.hpp"

namespace sgf::detail {

void fix_context::note(sgf::rule r, fix_pos where, std::string message, std::string hint, severity level) const {
    diagnostic d = make_diagnostic(r, level);
    d.where = where.get();
    d.message = std::move(message);
    d.hint = std::move(hint);
    out->push_back(std::move(d));
}

std::string clipped(std::string_view text) { return one_line(text, 40); }

std::vector<fix_prop>::iterator find_prop(std::vector<fix_prop>& props, std::string_view ident) {
    return std::find_if(props.begin(), props.end(), [&](const fix_prop& p) { return p.ident == ident; });
}

namespace {

// ff4_changes.txt "Property identifiers": FF[1]-FF[3] readers dropped lowercase letters.
// An identifier of lowercase letters only has no FF[4] form: it is kept as written (upper-
// casing `b[bb]` would invent a Black move nobody played).
std::string ff4_identifier(std::string_view written) {
    std::string id = ff4_ident_of(written);
    return id.empty() ? std::string(written) : id;
}

bool is_text(const property_rule& r) {
    const auto alts = r.shape.alternatives();
    return !alts.empty() && alts[0].first == value_kind::text && !alts[0].composed;
}

std::string times(std::size_t k) { return k == 2 ? "twice" : std::to_string(k) + " times"; }

}  // namespace

fix_value input_value(std::string_view raw, const fix_context& c) {
    std::string_view text = raw;
    std::string decoded;
    if (c.input->decodes(c.tree, raw)) {
        decoded = c.input->utf8(raw, c.tree);
        if (decoded != raw) text = decoded;
    }
    // Canonical spelling from the start (what write() would make of it), so that every rule
    // sees the value the output will hold: HA[\0] is HA[0].
    if (text.find('\\') != std::string_view::npos) {
        std::string canonical = canonical_raw(text);
        if (canonical != text) return fix_value(std::move(canonical));
    }
    if (text.data() == raw.data()) return fix_value::borrowed(raw);
    return fix_value(std::move(decoded));
}

std::vector<fix_prop> read_node(const node& n, bool top_root, const fix_context& c) {
    std::vector<fix_prop> raw;
    c.original = n.properties().to_vector();
    const source* src = detail::tree_access::source_of(n);
    raw.reserve(c.original.size());
    for (const property& p : c.original) {
        fix_prop f;
        f.ident = ff4_identifier(p.ident());
        f.pos = {src, p.offset()};
        if (f.ident != p.ident())  // the parser's 011: check reports it by that number too
            c.note(rule::lowercase_ident, f.pos, "property identifier '" + std::string(p.ident()) + "' contains lowercase letters",
                   "written " + f.ident + " (ff4_changes.txt: 'the application has to remove all lowercase letters')");
        else if (ff4_ident_of(f.ident).empty())
            c.note(rule::ident_without_upper, f.pos, "property identifier '" + f.ident + "' has no upper-case letter: it has no FF[4] form",
                   "kept as written, with its values; FF[1]-FF[3] readers ignored lowercase letters, so no reader knows it: "
                   "rename it (an upper-case identifier) or delete it",
                   severity::error);
        for (const value& v : p) {
            f.values.push_back(input_value(v.raw(), c));
            f.value_pos.push_back({src, v.offset()});
        }
        raw.push_back(std::move(f));
    }
    if (top_root) convert_aliases(raw, c);

    // Occurrences per identifier, in order of first appearance: the first of each group, and
    // a link from each occurrence to the next (a node may hold 100,000 distinct identifiers,
    // so no allocation per group, and a hash map only when the node is big).
    constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::vector<std::size_t> firsts, next(raw.size(), none), last;
    if (raw.size() <= 16) {
        for (std::size_t i = 0; i < raw.size(); ++i) {
            std::size_t g = 0;
            while (g < firsts.size() && raw[firsts[g]].ident != raw[i].ident) ++g;
            if (g == firsts.size()) {
                firsts.push_back(i);
                last.push_back(i);
            } else {
                next[last[g]] = i;
                last[g] = i;
            }
        }
    } else {
        std::unordered_map<std::string_view, std::size_t> group_of;
        group_of.reserve(raw.size());
        for (std::size_t i = 0; i < raw.size(); ++i) {
            const auto [it, added] = group_of.emplace(raw[i].ident, firsts.size());
            if (added) {
                firsts.push_back(i);
                last.push_back(i);
            } else {
                next[last[it->second]] = i;
                last[it->second] = i;
            }
        }
    }

    std::vector<fix_prop> out;
    out.reserve(firsts.size());
    std::vector<std::pair<std::size_t, fix_prop>> kept_apart;  // X properties, after out[first]
    for (const std::size_t first : firsts) {
        std::size_t k = 1;
        const std::size_t second = next[first];
        fix_prop merged = std::move(raw[first]);
        for (std::size_t m = second; m != none; m = next[m], ++k) {
            const fix_prop& more = raw[m];
            merged.values.insert(merged.values.end(), more.values.begin(), more.values.end());
            merged.value_pos.insert(merged.value_pos.end(), more.value_pos.begin(), more.value_pos.end());
        }
        const std::string& id = merged.ident;
        const fix_pos again = k > 1 ? raw[second].pos : (merged.value_pos.size() > 1 ? merged.value_pos[1] : merged.pos);
        const property_rule* row = c.rule(id);
        const bool single = row && row->shape.card == cardinality::single;
        const bool moves = row && row->exclusive == exclusive_group::move_color;
        // In Go a point listed twice (AB[aa][aa]) is the same stone twice; elsewhere a repeat
        // may count (Backgammon: AB[l][l] are two checkers).
        const bool unique = row && c.gm == 1 && row->unique_points != point_group::none;
        if (k == 1 && (merged.values.size() < 2 || (!single && !unique) || (moves && merged.values.size() < 2))) {
            out.push_back(std::move(merged));
            continue;
        }

        if (!row) {  // unknown: keep every value, their meaning is not ours to judge
            c.note(rule::duplicate_property, again, id + " given " + times(k) + " in one node: merged into one " + id,
                   "an unknown property: all values kept, in file order");
            out.push_back(std::move(merged));
            continue;
        }

        // Values in order, each spelling once (as fix will write it: "ce\v" repeats "ce").
        fix_prop distinct = merged;
        distinct.values.clear();
        distinct.value_pos.clear();
        std::unordered_set<std::string> spelled;
        for (std::size_t i = 0; i < merged.values.size(); ++i) {
            std::string mine = canonical_raw(repaired_spelling(*row, c, merged.values[i]));
            if (!spelled.insert(std::move(mine)).second) continue;
            distinct.values.push_back(merged.values[i]);
            distinct.value_pos.push_back(merged.value_pos[i]);
        }
        const std::size_t dropped = merged.values.size() - distinct.values.size();

        if (!single && !unique) {  // repeats count here: merge only
            c.note(rule::duplicate_property, again, id + " given " + times(k) + " in one node: merged into one " + id, "all values kept, in file order");
            out.push_back(std::move(merged));
            continue;
        }
        if (moves) {  // each move gets a node later (fix_split.cpp, which notes it)
            if (dropped > 0)
                c.note(k > 1 ? rule::duplicate_property : rule::too_many_values, again, id + " gives the same move more than once in one node", "kept once");
            out.push_back(std::move(distinct));
            continue;
        }
        if (!single) {  // a list of points: one property, each point once
            if (k > 1)
                c.note(rule::duplicate_property, again, id + " given " + times(k) + " in one node: merged into one " + id, "values in file order");
            if (dropped > 0)
                c.note(rule::duplicate_point, again, id + " lists the same value " + (dropped == 1 ? std::string("twice") : "more than once"),
                       "each value kept once (" + std::to_string(dropped) + " repeat" + (dropped == 1 ? "" : "s") + " dropped)");
            out.push_back(std::move(distinct));
            continue;
        }

        const rule code = k > 1 ? rule::duplicate_property : rule::too_many_values;
        const std::string what = k > 1 ? id + " given " + times(k) + " in one node"
                                       : id + " has " + std::to_string(merged.values.size()) + " values but takes one";
        if (distinct.values.size() == 1) {
            c.note(code, again, what + ", all equal", "kept once");
            out.push_back(std::move(distinct));
        } else if (is_text(*row)) {
            std::string joined;
            for (std::size_t i = 0; i < distinct.values.size(); ++i) {
                if (i) joined += "\n\n";
                joined += distinct.values[i].view();
            }
            c.note(code, again, what + " with different texts", "the texts were joined in file order, separated by a blank line");
            distinct.values.assign(1, fix_value(std::move(joined)));
            distinct.value_pos.resize(1);
            out.push_back(std::move(distinct));
        } else {
            fix_prop apart{"X" + id, {distinct.values.begin() + 1, distinct.values.end()}, again,
                           {distinct.value_pos.begin() + 1, distinct.value_pos.end()}};
            c.note(code, again, what + " with different values",
                   id + " keeps the first value; the others were moved to the private property X" + id +
                       ", in file order: nothing was lost (check which is right and delete X" + id + ")");
            distinct.values.resize(1);
            distinct.value_pos.resize(1);
            out.push_back(std::move(distinct));
            kept_apart.emplace_back(out.size() - 1, std::move(apart));
        }
    }
    if (kept_apart.empty()) return out;

    // X properties: appended to one the node has already, else right after their source
    // (in one pass: the node may hold many).
    std::unordered_map<std::string_view, std::size_t> index_of;
    for (std::size_t i = 0; i < out.size(); ++i) index_of.emplace(out[i].ident, i);
    std::vector<std::vector<fix_prop>> after(out.size());
    for (auto& [at, apart] : kept_apart) {
        if (const auto it = index_of.find(apart.ident); it != index_of.end()) {
            fix_prop& have = out[it->second];
            have.values.insert(have.values.end(), apart.values.begin(), apart.values.end());
            have.value_pos.insert(have.value_pos.end(), apart.value_pos.begin(), apart.value_pos.end());
        } else {
            after[at].push_back(std::move(apart));
        }
    }
    std::vector<fix_prop> result;
    result.reserve(out.size() + kept_apart.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        result.push_back(std::move(out[i]));
        for (fix_prop& p : after[i]) result.push_back(std::move(p));
    }
    return result;
}

}  // namespace sgf::detail
