// Generated values of every kind (ff4_sgf.txt 3 "Property Value Types"; the game pages for
// points, moves and stones). Each value is built together with its escape-processed text,
// so the expected JSON tree never comes from our own parser.
#include <array>
#include <string>
#include <string_view>

#include "tools/generate/model.hpp"

namespace sgf::detail::gen {

namespace {

constexpr std::string_view letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
// Characters that are plain inside a value but are tokens outside one: lax readers trip on them.
constexpr std::string_view punctuation = "([);.,!?+-=*/#%&<>@_{}|~^$'\"";
constexpr std::array<std::string_view, 4> utf8_chars = {"\xC3\xA9", "\xE7\xA2\x81", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
constexpr std::array<std::string_view, 4> break_forms = {"\n", "\r", "\r\n", "\n\r"};
constexpr std::array<std::string_view, 4> hard_features = {"hard-break-lf", "hard-break-cr", "hard-break-crlf",
                                                           "hard-break-lfcr"};
constexpr std::array<std::string_view, 4> soft_features = {"soft-break-lf", "soft-break-cr", "soft-break-crlf",
                                                           "soft-break-lfcr"};

char pick_char(rng& r, std::string_view from) { return from[static_cast<std::size_t>(r.below(from.size()))]; }

bool is_break(char c) { return c == '\n' || c == '\r'; }

}  // namespace

value plain(std::string s) {
    value v;
    v.text = s;
    v.raw = std::move(s);
    return v;
}

value make_text(rng& r, const text_options& o, coverage& cov) {
    value v;
    const std::size_t pieces = static_cast<std::size_t>(r.below(o.max_pieces + 1));
    // A line break right after another one would pair with it (LF CR is one break): keep
    // every break we write a separate one, so the text is exactly what we meant.
    auto guard = [&] {
        if (!v.raw.empty() && is_break(v.raw.back())) {
            v.raw += 'x';
            v.text += 'x';
        }
    };
    for (std::size_t i = 0; i < pieces; ++i) {
        const auto k = r.below(100);
        if (k < 40) {
            const auto n = r.between(1, 8);
            for (std::int64_t j = 0; j < n; ++j) {
                const char c = pick_char(r, letters);
                v.raw += c;
                v.text += c;
            }
        } else if (k < 48) {
            const char c = r.chance(75) ? ' ' : '\t';
            v.raw += c;
            v.text += c;
        } else if (k < 54) {
            if (o.compose_part || r.chance(50)) {
                v.raw += "\\:";
                cov.feature("escape-colon");
            } else {
                v.raw += ':';
            }
            v.text += ':';
        } else if (k < 61) {
            v.raw += "\\]";
            v.text += ']';
            cov.feature("escape-close-bracket");
        } else if (k < 67) {
            v.raw += "\\\\";
            v.text += '\\';
            cov.feature("escape-backslash");
        } else if (k < 71) {
            // any character may be escaped ("inserted verbatim")
            const char c = r.chance(50) ? pick_char(r, letters) : pick_char(r, punctuation);
            v.raw += '\\';
            v.raw += c;
            v.text += c;
            cov.feature("escape-other");
        } else if (k < 81) {
            if (!o.line_breaks) continue;
            guard();
            const auto f = static_cast<std::size_t>(r.below(4));
            v.raw += break_forms[f];
            v.text += break_forms[f];
            cov.feature(hard_features[f]);
        } else if (k < 89) {
            guard();
            const auto f = static_cast<std::size_t>(r.below(4));
            v.raw += '\\';
            v.raw += break_forms[f];
            cov.feature(soft_features[f]);
            // a soft break ends in a break character too: the guard protects the next one
        } else if (k < 94) {
            if (!o.utf8) continue;
            const auto u = utf8_chars[static_cast<std::size_t>(r.below(utf8_chars.size()))];
            v.raw += u;
            v.text += u;
            cov.feature("utf8-text");
        } else {
            char c = pick_char(r, punctuation);
            if (c == ':' && o.compose_part) c = '.';
            v.raw += c;
            v.text += c;
        }
    }
    // A soft break at the very end is fine (the escape is complete); a trailing hard break
    // too. Nothing can end with a lone '\' here.
    if (v.raw.empty()) cov.feature("empty-text");
    return v;
}

// ------------------------------------------------------------------------------- points

board_size extent(const game_rule& g, board_size size) {
    if (size.known()) return size;
    switch (g.point) {
        case point_syntax::letter_pair: return {19, 19};
        case point_syntax::letters_number: return {11, 11};
        case point_syntax::single_letter: return {24, 1};
        case point_syntax::digit_pair: return {9, 9};
        case point_syntax::unknown: break;
    }
    return {19, 19};
}

board_point random_point(rng& r, const game_rule& g, board_size size) {
    const board_size e = extent(g, size);
    return {static_cast<std::uint32_t>(r.between(1, e.columns)), static_cast<std::uint32_t>(r.between(1, e.rows))};
}

bool off_board_point(const game_rule& g, board_size size, board_point& out) {
    if (!size.known()) return false;
    switch (g.point) {
        case point_syntax::letter_pair:
            if (size.columns < 52) out = {size.columns + 1, 1};
            else if (size.rows < 52) out = {1, size.rows + 1};
            else return false;
            // "tt" is not a point in a move on small boards, but SL takes points: fine
            return true;
        case point_syntax::letters_number: {
            const std::uint32_t max_cols = g.max_column_letters == 0 ? 100000 : (g.max_column_letters == 1 ? 26 : 702);
            if (size.columns < max_cols) out = {size.columns + 1, 1};
            else out = {1, size.rows + 1};
            return true;
        }
        case point_syntax::single_letter:
            if (size.columns >= 26) return false;
            out = {size.columns + 1, 1};
            return true;
        case point_syntax::digit_pair:
            if (size.columns < 9) out = {size.columns + 1, 1};
            else if (size.rows < 9) out = {1, size.rows + 1};
            else return false;
            return true;
        case point_syntax::unknown: break;
    }
    return false;
}

// ------------------------------------------------------------------------------ numbers

std::string number_text(rng& r, std::int64_t lo, std::int64_t hi, coverage& cov) {
    const std::int64_t n = r.between(lo, hi);
    std::string s = std::to_string(n);
    if (n >= 0 && r.chance(10)) {
        s.insert(s.begin(), '+');
        cov.feature("number-plus-sign");
    } else if (n >= 0 && r.chance(8)) {
        s.insert(s.begin(), '0');
        cov.feature("number-leading-zero");
    }
    if (n < 0) cov.feature("number-negative");
    return s;
}

std::string real_text(rng& r, coverage& cov) {
    std::string s = number_text(r, -50, 500, cov);
    if (r.chance(60)) {
        s += '.';
        const auto digits = r.between(1, 3);
        for (std::int64_t i = 0; i < digits; ++i) s += static_cast<char>('0' + r.below(10));
        cov.feature("real-fraction");
    }
    return s;
}

// -------------------------------------------------------------------------------- moves

std::string_view pick_word(rng& r, std::string_view list) {
    std::size_t n = 1;
    for (const char c : list) n += c == '|';
    auto k = r.below(n);
    std::size_t start = 0;
    for (;;) {
        const auto bar = list.find('|', start);
        if (k == 0) return list.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start);
        --k;
        start = bar + 1;
    }
}

namespace {

std::string octi_prongs(rng& r, std::size_t at_most) {
    std::string s;
    const std::string_view all = "ABCDEFGH";
    for (const char c : all)
        if (s.size() < at_most && r.chance(25)) s += c;
    return s;
}

}  // namespace

std::string move_text(rng& r, const game_rule& g, board_size size, coverage& cov) {
    auto pt = [&] { return point_text(g, random_point(r, g, size)); };
    if (!g.special_moves.empty() && r.chance(10)) {
        cov.feature("move-special");
        return std::string(pick_word(r, g.special_moves));
    }
    switch (g.move) {
        case move_syntax::go:
        case move_syntax::point:
        case move_syntax::point_partial: return pt();
        case move_syntax::loa: {
            std::string s = pt() + (r.chance(50) ? "-" : ":") + pt();
            if (r.chance(20)) s += r.chance(50) ? "+" : "!";
            return s;
        }
        case move_syntax::backgammon: {
            std::string s;
            s += static_cast<char>('1' + r.below(6));
            s += static_cast<char>('1' + r.below(6));
            const auto pairs = r.below(5);
            for (std::uint64_t i = 0; i < pairs * 2; ++i) s += static_cast<char>('a' + r.below(24));
            return s;
        }
        case move_syntax::amazons: return pt() + pt() + pt();
        case move_syntax::gess: {
            const board_size e = extent(g, size);
            auto inner = [&] {
                const board_point p{static_cast<std::uint32_t>(r.between(2, e.columns - 1)),
                                    static_cast<std::uint32_t>(r.between(2, e.rows - 1))};
                return point_text(g, p);
            };
            return inner() + ":" + inner();
        }
        case move_syntax::octi: {
            switch (r.below(3)) {
                case 0: return pt();  // a placement
                case 1: {             // a prong addition
                    std::string s = pt();
                    s += '+';
                    s += static_cast<char>('A' + r.below(8));
                    if (r.chance(30)) s += '!';
                    if (r.chance(30)) {
                        s += '-';
                        s += static_cast<char>('A' + r.below(8));
                    }
                    return s;
                }
                default: {  // pod moves
                    std::string s = pt() + octi_prongs(r, 3);
                    const auto jumps = r.between(1, 3);
                    for (std::int64_t j = 0; j < jumps; ++j) {
                        s += '-';
                        s += pt();
                        if (r.chance(25)) {
                            s += 'x';
                            s += octi_prongs(r, 2);
                        }
                    }
                    if (r.chance(25)) {
                        s += ',';
                        s += pt();
                        s += octi_prongs(r, 2);
                        s += '-';
                        s += pt();
                    }
                    return s;
                }
            }
        }
        case move_syntax::unknown: break;
    }
    return pt();
}

std::string stone_text(rng& r, const game_rule& g, board_size size) {
    std::string s = point_text(g, random_point(r, g, size));
    if (g.stone == stone_syntax::octi) s += octi_prongs(r, 4);
    return s;
}

// ------------------------------------------------------------------------ game-info forms

std::string date_text(rng& r) {
    auto two = [](std::int64_t n) {
        std::string s = std::to_string(n);
        if (n < 10) s.insert(s.begin(), '0');
        return s;
    };
    const std::string year = std::to_string(r.between(1000, 2099));
    const auto month = r.between(1, 12);
    const auto day = r.between(1, 27);
    switch (r.below(6)) {
        case 0: return year;
        case 1: return year + "-" + two(month);
        case 2: return year + "-" + two(month) + "-" + two(day) + "," + two(day + 1);
        case 3: return year + "-" + two(month) + "-" + two(day) + "," + two(r.between(1, 12)) + "-" + two(r.between(1, 28));
        case 4: return year + "-" + two(month) + "," + two(r.between(1, 12));
        default: return year + "-" + two(month) + "-" + two(day);
    }
}

std::string result_text(rng& r, value_format f, coverage& cov) {
    static constexpr std::array<std::string_view, 15> ff4 = {"0",  "Draw", "B+",     "W+",  "B+R",   "W+Resign", "B+T",
                                                             "W+Time", "B+F", "W+Forfeit", "Void", "?", "B+3.5", "W+12", "B+0.5"};
    if (f == value_format::result_backgammon && r.chance(30)) return r.chance(50) ? "B+6R" : "W+2Resign";
    cov.feature("result");
    return std::string(ff4[static_cast<std::size_t>(r.below(ff4.size()))]);
}

}  // namespace sgf::detail::gen
