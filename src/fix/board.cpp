// The Go board fix replays to convert FF[1]-FF[3] M markup (ff4_changes.txt "Converting":
// "MA if used on empty board points and TR if used on stones"). Moves follow ff4_go.txt
// "How to execute a move": overwrite, capture adjacent groups without liberties, then
// suicide. Flood fills use an explicit stack.
#include "fix/detail.hpp"

namespace sgf::detail {

fix_board::fix_board(board_size s) : w_(s.columns), h_(s.rows), cells_(std::size_t{s.columns} * s.rows, empty),
                                     seen_(cells_.size(), 0) {}

void fix_board::put(std::uint32_t i, std::uint8_t c) {
    if (cells_[i] == c) return;
    undo_.emplace_back(i, cells_[i]);
    cells_[i] = c;
}

void fix_board::rollback(std::size_t m) {
    while (undo_.size() > m) {
        cells_[undo_.back().first] = undo_.back().second;
        undo_.pop_back();
    }
}

void fix_board::set(board_point p, std::uint8_t color) {
    if (on(p)) put(index(p), color);
}

// Removes the group at `start` when it has no liberty.
void fix_board::remove_if_dead(std::uint32_t start) {
    const std::uint8_t color = cells_[start];
    if (color == empty) return;
    if (++generation_ == 0) {  // wrapped: clear the marks once
        std::fill(seen_.begin(), seen_.end(), 0);
        generation_ = 1;
    }
    stack_.assign(1, start);
    group_.clear();
    seen_[start] = generation_;
    while (!stack_.empty()) {
        const std::uint32_t i = stack_.back();
        stack_.pop_back();
        group_.push_back(i);
        const std::uint32_t x = i % w_, y = i / w_;
        const std::uint32_t next[4] = {x > 0 ? i - 1 : i, x + 1 < w_ ? i + 1 : i, y > 0 ? i - w_ : i, y + 1 < h_ ? i + w_ : i};
        for (std::uint32_t n : next) {
            if (n == i) continue;
            if (cells_[n] == empty) return;  // a liberty: alive
            if (cells_[n] == color && seen_[n] != generation_) {
                seen_[n] = generation_;
                stack_.push_back(n);
            }
        }
    }
    for (std::uint32_t i : group_) put(i, empty);
}

void fix_board::play(board_point p, std::uint8_t color) {
    if (!on(p)) return;
    const std::uint32_t i = index(p);
    put(i, color);
    const std::uint32_t x = i % w_, y = i / w_;
    const std::uint32_t next[4] = {x > 0 ? i - 1 : i, x + 1 < w_ ? i + 1 : i, y > 0 ? i - w_ : i, y + 1 < h_ ? i + w_ : i};
    for (std::uint32_t n : next)
        if (n != i && cells_[n] != empty && cells_[n] != color) remove_if_dead(n);
    remove_if_dead(i);
}

}  // namespace sgf::detail
