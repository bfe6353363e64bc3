// Typed values from the grammar's value-type rules: the basic types (None, Number, Real,
// Double, Color, SimpleText, Text), Compose, and the dispatch over a property row's value
// shape and format. The game-specific kinds are in decode_game.cpp, the formats in
// decode_formats.cpp.
#include "values/decode.hpp"

#include <limits>

#include "grammar/value_types.hpp"
#include "sgf/charset.hpp"
#include "sgf/value.hpp"
#include "table/findings.hpp"
#include "grammar/line_break.hpp"
#include "values/match.hpp"

namespace sgf::detail {

void fail(decoded_value& d, rule r, std::uint32_t at, std::string_view ident, std::string_view raw, std::string_view what) {
    d.value = none{};
    d.error = value_error{r, at, value_message(ident, raw, what)};
}

value_text::value_text(std::string_view raw, std::uint32_t base) : base_(base) {
    if (raw.find('\\') == std::string_view::npos) {
        view_ = raw;
        return;
    }
    // The same processing as sgf::unescape, keeping where each byte came from.
    storage_.reserve(raw.size());
    map_.reserve(raw.size() + 1);
    for (std::size_t i = 0; i < raw.size();) {
        if (raw[i] == '\\' && i + 1 < raw.size()) {
            if (const std::size_t lb = line_break_at(raw, i + 1)) {  // soft line break: removed
                i += 1 + lb;
                continue;
            }
            storage_.push_back(raw[i + 1]);
            map_.push_back(base + static_cast<std::uint32_t>(i));
            i += 2;
            continue;
        }
        storage_.push_back(raw[i]);
        map_.push_back(base + static_cast<std::uint32_t>(i));
        ++i;
    }
    map_.push_back(base + static_cast<std::uint32_t>(raw.size()));
    view_ = storage_;
}

void decode_state::fail(rule r, const char* at, std::string_view what) {
    if (error) return;
    value_error e;
    e.which = r;
    e.at = text != nullptr ? text->raw_offset(at) : 0;
    e.message = value_message(ident, raw, what);
    error = std::move(e);
}

std::string value_message(std::string_view ident, std::string_view raw, std::string_view what) {
    return cat(ident, "[", one_line(raw, 40), "]: ", what);
}

std::string size_text(board_size s) { return std::to_string(s.columns) + "x" + std::to_string(s.rows); }

std::string game_text(const game_rule& g) { return "GM[" + std::to_string(g.gm) + "] (" + std::string(g.name) + ")"; }

namespace {
constexpr char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

template <class F>
bool any_word(std::string_view list, F&& f) {
    while (!list.empty()) {
        const auto bar = list.find('|');
        if (f(list.substr(0, bar))) return true;
        if (bar == std::string_view::npos) break;
        list.remove_prefix(bar + 1);
    }
    return false;
}
}  // namespace

bool iequal(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

std::string words_text(std::string_view list) {
    std::string out;
    any_word(list, [&](std::string_view w) {
        if (!out.empty()) out += ", ";
        out += w;
        return false;
    });
    return out;
}

bool in_list(std::string_view list, std::string_view word, bool case_insensitive) noexcept {
    return any_word(list, [&](std::string_view w) { return case_insensitive ? iequal(w, word) : w == word; });
}

// ------------------------------------------------------------------------ basic types

namespace {

namespace g = grammar;

template <typename Rule>
struct basic_action : pegtl::nothing<Rule> {};

template <>
struct basic_action<g::number> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) noexcept {
        s.value = number_value(std::string_view(in.begin(), in.size()));
    }
};

template <>
struct basic_action<g::real> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) noexcept {
        s.value = real_value(std::string_view(in.begin(), in.size()));
    }
};

template <>
struct basic_action<g::double_> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) noexcept {
        s.value = *in.begin() == '2' ? double_value::emphasized : double_value::normal;
    }
};

template <>
struct basic_action<g::color> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, decode_state& s) noexcept {
        s.value = *in.begin() == 'W' ? color::white : color::black;
    }
};

decoded_value finish(decode_state& s) {
    decoded_value d;
    d.error = std::move(s.error);
    d.value = std::move(s.value);
    return d;
}

// Out of line (here and below): the fast paths that call them keep a small frame.
template <typename Rule>
[[gnu::noinline]] decoded_value run_basic(std::string_view raw, std::uint32_t base, std::string_view ident, std::string_view whole_raw,
                  std::string_view expected) {
    const value_text t(raw, base);
    decode_state s;
    s.ident = ident;
    s.raw = whole_raw;
    (void)run_rule<Rule, basic_action>(t, s, expected);
    return finish(s);
}

// Finding `which` at the start of `raw` (after its escapes).
[[gnu::noinline]] decoded_value failure_at_start(rule which, std::string_view raw, std::uint32_t base, std::string_view ident,
                                                 std::string_view whole_raw, std::string_view what) {
    decode_state s;
    const value_text t(raw, base);
    s.text = &t;
    s.ident = ident;
    s.raw = whole_raw;
    s.fail(which, t.view().data(), what);
    return finish(s);
}

// A text of kind Text (simple_text, text) in UTF-8, built in the caller's place.
template <class Text>
decoded_value text_in_utf8(std::string text, std::string_view charset) {
    if (!charset.empty() && !(charset == "UTF-8" || iequal(charset, "UTF-8") || iequal(charset, "US-ASCII")))
        text = decode_to_utf8(text, charset).utf8;
    return decoded_value(boost::variant2::in_place_type<Text>, Text{std::move(text)});
}

[[gnu::noinline]] decoded_value time_by_rule(std::string_view raw, std::uint32_t base, std::string_view ident) {
    decoded_value d = decode_time(raw, ident);
    if (d.error) d.error->at += base;
    return d;
}

// TM, BL, WL: a real number of seconds (002_*: or with a unit).
decoded_value time_at(std::string_view raw, std::uint32_t base, const decode_options& o, std::string_view ident) {
    if (!o.rules_only && is_plain_real(raw)) return {real{real_value(raw)}, std::nullopt};
    return time_by_rule(raw, base, ident);
}

}  // namespace

decoded_value kind_at(value_kind kind, std::string_view raw, std::uint32_t base, const decode_options& o,
                std::string_view ident, std::string_view whole_raw) {
    switch (kind) {
        case value_kind::none:
            if (raw.empty()) return {none{}, std::nullopt};
            return failure_at_start(rule::value_syntax, raw, base, ident, whole_raw, "expected no value: []");
        case value_kind::number:
            // the common numbers without the rule (match.hpp; tested against the rule)
            if (!o.rules_only)
                if (const auto n = plain_number(raw)) return {number{*n}, std::nullopt};
            return run_basic<g::number>(raw, base, ident, whole_raw, "a number: [+|-] digits");
        case value_kind::real:
            if (!o.rules_only && is_plain_real(raw)) return {real{real_value(raw)}, std::nullopt};
            return run_basic<g::real>(raw, base, ident, whole_raw, "a real: [+|-] digits [. digits]");
        case value_kind::double_value:
            return run_basic<g::double_>(raw, base, ident, whole_raw, "a double: 1 (normal) or 2 (emphasized)");
        case value_kind::color: return run_basic<g::color>(raw, base, ident, whole_raw, "a color: B or W");
        case value_kind::time: return time_at(raw, base, o, ident);
        case value_kind::simple_text:
            if (!o.values) return {};
            return text_in_utf8<simple_text>(decode_simple_text(raw), o.charset);
        case value_kind::text:
            if (!o.values) return {};
            return text_in_utf8<text>(decode_text(raw), o.charset);
        case value_kind::unknown:
            if (!o.values) return {};
            return text_in_utf8<text>(unescape(raw), o.charset);
        case value_kind::point:
        case value_kind::move:
        case value_kind::stone: {
            if (o.game == nullptr)
                return failure_at_start(rule::unverified_syntax, raw, base, ident, whole_raw,
                                        "unknown game (GM): point, move and stone values not checked");
            if (kind == value_kind::point) return decode_point(*o.game, raw, base, o, ident, whole_raw);
            if (kind == value_kind::move) return decode_move(*o.game, raw, base, o, ident, whole_raw);
            return decode_stone(*o.game, raw, base, o, ident, whole_raw);
        }
    }
    return {};
}

std::optional<value_kind> plain_kind(const property_rule& r) noexcept {
    const auto& sh = r.shape;
    if (sh.card != cardinality::single || r.format != value_format::plain || r.range.present ||
        r.has(restriction::distinct_ends) || sh.count != 1 || sh.alts[0].composed)
        return std::nullopt;
    return sh.alts[0].first;
}

namespace {

bool text_kind(value_kind k) noexcept {
    return k == value_kind::simple_text || k == value_kind::text || k == value_kind::unknown;
}

decoded_value failure(rule r, std::uint32_t at, std::string_view ident, std::string_view raw, std::string_view what) {
    decoded_value d;
    d.error = value_error{r, at, value_message(ident, raw, what)};
    return d;
}

decoded_value alternatives_value(const property_rule& r, std::string_view raw, const decode_options& o);

// The shape of row r (alternatives, Compose, compressed point lists) on one value.
decoded_value shape_value(const property_rule& r, std::string_view raw, const decode_options& o) {
    const auto& sh = r.shape;
    const auto ident = r.ident;
    if (raw.empty() && sh.card == cardinality::elist) return {list{}, std::nullopt};
    if (raw.empty() && sh.card == cardinality::list)
        return failure(rule::empty_list, 0, ident, raw, "empty list: " + to_string(sh) + " needs at least one value");
    if (sh.card != cardinality::single && allows_compressed_points(sh, o.game)) {
        if (o.game == nullptr)
            return failure(rule::unverified_syntax, 0, ident, raw, "unknown game (GM): point, move and stone values not checked");
        return decode_point_list_item(*o.game, raw, o, ident);
    }
    // One alternative, not a Compose (B, W, KM, PB, ...): its kind, what the loop of
    // alternatives comes to without looking for a ':'.
    if (sh.count == 1 && !sh.alts[0].composed) return kind_at(sh.alts[0].first, raw, 0, o, ident, raw);
    return alternatives_value(r, raw, o);
}

// The alternatives of row r's shape (Compose, unions) on one value: the first that fits.
[[gnu::noinline]] decoded_value alternatives_value(const property_rule& r, std::string_view raw, const decode_options& o) {
    const auto& sh = r.shape;
    const auto ident = r.ident;
    const auto parts = split_compose(raw);
    std::optional<decoded_value> matching;  // the failure of the alternative whose structure fits
    for (const auto& a : sh.alternatives()) {
        decoded_value c;
        if (a.composed) {
            if (!parts) continue;
            const auto second_at = static_cast<std::uint32_t>(parts->second.data() - raw.data());
            decoded_value first = kind_at(a.first, parts->first, 0, o, ident, raw);
            if (first) {
                decoded_value second = kind_at(a.second, parts->second, second_at, o, ident, raw);
                if (second) {
                    if (text_kind(a.second))
                        if (const auto extra = split_compose(parts->second))
                            return failure(rule::compose_extra_colon,
                                           second_at + static_cast<std::uint32_t>(extra->first.size()), ident, raw,
                                           "more than one ':' in a compose value: escape ':' in the text as '\\:'");
                    if (!o.values && !r.has(restriction::distinct_ends) && r.format != value_format::figure) return {};
                    compose cv;
                    cv.parts.push_back(std::move(first.value));
                    cv.parts.push_back(std::move(second.value));
                    return {std::move(cv), std::nullopt};
                }
                c = std::move(second);
            } else {
                c = std::move(first);
            }
        } else {
            // a None alternative of a union (FG, XM) does not fit a non-empty value
            if (a.first == value_kind::none && !raw.empty() && sh.count > 1) continue;
            c = kind_at(a.first, raw, 0, o, ident, raw);
            if (c) return c;
            // a ':' in a value of a non-compose alternative: that alternative is not the fit
            if (parts && is_compose_type(sh) && c.error->which == rule::value_syntax) continue;
        }
        if (!matching) matching = std::move(c);
    }
    if (matching && (sh.count == 1 || matching->error->which != rule::value_syntax)) return std::move(*matching);
    return failure(rule::value_syntax, 0, ident, raw, "expected " + to_string(sh));
}

// The vocabulary of a keyword format: `d` (the shaped value) stays or becomes the finding.
void check_keyword(decoded_value& d, const property_rule& r, std::string_view raw, const decode_options& o) {
    const std::string word = unescape(raw);
    const bool ci = o.game != nullptr && o.game->case_insensitive;
    if (!in_list(r.keywords, word, ci)) fail(d, rule::unknown_keyword, 0, r.ident, raw, "expected one of " + words_text(r.keywords));
}

void check_keyword_pair(decoded_value& d, const property_rule& r, std::string_view raw, bool numbers) {
    const auto parts = split_compose(raw);
    if (!parts) return fail(d, rule::value_syntax, 0, r.ident, raw, "expected key ':' value");
    const std::string key = unescape(parts->first);
    const std::string value = unescape(parts->second);
    const auto value_at = static_cast<std::uint32_t>(parts->second.data() - raw.data());
    if (!in_list(r.keywords, key, true))
        return fail(d, rule::unknown_keyword, 0, r.ident, raw, "unknown key; known keys: " + words_text(r.keywords));
    if (numbers) {
        if (!kind_at(value_kind::number, parts->second, value_at, {}, r.ident, raw))
            return fail(d, rule::unknown_keyword, value_at, r.ident, raw, "value should be a number");
    } else if (!iequal(value, "on") && !iequal(value, "off")) {
        return fail(d, rule::unknown_keyword, value_at, r.ident, raw, "value should be on or off");
    }
}

// What row r adds to a value of its shape (no direction, the number range, the formats
// that check the text). Every return is `d` (built in the caller's place, never moved).
decoded_value checked_value(const property_rule& r, std::string_view raw, const decode_options& o) {
    const auto ident = r.ident;
    decoded_value d = shape_value(r, raw, o);
    if (!d) return d;
    if (r.has(restriction::distinct_ends)) {  // AR[cc:cc], LN[cc:cc]: no direction
        const auto* c = d.value.get_if<compose>();
        // a stone without prongs names its point (Octi AS[46:46]); one with prongs does not
        const auto at = [](const typed_value& v) -> std::optional<board_point> {
            if (const auto* p = v.get_if<point>()) return *p;
            if (const auto* st = v.get_if<stone>(); st && st->prongs.empty()) return st->at;
            return std::nullopt;
        };
        if (c && at(c->first()) && at(c->first()) == at(c->second())) {
            fail(d, rule::one_point_line, 0, ident, raw, "from and to are the same point");
            return d;
        }
    }
    if (r.range.present) {
        if (const auto* n = d.value.get_if<number>(); n && !r.range.contains(*n)) {
            const std::string what =
                r.range.max != std::numeric_limits<std::int64_t>::max()
                    ? cat("number out of range ", std::to_string(r.range.min), "-", std::to_string(r.range.max))
                    : cat("number below the minimum ", std::to_string(r.range.min));
            // GM: ff4_properties.txt says "(range: 1-16)" and lists the games up to Kropki = 40
            // (disagreement gm_range); a number without a game is an unknown game
            if (r.format == value_format::plain && r.ident == "GM")
                fail(d, rule::number_range, 0, ident, raw,
                     what + " (ff4_properties.txt GM lists the games Go = 1 to Kropki = 40): checked as an unknown game");
            else
                fail(d, rule::number_range, 0, ident, raw, what);
            return d;
        }
    }
    switch (r.format) {
        case value_format::date: {
            decoded_value dt = decode_date(raw, ident);
            if (!dt) d.error = std::move(dt.error);
            break;
        }
        case value_format::result:
        case value_format::result_backgammon:
        case value_format::result_hex: {
            decoded_value re = decode_result(raw, ident, r.format);
            if (!re) d.error = std::move(re.error);
            break;
        }
        case value_format::figure: {
            const auto* c = d.value.get_if<compose>();
            if (c == nullptr) break;
            const auto* n = c->first().get_if<number>();
            constexpr std::int64_t known = 1 | 2 | 4 | 256 | 512 | 32768;
            if (n && (*n < 0 || (*n & ~known) != 0))
                fail(d, rule::unknown_keyword, 0, ident, raw, "FG flags are a sum of 1, 2, 4, 256, 512 and 32768");
            break;
        }
        case value_format::keyword: check_keyword(d, r, raw, o); break;
        case value_format::keyword_switches: check_keyword_pair(d, r, raw, false); break;
        case value_format::keyword_numbers: check_keyword_pair(d, r, raw, true); break;
        case value_format::empty_text:
            if (!raw.empty()) fail(d, rule::unknown_keyword, 0, ident, raw, "the value should be empty");
            break;
        case value_format::rule_set: check_rule_set(d, ident, raw, o); break;
        default: break;
    }
    return d;
}

// A single-value property with several values: the first one's decoding, or that it has
// more than one.
decoded_value several_values(const property_rule& r, std::span<const std::string_view> raws, const decode_options& o) {
    decoded_value d = decode_value(r, raws.front(), o);
    if (d) d.error = value_error{rule::value_syntax, 0, value_message(r.ident, raws[1], "several values for a single-value property")};
    return d;
}

// A list property: its values in order, rectangles expanded. Every return is `out`.
decoded_value list_property(const property_rule& r, std::span<const std::string_view> raws, const decode_options& o) {
    decoded_value out;
    list& items = out.value.emplace<list>();
    items.items.reserve(raws.size());
    for (const std::string_view raw : raws) {
        if (raw.empty() && r.shape.card == cardinality::elist && raws.size() == 1) break;  // elist []
        decoded_value d = decode_value(r, raw, o);
        if (!d) {
            out = std::move(d);
            return out;
        }
        if (auto* l = boost::variant2::get_if<list>(&d.value)) {  // a rectangle: its points
            for (auto& item : l->items) items.items.push_back(std::move(item));
        } else {
            items.items.push_back(std::move(d.value));
        }
    }
    return out;
}

}  // namespace

decoded_value decode_handicap(std::string_view raw, std::string_view ident) {
    decoded_value d = kind_at(value_kind::number, raw, 0, {}, ident, raw);
    if (!d) {
        d.error->message = value_message(ident, raw, "expected a number of handicap stones");
        return d;
    }
    if (const auto* n = d.value.get_if<number>(); n && *n < 2)
        d.error = value_error{rule::ha_range, 0,
                              value_message(ident, raw, "handicap below 2 (ff4_go.txt: 'the number of handicap stones (>=2)'); omit HA for none")};
    return d;
}

}  // namespace sgf::detail

namespace sgf {

decoded_value decode_kind(value_kind kind, std::string_view raw, const decode_options& o, std::string_view ident) {
    return detail::kind_at(kind, raw, 0, o, ident, raw);
}

decoded_value decode_value(const property_rule& r, std::string_view raw, const decode_options& o) {
    using namespace detail;
    const auto ident = r.ident;
    switch (r.format) {  // formats that replace the value-type check
        case value_format::size: return decode_size(o.game, raw, ident);
        case value_format::time: return time_at(raw, 0, o, ident);
        case value_format::handicap: return decode_handicap(raw, ident);
        case value_format::application:
            if (!split_compose(raw))
                return failure(rule::ap_not_composed, static_cast<std::uint32_t>(raw.size()), ident, raw,
                               "expected name ':' version, e.g. CGoban:1.6.2");
            break;
        default: break;
    }
    return checked_value(r, raw, o);
}

decoded_value decode_property(const property_rule& r, std::span<const std::string_view> raws, const decode_options& o) {
    if (r.shape.card != cardinality::single) return detail::list_property(r, raws, o);
    if (raws.size() == 1) {
        // A row that adds nothing to its one kind (B, W, PB, C, ...): the kind, which is
        // what decode_value comes to for it.
        if (const auto k = detail::plain_kind(r)) return detail::kind_at(*k, raws.front(), 0, o, r.ident, raws.front());
        return decode_value(r, raws.front(), o);
    }
    if (raws.empty()) return {none{}, value_error{rule::value_syntax, 0, std::string(r.ident) + ": no value"}};
    return detail::several_values(r, raws, o);
}

}  // namespace sgf
