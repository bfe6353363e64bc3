// The layout docs/design.md promises: the stages of src/ depend on each other one way only,
// the application layer (src/app) sits over the library and under the front ends (src/cli,
// python/, web/), no front end reaches into another's code, the library needs neither the
// application layer's toml++ nor anything above it, a file over ~500 lines says at its top
// why it is one file, and no file of include/ (the installed headers) names a path of this
// machine.
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

// The stages of the library, lowest first, then the application layer and the tools: a file
// may include the private headers of its own stage and of the stages before it, and the
// public headers those stages implement.
constexpr std::array<std::string_view, 11> stages = {"tree",  "table", "input", "values", "board", "parse",
                                                     "check", "write", "fix",   "app",    "tools"};
constexpr std::size_t library_stages = 9;  // tree .. fix: the library sgf

// The front ends over the application layer, each in its own folder: none includes (or, in
// its build files, compiles) another's code, and nothing below them includes theirs.
struct front_end {
    std::string_view name;
    std::string_view folder;  // from the source root
};
constexpr std::array<front_end, 3> front_ends = {{{"cli", "src/cli"}, {"python", "python"}, {"web", "web"}}};

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

// A stage's place in `stages`; a front end comes after all of them.
std::size_t rank(std::string_view stage) {
    return static_cast<std::size_t>(std::find(stages.begin(), stages.end(), stage) - stages.begin());
}

bool is_source(const fs::path& p) {
    const std::string ext = p.extension().string();
    return ext == ".cpp" || ext == ".hpp" || ext == ".h";
}

std::vector<std::string> lines_of(const fs::path& p) {
    std::ifstream in(p);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The front end a quoted include names ("cli/...", "python/...", "web/..."), or "".
std::string_view front_end_of_include(const std::string& path) {
    for (const front_end& f : front_ends)
        if (path.starts_with(std::string(f.name) + "/") || path.starts_with(std::string(f.folder) + "/")) return f.name;
    return {};
}

// The stage a quoted include belongs to ("" for grammar/ and anything outside the library;
// a front end ranks above every stage). Fails the test for a public header no stage owns (a
// new header needs its row above).
std::string_view stage_of_include(const std::string& path) {
    const auto slash = path.find('/');
    if (slash == std::string::npos) return {};
    const std::string folder = path.substr(0, slash);
    if (const std::string_view f = front_end_of_include(path); !f.empty()) return f;
    if (path.starts_with("sgf/app/")) return "app";
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
        for (const auto& e : fs::recursive_directory_iterator(root / "src" / std::string(stage)))
            if (e.is_regular_file()) check_file(e.path(), stage);
    // The public headers follow the same order.
    for (const auto& e : fs::recursive_directory_iterator(root / "include" / "sgf")) {
        if (!e.is_regular_file() || !is_source(e.path())) continue;
        const std::string rel = fs::relative(e.path(), root / "include").generic_string();
        check_file(e.path(), stage_of_include(rel));
    }
    CHECK(checked > 250);  // the regular expression found the includes (305 when app/ and tools/ joined)
}

TEST_CASE("layout: a front end reaches into no other front end") {
    const fs::path root(SGF_SOURCE_DIR);
    const std::regex include_line(R"re(^\s*#\s*include\s+"([^"]+)")re");
    std::size_t includes = 0, build_files = 0;
    for (const front_end& f : front_ends) {
        for (const auto& e : fs::recursive_directory_iterator(root / std::string(f.folder))) {
            if (!e.is_regular_file()) continue;
            const std::string rel = fs::relative(e.path(), root).generic_string();
            const std::string name = e.path().filename().string();
            if (is_source(e.path())) {
                for (const std::string& line : lines_of(e.path())) {
                    std::smatch m;
                    if (!std::regex_search(line, m, include_line)) continue;
                    const std::string_view to = front_end_of_include(m[1]);
                    INFO(rel << " (front end " << f.name << ") includes " << m[1]);
                    CHECK((to.empty() || to == f.name));
                    ++includes;
                }
            } else if (name == "CMakeLists.txt" || e.path().extension() == ".cmake" || e.path().extension() == ".sh") {
                // a build that compiles another front end's sources by hand (web/ once built
                // src/cli/selection.cpp) reaches into it as much as an include does
                const std::string text = [&] {
                    std::string t;
                    for (const std::string& line : lines_of(e.path())) t += line + "\n";
                    return t;
                }();
                for (const front_end& other : front_ends) {
                    if (other.name == f.name || other.name == "python") continue;  // (python/ is also a word)
                    INFO(rel << " (front end " << f.name << ") names " << other.folder << "/");
                    CHECK(text.find(std::string(other.folder) + "/") == std::string::npos);
                }
                ++build_files;
            }
        }
    }
    CHECK(includes > 80);     // (the includes of src/cli, python/src and web/: 150 when written)
    CHECK(build_files >= 3);  // python/CMakeLists.txt, web/CMakeLists.txt, web/tests.cmake ...
}

TEST_CASE("layout: the library needs neither toml++ nor what is built over it") {
    // The library sgf builds with PEGTL and Boost alone (CMakeLists.txt: SGF_BUILD_CLI=OFF);
    // toml++ is the application layer's, for sgfcheck.toml.
    const fs::path root(SGF_SOURCE_DIR);
    const std::regex any_include(R"re(^\s*#\s*include\s+[<"]([^>"]+)[>"])re");
    std::size_t seen = 0;
    auto check_dir = [&](const fs::path& dir, bool may_use_toml) {
        for (const auto& e : fs::recursive_directory_iterator(dir)) {
            if (!e.is_regular_file() || !is_source(e.path())) continue;
            const std::string rel = fs::relative(e.path(), root).generic_string();
            for (const std::string& line : lines_of(e.path())) {
                std::smatch m;
                if (!std::regex_search(line, m, any_include)) continue;
                ++seen;
                const std::string inc = m[1];
                INFO(rel << " includes " << inc);
                if (!may_use_toml) CHECK(inc.find("toml") == std::string::npos);
                if (rel.starts_with("include/")) CHECK_FALSE(inc.starts_with("tao/"));  // public headers: no PEGTL
            }
        }
    };
    for (std::size_t k = 0; k < library_stages; ++k) check_dir(root / "src" / std::string(stages[k]), false);
    check_dir(root / "grammar", false);
    check_dir(root / "include" / "sgf", false);  // the application layer's public headers too
    CHECK(seen > 500);
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

namespace {

// A function definition found by long_functions: where its head starts and its body ends.
struct function_span {
    std::size_t head = 0;  // the first line of its signature (0-based)
    std::size_t open = 0, close = 0;  // the lines of its body's '{' and '}'
    std::string name;
};

// The function bodies of a C++ file opened at namespace or class level (lambdas and blocks
// inside a function are the function's), found by following braces with string, character,
// raw-string literals and comments skipped. A '{' opens a function when the text since the
// last ';', '{' or '}' at its depth holds a '(' and is no namespace, class or initializer.
std::vector<function_span> function_spans(const std::vector<std::string>& lines) {
    std::string text;
    std::vector<std::size_t> line_of;  // line of each character of text
    for (std::size_t i = 0; i < lines.size(); ++i) {
        text += lines[i] + '\n';
        line_of.resize(text.size(), i);
    }
    enum class kind { container, function, other };
    std::vector<kind> stack;
    std::vector<function_span> out;
    std::size_t head_start = 0;  // where the current statement's text began
    std::string head;            // its significant characters (no comments or literals)
    std::size_t head_line = 0;
    bool head_empty = true;
    function_span current;
    auto inside_function = [&] { return std::find(stack.begin(), stack.end(), kind::function) != stack.end(); };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            i = text.find('\n', i);
            if (i == std::string::npos) break;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            i = text.find("*/", i + 2);
            if (i == std::string::npos) break;
            ++i;
            continue;
        }
        if (c == 'R' && i + 1 < text.size() && text[i + 1] == '"' && (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1])))) {
            const std::size_t paren = text.find('(', i + 2);
            if (paren == std::string::npos) break;
            std::string end(1, ')');  // ")delimiter\"" (built so: g++ 12 warns -Wrestrict on a + chain)
            end.append(text, i + 2, paren - i - 2);
            end += '"';
            i = text.find(end, paren);
            if (i == std::string::npos) break;
            i += end.size() - 1;
            head += "\"\"";
            continue;
        }
        if (c == '"' || (c == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(text[i - 1]))))) {
            std::size_t j = i + 1;
            while (j < text.size() && text[j] != c) j += text[j] == '\\' ? 2 : 1;
            i = j;
            head += "\"\"";
            continue;
        }
        if (c == '#' && (i == 0 || text[i - 1] == '\n')) {  // a preprocessor line (continued by '\')
            while (i < text.size() && !(text[i] == '\n' && text[i - 1] != '\\')) ++i;
            continue;
        }
        if (c == '{') {
            kind k = kind::other;
            if (!inside_function()) {
                static const std::regex container(R"((^|[^A-Za-z_0-9])(namespace|struct|class|union|enum)([^A-Za-z_0-9]|$)|^\s*extern)");
                static const std::regex function(R"(\)\s*(const|noexcept|override|final|mutable|\s)*(->[^;=]*)?$|\)\s*:[^;]*$)");
                if (std::regex_search(head, container) && head.find('(') == std::string::npos) k = kind::container;
                else if (head.find('(') != std::string::npos && std::regex_search(head, function) &&
                         head.find(" = ") == std::string::npos)
                    k = kind::function;
            }
            if (k == kind::function) {
                current = {head_line, line_of[i], 0, head.substr(0, head.find('('))};
                const std::size_t sp = current.name.find_last_of(" *&");
                if (sp != std::string::npos) current.name = current.name.substr(sp + 1);
            }
            stack.push_back(k);
            head.clear();
            head_empty = true;
            continue;
        }
        if (c == '}') {
            if (!stack.empty()) {
                const kind k = stack.back();
                stack.pop_back();
                if (k == kind::function && !inside_function()) {
                    current.close = line_of[i];
                    out.push_back(current);
                }
            }
            head.clear();
            head_empty = true;
            continue;
        }
        if (c == ';') {
            head.clear();
            head_empty = true;
            continue;
        }
        if (head_empty && !std::isspace(static_cast<unsigned char>(c))) {
            head_empty = false;
            head_line = line_of[i];
            head_start = i;
        }
        if (!head_empty) head += (c == '\n' ? ' ' : c);
    }
    (void)head_start;
    return out;
}

}  // namespace

TEST_CASE("layout: a function over 80 lines says why at its top") {
    // House style (shared/design.md): no function over ~80 lines without a reason written at its
    // top: a comment just above its signature that says "Over 80 lines" and why.
    const fs::path root(SGF_SOURCE_DIR);
    std::size_t functions = 0, long_ones = 0;
    for (const char* dir : {"src", "include", "grammar", "python/src", "web"})
        for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
            if (!e.is_regular_file() || !is_source(e.path())) continue;
            const std::vector<std::string> lines = lines_of(e.path());
            for (const function_span& f : function_spans(lines)) {
                ++functions;
                const std::size_t length = f.close - f.open + 1;
                if (length <= 80) continue;
                ++long_ones;
                bool said = false;
                for (std::size_t i = f.head; i-- > 0;) {
                    const std::string& l = lines[i];
                    const std::size_t first = l.find_first_not_of(' ');
                    if (first == std::string::npos || !(l.compare(first, 2, "//") == 0 || l.compare(first, 8, "template") == 0)) break;
                    said |= l.find("Over 80 lines") != std::string::npos;
                }
                INFO(fs::relative(e.path(), root).string() << ":" << f.head + 1 << ": " << f.name << " has " << length
                                                           << " lines and no \"Over 80 lines ...\" comment above it");
                CHECK(said);
            }
        }
    CHECK(functions > 1000);  // the scan finds the functions there are (about 2,000 when written)
    MESSAGE("functions: " << functions << ", over 80 lines with their reason: " << long_ones);
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
