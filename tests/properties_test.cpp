// The property rule table against the spec files themselves: the TSV parts of the two
// property indexes, every "Property:" entry of ff4_properties.txt and the game pages, and
// the GM list. The files are read at test time from SGF_SHARED_DIR.
#include <doctest/doctest.h>

#include <cctype>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/properties.hpp"

#include "tests/shared_dir.hpp"

namespace {

std::string read_spec(const std::string& name) {
    const std::string path = (sgf_test::shared_dir() / "spec" / "reference" / name).string();
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const auto at = s.find(sep, start);
        out.emplace_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) break;
        start = at + 1;
    }
    return out;
}

std::vector<std::string> lines_of(const std::string& text) {
    auto ls = split(text, '\n');
    for (auto& l : ls)
        if (!l.empty() && l.back() == '\r') l.pop_back();
    return ls;
}

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return std::string(s);
}

// Rows of the machine-readable TSV that follows the header line starting with "ID\t".
std::vector<std::vector<std::string>> tsv_rows(const std::string& file) {
    std::vector<std::vector<std::string>> rows;
    bool in_table = false;
    for (const auto& line : lines_of(read_spec(file))) {
        if (!in_table && line.rfind("ID\t", 0) == 0) {  // the header (the ID property is a row too)
            in_table = true;
            continue;
        }
        if (in_table && line.find('\t') != std::string::npos) rows.push_back(split(line, '\t'));
    }
    return rows;
}

struct page_entry {
    std::string ident;
    std::string value;
    std::string type;
};

// "Property: / Propvalue: / Propertytype:" blocks of a spec page.
std::vector<page_entry> page_entries(const std::string& file) {
    std::vector<page_entry> out;
    for (const auto& line : lines_of(read_spec(file))) {
        const auto field = [&](std::string_view key) -> std::optional<std::string> {
            if (line.rfind(key, 0) != 0) return std::nullopt;
            return trim(std::string_view(line).substr(key.size()));
        };
        if (auto v = field("Property:")) {
            out.push_back({trim(split(*v, ' ')[0]), "", ""});  // "RU (rules)" -> "RU"
        } else if (auto pv = field("Propvalue:"); pv && !out.empty()) {
            out.back().value = *pv;
        } else if (auto pt = field("Propertytype:"); pt && !out.empty()) {
            out.back().type = *pt;
        }
    }
    return out;
}

sgf::property_type type_of(std::string_view t) {
    if (t == "move") return sgf::property_type::move;
    if (t == "setup") return sgf::property_type::setup;
    if (t == "root") return sgf::property_type::root;
    if (t == "game-info") return sgf::property_type::game_info;
    return sgf::property_type::none;  // "-", "inherit"
}

int gm_of_qualifier(std::string_view q) {
    if (q == "Go") return 1;
    if (q == "LOA") return 9;
    return 1;
}

sgf::ff_mask mask_of(const std::vector<std::string>& flags) {
    sgf::ff_mask m = 0;
    for (int v = 1; v <= 4; ++v)
        if (flags[static_cast<std::size_t>(v - 1)] == "yes") m = static_cast<sgf::ff_mask>(m | sgf::ff_bit(v));
    return m;
}

bool has_disagreement(std::string_view key) {
    for (const auto& d : sgf::all_disagreements())
        if (d.key == key) return true;
    return false;
}

// Rows whose FF mask deliberately differs from ff1-4_property_index.txt (see disagreement).
const std::map<std::string, std::string> ff_exceptions = {{"LN", "ln_ff3"}};

}  // namespace

TEST_CASE("every identifier of the FF[4] property index has a matching row") {
    SGF_NEEDS_SHARED("spec/reference");
    const auto rows = tsv_rows("ff4_property_index.txt");
    REQUIRE(rows.size() == 72);
    for (const auto& f : rows) {
        REQUIRE(f.size() == 6);
        const auto& id = f[0];
        const auto& marker = f[1];
        const auto& qualifier = f[4];
        CAPTURE(std::string(id));
        const int gm = gm_of_qualifier(qualifier);
        const auto* r = sgf::find_property(id, 4, gm);
        REQUIRE(r != nullptr);
        CHECK(r->ident == id);
        CHECK(r->defined_in(4));
        CHECK(r->applies_to(gm));
        CHECK(r->type == type_of(f[3]));
        CHECK(r->inherit == (qualifier == "inherit"));
        if (qualifier == "Go" || qualifier == "LOA") CHECK(r->games == sgf::gm_bit(gm));
        const auto shape = sgf::parse_value_shape(f[5]);
        REQUIRE(shape.has_value());
        CHECK(*shape == r->shape);
        // '*' = new in FF[4]; VW is used by FF[3] files and kept 1234 (disagreement vw_ff3)
        if (marker == "*" && id != "VW") CHECK_FALSE(r->defined_in(3));
    }
    CHECK(has_disagreement("vw_ff3"));
}

TEST_CASE("every row of the FF[1]-FF[4] index has a row with the same FF versions") {
    SGF_NEEDS_SHARED("spec/reference");
    const auto rows = tsv_rows("ff1-4_property_index.txt");
    REQUIRE(rows.size() == 89);
    for (const auto& f : rows) {
        REQUIRE(f.size() == 10);
        const auto& id = f[0];
        CAPTURE(std::string(id));
        const auto mask = mask_of({f[2], f[3], f[4], f[5]});
        const auto exception = ff_exceptions.find(id);
        const int gm = f[8] == "LOA" ? 9 : 1;
        const sgf::property_rule* match = nullptr;
        for (const auto& r : sgf::all_properties()) {
            const bool standard = r.origin == sgf::row_origin::ff4 || r.origin == sgf::row_origin::game ||
                                  r.origin == sgf::row_origin::legacy;
            if (r.ident != id || !standard || !r.applies_to(gm)) continue;
            if (r.ff_versions == mask || exception != ff_exceptions.end()) {
                match = &r;
                break;
            }
        }
        REQUIRE_MESSAGE(match != nullptr, "no row for " << id << " with FF " << f[1]);
        if (exception != ff_exceptions.end()) CHECK(has_disagreement(exception->second));
        CHECK(match->type == type_of(f[7]));
        CHECK(match->inherit == (f[8] == "inherit"));
        if (f[8] == "Go") CHECK(match->games == sgf::gm_bit(1));
        const auto shape = sgf::parse_value_shape(f[9]);
        REQUIRE(shape.has_value());
        CHECK(*shape == match->shape);
        if (match->ff_versions != 0 && !(match->ff_versions & sgf::ff_bit(4)))
            CHECK(match->origin == sgf::row_origin::legacy);
    }
}

TEST_CASE("every Property entry of ff4_properties.txt matches its generic row") {
    SGF_NEEDS_SHARED("spec/reference");
    const auto entries = page_entries("ff4_properties.txt");
    CHECK(entries.size() == 63);  // the page's Contents list 63 properties
    for (const auto& e : entries) {
        CAPTURE(e.ident);
        const auto* r = sgf::find_property(e.ident, 4, 1);
        REQUIRE(r != nullptr);
        CHECK(r->games == sgf::every_game);
        CHECK(r->spec_section.find("ff4_properties.txt") != std::string_view::npos);
        CHECK(r->type == type_of(e.type));
        CHECK(r->inherit == (e.type == "inherit"));
        const auto shape = sgf::parse_value_shape(e.value);
        REQUIRE_MESSAGE(shape.has_value(), "Propvalue: " << e.value);
        CHECK(*shape == r->shape);
    }
}

TEST_CASE("every property of the game pages has a game-specific row") {
    SGF_NEEDS_SHARED("spec/reference");
    const std::pair<const char*, int> pages[] = {
        {"ff4_go.txt", 1},      {"ff4_hex.txt", 11},  {"ff4_loa.txt", 9},
        {"ff4_backgammon.txt", 6}, {"ff4_amazons.txt", 18}, {"ff4_octi.txt", 19},
    };
    std::size_t total = 0;
    for (const auto& page : pages) {
        const std::string file = page.first;  // not a structured binding: clang 14 cannot capture those
        const int gm = page.second;
        const auto entries = page_entries(file);
        CHECK_FALSE(entries.empty());
        total += entries.size();
        for (const auto& e : entries) {
            CAPTURE(file);
            CAPTURE(e.ident);
            const auto* r = sgf::find_property(e.ident, 4, gm);
            REQUIRE(r != nullptr);
            CHECK(r->games == sgf::gm_bit(gm));
            CHECK(r->spec_section.find(file) != std::string_view::npos);
            CHECK(r->type == type_of(e.type));
            const auto shape = sgf::parse_value_shape(e.value);
            REQUIRE_MESSAGE(shape.has_value(), "Propvalue: " << e.value);
            CHECK(*shape == r->shape);
        }
    }
    CHECK(total == 4 + 2 + 5 + 6 + 1 + 12);
    // Gess and Twixt define no properties of their own here
    for (const auto& r : sgf::all_properties()) {
        CHECK_FALSE(r.games == sgf::gm_bit(20));
        CHECK_FALSE(r.games == sgf::gm_bit(21));
    }
}

TEST_CASE("every row is complete and consistent") {
    std::set<std::string> legacy_expected = {"L", "M", "KI", "BS", "WS", "CH", "EL", "EX", "ID", "LT",
                                             "OM", "OP", "OV", "SI", "TC", "RG", "SC", "SE", "CI"};
    for (const auto& r : sgf::all_properties()) {
        CAPTURE(std::string(r.ident));
        CHECK_FALSE(r.ident.empty());
        for (const char c : r.ident) CHECK((c >= 'A' && c <= 'Z'));
        CHECK_FALSE(r.description.empty());
        CHECK_FALSE(r.spec_section.empty());
        const auto shape = sgf::parse_value_shape(r.value_type);
        REQUIRE(shape.has_value());
        CHECK(*shape == r.shape);
        CHECK(sgf::parse_value_shape(sgf::to_string(r.shape)) == r.shape);
        CHECK(!r.shape.alternatives().empty());
        for (const auto& a : r.shape.alternatives()) CHECK((a.first <= sgf::value_kind::unknown && (a.composed || a.second == sgf::value_kind::none)));
        bool some_game_not = false;  // game_specific: the row leaves some game out
        for (int gm = 1; gm <= 63; ++gm) some_game_not |= (r.games & sgf::gm_bit(gm)) == 0;
        CHECK(r.game_specific() == some_game_not);
        CHECK(r.profiles != 0);
        CHECK(r.games != 0);
        if (r.origin == sgf::row_origin::legacy) legacy_expected.erase(std::string(r.ident));
        if (r.origin == sgf::row_origin::current_usage || r.origin == sgf::row_origin::private_usage) {
            CHECK(r.ff_versions == 0);
            CHECK(r.profiles == sgf::profile_bit(sgf::profile::current));
        } else if (r.ident != "KI") {
            CHECK(r.ff_versions != 0);
        }
        if (r.format == sgf::value_format::keyword || r.format == sgf::value_format::keyword_switches ||
            r.format == sgf::value_format::keyword_numbers)
            CHECK_FALSE(r.keywords.empty());
        if (r.has(sgf::restriction::clears_when_empty)) {
            CHECK(r.inherit);
            CHECK(r.shape.card == sgf::cardinality::elist);
        }
    }
    CHECK(legacy_expected.empty());
}

TEST_CASE("no two rows claim the same identifier in the same scope") {
    const auto props = sgf::all_properties();
    for (std::size_t a = 0; a < props.size(); ++a)
        for (std::size_t b = a + 1; b < props.size(); ++b) {
            const auto& x = props[a];
            const auto& y = props[b];
            if (x.ident != y.ident || x.games != y.games || x.profiles != y.profiles) continue;
            CAPTURE(std::string(x.ident));
            const bool both_unversioned = x.ff_versions == 0 && y.ff_versions == 0;
            CHECK_FALSE(both_unversioned);
            CHECK((x.ff_versions & y.ff_versions) == 0);
        }
}

TEST_CASE("002 current-usage rows exist only in the current profile") {
    for (const char* id : {"BC", "WC", "JD", "LC", "OH"}) {
        CAPTURE(std::string(id));
        CHECK(sgf::find_property(id, 4, 1, sgf::profile::ff4) == nullptr);
        CHECK(sgf::find_property(id, 4, 1, sgf::profile::hex) == nullptr);
        const auto* r = sgf::find_property(id, 4, 1, sgf::profile::current);
        REQUIRE(r != nullptr);
        CHECK(r->origin == sgf::row_origin::current_usage);
        CHECK(r->defined_in(4));
        CHECK(r->spec_section.find("002_") != std::string_view::npos);
    }
    for (const char* id : {"KGSDE", "KGSSB", "KGSSW", "MULTIGOGM", "XM", "KK"}) {
        CAPTURE(std::string(id));
        CHECK(sgf::find_property(id, 4, 1) == nullptr);
        const auto* r = sgf::find_property(id, 4, 1, sgf::profile::current);
        REQUIRE(r != nullptr);
        CHECK(r->origin == sgf::row_origin::private_usage);
    }
    // LT: FF[3] "lose on time" everywhere, 002_* "byo-yomi period length" under current
    const auto* lt4 = sgf::find_property("LT", 4, 1);
    REQUIRE(lt4 != nullptr);
    CHECK(lt4->origin == sgf::row_origin::legacy);
    CHECK_FALSE(lt4->defined_in(4));
    const auto* ltc = sgf::find_property("LT", 4, 1, sgf::profile::current);
    REQUIRE(ltc != nullptr);
    CHECK(ltc->origin == sgf::row_origin::current_usage);
    // 002_*: LT is the byo-yomi period length; LT[] is the FF[3] "Loss on Time is enforced"
    CHECK(ltc->shape.alts[0].first == sgf::value_kind::none);
    CHECK(ltc->shape.alts[1].first == sgf::value_kind::time);
}

TEST_CASE("find_property picks the best fitting row") {
    const auto* b = sgf::find_property("B");
    REQUIRE(b != nullptr);
    CHECK(b->type == sgf::property_type::move);
    CHECK(b->exclusive == sgf::exclusive_group::move_color);
    CHECK(sgf::find_property("ZZZ") == nullptr);
    CHECK(sgf::find_property("") == nullptr);
    CHECK(sgf::find_property("b") == nullptr);

    // game-specific rows win over generic ones
    const auto* re1 = sgf::find_property("RE", 4, 1);
    const auto* re6 = sgf::find_property("RE", 4, 6);
    REQUIRE(re1 != nullptr);
    REQUIRE(re6 != nullptr);
    CHECK(re1->format == sgf::value_format::result);
    CHECK(re6->format == sgf::value_format::result_backgammon);
    CHECK(sgf::find_property("RU", 4, 19)->games == sgf::gm_bit(19));
    CHECK(sgf::find_property("RU", 4, 1)->games == sgf::every_game);

    // a profile selects its own rows: Hex RE per 001_*
    CHECK(sgf::find_property("RE", 4, 11)->format == sgf::value_format::result);
    CHECK(sgf::find_property("RE", 4, 11, sgf::profile::hex)->format == sgf::value_format::result_hex);
    CHECK(sgf::find_property("RE", 4, 1, sgf::profile::hex)->format == sgf::value_format::result);

    // one identifier, several meanings
    CHECK(sgf::find_property("IP", 4, 9)->format == sgf::value_format::keyword);
    CHECK(sgf::find_property("IP", 4, 11)->format == sgf::value_format::empty_text);
    CHECK(sgf::find_property("IP", 4, 11)->has(sgf::restriction::once_per_game));
    CHECK(sgf::find_property("AS", 4, 9)->shape.alts[0].first == sgf::value_kind::simple_text);
    CHECK(sgf::find_property("AS", 4, 19)->shape.alts[0].composed);
    const auto* se_go = sgf::find_property("SE", 4, 1);
    REQUIRE(se_go != nullptr);
    CHECK(se_go->origin == sgf::row_origin::legacy);  // the FF[3] row: obsolete in FF[4]
    CHECK_FALSE(se_go->defined_in(4));
    const auto* se_loa = sgf::find_property("SE", 4, 9);
    CHECK(se_loa->games == sgf::gm_bit(9));
    CHECK(se_loa->shape.card == sgf::cardinality::single);
    CHECK(sgf::find_property("SE", 3, 1)->defined_in(3));

    // a Go property in a Hex file: the row is returned, the caller sees it does not apply
    const auto* ha = sgf::find_property("HA", 4, 11);
    REQUIRE(ha != nullptr);
    CHECK_FALSE(ha->applies_to(11));
    // an FF[4]-only property in an FF[3] file
    CHECK_FALSE(sgf::find_property("AP", 3, 1)->defined_in(3));
    // FF[1]-[3] property in FF[4]
    CHECK_FALSE(sgf::find_property("BS", 4, 1)->defined_in(4));
    CHECK(sgf::find_property("BS", 1, 1)->defined_in(1));
    // Backgammon DI (dice) vs goproblems DI (difficulty, current profile)
    CHECK(sgf::find_property("DI", 4, 6, sgf::profile::current)->games == sgf::gm_bit(6));
    CHECK(sgf::find_property("DI", 4, 1, sgf::profile::current)->origin == sgf::row_origin::private_usage);
}

TEST_CASE("restrictions and groups from the property pages") {
    for (const char* id : {"KO", "BM", "DO", "IT", "TE"}) CHECK(sgf::find_property(id)->has(sgf::restriction::needs_move));
    for (const char* id : {"GB", "GW", "DM", "UC"})
        CHECK(sgf::find_property(id)->exclusive == sgf::exclusive_group::position_judgement);
    CHECK(sgf::find_property("HO")->exclusive == sgf::exclusive_group::none);
    for (const char* id : {"BM", "TE", "DO", "IT"})
        CHECK(sgf::find_property(id)->exclusive == sgf::exclusive_group::move_annotation);
    for (const char* id : {"AR", "LN"}) {
        CHECK(sgf::find_property(id)->has(sgf::restriction::distinct_ends));
        CHECK(sgf::find_property(id)->has(sgf::restriction::no_duplicate_values));
    }
    for (const char* id : {"AB", "AW", "AE"}) CHECK(sgf::find_property(id)->unique_points == sgf::point_group::setup);
    for (const char* id : {"CR", "MA", "SL", "SQ", "TR"}) CHECK(sgf::find_property(id)->unique_points == sgf::point_group::markup);
    for (const char* id : {"TB", "TW"}) CHECK(sgf::find_property(id)->unique_points == sgf::point_group::territory);
    for (const char* id : {"DD", "VW", "PM"}) CHECK(sgf::find_property(id)->inherit);
    CHECK(sgf::find_property("FF")->range.present);
    CHECK(sgf::find_property("FF")->range.min == 1);
    CHECK(sgf::find_property("FF")->range.max == 4);
    CHECK(sgf::find_property("ST")->range.max == 3);
    CHECK(sgf::find_property("GM")->range.max == 40);
    CHECK(sgf::find_property("HA")->format == sgf::value_format::handicap);
    CHECK(has_disagreement("gm_range"));
}

TEST_CASE("value shape parsing of every spelling in the sources") {
    using sgf::cardinality;
    using sgf::value_kind;
    const auto p = [](std::string_view s) {
        const auto r = sgf::parse_value_shape(s);
        REQUIRE_MESSAGE(r.has_value(), "does not parse: " << s);
        return *r;
    };
    const auto list_pp = p("list of composed point ':' point");
    CHECK(list_pp.card == cardinality::list);
    CHECK(list_pp.count == 1);
    CHECK(list_pp.alts[0] == sgf::value_alternative{value_kind::point, value_kind::point, true});
    CHECK(p("list of composed point : point") == list_pp);      // ff1-4 index
    CHECK(p("list of (point : point)") == list_pp);             // SGFC
    CHECK(p("List Of Composed Point \":\" Point") == list_pp);  // any case, double quotes

    const auto fg = p("none | composed number \":\" simpletext");
    CHECK(fg.card == cardinality::single);
    CHECK(fg.count == 2);
    CHECK(fg.alts[0].first == value_kind::none);
    CHECK(fg.alts[1] == sgf::value_alternative{value_kind::number, value_kind::simple_text, true});
    CHECK(p("none | composition of number \":\" SimpleText") == fg);  // ff4_properties.txt
    CHECK(p("none | composed number : simpletext") == fg);
    CHECK(p("none | (number : text)").alts[1].second == value_kind::text);  // SGFC

    const auto sz = p("(number | composed number ':' number)");
    CHECK(sz.count == 2);
    CHECK(p("number | (number : number)") == sz);

    const auto ff = p("number (range: 1-4)");
    CHECK(ff.count == 1);
    CHECK(ff.alts[0].first == value_kind::number);
    CHECK(p("number (range: 1-5,7-16)") == ff);
    CHECK(p("elist of point").card == cardinality::elist);
    CHECK(p("list of stone").alts[0].first == value_kind::stone);
    CHECK(p("Color").alts[0].first == value_kind::color);
    CHECK(p("double").alts[0].first == value_kind::double_value);
    CHECK(p("text : text") == p("composed text ':' text"));
    CHECK(p("composed simpletext ':' number").alts[0].second == value_kind::number);
    CHECK(p("time").alts[0].first == value_kind::time);

    for (const char* bad : {"", "list point", "list of", "composed point", "point ':'", "number |", "(number",
                            "foo", "number number", "none | none | none | none",
                            "(range: 1-4)", "composed : point"}) {
        CAPTURE(std::string(bad));
        CHECK_FALSE(sgf::parse_value_shape(bad).has_value());
    }
    CHECK(sgf::to_string(fg) == "none | composed number ':' simpletext");
    CHECK(sgf::to_string(list_pp) == "list of composed point ':' point");
}

TEST_CASE("compose helpers") {
    const auto& go = sgf::go_game();
    const auto* amazons = sgf::find_game(18);
    const auto* gess = sgf::find_game(20);
    CHECK(sgf::is_compose_type(sgf::find_property("LB")->shape));
    CHECK(sgf::is_compose_type(sgf::find_property("AP")->shape));
    CHECK(sgf::is_compose_type(sgf::find_property("SZ")->shape));
    CHECK(sgf::is_compose_type(sgf::find_property("FG")->shape));
    CHECK_FALSE(sgf::is_compose_type(sgf::find_property("C")->shape));
    CHECK_FALSE(sgf::is_compose_type(sgf::find_property("AB")->shape));
    CHECK(sgf::allows_compressed_points(sgf::find_property("AB")->shape, &go));
    CHECK(sgf::allows_compressed_points(sgf::find_property("AE")->shape, nullptr));
    CHECK_FALSE(sgf::allows_compressed_points(sgf::find_property("AB")->shape, amazons));
    CHECK_FALSE(sgf::allows_compressed_points(sgf::find_property("B")->shape, &go));
    CHECK(sgf::may_be_compose(*sgf::find_property("AB"), &go));
    CHECK(sgf::may_be_compose(*sgf::find_property("LB"), &go));
    CHECK_FALSE(sgf::may_be_compose(*sgf::find_property("C"), &go));
    CHECK_FALSE(sgf::may_be_compose(*sgf::find_property("N"), nullptr));
    CHECK_FALSE(sgf::may_be_compose(*sgf::find_property("B"), &go));
    CHECK(sgf::may_be_compose(*sgf::find_property("B"), gess));           // B[cc:ce]
    CHECK(sgf::may_be_compose(*sgf::find_property("B"), sgf::find_game(9)));  // W[C2:C5]
    CHECK(sgf::may_be_compose(*sgf::find_property("B"), nullptr));
    CHECK_FALSE(sgf::may_be_compose(*sgf::find_property("B"), amazons));
}

TEST_CASE("legacy long names reduce to FF[4] identifiers") {
    CHECK(sgf::ff4_ident_of("GaMe") == "GM");
    CHECK(sgf::ff4_ident_of("CoPyright") == "CP");
    CHECK(sgf::ff4_ident_of("VieW") == "VW");
    CHECK(sgf::ff4_ident_of("PlayerBlack") == "PB");
    CHECK(sgf::ff4_ident_of("thisisaWhitemove") == "W");
    CHECK(sgf::ff4_ident_of("bbrWyryrerwLerreoi") == "WL");
    CHECK(sgf::ff4_ident_of("B") == "B");
    CHECK(sgf::ff4_ident_of("comment").empty());
    CHECK(sgf::ff4_ident_of("") == "");
    CHECK(sgf::all_long_names().size() >= 20);
    for (const auto& n : sgf::all_long_names()) {
        CAPTURE(std::string(n.written));
        CHECK(sgf::ff4_ident_of(n.written) == n.ident);
        CHECK(n.written != n.ident);
        CHECK_FALSE(n.source.empty());
        CHECK(sgf::find_property(n.ident, 3, 1, sgf::profile::current) != nullptr);
    }
}

TEST_CASE("aliases point at known rows") {
    for (const auto& a : sgf::all_aliases()) {
        CAPTURE(std::string(a.alias));
        CHECK_FALSE(a.source.empty());
        CHECK(a.profiles != 0);
        CHECK(sgf::find_property(a.target, 4, 1, sgf::profile::current) != nullptr);
    }
}

TEST_CASE("profiles") {
    using sgf::profile;
    CHECK(sgf::all_profiles().size() == 3);
    CHECK(sgf::find_profile("ff4") == profile::ff4);
    CHECK(sgf::find_profile("current") == profile::current);
    CHECK(sgf::find_profile("hex") == profile::hex);
    CHECK_FALSE(sgf::find_profile("ff5").has_value());
    CHECK(sgf::info(profile::hex).default_gm == 11);
}

TEST_CASE("recorded disagreements") {
    std::set<std::string_view> keys;
    for (const auto& d : sgf::all_disagreements()) {
        CHECK(keys.insert(d.key).second);
        CHECK_FALSE(d.topic.empty());
        CHECK_FALSE(d.sources.empty());
        CHECK_FALSE(d.resolution.empty());
    }
    for (const char* k : {"rect_1x1", "empty_tail", "mn_in_root", "gm_range", "ap_type", "re_hex", "hex_size",
                          "ln_ff3", "vw_ff3", "se_meaning", "lt_meaning", "compose_extra_colon"})
        CHECK_MESSAGE(keys.count(k) == 1, k);
    // a disagreement named after a rule gives that rule different levels in the profiles
    for (const auto& r : sgf::all_rules()) {
        if (!keys.count(r.name)) continue;
        const bool differ = r.level[0] != r.level[1] || r.level[0] != r.level[2];
        CHECK_MESSAGE(differ, r.name);
    }
}

TEST_CASE("game rows match the GM list of ff4_properties.txt") {
    SGF_NEEDS_SHARED("spec/reference");
    const auto text = read_spec("ff4_properties.txt");
    const auto from = text.find("Valid numbers are:");
    const auto to = text.find("Default value", from);
    REQUIRE(from != std::string::npos);
    std::string list = text.substr(from + 18, to - from - 18);
    for (auto& c : list)
        if (c == '\n' || c == '.') c = ' ';
    int count = 0;
    for (const auto& item : split(list, ',')) {
        const auto eq = item.find('=');
        REQUIRE(eq != std::string::npos);
        const auto name = trim(std::string_view(item).substr(0, eq));
        const int gm = std::stoi(trim(std::string_view(item).substr(eq + 1)));
        const auto* g = sgf::find_game(gm);
        REQUIRE(g != nullptr);
        CAPTURE(std::string(name));
        std::string a(name), b(g->name);
        for (auto& c : a) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        for (auto& c : b) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        CHECK(a == b);
        ++count;
    }
    CHECK(count == 40);
    CHECK(sgf::all_games().size() == 40);
    CHECK(sgf::find_game(0) == nullptr);
    CHECK(sgf::find_game(41) == nullptr);
    CHECK(sgf::find_game(-1) == nullptr);
    for (const auto& g : sgf::all_games()) {
        CAPTURE(g.gm);
        CHECK_FALSE(g.spec_section.empty());
        CHECK(g.has_page == (g.point != sgf::point_syntax::unknown));
    }
    const auto& go = sgf::go_game();
    CHECK(go.gm == 1);
    CHECK(go.max_side == 52);
    CHECK(go.default_size == sgf::board_size{19, 19});
    CHECK(go.tt_is_pass);
    CHECK(sgf::find_game(11)->max_side == 0);  // arbitrarily large since 2021
    CHECK(sgf::find_game(21)->max_side == 702);
    CHECK(sgf::find_game(21)->min_side == 3);
    CHECK(sgf::find_game(3)->default_size == sgf::board_size{8, 8});
    for (const int gm : {1, 6, 9, 11, 18, 19, 20, 21}) CHECK(sgf::find_game(gm)->has_page);
}

TEST_CASE("find_property gives what a search of every row gives") {
    // the best row by the documented score (properties.hpp), found by reading every row: for
    // every identifier of the table (one or two capitals, and the longer ones such as LKM),
    // unknown ones short and long, and identifiers that are no capitals, in every FF, game and
    // profile (find_property reads the short ones by a slot and the long ones from a list)
    const auto slow = [](std::string_view id, int ff, int gm, sgf::profile p) -> const sgf::property_rule* {
        const sgf::property_rule* best = nullptr;
        int best_score = -1;
        for (const auto& r : sgf::all_properties()) {
            if (r.ident != id || !r.in_profile(p)) continue;
            const int score = (r.applies_to(gm) ? 8 : 0) + (r.defined_in(ff) ? 4 : 0) + (r.game_specific() ? 2 : 0) +
                              (r.profiles != sgf::every_profile ? 1 : 0);
            if (score > best_score) {
                best = &r;
                best_score = score;
            }
        }
        return best;
    };
    std::set<std::string> ids{"ZZ", "QQQ", "LKMX", "LK", "B1", "b", "Lkm", "", "X", "AAAAAAAAAAAAAAAAAAAA"};
    std::size_t longer = 0;
    for (const auto& r : sgf::all_properties()) {
        ids.insert(std::string(r.ident));
        longer += r.ident.size() > 2;
    }
    CHECK(longer > 0);
    for (const std::string& id : ids)
        for (const auto& p : sgf::all_profiles())
            for (int ff = 1; ff <= 4; ++ff)
                for (int gm : {1, 2, 3, 6, 11, 40, 0, 999}) {
                    CAPTURE(id);
                    CHECK(sgf::find_property(id, ff, gm, p.id) == slow(id, ff, gm, p.id));
                }
}
