// include/sgf/tree.hpp as a C++ API: the && edits with arguments taken from the tree they
// edit, a tree that would contain itself, moved-from objects of every public type, checked
// indexing, the walks as ranges, and the && overloads that keep views of temporaries from
// dangling (their compile-time half is tests/lifetime/). Issue 20's defects, each with its
// test; the AddressSanitizer build is where a use after free fails.
#include <doctest/doctest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <ranges>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "sgf/check_file.hpp"
#include "sgf/inherit.hpp"
#include "sgf/input.hpp"
#include "sgf/offset_map.hpp"
#include "sgf/parse.hpp"
#include "sgf/tree.hpp"
#include "sgf/typed_value.hpp"
#include "sgf/write.hpp"
#include "tests/test_util.hpp"

using namespace std::string_view_literals;
using sgf_test::tree_of;

// The walks and views are standard ranges (std::ranges algorithms and views take them).
static_assert(std::ranges::input_range<sgf::preorder>);
static_assert(std::ranges::input_range<const sgf::main_line>);
static_assert(std::ranges::forward_range<const sgf::property>);
static_assert(std::ranges::forward_range<const sgf::property_range>);
static_assert(std::ranges::random_access_range<const sgf::game_tree>);
static_assert(std::ranges::contiguous_range<const sgf::collection>);
// The && overloads of accessors that return a view of *this return an owner instead.
static_assert(std::is_same_v<decltype(std::declval<sgf::preorder>().current()), sgf::node>);
static_assert(std::is_same_v<decltype(std::declval<sgf::preorder>().tree()), sgf::game_tree>);
static_assert(std::is_same_v<decltype(std::declval<sgf::cursor>().tree()), sgf::game_tree>);
static_assert(std::is_same_v<decltype(std::declval<sgf::cursor>().path()), sgf::node_path>);
static_assert(std::is_same_v<decltype(std::declval<sgf::collection>()[0]), sgf::game_tree>);
static_assert(std::is_same_v<decltype(std::declval<sgf::game_tree>().variations()), std::vector<sgf::game_tree>>);
static_assert(std::is_same_v<decltype(std::declval<sgf::inherit_walker>().effective(std::size_t{0})),
                             std::optional<sgf::property>>);
static_assert(std::is_same_v<decltype(*std::declval<sgf::get_result<sgf::real>>()), sgf::real>);
// A moved-from handle is left empty by a noexcept move.
static_assert(std::is_nothrow_move_constructible_v<sgf::node>);
static_assert(std::is_nothrow_move_constructible_v<sgf::collection>);
static_assert(std::is_nothrow_move_constructible_v<sgf::property_range>);

namespace {

// What write() gives, without its line breaks.
template <class T>
std::string flat(const T& x) {
    std::string s = sgf::write(x);
    std::erase(s, '\n');
    return s;
}

// A tree with variations, whose rvalue edits run in place (the only handle).
sgf::game_tree fresh(std::string_view text = "(;C[r](;C[a];C[b])(;C[c]))") { return tree_of(text); }

}  // namespace

TEST_SUITE("tree handles") {

// --- arguments taken from the tree being edited ----------------------------------------

TEST_CASE("an rvalue edit takes a variation of the tree it edits") {
    // Each append through && grows the storage now and then; the argument is a reference
    // into the storage that growing frees (issue 20: a heap use after free).
    sgf::game_tree t = fresh();
    sgf::game_tree expected = t;
    for (int i = 0; i < 40; ++i) {
        const std::size_t k = static_cast<std::size_t>(i) % t.variations().size();
        expected = expected.with_variation(expected.variations()[k]);
        t = std::move(t).with_variation(t.variations()[k]);
        REQUIRE(t == expected);
    }
    CHECK(t.variations().size() == 42);
    CHECK(t.variations().back().same(t.variations()[1]));
    // Replacing a variation by a part of itself, or by another variation.
    t = std::move(t).with_variation(0, t.variations()[0].variations().empty() ? t.variations()[1] : t.variations()[0]);
    CHECK(flat(t.variations()[0]) == "(;C[c])");
    t = std::move(t).with_variation(1, t.variations()[1]);
    CHECK(flat(t.variations()[1]) == "(;C[c])");
}

TEST_CASE("an rvalue edit of a collection takes one of its own trees") {
    sgf::collection c = sgf::parse("(;C[a])(;C[b])"sv).trees;
    for (int i = 0; i < 40; ++i) c = std::move(c).with_tree_appended(c[static_cast<std::size_t>(i) % 2]);
    REQUIRE(c.size() == 42);
    CHECK(flat(c[40]) == "(;C[a])");
    CHECK(flat(c[41]) == "(;C[b])");
}

TEST_CASE("an rvalue node edit takes a node of the tree it edits") {
    sgf::game_tree t = fresh("(;C[0])");
    for (int i = 0; i < 40; ++i) t = std::move(t).with_node_appended(t[static_cast<std::size_t>(i)]);
    CHECK(t.size() == 41);
    t = std::move(t).with_node(3, t[0].with_property("C", {"x"}));
    CHECK(t[3].find("C")->front().raw() == "x");
    CHECK(t[4].same(t[0]));
}

// --- a tree never contains itself -------------------------------------------------------

TEST_CASE("a tree appended to itself holds its version before the edit") {
    sgf::game_tree t = fresh();  // the only handle: the edit would run in place
    const std::string before = flat(t);
    t = std::move(t).with_variation(t);
    // Not a cycle: the new variation is the old version, not the new tree.
    REQUIRE_FALSE(t.variations().back().same(t));
    CHECK(flat(t.variations().back()) == before);
    CHECK(t.node_count() == 2 * 4);
    CHECK(flat(t) == "(;C[r](;C[a];C[b])(;C[c])" + before + ")");
    CHECK(t == fresh().with_variation(fresh()));
    // The same through replacing a variation by the tree itself, with no other handle.
    sgf::game_tree u = fresh();
    const std::string u_text = sgf::write(u);
    u = std::move(u).with_variation(1, u);
    REQUIRE_FALSE(u.variations()[1].same(u));
    CHECK(sgf::write(u.variations()[1]) == u_text);
    CHECK(u.node_count() == 4 - 1 + 4);  // (;C[c]) replaced by the 4 nodes
    // Twice: each version holds the one before.
    sgf::game_tree w = fresh("(;C[w])");
    for (int i = 0; i < 5; ++i) w = std::move(w).with_variation(w);
    CHECK(w.node_count() == 32);
}

// --- moved-from objects -----------------------------------------------------------------

TEST_CASE("a moved-from node is the empty node") {
    sgf::node a = sgf::node().with_property("C", {"x"});
    const sgf::node b = std::move(a);
    CHECK(b.find("C"));
    CHECK(a.empty());
    CHECK_FALSE(a.has("C"));
    CHECK_FALSE(a.find("C"));
    CHECK(a.properties().empty());
    CHECK(sgf::write(a) == sgf::write(sgf::node()));
    CHECK(a == sgf::node());
    CHECK(a.with_property("B", {"aa"}).has("B"));
    sgf::node c = b;
    c = std::move(a);  // from an empty node
    CHECK(c.empty());
    sgf::node d;
    d = std::move(c);
    CHECK(c.empty());
}

TEST_CASE("a moved-from collection is empty") {
    sgf::collection a = sgf::parse("(;C[a])(;C[b])"sv).trees;
    const sgf::collection b = std::move(a);
    CHECK(b.size() == 2);
    CHECK(a.empty());
    CHECK(a.size() == 0);
    CHECK(a.trees().empty());
    CHECK(a.begin() == a.end());
    CHECK(sgf::write(a).empty());
    CHECK(a == sgf::collection());
    CHECK_THROWS_AS((void)a[0], std::out_of_range);
    CHECK(a.with_tree_appended(b[0]).size() == 1);
    a = std::move(a).with_tree_appended(b[1]);
    CHECK(flat(a) == "(;C[b])");
    sgf::parse_result r = sgf::parse("(;C[a])"sv);
    const sgf::parse_result taken = std::move(r);
    CHECK(r.trees.empty());
    CHECK(taken.trees.size() == 1);
}

TEST_CASE("moved-from views walks and builders are empty and usable") {
    const sgf::game_tree t = fresh();
    const sgf::node root = t[0];
    {  // property and value: the empty ones
        sgf::property p = *root.find("C");
        const sgf::property q = std::move(p);
        CHECK(q.ident() == "C");
        CHECK(p.ident().empty());
        CHECK(p.size() == 0);
        CHECK(p.begin() == p.end());
        CHECK_THROWS_AS((void)p.front(), std::out_of_range);
        sgf::value v = q.front();
        const sgf::value w = std::move(v);
        CHECK(w.raw() == "r");
        CHECK((v.raw().empty() && v.empty() && !v.composed() && v.pos() == sgf::position{}));
    }
    {  // property_range: the empty node's
        sgf::property_range r = root.properties();
        const sgf::property_range s = std::move(r);
        CHECK(s.count() == 1);
        CHECK(r.empty());
        CHECK(r.count() == 0);
    }
    {  // game tree: the null handle
        sgf::game_tree a = t;
        const sgf::game_tree b = std::move(a);
        CHECK((!a.valid() && a.size() == 0 && a.variations().empty() && a.node_count() == 0));
        CHECK_THROWS_AS((void)a[0], std::out_of_range);
        CHECK(a.with_node_appended(root).size() == 1);
        CHECK(b == t);
    }
    {  // cursor: on no tree
        sgf::cursor c(t);
        REQUIRE(c.to_child());
        const sgf::cursor d = std::move(c);
        CHECK(d.depth() == 1);
        CHECK((c.depth() == 0 && c.at_root() && c.child_count() == 0 && !c.tree().valid()));
        CHECK_FALSE(c.to_child());
        CHECK_FALSE(c.to_parent());
        CHECK_THROWS_AS((void)c.current(), std::out_of_range);
    }
    {  // preorder: done
        sgf::preorder p(t);
        p.next();
        sgf::preorder q = std::move(p);
        CHECK(q.number() == 1);
        CHECK((p.done() && p.current().empty() && !p.tree().valid() && p.index() == 0 && p.depth() == 0));
        p.next();
        CHECK(p.done());
        std::size_t rest = 0;
        for (const sgf::node& n : q) rest += n.empty() ? 0 : 1;
        CHECK(rest == 3);  // nodes 1-3 of 0-3
        CHECK((q.done() && !q.tree().valid() && q.index() == 0));  // a finished walk too
    }
    {  // builder: a new one
        sgf::game_tree_builder a;
        a.add({{"C", {"x"}}});
        sgf::game_tree_builder b = std::move(a);
        CHECK(a.depth() == 0);
        a.add({{"C", {"y"}}}).open().add({{"C", {"z"}}});
        CHECK(flat(std::move(a).build()) == "(;C[y](;C[z]))");
        CHECK(flat(std::move(b).build()) == "(;C[x])");
    }
    {  // inherit walker: no rows
        sgf::inherit_walker w(4, 1, sgf::profile::ff4);
        REQUIRE(w.size() > 0);
        const sgf::node vw = sgf::node().with_property("VW", {"aa"});
        const std::size_t slot = w.apply(*vw.find("VW"));
        REQUIRE(slot != sgf::inherit_walker::npos);
        sgf::inherit_walker x = std::move(w);
        CHECK(x.any());
        CHECK((w.size() == 0 && !w.any() && w.mark() == 0));
        CHECK(w.slot_of("VW") == sgf::inherit_walker::npos);
    }
    {  // offset map: empty
        sgf::offset_map m;
        m.append(3, 2, 1);
        const sgf::offset_map n = std::move(m);
        CHECK(n.utf8_end() == 3);
        CHECK((m.utf8_end() == 0 && m.source_end() == 0 && m.run_count() == 0 && m.to_source(0) == 0));
    }
    {  // load result
        sgf::load_result r = sgf::load(sgf::file_bytes("(;C[x])"sv));
        const sgf::load_result s = std::move(r);
        CHECK(s.trees.size() == 1);
        CHECK((r.trees.empty() && r.text().empty()));
    }
}

// --- checked indexing -------------------------------------------------------------------

TEST_CASE("every operator[] of the API throws out_of_range past the end") {
    const sgf::collection c = sgf::parse("(;AB[aa][bb])"sv).trees;
    CHECK_THROWS_AS((void)c[1], std::out_of_range);  // was unchecked (issue 20: heap overflow)
    CHECK_THROWS_AS((void)sgf::collection(c)[1], std::out_of_range);
    CHECK_THROWS_AS((void)sgf::parse("(;C[a])"sv).trees[5], std::out_of_range);
    const sgf::game_tree& t = c[0];
    CHECK_THROWS_AS((void)t[1], std::out_of_range);
    const sgf::property ab = *t[0].find("AB");
    CHECK_THROWS_AS((void)ab[2], std::out_of_range);
    sgf::point_list ps{{1, 1}};
    CHECK(ps[0] == sgf::board_point{1, 1});
    CHECK_THROWS_AS((void)ps[1], std::out_of_range);
    CHECK_THROWS_AS((void)sgf::point_list().front(), std::out_of_range);
}

// --- walks as ranges ----------------------------------------------------------------------

TEST_CASE("preorder is an input range of the nodes in file order") {
    const sgf::game_tree t = tree_of("(;C[0](;C[1];C[2](;C[3])(;C[4]))(;C[5]))");
    std::string seen;
    sgf::preorder walk(t);
    for (const sgf::node& n : walk) seen += std::string(n.find("C")->front().raw()) + "@" + std::to_string(walk.number()) + " ";
    CHECK(seen == "0@0 1@1 2@2 3@3 4@4 5@5 ");
    sgf::preorder again(t);
    CHECK(std::ranges::distance(again) == 6);
}

TEST_CASE("property_range count reads the node") {
    const sgf::node n = tree_of("(;A[1]B[2]A[3])")[0];
    CHECK(n.properties().count() == 3);
    CHECK(sgf::node().properties().count() == 0);
}

// --- views of temporaries -----------------------------------------------------------------

TEST_CASE("the rvalue accessors give owners that outlive the temporary") {
    const sgf::game_tree t = fresh();
    const sgf::node& first = sgf::preorder(t).current();  // a copy, kept alive by the reference
    CHECK(first.find("C")->front().raw() == "r");
    const sgf::game_tree& walked = sgf::preorder(t).tree();
    CHECK(walked.same(t));
    const sgf::game_tree& second = sgf::parse("(;C[a])(;C[b])"sv).trees[1];
    CHECK(flat(second) == "(;C[b])");
    const auto& vs = tree_of("(;C[r](;C[a])(;C[b]))").variations();
    REQUIRE(vs.size() == 2);
    CHECK(flat(vs[1]) == "(;C[b])");
    std::size_t n = 0;
    for (const sgf::game_tree& g : sgf::parse("(;C[a])(;C[b])"sv).trees) n += g.size();  // the loop keeps it
    CHECK(n == 2);
}

// --- a file name is never read as SGF ------------------------------------------------------

TEST_CASE("check_file of a name reads the file") {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "sgf_tree_handles_test";
    std::filesystem::create_directories(dir);
    const std::filesystem::path file = dir / "game.sgf";
    std::ofstream(file, std::ios::binary) << "(;FF[4]GM[1]SZ[9];B[jj])";
    const sgf::file_check by_name = sgf::check_file(file.string());  // a std::string: a name
    REQUIRE(by_name.loaded.trees.size() == 1);
    CHECK(sgf_test::codes_of(by_name.diagnostics) == sgf_test::codes_of(
                                                         sgf::check_file(sgf::file_bytes("(;FF[4]GM[1]SZ[9];B[jj])"sv)).diagnostics));
    CHECK(sgf_test::codes_of(by_name.diagnostics).find("E") != std::string::npos);  // jj is off the 9x9 board
    CHECK_THROWS_AS((void)sgf::check_file(dir / "missing.sgf"), std::system_error);
    std::filesystem::remove_all(dir);
}

}  // TEST_SUITE
