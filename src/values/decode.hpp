#pragma once
// How the value-type rules of grammar/ run on a value: the text they see (the value after
// escape processing, with the way back to raw offsets), the state their actions fill (the
// typed value and the first finding), and the control that remembers where a failed
// match got furthest (the place a syntax error is reported at).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tao/pegtl.hpp>

#include "sgf/typed_value.hpp"
#include "values/readers.hpp"
#include "values/match.hpp"

namespace sgf::detail {

namespace pegtl = tao::pegtl;

// A part of a raw value as the value-type rules read it: escapes processed ("\x" -> "x",
// soft line breaks removed; 000_* "Escaping"), with each byte's offset in the raw value.
class value_text {
public:
    // `raw` is a part of a raw value that starts at raw offset `base`.
    value_text(std::string_view raw, std::uint32_t base);
    value_text(const value_text&) = delete;
    value_text& operator=(const value_text&) = delete;

    [[nodiscard]] std::string_view view() const noexcept { return view_; }
    // Raw offset (in the whole value) of byte i of view() (i == size: the end).
    [[nodiscard]] std::uint32_t raw_offset(std::size_t i) const noexcept {
        return map_.empty() ? base_ + static_cast<std::uint32_t>(i) : map_[i];
    }
    [[nodiscard]] std::uint32_t raw_offset(const char* p) const noexcept {
        return raw_offset(static_cast<std::size_t>(p - view_.data()));
    }

private:
    std::string storage_;
    std::string_view view_;
    std::vector<std::uint32_t> map_;  // empty: no escapes, offsets are base_ + i
    std::uint32_t base_ = 0;
};

// What the actions see and fill.
struct decode_state {
    const value_text* text = nullptr;
    const decode_options* options = nullptr;
    std::string_view ident;  // for messages
    std::string_view raw;    // the whole raw value, for messages
    std::string_view keywords;  // a row's vocabulary (keyword formats), '|' separated

    // the value built (scalars; points and moves are collected, then assembled)
    typed_value value;
    point_list points;  // two in place: a Go move, a size, a Gess move decode without allocation
    move_kind kind = move_kind::point;
    std::string word;

    // the first finding
    std::optional<value_error> error;
    const char* furthest = nullptr;  // where a failed match got furthest

    // DT: what the previous date item said (which two-digit items are months or days)
    enum class date_last : std::uint8_t { nothing, y, ym, ymd, md, m, d } date_prev = date_last::nothing;
    unsigned year = 0, month = 0;

    // Records a finding at byte `at` of the text (the first one wins).
    void fail(rule r, const char* at, std::string_view what);
    [[nodiscard]] bool failed() const noexcept { return error.has_value(); }
};

// "IDENT[raw]: what" with the raw value clipped (messages are one line: control characters
// and line breaks are shown escaped).
[[nodiscard]] std::string value_message(std::string_view ident, std::string_view raw, std::string_view what);

// Tracks the furthest place a rule failed, for the position of a syntax error.
template <typename Rule>
struct furthest_control : pegtl::normal<Rule> {
    template <typename ParseInput>
    static void failure(const ParseInput& in, decode_state& s) noexcept {
        if (s.furthest == nullptr || in.current() > s.furthest) s.furthest = in.current();
    }
};

// Runs Rule on the whole text with Action; on a mismatch records a syntax finding
// (rule::value_syntax, "expected <expected>") at the furthest place the match reached, in
// place of anything the actions found on the way.
// Returns whether the rule matched and no action recorded a finding.
template <typename Rule, template <typename...> class Action>
bool run_rule(const value_text& t, decode_state& s, std::string_view expected) {
    const std::string_view v = t.view();
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(v.data(), v.data() + v.size(), "");
    s.text = &t;
    s.furthest = nullptr;
    bool ok = false;
    try {
        ok = pegtl::parse<pegtl::seq<Rule, pegtl::eof>, Action, furthest_control>(in, s);
    } catch (const pegtl::parse_error&) {
        ok = false;
    }
    if (!ok) {  // a mismatch: what actions found on the way does not count, the syntax does
        const char* at = s.furthest != nullptr ? s.furthest : v.data();
        if (at > v.data() + v.size()) at = v.data() + v.size();
        s.error.reset();
        s.fail(rule::value_syntax, at, "expected " + std::string(expected));
    }
    return ok && !s.failed();
}

// The parts joined (messages; one allocation, and no GCC 12 -Wrestrict false positive as
// with `"literal" + std::string(p, 2)`).
template <class... Parts>
[[nodiscard]] std::string cat(const Parts&... parts) {
    std::string out;
    out.reserve((std::string_view(parts).size() + ...));
    (out.append(std::string_view(parts)), ...);
    return out;
}

// The one number parser and the one real parser (public: sgf::parse_number and
// sgf::parse_real). number_value: the value of a text the Number rule (or a run of digits:
// SZ sides, Hex rows, date items) matched, saturating at the int64 limits. real_value: the
// value of a text the Real rule matched, [+|-] digits [. digits]; infinity past the limits
// of a double. One reading for the rules' actions and their fast paths (match.hpp).
[[nodiscard]] std::int64_t number_value(std::string_view matched) noexcept;
[[nodiscard]] double real_value(std::string_view matched) noexcept;

// Records finding `r` at raw offset `at` in `d`, whose value becomes none (a value that
// does not decode).
void fail(decoded_value& d, rule r, std::uint32_t at, std::string_view ident, std::string_view raw, std::string_view what);

// Board and board-size texts for messages.
[[nodiscard]] std::string size_text(board_size s);
[[nodiscard]] std::string game_text(const game_rule& g);
// "a|b|c" -> "a, b, c"
[[nodiscard]] std::string words_text(std::string_view list);
// Whether `word` is one of the '|' separated `list`.
[[nodiscard]] bool in_list(std::string_view list, std::string_view word, bool case_insensitive) noexcept;
[[nodiscard]] bool iequal(std::string_view a, std::string_view b) noexcept;

// One value of a single kind, `raw` being a part of `whole_raw` at raw offset `base`
// (decode_kind is kind_at(kind, raw, 0, o, ident, raw)).
decoded_value kind_at(value_kind kind, std::string_view raw, std::uint32_t base, const decode_options& o,
                      std::string_view ident, std::string_view whole_raw);
// The one kind of row r's values when the row adds nothing to it: a single value, one
// alternative, no Compose, format, range or distinct ends (B, W, PB, C, ...). A property of
// such a row with one value decodes as that kind: what decode_property comes to for it.
[[nodiscard]] std::optional<value_kind> plain_kind(const property_rule& r) noexcept;

// The common point without running the rule: two lower-case letters on the board
// (values/match.hpp; the tests and the values fuzz target hold it to the rule). A bool and
// an out parameter: an optional<board_point> went through the stack.
[[nodiscard]] inline bool fast_letter_pair(const game_rule& gr, std::string_view raw, const decode_options& o,
                                           board_point& p) noexcept {
    if (gr.point != point_syntax::letter_pair || o.rules_only) return false;
    const auto lp = lower_letter_pair(raw);
    if (!lp || (o.size.known() && !on_board(*lp, o.size))) return false;
    p = *lp;
    return true;
}
// Whether the move [tt] is a pass: on boards up to 19x19 (and of unknown size) of a game that
// says so (ff4_go.txt); on larger boards it is the point (20,20).
[[nodiscard]] constexpr bool tt_passes(const game_rule& gr, board_size size) noexcept {
    return gr.tt_is_pass && (!size.known() || (size.columns <= 19 && size.rows <= 19));
}
// The common Go move the same way (not [tt], a pass on small boards).
[[nodiscard]] inline bool fast_go_move(const game_rule& gr, std::string_view raw, const decode_options& o,
                                       board_point& p) noexcept {
    return gr.move == move_syntax::go && !(raw == "tt" && gr.tt_is_pass) && fast_letter_pair(gr, raw, o, p);
}
// The move of one point, built in the caller's place (variant2's emplace would build it
// aside and move it in).
[[nodiscard]] decoded_value point_move(board_point p);

// The game-specific kinds (src/values/decode_game.cpp).
decoded_value decode_point(const game_rule& g, std::string_view raw, std::uint32_t base, const decode_options& o,
                     std::string_view ident, std::string_view whole_raw);
decoded_value decode_move(const game_rule& g, std::string_view raw, std::uint32_t base, const decode_options& o,
                    std::string_view ident, std::string_view whole_raw);
decoded_value decode_stone(const game_rule& g, std::string_view raw, std::uint32_t base, const decode_options& o,
                     std::string_view ident, std::string_view whole_raw);
// One item of a compressed point list: a point or a rectangle "upper-left:lower-right" (a
// list of its points).
decoded_value decode_point_list_item(const game_rule& g, std::string_view raw, const decode_options& o, std::string_view ident);

// The formats (src/values/decode_formats.cpp); each returns the typed value of the whole value.
decoded_value decode_date(std::string_view raw, std::string_view ident);
decoded_value decode_result(std::string_view raw, std::string_view ident, value_format style);
// RU of Go: one of the four rule sets with a mandatory name written otherwise (in `d`).
void check_rule_set(decoded_value& d, std::string_view ident, std::string_view raw, const decode_options& o);
// The mandatory name of the Go rule set `raw` names in another spelling ("japanese",
// "New Zealand" -> "NZ"), or nullopt (a free name); sgfcheck fix writes it (fix/formats.cpp).
[[nodiscard]] std::optional<std::string_view> mandatory_rule_set(std::string_view raw);
decoded_value decode_time(std::string_view raw, std::string_view ident);
decoded_value decode_size(const game_rule* g, std::string_view raw, std::string_view ident);
// SZ's two sides (one number: a square), without limits; nullopt when it is no size.
std::optional<board_size> read_size(std::string_view text);
// What decode_size finds wrong with the sides `size` of an SZ of game g, which read_size read:
// a side outside the game's (size_range), then one of more than 9 digits (size_limit), else
// none (context_of asks this of the size read_size read instead of decoding the value again).
[[nodiscard]] rule size_problem(const game_rule* g, board_size size) noexcept;
decoded_value decode_handicap(std::string_view raw, std::string_view ident);

}  // namespace sgf::detail
