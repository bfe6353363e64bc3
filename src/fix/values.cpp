// fix, step 2b: game-info values in the formats FF[4] makes mandatory (ff4_changes.txt
// "Faulty game-info values (e.g. RE, DT): the application should correct those values if
// possible, otherwise leave them as they are"), and the SGF2-style root aliases of 002_*.
//
// A value is rewritten only when its meaning is unambiguous. When the FF[4] form cannot
// hold everything the old value said (DT[2017.03.19 12:34] has a time of day), the
// original value is kept in the private property X + identifier (XDT), so nothing is lost.
// Anything else is left as it is.
#include <algorithm>
#include <optional>

#include "fix/detail.hpp"
#include "fix/formats.hpp"
#include "sgf/check.hpp"
#include "sgf/value.hpp"
#include "values/readers.hpp"

namespace sgf::detail {

namespace {

using props_t = std::vector<fix_prop>;

// Keeps the original values of props[at] in X + identifier, after it.
void preserve(props_t& props, std::size_t at, const std::vector<fix_value>& originals) {
    const std::string ident = "X" + props[at].ident;
    const fix_pos pos = props[at].pos;
    auto it = find_prop(props, ident);
    if (it == props.end())
        it = props.insert(props.begin() + static_cast<std::ptrdiff_t>(at) + 1, fix_prop{ident, {}, pos, {}});
    for (const auto& v : originals) {
        it->values.push_back(v);
        it->value_pos.push_back(pos);
    }
}

bool valid(const property_rule& r, const fix_context& c, std::string_view raw) {
    // clean FF[4]: no error and no warning (AP without version, HA[0] are warnings today)
    return check_value(r, c.game, raw, c.size).level(profile::ff4) < rule_level::warning;
}

}  // namespace

void move_apart(std::vector<fix_prop>& props, std::size_t at) {
    // A copy: preserve() may insert into props, which would leave a reference into it dangling.
    const std::vector<fix_value> originals = props[at].values;
    preserve(props, at, originals);
    props.erase(props.begin() + static_cast<std::ptrdiff_t>(at));
}

namespace {

// The invalid value of `ident` (a single value) in its FF[4] form (formats.hpp); the
// finding is noted with the checker's code for what was wrong. A value FF[1]-FF[3] allowed
// and FF[4] has no form for is moved to X + identifier: the file's upgrade to FF[4] must not
// make it fail.
void rewrite_value(props_t& props, std::string_view ident, const fix_context& c) {
    auto it = find_prop(props, ident);
    if (it == props.end()) return;
    const property_rule* row = c.rule(ident);
    if (!row || it->values.size() != 1 || valid(*row, c, it->values[0])) return;
    const fix_value before = it->values[0];
    const auto r = ff4_form(ident, decode_simple_text(before));
    // the rule the checker reports it by
    rule code = check_value(*row, c.game, before, c.size).which;
    if (code == rule::none) code = rule::value_syntax;
    // Whether the file's own version allowed the value (TM[1:00:00] breaks TM's type, real, in
    // FF[3] too: E101 there, not a value FF[3] allowed): the report says which it was.
    const bool allowed = c.ff >= 1 && c.ff <= 3 && level_of(code, profile::ff4, c.ff) != rule_level::error;
    if (!r || (!r->remove && !valid(*row, c, escape(r->value)))) {
        if (c.ff < 1 || c.ff > 3) return;  // an FF[4] file: left as it is (and reported by check)
        const fix_pos pos = it->pos;
        move_apart(props, static_cast<std::size_t>(it - props.begin()));
        c.note(code, pos,
               std::string(ident) + "[" + before.str() + "]: " +
                   (allowed ? "FF[" + std::to_string(c.ff) + "] allowed this value, FF[4] has no form for it"
                            : "not a value of its type, and FF[4] has no form for it"),
               "moved to the private property X" + std::string(ident) + ": nothing was lost");
        return;
    }
    const std::string was = std::string(ident) + "[" + before.str() + "]";
    std::size_t at = static_cast<std::size_t>(it - props.begin());
    if (r->remove) {
        const fix_pos pos = it->pos;
        preserve(props, at, {before});
        props.erase(props.begin() + static_cast<std::ptrdiff_t>(at));
        c.note(code, pos, was + " gives no value",
               "removed; the original is kept in the private property X" + std::string(ident) + ": nothing was lost");
        return;
    }
    it->values[0] = escape(r->value);
    std::string hint = "written " + std::string(ident) + "[" + it->values[0].str() + "]";
    if (!r->overtime.empty()) {
        if (auto ot = find_prop(props, "OT"); ot == props.end()) {
            props.insert(props.begin() + static_cast<std::ptrdiff_t>(at) + 1, fix_prop{"OT", {fix_value(escape(r->overtime))}, props[at].pos, {props[at].pos}});
            hint += " and OT[" + escape(r->overtime) + "]";
        } else if (ot->values.size() != 1 || decode_simple_text(ot->values[0]) != r->overtime) {
            preserve(props, at, {before});
            hint += "; OT says something else, so the original is kept in X" + std::string(ident);
        }
    } else if (!r->lossless) {
        preserve(props, at, {before});
        hint += "; the original is kept in the private property X" + std::string(ident) + ": nothing was lost";
    }
    c.note(code, props[at].pos, was + (allowed ? " is not in the FF[4] format" : " is not a value of its type"), hint);
}

// Unescaped ':' after the first in a compose whose second part is text (AP, LB, ...):
// escaped, which changes no text (E107). AP without any ':' gets an empty version (E110).
void escape_compose_colons(props_t& props, const fix_context& c) {
    for (fix_prop& p : props) {
        const property_rule* row = c.rule(p.ident);
        if (!row || !is_compose_type(row->shape)) continue;
        const auto alts = row->shape.alternatives();
        const bool text_second = std::any_of(alts.begin(), alts.end(), [](const value_alternative& a) {
            return a.composed && (a.second == value_kind::simple_text || a.second == value_kind::text);
        });
        if (!text_second) continue;
        for (fix_value& v : p.values) {
            if (valid(*row, c, v)) continue;
            const auto parts = split_compose(v);
            if (!parts) {
                if (row->format != value_format::application || v.empty()) continue;
                const std::string fixed = v.str() + ":";
                if (!valid(*row, c, fixed)) continue;
                c.note(rule::ap_not_composed, p.pos, p.ident + "[" + v.str() + "] has no ':' version", "written " + p.ident + "[" + fixed + "]: the version is empty, the name unchanged");
                v = fixed;
                continue;
            }
            std::string second;
            for (std::size_t i = 0; i < parts->second.size(); ++i) {
                const char ch = parts->second[i];
                if (ch == '\\' && i + 1 < parts->second.size()) {
                    second += ch;
                    second += parts->second[++i];
                    continue;
                }
                if (ch == ':') second += '\\';
                second += ch;
            }
            const std::string fixed = std::string(parts->first) + ":" + second;
            if (fixed == v || !valid(*row, c, fixed)) continue;
            c.note(rule::compose_extra_colon, p.pos, p.ident + "[" + v.str() + "] has more than one ':'", "the later ':' are part of the text: written " + p.ident + "[" + fixed + "]");
            v = fixed;
        }
    }
}

}  // namespace

// SGF2-style aliases in the root (002_*: "TE, KO, RD, GK are aliases for EV, KM, DT, GM in
// SGF2 style"; "TL and LKM and PTM and PDT are aliases for TM and KM and TM and DT"): taken
// when the identifier means nothing else here (unknown, or a value its FF[4] meaning rejects).
// The decision depends on the alias's own values only, never on what else the node holds:
// beside its target the alias becomes a repeat of it (read_node resolves repeats next), so
// that what fix writes never holds an alias a second fix would take.
bool root_alias(const property_alias& a) noexcept { return a.context.substr(0, 9) == "root node"; }

void convert_aliases(std::vector<fix_prop>& props, const fix_context& c) {
    for (const property_alias& a : all_aliases()) {
        if (!root_alias(a)) continue;
        auto is_alias = [&](const fix_prop& p) { return p.ident == a.alias; };
        if (std::none_of(props.begin(), props.end(), is_alias)) continue;
        const property_rule* own = c.rule(a.alias);
        const property_rule* target_row = c.rule(a.target);
        bool foreign = !own, fits = target_row != nullptr;
        std::vector<fix_value> values;  // of every occurrence, in file order
        for (const fix_prop& p : props)
            if (is_alias(p)) values.insert(values.end(), p.values.begin(), p.values.end());
        // An alias that is an FF[4] property of one value too (KO, TE) keeps one of several
        // values when left as it is (the merge of repeats, after this step): judged by that one,
        // as a second fix would judge the one left (KO[-6.5]KO[x] became KO[-6.5]XKO[x], which
        // a second fix made KM[-6.5]: fix was not idempotent; fuzz/FUZZING.md finding 11).
        std::span<const fix_value> judged = values;
        if (own && own->shape.card == cardinality::single && values.size() > 1 && !is_text_row(*own))
            judged = std::span<const fix_value>(values).subspan(kept_of_several(*own, c, values), 1);
        for (const fix_value& v : judged) {
            foreign |= own && !valid(*own, c, v);
            // Only when the target takes the values (or fix can write them in its format):
            // TL[Black: 3:59] stays an unknown TL rather than becoming an invalid TM.
            if (!fits || valid(*target_row, c, v)) continue;
            const auto r = ff4_form(a.target, decode_simple_text(v));
            fits = r && (r->remove || valid(*target_row, c, escape(r->value)));
        }
        if (!foreign || !fits) continue;
        const std::string was = std::string(a.alias) + bracketed(values);
        const auto target = find_prop(props, a.target);
        if (target != props.end()) {
            bool same = target->values.size() == values.size();
            for (std::size_t i = 0; same && i < values.size(); ++i) same = canonical_raw(target->values[i]) == canonical_raw(values[i]);
            if (same) {
                const fix_pos pos = std::find_if(props.begin(), props.end(), is_alias)->pos;
                std::erase_if(props, is_alias);
                c.note(rule::sgf2_alias, pos, was + " in the root: SGF2-style alias of " + std::string(a.target),
                       "removed: " + std::string(a.target) + " says the same (002_*)");
                continue;
            }
        }
        for (fix_prop& p : props) {
            if (!is_alias(p)) continue;
            p.ident = a.target;
            c.note(rule::sgf2_alias, p.pos, std::string(a.alias) + bracketed(p.values) + " in the root: SGF2-style alias of " + std::string(a.target),
                   target == props.end() ? "written " + std::string(a.target) + bracketed(p.values) + " (002_*)"
                                         : "read as a second " + std::string(a.target) + " (002_*); the repeat is resolved as for any other");
        }
    }
}

void repair_game_info(std::vector<fix_prop>& props, const fix_context& c) {
    // HA[0]: no handicap, which a game without HA already says (ff4_go.txt HA '>=2'). First:
    // in an FF[1]-FF[3] file the rewrite below would keep it apart.
    if (auto ha = find_prop(props, "HA"); ha != props.end() && ha->values.size() == 1) {
        const auto n = parse_number(ha->values[0]);
        if (n && *n == 0) {
            c.note(rule::ha_range, ha->pos, "HA[" + ha->values[0].str() + "]: no handicap", "removed: a game without HA has no handicap");
            props.erase(ha);
        }
    }
    for (std::string_view ident : {"DT", "RE", "TM", "BL", "WL", "KM", "PL", "HA", "OB", "OW", "RU"}) rewrite_value(props, ident, c);
    escape_compose_colons(props, c);
}

}  // namespace sgf::detail
