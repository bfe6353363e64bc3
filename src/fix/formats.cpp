// fix: FF[4] forms of game-info and setup values (src/fix/formats.hpp lists them). A value
// is rewritten only when its meaning is clear; where the FF[4] form says less than the
// original, or the conversion follows a convention (PL[1] -> B), `lossless` is false and
// the caller keeps the original spelling.
#include "fix/formats.hpp"

#include "values/readers.hpp"
#include "values/decode.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

namespace sgf::detail {

namespace {

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

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Where the run of at most `max` digits at s[at] ends.
std::size_t digits_end(std::string_view s, std::size_t at, std::size_t max) {
    std::size_t e = at;
    while (e < s.size() && e - at < max && is_digit(s[e])) ++e;
    return e;
}

// Reads digits at s[i]; at least `min`, at most `max` of them (the one number parser reads
// them: src/values, sgf::parse_number).
std::optional<int> digits(std::string_view s, std::size_t& i, std::size_t min, std::size_t max) {
    const std::size_t e = digits_end(s, i, max);
    if (e - i < min || e == i) return std::nullopt;
    const auto n = parse_number(s.substr(i, e - i));
    if (!n || *n > std::numeric_limits<int>::max()) return std::nullopt;
    i = e;
    return static_cast<int>(*n);
}

std::string number(double t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", t);
    return buf;
}

// An amount at s[i], read by the one real and number parsers (sgf::parse_real,
// sgf::parse_number) after these pre-normalisations of spellings FF[4] does not allow:
//   a decimal comma      "6,5"  -> Real "6.5"
//   a trailing point     "34."  -> Real "34"   (before a space or the end: SGFC's BL[34.])
//   a fraction           "5 1/2", "1/2" -> whole + Number / Number (up to two digits each)
//   a fraction glyph     "5½", "5¼", "5¾" -> whole + 1/2, 1/4, 3/4
// Up to 12 digits before and after the point. Sets i past the amount.
std::optional<double> amount(std::string_view s, std::size_t& i) {
    std::size_t p = i;
    double v = 0;
    const std::size_t whole_end = digits_end(s, p, 12);
    bool any = whole_end > p;
    if (any) {
        std::string real(s.substr(p, whole_end - p));
        p = whole_end;
        if (p < s.size() && (s[p] == '.' || s[p] == ',')) {
            const std::size_t q = digits_end(s, p + 1, 11);
            if (q > p + 1) {  // a decimal point or comma
                real += '.';
                real += s.substr(p + 1, q - p - 1);
                p = q;
            } else if (s[p] == '.' && (q == s.size() || s[q] == ' ')) {
                p = q;  // "34.": a trailing point
            }
        }
        const auto r = parse_real(real);
        if (!r) return std::nullopt;
        v = *r;
    }
    // A fraction, after the whole part and a space or alone: "5 1/2", "1/2".
    auto fraction = [&](std::size_t at) -> std::optional<std::pair<double, std::size_t>> {
        std::size_t q = at;
        const auto n = digits(s, q, 1, 2);
        if (!n || q >= s.size() || s[q] != '/') return std::nullopt;
        ++q;
        const auto d = digits(s, q, 1, 2);
        if (!d || *d == 0 || *n >= *d) return std::nullopt;
        return std::pair{static_cast<double>(*n) / *d, q};
    };
    if (any && p + 1 < s.size() && s[p] == ' ') {
        if (const auto f = fraction(p + 1)) {
            v += f->first;
            p = f->second;
        }
    } else if (!any) {
        if (const auto f = fraction(p)) {
            v = f->first;
            p = f->second;
            any = true;
        }
    }
    static constexpr std::array<std::pair<std::string_view, double>, 3> glyphs = {{{"½", 0.5}, {"¼", 0.25}, {"¾", 0.75}}};
    for (const auto& [g, f] : glyphs)
        if (s.substr(p, g.size()) == g) {
            v += f;
            p += g.size();
            any = true;
            break;
        }
    if (!any) return std::nullopt;
    i = p;
    return v;
}

// A whole value that is an amount, optionally followed by one of `units` (ignored).
std::optional<double> amount_only(std::string_view s, std::initializer_list<std::string_view> units = {}) {
    std::size_t i = 0;
    const bool negative = !s.empty() && s[0] == '-';
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) i = 1;
    const auto v = amount(s, i);
    if (!v) return std::nullopt;
    const std::string rest = lower(trim(s.substr(i)));
    if (!rest.empty() && std::find(units.begin(), units.end(), rest) == units.end()) return std::nullopt;
    return negative ? -*v : *v;
}

std::string iso(int y, int m, int d) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", y, m, d);
    return buf;
}

bool plausible(int y, int m, int d) { return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= 31; }

// The year of a date fix cannot read whole: the value's only run of exactly four digits.
std::optional<rewrite> year_only(std::string_view s) {
    std::optional<int> year;
    for (std::size_t i = 0; i < s.size();) {
        if (!is_digit(s[i])) {
            ++i;
            continue;
        }
        const std::size_t e = digits_end(s, i, s.size());
        if (e - i == 4) {
            if (year) return std::nullopt;  // two candidates
            year = digits(s, i, 4, 4);
        }
        i = e;
    }
    if (!year || *year < 1000) return std::nullopt;
    return rewrite{std::to_string(*year), false, {}, false};
}

// A month named in English, German, Dutch or French, in full or by a prefix of at least three
// letters ("mar", "march", "Okt", "juin"), or 0.
int month_word(std::string_view word) {
    static constexpr std::array<std::array<std::string_view, 4>, 12> names = {{
        {"january", "januar", "januari", "janvier"}, {"february", "februar", "februari", "fevrier"},
        {"march", "maerz", "maart", "mars"},         {"april", "april", "april", "avril"},
        {"may", "mai", "mei", "mai"},                {"june", "juni", "juni", "juin"},
        {"july", "juli", "juli", "juillet"},         {"august", "august", "augustus", "aout"},
        {"september", "september", "september", "septembre"}, {"october", "oktober", "oktober", "octobre"},
        {"november", "november", "november", "novembre"},      {"december", "dezember", "december", "decembre"},
    }};
    std::string w = lower(word);
    if (w == "m\xC3\xA4rz" || w == "m\xC3\xA4r") w = "maerz";
    if (w.size() < 3 || w.find_first_not_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos) return 0;
    for (std::size_t m = 0; m < names.size(); ++m)
        for (const std::string_view n : names[m])
            if (n.substr(0, w.size()) == w) return static_cast<int>(m) + 1;
    return 0;
}

// A date in words, as SGFC reads one (its CorrectDate): a month name, one or two days
// ("12th", "12th and 13th"), and a year of four digits or of two (94: 1994, a guess). Words
// that say something else (a weekday, a time of day) are left out of the FF[4] form; then,
// as for a guessed year, the original is kept in X + identifier.
std::optional<rewrite> date_in_words(std::string_view s) {
    int month = 0, year = 0;
    std::vector<int> days;
    bool guessed = false, other = false;
    for (std::size_t k = 0; k <= s.size();) {
        std::size_t e = k;
        while (e < s.size() && s[e] != ' ' && s[e] != ',' && s[e] != '.' && s[e] != '/') ++e;
        std::string_view w = s.substr(k, e - k);
        k = e + 1;
        if (w.empty()) continue;
        const std::size_t digits_at_end = digits_end(w, 0, w.size());
        const std::string suffix = lower(w.substr(digits_at_end));
        if (digits_at_end > 0 && (suffix.empty() || suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th")) {
            std::size_t p = 0;
            const auto n = digits(w, p, 1, 4);
            if (!n) return year_only(s);
            if (digits_at_end == 4 && suffix.empty()) {
                if (year) return year_only(s);
                year = *n;
            } else if (digits_at_end <= 2 && *n >= 1 && *n <= 31 && days.size() < 2) {
                days.push_back(*n);
            } else if (digits_at_end == 2 && suffix.empty() && !year) {
                year = 1900 + *n;  // SGFC: "only two digits? -> 20th century"
                guessed = true;
            } else {
                return year_only(s);
            }
            continue;
        }
        const std::string l = lower(w);
        if (l == "and" || l == "&" || l == "of" || l == "the" || l == "-" || l == "et" || l == "und" || l == "en") continue;
        if (const int m = month_word(w)) {
            if (month && month != m) return year_only(s);  // two months
            month = m;
            continue;
        }
        other = true;
    }
    // Two numbers of at most two digits and no year: the second one is the year ("March 5 94").
    if (!year && days.size() == 2 && days[1] > 0) return year_only(s);
    if (!month || !year || (days.size() == 2 && days[0] >= days[1])) return year_only(s);
    for (const int d : days)
        if (!plausible(year, month, d)) return year_only(s);
    std::string value = days.empty() ? iso(year, month, 1).substr(0, 7) : iso(year, month, days[0]);
    if (days.size() == 2) value += "," + iso(year, month, days[1]).substr(8);
    return rewrite{value, !guessed && !other, {}, false};
}

std::optional<rewrite> fix_date(std::string_view v) {
    const std::string s = trim(v);
    std::size_t i = 0;
    auto sep = [&](std::size_t at) { return at < s.size() && (s[at] == '.' || s[at] == '/' || s[at] == '-'); };
    if (auto y = digits(s, i, 4, 4); y && sep(i)) {  // year first
        ++i;
        auto m = digits(s, i, 1, 2);
        if (m && sep(i)) {
            ++i;
            if (auto d = digits(s, i, 1, 2); d && plausible(*y, *m, *d) && (i == s.size() || s[i] == ' ' || s[i] == 'T'))
                return rewrite{iso(*y, *m, *d), trim(s.substr(i)).empty(), {}, false};
        }
        return year_only(s);
    }
    i = 0;
    if (auto n = digits(s, i, 8, 8); n && i == s.size()) {  // 20170319
        const int y = *n / 10000, m = *n / 100 % 100, d = *n % 100;
        if (plausible(y, m, d) && y >= 1000) return rewrite{iso(y, m, d), true, {}, false};
        return std::nullopt;
    }
    i = 0;
    if (auto y = digits(s, i, 4, 4); y && starts_with(std::string_view(s).substr(i), "年")) {  // 2001年8月1日
        i += std::string_view("年").size();
        const auto m = digits(s, i, 1, 2);
        if (m && starts_with(std::string_view(s).substr(i), "月")) {
            i += std::string_view("月").size();
            const auto d = digits(s, i, 1, 2);
            if (d && plausible(*y, *m, *d) && starts_with(std::string_view(s).substr(i), "日"))
                return rewrite{iso(*y, *m, *d), i + std::string_view("日").size() == s.size(), {}, false};
        }
        return year_only(s);
    }
    i = 0;
    if (auto a = digits(s, i, 1, 2); a && sep(i)) {  // day and month first: only when unambiguous
        ++i;
        auto b = digits(s, i, 1, 2);
        if (!b || !sep(i)) return year_only(s);
        ++i;
        auto y = digits(s, i, 4, 4);
        if (!y || (i != s.size() && s[i] != ' ')) return year_only(s);
        const bool day_first = *a > 12 && *b <= 12, month_first = *b > 12 && *a <= 12;
        if (!day_first && !month_first) return year_only(s);  // 01.08.2001: which is the month?
        const int m = day_first ? *b : *a, d = day_first ? *a : *b;
        if (!plausible(*y, m, d)) return year_only(s);
        return rewrite{iso(*y, m, d), trim(s.substr(i)).empty(), {}, false};
    }
    return date_in_words(s);
}

// The score or reason after "B+" / "W+", as FF[4] writes it, or nullopt.
std::optional<std::string> win_by(std::string_view how) {
    const std::string l = lower(trim(how));
    if (l.empty()) return std::string();
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 16> words = {{
        {"r", "R"}, {"resign", "Resign"}, {"resigns", "Resign"}, {"resignation", "Resign"}, {"res", "R"},
        {"t", "T"}, {"time", "Time"}, {"time over", "Time"}, {"timeout", "Time"}, {"time out", "Time"},
        {"on time", "Time"}, {"f", "F"}, {"forfeit", "Forfeit"}, {"by resignation", "R"}, {"by time", "T"},
        {"by forfeit", "F"},
    }};
    for (const auto& [w, canonical] : words)
        if (l == w) return std::string(canonical);
    std::string_view rest = l;
    if (starts_with(rest, "by ")) rest.remove_prefix(3);
    if (const auto score = amount_only(rest, {"point", "points", "pts", "pt", "目", "moku"}); score && *score >= 0)
        return number(*score);
    return std::nullopt;
}

std::optional<rewrite> fix_result(std::string_view v) {
    const std::string s = trim(v), l = lower(s);
    if (l == "b" || l == "w") return rewrite{std::string(1, static_cast<char>(std::toupper(l[0]))) + "+", true, {}, false};
    if (l == "draw" || l == "jigo" || l == "tie") return rewrite{"Draw", true, {}, false};
    if (l == "void" || l == "no result") return rewrite{"Void", true, {}, false};
    if (l == "unknown") return rewrite{"?", true, {}, false};
    if (l.find("adjourn") != std::string::npos || l.find("suspend") != std::string::npos)
        return rewrite{"Void", false, {}, false};  // ff4_properties.txt RE: "Void: no result or suspended play"
    if (l.size() >= 2 && (l[0] == 'b' || l[0] == 'w') && l[1] == '+') {
        const std::string who(1, static_cast<char>(std::toupper(l[0])));
        if (const auto how = win_by(std::string_view(s).substr(2))) return rewrite{who + "+" + *how, true, {}, false};
        // B+Illegal, W+J, B+AW: the winner is certain, the reason is no FF[4] word.
        return rewrite{who + "+", false, {}, false};
    }
    for (const char* colour : {"black", "white"}) {
        const std::string_view c(colour);
        if (!starts_with(l, c)) continue;
        const char who = static_cast<char>(std::toupper(c[0]));
        const char other = who == 'B' ? 'W' : 'B';
        std::string_view rest = std::string_view(l).substr(c.size());
        while (!rest.empty() && (rest.front() == ' ' || rest.front() == ':')) rest.remove_prefix(1);
        if (!rest.empty() && rest.back() == '.') rest.remove_suffix(1);
        for (std::string_view r : {"resigns", "resigned", "resign"})
            if (starts_with(rest, r)) return rewrite{std::string(1, other) + "+R", rest == r, {}, false};
        for (std::string_view w : {"wins", "won", "win"})
            if (starts_with(rest, w)) {
                const std::string_view how = rest.substr(w.size());
                if (const auto by = win_by(how)) return rewrite{std::string(1, who) + "+" + *by, true, {}, false};
                return rewrite{std::string(1, who) + "+", false, {}, false};
            }
    }
    // Chinese, Japanese and Korean "black/white wins" (黑/黒/흑, 白/백; 胜/勝/승, 负/負/패 loses);
    // resignation 中盘/中盤/中押/불계.
    struct word {
        std::string_view text;
        char value;
    };
    static constexpr std::array<word, 5> colours = {{{"黑", 'B'}, {"黒", 'B'}, {"흑", 'B'}, {"白", 'W'}, {"백", 'W'}}};
    static constexpr std::array<word, 6> outcomes = {{{"胜", '+'}, {"勝", '+'}, {"승", '+'}, {"负", '-'}, {"負", '-'}, {"패", '-'}}};
    char who = 0, outcome = 0;
    std::size_t colour_words = 0, outcome_words = 0;
    for (const auto& c : colours)
        if (s.find(c.text) != std::string::npos) {
            who = c.value;
            ++colour_words;
        }
    for (const auto& o : outcomes)
        if (s.find(o.text) != std::string::npos) {
            outcome = o.value;
            ++outcome_words;
        }
    if (colour_words == 1 && outcome_words == 1) {
        const char winner = outcome == '+' ? who : (who == 'B' ? 'W' : 'B');
        const bool resigned = s.find("中盘") != std::string::npos || s.find("中盤") != std::string::npos ||
                              s.find("中押") != std::string::npos || s.find("불계") != std::string::npos;
        static constexpr std::array<std::string_view, 6> exact = {"黑中盘胜", "白中盘胜", "흑 불계승", "백 불계승", "黒中押し勝ち", "白中押し勝ち"};
        const bool known = std::find(exact.begin(), exact.end(), std::string_view(s)) != exact.end();
        return rewrite{std::string(1, winner) + (resigned ? "+R" : "+"), known, {}, false};
    }
    return std::nullopt;
}

// Seconds of "[h:]mm:ss", or of a number with a unit ("5m", "2 hours"), or of a number
// spelled "34." or "6,5".
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
    p = i;
    const auto t = amount(s, p);
    if (!t) return std::nullopt;
    const bool plain_number = p > i && s.substr(i, p - i).find_first_of(".,/") == std::string_view::npos &&
                              s.substr(i, p - i).find("\xC2") == std::string_view::npos;
    std::size_t q = p;
    while (q < s.size() && s[q] == ' ') ++q;
    std::size_t e = q;
    while (e < s.size() && std::isalpha(static_cast<unsigned char>(s[e]))) ++e;
    const std::string unit = lower(s.substr(q, e - q));
    static constexpr std::array<std::pair<std::string_view, int>, 15> units = {{
        {"h", 3600}, {"hr", 3600}, {"hrs", 3600}, {"hour", 3600}, {"hours", 3600}, {"m", 60}, {"min", 60},
        {"mins", 60}, {"minute", 60}, {"minutes", 60}, {"s", 1}, {"sec", 1}, {"secs", 1}, {"second", 1}, {"seconds", 1},
    }};
    for (const auto& [u, factor] : units)
        if (unit == u) {
            i = e;
            return *t * factor;
        }
    if (plain_number || !unit.empty()) return std::nullopt;  // a plain number is already right, or unknown
    i = p;
    return *t;  // "34.", "6,5"
}

// TM/BL/WL in seconds; TM's overtime part ("30:00(5x1:00)", "30:00+30:00/25") goes to OT.
std::optional<rewrite> fix_time(std::string_view v, bool with_overtime) {
    const std::string s = trim(v);
    if (with_overtime && (s == "-" || s == "--" || s == "?" || lower(s) == "none" || lower(s) == "unknown"))
        return rewrite{{}, false, {}, true};  // no time given: '-' may mean none or unknown
    std::size_t i = 0;
    const auto t = seconds(s, i);
    if (!t) return std::nullopt;
    const std::string tail = trim(std::string_view(s).substr(i));
    if (tail.empty()) return rewrite{number(*t), true, {}, false};
    if (!with_overtime) return std::nullopt;
    if (tail.front() == '(' && tail.back() == ')') return rewrite{number(*t), true, trim(tail.substr(1, tail.size() - 2)), false};
    if (tail.front() == '+') return rewrite{number(*t), true, trim(tail.substr(1)), false};
    return rewrite{number(*t), false, {}, false};
}

std::optional<rewrite> fix_komi(std::string_view v) {
    const auto k = amount_only(trim(v), {"point", "points", "pts", "pt", "目", "moku"});
    if (!k) return std::nullopt;
    return rewrite{number(*k), true, {}, false};
}

std::optional<rewrite> fix_colour(std::string_view v) {
    const std::string l = lower(trim(v));
    if (l == "b" || l == "black" || l == "黑" || l == "黒" || l == "흑") return rewrite{"B", true, {}, false};
    if (l == "w" || l == "white" || l == "白" || l == "백") return rewrite{"W", true, {}, false};
    // Colours as numbers (1 Black, 2 White: the order of play; SGFC reads them so).
    if (l == "1") return rewrite{"B", false, {}, false};
    if (l == "2") return rewrite{"W", false, {}, false};
    // A colour and more words (SGFC: PL[w 123] -> PL[W]): the colour, the original kept.
    const std::size_t space = l.find(' ');
    if (space != std::string::npos) {
        const auto first = fix_colour(l.substr(0, space));
        if (first && first->lossless) return rewrite{first->value, false, {}, false};
    }
    return std::nullopt;
}

std::optional<rewrite> fix_whole_number(std::string_view v) {
    const std::string t = trim(v);
    auto whole = [](std::optional<double> n) { return n && *n == std::floor(*n) && std::fabs(*n) <= 1e9; };
    if (const auto n = amount_only(t); whole(n)) return rewrite{number(*n), true, {}, false};
    // A number and more words (SGFC: OB[1 kk] -> OB[1]): the number, the original kept.
    const std::size_t space = t.find(' ');
    if (space == std::string::npos) return std::nullopt;
    const auto n = amount_only(std::string_view(t).substr(0, space));
    if (!whole(n)) return std::nullopt;
    return rewrite{number(*n), false, {}, false};
}

std::optional<rewrite> fix_rule_set(std::string_view v) {
    const auto name = mandatory_rule_set(v);
    if (!name) return std::nullopt;
    return rewrite{std::string(*name), true, {}, false};
}

}  // namespace

std::optional<std::string> square_size_form(std::string_view raw) {
    const auto cp = split_compose(raw);
    if (!cp) return std::nullopt;
    const auto a = parse_number(cp->first), b = parse_number(cp->second);
    if (!a || !b || *a != *b) return std::nullopt;
    return std::string(cp->first);
}

std::optional<rewrite> ff4_form(std::string_view ident, std::string_view text) {
    if (ident == "DT") return fix_date(text);
    if (ident == "RE") return fix_result(text);
    if (ident == "TM") return fix_time(text, true);
    if (ident == "BL" || ident == "WL") return fix_time(text, false);
    if (ident == "KM") return fix_komi(text);
    if (ident == "PL") return fix_colour(text);
    if (ident == "HA" || ident == "OB" || ident == "OW") return fix_whole_number(text);
    if (ident == "RU") return fix_rule_set(text);
    return std::nullopt;
}

}  // namespace sgf::detail
