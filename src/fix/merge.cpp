// fix, step 1: a node's properties with FF[4] identifiers and UTF-8 values, and every
// identifier given more than once (or a single value given several times) resolved
// without losing a value (include/sgf/fix.hpp lists the rules). read_node runs four named
// steps: read_properties, convert_aliases (a top-level root), group_repeats, and
// resolve_repeats for each group; the values a repeat keeps apart go after their property
// (place_kept_apart).
#include <algorithm>
#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "fix/detail.hpp"
#include "fix/formats.hpp"
#include "parse/input_report.hpp"
#include "sgf/charset.hpp"
#include "sgf/check.hpp"
#include "table/findings.hpp"
#include "tree/node_reader.hpp"
#include "tree/tree_rep.hpp"
#include "sgf/value.hpp"
#include "values/readers.hpp"

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

bool is_text_row(const property_rule& r) {
    const auto alts = r.shape.alternatives();
    return !alts.empty() && alts[0].first == value_kind::text && !alts[0].composed;
}

namespace {

using props_t = std::vector<fix_prop>;

// ff4_changes.txt "Property identifiers": FF[1]-FF[3] readers dropped lowercase letters.
// An identifier of lowercase letters only has no FF[4] form: it is kept as written (upper-
// casing `b[bb]` would invent a Black move nobody played).
std::string ff4_identifier(std::string_view written) {
    std::string id = ff4_ident_of(written);
    return id.empty() ? std::string(written) : id;
}


std::string times(std::size_t k) { return k == 2 ? "twice" : std::to_string(k) + " times"; }

// A raw value as fix works on it: in UTF-8 (unless the file keeps its charset) and in its
// canonical spelling from the start (what write() would make of it), so that every rule
// sees the value the output will hold: HA[\0] is HA[0].
fix_value input_value(std::string_view raw, const fix_context& c) {
    std::string_view text = raw;
    std::string decoded;
    if (c.convert_text && c.input->decodes(c.tree, raw)) {
        decoded = c.input->utf8(raw, c.tree);
        if (decoded != raw) text = decoded;
    }
    if (text.find('\\') != std::string_view::npos) {
        std::string canonical = canonical_raw(text);
        if (canonical != text) return fix_value(std::move(canonical));
    }
    if (text.data() == raw.data()) return fix_value::borrowed(raw);
    return fix_value(std::move(decoded));
}

// Whether the input stage kept bytes that are no character of the file's charset (its W023,
// one per run of such bytes) inside the value whose '[' is at `at`.
bool holds_kept_bytes(const load_result& input, const fix_pos& at) {
    const std::vector<diagnostic>& ds = input.diagnostics;  // (in the order of their bytes)
    const std::uint64_t from = at.src->position_of(at.offset).byte;
    const std::uint64_t to = at.src->position_of(at.offset + 1 + value_size(*at.src, at.offset)).byte;
    auto it = std::lower_bound(ds.begin(), ds.end(), from, [](const diagnostic& d, std::uint64_t b) { return d.where.byte < b; });
    for (; it != ds.end() && it->where.byte < to; ++it)
        if (it->id == rule::invalid_bytes) return true;
    return false;
}

// The output says CA[UTF-8]; a value of a file in another charset holding bytes that were no
// character of it (the input's W023) keeps them verbatim, which are invalid UTF-8 or, next
// to each other, may read as a character the input did not have (D0 9F in Big5: U+041F): said,
// as a warning by that number, at the value (issue 22: CA[Shift_JIS]C[a\x82] became
// CA[UTF-8]C[a\x82] unsaid). A UTF-8 input keeps its label: nothing new to say.
void say_bytes_kept(const fix_prop& f, const fix_context& c) {
    const std::string_view v = f.values.back();
    if (all_ascii(v)) return;  // (most values: no byte to keep)
    const std::string& charset = c.tree < c.input->tree_charsets.size() ? c.input->tree_charsets[c.tree] : c.input->charset;
    if (charset == "UTF-8") return;
    // Valid UTF-8 in the output: kept bytes there, if any, read as characters the input did
    // not have (Big5 D0 9F as U+041F), said as the invalid ones are
    if (is_valid_utf8(v) && !holds_kept_bytes(*c.input, f.value_pos.back())) return;
    c.note(rule::invalid_bytes, f.value_pos.back(), "a value of " + f.ident + " holds bytes that are no character in " + charset,
           "kept verbatim, though the output says CA[UTF-8], where they are invalid or read as other characters; replace or "
           "delete them (a character cut off?), or fix with --charset NAME if the file is in another charset",
           severity::warning);
}

// Occurrences of an identifier that read_properties put into the one right before them (so
// that 200,000 C[x] in a row are one fix_prop of 200,000 values, not 200,000 fix_props): how
// many, and where the first of them stands (a repeat's note points there).
struct folded {
    std::size_t more = 0;
    fix_pos first_at;
};
using folds_t = std::unordered_map<std::string, folded>;

// Whether a repeat of `ident` may be put into the occurrence before it as it is read: not the
// setup properties (resolve_setup_points reads which occurrence names a point last) nor, in a
// top-level root, an SGF2-style alias or its target (convert_aliases reads each occurrence).
bool foldable(std::string_view ident, bool top_root) {
    if (ident == "AB" || ident == "AW" || ident == "AE") return false;
    if (!top_root) return true;
    for (const property_alias& a : all_aliases())
        if (root_alias(a) && (a.alias == ident || a.target == ident)) return false;
    return true;
}

// Step 1: the node's properties in file order, identifiers in their FF[4] form (reported),
// values as input_value makes them. A repeat right after its identifier's occurrence goes into
// it, counted in `folds` (group_repeats would merge the two in this order anyway).
props_t read_properties(const node& n, bool top_root, const fix_context& c, folds_t& folds) {
    props_t raw;
    const source* src = detail::tree_access::source_of(n);
    c.node_pos = {src, n.offset()};
    folded* run = nullptr;  // the fold of raw.back(), once it has one
    for (const property& p : n.properties()) {
        std::string ident = ff4_identifier(p.ident());
        const fix_pos pos{src, p.offset()};
        if (ident != p.ident())  // the parser's 011: check reports it by that number too
            c.note(rule::lowercase_ident, pos, "property identifier '" + std::string(p.ident()) + "' contains lowercase letters",
                   "written " + ident + " (ff4_changes.txt: 'the application has to remove all lowercase letters')");
        else if (ff4_ident_of(ident).empty())
            c.note(rule::ident_without_upper, pos, "property identifier '" + ident + "' has no upper-case letter: it has no FF[4] form",
                   "kept as written, with its values; FF[1]-FF[3] readers ignored lowercase letters, so no reader knows it: "
                   "rename it (an upper-case identifier) or delete it",
                   severity::error);
        if (!raw.empty() && raw.back().ident == ident && foldable(ident, top_root)) {
            if (run == nullptr) {
                run = &folds[ident];  // (a repeat of an earlier run of this identifier: counted on)
                if (run->more == 0) run->first_at = pos;
            }
            ++run->more;
        } else {
            raw.push_back(fix_prop{std::move(ident), {}, pos, {}});
            run = nullptr;
        }
        fix_prop& into = raw.back();
        for (const value& v : p) {
            into.values.push_back(input_value(v.raw(), c));
            into.value_pos.push_back({src, v.offset()});
            say_bytes_kept(into, c);
        }
    }
    return raw;
}

// Step 3: the occurrences of each identifier, in order of first appearance: the first of
// each group, and a link from each occurrence to the next (a node may hold 100,000 distinct
// identifiers, so no allocation per group, and a hash map only when the node is big).
struct repeat_groups {
    static constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::vector<std::size_t> firsts;  // index of each group's first occurrence
    std::vector<std::size_t> next;    // per occurrence: the next of its group, or none
};

repeat_groups group_repeats(const props_t& raw) {
    repeat_groups g;
    g.next.assign(raw.size(), repeat_groups::none);
    std::vector<std::size_t> last;
    auto add = [&](std::size_t i, std::size_t group) {
        if (group == g.firsts.size()) {
            g.firsts.push_back(i);
            last.push_back(i);
        } else {
            g.next[last[group]] = i;
            last[group] = i;
        }
    };
    if (raw.size() <= 16) {
        for (std::size_t i = 0; i < raw.size(); ++i) {
            std::size_t group = 0;
            while (group < g.firsts.size() && raw[g.firsts[group]].ident != raw[i].ident) ++group;
            add(i, group);
        }
        return g;
    }
    std::unordered_map<std::string_view, std::size_t> group_of;
    group_of.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) add(i, group_of.emplace(raw[i].ident, g.firsts.size()).first->second);
    return g;
}

// Whether a single value FF[4] can hold: valid, or with an FF[4] form fix writes
// (fix_values.cpp; SZ[19:19] as SZ[19], convert.cpp). Of several different values of one
// property, the first such one stays: the first SZ is the board the checker reads the input
// by (context_of), so SZ[19:19]SZ[5] keeps 19 and its points stay on the board.
bool usable(const property_rule& row, const fix_context& c, std::string_view v) {
    if (check_value(row, c.game, v, c.size).level(profile::ff4) < rule_level::warning) return true;
    if (row.ident == "SZ")
        if (const auto square = square_size_form(v))
            return check_value(row, c.game, *square, c.size).level(profile::ff4) < rule_level::warning;
    const auto r = ff4_form(row.ident, decode_simple_text(v));
    return r && !r->remove && check_value(row, c.game, escape(r->value), c.size).level(profile::ff4) < rule_level::warning;
}

}  // namespace

std::size_t kept_of_several(const property_rule& row, const fix_context& c, std::span<const fix_value> values) {
    // An empty value the property does not take carries nothing: passed over while another is there.
    const bool skip_empty = values.size() > 1 && !usable(row, c, "");
    std::optional<std::size_t> first;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (skip_empty && values[i].empty()) continue;
        if (!first) first = i;
        if (usable(row, c, values[i])) return i;
    }
    return first.value_or(0);
}

namespace {

// The values of `merged` in order, each spelling once (as fix will write it: "ce\v" repeats "ce").
fix_prop distinct_values(const fix_prop& merged, const property_rule& row, const fix_context& c) {
    fix_prop distinct{merged.ident, {}, merged.pos, {}};
    // Each value's spelling as a view: the value itself when it needs no repair (no white
    // space, no escape: points, numbers), else a string made for it (kept in `made`).
    std::unordered_set<std::string_view> spelled;
    std::deque<std::string> made;
    for (std::size_t i = 0; i < merged.values.size(); ++i) {
        const std::string_view v = merged.values[i];
        std::string_view mine = v;
        if (has_white(v) || v.find_first_of("\\]") != std::string_view::npos) mine = made.emplace_back(canonical_raw(repaired_spelling(row, c, v)));
        if (!spelled.insert(mine).second) continue;
        distinct.values.push_back(merged.values[i]);
        distinct.value_pos.push_back(merged.value_pos[i]);
    }
    return distinct;
}

// Step 4 for a property of one value given `given` values in `k` occurrences (`distinct`: each
// spelling once): one value stays, a text joins its texts, the others go to X + identifier.
void resolve_single(fix_prop&& distinct, std::size_t k, std::size_t given, fix_pos again, const property_rule& row,
                    const fix_context& c, props_t& out, std::optional<fix_prop>& apart) {
    const std::string id = distinct.ident;
    const rule code = k > 1 ? rule::duplicate_property : rule::too_many_values;
    const std::string what = k > 1 ? id + " given " + times(k) + " in one node"
                                   : id + " has " + std::to_string(given) + " values but takes one";
    // An empty value that the property does not take carries nothing (ff4_changes.txt:
    // 'Empty values e.g. DT[]N[]: remove those properties'): dropped when another is there.
    if (distinct.values.size() > 1 && !usable(row, c, "")) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < distinct.values.size(); ++i) {
            if (distinct.values[i].empty()) continue;
            distinct.values[kept] = std::move(distinct.values[i]);
            distinct.value_pos[kept++] = distinct.value_pos[i];
        }
        distinct.values.resize(kept);
        distinct.value_pos.resize(kept);
    }
    if (distinct.values.size() == 1) {
        c.note(code, again, what + ", all equal or empty", "kept once");
        out.push_back(std::move(distinct));
        return;
    }
    if (is_text_row(row)) {
        std::string joined;
        for (std::size_t i = 0; i < distinct.values.size(); ++i) {
            if (i) joined += "\n\n";
            joined += distinct.values[i].view();
        }
        c.note(code, again, what + " with different texts", "the texts were joined in file order, separated by a blank line");
        distinct.values.assign(1, fix_value(std::move(joined)));
        distinct.value_pos.resize(1);
        out.push_back(std::move(distinct));
        return;
    }
    // The first value FF[4] can hold stays (the first value when none can): what a second
    // fix would find in the property, so that it keeps it too.
    const std::size_t stays = kept_of_several(row, c, distinct.values);
    fix_prop x{"X" + id, {}, again, {}};
    for (std::size_t i = 0; i < distinct.values.size(); ++i) {
        if (i == stays) continue;
        x.values.push_back(distinct.values[i]);
        x.value_pos.push_back(distinct.value_pos[i]);
    }
    c.note(code, again, what + " with different values",
           id + " keeps " + (stays == 0 ? "the first value" : "the first value FF[4] can hold, [" + distinct.values[stays].str() + "]") +
               "; the others were moved to the private property X" + id +
               ", in file order: nothing was lost (check which is right and delete X" + id + ")");
    distinct.values = {distinct.values[stays]};
    distinct.value_pos = {distinct.value_pos[stays]};
    out.push_back(std::move(distinct));
    apart = std::move(x);
}

// Step 4: one group (`merged`: every value of the identifier's k occurrences, in file order)
// as one property; values it cannot hold go to `apart` (X + identifier).
void resolve_repeats(fix_prop&& merged, std::size_t k, fix_pos again, const fix_context& c, props_t& out,
                     std::optional<fix_prop>& apart) {
    const std::string id = merged.ident;
    const property_rule* row = c.rule(id);
    const bool single = row && row->shape.card == cardinality::single;
    const bool moves = row && row->exclusive == exclusive_group::move_color;
    // In Go a point listed twice (AB[aa][aa]) is the same stone twice; elsewhere a repeat
    // may count (Backgammon: AB[l][l] are two checkers).
    const bool unique = row && c.gm == 1 && row->unique_points != point_group::none;
    if (k == 1 && (merged.values.size() < 2 || (!single && !unique) || (moves && merged.values.size() < 2))) {
        out.push_back(std::move(merged));
        return;
    }
    if (!row) {  // unknown: keep every value, their meaning is not ours to judge
        c.note(rule::duplicate_property, again, id + " given " + times(k) + " in one node: merged into one " + id,
               "an unknown property: all values kept, in file order");
        out.push_back(std::move(merged));
        return;
    }

    fix_prop distinct = distinct_values(merged, *row, c);
    const std::size_t dropped = merged.values.size() - distinct.values.size();

    // A repeat counts only where a point holds several stones (Backgammon's AB[l][l], check:
    // plan.stacks); anywhere else a value given twice is the same value twice, which the
    // checker reports (AR[aa:bb] twice in Hex: E117; VW[] twice: E119): kept once.
    const bool repeats_count = c.game && c.game->stacks_stones && row->unique_points == point_group::setup &&
                               row->effect != board_effect::add_empty;
    if (!single && !unique) {  // merge only
        const bool once = !repeats_count && dropped > 0;
        c.note(rule::duplicate_property, again, id + " given " + times(k) + " in one node: merged into one " + id,
               once ? "values in file order, each once (" + std::to_string(dropped) + " repeat" + (dropped == 1 ? "" : "s") + " dropped)"
                    : "all values kept, in file order");
        out.push_back(once ? std::move(distinct) : std::move(merged));
        return;
    }
    if (moves) {  // each move gets a node later (fix_split.cpp, which notes it)
        if (dropped > 0)
            c.note(k > 1 ? rule::duplicate_property : rule::too_many_values, again, id + " gives the same move more than once in one node", "kept once");
        out.push_back(std::move(distinct));
        return;
    }
    if (!single) {  // a list of points: one property, each point once
        if (k > 1)
            c.note(rule::duplicate_property, again, id + " given " + times(k) + " in one node: merged into one " + id, "values in file order");
        if (dropped > 0)
            c.note(rule::duplicate_point, again, id + " lists the same value " + (dropped == 1 ? std::string("twice") : "more than once"),
                   "each value kept once (" + std::to_string(dropped) + " repeat" + (dropped == 1 ? "" : "s") + " dropped)");
        out.push_back(std::move(distinct));
        return;
    }

    resolve_single(std::move(distinct), k, merged.values.size(), again, *row, c, out, apart);
}

// Step 5: X properties appended to one the node has already, else right after their source
// (in one pass: the node may hold many).
props_t place_kept_apart(props_t&& out, std::vector<std::pair<std::size_t, fix_prop>>&& kept_apart) {
    if (kept_apart.empty()) return std::move(out);
    std::unordered_map<std::string_view, std::size_t> index_of;
    for (std::size_t i = 0; i < out.size(); ++i) index_of.emplace(out[i].ident, i);
    std::vector<props_t> after(out.size());
    for (auto& [at, apart] : kept_apart) {
        if (const auto it = index_of.find(apart.ident); it != index_of.end()) {
            fix_prop& have = out[it->second];
            have.values.insert(have.values.end(), apart.values.begin(), apart.values.end());
            have.value_pos.insert(have.value_pos.end(), apart.value_pos.begin(), apart.value_pos.end());
        } else {
            after[at].push_back(std::move(apart));
        }
    }
    props_t result;
    result.reserve(out.size() + kept_apart.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        result.push_back(std::move(out[i]));
        for (fix_prop& p : after[i]) result.push_back(std::move(p));
    }
    return result;
}

}  // namespace

std::vector<fix_prop> read_node(const node& n, bool top_root, const fix_context& c) {
    folds_t folds;
    props_t raw = read_properties(n, top_root, c, folds);
    if (top_root) convert_aliases(raw, c);  // step 2: RD[2020] is a DT, repeats included
    resolve_setup_points(raw, c);  // (each occurrence by itself: which names a point last)
    const repeat_groups groups = group_repeats(raw);
    props_t out;
    out.reserve(groups.firsts.size());
    std::vector<std::pair<std::size_t, fix_prop>> kept_apart;
    for (const std::size_t first : groups.firsts) {
        std::size_t k = 1;
        const std::size_t second = groups.next[first];
        fix_prop merged = std::move(raw[first]);
        for (std::size_t m = second; m != repeat_groups::none; m = groups.next[m], ++k) {
            const fix_prop& more = raw[m];
            merged.values.insert(merged.values.end(), more.values.begin(), more.values.end());
            merged.value_pos.insert(merged.value_pos.end(), more.value_pos.begin(), more.value_pos.end());
        }
        fix_pos again = k > 1 ? raw[second].pos : (merged.value_pos.size() > 1 ? merged.value_pos[1] : merged.pos);
        if (!folds.empty())
            if (const auto f = folds.find(merged.ident); f != folds.end()) {
                // (the second occurrence: the first one folded, or the second one kept, whichever stands first)
                if (k == 1 || f->second.first_at.offset < again.offset) again = f->second.first_at;
                k += f->second.more;
            }
        std::optional<fix_prop> apart;
        resolve_repeats(std::move(merged), k, again, c, out, apart);
        if (apart) kept_apart.emplace_back(out.size() - 1, std::move(*apart));
    }
    return place_kept_apart(std::move(out), std::move(kept_apart));
}

}  // namespace sgf::detail
