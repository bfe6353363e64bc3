#pragma once
// One game tree as the strict parser read it, for a consumer that takes it right away (the
// checker, check/stream.cpp) instead of a built tree: the parse's events in order, one
// 4-byte entry each, in a buffer reused from game tree to game tree (no allocation per node
// once warm). A node is the offset of its ';'; a variation is an open entry (open_bit and
// the index of its close entry, so that the consumer knows at the '(' whether another
// variation follows it) and a close entry. The first entry opens the game tree itself and
// the last closes it.
#include <cstdint>
#include <span>
#include <vector>

namespace sgf::detail {

class tree_events {
public:
    static constexpr std::uint32_t open_bit = 0x80000000u;
    static constexpr std::uint32_t close_entry = 0xffffffffu;

    void clear() noexcept {
        items_.clear();
        open_.clear();
    }
    void open() {
        open_.push_back(static_cast<std::uint32_t>(items_.size()));
        items_.push_back(open_bit);
    }
    // (offsets below open_bit: sources are smaller than 2 GiB)
    void node(std::uint32_t offset) { items_.push_back(offset); }
    void close() {
        items_[open_.back()] = open_bit | static_cast<std::uint32_t>(items_.size());
        open_.pop_back();
        items_.push_back(close_entry);
    }

    [[nodiscard]] std::span<const std::uint32_t> items() const noexcept { return items_; }
    [[nodiscard]] static bool is_open(std::uint32_t e) noexcept { return (e & open_bit) != 0 && e != close_entry; }
    // The index of the close entry of the open entry e.
    [[nodiscard]] static std::uint32_t close_of(std::uint32_t e) noexcept { return e & ~open_bit; }

private:
    std::vector<std::uint32_t> items_;
    std::vector<std::uint32_t> open_;  // open entries not closed yet
};

}  // namespace sgf::detail
