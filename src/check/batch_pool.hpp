#pragma once
// Threads that stay for a whole file and check the game trees of the batches handed to them,
// oldest batch first (check/stream.cpp with -j on one file). The thread that hands batches
// over parses the next batch and reports the last one meanwhile, and helps check while it
// waits for a batch to be done: with the workers kept busy across batches, the parse and
// the report in file order no longer leave them idle (docs/performance.md, issue 23).
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sgf::detail {

// What the pool needs of a batch: how many items it has and how far they are taken and done.
struct pool_batch {
    std::size_t size = 0;
    std::size_t next = 0;  // the next item to take (under the pool's lock)
    std::atomic<std::size_t> done{0};
};

class batch_pool {
public:
    // `check(k, batch, i)` checks item i of the batch on worker k: k is 0 for the thread
    // that calls finish(), 1 to threads - 1 for the pool's own threads (fewer when the system
    // starts no more: those that started, or the caller alone, do the work).
    using check_fn = std::function<void(unsigned, pool_batch&, std::size_t)>;
    batch_pool(unsigned threads, check_fn check);
    batch_pool(const batch_pool&) = delete;
    batch_pool& operator=(const batch_pool&) = delete;
    // Stops the threads (each finishes the item it has) and joins them.
    ~batch_pool();

    // Queues `b` (its size set; it must outlive its finish()).
    void submit(pool_batch& b);
    // Checks items here (of `b`, else of later batches) until every item of `b` is done;
    // rethrows what a worker threw.
    void finish(pool_batch& b);

private:
    [[nodiscard]] bool take(pool_batch*& b, std::size_t& i);  // under lock_
    void complete(pool_batch& b);
    void run(unsigned k);
    void stop() noexcept;

    check_fn check_;
    std::mutex lock_;
    std::condition_variable work_, done_;
    std::deque<pool_batch*> queue_;  // batches with items not taken yet, oldest first
    bool stop_ = false;
    std::exception_ptr failed_;
    std::vector<std::thread> threads_;
};

}  // namespace sgf::detail
