// The surface inventory (issue 20): fuzz/SURFACE.md has one row per command and option of
// sgfcheck, per public function of include/sgf/ (each & and && overload its own row), per
// Python and per JavaScript entry point, naming what covers it: a fuzz target, the corpus
// run under the sanitizers, or a test file that the AddressSanitizer + UBSan build runs. This
// test reads all of them from the sources (tests/surface_extract.hpp) and fails when one has
// no row, when a row names something that does not exist, and when a row's coverage does not
// exist or does not mention what it is said to cover.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/program_util.hpp"
#include "tests/surface_extract.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path source_dir(SGF_SOURCE_DIR);

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<fs::path> files_in(const fs::path& dir, std::string_view ext) {
    std::vector<fs::path> out;
    if (!fs::is_directory(dir)) return out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

struct row {
    std::string surface, entry;
    std::vector<std::string> covered_by;
    std::size_t line = 0;
};

// The rows of fuzz/SURFACE.md's tables: "| surface | `entry` | coverage; coverage |".
std::vector<row> table() {
    std::vector<row> out;
    std::istringstream in(read(source_dir / "fuzz" / "SURFACE.md"));
    std::string line;
    for (std::size_t n = 1; std::getline(in, line); ++n) {
        if (line.rfind("| ", 0) != 0) continue;
        std::vector<std::string> cells;
        for (std::size_t at = 1; at < line.size();) {
            const std::size_t e = line.find(" |", at);
            if (e == std::string::npos) break;
            std::string c = line.substr(at, e - at);
            c.erase(0, c.find_first_not_of(' '));
            cells.push_back(c);
            at = e + 2;
        }
        if (cells.size() != 3 || cells[0] == "surface" || cells[0].rfind("---", 0) == 0) continue;
        row r{cells[0], cells[1], {}, n};
        if (r.entry.size() >= 2 && r.entry.front() == '`' && r.entry.back() == '`') r.entry = r.entry.substr(1, r.entry.size() - 2);
        for (std::size_t at = 0; at < cells[2].size();) {
            std::size_t e = cells[2].find(';', at);
            if (e == std::string::npos) e = cells[2].size();
            std::string c = cells[2].substr(at, e - at);
            c.erase(0, c.find_first_not_of(' '));
            while (!c.empty() && c.back() == ' ') c.pop_back();
            if (!c.empty()) r.covered_by.push_back(c);
            at = e + 1;
        }
        out.push_back(std::move(r));
    }
    return out;
}

// --- what exists ------------------------------------------------------------------------

std::set<std::string> api_functions(std::vector<std::string>& unknown) {
    surface::header_result r;
    std::size_t headers = 0;
    for (const auto& h : files_in(source_dir / "include" / "sgf", ".hpp")) {
        ++headers;
        const std::size_t before = r.unknown.size();
        surface::read_header(read(h), r);
        for (std::size_t k = before; k < r.unknown.size(); ++k) unknown.push_back(h.filename().string() + ": " + r.unknown[k]);
    }
    CHECK(headers >= 15);
    return r.functions;
}

// "check", "check --format", ...: every command of the usage lines of `sgfcheck --help` and
// every option its own --help names; "sgfcheck --help" and "sgfcheck --version".
std::set<std::string> cli_entries() {
    const std::string main_help = sgf_test::run("--help").out;
    std::set<std::string> commands;
    std::istringstream in(main_help.substr(0, main_help.find("\n\n", main_help.find("Usage:"))));
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("  sgfcheck ", 0) != 0) continue;
        std::string word = line.substr(11, line.find_first_of(" |", 11) - 11);
        if (word.size() > 2 && word.front() == '[' && word.back() == ']') word = word.substr(1, word.size() - 2);
        if (!word.empty() && std::islower(static_cast<unsigned char>(word[0])) && word.find('.') == std::string::npos)
            commands.insert(word);
    }
    CHECK(commands.size() >= 10);
    std::set<std::string> out = {"sgfcheck --help", "sgfcheck --version"};
    for (const auto& c : commands) {
        out.insert(c);
        if (c == "version" || c == "help") continue;
        const std::string help = sgf_test::run(c + " --help").out;
        CHECK(!help.empty());
        for (const auto& o : surface::options_in_help(help)) out.insert(c + " " + o);
    }
    return out;
}

// Python: the pybind11 sources; the runner modules beside the package (python -m sgfcheck.X).
std::set<std::string> python_entries(std::vector<std::string>& unknown) {
    surface::binding_result r;
    for (const auto& f : files_in(source_dir / "python" / "src", ".cpp")) surface::read_pybind(read(f), r);
    for (const auto& f : files_in(source_dir / "python" / "sgfcheck", ".py"))
        if (f.stem() != "__init__") r.names.insert("-m sgfcheck." + f.stem().string());
    for (const auto& u : r.unknown) unknown.push_back("python: " + u);
    return r.names;
}

std::set<std::string> js_entries(std::vector<std::string>& unknown) {
    surface::binding_result r;
    for (const auto& f : files_in(source_dir / "web", ".cpp")) surface::read_embind(read(f), r);
    for (const auto& u : r.unknown) unknown.push_back("web: " + u);
    return r.names;
}

// --- coverage ---------------------------------------------------------------------------

std::set<std::string> fuzz_targets() {
    const std::string cmake = read(source_dir / "fuzz" / "CMakeLists.txt");
    const std::size_t at = cmake.find("set(SGF_FUZZ_TARGETS ");
    REQUIRE(at != std::string::npos);
    std::istringstream words(cmake.substr(at + 21, cmake.find(')', at) - at - 21));
    std::set<std::string> out;
    for (std::string w; words >> w;) out.insert(w);
    return out;
}

// What a coverage file must mention for a row to be believable: the function's, method's or
// option's name (for operators and constructors, what calls them).
std::vector<std::string> probes(const row& r) {
    std::string e = r.entry;
    if (const auto sp = e.find(' '); sp != std::string::npos && r.surface == "api") e = e.substr(0, sp);  // "& / &&"
    if (r.surface == "cli") {
        const auto sp = e.rfind(' ');
        return {sp == std::string::npos ? e : e.substr(sp + 1)};
    }
    std::string name = e.substr(e.find_last_of(":.") == std::string::npos ? 0 : e.find_last_of(":.") + 1);
    const std::string owner = e.find_last_of(":.") == std::string::npos ? "" : e.substr(0, e.find_last_of(":.") - (r.surface == "api"));
    if (r.surface == "api" && e.find("operator") != std::string::npos) {
        const std::string op = e.substr(e.find("operator") + 8);
        if (op == "[]") return {"["};
        if (op == "()") return {"("};
        if (op.rfind(" ", 0) == 0 || op == "bool") return {"if ("};
        return {op};
    }
    if (name == "__init__" || name.rfind("-m ", 0) == 0) return {owner.substr(owner.find_last_of(":.") + 1)};
    if (r.surface == "api" && name.size() >= 8 && name.compare(name.size() - 8, 8, "iterator") == 0)
        return {"for ("};  // a nested iterator type: a range-for over its owner
    static const std::map<std::string, std::string> dunder = {
        {"__getitem__", "["}, {"__len__", "len("},  {"__iter__", "for "},  {"__eq__", "=="},    {"__repr__", "repr("},
        {"__str__", "str("},  {"__hash__", "hash("}, {"__contains__", " in "}, {"__reduce__", "pickle"}};
    if (const auto d = dunder.find(name); d != dunder.end()) return {d->second};
    if (r.surface == "api" && name == owner.substr(owner.rfind(':') == std::string::npos ? 0 : owner.rfind(':') + 1))
        return {name};  // a constructor: its class
    if (r.surface == "api" && r.entry.size() > 3 && r.entry.compare(r.entry.size() - 3, 3, " &&") == 0 &&
        (name.rfind("with_", 0) == 0 || name.rfind("without_", 0) == 0))
        return {name, "std::move("};  // an edit in place: called on a moved handle
    if (r.surface == "python" && owner.empty() && name.rfind("-m sgfcheck.", 0) == 0) return {name.substr(12)};
    return {name};
}

// Checks one coverage entry of a row; returns what is wrong ("" when fine). "KIND:WHAT via
// PATH" is coverage through a file that calls the entry (the Dask runner): WHAT must then
// mention PATH's name, and PATH the entry; "via PATH:FUNCTION", through a function of PATH
// that WHAT calls (a library function that calls the entry).
std::string check_coverage(const row& r, const std::string& spec, const std::set<std::string>& targets) {
    std::string c = spec, via;
    if (const auto v = spec.find(" via "); v != std::string::npos) {
        c = spec.substr(0, v);
        via = spec.substr(v + 5);
    }
    const auto colon = c.find(':');
    if (colon == std::string::npos) return "no kind (fuzz:, corpus:, asan:, pytest:, node:)";
    const std::string kind = c.substr(0, colon), what = c.substr(colon + 1);
    std::vector<fs::path> files;
    if (kind == "fuzz") {
        if (targets.count(what) == 0) return "no fuzz target " + what + " in SGF_FUZZ_TARGETS";
        files.push_back(source_dir / "fuzz" / (what + ".cpp"));
        for (const auto& h : files_in(source_dir / "fuzz", ".hpp")) files.push_back(h);
    } else if (kind == "corpus") {
        const std::string script = read(source_dir / ".ci" / "corpus_sanitized.sh");
        if (script.find("\"" + what + "\"") == std::string::npos) return ".ci/corpus_sanitized.sh runs no \"" + what + "\"";
        if (read(source_dir / ".ci" / "run").find("corpus_sanitized.sh") == std::string::npos) return ".ci/run does not run it";
        files.push_back(source_dir / ".ci" / "corpus_sanitized.sh");
    } else if (kind == "asan" || kind == "pytest" || kind == "node") {
        const std::string dir = kind == "asan" ? "tests/" : kind == "pytest" ? "python/tests/" : "web/test/";
        if (what.rfind(dir, 0) != 0) return kind + ": coverage is a file under " + dir;
        files.push_back(source_dir / what);
    } else {
        return "unknown kind " + kind;
    }
    if (!fs::exists(files.front())) return files.front().string() + " does not exist";
    std::string text;
    for (const auto& f : files) text += read(f);
    if (!via.empty()) {  // "via PATH" (named by its stem) or "via PATH:FUNCTION" (named by the function)
        const auto fn = via.find(':');
        const fs::path through = source_dir / via.substr(0, fn);
        const std::string named = fn == std::string::npos ? through.stem().string() : via.substr(fn + 1);
        if (!fs::is_regular_file(through)) return "no file " + through.string();
        if (text.find(named) == std::string::npos) return c + " does not mention " + named;
        text = read(through);
        if (text.find(named) == std::string::npos && fn != std::string::npos) return via + ": no " + named + " there";
    }
    for (const auto& p : probes(r))
        if (text.find(p) == std::string::npos) return (via.empty() ? c : via) + " does not mention " + p;
    return "";
}

}  // namespace

TEST_CASE("surface: every public function and option and binding entry point has a row") {
    std::vector<std::string> unknown;
    std::map<std::string, std::set<std::string>> exists = {
        {"api", api_functions(unknown)},
        {"cli", cli_entries()},
        {"python", python_entries(unknown)},
        {"js", js_entries(unknown)},
    };
    for (const auto& u : unknown) {
        CAPTURE(u);
        FAIL_CHECK("tests/surface_extract.hpp does not understand this declaration: teach it the form");
    }
    // the forms the extractor must see (a check of the extractor itself)
    for (const char* f : {"parse", "node::find &", "node::find &&", "game_tree::with_variation &&",
                          "game_tree::with_variation &", "collection::operator[] &&", "node::get", "property::iterator",
                          "point_list::push_back", "get_result::operator bool", "node::node", "game_tree::operator="})
        CHECK_MESSAGE(exists["api"].count(f) == 1, std::string(f));
    CHECK(exists["cli"].count("fix --dry-run") == 1);
    CHECK(exists["cli"].count("check --format") == 1);
    CHECK(exists["python"].count("Node.with_property") == 1);
    CHECK(exists["python"].count("Collection.__init__") == 1);
    CHECK(exists["js"].count("check") == 1);

    const std::vector<row> rows = table();
    const std::set<std::string> targets = fuzz_targets();
    std::map<std::string, std::set<std::string>> listed;
    for (const auto& r : rows) {
        CAPTURE(r.line);
        CAPTURE(r.entry);
        CHECK_MESSAGE(exists.count(r.surface) == 1, "surface must be api, cli, python or js");
        CHECK_MESSAGE(listed[r.surface].insert(r.entry).second, "a second row for it");
        CHECK_MESSAGE(exists[r.surface].count(r.entry) == 1, "fuzz/SURFACE.md names what does not exist");
        CHECK_MESSAGE(!r.covered_by.empty(), "a row without coverage");
        for (const auto& c : r.covered_by) {
            CAPTURE(c);
            const std::string why = check_coverage(r, c, targets);
            CHECK_MESSAGE(why.empty(), why);
        }
    }
    // what has no row, as rows to paste (with the files that mention it, to choose from)
    std::string missing;
    for (const auto& [surface, names] : exists)
        for (const auto& n : names)
            if (listed[surface].count(n) == 0) missing += "| " + surface + " | `" + n + "` | ? |\n";
    CHECK_MESSAGE(missing.empty(), (std::string("rows missing from fuzz/SURFACE.md:\n") + missing));
}

TEST_CASE("surface: every option the command line's sources read is in some command's help") {
    std::set<std::string> in_help = {"-h"};  // COMMAND -h: COMMAND --help, as the main help says
    for (const auto& e : cli_entries())
        if (const auto sp = e.rfind(' '); sp != std::string::npos) in_help.insert(e.substr(sp + 1));
    std::size_t literals = 0;
    for (const char* dir : {"src/cli", "src/app"})
        for (const auto& f : files_in(source_dir / dir, ".cpp")) {
            for (const auto& o : surface::option_literals(read(f))) {
                ++literals;
                CAPTURE(f.filename().string());
                CAPTURE(o);
                CHECK_MESSAGE(in_help.count(o) == 1, "an option the help does not name (a row in fuzz/SURFACE.md needs it)");
            }
        }
    CHECK(literals >= 40);
}

TEST_CASE("surface: the extractor reads the declaration forms it is meant to") {
    surface::header_result r;
    surface::read_header(R"(
namespace sgf {
namespace detail { void hidden(); }
struct s {
    int x = f(1);
    [[nodiscard]] int a() const&;
    int a() &&;
    template <class T> [[nodiscard]] std::optional<T> b(std::string_view v = "x;{") const { return {}; }
    explicit operator bool() const noexcept;
    friend bool operator==(const s&, const s&) = default;
    s(const s&) = delete;
    class iterator { public: void step(); };
    enum class e { one, two };
private:
    void secret();
};
class c { void privately(); public: c(); ~c(); static constexpr int n = 3; };
[[nodiscard]] inline bool free_function(int a) noexcept { return a > 0; }
using alias = int;
}  // namespace sgf
)", r);
    CHECK(r.unknown.empty());
    CHECK(r.functions == std::set<std::string>{"s::a &", "s::a &&", "s::b", "s::operator bool", "s::operator==",
                                               "s::iterator", "c::c", "free_function"});
}
