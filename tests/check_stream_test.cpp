// The streaming checker (src/check/stream.hpp) against check_file on the same bytes: the same
// findings (every field) and, for a text report, the same quoted excerpt of each, on every
// corpus file and on collections made to cross the window's edges (tiny pieces read at a
// time), and the files it hands back to the whole-file path.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check/stream.hpp"
#include "check/window.hpp"
#include "cli/cli.hpp"
#include "fuzz/tree_reader_reference.hpp"
#include "sgf/check_file.hpp"
#include "shared_dir.hpp"
#include "test_util.hpp"

namespace {

struct outcome {
    bool streamed = false;
    std::vector<std::string> lines;  // per finding: its fields, then its text report
};

std::string fields(const sgf::diagnostic& d) {
    std::ostringstream os;
    os << d.code << ' ' << d.where.byte << ':' << d.where.line << ':' << d.where.column << ' ' << d.message << " | "
       << d.hint << " | " << d.count;
    if (d.related) os << " related " << d.related->byte << ':' << d.related->line << ':' << d.related->column;
    return os.str();
}

std::string report(const sgf::diagnostic& d, std::string_view bytes) {
    std::ostringstream os;
    sgf::cli::print_diagnostic(os, d, "f.sgf", bytes, sgf::cli::output_format::text);
    return os.str();
}

outcome streamed(const std::string& path, std::size_t piece, const sgf::load_options& lo = {},
                 const sgf::check_options& co = {}, unsigned threads = 1) {
    outcome o;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(fd >= 0);
    struct stat st {};
    REQUIRE(::fstat(fd, &st) == 0);
    sgf::detail::stream_options so;
    so.excerpts = true;
    so.piece = piece;
    so.threads = threads;
    const auto r = sgf::detail::check_streamed(fd, path, static_cast<std::uint64_t>(st.st_size), lo, co, so);
    ::close(fd);
    if (!r) return o;
    o.streamed = true;
    REQUIRE(r->excerpts.size() == r->diagnostics.size());
    for (std::size_t k = 0; k < r->diagnostics.size(); ++k) {
        sgf::diagnostic at = r->diagnostics[k];
        if (at.where.known()) at.where.byte = r->excerpts[k].at;
        o.lines.push_back(fields(r->diagnostics[k]) + "\n" + report(at, r->excerpts[k].bytes));
    }
    return o;
}

std::vector<std::string> whole(const std::string& path, const sgf::load_options& lo = {}, const sgf::check_options& co = {}) {
    const std::string bytes = sgf::read_file(path);
    const sgf::file_check fc = sgf::check_file(sgf::file_bytes(bytes), lo, co);
    std::vector<std::string> lines;
    for (const auto& d : fc.diagnostics) lines.push_back(fields(d) + "\n" + report(d, bytes));
    return lines;
}

// Streams `path` with each piece size; true when it was streamed (and gave check_file's
// findings), false when it was handed back.
bool same_as_whole(const std::string& path, std::initializer_list<std::size_t> pieces, const sgf::load_options& lo = {},
                   const sgf::check_options& co = {}, unsigned threads = 1) {
    const std::vector<std::string> expected = whole(path, lo, co);
    bool any = false;
    for (const std::size_t piece : pieces) {
        const outcome o = streamed(path, piece, lo, co, threads);
        if (!o.streamed) continue;
        any = true;
        INFO(path, " read ", piece, " bytes at a time on ", threads, " threads");
        REQUIRE(o.lines.size() == expected.size());
        for (std::size_t k = 0; k < expected.size(); ++k) CHECK(o.lines[k] == expected[k]);
    }
    return any;
}

std::string temp_file(const std::string& bytes) {
    char name[] = "/tmp/sgf_stream_XXXXXX";
    const int fd = ::mkstemp(name);
    REQUIRE(fd >= 0);
    REQUIRE(::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
    ::close(fd);
    return name;
}

// Every game tree of `bytes` read by parse_game_tree and by grammar::game_tree
// (fuzz/tree_reader_reference.hpp): the same verdicts, ends and events. Returns how many
// game trees were compared.
std::size_t compare_tree_readers(const std::string& bytes) {
    std::size_t trees = 0;
    const std::string differ = sgf_reference::compare_tree_readers(bytes, trees);
    INFO(differ);
    REQUIRE(differ.empty());
    return trees;
}

}  // namespace

TEST_CASE("parse_game_tree reads what grammar game_tree reads") {
    SGF_NEEDS_SHARED("corpus");
    std::size_t trees = 0, files = 0;
    std::uint64_t seed = 23;
    const auto next = [&seed] {  // a fixed sequence: the same cases every run
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        return seed >> 33;
    };
    for (const char* folder : {"games", "legacy", "problems", "joseki", "broken", "encodings", "othergames"}) {
        for (const auto& f : sgf_test::files_under(sgf_test::shared_dir() / "corpus" / folder)) {
            const std::string bytes = sgf::read_file(f);
            INFO(f.string());
            trees += compare_tree_readers(bytes);
            // and each file cut and changed at a few places: what the grammar rejects too
            if (++files % 4 != 0 || bytes.empty()) continue;
            for (int k = 0; k < 4; ++k) {
                std::string changed = bytes;
                const std::size_t at = next() % changed.size();
                static constexpr char tokens[] = "()[];\\] \nAa";
                switch (next() % 3) {
                    case 0: changed.erase(at, 1); break;
                    case 1: changed.insert(at, 1, tokens[next() % (sizeof tokens - 1)]); break;
                    default: changed.resize(at); break;
                }
                trees += compare_tree_readers(changed);
            }
        }
    }
    for (const std::string& s : {std::string("(;B[aa]") + std::string(20000, '(') , std::string("((;B[aa]))"),
                                 std::string("(;B[aa];)"), std::string("(;B[aa](;W[bb]);W[cc])"), std::string("(;\v\fB [aa]\t[bb])"),
                                 std::string("( ;)"), std::string("(;B[aa]C[x\\]\\])"), std::string("(;b[aa])"), std::string("(;B[aa]b[aa])")})
        trees += compare_tree_readers(s);
    MESSAGE(trees, " game trees read alike");
}

TEST_CASE("streamed check of every corpus file is check_file's") {
    SGF_NEEDS_SHARED("corpus");
    std::size_t files = 0, streamed_files = 0;
    for (const char* folder : {"games", "legacy", "problems", "joseki", "broken", "encodings", "othergames"}) {
        for (const auto& f : sgf_test::corpus_sample(sgf_test::files_under(sgf_test::shared_dir() / "corpus" / folder))) {
            ++files;
            // every file with the default piece; every 16th also 61 bytes at a time
            const bool small = files % 16 == 0;
            streamed_files += same_as_whole(f.string(), small ? std::initializer_list<std::size_t>{1 << 20, 61}
                                                               : std::initializer_list<std::size_t>{1 << 20});
        }
    }
    MESSAGE(streamed_files, " of ", files, " corpus files streamed, the others handed to the whole-file path");
    CHECK(streamed_files > files / 2);
}

TEST_CASE("streamed check of corpus collections on worker threads is check_file's") {
    SGF_NEEDS_SHARED("corpus");
    // each folder as one collection (its files concatenated), checked on 1, 2 and 3 threads
    for (const char* folder : {"games", "legacy", "problems", "othergames"}) {
        std::string all;
        std::size_t k = 0;
        for (const auto& f : sgf_test::files_under(sgf_test::shared_dir() / "corpus" / folder))
            if (k++ % 3 == 0) all += sgf::read_file(f) + "\n";  // a third of each folder: the test stays quick
        const std::string path = temp_file(all);
        INFO(folder);
        for (const unsigned threads : {1u, 2u, 3u}) {
            const bool streamed_here = same_as_whole(path, {1 << 16}, {}, {}, threads);
            if (std::string_view(folder) == "games") CHECK(streamed_here);  // strict FF[4]: streamed
        }
        std::remove(path.c_str());
    }
}

TEST_CASE("streamed check across window edges is check_file's") {
    const std::vector<std::string> cases = {
        // several game trees: mixed FF, GM, CA named against the first (gone from the window)
        "(;FF[4]CA[UTF-8]GM[1]SZ[19];B[aa];W[bb])\r\n(;FF[3]GM[2]CA[ISO-8859-1]C[x]\n;B[cc])\n(;GM[1];B[aa]\r;W[aa])  \n",
        // a UTF-8 byte order mark, a CA it contradicts
        "\xEF\xBB\xBF(;FF[4]CA[ISO-8859-1]GM[1];B[aa])\n(;CA[UTF8]C[\xC3\xA9])",
        // a legacy CA over text that is valid UTF-8 (said at the first CA, known at the end)
        "(;FF[4]CA[ISO-8859-1]GM[1]C[caf\xC3\xA9])\n(;FF[4]GM[1]C[more \xC3\xA9])\n",
        // ... and over text that is not
        "(;FF[4]CA[ISO-8859-1]GM[1]C[caf\xC3\xA9])\n(;FF[4]GM[1]C[more \xE9])\n",
        // invalid UTF-8 under CA[UTF-8], a sequence cut at a value's end
        "(;FF[4]CA[UTF-8]GM[1]C[a\xFF\xFE b\xC3])\n\n(;FF[4]CA[utf-8]GM[1]C[\xE2\x82])",
        // CRLF and LFCR line breaks, findings on every line
        "(;FF[4]\r\nGM[1]\n\rSZ[9]\r\nB[zz]\r\n;W[jj]\r\n;B[aa];B[aa]\r\n(;W[bb])(;W[cc]\n;XX[1]))\r\n",
        // a main line written as nested variations, variations that are not last
        "(;FF[4]GM[1]SZ[9](;B[aa](;W[bb](;B[cc](;W[aa])(;W[dd]))))(;B[ee]PB[x];W[aa]))",
        // an unknown property on every node (grouped), a long identifier
        "(;FF[4]GM[1];ZZ[1];ZZ[2]LONG[x];ZZ[3])(;FF[4]GM[1];ZZ[4])",
        // NUL bytes inside values of a later game tree (W020), read after the window moved on
        std::string("(;FF[4]GM[1]SZ[9];B[aa];W[bb])\n(;FF[4]GM[1]C[a\0b];B[bb]C[\0])\n", 61),
    };
    for (const std::string& c : cases) {
        const std::string path = temp_file(c);
        INFO(c);
        CHECK(same_as_whole(path, {1, 2, 3, 7, 61, 1 << 20}));
        CHECK(same_as_whole(path, {1, 7, 1 << 20}, {}, {}, 3));  // game trees checked on worker threads
        std::remove(path.c_str());
    }
}

TEST_CASE("streamed check of many batches of game trees on worker threads is check_file's") {
    // More than one batch (1,024 game trees): the workers check a batch while the next one is
    // parsed, and the window is cut between batches. Findings in every tree, bytes that are
    // no UTF-8, a legacy CA in a later tree, trees of every size.
    const std::vector<std::string> kinds = {
        "(;FF[4]GM[1]SZ[9];B[aa];W[aa])", "(;FF[4]C[caf\xC3\xA9 \xFF])\n", "(;GM[1]FF[3]AB[aa][aa];B[bb]TE[1]BM[1])",
        "(;FF[4]CA[ISO-8859-1]C[\xE9];B[cc]C[x]C[y])", "  \n(;FF[4]KM[x](;B[aa])(;W[bb];B[zz]))"};
    std::string all = "(;FF[4]CA[UTF-8]GM[1])";
    for (std::size_t i = 0; i < 3500; ++i) {
        all += kinds[i % kinds.size()];
        if (i % 97 == 0) all += "(;FF[4]PB[" + std::string(i, 'y') + "])";  // some long ones
    }
    const std::string path = temp_file(all);
    for (const unsigned threads : {2u, 3u}) CHECK(same_as_whole(path, {1 << 12, 1 << 20}, {}, {}, threads));  // streamed
    std::remove(path.c_str());
}

TEST_CASE("streamed check on worker threads hands back what needs the whole file in a late batch") {
    // 3,000 game trees (several batches, checked and reported while the next is parsed) and
    // then what needs the whole file: found by the parse of a later batch (bytes that are no
    // strict FF[4]) or by the report of one (no CA, and a byte that is no ASCII: the charset
    // is guessed from all bytes). The threads stop and the batches in flight are dropped.
    std::string plain, after;
    for (std::size_t i = 0; i < 3000; ++i) plain += "(;FF[4]GM[1]SZ[9]C[tree " + std::to_string(i) + "];B[aa];W[aa])\n";
    for (std::size_t i = 0; i < 100; ++i) after += "(;FF[4]GM[1]SZ[9];B[bb];W[bb])\n";
    for (const std::string& tail : {std::string("(;FF[3]GaMe[1];B[aa])"), std::string("(;FF[4]C[caf\xC3\xA9])"),
                                    std::string("(;FF[4]GM[1]) junk")}) {
        const std::string path = temp_file(plain + tail + after);
        INFO(tail);
        for (const unsigned threads : {2u, 3u})
            for (const std::size_t piece : {std::size_t{1} << 12, std::size_t{1} << 20})
                CHECK_FALSE(streamed(path, piece, {}, {}, threads).streamed);
        std::remove(path.c_str());
    }
    // (without the tail, the same trees stream)
    const std::string path = temp_file(plain + after);
    CHECK(same_as_whole(path, {1 << 12}, {}, {}, 2));
    std::remove(path.c_str());
}

TEST_CASE("streamed check lists 1000 findings of a kind then one N more across game trees") {
    std::string c;
    for (int i = 0; i < 700; ++i) c += "(;FF[4]GM[1]SZ[9];B[aa];B[aa];B[aa])\n";
    const std::string path = temp_file(c);
    CHECK(same_as_whole(path, {97, 1 << 20}));
    CHECK(same_as_whole(path, {97, 1 << 20}, {}, {}, 2));
    CHECK(same_as_whole(path, {97}, {true, ""}, {sgf::profile::current, true}));
    std::remove(path.c_str());
}

TEST_CASE("streamed check hands back what needs the whole file") {
    const std::vector<std::string> cases = {
        "(;FF[4]GM[1]C[caf\xC3\xA9])",           // no CA, not ASCII: the charset is guessed from all bytes
        "(;FF[3]GaMe[1];B[aa])",                 // lowercase letters: not strict FF[4]
        "(;FF[4]GM[1];B[aa]) junk",              // text after the game tree
        "(;FF[4]CA[Shift_JIS]GM[1]C[x])",        // a charset the grammar cannot scan
        std::string("\xFF\xFE(\0;\0)\0", 8),    // UTF-16
        "",                                      // no game tree
    };
    for (const std::string& c : cases) {
        const std::string path = temp_file(c);
        INFO(c);
        CHECK_FALSE(streamed(path, 5).streamed);
        CHECK_FALSE(streamed(path, 1 << 20).streamed);
        std::remove(path.c_str());
    }
    // the same findings through check_file either way
    const std::string path = temp_file("(;FF[4]GM[1]C[plain])");
    CHECK_FALSE(streamed(path, 5, {false, "UTF-8"}).streamed);  // --charset: the whole-file path
    std::remove(path.c_str());
}

TEST_CASE("the window reads no more than the file holds") {
    // A piece of 1 MiB on a file of a few bytes: the window holds the file, not a piece (a
    // piece zero-filled for every small file was 83% of checking a folder of game records).
    const std::string text = "(;FF[4]GM[1]SZ[9];B[aa])";
    const std::string path = temp_file(text);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(fd >= 0);
    sgf::detail::file_pieces in(fd, path, text.size());
    sgf::detail::window w(in, 1 << 20);
    CHECK(w.read(4));
    CHECK(w.size() == text.size());
    CHECK(std::string_view(w.data(), w.size()) == text);
    CHECK(w.src().bytes.capacity() < 4096);
    CHECK_FALSE(w.more());
    CHECK_FALSE(w.read(0));  // the end: nothing read, nothing grown
    CHECK(w.src().bytes.capacity() < 4096);
    ::close(fd);
    std::remove(path.c_str());
}
