#pragma once
// The one Go board (check, fix and the generator replay on it): ff4_go.txt "How to execute
// a move" for B/W, ff4_properties.txt AB/AW/AE for setup, and an undo log so that a pre-order
// walk over any tree rewinds a variation instead of copying the board.
//
// Inside: a flat array of cells with a border of sentinels, and groups kept up to date:
// every stone names its group's representative stone, the stones of a group form a circular
// list, and the representative's count holds the group's stones and pseudo-liberties (the
// number of (stone, empty neighbour) pairs: zero exactly when the group has no liberty). A
// stone put on an empty point (a move, or setup) counts and joins without a flood fill
// and, unless it connects groups or runs a count out, without a branch on its neighbours
// (join_at and capture_at do the rest); joining groups relabels the smaller one (O(log n)
// relabellings per stone over a game); a capture walks the captured stones once. No
// allocation per move.
// Setup over stones (AE, AB on a white stone), moves onto stones and undo can split groups:
// they change the cells and note them, and before the next move the groups that touch a
// noted cell are rebuilt (once, however many cells were noted), so that cost is bounded by
// the stones near the changes. Undo takes back the simple moves (to an empty point, joining
// at most one group, removing nothing) exactly instead, and a long undo rebuilds all once.
// Changes are logged from the first mark() on, and not after no_undo(): a replay that will
// never be undone (a game without variations, the last variation of a walk) logs nothing.
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
    ~go_board();  // its storage goes back to this thread's (board/reused.hpp)
    go_board(const go_board&) = delete;  // large, and never needs copying: mark() and undo()
    go_board& operator=(const go_board&) = delete;

    // Empties the board and the undo log, and stops logging until the next mark(); false
    // (and an unusable board) outside 1..52.
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
        // one test for a stone on the point, groups pending a rebuild and logging on
        if ((st_->cell[at] | slow_) >= first_stone) [[unlikely]]
            return play_slow(color, at);
        play_on_empty(static_cast<std::uint32_t>(color), at);
        return stone::empty;
    }
    // AB/AW/AE: overwrite without captures (a group without liberties stays, ff4_go.txt).
    // Returns whether the point changed.
    bool set(stone color, board_point p);

    // Stones removed by the last play(), opponent's and own (suicide).
    [[nodiscard]] std::uint32_t last_captures() const noexcept { return captured_; }

    // Undo log: mark() now, undo(m) later restores the board exactly. The changes from the
    // first mark() on are logged (none before: no undo can go back over them).
    [[nodiscard]] std::size_t mark() noexcept {
        logging_ = true;
        slow_ = first_stone;
        return static_cast<std::size_t>(log_end_ - log_.data());
    }
    // The caller knows that no undo() to a mark taken so far will come (a pre-order walk
    // entering a variation that is the last one all along its path): the changes from now
    // until the next mark() are not logged.
    void no_undo() noexcept {
        logging_ = false;
        update_slow();
    }
    void undo(std::size_t m) noexcept;

private:
    friend struct go_board_inspector;  // tests/go_board_test.cpp checks the groups against the cells

    static constexpr std::uint32_t max_cells = (max_side + 2) * (max_side + 2);
    // A cell's word: its stone above bit 12 and its group below (the representative for a
    // stone, the cell itself for an empty cell, 0 or 1 for a border cell). The word also
    // indexes the counts (libs), so that a move updates the counts its neighbours name
    // without asking what they are, and a group's count is apart from an empty cell's.
    static constexpr std::uint32_t color_shift = 12;
    static constexpr std::uint32_t first_stone = 1u << color_shift;  // words from here on are stones
    static_assert(max_cells <= first_stone);
    // A count word: liberties from bit 12 on, stones below (a group's; 0 for an empty or
    // border cell), so that a stone's move updates both with one addition.
    static constexpr std::uint32_t liberty = 1u << 12;
    static constexpr std::uint32_t stone_bits = liberty - 1;
    static_assert(max_cells <= stone_bits);
    // Counts kept for cells that are no group (empty and border cells) start here, so that
    // their top bit (dead()) is never set.
    static constexpr std::uint32_t high = 1u << 30;

    // One block at fixed offsets from one pointer, sized for the largest board, so that the
    // move code needs no base address per array (a 19x19 board uses its first 441 cells).
    struct storage {
        // By word, counts of liberties (times liberty) and stones: per representative its
        // group's pseudo-liberties less 1 (so that none left sets the top bit: dead()) and
        // stones; per empty cell high + its empty neighbours (the liberties a stone played
        // there starts with); per border word high, less anything. Other words' counts are
        // stale, never read. First, so that a count's address is the word scaled, without
        // an offset.
        std::uint32_t libs[4 << color_shift];
        std::uint16_t cell[max_cells];    // word(group, stone)
        std::uint16_t next[max_cells];    // per stone: the next stone of its group (a circle)
        std::uint8_t noted[max_cells];    // in noted_
        std::uint32_t seen[max_cells];    // rebuild's flood-fill stamps
        std::uint32_t stamp = 0;          // the last rebuild's stamp in seen (kept with it when reused)
        // The empty board of empty_size, which clear() copies (kept too: most boards a thread
        // makes are of the size its last one had).
        board_size empty_size{};
        std::vector<std::uint16_t> empty_cell;  // cell
        std::vector<std::uint32_t> empty_libs;  // libs (empty words)
    };

    // Row 0, row rows+1, column 0 and column columns+1 are the border.
    [[nodiscard]] std::uint32_t index(board_point p) const noexcept { return p.row * stride_ + p.column; }
    static constexpr std::uint32_t word(std::uint32_t group, std::uint32_t color) noexcept {
        return color << color_shift | group;
    }
    // Unsigned min and max in arithmetic: a compiler may turn a comparison into a branch,
    // which in the move code is unpredictable.
    static constexpr std::uint32_t min_of(std::uint32_t a, std::uint32_t b) noexcept {
        return b ^ ((a ^ b) & (0u - static_cast<std::uint32_t>(a < b)));
    }
    static constexpr std::uint32_t max_of(std::uint32_t a, std::uint32_t b) noexcept {
        return b ^ ((a ^ b) & (0u - static_cast<std::uint32_t>(a > b)));
    }
    // Whether a group's count (libs) says it has no liberty.
    static constexpr bool dead(std::uint32_t count) noexcept { return count >> 31 != 0; }
    static constexpr std::uint32_t color_of(std::uint32_t w) noexcept { return w >> color_shift & 3; }
    static constexpr std::uint32_t group_of(std::uint32_t w) noexcept { return w & (first_stone - 1); }
    // In the log: a move to an empty point that joined at most one group and removed
    // nothing, which undo() takes back exactly (unplay) instead of noting its cell.
    static constexpr std::uint32_t simple = 1u << 31;

    // The log holds cells as they were with themselves as group (word(at, stone)): what an
    // empty cell holds, and a stone's group is found again by rebuild() after an undo.
    void log(std::uint32_t at) {
        if (log_end_ == log_.data() + log_.size()) [[unlikely]]
            grow_log();
        *log_end_++ = word(at, color_of(st_->cell[at]));
    }
    void grow_log();
    void update_slow() noexcept { slow_ = logging_ || pending() ? first_stone : 0; }
    void note(std::uint32_t at);  // a cell changed outside play(): its groups need rebuilding
    void unplay(std::uint32_t at) noexcept;  // takes back a simple move (the last change)
    void rebuild();               // the groups and counts around the noted cells (or all)
    [[nodiscard]] bool pending() const noexcept { return rebuild_all_ || !noted_.empty(); }
    [[nodiscard]] std::uint32_t empty_count(std::uint32_t at) const noexcept;  // high + empty neighbours
    void remove(std::uint32_t group_word);  // its stones: empty, counted, neighbours' liberties
    void clear() noexcept;  // the empty board of size_, an empty log
    // Puts a stone of color own on the empty point at. In the top bits: others, more own
    // groups touch it (join_at joins them); zero, an opponent group next to it has no
    // liberty left; count, the own group's count (before any join).
    struct placed {
        std::uint32_t others, zero, count;
        std::uint32_t with;  // when others: the greatest friendly group
    };
    inline placed place(std::uint32_t own, std::size_t at);
    inline void play_on_empty(std::uint32_t own, std::size_t at);
    [[gnu::noinline]] stone play_slow(stone color, std::uint32_t at);
    stone play_onto_stone(stone color, std::uint32_t at);
    // The rest of a move to an empty point that place() could not finish: join_at joins
    // the other own groups around (with: one of them), capture_at removes the opponent
    // groups without liberties, then the own group if it has none (suicide).
    [[gnu::noinline]] void join_at(std::uint32_t at, std::uint32_t with);
    [[gnu::noinline]] void capture_at(std::uint32_t at);
    std::uint32_t merge(std::uint32_t a, std::uint32_t b, std::uint32_t own);

    board_size size_{};
    std::uint32_t stride_ = 0;  // columns + 2
    // first_stone while play() must take the slow path (logging, or groups pending a
    // rebuild), else 0: or-ed into the cell's word, one test for all.
    std::uint32_t slow_ = 0;
    bool logging_ = false;
    std::unique_ptr<storage> st_;
    std::vector<std::uint32_t> log_;                      // [data, log_end_) in use, never shrinks
    std::uint32_t* log_end_ = nullptr;
    std::vector<std::uint16_t> noted_;  // cells changed since the groups were last right
    bool rebuild_all_ = false;          // too many for noted_: all of them
    std::size_t exact_from_ = 0;        // log entries from here on came after the last rebuild
    std::vector<std::uint16_t> stack_;  // rebuild's flood fill
    std::uint32_t captured_ = 0;
};

// A stone on an empty point: a move's common case, and setup's. Its tests on the neighbours
// are arithmetic, not branches (they are unpredictable): the cost is the same whatever
// surrounds the point, until it connects own groups or a count runs out. Both answers come
// as the top bit of a word (sign tests are cheap and or-ed together).
inline go_board::placed go_board::place(std::uint32_t own, std::size_t at) {
    storage& b = *st_;
    const std::size_t s = stride_;
    const std::uint32_t w0 = b.cell[at + 1], w1 = b.cell[at - 1], w2 = b.cell[at + s], w3 = b.cell[at - s];
    const std::uint32_t fresh = b.libs[at] - high;  // the new stone's liberties (times liberty), counted ahead
    // Xor the color, a friendly neighbour's word is its group (below first_stone) and any
    // other word is first_stone or more: so the least is the group to join, if any; less
    // first_stone, the friendly ones wrap to the top: so the greatest is the greatest
    // friendly group. Shifted up, the top bit of that xor is clear for a friend.
    const std::uint32_t mine = own << color_shift;
    const auto key = [mine](std::uint32_t w) { return w ^ mine; };
    const auto other = [mine](std::uint32_t w) { return (w ^ mine) << (31 - color_shift - 1); };
    // The point is no longer a liberty of the groups around it (a group next to it twice
    // loses two pseudo-liberties), nor an empty neighbour of the empty points around it.
    // A group's count whose top bit is set afterwards has no liberty left: an opponent's
    // means a capture (an own group's may live on through the new stone, counted below).
    std::uint32_t zero = (b.libs[w0] -= liberty) & other(w0);
    zero |= (b.libs[w1] -= liberty) & other(w1);
    zero |= (b.libs[w2] -= liberty) & other(w2);
    zero |= (b.libs[w3] -= liberty) & other(w3);
    const std::uint32_t least = min_of(min_of(key(w0), key(w1)), min_of(key(w2), key(w3)));
    const std::uint32_t most = max_of(max_of(key(w0) - first_stone, key(w1) - first_stone),
                                      max_of(key(w2) - first_stone, key(w3) - first_stone)) + first_stone;
    // All ones when a neighbour is friendly; in arithmetic, as a compiler may turn a
    // comparison into a branch here.
    const std::uint32_t joined = static_cast<std::uint32_t>(static_cast<std::int32_t>(least - first_stone) >> 31);
    const std::uint32_t alone = ~joined;
    // The top bit: two friendly groups to join (join_at), and a count run out: an
    // opponent group to capture, or the own group without liberties (suicide).
    const std::uint32_t others = (least - most) & joined;
    const std::uint32_t g = (least & joined) | (static_cast<std::uint32_t>(at) & alone);  // alone: a group of its own
    const std::uint32_t gw = g | mine;
    // Into g's circle, counted in g's counts (fresh ones when alone: the slots of a cell
    // that is no representative are stale; liberties less 1).
    const std::uint32_t after = (b.next[g] & joined) | (static_cast<std::uint32_t>(at) & alone);
    b.next[g] = static_cast<std::uint16_t>(at);
    b.next[at] = static_cast<std::uint16_t>(after);
    const std::uint32_t count = (b.libs[gw] & joined) + fresh + (alone & (0u - liberty)) + 1;  // one stone more
    b.libs[gw] = count;
    b.cell[at] = static_cast<std::uint16_t>(gw);
    return {others, zero, count, most};
}

// A move to an empty point (ff4_go.txt): the stone, then captures, then suicide.
inline void go_board::play_on_empty(std::uint32_t own, std::size_t at) {
    const placed r = place(own, at);
    if (r.others >> 31) [[unlikely]]
        join_at(static_cast<std::uint32_t>(at), r.with);
    // A capture (unpredictable, so tested apart from the own count, which comes later:
    // a mispredicted branch costs until its test is known), or suicide (rare; counted
    // before any join: the own group may live on the other's liberties, which capture_at
    // sees).
    if (r.zero >> 31) [[unlikely]]
        capture_at(static_cast<std::uint32_t>(at));
    else if (r.count >> 31) [[unlikely]]
        capture_at(static_cast<std::uint32_t>(at));
}

}  // namespace sgf::detail
