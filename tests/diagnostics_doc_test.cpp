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

// The row of docs/diagnostics.md's "All rules" table that rule r must have: everything
// but the last column (an example) comes from the rule row itself.
std::string level_word(sgf::rule_level l) { return std::string(sgf::to_string(l)); }

std::string ff_text(sgf::ff_mask m) {
    std::string s;
    for (int v = 1; v <= 4; ++v) s += (m & sgf::ff_bit(v)) ? static_cast<char>('0' + v) : '-';
    return s;
}

std::string escape_cell(std::string_view t) {
    std::string out;
    for (const char c : t) {
        if (c == '|') out += "\\|";
        else out += c;
    }
    return out;
}

std::string expected_row(const sgf::rule_row& r) {
    const std::string number = std::to_string(1000 + r.number).substr(1);
    const auto lv = [&](sgf::profile p) { return level_word(r.level[static_cast<std::size_t>(p)]); };
    // an anchor per letter the code can print: links (SARIF helpUri, the conformance page)
    // name the printed code in lower case, "#w202"
    const std::string anchors = "<a id=\"e" + number + "\"></a><a id=\"w" + number + "\"></a><a id=\"i" + number + "\"></a>";
    return "| " + number + " | " + anchors + std::string(sgf::code_of(r.id)) + " | " + std::string(r.name) + " | " +
           lv(sgf::profile::ff4) + " | " + lv(sgf::profile::current) + " | " + lv(sgf::profile::hex) + " | " +
           ff_text(r.ff) + " | " + (r.ff == sgf::every_ff ? "-" : level_word(r.outside)) + " | " +
           escape_cell(r.title) + " | " + escape_cell(r.source) + ": " + escape_cell(r.sentence) + " | " +
           std::string(r.sgfc) + " |";
}

}  // namespace

TEST_CASE("docs/diagnostics.md lists every rule row as the table says") {
    const std::string text = doc_text();
    std::map<std::string, std::string> documented;  // number -> row without its example cell
    for (const auto& line : section(text, "## All rules")) {
        if (line.rfind("| ", 0) != 0) continue;
        const auto c = cells(line);
        if (c.size() != 12 || c[0].size() != 3 || !isdigit(static_cast<unsigned char>(c[0][0]))) continue;
        CAPTURE(c[0]);
        CHECK_MESSAGE(!c[11].empty(), "no example");
        const std::string without_example = line.substr(0, line.rfind('|', line.size() - 2) + 1);
        CHECK_MESSAGE(documented.emplace(c[0], without_example).second, "listed twice");
    }
    std::string expected;
    bool all_right = true;
    for (const auto& r : sgf::all_rules()) {
        const std::string row = expected_row(r);
        expected += row + " EXAMPLE |\n";
        const std::string number = row.substr(2, 3);
        CAPTURE(row);
        const auto it = documented.find(number);
        all_right &= it != documented.end() && it->second == row;
        CHECK_MESSAGE(it != documented.end(), "rule missing in docs/diagnostics.md");
        if (it == documented.end()) continue;
        CHECK(it->second == row);
        documented.erase(it);
    }
    for (const auto& entry : documented) {
        const std::string extra = "documented but not a rule: " + entry.second;
        CHECK_MESSAGE(false, extra);
    }
    if (!all_right) MESSAGE("the rows the table says (the last cell is an example case):\n", expected);
}

TEST_CASE("docs/diagnostics.md lists every old code spelling with its rule") {
    const std::string text = doc_text();
    std::size_t rows = 0;
    for (const auto& a : sgf::all_code_aliases()) {
        const std::string row = "| " + std::string(a.old_code) + " | " + std::to_string(1000 + sgf::info(a.now).number).substr(1) +
                                " | " + std::string(sgf::info(a.now).name) + " | " + (a.shadowed ? "yes" : "no") + " |";
        CAPTURE(row);
        CHECK(text.find(row) != std::string::npos);
        ++rows;
    }
    CHECK(rows >= 20);
}
