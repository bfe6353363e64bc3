// The formats of DT, RE, TM/BL/WL and SZ (grammar/value_formats.hpp): the rules are the
// syntax; the actions check what the page adds (a date exists in the Gregorian calendar,
// a month shortcut follows a month, a board side is within the game's limits).
#include "grammar/value_formats.hpp"
#include "values/decode.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace sgf::detail {

namespace {

namespace g = grammar;

constexpr bool leap(unsigned y) noexcept { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
constexpr unsigned days_in(unsigned y, unsigned m) noexcept {
    constexpr unsigned d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : d[m - 1];
}
// The digits of a date item (the rules matched two or four of them).
unsigned two(const char* p) noexcept { return static_cast<unsigned>(number_value(std::string_view(p, 2))); }
unsigned four(const char* p) noexcept { return static_cast<unsigned>(number_value(std::string_view(p, 4))); }

constexpr std::string_view dt_expected =
    "expected YYYY-MM-DD, YYYY-MM or YYYY, further dates after ',' as YYYY-MM-DD, MM-DD, MM or DD "
    "(e.g. 1996-05-06,07,08), no spaces";

using last = decode_state::date_last;

bool month_ok(decode_state& s, const char* at) {
    const unsigned m = two(at);
    if (m >= 1 && m <= 12) return true;
    s.fail(rule::dt_format, at, cat("month ", std::string_view(at, 2), " out of range 01-12; ", dt_expected));
    return false;
}

bool day_ok(decode_state& s, const char* at, std::string_view where) {
    const unsigned d = two(at);
    if (d >= 1 && d <= days_in(s.year, s.month)) return true;
    s.fail(rule::dt_format, at,
           cat("day ", std::string_view(at, 2), " does not exist in ", where, "; ", dt_expected));
    return false;
}

std::string month_name(const decode_state& s) {
    return std::to_string(s.year) + "-" + (s.month < 10 ? "0" : "") + std::to_string(s.month);
}

template <typename Rule>
struct date_action : pegtl::nothing<Rule> {};

template <>
struct date_action<g::date_ymd> {  // YYYY-MM-DD
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        const char* p = in.begin();
        s.year = four(p);
        if (!month_ok(s, p + 5)) return;
        s.month = two(p + 5);
        (void)day_ok(s, p + 8, month_name(s));
        s.date_prev = last::ymd;
    }
};
template <>
struct date_action<g::date_ym> {  // YYYY-MM
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        const char* p = in.begin();
        s.year = four(p);
        if (!month_ok(s, p + 5)) return;
        s.month = two(p + 5);
        s.date_prev = last::ym;
    }
};
template <>
struct date_action<g::date_y> {  // YYYY
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        s.year = four(in.begin());
        s.month = 0;
        s.date_prev = last::y;
    }
};
template <>
struct date_action<g::date_md> {  // MM-DD after a month or a day
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        const char* p = in.begin();
        if (s.date_prev == last::nothing || s.date_prev == last::y) {
            s.fail(rule::dt_format, p,
                   cat("'", std::string_view(in.begin(), in.size()),
                       "' (MM-DD) needs a preceding YYYY-MM-DD, YYYY-MM, MM-DD, MM or DD; ", dt_expected));
            return;
        }
        if (!month_ok(s, p)) return;
        s.month = two(p);
        (void)day_ok(s, p + 3, month_name(s));
        s.date_prev = last::md;
    }
};
template <>
struct date_action<g::date_m_or_d> {  // MM after YYYY-MM or MM; DD after YYYY-MM-DD, MM-DD or DD
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        const char* p = in.begin();
        if (s.date_prev == last::ym || s.date_prev == last::m) {
            if (!month_ok(s, p)) return;
            s.month = two(p);
            s.date_prev = last::m;
        } else if (s.date_prev == last::ymd || s.date_prev == last::md || s.date_prev == last::d) {
            (void)day_ok(s, p, month_name(s));
            s.date_prev = last::d;
        } else {
            s.fail(rule::dt_format, p,
                   cat("'", std::string_view(in.begin(), in.size()), "' (MM or DD) needs a preceding month or day; ",
                       dt_expected));
        }
    }
};

decoded_value finish(decode_state& s, typed_value v) {
    decoded_value d;
    d.error = std::move(s.error);
    d.value = std::move(v);
    return d;
}

// RE: which rule a mismatch is (Jigo is 002_* usage, graded apart).
template <typename Rule>
struct result_action : pegtl::nothing<Rule> {};

template <typename Rule>
struct time_action : pegtl::nothing<Rule> {};
template <>
struct time_action<g::real> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        s.value = real_value(std::string_view(in.begin(), in.size()));
    }
};
// 002_* "time": s, m or h after the number. The value is still the number of seconds.
template <>
struct time_action<g::time_unit> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        if (auto* v = boost::variant2::get_if<real>(&s.value)) *v *= *in.begin() == 'h' ? 3600 : *in.begin() == 'm' ? 60 : 1;
        s.fail(rule::time_units, in.begin(), "time with a unit letter (002_*); TM, BL and WL take a real number (of seconds since FF[4])");
    }
};

template <typename Rule>
struct size_action : pegtl::nothing<Rule> {};
template <>
struct size_action<g::size_side> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        // A Number (SZ[+19] is 19); a negative side is 0 (size_range); a side of more than 9
        // digits (sign and leading zeros aside) is kept as 0xffffffff, which decode_size
        // reports as beyond sgfcheck's limit.
        const std::string_view text(in.begin(), in.size());
        const std::int64_t v = number_value(text);
        const std::size_t sign = text.front() == '+' || text.front() == '-' ? 1 : 0;
        const std::size_t first = std::min(text.find_first_not_of('0', sign), text.size() - 1);
        const bool too_long = text.size() - first > 9;
        s.points.push_back({too_long ? 0xffffffffu : static_cast<std::uint32_t>(std::max<std::int64_t>(v, 0)), 0});
    }
};

}  // namespace

decoded_value decode_date(std::string_view raw, std::string_view ident) {
    const value_text t(raw, 0);
    decode_state s;
    s.ident = ident;
    s.raw = raw;
    if (t.view().empty()) {
        s.text = &t;
        s.fail(rule::dt_format, t.view().data(), cat("empty date; ", dt_expected));
        return finish(s, {});
    }
    // Syntax errors of a date are dt_format too: the page makes the format MANDATORY.
    if (!run_rule<g::date_list, date_action>(t, s, dt_expected.substr(9)) && s.error &&
        s.error->which == rule::value_syntax)
        s.error->which = rule::dt_format;
    return finish(s, {});  // the value is the row's (the caller's) typed text
}

decoded_value decode_result(std::string_view raw, std::string_view ident, value_format style) {
    const value_text t(raw, 0);
    decode_state s;
    s.ident = ident;
    s.raw = raw;
    bool ok = false;
    std::string_view expected;
    switch (style) {
        case value_format::result_hex:
            expected = "B+ or W+, optionally followed by R, Resign, T, Time, F or Forfeit; Void; or ? (001_*: no score, no draw)";
            ok = run_rule<g::result_hex, result_action>(t, s, expected);
            break;
        case value_format::result_backgammon:
            expected = "0, Draw, B+ or W+ followed by points (B+6R, W+2Resign, W+4) or R, Resign, T, Time, F, Forfeit; Void; or ?";
            ok = run_rule<g::result_backgammon, result_action>(t, s, expected);
            break;
        default:
            expected = "0 or Draw, B+ or W+ followed by a score (real), R, Resign, T, Time, F or Forfeit (or nothing), Void, or ?";
            ok = run_rule<g::result, result_action>(t, s, expected);
            break;
    }
    if (!ok && s.error && s.error->which == rule::value_syntax) {
        if (style == value_format::result && t.view() == "Jigo") {
            s.error->which = rule::re_jigo;
            s.error->at = 0;
            s.error->message = value_message(ident, raw, "a draw is written 0 or Draw (Jigo is 002_* usage)");
        } else {
            s.error->which = rule::re_format;
        }
    }
    return finish(s, {});  // the value is the row's (the caller's) typed text
}

decoded_value decode_time(std::string_view raw, std::string_view ident) {
    const value_text t(raw, 0);
    decode_state s;
    s.ident = ident;
    s.raw = raw;
    (void)run_rule<g::time_value, time_action>(t, s, "a real number of seconds: [+|-] digits [. digits]");
    return finish(s, std::move(s.value));
}

std::optional<board_size> read_size(std::string_view text) {
    const value_text t(text, 0);
    decode_state s;
    if (!run_rule<g::size_value, size_action>(t, s, "a board size")) return std::nullopt;
    return board_size{s.points.front().column, s.points.back().column};
}

namespace {
// A side of more than 9 digits (size_action).
constexpr std::uint32_t max_board_side = 0xffffffffu;

// The sides game gr allows: [lo, hi], hi 0 for no upper bound.
std::pair<std::uint32_t, std::uint32_t> side_bounds(const game_rule* gr) noexcept {
    return {gr == nullptr || gr->min_side == 0 ? 1u : gr->min_side, gr == nullptr ? 0u : gr->max_side};
}
}  // namespace

rule size_problem(const game_rule* gr, board_size size) noexcept {
    const auto [lo, hi] = side_bounds(gr);
    if (size.columns < lo || size.rows < lo || (hi != 0 && (size.columns > hi || size.rows > hi))) return rule::size_range;
    if (size.columns == max_board_side || size.rows == max_board_side) return rule::size_limit;
    return rule::none;
}

decoded_value decode_size(const game_rule* gr, std::string_view raw, std::string_view ident) {
    const value_text t(raw, 0);
    decode_state s;
    s.ident = ident;
    s.raw = raw;
    if (!run_rule<g::size_value, size_action>(t, s, "a board size: number, or columns ':' rows")) return finish(s, {});
    const bool composed = s.points.size() == 2;
    const board_size size{s.points.front().column, s.points.back().column};
    const rule problem = size_problem(gr, size);
    if (problem == rule::size_range) {
        const auto [lo, hi] = side_bounds(gr);
        std::string what = "board sides must be ";
        what += hi != 0 ? std::to_string(lo) + " to " + std::to_string(hi) : "at least " + std::to_string(lo);
        if (gr != nullptr) what += " in " + game_text(*gr);
        s.fail(rule::size_range, t.view().data(), what);
        return finish(s, {});
    }
    if (problem == rule::size_limit) {
        s.fail(rule::size_limit, t.view().data(),
               "a board side of more than 9 digits is beyond what sgfcheck handles (an implementation limit, not the "
               "spec's: boards may be arbitrarily large); points are not checked against it");
        return finish(s, {});
    }
    if (composed && size.columns == size.rows) {
        s.fail(rule::sz_square_compose, t.view().data(),
               "square board written as a compose: write SZ[" + std::to_string(size.columns) + "]");
        return finish(s, {});
    }
    if (!composed) return finish(s, number{size.columns});
    compose c;
    c.parts.emplace_back(number{size.columns});
    c.parts.emplace_back(number{size.rows});
    return finish(s, std::move(c));
}

// ff4_properties.txt RU: "SGF requires mandatory names only for a small set of well known
// rule sets ... Mandatory names for Go (GM[1])": any other name is free; one of these four
// written otherwise ("japanese", "AGA rules", "New Zealand") is reported.
std::optional<std::string_view> mandatory_rule_set(std::string_view raw) {
    std::string key;  // letters only, lowercase, without a trailing "rules"
    for (const char ch : raw)
        if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) key += static_cast<char>(ch | 0x20);
    if (key.size() > 5 && key.ends_with("rules")) key.resize(key.size() - 5);
    static constexpr std::pair<std::string_view, std::string_view> names[] = {
        {"aga", "AGA"}, {"american", "AGA"},   {"goe", "GOE"},  {"ing", "GOE"},
        {"japanese", "Japanese"}, {"japan", "Japanese"}, {"nihonkiin", "Japanese"},
        {"nz", "NZ"}, {"newzealand", "NZ"}};
    for (const auto& [k, name] : names)
        if (key == k) return name;
    return std::nullopt;
}

void check_rule_set(decoded_value& d, std::string_view ident, std::string_view raw, const decode_options& o) {
    if (o.game == nullptr || o.game->gm != 1) return;
    if (const auto name = mandatory_rule_set(raw); name && raw != *name)
        fail(d, rule::rule_set_name, 0, ident, raw,
             cat("the ", *name, " rule set has the mandatory name ", *name, " (ff4_properties.txt RU: 'Mandatory names for Go')"));
}

}  // namespace sgf::detail
