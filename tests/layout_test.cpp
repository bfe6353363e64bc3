// The layout README "Design" promises: the stages of src/ depend on each other one way only,
// a file over ~500 lines says at its top why it is one file, and no file of include/ (the
// installed headers) names a path of this machine.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#ifndef SGF_SOURCE_DIR
#error "SGF_SOURCE_DIR must be defined by the build"
#endif

namespace {

namespace fs = std::filesystem;

// The stages of the library, lowest first: a file may include the private headers of its own
// stage and of the stages before it, and the public headers those stages implement.
constexpr std::array<std::string_view, 9> stages = {"tree", "table", "input", "values", "board",
                                                    "parse", "check", "write", "fix"};

// The stage that implements each public header.
const std::map<std::string, std::string_view>& owner_of_public() {
    static const std::map<std::string, std::string_view> owners = {
        {"offset_map", "tree"}, {"position", "tree"},       {"tree", "tree"},
        {"value", "tree"},      {"detail/node_reader", "tree"}, {"detail/scan", "tree"},
        {"detail/lifetime", "tree"},
        {"properties", "table"}, {"diagnostic", "table"},   {"charset", "input"},
        {"read_file", "input"}, {"typed_value", "values"},
        {"context", "values"},  {"inherit", "values"},      {"parse", "parse"},
        {"input", "parse"},     {"check", "check"},         {"check_file", "check"},
        {"write", "write"},     {"json", "write"},          {"fix", "fix"},
    };
    return owners;
}

std::size_t rank(std::string_view stage) {
    return static_cast<std::size_t>(std::find(stages.begin(), stages.end(), stage) - stages.begin());
}

std::vector<std::string> lines_of(const fs::path& p) {
    std::ifstream in(p);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The stage a quoted include belongs to ("" for grammar/ and anything outside the library).
// Fails the test for a public header no stage owns (a new header needs its row above).
std::string_view stage_of_include(const std::string& path) {
    const auto slash = path.find('/');
    if (slash == std::string::npos) return {};
    const std::string folder = path.substr(0, slash);
    if (folder == "sgf") {
        const std::string header = path.substr(slash + 1, path.size() - slash - 1 - 4);  // without ".hpp"
        const auto it = owner_of_public().find(header);
        INFO("public header without a stage in tests/layout_test.cpp: " << path);
        REQUIRE(it != owner_of_public().end());
        return it->second;
    }
    if (rank(folder) < stages.size()) return stages[rank(folder)];
    return {};
}

}  // namespace

TEST_CASE("layout: the stages of src depend on each other one way") {
    const fs::path root(SGF_SOURCE_DIR);
    const std::regex include_line(R"re(^\s*#\s*include\s+"([^"]+\.hpp)")re");
    std::size_t checked = 0;
    auto check_file = [&](const fs::path& f, std::string_view stage) {
        for (const std::string& line : lines_of(f)) {
            std::smatch m;
            if (!std::regex_search(line, m, include_line)) continue;
            const std::string_view to = stage_of_include(m[1]);
            if (to.empty()) continue;
            INFO(fs::relative(f, root).string() << " (" << stage << ") includes " << m[1] << " (" << to << ")");
            CHECK(rank(to) <= rank(stage));
            ++checked;
        }
    };
    for (const std::string_view stage : stages)
        for (const auto& e : fs::directory_iterator(root / "src" / std::string(stage))) check_file(e.path(), stage);
    // The public headers follow the same order.
    for (const auto& e : fs::recursive_directory_iterator(root / "include" / "sgf")) {
        if (!e.is_regular_file()) continue;
        const std::string rel = fs::relative(e.path(), root / "include").generic_string();
        check_file(e.path(), stage_of_include(rel));
    }
    CHECK(checked > 150);  // the regular expression found the includes (190 when written)
}

TEST_CASE("layout: a file over 500 lines says why at its top") {
    const fs::path root(SGF_SOURCE_DIR);
    std::vector<std::string> long_files;
    for (const char* dir : {"src", "include", "grammar"})
        for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
            const std::string ext = e.path().extension().string();
            if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
            const std::vector<std::string> lines = lines_of(e.path());
            if (lines.size() <= 500) continue;
            long_files.push_back(fs::relative(e.path(), root).string());
            bool said = false;
            // The comment block after "#pragma once" (a header's first line) or at the top.
            for (std::size_t i = lines.size() > 0 && lines[0].starts_with("#pragma once") ? 1 : 0;
                 i < lines.size() && i < 40 && lines[i].starts_with("//"); ++i)
                said |= lines[i].find("Over 500 lines") != std::string::npos;
            INFO(long_files.back() << ": " << lines.size() << " lines and no \"Over 500 lines ...\" comment at its top");
            CHECK(said);
        }
    MESSAGE("files over 500 lines, each with its reason: " << long_files.size());
}

TEST_CASE("layout: no installed header names a path of this machine") {
    const fs::path root(SGF_SOURCE_DIR);
    const std::string parent = fs::absolute(root).parent_path().string() + "/";
    for (const auto& e : fs::recursive_directory_iterator(root / "include")) {
        if (!e.is_regular_file()) continue;
        std::ifstream in(e.path());
        std::stringstream text;
        text << in.rdbuf();
        INFO(e.path().string());
        CHECK(text.str().find("/work/") == std::string::npos);
        if (parent != "/") CHECK(text.str().find(parent) == std::string::npos);
    }
}
