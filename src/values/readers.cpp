// The readers of values/readers.hpp: each is the decoding of the value by the grammar's
// value-type rules (src/values/decode*.cpp), reduced to its first finding or its value. No
// value is parsed here.
#include "values/readers.hpp"

#include "sgf/value.hpp"
#include "values/decode.hpp"

namespace sgf {

namespace {

decode_options on_board_of(const game_rule& g, board_size size) {
    decode_options o;
    o.game = &g;
    o.size = size;
    return o;
}

}  // namespace

value_check check_value(const property_rule& r, const game_rule* g, std::string_view raw, board_size size) {
    decode_options o;
    o.game = g;
    o.size = size;
    o.values = false;
    const decoded_value d = decode_value(r, raw, o);
    if (!d.error) return {};
    return {d.error->which, d.error->message, d.error->at};
}

std::optional<std::int64_t> parse_number(std::string_view text) {
    const decoded_value d = decode_kind(value_kind::number, text);
    if (!d) return std::nullopt;
    return *d.value.get_if<number>();
}

std::optional<double> parse_real(std::string_view text) {
    const decoded_value d = decode_kind(value_kind::real, text);
    if (!d) return std::nullopt;
    return *d.value.get_if<real>();
}

std::optional<board_point> parse_point(const game_rule& g, std::string_view text) {
    return parse_point(g, text, {});
}

std::optional<board_point> parse_point(const game_rule& g, std::string_view text, board_size size) {
    const decoded_value d = detail::decode_point(g, text, 0, on_board_of(g, size), {}, text);
    if (!d) return std::nullopt;
    return *d.value.get_if<point>();
}

std::uint64_t point_rect::count() const noexcept {
    const std::uint64_t cols = lower_right.column - upper_left.column + 1;
    const std::uint64_t rws =
        (upper_left.row <= lower_right.row ? lower_right.row - upper_left.row : upper_left.row - lower_right.row) + 1;
    return cols * rws;
}

bool point_rect::contains(board_point p) const noexcept {
    const auto lo = upper_left.row <= lower_right.row ? upper_left.row : lower_right.row;
    const auto hi = upper_left.row <= lower_right.row ? lower_right.row : upper_left.row;
    return p.column >= upper_left.column && p.column <= lower_right.column && p.row >= lo && p.row <= hi;
}

std::optional<point_rect> parse_point_rect(const game_rule& g, std::string_view text) {
    point_rect r;
    const auto parts = split_compose(text);
    if (!parts) {
        const auto p = parse_point(g, text);
        if (!p) return std::nullopt;
        r.first = r.second = r.upper_left = r.lower_right = *p;
        return r;
    }
    const auto a = parse_point(g, parts->first);
    const auto b = parse_point(g, parts->second);
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

std::optional<move> parse_move(const game_rule& g, std::string_view text, board_size size) {
    decoded_value d = detail::decode_move(g, text, 0, on_board_of(g, size), {}, text);
    if (!d) return std::nullopt;
    return std::move(*boost::variant2::get_if<move>(&d.value));
}

std::optional<board_size> parse_size(std::string_view text) { return detail::read_size(text); }

}  // namespace sgf
