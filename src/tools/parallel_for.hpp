#pragma once
// Runs the independent cases of `sgfcheck conformance` and `sgfcheck diff` on worker threads.
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace sgf::tools {

// Runs f(0..n-1) on `jobs` threads (the calling one included), each taking the next index.
template <typename F>
void parallel_for(std::size_t n, unsigned jobs, F f) {
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next++; i < n; i = next++) f(i);
    };
    std::vector<std::thread> ts;
    for (unsigned k = 1; k < jobs && k < n; ++k) ts.emplace_back(work);
    work();
    for (auto& t : ts) t.join();
}

}  // namespace sgf::tools
