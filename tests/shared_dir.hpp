#pragma once
// Where the suites find ../shared (the spec texts and the real-file corpus), and how a test
// that needs it skips when it is not there (a fresh clone): have_shared() prints
// "SGF_TEST_SKIPPED: <why>" and the test returns; tests/CMakeLists.txt gives every test
// that output as its SKIP_REGULAR_EXPRESSION, so ctest reports it as skipped, not passed.
// With SGF_REQUIRE_SHARED=1 in the environment (.ci/run sets it) a missing folder fails
// the test instead: CI has ../shared and must run everything.
#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#ifndef SGF_SHARED_DIR
#error "SGF_SHARED_DIR (the shared spec and corpus folder) must be defined by the build"
#endif

namespace sgf_test {

// SGF_TEST_SHARED_DIR in the environment (to try a run without ../shared), else the
// build's SGF_SHARED_DIR.
[[nodiscard]] inline std::filesystem::path shared_dir() {
    if (const char* e = std::getenv("SGF_TEST_SHARED_DIR"); e && *e) return std::filesystem::path(e);
    return std::filesystem::path(SGF_SHARED_DIR);
}

// Whether shared_dir()/rel exists; if not, skips (or, under SGF_REQUIRE_SHARED=1, fails).
[[nodiscard]] inline bool have_shared(const std::string& rel) {
    std::error_code ec;
    const auto p = shared_dir() / rel;
    if (std::filesystem::exists(p, ec)) return true;
    const std::string why = "needs ../shared/" + rel + " (" + p.string() +
                            " is missing: the spec texts and corpus are not in the repository)";
    const char* req = std::getenv("SGF_REQUIRE_SHARED");
    if (req && std::strcmp(req, "1") == 0) {
        FAIL("SGF_REQUIRE_SHARED=1 and this test " << why);
        return false;
    }
    std::cout << "SGF_TEST_SKIPPED: " << why << std::endl;
    return false;
}

}  // namespace sgf_test

// First statement of a test case that reads ../shared/<rel>.
#define SGF_NEEDS_SHARED(rel)                         \
    do {                                              \
        if (!::sgf_test::have_shared(rel)) return;    \
    } while (false)
