#pragma once
// Where the suites find ../shared (the spec texts and the real-file corpus), and how a test
// that needs it skips when it is not there (a fresh clone): have_shared() prints
// "SGF_TEST_SKIPPED: <why>" and the test returns; tests/CMakeLists.txt gives every test
// that output as its SKIP_REGULAR_EXPRESSION, so ctest reports it as skipped, not passed.
// With SGF_NO_SKIP=1 in the environment (.ci/run sets it) a missing folder fails
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

// Skips the running test case, saying why (the caller then returns), or under SGF_NO_SKIP=1
// fails it. Returns false.
inline bool skip_test(const std::string& why) {
    const char* no_skip = std::getenv("SGF_NO_SKIP");
    if (no_skip && std::strcmp(no_skip, "1") == 0) {
        FAIL("SGF_NO_SKIP=1 and this test " << why);
        return false;
    }
    std::cout << "SGF_TEST_SKIPPED: " << why << std::endl;
    return false;
}

// Whether shared_dir()/rel exists; if not, skip_test.
[[nodiscard]] inline bool have_shared(const std::string& rel) {
    std::error_code ec;
    const auto p = shared_dir() / rel;
    if (std::filesystem::exists(p, ec)) return true;
    return skip_test("needs ../shared/" + rel + " (" + p.string() +
                     " is missing: the spec texts and corpus are not in the repository)");
}

}  // namespace sgf_test

// First statement of a test case that reads ../shared/<rel>.
#define SGF_NEEDS_SHARED(rel)                         \
    do {                                              \
        if (!::sgf_test::have_shared(rel)) return;    \
    } while (false)
