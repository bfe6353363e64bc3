// The rule rows (include/sgf/diagnostic.hpp): one row per kind of finding, codes whose letter
// is the level in effect, FF versions, the old spellings of codes, and the findings list
// shared by parser and checker (table/findings.hpp).
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "sgf/check.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/parse.hpp"
#include "table/findings.hpp"

using namespace std::string_view_literals;

using sgf::profile;
using sgf::rule;
using sgf::rule_level;
using sgf::severity;

TEST_CASE("rule rows: one per rule with a unique number and printed codes of three letters") {
    std::set<unsigned> numbers;
    std::set<std::string_view> names;
    std::size_t k = 1;
    for (const auto& r : sgf::all_rules()) {
        CAPTURE(r.name);
        CHECK(static_cast<std::size_t>(r.id) == k++);  // in enum order
        CHECK(&sgf::info(r.id) == &r);
        CHECK(numbers.insert(r.number).second);
        CHECK(names.insert(r.name).second);
        CHECK_FALSE(r.title.empty());
        CHECK_FALSE(r.hint.empty());
        CHECK_FALSE(r.source.empty());
        CHECK_FALSE(r.sentence.empty());
        const std::string n = std::to_string(1000 + r.number).substr(1);
        CHECK(sgf::code_of(r.id, severity::error) == "E" + n);
        CHECK(sgf::code_of(r.id, severity::warning) == "W" + n);
        CHECK(sgf::code_of(r.id, severity::info) == "I" + n);
        for (const severity s : {severity::error, severity::warning, severity::info}) {  // a finding of the row
            const sgf::diagnostic d = sgf::make_diagnostic(r.id, s);
            CHECK((d.id == r.id && d.level == s && d.code == sgf::code_of(r.id, s)));
        }
        // every spelling names the rule; the bare number too
        CHECK(sgf::find_rule(n) == &r);
        // the default code is the rule's level in FF[4] under ff4 (off rules: their E spelling)
        const rule_level l = sgf::level_of(r.id);
        if (l != rule_level::off) CHECK(sgf::code_of(r.id) == sgf::code_of(r.id, sgf::severity_of(l)));
    }
    CHECK(sgf::find_rule("E999") == nullptr);
    CHECK(sgf::find_rule("X101") == nullptr);
    CHECK(sgf::find_rule("E10") == nullptr);
    CHECK(sgf::code_of(rule::none).empty());
    CHECK(sgf::level_of(rule::none) == rule_level::off);
}

TEST_CASE("old code spellings stay aliases unless today's codes print them") {
    CHECK(sgf::find_rule("W201")->id == rule::unknown_property);
    CHECK(sgf::find_rule("I101")->id == rule::unverified_syntax);
    CHECK(sgf::find_rule("I001")->id == rule::ca_alias);
    CHECK(sgf::find_rule("W001")->id == rule::byte_order_mark);
    // W202 is today's lowered E202 (setup and move in an FF[3] node); the old W202 is 211
    CHECK(sgf::find_rule("W202")->id == rule::setup_move_mix);
    CHECK(sgf::find_rule("W211")->id == rule::obsolete_property);
    // W004 is E004 under --lenient
    CHECK(sgf::find_rule("W004")->id == rule::missing_tree_close);
    for (const auto& a : sgf::all_code_aliases()) {
        CAPTURE(a.old_code);
        const auto* r = sgf::find_rule(a.old_code);
        REQUIRE(r != nullptr);
        CHECK((a.shadowed ? r->id != a.now : r->id == a.now));
    }
}

TEST_CASE("levels per profile and per FF version") {
    CHECK(sgf::level_of(rule::rect_1x1) == rule_level::error);
    CHECK(sgf::level_of(rule::rect_1x1, profile::current) == rule_level::warning);
    CHECK(sgf::level_of(rule::empty_tail, profile::current) == rule_level::off);
    CHECK(sgf::level_of(rule::mn_in_root, profile::current) == rule_level::off);
    CHECK(sgf::level_of(rule::move_in_root, profile::hex) == rule_level::error);
    CHECK(sgf::level_of(rule::pl_with_move, profile::hex) == rule_level::off);
    // FF[4]-only rules: at most a warning in FF[1]-FF[3] files
    for (const rule r : {rule::setup_move_mix, rule::dt_format, rule::re_format,
                         rule::root_outside_root, rule::game_info_twice, rule::annotation_mix, rule::lowercase_ident}) {
        CAPTURE(sgf::info(r).name);
        CHECK(sgf::level_of(r, profile::ff4, 4) == rule_level::error);
        for (int ff = 1; ff <= 3; ++ff) CHECK(sgf::level_of(r, profile::ff4, ff) == rule_level::warning);
        CHECK(sgf::level_of(r, profile::ff4, 7) == rule_level::error);  // no version 1-4: FF[4]'s
    }
    // what the spec recommends or puts in parentheses is a warning
    CHECK(sgf::level_of(rule::ha_range) == rule_level::warning);
    CHECK(sgf::level_of(rule::number_range) == rule_level::warning);
    CHECK(sgf::level_of(rule::size_range) == rule_level::error);
    // a value that does not match its value type is an error in every FF version that has
    // the type, "must" or not; the current profile accepts what 002_* documents
    for (const rule r : {rule::value_syntax, rule::ap_not_composed, rule::time_units}) {
        CAPTURE(sgf::info(r).name);
        for (int ff = 1; ff <= 4; ++ff) CHECK(sgf::level_of(r, profile::ff4, ff) == rule_level::error);
        CHECK(sgf::level_of(r, profile::hex) == rule_level::error);
    }
    CHECK(sgf::level_of(rule::ap_not_composed, profile::current) == rule_level::off);
    CHECK(sgf::level_of(rule::time_units, profile::current) == rule_level::off);
}

TEST_CASE("one line: line breaks and control characters are escaped") {
    CHECK(sgf::detail::one_line("plain text") == "plain text");
    CHECK(sgf::detail::one_line("BL[14\n0]") == "BL[14\\n0]");
    CHECK(sgf::detail::one_line("a\r\nb\tc\x01") == "a\\r\\nb\\tc\\x01");
    CHECK(sgf::detail::one_line("caf\xc3\xa9") == "caf\xc3\xa9");  // UTF-8 stays
}

TEST_CASE("a finding with a line break in its value is one line") {
    const auto r = sgf::parse("(;FF[4]GM[1];BL[14\n0])"sv);
    const auto ds = sgf::check(r.trees);
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == "E101");
    CHECK(ds[0].message.find('\n') == std::string::npos);
    CHECK(ds[0].message.find("BL[14\\n0]") != std::string::npos);
}

TEST_CASE("findings of one identifier are grouped and count all of them") {
    std::string text = "(;FF[4]GM[1]";
    for (int i = 0; i < 7; ++i) text += ";XY[1]C[x]";
    text += ")";
    const auto ds = sgf::check(sgf::parse(text).trees);
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == "W210");
    CHECK(ds[0].count == 7);
    CHECK(ds[0].message.find("and 6 more") != std::string::npos);
    CHECK(sgf::count_findings(ds, severity::warning) == 7);
}

TEST_CASE("findings past the cap are counted in one summary per rule and level") {
    std::string text = "(;FF[4]GM[1]";
    for (int i = 0; i < 1300; ++i) text += ";B[zz]";  // off the 19x19 board
    text += ")";
    const auto ds = sgf::check(sgf::parse(text).trees);
    CHECK(ds.size() == 1001);
    CHECK(sgf::count_findings(ds, severity::error) == 1300);
    CHECK(ds.back().count == 300);
    CHECK(ds.back().code == "E103");
}
