// The one node reader (src/tree/node_reader.hpp) against its definition, the grammar's
// rule grammar::lenient_node (fuzz/node_reader_reference.hpp): node by node over the
// corpus, the conformance cases, the fuzz seeds and regressions, and hand-written broken
// nodes; and every user of the reader (node::properties, find, the checker's scan) against it.
#include <doctest/doctest.h>

#include <filesystem>
#include <new>
#include <string>
#include <vector>

#include "check/internal.hpp"
#include "fuzz/node_reader_reference.hpp"
#include "sgf/parse.hpp"
#include "tests/shared_dir.hpp"
#include "tests/test_util.hpp"
#include "tree/tree_rep.hpp"

namespace {

namespace fs = std::filesystem;
using sgf::detail::tree_access;

struct counts {
    std::size_t nodes = 0;
    std::size_t properties = 0;
    std::size_t lenient_nodes = 0;
    std::size_t single_short = 0;  // nodes the reader's one-property shortcut read
};

// Every way of reading node n agrees with the grammar.
void check_node(const sgf::node& n, counts& c, const std::string& where) {
    const sgf::detail::source& src = *tree_access::source_of(n);
    const auto expected = sgf_reference::by_grammar(src, n.offset());
    const auto got = sgf_reference::by_reader(src, n.offset());
    INFO(where, " node at byte ", n.offset());
    REQUIRE(got == expected);
    ++c.nodes;
    c.properties += got.size();

    // the checker's buffers (values reported by the hand loop, or walked after the grammar)
    sgf::detail::node_props buffers;
    sgf::detail::scan_props(src, n.offset(), buffers);
    REQUIRE(buffers.props.size() == expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        const auto& p = buffers.props[k];
        CHECK(p.ident == expected[k].ident);
        CHECK(p.ident_size == expected[k].ident_size);
        REQUIRE(p.count == expected[k].values.size());
        for (std::size_t j = 0; j < p.count; ++j) {
            CHECK(buffers.values[p.first + j].open == expected[k].values[j].open);
            CHECK(buffers.values[p.first + j].size == expected[k].values[j].size);
        }
    }
    // the reader's shortcut for the plain one-property node (";B[pd]")
    sgf::detail::property_ref one;
    if (sgf::detail::node_reader::single_short(src.data(), src.data() + src.bytes.size(), n.offset(), one)) {
        REQUIRE(expected.size() == 1);
        CHECK(one.ident == expected[0].ident);
        CHECK(one.ident_size == expected[0].ident_size);
        REQUIRE(expected[0].values.size() == 1);
        CHECK(one.first == expected[0].values[0].open);
        CHECK(one.first_size == expected[0].values[0].size);
        ++c.single_short;
    }
    // whether the grammar read any of it (an item the hand loop handed over)
    sgf::detail::node_reader r = sgf::detail::reader_of(src, n.offset());
    sgf::detail::property_ref ref;
    bool lenient = false;
    while (r.next(ref)) lenient |= r.lenient();
    c.lenient_nodes += lenient;

    // the public API
    std::size_t k = 0;
    for (const sgf::property& p : n.properties()) {
        REQUIRE(k < expected.size());
        CHECK(p.offset() == expected[k].ident);
        CHECK(p.ident().size() == expected[k].ident_size);
        REQUIRE(p.size() == expected[k].values.size());
        std::size_t j = 0;
        for (const sgf::value& v : p) {
            CHECK(v.offset() == expected[k].values[j].open);
            CHECK(v.raw().size() == expected[k].values[j].size);
            ++j;
        }
        const auto found = n.find(p.ident());
        REQUIRE(found.has_value());
        CHECK(found->ident() == p.ident());
        ++k;
    }
    CHECK(k == expected.size());
    CHECK(n.properties().count() == expected.size());
    CHECK(n.empty() == expected.empty());
}

void check_text(const std::string& bytes, counts& c, const std::string& where) {
    for (const bool lenient : {false, true}) {
        const sgf::parse_result r = sgf::parse(std::string_view(bytes), {.lenient = lenient});
        for (const auto& root : r.trees)
            for (sgf::preorder it(root); !it.done(); it.next()) check_node(it.current(), c, where);
    }
}

void check_files(const fs::path& dir, counts& c) {
    for (const auto& f : sgf_test::files_under(dir)) check_text(sgf::read_file(f), c, f.string());
}

}  // namespace

TEST_CASE("node reader: hand-written nodes read as the grammar reads them") {
    const char* cases[] = {
        "(;B[aa])",
        "(;FF[4]GM[1]SZ[19];B[pd];W[dp])",
        "(; B [aa] [bb]\n\tC[x\\]y]\r\n;W[])",
        "(;AB[aa][bb]\n[cc]:junk;W[dd])",
        "(;CoPyright[x]GaMe[1];b[aa];black[bb])",       // FF[1]-FF[3] identifiers
        "(;B;W[aa])",                                     // E009
        "(;[aa][bb]B[cc])",                               // E010
        "(;B[aa] this is a sentence W[bb])",              // E012 / lowercase words
        "(;B[aa]%%%W[bb])",                               // E012
        "(;C[never closed",                               // E008
        "(;AB[aa][bb][cc",                                // E008 after closed values
        "(;B[aa]W",                                       // E009 at the end
        "(B[aa];W[bb])",                                  // E007: no ';'
        "(;C[a",                                          // a NUL byte's case cut short (below whole)
        "(;C[\\\\]B[aa])",                                // escaped backslash before ']'
        "(;C[\\]]B[aa];W[bb])",
        "(;AB\n\n[aa]\n\n[bb]\n\nAW[cc])",
        "(;A[a]B[b]C[c]D[d]E[e]F[f]G[g]H[h]I[i]J[j]K[k]L[l]M[m])",
        "(;X[1];Y[2](;Z[3])(;Z[4]))",
        "(;B[aa]\v\fW[bb])",
        "(;Bb[aa]bB[bb]B1[cc])",
    };
    counts c;
    for (const char* text : cases) check_text(text, c, text);
    const std::string with_nul("(;C[a\0b]B[aa]\0W[bb])", 21);
    check_text(with_nul, c, "NUL bytes");
    CHECK(c.nodes > 0);
    CHECK(c.lenient_nodes > 0);
    CHECK(c.single_short > 0);
}

TEST_CASE("node reader: conformance cases and fuzz inputs read as the grammar reads them") {
    counts c;
    check_files(fs::path(SGF_SOURCE_DIR) / "conformance" / "cases", c);
    check_files(fs::path(SGF_SOURCE_DIR) / "conformance" / "spec_examples", c);
    for (const auto& f : sgf_test::files_under(fs::path(SGF_SOURCE_DIR) / "fuzz" / "seeds", ""))
        check_text(sgf::read_file(f), c, f.string());
    for (const auto& f : sgf_test::files_under(fs::path(SGF_SOURCE_DIR) / "fuzz" / "regressions", ""))
        check_text(sgf::read_file(f), c, f.string());
    MESSAGE(c.nodes, " nodes, ", c.properties, " properties, ", c.lenient_nodes, " with lenient items");
    CHECK(c.nodes > 1000);
    CHECK(c.lenient_nodes > 50);
}

TEST_CASE("node reader: the corpus reads as the grammar reads it") {
    SGF_NEEDS_SHARED("corpus");
    const fs::path corpus = sgf_test::shared_dir() / "corpus";
    counts c;
    check_files(corpus, c);
    MESSAGE(c.nodes, " nodes, ", c.properties, " properties, ", c.lenient_nodes, " with lenient items");
    CHECK(c.nodes > 1000000);
    CHECK(c.single_short > c.nodes / 2);
}

TEST_CASE("node reader: what on_value throws reaches the caller") {
    // The checker's on_value grows a buffer; a std::bad_alloc there (a memory limit) must reach
    // the code that reports it, not std::terminate in a noexcept reader (-j 1024 under ulimit -v).
    const std::string text = "(;AB[aa][bb]C[x])";
    const sgf::parse_result parsed = sgf::parse(std::string_view(text));
    const sgf::node n = parsed.trees.trees()[0].front();
    const sgf::detail::source& src = *sgf::detail::tree_access::source_of(n);
    sgf::detail::node_reader r = sgf::detail::reader_of(src, n.offset());
    sgf::detail::property_ref ref;
    int values = 0;
    CHECK_THROWS_AS(r.next(ref,
                           [&values](std::uint32_t, std::uint32_t) {
                               if (++values == 2) throw std::bad_alloc();
                           }),
                    std::bad_alloc);
    CHECK(values == 2);
    static_assert(!noexcept(r.next(ref, [](std::uint32_t, std::uint32_t) {})));
    static_assert(noexcept(r.next(ref)));
}
