// The application layer's worker threads (include/sgf/app/parallel_for.hpp): every index is
// done once, in order for ordered_for, and a machine that gives fewer threads than asked
// (Python's check_files(jobs=1024), a small RLIMIT_AS) does the work on those it gives
// instead of ending the process (a std::thread that could not start was an exception with
// the started ones still joinable: std::terminate).
#include <doctest/doctest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <new>
#include <stdexcept>
#include <string>
#include <cstdlib>
#include <vector>

#include "sgf/app/parallel_for.hpp"
#include "tests/sanitized.hpp"

TEST_CASE("parallel_for does every index once on the threads asked") {
    for (const unsigned jobs : {1u, 2u, 7u, 64u}) {
        std::vector<std::atomic<int>> done(1000);
        sgf::app::parallel_for(done.size(), jobs, [&](std::size_t i) { ++done[i]; });
        for (const auto& d : done) CHECK(d.load() == 1);
    }
    sgf::app::parallel_for(0, 8, [](std::size_t) { FAIL("no index"); });
}

TEST_CASE("ordered_for consumes in order whatever the threads") {
    for (const unsigned jobs : {1u, 3u, 16u}) {
        std::vector<std::size_t> seen;
        sgf::app::ordered_for(500, jobs, 8, [](std::size_t i) { return i * 2; },
                              [&](std::size_t i, std::size_t r) {
                                  CHECK(r == i * 2);
                                  seen.push_back(i);
                              });
        REQUIRE(seen.size() == 500);
        for (std::size_t i = 0; i < seen.size(); ++i) CHECK(seen[i] == i);
    }
}

TEST_CASE("parallel_for and ordered_for work on the threads there are when fewer can start") {
    if (sgf_test::sanitized) return;  // (a sanitizer's shadow memory does not fit under the limit)
    // In a child: 1,000 threads asked under 300 MB of address space (a thread's stack is 8 MB),
    // so that most cannot start; every index is still done, once.
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        rlimit lim{300u << 20, 300u << 20};
        ::setrlimit(RLIMIT_AS, &lim);
        std::vector<std::atomic<int>> done(5000);
        sgf::app::parallel_for(done.size(), 1000, [&](std::size_t i) { ++done[i]; });
        for (const auto& d : done)
            if (d.load() != 1) ::_exit(3);
        std::size_t next = 0;  // ordered_for too (sgfcheck -j 1024)
        sgf::app::ordered_for(5000, 1000, 2000, [](std::size_t i) { return i; }, [&](std::size_t i, std::size_t r) {
            if (i != next++ || r != i) ::_exit(4);
        });
        if (next != 5000) ::_exit(5);
        ::_exit(0);
    }
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("an exception in a worker reaches the caller after every thread ended") {
    // (a worker that threw ended the process: std::terminate; Python's check_files under a
    // memory limit took the interpreter down with it)
    std::atomic<int> ran{0};
    CHECK_THROWS_AS(sgf::app::parallel_for(1000, 4,
                                           [&](std::size_t i) {
                                               ++ran;
                                               if (i % 10 == 3) throw std::bad_alloc();
                                           }),
                    std::bad_alloc);
    CHECK(ran.load() < 1000);  // the others stopped taking work
    CHECK_THROWS_AS(sgf::app::ordered_for(
                        1000, 4, 16, [](std::size_t i) -> int { throw std::runtime_error("produce " + std::to_string(i)); },
                        [](std::size_t, int) {}),
                    std::runtime_error);
}
