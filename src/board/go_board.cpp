#include "board/go_board.hpp"

#include <algorithm>

namespace sgf::detail {

bool go_board::reset(board_size s) {
    log_size_ = 0;
    if (s.columns < 1 || s.rows < 1 || s.columns > max_side || s.rows > max_side) {
        cells_.clear();
        size_ = {};
        return false;
    }
    const std::size_t n = static_cast<std::size_t>(s.columns + 2) * (s.rows + 2);
    if (s != size_ || cells_.size() != n) {
        size_ = s;
        stride_ = s.columns + 2;
        cells_.assign(n, static_cast<std::uint8_t>(stone::border));
        empty_libs_.clear();
        seen_.assign(n, 0);  // stamps stay valid across resets of the same size
        stamp_ = 0;
    }
    for (std::uint32_t r = 1; r <= s.rows; ++r)
        std::fill_n(cells_.begin() + index({1, r}), s.columns, static_cast<std::uint8_t>(stone::empty));
    if (empty_libs_.size() != n) {  // the counts of the empty board, once per size
        empty_libs_.assign(n, 0);
        constexpr auto e = static_cast<std::uint8_t>(stone::empty);
        for (std::uint32_t r = 1; r <= s.rows; ++r) {
            for (std::uint32_t col = 1; col <= s.columns; ++col) {
                const std::uint32_t at = index({col, r});
                empty_libs_[at] = static_cast<std::uint8_t>((cells_[at + 1] == e) + (cells_[at - 1] == e) +
                                                            (cells_[at + stride_] == e) + (cells_[at - stride_] == e));
            }
        }
    }
    libs_ = empty_libs_;
    return true;
}

void go_board::undo(std::size_t m) noexcept {
    while (log_size_ > m) {
        --log_size_;
        write(log_[log_size_].at, log_[log_size_].before);
    }
}

// Flood fill from `at` over its color; stops at the first liberty. group_ holds the stones
// visited (the whole group when there is no liberty).
bool go_board::has_liberty(std::uint32_t at) {
    const std::uint8_t color = cells_[at];
    const std::uint32_t d[4] = {1, stride_, static_cast<std::uint32_t>(-1), static_cast<std::uint32_t>(-stride_)};
    if (++stamp_ == 0) {  // wrapped: clear the stamps once every 4 billion fills
        std::fill(seen_.begin(), seen_.end(), 0);
        stamp_ = 1;
    }
    group_.clear();
    group_.push_back(static_cast<std::uint16_t>(at));
    seen_[at] = stamp_;
    for (std::size_t i = 0; i < group_.size(); ++i) {
        const std::uint32_t p = group_[i];
        if (libs_[p] != 0) return true;
        for (const std::uint32_t k : d) {
            const std::uint32_t q = p + k;
            if (cells_[q] == color && seen_[q] != stamp_) {
                seen_[q] = stamp_;
                group_.push_back(static_cast<std::uint16_t>(q));
            }
        }
    }
    return false;
}

void go_board::remove_group() {
    for (const std::uint16_t p : group_) put(p, stone::empty);
    captured_ += static_cast<std::uint32_t>(group_.size());
}

stone go_board::play(stone color, board_point p) {
    const std::uint32_t at = index(p);
    const std::uint8_t* const c = cells_.data();
    const std::uint8_t* const l = libs_.data();
    const auto before = static_cast<stone>(c[at]);
    captured_ = 0;
    put(at, color);
    const auto other = static_cast<std::uint8_t>(opponent(color));
    const std::uint32_t s = stride_;
    // An opponent stone next to the move with no empty neighbour may belong to a group
    // without liberties: only then a flood fill (rare; computed without a branch per
    // neighbour, as these tests are unpredictable).
    const auto at_risk = [&](std::uint32_t q) { return static_cast<unsigned>(c[q] == other) & static_cast<unsigned>(l[q] == 0); };
    if (at_risk(at + 1) | at_risk(at - 1) | at_risk(at + s) | at_risk(at - s)) [[unlikely]] {
        for (const std::uint32_t q : {at + 1, at - 1, at + s, at - s})
            if (c[q] == other && l[q] == 0 && !has_liberty(q)) remove_group();
    }
    // suicide: ff4_go.txt removes the own group too (has_liberty stops at the first stone
    // of the group with an empty neighbour)
    if (l[at] == 0 && !has_liberty(at)) remove_group();
    return before;
}

bool go_board::set(stone color, board_point p) {
    const std::uint32_t at = index(p);
    if (cells_[at] == static_cast<std::uint8_t>(color)) return false;
    put(at, color);
    return true;
}

}  // namespace sgf::detail
