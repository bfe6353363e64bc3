// A fresh clone tests green: the suites that need ../shared skip, saying why, where it is
// missing (tests/shared_dir.hpp, SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt), and
// fail instead under SGF_NO_SKIP=1, which .ci/run sets. Runs this test program
// itself on a test case that reads ../shared/corpus, with the folder pointed elsewhere.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include "tests/program_util.hpp"
#include "tests/shared_dir.hpp"

namespace {

struct self_run {
    int status;
    std::string out;
};

self_run run_self(const std::string& env, const std::string& test_case) {
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    const auto r = sgf_test::run_shell(env + " '" + self + "' --no-colors=true '--test-case=" + test_case + "' 2>&1");
    return {r.status, r.out};
}

}  // namespace

TEST_CASE("shared: tests that need ../shared skip without it and fail under SGF_NO_SKIP") {
    const std::string missing = "SGF_TEST_SHARED_DIR=/nonexistent/shared";
    const auto skipped = run_self(missing + " SGF_NO_SKIP=", "corpus: the shared corpus is there and is all SGF");
    CHECK(skipped.status == 0);
    CHECK(skipped.out.find("SGF_TEST_SKIPPED: needs ../shared/corpus (/nonexistent/shared/corpus is missing") !=
          std::string::npos);
    const auto required = run_self(missing + " SGF_NO_SKIP=1", "corpus: the shared corpus is there and is all SGF");
    CHECK(required.status != 0);
    CHECK(required.out.find("SGF_NO_SKIP=1 and this test needs ../shared/corpus") != std::string::npos);
    // the spec's example files are in the repository: no skip
    const auto examples = run_self(missing, "every example file of the specification parses without errors");
    CHECK(examples.status == 0);
    CHECK(examples.out.find("SGF_TEST_SKIPPED") == std::string::npos);
    CHECK(examples.out.find("1 passed") != std::string::npos);
}

TEST_CASE("shared: ctest reads the skip message as a skip") {
    // tests/CMakeLists.txt gives every discovered test this SKIP_REGULAR_EXPRESSION.
    std::ifstream in(std::filesystem::path(SGF_SOURCE_DIR) / "tests" / "CMakeLists.txt");
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    CHECK(text.find("SKIP_REGULAR_EXPRESSION \"SGF_TEST_SKIPPED\"") != std::string::npos);
    std::ifstream ci2(std::filesystem::path(SGF_SOURCE_DIR) / ".ci" / "run");
    const std::string run{std::istreambuf_iterator<char>(ci2), std::istreambuf_iterator<char>()};
    CHECK(run.find("SGF_NO_SKIP=1") != std::string::npos);
}
