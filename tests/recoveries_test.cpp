// The recovery rows (src/table/recoveries.hpp): every row is used by the parser and
// triggered by its example with its own words, and docs/diagnostics.md lists every row as
// the table says.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sgf/parse.hpp"
#include "table/recoveries.hpp"

namespace {

namespace fs = std::filesystem;
using sgf::detail::recovery_row;

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    REQUIRE(in);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Whether `text` is `pattern` with each {k} standing for any text.
bool matches(std::string_view pattern, std::string_view text) {
    std::vector<std::string_view> pieces;
    std::size_t from = 0;
    for (std::size_t i = 0; i + 2 < pattern.size(); ++i)
        if (pattern[i] == '{' && pattern[i + 2] == '}' && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
            pieces.push_back(pattern.substr(from, i - from));
            from = i + 3;
        }
    pieces.push_back(pattern.substr(from));
    if (pieces.size() == 1) return text == pattern;
    if (!text.starts_with(pieces.front()) || !text.ends_with(pieces.back())) return false;
    std::size_t at = pieces.front().size();
    const std::size_t end = text.size() - pieces.back().size();
    if (at > end) return false;
    for (std::size_t k = 1; k + 1 < pieces.size(); ++k) {
        const std::size_t found = text.substr(0, end).find(pieces[k], at);
        if (found == std::string_view::npos) return false;
        at = found + pieces[k].size();
    }
    return true;
}

// An example as docs/diagnostics.md shows it: bytes outside printable ASCII as \xHH, a line
// break as \n, '|' escaped for the table.
std::string shown(std::string_view s) {
    std::string out;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '\n') out += "\\n";
        else if (c == '|') out += "\\|";
        else if (c >= 0x20 && c < 0x7f) out += ch;
        else {
            static constexpr char hex[] = "0123456789ABCDEF";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string escaped(std::string_view s) {
    std::string out;
    for (const char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

// The row of docs/diagnostics.md's "Recoveries" table that row r must have.
std::string expected_doc_row(const recovery_row& r) {
    // piece by piece: "x" + std::string trips GCC 12's -Wrestrict (bug 105329)
    std::string example;
    if (!r.why.empty()) example.append("none: ").append(escaped(r.why));
    else if (r.example.empty()) example = "(an empty file)";
    else example.append("`").append(shown(r.example)).append("`");
    return "| " + std::string(r.name) + " | " + std::string(sgf::code_of(r.code)) + " | " + escaped(r.message) + " | " +
           (r.hint.empty() ? std::string("-") : escaped(r.hint)) + " | " + example + " |";
}

}  // namespace

TEST_CASE("recoveries: the fill of a pattern") {
    CHECK(sgf::detail::fill("skipped {2} bytes: '{1}'", {"ab", "2"}) == "skipped 2 bytes: 'ab'");
    CHECK(sgf::detail::fill("{1} and {3}", {"x"}) == "x and {3}");
    CHECK(sgf::detail::fill("no arguments {}", {"x"}) == "no arguments {}");
    // placeholders at either end, side by side, broken ones and braces around them
    CHECK(sgf::detail::fill("{1}", {"x"}) == "x");
    CHECK(sgf::detail::fill("{1}{2}", {"x", "y"}) == "xy");
    CHECK(sgf::detail::fill("{{1}}", {"x"}) == "{x}");
    CHECK(sgf::detail::fill("a {1", {"x"}) == "a {1");
    CHECK(sgf::detail::fill("a {0} {1} {", {"x"}) == "a {0} x {");
    CHECK(sgf::detail::fill("", {"x"}) == "");
    CHECK(sgf::detail::fill("{2} {1} {2}", {"{1}", "b"}) == "b {1} b");  // (an argument is not read as a pattern)
    CHECK(matches("text '{1}' of {2} bytes", "text 'a{b}' of 3 bytes"));
    CHECK_FALSE(matches("text '{1}' of {2} bytes", "text 'ab' of 3 words"));
}

TEST_CASE("recoveries: every row is named by the parser and triggered by its example with its own words") {
    const std::string parser = read_text(fs::path(SGF_SOURCE_DIR) / "src" / "parse" / "parse.cpp");
    std::set<std::string> names;
    for (const recovery_row& r : sgf::detail::all_recoveries()) {
        CAPTURE(r.name);
        CHECK_MESSAGE(names.insert(std::string(r.name)).second, "two rows of one name");
        CHECK_MESSAGE(parser.find("recovery::" + std::string(r.name)) != std::string::npos, "not used by src/parse/parse.cpp");
        CHECK_MESSAGE(!r.message.empty(), "no message");
        if (!r.why.empty()) {
            CHECK_MESSAGE(r.example.empty(), "a row with an example needs no reason for having none");
            continue;
        }
        const sgf::parse_result res = sgf::parse(std::string(r.example));
        const sgf::rule_row& rule = sgf::info(r.code);
        const std::string_view hint = r.hint.empty() ? rule.hint : r.hint;
        bool found = false;
        std::string got;
        for (const auto& d : res.diagnostics) {
            got += std::string(d.code) + ": " + d.message + " (" + d.hint + ")\n";
            found |= d.id == r.code && matches(r.message, d.message) && matches(hint, d.hint);
        }
        INFO("the example gave:\n", got);
        CHECK_MESSAGE(found, "the example does not give this row's finding");
    }
    CHECK(names.size() >= 20);
}

TEST_CASE("docs/diagnostics.md lists every recovery row as the table says") {
    const std::string doc = read_text(fs::path(SGF_SOURCE_DIR) / "docs" / "diagnostics.md");
    const auto from = doc.find("\n## Recoveries\n");
    REQUIRE(from != std::string::npos);
    const auto to = doc.find("\n## ", from + 1);
    const std::string section = doc.substr(from, to == std::string::npos ? std::string::npos : to - from);
    std::size_t rows = 0;
    std::string expected;
    for (const recovery_row& r : sgf::detail::all_recoveries()) {
        const std::string row = expected_doc_row(r);
        expected += row + "\n";
        CAPTURE(row);
        CHECK(section.find("\n" + row + "\n") != std::string::npos);
        ++rows;
    }
    // and nothing else: one table line per row, besides the header and its rule
    std::size_t lines = 0;
    std::istringstream in(section);
    for (std::string line; std::getline(in, line);) lines += line.starts_with("| ") && !line.starts_with("| recovery |");
    CHECK(lines == rows);
    if (lines != rows || section.find(expected) == std::string::npos) MESSAGE("the rows the table says:\n", expected);
}
