#pragma once
// A Go board for replaying a game tree (ff4_go.txt "How to execute a move"; ff4_properties.txt
// AB/AW/AE): a flat array with a border of sentinels, each cell's count of empty neighbours,
// captures by a flood fill over a reused stack (only for groups whose stones next to the
// move have no empty neighbour), and an undo log instead of board copies, so a pre-order
// walk over any tree costs time linear in the moves and memory linear in the changes on the
// current path.
#include <cstdint>
#include <vector>

#include "sgf/properties.hpp"

namespace sgf::detail {

enum class stone : std::uint8_t { empty = 0, black = 1, white = 2, border = 3 };

[[nodiscard]] constexpr stone opponent(stone s) noexcept {
    return s == stone::black ? stone::white : s == stone::white ? stone::black : s;
}

class go_board {
public:
    static constexpr std::uint32_t max_side = 52;  // ff4_go.txt: up to 52x52

    go_board() = default;
    explicit go_board(board_size s) { reset(s); }

    // Empties the board and the undo log; false (and an unusable board) outside 1..52.
    bool reset(board_size s);
    [[nodiscard]] bool usable() const noexcept { return !cells_.empty(); }
    [[nodiscard]] board_size size() const noexcept { return size_; }

    [[nodiscard]] stone at(board_point p) const noexcept { return static_cast<stone>(cells_[index(p)]); }

    // B/W: overwrite the point (whatever was there), remove adjacent opponent groups
    // without liberties, then the own group if it has none (suicide). Returns what was on
    // the point before: not stone::empty for a move onto a stone (executed anyway).
    stone play(stone color, board_point p);
    // AB/AW/AE: overwrite without captures. Returns whether the point changed.
    bool set(stone color, board_point p);

    // Stones removed by the last play(), opponent's and own (suicide).
    [[nodiscard]] std::uint32_t last_captures() const noexcept { return captured_; }

    // Undo log: mark() now, undo(m) later restores the board exactly.
    [[nodiscard]] std::size_t mark() const noexcept { return log_size_; }
    void undo(std::size_t m) noexcept;

    // Row 0, row rows+1, column 0 and column columns+1 are the border.
    [[nodiscard]] std::uint32_t index(board_point p) const noexcept { return p.row * stride_ + p.column; }

private:
    void put(std::uint32_t at, stone s) {
        if (log_size_ == log_.size()) [[unlikely]]
            log_.resize(log_.size() * 2 + 64);
        log_[log_size_++] = {static_cast<std::uint16_t>(at), cells_[at]};
        write(at, static_cast<std::uint8_t>(s));
    }
    // Sets a cell and keeps the empty-neighbour counts of its four neighbours (border
    // cells' counts are never read, so they may wrap).
    void write(std::uint32_t at, std::uint8_t s) noexcept {
        constexpr auto e = static_cast<std::uint8_t>(stone::empty);
        const auto delta = static_cast<std::uint8_t>((s == e) - (cells_[at] == e));  // +1, 0 or -1 (255)
        cells_[at] = s;
        std::uint8_t* const l = libs_.data();
        l[at + 1] = static_cast<std::uint8_t>(l[at + 1] + delta);
        l[at - 1] = static_cast<std::uint8_t>(l[at - 1] + delta);
        l[at + stride_] = static_cast<std::uint8_t>(l[at + stride_] + delta);
        l[at - stride_] = static_cast<std::uint8_t>(l[at - stride_] + delta);
    }
    [[nodiscard]] bool has_liberty(std::uint32_t at);  // of the group at `at`; fills group_
    void remove_group();                               // the stones in group_

    board_size size_{};
    std::uint32_t stride_ = 0;  // columns + 2
    std::vector<std::uint8_t> cells_;
    // Per cell, how many of its four neighbours are empty: a stone with a non-zero count has
    // a liberty, which decides most captures and suicides without a flood fill or a branch
    // per neighbour.
    std::vector<std::uint8_t> libs_;
    std::vector<std::uint8_t> empty_libs_;  // libs_ of the empty board of this size
    struct change {
        std::uint16_t at;
        std::uint8_t before;
    };
    std::vector<change> log_;  // [0, log_size_) in use; never shrinks
    std::size_t log_size_ = 0;
    std::vector<std::uint32_t> seen_;  // flood-fill stamps
    std::uint32_t stamp_ = 0;
    std::vector<std::uint16_t> group_;
    std::uint32_t captured_ = 0;
};

}  // namespace sgf::detail
