// sgfcheck fmt --split (SGFC -s, issue 22): one file per game tree, NAME_001.sgf ..., beside
// the input or in -o DIR; never over an existing file; each file said; --dry-run says them
// and writes nothing; what each file holds is fmt's text of that tree alone.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sgf/input.hpp"
#include "sgf/write.hpp"
#include "tests/program_util.hpp"
#include "tests/test_util.hpp"

namespace {

namespace fs = std::filesystem;
using sgf_test::run;
using sgf_test::run_both;
using sgf_test::slurp;
using sgf_test::temp_dir;

// The names of the regular files in `dir`, sorted.
std::string listing(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    std::string s;
    for (const auto& n : names) s += n + ' ';
    return s;
}

}  // namespace

TEST_CASE("fmt --split writes each game tree to a file of its own") {
    temp_dir d;
    const std::string trees[] = {"(;FF[4]GM[1]SZ[19];B[aa])", "(;FF[4]GM[1]SZ[9]C[two];W[bb](;B[cc])(;B[dd]))", "(;FF[4]GM[1]SZ[13])"};
    const std::string f = d.file("games.sgf", "header text\n" + trees[0] + "\n" + trees[1] + trees[2]);
    CHECK(run("fmt --split " + f).status == 1);  // the header: refused unless kept, as fmt refuses it
    CHECK(listing(d.path) == "games.sgf ");
    const auto r = run_both("fmt --split --keep-header --width 30 " + f);
    CHECK(r.status == 0);
    CHECK(r.out.empty());
    CHECK(listing(d.path) == "games.sgf games_001.sgf games_002.sgf games_003.sgf ");
    for (int k = 0; k < 3; ++k) {
        const std::string name = "games_00" + std::to_string(k + 1) + ".sgf";
        CAPTURE(name);
        CHECK(r.err.find("wrote " + (d.path / name).string() + " (game tree " + std::to_string(k + 1) + " of 3") != std::string::npos);
        // each file is fmt's text of its tree alone (the same options), the header in the first
        const std::string alone = d.file("alone.sgf", trees[k]);
        CHECK(slurp(d.path / name) == (k == 0 ? "header text\n" : "") + run("fmt --width 30 " + alone).out);
        fs::remove(alone);
    }
    // never over an existing file: refused before anything is written, the file as it was
    const auto again = run_both("fmt --split --keep-header " + f);
    CHECK(again.status == 2);
    CHECK(again.err.find("games_001.sgf exists; fmt --split never replaces a file") != std::string::npos);
    fs::remove(d.path / "games_002.sgf");
    fs::remove(d.path / "games_003.sgf");
    CHECK(run("fmt --split --keep-header " + f).status == 2);
    CHECK(listing(d.path) == "games.sgf games_001.sgf ");  // nothing written, not even the missing ones
    // a symbolic link is a file that exists, even dangling
    fs::remove(d.path / "games_001.sgf");
    fs::create_symlink(d.path / "nowhere.sgf", d.path / "games_002.sgf");
    CHECK(run("fmt --split --keep-header " + f).status == 2);
    CHECK(!fs::exists(d.path / "nowhere.sgf"));
    CHECK(!fs::exists(d.path / "games_001.sgf"));
}

TEST_CASE("fmt --split with -o DIR and --dry-run and what it refuses") {
    temp_dir d;
    const std::string f = d.file("in/c.sgf", "(;FF[4]GM[1];B[aa])(;FF[4]GM[1];W[bb])");
    const std::string one = d.file("in/one.sgf", "(;FF[4]GM[1];B[aa])");
    fs::create_directories(d.path / "out");
    const std::string out = (d.path / "out").string();
    // --dry-run says the files and writes none
    const auto dry = run_both("fmt --split --dry-run -- " + f);
    CHECK(dry.status == 0);
    CHECK(dry.err.find("would write " + (d.path / "in" / "c_002.sgf").string()) != std::string::npos);
    CHECK(listing(d.path / "in") == "c.sgf one.sgf ");
    // -o DIR, several inputs at once (a directory too), a one-tree file gives NAME_001.sgf
    const auto r = run_both("fmt --split -o " + out + " " + (d.path / "in").string());
    CHECK(r.status == 0);
    CHECK(listing(d.path / "out") == "c_001.sgf c_002.sgf one_001.sgf ");
    CHECK(slurp(d.path / "out" / "c_002.sgf") == "(;FF[4]GM[1]\n;W[bb])\n");
    CHECK(listing(d.path / "in") == "c.sgf one.sgf ");
    // what --split cannot do is a usage error, before anything is written
    CHECK(run("fmt --split --in-place " + f).status == 2);
    CHECK(run("fmt --split -o " + one + " " + f).status == 2);  // -o must be a directory
    CHECK(run("fmt --split -", f).status == 2);                 // no name to make names of
    CHECK(run("fmt --split -o " + (d.path / "missing").string() + " " + f).status == 2);
    CHECK(listing(d.path / "in") == "c.sgf one.sgf ");
    // a thousand trees: four digits, so that the names sort in the trees' order
    std::string many;
    for (int k = 0; k < 1000; ++k) many += "(;GM[1]C[" + std::to_string(k) + "])";
    fs::create_directories(d.path / "many");
    CHECK(run("fmt --split -o " + (d.path / "many").string() + " " + d.file("m.sgf", many)).status == 0);
    CHECK(slurp(d.path / "many" / "m_0001.sgf") == "(;GM[1]C[0])\n");
    CHECK(slurp(d.path / "many" / "m_1000.sgf") == "(;GM[1]C[999])\n");
}

TEST_CASE("fmt --split keeps each file's charset or refuses") {
    temp_dir d;
    // a UTF-16 collection: each file UTF-16 with the byte order mark, and reads as its tree did
    std::string u16 = "\xff\xfe";
    for (char c : std::string("(;FF[4]C[a])(;FF[4]C[b])")) u16 += std::string{c, '\0'};
    const std::string f = d.file("u.sgf", u16);
    REQUIRE(run("fmt --split " + f).status == 0);
    const std::string second = slurp(d.path / "u_002.sgf");
    CHECK(second.substr(0, 2) == "\xff\xfe");
    const sgf::load_result r = sgf::load(sgf::file_bytes(second));
    CHECK(r.charset == "UTF-16LE");
    CHECK(sgf::write(r.trees) == "(;FF[4]C[b])\n");
    // a later tree without a CA of its own is read in the first tree's charset in the
    // collection, and would be read in another alone: refused, nothing written
    const std::string k = d.file("k.sgf", "(;FF[4]CA[KOI8-R]C[\xd0\xd2\xc9\xd7\xc5\xd4])(;FF[4]C[caf\xe9 cr\xe8me])");
    const auto refused = run_both("fmt --split " + k);
    CHECK(refused.status == 1);
    CHECK(refused.err.find("game tree 2 of 2: alone it would be read in ISO-8859-1, not in KOI8-R") != std::string::npos);
    CHECK(!fs::exists(d.path / "k_001.sgf"));
}

TEST_CASE("fmt --split writes all of an input or nothing when a write fails part way") {
    // RLIMIT_FSIZE (ulimit -f counts 1024-byte blocks): the first tree's file fits, the
    // second's does not; the first is removed again and the run says so (exit 2).
    temp_dir d;
    const std::string f = d.file("two.sgf", "(;FF[4]GM[1]C[small])(;FF[4]GM[1]C[" + std::string(200000, 'x') + "])");
    const auto r = sgf_test::run_shell("(ulimit -f 100; '" + std::string(SGF_SGFCHECK) + "' fmt --split " + f + ") 2>&1");
    CHECK(r.status == 2);
    CHECK(r.out.find("File too large") != std::string::npos);
    CHECK(r.out.find("nothing written for " + f + " (game tree 2 of 2 failed; the 1 file written before it removed)") != std::string::npos);
    CHECK(r.out.find("wrote ") == std::string::npos);  // said only once all are written
    CHECK(listing(d.path) == "two.sgf ");  // no file of it, no temporary file
    // without the limit: both
    CHECK(run("fmt --split " + f).status == 0);
    CHECK(listing(d.path) == "two.sgf two_001.sgf two_002.sgf ");
}
