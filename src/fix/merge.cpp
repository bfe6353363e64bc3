// fix, step 1: a node's properties with FF[4] identifiers and UTF-8 values, and every
// identifier given more than once (or a single value given several times) resolved
// without losing a value (include/sgf/fix.hpp lists the rules).
#include <algorithm>

#include "fix/detail.hpp"
#include "tree/tree_rep.hpp"
#include "sgf/value.hpp"

namespace sgf::detail {

void fix_context::note(std::string_view code, fix_pos where, std::string message, std::string hint) const {
    // `code` may be a spelling from before the numbers were made unique (W202 = not defined in
    // this FF version): the old meaning wins here.
    const rule_row* row = nullptr;
    for (const code_alias& a : all_code_aliases())
        if (a.old_code == code) row = &info(a.now);
    if (row == nullptr) row = find_rule(code);
    diagnostic d = make_diagnostic(row ? row->id : rule::junk_between_tokens, severity::info);  // repaired
    d.where = where.get();
    d.message = std::move(message);
    d.hint = std::move(hint);
    out->push_back(std::move(d));
}

std::vector<fix_prop>::iterator find_prop(std::vector<fix_prop>& props, std::string_view ident) {
    return std::find_if(props.begin(), props.end(), [&](const fix_prop& p) { return p.ident == ident; });
}

namespace {

// ff4_changes.txt "Property identifiers": FF[1]-FF[3] readers dropped lowercase letters.
// An identifier of lowercase letters only would vanish: it is upper-cased instead.
std::string ff4_identifier(std::string_view written) {
    std::string id = ff4_ident_of(written);
    if (!id.empty()) return id;
    for (char ch : written) id += static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
    return id;
}

bool same_value(std::string_view a, std::string_view b) { return a == b || canonical_raw(a) == canonical_raw(b); }

bool is_text(const property_rule& r) {
    const auto alts = r.shape.alternatives();
    return !alts.empty() && alts[0].first == value_kind::text && !alts[0].composed;
}

std::string times(std::size_t k) { return k == 2 ? "twice" : std::to_string(k) + " times"; }

}  // namespace

std::vector<fix_prop> read_node(const node& n, const fix_context& c) {
    std::vector<fix_prop> raw;
    c.original = n.properties().to_vector();
    const source* src = detail::tree_access::source_of(n);
    for (const property& p : c.original) {
        fix_prop f;
        f.ident = ff4_identifier(p.ident());
        f.pos = {src, p.offset()};
        for (const value& v : p) {
            // Canonical spelling from the start (what write() would make of it), so that
            // every rule below sees the value the output will hold: HA[\0] is HA[0].
            f.values.push_back(canonical_raw(c.input->utf8(v.raw(), c.tree)));
            f.value_pos.push_back({src, v.offset()});
        }
        raw.push_back(std::move(f));
    }

    // Occurrences per identifier, in order of first appearance.
    std::vector<std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& m) { return raw[m[0]].ident == raw[i].ident; });
        if (g == groups.end()) groups.push_back({i});
        else g->push_back(i);
    }

    std::vector<fix_prop> out;
    std::vector<std::pair<std::size_t, fix_prop>> kept_apart;  // X properties, after out[first]
    for (const auto& members : groups) {
        fix_prop merged = raw[members[0]];
        for (std::size_t k = 1; k < members.size(); ++k) {
            const fix_prop& more = raw[members[k]];
            merged.values.insert(merged.values.end(), more.values.begin(), more.values.end());
            merged.value_pos.insert(merged.value_pos.end(), more.value_pos.begin(), more.value_pos.end());
        }
        const std::string& id = merged.ident;
        const std::size_t k = members.size();
        const fix_pos again = k > 1 ? raw[members[1]].pos : (merged.value_pos.size() > 1 ? merged.value_pos[1] : merged.pos);
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
            c.note("E201", again, id + " given " + times(k) + " in one node: merged into one " + id,
                   "an unknown property: all values kept, in file order");
            out.push_back(std::move(merged));
            continue;
        }

        // Values in order, each spelling once (as fix will write it: "ce\v" repeats "ce").
        fix_prop distinct = merged;
        distinct.values.clear();
        distinct.value_pos.clear();
        std::vector<std::string> spelled;
        for (std::size_t i = 0; i < merged.values.size(); ++i) {
            const std::string mine = repaired_spelling(*row, c, merged.values[i]);
            const bool seen = std::any_of(spelled.begin(), spelled.end(),
                                          [&](const std::string& v) { return same_value(v, mine); });
            spelled.push_back(mine);
            if (seen) continue;
            distinct.values.push_back(merged.values[i]);
            distinct.value_pos.push_back(merged.value_pos[i]);
        }
        const std::size_t dropped = merged.values.size() - distinct.values.size();

        if (!single && !unique) {  // repeats count here: merge only
            c.note("E201", again, id + " given " + times(k) + " in one node: merged into one " + id, "all values kept, in file order");
            out.push_back(std::move(merged));
            continue;
        }
        if (moves) {  // each move gets a node later (fix_split.cpp, which notes it)
            if (dropped > 0)
                c.note(k > 1 ? "E201" : "E118", again, id + " gives the same move more than once in one node", "kept once");
            out.push_back(std::move(distinct));
            continue;
        }
        if (!single) {  // a list of points: one property, each point once
            if (k > 1)
                c.note("E201", again, id + " given " + times(k) + " in one node: merged into one " + id, "values in file order");
            if (dropped > 0)
                c.note("E106", again, id + " lists the same value " + (dropped == 1 ? std::string("twice") : "more than once"),
                       "each value kept once (" + std::to_string(dropped) + " repeat" + (dropped == 1 ? "" : "s") + " dropped)");
            out.push_back(std::move(distinct));
            continue;
        }

        const std::string code = k > 1 ? "E201" : "E118";
        const std::string what = k > 1 ? id + " given " + times(k) + " in one node"
                                       : id + " has " + std::to_string(merged.values.size()) + " values but takes one";
        if (distinct.values.size() == 1) {
            c.note(code, again, what + ", all equal", "kept once");
            out.push_back(std::move(distinct));
        } else if (is_text(*row)) {
            std::string joined;
            for (std::size_t i = 0; i < distinct.values.size(); ++i) {
                if (i) joined += "\n\n";
                joined += canonical_raw(distinct.values[i]);
            }
            c.note(code, again, what + " with different texts", "the texts were joined in file order, separated by a blank line");
            distinct.values.assign(1, std::move(joined));
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

    // X properties: appended to one the node has already, else right after their source.
    for (std::size_t i = kept_apart.size(); i-- > 0;) {
        auto& [after, apart] = kept_apart[i];
        if (auto it = find_prop(out, apart.ident); it != out.end()) {
            it->values.insert(it->values.end(), apart.values.begin(), apart.values.end());
            it->value_pos.insert(it->value_pos.end(), apart.value_pos.begin(), apart.value_pos.end());
        } else {
            out.insert(out.begin() + static_cast<std::ptrdiff_t>(after) + 1, std::move(apart));
        }
    }
    return out;
}

}  // namespace sgf::detail
