// fix's look for M (src/fix/marks.cpp): has_m_in, which answers from the file's bytes where
// it can, against has_m, which reads every node. Data-driven: the conformance cases and the
// corpus, alone and as collections of several files, each also with M in its FF[1]-FF[3]
// spellings put into nodes picked by a seeded generator (the corpus holds few M's).
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "fix/detail.hpp"
#include "sgf/input.hpp"
#include "tests/program_util.hpp"
#include "tests/shared_dir.hpp"
#include "tests/test_util.hpp"
#include "tree/tree_rep.hpp"

namespace {

namespace fs = std::filesystem;

// Compares has_m_in with has_m on every game tree of `text` loaded as fix loads it; returns
// how many game trees hold an M.
std::size_t compare_marks(const std::string& text, const std::string& what) {
    const sgf::load_result r = sgf::load(sgf::file_bytes(text), {.lenient = true, .charset = {}});
    const auto trees = r.trees.trees();
    if (trees.empty()) return 0;
    const sgf::detail::tree_rep* first = sgf::detail::tree_access::rep(trees[0]);
    const sgf::detail::source* scanned = first ? first->src.get() : nullptr;
    const std::vector<std::uint32_t> candidates = scanned ? sgf::detail::m_candidates(scanned->view()) : std::vector<std::uint32_t>{};
    std::size_t with_m = 0;
    for (std::size_t i = 0; i < trees.size(); ++i) {
        const bool read = sgf::detail::has_m(trees[i]);
        with_m += read;
        if (sgf::detail::has_m_in(trees, i, scanned, scanned ? &candidates : nullptr) != read) {
            FAIL_CHECK(what << ": game tree " << i << ": has_m says " << read);
        }
    }
    return with_m;
}

// `text` with an M in one of its spellings put after some ';' (each with chance 1 in 8).
std::string with_marks(const std::string& text, std::mt19937& rng) {
    static const char* const spellings[] = {"M[aa]", "Mark[ab]", "mM[ba]", "Mm[bb]", " M [cc]"};
    std::string out;
    out.reserve(text.size() + 64);
    bool in_value = false, escaped = false;
    for (const char c : text) {
        out.push_back(c);
        if (in_value) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == ']') in_value = false;
            continue;
        }
        if (c == '[') in_value = true;
        else if (c == ';' && rng() % 8 == 0) out += spellings[rng() % 5];
    }
    return out;
}

// Each file alone, with marks, and every run of `group` files as one collection (with marks).
void compare_over(const std::vector<fs::path>& files, std::size_t group, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::size_t marked = 0, trees_checked = 0;
    std::string collection;
    for (std::size_t k = 0; k < files.size(); ++k) {
        const std::string text = sgf_test::slurp(files[k]);
        const std::string name = files[k].filename().string();
        (void)compare_marks(text, name);
        marked += compare_marks(with_marks(text, rng), name + " with marks");
        collection += text;
        if ((k + 1) % group == 0 || k + 1 == files.size()) {
            marked += compare_marks(collection, "collection ending with " + name);
            marked += compare_marks(with_marks(collection, rng), "collection ending with " + name + " with marks");
            collection.clear();
        }
        ++trees_checked;
    }
    MESSAGE(trees_checked, " files, ", marked, " game trees with an M (seed ", seed, ")");
    CHECK(marked > 0);  // the marks were read: the comparison saw both answers
}

}  // namespace

TEST_CASE("fix marks: the bytes tell M as reading every node does on the conformance cases") {
    compare_over(sgf_test::files_under(fs::path(SGF_SOURCE_DIR) / "conformance" / "cases"), 5, 20261207);
    // beside names and texts that hold 'M', in other game trees and inside values
    compare_marks("(;GM[1]PB[Ma]C[M])(;B[aa]C[Move]M[aa])(;GM[1]C[M[aa]])", "names and texts");
    compare_marks("(;C[x])(;B[aa]Mark[aa];W[bb])(;C[y](;W[cc])(;mM[cc]))", "variations");
    compare_marks("junk M (;C[x])M(;B[aa])M", "between game trees");
}

TEST_CASE("fix marks: the bytes tell M as reading every node does on the corpus") {
    SGF_NEEDS_SHARED("corpus");
    for (const char* folder : {"legacy", "games", "broken", "encodings", "othergames"}) {
        CAPTURE(folder);
        compare_over(sgf_test::corpus_sample(sgf_test::files_under(sgf_test::shared_dir() / "corpus" / folder)), 8, 7);
    }
}
