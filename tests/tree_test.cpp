// include/sgf/tree.hpp: building trees (parser and constructors), persistence and sharing,
// navigation (cursor, preorder, main_line), positions, equality, unbounded depth.
#include <doctest/doctest.h>

#include <chrono>
#include <cstddef>
#include <ctime>
#include <filesystem>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "sgf/check.hpp"
#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "sgf/tree.hpp"
#include "sgf/value.hpp"
#include "tree/tree_rep.hpp"
#include "sgf/write.hpp"
#include "tests/linear_time.hpp"
#include "tests/test_util.hpp"

using namespace std::string_view_literals;

namespace {

namespace fs = std::filesystem;
using sgf_test::first_value;
using sgf_test::parse_ok;
using sgf_test::preorder_values;
using sgf_test::tree_of;

// sgf4.html / var.html: the pre-order example (root=0, a=1, ... j=10).
constexpr std::string_view spec_tree =
    "(;FF[4]C[root](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f](;C[g];C[h];C[i])(;C[j])))";

sgf::node comment(const std::string& text) { return sgf::node().with_property("C", {text}); }

sgf::node_path path(std::vector<std::uint32_t> variations, std::uint32_t index) {
    return sgf::node_path{std::move(variations), index};
}

std::string repeat(std::string_view s, std::size_t n) {
    std::string out;
    out.reserve(s.size() * n);
    for (std::size_t i = 0; i < n; ++i) out += s;
    return out;
}

}  // namespace

TEST_SUITE("tree") {

// --- building ------------------------------------------------------------------------

TEST_CASE("parsing builds the structure of the spec's pre-order example") {
    const sgf::game_tree t = tree_of(spec_tree);
    CHECK(t.valid());
    REQUIRE(t.size() == 1);
    CHECK(first_value(t[0], "C") == "root");
    CHECK(first_value(t[0], "FF") == "4");
    REQUIRE(t.variations().size() == 2);
    const sgf::game_tree& a = t.variations()[0];
    const sgf::game_tree& f = t.variations()[1];
    REQUIRE(a.size() == 2);
    CHECK(first_value(a.front(), "C") == "a");
    CHECK(first_value(a.back(), "C") == "b");
    REQUIRE(a.variations().size() == 2);
    CHECK(a.variations()[0].size() == 1);
    CHECK(a.variations()[1].size() == 2);
    CHECK(first_value(a.variations()[1][1], "C") == "e");
    REQUIRE(f.size() == 1);
    REQUIRE(f.variations().size() == 2);
    CHECK(f.variations()[0].size() == 3);
    CHECK(f.variations()[1].size() == 1);
    CHECK(f.variations()[1].variations().empty());
    CHECK(t.node_count() == 11);
    CHECK(a.node_count() == 5);
    CHECK_THROWS_AS((void)t[1], std::out_of_range);
    std::vector<std::string> cs;
    for (const sgf::node& n : f.variations()[0].nodes()) cs.push_back(first_value(n, "C"));
    CHECK(cs == std::vector<std::string>{"g", "h", "i"});
}

TEST_CASE("a collection holds every game tree of the file in order") {
    const sgf::collection c = parse_ok("(;GN[1])\n(;GN[2];B[aa])  (;GN[3](;B[bb])(;B[cc]))");
    REQUIRE(c.size() == 3);
    CHECK_FALSE(c.empty());
    std::string names;
    for (const sgf::game_tree& t : c) names += first_value(t[0], "GN");
    CHECK(names == "123");
    CHECK(c[1].size() == 2);
    CHECK(c[2].variations().size() == 2);
    CHECK(sgf::collection().empty());
    CHECK(sgf::write(sgf::collection()).empty());
}

TEST_CASE("properties of a node in file order") {
    const sgf::game_tree t = tree_of("(;FF[4] AB[aa][bb]\n [cc] C[first]ZZ[x]C[second];)");
    const auto props = t[0].properties().to_vector();
    REQUIRE(props.size() == 5);
    std::string idents;
    for (const auto& p : props) idents += std::string(p.ident()) + ' ';
    CHECK(idents == "FF AB C ZZ C ");
    CHECK(props[1].size() == 3);
    CHECK(props[1].values().size() == 3);
    CHECK(props[1][2].raw() == "cc");
    CHECK(props[1].front().raw() == "aa");
    // find returns the first property with that identifier.
    REQUIRE(t[0].find("C").has_value());
    CHECK(t[0].find("C")->front().raw() == "first");
    CHECK(t[0].has("ZZ"));
    CHECK_FALSE(t[0].has("Z"));
    CHECK_FALSE(t[0].has("ZZZ"));
    CHECK_FALSE(t[0].empty());
    CHECK(t[1].empty());
    CHECK(t[1].properties().empty());
}

TEST_CASE("constructors build trees equal to parsed ones") {
    const sgf::node root = sgf::node().with_property("FF", {"4"}).with_property("C", {"root"});
    const sgf::game_tree t({root}, {sgf::game_tree({comment("a"), comment("b")}), sgf::game_tree({comment("c")})});
    CHECK(sgf::write(t) == "(;FF[4]C[root]\n(;C[a]\n;C[b])\n(;C[c]))\n");
    CHECK(t == tree_of("(;FF[4]C[root](;C[a];C[b])(;C[c]))"));
    CHECK(t.node_count() == 4);
    CHECK(preorder_values(t, "C") == "root a b c");

    CHECK(sgf::node().empty());
    CHECK(sgf::write(sgf::node()) == ";");
    CHECK(sgf::write(sgf::game_tree({sgf::node()})) == "(;)\n");
    CHECK_THROWS_AS(sgf::game_tree(std::vector<sgf::node>{}), std::invalid_argument);

    const sgf::game_tree null;
    CHECK_FALSE(null.valid());
    CHECK(null.size() == 0);
    CHECK(null.variations().empty());
    CHECK(null.node_count() == 0);
    CHECK(sgf::preorder(null).done());
    CHECK_THROWS_AS(sgf::cursor{null}, std::invalid_argument);
    CHECK(null.with_node_appended(comment("x")) == tree_of("(;C[x])"));

    // Nodes from different parses in one game tree.
    const sgf::game_tree p1 = tree_of("(;C[one])");
    const sgf::game_tree p2 = tree_of("(;C[two])");
    const sgf::game_tree mixed({p1[0], p2[0], comment("three")});
    CHECK(sgf::write(mixed) == "(;C[one]\n;C[two]\n;C[three])\n");
    CHECK(mixed[0].same(p1[0]));
    CHECK(mixed[1].same(p2[0]));

    const sgf::collection c({t, mixed});
    CHECK(c.size() == 2);
    CHECK(c[1].same(mixed));
    CHECK(sgf::write(c) == sgf::write(t) + sgf::write(mixed));
}

TEST_CASE("node::with_raw_property validates identifiers and raw values") {
    const sgf::node n;
    CHECK_THROWS_AS((void)n.with_raw_property("", {"x"}), std::invalid_argument);
    CHECK_THROWS_AS((void)n.with_raw_property("c", {"x"}), std::invalid_argument);
    CHECK_THROWS_AS((void)n.with_raw_property("C1", {"x"}), std::invalid_argument);
    CHECK_THROWS_AS((void)n.with_raw_property("C", {}), std::invalid_argument);
    CHECK_THROWS_AS((void)n.with_raw_property("C", {"a]b"}), std::invalid_argument);
    CHECK_THROWS_AS((void)n.with_raw_property("C", {"a\\"}), std::invalid_argument);
    CHECK_THROWS_AS((void)n.with_raw_property("C", {"ok", "a\\\\\\"}), std::invalid_argument);
    CHECK(sgf::write(n.with_raw_property("C", {"a\\\\"})) == ";C[a\\\\]");
    CHECK(sgf::write(n.with_raw_property("C", {"a\\]b"})) == ";C[a\\]b]");
    CHECK(sgf::write(n.with_raw_property("AB", {"aa", "bb", ""})) == ";AB[aa][bb][]");
    CHECK(n.with_raw_property("C", {sgf::escape("[me] \\o/")}).find("C")->front().unescaped() == "[me] \\o/");
}

TEST_CASE("node::with_property takes decoded texts and escapes them") {
    const sgf::node n;
    CHECK_THROWS_AS((void)n.with_property("c", {"x"}), std::invalid_argument);
    CHECK_THROWS_AS((void)n.with_property("C", std::vector<std::string>{}), std::invalid_argument);
    // Nothing changes silently: a path with backslashes reads back as written.
    const sgf::node m = n.with_property("C", {"C:\\games\\x"});
    CHECK(sgf::write(m) == ";C[C:\\\\games\\\\x]");
    CHECK(m.find("C")->front().unescaped() == "C:\\games\\x");
    CHECK(m.find("C")->front().text() == "C:\\games\\x");
    for (const std::string text : {"a]b", "a\\", "]]\\]", "[me] \\o/", "", "line\nbreak", "10:30"}) {
        const sgf::node k = n.with_property("GC", std::vector<std::string>{text});
        CHECK(k.find("GC")->front().unescaped() == text);
        CHECK(sgf::parse(sgf::write(sgf::collection({sgf::game_tree({k})}))).ok());
    }
    // A compose property: the first ':' separates the parts.
    CHECK(n.with_property("AP", {"CGoban:1.6"}).find("AP")->front().composed()->second == "1.6");
    CHECK(sgf::write(n.with_property("AB", {"aa", "bb"})) == ";AB[aa][bb]");
}

TEST_CASE("node::with_composed_property escapes every colon inside a part") {
    const sgf::node n;
    // with_property keeps ':' as written: a second one in a compose value is E107.
    CHECK(sgf::write(n.with_property("AP", {"a:b:c"})) == ";AP[a:b:c]");
    const sgf::node m = n.with_composed_property("AP", {{"a", "b:c"}});
    CHECK(sgf::write(m) == ";AP[a:b\\:c]");
    const sgf::value ap = m.find("AP")->front();
    const auto parts = ap.composed();
    REQUIRE(parts);
    CHECK(sgf::unescape(parts->first) == "a");
    CHECK(sgf::unescape(parts->second) == "b:c");
    const sgf::node lb = n.with_composed_property("LB", {{"aa", "1:2"}, {"bb", "x]\\"}});
    CHECK(sgf::write(lb) == ";LB[aa:1\\:2][bb:x\\]\\\\]");
    const std::string text = sgf::write(sgf::collection({sgf::game_tree({n.with_property("FF", {"4"}).with_composed_property("AP", {{"my:app", "1:2"}})})}));
    CHECK(sgf_test::codes_of(sgf::check(sgf::parse(text).trees)).find("107") == std::string::npos);  // no E107
    CHECK_THROWS_AS((void)n.with_composed_property("AP", std::vector<std::pair<std::string, std::string>>{}), std::invalid_argument);
}

TEST_CASE("views of temporaries keep their bytes alive") {
    // node().with_property(...) is a temporary: the property and the value keep its source.
    const auto p = sgf::node().with_property("C", {"kept"}).find("C");
    REQUIRE(p.has_value());
    const sgf::value v = sgf::node().with_property("C", {"also kept"}).find("C")->front();
    std::string seen;
    for (const sgf::property& q : sgf::node().with_property("B", {"aa"}).with_property("W", {"bb"}).properties())
        for (const sgf::value& w : q) seen += std::string(q.ident()) + "=" + std::string(w.raw()) + " ";
    // Allocate a little so that freed memory would be reused (AddressSanitizer reports
    // a use after free in any case).
    std::vector<std::string> noise(64, std::string(64, 'z'));
    CHECK(p->front().raw() == "kept");
    CHECK(v.raw() == "also kept");
    CHECK(seen == "B=aa W=bb ");
    const sgf::game_tree t = tree_of("(;C[root];B[aa])");
    const sgf::value from_tree = t.with_node(1, t[1].with_property("C", {"x"}))[1].find("C")->front();
    CHECK(from_tree.raw() == "x");
}

TEST_CASE("null game trees are rejected where a game tree is stored") {
    // Regression: with_variation(t) on a null tree dereferences null (crash), and the
    // constructors and collection edits store null trees, which write as "()" (E006).
    const sgf::game_tree t = tree_of("(;C[x])");
    CHECK_THROWS_AS((void)sgf::game_tree().with_variation(t), std::invalid_argument);
    CHECK_THROWS_AS(sgf::game_tree({sgf::node()}, {sgf::game_tree()}), std::invalid_argument);
    CHECK_THROWS_AS(sgf::collection({sgf::game_tree()}), std::invalid_argument);
    CHECK_THROWS_AS((void)sgf::collection().with_tree_appended(sgf::game_tree()), std::invalid_argument);
    CHECK_THROWS_AS((void)parse_ok("(;)").with_tree(0, sgf::game_tree()), std::invalid_argument);
}

TEST_CASE("node edits keep a recovered unclosed value closed") {
    // Regression: the other properties are copied with their raw spelling; an unclosed
    // value ending in a lone '\' (a truncated file) then escapes the ']' written after it
    // and swallows every following property.
    const auto r = sgf::parse("(;C[ab\\"sv, {.lenient = true});
    REQUIRE(r.trees.size() == 1);
    const sgf::node n = r.trees[0][0];
    CHECK(n.find("C")->front().raw() == "ab\\");
    const sgf::node m = n.with_property("B", {"aa"});
    CHECK(m.properties().count() == 2);
    CHECK(sgf::write(m) == ";C[ab\\\\]B[aa]");
    CHECK(m.find("C")->front().unescaped() == "ab\\");
    CHECK(first_value(m, "B") == "aa");
    const auto r2 = sgf::parse("(;B[aa]GN[x]C[ab\\"sv, {.lenient = true});
    REQUIRE(r2.trees.size() == 1);
    CHECK(sgf::write(r2.trees[0][0].without_property("GN").with_property("W", {"bb"})) == ";B[aa]C[ab\\\\]W[bb]");
}

// --- persistence -----------------------------------------------------------------------

TEST_CASE("node edits return new versions and leave the old one unchanged") {
    const sgf::game_tree t = tree_of("(;B[aa]C[x]GN[g]C[y])");
    const sgf::node n = t[0];
    const std::string before = sgf::write(n);
    CHECK(before == ";B[aa]C[x]GN[g]C[y]");

    const sgf::node replaced = n.with_property("C", {"z"});  // every C, in place of the first
    CHECK(sgf::write(replaced) == ";B[aa]C[z]GN[g]");
    const sgf::node added = n.with_property("AB", {"cc", "dd"});
    CHECK(sgf::write(added) == ";B[aa]C[x]GN[g]C[y]AB[cc][dd]");
    const sgf::node removed = n.without_property("C");
    CHECK(sgf::write(removed) == ";B[aa]GN[g]");
    const sgf::node same = n.without_property("XX");
    CHECK(same.same(n));
    CHECK(sgf::write(removed.without_property("B").without_property("GN")) == ";");
    CHECK(removed.without_property("B").without_property("GN").empty());

    CHECK(sgf::write(n) == before);
    CHECK(sgf::write(t) == "(;B[aa]C[x]GN[g]C[y])\n");
    CHECK_FALSE(replaced.same(n));
    CHECK_FALSE(replaced == n);
    CHECK(n.with_property("C", {"x"}).without_property("C") == n.without_property("C"));
}

TEST_CASE("game tree edits return new versions that share untouched subtrees") {
    const sgf::game_tree t = tree_of(spec_tree);
    const std::string before = sgf::write(t);
    const sgf::game_tree a = t.variations()[0];
    const sgf::game_tree f = t.variations()[1];

    SUBCASE("with_node") {
        const sgf::game_tree t2 = t.with_node(0, t[0].with_property("C", {"ROOT"}));
        CHECK(first_value(t2[0], "C") == "ROOT");
        CHECK(first_value(t[0], "C") == "root");
        CHECK_FALSE(t2.same(t));
        CHECK(t2.variations()[0].same(a));
        CHECK(t2.variations()[1].same(f));
        CHECK(t2.pos() == t.pos());  // the edited game tree keeps its '('
        CHECK_FALSE(t2[0].pos().known());
        CHECK_THROWS_AS((void)t.with_node(1, comment("x")), std::out_of_range);
    }
    SUBCASE("with_node_appended") {
        const sgf::game_tree c = a.variations()[0];
        const sgf::game_tree c2 = c.with_node_appended(comment("c2"));
        CHECK(c2.size() == 2);
        CHECK(c.size() == 1);
        CHECK(c2[0].same(c[0]));
        CHECK(sgf::write(c2) == "(;C[c]\n;C[c2])\n");
        const sgf::game_tree a2 = a.with_node_appended(comment("b2"));  // before the variations
        CHECK(sgf::write(a2) == "(;C[a]\n;C[b]\n;C[b2]\n(;C[c])\n(;C[d]\n;C[e]))\n");
        CHECK(a2.variations()[0].same(a.variations()[0]));
    }
    SUBCASE("with_variation appends") {
        const sgf::game_tree k = tree_of("(;C[k])");
        const sgf::game_tree t3 = t.with_variation(k);
        REQUIRE(t3.variations().size() == 3);
        CHECK(t3.variations()[0].same(a));
        CHECK(t3.variations()[1].same(f));
        CHECK(t3.variations()[2].same(k));
        CHECK(t3[0].same(t[0]));
        CHECK(preorder_values(t3, "C") == "root a b c d e f g h i j k");
        CHECK_THROWS_AS((void)t.with_variation(sgf::game_tree()), std::invalid_argument);
    }
    SUBCASE("with_variation replaces") {
        const sgf::game_tree t4 = t.with_variation(0, tree_of("(;C[x])"));
        CHECK(t4.variations().size() == 2);
        CHECK(t4.variations()[1].same(f));
        CHECK(preorder_values(t4, "C") == "root x f g h i j");
        CHECK_THROWS_AS((void)t.with_variation(2, a), std::out_of_range);
    }
    SUBCASE("without_variation") {
        const sgf::game_tree t5 = t.without_variation(0);
        REQUIRE(t5.variations().size() == 1);
        CHECK(t5.variations()[0].same(f));
        CHECK(preorder_values(t5, "C") == "root f g h i j");
        const sgf::game_tree t6 = t5.without_variation(0);
        CHECK(t6.variations().empty());
        CHECK(sgf::write(t6) == "(;FF[4]C[root])\n");
        CHECK_THROWS_AS((void)t6.without_variation(0), std::out_of_range);
    }
    SUBCASE("with_node_at copies only the path") {
        const sgf::node_path at = path({1, 0}, 2);  // node i
        CHECK(first_value(t.node_at(at), "C") == "i");
        const sgf::game_tree t7 = t.with_node_at(at, comment("I"));
        CHECK(first_value(t7.node_at(at), "C") == "I");
        CHECK(first_value(t.node_at(at), "C") == "i");
        CHECK(t7[0].same(t[0]));
        CHECK(t7.variations()[0].same(a));                                   // off the path
        CHECK_FALSE(t7.variations()[1].same(f));                             // on the path
        CHECK(t7.variations()[1][0].same(f[0]));                             // its nodes are shared
        CHECK(t7.variations()[1].variations()[1].same(f.variations()[1]));  // j: off the path
        CHECK_FALSE(t7.variations()[1].variations()[0].same(f.variations()[0]));
        CHECK(t7.variations()[1].variations()[0][1].same(f.variations()[0][1]));  // h
        std::string expected = before;
        expected.replace(expected.find("C[i]"), 4, "C[I]");
        CHECK(sgf::write(t7) == expected);
        CHECK_THROWS_AS((void)t.with_node_at(path({2}, 0), comment("x")), std::out_of_range);
        CHECK_THROWS_AS((void)t.with_node_at(path({1, 0}, 3), comment("x")), std::out_of_range);
        CHECK_THROWS_AS((void)t.node_at(path({0, 0, 0}, 0)), std::out_of_range);
        CHECK_THROWS_AS((void)t.node_at(path({0}, 2)), std::out_of_range);
    }
    SUBCASE("with_main_line_appended extends the leaf of the first variations") {
        const sgf::game_tree t8 = t.with_main_line_appended(comment("z"));
        std::string main;
        for (const auto& e : sgf::main_line(t8)) main += first_value(e.node, "C") + " ";
        std::string was;
        for (const auto& e : sgf::main_line(t)) was += first_value(e.node, "C") + " ";
        CHECK(main == was + "z ");
        CHECK(t8.variations()[1].same(f));  // off the main line
        CHECK(t8.node_count() == t.node_count() + 1);
        const sgf::game_tree alone = tree_of("(;C[r])").with_main_line_appended(comment("s"));
        CHECK(sgf::write(alone) == "(;C[r]\n;C[s])\n");
        CHECK_THROWS_AS((void)sgf::game_tree().with_main_line_appended(comment("x")), std::invalid_argument);
    }
    CHECK(sgf::write(t) == before);
    CHECK(t.variations()[0].same(a));
    CHECK(t.variations()[1].same(f));
}

TEST_CASE("collection edits return new versions that share untouched trees") {
    const sgf::collection c = parse_ok("(;GN[1])(;GN[2])(;GN[3])");
    const std::string before = sgf::write(c);
    const sgf::game_tree x = tree_of("(;GN[x])");

    const sgf::collection c2 = c.with_tree(1, x);
    REQUIRE(c2.size() == 3);
    CHECK(c2[0].same(c[0]));
    CHECK(c2[1].same(x));
    CHECK(c2[2].same(c[2]));
    CHECK(c2.identity() != c.identity());
    CHECK(sgf::write(c2) == "(;GN[1])\n(;GN[x])\n(;GN[3])\n");

    const sgf::collection c3 = c.with_tree_appended(x);
    CHECK(c3.size() == 4);
    CHECK(c3[3].same(x));
    CHECK(c3[0].same(c[0]));

    const sgf::collection c4 = c.without_tree(0);
    REQUIRE(c4.size() == 2);
    CHECK(c4[0].same(c[1]));
    CHECK(c4[1].same(c[2]));
    CHECK(sgf::collection().with_tree_appended(x).size() == 1);

    CHECK_THROWS_AS((void)c.with_tree(3, x), std::out_of_range);
    CHECK_THROWS_AS((void)c.without_tree(3), std::out_of_range);
    CHECK(sgf::write(c) == before);
    CHECK(c.size() == 3);
}

TEST_CASE("copies are handles to the same object") {
    const sgf::collection c = parse_ok(spec_tree);
    const sgf::game_tree t = c[0];
    CHECK(t.identity() == c[0].identity());
    sgf::game_tree u = t;
    CHECK(u.same(t));
    CHECK(u.identity() == t.identity());
    CHECK(u.identity() != nullptr);
    const sgf::game_tree m = std::move(u);
    CHECK(m.same(t));
    CHECK_FALSE(u.valid());  // NOLINT(bugprone-use-after-move): moved-from handles are null
    u = m;
    CHECK(u.same(t));
    const sgf::collection d = c;  // NOLINT(performance-unnecessary-copy-initialization)
    CHECK(d.identity() == c.identity());
    const sgf::node n = t[0];
    const sgf::node n2 = t[0];
    CHECK(n.same(n2));
    CHECK(sgf::detail::tree_access::source_of(n) == sgf::detail::tree_access::source_of(t.variations()[0][0]));  // one source per parse
    // A tree that outlives its collection and a node that outlives its tree stay valid.
    sgf::node kept;
    sgf::game_tree kept_tree;
    {
        const sgf::collection tmp = parse_ok("(;C[kept](;C[deep]))");
        kept_tree = tmp[0].variations()[0];
        kept = tmp[0][0];
    }
    CHECK(first_value(kept, "C") == "kept");
    CHECK(first_value(kept_tree[0], "C") == "deep");
    CHECK(kept.pos().column == 2);
}

// --- navigation ------------------------------------------------------------------------

TEST_CASE("preorder numbers nodes as the spec does") {
    const sgf::game_tree t = tree_of(spec_tree);
    const std::vector<std::string> names{"root", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"};
    const std::vector<std::size_t> nesting{0, 1, 1, 2, 2, 2, 1, 2, 2, 2, 2};
    std::size_t k = 0;
    for (sgf::preorder it(t); !it.done(); it.next(), ++k) {
        REQUIRE(k < names.size());
        CAPTURE(k);
        CHECK(it.number() == k);
        CHECK(first_value(it.current(), "C") == names[k]);
        CHECK(it.depth() == nesting[k]);
        CHECK(it.current().same(it.tree()[it.index()]));
    }
    CHECK(k == 11);
    sgf::preorder done(t);
    while (!done.done()) done.next();
    done.next();  // no effect past the end
    CHECK(done.done());
    CHECK(preorder_values(t.variations()[1], "C") == "f g h i j");
}

TEST_CASE("cursor walks the tree as the user sees it") {
    const sgf::game_tree t = tree_of(spec_tree);
    sgf::cursor c(t);
    const auto at = [&](const char* name, std::size_t depth, sgf::node_path p) {
        CAPTURE(name);
        CHECK(first_value(c.current(), "C") == name);
        CHECK(c.depth() == depth);
        CHECK(c.path() == p);
        CHECK(t.node_at(c.path()).same(c.current()));
    };
    at("root", 0, path({}, 0));
    CHECK(c.at_root());
    CHECK(c.child_count() == 2);
    CHECK_FALSE(c.to_child(2));
    CHECK_FALSE(c.to_parent());
    at("root", 0, path({}, 0));
    REQUIRE(c.to_child());
    at("a", 1, path({0}, 0));
    CHECK(c.child_count() == 1);
    CHECK_FALSE(c.to_child(1));
    REQUIRE(c.to_child());
    at("b", 2, path({0}, 1));
    CHECK(c.child_count() == 2);
    REQUIRE(c.to_child(1));
    at("d", 3, path({0, 1}, 0));
    CHECK(c.tree().same(t.variations()[0].variations()[1]));
    REQUIRE(c.to_child());
    at("e", 4, path({0, 1}, 1));
    CHECK(c.child_count() == 0);
    CHECK_FALSE(c.to_child());
    REQUIRE(c.to_parent());
    at("d", 3, path({0, 1}, 0));
    REQUIRE(c.to_parent());
    at("b", 2, path({0}, 1));
    REQUIRE(c.to_child(0));
    at("c", 3, path({0, 0}, 0));
    REQUIRE(c.to_parent());
    REQUIRE(c.to_parent());
    REQUIRE(c.to_parent());
    at("root", 0, path({}, 0));
    CHECK(c.at_root());
    REQUIRE(c.to_child(1));
    at("f", 1, path({1}, 0));
    REQUIRE(c.to_child(0));
    REQUIRE(c.to_child());
    REQUIRE(c.to_child());
    at("i", 4, path({1, 0}, 2));
    CHECK(c.tree().same(t.variations()[1].variations()[0]));
    CHECK_FALSE(c.to_child());
}

TEST_CASE("main_line follows the first variation") {
    const auto names = [](const sgf::main_line& ns) {
        std::string out;
        for (const auto& [n, path] : ns) out += first_value(n, "C") + ' ';
        return out;
    };
    CHECK(names(sgf::main_line(tree_of(spec_tree))) == "root a b c ");
    CHECK(names(sgf::main_line(tree_of(spec_tree).variations()[1])) == "f g h i ");
    CHECK(names(sgf::main_line(tree_of("(;C[x];C[y])"))) == "x y ");
    CHECK(sgf::main_line(sgf::game_tree()).nodes().empty());
}

// --- positions -------------------------------------------------------------------------

TEST_CASE("positions of game trees nodes properties and values") {
    const std::vector<std::pair<const char*, std::string>> breaks{
        {"LF", "\n"}, {"CR", "\r"}, {"CRLF", "\r\n"}, {"LFCR", "\n\r"}};
    for (const auto& entry : breaks) {
        const char* const name = entry.first;  // no structured binding: clang 14 cannot capture one
        const std::string& lb = entry.second;
        CAPTURE(name);
        const std::string doc = "(;FF[4]" + lb + "C[x]" + lb + ";B[aa]" + lb + "  (;W[bb]AB[cc]" + lb + "[dd])" + lb +
                                "(;C[multi" + lb + "line" + lb + "value]GN[g]))";
        const sgf::game_tree t = tree_of(doc);
        const auto pos = [&](std::string_view needle, std::uint32_t line, std::uint32_t column) {
            const auto byte = doc.find(needle);
            REQUIRE(byte != std::string::npos);
            return sgf::position{byte, line, column};
        };
        CHECK(t.pos() == pos("(;FF", 1, 1));
        CHECK(t[0].pos() == pos(";FF", 1, 2));
        CHECK(t[0].offset() == 1);
        const auto root_props = t[0].properties().to_vector();
        REQUIRE(root_props.size() == 2);
        CHECK(root_props[0].pos() == pos("FF", 1, 3));
        CHECK(root_props[0].front().pos() == pos("[4]", 1, 5));
        CHECK(root_props[1].pos() == pos("C[x]", 2, 1));
        CHECK(root_props[1].front().pos() == pos("[x]", 2, 2));
        CHECK(t[1].pos() == pos(";B", 3, 1));
        CHECK(t[1].find("B")->front().pos() == pos("[aa]", 3, 3));
        const sgf::game_tree& v = t.variations()[0];
        CHECK(v.pos() == pos("(;W", 4, 3));
        CHECK(v[0].pos() == pos(";W", 4, 4));
        const auto ab = *v[0].find("AB");
        CHECK(ab.pos() == pos("AB", 4, 10));
        CHECK(ab[0].pos() == pos("[cc]", 4, 12));
        CHECK(ab[1].pos() == pos("[dd]", 5, 1));
        // Line breaks inside a value count too.
        const sgf::game_tree& w = t.variations()[1];
        CHECK(w.pos() == pos("(;C[multi", 6, 1));
        CHECK(w[0].find("GN")->pos() == pos("GN", 8, 7));
        CHECK(w[0].find("GN")->front().pos() == pos("[g]", 8, 9));
        // position_in agrees with the tree.
        for (const auto& p : {t.pos(), t[1].pos(), ab[1].pos(), w[0].find("GN")->pos()})
            CHECK(sgf::position_in(doc, p.byte) == p);
    }
}

TEST_CASE("position_in counts LF CR CRLF and LFCR as one line break each") {
    CHECK(sgf::position_in("abc", 0) == sgf::position{0, 1, 1});
    CHECK(sgf::position_in("abc", 2) == sgf::position{2, 1, 3});
    CHECK(sgf::position_in("a\nb", 2) == sgf::position{2, 2, 1});
    CHECK(sgf::position_in("a\rb", 2) == sgf::position{2, 2, 1});
    CHECK(sgf::position_in("a\r\nb", 3) == sgf::position{3, 2, 1});
    CHECK(sgf::position_in("a\n\rb", 3) == sgf::position{3, 2, 1});
    CHECK(sgf::position_in("a\n\nb", 3) == sgf::position{3, 3, 1});
    CHECK(sgf::position_in("a\r\rb", 3) == sgf::position{3, 3, 1});
    CHECK(sgf::position_in("a\r\n\r\nb", 5) == sgf::position{5, 3, 1});
    CHECK(sgf::position_in("a\n\r\n\rb", 5) == sgf::position{5, 3, 1});
    CHECK(sgf::position_in("a\n\r\r\nb", 5) == sgf::position{5, 3, 1});
    CHECK(sgf::position_in("a\nbc\r\nde", 7) == sgf::position{7, 3, 2});
}

TEST_CASE("a byte order mark shifts columns but is not a line") {
    const auto r = sgf::parse("\xEF\xBB\xBF(;C[x])"sv);
    CHECK(r.ok());
    CHECK(sgf_test::codes_of(r.diagnostics) == "W015");
    REQUIRE(r.trees.size() == 1);
    CHECK(r.trees[0].pos() == sgf::position{3, 1, 4});
    CHECK(r.trees[0][0].find("C")->front().pos() == sgf::position{6, 1, 7});
}

TEST_CASE("data made by edits has no file position") {
    const sgf::node n = comment("x");
    CHECK_FALSE(n.pos().known());
    CHECK(n.pos().byte == sgf::position::npos);
    CHECK_FALSE(n.find("C")->pos().known());
    CHECK_FALSE(n.find("C")->front().pos().known());
    CHECK_FALSE(sgf::game_tree({n}).pos().known());
    CHECK_FALSE(sgf::game_tree().pos().known());
    // Edits keep the positions of parsed data they did not touch.
    const sgf::game_tree t = tree_of("(;C[a]\n;C[b])");
    const sgf::game_tree e = t.with_node(0, comment("A"));
    CHECK(e[1].pos() == sgf::position{7, 2, 1});
    CHECK_FALSE(e[0].pos().known());
}

// --- equality --------------------------------------------------------------------------

TEST_CASE("equality compares structure and values by canonical_raw") {
    const auto eq = [](std::string_view x, std::string_view y) { return parse_ok(x) == parse_ok(y); };
    CHECK(eq("(;C[a\\b])", "(;C[ab])"));
    CHECK_FALSE(eq("(;C[a\\:b])", "(;C[a:b])"));
    CHECK(eq("(;C[a\\\nb])", "(;C[ab])"));              // soft line break
    CHECK(eq("(;C[a\\\r\nb])", "(;C[a\\\n\rb])"));
    CHECK(eq("(;C[\\]])", "(;C[\\]])"));
    CHECK_FALSE(eq("(;C[a\nb])", "(;C[a\r\nb])"));     // hard line breaks are kept as written
    CHECK_FALSE(eq("(;C[a])", "(;C[b])"));
    CHECK_FALSE(eq("(;C[a])", "(;C[a ])"));
    CHECK(eq("( ;C [a]\n)", "(;C[a])"));              // white space between tokens
    CHECK(eq("(;AB[aa] [bb])", "(;AB[aa][bb])"));
    CHECK_FALSE(eq("(;AB[aa][bb])", "(;AB[aa])"));
    CHECK_FALSE(eq("(;AB[aa][bb])", "(;AB[bb][aa])"));
    CHECK_FALSE(eq("(;A[1]B[2])", "(;B[2]A[1])"));      // property order
    CHECK_FALSE(eq("(;A[1]B[2])", "(;A[1])"));
    CHECK_FALSE(eq("(;C[a];C[b])", "(;C[a](;C[b]))"));  // same pre-order, different shape
    CHECK_FALSE(eq("(;C[r](;C[a])(;C[b]))", "(;C[r](;C[b])(;C[a]))"));
    CHECK_FALSE(eq("(;C[r](;C[a])(;C[b]))", "(;C[r](;C[a]))"));
    CHECK_FALSE(eq("(;C[1])(;C[2])", "(;C[1])"));
    CHECK(eq("(;C[1])(;C[2])", "(;C[1])\n(;C[2])"));
    CHECK(eq(spec_tree, spec_tree));
    CHECK_FALSE(eq(spec_tree, "(;FF[4]C[root](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f](;C[g];C[h];C[i])(;C[J])))"));
    CHECK(sgf::node() == sgf::node());
    CHECK(sgf::node() == tree_of("(;)")[0]);
    CHECK_FALSE(sgf::node() == comment(""));
    CHECK(comment("x") == tree_of("(;C[x])")[0]);
    CHECK(sgf::game_tree() == sgf::game_tree());
    CHECK_FALSE(sgf::game_tree() == tree_of("(;)"));
    // Lowercase identifiers (lenient) are not the uppercase ones.
    const auto lenient = sgf::parse("(;c[a])"sv, {.lenient = true});
    REQUIRE(lenient.trees.size() == 1);
    CHECK_FALSE(lenient.trees == parse_ok("(;C[a])"));
}

// --- unbounded depth ---------------------------------------------------------------------

constexpr std::size_t deep = 1'000'000;

TEST_CASE("a million nested variations") {
    const std::string text = repeat("(;", deep) + "C[leaf]" + repeat(")", deep);
    auto r = sgf::parse(text);
    REQUIRE(r.ok());
    REQUIRE(r.trees.size() == 1);
    const sgf::game_tree t = r.trees[0];
    CHECK(t.node_count() == deep);

    std::size_t count = 0;
    std::size_t max_depth = 0;
    std::string last;
    for (sgf::preorder it(t); !it.done(); it.next()) {
        if (it.number() != count) {
            CHECK(it.number() == count);
            break;
        }
        ++count;
        max_depth = std::max(max_depth, it.depth());
        if (count == deep) last = first_value(it.current(), "C");
    }
    CHECK(count == deep);
    CHECK(max_depth == deep - 1);
    CHECK(last == "leaf");

    sgf::cursor c(t);
    std::size_t steps = 0;
    while (c.to_child()) ++steps;
    CHECK(steps == deep - 1);
    CHECK(c.depth() == deep - 1);
    CHECK(c.path().variations.size() == deep - 1);
    CHECK(first_value(c.current(), "C") == "leaf");
    CHECK(t.node_at(c.path()).same(c.current()));
    const sgf::node_path leaf = c.path();
    while (c.to_parent()) --steps;
    CHECK(steps == 0);
    CHECK(c.at_root());
    CHECK(sgf::main_line(t).nodes().size() == deep);

    // Equality with a second parse compares every level; a difference at the bottom shows.
    CHECK(sgf::parse(text).trees == r.trees);
    std::string other = text;
    other.replace(other.find("leaf"), 4, "lEaf");
    CHECK_FALSE(sgf::parse(other).trees == r.trees);

    const std::string written = sgf::write(r.trees);
    CHECK(written == repeat("(;\n", deep - 1) + "(;C[leaf]" + repeat(")", deep) + "\n");
    CHECK(sgf::parse(written).trees == r.trees);
    const std::string json = sgf::to_json(r.trees);
    CHECK(sgf_test::count_of(json, "\"variations\"") == deep);
    CHECK(json.find("[[\"C\",[\"leaf\"]]]") != std::string::npos);

    // An edit at the bottom copies the path; the old version is unchanged.
    const sgf::game_tree edited = t.with_node_at(leaf, comment("new"));
    CHECK(first_value(edited.node_at(leaf), "C") == "new");
    CHECK(first_value(t.node_at(leaf), "C") == "leaf");
    CHECK_FALSE(edited == t);
    CHECK(edited[0].same(t[0]));

    // Built through the constructors, bottom-up: equal to the parsed chain of empty nodes.
    sgf::game_tree chain({sgf::node()});
    for (std::size_t i = 1; i < deep; ++i) chain = sgf::game_tree({sgf::node()}, {chain});
    CHECK(chain.node_count() == deep);
    CHECK(sgf::collection({chain}) == parse_ok(repeat("(;", deep) + repeat(")", deep)));
}

TEST_CASE("a million sibling variations") {
    const std::string text = "(;C[root]" + repeat("(;)", deep - 1) + "(;C[last]))";
    auto r = sgf::parse(text);
    REQUIRE(r.ok());
    REQUIRE(r.trees.size() == 1);
    const sgf::game_tree t = r.trees[0];
    REQUIRE(t.variations().size() == deep);
    CHECK(t.node_count() == deep + 1);

    std::size_t count = 0;
    std::size_t max_depth = 0;
    for (sgf::preorder it(t); !it.done(); it.next()) {
        ++count;
        max_depth = std::max(max_depth, it.depth());
    }
    CHECK(count == deep + 1);
    CHECK(max_depth == 1);

    sgf::cursor c(t);
    CHECK(c.child_count() == deep);
    REQUIRE(c.to_child(deep - 1));
    CHECK(first_value(c.current(), "C") == "last");
    CHECK(c.path() == path({static_cast<std::uint32_t>(deep - 1)}, 0));
    REQUIRE(c.to_parent());
    CHECK_FALSE(c.to_child(deep));

    CHECK(sgf::parse(text).trees == r.trees);
    std::string other = text;
    other.replace(other.find("last"), 4, "LAST");
    CHECK_FALSE(sgf::parse(other).trees == r.trees);

    const std::string written = sgf::write(r.trees);
    CHECK(written == "(;C[root]" + repeat("\n(;)", deep - 1) + "\n(;C[last]))\n");
    CHECK(sgf::parse(written).trees == r.trees);
    CHECK(sgf_test::count_of(sgf::to_json(r.trees), "\"variations\"") == deep + 1);

    const sgf::game_tree fewer = t.without_variation(0);
    CHECK(fewer.variations().size() == deep - 1);
    CHECK(fewer.variations()[0].same(t.variations()[1]));
    CHECK(t.variations().size() == deep);
}

TEST_CASE("a million unclosed game trees are recovered") {
    const std::string text = repeat("(;", deep);
    const auto r = sgf::parse(text, {.lenient = true});
    CHECK(sgf_test::codes_of(r.diagnostics) == "W004");  // --lenient: a warning
    REQUIRE(r.trees.size() == 1);
    CHECK(r.trees[0].node_count() == deep);
    REQUIRE(r.diagnostics.size() == 1);
    REQUIRE(r.diagnostics[0].related.has_value());
    CHECK(r.diagnostics[0].related->byte == 2 * (deep - 1));  // the innermost '('
    CHECK(sgf::write(r.trees) == repeat("(;\n", deep - 1) + "(;" + repeat(")", deep) + "\n");
}

}  // TEST_SUITE

TEST_CASE("game_tree_builder builds what the parser builds") {
    const sgf::game_tree parsed = tree_of("(;FF[4]C[root];B[aa](;W[bb];B[cc])(;W[dd]C[a\\]b]))");
    sgf::game_tree_builder b;
    b.add({{"FF", {"4"}}, {"C", {"root"}}}).add({{"B", {"aa"}}});
    b.open().add({{"W", {"bb"}}}).add({{"B", {"cc"}}}).close();
    b.open().add({{"W", {"dd"}}, {"C", {"a]b"}}});  // closed by build()
    CHECK(b.depth() == 1);
    const sgf::game_tree built = std::move(b).build();
    CHECK(built == parsed);
    CHECK(sgf::write(built) == sgf::write(parsed));
    // Existing nodes are shared, not copied.
    sgf::game_tree_builder c;
    c.add(parsed[0]).add(parsed[1]);
    const sgf::game_tree shared = std::move(c).build();
    CHECK(shared[0].same(parsed[0]));
    CHECK(shared[1].same(parsed[1]));
}

TEST_CASE("game_tree_builder rejects what is not a game tree") {
    sgf::game_tree_builder b;
    CHECK_THROWS_AS(b.open(), std::logic_error);      // a variation before any node
    CHECK_THROWS_AS(b.close(), std::logic_error);     // nothing open
    CHECK_THROWS_AS((void)sgf::game_tree_builder().build(), std::logic_error);  // no node
    b.add({{"B", {"aa"}}}).open().add({{"W", {"bb"}}}).close();
    CHECK_THROWS_AS(b.add({{"B", {"cc"}}}), std::logic_error);  // a node after a variation (E013)
    CHECK_THROWS_AS(b.add({{"b", {"cc"}}}), std::invalid_argument);
    b.open();
    CHECK_THROWS_AS(b.close(), std::logic_error);     // an empty variation
}

TEST_CASE("rvalue edits append in place and keep other versions unchanged") {
    sgf::game_tree t({sgf::node().with_property("FF", {"4"})});
    const void* before = t.identity();
    for (int i = 0; i < 100; ++i) t = std::move(t).with_node_appended(sgf::node().with_property("B", {"aa"}));
    CHECK(t.size() == 101);
    const sgf::game_tree kept = t;  // a second handle: the next edit must copy
    sgf::game_tree u = std::move(t).with_node_appended(sgf::node().with_property("W", {"bb"}));
    CHECK(kept.size() == 101);
    CHECK(u.size() == 102);
    CHECK_FALSE(u.same(kept));
    u = std::move(u).with_node(0, sgf::node().with_property("FF", {"3"}));
    CHECK(first_value(u[0], "FF") == "3");
    CHECK(first_value(kept[0], "FF") == "4");
    u = std::move(u).with_variation(tree_of("(;C[v])"));
    u = std::move(u).with_variation(tree_of("(;C[w])"));
    CHECK(u.variations().size() == 2);
    CHECK(before != nullptr);
    sgf::collection c;
    c = std::move(c).with_tree_appended(u);
    c = std::move(c).with_tree_appended(kept);
    CHECK(c.size() == 2);
}

TEST_CASE("update_at and main_line paths edit along the main line") {
    sgf::game_tree t = tree_of("(;C[root];B[aa](;W[bb];B[cc])(;W[dd]))");
    std::vector<sgf::node_path> paths;
    for (const auto& [n, path] : sgf::main_line(t)) paths.push_back(path);
    REQUIRE(paths.size() == 4);
    CHECK(paths[2] == sgf::node_path{{0}, 0});
    for (const auto& path : paths)
        t = t.update_at(path, [](const sgf::node& n) { return n.with_property("N", {"seen"}); });
    std::string names;
    for (const auto& [n, path] : sgf::main_line(t)) names += first_value(n, "N") + ' ';
    CHECK(names == "seen seen seen seen ");
    CHECK(first_value(t.variations()[1][0], "N") == "<none>");
}

TEST_CASE("a game tree is a range of its nodes") {
    const sgf::game_tree t = tree_of("(;C[a];C[b];C[c])");
    std::string seen;
    for (const sgf::node& n : t) seen += first_value(n, "C");
    CHECK(seen == "abc");
    CHECK(std::distance(t.begin(), t.end()) == 3);
    CHECK(first_value(*(t.begin() + 2), "C") == "c");
}

TEST_CASE("iterators stay valid after the range or property they came from") {
    const sgf::game_tree t = tree_of("(;AB[aa][bb]C[x])");
    auto it = t[0].properties().begin();  // the range is a temporary
    CHECK(it->ident() == "AB");
    auto v = t[0].find("AB")->begin();    // the optional is a temporary
    ++v;
    CHECK((*v).raw() == "bb");
}

TEST_CASE("parse_file reads a file and parse reads text") {
    const auto r = sgf::parse_file(fs::path(SGF_SOURCE_DIR) / "conformance" / "spec_examples" / "ff4_ex.sgf");
    CHECK(r.ok());
    CHECK(r.trees.size() == 2);
    CHECK_THROWS_AS((void)sgf::parse_file("/nonexistent/game.sgf"), std::system_error);
    // parse() takes SGF text: a text that is a file name holds no game tree.
    CHECK_FALSE(sgf::parse("game.sgf"sv).ok());
}

namespace {
template <class T>
constexpr bool parse_takes = requires(T arg) { sgf::parse(arg); };
}  // namespace

// A file name does not compile where SGF text is expected: the const char* and
// std::filesystem::path overloads are deleted, their declarations point to parse_file.
static_assert(!parse_takes<const char*>);
static_assert(!parse_takes<const char (&)[9]>);  // parse("game.sgf")
static_assert(!parse_takes<std::filesystem::path>);
static_assert(!parse_takes<const std::filesystem::path&>);
static_assert(parse_takes<std::string_view>);
static_assert(parse_takes<std::string>);

TEST_CASE("appending through a const game tree copies only the node slots") {
    // The && form and game_tree_builder are linear; const& leaves the old version as it was
    // and so copies the sequence, but as 4-byte slots (and the handles of foreign nodes).
    const auto append = [](std::size_t n) {
        const auto t0 = std::chrono::steady_clock::now();
        sgf::game_tree t({sgf::node()});
        for (std::size_t i = 0; i < n; ++i) t = t.with_node_appended(sgf::node().with_property("B", {"aa"}));
        REQUIRE(t.size() == n + 1);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    // Timed for the record only (0.2 s in the release build, 2.7 s when each append made a
    // handle per node): speed is a benchmark's, never a unit test's bound (12 s under ASan).
    MESSAGE("8,000 const& appends: ", append(8000), " s");
    // The old version is unchanged.
    const sgf::game_tree a({sgf::node()});
    const sgf::game_tree b = a.with_node_appended(sgf::node().with_property("C", {"x"}));
    CHECK(a.size() == 1);
    CHECK(b.size() == 2);
    CHECK(b[1].find("C")->front().raw() == "x");
}

TEST_CASE("building a game through the API is linear in its length") {
    const auto build = [](std::size_t n) {
        const std::clock_t t0 = std::clock();  // CPU time, as the judge expects
        sgf::game_tree_builder b;
        b.add({{"FF", {"4"}}, {"GM", {"1"}}});
        for (std::size_t i = 0; i < n; ++i) b.add({{i % 2 ? "W" : "B", {"aa"}}});
        sgf::game_tree t = std::move(b).build();
        sgf::game_tree u({sgf::node()});
        for (std::size_t i = 0; i < n; ++i) u = std::move(u).with_node_appended(t[i]);
        REQUIRE(t.size() == n + 1);
        REQUIRE(u.size() == n + 1);
        return static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
    };
    // the project's one linear-time judge (tests/linear_time.hpp): the best of rounds, retried
    // after a pause (one measurement of each size failed under ASan beside other load: 7.8x)
    sgf_test::keep_freed_memory();
    static_cast<void>(build(200000));  // untimed: the process has the pages
    const sgf_test::linear_verdict v = sgf_test::judge_linear(
        200000 * 6, [&] { return build(50000); }, [&] { return build(200000); });
    MESSAGE("50,000 moves: ", v.small, " s; 200,000 moves: ", v.full, " s (the best of ", v.rounds, " rounds)");
    CHECK(v.linear);
}
