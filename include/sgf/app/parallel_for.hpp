#pragma once
// Running independent pieces of work on worker threads: parallel_for (Python's check_files,
// sgfcheck conformance and diff) and ordered_for (sgfcheck check and stats: results
// consumed in input order).
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <type_traits>
#include <vector>

namespace sgf::app {

// Runs f(0..n-1) on `jobs` threads (the calling one included), each taking the next index.
// Where the system gives fewer threads (a limit), the work runs on those it gives.
// An exception from f (std::bad_alloc under a memory limit) stops the others from taking
// more and is rethrown here, after every thread has ended (not std::terminate in a thread).
template <typename F>
void parallel_for(std::size_t n, unsigned jobs, F f) {
    std::atomic<std::size_t> next{0};
    std::mutex failed_lock;
    std::exception_ptr failed;
    auto work = [&] {
        try {
            for (std::size_t i = next++; i < n; i = next++) f(i);
        } catch (...) {
            next = n;
            const std::lock_guard hold(failed_lock);
            if (!failed) failed = std::current_exception();
        }
    };
    std::vector<std::thread> ts;
    for (unsigned k = 1; k < jobs && k < n; ++k) {
        try {
            ts.emplace_back(work);
        } catch (const std::system_error&) {
            break;  // no more threads to be had (EAGAIN): those running share the work
        }
    }
    work();
    for (auto& t : ts) t.join();
    if (failed) std::rethrow_exception(failed);
}

// Runs r = produce(i) for i in 0..n-1 on `jobs` worker threads and consume(i, std::move(r))
// on the calling thread in index order, as each next result is ready. At most `window`
// results are produced ahead of the consumer, so memory stays bounded however large n is.
// With jobs <= 1 everything runs on the calling thread. An exception from produce or
// consume stops the workers and is rethrown here.
// Over 80 lines on purpose: one protocol between the workers and the consumer (the slots of
// the window, who waits on which condition, batches published under one lock); its
// invariants are read together, and pieces of it in separate functions would share all
// of its state.
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
    // Wake-ups only where a thread waits: with small work items (7,679 corpus files in 0.4 s)
    // a notify per result and per consumption cost more in futex calls and context switches
    // than the work (26,665 futex calls; -j 2 took 0.25 s of system time against 0.07 at -j 1).
    constexpr std::size_t nobody = static_cast<std::size_t>(-1);
    std::size_t consumer_waits_for = nobody;  // the index the consumer sleeps on
    unsigned space_waiters = 0;               // workers asleep for room in the window

    // A worker takes up to `batch` consecutive indices at a time and publishes their results
    // together: one lock per batch, not two per item.
    const std::size_t batch = std::max<std::size_t>(1, std::min<std::size_t>(8, window / (2 * jobs)));
    // each worker's batch of results, allocated here: a worker allocates nothing outside
    // produce (whose exceptions it passes on), so that none can end in std::terminate
    std::vector<std::vector<slot>> batches(std::min<std::size_t>(jobs, n));
    for (auto& b : batches) b.reserve(batch);
    std::atomic<std::size_t> started{0};
    auto work = [&] {
        std::vector<slot>& done = batches[started++];
        for (;;) {
            std::size_t first, last;
            {
                std::unique_lock lock(mu);
                while (!(stop || next >= n || next < consumed + window)) {
                    ++space_waiters;
                    space_cv.wait(lock);
                    --space_waiters;
                }
                if (stop || next >= n) return;
                first = next;
                last = std::min({n, consumed + window, first + batch});
                next = last;
            }
            done.clear();
            for (std::size_t i = first; i < last; ++i) {
                slot& s = done.emplace_back();
                try {
                    s.value.emplace(produce(i));
                } catch (...) {
                    s.error = std::current_exception();
                }
                s.ready = true;
            }
            std::unique_lock lock(mu);
            for (std::size_t i = first; i < last; ++i) slots[i % window] = std::move(done[i - first]);
            const bool wake = consumer_waits_for >= first && consumer_waits_for < last;
            lock.unlock();
            if (wake) ready_cv.notify_one();
        }
    };
    std::vector<std::thread> workers;
    workers.reserve(std::min<std::size_t>(jobs, n));
    for (unsigned k = 0; k < jobs && k < n; ++k) {
        try {
            workers.emplace_back(work);
        } catch (const std::system_error&) {
            break;  // no more threads to be had: those running produce
        }
    }
    if (workers.empty()) {  // (none at all: the calling thread does it all, in order)
        for (std::size_t i = 0; i < n; ++i) consume(i, produce(i));
        return;
    }
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
            bool wake = false;
            {
                std::unique_lock lock(mu);
                while (!slots[i % window].ready) {
                    consumer_waits_for = i;
                    ready_cv.wait(lock);
                }
                consumer_waits_for = nobody;
                s = std::move(slots[i % window]);
                slots[i % window] = slot{};
                consumed = i + 1;
                wake = space_waiters > 0;
            }
            if (wake) space_cv.notify_all();
            if (s.error) std::rethrow_exception(s.error);
            consume(i, std::move(*s.value));
        }
    } catch (...) {
        finish();
        throw;
    }
    finish();
}

}  // namespace sgf::app
