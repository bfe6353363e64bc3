// docs/diagnostics.md is the one table of every code: it must list exactly the codes of
// sgf::all_codes(), each once with its level, and its profile table must say what
// level_of says.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sgf/check.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/properties.hpp"

namespace {

std::string doc_text() {
    std::ifstream in(std::filesystem::path(SGF_SOURCE_DIR) / "docs" / "diagnostics.md", std::ios::binary);
    REQUIRE(in);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The lines of the section that starts with `heading` (up to the next "## ").
std::vector<std::string> section(const std::string& text, const std::string& heading) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0) inside = line == heading;
        else if (inside) out.push_back(line);
    }
    return out;
}

// The cells of a Markdown table row ("| a | b |" -> {"a", "b"}); escaped '|' stay in a cell.
std::vector<std::string> cells(const std::string& row) {
    std::vector<std::string> out;
    std::string cur;
    for (std::size_t i = 1; i < row.size(); ++i) {
        if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
            cur += '|';
            ++i;
        } else if (row[i] == '|') {
            const auto b = cur.find_first_not_of(' ');
            const auto e = cur.find_last_not_of(' ');
            out.push_back(b == std::string::npos ? "" : cur.substr(b, e - b + 1));
            cur.clear();
        } else {
            cur += row[i];
        }
    }
    return out;
}

bool is_code(const std::string& s) {
    return s.size() == 4 && (s[0] == 'E' || s[0] == 'W' || s[0] == 'I') && isdigit(s[1]) && isdigit(s[2]) && isdigit(s[3]);
}

}  // namespace

TEST_CASE("docs/diagnostics.md lists exactly the codes of all_codes") {
    const std::string text = doc_text();
    std::map<std::string, std::string> documented;  // code -> level
    for (const auto& line : section(text, "## All codes")) {
        if (line.rfind("| ", 0) != 0) continue;
        const auto c = cells(line);
        if (c.size() < 7 || !is_code(c[0])) continue;
        CAPTURE(c[0]);
        CHECK_MESSAGE(documented.emplace(c[0], c[1]).second, "listed twice");
        CHECK_MESSAGE(!c[2].empty(), "no meaning");
        CHECK_MESSAGE(!c[3].empty(), "no spec source");
        CHECK_MESSAGE(!c[4].empty(), "no SGFC number");
        CHECK_MESSAGE(!c[6].empty(), "no example");
    }
    std::set<std::string> codes;
    for (const auto& c : sgf::all_codes()) {
        const std::string code(c.code);
        codes.insert(code);
        CAPTURE(code);
        REQUIRE_MESSAGE(documented.count(code) == 1, "code missing in docs/diagnostics.md");
        CHECK(documented[code] == std::string(sgf::to_string(c.default_level)));
    }
    for (const auto& entry : documented) {
        const std::string& code = entry.first;
        CAPTURE(code);
        CHECK_MESSAGE(codes.count(code) == 1, "documented but not a code");
    }
}

TEST_CASE("docs/diagnostics.md profile table says what level_of says") {
    const std::string text = doc_text();
    std::size_t rows = 0;
    for (const auto& line : section(text, "## Profile levels that differ from ff4")) {
        if (line.rfind("| ", 0) != 0) continue;
        const auto c = cells(line);
        if (c.size() < 5 || !is_code(c[0])) continue;
        ++rows;
        const sgf::rule_info* r = nullptr;
        for (const auto& x : sgf::all_rules())
            if (x.name == c[1]) r = &x;
        CAPTURE(c[1]);
        REQUIRE(r != nullptr);
        CHECK(std::string(sgf::code_of(r->id)) == c[0]);
        CHECK(std::string(sgf::to_string(sgf::level_of(r->id, sgf::profile::ff4))) == c[2]);
        CHECK(std::string(sgf::to_string(sgf::level_of(r->id, sgf::profile::current))) == c[3]);
        CHECK(std::string(sgf::to_string(sgf::level_of(r->id, sgf::profile::hex))) == c[4]);
    }
    CHECK(rows >= 10);
    // every rule whose level differs between profiles (and has a checker code) is in the table
    for (const auto& r : sgf::all_rules()) {
        const auto code = sgf::code_of(r.id);
        if (code.empty() || code[1] == '0') continue;
        const auto f = sgf::level_of(r.id, sgf::profile::ff4);
        if (f == sgf::level_of(r.id, sgf::profile::current) && f == sgf::level_of(r.id, sgf::profile::hex)) continue;
        const std::string row = "| " + std::string(code) + " | " + std::string(r.name) + " |";
        CAPTURE(row);
        CHECK(text.find(row) != std::string::npos);
    }
}
