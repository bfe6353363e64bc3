#pragma once
// The one linear-time check of the tests: is some work on an input of `full` bytes linear,
// judged against the same work on a smaller input of the same shape (`small` bytes, a
// quarter)? Linear work takes ~4x as long on 4x the input; quadratic work ~16x.
//
// CPU times are not clean: on a loaded 2-core machine other processes share the caches and
// the memory bus, and a fresh page costs a fault (see keep_freed_memory: the cause of
// nested-variations-1m's 14x on an idle machine). The caller keeps freed memory and runs the
// full input once untimed; the verdict then
//  - measures the quarter twice, then the two sizes alternately, in rounds, and keeps the
//    best (least disturbed) time of each, so that both see the same load;
//  - stops as soon as the full time is within the limit, and otherwise, after 3 rounds,
//    pauses and tries 3 more once;
//  - allows 10x the quarter's time, plus 0.02 s for the clock and 1 ns per byte of the
//    full input for memory effects: a linear pass costs 10-20 ns per byte here, a
//    quadratic one over these 10^5-10^6-element inputs seconds to hours, far above.
// A quadratic slowdown stays 16x in every round and is reported (a test checks this with
// modelled timings: tests/fuzz_regressions_test.cpp).
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace sgf_test {

// glibc gives freed memory back to the system above a threshold that grows with the largest
// block freed, so the quarter's runs reuse pages while the full input's runs fault every page
// in again: nested-variations-1m parsed its quarter in 0.008 s and the full input in 0.117 s
// (14x, idle machine) though a warm parse of each is 4.0x (bench: 8.4 ms and 33.4 ms). With
// the memory kept, both sizes run on pages the process already has.
inline void keep_freed_memory() {
#if defined(__GLIBC__)
    static const bool done = [] {
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
        mallopt(M_MMAP_MAX, 0);  // big blocks from the heap too, not mapped and unmapped per run
        return true;
    }();
    static_cast<void>(done);
#endif
}

struct linear_verdict {
    bool linear = false;
    double small = 1e9, full = 1e9;  // the best times seen, in seconds
    double limit = 0;                // what `full` had to stay within
    int rounds = 0;
};

// `time_small()` and `time_full()` each run the work once and return its CPU seconds.
// `pause` between the first rounds and the retry (zero for modelled timings).
template <class Small, class Full>
[[nodiscard]] linear_verdict judge_linear(std::size_t full_bytes, Small&& time_small, Full&& time_full,
                                          std::chrono::milliseconds pause = std::chrono::milliseconds(1000)) {
    linear_verdict v;
    // the quarter twice first: a first run that pays for cold caches and fresh pages would
    // make the limit too generous
    v.small = std::min(static_cast<double>(time_small()), static_cast<double>(time_small()));
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt == 1 && pause.count() > 0) std::this_thread::sleep_for(pause);  // let a burst of load pass
        for (int round = 0; round < 3; ++round) {
            ++v.rounds;
            v.full = std::min(v.full, static_cast<double>(time_full()));
            if (round > 0 || attempt > 0) v.small = std::min(v.small, static_cast<double>(time_small()));
            v.limit = 10 * v.small + 0.02 + 1e-9 * static_cast<double>(full_bytes);
            if (v.full <= v.limit) {
                v.linear = true;
                return v;
            }
        }
    }
    return v;
}

}  // namespace sgf_test
