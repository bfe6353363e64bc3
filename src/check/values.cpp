// The values of one property: count against the cardinality, every value through its
// validator (check_value; a few value types have an exact fast path that accepts only what
// check_value accepts), then the points of the valid values: point groups (unique points
// within a node or a property), duplicate values, AB stones for HA and the Go replay.
#include <algorithm>

#include "check/internal.hpp"

namespace sgf::detail {

namespace {



// The point or rectangle a valid value names, or nullopt (a pass, a special move, a
// point of a game without point syntax).
struct named_points {
    board_point upper_left;
    board_point lower_right;
};
std::optional<named_points> points_of_value(const game_rule* g, std::string_view raw, point_part part, board_size size) {
    if (g == nullptr) return std::nullopt;
    const std::string text = raw.find('\\') == std::string_view::npos ? std::string(raw) : unescape(raw);
    switch (part) {
        case point_part::rect: {
            const auto r = parse_point_rect(*g, text);
            if (!r || !rect_on_board(*r, size)) return std::nullopt;
            return named_points{r->upper_left, r->lower_right};
        }
        case point_part::point: {
            const auto p = parse_point(*g, text, size);
            if (!p) return std::nullopt;
            return named_points{*p, *p};
        }
        case point_part::move: {
            const auto m = parse_move(*g, text, size);
            if (!m || m->kind != move_kind::point || m->points.size() != 1) return std::nullopt;
            return named_points{m->points[0], m->points[0]};
        }
        case point_part::compose_first: {
            const auto parts = split_compose(raw);
            if (!parts) return std::nullopt;
            const auto p = parse_point(*g, unescape(parts->first), size);
            if (!p) return std::nullopt;
            return named_points{*p, *p};
        }
        case point_part::none: break;
    }
    return std::nullopt;
}

}  // namespace

std::uint32_t tree_checker::group_stamp(std::size_t g, bool per_property) {
    point_table& t = *points_;
    if (t.stamp == 0xfffffff0u) {  // about to wrap: forget every mark once
        std::fill(std::begin(t.marks), std::end(t.marks), point_mark{});
        std::fill(std::begin(group_node_), std::end(group_node_), 0u);
        std::fill(std::begin(big_stamp_), std::end(big_stamp_), 0u);
        t.stamp = 0;
    }
    if (per_property || group_node_[g] != node_stamp_) {
        group_node_[g] = node_stamp_;
        group_stamp_[g] = ++t.stamp;
    }
    return group_stamp_[g];
}

std::optional<std::uint32_t> tree_checker::mark_point(std::size_t g, board_point p, std::uint32_t offset, std::uint16_t row,
                                                      bool stacks) {
    const std::uint32_t stamp = group_stamp_[g];
    point_mark* m = nullptr;
    if (p.column < point_side && p.row < point_side) {
        m = &points_->marks[g * point_cells + p.row * point_side + p.column];
    } else {
        auto& map = big_points_[g];
        if (big_stamp_[g] != stamp) {
            map.clear();
            big_stamp_[g] = stamp;
        }
        m = &map[(std::uint64_t{p.column} << 32) | p.row];
    }
    if (m->stamp == stamp) {
        if (stacks && m->row == row) return std::nullopt;  // another stone on the same point
        return m->offset;
    }
    *m = {stamp, offset, row};
    return std::nullopt;
}

namespace {
// A value in the form duplicates are compared in: as written, or (unordered_ends, LN) with
// its two points in order, so that LN[bb:aa] is the same line as LN[aa:bb].
std::string value_key(std::string_view raw, bool unordered) {
    if (!unordered) return std::string(raw);
    const auto parts = split_compose(raw);
    if (!parts) return std::string(raw);
    std::string a = unescape(parts->first), b = unescape(parts->second);
    if (b < a) std::swap(a, b);
    return a + ':' + b;
}
}  // namespace

namespace {

// Where a text value holds ';' + properties + an unclosed '[' at its end, as
// "C[forgot the bracket;B[aa" does when the writer left out a ']' and the ']' of the next
// value closed it (the nodes in between were swallowed): the offset of that ';' in raw.
std::optional<std::size_t> swallowed_nodes_at(std::string_view raw) {
    // the last unescaped '[' with no unescaped ']' after it
    std::size_t open = std::string_view::npos;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\') ++i;
        else if (raw[i] == '[') open = i;
        else if (raw[i] == ']') open = std::string_view::npos;
    }
    if (open == std::string_view::npos) return std::nullopt;
    // an escape after it ("C[(;B[aa\\])]") says the text was written as it is
    if (raw.find('\\', open) != std::string_view::npos) return std::nullopt;
    // before it: ';' { white | PropIdent white '[' ... ']' white } PropIdent white
    const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    const auto semi = raw.rfind(';', open);
    if (semi == std::string_view::npos) return std::nullopt;
    std::size_t i = semi + 1;
    bool ident_before_open = false;
    while (i < open) {
        while (i < open && grammar::is_white(raw[i])) ++i;
        if (i == open) break;
        if (!upper(raw[i])) return std::nullopt;
        while (i < open && upper(raw[i])) ++i;
        while (i < open && grammar::is_white(raw[i])) ++i;
        if (i == open) {
            ident_before_open = true;
            break;
        }
        if (raw[i] != '[') return std::nullopt;
        // a complete value of an earlier property: up to its ']' (escapes skipped)
        for (++i; i < open && raw[i] != ']'; ++i)
            if (raw[i] == '\\') ++i;
        if (i >= open) return std::nullopt;
        ++i;
    }
    return ident_before_open ? std::optional<std::size_t>(semi) : std::nullopt;
}

// At most 24 bytes of s for a message, not cutting a UTF-8 character.
std::string clipped(std::string_view s) {
    if (s.size() <= 24) return std::string(s);
    std::size_t n = 21;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xc0) == 0x80) --n;
    return std::string(s.substr(0, n)) + "...";
}

}  // namespace

// Forms of a value that came with FF[4], in an FF[1]-FF[3] game tree (ff4_changes.txt "From
// FF[3] to FF[4]" and "Compatibility"): reported where they stand, naming FF[4].
namespace {

// Where raw's first soft line break ('\\' before a line break) is, if it holds one.
std::optional<std::size_t> soft_line_break_at(std::string_view raw) {
    for (std::size_t i = 0; i + 1 < raw.size(); ++i) {
        if (raw[i] != '\\') continue;
        if (raw[i + 1] == '\n' || raw[i + 1] == '\r') return i;
        ++i;  // an escaped character
    }
    return std::nullopt;
}

// What a row's fast path (texts, Go moves and points, reals, numbers) says of a value without
// the general check: ok when it is surely valid, a pass, or a point on the board.
struct fast_result {
    bool ok = false, pass = false, have_point = false;
    board_point pt{};
};

fast_result fast_check(const row_plan& plan, std::string_view raw, board_size size, const game_rule* g) {
    fast_result r;
    switch (plan.fast) {
        case fast_kind::text: r.ok = true; break;
        case fast_kind::go_move:
            if (raw.empty()) {
                r.ok = r.pass = true;
                break;
            }
            [[fallthrough]];
        case fast_kind::go_points:
            if (const auto lp = lower_letter_pair(raw)) {
                r.pt = *lp;
                if (on_board(r.pt, size)) {
                    r.ok = r.have_point = true;
                } else if (plan.fast == fast_kind::go_move && raw == "tt" && g && g->tt_is_pass &&
                           (!size.known() || (size.columns <= 19 && size.rows <= 19))) {
                    r.ok = r.pass = true;  // ff4_go.txt: [tt] is a pass on boards up to 19x19
                }
            }
            break;
        case fast_kind::real: r.ok = is_real_text(raw); break;
        case fast_kind::number: r.ok = is_number_text(raw); break;
        case fast_kind::general: break;
    }
    return r;
}

}  // namespace

// One case per FF[4] form ff4_changes.txt lists, read in its order.
void tree_checker::ff4_forms(const source& src, const prop_ref& p, const row_plan& plan) {
    const property_rule& row = *plan.row;
    const game_rule* const g = ctx_->plans->game;
    const char* const base = src.data();
    const std::string ident(base + p.ident, p.ident_size);
    const std::string in = " in an FF[" + std::to_string(ctx_->ff) + "] file";
    bool compressed = false;
    for (std::uint32_t j = 0; j < p.count; ++j) {
        const value_ref& v = node_.values[p.first + j];
        const std::string_view raw(base + v.open + 1, v.size);
        const auto parts = split_compose(raw);
        const std::string shown = ident + "[" + std::string(raw) + "]";
        if (plan.points == point_part::rect && parts) {
            compressed = true;
            report(rule::ff4_syntax, src, v.open,
                   shown + ": a compressed point list" + in +
                       " (new in FF[4]: \"Compressed point lists for 'list of point' PropValues\"); FF[1]-FF[3] list every point");
        }
        if (row.format == value_format::size) {
            const auto size = parse_size(unescape(raw));
            if (parts)
                report(rule::ff4_syntax, src, v.open,
                       shown + ": the columns:rows form of SZ" + in + " (new in FF[4]: \"Rectangular boards possible\")");
            else if (g && g->gm == 1 && size && size->columns > 19)
                report(rule::ff4_syntax, src, v.open,
                       shown + ": a Go board larger than 19x19" + in +
                           " (new in FF[4]: \"Go-move/position defined for board sizes upto 52x52\")");
        }
        if (raw.empty() && p.count == 1 && g && g->empty_move_is_pass && row.shape.card == cardinality::single &&
            row.shape.count >= 1 && row.shape.alts[0].first == value_kind::move)
            report(rule::ff4_extension, src, v.open,
                   shown + ": a pass written []" + in +
                       " (new in FF[4]: \"Pass move may be specified as '[]'\"); FF[3] wrote [tt], which FF[4] keeps for "
                       "boards up to 19x19",
                   {}, {}, ident);
        if (row.changed == ff4_change::long_label && parts) {
            const std::string label = decode_simple_text(parts->second);
            std::size_t chars = 0;  // UTF-8 characters
            for (const char c : label) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
            if (chars > 4)
                report(rule::ff4_extension, src, v.open,
                       shown + ": a label of " + std::to_string(chars) + " characters" + in +
                           " (new in FF[4]: \"LB (label) may have more than 4 chars now\"); FF[3] readers show 4",
                       {}, {}, ident);
        }
        // ff4_changes.txt: "Text has been divided into two types: simpletext (basically a
        // string) and text, which can be formatted (hard & soft linebreaks)"; "3 rd 4: Soft
        // linebreaks may be treated as hard linebreaks"
        if (plan.text_values)
            if (const auto i = soft_line_break_at(raw))
                report(rule::ff4_extension, src, v.open + 1 + *i,
                       ident + " value holds a soft line break ('\\' before a line break)" + in +
                           " (new in FF[4]: text \"can be formatted (hard & soft linebreaks)\"; FF[3] readers may "
                           "treat it as a hard line break)",
                       {}, {}, ident);
        if (row.changed == ff4_change::figure_data && parts)
            report(rule::ff4_extension, src, v.open,
                   shown + ": figure flags and a diagram name" + in +
                       " (new in FF[4]: \"FG may contain some flags and a diagram name\")", {}, {}, ident);
    }
    if (row.changed == ff4_change::view_list && !compressed) ff3_view(src, p, row, ident, in);
}

// FF[3] VW: "the two given points specified the upper left and the lower right corner"
// (ff4_changes.txt, Converting): in the other order they are no rectangle (105); one point,
// [] or more than two points are FF[4] forms.
void tree_checker::ff3_view(const source& src, const prop_ref& p, const property_rule& row, const std::string& ident,
                            const std::string& in) {
    const char* const base = src.data();
    const game_rule* const g = ctx_->plans->game;
    if (p.count == 2 && g) {
        const value_ref& a = node_.values[p.first];
        const value_ref& b = node_.values[p.first + 1];
        const std::string corners =
            std::string(base + a.open + 1, a.size) + ":" + std::string(base + b.open + 1, b.size);
        if (check_value(row, g, corners, ctx_->size).which == rule::rect_corners)
            report(rule::rect_corners, src, a.open,
                   ident + "[" + std::string(base + a.open + 1, a.size) + "][" + std::string(base + b.open + 1, b.size) +
                       "]" + in + ": FF[3] VW gives the upper left corner, then the lower right (ff4_changes.txt, "
                       "Converting: 'the two given points specified the upper left and the lower right corner')",
                   {}, "give the upper left corner first, then the lower right (sgfcheck fix writes VW[upper-left:lower-right])");
    }
    if (p.count != 2) {
        const bool clears = p.count == 1 && node_.values[p.first].size == 0;
        report(rule::ff4_extension, src, p.ident,
               clears ? ident + "[]" + in + ": clearing the view is new in FF[4]"
                      : ident + " with " + std::to_string(p.count) + " points" + in +
                            ": FF[3] VW gave two points, the upper left and the lower right corner of the view "
                            "(ff4_changes.txt, Converting); listing the points in view is FF[4]",
               {}, {}, ident);
    }
}

// Each value of a property through the one value check, with the per-value bookkeeping
// (points seen, list rules, type failures) in one loop.
void tree_checker::check_values(const source& src, const prop_ref& p, const row_plan& plan) {
    if (plan.ff4_forms) ff4_forms(src, p, plan);
    const char* const base = src.data();
    const board_size size = ctx_->size;
    const property_rule& row = *plan.row;
    const cardinality card = row.shape.card;
    const game_rule* const g = ctx_->plans->game;
    const std::string_view ident(base + p.ident, p.ident_size);

    if (p.count > 1 && card == cardinality::single)
        report(rule::too_many_values, src, node_.values[p.first + 1].open,
               std::string(ident) + " takes one value (" + std::string(row.value_type) + "), not " +
                   std::to_string(p.count) + definition_note_);

    const auto group = static_cast<std::size_t>(plan.unique_points);
    const bool grouped = plan.unique_points != point_group::none;
    const bool want_points = plan.points != point_part::none && (grouped || plan.go != board_effect::none);
    if (grouped) (void)group_stamp(group, plan.unique_points == point_group::self);
    const bool distinct_values = row.has(restriction::no_duplicate_values) && p.count > 1;
    if (distinct_values) seen_values_.clear();

    for (std::uint32_t j = 0; j < p.count; ++j) {
        const value_ref& v = node_.values[p.first + j];
        const std::string_view raw(base + v.open + 1, v.size);
        if (raw.empty() && p.count > 1 && card != cardinality::single) {
            report(rule::empty_in_list, src, v.open,
                   "empty value [] among " + std::to_string(p.count) + " values of " + std::string(ident) + ": '" +
                       std::string(row.value_type) + "' allows [] only as the single value" + definition_note_);
            continue;
        }

        const fast_result fast = fast_check(plan, raw, size, g);
        if (!fast.ok) {
            value_check c = check_value(row, g, raw, size);
            if (c.which != rule::none) {
                value_failure(src, v, raw, ident, plan, std::move(c));
                continue;  // a wrong value takes no part in the point rules or the replay
            }
        }

        if (distinct_values) {
            const bool unordered = row.has(restriction::unordered_ends);
            std::string key = value_key(raw, unordered);
            const auto it = std::find_if(seen_values_.begin(), seen_values_.end(),
                                         [&](const auto& s) { return s.first == key; });
            if (it != seen_values_.end()) {
                report(rule::duplicate_value, src, v.open,
                       std::string(ident) + "[" + std::string(raw) + "] is given twice" +
                           (unordered && key != raw ? " (a line has no direction: its ends in the other order are the same line)"
                                                    : "") +
                           definition_note_,
                       it->second);
                continue;
            }
            seen_values_.emplace_back(std::move(key), v.open);
        }

        // (not for a value cut at the end of the file: E008 says its ']' is missing)
        const bool closed = v.open + 1 + v.size < src.bytes.size() && base[v.open + 1 + v.size] == ']';
        if (plan.text_values && closed && raw.find('[') != std::string_view::npos)
            if (const auto at = swallowed_nodes_at(raw))
                report(rule::swallowed_nodes, src, v.open + 1 + *at,
                       std::string(ident) + " value holds '" + clipped(raw.substr(*at)) +
                           "', which reads as a node: its ']' probably came too late and the nodes after it were "
                           "read into the value");
        if (want_points && !fast.pass) value_points(src, v, raw, ident, plan, fast.have_point, fast.pt);
    }
}

// A value that breaks its row's rules: reported, and a point of a syntax no page gives kept
// among the node's points by its bytes.
void tree_checker::value_failure(const source& src, const value_ref& v, std::string_view raw, std::string_view ident,
                                 const row_plan& plan, value_check&& c) {
    const auto group = static_cast<std::size_t>(plan.unique_points);
    // (KO[7.5] in the root: the SGF2-style alias of KM, which the hint names)
    std::string hint = c.which == rule::value_syntax && root_node_ ? sgf2_hint(ident) : std::string{};
    type_failures_ += c.which == rule::value_syntax;
    // the identifier groups the findings of per_subject rules (I121: one per identifier)
    report(c.which, src, v.open, std::move(c.message) + definition_note_, {}, std::move(hint), ident);
    // a point syntax no page gives: byte-identical values are still the same point
    if (c.which == rule::unverified_syntax && plan.unique_points != point_group::none && !plan.stacks) {
        std::string key = std::to_string(group_stamp_[group]) + ' ' + std::string(raw);
        if (unverified_node_ != node_stamp_) {
            unverified_points_.clear();
            unverified_node_ = node_stamp_;
        }
        const auto [it, fresh] = unverified_points_.emplace(std::move(key), v.open);
        if (!fresh)
            report(rule::duplicate_point, src, v.open,
                   std::string(ident) + "[" + std::string(raw) + "] names a point that is already listed (the same " +
                       "value, whatever the game's point syntax): " + ctx_->plans->group_rules[group] +
                       definition_note_,
                   it->second);
    }
}

// A value's points (a point, or a rectangle of a compressed list) through the unique-points
// rules of its group, counted as handicap stones, and played or kept for the replay.
void tree_checker::value_points(const source& src, const value_ref& v, std::string_view raw, std::string_view ident,
                                const row_plan& plan, bool have_point, board_point pt) {
    const game_rule* const g = ctx_->plans->game;
    const board_size size = ctx_->size;
    const auto group = static_cast<std::size_t>(plan.unique_points);
    const bool grouped = plan.unique_points != point_group::none;
    named_points np{pt, pt};
    if (!have_point) {
        const auto found = points_of_value(g, raw, plan.points, size);
        if (!found) return;
        np = *found;
    }
    const point_rect rect{np.upper_left, np.lower_right, np.upper_left == np.lower_right, np.upper_left,
                          np.lower_right};
    std::optional<std::uint32_t> earlier;
    if (grouped && rect.count() <= (1u << 16)) {  // larger rectangles only exist on boards without limits
        rect.for_each([&](board_point q) {
            const auto e = mark_point(group, q, v.open, plan.index, plan.stacks);
            if (e && !earlier) earlier = e;
        });
        if (earlier)
            report(rule::duplicate_point, src, v.open,
                   std::string(ident) + "[" + std::string(raw) + "] names a point that is already listed: " +
                       ctx_->plans->group_rules[group] + definition_note_,
                   *earlier);
    }
    if (plan.go == board_effect::add_black) ab_stones_ += rect.count();
    if (plan.go != board_effect::none && ctx_->replay) {
        const bool move = plan.go == board_effect::move_black || plan.go == board_effect::move_white;
        if (move && moves_now_) play_move(src, plan.go, v.open, np.upper_left);
        else actions_.push_back({plan.go, v.open, raw, np.upper_left, np.lower_right, earlier.has_value()});
    }
}

}  // namespace sgf::detail
