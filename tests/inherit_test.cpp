// Inheritance (include/sgf/inherit.hpp): the DD/VW example of the spec, clearing with [],
// variations inheriting from their fork, the walker's undo, and the JSON form.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "sgf/inherit.hpp"
#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "test_util.hpp"

namespace {

using sgf::node_path;

std::string raw_values(const std::optional<sgf::property>& p) {
    if (!p) return "<none>";
    std::string out;
    for (const auto& v : *p) {
        out += '[';
        out += v.raw();
        out += ']';
    }
    return out;
}

sgf::game_tree example(const char* name) {
    const sgf::parse_result r =
        sgf::parse(sgf::read_file(sgf_test::fs::path(SGF_SOURCE_DIR) / "conformance/spec_examples/inline" / name));
    REQUIRE(r.ok());
    REQUIRE(r.trees.size() == 1);
    return r.trees[0];
}

}  // namespace

TEST_CASE("inherit rows come from the table") {
    std::vector<std::string> ids;
    for (const auto* r : sgf::inherit_rows(4, 1)) ids.emplace_back(r->ident);
    CHECK(ids == std::vector<std::string>{"DD", "PM", "VW"});
    for (const auto* r : sgf::inherit_rows(4, 1)) CHECK(r->inherit);
}

TEST_CASE("DD and VW example of the spec (ff4_dd_vw_example.txt)") {
    for (const char* name : {"dd_vw_compressed.sgf", "dd_vw_uncompressed.sgf"}) {
        INFO(name);
        const sgf::game_tree t = example(name);
        // node 0: nothing inherited yet
        CHECK_FALSE(sgf::effective(t, node_path{{}, 0}, "DD"));
        CHECK_FALSE(sgf::effective(t, node_path{{}, 0}, "VW"));
        // node 1: the DD and VW of node 1
        const auto vw = sgf::effective(t, node_path{{}, 1}, "VW");
        REQUIRE(vw);
        CHECK(raw_values(vw) == "[aa:bi][ca:ee][ge:ie][ga:ia][gc:ic][gb][ib]");
        const auto dd = sgf::effective(t, node_path{{}, 1}, "DD");
        REQUIRE(dd);
        CHECK(dd->size() == (std::string(name) == "dd_vw_compressed.sgf" ? 2u : 23u));
        CHECK(sgf::effective_all(t, node_path{{}, 1}).size() == 2);
        // not an inherit property
        CHECK_FALSE(sgf::effective(t, node_path{{}, 1}, "AB"));
    }
    // the example is clean for the checker too
    const sgf::game_tree dd = example("dd_vw_compressed.sgf");
    CHECK(sgf::effective(dd, node_path{{}, 1}, "PM") == std::nullopt);
}

TEST_CASE("inheritance runs to every node below until set again or cleared") {
    const sgf::game_tree t = sgf_test::tree_of("(;VW[aa:cc];B[aa];VW[bb];W[bb](;VW[];B[cc])(;PM[2];B[dd](;DD[ee];DD[])))");
    CHECK(raw_values(sgf::effective(t, node_path{{}, 1}, "VW")) == "[aa:cc]");  // below the root
    CHECK(raw_values(sgf::effective(t, node_path{{}, 2}, "VW")) == "[bb]");     // a new setting
    CHECK(raw_values(sgf::effective(t, node_path{{}, 3}, "VW")) == "[bb]");
    CHECK(raw_values(sgf::effective(t, node_path{{0}, 0}, "VW")) == "<none>");  // VW[] clears
    CHECK(raw_values(sgf::effective(t, node_path{{0}, 1}, "VW")) == "<none>");
    CHECK(raw_values(sgf::effective(t, node_path{{1}, 0}, "VW")) == "[bb]");    // the sibling still has it
    CHECK(raw_values(sgf::effective(t, node_path{{1}, 1}, "PM")) == "[2]");
    CHECK(raw_values(sgf::effective(t, node_path{{1, 0}, 0}, "DD")) == "[ee]");
    CHECK(raw_values(sgf::effective(t, node_path{{1, 0}, 1}, "DD")) == "<none>");
    CHECK(raw_values(sgf::effective(t, node_path{{1, 0}, 1}, "PM")) == "[2]");
    CHECK_THROWS_AS((void)sgf::effective(t, node_path{{5}, 0}, "VW"), std::out_of_range);
    CHECK_THROWS_AS((void)sgf::effective(t, node_path{{}, 9}, "VW"), std::out_of_range);
}

TEST_CASE("walker undo restores the state of the fork") {
    const sgf::game_tree t = sgf_test::tree_of("(;VW[aa:bb];VW[cc];PM[0];VW[])");
    sgf::inherit_walker w(4, 1, sgf::profile::ff4);
    const std::size_t slot = w.slot_of("VW");
    REQUIRE(slot != sgf::inherit_walker::npos);
    CHECK(w.row(slot).ident == "VW");
    CHECK(w.slot_of(&w.row(slot)) == slot);
    std::vector<std::size_t> marks;
    for (std::size_t i = 0; i < t.size(); ++i) {
        marks.push_back(w.mark());
        for (const auto& p : t[i].properties()) (void)w.apply(p);
    }
    CHECK_FALSE(w.effective(slot));
    CHECK(w.effective("PM"));
    w.undo(marks[3]);
    CHECK(raw_values(w.effective(slot)) == "[cc]");
    w.undo(marks[1]);
    CHECK(raw_values(w.effective(slot)) == "[aa:bb]");
    CHECK_FALSE(w.effective("PM"));
    w.undo(0);
    CHECK_FALSE(w.any());
}

TEST_CASE("for_each_inherited numbers nodes in pre-order with explicit stacks") {
    const sgf::game_tree t = sgf_test::tree_of("(;PM[2](;B[aa])(;PM[0];W[bb]))");
    std::vector<std::string> seen;
    sgf::for_each_inherited(t, [&](const sgf::node&, std::size_t number, std::span<const sgf::property> in_effect) {
        std::string s = std::to_string(number) + ":";
        for (const auto& p : in_effect) s += std::string(p.ident()) + p.front().unescaped();
        seen.push_back(s);
    });
    CHECK(seen == std::vector<std::string>{"0:PM2", "1:PM2", "2:PM0", "3:PM0"});

    // a million nested variations
    std::string deep = "(;VW[aa]";
    for (int i = 0; i < 1'000'000; ++i) deep += "(;B[]";
    deep.append(1'000'000, ')');
    deep += ')';
    const sgf::parse_result r = sgf::parse(std::move(deep));
    REQUIRE(r.ok());
    std::size_t with_vw = 0;
    sgf::for_each_inherited(r.trees[0], [&](const sgf::node&, std::size_t, std::span<const sgf::property> in_effect) {
        with_vw += in_effect.size();
    });
    CHECK(with_vw == 1'000'001);
}

TEST_CASE("JSON with inherited: the plain tree plus one parallel array per game tree") {
    const sgf::collection c = sgf_test::parse_ok("(;VW[aa:bb]C[x];B[aa](;VW[];W[bb])(;DD[cc]))(;PM[1])");
    const std::string j = sgf::to_json_with_inherited(c);
    CHECK(j ==
          "{\"format\":\"sgf-tree\",\"version\":2,\"trees\":[{\"nodes\":[[[\"VW\",[[\"aa\",\"bb\"]]],[\"C\",[\"x\"]]],[[\"B\",[\"aa\"]]]],"
          "\"inherited\":[[[\"VW\",[[\"aa\",\"bb\"]]]],[[\"VW\",[[\"aa\",\"bb\"]]]]],\"variations\":["
          "{\"nodes\":[[[\"VW\",[\"\"]]],[[\"W\",[\"bb\"]]]],\"inherited\":[[],[]],\"variations\":[]},"
          "{\"nodes\":[[[\"DD\",[\"cc\"]]]],\"inherited\":[[[\"DD\",[\"cc\"]],[\"VW\",[[\"aa\",\"bb\"]]]]],\"variations\":[]}]},"
          "{\"nodes\":[[[\"PM\",[\"1\"]]]],\"inherited\":[[[\"PM\",[\"1\"]]]],\"variations\":[]}]}");
    // without the "inherited" arrays it is exactly to_json
    std::string stripped = j;
    for (std::size_t at = stripped.find(",\"inherited\":["); at != std::string::npos;
         at = stripped.find(",\"inherited\":[")) {
        std::size_t depth = 0, i = at + 14;
        for (;; ++i) {
            if (stripped[i] == '[' || stripped[i] == '{') ++depth;
            if (stripped[i] == ']' || stripped[i] == '}') {
                if (depth == 0) break;
                --depth;
            }
        }
        stripped.erase(at, i + 1 - at);
    }
    CHECK(stripped == sgf::to_json(c));
}
