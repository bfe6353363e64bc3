#pragma once
// Running independent pieces of work on worker threads: parallel_for (conformance, diff)
// and ordered_for (sgfcheck check and stats: results consumed in input order).
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
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

// Runs r = produce(i) for i in 0..n-1 on `jobs` worker threads and consume(i, std::move(r))
// on the calling thread in index order, as each next result is ready. At most `window`
// results are produced ahead of the consumer, so memory stays bounded however large n is.
// With jobs <= 1 everything runs on the calling thread. An exception from produce or
// consume stops the workers and is rethrown here.
template <typename Produce, typename Consume>
void ordered_for(std::size_t n, unsigned jobs, std::size_t window, Produce produce, Consume consume) {
    using result = std::invoke_result_t<Produce&, std::size_t>;
    if (jobs <= 1 || n <= 1) {
        for (std::size_t i = 0; i < n; ++i) consume(i, produce(i));
        return;
    }
    if (window < jobs) window = jobs;
    struct slot {
        std::optional<result> value;
        std::exception_ptr error;
        bool ready = false;
    };
    std::vector<slot> slots(window);
    std::mutex mu;
    std::condition_variable ready_cv, space_cv;
    std::size_t next = 0, consumed = 0;
    bool stop = false;

    auto work = [&] {
        for (;;) {
            std::size_t i;
            {
                std::unique_lock lock(mu);
                space_cv.wait(lock, [&] { return stop || next >= n || next < consumed + window; });
                if (stop || next >= n) return;
                i = next++;
            }
            slot s;
            try {
                s.value.emplace(produce(i));
            } catch (...) {
                s.error = std::current_exception();
            }
            s.ready = true;
            std::lock_guard lock(mu);
            slots[i % window] = std::move(s);
            ready_cv.notify_all();
        }
    };
    std::vector<std::thread> workers;
    for (unsigned k = 0; k < jobs && k < n; ++k) workers.emplace_back(work);
    auto finish = [&] {
        {
            std::lock_guard lock(mu);
            stop = true;
        }
        space_cv.notify_all();
        for (auto& t : workers) t.join();
    };
    try {
        for (std::size_t i = 0; i < n; ++i) {
            slot s;
            {
                std::unique_lock lock(mu);
                ready_cv.wait(lock, [&] { return slots[i % window].ready; });
                s = std::move(slots[i % window]);
                slots[i % window] = slot{};
                consumed = i + 1;
            }
            space_cv.notify_all();
            if (s.error) std::rethrow_exception(s.error);
            consume(i, std::move(*s.value));
        }
    } catch (...) {
        finish();
        throw;
    }
    finish();
}

}  // namespace sgf::tools
