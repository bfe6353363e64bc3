// The parser: strict acceptance, and for every kind of malformed input a diagnostic with
// a stable code and an exact position, plus the tree the recovering pass still reads.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "sgf/json.hpp"
#include "sgf/parse.hpp"

using namespace std::string_view_literals;

namespace {

struct found {
    std::string code;
    std::uint32_t line, column;
};

std::vector<found> codes_of(const sgf::parse_result& r) {
    std::vector<found> out;
    for (const auto& d : r.diagnostics) out.push_back({std::string(d.code), d.where.line, d.where.column});
    return out;
}

bool has(const sgf::parse_result& r, std::string_view code, std::uint32_t line, std::uint32_t column) {
    for (const auto& d : r.diagnostics)
        if (d.code == code && d.where.line == line && d.where.column == column) return true;
    return false;
}

std::string dump(std::string_view sgf) { return sgf::to_json(sgf::parse(sgf).trees); }

}  // namespace

TEST_CASE("strict FF[4] input gives no diagnostics") {
    for (std::string_view ok : {"(;)", "(;FF[4])", " ( ; B [aa] ) ", "(;B[aa]\n\t;W[bb])", "(;C[a\\]b])", "(;C[a\\\\])",
                                "(;A[1](;B[2])(;C[3]))", "(;A[1])(;B[2])", "\r\n(;A[])\r\n", "(;A[1][2] [3])"}) {
        CAPTURE(ok);
        const auto r = sgf::parse(ok);
        CHECK(r.diagnostics.empty());
        CHECK(r.ok());
        CHECK(r.trees.size() >= 1);
    }
}

TEST_CASE("values may hold any byte including NUL") {
    auto r = sgf::parse(std::string("(;C[a\0b\xff])", 10));
    REQUIRE(r.ok());
    const auto c = r.trees[0][0].find("C");
    REQUIRE(c);
    CHECK(c->front().raw() == std::string_view("a\0b\xff", 4));
}

TEST_CASE("empty file") {
    const auto r = sgf::parse(""sv);
    CHECK_FALSE(r.ok());
    CHECK(has(r, "E001", 1, 1));
    CHECK(r.trees.empty());
    CHECK(has(sgf::parse("  \n "sv), "E001", 2, 2));
}

TEST_CASE("unterminated value at end of file") {
    const auto r = sgf::parse("(;GM[1]\n;C[abc"sv);
    CHECK(has(r, "E008", 2, 3));
    CHECK(has(r, "E004", 2, 7));
    REQUIRE(r.trees.size() == 1);
    CHECK(r.trees[0].size() == 2);
    CHECK(r.trees[0][1].find("C")->front().raw() == "abc");
    // the E004 diagnostic points back to the '(' left open
    for (const auto& d : r.diagnostics)
        if (d.code == "E004") {
            REQUIRE(d.related);
            CHECK(d.related->line == 1);
            CHECK(d.related->column == 1);
        }
}

TEST_CASE("missing and extra closing parentheses") {
    auto r = sgf::parse("(;B[aa](;W[bb])"sv);
    CHECK(has(r, "E004", 1, 16));
    CHECK(r.trees.size() == 1);
    CHECK(r.trees[0].variations().size() == 1);
    r = sgf::parse("(;B[aa]))"sv);
    CHECK(codes_of(r).size() == 1);
    CHECK(has(r, "E005", 1, 9));
    CHECK(r.trees.size() == 1);
}

TEST_CASE("empty game tree is not FF[4]") {
    auto r = sgf::parse("(;B[aa]()(;W[bb]))"sv);
    CHECK(has(r, "E006", 1, 8));
    CHECK(r.trees[0].variations().size() == 1);
    r = sgf::parse("()"sv);  // where a game tree of the collection stands: E019
    CHECK(has(r, "E019", 1, 1));
    CHECK(has(r, "E001", 1, 3));
}

TEST_CASE("game tree without a leading node marker") {
    const auto r = sgf::parse("(B[aa];W[bb])"sv);
    CHECK(has(r, "E007", 1, 2));
    REQUIRE(r.trees.size() == 1);
    CHECK(r.trees[0].size() == 2);
    CHECK(dump("(B[aa];W[bb])") == R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["B",["aa"]]],[["W",["bb"]]]],"variations":[]}]})");
}

TEST_CASE("property without value and value without property") {
    auto r = sgf::parse("(;B;W[aa])"sv);
    CHECK(has(r, "E009", 1, 3));
    CHECK(r.trees[0].size() == 2);
    r = sgf::parse("(;[aa]W[bb])"sv);
    CHECK(has(r, "E010", 1, 3));
    CHECK(dump("(;[aa]W[bb])") == R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["W",["bb"]]]],"variations":[]}]})");
}

TEST_CASE("lowercase letters in an identifier") {
    const auto r = sgf::parse("(;FF[4]GaMe[1]CoPyright[x])"sv);
    CHECK(has(r, "E011", 1, 8));
    CHECK(has(r, "E011", 1, 15));
    REQUIRE(r.trees.size() == 1);
    CHECK(r.trees[0][0].find("GaMe"));  // kept as written: nothing is lost
    // FF[1]-FF[3] (and a root without FF: its default is 1) allowed them: a warning
    const auto old = sgf::parse("(;GaMe[1])(;FF[3]CoPyright[x])(;FF[4]GaMe[1])"sv);
    CHECK(has(old, "W011", 1, 3));
    CHECK(has(old, "W011", 1, 18));
    CHECK(has(old, "E011", 1, 38));
    const auto lenient = sgf::parse("(;FF[4]GaMe[1])"sv, {.lenient = true});
    CHECK(lenient.ok());
    REQUIRE(lenient.diagnostics.size() == 1);
    CHECK(lenient.diagnostics[0].level == sgf::severity::warning);
}

TEST_CASE("junk before the first and after the last game tree") {
    auto r = sgf::parse("Licence (c) 2004\n(;B[aa])\ntrailing"sv);
    CHECK(has(r, "E002", 1, 1));
    CHECK(has(r, "E003", 3, 1));
    CHECK(r.trees.size() == 1);
    r = sgf::parse("(;B[aa]);W[bb]"sv);
    CHECK(has(r, "E003", 1, 9));
}

TEST_CASE("junk between tokens") {
    const auto r = sgf::parse(std::string("(;B[aa]\0 1W[bb])", 16));
    CHECK(has(r, "E012", 1, 8));
    CHECK(r.trees[0][0].find("W"));
}

TEST_CASE("node after a variation becomes one more variation") {
    const auto r = sgf::parse("(;A[1](;B[2]);C[3])"sv);
    CHECK(has(r, "E013", 1, 14));
    REQUIRE(r.trees.size() == 1);
    CHECK(r.trees[0].variations().size() == 2);
    CHECK(r.trees[0].variations()[1][0].find("C"));
}

TEST_CASE("byte order mark") {
    const auto r = sgf::parse("\xEF\xBB\xBF(;B[aa])"sv);
    CHECK(r.ok());
    CHECK(has(r, "W015", 1, 1));
    CHECK(r.trees.size() == 1);
}

TEST_CASE("one pass reports every problem with its own code") {
    const auto r = sgf::parse("junk(;FF[4]GaMe[1]B;[x]W[aa](;W[bb]));C[x])(;C[open"sv);
    std::vector<std::string> codes;
    for (const auto& f : codes_of(r)) codes.push_back(f.code);
    for (std::string_view c : {"E002", "E011", "E009", "E010", "E003", "E008", "E004"}) {
        CAPTURE(c);
        CHECK(std::find(codes.begin(), codes.end(), c) != codes.end());
    }
    CHECK(r.trees.size() == 2);
    for (const auto& d : r.diagnostics) CHECK_FALSE(d.hint.empty());  // says how it recovered
}

TEST_CASE("positions count LF CR CRLF and LFCR as one line break each") {
    const auto r = sgf::parse("(;A[1]\n;B[2]\r;C[3]\r\n;D[4]\n\r;E[5]\n\n;F[6] #)"sv);
    REQUIRE(r.trees.size() == 1);
    const auto& t = r.trees[0];
    for (std::size_t i = 0; i < 6; ++i) {
        CAPTURE(i);
        CHECK(t[i].pos().line == (i == 5 ? 7 : i + 1));
    }
    CHECK(has(r, "E012", 7, 7));
    CHECK(t[3].pos().column == 1);
    CHECK(t[3].pos().byte == 20);
}

TEST_CASE("positions of random texts are those of a byte by byte count") {
    // position_in finds line breaks 8 bytes at a time (source.cpp line_starts): every offset
    // of texts of letters, LF and CR (runs that straddle the 8-byte words), against a count.
    std::uint32_t seed = 12345;
    const auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
    for (int round = 0; round < 400; ++round) {
        std::string text(next() % 70, 'a');
        for (char& c : text) {
            const std::uint32_t k = next() % 16;
            c = k == 0 ? '\n' : k == 1 ? '\r' : k == 2 ? '\0' : static_cast<char>('a' + k);
        }
        std::uint32_t line = 1, column = 1;
        for (std::size_t at = 0; at <= text.size(); ++at) {
            CAPTURE(text);
            CAPTURE(at);
            const sgf::position p = sgf::position_in(text, at);
            CHECK(p.line == line);
            CHECK(p.column == column);
            if (at == text.size()) break;
            const char c = text[at];
            const bool pair = (c == '\n' || c == '\r') && at + 1 < text.size() &&
                              (text[at + 1] == '\n' || text[at + 1] == '\r') && text[at + 1] != c;
            if (c != '\n' && c != '\r') {
                ++column;
            } else if (pair) {  // CRLF or LFCR: the second byte is still on the line it ends
                const sgf::position second = sgf::position_in(text, at + 1);
                CHECK(second.line == line);
                ++at;
                ++line;
                column = 1;
            } else {
                ++line;
                column = 1;
            }
        }
    }
}

TEST_CASE("a 100 MB value") {
    std::string big = "(;C[";
    big.append(100u << 20, 'x');
    std::string open = big;
    big += "])";
    const auto r = sgf::parse(std::move(big));
    REQUIRE(r.ok());
    CHECK(r.trees[0][0].find("C")->front().raw().size() == (100u << 20));
    const auto u = sgf::parse(std::move(open));
    CHECK_FALSE(u.ok());
    CHECK(has(u, "E008", 1, 4));
}

TEST_CASE("a million nested and a million sibling variations") {
    constexpr std::size_t n = 1000000;
    std::string deep, wide = "(;FF[4]";
    deep.reserve(8 * n);
    for (std::size_t i = 0; i < n; ++i) deep += "(;B[aa]";
    deep.append(n, ')');
    for (std::size_t i = 0; i < n; ++i) wide += "(;B[aa])";
    wide += ')';
    {
        const auto r = sgf::parse(deep);
        REQUIRE(r.ok());
        CHECK(r.trees[0].node_count() == n);
    }
    {
        const auto r = sgf::parse(wide);
        REQUIRE(r.ok());
        CHECK(r.trees[0].variations().size() == n);
    }
    {  // and unclosed: recovery is iterative too
        deep.resize(7 * n);
        const auto r = sgf::parse(deep);
        CHECK(has(r, "E004", 1, static_cast<std::uint32_t>(7 * n + 1)));
        CHECK(r.trees[0].node_count() == n);
    }
}

TEST_CASE("every finding of the parser has the code of its rule at its level") {
    const auto r = sgf::parse("junk(;FF[4]aB[]b[]C[x)(;FF[3]aB[])("sv);
    REQUIRE_FALSE(r.diagnostics.empty());
    for (const auto& d : r.diagnostics) {
        CAPTURE(d.code);
        CHECK(d.id != sgf::rule::none);
        CHECK(d.code == sgf::code_of(d.id, d.level));
        CHECK(sgf::info(d.id).stage == sgf::rule_stage::parser);
        CHECK(d.count >= 1);
    }
}

TEST_CASE("at most 1000 findings of one rule are listed then one says how many more") {
    std::string text = "(;FF[4]C[x])";
    for (int i = 0; i < 2500; ++i) text += ')';
    text += "(;FF[3]";
    for (int i = 0; i < 1200; ++i) text += ";aB[]";
    text += ")(;FF[4]";
    for (int i = 0; i < 5; ++i) text += ";aB[]";
    text += ')';
    const auto r = sgf::parse(text);
    std::map<std::string, int> count;
    std::map<std::string, std::uint64_t> stands_for;
    for (const auto& d : r.diagnostics) {
        ++count[std::string(d.code)];
        stands_for[std::string(d.code)] += d.count;
    }
    CHECK(count["E005"] == 1001);
    CHECK(stands_for["E005"] == 2500);
    // one identifier: grouped, the first occurrence per level stands for all of them
    CHECK(count["W011"] == 1);  // the FF[3] tree
    CHECK(stands_for["W011"] == 1200);
    CHECK(count["E011"] == 1);  // the FF[4] tree
    CHECK(stands_for["E011"] == 5);
    const auto more = std::find_if(r.diagnostics.begin(), r.diagnostics.end(), [](const sgf::diagnostic& d) {
        return d.code == "E005" && d.message.find("1500 more") != std::string::npos;
    });
    REQUIRE(more != r.diagnostics.end());
    CHECK(more->count == 1500);
    CHECK(more->where.column == 13 + 1000);  // the first ')' not listed
    CHECK(r.trees.size() == 3);
    CHECK(sgf::count_findings(r.diagnostics, sgf::severity::error) == 2500 + 5);
}

TEST_CASE("distinct lowercase identifiers are listed up to the cap per rule") {
    std::string text = "(;FF[3]";
    for (int i = 0; i < 1200; ++i) {  // appended piece by piece: "a" + std::string trips GCC 12's -Wrestrict (bug 105329)
        text += 'a';
        text += static_cast<char>('A' + i % 26);
        text += static_cast<char>('A' + i / 26 % 26);
        text += static_cast<char>('A' + i / 676);
        text += "[]";
    }
    text += ')';
    const auto r = sgf::parse(text);
    std::uint64_t listed = 0, total = 0;
    for (const auto& d : r.diagnostics) {
        REQUIRE(d.code == "W011");
        ++listed;
        total += d.count;
    }
    CHECK(listed == 1001);  // 1000 and the summary
    CHECK(total == 1200);
}
