// Typed values (typed_value.hpp): the value-type rules of grammar/ decode each value into
// sgf::typed_value, and an invalid value is a failed match at its place inside the value.
// Examples from 000_* "Property Value Types", the property pages and the game pages.
#include <doctest/doctest.h>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "sgf/check.hpp"
#include "sgf/parse.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"
#include "sgf/typed_value.hpp"
#include "shared_dir.hpp"
#include "tests/test_util.hpp"
#include "values/decode.hpp"
#include "values/match.hpp"

namespace {

using sgf::board_point;
using sgf::rule;
using sgf::typed_value;
using sgf::value_kind;

sgf::decoded_value kind(value_kind k, std::string_view raw, const sgf::decode_options& o = {}) {
    return sgf::decode_kind(k, raw, o, "X");
}

const sgf::property_rule& row(std::string_view id, int ff = 4, int gm = 1) {
    const auto* r = sgf::find_property(id, ff, gm);
    REQUIRE_MESSAGE(r != nullptr, id);
    return *r;
}

sgf::decoded_value prop(std::string_view id, std::vector<std::string_view> raws, const sgf::decode_options& o = {}) {
    return sgf::decode_property(row(id), raws, o);
}

// The root of the first game tree of `text` (a strict parse that must succeed).
sgf::node root_of(std::string_view text) {
    sgf::parse_result r = sgf::parse(text);
    REQUIRE(!r.trees.empty());
    return r.trees[0].front();
}

}  // namespace

TEST_CASE("typed values of each value type") {
    CHECK(kind(value_kind::none, "").value == typed_value{sgf::none{}});
    CHECK(kind(value_kind::number, "+42").value == typed_value{sgf::number{42}});
    CHECK(kind(value_kind::number, "-7").value == typed_value{sgf::number{-7}});
    CHECK(kind(value_kind::real, "6.5").value == typed_value{sgf::real{6.5}});
    CHECK(kind(value_kind::real, "-0.5").value == typed_value{sgf::real{-0.5}});
    CHECK(kind(value_kind::double_value, "2").value == typed_value{sgf::double_value::emphasized});
    CHECK(kind(value_kind::color, "W").value == typed_value{sgf::color::white});
    CHECK(kind(value_kind::point, "cd").value == typed_value{board_point{3, 4}});
    // Upper-case letters are 27-52 (000_* "Point": "a".."z", "A".."Z").
    CHECK(kind(value_kind::point, "AB", {.size = {52, 52}}).value == typed_value{board_point{27, 28}});

    // Text: soft line breaks removed, escapes processed, other white space a space
    // (000_* "Text"); SimpleText: line breaks are spaces too.
    CHECK(kind(value_kind::text, "a\\\nb\\]c\td").value == typed_value{sgf::text{"ab]c d"}});
    CHECK(kind(value_kind::text, "line\nnext").value == typed_value{sgf::text{"line\nnext"}});
    CHECK(kind(value_kind::simple_text, "line\nnext").value == typed_value{sgf::simple_text{"line next"}});
}

TEST_CASE("an invalid value fails at its place inside the value") {
    const sgf::decoded_value n = kind(value_kind::number, "12x");
    REQUIRE(n.error);
    CHECK(n.error->at == 2);
    CHECK(n.error->which == rule::value_syntax);

    const sgf::decoded_value p = kind(value_kind::point, "zz", {.size = {19, 19}});
    REQUIRE(p.error);  // off the 19x19 board
    CHECK(p.error->at == 0);

    // DT[1996-13-01]: the month is wrong, at offset 5.
    const sgf::decoded_value dt = prop("DT", {"1996-13-01"});
    REQUIRE(dt.error);
    CHECK(dt.error->at == 5);
    CHECK(dt.error->which == rule::dt_format);
    CHECK(dt.error->message.find("13") != std::string::npos);
    // A valid date decodes to its SimpleText.
    const sgf::decoded_value ok = prop("DT", {"1996-12-01,02"});
    CHECK(!ok.error);
    CHECK(ok.value == typed_value{sgf::simple_text{"1996-12-01,02"}});
}

TEST_CASE("property formats DT RE TM SZ") {
    // TM[5m]: 002_* writes units; the value is still the seconds, graded by its own rule.
    const sgf::decoded_value tm = prop("TM", {"5m"});
    REQUIRE(tm.error);
    CHECK(tm.error->which == rule::time_units);
    CHECK(tm.error->at == 1);
    CHECK(tm.value == typed_value{sgf::real{300}});
    CHECK(prop("TM", {"90.5"}).value == typed_value{sgf::real{90.5}});

    // RE[Jigo] is 002_* usage, not the RE page's draw (0 or Draw): a rule of its own.
    const sgf::decoded_value jigo = prop("RE", {"Jigo"});
    REQUIRE(jigo.error);
    CHECK(jigo.error->which == rule::re_jigo);
    const sgf::decoded_value b_plus = prop("RE", {"B+3.5"});
    CHECK(!b_plus.error);
    CHECK(b_plus.value == typed_value{sgf::simple_text{"B+3.5"}});
    const sgf::decoded_value bad_re = prop("RE", {"B+x"});
    REQUIRE(bad_re.error);
    CHECK(bad_re.error->which == rule::re_format);

    // SZ: a number, or columns:rows (FF[4]).
    CHECK(prop("SZ", {"19"}).value == typed_value{sgf::number{19}});
    const sgf::decoded_value rect = prop("SZ", {"12:9"});
    REQUIRE(!rect.error);
    const auto* c = rect.value.get_if<sgf::compose>();
    REQUIRE(c != nullptr);
    CHECK(c->first() == typed_value{sgf::number{12}});
    CHECK(c->second() == typed_value{sgf::number{9}});
}

TEST_CASE("moves stones and lists") {
    // B[] is a pass in FF[4]; B[tt] too on boards up to 19x19 (Go page).
    const sgf::decoded_value pass = prop("B", {""});
    REQUIRE(!pass.error);
    const auto* m = pass.value.get_if<sgf::move>();
    REQUIRE(m != nullptr);
    CHECK(m->is_pass());
    const sgf::decoded_value tt = prop("B", {"tt"});
    REQUIRE(tt.value.get_if<sgf::move>() != nullptr);
    CHECK(tt.value.get_if<sgf::move>()->is_pass());
    const sgf::decoded_value play = prop("W", {"pd"});
    REQUIRE(play.value.get_if<sgf::move>() != nullptr);
    CHECK(play.value.get_if<sgf::move>()->points == sgf::point_list{{16, 4}});

    // AB[aa:bb] is a compressed point list: the rectangle's four points (000_* "Compressed
    // point lists"), and the single points beside it.
    const sgf::decoded_value ab = prop("AB", {"aa:bb", "cc"});
    REQUIRE(!ab.error);
    const auto* l = ab.value.get_if<sgf::list>();
    REQUIRE(l != nullptr);
    std::vector<board_point> pts;
    for (const typed_value& v : l->items) {
        const auto* s = v.get_if<sgf::stone>();
        const auto* p = v.get_if<board_point>();
        REQUIRE((s != nullptr || p != nullptr));
        pts.push_back(s ? s->at : *p);
    }
    CHECK(pts == std::vector<board_point>{{1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 3}});

    // An elist's [] is the empty list (VW[] resets the view).
    const sgf::decoded_value vw = prop("VW", {""});
    REQUIRE(!vw.error);
    REQUIRE(vw.value.get_if<sgf::list>() != nullptr);
    CHECK(vw.value.get_if<sgf::list>()->items.empty());

    // LB: point:simpletext, a compose.
    const sgf::decoded_value lb = prop("LB", {"dd:A1"});
    REQUIRE(!lb.error);
    const typed_value* one = &lb.value;
    if (const auto* ll = lb.value.get_if<sgf::list>()) {
        REQUIRE(ll->items.size() == 1);
        one = &ll->items.front();
    }
    const auto* comp = one->get_if<sgf::compose>();
    REQUIRE(comp != nullptr);
    CHECK(comp->first() == typed_value{board_point{4, 4}});
    CHECK(comp->second() == typed_value{sgf::simple_text{"A1"}});
}

TEST_CASE("Hex moves by the Hex page") {
    const sgf::decode_options hex{.game = sgf::find_game(11), .size = {11, 11}};
    REQUIRE(hex.game != nullptr);
    const sgf::decoded_value swap = sgf::decode_property(row("B", 4, 11), {"swap-pieces"}, hex);
    REQUIRE(!swap.error);
    REQUIRE(swap.value.get_if<sgf::move>() != nullptr);
    CHECK(swap.value.get_if<sgf::move>()->kind == sgf::move_kind::special);
    CHECK(swap.value.get_if<sgf::move>()->word == "swap-pieces");
}

TEST_CASE("context_of takes the board size the value check accepts") {
    // context_of reads SZ once (read_size) and asks size_problem what is wrong with the
    // size read instead of decoding the value again (decode_size), escapes or not. The
    // size it takes is the one the value check accepts, written out here from the rules (an
    // escaped digit is the digit: SZ[1\9] is 19): the syntax, the game's sides, at most 9
    // digits; {0,0} for anything else.
    const std::vector<std::string> raws = {"19", "9", "1", "0", "52", "53", "19:19", "19:5", "5:19", "0:5", "+19", "-1",
                                           "9999999999", "99999999", "4294967295", "19:9999999999", "", "x", " 19",
                                           "19 ", "1\\9", "\\19", "19\\:19", "2\\", "25", "26", "27", "11:11", "100"};
    std::size_t sized = 0;
    for (const int gm : {1, 2, 3, 7, 11, 41, 999}) {
        const sgf::game_rule* g = sgf::find_game(gm);
        for (const std::string& raw : raws) {
            const std::string text = "(;GM[" + std::to_string(gm) + "]SZ[" + raw + "])";
            INFO(text);
            const auto read = sgf::parse_size(sgf::unescape(raw));
            sgf::board_size expected{};
            if (read && g == nullptr) {
                expected = *read;  // no game row: no sides to hold it to
            } else if (read) {
                const std::uint32_t lo = std::max<std::uint32_t>(1, g->min_side), hi = g->max_side;
                const auto fits = [&](std::uint32_t side) { return side >= lo && (hi == 0 || side <= hi) && side != 0xffffffffu; };
                if (fits(read->columns) && fits(read->rows)) expected = *read;
            }
            CHECK(sgf::context_of(root_of(text)).size == expected);
            sized += expected.known();
        }
    }
    CHECK(sized > 30);  // (most of them a size: the rules above are not all "no")
}

TEST_CASE("property typed and node get in their tree's context") {
    const sgf::node r = root_of("(;FF[4]GM[1]SZ[9]KM[6.5]HA[2]PB[Honinbo\nShusaku]C[a\\]b]AB[aa:ab]DT[1996-13-01])");
    const sgf::tree_context ctx = sgf::context_of(r);
    CHECK(ctx.size == sgf::board_size{9, 9});
    CHECK(r.get<sgf::real>("KM", ctx) == 6.5);
    CHECK(r.get<sgf::number>("HA", ctx) == 2);
    CHECK(r.get<sgf::simple_text>("PB", ctx)->value == "Honinbo Shusaku");
    CHECK(r.get<sgf::text>("C", ctx)->value == "a]b");
    CHECK(r.get<sgf::list>("AB", ctx)->items.size() == 2);
    // Absent, invalid and of another type are told apart; an invalid value says why.
    const auto absent = r.get<sgf::real>("XX", ctx);
    CHECK((!absent && absent.absent() && !absent.invalid() && absent.error() == nullptr));
    const auto other = r.get<sgf::number>("KM", ctx);
    CHECK((!other && other.failure() == sgf::get_failure::other_type && other.error() == nullptr));
    const auto invalid = r.get<sgf::simple_text>("DT", ctx);
    REQUIRE((!invalid && invalid.invalid()));
    REQUIRE(invalid.error() != nullptr);
    CHECK(invalid.error()->at == 5);  // the month 13
    CHECK(invalid.error()->message.find("month 13") != std::string::npos);
    CHECK_THROWS_AS((void)invalid.value(), std::bad_optional_access);
    CHECK(r.get<sgf::real>("XX", ctx).value_or(0.5) == 0.5);
    CHECK(r.get<sgf::real>("KM", ctx).value_or(0.5) == 6.5);
    // The value of a found one: through has_value, value(), * on an lvalue and an rvalue.
    const sgf::get_result<sgf::real> km = r.get<sgf::real>("KM", ctx);
    REQUIRE(km.has_value());
    CHECK_FALSE(absent.has_value());
    CHECK(*km == 6.5);
    CHECK(km.value() == 6.5);
    CHECK(*r.get<sgf::real>("KM", ctx) == 6.5);
    CHECK(r.get<sgf::real>("KM", ctx).value() == 6.5);
    for (const auto& p : sgf::all_profiles())  // a root without FF: the version every profile assumes
        CHECK(sgf::context_of(root_of("(;GM[1])"), p.id).ff == sgf::default_ff(p.id));
    // On the 9x9 board of the tree, jj is off the board (typed() without the tree's context,
    // which read it on 19x19, is gone).
    const sgf::node n = root_of("(;FF[4]SZ[9]B[jj])");
    const auto p = n.find("B");
    REQUIRE(p);
    const sgf::decoded_value on9 = p->typed(sgf::context_of(n));
    REQUIRE(on9.error);
    CHECK(on9.error->which == rule::point_off_board);

    // The DT finding keeps its place inside the value.
    const auto dt = r.find("DT");
    REQUIRE(dt);
    REQUIRE(dt->typed(ctx).error);
    CHECK(dt->typed(ctx).error->at == 5);

    // An unknown (private) property: its value as text.
    const sgf::node x = root_of("(;FF[4]XY[some\\]thing])");
    CHECK(x.find("XY")->typed(sgf::context_of(x)).value == typed_value{sgf::text{"some]thing"}});
}

TEST_CASE("typed access decodes in the game and on the board the root declares") {
    // Hex (GM[11]): c3 is a point of its own syntax, which Go's would refuse.
    const sgf::game_tree hex = sgf_test::tree_of("(;FF[4]GM[11]SZ[11];B[c3])");
    const auto c3 = hex[1].get<sgf::move>("B", sgf::context_of(hex));
    REQUIRE(c3);
    CHECK(c3->points == sgf::point_list{{3, 3}});
    // Go on 9x9 (SZ[9]): jj is off the board, not a point as on the default 19x19.
    const sgf::game_tree nine = sgf_test::tree_of("(;FF[4]GM[1]SZ[9];B[jj])");
    const auto jj = nine[1].get<sgf::move>("B", sgf::context_of(nine));
    REQUIRE(jj.invalid());
    CHECK(jj.error()->which == rule::point_off_board);
    CHECK(nine[1].find("B")->typed(sgf::context_of(nine)).error->which == rule::point_off_board);
    // A node made alone: context_of(node) reads it as a root (FF[1] Go, 19x19 without SZ).
    const sgf::node alone = sgf::node().with_property("SZ", {"5"}).with_property("AB", {"ee", "ff"});
    const auto ab = alone.get<sgf::list>("AB", sgf::context_of(alone));
    REQUIRE(ab.invalid());
    CHECK(ab.error()->which == rule::point_off_board);
}

TEST_CASE("texts in the file's charset decode to UTF-8") {
    // CA[ISO-8859-1]: the Latin-1 byte E9 is U+00E9, two bytes in UTF-8.
    const sgf::node r = root_of("(;FF[4]CA[ISO-8859-1]C[caf\xE9]PW[Jos\xE9])");
    const sgf::tree_context ctx = sgf::context_of(r);
    CHECK(r.get<sgf::text>("C", ctx)->value == "caf\xC3\xA9");
    CHECK(r.get<sgf::simple_text>("PW", ctx)->value == "Jos\xC3\xA9");
    // Without CA, bytes that are not UTF-8 are read as ISO-8859-1 (000_* CA: the default).
    const sgf::node n = root_of("(;FF[4]C[\xE9t\xE9])");
    CHECK(n.get<sgf::text>("C", sgf::context_of(n))->value == "\xC3\xA9t\xC3\xA9");
    // Valid UTF-8 stays as it is.
    const sgf::node u = root_of("(;FF[4]C[\xC3\xA9t\xC3\xA9])");
    CHECK(u.get<sgf::text>("C", sgf::context_of(u))->value == "\xC3\xA9t\xC3\xA9");
}

namespace {

// Every bracketed value of at most max_len bytes in every corpus file (a plain scan:
// escapes skipped).
void add_corpus_values(std::vector<std::string>& values, std::size_t max_len) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(sgf_test::shared_dir() / "corpus")) {
        if (!e.is_regular_file() || e.path().extension() != ".sgf") continue;
        std::ifstream in(e.path(), std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string s = ss.str();
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] != '[') continue;
            std::size_t j = i + 1;
            while (j < s.size() && s[j] != ']') j += s[j] == '\\' ? 2 : 1;
            if (j - i - 1 <= max_len) values.emplace_back(s.substr(i + 1, std::min(j, s.size()) - i - 1));
            i = j;
        }
    }
}

}  // namespace

TEST_CASE("the point and move shortcuts agree with the rules on every corpus value") {
    SGF_NEEDS_SHARED("corpus");
    // Every bracketed value of every corpus file (a plain scan: escapes skipped), and every
    // two-byte string over a-z A-Z and a few others.
    std::vector<std::string> values;
    add_corpus_values(values, 4);
    const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ{`@[0 \x80";
    for (const char a : alphabet)
        for (const char b : alphabet) values.push_back(std::string{a, b});
    CHECK(values.size() > 100000);

    sgf::decode_options any{.size = {52, 52}};
    any.rules_only = true;  // the rule itself, not the decoder's own use of the shortcut
    const sgf::decode_options go19{.size = {19, 19}};
    sgf::decode_options go19_rules = go19;
    go19_rules.rules_only = true;
    std::size_t fast = 0;
    std::vector<std::string> disagree;  // one assertion for the lot: there are ~10^6 values
    for (const std::string& v : values) {
        const auto lp = sgf::detail::lower_letter_pair(v);
        const sgf::decoded_value d = sgf::decode_kind(value_kind::point, v, any, "B");
        const auto* p = d.error ? nullptr : d.value.get_if<board_point>();
        if (lp) ++fast;
        // The fast path takes exactly the lower-case pairs and reads them as the rule does;
        // what it leaves to the rule is an error there or has an upper-case letter (27-52).
        const bool agree = lp ? (p != nullptr && *p == *lp) : (p == nullptr || p->column > 26 || p->row > 26);
        // and the decoder with its shortcuts gives what the rules give, as point and as move
        for (const auto k : {value_kind::point, value_kind::move}) {
            const sgf::decoded_value quick = sgf::decode_kind(k, v, go19, "B");
            const sgf::decoded_value slow = sgf::decode_kind(k, v, go19_rules, "B");
            if (!(quick.value == slow.value && quick.error == slow.error) && disagree.size() < 10) disagree.push_back(v);
        }
        if (!agree && disagree.size() < 10) disagree.push_back(v);
    }
    CHECK_MESSAGE(disagree.empty(), (disagree.empty() ? std::string{} : disagree.front()));
    CHECK(fast > 10000);
}

TEST_CASE("the number real and time shortcuts agree with the rules") {
    // Hand-picked edges of the shortcuts (match.hpp: plain_number, is_plain_real) and of
    // the rules they stand for, then every short value of the corpus.
    std::vector<std::string> values{"", "+", "-", "0", "-0", "+5", "007", "123456789012345678", "1234567890123456789",
                                    "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1.", ".5",
                                    "1.5", "-1.25", "+0.0", "1e5", "1,5", " 1", "1 ", "1.5m", "90s", "\\1", "1\\.5",
                                    "123456789012.12345678901", "123456789012.123456789012", "0.00000000000000000000001",
                                    "++1", "1..5", "1.5.5", "\xef\xbc\x91"};
    if (std::error_code ec; std::filesystem::exists(sgf_test::shared_dir() / "corpus", ec)) {
        add_corpus_values(values, 32);
    }
    sgf::decode_options rules;
    rules.rules_only = true;
    std::size_t fast = 0;
    std::vector<std::string> disagree;
    for (const std::string& v : values) {
        if (sgf::detail::plain_number(v) || sgf::detail::is_plain_real(v)) ++fast;
        for (const auto k : {value_kind::number, value_kind::real, value_kind::time}) {
            const sgf::decoded_value quick = sgf::decode_kind(k, v, {}, "KM");
            const sgf::decoded_value slow = sgf::decode_kind(k, v, rules, "KM");
            if (!(quick.value == slow.value && quick.error == slow.error) && disagree.size() < 10) disagree.push_back(v);
        }
    }
    CHECK_MESSAGE(disagree.empty(), (disagree.empty() ? std::string{} : disagree.front()));
    CHECK(fast >= 10);
    CHECK(sgf::detail::plain_number("123456789012345678") == 123456789012345678);
    CHECK(!sgf::detail::plain_number("1234567890123456789"));  // 19 digits: the rule saturates
    CHECK(sgf::detail::plain_number("-0") == 0);
    CHECK(sgf::detail::is_plain_real("-1.25"));
    CHECK(!sgf::detail::is_plain_real("1."));
    CHECK(!sgf::detail::is_plain_real("123456789012.123456789012"));  // 25 bytes: the rule
}

TEST_CASE("property typed agrees with the rules on every corpus root and opening") {
    SGF_NEEDS_SHARED("corpus");
    // property::typed looks rows up by its own table and takes the fast routes; the rules
    // with find_property's row must give the same (texts: the same kind and finding, their
    // charset being typed's guess). The root and the first nodes of each game tree: every
    // kind of property, not a million moves.
    std::size_t compared = 0;
    std::vector<std::string> disagree;
    for (const auto& e : std::filesystem::recursive_directory_iterator(sgf_test::shared_dir() / "corpus")) {
        if (!e.is_regular_file() || e.path().extension() != ".sgf") continue;
        std::ifstream in(e.path(), std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        const sgf::parse_result r = sgf::parse(ss.str());
        for (const sgf::game_tree& t : r.trees) {
            const sgf::tree_context ctx = sgf::context_of(t);
            sgf::decode_options o{.game = sgf::find_game(ctx.gm), .size = ctx.size};
            o.rules_only = true;
            std::size_t nodes = 0;
            for (sgf::preorder it(t); !it.done() && nodes < 24; it.next(), ++nodes) {
                for (const sgf::property& p : it.current().properties()) {
                    std::vector<std::string_view> raws;
                    for (const sgf::value& v : p) raws.push_back(v.raw());
                    const sgf::property_rule* row = sgf::find_property(sgf::ff4_ident_of(p.ident()), ctx.ff, ctx.gm);
                    if (row == nullptr) continue;  // private: text
                    const sgf::decoded_value quick = p.typed(ctx);
                    const sgf::decoded_value slow = sgf::decode_property(*row, raws, o);
                    const bool text = quick.value.is<sgf::text>() || quick.value.is<sgf::simple_text>() ||
                                      quick.value.is<sgf::list>() || quick.value.is<sgf::compose>();
                    const bool same = text ? quick.value.index() == slow.value.index() && quick.error == slow.error
                                           : quick.value == slow.value && quick.error == slow.error;
                    if (!same && disagree.size() < 10)
                        disagree.push_back(e.path().filename().string() + ": " + std::string(p.ident()));
                    ++compared;
                }
            }
        }
    }
    CHECK_MESSAGE(disagree.empty(), (disagree.empty() ? std::string{} : disagree.front()));
    CHECK(compared > 100000);
}

TEST_CASE("point lists keep two points in place and grow like a vector") {
    static_assert(sizeof(sgf::point_list) == sizeof(std::vector<board_point>));
    sgf::point_list a{{1, 2}};
    CHECK(a.size() == 1);
    CHECK(a[0] == board_point{1, 2});
    CHECK(a.capacity() == 2);
    a.push_back({3, 4});
    CHECK(a.capacity() == 2);  // still in place
    a.push_back({5, 6});       // Amazons: from, to, arrow
    CHECK(a.size() == 3);
    CHECK(a.capacity() > 2);
    CHECK(a.back() == board_point{5, 6});
    const sgf::point_list copy = a;
    CHECK(copy == a);
    sgf::point_list moved = std::move(a);
    CHECK(moved == copy);
    CHECK(a.empty());  // NOLINT: a moved-from list is empty
    std::vector<board_point> seen(moved.begin(), moved.end());
    CHECK(seen == std::vector<board_point>{{1, 2}, {3, 4}, {5, 6}});
    const std::span<const board_point> view = moved;
    CHECK(view.size() == 3);
    sgf::point_list small{{7, 8}};
    small = copy;  // in place <- heap
    CHECK(small == copy);
    small = sgf::point_list{{9, 9}};  // heap <- in place
    CHECK(small.size() == 1);
    CHECK(small.front() == board_point{9, 9});
    CHECK(!(small == copy));
    // A Go move decodes to one point in place.
    const sgf::decoded_value b = prop("B", {"pd"});
    REQUIRE(b.value.get_if<sgf::move>() != nullptr);
    CHECK(b.value.get_if<sgf::move>()->points.capacity() == 2);
}

TEST_CASE("real values read as from_chars reads them") {
    // real_value takes m / 10^k for up to 15 digits (Clinger's fast path), from_chars the
    // rest: the same double for every Real, here 200,000 generated ones and the edges.
    std::vector<std::string> reals{"0", "-0", "+0", "0.0", "1", "0.1", "0.3", "2.675", "999999999999999",
                                   "99999999999999.9", "0.000000000000001", "123456789012345.6", "9007199254740993",
                                   "1.7976931348623157", "-5.5", "+6.5", "0.30000000000000004"};
    std::mt19937 random(12);
    for (int n = 0; n < 200000; ++n) {
        std::string r = random() % 3 == 0 ? "-" : random() % 5 == 0 ? "+" : "";
        const auto whole = 1 + random() % 12;
        for (unsigned i = 0; i < whole; ++i) r += static_cast<char>('0' + random() % 10);
        if (random() % 3 != 0) {
            r += '.';
            const auto fraction = 1 + random() % 12;
            for (unsigned i = 0; i < fraction; ++i) r += static_cast<char>('0' + random() % 10);
        }
        reals.push_back(r);
    }
    std::vector<std::string> differ;
    for (const std::string& r : reals) {
        const char* b = r.data() + (r[0] == '+' ? 1 : 0);
        double expected = 0;
        REQUIRE(std::from_chars(b, r.data() + r.size(), expected).ec == std::errc{});
        const double got = sgf::detail::real_value(r);
        if (!(got == expected && std::signbit(got) == std::signbit(expected)) && differ.size() < 10) differ.push_back(r);
    }
    CHECK_MESSAGE(differ.empty(), (differ.empty() ? std::string{} : differ.front()));
}
