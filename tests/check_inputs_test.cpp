// sgfcheck check on what it is given, run as a program: globs in any case, folders excluded
// by a trailing slash or by the path with the directory argument, each file checked once
// however often it is named or found, dangling links and unreadable files reported (a JSON
// record), and file names escaped in text output so that they cannot drive the terminal.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "sgf/app/text.hpp"
#include "tests/program_util.hpp"
#include "tools/json_value.hpp"

namespace fs = std::filesystem;

using sgf_test::run;
using sgf_test::run_both;
using sgf_test::temp_dir;

namespace {

std::size_t count_of(const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

// A path in single quotes for the shell (the names here hold no quote). Built by appending:
// "'" + std::string&& trips GCC 12's -Wrestrict false positive (GCC bug 105329).
std::string quoted(const fs::path& p) {
    std::string s(1, '\'');
    s += p.string();
    s += '\'';
    return s;
}

}  // namespace

TEST_CASE("check: globs match in any case and exclude folders by slash or full path") {
    temp_dir d;
    d.file("inc/a/UP.SGF", "(;FF[4]GM[1]TM[5m])");
    d.file("inc/a/low.sgf", "(;FF[4]GM[1]TM[5m])");
    d.file("inc/a/skip/x.sgf", "(;FF[4]GM[1]TM[5m])");
    d.file("inc/skip.sgf", "(;FF[4]GM[1]TM[5m])");  // a file named like the folder
    const std::string inc = (d.path / "inc").string();
    auto files = [&](const std::string& opts, const std::string& where) {
        return run("--format=json " + opts + " " + where).out;
    };
    // an explicit --include matches any case, as the default *.sgf does
    CHECK(files("", inc).find("UP.SGF") != std::string::npos);
    CHECK(files("--include '*.sgf'", inc).find("UP.SGF") != std::string::npos);
    CHECK(files("--exclude '*.SGF'", inc).find("low.sgf") == std::string::npos);
    // a trailing slash: folders only (the folder skip/ goes, the file skip.sgf stays)
    const auto slash = files("--exclude skip/", inc);
    CHECK(slash.find("skip/x.sgf") == std::string::npos);
    CHECK(slash.find("low.sgf") != std::string::npos);
    const auto slash2 = files("--exclude 'skip*/'", inc);
    CHECK(slash2.find("skip/x.sgf") == std::string::npos);
    CHECK(slash2.find("inc/skip.sgf") != std::string::npos);
    // the path with the directory argument in it, as the user sees it
    auto in_dir = [&](const std::string& args) {
        return sgf_test::run_shell("cd '" + d.path.string() + "' && " + SGF_SGFCHECK + " " + args + " 2>/dev/null").out;
    };
    const auto full = in_dir("--format=json --exclude inc/a/skip inc");
    CHECK(full.find("skip/x.sgf") == std::string::npos);
    CHECK(full.find("low.sgf") != std::string::npos);
    CHECK(in_dir("--format=json --exclude inc/a/skip ./inc/").find("skip/x.sgf") == std::string::npos);
}

TEST_CASE("check: each file once and dangling links reported") {
    temp_dir d;
    d.file("inc/a/x.sgf", "(;FF[4]GM[1]TM[5m])");
    d.file("inc/y.sgf", "(;FF[4]GM[1]TM[5m])");
    const std::string inc = (d.path / "inc").string();
    // a folder and a folder inside it, a file twice, and ./ spellings: each file once
    const auto r = run("--format=json " + inc + " " + inc + "/a " + inc + "/a/x.sgf " + inc + "/./y.sgf");
    CHECK(count_of(r.out, "\"code\":\"E111\"") == 2);
    CHECK(r.out.find("\"files\":2") != std::string::npos);
    // a symbolic link to nowhere below a folder is unreadable, not skipped
    fs::create_symlink(d.path / "gone.sgf", d.path / "inc" / "dangling.sgf");
    const auto dangling = run_both("--format=json " + inc);
    CHECK(dangling.status == 2);
    CHECK(dangling.err.find("dangling.sgf") != std::string::npos);
    CHECK(dangling.out.find("\"error\":") != std::string::npos);
    CHECK(dangling.out.find("\"unreadable\":1") != std::string::npos);
    // a link to a folder is still not followed, and one named other than *.sgf not taken
    fs::create_symlink(d.path / "nothing", d.path / "inc" / "notes.txt");
    CHECK(run_both("--format=json " + inc).out.find("notes.txt") == std::string::npos);
}

TEST_CASE("check: an unreadable file is a JSON record and names are escaped in text") {
    temp_dir d;
    const std::string missing = (d.path / "missing.sgf").string();
    const auto r = run_both("--format=json " + missing);
    CHECK(r.status == 2);
    const auto record = sgf::tools::parse_json(r.out.substr(0, r.out.find('\n')));
    CHECK(record.get("version")->number == 1);
    CHECK(record.get("file")->text == missing);
    CHECK(record.get("error")->text.find("missing.sgf") != std::string::npos);
    CHECK(record.get("code") == nullptr);
    CHECK(r.err.find("missing.sgf") != std::string::npos);
    // control characters in a name never reach the terminal as they are
    const std::string evil = "x\x1b]0;owned\x07\x1b[2J\xC2\x9B.sgf";
    d.file(evil, "(;FF[4]GM[1]TM[5m])");
    const auto text = run_both(quoted(d.path / evil));
    CHECK(text.status == 1);
    CHECK(text.out.find('\x1b') == std::string::npos);
    CHECK(text.out.find('\x07') == std::string::npos);
    CHECK(text.out.find("x\\x1b]0;owned\\x07\\x1b[2J\\xc2\\x9b.sgf:1:15: error[E111]") != std::string::npos);
    const auto gone = run_both(quoted(d.path / ("gone" + evil)));
    CHECK(gone.err.find('\x1b') == std::string::npos);
    CHECK(gone.err.find("gonex\\x1b]0;owned") != std::string::npos);
    // JSON keeps the name (escaped as JSON escapes it)
    CHECK(run("--format=json " + quoted(d.path / evil)).out.find("x\\u001b]0;owned\\u0007") != std::string::npos);
    // one line: line breaks and tabs as values in messages show them
    CHECK(sgf::app::printable("a\nb\r\tc.sgf") == "a\\nb\\r\\tc.sgf");
    CHECK(sgf::app::printable("caf\xC3\xA9 \xE9\x7f") == "caf\xC3\xA9 \\xe9\\x7f");
}
