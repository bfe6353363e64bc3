// The unified diff of fix --dry-run and fmt --dry-run (src/tools/unified_diff.cpp): on random
// texts of many sizes, with the two sides' line counts far apart (fix joins a file's lines:
// the shape that ran the search past its arrays, issue 20), applied back by an independent
// reader (fuzz/unified_patch.hpp, also the unified_diff fuzz target's) and, where a
// quadratic reference is cheap, compared with the fewest changed lines; diff -u's spelling;
// linear time on big texts.
#include <doctest/doctest.h>

#include <algorithm>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "fuzz/unified_patch.hpp"
#include "tests/linear_time.hpp"
#include "tools/unified_diff.hpp"

namespace {

using sgf::tools::unified_diff;
using sgf_fuzz::apply_unified_diff;

// A random text of `n` lines drawn from `alphabet` distinct lines; `joined` of them per line
// (fix's output puts a node's properties on one line), sometimes without a final newline.
std::string random_text(std::mt19937& rng, std::size_t n, unsigned alphabet, std::size_t joined = 1) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < joined; ++j) s += ";B[" + std::to_string(rng() % alphabet) + "]";
        s += '\n';
    }
    if (!s.empty() && rng() % 4 == 0) s.pop_back();
    return s;
}

// `a` with a few lines inserted, removed or changed.
std::string edited(std::mt19937& rng, const std::string& a, unsigned alphabet) {
    const auto views = sgf_fuzz::patch_detail::split_lines(a);
    std::vector<std::string> l(views.begin(), views.end());
    for (int e = static_cast<int>(rng() % 8); e > 0; --e) {
        const std::size_t at = rng() % (l.size() + 1);
        const std::string line = "C[" + std::to_string(rng() % alphabet) + "]\n";
        switch (rng() % 3) {
            case 0: l.insert(l.begin() + static_cast<std::ptrdiff_t>(at), line); break;
            case 1: if (at < l.size()) l.erase(l.begin() + static_cast<std::ptrdiff_t>(at)); break;
            default: if (at < l.size()) l[at] = line;
        }
    }
    std::string b;
    for (const auto& x : l) b += x;
    return b;
}

// Checks one pair: the diff applies to `a` and gives `b`; it is minimal when `minimal`.
void check_pair(const std::string& a, const std::string& b, bool minimal) {
    const std::string d = unified_diff(a, b, "a/x.sgf", "b/x.sgf");
    INFO("a: ", sgf_fuzz::patch_detail::split_lines(a).size(), " lines, b: ", sgf_fuzz::patch_detail::split_lines(b).size(),
         " lines\na:\n", a.substr(0, 2000), "\nb:\n", b.substr(0, 2000), "\ndiff:\n", d.substr(0, 4000));
    CHECK(d.empty() == (a == b));
    const auto applied = apply_unified_diff(a, d, "a/x.sgf", "b/x.sgf");
    CHECK(applied.error == "");
    CHECK(applied.text == b);
    if (minimal) CHECK(sgf_fuzz::changed_lines(d) == sgf_fuzz::fewest_line_changes(a, b));
}

}  // namespace

TEST_CASE("unified diff: the file of issue 20 (ten lines joined into one) diffs without a crash") {
    const std::string a = "(\n;\nFF[4]\nCA[UTF-8]\nGM[1]\nSZ[9]\nAB[aa]\nAW[bb]\nGN[x]\n)\n";
    const std::string b = "(;FF[4]CA[UTF-8]GM[1]SZ[9]AB[aa]AW[bb]GN[x])\n";
    check_pair(a, b, true);
    check_pair(b, a, true);
}

TEST_CASE("unified diff: random small texts give the fewest changes and apply back") {
    std::mt19937 rng(20);
    std::size_t pairs = 0;
    for (int round = 0; round < 3000; ++round) {
        const auto alphabet = static_cast<unsigned>(1 + rng() % 6);
        const std::string a = random_text(rng, rng() % 30, alphabet);
        // half the time an edit of a; else an unrelated text, often much shorter or longer
        const std::size_t nb = rng() % 3 == 0 ? rng() % 3 : rng() % 30;
        const std::string b = rng() % 2 ? edited(rng, a, alphabet) : random_text(rng, nb, alphabet);
        check_pair(a, b, true);
        ++pairs;
    }
    CHECK(pairs == 3000);
}

TEST_CASE("unified diff: random texts of many sizes with skewed line counts apply back") {
    std::mt19937 rng(2020);
    for (const std::size_t size : {1, 2, 5, 17, 100, 600, 3000, 20000}) {
        for (int round = 0; round < (size > 1000 ? 4 : 40); ++round) {
            const auto alphabet = static_cast<unsigned>(1 + rng() % 20);
            const std::string a = random_text(rng, size, alphabet);
            // the same content on fewer, longer lines (as fix joins them), an edit, or another text
            const std::size_t joined = 1 + rng() % 50;
            const std::string b = rng() % 3 == 0   ? random_text(rng, size / joined + 1, alphabet, joined)
                                  : rng() % 2 == 0 ? edited(rng, a, alphabet)
                                                   : random_text(rng, rng() % (size + 1), alphabet);
            check_pair(a, b, size <= 600);
            check_pair(b, a, size <= 600);
        }
    }
}

TEST_CASE("unified diff: the spelling of diff -u") {
    CHECK(unified_diff("a\nb\nc\n", "a\nb\nc\n", "a/f", "b/f") == "");
    CHECK(unified_diff("a\nb\nc\n", "a\nB\nc\n", "a/f", "b/f") == "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    CHECK(unified_diff("x", "x\n", "a/f", "b/f") == "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+x\n");
    // an empty side: its range names line 0
    CHECK(unified_diff("", "a\nb\n", "a/f", "b/f") == "--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n");
    CHECK(unified_diff("a\n", "", "a/f", "b/f") == "--- a/f\n+++ b/f\n@@ -1 +0,0 @@\n-a\n");
    // changes 7 equal lines apart are two hunks; 6 apart, one
    // (lines 0-19; X for line 2, Y for line 10 or 9)
    const auto lines = [](int y) {
        std::string s;
        for (int i = 0; i < 20; ++i) s += (i == 2 && y >= 0 ? std::string("X") : i == y ? std::string("Y") : std::to_string(i)) + "\n";
        return s;
    };
    const std::string a = lines(-1), two = lines(10), one = lines(9);
    CHECK(unified_diff(a, two, "a", "b") ==
          "--- a\n+++ b\n@@ -1,6 +1,6 @@\n 0\n 1\n-2\n+X\n 3\n 4\n 5\n@@ -8,7 +8,7 @@\n 7\n 8\n 9\n-10\n+Y\n 11\n 12\n 13\n");
    CHECK(unified_diff(a, one, "a", "b") ==
          "--- a\n+++ b\n@@ -1,13 +1,13 @@\n 0\n 1\n-2\n+X\n 3\n 4\n 5\n 6\n 7\n 8\n-9\n+Y\n 10\n 11\n 12\n");
}

TEST_CASE("unified diff: the reader of the checks refuses what diff -u would not write") {
    const std::string a = "0\n1\n2\n3\n4\n5\n6\n7\n8\n";
    const std::string good = "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 1\n 2\n 3\n-4\n+X\n 5\n 6\n 7\n";
    REQUIRE(apply_unified_diff(a, good, "a", "b").error == "");
    CHECK(apply_unified_diff(a, good, "a", "b").text == "0\n1\n2\n3\nX\n5\n6\n7\n8\n");
    auto refused = [&](const std::string& d) { return !apply_unified_diff(a, d, "a", "b").error.empty(); };
    CHECK(refused("--- a\n+++ b\n@@ -2,6 +2,7 @@\n 1\n 2\n 3\n-4\n+X\n 5\n 6\n 7\n"));  // wrong count
    CHECK(refused("--- a\n+++ b\n@@ -2,7 +3,7 @@\n 1\n 2\n 3\n-4\n+X\n 5\n 6\n 7\n"));  // new start elsewhere
    CHECK(refused("--- a\n+++ b\n@@ -3,6 +3,6 @@\n 2\n 3\n-4\n+X\n 5\n 6\n 7\n"));     // too little context
    CHECK(refused("--- a\n+++ b\n@@ -2,7 +2,7 @@\n 1\n 2\n 3\n-5\n+X\n 5\n 6\n 7\n"));  // a line that is not there
    CHECK(refused("--- a\n+++ b\n@@ -2,7 +2,7 @@\n 1\n 2\n 3\n-4\n+X\n\\ No newline at end of file\n 5\n 6\n 7\n"));
    CHECK(refused("--- a\n+++ x\n@@ -2,7 +2,7 @@\n 1\n 2\n 3\n-4\n+X\n 5\n 6\n 7\n"));  // another name
    CHECK(refused("--- a\n+++ b\n@@ -2,7 +2,7 @@\n 1\n 2\n 3\n 4\n 5\n 6\n 7\n"));     // no change
    CHECK(refused("--- a\n+++ b\n"));                                                // no hunk
    // the last line without '\n' needs its marker
    CHECK(refused("--- a\n+++ b\n@@ -1 +1 @@\n-x\n+x\n"));
    CHECK(apply_unified_diff("x", "--- a\n+++ b\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+x\n", "a", "b").text == "x\n");
}

TEST_CASE("unified diff: time is linear in the lines for every shape of difference") {
    // N lines against 4N (tests/linear_time.hpp): every line changed (the search gives up
    // and replaces), the same lines joined by 40 (fix --dry-run's shape), few lines from a
    // small alphabet (the search finds many equal lines everywhere), an edit every 10 lines.
    const std::size_t full = 80000;
    struct shape {
        const char* name;
        std::string (*make_b)(const std::string& a);
    };
    auto numbered = [](std::size_t n, const char* prefix) {
        std::string s;
        for (std::size_t k = 0; k < n; ++k) s += prefix + std::to_string(k) + "]\n";
        return s;
    };
    const shape shapes[] = {
        {"every line changed", [](const std::string& a) {
             std::string b = a;
             std::replace(b.begin(), b.end(), 'B', 'W');
             return b;
         }},
        {"lines joined", [](const std::string& a) {
             std::string b;
             std::size_t k = 0;
             for (const char c : a) {
                 if (c != '\n' || ++k % 40 == 0) b += c;
             }
             return b;
         }},
        {"every tenth line changed", [](const std::string& a) {
             std::string b;
             std::size_t k = 0;
             for (const auto l : sgf_fuzz::patch_detail::split_lines(a)) b += k++ % 10 == 5 ? "C[x]\n" : std::string(l);
             return b;
         }},
    };
    sgf_test::keep_freed_memory();
    for (const auto& s : shapes) {
        const std::string small_a = numbered(full / 4, ";B["), full_a = numbered(full, ";B[");
        const std::string small_b = s.make_b(small_a), full_b = s.make_b(full_a);
        auto seconds = [](const std::string& a, const std::string& b) {
            const std::clock_t start = std::clock();
            const std::string d = unified_diff(a, b, "a", "b");
            const double t = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
            CHECK(!d.empty());
            return t;
        };
        (void)seconds(full_a, full_b);  // untimed: the pages become the process's
        const auto v = sgf_test::judge_linear(full_a.size() + full_b.size(), [&] { return seconds(small_a, small_b); },
                                              [&] { return seconds(full_a, full_b); });
        INFO(s.name, ": ", full / 4, " lines in ", v.small, " s, ", full, " lines in ", v.full, " s (CPU), limit ", v.limit);
        CHECK(v.linear);
    }
    // a small alphabet: equal lines everywhere, and still linear
    std::mt19937 rng(4);
    const std::string small_a = random_text(rng, full / 4, 3), small_b = random_text(rng, full / 4, 3);
    const std::string full_a = random_text(rng, full, 3), full_b = random_text(rng, full, 3);
    auto seconds = [](const std::string& a, const std::string& b) {
        const std::clock_t start = std::clock();
        (void)unified_diff(a, b, "a", "b");
        return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    };
    (void)seconds(full_a, full_b);
    const auto v = sgf_test::judge_linear(full_a.size() + full_b.size(), [&] { return seconds(small_a, small_b); },
                                          [&] { return seconds(full_a, full_b); });
    INFO("small alphabet: ", v.small, " s, ", v.full, " s (CPU), limit ", v.limit);
    CHECK(v.linear);
}
