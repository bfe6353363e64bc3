// Fuzz target values: the value decoding (include/sgf/typed_value.hpp, src/values/) on any
// bytes, for any row of the property table, any game and any board size. It never crashes
// or throws; a finding lies inside its value and is one line; validating only (the
// checker's mode) finds what decoding finds; and the shortcuts agree with the rules they
// stand for: the fast paths (values/match.hpp), the one number parser. The value API's other
// entry points agree with the decoding (check_entry_points), and any bytes make a valid
// JSON string (append_json_string) and a file name that reads back (append_json_path). A
// decoded value writes back through encode_property (check_written_back).
//
// Input: byte 0 picks the row, byte 1 the game (or none), bytes 2-3 the board size, byte 4
// the charset; the rest, split at NUL bytes, are the values.
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.hpp"
#include "sgf/encode_value.hpp"
#include "sgf/json.hpp"
#include "sgf/typed_value.hpp"
#include "tools/json_value.hpp"
#include "values/readers.hpp"
#include "values/match.hpp"

namespace {

constexpr std::array<std::string_view, 5> charsets{"", "UTF-8", "ISO-8859-1", "Shift_JIS", "GB2312"};

void check_finding(const sgf::decoded_value& d, std::size_t longest, const std::string& ctx) {
    if (!d.error) return;
    SGF_FUZZ_CHECK(d.error->at <= longest, "finding past the end of the value; " + ctx);
    SGF_FUZZ_CHECK(!d.error->message.empty(), "finding without a message; " + ctx);
    SGF_FUZZ_CHECK(d.error->message.find_first_of("\r\n") == std::string::npos,
                   "message of more than one line: " + sgf_fuzz::printable(d.error->message) + "; " + ctx);
}

// A board size from the value's length: 19x19 most of the time, also smaller and larger
// (tt is a pass only up to 19x19), and unknown.
std::uint32_t data_size(std::string_view raw) {
    constexpr std::array<std::uint32_t, 5> sizes{19, 19, 9, 25, 0};
    return sizes[raw.size() % sizes.size()];
}

void check_one(std::string_view raw, const sgf::decode_options& o, const std::string& row_ctx) {
    const std::string ctx = "value [" + sgf_fuzz::printable(raw, 80) + "] of " + row_ctx;
    for (int k = 0; k <= static_cast<int>(sgf::value_kind::unknown); ++k) {
        const auto kind = static_cast<sgf::value_kind>(k);
        const sgf::decoded_value d = sgf::decode_kind(kind, raw, o, "X");
        check_finding(d, raw.size(), ctx + " as " + std::string(sgf::to_string(kind)));
    }

    // Number = ["+"|"-"] Digit {Digit}; Real = Number ["." Digit {Digit}] (000_*). The rules
    // read a value after its escapes (002_*: any symbol of a value may be escaped), the fast
    // paths the raw bytes: where there is no '\\' they must agree both ways, else a fast
    // "yes" must still be a "yes".
    const bool plain = raw.find('\\') == std::string_view::npos;
    const bool number = sgf::detail::is_number_text(raw);
    const sgf::decoded_value n = sgf::decode_kind(sgf::value_kind::number, raw, o, "X");
    SGF_FUZZ_CHECK(plain ? number == !n.error : !number || !n.error, "is_number_text and the Number rule differ; " + ctx);
    const auto parsed = sgf::parse_number(raw);
    SGF_FUZZ_CHECK(parsed.has_value() == !n.error, "parse_number and the Number rule differ; " + ctx);
    if (parsed && !n.error)
        SGF_FUZZ_CHECK(n.value == sgf::typed_value{sgf::number{*parsed}}, "parse_number and decode differ; " + ctx);
    const bool real = sgf::detail::is_real_text(raw);
    const bool real_rule = !sgf::decode_kind(sgf::value_kind::real, raw, o, "X").error;
    SGF_FUZZ_CHECK(plain ? real == real_rule : !real || real_rule, "is_real_text and the Real rule differ; " + ctx);
    SGF_FUZZ_CHECK(!number || real, "a Number that is no Real; " + ctx);

    // The lower-case letter pair is the shortcut of the letter-pair Point rule (Go, Amazons,
    // Gess) and of Go's Move rule, a short plain number or real that of Number, Real and
    // time: the same values with and without them.
    sgf::decode_options go{.size = {data_size(raw), data_size(raw)}};
    sgf::decode_options by_rule = go;
    by_rule.rules_only = true;
    for (const auto k : {sgf::value_kind::point, sgf::value_kind::move, sgf::value_kind::stone, sgf::value_kind::number,
                         sgf::value_kind::real, sgf::value_kind::time}) {
        const sgf::decoded_value fast = sgf::decode_kind(k, raw, go, "X");
        const sgf::decoded_value slow = sgf::decode_kind(k, raw, by_rule, "X");
        SGF_FUZZ_CHECK(fast.value == slow.value && fast.error == slow.error,
                       "a shortcut and the rule differ as " + std::string(sgf::to_string(k)) + "; " + ctx);
    }
    if (const auto lp = sgf::detail::lower_letter_pair(raw))
        SGF_FUZZ_CHECK(sgf::decode_kind(sgf::value_kind::point, raw, by_rule, "X").value == sgf::typed_value{*lp} ||
                           (go.size.known() && !sgf::on_board(*lp, go.size)),
                       "lower_letter_pair and the Point rule differ; " + ctx);
}

// The value API's entry points on the same value: one value of the row (decode_value) is
// what the property's decoding of that value alone says; the library's readers
// (values/readers.hpp) say what the decoding says: check_value its first finding, parse_real
// the Real rule (fuzz/SURFACE.md).
void check_entry_points(const sgf::property_rule& row, std::string_view raw, const sgf::decode_options& o,
                        const std::string& row_ctx) {
    const std::string ctx = "value [" + sgf_fuzz::printable(raw, 80) + "] of " + row_ctx;
    const sgf::decoded_value one = sgf::decode_value(row, raw, o);
    check_finding(one, raw.size(), ctx + " (decode_value)");
    sgf::decode_options checking;  // what check_value decodes with
    checking.game = o.game;
    checking.size = o.size;
    checking.values = false;
    const sgf::decoded_value checked = sgf::decode_value(row, raw, checking);
    const sgf::value_check c = sgf::check_value(row, o.game, raw, o.size);
    SGF_FUZZ_CHECK(c.at <= raw.size(), "check_value's finding past the value; " + ctx);
    SGF_FUZZ_CHECK(static_cast<bool>(c) == !checked.error && (!checked.error || c.which == checked.error->which),
                   "check_value and the decoding differ; " + ctx);
    SGF_FUZZ_CHECK(!one.error == !checked.error, "decoding with and without the values differ; " + ctx);
    SGF_FUZZ_CHECK(sgf::parse_real(raw).has_value() == !sgf::decode_kind(sgf::value_kind::real, raw, {}, "X").error,
                   "parse_real and the Real rule differ; " + ctx);
    if (o.game != nullptr)  // a rectangle of one point is written as one point or as aa:aa (E114)
        if (const auto rect = sgf::parse_point_rect(*o.game, raw); rect && rect->count() < 1000)
            SGF_FUZZ_CHECK((rect->count() == 1) == (rect->single || rect->one_by_one()),
                           "a rectangle of one point that is neither single nor 1x1; " + ctx);
    // JSON strings of any bytes: valid JSON; a file name's bytes come back (surrogateescape)
    std::string path, text;
    sgf::append_json_path(path, raw);
    sgf::append_json_string(text, raw);
    SGF_FUZZ_CHECK(sgf_fuzz::json_error(path).empty() && sgf_fuzz::json_error(text).empty(),
                   "not a JSON string: " + sgf_fuzz::printable(path) + "; " + ctx);
    std::size_t at = 0;
    SGF_FUZZ_CHECK(sgf::tools::read_json_string(path, at, true) == raw, "append_json_path does not give the bytes back; " + ctx);
}

}  // namespace

namespace {

// The one writer (encode_property): a decoded value writes back to raw values (texts in
// UTF-8) that decode, to a value that writes the same; only the moves without a typed form
// to write (Octi's pods) and points of a game without a page are refused.
void check_written_back(const sgf::property_rule& row, const sgf::typed_value& v, const sgf::decode_options& o,
                        const std::string& ctx) {
    sgf::decode_options utf8 = o;
    utf8.charset = {};
    std::optional<std::vector<std::string>> back;
    try {
        back = sgf::encode_property(row, v, utf8);
    } catch (const std::invalid_argument& e) {
        SGF_FUZZ_CHECK(false, std::string("a decoded value does not write back: ") + e.what() + "; " + ctx);
    }
    if (!back) {
        const bool no_form = !o.game || o.game->move == sgf::move_syntax::octi ||
                             o.game->point == sgf::point_syntax::unknown;
        SGF_FUZZ_CHECK(no_form, "encode_property refuses a value decoded by its row; " + ctx);
        return;
    }
    const std::vector<std::string_view> views(back->begin(), back->end());
    const sgf::decoded_value again = sgf::decode_property(row, views, utf8);
    SGF_FUZZ_CHECK(!again.error, "what encode_property wrote does not decode; " + ctx);
    SGF_FUZZ_CHECK(sgf::encode_property(row, again.value, utf8) == back, "encode_property is not stable; " + ctx);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 5) return 0;
    const auto rows = sgf::all_properties();
    const auto games = sgf::all_games();
    const sgf::property_rule& row = rows[data[0] % rows.size()];
    sgf::decode_options o;
    o.game = data[1] % (games.size() + 1) == games.size() ? nullptr : &games[data[1] % (games.size() + 1)];
    o.size = {data[2] % 64u, data[3] % 64u};
    o.charset = charsets[data[4] % charsets.size()];

    const std::string_view rest(reinterpret_cast<const char*>(data + 5), size - 5);
    std::vector<std::string_view> raws;
    std::size_t longest = 0;
    for (std::size_t b = 0; raws.size() < 64;) {
        const std::size_t e = std::min(rest.find('\0', b), rest.size());
        raws.push_back(rest.substr(b, e - b));
        longest = std::max(longest, e - b);
        if (e == rest.size()) break;
        b = e + 1;
    }
    const std::string ctx = std::string(row.ident) + " GM " + (o.game ? std::to_string(o.game->gm) : "none") + " " +
                            std::to_string(o.size.columns) + "x" + std::to_string(o.size.rows) + " [" +
                            sgf_fuzz::printable(rest, 120) + "]";

    const sgf::decoded_value full = sgf::decode_property(row, raws, o);
    check_finding(full, longest, ctx);
    sgf::decode_options validate = o;
    validate.values = false;
    const sgf::decoded_value checked = sgf::decode_property(row, raws, validate);
    SGF_FUZZ_CHECK(full.error == checked.error, "validating only finds otherwise than decoding; " + ctx);
    sgf::decode_options by_rule = o;
    by_rule.rules_only = true;
    const sgf::decoded_value slow = sgf::decode_property(row, raws, by_rule);
    SGF_FUZZ_CHECK(full.value == slow.value && full.error == slow.error, "the shortcuts and the rules differ; " + ctx);

    if (!full.error) check_written_back(row, full.value, o, ctx);

    for (const std::string_view raw : raws) {
        check_one(raw, o, ctx);
        check_entry_points(row, raw, o, ctx);
    }
    return 0;
}
