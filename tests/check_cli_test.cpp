// sgfcheck check over many files, run as a program: -j in file order, code selection
// (--select/--ignore/--extend-select, sgfcheck.toml), --fail-on, the summary and
// --statistics, --baseline, --include/--exclude, colour, progress on a terminal only.
#include <doctest/doctest.h>

#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/baseline.hpp"
#include "sgf/app/inputs.hpp"
#include "sgf/app/selection.hpp"
#include "sgf/app/summary.hpp"
#include "sgf/diagnostic.hpp"
#include "tests/program_util.hpp"
#include "tools/json_value.hpp"

namespace fs = std::filesystem;

using sgf_test::run;
using sgf_test::run_both;
using sgf_test::temp_dir;

namespace {

// A folder of files with known findings: E111 (TM with a unit) in t1, E201 (a property
// twice) in t2, both in t3, nothing in ok, W001 (a byte order mark) in bom.
void archive(const temp_dir& d) {
    d.file("a/t1.sgf", "(;FF[4]GM[1]TM[5m])");
    d.file("a/t2.sgf", "(;FF[4]GM[1]C[x]C[y])");
    d.file("a/b/t3.sgf", "(;FF[4]GM[1]TM[3h]C[x]C[y])");
    d.file("a/ok.sgf", "(;FF[4]GM[1]SZ[19];B[pd])");
    d.file("a/bom.sgf", "\xEF\xBB\xBF(;FF[4]GM[1])");
}

std::size_t count_of(const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

sgf::tools::json_value last_json_line(const std::string& out) {
    std::string_view s = out;
    while (!s.empty() && s.back() == '\n') s.remove_suffix(1);
    return sgf::tools::parse_json(s.substr(s.rfind('\n') == std::string_view::npos ? 0 : s.rfind('\n') + 1));
}

// Runs sgfcheck on a pseudo-terminal (stdout and stderr both the terminal); returns
// everything written to it.
std::string run_on_terminal(const std::vector<std::string>& args, const std::string& env_no_color = "") {
    int master = -1;
    const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::setenv("TERM", "xterm", 1);
        if (env_no_color.empty()) ::unsetenv("NO_COLOR");
        else ::setenv("NO_COLOR", env_no_color.c_str(), 1);
        std::vector<char*> argv;
        std::string prog = SGF_SGFCHECK;
        argv.push_back(prog.data());
        std::vector<std::string> copy = args;
        for (auto& a : copy) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(prog.c_str(), argv.data());
        ::_exit(127);
    }
    std::string out;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(master, buf, sizeof buf);
        if (n <= 0) break;  // EIO once the child has closed the terminal
        out.append(buf, static_cast<std::size_t>(n));
    }
    int st = 0;
    ::waitpid(pid, &st, 0);
    ::close(master);
    return out;
}

}  // namespace

TEST_CASE("check: -j output equals -j 1 and is in file order") {
    temp_dir d;
    std::vector<std::string> names;
    for (int i = 0; i < 60; ++i) {
        const std::string n = "many/f" + std::string(i < 10 ? "0" : "") + std::to_string(i) + ".sgf";
        // every third file has findings; sizes differ so that workers finish out of order
        std::string body = "(;FF[4]GM[1]";
        for (int k = 0; k < (i * 37) % 500; ++k) body += "C[x]";
        if (i % 3 == 0) body += "TM[5m]";
        d.file(n, body + ")");
        names.push_back((d.path / n).string());
    }
    const auto one = run("-j 1 --format=json " + (d.path / "many").string());
    const auto four = run("-j4 --format=json " + (d.path / "many").string());
    const auto dflt = run("--format=json " + (d.path / "many").string());
    CHECK(one.status == 1);
    CHECK(four.status == one.status);
    CHECK(four.out == one.out);
    CHECK(dflt.out == one.out);
    // findings appear in sorted file order
    std::size_t last = 0;
    for (const auto& n : names) {
        const std::size_t at = one.out.find("\"file\":\"" + n + "\"");
        if (at == std::string::npos) continue;
        CHECK(at >= last);
        last = at;
    }
    CHECK(run("-j 0 x.sgf").status == 2);
    CHECK(run("--jobs=abc x.sgf").status == 2);
}

TEST_CASE("check: select and ignore by prefix and number") {
    temp_dir d;
    archive(d);
    const std::string dir = (d.path / "a").string();
    auto codes = [&](const std::string& opts) {
        const auto r = run("--format=json -q " + opts + " " + dir);
        std::vector<std::string> out;
        for (std::size_t at = r.out.find("\"code\":\""); at != std::string::npos; at = r.out.find("\"code\":\"", at + 1))
            out.push_back(r.out.substr(at + 8, 4));
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        std::string joined;
        for (const auto& c : out) joined += (joined.empty() ? "" : " ") + c;
        return joined;
    };
    CHECK(codes("") == "E111 E201 W015");
    CHECK(codes("--select E") == "E111 E201");
    CHECK(codes("--select E1") == "E111");
    CHECK(codes("--select=E1,W") == "E111 W015");
    CHECK(codes("--select 201") == "E201");
    CHECK(codes("--ignore E2") == "E111 W015");
    CHECK(codes("--ignore e2,w001") == "E111");  // W001: the old spelling of W015
    CHECK(codes("--ignore e2,w015") == "E111");
    // the more specific entry wins; on a tie ignore wins
    CHECK(codes("--ignore E --extend-select E201") == "E201 W015");
    CHECK(codes("--select E --ignore E111") == "E201");
    CHECK(codes("--select E111 --ignore E1") == "E111");
    CHECK(codes("--select E111 --ignore 111") == "");
    CHECK(codes("--select W --extend-select E111") == "E111 W015");
    // repeated, the lists add up (as --include's do)
    CHECK(codes("--select E1 --select W") == "E111 W015");
    CHECK(codes("--select=E1 --select=201") == "E111 E201");
    // entries that name no code are usage errors, not silent no-ops
    for (const char* bad : {"X1", "E9", "E1111", "12", "E1x"}) {
        CAPTURE(bad);
        const auto r = run_both(std::string("--select ") + bad + " " + dir);
        CHECK(r.status == 2);
        CHECK(r.err.find("is not a code") != std::string::npos);
    }
}

TEST_CASE("check: selection rules without the program") {
    using sgf::app::parse_selectors;
    sgf::app::code_selection s;
    CHECK(s.enabled("E111"));
    s.ignore = parse_selectors("W", "test");
    CHECK_FALSE(s.enabled("W001"));
    CHECK(s.enabled("I001"));
    s.select = parse_selectors("E1", "test");
    CHECK(s.enabled("E111"));
    CHECK_FALSE(s.enabled("E201"));
    CHECK_FALSE(s.enabled("I001"));
    s.extend = parse_selectors(" 201 ", "test");
    CHECK(s.enabled("E201"));
    CHECK(s.enabled("W201"));  // a bare number is the kind at any level
}

TEST_CASE("check: sgfcheck.toml is found upward and the command line wins") {
    temp_dir d;
    archive(d);
    const std::string dir = (d.path / "a").string();
    d.file("a/b/sgfcheck.toml", "select = [\"E2\"]\n");
    d.file("a/sgfcheck.toml", "ignore = \"E1, W\"\n");
    // a/t1 (E111) and a/bom (W015) fall under a/sgfcheck.toml; a/b/t3 under a/b's
    const auto r = run("--format=json -q " + dir);
    CHECK(r.out.find("t1.sgf") == std::string::npos);
    CHECK(r.out.find("bom.sgf") == std::string::npos);
    CHECK(r.out.find("t2.sgf\",\"line\":1,\"column\":17") != std::string::npos);
    CHECK(count_of(r.out, "t3.sgf") == 1);
    CHECK(r.out.find("E111") == std::string::npos);
    // --select replaces the file's select; --ignore adds to its ignore
    const auto r2 = run("--format=json -q --select E1 " + dir);
    // t1's E111 is still ignored by a/sgfcheck.toml; t3 has the nearest file a/b's, which does not
    CHECK(count_of(r2.out, "E111") == 1);
    CHECK(count_of(r2.out, "t3.sgf") == 1);
    const auto r3 = run("--format=json -q --no-config " + dir);
    CHECK(count_of(r3.out, "E111") == 2);
    CHECK(count_of(r3.out, "W015") == 1);
    // --config FILE for every input
    const auto cfg = d.file("only_w.toml", "select = [\"W\"]\nprofile = \"current\"\n");
    const auto r4 = run("--format=json -q --config " + cfg + " " + dir);
    CHECK(count_of(r4.out, "\"code\"") == 1);
    CHECK(count_of(r4.out, "W015") == 1);
    // profile from the file: TM[5m] is current usage, no finding under profile = current
    d.file("p/sgfcheck.toml", "profile = \"current\"\n");
    const auto tm = d.file("p/tm.sgf", "(;FF[4]GM[1]TM[5m])");
    CHECK(run(tm).status == 0);
    CHECK(run("--profile=ff4 " + tm).status == 1);
    // mistakes in the file are usage errors naming the file and line
    d.file("bad/sgfcheck.toml", "select = [\"E1\"]\nselct = [\"W\"]\n");
    const auto b = run_both(d.file("bad/x.sgf", "(;)"));
    CHECK(b.status == 2);
    CHECK(b.err.find("sgfcheck.toml:2: selct: unknown key") != std::string::npos);
    d.file("bad2/sgfcheck.toml", "select = [\"E1\"\n");
    CHECK(run(d.file("bad2/x.sgf", "(;)")).status == 2);
    d.file("bad3/sgfcheck.toml", "profile = \"ff5\"\n");
    CHECK(run(d.file("bad3/x.sgf", "(;)")).status == 2);
    // a --config file that is not there: cannot read it (not a parse error at line 0)
    const auto none = run_both("--config " + (d.path / "nonexist.toml").string() + " " + tm);
    CHECK(none.status == 2);
    CHECK(none.err.find("cannot open " + (d.path / "nonexist.toml").string() + ": No such file or directory") !=
          std::string::npos);
    CHECK(none.err.find(":0:") == std::string::npos);
    // read as inputs are: a device and a folder are refused saying why (toml++ took them as
    // empty settings without a word); /dev/null is no settings
    for (const std::string& what : {std::string("/dev/zero"), d.path.string()}) {
        const auto refused = run_both("--config " + what + " " + tm);
        CHECK(refused.status == 2);
        CHECK(refused.err.find("cannot read " + what + ": it is a ") != std::string::npos);
        CHECK(refused.err.find(", not a config file (TOML)") != std::string::npos);
    }
    CHECK(run_both("--config /dev/null " + tm).status == run_both("--no-config " + tm).status);
}

TEST_CASE("check: fail-on sets the level that fails") {
    temp_dir d;
    const auto w = d.file("w.sgf", "\xEF\xBB\xBF(;FF[4]GM[1])");
    const auto e = d.file("e.sgf", "(;FF[4]GM[1]TM[5m])");
    CHECK(run(w).status == 0);
    CHECK(run("--fail-on=warning " + w).status == 1);
    CHECK(run("--fail-on=info " + w).status == 1);
    CHECK(run("--fail-on error " + e).status == 1);
    CHECK(run("--ignore E111 " + e).status == 0);  // an unreported error does not fail
    CHECK(run("--fail-on=fatal " + e).status == 2);
}

TEST_CASE("check: the summary always prints and closes the JSON Lines") {
    temp_dir d;
    archive(d);
    const std::string dir = (d.path / "a").string();
    const auto ok = run(d.file("clean.sgf", "(;FF[4]GM[1])"));
    CHECK(ok.out == "checked 1 file: 0 with errors, 0 with warnings, 0 with infos; 0 errors, 0 warnings, 0 infos\n");
    const auto t = run(dir);
    CHECK(t.out.find("checked 5 files: 3 with errors, 1 with warnings, 0 with infos; 4 errors, 1 warning, 0 infos\n") !=
          std::string::npos);
    const auto j = run("--format=json " + dir);
    const auto s = last_json_line(j.out);
    const auto* sum = s.get("summary");
    REQUIRE(sum != nullptr);
    CHECK(sum->get("files")->number == 5);
    CHECK(sum->get("files_with_errors")->number == 3);
    CHECK(sum->get("files_with_warnings")->number == 1);
    CHECK(sum->get("errors")->number == 4);
    CHECK(sum->get("warnings")->number == 1);
    CHECK(sum->get("infos")->number == 0);
    // --quiet: findings only
    const auto q = run("-q " + dir);
    CHECK(q.out.find("checked ") == std::string::npos);
    CHECK(q.out.find("E111") != std::string::npos);
    // an unreadable file is counted and makes the status 2
    const auto m = run_both((d.path / "missing.sgf").string() + " " + dir);
    CHECK(m.status == 2);
    CHECK(m.out.find("1 file could not be read") != std::string::npos);
}

TEST_CASE("check: statistics per code with count files level and meaning") {
    temp_dir d;
    archive(d);
    const std::string dir = (d.path / "a").string();
    const auto t = run("--statistics " + dir);
    CHECK(t.out.find("count   files  code  level") != std::string::npos);
    CHECK(t.out.find("        2       2  E111  error           time not given as a real number of seconds") != std::string::npos);
    CHECK(t.out.find("        2       2  E201  error") != std::string::npos);
    CHECK(t.out.find("        1       1  W015  warning") != std::string::npos);
    const auto j = run("--format=json --statistics " + dir);
    const std::size_t at = j.out.find("{\"statistics\":");
    REQUIRE(at != std::string::npos);
    const auto st = sgf::tools::parse_json(j.out.substr(at, j.out.find('\n', at) - at));
    const auto* list = st.get("statistics");
    REQUIRE(list != nullptr);
    REQUIRE(list->items.size() == 3);
    CHECK(list->items[0].get("count")->number == 2);
    CHECK(list->items[2].get("code")->text == "W015");
    CHECK(list->items[2].get("files")->number == 1);
    CHECK(list->items[2].get("level")->text == "warning");
    CHECK(!list->items[2].get("meaning")->text.empty());
}

TEST_CASE("check: statistics alone prints the table only and show-findings adds the findings") {
    temp_dir d;
    archive(d);
    const std::string dir = (d.path / "a").string();
    const auto all = run(dir);
    REQUIRE(all.out.find("error[E111]") != std::string::npos);
    const auto t = run("--statistics " + dir);
    CHECK(t.status == all.status);  // the findings count as before
    CHECK(t.out.find("error[E111]") == std::string::npos);
    CHECK(t.out.find("t1.sgf") == std::string::npos);
    CHECK(t.out.find("count   files  code  level") != std::string::npos);
    CHECK(t.out.find("checked 5 files") != std::string::npos);
    const auto both = run("--statistics --show-findings " + dir);
    CHECK(both.out.find("error[E111]") != std::string::npos);
    CHECK(both.out.find("count   files  code  level") > both.out.find("error[E111]"));
    // JSON Lines: the statistics record and the summary, no finding records
    const auto j = run("--format=json --statistics " + dir);
    CHECK(j.out.find("\"file\":") == std::string::npos);
    CHECK(count_of(j.out, "\n") == 2);
    CHECK(j.out.find("{\"statistics\":") == 0);
    const auto jf = run("--format=json --statistics --show-findings " + dir);
    CHECK(count_of(jf.out, "\"file\":") == count_of(run("--format=json " + dir).out, "\"file\":"));
}

TEST_CASE("check: a selection entry that matches nothing under the profile is a warning") {
    using sgf::level_of;
    using sgf::rule;
    temp_dir d;
    const auto f = d.file("dt.sgf", "(;FF[4]GM[1]DT[yesterday]AP[x])");
    // The letters the table gives rules 114 and 110 in an FF[4] file (no hard-coded levels).
    const auto code = [](rule r, sgf::profile p) { return std::string(sgf::code_of(r, sgf::severity_of(level_of(r, p, 4)))); };
    const std::string w114 = code(rule::dt_format, sgf::profile::current);
    const std::string e114 = code(rule::dt_format, sgf::profile::ff4);
    REQUIRE(w114 != e114);
    const auto quiet = run_both("--profile=current " + f);
    const auto r = run_both("--profile=current --ignore " + e114 + " " + f);
    CHECK(r.status == quiet.status);  // a warning does not change the status
    CHECK(r.out == quiet.out);        // ... nor what is reported
    CHECK(r.err.find("sgfcheck: warning: --ignore: " + e114 + " matches nothing under --profile=current: rule 114 (") !=
          std::string::npos);
    CHECK(r.err.find("is " + w114 + " there; use 114 or " + w114) != std::string::npos);
    CHECK(run_both("--profile=current --ignore " + w114 + " " + f).err.find("warning") == std::string::npos);
    CHECK(run_both("--profile=current --ignore 114 " + f).err.find("warning") == std::string::npos);
    // 110 graded W under the default profile: E110 (last version's spelling) is said
    const std::string w110 = code(rule::ap_not_composed, sgf::profile::ff4);
    const std::string other = w110[0] == 'E' ? "W110" : "E110";
    const auto a = run_both("--select " + other + " " + f);
    CHECK(a.err.find("--select: " + other + " matches nothing under --profile=ff4") != std::string::npos);
    CHECK(a.err.find("is " + w110 + " there") != std::string::npos);
    // a rule off under a profile: even its number matches nothing there
    if (level_of(rule::ap_not_composed, sgf::profile::current, 4) == sgf::rule_level::off)
        CHECK(run_both("--profile=current --extend-select 110 " + f).err.find("rule 110 (") != std::string::npos);
    // a config file's entry names the file and key; a prefix no code has under the profile
    const auto cfg = d.file("c/sgfcheck.toml", "ignore = [\"" + other + "\"]\n");
    const auto c = run_both(d.file("c/x.sgf", "(;FF[4]GM[1])"));
    CHECK(c.err.find(cfg + ": ignore: " + other + " matches nothing") != std::string::npos);
    CHECK(c.status == 0);
    CHECK(run_both("--ignore E " + f).err.find("warning") == std::string::npos);
}

TEST_CASE("check: show-settings prints the config file and the merged selection and checks nothing") {
    temp_dir d;
    archive(d);
    const std::string dir = (d.path / "a").string();
    const std::string cfg = d.file("a/sgfcheck.toml", "ignore = \"E1, W\"\nprofile = \"current\"\n");
    const auto r = run("--show-settings --ignore W2 --fail-on=warning " + dir);
    CHECK(r.status == 0);  // the files have errors, but nothing was checked
    CHECK(r.out.find("checked ") == std::string::npos);
    CHECK(r.out.find("E111") == std::string::npos);
    CHECK(r.out.find("config file: " + cfg + " (the nearest above the files)\n") != std::string::npos);
    CHECK(r.out.find("  files: 5") != std::string::npos);
    CHECK(r.out.find("  profile: current (config file)\n") != std::string::npos);
    CHECK(r.out.find("  select: all\n") != std::string::npos);
    CHECK(r.out.find("  ignore: E1, W, W2\n") != std::string::npos);
    CHECK(r.out.find("fail-on: warning\n") != std::string::npos);
    CHECK(r.out.find("baseline: none\n") != std::string::npos);
    const auto n = run("--show-settings --no-config --profile=hex --select E " + dir);
    CHECK(n.out.find("config file: none (--no-config)") != std::string::npos);
    CHECK(n.out.find("  profile: hex (--profile)") != std::string::npos);
    CHECK(n.out.find("  select: E\n") != std::string::npos);
    // no config anywhere above: where it was looked for
    const auto lone = d.file("b/x.sgf", "(;)");
    const auto l = run("--show-settings " + lone);
    if (l.out.find("config file: none") != std::string::npos)  // (unless a folder above the temp dir has one)
        CHECK(l.out.find("no sgfcheck.toml in " + (d.path / "b").string() + " or a folder above it") != std::string::npos);
    else
        CHECK(l.out.find("(the nearest above the files)") != std::string::npos);
}

TEST_CASE("check: summaries and statistics add up diagnostic count") {
    // A diagnostic standing for N findings ("N more") counts N.
    sgf::app::file_tally t;
    sgf::diagnostic one;
    one.code = "E201";
    sgf::diagnostic more = one;
    more.count = 40;
    t.add(one);
    t.add(more);
    sgf::app::run_summary s;
    s.add(t);
    s.add(t);
    CHECK(s.findings[0] == 82);
    CHECK(s.files_with[0] == 2);
    CHECK(s.codes.at("E201").count == 82);
    CHECK(s.codes.at("E201").files == 2);
}

TEST_CASE("check: baseline reports only new findings and survives line shifts") {
    temp_dir d;
    archive(d);
    const std::string dir = (d.path / "a").string();
    const auto base = run("--format=json " + dir);
    const auto bfile = d.file("base.jsonl", base.out);
    // nothing new
    const auto same = run("--baseline " + bfile + " " + dir);
    CHECK(same.status == 0);
    CHECK(same.out.find("0 errors, 0 warnings, 0 infos; 5 known from the baseline") != std::string::npos);
    // shift every line of t1 and add a TM with a unit in a second node: only its two findings
    // (E111 and a second game-info node, E207) are new; TM[5m] on its new line is known
    d.file("a/t1.sgf", "\n\n(;FF[4]GM[1]\nTM[5m]\n;B[aa]TM[2h])");
    const auto shifted = run("--format=json --baseline " + bfile + " " + dir);
    CHECK(shifted.status == 1);
    CHECK(count_of(shifted.out, "\"code\"") == 2);
    CHECK(shifted.out.find("TM[2h]") != std::string::npos);
    CHECK(shifted.out.find("TM[5m]") == std::string::npos);
    // a fixed finding simply disappears; a repeated finding is matched by count
    d.file("a/b/t3.sgf", "(;FF[4]GM[1]C[x]C[y]C[z])");
    const auto rep = run("--format=json --baseline " + bfile + " " + (d.path / "a" / "b").string());
    CHECK(count_of(rep.out, "\"code\":\"E201\"") == 1);
    // a baseline that is not JSON Lines is a usage error naming the line
    const auto bad = run_both("--baseline " + d.file("bad.jsonl", "{\"file\":\"x\"}\nnot json\n") + " " + dir);
    CHECK(bad.status == 2);
    CHECK(bad.err.find("bad.jsonl:2:") != std::string::npos);
    CHECK(run("--baseline " + (d.path / "none.jsonl").string() + " " + dir).status == 2);
    // read as inputs are read: a device with no end of line (/dev/zero: it filled the memory,
    // then was taken as an empty baseline) and a folder are refused saying why; /dev/null is
    // the empty baseline; a FIFO is read as a stream
    for (const std::string& what : {std::string("/dev/zero"), dir}) {
        const auto refused = run_both("--baseline " + what + " " + dir);
        CHECK(refused.status == 2);
        CHECK(refused.err.find("--baseline: cannot read " + what + ": it is a ") != std::string::npos);
    }
    const auto empty = run_both("--baseline /dev/null " + dir);
    CHECK(empty.status == 1);
    CHECK(empty.out.find("; 0 known from the baseline") == std::string::npos);
    const auto piped = sgf_test::run_shell("cat '" + bfile + "' | " + SGF_SGFCHECK + " --baseline /dev/stdin " + dir + " 2>&1");
    const auto from_file = sgf_test::run_shell(std::string(SGF_SGFCHECK) + " --baseline " + bfile + " " + dir + " 2>&1");
    CHECK(piped.status == from_file.status);
    CHECK(piped.out == from_file.out);
    CHECK(piped.out.find(" known from the baseline") != std::string::npos);
}

TEST_CASE("check: baseline matches grouped findings by their count") {
    temp_dir d;
    // An unknown property repeated in one file prints once, "(and 2 more in this file)",
    // JSON "count":3. A fourth one is one new finding, not a new group of four.
    const auto f = d.file("g.sgf", "(;FF[4]GM[1]SZ[19]ZZ[1];ZZ[2];ZZ[3])");
    const auto base = run("--format=json " + f);
    CHECK(base.out.find("(and 2 more in this file)") != std::string::npos);
    CHECK(base.out.find("\"count\":3") != std::string::npos);
    const auto bfile = d.file("base.jsonl", base.out);
    CHECK(run("--baseline " + bfile + " " + f).status == 0);
    d.file("g.sgf", "(;FF[4]GM[1]SZ[19]ZZ[1];ZZ[2];ZZ[3];ZZ[4])");
    const auto more = run("--format=json --baseline " + bfile + " " + f);
    CHECK(count_of(more.out, "\"code\"") == 1);
    CHECK(more.out.find("\"count\"") == std::string::npos);        // one finding: no count
    CHECK(more.out.find("more in this file") == std::string::npos);  // and its message says so
    const auto summary = last_json_line(more.out);
    CHECK(summary.get("summary")->get("baseline_known")->number == 3);
    CHECK(summary.get("summary")->get("warnings")->number + summary.get("summary")->get("errors")->number +
              summary.get("summary")->get("infos")->number == 1);
    // two more than the baseline: one line standing for 2
    d.file("g.sgf", "(;FF[4]GM[1]SZ[19]ZZ[1];ZZ[2];ZZ[3];ZZ[4];ZZ[5])");
    const auto two = run("--format=json --baseline " + bfile + " " + f);
    CHECK(count_of(two.out, "\"code\"") == 1);
    CHECK(two.out.find("\"count\":2") != std::string::npos);
    CHECK(two.out.find("(and 1 more in this file)") != std::string::npos);
    // fewer than the baseline: nothing new
    d.file("g.sgf", "(;FF[4]GM[1]SZ[19]ZZ[1];ZZ[2])");
    CHECK(count_of(run("--format=json --baseline " + bfile + " " + f).out, "\"code\"") == 0);
    // the "N more ... not listed" line past the listing cap is matched by count too
    sgf::diagnostic capped;
    capped.code = "E201";
    capped.count = 5;
    capped.message = "5 more E201 findings (a property twice in a node) from here on, not listed";
    sgf::diagnostic later = capped;
    later.count = 7;
    later.message = "7 more E201 findings (a property twice in a node) from here on, not listed";
    CHECK(sgf::cli::finding_key(capped) == sgf::cli::finding_key(later));
    CHECK(sgf::cli::with_count(later, 2).message == "2 more E201 findings (a property twice in a node) from here on, not listed");
    sgf::diagnostic grouped;
    grouped.code = "W102";
    grouped.count = 4;
    grouped.message = "unknown property ZZ (and 3 more in this file)";
    CHECK(sgf::cli::with_count(grouped, 1).message == "unknown property ZZ");
    CHECK(sgf::cli::with_count(grouped, 3).message == "unknown property ZZ (and 2 more in this file)");
}

TEST_CASE("check: baseline matches file names that are not UTF-8") {
    temp_dir d;
    // JSON writes the name's invalid bytes as \udcXX (Python's surrogateescape), which the
    // baseline reads back as the bytes: the finding is known
    const std::string name = (d.path / "caf\xE9 \xFF.sgf").string();
    d.file("caf\xE9 \xFF.sgf", "(;FF[4]GM[1]TM[5m])");
    const auto base = run("--format=json '" + name + "'");
    CHECK(base.out.find("caf\\udce9 \\udcff.sgf") != std::string::npos);
    const auto bfile = d.file("base.jsonl", base.out);
    const auto again = run("--format=json --baseline " + bfile + " '" + name + "'");
    CHECK(again.status == 0);
    CHECK(count_of(again.out, "\"code\"") == 0);
    CHECK(again.out.find("\"baseline_known\":1") != std::string::npos);
}

TEST_CASE("check: include and exclude globs and directories without SGF files") {
    temp_dir d;
    archive(d);
    d.file("a/notes.txt", "(;FF[4]TM[5m])");
    d.file("a/old/x.sgf", "(;FF[4]TM[5m])");
    const std::string dir = (d.path / "a").string();
    auto files = [&](const std::string& opts) { return run("--format=json " + opts + " " + dir).out; };
    CHECK(files("").find("notes.txt") == std::string::npos);
    CHECK(files("--include '*.txt'").find("notes.txt") != std::string::npos);
    CHECK(files("--include '*.txt'").find("t1.sgf") == std::string::npos);
    CHECK(files("--exclude old").find("old/x.sgf") == std::string::npos);
    CHECK(files("--exclude old").find("t1.sgf") != std::string::npos);
    CHECK(files("--exclude 'b/*,t1.sgf'").find("t3.sgf") == std::string::npos);
    CHECK(files("--exclude 'b/*,t1.sgf'").find("t1.sgf") == std::string::npos);
    CHECK(files("--exclude 'b/*,t1.sgf'").find("t2.sgf") != std::string::npos);
    // a file named on the command line is checked whatever the globs
    CHECK(run("--exclude '*' " + (d.path / "a" / "t1.sgf").string()).status == 1);
    // a directory with nothing to check says so
    fs::create_directories(d.path / "empty" / "sub");
    d.file("empty/sub/readme.txt", "no games here");
    const auto e = run_both((d.path / "empty").string());
    CHECK(e.status == 0);
    CHECK(e.err.find("no .sgf file in this directory or below") != std::string::npos);
    CHECK(e.out.find("checked 0 files") != std::string::npos);
    CHECK(sgf::app::glob_match("*.sgf", "a/b.sgf"));
    CHECK_FALSE(sgf::app::glob_match("*.sgf", "a/b.sgfx"));
}

TEST_CASE("check: colour only when asked or on a terminal without NO_COLOR") {
    temp_dir d;
    const auto f = d.file("e.sgf", "(;FF[4]GM[1]TM[5m])");
    CHECK(run(f).out.find('\x1b') == std::string::npos);  // a pipe: auto = no colour
    CHECK(run("--color=always " + f).out.find("\x1b[1;31merror[E111]:\x1b[0m") != std::string::npos);
    CHECK(run("--color=never " + f).out.find('\x1b') == std::string::npos);
    CHECK(run("--color=sometimes " + f).status == 2);
    // bare --color is always, as GNU ls and grep read it
    CHECK(run("--color " + f).out.find("\x1b[1;31merror[E111]:\x1b[0m") != std::string::npos);
    CHECK(run("--color " + f).status == 1);
    CHECK(run_on_terminal({f}).find("\x1b[1;31merror") != std::string::npos);
    CHECK(run_on_terminal({f}, "1").find('\x1b') == std::string::npos);
    CHECK(run_on_terminal({"--color=never", f}).find('\x1b') == std::string::npos);
}

TEST_CASE("check: progress on a terminal for directory runs only") {
    temp_dir d;
    archive(d);
    const std::string dir = (d.path / "a").string();
    const std::string tty = run_on_terminal({"--color=never", dir});
    CHECK(tty.find("checked 5/5 files (") != std::string::npos);
    CHECK(tty.find("\r\x1b[K") != std::string::npos);  // the line is cleared again
    CHECK(run_on_terminal({"--quiet", dir}).find("files (") == std::string::npos);
    CHECK(run_on_terminal({"--no-progress", dir}).find("files (") == std::string::npos);
    CHECK(run_on_terminal({(d.path / "a" / "t1.sgf").string()}).find("files (") == std::string::npos);
    // never in a pipe
    CHECK(run_both(dir).err.find("files (") == std::string::npos);
}
