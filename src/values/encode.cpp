// The one writer of typed values (sgf/encode_value.hpp): each kind spelled as decode_kind
// reads it, then the whole property decoded back, so that what it returns is valid.
#include "sgf/encode_value.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "sgf/value.hpp"
#include "values/decode.hpp"  // tt_passes

namespace sgf {

std::string point_text(const game_rule& g, board_point p) {
    // ff4_go.txt "Point": a-z = 1-26, A-Z = 27-52
    auto go_letter = [](std::uint32_t n) { return static_cast<char>(n <= 26 ? 'a' + (n - 1) : 'A' + (n - 27)); };
    std::string s;
    switch (g.point) {
        case point_syntax::letter_pair:
            s += go_letter(p.column);
            s += go_letter(p.row);
            break;
        case point_syntax::letters_number: {  // a..z, aa, ab, ... then the row number
            std::string col;
            for (std::uint32_t n = p.column; n > 0; n = (n - 1) / 26) col.insert(col.begin(), static_cast<char>('a' + (n - 1) % 26));
            s = col + std::to_string(p.row);
            break;
        }
        case point_syntax::single_letter: s += static_cast<char>('a' + (p.column - 1)); break;
        case point_syntax::digit_pair:
            s += static_cast<char>('0' + p.column);
            s += static_cast<char>('0' + p.row);
            break;
        case point_syntax::unknown: break;
    }
    return s;
}

namespace {

std::string real_text(double r) {
    // sgf4.html 3.2.1 Real: Number ["." Digit {Digit}], no exponent: fixed notation, the
    // shortest that reads back as the same double
    if (!std::isfinite(r)) throw std::invalid_argument("a real is a finite number, not " + std::to_string(r));
    char buf[400];
#if defined(__cpp_lib_to_chars)
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, r, std::chars_format::fixed);
    if (ec != std::errc{}) throw std::invalid_argument("a real too long to write");
    return std::string(buf, end);
#else
    // A C++ library without floating-point to_chars (emscripten's libc++): the fewest decimals
    // that read back as the same double, as to_chars's shortest fixed form has them.
    for (int decimals = 0; decimals <= 340; ++decimals) {
        const int n = std::snprintf(buf, sizeof buf, "%.*f", decimals, r);
        if (n <= 0 || static_cast<std::size_t>(n) >= sizeof buf) break;
        if (std::strtod(buf, nullptr) == r) return std::string(buf, static_cast<std::size_t>(n));
    }
    throw std::invalid_argument("a real too long to write");
#endif
}

const std::string* text_of(const typed_value& v) {
    if (const auto* t = v.get_if<text>()) return &t->value;
    if (const auto* t = v.get_if<simple_text>()) return &t->value;
    return nullptr;
}

std::optional<std::string> compound_text(const game_rule& g, const move& m) {
    const char* sep = nullptr;
    std::string s;
    switch (g.move) {
        case move_syntax::amazons: sep = ""; break;
        case move_syntax::gess: sep = ":"; break;
        case move_syntax::loa: sep = "-"; break;
        case move_syntax::backgammon:  // the dice (the move's word), then the from/to points
            if (m.word.size() != 2) return std::nullopt;
            s = m.word;
            sep = "";
            break;
        default: return std::nullopt;  // Octi's pods: no typed form to write
    }
    for (std::size_t i = 0; i < m.points.size(); ++i) {  // piece by piece: GCC 12's -Wrestrict (bug 105329)
        if (i) s += sep;
        s += point_text(g, m.points[i]);
    }
    return s;
}

// One value of kind k; in_compose: a part of a compose (':' escaped in texts).
std::optional<std::string> kind_text(value_kind k, const typed_value& v, const decode_options& o, bool in_compose) {
    const game_rule* g = o.game;
    const auto* n = v.get_if<number>();
    switch (k) {
        case value_kind::none:
            if (v.is<none>()) return std::string();
            return std::nullopt;
        case value_kind::number:
            if (n) return std::to_string(*n);
            return std::nullopt;
        case value_kind::real:
        case value_kind::time:
            if (n) return std::to_string(*n);
            if (const auto* r = v.get_if<real>()) return real_text(*r);
            return std::nullopt;
        case value_kind::double_value:
            if (const auto* d = v.get_if<double_value>()) return std::to_string(static_cast<int>(*d));
            if (n) return std::to_string(*n);  // 1 or 2: anything else does not decode
            return std::nullopt;
        case value_kind::color:
            if (const auto* c = v.get_if<color>()) return std::string(*c == color::black ? "B" : "W");
            if (const auto* t = text_of(v)) return *t;  // "B" or "W": anything else does not decode
            return std::nullopt;
        case value_kind::simple_text:
        case value_kind::text:
        case value_kind::unknown:
            if (const auto* t = text_of(v)) return escape(*t, in_compose);
            return std::nullopt;
        case value_kind::point:
            if (const auto* p = v.get_if<point>(); p && g) return point_text(*g, *p);
            return std::nullopt;
        case value_kind::stone:
            if (!g) return std::nullopt;
            if (const auto* p = v.get_if<point>()) return point_text(*g, *p);
            if (const auto* s = v.get_if<stone>()) return point_text(*g, s->at) + s->prongs;
            return std::nullopt;
        case value_kind::move: {
            if (!g) return std::nullopt;
            const auto move_at = [&](board_point p) {
                std::string s = point_text(*g, p);
                if (g->move == move_syntax::go && s == "tt" && detail::tt_passes(*g, o.size))
                    throw std::invalid_argument("the point (20, 20) is written [tt], which is a pass on this board "
                                                "(ff4_go.txt: boards up to 19x19)");
                return s;
            };
            if (const auto* p = v.get_if<point>()) return move_at(*p);
            if (v.is<none>() && g->empty_move_is_pass) return std::string();  // ff4_go.txt: B[] passes
            if (const auto* t = text_of(v)) return *t;  // a special move's word ("swap-pieces", "resign")
            if (const auto* m = v.get_if<move>()) {
                switch (m->kind) {
                    case move_kind::point:
                        if (m->points.size() == 1) return move_at(m->points.front());
                        return std::nullopt;
                    case move_kind::pass:
                        if (g->empty_move_is_pass) return std::string();
                        return m->word;
                    case move_kind::special: return m->word;
                    case move_kind::compound: return compound_text(*g, *m);
                }
            }
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::optional<std::string> alternative_text(const value_alternative& a, const typed_value& v, const decode_options& o) {
    if (!a.composed) return kind_text(a.first, v, o, false);
    std::vector<typed_value> parts;
    if (const auto* c = v.get_if<compose>()) {
        parts = c->parts;
    } else if (const auto* p = v.get_if<point>(); p && a.first == value_kind::number && a.second == value_kind::number) {
        parts = {number(p->column), number(p->row)};  // SZ[19:13] read back as (19, 13)
    }
    if (parts.size() != 2) return std::nullopt;
    auto first = kind_text(a.first, parts[0], o, true);
    auto second = kind_text(a.second, parts[1], o, true);
    if (!first || !second) return std::nullopt;
    return *first + ":" + *second;
}

std::optional<std::string> value_text(const property_rule& r, const typed_value& v, const decode_options& o) {
    for (const auto& a : r.shape.alternatives())
        if (auto s = alternative_text(a, v, o)) return s;
    return std::nullopt;
}

}  // namespace

std::optional<std::vector<std::string>> encode_property(const property_rule& r, const typed_value& v,
                                                        const decode_options& o) {
    std::vector<std::string> raws;
    if (r.shape.card == cardinality::single) {
        auto s = value_text(r, v, o);
        if (!s) return std::nullopt;
        raws.push_back(std::move(*s));
    } else if (const auto* l = v.get_if<list>()) {
        for (const auto& item : l->items) {
            auto s = value_text(r, item, o);
            if (!s) return std::nullopt;
            raws.push_back(std::move(*s));
        }
        if (raws.empty() && r.shape.card == cardinality::elist) raws.emplace_back();  // 'elist': []
        if (raws.empty()) throw std::invalid_argument(std::string(r.ident) + " takes one value or more, not an empty list");
    } else {
        auto s = value_text(r, v, o);  // one item alone
        if (!s) return std::nullopt;
        raws.push_back(std::move(*s));
    }
    decode_options check = o;
    check.values = false;
    std::vector<std::string_view> views(raws.begin(), raws.end());
    if (const decoded_value d = decode_property(r, views, check); d.error) throw std::invalid_argument(d.error->message);
    return raws;
}

}  // namespace sgf
