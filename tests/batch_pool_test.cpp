// batch_pool (src/check/batch_pool.hpp): the threads that check the game trees of one file's
// batches with -j. Each item is checked once, every item of a batch is done when finish()
// returns, batches are reused as the streamer reuses them, and a worker's exception reaches
// the caller without a hang.
#include <doctest/doctest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "check/batch_pool.hpp"

namespace {

struct counted_batch : sgf::detail::pool_batch {
    std::vector<int> checked;  // times each item was checked
    std::vector<unsigned> by;  // which worker checked it
};

void refill(counted_batch& b, std::size_t n) {
    b.checked.assign(n, 0);
    b.by.assign(n, 0);
    b.size = n;
}

}  // namespace

TEST_CASE("batch pool checks every item of every batch once before finish returns") {
    for (const unsigned threads : {1u, 2u, 3u, 5u}) {
        INFO(threads, " threads");
        std::atomic<int> wrong_batch_state{0};
        std::array<counted_batch, 2> batches;
        sgf::detail::batch_pool pool(threads, [&](unsigned k, sgf::detail::pool_batch& pb, std::size_t i) {
            auto& b = static_cast<counted_batch&>(pb);
            if (i >= b.size) ++wrong_batch_state;
            ++b.checked[i];
            b.by[i] = k;
        });
        std::vector<unsigned> seen_workers(threads, 0);
        // the streamer's turns: one batch queued while the last one is finished
        counted_batch* now = &batches[0];
        counted_batch* later = &batches[1];
        refill(*now, 7);
        pool.submit(*now);
        for (std::size_t round = 0; round < 200; ++round) {
            const std::size_t n = round % 13 == 12 ? 0 : 1 + (round * 37) % 300;  // an empty batch sometimes
            refill(*later, n);
            pool.submit(*later);
            pool.finish(*now);
            for (std::size_t i = 0; i < now->size; ++i) {
                CHECK(now->checked[i] == 1);
                ++seen_workers[now->by[i]];
            }
            std::swap(now, later);
        }
        pool.finish(*now);
        for (std::size_t i = 0; i < now->size; ++i) CHECK(now->checked[i] == 1);
        CHECK(wrong_batch_state == 0);
        CHECK(seen_workers[0] > 0);  // the calling thread helps
    }
}

TEST_CASE("batch pool threads check items while the caller is busy") {
    // the caller waits (as when it parses the next batch) until a pool thread has checked
    // an item: with 2 threads that happens only when the pool's own thread works
    counted_batch b;
    refill(b, 64);
    std::atomic<int> by_pool{0};
    sgf::detail::batch_pool pool(2, [&](unsigned k, sgf::detail::pool_batch& pb, std::size_t i) {
        auto& c = static_cast<counted_batch&>(pb);
        ++c.checked[i];
        if (k != 0) ++by_pool;
    });
    pool.submit(b);
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (by_pool == 0 && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    CHECK(by_pool > 0);
    pool.finish(b);
    for (const int c : b.checked) CHECK(c == 1);
}

TEST_CASE("batch pool gives the caller what a worker threw and stops") {
    for (const unsigned threads : {2u, 4u}) {
        INFO(threads, " threads");
        std::array<counted_batch, 2> batches;
        refill(batches[0], 500);
        refill(batches[1], 500);
        sgf::detail::batch_pool pool(threads, [&](unsigned k, sgf::detail::pool_batch&, std::size_t) {
            if (k != 0) throw std::runtime_error("worker failed");  // the first item a pool thread takes
            std::this_thread::sleep_for(std::chrono::microseconds(200));  // (the caller is slow)
        });
        pool.submit(batches[0]);
        pool.submit(batches[1]);
        CHECK_THROWS_WITH_AS(pool.finish(batches[0]), "worker failed", std::runtime_error);
        CHECK_THROWS_AS(pool.finish(batches[1]), std::runtime_error);  // stopped: said again, no wait
    }
}

TEST_CASE("batch pool stops with batches queued and an exception on the calling thread") {
    counted_batch b;
    refill(b, 10000);
    {
        sgf::detail::batch_pool pool(3, [&](unsigned k, sgf::detail::pool_batch&, std::size_t) {
            if (k == 0) throw std::length_error("caller failed");
            std::this_thread::sleep_for(std::chrono::microseconds(50));
        });
        pool.submit(b);
        CHECK_THROWS_AS(pool.finish(b), std::length_error);
    }  // the destructor stops and joins the threads with most of b never taken
    CHECK(b.done < b.size);
}
