// sgfcheck diff: delta debugging on synthetic predicates (src/tools/diff/ddmin.hpp), and the
// command run as a program against tiny fake adapters (shell scripts in a temp folder):
// one that accepts everything, one that rejects everything, one that crashes, one that
// hangs, one that is unavailable, and two that print JSON trees.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "tools/diff/ddmin.hpp"
#include "tools/diff/diff.hpp"
#include "sgf/check.hpp"
#include "tools/generate/generate.hpp"
#include "sgf/parse.hpp"
#include "tests/program_util.hpp"

namespace fs = std::filesystem;

namespace {

using sgf_test::run;
using sgf_test::slurp;
using sgf_test::temp_dir;

std::vector<std::string> lines(const std::string& s) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < s.size()) {
        const auto nl = s.find('\n', at);
        out.push_back(s.substr(at, nl - at));
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    return out;
}

std::size_t count_valid(std::uint64_t first, std::uint64_t n) {
    std::size_t v = 0;
    for (std::uint64_t s = first; s < first + n; ++s) {
        sgf::generate_options o;
        o.seed = s;
        v += sgf::generate(o).valid;
    }
    return v;
}

// `sgfcheck diff --impl ADAPTER ARGS --out D/out` against an adapter script of `body` in `d`.
sgf_test::run_result run_diff(const temp_dir& d, const std::string& name, const std::string& body, const std::string& args) {
    return run("diff --impl " + d.script(name, body) + " " + args + " --out " + (d.path / "out").string());
}

bool rejected_by_us(const std::string& bytes) {
    const sgf::parse_result r = sgf::parse(std::string_view(bytes));
    return !r.ok() || sgf::has_errors(sgf::check(r.trees));
}

}  // namespace

TEST_CASE("ddmin finds a one-minimal input for a synthetic predicate") {
    using namespace sgf::tools::diff;
    // holds when 'x' comes before 'y' somewhere
    std::size_t calls = 0;
    auto x_before_y = [&](const std::string& s) {
        ++calls;
        const auto x = s.find('x');
        return x != std::string::npos && s.find('y', x) != std::string::npos;
    };
    ddmin_stats st;
    const std::string input = "aaaa(;B[x]bbbb)cc;C[y]dd";
    const std::string got = minimize(input, x_before_y, st);
    CHECK(got == "xy");
    CHECK(st.tests == calls);  // every evaluation counted once: the cache answers repeats
    CHECK(!st.exhausted);
    // 1-minimal: no single byte can go
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(!x_before_y(got.substr(0, i) + got.substr(i + 1)));

    // the budget stops the search; what is returned still holds
    ddmin_stats tight;
    tight.max_tests = 3;
    const std::string partial = minimize(input, x_before_y, tight);
    CHECK(tight.exhausted);
    CHECK(tight.tests == 3);
    CHECK(x_before_y(partial));

    // ddmin alone over units
    std::vector<std::string> units{"a", "b", "c", "d", "e", "f", "g", "h"};
    auto has_c_and_f = [](const std::string& s) { return s.find('c') != std::string::npos && s.find('f') != std::string::npos; };
    CHECK(join(ddmin(units, has_c_and_f)) == "cf");
}

TEST_CASE("sgf units keep values and properties whole") {
    using namespace sgf::tools::diff;
    const std::string s = "(;C[a\\]b]B [aa]\n(;W[])x)";
    CHECK(sgf_units(s) == std::vector<std::string>{"(", ";", "C", "[a\\]b]", "B", " ", "[aa]", "\n", "(", ";", "W", "[]", ")", "x", ")"});
    CHECK(sgf_units(s, unit_level::property) ==
          std::vector<std::string>{"(", ";", "C[a\\]b]", "B [aa]", "\n", "(", ";", "W[]", ")", "x", ")"});
    CHECK(sgf_units(s, unit_level::node) == std::vector<std::string>{"(", ";C[a\\]b]B [aa]\n", "(", ";W[]", ")", "x", ")"});
    CHECK(sgf_units("(;C[open") == std::vector<std::string>{"(", ";", "C", "[open"});
    CHECK(join(sgf_units(s)) == s);
    const auto spans = tree_spans("(;C[(]\n(;B[)]))");
    REQUIRE(spans.size() == 2);
    CHECK(spans[0] == std::pair<std::size_t, std::size_t>{0, 14});
    CHECK(spans[1] == std::pair<std::size_t, std::size_t>{7, 13});
}

TEST_CASE("diff against an adapter that accepts everything") {
    temp_dir d;
    const auto accept = d.script("accept", "exit 0");
    const fs::path out = d.path / "out";
    const auto r = run("diff --impl " + accept + " --mutation mixed --count 30 --seed 1 --out " + out.string());
    CHECK(r.status == 1);
    const auto report = lines(slurp(out / "report.jsonl"));
    CHECK(report.size() == 30 - count_valid(1, 30));
    std::size_t minimal = 0, small = 0;
    for (const auto& l : report) {
        CHECK(l.find("\"kind\":\"lax-accept\"") != std::string::npos);
        CHECK(l.find("\"reproduce\":\"sgfcheck diff --impl ") != std::string::npos);
        CHECK(l.find(" --mutation mixed --seed ") != std::string::npos);
        CHECK(l.find("\"spec\":\"E") != std::string::npos);
    }
    for (const auto& e : fs::directory_iterator(out / "cases")) {
        const std::string name = e.path().filename().string();
        if (name.size() < 8 || name.substr(name.size() - 8) != ".min.sgf") continue;
        ++minimal;
        const std::string bytes = slurp(e.path());
        INFO(name << ": " << bytes);
        CHECK(rejected_by_us(bytes));
        small += bytes.size() <= 40;
    }
    CHECK(minimal > 5);
    CHECK(small == minimal);
    CHECK(fs::exists(out / "report.md"));
    CHECK(!fs::exists(out / "work"));

    // the same seeds give the same report
    const fs::path again = d.path / "again";
    CHECK(run("diff --impl " + accept + " --mutation mixed --count 30 --seed 1 --out " + again.string()).status == 1);
    CHECK(slurp(out / "report.jsonl") == slurp(again / "report.jsonl"));

    // a shell command instead of an adapter path
    const fs::path shell = d.path / "shell";
    CHECK(run("diff --impl 'sh " + accept + "' --mutation mixed --count 30 --seed 1 --minimize 0 --out " + shell.string()).status == 1);
    CHECK(lines(slurp(shell / "report.jsonl")).size() == report.size());
}

TEST_CASE("diff against an adapter that rejects everything") {
    temp_dir d;
    const fs::path out = d.path / "out";
    const auto r = run("diff --impl " + d.script("reject", "echo 'no: at 1:2' >&2; exit 1") + " --mutation mixed --count 20 --seed 5 --out " + out.string());
    CHECK(r.status == 1);
    const auto report = lines(slurp(out / "report.jsonl"));
    CHECK(report.size() == count_valid(5, 20));
    for (const auto& l : report) CHECK(l.find("\"kind\":\"strict-reject\"") != std::string::npos);
    // the smallest file we accept and they reject
    bool found = false;
    for (const auto& e : fs::directory_iterator(out / "cases"))
        if (e.path().filename().string().find(".min.sgf") != std::string::npos) found |= slurp(e.path()) == "(;)";
    CHECK(found);
}

TEST_CASE("diff against an adapter that crashes or hangs") {
    temp_dir d;
    const fs::path out = d.path / "out";
    CHECK(run("diff --impl " + d.script("crash", "kill -SEGV $$") + " --count 6 --minimize 1 --max-tests 20 --out " + out.string())
              .status == 1);
    const auto report = lines(slurp(out / "report.jsonl"));
    CHECK(report.size() == 6);
    for (const auto& l : report) {
        CHECK(l.find("\"kind\":\"crash\"") != std::string::npos);
        CHECK(l.find("signal 11") != std::string::npos);
    }
    const fs::path hang = d.path / "hang_out";
    CHECK(run("diff --impl " + d.script("hang", "sleep 20") + " --count 2 --timeout 1 --minimize 0 --out " + hang.string()).status == 1);
    for (const auto& l : lines(slurp(hang / "report.jsonl"))) CHECK(l.find("\"kind\":\"timeout\"") != std::string::npos);
}

TEST_CASE("diff stops when the implementation is unavailable") {
    temp_dir d;
    CHECK(run("diff --impl " + d.script("missing", "exit 3") + " --count 4 --out " + (d.path / "out").string()).status == 2);
    CHECK(run("diff --count 4").status == 2);
    CHECK(run("diff --impl x --count x").status == 2);
}

TEST_CASE("diff compares trees") {
    temp_dir d;
    // sgfcheck itself as the other implementation: the trees are the same
    const auto same = d.script("same", std::string(SGF_SGFCHECK) + " dump \"$1\" 2>/dev/null; exit 0");
    const fs::path out = d.path / "out";
    CHECK(run("diff --impl " + same + " --tree --valid --count 15 --out " + out.string()).status == 0);
    CHECK(slurp(out / "report.jsonl").empty());
    // a reader that drops every CR of a value (JSON "\r"), and one that finds no trees
    const auto no_cr = d.script("nocr", std::string(SGF_SGFCHECK) + " dump \"$1\" 2>/dev/null | sed 's/\\\\r//g'; exit 0");
    const fs::path cr = d.path / "cr";
    CHECK(run("diff --impl " + no_cr + " --tree --valid --count 40 --minimize 1 --out " + cr.string()).status == 1);
    const std::string report = slurp(cr / "report.jsonl");
    CHECK(report.find("\"kind\":\"tree-differs\"") != std::string::npos);
    CHECK(report.find("value (CR removed)") != std::string::npos);
    const auto empty = d.script("empty", "echo '{\"trees\":[]}'");
    const fs::path none = d.path / "none";
    CHECK(run("diff --impl " + empty + " --tree --valid --count 3 --minimize 0 --out " + none.string()).status == 1);
    for (const auto& l : lines(slurp(none / "report.jsonl"))) CHECK(l.find("structure@") != std::string::npos);
    const auto junk = d.script("junk", "echo 'not json'");
    const fs::path bad = d.path / "bad";
    CHECK(run("diff --impl " + junk + " --tree --valid --count 2 --minimize 0 --out " + bad.string()).status == 1);
    for (const auto& l : lines(slurp(bad / "report.jsonl"))) CHECK(l.find("\"kind\":\"tree-invalid\"") != std::string::npos);
}

TEST_CASE("diff stopped at any point leaves a valid report") {
    for (const int sig : {SIGKILL, SIGTERM}) {
        CAPTURE(sig);
        temp_dir d;
        const auto slow = d.script("slow", "sleep 0.2; exit 0");
        const fs::path out = d.path / "out";
        const int st = sgf_test::run_and_kill({"diff", "--impl", slow, "--count", "200", "--jobs", "1", "--out", out.string()},
                                              [&] { return fs::exists(out / "report.md"); }, 2, sig);
        if (sig == SIGKILL) CHECK((WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL));
        else CHECK((WIFEXITED(st) && WEXITSTATUS(st) == 130));
        const std::string md = slurp(out / "report.md");
        CHECK(md.find("# sgfcheck diff: ") == 0);
        CHECK(md.find("**Partial report: ") != std::string::npos);
        for (const auto& l : lines(slurp(out / "report.jsonl"))) {
            CHECK(l.front() == '{');
            CHECK(l.back() == '}');
        }
    }
}

TEST_CASE("diff whose time budget ends while two workers minimise says so once") {
    // Both workers reach the deadline; each appended the status without the lock, which
    // corrupted the heap once in the conformance_matrix ctest (double free, exit 134).
    temp_dir d;
    // (whether the deadline comes while both minimise depends on the machine's speed: the
    // status may be absent on a fast run, never there twice, and the run never crashes)
    const auto r = run_diff(d, "slow", "sleep 0.1; exit 0", "--mutation mixed --count 12 --seed 3 --jobs 2 --time-budget 4");
    CHECK(r.status == 1);
    const std::string md = slurp(d.path / "out" / "report.md");
    const std::string said = "--time-budget spent before every kind was minimised";
    const std::size_t at = md.find(said);
    if (at != std::string::npos) CHECK(md.find(said, at + 1) == std::string::npos);
}

TEST_CASE("diff families are options and the default cycles through them all") {
    temp_dir d;
    const auto accept = d.script("accept", "exit 0");
    CHECK(run("diff --impl " + accept + " --mutation nosuchfamily --count 2").status == 2);
    const auto list = run("diff --list");
    for (const auto& f : sgf::tools::diff::all_families()) CHECK(list.out.find(std::string(f.name)) != std::string::npos);
    const fs::path out = d.path / "out";
    CHECK(run("diff --impl " + accept + " --mutation lowercase,duplicate_property --count 6 --minimize 0 --out " + out.string()).status == 1);
    const auto report = lines(slurp(out / "report.jsonl"));
    REQUIRE(report.size() == 6);
    for (std::size_t i = 0; i < report.size(); ++i) {
        CAPTURE(report[i]);
        CHECK(report[i].find(i % 2 == 0 ? "\"family\":\"lowercase\"" : "\"family\":\"duplicate_property\"") != std::string::npos);
        CHECK(report[i].find(i % 2 == 0 ? "E011" : "E") != std::string::npos);
    }
    // every family makes a case whose bytes we can read (valid ones are valid)
    for (const auto& f : sgf::tools::diff::all_families()) {
        CAPTURE(f.name);
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            const sgf::generated_file g = sgf::tools::diff::make_case(f.name, {}, seed);
            CHECK(!g.bytes.empty());
            if (g.valid && f.name != "mixed" && f.name != "invalid") CHECK_FALSE(rejected_by_us(g.bytes));
        }
    }
}

TEST_CASE("diff shows cases as SGF text with visible control characters") {
    using sgf::tools::diff::visible_sgf;
    CHECK(visible_sgf("(;C[a\\\n\r\\\\:\\]])") == "(;C[a\\\u240a\u240d\\\\:\\]])");
    CHECK(visible_sgf(std::string("a\tb\0c", 5)) == "a\u2409b\u2400c");
    CHECK(visible_sgf("caf\xc3\xa9 \xe9") == "caf\xc3\xa9 \u27e8E9\u27e9");
}

// A reader with four planted bugs (tests/data/planted_reader.py): a plain diff run finds each
// and reports it as one kind, within 10 minutes (the default --time-budget).
TEST_CASE("diff finds the four planted bugs of a small reader as four kinds") {
    temp_dir d;
    const fs::path out = d.path / "out";
    const std::string reader = (fs::path(SGF_SOURCE_DIR) / "tests" / "data" / "planted_reader.py").string();
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = run("diff --impl " + reader + " --out " + out.string());
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    MESSAGE("plain diff against the planted reader: " << secs << " s");
    CHECK(r.status == 1);
    CHECK(secs < 600);
    std::set<std::string> kinds;
    for (const auto& l : lines(slurp(out / "report.jsonl"))) {
        const auto at = l.find("\"cluster\":\"");
        REQUIRE(at != std::string::npos);
        kinds.insert(l.substr(at + 11, l.find('"', at + 11) - at - 11));
    }
    INFO(r.out);
    CHECK(kinds.size() == 4);
    auto one = [&](const std::string& a, const std::string& b) {
        std::size_t n = 0;
        for (const auto& k : kinds) n += k.find(a) != std::string::npos && k.find(b) != std::string::npos;
        return n == 1;
    };
    CHECK(one("strict-reject", "white space between values"));                // bug 1
    CHECK(one("tree-differs", "line break added"));                           // bug 2
    CHECK(one("lax-accept", "E011"));                                         // bug 3
    CHECK(one("crash", "IndexError"));                                        // bug 4
    const std::string md = slurp(out / "report.md");
    CHECK(md.find("Partial report") == std::string::npos);
    CHECK(md.find("\u240a") != std::string::npos);  // the soft line break, visible
}
