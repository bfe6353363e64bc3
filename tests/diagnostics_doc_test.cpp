// docs/diagnostics.md is the one table of every code: it must list exactly the codes of
// sgf::all_rules(), each once as its row says, with an example conformance case that
// triggers it. The table is written from the rows, not by hand: with SGF_UPDATE_DOCS=1,
//   SGF_UPDATE_DOCS=1 build/tests/sgf_tests -tc='docs/diagnostics.md*'
// rewrites its rows (an example that still triggers its code is kept; a new rule gets the
// case that expects the fewest findings besides it), and the test then passes.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
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
#include "tools/conformance/corpus.hpp"

namespace {

namespace conf = sgf::conformance;

std::filesystem::path doc_path() { return std::filesystem::path(SGF_SOURCE_DIR) / "docs" / "diagnostics.md"; }

std::string doc_text() {
    std::ifstream in(doc_path(), std::ios::binary);
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

// Case name -> the code numbers its .expect names (cases that are pending or a known bug
// prove nothing and are left out).
std::map<std::string, std::vector<std::string>> expected_numbers() {
    std::map<std::string, std::vector<std::string>> out;
    for (const auto& c : conf::list_cases(std::filesystem::path(SGF_SOURCE_DIR) / "conformance" / "cases")) {
        if (c.area.empty()) continue;
        const conf::expectation e = conf::read_expectation(c);
        if (e.pending || e.known_bug) continue;
        auto& numbers = out[c.name];
        for (const auto& d : e.diagnostics) numbers.push_back(d.code.substr(1));
        for (const auto& d : e.fix) numbers.push_back(d.code.substr(1));  // the 3xx rows: said by fix only
    }
    return out;
}

bool triggers(const std::map<std::string, std::vector<std::string>>& cases, const std::string& name, const std::string& number) {
    const auto it = cases.find(name);
    return it != cases.end() && std::find(it->second.begin(), it->second.end(), number) != it->second.end();
}

// The case a documented example cell ("`name`") names, or "".
std::string case_of(const std::string& cell) {
    const bool one_name = cell.size() > 2 && cell.front() == '`' && cell.back() == '`' &&
                          cell.find('`', 1) == cell.size() - 1;
    return one_name ? cell.substr(1, cell.size() - 2) : std::string();
}

// The example cell of a rule: the documented one while its case triggers the rule, else the
// case that expects the fewest findings besides it (then the first by name). A rule no case
// can trigger (one that needs an option: charset_option) keeps the documented cell, which
// names the unit test that triggers it; "" when there is none.
std::string example_for(const std::map<std::string, std::vector<std::string>>& cases, const std::string& number,
                        const std::string& documented) {
    if (triggers(cases, case_of(documented), number)) return documented;
    std::string best;
    std::size_t fewest = static_cast<std::size_t>(-1);
    for (const auto& [name, numbers] : cases)
        if (triggers(cases, name, number) && numbers.size() < fewest) {
            best = name;
            fewest = numbers.size();
        }
    if (!best.empty()) return "`" + best + "`";
    return documented.find("tests/") != std::string::npos ? documented : std::string();
}

// Writes docs/diagnostics.md with the rows of "All rules" replaced by `rows` (SGF_UPDATE_DOCS=1).
void write_rule_rows(const std::string& text, const std::string& rows) {
    const std::size_t section = text.find("\n## All rules\n");
    REQUIRE(section != std::string::npos);
    const std::size_t header = text.find("\n|---", section);
    REQUIRE(header != std::string::npos);
    const std::size_t first = text.find('\n', header + 1) + 1;  // the first row
    std::size_t end = first;
    while (end < text.size() && text.compare(end, 2, "| ") == 0) end = text.find('\n', end) + 1;
    std::ofstream out(doc_path(), std::ios::binary);
    out << text.substr(0, first) << rows << text.substr(end);
    REQUIRE(out);
}

}  // namespace

TEST_CASE("docs/diagnostics.md lists every rule row as the table says") {
    const std::string text = doc_text();
    const auto cases = expected_numbers();
    REQUIRE(cases.size() > 300);  // the conformance cases were found
    std::map<std::string, std::string> documented;  // number -> row without its example cell
    std::map<std::string, std::string> examples;    // number -> its example case
    for (const auto& line : section(text, "## All rules")) {
        if (line.rfind("| ", 0) != 0) continue;
        const auto c = cells(line);
        if (c.size() != 12 || c[0].size() != 3 || !isdigit(static_cast<unsigned char>(c[0][0]))) continue;
        CAPTURE(c[0]);
        const std::string without_example = line.substr(0, line.rfind('|', line.size() - 2) + 1);
        CHECK_MESSAGE(documented.emplace(c[0], without_example).second, "listed twice");
        examples[c[0]] = c[11];
    }
    std::string expected;  // the rows as the rule table and the conformance cases make them
    bool all_right = true;
    for (const auto& r : sgf::all_rules()) {
        const std::string row = expected_row(r);
        const std::string number = row.substr(2, 3);
        const std::string example = example_for(cases, number, examples[number]);
        expected += row + " " + example + " |\n";
        CAPTURE(row);
        CHECK_MESSAGE(!example.empty(), "no conformance case triggers this rule");
        const auto it = documented.find(number);
        const bool right = it != documented.end() && it->second == row && examples[number] == example;
        all_right &= right;
        CHECK_MESSAGE(it != documented.end(), "rule missing in docs/diagnostics.md");
        if (it == documented.end()) continue;
        CHECK(it->second == row);
        INFO("documented example: ", examples[number]);
        CHECK_MESSAGE(examples[number] == example, "the example does not trigger this code (or a case now does)");
        documented.erase(it);
    }
    for (const auto& entry : documented) {
        const std::string extra = "documented but not a rule: " + entry.second;
        CHECK_MESSAGE(false, extra);
        all_right = false;
    }
    if (all_right) return;
    if (const char* update = std::getenv("SGF_UPDATE_DOCS"); update && std::string(update) == "1") {
        write_rule_rows(text, expected);
        MESSAGE("docs/diagnostics.md: the rows of \"All rules\" rewritten from the rule table; run again to check");
    } else {
        MESSAGE("SGF_UPDATE_DOCS=1 build/tests/sgf_tests -tc='docs/diagnostics.md*' writes these rows:\n", expected);
    }
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
