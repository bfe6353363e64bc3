#pragma once
// The one Go board (check, fix and the generator replay on it): ff4_go.txt "How to execute
// a move" for B/W, ff4_properties.txt AB/AW/AE for setup, and an undo log so that a pre-order
// walk over any tree rewinds a variation instead of copying the board.
//
// Inside: a flat array of cells with a border of sentinels, and groups kept up to date:
// every stone names its group's representative stone, the stones of a group form a circular
// list, and the representative holds the group's pseudo-liberties (the number of (stone,
// empty neighbour) pairs: zero exactly when the group has no liberty). A stone put on an
// empty point (a move, or setup) counts and joins without a flood fill and, unless it
// connects groups or takes a count to zero, without a branch on its neighbours; joining
// groups relabels the smaller one (O(log n) relabellings per stone over a game); a capture
// walks the captured stones once. No allocation per move.
// Setup over stones (AE, AB on a white stone), moves onto stones and undo can split groups:
// they change the cells and note them, and before the next move the groups that touch a
// noted cell are rebuilt (once, however many cells were noted), so that cost is bounded by
// the stones near the changes. Undo takes back the simple moves (to an empty point, joining
// at most one group, removing nothing) exactly instead, and a long undo rebuilds all once.
#include <algorithm>
#include <cstdint>
#include <memory>
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
    go_board(const go_board&) = delete;  // large, and never needs copying: mark() and undo()
    go_board& operator=(const go_board&) = delete;

    // Empties the board and the undo log; false (and an unusable board) outside 1..52.
    bool reset(board_size s);
    [[nodiscard]] bool usable() const noexcept { return size_.columns != 0; }
    [[nodiscard]] board_size size() const noexcept { return size_; }
    // Whether p is a point of this board (columns and rows count from 1).
    [[nodiscard]] bool contains(board_point p) const noexcept {
        return p.column >= 1 && p.row >= 1 && p.column <= size_.columns && p.row <= size_.rows;
    }

    // The points below must satisfy contains(p) on a usable board.
    [[nodiscard]] stone at(board_point p) const noexcept { return static_cast<stone>(color_of(st_->cell[index(p)])); }

    // B/W (color black or white): overwrite the point (whatever was there), remove adjacent
    // opponent groups without liberties, then the own group if it has none (suicide).
    // Returns what was on the point before: not stone::empty for a move onto a stone
    // (executed anyway).
    stone play(stone color, board_point p) {
        const std::uint32_t at = index(p);
        captured_ = 0;
        if ((log_end_ >= fast_until_) | (color_of(st_->cell[at]) != 0)) [[unlikely]]
            return play_slow(color, at);
        play_on_empty(static_cast<std::uint32_t>(color), at);
        return stone::empty;
    }
    // AB/AW/AE: overwrite without captures (a group without liberties stays, ff4_go.txt).
    // Returns whether the point changed.
    bool set(stone color, board_point p);

    // Stones removed by the last play(), opponent's and own (suicide).
    [[nodiscard]] std::uint32_t last_captures() const noexcept { return captured_; }

    // Undo log: mark() now, undo(m) later restores the board exactly.
    [[nodiscard]] std::size_t mark() const noexcept { return static_cast<std::size_t>(log_end_ - log_.data()); }
    void undo(std::size_t m) noexcept;

private:
    friend struct go_board_inspector;  // tests/go_board_test.cpp checks the groups against the cells

    static constexpr std::uint32_t max_cells = (max_side + 2) * (max_side + 2);
    // Counts kept for cells that are no group (empty and border cells) start here, so that
    // they never reach 0 and a move can test "did a count reach 0" without asking whose.
    static constexpr std::uint32_t high = 1u << 30;

    // One block at fixed offsets from one pointer, sized for the largest board, so that the
    // move code needs no base address per array (a 19x19 board uses its first 441 cells).
    struct storage {
        // Per cell: word(group, stone), where group is the representative for a stone and
        // the cell itself for an empty or border cell. So one load gives a neighbour's color
        // and group, and a move updates the counts named by its neighbours without asking
        // what they are.
        std::uint32_t cell[max_cells];
        // Per representative: pseudo-liberties. Per empty cell: high + its empty neighbours
        // (the liberties a stone played there starts with). Border: high, less anything.
        std::uint32_t libs[max_cells];
        std::uint32_t next[max_cells];    // per stone: the next stone of its group (a circle)
        std::uint32_t stones[max_cells];  // per representative: stones
        std::uint8_t noted[max_cells];    // in noted_
        std::uint32_t seen[max_cells];    // rebuild's flood-fill stamps
    };

    // Row 0, row rows+1, column 0 and column columns+1 are the border.
    [[nodiscard]] std::uint32_t index(board_point p) const noexcept { return p.row * stride_ + p.column; }
    // A cell's word: its stone in the top two bits (so that a word xor a color is below
    // 2^30 exactly for a stone of that color) and its group below.
    static constexpr std::uint32_t word(std::uint32_t group, std::uint32_t color) noexcept { return color << 30 | group; }
    static constexpr std::uint32_t color_of(std::uint32_t w) noexcept { return w >> 30; }
    static constexpr std::uint32_t group_of(std::uint32_t w) noexcept { return w & (simple - 1); }
    // In the log: a move to an empty point that joined at most one group and removed
    // nothing, which undo() takes back exactly (unplay) instead of noting its cell.
    static constexpr std::uint32_t simple = 1u << 29;
    // The count named by a cell's word.
    [[nodiscard]] std::uint32_t& libs_of(std::uint32_t w) const noexcept { return st_->libs[group_of(w)]; }

    // The log holds cells as they were with themselves as group (word(at, stone)): what an
    // empty cell holds, and a stone's group is found again by rebuild() after an undo.
    void log(std::uint32_t at) {
        if (log_end_ == log_.data() + log_.size()) [[unlikely]]
            grow_log();
        *log_end_++ = word(at, color_of(st_->cell[at]));
    }
    void grow_log();
    void note(std::uint32_t at);  // a cell changed outside play(): its groups need rebuilding
    void unplay(std::uint32_t at) noexcept;  // takes back a simple move (the last change)
    void rebuild();               // the groups and counts around the noted cells (or all)
    [[nodiscard]] bool pending() const noexcept { return rebuild_all_ || !noted_.empty(); }
    [[nodiscard]] std::uint32_t empty_count(std::uint32_t at) const noexcept;  // high + empty neighbours
    void remove(std::uint32_t group);  // its stones: empty, counted, neighbours' liberties
    void clear() noexcept;  // the empty board of size_, an empty log
    // Puts a stone of color own on the empty point at and returns the group it joined.
    // others: more own groups touch it (finish_move joins them); zero: a count around
    // reached 0 (an opponent group to capture, maybe).
    inline std::uint32_t place(std::uint32_t own, std::uint32_t at, bool& others, bool& zero);
    inline void play_on_empty(std::uint32_t own, std::uint32_t at);
    [[gnu::noinline]] stone play_slow(stone color, std::uint32_t at);
    stone play_onto_stone(stone color, std::uint32_t at);
    // The rest of a move to an empty point: joins the own groups around `at` (join) and
    // removes the opponent groups without liberties (zero: some count around reached 0);
    // returns the own group.
    [[gnu::noinline]] std::uint32_t finish_move(std::uint32_t at, bool join, bool zero);
    std::uint32_t merge(std::uint32_t a, std::uint32_t b, std::uint32_t own);

    board_size size_{};
    std::uint32_t stride_ = 0;  // columns + 2
    std::unique_ptr<storage> st_;
    std::vector<std::uint32_t> empty_cell_, empty_libs_;  // storage::cell and libs of the empty board
    std::vector<std::uint32_t> log_;                      // [data, log_end_) in use, never shrinks
    std::uint32_t* log_end_ = nullptr;
    // play() takes the fast path while log_end_ < fast_until_: the end of the log's room, or
    // null while groups wait for rebuild() (one test for both).
    std::uint32_t* fast_until_ = nullptr;
    std::vector<std::uint16_t> noted_;  // cells changed since the groups were last right
    bool rebuild_all_ = false;          // too many for noted_: all of them
    std::size_t exact_from_ = 0;        // log entries from here on came after the last rebuild
    std::uint32_t stamp_ = 0;
    std::vector<std::uint16_t> stack_;  // rebuild's flood fill
    std::uint32_t captured_ = 0;
};

// A stone on an empty point: a move's common case, and setup's. Its tests on the neighbours
// are arithmetic, not branches (they are unpredictable): the cost is the same whatever
// surrounds the point, until it connects own groups or a count reaches 0.
inline std::uint32_t go_board::place(std::uint32_t own, std::uint32_t at, bool& others, bool& zero) {
    storage& b = *st_;
    *log_end_++ = at | simple;
    const std::uint32_t s = stride_;
    const std::uint32_t w0 = b.cell[at + 1], w1 = b.cell[at - 1], w2 = b.cell[at + s], w3 = b.cell[at - s];
    const std::uint32_t fresh = b.libs[at] - high;  // the new stone's liberties, counted ahead
    // The point is no longer a liberty of the groups around it (a group next to it twice
    // loses two pseudo-liberties), nor an empty neighbour of the empty points around it.
    // Whether a count reached 0 (an opponent group to capture, or an own group that now
    // lives on the new stone's liberties) comes with the decrement.
    zero = (--libs_of(w0) == 0) | (--libs_of(w1) == 0) | (--libs_of(w2) == 0) | (--libs_of(w3) == 0);
    // The new stone joins a friendly group around it or starts one of its own. Xor the
    // color, a friendly neighbour's word is its group (below 2^30) and any other word is
    // 2^30 or more; so the smallest one is the group to join, if it is below 2^30.
    const std::uint32_t mine = word(0, own);
    const auto key = [mine](std::uint32_t w) { return w ^ mine; };
    const std::uint32_t k0 = key(w0), k1 = key(w1), k2 = key(w2), k3 = key(w3);
    std::uint32_t join = std::min(std::min(k0, k1), std::min(k2, k3));
    // All ones when no neighbour is friendly (the top two bits of join are not 00); in
    // arithmetic, as a compiler may turn a comparison into a branch.
    const std::uint32_t alone = 0u - (((join >> 30) + 3) >> 2);
    // Another friendly group: join < k < 2^30. Less join + 1 (unsigned), join itself wraps
    // to the top and other stones' keys stay at 2^30 - join - 1 or more.
    const std::uint32_t above = join + 1;
    const std::uint32_t nearest = std::min(std::min(k0 - above, k1 - above), std::min(k2 - above, k3 - above));
    others = nearest < ((high - above) & ~alone);
    join ^= (join ^ at) & alone;  // alone: a group of its own, whose counts start at 0
    const std::uint32_t after = (b.next[join] & ~alone) | (at & alone);  // into join's circle
    b.next[at] = after;
    b.next[join] = at;
    b.cell[at] = join | mine;
    b.stones[join] = (b.stones[join] & ~alone) + 1;
    b.libs[join] = (b.libs[join] & ~alone) + fresh;
    return join;
}

// A move to an empty point (ff4_go.txt): the stone, then captures, then suicide.
inline void go_board::play_on_empty(std::uint32_t own, std::uint32_t at) {
    bool others = false, zero = false;
    std::uint32_t join = place(own, at, others, zero);
    storage& b = *st_;
    if (static_cast<unsigned>(others) | static_cast<unsigned>(zero)) [[unlikely]]
        join = finish_move(at, others, zero);
    if (b.libs[join] == 0) [[unlikely]] {  // suicide (ff4_go.txt removes the own group too)
        log_end_[-1] &= ~simple;  // the move, unless finish_move ran (and cleared it)
        remove(join);
    }
}

}  // namespace sgf::detail
