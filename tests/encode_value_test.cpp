// sgf::encode_property and sgf::point_text (sgf/encode_value.hpp), with sgf::typing_row: each kind written as the
// decoder reads it, values that are of no type of the row refused, values of the type that
// do not decode back rejected with the decoder's message, and every decodable value of a
// corpus sample written and read back to the same spelling.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sgf/context.hpp"
#include "sgf/encode_value.hpp"
#include "sgf/parse.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"
#include "sgf/typed_value.hpp"
#include "shared_dir.hpp"

namespace {

using sgf::typed_value;
using raws = std::vector<std::string>;

std::optional<raws> enc(std::string_view id, const typed_value& v, const sgf::decode_options& o = {}) {
    const auto* r = sgf::find_property(id, 4, o.game ? o.game->gm : 1);
    REQUIRE_MESSAGE(r != nullptr, id);
    return sgf::encode_property(*r, v, o);
}

sgf::decode_options go_on(std::uint32_t side) {
    sgf::decode_options o;
    o.size = {side, side};
    return o;
}

}  // namespace

TEST_CASE("each value kind written as its property reads it") {
    CHECK(enc("KM", 6.5) == raws{"6.5"});
    CHECK(enc("KM", 7.0) == raws{"7"});
    CHECK(enc("KM", sgf::number{-3}) == raws{"-3"});  // a number is a real
    CHECK(enc("HA", sgf::number{2}) == raws{"2"});
    CHECK(enc("W", sgf::point{4, 16}) == raws{"dp"});
    CHECK(enc("B", sgf::none{}) == raws{""});  // ff4_go.txt: B[] is a pass
    CHECK(enc("B", sgf::move{sgf::move_kind::pass, {}, "tt"}) == raws{""});
    CHECK(enc("AB", sgf::list{{sgf::point{3, 3}, sgf::point{15, 15}}}) == raws{"cc", "oo"});
    CHECK(enc("AB", sgf::point{3, 3}) == raws{"cc"});  // one item alone
    CHECK(enc("PB", sgf::simple_text{"Go ]Seigen\\"}) == raws{"Go \\]Seigen\\\\"});
    CHECK(enc("C", sgf::text{"a:b"}) == raws{"a:b"});
    CHECK(enc("PL", sgf::color::white) == raws{"W"});
    CHECK(enc("PL", sgf::text{"B"}) == raws{"B"});
    CHECK(enc("GB", sgf::number{2}) == raws{"2"});
    CHECK(enc("SZ", sgf::number{13}) == raws{"13"});
    CHECK(enc("SZ", sgf::point{19, 13}) == raws{"19:13"});  // as Node.get reads SZ[19:13] back
    CHECK(enc("LB", sgf::list{{sgf::compose{{sgf::point{1, 2}, sgf::simple_text{"x:y"}}}}}) == raws{"ab:x\\:y"});
    CHECK(enc("TB", sgf::list{}) == raws{""});  // an elist's []
    CHECK(enc("W", sgf::point{27, 52}, go_on(52)) == raws{"AZ"});
}

TEST_CASE("a Backgammon move keeps its dice and writes back as it reads") {
    // ff4_backgammon.txt "Move type": two dice, then up to four from/to letter pairs; the dice
    // alone when no checker can move. The gnubg files of ../shared/corpus write both.
    sgf::decode_options o;
    for (const auto& g : sgf::all_games())
        if (g.gm == 6) o.game = &g;
    REQUIRE(o.game != nullptr);
    const sgf::property_rule* b = sgf::find_property("B", 4, 6);
    REQUIRE(b != nullptr);
    for (const std::string_view raw : {"41lpab", "33knlolonq", "65", "double", "take", "drop"}) {
        CAPTURE(raw);
        const std::vector<std::string_view> in{raw};
        const sgf::decoded_value d = sgf::decode_property(*b, in, o);
        REQUIRE_FALSE(d.error);
        const auto out = sgf::encode_property(*b, d.value, o);
        REQUIRE(out);
        CHECK(*out == raws{std::string(raw)});
    }
    const std::vector<std::string_view> one{"41lpab"}, other{"52lpab"};
    CHECK_FALSE(sgf::decode_property(*b, one, o).value == sgf::decode_property(*b, other, o).value);  // the dice count
    // a compound move without dice (as Python's Node.set gives points alone) has no form
    CHECK_FALSE(sgf::encode_property(*b, sgf::move{sgf::move_kind::compound, {sgf::point{12, 1}, sgf::point{16, 1}}, {}}, o));
}

TEST_CASE("a value of no type of the row is refused and one that does not decode back is rejected") {
    CHECK_FALSE(enc("KM", sgf::text{"6.5"}));
    CHECK_FALSE(enc("KM", sgf::point{3, 3}));
    CHECK_FALSE(enc("PB", sgf::number{5}));
    CHECK_FALSE(enc("W", sgf::number{5}));
    CHECK_FALSE(enc("AB", sgf::list{{sgf::point{3, 3}, sgf::number{1}}}));
    CHECK_THROWS_AS((void)enc("KM", std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS((void)enc("W", sgf::point{10, 10}, go_on(9)), std::invalid_argument);  // off the board
    CHECK_THROWS_AS((void)enc("W", sgf::point{20, 20}), std::invalid_argument);  // tt: a pass here
    CHECK(enc("W", sgf::point{20, 20}, go_on(21)) == raws{"tt"});  // a point on a larger board
    CHECK_THROWS_AS((void)enc("PL", sgf::text{"X"}), std::invalid_argument);
    CHECK_THROWS_AS((void)enc("GB", sgf::number{3}), std::invalid_argument);
    CHECK_THROWS_AS((void)enc("AB", sgf::list{}), std::invalid_argument);  // a list needs a value
    try {
        (void)enc("W", sgf::point{10, 10}, go_on(9));
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("W") != std::string::npos);
    }
}

TEST_CASE("point_text spells a point as each game page does") {
    const auto game = [](int gm) -> const sgf::game_rule& {
        for (const auto& g : sgf::all_games())
            if (g.gm == gm) return g;
        FAIL("no game " << gm);
        return sgf::all_games().front();
    };
    CHECK(sgf::point_text(game(1), {1, 1}) == "aa");
    CHECK(sgf::point_text(game(1), {26, 27}) == "zA");
    CHECK(sgf::point_text(game(11), {28, 3}) == "ab3");  // Hex: column letters, row number
}

TEST_CASE("typing_row is the row property typed decodes by") {
    sgf::tree_context ctx;
    ctx.ff = 3;
    CHECK(sgf::typing_row("KM", ctx) == sgf::find_property("KM", 3, 1));
    CHECK(sgf::typing_row("Black", ctx) == sgf::find_property("B", 3, 1));  // FF[3]: lower-case letters
    CHECK(sgf::typing_row("XY", ctx) == nullptr);
}

TEST_CASE("every decodable value of a corpus sample writes back to a value that reads the same") {
    SGF_NEEDS_SHARED("corpus");
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(sgf_test::shared_dir() / "corpus"))
        if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    const unsigned seed = std::random_device{}();
    MESSAGE("corpus sample seed " << seed);
    std::mt19937 pick(seed);
    std::shuffle(files.begin(), files.end(), pick);
    files.resize(std::min<std::size_t>(files.size(), 150));
    std::size_t written = 0;
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        const sgf::parse_result parsed = sgf::parse(std::string_view(ss.str()));
        for (const auto& t : parsed.trees) {
            const sgf::tree_context ctx = sgf::context_of(t);
            if (ctx.ff != 4) continue;  // the writer writes FF[4]
            sgf::decode_options o = sgf::options_for(ctx);
            o.charset = {};  // the values are decoded to UTF-8 first, and written in it
            for (const sgf::node& n : sgf::preorder(t)) {
                for (const auto& p : n.properties()) {
                    const auto* r = sgf::typing_row(p.ident(), ctx);
                    if (!r || !r->defined_in(4)) continue;
                    const sgf::decoded_value first = p.typed(ctx);
                    if (first.error) continue;
                    std::optional<raws> out;
                    CHECK_NOTHROW(out = sgf::encode_property(*r, first.value, o));
                    CAPTURE(f);
                    CAPTURE(p.ident());
                    REQUIRE(out);
                    const std::vector<std::string_view> views(out->begin(), out->end());
                    const sgf::decoded_value again = sgf::decode_property(*r, views, o);
                    REQUIRE_FALSE(again.error);
                    CHECK(sgf::encode_property(*r, again.value, o) == out);
                    ++written;
                }
            }
        }
    }
    CHECK(written > 0);
}

TEST_CASE("values decoded by every row in every game on assorted boards write back") {
    // Raw values of every shape the readers know, decoded by each row of the table in each
    // game on a few boards: whatever decodes writes back (the values fuzz target does the
    // same on any bytes).
    const std::vector<std::string> samples = {
        "", "aa", "dd", "tt", "zz", "AZ", "a1", "k11", "aa11", "c", "11", "99", "33+B", "e1-e3", "e1:e3", "djddgd",
        "cc:ce", "31hefe", "pass", "resign", "swap-pieces", "Pass", "B", "W", "1", "2", "0", "-3", "+7", "6.5", "1.50",
        "5m", "12.5s", "19:13", "aa:cc", "ab:x\\:y", "a\\]b", "text with\nline", "2020-01-02", "B+R", "W+3.5", "x",
        "10:20", "1:2", "ISO-8859-1", "UTF-8", "0:0", "Sabaki:0.5"};
    std::size_t written = 0, refused = 0;
    for (const auto& g : sgf::all_games()) {
        for (const sgf::board_size size : {sgf::board_size{}, g.default_size, sgf::board_size{9, 9}, sgf::board_size{25, 25}}) {
            sgf::decode_options o;
            o.game = &g;
            o.size = size;
            for (const auto& r : sgf::all_properties()) {
                for (const std::string& raw : samples) {
                    const std::vector<std::string_view> one{raw};
                    const sgf::decoded_value d = sgf::decode_property(r, one, o);
                    if (d.error) continue;
                    CAPTURE(g.gm);
                    CAPTURE(r.ident);
                    CAPTURE(raw);
                    CAPTURE(size.columns);
                    std::optional<raws> out;
                    CHECK_NOTHROW(out = sgf::encode_property(r, d.value, o));
                    if (!out) {
                        // only what has no typed form to write
                        CHECK((g.move == sgf::move_syntax::backgammon || g.move == sgf::move_syntax::octi ||
                               g.point == sgf::point_syntax::unknown));
                        ++refused;
                        continue;
                    }
                    const std::vector<std::string_view> views(out->begin(), out->end());
                    const sgf::decoded_value again = sgf::decode_property(r, views, o);
                    REQUIRE_FALSE(again.error);
                    CHECK(sgf::encode_property(r, again.value, o) == out);
                    ++written;
                }
            }
        }
    }
    MESSAGE(written << " written back, " << refused << " without a typed form");
    CHECK(written > 1000);
}
