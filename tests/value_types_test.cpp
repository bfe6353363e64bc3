// The value types, game-specific values and formats, with the good and bad examples of the
// property and game pages, through the one public value API (sgf/typed_value.hpp:
// decode_kind, decode_value), and the library's own readers of values (values/readers.hpp).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/properties.hpp"
#include "sgf/typed_value.hpp"
#include "values/readers.hpp"

namespace {

using sgf::board_point;
using sgf::board_size;
using sgf::profile;
using sgf::rule;
using sgf::rule_level;
using sgf::value_kind;

// The first finding of a decoding (rule::none: the value is fine), and its level.
struct finding {
    rule which = rule::none;
    std::string message;
    std::uint32_t at = 0;
    explicit operator bool() const noexcept { return which == rule::none; }
    [[nodiscard]] rule_level level(profile p = profile::ff4) const noexcept {
        return which == rule::none ? rule_level::off : sgf::level_of(which, p);
    }
    [[nodiscard]] bool ok_in(profile p) const noexcept { return level(p) == rule_level::off; }
};
finding first_finding(const sgf::decoded_value& d) {
    if (!d.error) return {};
    return {d.error->which, d.error->message, d.error->at};
}

const sgf::game_rule& game(int gm) {
    const auto* g = sgf::find_game(gm);
    REQUIRE(g != nullptr);
    return *g;
}

const sgf::property_rule& prop(std::string_view id, int gm = 1, profile p = profile::ff4) {
    const auto* r = sgf::find_property(id, 4, gm, p);
    REQUIRE_MESSAGE(r != nullptr, id);
    return *r;
}

sgf::decode_options options(const sgf::game_rule* g, board_size size) {
    sgf::decode_options o;
    o.game = g;
    o.size = size;
    return o;
}

// decode_value of one value of property `id` in GM[gm] on a board of `size` (g: the game;
// nullptr: an unknown game)
finding value_in(const sgf::game_rule* g, std::string_view id, std::string_view raw, board_size size,
                 int gm = 1, profile p = profile::ff4) {
    return first_finding(sgf::decode_value(prop(id, gm, p), raw, options(g, size)));
}
finding value(std::string_view id, std::string_view raw, int gm = 1, board_size size = {19, 19},
              profile p = profile::ff4) {
    return value_in(sgf::find_game(gm), id, raw, size, gm, p);
}
// decode_kind of one value of `k` in GM[gm] (`ident` names the property in the message)
finding kind(value_kind k, std::string_view raw, int gm = 1, board_size size = {}, std::string_view ident = {}) {
    return first_finding(sgf::decode_kind(k, raw, options(sgf::find_game(gm), size), ident));
}
finding kind_in(const sgf::game_rule& g, value_kind k, std::string_view raw, board_size size, std::string_view ident) {
    return first_finding(sgf::decode_kind(k, raw, options(&g, size), ident));
}
finding point_of(const sgf::game_rule& g, std::string_view raw, board_size size, std::string_view ident = {}) {
    return kind_in(g, value_kind::point, raw, size, ident);
}
finding move_of(const sgf::game_rule& g, std::string_view raw, board_size size) {
    return kind_in(g, value_kind::move, raw, size, {});
}
finding stone_of(const sgf::game_rule& g, std::string_view raw, board_size size) {
    return kind_in(g, value_kind::stone, raw, size, {});
}
// One value of a compressed point list (AB) of game g.
finding list_item(const sgf::game_rule& g, std::string_view raw, board_size size) {
    return value_in(&g, "AB", raw, size, g.gm);
}
// The formats, by their property's row.
finding date(std::string_view raw) { return value("DT", raw); }
finding result(std::string_view raw) { return value("RE", raw); }
finding komi(std::string_view raw) { return value("KM", raw); }
finding size(int gm, std::string_view raw) { return value("SZ", raw, gm); }

constexpr board_size go19{19, 19};

}  // namespace

TEST_CASE("number real double color none") {
    for (const char* ok : {"0", "19", "+5", "-12", "007"}) CHECK(kind(value_kind::number, ok));
    for (const char* bad : {"", "+", "1.5", "1e3", " 1", "1 ", "x"})
        CHECK(kind(value_kind::number, bad).which == rule::value_syntax);
    CHECK(sgf::parse_number("-12") == -12);
    CHECK(sgf::parse_number("99999999999999999999999") == INT64_MAX);
    CHECK(value("FF", "5").which == rule::number_range);
    CHECK(value("FF", "5").message == "FF[5]: number out of range 1-4");
    for (const char* ok : {"0", "-3", "+1.5", "6.5", "64", "0.25"}) CHECK(kind(value_kind::real, ok));
    for (const char* bad : {"", ".5", "5.", "1,5", "6.5.1", "x"}) CHECK_FALSE(kind(value_kind::real, bad));
    // the one real parser: the Real rule and its value, nothing strtod would also take
    CHECK(sgf::parse_real("6.5") == 6.5);
    CHECK(sgf::parse_real("+3") == 3.0);
    CHECK(sgf::parse_real("-0.25") == -0.25);
    for (const char* bad : {"6.5x", " 6.5", "6.5 ", "0x1.ap2", "1e5", "inf", "nan", "34.", "6,5", ""}) {
        CAPTURE(bad);
        CHECK_FALSE(sgf::parse_real(bad).has_value());
    }
    CHECK(kind(value_kind::double_value, "1"));
    CHECK(kind(value_kind::double_value, "2"));
    CHECK_FALSE(kind(value_kind::double_value, "3"));
    CHECK_FALSE(kind(value_kind::double_value, ""));
    CHECK(kind(value_kind::color, "B"));
    CHECK(kind(value_kind::color, "W"));
    CHECK_FALSE(kind(value_kind::color, "b"));
    CHECK(kind(value_kind::color, "X", 1, {}, "PL").message == "PL[X]: expected a color: B or W");
    CHECK(kind(value_kind::none, ""));
    CHECK_FALSE(kind(value_kind::none, "x"));
    // escapes are processed before checking: "\1\2" is "12"
    CHECK(kind(value_kind::number, "\\1\\2"));
}

TEST_CASE("DT examples of the DT page") {
    for (const char* ok : {"1996-05-06", "1996", "1996-05", "1996-05,06", "1996-05-06,07,08", "1996,1997",
                           "1996-12-27,28,1997-01-03,04", "1997-05-05,06", "1997-01-03,05-06", "1996-02-29",
                           "2000-02-29", "1996-05-06,07-01", "1996-05,06-12,13", "1996-12-31,1997"}) {
        CAPTURE(std::string(ok));
        CHECK(date(ok));
    }
    for (const char* bad : {"1996/05/12", "96-05-12", "1996-5-12", "1996-05-12 ", "1996-13-01", "1996-02-30",
                            "1900-02-29", "1996-05-06,", ",1996", "1996,05", "1996-05-06, 07", "May 1996",
                            "1996.05.06", "1996-05-00", "", "1996-05-06-07", "05-06", "1934:Spring"}) {
        CAPTURE(std::string(bad));
        const auto c = date(bad);
        CHECK(c.which == rule::dt_format);
        CHECK(c.message.rfind("DT[", 0) == 0);
    }
    const auto c = date("1996/05/12");
    CHECK(c.message.find("DT[1996/05/12]: ") == 0);
    CHECK(c.message.find("expected YYYY-MM-DD") != std::string::npos);
    CHECK(date("1996-13-01").message.find("month 13") != std::string::npos);
    // a profile decides how serious it is
    CHECK(c.level() == rule_level::error);
    CHECK(c.level(profile::current) == rule_level::warning);
}

TEST_CASE("RE examples of the RE page") {
    for (const char* ok : {"0", "Draw", "B+", "W+", "B+0.5", "W+64", "B+12.5", "B+R", "B+Resign", "W+R", "W+Resign",
                           "B+T", "B+Time", "W+T", "W+Time", "B+F", "B+Forfeit", "W+F", "W+Forfeit", "Void", "?"}) {
        CAPTURE(std::string(ok));
        CHECK(result(ok));
    }
    for (const char* bad : {"Black resigns", "B+r", "b+R", "B-3", "W+.5", "B+Resigned", "", "Jigo", "B+ 3",
                            "W+5.", "draw"}) {
        CAPTURE(std::string(bad));
        const auto c = result(bad);
        CHECK_FALSE(c);
        CHECK((c.which == rule::re_format || c.which == rule::re_jigo));
    }
    const auto jigo = result("Jigo");
    CHECK(jigo.which == rule::re_jigo);
    CHECK(jigo.ok_in(profile::current));
    CHECK_FALSE(jigo.ok_in(profile::ff4));
    CHECK(result("Black resigns").message.rfind("RE[Black resigns]: expected 0 or Draw", 0) == 0);
    // Backgammon: points before R(esign)
    for (const char* ok : {"B+6R", "W+2Resign", "W+4", "B+1", "W+2", "B+R"})
        CHECK(value("RE", ok, 6));
    CHECK_FALSE(value("RE", "B+6R"));
    // Hex (001_*): no score, no draw
    for (const char* ok : {"B+", "W+R", "B+Resign", "W+Time", "B+F", "Void", "?"})
        CHECK(value("RE", ok, 11, {11, 11}, profile::hex));
    for (const char* bad : {"B+3.5", "0", "Draw"}) CHECK(value("RE", bad, 11, {11, 11}, profile::hex).which == rule::re_format);
    CHECK(value("RE", "B+3.5", 11, {11, 11}, profile::hex).which == rule::re_format);
    CHECK(value("RE", "B+3.5", 11, {11, 11}, profile::ff4));
}

TEST_CASE("KM TM HA") {
    CHECK(komi("6.5"));
    CHECK(komi("-3"));
    CHECK_FALSE(komi("6,5"));
    CHECK(value("TM", "3600"));
    CHECK(value("TM", "5400.5"));
    const auto tm = value("TM", "5m");
    CHECK(tm.which == rule::time_units);
    CHECK(tm.level() == rule_level::error);
    CHECK(tm.ok_in(profile::current));
    CHECK(value("BL", "30.").which == rule::value_syntax);  // SGFC's example of a corrected value
    CHECK(value("TM", "1h30m").which == rule::value_syntax);
    CHECK(value("HA", "2"));
    CHECK(value("HA", "9"));
    for (const char* low : {"0", "1", "-2"}) {
        const auto c = value("HA", low);
        CHECK(c.which == rule::ha_range);
        CHECK(c.level(profile::current) == rule_level::info);
    }
    CHECK(value("HA", "two").which == rule::value_syntax);
}

TEST_CASE("SZ per game") {
    CHECK(size(1, "19"));
    CHECK(size(1, "19:13"));
    CHECK(size(1, "52"));
    CHECK(size(1, "1"));
    CHECK(size(1, "19:19").which == rule::sz_square_compose);
    CHECK(size(1, "19:19").message == "SZ[19:19]: square board written as a compose: write SZ[19]");
    CHECK(size(1, "53").which == rule::size_range);
    CHECK(size(1, "0").which == rule::size_range);
    CHECK(size(1, "19:53").which == rule::size_range);
    for (const char* bad : {"", "x", "19x19", "19:", ":19", "19:13:5", "+", "19:+"})
        CHECK(size(1, bad).which == rule::value_syntax);
    // a side is a Number (ff4_sgf.txt: Number = ["+"|"-"] Digit {Digit}): SZ[+19] is 19, a
    // negative side is below the game's minimum
    CHECK(size(1, "+19"));
    CHECK(size(1, "+19:+13"));
    CHECK(sgf::parse_size("+19") == board_size{19, 19});
    CHECK(size(1, "-19").which == rule::size_range);
    // more than 9 digits: beyond the game's limit in Go, an implementation limit in Hex
    CHECK(size(1, "1000000000").which == rule::size_range);
    CHECK(size(11, "1000000000").which == rule::size_limit);
    CHECK(size(11, "999999999"));
    CHECK(size(11, "1"));
    CHECK(size(11, "100:3"));
    CHECK(size(21, "24"));
    CHECK(size(21, "2").which == rule::size_range);
    CHECK(size(21, "703").which == rule::size_range);
    CHECK(sgf::parse_size("19") == board_size{19, 19});
    CHECK(sgf::parse_size("6:7") == board_size{6, 7});
    CHECK_FALSE(sgf::parse_size("6:").has_value());
    CHECK(value("SZ", "19"));
    CHECK(value("SZ", "19:19").ok_in(profile::current) == false);  // warning there
    CHECK(value("SZ", "19:19").level(profile::current) == rule_level::warning);
    // unknown game: only "at least 1"
    CHECK(value_in(nullptr, "SZ", "500", {}));
}

TEST_CASE("Go points and moves") {
    const auto& go = sgf::go_game();
    CHECK(sgf::parse_point(go, "aa") == board_point{1, 1});
    CHECK(sgf::parse_point(go, "ss") == board_point{19, 19});
    CHECK(sgf::parse_point(go, "cq") == board_point{3, 17});
    CHECK(sgf::parse_point(go, "zz") == board_point{26, 26});
    CHECK(sgf::parse_point(go, "AA") == board_point{27, 27});
    CHECK(sgf::parse_point(go, "ZZ") == board_point{52, 52});
    CHECK(sgf::parse_point(go, "aZ") == board_point{1, 52});
    for (const char* bad : {"", "a", "aaa", "a1", "1a", " a", "a "}) CHECK_FALSE(sgf::parse_point(go, bad).has_value());
    CHECK_FALSE(sgf::parse_point(go, "tt", go19).has_value());
    CHECK(sgf::parse_point(go, "ss", go19).has_value());
    CHECK(point_of(go, "ss", go19));
    CHECK(point_of(go, "st", go19).which == rule::point_off_board);
    CHECK(point_of(go, "st", go19, "AB").message == "AB[st]: point off the 19x19 board");
    CHECK(point_of(go, "a1", go19).which == rule::value_syntax);

    const auto pass = sgf::parse_move(go, "", go19);
    REQUIRE(pass.has_value());
    CHECK(pass->kind == sgf::move_kind::pass);
    CHECK(sgf::parse_move(go, "tt", go19)->kind == sgf::move_kind::pass);
    CHECK(sgf::parse_move(go, "tt", {})->kind == sgf::move_kind::pass);
    // [tt] is a pass only on boards up to 19x19; on 21x21 it is the point (20,20)
    const auto tt21 = sgf::parse_move(go, "tt", {21, 21});
    REQUIRE(tt21.has_value());
    CHECK(tt21->kind == sgf::move_kind::point);
    CHECK(tt21->points[0] == board_point{20, 20});
    CHECK(move_of(go, "tt", {19, 21}).which == rule::point_off_board);
    const auto dg = sgf::parse_move(go, "dg", go19);
    REQUIRE(dg.has_value());
    CHECK(dg->kind == sgf::move_kind::point);
    CHECK(dg->points.size() == 1);
    CHECK(dg->points[0] == board_point{4, 7});
    CHECK(value("B", ""));
    CHECK(value("W", "tt"));
    CHECK(value("B", "pass").which == rule::value_syntax);
    CHECK(value("B", "dd", 1, {3, 3}).which == rule::point_off_board);
}

TEST_CASE("Hex cells and moves") {
    const auto& hex = game(11);
    const board_size h11{11, 11};
    CHECK(sgf::parse_point(hex, "a1") == board_point{1, 1});
    CHECK(sgf::parse_point(hex, "G5") == board_point{7, 5});
    CHECK(sgf::parse_point(hex, "D11") == board_point{4, 11});
    CHECK(sgf::parse_point(hex, "j10") == board_point{10, 10});
    CHECK(sgf::parse_point(hex, "aa1") == board_point{27, 1});
    CHECK(sgf::parse_point(hex, "aA27") == board_point{27, 27});
    CHECK(sgf::parse_point(hex, "ab28") == board_point{28, 28});
    CHECK(sgf::parse_point(hex, "AB6") == board_point{28, 6});
    CHECK(sgf::parse_point(hex, "zz1") == board_point{702, 1});
    CHECK(sgf::parse_point(hex, "aaa1") == board_point{703, 1});
    for (const char* bad : {"", "a", "1", "1a", "a0", "a01", "a-1", "a1b", "é1"}) {
        CAPTURE(std::string(bad));
        CHECK_FALSE(sgf::parse_point(hex, bad).has_value());
    }
    for (const char* ok : {"e4", "F9", "swap-sides", "swap-pieces", "SWAP-PIECES", "pass", "resign", "forfeit", "Resign"}) {
        CAPTURE(std::string(ok));
        CHECK(move_of(hex, ok, h11));
    }
    CHECK(sgf::parse_move(hex, "pass", h11)->kind == sgf::move_kind::pass);
    CHECK(sgf::parse_move(hex, "swap-pieces", h11)->kind == sgf::move_kind::special);
    CHECK(sgf::parse_move(hex, "swap-pieces", h11)->word == "swap-pieces");
    CHECK(move_of(hex, "l1", h11).which == rule::point_off_board);
    CHECK(move_of(hex, "a12", h11).which == rule::point_off_board);
    CHECK(move_of(hex, "swap", h11).which == rule::value_syntax);
    CHECK(move_of(hex, "", h11).which == rule::value_syntax);
    // the 001_* example game
    for (const char* m : {"c5", "swap-pieces", "c4", "c5", "a6", "c6", "a7", "b5", "a5", "b3", "d2", "b4", "d4", "e5", "resign"})
        CHECK(value("B", m, 11, {7, 7}));
    CHECK(value("AB", "a2", 11, {7, 7}));
    CHECK(value("LB", "a1:x", 11, {7, 7}));
    CHECK(value("IP", "", 11));
    CHECK(value("IP", "x", 11).which == rule::unknown_keyword);
    CHECK(value("IS", "tried:on", 11));
    CHECK(value("IS", "LOCK:Off", 11));
    CHECK(value("IS", "lock:maybe", 11).which == rule::unknown_keyword);
    CHECK(value("IS", "zoom:on", 11).which == rule::unknown_keyword);
}

TEST_CASE("LOA Backgammon Amazons Gess Octi Twixt") {
    const auto& loa = game(9);
    const board_size l8{8, 8};
    for (const char* ok : {"e1-e3", "C2:C5++", "c5-c6", "resign", "Pass", "escape", "a1-h8!"}) {
        CAPTURE(std::string(ok));
        CHECK(move_of(loa, ok, l8));
    }
    for (const char* bad : {"e1e3", "e1-", "e1-e3x", "ab1-c3", "e1 - e3"}) {
        CAPTURE(std::string(bad));
        CHECK(move_of(loa, bad, l8).which == rule::value_syntax);
    }
    CHECK(move_of(loa, "e1-e9", l8).which == rule::point_off_board);
    CHECK(value("AS", "black", 9));
    CHECK(value("AS", "Grey", 9).which == rule::unknown_keyword);
    CHECK(value("SU", "Scrambled-eggs", 9));
    CHECK(value("IY", "true", 9));

    const auto& bg = game(6);
    for (const char* ok : {"31hefe", "61yg", "66", "66fzezdzcz", "66fzfzfzfz", "double", "take", "drop", "11abrsstst", "34"}) {
        CAPTURE(std::string(ok));
        CHECK(move_of(bg, ok, {}));
    }
    for (const char* bad : {"71ab", "31abc", "3", "31ABcd", "31abcdefghij", "Double", ""}) {
        CAPTURE(std::string(bad));
        CHECK(move_of(bg, bad, {}).which == rule::value_syntax);
    }
    CHECK(value("MI", "length:7", 6));
    CHECK(value("MI", "Game:3", 6));
    CHECK(value("MI", "colour:1", 6).which == rule::unknown_keyword);
    CHECK(value("MI", "length:seven", 6).which == rule::unknown_keyword);
    CHECK(value("CO", "c", 6));
    CHECK(value("CO", "x", 6).which == rule::unknown_keyword);
    CHECK(value("RE", "B+6R", 6));

    const auto& amazons = game(18);
    const board_size a10{10, 10};
    for (const char* ok : {"djddgd", "addgad", "gjehea"}) CHECK(move_of(amazons, ok, a10));
    const auto m = sgf::parse_move(amazons, "djddgd", a10);
    REQUIRE(m.has_value());
    CHECK(m->points.size() == 3);
    CHECK(m->points[2] == board_point{7, 4});
    CHECK(move_of(amazons, "djdd", a10).which == rule::value_syntax);
    CHECK(move_of(amazons, "djddzz", a10).which == rule::point_off_board);
    CHECK(value("AA", "dd", 18, a10));
    CHECK(value("AB", "dj", 18, a10));
    CHECK(value("AB", "aa:cc", 18, a10).which == rule::value_syntax);  // Amazons stones do not compress

    const auto& gess = game(20);
    const board_size g20{20, 20};
    CHECK(move_of(gess, "cc:ce", g20));
    CHECK(move_of(gess, "aa:cc", g20).which == rule::point_off_board);  // perimeter
    CHECK(move_of(gess, "cc:ct", g20).which == rule::point_off_board);
    CHECK(move_of(gess, "ccce", g20).which == rule::value_syntax);
    CHECK(value("B", "cc:ce", 20, g20));

    const auto& octi = game(19);
    for (const char* ok : {"73", "33+B", "33+B!", "33+A-B", "84-86-68", "84-86-68x", "84-86x-68", "84-86-68xDxAB",
                           "46CD-56,46D-55"}) {
        CAPTURE(std::string(ok));
        CHECK(move_of(octi, ok, {}));
    }
    for (const char* bad : {"7", "03", "33+", "33+Z", "84-", "84-86,", "46CD", "84-86-68y"}) {
        CAPTURE(std::string(bad));
        CHECK(move_of(octi, bad, {}).which == rule::value_syntax);
    }
    CHECK(stone_of(octi, "46CD", {}));
    CHECK(stone_of(octi, "46", {}));
    CHECK(stone_of(octi, "46CC", {}).which == rule::value_syntax);
    CHECK(stone_of(octi, "46CI", {}).which == rule::value_syntax);
    CHECK(value("CS", "46CD", 19, {}));
    CHECK(value("AS", "46CD:56", 19, {}));
    CHECK(value("AS", "46:46", 19, {}).which == rule::one_point_line);
    CHECK(value("BO", "11", 19, {}));

    const auto& twixt = game(21);
    const board_size t24{24, 24};
    CHECK(move_of(twixt, "a3", t24));
    CHECK(move_of(twixt, "G5", t24));
    CHECK(point_of(twixt, "AA5", {30, 30}));
    CHECK(point_of(twixt, "AAA5", {30, 30}).which == rule::value_syntax);
    CHECK(move_of(twixt, "C2*", t24).which == rule::unverified_syntax);  // not specified here
    CHECK(move_of(twixt, "C2*", t24).level() == rule_level::info);
}

TEST_CASE("games without a page and an unknown game") {
    const auto& othello = game(2);
    CHECK(move_of(othello, "d3", {8, 8}).which == rule::unverified_syntax);
    CHECK(point_of(othello, "d3", {8, 8}).which == rule::unverified_syntax);
    CHECK_FALSE(sgf::parse_move(othello, "d3", {8, 8}).has_value());
    CHECK(value_in(nullptr, "B", "dd", {}).which == rule::unverified_syntax);
    CHECK(value_in(nullptr, "AB", "aa:bb", {}).which == rule::unverified_syntax);
    CHECK(value_in(nullptr, "C", "anything: at all", {}));
}

TEST_CASE("compressed point lists") {
    const auto& go = sgf::go_game();
    const board_size b9{9, 9};
    // DD_VW.html: both files are legal, values as given
    for (const char* v : {"aa:bi", "ca:ee", "ge:ie", "ga:ia", "gc:ic", "gb", "ib"}) CHECK(value("VW", v, 1, b9));
    for (const char* v : {"ac:ic", "ae:ie"}) CHECK(value("AB", v, 1, b9));
    CHECK(value("DD", "aa:bi", 1, b9));
    CHECK(value("DD", "", 1, b9));  // elist: DD[] clears
    CHECK(value("VW", "", 1, b9));
    // m_vs_ax.htm: AB[bb:ee] is 16 points
    const auto r = sgf::parse_point_rect(go, "bb:ee");
    REQUIRE(r.has_value());
    CHECK_FALSE(r->single);
    CHECK(r->corners_ordered());
    CHECK(r->count() == 16);
    CHECK(r->contains({3, 4}));
    CHECK_FALSE(r->contains({1, 1}));
    std::vector<board_point> pts;
    r->for_each([&](board_point p) { pts.push_back(p); });
    REQUIRE(pts.size() == 16);
    CHECK(pts.front() == board_point{2, 2});
    CHECK(pts.back() == board_point{5, 5});
    CHECK(sgf::parse_point_rect(go, "dd")->single);
    CHECK(sgf::parse_point_rect(go, "dd")->count() == 1);
    CHECK_FALSE(sgf::parse_point_rect(go, "dd:").has_value());
    CHECK_FALSE(sgf::parse_point_rect(go, "dd:ee:ff").has_value());
    CHECK(sgf::rect_on_board(*r, b9));
    CHECK_FALSE(sgf::rect_on_board(*sgf::parse_point_rect(go, "aa:jj"), b9));

    // 1x1 rectangles: illegal in FF[4], a warning under current usage (003_* allows them)
    const auto one = value("AB", "cc:cc", 1, b9);
    CHECK(one.which == rule::rect_1x1);
    CHECK(one.level() == rule_level::error);
    CHECK(one.level(profile::current) == rule_level::warning);
    CHECK(value("AB", "ee:bb", 1, b9).which == rule::rect_corners);
    CHECK(value("AB", "eb:be", 1, b9).which == rule::rect_corners);
    CHECK(value("AB", "aa:jj", 1, b9).which == rule::point_off_board);
    CHECK(value("AB", "aa:b", 1, b9).which == rule::value_syntax);
    // LOA rows count from the bottom: the upper-left corner has the larger row number
    const auto& loa = game(9);
    CHECK(list_item(loa, "a8:h1", {8, 8}));
    CHECK(list_item(loa, "a1:h8", {8, 8}).which == rule::rect_corners);
    const auto lr = sgf::parse_point_rect(loa, "a8:c6");
    REQUIRE(lr.has_value());
    CHECK(lr->count() == 9);
    std::vector<board_point> lpts;
    lr->for_each([&](board_point p) { lpts.push_back(p); });
    CHECK(lpts.size() == 9);
    CHECK(lpts.front() == board_point{1, 8});
    CHECK(lpts.back() == board_point{3, 6});
    // Hex stones compress too (sgf4.html 3.4: Hex stone becomes point)
    CHECK(value("AB", "a1:c3", 11, {11, 11}));
}

TEST_CASE("decode_value of compose and list properties") {
    const board_size b9{9, 9};
    CHECK(value("LB", "aa:A", 1, b9));
    CHECK(value("LB", "aa:long label text", 1, b9));
    CHECK(value("LB", "aa:\\:)", 1, b9));  // escaped ':' in the text
    const auto extra = value("LB", "aa:x:y", 1, b9);
    CHECK(extra.which == rule::compose_extra_colon);
    CHECK(extra.level(profile::current) == rule_level::warning);
    CHECK(value("LB", "aa", 1, b9).which == rule::value_syntax);
    CHECK(value("LB", "zz:A", 1, b9).which == rule::point_off_board);
    const auto empty = value("LB", "", 1, b9);
    CHECK(empty.which == rule::empty_list);
    CHECK(empty.ok_in(profile::current));
    CHECK_FALSE(empty.ok_in(profile::ff4));
    CHECK(value("AB", "", 1, b9).which == rule::empty_list);
    CHECK(value("TB", "", 1, b9));  // elist
    CHECK(value("AR", "aa:bb", 1, b9));
    CHECK(value("AR", "cc:cc", 1, b9).which == rule::one_point_line);
    CHECK(value("LN", "cc:cc", 1, b9).which == rule::one_point_line);
    CHECK(value("AR", "aa", 1, b9).which == rule::value_syntax);
    CHECK(value("AP", "CGoban:1.6.2"));
    CHECK(value("AP", "Many Faces of Go:10.0"));
    CHECK(value("AP", "a\\:b:1"));
    const auto ap = value("AP", "CGoban");
    CHECK(ap.which == rule::ap_not_composed);
    CHECK(ap.ok_in(profile::current));
    CHECK(value("FG", ""));
    CHECK(value("FG", "257:Figure 1"));
    CHECK(value("FG", "515:"));
    CHECK(value("FG", "x:Figure").which == rule::value_syntax);
    CHECK(value("FG", "Figure").which == rule::value_syntax);
    CHECK(value("FG", "Figure").message == "FG[Figure]: expected none | composed number ':' simpletext");
    CHECK(value("FG", "8:x").which == rule::unknown_keyword);
    CHECK(value("FF", "4"));
    CHECK(value("FF", "5").which == rule::number_range);
    CHECK(value("GM", "40"));
    CHECK(value("GM", "41").which == rule::number_range);
    CHECK(value("ST", "3"));
    CHECK(value("ST", "4").which == rule::number_range);
    CHECK(value("PL", "B"));
    CHECK(value("PL", "X").which == rule::value_syntax);
    CHECK(value("KO", ""));
    CHECK(value("KO", "x").which == rule::value_syntax);
    CHECK(value("GB", "2"));
    CHECK(value("C", "Meijin NR: yeah, k4 is won\\\nderful"));
    CHECK(value("N", ""));
    CHECK(value("DT", "1996-05-06"));
    CHECK(value("DT", "1996/05/06").which == rule::dt_format);
    CHECK(value("RE", "W+Resign"));
    CHECK(value("SZ", "9:13"));
    CHECK(value("KM", "6.5"));
    CHECK(value("MN", "12"));
    CHECK(value("XM", "", 1, go19, profile::current));
    CHECK(value("XM", "245", 1, go19, profile::current));
    CHECK(value("LT", "60", 1, go19, profile::current));
    CHECK(value("LT", "1m", 1, go19, profile::current).ok_in(profile::current));
    CHECK(value("MULTIGOGM", "2", 1, go19, profile::current).which == rule::number_range);
    CHECK(value("KGSDE", "aa:cc", 1, go19, profile::current));
}
