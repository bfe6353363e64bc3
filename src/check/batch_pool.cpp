// batch_pool (check/batch_pool.hpp).
#include "check/batch_pool.hpp"

#include <system_error>
#include <utility>

namespace sgf::detail {

batch_pool::batch_pool(unsigned threads, check_fn check) : check_(std::move(check)) {
    threads_.reserve(threads);  // (then only a thread's start can fail below)
    for (unsigned k = 1; k < threads; ++k) {
        try {
            threads_.emplace_back(&batch_pool::run, this, k);
        } catch (const std::system_error&) {
            break;  // no more threads to be had (a limit of the system): the ones started do the work
        }
    }
}

batch_pool::~batch_pool() { stop(); }

void batch_pool::stop() noexcept {
    {
        const std::lock_guard<std::mutex> hold(lock_);
        stop_ = true;
        queue_.clear();
    }
    work_.notify_all();
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
    threads_.clear();
}

void batch_pool::submit(pool_batch& b) {
    b.next = 0;
    b.done.store(0, std::memory_order_relaxed);
    if (b.size == 0) return;
    {
        const std::lock_guard<std::mutex> hold(lock_);
        queue_.push_back(&b);
    }
    work_.notify_all();
}

// The oldest batch's next item; a batch leaves the queue when its last item is taken, so
// that no thread looks at a batch once all its items are done (its owner reuses it then).
bool batch_pool::take(pool_batch*& b, std::size_t& i) {
    if (stop_ || queue_.empty()) return false;
    b = queue_.front();
    i = b->next++;
    if (b->next == b->size) queue_.pop_front();
    return true;
}

void batch_pool::complete(pool_batch& b) {
    const std::size_t size = b.size;  // (b is its owner's again once done reaches size)
    if (b.done.fetch_add(1, std::memory_order_acq_rel) + 1 == size) {
        const std::lock_guard<std::mutex> hold(lock_);
        done_.notify_all();
    }
}

void batch_pool::run(unsigned k) {
    for (;;) {
        pool_batch* b = nullptr;
        std::size_t i = 0;
        {
            std::unique_lock<std::mutex> hold(lock_);
            work_.wait(hold, [&] { return stop_ || !queue_.empty(); });
            if (!take(b, i)) return;
        }
        try {
            check_(k, *b, i);
        } catch (...) {
            const std::lock_guard<std::mutex> hold(lock_);
            if (!failed_) failed_ = std::current_exception();
            stop_ = true;
            queue_.clear();
            done_.notify_all();
            return;
        }
        complete(*b);
    }
}

void batch_pool::finish(pool_batch& b) {
    for (;;) {
        pool_batch* c = nullptr;
        std::size_t i = 0;
        {
            std::unique_lock<std::mutex> hold(lock_);
            if (failed_) std::rethrow_exception(failed_);
            if (b.done.load(std::memory_order_acquire) == b.size) return;
            if (!take(c, i)) {
                // the last items are on other threads
                done_.wait(hold, [&] { return failed_ || b.done.load(std::memory_order_acquire) == b.size; });
                continue;
            }
        }
        check_(0, *c, i);
        complete(*c);
    }
}

}  // namespace sgf::detail
