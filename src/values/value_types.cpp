// Value-type validators: hand-written scanners over the raw value (no regex; no allocation
// unless the value contains a '\' or is wrong). Each failure names the property, the value
// and the expected format, and is tagged with the rule a profile can tune.
#include "sgf/value_types.hpp"
#include "sgf/value.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace sgf {

namespace {

constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_lower(char c) noexcept { return c >= 'a' && c <= 'z'; }
constexpr bool is_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr char to_lower(char c) noexcept { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequal(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (to_lower(a[i]) != to_lower(b[i])) return false;
    return true;
}

constexpr bool all_digits(std::string_view t) noexcept {
    if (t.empty()) return false;
    for (const char c : t)
        if (!is_digit(c)) return false;
    return true;
}

// Calls f(word) for each word of a '|' separated list until f returns true.
template <class F>
bool any_word(std::string_view list, F&& f) {
    while (!list.empty()) {
        const auto bar = list.find('|');
        const auto word = list.substr(0, bar);
        if (f(word)) return true;
        if (bar == std::string_view::npos) break;
        list.remove_prefix(bar + 1);
    }
    return false;
}

// "a|b|c" -> "a, b, c" (messages only)
std::string words_text(std::string_view list) {
    std::string out;
    any_word(list, [&](std::string_view w) {
        if (!out.empty()) out += ", ";
        out += w;
        return false;
    });
    return out;
}

bool in_list(std::string_view list, std::string_view word, bool case_insensitive) {
    return any_word(list, [&](std::string_view w) { return case_insensitive ? iequal(w, word) : w == word; });
}

// The value after escape processing: "\x" -> "x", soft line breaks removed (ff4_sgf.txt
// 3.2). A view of the raw text when there is nothing to process (the common case).
class unescaped {
public:
    explicit unescaped(std::string_view raw) {
        if (raw.find('\\') == std::string_view::npos) {
            view_ = raw;
            return;
        }
        storage_ = unescape(raw);
        view_ = storage_;
    }
    unescaped(const unescaped&) = delete;
    unescaped& operator=(const unescaped&) = delete;
    [[nodiscard]] std::string_view view() const noexcept { return view_; }

private:
    std::string storage_;
    std::string_view view_;
};

std::string clip(std::string_view raw) {
    constexpr std::size_t max = 40;
    if (raw.size() <= max) return std::string(raw);
    std::string s(raw.substr(0, max - 3));
    s += "...";
    return s;
}

value_check finding(rule r, std::string_view ident, std::string_view raw, std::string_view what) {
    value_check c;
    c.which = r;
    c.message.reserve(ident.size() + raw.size() + what.size() + 4);
    c.message += ident;
    c.message += '[';
    c.message += clip(raw);
    c.message += "]: ";
    c.message += what;
    return c;
}

std::string size_text(board_size s) { return std::to_string(s.columns) + "x" + std::to_string(s.rows); }

std::string game_text(const game_rule& g) { return "GM[" + std::to_string(g.gm) + "] (" + std::string(g.name) + ")"; }

// ------------------------------------------------------------------------- points

// Go letter: a-z = 1-26, A-Z = 27-52 (ff4_go.txt); 0 = not a coordinate.
constexpr std::uint32_t go_coordinate(char c) noexcept {
    if (is_lower(c)) return static_cast<std::uint32_t>(c - 'a' + 1);
    if (is_upper(c)) return static_cast<std::uint32_t>(c - 'A' + 27);
    return 0;
}

// A point at the start of `t`; `used` gets its length. Column letters of the
// letters_number syntax are base-26 alphabet numbers: a=1 .. z=26, aa=27, ab=28 ...
std::optional<board_point> point_prefix(const game_rule& g, std::string_view t, std::size_t& used) noexcept {
    switch (g.point) {
        case point_syntax::letter_pair: {
            if (t.size() < 2) return std::nullopt;
            const auto c = go_coordinate(t[0]);
            const auto r = go_coordinate(t[1]);
            if (c == 0 || r == 0) return std::nullopt;
            used = 2;
            return board_point{c, r};
        }
        case point_syntax::single_letter:
            if (t.empty() || !is_lower(t[0])) return std::nullopt;
            used = 1;
            return board_point{static_cast<std::uint32_t>(t[0] - 'a' + 1), 1};
        case point_syntax::digit_pair:
            if (t.size() < 2 || t[0] < '1' || t[0] > '9' || t[1] < '1' || t[1] > '9') return std::nullopt;
            used = 2;
            return board_point{static_cast<std::uint32_t>(t[0] - '0'), static_cast<std::uint32_t>(t[1] - '0')};
        case point_syntax::letters_number: {
            // 6 letters already name 321 million columns: a sane cap that cannot overflow
            const std::size_t max_letters = g.max_column_letters == 0 ? 6 : g.max_column_letters;
            std::size_t i = 0;
            std::uint64_t column = 0;
            while (i < t.size() && i < max_letters + 1) {
                const char c = g.case_insensitive ? to_lower(t[i]) : t[i];
                if (!is_lower(c)) break;
                column = column * 26 + static_cast<std::uint64_t>(c - 'a' + 1);
                ++i;
            }
            if (i == 0 || i > max_letters) return std::nullopt;
            const std::size_t digits_at = i;
            std::uint64_t row = 0;
            while (i < t.size() && is_digit(t[i]) && i - digits_at < 9) row = row * 10 + static_cast<std::uint64_t>(t[i++] - '0');
            if (i == digits_at || t[digits_at] == '0') return std::nullopt;  // no digits, or a leading zero
            if (i < t.size() && is_digit(t[i])) return std::nullopt;         // more than 9 digits
            used = i;
            return board_point{static_cast<std::uint32_t>(column), static_cast<std::uint32_t>(row)};
        }
        case point_syntax::unknown: break;
    }
    return std::nullopt;
}

std::string_view point_format(const game_rule& g) noexcept {
    switch (g.point) {
        case point_syntax::letter_pair: return "two letters a-z (1-26) or A-Z (27-52), column then row";
        case point_syntax::letters_number:
            return g.max_column_letters == 1 ? "one column letter then a row number, e.g. a5, C8"
                                             : "column letter(s) then a row number, e.g. a1, G5, ab28";
        case point_syntax::single_letter: return "one letter a-z";
        case point_syntax::digit_pair: return "two digits 1-9, column then row, e.g. 46";
        case point_syntax::unknown: break;
    }
    return "a point";
}

std::string move_format(const game_rule& g) {
    switch (g.move) {
        case move_syntax::go: return "a point (two letters a-z or A-Z), [] or [tt] for a pass";
        case move_syntax::point:
        case move_syntax::point_partial:
            if (g.special_moves.empty()) return "a cell: column letter(s) then row number";
            return "a cell (column letter(s) then row number) or one of " + words_text(g.special_moves);
        case move_syntax::loa: return "from '-' to or from ':' to (e.g. e1-e3, C2:C5), or Pass, Resign, Forfeit, Escape";
        case move_syntax::backgammon: return "two dice 1-6 then 0-4 from/to letter pairs (e.g. 31hefe), or double, take, drop";
        case move_syntax::amazons: return "three points concatenated: from, to, arrow (e.g. djddgd)";
        case move_syntax::gess: return "from ':' to, the centres of the 3x3 piece (e.g. cc:ce)";
        case move_syntax::octi: return "a placement (73), a prong (33+B, 33+A-B) or pod moves (84-86-68x, 46CD-56,46D-55)";
        case move_syntax::unknown: break;
    }
    return "a move";
}

enum class parse_status : std::uint8_t { ok, syntax, off_board, perimeter, unknown_syntax };

struct move_parser {
    const game_rule& g;
    board_size size;
    parsed_move m{};
    parse_status status = parse_status::ok;

    void add(board_point p) noexcept {
        if (m.count < m.points.size()) m.points[m.count++] = p;
        if (!on_board(p, size) && status == parse_status::ok) status = parse_status::off_board;
    }
    // A point spanning exactly t.
    bool whole_point(std::string_view t) noexcept {
        std::size_t used = 0;
        const auto p = point_prefix(g, t, used);
        if (!p || used != t.size()) return false;
        add(*p);
        return true;
    }
    bool special(std::string_view t) noexcept {
        if (g.special_moves.empty()) return false;
        return any_word(g.special_moves, [&](std::string_view w) {
            if (!(g.case_insensitive ? iequal(w, t) : w == t)) return false;
            m.kind = iequal(w, "pass") ? move_kind::pass : move_kind::special;
            m.word = t;
            return true;
        });
    }
    static constexpr bool prong(char c) noexcept { return c >= 'A' && c <= 'H'; }

    // Octi (ff4_octi.txt "Move"), as read here:
    //   move      = point | stone "+" prong ["!"] ["-" prong] | podmove { "," podmove }
    //   podmove   = stone jump { jump }     jump = "-" point { capture }
    //   capture   = "x" { prong }           stone = point { prong }
    bool octi(std::string_view t) noexcept {
        if (t.size() == 2) return whole_point(t);
        std::size_t i = 0;
        auto point_at = [&]() {
            std::size_t used = 0;
            const auto p = point_prefix(g, t.substr(i), used);
            if (!p) return false;
            add(*p);
            i += used;
            return true;
        };
        auto prongs = [&]() {
            while (i < t.size() && prong(t[i])) ++i;
        };
        if (!point_at()) return false;
        prongs();
        if (i < t.size() && t[i] == '+') {  // prong addition or repositioning
            ++i;
            if (i >= t.size() || !prong(t[i])) return false;
            ++i;
            if (i < t.size() && t[i] == '!') ++i;
            if (i < t.size() && t[i] == '-') {
                ++i;
                if (i >= t.size() || !prong(t[i])) return false;
                ++i;
            }
            return i == t.size();
        }
        for (;;) {  // pod moves
            int jumps = 0;
            while (i < t.size() && t[i] == '-') {
                ++i;
                if (!point_at()) return false;
                ++jumps;
                while (i < t.size() && t[i] == 'x') {
                    ++i;
                    prongs();
                }
            }
            if (jumps == 0) return false;
            if (i == t.size()) return true;
            if (t[i] != ',') return false;
            ++i;
            if (!point_at()) return false;
            prongs();
        }
    }

    bool run(std::string_view t) noexcept {
        if (special(t)) return true;
        switch (g.move) {
            case move_syntax::go:
                if (t.empty() && g.empty_move_is_pass) {
                    m.kind = move_kind::pass;
                    return true;
                }
                // [tt] is a pass on boards up to 19x19; on larger boards it is the point (20,20)
                if (t == "tt" && g.tt_is_pass && (!size.known() || (size.columns <= 19 && size.rows <= 19))) {
                    m.kind = move_kind::pass;
                    m.word = t;
                    return true;
                }
                return whole_point(t);
            case move_syntax::point:
            case move_syntax::point_partial: return whole_point(t);
            case move_syntax::loa: {
                m.kind = move_kind::compound;
                std::size_t used = 0;
                const auto from = point_prefix(g, t, used);
                if (!from || used >= t.size() || (t[used] != '-' && t[used] != ':')) return false;
                add(*from);
                const auto rest = t.substr(used + 1);
                const auto to = point_prefix(g, rest, used);
                if (!to) return false;
                add(*to);
                // optional commentary "such as '+' and '!'": anything but letters and digits
                for (const char c : rest.substr(used))
                    if (is_digit(c) || is_lower(c) || is_upper(c) || static_cast<unsigned char>(c) <= ' ') return false;
                return true;
            }
            case move_syntax::backgammon: {
                m.kind = move_kind::compound;
                if (t.size() < 2 || t[0] < '1' || t[0] > '6' || t[1] < '1' || t[1] > '6') return false;
                const auto pairs = t.substr(2);
                if (pairs.size() % 2 != 0 || pairs.size() > 8) return false;
                for (std::size_t k = 0; k < pairs.size(); ++k)
                    if (!whole_point(pairs.substr(k, 1))) return false;
                return true;
            }
            case move_syntax::amazons:
                m.kind = move_kind::compound;
                return t.size() == 6 && whole_point(t.substr(0, 2)) && whole_point(t.substr(2, 2)) &&
                       whole_point(t.substr(4, 2));
            case move_syntax::gess: {
                m.kind = move_kind::compound;
                const auto colon = t.find(':');
                if (colon == std::string_view::npos) return false;
                if (!whole_point(t.substr(0, colon)) || !whole_point(t.substr(colon + 1))) return false;
                if (size.known() && status == parse_status::ok)
                    for (std::size_t k = 0; k < 2; ++k) {
                        const auto p = m.points[k];
                        if (p.column == 1 || p.row == 1 || p.column == size.columns || p.row == size.rows)
                            status = parse_status::perimeter;
                    }
                return true;
            }
            case move_syntax::octi:
                m.kind = t.size() == 2 ? move_kind::point : move_kind::compound;
                return octi(t);
            case move_syntax::unknown: status = parse_status::unknown_syntax; return false;
        }
        return false;
    }
};

parse_status parse_move_status(const game_rule& g, std::string_view t, board_size size, parsed_move& out) noexcept {
    move_parser p{g, size};
    const bool ok = p.run(t);
    out = p.m;
    if (p.status == parse_status::unknown_syntax) return p.status;
    if (!ok) {
        // Twixt: other move forms exist (long moves) but are not specified here
        return g.move == move_syntax::point_partial ? parse_status::unknown_syntax : parse_status::syntax;
    }
    return p.status;
}

value_check unverified(const game_rule& g, std::string_view raw, std::string_view ident, std::string_view what) {
    return finding(rule::unverified_syntax, ident, raw,
                   std::string(what) + " syntax of " + game_text(g) + " is not specified here: not checked");
}

value_check unknown_game(std::string_view raw, std::string_view ident) {
    return finding(rule::unverified_syntax, ident, raw, "unknown game (GM): point, move and stone values not checked");
}

// ------------------------------------------------------------------------- DT

constexpr bool leap(unsigned y) noexcept { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
constexpr unsigned days_in(unsigned y, unsigned m) noexcept {
    constexpr unsigned d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : d[m - 1];
}
constexpr unsigned two(std::string_view t, std::size_t at) noexcept {
    return static_cast<unsigned>((t[at] - '0') * 10 + (t[at + 1] - '0'));
}

constexpr std::string_view dt_expected =
    "expected YYYY-MM-DD, YYYY-MM or YYYY, further dates after ',' as YYYY-MM-DD, MM-DD, MM or DD "
    "(e.g. 1996-05-06,07,08), no spaces";

// ------------------------------------------------------------------------- RE

constexpr bool unsigned_real(std::string_view t) noexcept {
    const auto dot = t.find('.');
    if (dot == std::string_view::npos) return all_digits(t);
    return all_digits(t.substr(0, dot)) && all_digits(t.substr(dot + 1));
}

bool win_reason(std::string_view t) noexcept {
    return t == "R" || t == "Resign" || t == "T" || t == "Time" || t == "F" || t == "Forfeit";
}

const game_rule& no_limits_game() noexcept {
    static constexpr game_rule g{0, "unknown game", false, point_syntax::unknown, move_syntax::unknown,
                                 stone_syntax::unknown, false, false, false, 0, false, false, "", {}, 1, 0, "", "", ""};
    return g;
}

}  // namespace

// ---------------------------------------------------------------------- basic types

std::optional<std::int64_t> parse_number(std::string_view t) noexcept {
    std::size_t i = 0;
    bool negative = false;
    if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
        negative = t[0] == '-';
        i = 1;
    }
    if (!all_digits(t.substr(i))) return std::nullopt;
    constexpr auto limit = std::numeric_limits<std::int64_t>::max();
    std::int64_t v = 0;
    for (; i < t.size(); ++i) {
        const int d = t[i] - '0';
        v = v > (limit - d) / 10 ? limit : v * 10 + d;  // saturate
    }
    return negative ? -v : v;
}

bool is_real(std::string_view t) noexcept {
    const auto dot = t.find('.');
    if (!parse_number(t.substr(0, dot))) return false;
    return dot == std::string_view::npos || all_digits(t.substr(dot + 1));
}

value_check check_none(std::string_view raw, std::string_view ident) {
    if (raw.empty()) return {};
    return finding(rule::value_syntax, ident, raw, "expected no value: []");
}

value_check check_number(std::string_view raw, std::string_view ident, number_range range) {
    const unescaped u(raw);
    const auto n = parse_number(u.view());
    if (!n) return finding(rule::value_syntax, ident, raw, "expected a number: [+|-] digits");
    if (!range.contains(*n)) {
        std::string what = "number out of range " + std::to_string(range.min);
        if (range.max != std::numeric_limits<std::int64_t>::max()) what += "-" + std::to_string(range.max);
        else what = "number below the minimum " + std::to_string(range.min);
        return finding(rule::number_range, ident, raw, what);
    }
    return {};
}

value_check check_real(std::string_view raw, std::string_view ident) {
    const unescaped u(raw);
    if (is_real(u.view())) return {};
    return finding(rule::value_syntax, ident, raw, "expected a real: [+|-] digits [. digits]");
}

value_check check_double(std::string_view raw, std::string_view ident) {
    const unescaped u(raw);
    if (u.view() == "1" || u.view() == "2") return {};
    return finding(rule::value_syntax, ident, raw, "expected a double: 1 (normal) or 2 (emphasized)");
}

value_check check_color(std::string_view raw, std::string_view ident) {
    const unescaped u(raw);
    if (u.view() == "B" || u.view() == "W") return {};
    return finding(rule::value_syntax, ident, raw, "expected a color: B or W");
}

value_check check_time(std::string_view raw, std::string_view ident) {
    const unescaped u(raw);
    const auto t = u.view();
    if (is_real(t)) return {};
    if (!t.empty() && (t.back() == 's' || t.back() == 'm' || t.back() == 'h') && is_real(t.substr(0, t.size() - 1)))
        return finding(rule::time_units, ident, raw, "time with a unit letter (002_*); FF[4] wants a real number of seconds");
    return finding(rule::value_syntax, ident, raw, "expected a real number of seconds: [+|-] digits [. digits]");
}

// ------------------------------------------------------------------- points, moves, stones

std::optional<board_point> parse_point(const game_rule& g, std::string_view text) noexcept {
    std::size_t used = 0;
    const auto p = point_prefix(g, text, used);
    if (!p || used != text.size()) return std::nullopt;
    return p;
}

std::optional<board_point> parse_point(const game_rule& g, std::string_view text, board_size size) noexcept {
    const auto p = parse_point(g, text);
    if (!p || !on_board(*p, size)) return std::nullopt;
    return p;
}

std::uint64_t point_rect::count() const noexcept {
    const std::uint64_t cols = lower_right.column - upper_left.column + 1;
    const std::uint64_t rws = (upper_left.row <= lower_right.row ? lower_right.row - upper_left.row
                                                                  : upper_left.row - lower_right.row) + 1;
    return cols * rws;
}

bool point_rect::contains(board_point p) const noexcept {
    const auto lo = upper_left.row <= lower_right.row ? upper_left.row : lower_right.row;
    const auto hi = upper_left.row <= lower_right.row ? lower_right.row : upper_left.row;
    return p.column >= upper_left.column && p.column <= lower_right.column && p.row >= lo && p.row <= hi;
}

std::optional<point_rect> parse_point_rect(const game_rule& g, std::string_view text) noexcept {
    point_rect r;
    const auto colon = text.find(':');
    if (colon == std::string_view::npos) {
        const auto p = parse_point(g, text);
        if (!p) return std::nullopt;
        r.first = r.second = r.upper_left = r.lower_right = *p;
        return r;
    }
    const auto a = parse_point(g, text.substr(0, colon));
    const auto b = parse_point(g, text.substr(colon + 1));
    if (!a || !b) return std::nullopt;
    r.single = false;
    r.first = *a;
    r.second = *b;
    const auto col_lo = a->column < b->column ? a->column : b->column;
    const auto col_hi = a->column < b->column ? b->column : a->column;
    const auto row_lo = a->row < b->row ? a->row : b->row;
    const auto row_hi = a->row < b->row ? b->row : a->row;
    // "upper left" is the smaller row where rows count from the top, the larger otherwise
    r.upper_left = {col_lo, g.rows_bottom_up ? row_hi : row_lo};
    r.lower_right = {col_hi, g.rows_bottom_up ? row_lo : row_hi};
    return r;
}

bool rect_on_board(const point_rect& r, board_size s) noexcept { return on_board(r.first, s) && on_board(r.second, s); }

std::optional<parsed_move> parse_move(const game_rule& g, std::string_view text, board_size size) noexcept {
    parsed_move m;
    if (parse_move_status(g, text, size, m) != parse_status::ok) return std::nullopt;
    return m;
}

value_check check_point(const game_rule& g, std::string_view raw, board_size size, std::string_view ident) {
    if (g.point == point_syntax::unknown) return unverified(g, raw, ident, "point");
    const unescaped u(raw);
    const auto p = parse_point(g, u.view());
    if (!p) return finding(rule::value_syntax, ident, raw, "expected a point: " + std::string(point_format(g)));
    if (!on_board(*p, size)) return finding(rule::point_off_board, ident, raw, "point off the " + size_text(size) + " board");
    return {};
}

value_check check_move(const game_rule& g, std::string_view raw, board_size size, std::string_view ident) {
    if (g.move == move_syntax::unknown) return unverified(g, raw, ident, "move");
    const unescaped u(raw);
    parsed_move m;
    switch (parse_move_status(g, u.view(), size, m)) {
        case parse_status::ok: return {};
        case parse_status::syntax:
            return finding(rule::value_syntax, ident, raw, "expected a move: " + move_format(g));
        case parse_status::off_board:
            return finding(rule::point_off_board, ident, raw, "move off the " + size_text(size) + " board");
        case parse_status::perimeter:
            return finding(rule::point_off_board, ident, raw,
                           "Gess move centre on the perimeter (outside the edge) of the " + size_text(size) + " board");
        case parse_status::unknown_syntax: return unverified(g, raw, ident, "this move");
    }
    return {};
}

value_check check_stone(const game_rule& g, std::string_view raw, board_size size, std::string_view ident) {
    switch (g.stone) {
        case stone_syntax::point: return check_point(g, raw, size, ident);
        case stone_syntax::octi: {
            const unescaped u(raw);
            const auto t = u.view();
            std::size_t used = 0;
            const auto p = point_prefix(g, t, used);
            unsigned seen = 0;
            bool ok = p.has_value();
            for (std::size_t i = used; ok && i < t.size(); ++i) {
                const char c = t[i];
                const unsigned bit = c >= 'A' && c <= 'H' ? 1u << (c - 'A') : 0u;
                ok = bit != 0 && (seen & bit) == 0;
                seen |= bit;
            }
            if (!ok)
                return finding(rule::value_syntax, ident, raw,
                               "expected an Octi stone: point (two digits 1-9) then prongs A-H, e.g. 46CD");
            if (!on_board(*p, size)) return finding(rule::point_off_board, ident, raw, "stone off the " + size_text(size) + " board");
            return {};
        }
        case stone_syntax::unknown: break;
    }
    return unverified(g, raw, ident, "stone");
}

value_check check_point_list_item(const game_rule& g, std::string_view raw, board_size size, std::string_view ident) {
    const auto parts = split_compose(raw);
    if (!parts) return check_point(g, raw, size, ident);
    if (g.point == point_syntax::unknown) return unverified(g, raw, ident, "point");
    const unescaped a(parts->first);
    const unescaped b(parts->second);
    const auto pa = parse_point(g, a.view());
    const auto pb = parse_point(g, b.view());
    if (!pa || !pb)
        return finding(rule::value_syntax, ident, raw,
                       "expected a point or a rectangle 'upper-left:lower-right' of points: " + std::string(point_format(g)));
    if (!on_board(*pa, size) || !on_board(*pb, size))
        return finding(rule::point_off_board, ident, raw, "rectangle corner off the " + size_text(size) + " board");
    if (*pa == *pb) return finding(rule::rect_1x1, ident, raw, "1x1 rectangle: list the single point instead");
    const bool ordered = pa->column <= pb->column && (g.rows_bottom_up ? pa->row >= pb->row : pa->row <= pb->row);
    if (!ordered)
        return finding(rule::rect_corners, ident, raw, "rectangle corners must be upper-left then lower-right");
    return {};
}

// ---------------------------------------------------------------------- game-info formats

value_check check_date(std::string_view raw, std::string_view ident) {
    const unescaped u(raw);
    const auto t = u.view();
    if (t.empty()) return finding(rule::dt_format, ident, raw, "empty date; " + std::string(dt_expected));
    enum class last : std::uint8_t { nothing, y, ym, ymd, md, m, d };
    last prev = last::nothing;
    unsigned year = 0;
    unsigned month = 0;
    std::size_t start = 0;
    while (start <= t.size()) {
        const auto comma = t.find(',', start);
        const auto tok = t.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        const auto bad = [&](std::string_view why) {
            std::string what(why);
            what += "; ";
            what += dt_expected;
            return finding(rule::dt_format, ident, raw, what);
        };
        // Shape: digits and '-' only, groups of 4-2-2 or 2-2 or 2 or 4 or 4-2.
        bool shape_ok = !tok.empty();
        for (const char c : tok) shape_ok = shape_ok && (is_digit(c) || c == '-');
        if (!shape_ok) return bad(tok.empty() ? "empty date between commas" : "only digits and '-' may form a date");
        const auto check_month = [&](unsigned mm) { return mm >= 1 && mm <= 12; };
        const auto check_day = [&](unsigned dd) { return dd >= 1 && dd <= days_in(year, month); };
        const std::size_t n = tok.size();
        if (n == 4 && all_digits(tok)) {  // YYYY
            year = static_cast<unsigned>(two(tok, 0) * 100 + two(tok, 2));
            month = 0;
            prev = last::y;
        } else if (n == 7 && tok[4] == '-' && all_digits(tok.substr(0, 4)) && all_digits(tok.substr(5))) {  // YYYY-MM
            year = static_cast<unsigned>(two(tok, 0) * 100 + two(tok, 2));
            month = two(tok, 5);
            if (!check_month(month)) return bad("month " + std::string(tok.substr(5, 2)) + " out of range 01-12");
            prev = last::ym;
        } else if (n == 10 && tok[4] == '-' && tok[7] == '-' && all_digits(tok.substr(0, 4)) &&
                   all_digits(tok.substr(5, 2)) && all_digits(tok.substr(8))) {  // YYYY-MM-DD
            year = static_cast<unsigned>(two(tok, 0) * 100 + two(tok, 2));
            month = two(tok, 5);
            if (!check_month(month)) return bad("month " + std::string(tok.substr(5, 2)) + " out of range 01-12");
            if (!check_day(two(tok, 8))) return bad("day " + std::string(tok) + " does not exist");
            prev = last::ymd;
        } else if (n == 5 && tok[2] == '-' && all_digits(tok.substr(0, 2)) && all_digits(tok.substr(3))) {  // MM-DD
            if (prev == last::nothing || prev == last::y)
                return bad("'" + std::string(tok) + "' (MM-DD) needs a preceding YYYY-MM-DD, YYYY-MM, MM-DD, MM or DD");
            month = two(tok, 0);
            if (!check_month(month)) return bad("month " + std::string(tok.substr(0, 2)) + " out of range 01-12");
            if (!check_day(two(tok, 3))) return bad("day " + std::string(tok) + " does not exist in " + std::to_string(year));
            prev = last::md;
        } else if (n == 2 && all_digits(tok)) {  // MM after YYYY-MM or MM; DD after YYYY-MM-DD, MM-DD or DD
            if (prev == last::ym || prev == last::m) {
                month = two(tok, 0);
                if (!check_month(month)) return bad("month " + std::string(tok) + " out of range 01-12");
                prev = last::m;
            } else if (prev == last::ymd || prev == last::md || prev == last::d) {
                if (!check_day(two(tok, 0))) return bad("day " + std::string(tok) + " does not exist in that month");
                prev = last::d;
            } else {
                return bad("'" + std::string(tok) + "' (MM or DD) needs a preceding month or day");
            }
        } else {
            return bad("'" + std::string(tok) + "' is not a date");
        }
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return {};
}

value_check check_result(std::string_view raw, std::string_view ident, result_style style) {
    const unescaped u(raw);
    const auto t = u.view();
    if (t == "Void" || t == "?") return {};
    if (style != result_style::hex && (t == "0" || t == "Draw")) return {};
    if (t.size() >= 2 && (t[0] == 'B' || t[0] == 'W') && t[1] == '+') {
        const auto rest = t.substr(2);
        if (rest.empty() || win_reason(rest)) return {};
        if (style != result_style::hex && unsigned_real(rest)) return {};
        if (style == result_style::backgammon) {  // points before R(esign): B+6R, W+2Resign
            std::size_t k = 0;
            while (k < rest.size() && is_digit(rest[k])) ++k;
            if (k > 0 && (rest.substr(k) == "R" || rest.substr(k) == "Resign")) return {};
        }
    }
    if (style == result_style::ff4 && t == "Jigo")
        return finding(rule::re_jigo, ident, raw, "a draw is written 0 or Draw (Jigo is 002_* usage)");
    switch (style) {
        case result_style::hex:
            return finding(rule::re_format, ident, raw,
                           "expected B+ or W+, optionally followed by R, Resign, T, Time, F or Forfeit; Void; or ? "
                           "(001_*: no score, no draw)");
        case result_style::backgammon:
            return finding(rule::re_format, ident, raw,
                           "expected 0, Draw, B+ or W+ followed by points (B+6R, W+2Resign, W+4) or R, Resign, T, Time, "
                           "F, Forfeit; Void; or ?");
        case result_style::ff4: break;
    }
    return finding(rule::re_format, ident, raw,
                   "expected 0 or Draw, B+ or W+ followed by a score (real), R, Resign, T, Time, F or Forfeit "
                   "(or nothing), Void, or ?");
}

value_check check_komi(std::string_view raw, std::string_view ident) { return check_real(raw, ident); }

value_check check_handicap(std::string_view raw, std::string_view ident) {
    const unescaped u(raw);
    const auto n = parse_number(u.view());
    if (!n) return finding(rule::value_syntax, ident, raw, "expected a number of handicap stones");
    if (*n < 2) return finding(rule::ha_range, ident, raw, "handicap must be at least 2 (ff4_go.txt); omit HA for none");
    return {};
}

namespace {
std::optional<std::uint32_t> size_side(std::string_view s) noexcept {
    if (!all_digits(s) || s.size() > 9) return std::nullopt;
    std::uint32_t v = 0;
    for (const char c : s) v = v * 10 + static_cast<std::uint32_t>(c - '0');
    return v;
}
std::optional<board_size> size_of(std::string_view columns, std::string_view rows) noexcept {
    const auto c = size_side(columns);
    const auto r = size_side(rows);
    if (!c || !r) return std::nullopt;
    return board_size{*c, *r};
}
}  // namespace

std::optional<board_size> parse_size(std::string_view text) noexcept {
    const auto colon = text.find(':');
    if (colon == std::string_view::npos) return size_of(text, text);
    return size_of(text.substr(0, colon), text.substr(colon + 1));
}

value_check check_size(const game_rule& g, std::string_view raw, std::string_view ident) {
    const auto parts = split_compose(raw);
    std::optional<board_size> s;
    if (parts) {
        const unescaped a(parts->first);
        const unescaped b(parts->second);
        s = size_of(a.view(), b.view());
    } else {
        const unescaped whole(raw);
        s = size_of(whole.view(), whole.view());
    }
    if (!s) return finding(rule::value_syntax, ident, raw, "expected a board size: number, or columns ':' rows");
    const auto lo = g.min_side == 0 ? 1u : g.min_side;
    const auto hi = g.max_side;
    if (s->columns < lo || s->rows < lo || (hi != 0 && (s->columns > hi || s->rows > hi))) {
        std::string what = "board sides must be ";
        what += hi != 0 ? std::to_string(lo) + " to " + std::to_string(hi) : "at least " + std::to_string(lo);
        if (g.gm != 0) what += " in " + game_text(g);
        return finding(rule::size_range, ident, raw, what);
    }
    if (parts && s->columns == s->rows)
        return finding(rule::sz_square_compose, ident, raw,
                       "square board written as a compose: write SZ[" + std::to_string(s->columns) + "]");
    return {};
}

// ---------------------------------------------------------------------- dispatch

value_check check_kind(value_kind kind, const game_rule* g, std::string_view raw, board_size size, std::string_view ident) {
    switch (kind) {
        case value_kind::none: return check_none(raw, ident);
        case value_kind::number: return check_number(raw, ident);
        case value_kind::real: return check_real(raw, ident);
        case value_kind::double_value: return check_double(raw, ident);
        case value_kind::color: return check_color(raw, ident);
        case value_kind::time: return check_time(raw, ident);
        case value_kind::simple_text:
        case value_kind::text:
        case value_kind::unknown: return {};
        case value_kind::point: return g ? check_point(*g, raw, size, ident) : unknown_game(raw, ident);
        case value_kind::move: return g ? check_move(*g, raw, size, ident) : unknown_game(raw, ident);
        case value_kind::stone: return g ? check_stone(*g, raw, size, ident) : unknown_game(raw, ident);
    }
    return {};
}

namespace {

bool text_kind(value_kind k) noexcept {
    return k == value_kind::simple_text || k == value_kind::text || k == value_kind::unknown;
}

value_check check_shape(const property_rule& r, const game_rule* g, std::string_view raw, board_size size) {
    const auto& sh = r.shape;
    const auto ident = r.ident;
    if (raw.empty() && sh.card == cardinality::elist) return {};
    if (raw.empty() && sh.card == cardinality::list)
        return finding(rule::empty_list, ident, raw, "empty list: " + to_string(sh) + " needs at least one value");
    if (sh.card != cardinality::single && allows_compressed_points(sh, g))
        return g ? check_point_list_item(*g, raw, size, ident) : unknown_game(raw, ident);

    const auto parts = split_compose(raw);
    value_check matching;  // failure of the alternative whose structure fits (compose iff ':')
    bool have_matching = false;
    for (const auto& a : sh.alternatives()) {
        value_check c;
        if (a.composed) {
            if (!parts) continue;
            c = check_kind(a.first, g, parts->first, size, ident);
            if (c) c = check_kind(a.second, g, parts->second, size, ident);
            if (c) {
                if (text_kind(a.second) && split_compose(parts->second))
                    return finding(rule::compose_extra_colon, ident, raw,
                                   "more than one ':' in a compose value: escape ':' in the text as '\\:'");
                return c;
            }
        } else {
            // a None alternative of a union (FG, XM) does not fit a non-empty value; skip it
            // without building a message, so that a fitting later alternative allocates nothing
            if (a.first == value_kind::none && !raw.empty() && sh.count > 1) continue;
            c = check_kind(a.first, g, raw, size, ident);
            if (c) return c;
            // a ':' in a value of a non-compose alternative: that alternative is not the fit
            if (parts && is_compose_type(sh) && c.which == rule::value_syntax) continue;
        }
        if (!have_matching) {
            matching = std::move(c);
            have_matching = true;
        }
    }
    if (have_matching && (sh.count == 1 || matching.which != rule::value_syntax)) return matching;
    return finding(rule::value_syntax, ident, raw, "expected " + to_string(sh));
}

value_check check_keyword(const property_rule& r, const game_rule* g, std::string_view raw) {
    const unescaped u(raw);
    const bool ci = g != nullptr && g->case_insensitive;
    if (in_list(r.keywords, u.view(), ci)) return {};
    return finding(rule::unknown_keyword, r.ident, raw, "expected one of " + words_text(r.keywords));
}

value_check check_keyword_pair(const property_rule& r, std::string_view raw, bool numbers) {
    const auto parts = split_compose(raw);
    if (!parts) return finding(rule::value_syntax, r.ident, raw, "expected key ':' value");
    const unescaped key(parts->first);
    const unescaped value(parts->second);
    if (!in_list(r.keywords, key.view(), true))
        return finding(rule::unknown_keyword, r.ident, raw, "unknown key; known keys: " + words_text(r.keywords));
    if (numbers) {
        if (!parse_number(value.view())) return finding(rule::unknown_keyword, r.ident, raw, "value should be a number");
    } else if (!iequal(value.view(), "on") && !iequal(value.view(), "off")) {
        return finding(rule::unknown_keyword, r.ident, raw, "value should be on or off");
    }
    return {};
}

}  // namespace

value_check check_value(const property_rule& r, const game_rule* g, std::string_view raw, board_size size) {
    const auto ident = r.ident;
    switch (r.format) {  // formats that replace the value-type check
        case value_format::size: return check_size(g ? *g : no_limits_game(), raw, ident);
        case value_format::time: return check_time(raw, ident);
        case value_format::handicap: return check_handicap(raw, ident);
        case value_format::application:
            if (!split_compose(raw)) return finding(rule::ap_not_composed, ident, raw, "expected name ':' version, e.g. CGoban:1.6.2");
            break;
        default: break;
    }
    auto c = check_shape(r, g, raw, size);
    if (!c) return c;
    if (r.has(restriction::distinct_ends)) {  // AR[cc:cc], LN[cc:cc]: no direction
        if (const auto parts = split_compose(raw)) {
            const unescaped a(parts->first);
            const unescaped b(parts->second);
            if (a.view() == b.view())
                return finding(rule::one_point_line, ident, raw, "from and to are the same point");
        }
    }
    if (r.range.present) {
        c = check_number(raw, ident, r.range);
        if (!c) return c;
    }
    switch (r.format) {
        case value_format::date: return check_date(raw, ident);
        case value_format::result: return check_result(raw, ident, result_style::ff4);
        case value_format::result_backgammon: return check_result(raw, ident, result_style::backgammon);
        case value_format::result_hex: return check_result(raw, ident, result_style::hex);
        case value_format::figure: {
            const auto parts = split_compose(raw);
            if (!parts) return {};
            const unescaped flags(parts->first);
            const auto n = parse_number(flags.view());
            constexpr std::int64_t known = 1 | 2 | 4 | 256 | 512 | 32768;
            if (n && (*n < 0 || (*n & ~known) != 0))
                return finding(rule::unknown_keyword, ident, raw, "FG flags are a sum of 1, 2, 4, 256, 512 and 32768");
            return {};
        }
        case value_format::keyword: return check_keyword(r, g, raw);
        case value_format::keyword_switches: return check_keyword_pair(r, raw, false);
        case value_format::keyword_numbers: return check_keyword_pair(r, raw, true);
        case value_format::empty_text:
            if (!raw.empty()) return finding(rule::unknown_keyword, ident, raw, "the value should be empty");
            return {};
        default: return {};
    }
}

}  // namespace sgf
