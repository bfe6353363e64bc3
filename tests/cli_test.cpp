// The sgfcheck command line, run as a program: exit codes, gcc-style and JSON Lines
// reports, stdin and directories, fmt (atomic replace) and dump; every option's value
// checked, and -- ending the options of every command.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tests/program_util.hpp"
#include "tests/sanitized.hpp"
#include "tests/shared_dir.hpp"
#include "tests/surface_extract.hpp"

namespace fs = std::filesystem;

using sgf_test::run;
using sgf_test::slurp;
using sgf_test::temp_dir;

TEST_CASE("check exit status") {
    temp_dir d;
    CHECK(run(d.file("ok.sgf", "(;FF[4]GM[1]SZ[19];B[pd])")).status == 0);
    CHECK(run(d.file("bad.sgf", "(;FF[4]C[x")).status == 1);
    CHECK(run("check " + d.file("ok2.sgf", "(;)")).status == 0);
    CHECK(run((d.path / "missing.sgf").string()).status == 2);
    CHECK(run("--no-such-option x.sgf").status == 2);
    CHECK(run("").status == 2);
}

TEST_CASE("gcc style report with excerpt and caret") {
    temp_dir d;
    const auto f = d.file("bad.sgf", "(;FF[4]\n;B[aa]C[never closed");
    const auto r = run(f);
    CHECK(r.status == 1);
    CHECK(r.out.find(f + ":2:8: error[E008]: ") != std::string::npos);
    CHECK(r.out.find(" 2 | ;B[aa]C[never closed\n   |        ^\n") != std::string::npos);
    CHECK(r.out.find(f + ":2:21: error[E004]: ") != std::string::npos);
    CHECK(r.out.find("checked 1 file: 1 with errors, 0 with warnings, 0 with infos; 2 errors, 0 warnings, 0 infos\n") !=
          std::string::npos);
}

TEST_CASE("the caret stands under the character that holds the byte") {
    temp_dir d;
    // Big5 D0 9F is no character of Big5 (W023 at each byte), kept verbatim: in the excerpt it
    // reads as U+041F, one column; the finding at its second byte is under it too (it was at
    // the line's start)
    const auto r = run(d.file("b5.sgf", "(;FF[4]CA[Big5]GM[1]C[a\xD0\x9F b])"));
    const std::string line = " 1 | (;FF[4]CA[Big5]GM[1]C[a\xD0\x9F b])\n   |                        ^\n";
    CHECK(r.out.find(":1:24: warning[W023]: bytes D0 ") != std::string::npos);
    CHECK(r.out.find(":1:25: warning[W023]: bytes 9F ") != std::string::npos);
    std::size_t carets = 0;
    for (std::size_t at = r.out.find(line); at != std::string::npos; at = r.out.find(line, at + 1)) ++carets;
    CHECK_MESSAGE(carets == 2, r.out);
}

TEST_CASE("long lines are clipped around the column") {
    temp_dir d;
    std::string line = "(;FF[4]";
    for (int i = 0; i < 5000; ++i) line += ";C[a]";
    line += ";C[a]#;C[b]";
    for (int i = 0; i < 5000; ++i) line += ";C[c]";
    line += ")";
    const auto r = run(d.file("long.sgf", line));
    CHECK(r.status == 1);
    CHECK(r.out.find("error[E012]") != std::string::npos);
    CHECK(r.out.size() < 600);  // an excerpt, not the 60 kB line
    CHECK(r.out.find("...") != std::string::npos);
}

TEST_CASE("json lines output") {
    temp_dir d;
    const auto r = run("--format=json " + d.file("bad.sgf", "x(;FF[4]C[x])"));
    CHECK(r.status == 1);
    CHECK(r.out.find("{\"version\":1,\"file\":") == 0);
    for (std::string_view key : {"\"line\":1", "\"column\":1", "\"byte\":0", "\"severity\":\"error\"", "\"code\":\"E002\"",
                                 "\"message\":"})
        CHECK(r.out.find(key) != std::string::npos);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 2);  // the finding, then the summary record
    CHECK(r.out.find("\n{\"summary\":{\"files\":1,") != std::string::npos);
    CHECK(run("--format=xml x.sgf").status == 2);
}

TEST_CASE("stdin and directories") {
    temp_dir d;
    const auto f = d.file("in.sgf", "(;C[x)");
    const auto r = run("-", f);
    CHECK(r.status == 1);
    CHECK(r.out.find("<stdin>:1:4: error[E008]") != std::string::npos);
    d.file("tree/a.sgf", "(;)");
    d.file("tree/sub/b.SGF", "(;B[aa]");
    d.file("tree/sub/notes.txt", "not sgf");
    const auto dir = run("--format=json " + (d.path / "tree").string());
    CHECK(dir.status == 1);
    CHECK(dir.out.find("b.SGF") != std::string::npos);
    CHECK(dir.out.find("notes.txt") == std::string::npos);
}

TEST_CASE("lenient check turns recoveries into warnings") {
    temp_dir d;
    const auto f = d.file("old.sgf", "(;FF[4]GaMe[1])");
    CHECK(run(f).status == 1);
    const auto r = run("--lenient " + f);
    CHECK(r.status == 0);
    CHECK(r.out.find("warning[W011]") != std::string::npos);  // the letter is the level in effect
}

TEST_CASE("fmt writes canonical SGF and replaces OUT atomically") {
    temp_dir d;
    const auto in = d.file("in.sgf", "( ;FF[4] C[a\\b\\]c] \n ;B[aa] (;W[bb]) (;W[cc]) )");
    const auto out = (d.path / "out.sgf").string();
    d.file("out.sgf", "old content");
    CHECK(run("fmt " + in + " -o " + out).status == 0);
    CHECK(slurp(out) == "(;FF[4]C[ab\\]c]\n;B[aa]\n(;W[bb])\n(;W[cc]))\n");
    CHECK(run("fmt " + in).out == slurp(out));
    // a file with errors is not written
    const auto bad = d.file("bad.sgf", "(;C[x");
    CHECK(run("fmt " + bad + " -o " + out).status == 1);
    CHECK(slurp(out) == "(;FF[4]C[ab\\]c]\n;B[aa]\n(;W[bb])\n(;W[cc]))\n");
    // no temporary files left behind
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(d.path)) ++files;
    CHECK(files == 3);
}

TEST_CASE("dump prints the JSON tree") {
    temp_dir d;
    const auto r = run("dump " + d.file("t.sgf", "(;C[a\\]\\\nb]AB[aa][bb](;B[cc])(;W[dd]))"));
    CHECK(r.status == 0);
    CHECK(r.out ==
          "{\"format\":\"sgf-tree\",\"version\":2,\"trees\":[{\"nodes\":[[[\"C\",[\"a]b\"]],[\"AB\",[\"aa\",\"bb\"]]]],\"variations\":["
          "{\"nodes\":[[[\"B\",[\"cc\"]]]],\"variations\":[]},{\"nodes\":[[[\"W\",[\"dd\"]]]],\"variations\":[]}]}]}\n");
}

TEST_CASE("dump keeps repeated properties and the parts of composed values") {
    temp_dir d;
    // Every JSON reader reads the same: no key repeats (AB twice stays twice, in order).
    CHECK(run("dump " + d.file("r.sgf", "(;AB[aa]AB[bb])")).out ==
          "{\"format\":\"sgf-tree\",\"version\":2,\"trees\":[{\"nodes\":[[[\"AB\",[\"aa\"]],[\"AB\",[\"bb\"]]]],\"variations\":[]}]}\n");
    // an escaped ':' is text, the first unescaped one separates; a value with two unescaped
    // ones has no single split (E107) and is one text as written; C is no compose: one text
    CHECK(run("dump " + d.file("c.sgf", "(;AP[a\\:b:1]AP[a:b\\:1]AP[a:b:1]C[x:y])")).out ==
          "{\"format\":\"sgf-tree\",\"version\":2,\"trees\":[{\"nodes\":[[[\"AP\",[[\"a:b\",\"1\"]]],[\"AP\",[[\"a\",\"b:1\"]]],"
          "[\"AP\",[\"a:b:1\"]],[\"C\",[\"x:y\"]]]],\"variations\":[]}]}\n");
    // invalid UTF-8 is flagged with its bytes, never read as Latin-1
    CHECK(run("dump " + d.file("u.sgf", "(;CA[UTF-8]C[caf\xE9])")).out ==
          "{\"format\":\"sgf-tree\",\"version\":2,\"trees\":[{\"nodes\":[[[\"CA\",[\"UTF-8\"]],[\"C\",[{\"bytes\":\"636166e9\"}]]]],"
          "\"variations\":[]}]}\n");
    // positions and node paths on request
    const auto p = run("dump --positions " + d.file("p.sgf", "(;C[a]\n(;B[aa])(;W[bb]))"));
    CHECK(p.out.find("{\"number\":2,\"path\":{\"tree\":0,\"variations\":[1],\"node\":0},\"line\":2,\"column\":10,\"byte\":16,"
                     "\"properties\":[{\"id\":\"W\",\"line\":2,\"column\":11,\"byte\":17,\"values\":[\"bb\"],"
                     "\"value_positions\":[{\"line\":2,\"column\":12,\"byte\":18}]}]}") != std::string::npos);
}

TEST_CASE("help and version") {
    const auto h = run("--help");
    CHECK(h.status == 0);
    CHECK(h.out.find("Examples:") != std::string::npos);
    const auto v = run("--version");
    CHECK(v.status == 0);
    CHECK(v.out.rfind("sgfcheck ", 0) == 0);
    CHECK(run("version").out == v.out);
    // every command has --help (and help COMMAND says the same)
    for (const std::string c : {"check", "stats", "fmt", "dump", "fix", "conformance", "gen", "diff"}) {
        CAPTURE(c);
        const auto ch = run(c + " --help");
        CHECK(ch.status == 0);
        CHECK(ch.out.find("Usage: sgfcheck " + c) != std::string::npos);
        CHECK(run("help " + c).out == ch.out);
    }
    CHECK(run("help no-such-command").status == 2);
    // help of help and of version; version takes no argument
    for (const char* asked : {"help --help", "help help", "help version", "version --help"}) {
        CAPTURE(asked);
        const auto said = run(asked);
        CHECK(said.status == 0);
        CHECK(said.out.find("Usage: sgfcheck ") != std::string::npos);
    }
    const auto extra = sgf_test::run_both("version extra");
    CHECK(extra.status == 2);
    CHECK(extra.err.find("version takes no arguments") != std::string::npos);
    CHECK(run("--version extra").status == 2);
    CHECK(run("help fmt dump").status == 2);
}

namespace {

// The --options a command's --help names (each once, in order).
std::vector<std::string> long_options(const std::string& help) {
    std::vector<std::string> out;
    for (std::size_t at = help.find("--"); at != std::string::npos; at = help.find("--", at + 2)) {
        std::size_t e = at + 2;
        while (e < help.size() && (std::isalnum(static_cast<unsigned char>(help[e])) || help[e] == '-')) ++e;
        const std::string opt = help.substr(at, e - at);
        if (opt.size() >= 3 && std::find(out.begin(), out.end(), opt) == out.end()) out.push_back(opt);
    }
    return out;
}

const char* const all_commands[] = {"check", "stats", "fmt", "dump", "fix", "conformance", "gen", "diff"};

}  // namespace

TEST_CASE("the man page knows every option of every command") {
    // Every --option of `sgfcheck COMMAND --help` is in docs/sgfcheck.1 (roff spells - as \-),
    // which CMake installs with the completion (tested below by completing each command).
    const std::string man = slurp(fs::path(SGF_SOURCE_DIR) / "docs" / "sgfcheck.1");
    const std::string completion = slurp(fs::path(SGF_SOURCE_DIR) / "docs" / "sgfcheck.bash-completion");
    REQUIRE(!man.empty());
    REQUIRE(!completion.empty());
    std::size_t options = 0;
    for (const std::string command : all_commands) {
        CAPTURE(command);
        CHECK(man.find(command) != std::string::npos);
        CHECK(completion.find(command) != std::string::npos);
        const std::vector<std::string> opts = long_options(run(command + " --help").out);
        CHECK(opts.size() >= 2);
        for (const std::string& opt : opts) {
            ++options;
            CAPTURE(opt);
            std::string roff;
            for (const char c : opt) roff += c == '-' ? std::string("\\-") : std::string(1, c);
            CHECK(man.find(roff) != std::string::npos);
        }
    }
    CHECK(options >= 70);
    const std::string syntax = "bash -n '" + (fs::path(SGF_SOURCE_DIR) / "docs" / "sgfcheck.bash-completion").string() + "'";
    CHECK(std::system(syntax.c_str()) == 0);
}

TEST_CASE("the bash completion completes commands options and values") {
    // Sourced after bash-completion's own functions (it uses _init_completion and _filedir),
    // as an interactive shell has them; each line completed as readline would ask.
    const fs::path framework = "/usr/share/bash-completion/bash_completion";
    if (!fs::exists(framework)) {
        sgf_test::skip_test("needs bash-completion (" + framework.string() +
                            " is missing; Debian bash-completion, which .ci/setup installs)");
        return;
    }
    temp_dir d;
    const std::string script = d.file("complete.sh", R"(source ')" + framework.string() + R"('
source ')" + (fs::path(SGF_SOURCE_DIR) / "docs" / "sgfcheck.bash-completion").string() + R"('
complete -p sgfcheck >/dev/null || exit 3
complete_line() {
  COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
  read -ra COMP_WORDS <<< "$COMP_LINE"
  [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
  COMPREPLY=()
  _sgfcheck sgfcheck "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
  echo "$1 => ${COMPREPLY[*]}"
}
cd ')" + d.path.string() + R"('
complete_line "sgfcheck fm"
complete_line "sgfcheck help d"
complete_line "sgfcheck --sel"
complete_line "sgfcheck check --fail"
complete_line "sgfcheck fmt --in"
complete_line "sgfcheck dump --pos"
complete_line "sgfcheck --format="
complete_line "sgfcheck --profile "
complete_line "sgfcheck --color=al"
complete_line "sgfcheck games/g"
complete_line "sgfcheck diff --mutation lowe"
complete_line "sgfcheck gen --mutation drop_tree"
complete_line "sgfcheck conformance --out "
)" + [] {
        // every command's options, completed from '-'
        std::string lines;
        for (const char* command : all_commands) lines += "complete_line \"sgfcheck " + std::string(command) + " -\"\n";
        return lines;
    }());
    d.file("games/game1.sgf", "(;)");
    // `sgfcheck` on PATH is the program under test (the completion of --mutation asks it).
    d.file("bin/sgfcheck", "#!/bin/sh\nexec '" + std::string(SGF_SGFCHECK) + "' \"$@\"\n");
    fs::permissions(d.path / "bin" / "sgfcheck", fs::perms::owner_all);
    const auto r = sgf_test::run_shell("PATH='" + (d.path / "bin").string() + "':\"$PATH\" bash --norc --noprofile '" + script + "' 2>&1");
    INFO(r.out);
    CHECK(r.status == 0);
    for (const char* want : {"sgfcheck fm => fmt\n", "sgfcheck help d => dump diff\n", "sgfcheck --sel => --select\n",
                             "sgfcheck check --fail => --fail-on\n", "sgfcheck fmt --in => --in-place --include\n",
                             "sgfcheck dump --pos => --positions\n",
                             "sgfcheck --format= => --format=text --format=json --format=sarif\n",
                             "sgfcheck --profile  => ff4 current hex\n", "sgfcheck --color=al => --color=always\n",
                             "sgfcheck games/g => games/game1.sgf\n",
                             "sgfcheck diff --mutation lowe => lowercase lowercase_ident\n",
                             "sgfcheck gen --mutation drop_tree => drop_tree_close\n"})
        CHECK(r.out.find(want) != std::string::npos);
    {  // --out takes a folder: the two of d, in the file system's order, and no file
        const std::size_t at = r.out.find("sgfcheck conformance --out  => ");
        REQUIRE(at != std::string::npos);
        const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
        CHECK((line.find(" games") != std::string::npos && line.find(" bin") != std::string::npos));
        CHECK(line.find(".sgf") == std::string::npos);
    }
    for (const std::string command : all_commands) {
        CAPTURE(command);
        const std::string head = "sgfcheck " + command + " - => ";
        const std::size_t at = r.out.find(head);
        REQUIRE(at != std::string::npos);
        const std::string offered = " " + r.out.substr(at + head.size(), r.out.find('\n', at) - at - head.size()) + " ";
        for (const std::string& opt : long_options(run(command + " --help").out)) {
            CAPTURE(opt);
            CHECK(offered.find(" " + opt + " ") != std::string::npos);
        }
    }
}

namespace {

// The options of `sgfcheck COMMAND --help` that take a value, as the help spells them
// ("--width N", "-o OUT", "--format=text|json", "-j N, --jobs N"): the option and its
// placeholder.
std::vector<std::pair<std::string, std::string>> value_options(const std::string& help) {
    std::vector<std::pair<std::string, std::string>> out;
    for (std::size_t at = help.find('-'); at != std::string::npos; at = help.find('-', at + 1)) {
        if (at > 0 && !std::isspace(static_cast<unsigned char>(help[at - 1])) && help[at - 1] != '[' && help[at - 1] != ',')
            continue;
        std::size_t e = at + 1;
        while (e < help.size() && (std::isalnum(static_cast<unsigned char>(help[e])) || help[e] == '-')) ++e;
        const std::string opt = help.substr(at, e - at);
        if (opt.size() < 2 || opt == "--" || !std::isalpha(static_cast<unsigned char>(opt.back()))) continue;
        if (e >= help.size() || (help[e] != ' ' && help[e] != '=')) continue;
        std::size_t v = e + 1, ve = v;
        while (ve < help.size() && (std::isupper(static_cast<unsigned char>(help[ve])) || help[ve] == '|' ||
                                    (help[e] == '=' && std::islower(static_cast<unsigned char>(help[ve])))))
            ++ve;
        const std::string value = help.substr(v, ve - v);
        if (value.empty() || (help[e] == ' ' && !std::isupper(static_cast<unsigned char>(value[0])))) continue;
        if (ve < help.size() && std::isalpha(static_cast<unsigned char>(help[ve]))) continue;  // a word, not a placeholder
        if (std::find(out.begin(), out.end(), std::pair{opt, value}) == out.end()) out.emplace_back(opt, value);
    }
    return out;
}

}  // namespace

TEST_CASE("every option value is checked: empty and negative and trailing junk and overflow are usage errors") {
    temp_dir d;
    const std::string f = d.file("a.sgf", "(;FF[4]GM[1]SZ[19])");
    std::size_t options = 0, numbers = 0;
    for (const std::string c : {"check", "stats", "fmt", "dump", "fix", "conformance", "gen", "diff"}) {
        const auto opts = value_options(run(c + " --help").out);
        CAPTURE(c);
        CHECK(!opts.empty());
        for (const auto& item : opts) {
            // (named copies: clang does not let CAPTURE's lambda use structured bindings)
            const auto& opt = item.first;
            const auto& placeholder = item.second;
            CAPTURE(opt);
            CAPTURE(placeholder);
            ++options;
            std::vector<std::string> bad = {"''"};  // empty
            if (placeholder == "N" || placeholder == "SECONDS") {
                ++numbers;
                for (const char* v : {"-1", "5x", "' 5'", "+5", "99999999999999999999999", "0x10"}) bad.push_back(v);
            }
            for (const auto& v : bad) {
                CAPTURE(v);
                const std::string spelled = opt.rfind("--", 0) == 0 ? opt + "=" + v : opt + " " + v;
                // (diff needs --impl first; each command reads its options in order)
                const auto r = sgf_test::run_both(c + (c == "diff" ? " --impl true " : " ") + spelled + " " + f);
                CHECK(r.status == 2);
                CHECK(r.err.find(opt) != std::string::npos);
            }
        }
    }
    CHECK(options >= 25);
    CHECK(numbers >= 8);
    // what was silently taken before (issue 20)
    CHECK(sgf_test::run_both("fmt --width=-1 " + f).err.find("--width needs a non-negative whole number") != std::string::npos);
    CHECK(sgf_test::run_both("fmt --charset= " + f).err.find("--charset needs a value") != std::string::npos);
    CHECK(run("fmt --width=40 " + f).status == 0);
}

TEST_CASE("-- ends the options of every command") {
    temp_dir d;
    const std::string dash = d.file("-x.sgf", "(;FF[4]GM[1]SZ[19];B[aa])");
    const fs::path dir = d.path;
    for (const std::string c : {"check", "stats", "fmt", "dump", "fix", "fix --dry-run", "fmt --dry-run"}) {
        CAPTURE(c);
        const auto r = sgf_test::run_shell("cd '" + dir.string() + "' && " + SGF_SGFCHECK + " " + c + " -- -x.sgf 2>&1");
        CHECK(r.status == 0);
        CHECK(r.out.find("unknown option") == std::string::npos);
    }
    CHECK(sgf_test::run_shell("cd '" + dir.string() + "' && " + SGF_SGFCHECK + " dump -x.sgf 2>/dev/null").status == 2);
    CHECK(run("gen --seed 3 --").status == 0);
    CHECK(run("gen --seed 3 -- x").status == 2);  // gen takes no files
}

TEST_CASE("every option of every command runs with a value that works") {
    // One run per option, so that each runs under the sanitizers in CI's ASan build (the
    // surface inventory fuzz/SURFACE.md names this test for the options nothing else runs);
    // and a check that the table below has every option each --help lists.
    temp_dir d;
    const std::string f = d.file("games/a.sgf", "(;FF[4]GM[1]SZ[19]C[x];B[pd];W[dp])");
    d.file("games/b.sgf", "(;FF[3]GaMe[1];B[aa])");
    const std::string config = d.file("sgfcheck.toml", "select = [\"E\", \"W\"]\n");
    const std::string games = (d.path / "games").string();
    const std::string baseline = (d.path / "baseline.jsonl").string();
    REQUIRE(sgf_test::run_shell(std::string(SGF_SGFCHECK) + " --format=json " + games + " > " + baseline).status <= 1);
    const std::vector<std::string> runs = {
        "check --format=json @", "check --format=sarif @", "check --statistics @", "check -q @", "check --quiet @",
        "check --color=always @", "check --no-progress @", "check --select E,W @", "check --extend-select I @",
        "check --ignore W @", "check --fail-on=warning @", "check --baseline BASELINE DIR", "check --profile=current @",
        "check --config CONFIG @", "check --no-config @", "check --isolated @", "check --lenient @",
        "check --charset UTF-8 @", "check --include '*.sgf' --exclude b.sgf DIR", "check -j 2 DIR", "check --jobs 2 DIR",
        "check --show-inherited @", "check --statistics --show-findings @", "check --show-settings DIR",
        "stats DIR", "stats --format=json DIR", "stats --top 3 DIR", "stats -j 1 DIR", "stats --jobs 1 --include '*.sgf' --exclude b.sgf DIR",
        "fmt @", "fmt -o OUT @", "fmt --in-place --backup COPY", "fmt --dry-run @", "fmt --width 40 @", "fmt --charset UTF-8 @",
        "fmt --dry-run --include '*.sgf' --exclude b.sgf DIR", "fmt --pass-tt --expand-points --keep-header @",
        "fmt --compress-points --split COPY",
        "dump @", "dump --lenient @", "dump --charset UTF-8 @", "dump --positions @", "dump --show-inherited --profile=hex @",
        "dump --include '*.sgf' --exclude b.sgf DIR",
        "fix @", "fix -o OUT @", "fix --in-place --backup=.orig COPY", "fix --dry-run @", "fix --charset UTF-8 @",
        "fix --dry-run --include '*.sgf' --exclude b.sgf DIR",
        "fix --delete C --delete-unknown --delete-obsolete --delete-empty-nodes --variation-level @",
        "gen --seed 3", "gen --count 2 -o NEWDIR", "gen --valid", "gen --invalid", "gen --max-bytes 500", "gen --depth 3",
        "gen --width 3", "gen --huge --depth 5", "gen --gm 11", "gen --mutation MUTATION", "gen --no-private", "gen --list",
        "diff --impl true --count 2 --seed 4 --valid --tree --depth 2 --width 2 --max-bytes 300 --minimize 1 --max-tests 5 "
        "--timeout 5 --jobs 1 --out NEWDIR",
        "diff --impl true --count 2 --invalid --parse-only --minimize 0 --out NEWDIR",
        "diff --impl true --count 2 --time-budget 5 --mutation valid --mutation lowercase --no-tree --out NEWDIR",
        "diff --list",
    };
    // gen --list names the mutations; take the first
    const std::string list = run("gen --list").out;
    const std::size_t m = list.find("\n  ", list.find("mutations"));
    REQUIRE(m != std::string::npos);
    const std::string mutation = list.substr(m + 3, list.find(' ', m + 3) - m - 3);
    int k = 0;
    std::map<std::string, std::string> tried;  // command -> its runs, for the check below
    for (const auto& spelled : runs) {
        std::string line = spelled;
        const auto put = [&line](const std::string& what, const std::string& by) {
            for (auto at = line.find(what); at != std::string::npos; at = line.find(what, at + by.size())) line.replace(at, what.size(), by);
        };
        const std::string copy = d.file("copy" + std::to_string(++k) + ".sgf", "(;FF[3]GaMe[1] ;B[aa])");
        put("@", f);
        put("BASELINE", baseline);
        put("CONFIG", config);
        put("NEWDIR", (d.path / ("new" + std::to_string(k))).string());
        put("DIR", games);
        put("OUT", (d.path / ("out" + std::to_string(k) + ".sgf")).string());
        put("COPY", copy);
        put("MUTATION", mutation);
        CAPTURE(line);
        const auto r = sgf_test::run_both(line);
        CHECK(r.status >= 0);
        CHECK(r.status <= 1);
        tried[spelled.substr(0, spelled.find(' '))] += " " + spelled + " ";
    }
    for (const std::string c : {"check", "stats", "fmt", "dump", "fix", "gen", "diff"}) {
        for (const auto& o : surface::options_in_help(run(c + " --help").out)) {
            CAPTURE(c);
            CAPTURE(o);
            if (o != "--help")
                CHECK((tried[c].find(" " + o + " ") != std::string::npos || tried[c].find(" " + o + "=") != std::string::npos));
        }
    }
}

// -j 1024 on a machine that gives fewer threads (here a small RLIMIT_AS: each thread's stack
// takes 8 MB of it): the threads there are do the work, or memory runs out and says so; it
// was std::terminate (abort, exit 134) when a thread could not start
TEST_CASE("-j beyond what the machine gives ends in a result or a message and never an abort") {
    if (sgf_test::sanitized) return;  // (a sanitizer's shadow memory does not fit under the limit)
    sgf_test::temp_dir d;
    for (int k = 0; k < 300; ++k) {
        std::string name = std::to_string(k);  // (appended piece by piece: GCC 12's -Wrestrict, bug 105329)
        name += ".sgf";
        (void)d.file(name, "(;FF[4]GM[1]SZ[19];B[pd];W[dp])");
    }
    for (const std::string cmd : {"-j 1024 -q", "stats -j 1024", "dump"}) {
        CAPTURE(cmd);
        const auto r = sgf_test::run_shell("ulimit -v 400000; " + std::string(SGF_SGFCHECK) + " " + cmd + " '" + d.path.string() + "' 2>&1 >/dev/null");
        CHECK(r.status <= 2);
        if (r.status == 2) CHECK(r.out.find("out of memory (a memory limit such as ulimit -v is reached") != std::string::npos);
    }
}
