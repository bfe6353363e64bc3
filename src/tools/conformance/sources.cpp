// Reading conformance/SOURCES.md: the spec sentence each case tests, for the matrix page.
#include <fstream>

#include "tools/conformance/conformance.hpp"

namespace sgf::tools::conformance {

namespace {

// The cells of a Markdown table row ("| a | b \| c |" -> {"a", "b | c"}), trimmed.
std::vector<std::string> cells(std::string_view line) {
    std::vector<std::string> out;
    std::string cur;
    for (std::size_t i = 1; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
            cur += '|';
            ++i;
        } else if (line[i] == '|') {
            const std::size_t b = cur.find_first_not_of(' ');
            const std::size_t e = cur.find_last_not_of(' ');
            out.push_back(b == std::string::npos ? std::string() : cur.substr(b, e - b + 1));
            cur.clear();
        } else {
            cur += line[i];
        }
    }
    return out;
}

}  // namespace

std::map<std::string, source_row> read_sources(const std::filesystem::path& sources_md) {
    std::map<std::string, source_row> out;
    std::ifstream in(sources_md, std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.starts_with("| `") && !line.starts_with("| <a id=")) continue;
        auto c = cells(line);
        if (c.size() < 3) continue;
        // the first cell may start with the case's anchor: <a id="NAME"></a>`NAME`
        if (c[0].starts_with("<a id=")) {
            const auto end = c[0].find("</a>");
            if (end == std::string::npos) continue;
            c[0].erase(0, end + 4);
        }
        if (c[0].size() < 3 || c[0].front() != '`' || c[0].back() != '`') continue;
        out[c[0].substr(1, c[0].size() - 2)] = {c[1], c[2], c.size() > 3 ? c[3] : std::string()};
    }
    return out;
}

}  // namespace sgf::tools::conformance
