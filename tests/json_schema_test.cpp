// The JSON forms against their schemas in docs/: the dump (docs/json-tree.schema.json), with
// and without --positions and --show-inherited, and every diagnostic as one line of
// --format=json (docs/diagnostics.schema.json), for every file of ../shared/corpus and of
// conformance/cases; the dump of several files (JSON Lines naming each file) and the record
// of a file that cannot be read, through the program. The validator (tests/json_schema.hpp) refuses schema keywords it does
// not check, and is itself checked on documents that must fail.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <iterator>
#include <string>

#include "sgf/check_file.hpp"
#include "sgf/json.hpp"
#include "tests/json_schema.hpp"
#include "tests/program_util.hpp"
#include "tests/test_util.hpp"
#include "tools/unified_diff.hpp"

#ifndef SGF_SOURCE_DIR
#error "SGF_SOURCE_DIR must be defined by the build"
#endif

namespace {

namespace fs = std::filesystem;
using sgf_test::json::validator;

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

validator schema(const char* name) {
    return validator(sgf_test::json::parse(slurp(fs::path(SGF_SOURCE_DIR) / "docs" / name)));
}

std::string dump(const sgf::load_result& r, bool positions) {
    std::string out;
    sgf::write_json(r, [&out](std::string_view s) { out.append(s); }, {.positions = positions});
    return out;
}

std::string problem(const validator& v, const std::string& text) {
    try {
        return v.validate(sgf_test::json::parse(text));
    } catch (const std::exception& e) {
        return std::string("not JSON: ") + e.what();
    }
}

}  // namespace

TEST_CASE("json schemas: the validator catches what the schemas forbid") {
    const validator tree = schema("json-tree.schema.json");
    const validator diag = schema("diagnostics.schema.json");
    CHECK(problem(tree, R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["AB",["aa",["bb","cc"]]]]],"variations":[]}]})") == "");
    // version 1's shape: a node as an object with repeated keys
    CHECK(problem(tree, R"({"trees":[{"nodes":[{"AB":["aa"]}],"variations":[]}]})") != "");
    CHECK(problem(tree, R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[{"AB":["aa"],"AB":["bb"]}],"variations":[]}]})") != "");
    CHECK(problem(tree, R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[],"variations":[]}]})") != "");  // no node
    CHECK(problem(tree, R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["C",[{"bytes":"e"}]]]],"variations":[]}]})") != "");
    CHECK(problem(tree, R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["C",[]]]],"variations":[]}]})") != "");  // no value
    CHECK(problem(diag, R"({"version":1,"file":"a.sgf","line":1,"column":2,"byte":1,"severity":"error","code":"E008","message":"m"})") == "");
    CHECK(problem(diag, R"({"file":"a.sgf","line":1,"column":2,"byte":1,"severity":"error","code":"E008","message":"m"})") != "");
    CHECK(problem(diag, R"({"version":1,"file":"a.sgf","line":1,"column":2,"byte":1,"severity":"fatal","code":"E008","message":"m"})") != "");
    CHECK(problem(diag, R"({"version":1,"file":"a.sgf","line":1,"column":2,"byte":1,"severity":"error","code":"E8","message":"m"})") != "");
    // the other records of --format=json: each with the version, each of its own kind
    const std::string summary = R"("summary":{"files":1,"files_with_errors":0,"files_with_warnings":0,"files_with_infos":0,"errors":0,"warnings":0,"infos":0,"baseline_known":0,"unreadable":0})";
    CHECK(problem(diag, "{" + summary + R"(,"version":1})") == "");
    CHECK(problem(diag, "{" + summary + "}") != "");  // no version
    CHECK(problem(diag, "{" + summary + R"(,"version":1,"file":"a.sgf"})") != "");
    CHECK(problem(diag, R"({"statistics":[{"code":"E101","level":"error","count":2,"files":1,"meaning":"m"}],"version":1})") == "");
    CHECK(problem(diag, R"({"statistics":[{"code":"E101","level":"error","count":2,"files":1,"meaning":"m"}]})") != "");
    CHECK(problem(diag, R"({"file":"a.sgf","line":1,"column":8,"node":1,"inherited":{"VW":["aa:bb"]},"version":1})") == "");
    CHECK(problem(diag, R"({"file":"a.sgf","line":1,"column":8,"node":1,"inherited":{"VW":[["aa","bb"]]},"version":1})") != "");
}

TEST_CASE("json schemas: every line sgfcheck --format=json prints") {
    SGF_NEEDS_SHARED("corpus");
    const validator diag = schema("diagnostics.schema.json");
    std::vector<fs::path> dirs = {fs::path(SGF_SOURCE_DIR) / "conformance" / "cases"};
    for (const auto& e : fs::directory_iterator(sgf_test::shared_dir() / "corpus"))
        if (e.is_directory()) dirs.push_back(e.path());
    std::size_t lines = 0;
    std::set<std::string> kinds;
    for (const fs::path& dir : dirs) {
        CAPTURE(dir.string());
        for (const char* options : {"--format=json --statistics --show-inherited --jobs 2", "--format=json --lenient"}) {
            const sgf_test::run_result r = sgf_test::run(std::string(options) + " " + dir.string());
            CHECK((r.status == 0 || r.status == 1));
            std::size_t at = 0;
            std::string last;
            while (at < r.out.size()) {
                const std::size_t end = r.out.find('\n', at);
                REQUIRE(end != std::string::npos);  // every line ends
                const std::string line = r.out.substr(at, end - at);
                at = end + 1;
                const std::string p = problem(diag, line);
                if (!p.empty()) {
                    INFO(line);
                    CHECK(p == "");
                }
                kinds.insert(line.substr(0, line.find(':')));
                last = line;
                ++lines;
            }
            CHECK(last.starts_with("{\"summary\":"));  // the run ends with its summary
        }
    }
    MESSAGE(lines << " lines of " << dirs.size() << " folders match the schema");
    CHECK(kinds.count("{\"version\"") == 1);  // findings
    CHECK(kinds.count("{\"statistics\"") == 1);
    CHECK(kinds.count("{\"summary\"") == 1);
    CHECK(kinds.count("{\"file\"") == 1);  // --show-inherited
}

TEST_CASE("json schemas: the dump and the diagnostics of every corpus file and conformance case") {
    SGF_NEEDS_SHARED("corpus");
    const validator tree = schema("json-tree.schema.json");
    const validator diag = schema("diagnostics.schema.json");
    // (the corpus sampled as the other whole-corpus tests: one file in 4 under the sanitizers
    // in CI, where the whole took 410 s on one core at the end of the run)
    std::vector<fs::path> files = sgf_test::corpus_sample(sgf_test::files_under(sgf_test::shared_dir() / "corpus"));
    const std::size_t corpus_files = files.size();
    const auto cases = sgf_test::files_under(fs::path(SGF_SOURCE_DIR) / "conformance" / "cases");
    files.insert(files.end(), cases.begin(), cases.end());
    std::size_t documents = 0, lines = 0;
    for (const fs::path& f : files) {
        CAPTURE(f.string());
        const std::string bytes = slurp(f);
        const sgf::file_check fc = sgf::check_file(sgf::file_bytes(bytes));
        const sgf::load_result& r = fc.loaded;
        CHECK(problem(tree, dump(r, false)) == "");
        CHECK(problem(tree, dump(r, true)) == "");
        CHECK(problem(tree, sgf::to_json_with_inherited(r.trees, sgf::profile::ff4,
                                                        [&r](std::size_t t, std::string_view raw) { return r.utf8(raw, t); })) == "");
        documents += 3;
        for (const sgf::diagnostic& d : fc.diagnostics) {
            const std::string line = sgf::to_json(d, f.filename().string());
            INFO(line);
            CHECK(problem(diag, line) == "");
            ++lines;
        }
    }
    MESSAGE(documents << " JSON trees and " << lines << " diagnostic lines of " << files.size() << " files match their schemas");
    CHECK(corpus_files * sgf_test::corpus_every() > 9000);
    CHECK(lines > 1000 / sgf_test::corpus_every());
}

TEST_CASE("json schemas: the dump of several files and the record of an unreadable file") {
    const validator tree = schema("json-tree.schema.json");
    const validator diag = schema("diagnostics.schema.json");
    sgf_test::temp_dir d;
    d.file("a/x.sgf", "(;FF[4]GM[1]C[a](;B[aa])(;W[bb]))");
    d.file("a/b/y.sgf", "(;FF[4]GM[1]TM[5m]ZZ[1];ZZ[2])");
    d.file("a/caf\xE9.sgf", "(;FF[4]C[\xE9])");  // a name that is not UTF-8: \udce9 in JSON
    const std::string dir = (d.path / "a").string();
    std::size_t lines = 0;
    for (const char* opts : {"", "--positions", "--show-inherited"}) {
        const auto r = sgf_test::run(std::string("dump ") + opts + " " + dir);
        for (const auto line : sgf::tools::lines_of(r.out)) {
            INFO(line);
            CHECK(problem(tree, std::string(line)) == "");
            CHECK(line.find("\"file\":") != std::string_view::npos);
            ++lines;
        }
    }
    CHECK(lines == 9);
    const auto findings = sgf_test::run("--format=json -q " + dir + " " + (d.path / "missing.sgf").string());
    CHECK(findings.status == 2);
    std::size_t records = 0;
    for (const auto line : sgf::tools::lines_of(findings.out)) {
        INFO(line);
        CHECK(problem(diag, std::string(line)) == "");
        ++records;
    }
    CHECK(records >= 4);
    CHECK(findings.out.find("\"error\":") != std::string::npos);
    CHECK(findings.out.find("caf\\udce9.sgf") != std::string::npos);
    // what the schemas refuse: an unreadable record without its error, a finding with an error
    CHECK(problem(diag, R"({"version":1,"file":"a.sgf"})") != "");
    CHECK(problem(diag, R"({"version":1,"file":"a.sgf","error":"x","code":"E008"})") != "");
    CHECK(problem(tree, R"({"format":"sgf-tree","version":2,"file":1,"trees":[]})") != "");
}
