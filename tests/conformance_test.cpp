// The conformance corpus (conformance/cases) run against the library: every case's
// diagnostics (codes and positions) and JSON tree must be exactly its .expect; every
// diagnostic code must be triggered by some case. See conformance/README.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "tools/conformance/corpus.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/fix.hpp"
#include "sgf/input.hpp"
#include "sgf/write.hpp"

namespace {

namespace fs = std::filesystem;
namespace conf = sgf::conformance;

fs::path conformance_dir() { return fs::path(SGF_SOURCE_DIR) / "conformance"; }

std::vector<conf::case_file> all_cases() { return conf::list_cases(conformance_dir() / "cases"); }

// The letter of a code is its level.
bool is_error(const std::string& code) { return !code.empty() && code[0] == 'E'; }

// The fix_options of a case's fix-option lines (the names of sgfcheck fix's options).
sgf::fix_options fix_options_of(const conf::expectation& e) {
    sgf::fix_options o;
    for (const std::string& name : e.fix_options) {
        if (name == "delete-unknown") o.delete_unknown = true;
        else if (name == "delete-obsolete") o.delete_obsolete = true;
        else if (name == "delete-empty-nodes") o.delete_empty_nodes = true;
        else if (name == "variation-level") o.variation_level = true;
        else if (name.starts_with("delete ")) o.delete_properties.push_back(name.substr(7));
        else FAIL("unknown fix-option " << name);
    }
    return o;
}

// sgfcheck fix on a case with fix lines: its findings, its output, and a second fix that
// changes nothing and says nothing but what it leaves as it is again (a warning of fix's own,
// W308), with the same options.
void check_fix(const conf::expectation& e, const std::string& bytes) {
    const sgf::load_result in = sgf::load(sgf::file_bytes(bytes), {.lenient = true});
    const sgf::fix_options options = fix_options_of(e);
    const sgf::fix_result f = sgf::fix(in, options);
    const auto said = conf::as_expected(f.diagnostics);
    INFO("fix expected: ", conf::join(e.fix));
    INFO("fix said:     ", conf::join(said));
    CHECK(said == e.fix);
    const std::string out = sgf::write(f.trees);
    if (e.fixed) CHECK(out == *e.fixed);
    const sgf::fix_result again = sgf::fix(sgf::load(sgf::file_bytes(out), {.lenient = true}), options);
    CHECK(sgf::write(again.trees) == out);
    for (const auto& d : again.diagnostics) {
        INFO("said by a second fix: ", d.code, " ", d.message);
        CHECK((d.level == sgf::severity::warning && sgf::info(d.id).stage == sgf::rule_stage::fix));
    }
}

// Runs one case and checks it against its expectation.
void check_case(const conf::case_file& c) {
    CAPTURE(c.name);
    const conf::expectation e = conf::read_expectation(c);
    if (e.pending) return;
    if (e.fix_given && !e.known_bug) check_fix(e, conf::case_bytes(c));
    conf::our_result r = conf::run_ours(conf::case_bytes(c), e.prof);
    const auto got = conf::as_expected(r.diagnostics);
    const bool tree_ok = !e.tree || *e.tree == r.tree;
    if (e.known_bug) {
        // Reported, not fixed: keep it visible, and fail once it is fixed so the marker goes.
        INFO("known bug: ", *e.known_bug);
        INFO("sgfcheck now agrees with the expectation: remove the known-bug line");
        CHECK_FALSE((got == e.diagnostics && tree_ok));
        return;
    }
    INFO("expected: ", conf::join(e.diagnostics));
    INFO("got:      ", conf::join(got));
    CHECK(got == e.diagnostics);
    if (e.tree) {
        const std::string& want = *e.tree;
        INFO("expected tree: ", want.size() > 2000 ? want.substr(0, 2000) + "..." : want);
        INFO("got tree:      ", r.tree.size() > 2000 ? r.tree.substr(0, 2000) + "..." : r.tree);
        CHECK(tree_ok);
    }
    switch (c.expected) {
        case conf::expected_kind::accept: CHECK(r.accepted); break;
        case conf::expected_kind::reject: CHECK_FALSE(r.accepted); break;
        case conf::expected_kind::either: break;
    }
}

}  // namespace

TEST_CASE("conformance corpus files are well formed") {
    const fs::path dir = conformance_dir() / "cases";
    REQUIRE(fs::is_directory(dir));
    std::set<std::string> names;
    for (const auto& c : all_cases()) {
        CAPTURE(c.name);
        CHECK_MESSAGE(!c.area.empty(), "name must be <y|n|i>_<area>_<what> with an area of design.md");
        CHECK_MESSAGE(names.insert(c.name).second, "a case is both .sgf and .gen");
        if (!c.generated) CHECK_MESSAGE(fs::file_size(c.path) < 64 * 1024, "committed cases stay below 64 KB");
        conf::expectation e;
        REQUIRE_NOTHROW(e = conf::read_expectation(c));
        for (const auto* list : {&e.diagnostics, &e.fix})
            for (const auto& d : *list) {
                CAPTURE(d.code);
                CHECK_MESSAGE(sgf::find_rule(d.code) != nullptr, "unknown diagnostic code");
            }
        for (const auto& d : e.diagnostics) {  // what check says: never a change of fix
            CAPTURE(d.code);
            if (const auto* r = sgf::find_rule(d.code)) CHECK(r->stage != sgf::rule_stage::fix);
        }
        if (e.pending) {
            CHECK_MESSAGE(e.diagnostics.empty(), "a pending case lists no codes yet");
            continue;
        }
        const bool has_error = std::any_of(e.diagnostics.begin(), e.diagnostics.end(),
                                           [](const conf::expected_diagnostic& d) { return is_error(d.code); });
        if (c.expected == conf::expected_kind::accept) {
            CHECK_MESSAGE(!has_error, "a y_ case expects no error");
            CHECK_MESSAGE(e.tree.has_value(), "a y_ case needs its JSON tree");
        }
        if (c.expected == conf::expected_kind::reject) CHECK_MESSAGE(has_error, "an n_ case expects an error");
    }
    // Nothing else lies in cases/: every .expect and .json belongs to a case.
    for (const auto& f : fs::directory_iterator(dir)) {
        const std::string ext = f.path().extension().string();
        CAPTURE(f.path().filename().string());
        CHECK((ext == ".sgf" || ext == ".gen" || ext == ".expect" || ext == ".json"));
        if (ext == ".expect" || ext == ".json") CHECK(names.count(f.path().stem().string()) == 1);
    }
}

TEST_CASE("conformance committed cases give exactly their expected diagnostics and trees") {
    std::size_t run = 0;
    for (const auto& c : all_cases())
        if (!c.generated && !c.area.empty()) {
            check_case(c);
            ++run;
        }
    CHECK(run >= 150);
}

TEST_CASE("conformance generated cases give exactly their expected diagnostics and trees") {
    // Deep and wide nesting (a million levels), long sequences, a 10 MiB value and the
    // 2 GiB file: built from their recipes in memory, never committed. On a machine without
    // the memory, SGF_CONFORMANCE_SKIP_HUGE=1 skips cases above 1 GiB (and says so).
    const char* skip = std::getenv("SGF_CONFORMANCE_SKIP_HUGE");
    std::size_t run = 0, skipped = 0;
    for (const auto& c : all_cases()) {
        if (!c.generated || c.area.empty()) continue;
        if (skip && *skip && std::string(skip) != "0" &&
            conf::parse_recipe(conf::read_all(c.path)).size() > (std::uint64_t{1} << 30)) {
            MESSAGE("skipped (SGF_CONFORMANCE_SKIP_HUGE): ", c.name);
            ++skipped;
            continue;
        }
        check_case(c);
        ++run;
    }
    // The recipes were found and run (a wrong folder or extension would run none): 13 when
    // written, of which one (the 2 GiB file) is above 1 GiB.
    CHECK(run + skipped >= 13);
    CHECK(skipped <= 1);
}

TEST_CASE("every rule is triggered by at least one conformance case") {
    // A rule counts when a case that the suite checks exactly (not pending, not a known
    // bug) expects it, at any level, of check or (the changes of sgfcheck fix, 3xx) of fix.
    // Generic over all_rules(): a new rule fails here until it has a case.
    std::set<sgf::rule> covered;
    for (const auto& c : all_cases()) {
        if (c.area.empty()) continue;
        const conf::expectation e = conf::read_expectation(c);
        if (e.pending || e.known_bug) continue;
        for (const auto* list : {&e.diagnostics, &e.fix})
            for (const auto& d : *list)
                if (const auto* r = sgf::find_rule(d.code)) covered.insert(r->id);
    }
    for (const auto& r : sgf::all_rules()) {
        CAPTURE(r.name);
        // charset_option needs a caller's option (--charset), which a case file cannot give:
        // the unit tests of the input stage trigger it (tests/encoding_test.cpp).
        if (r.id == sgf::rule::charset_option) continue;
        CHECK_MESSAGE(covered.count(r.id) == 1, "no conformance case triggers this rule");
    }
}

TEST_CASE("every conformance case is listed in SOURCES.md once with its anchor and the counts are right") {
    const std::string sources = conf::read_all(conformance_dir() / "SOURCES.md");
    // y_ n_ i_ and pending per area, as the table "Counts" gives them
    std::map<std::string, std::array<std::size_t, 4>> counts;
    for (const auto& c : all_cases()) {
        CAPTURE(c.name);
        // the row starts with an anchor of the case's name: the conformance page links to it
        const std::string row = "| <a id=\"" + c.name + "\"></a>`" + c.name + "` |";
        const auto at = sources.find(row);
        CHECK_MESSAGE(at != std::string::npos, "no row (with its anchor) in SOURCES.md");
        CHECK_MESSAGE(sources.find("`" + c.name + "` |", at + row.size()) == std::string::npos, "listed twice");
        if (c.expected == conf::expected_kind::either)  // every i_ case is explained
            CHECK(sources.find("- `" + c.name + "`: ") != std::string::npos);
        if (c.area.empty()) continue;
        auto& n = counts[c.area];
        ++n[c.expected == conf::expected_kind::accept ? 0 : c.expected == conf::expected_kind::reject ? 1 : 2];
        if (conf::read_expectation(c).pending) ++n[3];
    }
    const auto count_row = [](const std::string& first, const std::array<std::size_t, 4>& n) {
        return "| " + first + " | " + std::to_string(n[0]) + " | " + std::to_string(n[1]) + " | " + std::to_string(n[2]) +
               " | " + std::to_string(n[3]) + " |\n";
    };
    std::array<std::size_t, 4> all{};
    for (const auto& entry : counts) {  // (no structured binding: clang 14 cannot capture one)
        const std::string& area = entry.first;
        const auto& n = entry.second;
        CAPTURE(area);
        CHECK(sources.find(count_row(area, n)) != std::string::npos);
        for (std::size_t k = 0; k < 4; ++k) all[k] += n[k];
    }
    const std::string total = "**all (" + std::to_string(all[0] + all[1] + all[2]) + ")**";
    CAPTURE(total);
    CHECK(sources.find(count_row(total, all)) != std::string::npos);
}

TEST_CASE("pending and known-bug conformance cases say what they wait for") {
    // A pending case waits for the checker (the suite skips it, the runner uses its verdict
    // only), a known-bug case for a fix: each marker says why, and is listed here.
    std::string pending;
    std::size_t n = 0;
    for (const auto& c : all_cases()) {
        if (c.area.empty()) continue;
        const auto e = conf::read_expectation(c);
        CAPTURE(c.name);
        if (e.pending) {
            CHECK_MESSAGE(!e.pending->empty(), "'pending' without what it waits for");
            pending += "\n  " + c.name + ": " + *e.pending;
            ++n;
        }
        if (e.known_bug) CHECK_MESSAGE(!e.known_bug->empty(), "'known-bug' without what the bug is");
    }
    if (n) MESSAGE(n, " pending case(s) wait for the checker (skipped):", pending);

    // The markers as read_expectation reads them, on a case written here (the corpus may hold
    // none: then the loop above checks nothing, this does).
    const fs::path dir = fs::temp_directory_path() / ("sgfcheck_pending_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    conf::case_file c{"n_value_marker", dir / "n_value_marker.sgf", false, conf::expected_kind::reject, "value"};
    { std::ofstream(c.path) << "(;C[x"; }
    auto expect = [&](const std::string& text) {
        std::ofstream(dir / "n_value_marker.expect") << text;
        return conf::read_expectation(c);
    };
    const auto waiting = expect("# a rule to come\npending waits for the rule of unclosed values\n");
    REQUIRE(waiting.pending);
    CHECK(*waiting.pending == "waits for the rule of unclosed values");
    CHECK(waiting.diagnostics.empty());
    CHECK_FALSE(waiting.known_bug);
    const auto bug = expect("known-bug E004 reported twice\nE008 1:4\nE004 1:6\n");
    REQUIRE(bug.known_bug);
    CHECK(*bug.known_bug == "E004 reported twice");
    CHECK(bug.diagnostics.size() == 2);
    CHECK_FALSE(bug.pending);
    const auto plain = expect("E008 1:4\nE004 1:6\n");
    CHECK_FALSE(plain.pending);
    CHECK_FALSE(plain.known_bug);
    fs::remove_all(dir);
}

TEST_CASE("conformance JSON normal form") {
    CHECK(conf::normalize_json(" { \"a\" : [ \"x\\u0041\\/\" , \"\\u00e9\" ] } ") == R"({"a":["xA/","é"]})");
    CHECK(conf::normalize_json(R"({"a":["\u0008\u000c\u007f"]})") == "{\"a\":[\"\\b\\f\x7f\"]}");
    CHECK(conf::normalize_json(R"(["\ud83d\ude00","\ud800"])") == "[\"\xF0\x9F\x98\x80\",\"\xEF\xBF\xBD\"]");
    CHECK(conf::normalize_json(R"({"B":["a"],"B":["b"]})") == R"({"B":["a"],"B":["b"]})");  // repeated keys kept
    CHECK_THROWS((void)conf::normalize_json("{\"a\":[1,]}"));
    CHECK_THROWS((void)conf::normalize_json("{\"a\":1} x"));
    CHECK_THROWS((void)conf::normalize_json("[\"\x01\"]"));
    std::string deep;
    for (int i = 0; i < 200000; ++i) deep += "[";
    for (int i = 0; i < 200000; ++i) deep += "]";
    CHECK(conf::normalize_json(deep) == deep);  // no recursion
}

TEST_CASE("conformance recipes") {
    const auto r = conf::parse_recipe("# comment\n'(;' 3*'(;' 2 * 'ab' '\\x41\\'\\\\\\n'");
    CHECK_FALSE(r.library_only);
    CHECK(r.expand() == "(;(;(;(;ababA'\\\n");
    CHECK(r.size() == r.expand().size());
    CHECK(conf::parse_recipe("library-only 100000*'xyz'").library_only);
    CHECK(conf::parse_recipe("100000*'xyz' 'q'").expand() == [] {
        std::string s;
        for (int i = 0; i < 100000; ++i) s += "xyz";
        return s + "q";
    }());
    CHECK_THROWS((void)conf::parse_recipe("3 'x'"));
    CHECK_THROWS((void)conf::parse_recipe("'unterminated"));
}

// conformance/cases.json lets another project vendor the corpus without sgfcheck: it must say
// what the cases and their .expect files say (regenerate: sgfcheck conformance --manifest).
TEST_CASE("conformance cases.json is up to date with the cases") {
    const fs::path committed = conformance_dir() / "cases.json";
    std::ifstream in(committed, std::ios::binary);
    const std::string have{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const std::string want = sgf::conformance::manifest_json(conformance_dir() / "cases");
    INFO("regenerate with: build/sgfcheck conformance --manifest conformance/cases.json");
    CHECK(have == want);
    // one entry per case file, each a JSON object the normal form reads
    std::size_t files = 0;
    for (const auto& c : sgf::conformance::list_cases(conformance_dir() / "cases")) files += c.area.empty() ? 0 : 1;
    std::size_t entries = 0;
    for (std::size_t at = 0; (at = want.find("{\"name\":", at)) != std::string::npos; ++at) ++entries;
    CHECK(entries == files);
    CHECK(files > 300);
    CHECK_NOTHROW((void)sgf::conformance::normalize_json(want));
}
