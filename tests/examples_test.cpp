// The example files of the FF[4] specification (conformance/spec_examples/, a copy of
// ../shared/spec/reference/examples/): each parses without errors and has the shape its page documents
// (examples/README.txt, ff4_examples_page.txt, ff4_variations.txt, ff4_dd_vw_example.txt).
#include <doctest/doctest.h>

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "sgf/tree.hpp"
#include "sgf/write.hpp"
#include "tests/test_util.hpp"

using namespace std::string_view_literals;

namespace {

namespace fs = sgf_test::fs;
using sgf_test::first_value;
using sgf_test::parse_ok;
using sgf_test::preorder_values;

// The spec's example files, kept in the repository (conformance/spec_examples/SOURCE.txt).
fs::path examples_dir() { return fs::path(SGF_SOURCE_DIR) / "conformance" / "spec_examples"; }

sgf::collection example(const std::string& name) {
    INFO("example: ", name);
    return parse_ok(sgf::read_file(examples_dir() / name));
}

// Node `number` of the pre-order numbering (ff4_examples_page.txt: "Primiview's node
// numbering starts with zero (0) ... in the order the nodes appear in the SGF file").
sgf::node numbered(const sgf::game_tree& t, std::size_t number) {
    for (sgf::preorder it(t); !it.done(); it.next())
        if (it.number() == number) return it.current();
    FAIL("no node number " << number);
    return {};
}

// The identifiers of a node, in file order, joined by ' '.
std::string idents(const sgf::node& n) {
    std::string out;
    for (const auto& p : n.properties()) {
        if (!out.empty()) out += ' ';
        out += p.ident();
    }
    return out;
}

// The N[] values of all nodes that have one, in pre-order, joined by ", ".
std::string names_in_preorder(const sgf::game_tree& t) {
    std::string out;
    for (sgf::preorder it(t); !it.done(); it.next()) {
        if (!it.current().has("N")) continue;
        if (!out.empty()) out += ", ";
        out += it.current().find("N")->front().simple_text();
    }
    return out;
}

// Expands a list of point (compressed point lists, sgf4.html "Compressed point lists")
// into single points: "aa:bc" is the rectangle with corners aa and bc.
std::set<std::string> points(const sgf::node& n, std::string_view ident) {
    std::set<std::string> out;
    const auto p = n.find(ident);
    REQUIRE(p.has_value());
    for (const sgf::value& v : *p) {
        const auto c = v.composed();
        const std::string ul(c ? c->first : v.raw());
        const std::string lr(c ? c->second : v.raw());
        REQUIRE(ul.size() == 2);
        REQUIRE(lr.size() == 2);
        for (char x = ul[0]; x <= lr[0]; ++x)
            for (char y = ul[1]; y <= lr[1]; ++y) out.insert(std::string{x, y});
    }
    return out;
}

}  // namespace

TEST_SUITE("examples") {

TEST_CASE("every example file of the specification parses without errors") {
    const auto files = sgf_test::files_under(examples_dir());
    std::set<std::string> names;
    for (const fs::path& p : files) {
        const std::string name = p.lexically_relative(examples_dir()).generic_string();
        CAPTURE(name);
        names.insert(name);
        const std::string bytes = sgf::read_file(p);
        const sgf::parse_result r = sgf::parse(bytes);
        CHECK(r.ok());
        CHECK(sgf_test::codes_of(r.diagnostics, true) == "");
        REQUIRE_FALSE(r.trees.empty());
        // examples/README.txt counts nodes as "';' outside values".
        std::size_t nodes = 0;
        for (const sgf::game_tree& t : r.trees) nodes += t.node_count();
        CHECK(nodes == sgf_test::count_nodes_by_scan(bytes));
        // Round trip.
        const std::string w = sgf::write(r.trees);
        CHECK(parse_ok(w) == r.trees);
        CHECK(sgf::to_json(parse_ok(w)) == sgf::to_json(r.trees));
    }
    for (const char* expected :
         {"ff4_ex.sgf", "print1.sgf", "print2.sgf", "inline/dd_vw_compressed.sgf", "inline/dd_vw_uncompressed.sgf",
          "inline/var_no_variation.sgf", "inline/var_one_variation_at_move3.sgf", "inline/var_tree_preorder.sgf",
          "inline/var_two_variations_at_different_moves.sgf", "inline/var_two_variations_at_move3.sgf",
          "inline/var_variation_of_variation.sgf"}) {
        CAPTURE(std::string(expected));
        CHECK(names.count(expected) == 1);
    }
    CHECK(files.size() == 11);
}

TEST_CASE("ff4_ex.sgf: two game trees with 54 and 8 nodes") {
    const sgf::collection c = example("ff4_ex.sgf");
    REQUIRE(c.size() == 2);
    CHECK(c[0].node_count() == 54);
    CHECK(c[1].node_count() == 8);
    std::size_t last = 0;
    for (sgf::preorder it(c[0]); !it.done(); it.next()) last = it.number();
    CHECK(last == 53);  // numbered 0-53
    CHECK(first_value(c[0][0], "GN") == "Gametree 1: properties");
    CHECK(first_value(c[0][0], "AP") == "Primiview:3.1");
    CHECK(c[0][0].find("AP")->front().composed()->second == "3.1");
}

TEST_CASE("ff4_ex.sgf game tree 1: variations A-E with the documented node numbers") {
    const sgf::game_tree t = example("ff4_ex.sgf")[0];
    REQUIRE(t.size() == 1);
    REQUIRE(t.variations().size() == 5);
    // ff4_examples_page.txt: A nodes 1-13, B 14-17, C 18-21, D 22-32, E 33-53.
    const std::vector<std::pair<std::size_t, std::size_t>> ranges{{1, 13}, {14, 17}, {18, 21}, {22, 32}, {33, 53}};
    const std::vector<std::string> names{"Moves, comments, annotations", "Setup", "Markup", "Style & text type",
                                         "Time limits, captures & move numbers"};
    for (std::size_t k = 0; k < 5; ++k) {
        CAPTURE(k);
        const sgf::game_tree& v = t.variations()[k];
        const sgf::node first = numbered(t, ranges[k].first);
        CHECK(first.same(v[0]));
        CHECK(v.node_count() == ranges[k].second - ranges[k].first + 1);
        CHECK(first_value(first, "N") == names[k]);
    }
    // Variation A: moves, annotations, passes.
    CHECK(first_value(numbered(t, 1), "B") == "pd");
    CHECK(first_value(numbered(t, 2), "GW") == "1");
    CHECK(first_value(numbered(t, 11), "B") == "jj");
    CHECK(idents(numbered(t, 12)) == "C W");
    CHECK(numbered(t, 12).find("W")->front().empty());  // the FF[4] pass
    CHECK(first_value(numbered(t, 13), "B") == "tt");
    // Variation B: setup with compressed point lists.
    CHECK(idents(numbered(t, 14)) == "AB AW N C");
    CHECK(points(numbered(t, 14), "AB").size() == 4 + 12);  // dd, de, df, dg and do:gq
    CHECK(idents(numbered(t, 15)) == "AE C");
    CHECK(numbered(t, 15).find("C")->front().text().find("erased in FF[3] way") != std::string::npos);
    CHECK(first_value(numbered(t, 16), "PL") == "B");
    CHECK(first_value(numbered(t, 17), "PL") == "W");
    // Variation C: markup (node 19), labels (node 20), arrows, lines, dimmed (node 21).
    CHECK(idents(numbered(t, 19)) == "TR MA CR SQ SL TW TB C");
    const auto lb = numbered(t, 20).find("LB");
    REQUIRE(lb.has_value());
    CHECK(lb->size() == 22);
    CHECK(lb->values()[8].composed()->second == "ABCDEFGH");  // label lengths 1-8
    CHECK(idents(numbered(t, 21)) == "DD AR LN C");
    CHECK(numbered(t, 21).find("AR")->size() == 8);
    // Variation D: node 22 has the line-break comment, 23 is "W d16" with four variations.
    CHECK(first_value(numbered(t, 23), "N") == "W d16");
    CHECK(t.variations()[3].variations().size() == 6);
    CHECK(t.variations()[3].variations()[0].variations().size() == 4);
    CHECK(first_value(numbered(t, 32), "N") == "W r3");
    // Variation E: time limits, move numbers, the suicide.
    CHECK(first_value(numbered(t, 34), "WL") == "300");
    CHECK(first_value(numbered(t, 35), "BL") == "105.6");
    CHECK(first_value(numbered(t, 35), "OB") == "10");
    CHECK(numbered(t, 53).find("C")->front().text() == "Suicide move\n(all B stones get captured)");
    std::string mn;
    for (sgf::preorder it(t); !it.done(); it.next())
        if (it.current().has("MN")) mn += std::to_string(it.number()) + ":" + first_value(it.current(), "MN") + " ";
    CHECK(mn == "42:2 44:112 ");
}

TEST_CASE("ff4_ex.sgf: the line-break comment keeps LF LFCR CRLF and CR in raw") {
    const sgf::game_tree t = example("ff4_ex.sgf")[0];
    const sgf::node n = numbered(t, 22);
    REQUIRE(n.has("C"));
    const sgf::value c = n.find("C")->front();
    const std::string_view raw = c.raw();
    CHECK(sgf_test::count_of(raw, "like this one >o\\\nk<") == 1);
    CHECK(sgf_test::count_of(raw, "linebreak 1 \"\\\\n\": >o\\\nk<\n") == 1);
    CHECK(sgf_test::count_of(raw, "linebreak 2 \"\\\\n\\\\r\": >o\\\n\rk<\n") == 1);
    CHECK(sgf_test::count_of(raw, "linebreak 3 \"\\\\r\\\\n\": >o\\\r\nk<\n") == 1);
    CHECK(raw.ends_with("\nlinebreak 4 \"\\\\r\": >o\\\rk<"));
    CHECK(sgf_test::count_of(raw, "\r") == 3);
    CHECK(c.text() ==
          "There are hard linebreaks & soft linebreaks.\n"
          "Soft linebreaks are linebreaks preceeded by '\\' like this one >ok<. "
          "Hard line breaks are all other linebreaks.\n"
          "Soft linebreaks are converted to >nothing<, i.e. removed.\n\n"
          "Note that linebreaks are coded differently on different systems.\n\n"
          "Examples (>ok< shouldn't be split):\n\n"
          "linebreak 1 \"\\n\": >ok<\n"
          "linebreak 2 \"\\n\\r\": >ok<\n"
          "linebreak 3 \"\\r\\n\": >ok<\n"
          "linebreak 4 \"\\r\": >ok<");
    CHECK(sgf_test::count_of(c.unescaped(), ">ok<") == 6);
    CHECK(c.pos() == sgf::position{2454, 70, 2});
    // Positions after the comment count each of its line breaks once.
    const sgf::game_tree& w = t.variations()[3].variations()[0];
    CHECK(w.pos() == sgf::position{2890, 88, 1});
    CHECK(w[0].pos() == sgf::position{2891, 88, 2});
    CHECK(w[0].find("N")->pos() == sgf::position{2897, 88, 8});
    CHECK(t.variations()[4].pos() == sgf::position{3080, 100, 1});
}

TEST_CASE("ff4_ex.sgf game tree 2: game-info merged into one tree") {
    const sgf::game_tree t = example("ff4_ex.sgf")[1];
    CHECK(t.pos() == sgf::position{3786, 121, 1});
    REQUIRE(t.size() == 2);
    CHECK(first_value(t[1], "B") == "pd");
    REQUIRE(t.variations().size() == 3);
    CHECK(t.variations()[0].size() == 1);
    CHECK(t.variations()[1].size() == 1);
    CHECK(t.variations()[2].size() == 2);
    CHECK(t.variations()[2].variations().size() == 2);
    CHECK(preorder_values(t, "PW") == "<none> <none> W. Hite T. Suji <none> <none> S. Abaki A. Tari");
    CHECK(preorder_values(t, "RE") == "<none> <none> W+3.5 W+Resign <none> <none> B+63.5 B+R");
    CHECK(first_value(numbered(t, 7), "KM") == "-59.5");
    // Soft line breaks (a '\' before the line break) join the root comment's lines.
    const std::string text = t[0].find("C")->front().text();
    CHECK(text.find("stored in the node where the game first becomes distinguishable from all other games in the "
                    "tree.") != std::string::npos);
    CHECK(text.rfind("Gametree 2: game-info\n\nGame-info properties", 0) == 0);
}

TEST_CASE("print1.sgf and print2.sgf: figures and diagrams") {
    const sgf::collection p1 = example("print1.sgf");
    const sgf::collection p2 = example("print2.sgf");
    REQUIRE(p1.size() == 1);
    REQUIRE(p2.size() == 1);
    CHECK(names_in_preorder(p1[0]) ==
          "Figure 1, Figure 2, Figure 3, Diagram 6, Diagram 5, Diagram 4, Diagram 3, Diagram 2, Diagram 1");
    CHECK(names_in_preorder(p2[0]) ==
          "Figure 1, Figure 2, Figure 3, Figure 4, Diagram 6, Diagram 5, Diagram 4, Diagram 2, Diagram 3, Diagram 1");
    CHECK(first_value(p1[0][0], "PM") == "1");
    CHECK(first_value(p2[0][0], "PM") == "2");
    CHECK(first_value(p1[0][0], "EV") == "21st Meijin");
    CHECK(first_value(p2[0][0], "EV") == "51st Honinbo");
    const sgf::value fg_value = p1[0][0].find("FG")->front();
    const auto fg = fg_value.composed();
    REQUIRE(fg.has_value());
    CHECK(fg->first == "257");
    CHECK(fg->second == "Figure 1");
    CHECK(first_value(sgf::main_line(p1[0]).nodes().back(), "N") == "Figure 3");
    CHECK(first_value(sgf::main_line(p2[0]).nodes().back(), "N") == "Figure 4");
    // Every diagram starts a variation with MN[1] and an FG.
    for (const sgf::collection* c : {&p1, &p2}) {
        std::size_t diagrams = 0;
        for (sgf::preorder it((*c)[0]); !it.done(); it.next()) {
            if (it.index() != 0 || it.depth() == 0) continue;
            const sgf::node n = it.current();
            if (!n.has("MN")) continue;
            ++diagrams;
            CHECK(first_value(n, "MN") == "1");
            CHECK(first_value(n, "FG").rfind("257:Dia. ", 0) == 0);
        }
        CHECK(diagrams == 6);
    }
}

TEST_CASE("var.html examples have the documented tree shapes") {
    const auto shape = [](const sgf::game_tree& t) {
        // "n(children)" per game tree, in pre-order.
        std::string out;
        struct frame {
            const sgf::game_tree* t;
            std::size_t next;
        };
        std::vector<frame> stack{{&t, 0}};
        out += std::to_string(t.size());
        while (!stack.empty()) {
            frame& f = stack.back();
            if (f.next < f.t->variations().size()) {
                const sgf::game_tree* c = &f.t->variations()[f.next++];
                out += '(' + std::to_string(c->size());
                stack.push_back({c, 0});
                continue;
            }
            if (stack.size() > 1) out += ')';
            stack.pop_back();
        }
        return out;
    };
    const auto one = [](const char* name) {
        const sgf::collection c = example(std::string("inline/") + name);
        REQUIRE(c.size() == 1);
        return c[0];
    };
    const sgf::game_tree none = one("var_no_variation.sgf");
    CHECK(shape(none) == "7");
    CHECK(preorder_values(none, "B") == "<none> aa <none> cc <none> ad <none>");
    CHECK(shape(one("var_one_variation_at_move3.sgf")) == "3(4)(2)");
    const sgf::game_tree two = one("var_two_variations_at_move3.sgf");
    CHECK(shape(two) == "3(4)(2)(5)");
    CHECK(two.node_count() == 14);
    CHECK(first_value(two.variations()[2][0], "N") == "Var C");
    CHECK(shape(one("var_two_variations_at_different_moves.sgf")) == "3(2(2)(2))(2)");
    const sgf::game_tree vv = one("var_variation_of_variation.sgf");
    CHECK(shape(vv) == "3(4)(2)(3(2)(1))");
    CHECK(names_in_preorder(vv) == "Var A, Var B, Var C, Var A, Var B");
    const sgf::game_tree pre = one("var_tree_preorder.sgf");
    CHECK(shape(pre) == "1(2(1)(2))(1(3)(1))");
    CHECK(preorder_values(pre, "C") == "root a b c d e f g h i j");
    CHECK(pre == sgf_test::tree_of(
                     "(;FF[4]C[root](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f](;C[g];C[h];C[i])(;C[j])))"));
    // var.html: removing all properties and then unnecessary nodes of "variation of a
    // variation" gives these legal game trees.
    const sgf::game_tree bare = sgf_test::tree_of("(;;;(;;;;)(;;)(;;;(;;)(;)))");
    CHECK(shape(bare) == shape(vv));
    CHECK(shape(sgf_test::tree_of("(;(;)(;)(;(;)(;)))")) == "1(1)(1)(1(1)(1))");
    CHECK(shape(sgf_test::tree_of("(;)")) == "1");
}

TEST_CASE("var.html common pitfalls are rejected with their codes") {
    struct row {
        const char* text;
        const char* first;  // code and position of the first finding
    };
    const std::vector<row> rows{
        {"()", "E019@1:1"},        // "() is an error": every game tree has at least one node
        {"(W[tt])", "E007@1:2"},   // properties are part of a node
        {"(;)W[tt]", "E003@1:4"},  // no properties outside a game tree
        {"(;(;B[aa])())", "E006@1:11"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.text);
        const sgf::parse_result strict = sgf::parse(std::string_view(r.text));
        CHECK_FALSE(strict.ok());
        const std::string codes = sgf_test::codes_of(strict.diagnostics, true);
        CHECK(codes.substr(0, codes.find(' ')) == r.first);
    }
    // What the recovering parser keeps.
    const auto w = sgf::parse("(W[tt])"sv, {.lenient = true});
    REQUIRE(w.trees.size() == 1);
    CHECK(first_value(w.trees[0][0], "W") == "tt");
    const auto after = sgf::parse("(;)W[tt]"sv, {.lenient = true});
    REQUIRE(after.trees.size() == 1);
    CHECK(after.trees[0][0].empty());
    CHECK(sgf_test::codes_of(sgf::parse("()"sv).diagnostics) == "E019 E001");
}

TEST_CASE("DD_VW.html: compressed and uncompressed point lists name the same points") {
    const sgf::collection cc = example("inline/dd_vw_compressed.sgf");
    const sgf::collection uc = example("inline/dd_vw_uncompressed.sgf");
    REQUIRE(cc.size() == 1);
    REQUIRE(uc.size() == 1);
    REQUIRE(cc[0].size() == 2);
    REQUIRE(uc[0].size() == 2);
    for (const char* id : {"AB", "AW"}) {
        CAPTURE(std::string(id));
        CHECK(points(cc[0][0], id) == points(uc[0][0], id));
        CHECK(points(cc[0][0], id).size() == 9);
    }
    CHECK(points(cc[0][1], "DD") == points(uc[0][1], "DD"));
    CHECK(points(cc[0][1], "DD").size() == 23);
    CHECK(uc[0][1].find("DD")->size() == 23);
    CHECK(cc[0][1].find("DD")->size() == 2);
    CHECK(points(cc[0][1], "VW") == points(uc[0][1], "VW"));
    CHECK(cc[0][1].find("VW")->size() == 7);
    // The two files differ only in how the lists are written: not equal as trees.
    CHECK_FALSE(cc == uc);
}

}  // TEST_SUITE
