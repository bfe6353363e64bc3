#pragma once
// Blocks that are costly to make, made once per thread rather than once per file: a Go
// board's cells and counts (90 KB) and the checker's point marks (300 KB). Zeroing them for
// every file was most of the time spent checking a folder of small game records.
// take_reused<T>() gives one this thread gave back before, in the state it was given back in
// (so T's invariants must hold there: its user restores them before give_back), or a new
// value-initialised one; give_back keeps a few per thread and frees the rest.
#include <cstddef>
#include <memory>
#include <vector>

namespace sgf::detail {

namespace reused_detail {

template <class T>
struct cache {
    static constexpr std::size_t kept = 2;  // per thread: the checker and fix's output check
    std::vector<std::unique_ptr<T>> free;
    ~cache() { gone() = true; }
    // Trivially destructible, so still readable after the cache itself was destroyed at the
    // thread's exit (a block given back later, by an object destroyed after it, is freed).
    static bool& gone() noexcept {
        thread_local bool g = false;
        return g;
    }
    static cache* get() noexcept {
        if (gone()) return nullptr;
        thread_local cache c;
        return &c;
    }
};

}  // namespace reused_detail

template <class T>
[[nodiscard]] std::unique_ptr<T> take_reused() {
    if (auto* c = reused_detail::cache<T>::get(); c != nullptr && !c->free.empty()) {
        std::unique_ptr<T> p = std::move(c->free.back());
        c->free.pop_back();
        return p;
    }
    return std::make_unique<T>();
}

template <class T>
void give_back(std::unique_ptr<T>&& p) noexcept {
    if (!p) return;
    auto* c = reused_detail::cache<T>::get();
    if (c == nullptr || c->free.size() >= reused_detail::cache<T>::kept) {
        p.reset();
        return;
    }
    if (c->free.capacity() == 0) {
        try {
            c->free.reserve(reused_detail::cache<T>::kept);
        } catch (...) {
            p.reset();
            return;
        }
    }
    c->free.push_back(std::move(p));  // (within the capacity reserved: no allocation, no throw)
}

}  // namespace sgf::detail
