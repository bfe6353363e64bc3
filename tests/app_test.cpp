// The application layer (include/sgf/app/) as its front ends use it: the fix guard, the
// selection of one file's findings, the settings' --help, the exit status of a run, and the
// notes of the input walk. (The command line's behaviour over it is tested by running
// sgfcheck: check_cli_test, fix_cli_test, check_inputs_test; the Python module's and the
// WebAssembly build's by their suites.)
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <sys/stat.h>

#include "sgf/app/arguments.hpp"
#include "sgf/app/fix.hpp"
#include "sgf/app/inputs.hpp"
#include "sgf/app/settings.hpp"
#include "sgf/app/summary.hpp"
#include "sgf/check_file.hpp"
#include "sgf/parse.hpp"
#include "sgf/write.hpp"
#include "tests/program_util.hpp"
#include "tests/shared_dir.hpp"
#include "tests/test_util.hpp"

namespace fs = std::filesystem;

namespace {

constexpr std::string_view clean = "(;FF[4]CA[UTF-8]GM[1]SZ[19];B[pd];W[dp])";

sgf::fix_result fix_result_of(std::string_view output, std::vector<sgf::diagnostic> said = {}) {
    return {sgf::parse(output).trees, std::move(said)};
}

}  // namespace

TEST_CASE("app: the fix guard keeps a clean file clean whoever finds the error in the output") {
    const sgf::load_options lenient{true, ""};
    const sgf::load_result input = sgf::load(sgf::file_bytes(clean), lenient);
    REQUIRE(sgf::check_file(sgf::file_bytes(clean)).ok());

    // what fix really does with it: nothing to say, nothing to refuse
    const sgf::app::checked_fix real = sgf::app::fix_checked(input, lenient);
    CHECK(real.errors == 0);
    CHECK(real.remaining.empty());
    CHECK_FALSE(real.breaks_clean_file);
    CHECK(sgf::write(real.fixed.trees) == sgf::write(sgf::parse(clean).trees));  // unchanged

    // an output the checker finds an error in (E201: C twice): refused
    const auto by_checker = sgf::app::judge_fix(input, fix_result_of("(;FF[4]CA[UTF-8]C[a]C[b])"), lenient);
    CHECK(by_checker.remaining.size() == 1);
    CHECK(by_checker.errors == 1);
    CHECK(by_checker.breaks_clean_file);
    // judged by the check of the input that matching the output's findings needed (no second one)
    CHECK(by_checker.remains.input_errors == std::optional<bool>(false));

    // an error fix reports itself (an identifier it keeps as written, E016) in a clean output:
    // refused too. (The Python and WebAssembly copies of the guard did not count these.)
    std::vector<sgf::diagnostic> own{sgf::make_diagnostic(sgf::rule::ident_without_upper, sgf::severity::error)};
    const auto by_fix = sgf::app::judge_fix(input, fix_result_of(clean, own), lenient);
    CHECK(by_fix.remaining.empty());
    CHECK(by_fix.errors == 1);
    CHECK(by_fix.breaks_clean_file);
    CHECK_FALSE(by_fix.remains.input_errors.has_value());  // nothing to match: the guard checks the input itself

    // fix's findings at level info are no errors
    std::vector<sgf::diagnostic> info{sgf::make_diagnostic(sgf::rule::ident_without_upper, sgf::severity::info)};
    CHECK_FALSE(sgf::app::judge_fix(input, fix_result_of(clean, info), lenient).breaks_clean_file);
}

// what fix says is listed as check lists its findings: at most 1,000 of one kind, the rest
// counted in one "N more" finding (100,000 lowercase identifiers were 36 MB of stderr); the
// counts of the run's summary stay whole
TEST_CASE("app: what fix says lists at most 1000 of one kind and counts the rest") {
    std::string text = "(;FF[3]";
    for (int k = 0; k < 1500; ++k)  // xAAA[] ... (piece by piece: GCC 12's -Wrestrict, bug 105329)
        for (const char c : {'x', static_cast<char>('A' + k % 26), static_cast<char>('A' + k / 26 % 26), static_cast<char>('A' + k / 676), '[', ']'})
            text.push_back(c);
    text += "C[a])";
    const sgf::load_options lenient{true, ""};
    const sgf::load_result input = sgf::load(sgf::file_bytes(text), lenient);
    const sgf::app::checked_fix g = sgf::app::fix_checked(input, lenient);
    std::size_t listed = 0;
    const sgf::diagnostic* summary = nullptr;
    for (const sgf::diagnostic& d : g.said) {
        if (d.id != sgf::rule::lowercase_ident) continue;
        if (d.message.find("more I011 findings") != std::string::npos) {
            CHECK(summary == nullptr);
            summary = &d;
        } else {
            ++listed;
        }
    }
    CHECK(listed == 1000);
    REQUIRE(summary != nullptr);
    CHECK(summary->count == 500);
    CHECK(summary->message.rfind("500 more I011 findings (", 0) == 0);
    CHECK(summary->hint == "sgfcheck lists at most 1000 findings of one kind per file");
    CHECK(summary->where.byte > 0);
    // where the 1,001st stood: after the 1,000 listed, in the list's order
    CHECK(std::find_if(g.said.begin(), g.said.end(), [&](const sgf::diagnostic& d) { return &d == summary; }) >
          std::find_if(g.said.begin(), g.said.end(), [](const sgf::diagnostic& d) { return d.id == sgf::rule::lowercase_ident; }) + 999);
    sgf::fix_tally tally;
    tally.add(g.said, g.remains, true, false);
    CHECK(tally.changes["I011 lowercase_ident"] == 1500);
    // the fixed tree is whole: every identifier written
    CHECK(sgf::write(g.fixed.trees).find("AZB[]") != std::string::npos);
}

TEST_CASE("app: the fix guard lets errors through when the input had errors already") {
    const std::string dirty = "(;FF[4]C[a]C[b])";  // E201 in the input
    const sgf::load_options lenient{true, ""};
    const sgf::load_result input = sgf::load(sgf::file_bytes(dirty), lenient);
    REQUIRE_FALSE(sgf::check_file(sgf::file_bytes(dirty)).ok());
    const auto g = sgf::app::judge_fix(input, fix_result_of("(;FF[4]CA[UTF-8]C[a]C[b])"), lenient);
    CHECK(g.errors == 1);
    CHECK(g.remains.input_errors == std::optional<bool>(true));
    CHECK_FALSE(g.breaks_clean_file);  // reported as errors fix cannot repair, not as a bug of fix
    // what fix says about its input is fix_findings'
    const sgf::fix_result f = sgf::fix(input);
    CHECK(sgf::app::fix_checked(input, lenient).said.size() == sgf::fix_findings(input, f).size());
}

// The input is checked only in the game trees whose output has a finding (fix writes one for
// each of the input's): an output finding is matched in its own game tree, and an input error
// elsewhere is not known from that check, so the guard checks the input whole.
TEST_CASE("app: what remains is matched in its own game tree and the guard sees the whole input") {
    const std::string two = "(;FF[4]CA[UTF-8]C[a]C[b])(;FF[4]CA[UTF-8]C[a])";  // E201 in the first only
    const sgf::load_options lenient{true, ""};
    const sgf::load_result input = sgf::load(sgf::file_bytes(two), lenient);
    REQUIRE_FALSE(sgf::check_file(sgf::file_bytes(two)).ok());
    // an output (not fix's) that repairs the first game tree and makes E201 in the second
    const auto g = sgf::app::judge_fix(input, fix_result_of("(;FF[4]CA[UTF-8]C[a])(;FF[4]CA[UTF-8]C[a]C[b])"), lenient);
    CHECK(g.errors == 1);
    REQUIRE(g.remains.made.size() == 1);  // the first game tree's E201 does not stand for it
    CHECK(g.remains.made[0].id == sgf::rule::duplicate_property);
    CHECK(g.remains.left.empty());
    CHECK_FALSE(g.remains.input_errors.has_value());  // the second game tree alone was checked
    CHECK_FALSE(g.breaks_clean_file);  // the input fails the check (its first game tree)
    // the same error left where the input had it: matched, and the input's error is known
    const auto kept = sgf::app::judge_fix(input, fix_result_of("(;FF[4]CA[UTF-8]C[a]C[b])(;FF[4]CA[UTF-8]C[a])"), lenient);
    CHECK(kept.remains.made.empty());
    CHECK(kept.remains.left.size() == 1);
    CHECK(kept.remains.input_errors == std::optional<bool>(true));
    CHECK_FALSE(kept.breaks_clean_file);
}

TEST_CASE("app: the guard checks the input in the charset it was loaded with") {
    // Latin-1 bytes under --charset ISO-8859-1 are clean; the same bytes guessed would not be
    const std::string latin1 = "(;FF[4]GM[1]C[caf\xE9])";
    const sgf::load_options given{true, "ISO-8859-1"};
    REQUIRE(sgf::check_file(sgf::file_bytes(latin1), {false, "ISO-8859-1"}).ok());
    const auto g = sgf::app::judge_fix(sgf::load(sgf::file_bytes(latin1), given), fix_result_of("(;FF[4]C[a]C[b])"), given);
    CHECK(g.breaks_clean_file);
}

// passes_strict_check judges a lenient load without a recovery by its findings and the
// checker's (no second parse): the same answer as the strict check of the bytes.
TEST_CASE("app: passes_strict_check agrees with check_file on the corpus and on recovered files") {
    const sgf::load_options lenient{true, ""};
    const auto agrees = [&](const std::string& bytes, const std::string& name) {
        const sgf::load_result input = sgf::load(sgf::file_bytes(bytes), lenient);
        INFO(name);
        CHECK(sgf::app::passes_strict_check(input, lenient) == sgf::check_file(sgf::file_bytes(bytes)).ok());
    };
    for (const std::string& text : {std::string(clean), std::string("(;FF[4]C[a]C[b])"), std::string("(;FF[4]GM[1];B[pd]"),
                                   std::string("(;FF[4]GM[1];B[pd] junk ;W[dd])"), std::string("(;GM[1]SZ[19]HA[0])")})
        agrees(text, text);
    SGF_NEEDS_SHARED("corpus");
    std::size_t files = 0, passing = 0;
    for (const char* folder : {"broken", "encodings", "joseki", "legacy", "othergames"})
        for (const fs::path& path : sgf_test::files_under(sgf_test::shared_dir() / "corpus" / folder)) {
            std::ifstream in(path, std::ios::binary);
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            agrees(bytes, path.string());
            ++files;
            passing += sgf::check_file(sgf::file_bytes(bytes)).ok();
        }
    CHECK(files > 100);
    CHECK(passing > 0);  // both answers occur
    CHECK(passing < files);
}

TEST_CASE("app: check_selected keeps the findings the selection reports") {
    const std::string text = "(;FF[4]GM[1]SZ[19]TM[5m]C[a]C[b]ZZ[x])";
    sgf::app::check_request r;
    const sgf::file_check all = sgf::app::check_selected(text, r);
    const sgf::file_check direct = sgf::check_file(sgf::file_bytes(text));
    REQUIRE(all.diagnostics.size() == direct.diagnostics.size());
    REQUIRE(all.diagnostics.size() >= 3);
    r.selection.select = sgf::app::parse_selectors("E", "test");
    const sgf::file_check errors = sgf::app::check_selected(text, r);
    CHECK_FALSE(errors.diagnostics.empty());
    for (const auto& d : errors.diagnostics) CHECK(d.level == sgf::severity::error);
    std::size_t direct_errors = 0;
    for (const auto& d : direct.diagnostics) direct_errors += d.level == sgf::severity::error;
    CHECK(errors.diagnostics.size() == direct_errors);
    // request_for: the settings' --lenient and --charset, the file's rules
    sgf::app::check_settings s;
    s.lenient = true;
    s.charset = "UTF-8";
    sgf::app::file_rules rules;
    rules.prof = sgf::profile::current;
    const sgf::app::check_request q = sgf::app::request_for(s, rules);
    CHECK(q.load.lenient);
    CHECK(q.load.charset == "UTF-8");
    CHECK(q.check.prof == sgf::profile::current);
}

TEST_CASE("app: --help stops reading the settings and the front end shows the help") {
    const auto s = sgf::app::parse_check_settings({"--format=json", "--help", "--no-such-option"});
    CHECK(s.help);
    CHECK(s.format == sgf::app::output_format::json);
    CHECK_THROWS_AS((void)sgf::app::parse_check_settings({"--no-such-option", "--help"}), sgf::app::usage_error);
    CHECK_THROWS_AS((void)sgf::app::parse_check_settings({"-q"}), sgf::app::usage_error);  // no input files
    CHECK_FALSE(sgf::app::parse_check_settings({"x.sgf"}).help);
}

TEST_CASE("app: a run's exit status") {
    sgf::app::run_summary sum;
    CHECK(sum.exit_status(sgf::severity::error) == sgf::app::exit_ok);
    sgf::app::file_tally t;
    t.add(sgf::make_diagnostic(sgf::rule::unknown_property, sgf::severity::warning));
    sum.add(t);
    CHECK(sum.exit_status(sgf::severity::error) == sgf::app::exit_ok);
    CHECK(sum.exit_status(sgf::severity::warning) == sgf::app::exit_errors);
    CHECK(sum.exit_status(sgf::severity::info) == sgf::app::exit_errors);
    ++sum.unreadable;
    CHECK(sum.exit_status(sgf::severity::info) == sgf::app::exit_usage);
}

TEST_CASE("app: the input walk says what it leaves out instead of printing it") {
    sgf_test::temp_dir d;
    fs::create_directories(d.path / "games" / "sub");
    fs::create_directories(d.path / "empty");
    std::ofstream(d.path / "games" / "sub" / "b.sgf") << "(;)";
    std::ofstream(d.path / "games" / "a.SGF") << "(;)";
    std::ofstream(d.path / "games" / "notes.txt") << "x";
    REQUIRE(::mkfifo((d.path / "games" / "pipe.sgf").c_str(), 0600) == 0);
    const std::string games = (d.path / "games").string(), empty = (d.path / "empty").string();
    const sgf::app::input_list l = sgf::app::expand_inputs({games, empty, games + "/a.SGF"});
    CHECK(l.any_directory);
    REQUIRE(l.files.size() == 2);  // sorted, each once; the FIFO is not read
    CHECK(l.files[0] == games + "/a.SGF");
    CHECK(l.files[1] == games + "/sub/b.sgf");
    REQUIRE(l.notes.size() == 2);
    CHECK(l.notes[0] == games + "/pipe.sgf: a FIFO, not a regular file: skipped");
    CHECK(l.notes[1] == empty + ": no .sgf file in this directory or below");
}
