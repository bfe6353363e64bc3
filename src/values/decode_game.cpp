// Point, Move and Stone of the games with a page (grammar/game_values.hpp), selected by the
// game row (point_syntax, move_syntax, stone_syntax). The actions turn the matched text
// into coordinates and check what the row adds: the board, the number of column letters,
// the vocabulary of special moves, Gess's perimeter, Octi's prongs.
#include "grammar/game_values.hpp"
#include "sgf/value.hpp"
#include "values/decode.hpp"
#include "values/match.hpp"
#include "values/readers.hpp"

namespace sgf::detail {

namespace {

namespace g = grammar;

// Go letter: a-z = 1-26, A-Z = 27-52 (ff4_go.txt).
constexpr std::uint32_t go_coordinate(char c) noexcept {
    return c >= 'a' && c <= 'z' ? static_cast<std::uint32_t>(c - 'a' + 1) : static_cast<std::uint32_t>(c - 'A' + 27);
}

void add_point(decode_state& s, board_point p, const char* at, std::string_view what) {
    s.points.push_back(p);
    if (!on_board(p, s.options->size))
        s.fail(rule::point_off_board, at, std::string(what) + " off the " + size_text(s.options->size) + " board");
}

const game_rule& game_of(const decode_state& s) noexcept { return *s.options->game; }

template <typename Rule>
struct game_action : pegtl::nothing<Rule> {};

// A new alternative: what a failed one collected or found is dropped.
template <>
struct game_action<g::restart> {
    template <typename ActionInput>
    static void apply(const ActionInput&, decode_state& s) {
        s.points.clear();
        s.kind = move_kind::point;
        s.word.clear();
        s.error.reset();
    }
};

template <>
struct game_action<g::letter_pair_point> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        add_point(s, {go_coordinate(in.begin()[0]), go_coordinate(in.begin()[1])}, in.begin(), "point");
    }
};

// Column letters are base-26 alphabet numbers: a=1 .. z=26, aa=27, ab=28 ...; the row is
// the number after them. The row decides how many letters a column may have (one for
// LOA, two for Twixt; six at most otherwise, 321 million columns) and whether upper case
// letters are the same (all three pages say values are case-insensitive).
template <>
struct game_action<g::letters_number_point> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        const game_rule& gr = game_of(s);
        const std::string_view t(in.begin(), in.size());
        const std::size_t max_letters = gr.max_column_letters == 0 ? 6 : gr.max_column_letters;
        std::size_t i = 0;
        std::uint64_t column = 0;
        while (i < t.size() && !(t[i] >= '0' && t[i] <= '9')) {
            char c = t[i];
            if (c >= 'A' && c <= 'Z') {
                if (!gr.case_insensitive) {
                    s.fail(rule::value_syntax, in.begin() + i, "upper-case column letter: " + game_text(gr) + " uses a-z");
                    return;
                }
                c = static_cast<char>(c - 'A' + 'a');
            }
            if (i < max_letters) column = column * 26 + static_cast<std::uint64_t>(c - 'a' + 1);
            ++i;
        }
        if (i > max_letters) {
            s.fail(rule::value_syntax, in.begin(),
                   "more than " + std::to_string(max_letters) + (max_letters == 1 ? " column letter" : " column letters"));
            return;
        }
        const std::size_t digits = t.size() - i;
        if (digits > 9) {
            s.fail(rule::value_syntax, in.begin() + i, "row number with more than 9 digits");
            return;
        }
        const auto row = number_value(t.substr(i));  // at most 9 digits
        add_point(s, {static_cast<std::uint32_t>(column), static_cast<std::uint32_t>(row)}, in.begin(), "point");
    }
};

template <>
struct game_action<g::single_letter_point> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        add_point(s, {static_cast<std::uint32_t>(in.begin()[0] - 'a' + 1), 1}, in.begin(), "point");
    }
};

template <>
struct game_action<g::digit_pair_point> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        add_point(s, {static_cast<std::uint32_t>(in.begin()[0] - '0'), static_cast<std::uint32_t>(in.begin()[1] - '0')},
                  in.begin(), "point");
    }
};

// A whole value that is a word: one of the row's special moves, or not a move at all.
template <>
struct game_action<g::special_move> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        const game_rule& gr = game_of(s);
        const std::string_view w(in.begin(), in.size());
        if (gr.special_moves.empty() || !in_list(gr.special_moves, w, gr.case_insensitive)) {
            s.fail(rule::value_syntax, in.begin(),
                   gr.special_moves.empty()
                       ? cat("expected a move: ", game_text(gr), " has no move words")
                       : cat("'", w, "' is not a move of ", game_text(gr), " (words: ", words_text(gr.special_moves), ")"));
            return;
        }
        s.kind = iequal(w, "pass") ? move_kind::pass : move_kind::special;
        s.word = std::string(w);
    }
};

// Backgammon's dice (ff4_backgammon.txt "Move type"): kept in the move's word, so that the
// typed move writes back as it reads (B[41lpab]: dice 41, then the checkers' from/to points).
template <>
struct game_action<g::dice> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        s.word.assign(in.begin(), in.size());
    }
};

template <>
struct game_action<g::go_pass> {
    template <typename ActionInput>
    static void apply(const ActionInput&, decode_state& s) {
        s.kind = move_kind::pass;
    }
};

// Octi (ff4_octi.txt): a stone's prongs, each of A-H at most once.
template <>
struct game_action<g::octi_prongs> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) {
        unsigned seen = 0;
        for (std::size_t i = 0; i < in.size(); ++i) {
            const unsigned bit = 1u << (in.begin()[i] - 'A');
            if (seen & bit) s.fail(rule::value_syntax, in.begin() + i, cat("prong ", std::string_view(in.begin() + i, 1), " twice"));
            seen |= bit;
        }
        s.word = in.string();
    }
};

std::string_view point_format(const game_rule& gr) noexcept {
    switch (gr.point) {
        case point_syntax::letter_pair: return "two letters a-z (1-26) or A-Z (27-52), column then row";
        case point_syntax::letters_number:
            return gr.max_column_letters == 1 ? "one column letter then a row number, e.g. a5, C8"
                                              : "column letter(s) then a row number, e.g. a1, G5, ab28";
        case point_syntax::single_letter: return "one letter a-z";
        case point_syntax::digit_pair: return "two digits 1-9, column then row, e.g. 46";
        case point_syntax::unknown: break;
    }
    return "a point";
}

std::string move_format(const game_rule& gr) {
    switch (gr.move) {
        case move_syntax::go: return "a point (two letters a-z or A-Z), [] or [tt] for a pass";
        case move_syntax::point:
        case move_syntax::point_partial:
            if (gr.special_moves.empty()) return "a cell: column letter(s) then row number";
            return "a cell (column letter(s) then row number) or one of " + words_text(gr.special_moves);
        case move_syntax::loa: return "from '-' to or from ':' to (e.g. e1-e3, C2:C5), or Pass, Resign, Forfeit, Escape";
        case move_syntax::backgammon: return "two dice 1-6 then 0-4 from/to letter pairs (e.g. 31hefe), or double, take, drop";
        case move_syntax::amazons: return "three points concatenated: from, to, arrow (e.g. djddgd)";
        case move_syntax::gess: return "from ':' to, the centres of the 3x3 piece (e.g. cc:ce)";
        case move_syntax::octi: return "a placement (73), a prong (33+B, 33+A-B) or pod moves (84-86-68x, 46CD-56,46D-55)";
        case move_syntax::unknown: break;
    }
    return "a move";
}

decoded_value finish(decode_state& s) {
    decoded_value d;
    d.error = std::move(s.error);
    d.value = std::move(s.value);
    return d;
}

decoded_value unverified(const game_rule& gr, std::uint32_t at, std::string_view ident, std::string_view whole_raw,
                   std::string_view what) {
    decoded_value d;
    d.error = value_error{rule::unverified_syntax, at,
                          value_message(ident, whole_raw,
                                        std::string(what) + " syntax of " + game_text(gr) + " is not specified here: not checked")};
    return d;
}

// Runs Rule<P> for the game's point syntax P: the Point (g::point) or the Stone that is a
// Point (stone_of_point).
template <template <point_syntax> class Rule>
bool run_point_rule(const game_rule& gr, const value_text& t, decode_state& s) {
    const std::string expected = "a point: " + std::string(point_format(gr));
    switch (gr.point) {
        case point_syntax::letter_pair: return run_rule<Rule<point_syntax::letter_pair>, game_action>(t, s, expected);
        case point_syntax::letters_number: return run_rule<Rule<point_syntax::letters_number>, game_action>(t, s, expected);
        case point_syntax::single_letter: return run_rule<Rule<point_syntax::single_letter>, game_action>(t, s, expected);
        case point_syntax::digit_pair: return run_rule<Rule<point_syntax::digit_pair>, game_action>(t, s, expected);
        case point_syntax::unknown: break;
    }
    return false;
}
template <point_syntax P>
using stone_of_point = g::stone<stone_syntax::point, P>;

decode_state state_for(const decode_options& o, std::string_view ident, std::string_view whole_raw) {
    decode_state s;
    s.options = &o;
    s.ident = ident;
    s.raw = whole_raw;
    return s;
}

}  // namespace

decoded_value point_move(board_point p) {
    decoded_value d(boost::variant2::in_place_type<move>);
    boost::variant2::get_if<move>(&d.value)->points.push_back(p);
    return d;
}

namespace {

// The point rule of the game (out of line: the fast path of decode_point keeps a small frame).
[[gnu::noinline]] decoded_value point_by_rule(const game_rule& gr, std::string_view raw, std::uint32_t base,
                                              const decode_options& o, std::string_view ident, std::string_view whole_raw) {
    const value_text t(raw, base);
    decode_state s = state_for(o, ident, whole_raw);
    if (run_point_rule<g::point>(gr, t, s)) s.value = s.points.front();
    return finish(s);
}
}  // namespace

decoded_value decode_point(const game_rule& gr, std::string_view raw, std::uint32_t base, const decode_options& o,
                     std::string_view ident, std::string_view whole_raw) {
    if (gr.point == point_syntax::unknown) return unverified(gr, base, ident, whole_raw, "point");
    if (board_point p; fast_letter_pair(gr, raw, o, p)) return {p, std::nullopt};
    return point_by_rule(gr, raw, base, o, ident, whole_raw);
}

decoded_value decode_stone(const game_rule& gr, std::string_view raw, std::uint32_t base, const decode_options& o,
                     std::string_view ident, std::string_view whole_raw) {
    const value_text t(raw, base);
    decode_state s = state_for(o, ident, whole_raw);
    switch (gr.stone) {
        case stone_syntax::point:
            if (gr.point == point_syntax::unknown) break;
            if (run_point_rule<stone_of_point>(gr, t, s)) s.value = stone{s.points.front(), {}};
            return finish(s);
        case stone_syntax::octi:
            if (run_rule<g::stone<stone_syntax::octi>, game_action>(
                    t, s, "an Octi stone: point (two digits 1-9) then prongs A-H, e.g. 46CD"))
                s.value = stone{s.points.front(), s.word};
            return finish(s);
        case stone_syntax::unknown: break;
    }
    return unverified(gr, base, ident, whole_raw, "stone");
}

namespace {
// The move rule of the game (out of line: the fast path of decode_move keeps a small frame).
[[gnu::noinline]] decoded_value move_by_rule(const game_rule& gr, std::string_view raw, std::uint32_t base,
                                             const decode_options& o, std::string_view ident, std::string_view whole_raw) {
    const value_text t(raw, base);
    decode_state s = state_for(o, ident, whole_raw);
    const std::string expected = "a move: " + move_format(gr);
    bool ok = false;
    switch (gr.move) {
        case move_syntax::go:
            // [tt] is a pass on boards up to 19x19 (ff4_go.txt); on larger boards it is (20,20)
            if (t.view() == "tt" && tt_passes(gr, o.size)) {
                s.kind = move_kind::pass;
                s.word = "tt";
                ok = true;
                break;
            }
            ok = run_rule<g::move<move_syntax::go>, game_action>(t, s, expected);
            if (ok && s.kind == move_kind::pass && !gr.empty_move_is_pass) {
                s.fail(rule::value_syntax, t.view().data(), expected);
                ok = false;
            }
            break;
        case move_syntax::point:
        case move_syntax::point_partial:
            ok = run_rule<g::move<move_syntax::point>, game_action>(t, s, expected);
            // Twixt: other move forms exist (long moves) but are not specified here
            if (!ok && gr.move == move_syntax::point_partial && s.error && s.error->which == rule::value_syntax)
                return unverified(gr, base, ident, whole_raw, "this move");
            break;
        case move_syntax::loa:
            ok = run_rule<g::move<move_syntax::loa>, game_action>(t, s, expected);
            if (ok && s.kind == move_kind::point) s.kind = move_kind::compound;
            break;
        case move_syntax::backgammon:
            ok = run_rule<g::move<move_syntax::backgammon>, game_action>(t, s, expected);
            if (ok && s.kind == move_kind::point) s.kind = move_kind::compound;
            break;
        case move_syntax::amazons:
            ok = run_rule<g::move<move_syntax::amazons>, game_action>(t, s, expected);
            s.kind = move_kind::compound;
            break;
        case move_syntax::gess:
            ok = run_rule<g::move<move_syntax::gess>, game_action>(t, s, expected);
            s.kind = move_kind::compound;
            if (ok && o.size.known())
                for (const board_point p : s.points)
                    if (p.column == 1 || p.row == 1 || p.column == o.size.columns || p.row == o.size.rows) {
                        s.fail(rule::point_off_board, t.view().data(),
                               "Gess move centre on the perimeter (outside the edge) of the " + size_text(o.size) + " board");
                        ok = false;
                        break;
                    }
            break;
        case move_syntax::octi:
            ok = run_rule<g::move<move_syntax::octi>, game_action>(t, s, expected);
            s.kind = s.points.size() == 1 && t.view().size() == 2 ? move_kind::point : move_kind::compound;
            break;
        case move_syntax::unknown: break;
    }
    if (ok) {
        move m;
        m.kind = s.kind;
        m.word = s.kind == move_kind::pass || s.kind == move_kind::special || gr.move == move_syntax::backgammon ? s.word
                                                                                                               : std::string();
        if (m.kind != move_kind::pass && m.kind != move_kind::special) m.points = std::move(s.points);
        s.value = std::move(m);
    }
    return finish(s);
}
}  // namespace

decoded_value decode_move(const game_rule& gr, std::string_view raw, std::uint32_t base, const decode_options& o,
                    std::string_view ident, std::string_view whole_raw) {
    if (gr.move == move_syntax::unknown) return unverified(gr, base, ident, whole_raw, "move");
    if (board_point p; fast_go_move(gr, raw, o, p)) return point_move(p);
    return move_by_rule(gr, raw, base, o, ident, whole_raw);
}

decoded_value decode_point_list_item(const game_rule& gr, std::string_view raw, const decode_options& o, std::string_view ident) {
    const auto parts = split_compose(raw);
    if (!parts) return decode_point(gr, raw, 0, o, ident, raw);  // one point (a rectangle is a list)
    if (gr.point == point_syntax::unknown) return unverified(gr, 0, ident, raw, "point");
    const auto second_at = static_cast<std::uint32_t>(parts->second.data() - raw.data());
    const std::string rect_expected =
        "a point or a rectangle 'upper-left:lower-right' of points: " + std::string(point_format(gr));
    decoded_value a = decode_point(gr, parts->first, 0, o, ident, raw);
    decoded_value b = a ? decode_point(gr, parts->second, second_at, o, ident, raw) : decoded_value{};
    for (decoded_value* d : {&a, &b}) {
        if (d->error && d->error->which == rule::value_syntax)
            d->error->message = value_message(ident, raw, "expected " + rect_expected);
        if (d->error && d->error->which == rule::point_off_board)
            d->error->message = value_message(ident, raw, "rectangle corner off the " + size_text(o.size) + " board");
        if (d->error) return std::move(*d);
    }
    const board_point pa = *a.value.get_if<point>();
    const board_point pb = *b.value.get_if<point>();
    decoded_value out;
    if (pa == pb) {
        out.error = value_error{rule::rect_1x1, 0, value_message(ident, raw, "1x1 rectangle: list the single point instead")};
        return out;
    }
    const bool ordered = pa.column <= pb.column && (gr.rows_bottom_up ? pa.row >= pb.row : pa.row <= pb.row);
    if (!ordered) {
        out.error = value_error{rule::rect_corners, 0,
                                value_message(ident, raw, "rectangle corners must be upper-left then lower-right")};
        return out;
    }
    if (!o.values) return out;
    // 000_* "Compressed point lists": the rectangle stands for its points, row by row from
    // the upper-left corner. A rectangle of more points than any board has (on a board of
    // unknown size) stays the compose of its corners.
    const std::uint64_t cols = pb.column - pa.column + 1;
    const std::uint64_t rows = (pa.row <= pb.row ? pb.row - pa.row : pa.row - pb.row) + 1;
    if (cols * rows > 52 * 52) {
        compose c;
        c.parts.emplace_back(pa);
        c.parts.emplace_back(pb);
        return {list{{std::move(c)}}, std::nullopt};
    }
    list l;
    l.items.reserve(static_cast<std::size_t>(cols * rows));
    const bool down = pa.row <= pb.row;
    for (std::uint32_t r = pa.row;; r = down ? r + 1 : r - 1) {
        for (std::uint32_t c = pa.column; c <= pb.column; ++c) l.items.emplace_back(point{c, r});
        if (r == pb.row) break;
    }
    return {std::move(l), std::nullopt};
}

}  // namespace sgf::detail
