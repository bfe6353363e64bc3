#pragma once
// Blocks that are costly to make, made once rather than once per file: a Go board's cells and
// counts (90 KB) and the checker's point marks (300 KB). Zeroing them for every file was most
// of the time spent checking a folder of small game records.
// take_reused<T>() gives a block given back before (by any thread), in the state it was given
// back in (so T's invariants must hold there: its user restores them before give_back), or a
// new value-initialised one; give_back keeps a few and frees the rest.
// One pool per process behind a mutex, never destroyed (what it holds at exit stays
// reachable): a thread_local pool would need a destructor per thread, which glibc registers
// with an allocation that aborts the process when memory runs out (-j 1024 under ulimit -v).
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace sgf::detail {

namespace reused_detail {

template <class T>
struct pool {
    static constexpr std::size_t kept = 8;  // as many as threads check at once, mostly
    std::mutex m;
    std::vector<std::unique_ptr<T>> free;
    pool() { free.reserve(kept); }
    static pool& get() {
        static pool* const p = new pool;  // never destroyed: see above
        return *p;
    }
};

}  // namespace reused_detail

template <class T>
[[nodiscard]] std::unique_ptr<T> take_reused() {
    auto& p = reused_detail::pool<T>::get();
    {
        const std::lock_guard<std::mutex> lock(p.m);
        if (!p.free.empty()) {
            std::unique_ptr<T> t = std::move(p.free.back());
            p.free.pop_back();
            return t;
        }
    }
    return std::make_unique<T>();
}

template <class T>
void give_back(std::unique_ptr<T>&& t) noexcept {
    if (!t) return;
    auto& p = reused_detail::pool<T>::get();  // (made by the take_reused that made t: no allocation here)
    const std::lock_guard<std::mutex> lock(p.m);
    if (p.free.size() < reused_detail::pool<T>::kept) p.free.push_back(std::move(t));  // (within the capacity reserved)
    else t.reset();
}

}  // namespace sgf::detail
