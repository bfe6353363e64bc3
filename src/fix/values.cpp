// fix, step 2b: game-info values in the formats FF[4] makes mandatory (ff4_changes.txt
// "Faulty game-info values (e.g. RE, DT): the application should correct those values if
// possible, otherwise leave them as they are"), and the SGF2-style root aliases of 002_*.
//
// A value is rewritten only when its meaning is unambiguous. When the FF[4] form cannot
// hold everything the old value said (DT[2017.03.19 12:34] has a time of day), the
// original value is kept in the private property X + identifier (XDT), so nothing is lost.
// Anything else is left as it is.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <optional>

#include "fix/detail.hpp"
#include "sgf/check.hpp"
#include "sgf/value.hpp"
#include "sgf/value_types.hpp"

namespace sgf::detail {

namespace {

using props_t = std::vector<fix_prop>;

struct rewrite {
    std::string value;      // the FF[4] value (raw)
    bool lossless = true;   // false: keep the original in X + identifier
    std::string overtime;   // TM: the overtime part, for OT
};

std::string trim(std::string_view s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    return std::string(s.substr(b, s.find_last_not_of(" \t") - b + 1));
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

// Reads digits at s[i]; at most `max` of them.
std::optional<int> digits(std::string_view s, std::size_t& i, std::size_t min, std::size_t max) {
    std::size_t n = 0;
    int v = 0;
    while (i < s.size() && n < max && s[i] >= '0' && s[i] <= '9') {
        v = v * 10 + (s[i++] - '0');
        ++n;
    }
    if (n < min) return std::nullopt;
    return v;
}

std::string iso(int y, int m, int d) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", y, m, d);
    return buf;
}

int month_named(std::string_view word) {
    static constexpr std::array<std::string_view, 12> names = {"jan", "feb", "mar", "apr", "may", "jun",
                                                                "jul", "aug", "sep", "oct", "nov", "dec"};
    if (word.size() < 3) return 0;
    const std::string w = lower(word);
    for (std::size_t i = 0; i < names.size(); ++i)
        if (w.compare(0, 3, names[i]) == 0) return static_cast<int>(i) + 1;
    return 0;
}

// DT: 2017.03.19, 2017/03/19 12:34:56 UT, 2008-01-20T15:04:05+01:00, 19.03.2017 (when the
// day is > 12), "August 1, 2001", "Sun Mar 16 12:34:56 GMT+01:00 2003".
std::optional<rewrite> fix_date(std::string_view v) {
    const std::string s = trim(v);
    std::size_t i = 0;
    auto sep = [&](std::size_t at) { return at < s.size() && (s[at] == '.' || s[at] == '/' || s[at] == '-'); };
    if (auto y = digits(s, i, 4, 4); y && sep(i)) {  // year first
        ++i;
        auto m = digits(s, i, 1, 2);
        if (m && sep(i)) {
            ++i;
            if (auto d = digits(s, i, 1, 2); d && (i == s.size() || s[i] == ' ' || s[i] == 'T'))
                return rewrite{iso(*y, *m, *d), trim(s.substr(i)).empty(), {}};
        }
        return std::nullopt;
    }
    i = 0;
    if (auto a = digits(s, i, 1, 2); a && sep(i)) {  // day and month first: only when unambiguous
        ++i;
        auto b = digits(s, i, 1, 2);
        if (!b || !sep(i)) return std::nullopt;
        ++i;
        auto y = digits(s, i, 4, 4);
        if (!y || (i != s.size() && s[i] != ' ')) return std::nullopt;
        const bool day_first = *a > 12 && *b <= 12, month_first = *b > 12 && *a <= 12;
        if (!day_first && !month_first) return std::nullopt;
        return rewrite{day_first ? iso(*y, *b, *a) : iso(*y, *a, *b), trim(s.substr(i)).empty(), {}};
    }
    // Month names: the words of the value.
    int month = 0, day = 0, year = 0, words = 0;
    for (std::size_t k = 0; k < s.size();) {
        std::size_t e = k;
        while (e < s.size() && s[e] != ' ' && s[e] != ',') ++e;
        const std::string_view w = std::string_view(s).substr(k, e - k);
        if (!w.empty()) {
            ++words;
            std::size_t p = 0;
            const auto n = digits(w, p, 1, 4);
            if (n && p == w.size() && w.size() == 4) year = *n;
            else if (n && p == w.size() && w.size() <= 2 && month && !day) day = *n;
            else if (!n && !month) month = month_named(w);
        }
        k = e + 1;
    }
    if (!month || !day || !year) return std::nullopt;
    return rewrite{iso(year, month, day), words == 3 && month_named(s) != 0, {}};
}

// RE: spellings whose meaning is clear (ff4_properties.txt RE).
std::optional<rewrite> fix_result(std::string_view v) {
    const std::string s = trim(v), l = lower(s);
    if (l == "b" || l == "w") return rewrite{std::string(1, static_cast<char>(std::toupper(l[0]))) + "+", true, {}};
    if (l == "draw" || l == "jigo") return rewrite{"Draw", true, {}};
    if (l.size() > 2 && (l[0] == 'b' || l[0] == 'w') && l[1] == '+') {
        const std::string how = trim(l.substr(2));
        const std::string who(1, static_cast<char>(std::toupper(l[0])));
        static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> words = {{
            {"r", "R"}, {"resign", "Resign"}, {"t", "T"}, {"time", "Time"}, {"f", "F"}, {"forfeit", "Forfeit"},
            {"time over", "Time"}, {"timeout", "Time"}, {"time out", "Time"}, {"on time", "Time"},
        }};
        for (const auto& [w, canonical] : words)
            if (how == w) return rewrite{who + "+" + std::string(canonical), true, {}};
        return std::nullopt;
    }
    for (const char* colour : {"white", "black"}) {
        const std::string said = std::string(colour) + " resigns";
        if (l.compare(0, said.size(), said) == 0) {
            const std::string rest = trim(l.substr(said.size()));
            return rewrite{colour[0] == 'w' ? "B+R" : "W+R", rest.empty() || rest == ".", {}};
        }
    }
    // Korean and Chinese "wins by resignation" (Black 흑/黑, White 백/白).
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 4> resign = {{
        {"흑 불계승", "B+R"}, {"백 불계승", "W+R"}, {"黑中盘胜", "B+R"}, {"白中盘胜", "W+R"},
    }};
    for (const auto& [said, re] : resign)
        if (s == said) return rewrite{std::string(re), true, {}};
    return std::nullopt;
}

// Seconds of "[h:]mm:ss", or of a number with a unit ("5m", "2 hours").
std::optional<double> seconds(std::string_view s, std::size_t& i) {
    std::size_t p = i;
    const auto a = digits(s, p, 1, 6);
    if (!a) return std::nullopt;
    if (p < s.size() && s[p] == ':') {
        ++p;
        const auto b = digits(s, p, 2, 2);
        if (!b || *b > 59) return std::nullopt;
        double t = *a * 60.0 + *b;
        if (p < s.size() && s[p] == ':') {
            ++p;
            const auto c = digits(s, p, 2, 2);
            if (!c || *c > 59) return std::nullopt;
            t = t * 60 + *c;
        }
        i = p;
        return t;
    }
    double t = *a;
    if (p + 1 < s.size() && s[p] == '.' && s[p + 1] >= '0' && s[p + 1] <= '9') {
        double scale = 0.1;
        for (++p; p < s.size() && s[p] >= '0' && s[p] <= '9'; ++p, scale /= 10) t += (s[p] - '0') * scale;
    }
    while (p < s.size() && s[p] == ' ') ++p;
    std::size_t e = p;
    while (e < s.size() && std::isalpha(static_cast<unsigned char>(s[e]))) ++e;
    const std::string unit = lower(s.substr(p, e - p));
    static constexpr std::array<std::pair<std::string_view, int>, 13> units = {{
        {"h", 3600}, {"hr", 3600}, {"hrs", 3600}, {"hour", 3600}, {"hours", 3600}, {"m", 60}, {"min", 60},
        {"mins", 60}, {"minute", 60}, {"minutes", 60}, {"s", 1}, {"sec", 1}, {"seconds", 1},
    }};
    for (const auto& [u, factor] : units)
        if (unit == u) {
            i = e;
            return t * factor;
        }
    return std::nullopt;  // a plain number is already right, or unknown
}

std::string number(double t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", t);
    return buf;
}

// TM/BL/WL in seconds; TM's overtime part ("30:00(5x1:00)", "30:00+30:00/25") goes to OT.
std::optional<rewrite> fix_time(std::string_view v, bool with_overtime) {
    const std::string s = trim(v);
    std::size_t i = 0;
    const auto t = seconds(s, i);
    if (!t) return std::nullopt;
    const std::string tail = trim(std::string_view(s).substr(i));
    if (tail.empty()) return rewrite{number(*t), true, {}};
    if (!with_overtime) return std::nullopt;
    if (tail.front() == '(' && tail.back() == ')') return rewrite{number(*t), true, trim(tail.substr(1, tail.size() - 2))};
    if (tail.front() == '+') return rewrite{number(*t), true, trim(tail.substr(1))};
    return rewrite{number(*t), false, {}};
}

// Keeps the original values of props[at] in X + identifier, after it.
void preserve(props_t& props, std::size_t at, const std::vector<std::string>& originals) {
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

std::string shown(const std::vector<std::string>& vs) {
    std::string s;
    for (const auto& v : vs) s += "[" + v + "]";
    return s;
}

// Rewrites each invalid value of `ident` with `f`; notes with `code`.
template <class F>
void rewrite_values(props_t& props, std::string_view ident, std::string_view code, const fix_context& c, F&& f) {
    auto it = find_prop(props, ident);
    if (it == props.end()) return;
    const property_rule* row = c.rule(ident);
    if (!row || it->values.size() != 1 || valid(*row, c, it->values[0])) return;
    const std::string before = it->values[0];
    const auto r = f(decode_simple_text(before));
    if (!r || !valid(*row, c, escape(r->value))) return;
    const std::string_view found = code_of(check_value(*row, c.game, before, c.size).which);
    if (!found.empty()) code = found;  // the checker's code for what was wrong
    it->values[0] = escape(r->value);
    std::string hint = "written " + std::string(ident) + "[" + it->values[0] + "]";
    const std::size_t at = static_cast<std::size_t>(it - props.begin());
    if (!r->overtime.empty()) {
        if (auto ot = find_prop(props, "OT"); ot == props.end()) {
            props.insert(props.begin() + static_cast<std::ptrdiff_t>(at) + 1, fix_prop{"OT", {escape(r->overtime)}, props[at].pos, {props[at].pos}});
            hint += " and OT[" + escape(r->overtime) + "]";
        } else if (ot->values.size() != 1 || decode_simple_text(ot->values[0]) != r->overtime) {
            preserve(props, at, {before});
            hint += "; OT says something else, so the original is kept in X" + std::string(ident);
        }
    } else if (!r->lossless) {
        preserve(props, at, {before});
        hint += "; the rest of the original is kept in X" + std::string(ident) + ": nothing was lost";
    }
    c.note(code, props[at].pos, std::string(ident) + "[" + before + "] is not in the FF[4] format", hint);
}

// SGF2-style aliases in the root (002_*: "TE, KO, RD, GK are aliases for EV, KM, DT, GM in
// SGF2 style"; "TL and LKM and PTM and PDT are aliases for TM and KM and TM and DT"): taken
// when the identifier means nothing else here (unknown, or a value its FF[4] meaning rejects).
void convert_aliases(props_t& props, const fix_context& c) {
    for (const property_alias& a : all_aliases()) {
        if (a.context.substr(0, 9) != "root node") continue;
        auto it = find_prop(props, a.alias);
        if (it == props.end()) continue;
        const property_rule* own = c.rule(a.alias);
        const bool foreign = !own || std::any_of(it->values.begin(), it->values.end(), [&](const std::string& v) { return !valid(*own, c, v); });
        if (!foreign) continue;
        const std::string was = std::string(a.alias) + shown(it->values);
        if (auto target = find_prop(props, a.target); target != props.end()) {
            bool same = target->values.size() == it->values.size();
            for (std::size_t i = 0; same && i < it->values.size(); ++i) same = canonical_raw(target->values[i]) == canonical_raw(it->values[i]);
            if (!same) continue;
            const fix_pos pos = it->pos;
            props.erase(it);
            c.note("W202", pos, was + " in the root: SGF2-style alias of " + std::string(a.target), "removed: " + std::string(a.target) + " says the same (002_*)");
            continue;
        }
        it->ident = a.target;
        c.note("W202", it->pos, was + " in the root: SGF2-style alias of " + std::string(a.target),
               "written " + std::string(a.target) + shown(it->values) + " (002_*)");
    }
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
        for (std::string& v : p.values) {
            if (valid(*row, c, v)) continue;
            const auto parts = split_compose(v);
            if (!parts) {
                if (row->format != value_format::application || v.empty()) continue;
                const std::string fixed = v + ":";
                if (!valid(*row, c, fixed)) continue;
                c.note("E110", p.pos, p.ident + "[" + v + "] has no ':' version", "written " + p.ident + "[" + fixed + "]: the version is empty, the name unchanged");
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
            c.note("E107", p.pos, p.ident + "[" + v + "] has more than one ':'", "the later ':' are part of the text: written " + p.ident + "[" + fixed + "]");
            v = fixed;
        }
    }
}

}  // namespace

void repair_game_info(std::vector<fix_prop>& props, bool top_root, const fix_context& c) {
    if (top_root) convert_aliases(props, c);
    rewrite_values(props, "DT", "E114", c, fix_date);
    rewrite_values(props, "RE", "E113", c, fix_result);
    rewrite_values(props, "TM", "E101", c, [](std::string_view v) { return fix_time(v, true); });
    rewrite_values(props, "BL", "E101", c, [](std::string_view v) { return fix_time(v, false); });
    rewrite_values(props, "WL", "E101", c, [](std::string_view v) { return fix_time(v, false); });
    escape_compose_colons(props, c);
    // HA[0]: no handicap, which a game without HA already says (ff4_go.txt HA '>=2').
    if (auto ha = find_prop(props, "HA"); ha != props.end() && ha->values.size() == 1) {
        const auto n = parse_number(ha->values[0]);
        if (n && *n == 0) {
            c.note("E115", ha->pos, "HA[" + ha->values[0] + "]: no handicap", "removed: a game without HA has no handicap");
            props.erase(ha);
        }
    }
}

}  // namespace sgf::detail
