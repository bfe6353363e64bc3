#include "board/go_board.hpp"

#include <bit>

#include "board/reused.hpp"

namespace sgf::detail {

namespace {
constexpr std::uint32_t border_cell = static_cast<std::uint32_t>(stone::border);
}  // namespace

go_board::~go_board() {
    if (!st_) return;
    for (const std::uint16_t d : noted_) st_->noted[d] = 0;  // what a board taking it expects: none noted
    give_back(std::move(st_));
}

bool go_board::reset(board_size s) {
    if (!st_) {
        // From the last board of this thread, if any: its cells and counts are set below for
        // this board's size (clear), noted is all zero and seen holds stamps up to its stamp;
        // other words keep stale counts, which are never read (storage::libs).
        st_ = take_reused<storage>();
        noted_.reserve(max_cells);  // a cell is noted once: note() never allocates (undo is noexcept)
        stack_.reserve(max_cells);
        grow_log();
    }
    if (s.columns < 1 || s.rows < 1 || s.columns > max_side || s.rows > max_side) {
        size_ = {};
        clear();
        return false;
    }
    size_ = s;
    stride_ = s.columns + 2;
    if (s != st_->empty_size) {  // the empty board of this size, once: clear() copies it
        std::vector<std::uint16_t>& cells = st_->empty_cell;
        std::vector<std::uint32_t>& counts = st_->empty_libs;
        const std::uint32_t n = stride_ * (s.rows + 2);
        // Border cells name one of two border words, one for the columns and one for the
        // rows, so that a corner point's two border neighbours count apart.
        cells.assign(n, static_cast<std::uint16_t>(word(1, border_cell)));
        for (std::uint32_t c = 0; c < stride_; ++c) {
            cells[c] = static_cast<std::uint16_t>(word(0, border_cell));
            cells[n - 1 - c] = static_cast<std::uint16_t>(word(0, border_cell));
        }
        for (std::uint32_t r = 1; r <= s.rows; ++r)
            for (std::uint32_t i = index({1, r}); i <= index({s.columns, r}); ++i) cells[i] = static_cast<std::uint16_t>(i);
        std::copy_n(cells.data(), n, st_->cell);  // empty_count reads the cells
        counts.resize(n);
        for (std::uint32_t i = 0; i < n; ++i) counts[i] = color_of(cells[i]) == 0 ? empty_count(i) : 0;
        st_->empty_size = s;
    }
    clear();
    return true;
}

void go_board::clear() noexcept {
    log_end_ = log_.data();
    logging_ = false;
    for (const std::uint16_t d : noted_) st_->noted[d] = 0;
    noted_.clear();
    rebuild_all_ = false;
    exact_from_ = 0;
    slow_ = 0;
    std::copy(st_->empty_cell.begin(), st_->empty_cell.end(), st_->cell);
    std::copy(st_->empty_libs.begin(), st_->empty_libs.end(), st_->libs);  // the empty cells' counts
    st_->libs[word(0, border_cell)] = st_->libs[word(1, border_cell)] = high;
}

void go_board::grow_log() {
    const std::size_t used = static_cast<std::size_t>(log_end_ - log_.data());
    log_.resize(log_.size() * 2 + 256);
    log_end_ = log_.data() + used;
}

std::uint32_t go_board::empty_count(std::uint32_t at) const noexcept {
    const std::uint16_t* const c = st_->cell;
    return high + liberty * ((c[at + 1] < first_stone) + (c[at - 1] < first_stone) + (c[at + stride_] < first_stone) +
                             (c[at - stride_] < first_stone));
}

void go_board::note(std::uint32_t at) {
    slow_ = first_stone;
    if (st_->noted[at]) return;
    st_->noted[at] = 1;
    noted_.push_back(static_cast<std::uint16_t>(at));
}

void go_board::undo(std::size_t m) noexcept {
    const std::uint32_t* const to = log_.data() + m;
    const std::uint32_t* const exact = log_.data() + exact_from_;
    // Many changes (a long variation, or a whole game at the end of its tree): rebuild all
    // groups once rather than note every cell.
    if (static_cast<std::size_t>(log_end_ - to) > size_.columns * size_.rows / 2) {
        rebuild_all_ = true;
        slow_ = first_stone;
        while (log_end_ > to) {
            const std::uint32_t e = *--log_end_;
            st_->cell[group_of(e)] = static_cast<std::uint16_t>(e & ~simple);
        }
    }
    while (log_end_ > to) {
        const std::uint32_t e = *--log_end_;
        // A simple move is taken back exactly while the groups are as it left them: nothing
        // noted yet, and no rebuild since (which may order the circles anew).
        if ((e & simple) && log_end_ >= exact && !pending()) {
            unplay(group_of(e));
            continue;
        }
        st_->cell[group_of(e)] = static_cast<std::uint16_t>(e & ~simple);  // right for an empty cell; a stone's group: rebuild()
        note(group_of(e));
    }
    exact_from_ = std::min(exact_from_, m);  // the entries from m on will be new ones
}

// The board is as the simple move to `at` left it: give the point back to the groups and
// empty cells around it, and take the stone out of its group's circle (it follows the
// representative there, as place() put it).
void go_board::unplay(std::uint32_t at) noexcept {
    storage& b = *st_;
    const std::uint32_t s = stride_, w = b.cell[at], g = group_of(w);
    b.libs[b.cell[at + 1]] += liberty;
    b.libs[b.cell[at - 1]] += liberty;
    b.libs[b.cell[at + s]] += liberty;
    b.libs[b.cell[at - s]] += liberty;
    b.cell[at] = static_cast<std::uint16_t>(at);
    const std::uint32_t count = empty_count(at);
    if (g != at) {
        b.next[g] = b.next[at];
        b.libs[w] -= count - high + 1;  // its liberties and the stone
    }
    b.libs[at] = count;
}

// A group is a connected set of stones of one color, and its liberty count is a sum over
// its stones: so a group that contains no noted cell and no neighbour of one is unchanged
// (members, representative and counts). Every other group is found again from a stone next
// to or on a noted cell, and only those are flood-filled. An empty cell's count changes only
// when it or a neighbour is noted, so those are counted again too.
void go_board::rebuild() {
    storage& b = *st_;
    if (++b.stamp == 0) {  // wrapped: clear the stamps once every 4 billion rebuilds
        std::fill(std::begin(b.seen), std::end(b.seen), 0);
        b.stamp = 1;
    }
    const std::uint32_t s = stride_;
    // The count of the empty cell or the group of the stone at `start`, once per rebuild.
    const auto redo = [&](std::uint32_t start) {
        const std::uint32_t color = color_of(b.cell[start]);
        if (color == border_cell || b.seen[start] == b.stamp) return;
        b.seen[start] = b.stamp;
        if (color == 0) {
            b.libs[start] = empty_count(start);
            return;
        }
        // the group of `start`, with `start` as its representative
        stack_.clear();
        stack_.push_back(static_cast<std::uint16_t>(start));
        std::uint32_t libs = 0, stones = 0, last = start;
        while (!stack_.empty()) {
            const std::uint32_t p = stack_.back();
            stack_.pop_back();
            b.cell[p] = static_cast<std::uint16_t>(word(start, color));
            b.next[last] = static_cast<std::uint16_t>(p);  // the circle, in visiting order
            last = p;
            ++stones;
            for (const std::uint32_t q : {p + 1, p - 1, p + s, p - s}) {
                libs += color_of(b.cell[q]) == 0;
                if (color_of(b.cell[q]) == color && b.seen[q] != b.stamp) {
                    b.seen[q] = b.stamp;
                    stack_.push_back(static_cast<std::uint16_t>(q));
                }
            }
        }
        b.next[last] = static_cast<std::uint16_t>(start);
        b.libs[word(start, color)] = (libs - 1) * liberty + stones;
    };
    if (rebuild_all_) {
        for (std::uint32_t r = 1; r <= size_.rows; ++r)
            for (std::uint32_t i = index({1, r}); i <= index({size_.columns, r}); ++i) redo(i);
    } else {
        for (const std::uint16_t d : noted_)
            for (const std::uint32_t start : {std::uint32_t{d}, d + 1u, d - 1u, d + s, d - s}) redo(start);
    }
    for (const std::uint16_t d : noted_) b.noted[d] = 0;
    noted_.clear();
    rebuild_all_ = false;
    update_slow();
    exact_from_ = static_cast<std::size_t>(log_end_ - log_.data());
}

// Every stone of the group becomes empty (logged), and each of its four neighbours gains
// one, counted on whatever the neighbour names: a group's pseudo-liberties, an empty cell's
// count (a stone of the group emptied before this one included), the dying group's (never
// read again) or a border word's. A removed stone's own count starts with the empty
// neighbours it has when it is emptied; the stones emptied after it add theirs.
void go_board::remove(std::uint32_t gw) {
    storage& b = *st_;
    const std::uint32_t s = stride_, g = group_of(gw);
    captured_ += b.libs[gw] & stone_bits;
    std::uint32_t p = g;
    do {
        if (logging_) log(p);
        b.cell[p] = static_cast<std::uint16_t>(p);
        b.libs[p] = empty_count(p);
        b.libs[b.cell[p + 1]] += liberty;
        b.libs[b.cell[p - 1]] += liberty;
        b.libs[b.cell[p + s]] += liberty;
        b.libs[b.cell[p - s]] += liberty;
        p = b.next[p];
    } while (p != g);
}

// A move with logging on, groups pending a rebuild, or onto a stone.
stone go_board::play_slow(stone color, std::uint32_t at) {
    if (pending()) rebuild();
    if (color_of(st_->cell[at]) != 0) return play_onto_stone(color, at);
    if (logging_) {
        if (log_end_ == log_.data() + log_.size()) grow_log();
        *log_end_++ = at | simple;
    }
    play_on_empty(static_cast<std::uint32_t>(color), at);
    return stone::empty;
}

// Group b joins group a or a joins b, whichever is smaller (so a stone is relabelled
// O(log n) times over a game); returns the representative of the whole.
inline std::uint32_t go_board::merge(std::uint32_t a, std::uint32_t b, std::uint32_t own) {
    storage& st = *st_;
    // Everything read before the first write, so that no read waits for a write's address.
    // In arithmetic: a compiler may branch on the comparison, and it is unpredictable.
    const std::uint32_t count_a = st.libs[word(a, own)], count_b = st.libs[word(b, own)];
    const std::uint32_t size_a = count_a & stone_bits, size_b = count_b & stone_bits;
    const std::uint32_t swap = (a ^ b) & (0u - static_cast<std::uint32_t>(size_b > size_a));
    const std::uint32_t big = a ^ swap, small = b ^ swap;
    const std::uint32_t small_size = swap ? size_a : size_b;
    const std::uint32_t after_big = st.next[big], after_small = st.next[small];
    const std::uint32_t count = count_a + count_b + liberty;  // liberties each less 1, and stones
    const auto label = static_cast<std::uint16_t>(word(big, own));
    // The first two stones without a loop (most groups joined are that small: a group of
    // one gets its label twice), the rest around the circle.
    st.cell[small] = label;
    st.cell[after_small] = label;
    if (small_size > 2) [[unlikely]] {
        for (std::uint32_t p = st.next[after_small]; p != small; p = st.next[p]) st.cell[p] = label;
    }
    st.next[big] = static_cast<std::uint16_t>(after_small);
    st.next[small] = static_cast<std::uint16_t>(after_big);
    st.libs[word(big, own)] = count;
    return big;
}

// The new stone at `at` joined one friendly group; `with` is another next to it. All of
// them become one.
void go_board::join_at(std::uint32_t at, std::uint32_t with) {
    if (logging_) log_end_[-1] &= ~simple;  // the move's entry: not taken back by unplay()
    storage& b = *st_;
    const std::uint32_t own = color_of(b.cell[at]);
    std::uint32_t gw = word(merge(group_of(b.cell[at]), with, own), own);
    // A third or fourth group (rare): a friendly word other than gw's. Tested without a
    // branch per neighbour (a compiler may make one of a || or a comparison).
    const auto apart = [&](std::uint32_t q) {
        const std::uint32_t x = b.cell[q] ^ gw;  // 1 to 4095: the same color, another group
        return ((x - first_stone) & ~(x - 1)) >> 31;
    };
    const auto s = static_cast<std::uint32_t>(stride_);
    if (apart(at + 1) | apart(at - 1) | apart(at + s) | apart(at - s)) [[unlikely]] {
        for (const std::uint32_t q : {at + 1, at - 1, at + s, at - s})
            if (apart(q)) gw = word(merge(group_of(gw), group_of(b.cell[q]), own), own);
    }
}

// Removes the opponent groups around the new stone without liberties, then its own group
// if it has none (suicide).
void go_board::capture_at(std::uint32_t at) {
    if (logging_) log_end_[-1] &= ~simple;  // the move's entry: not taken back by unplay()
    storage& b = *st_;
    const std::uint32_t gw = b.cell[at], enemy = color_of(gw) ^ 3;
    const std::uint32_t around[4] = {at + 1, at - 1, at + stride_, at - stride_};
    const auto captured = [&](std::uint32_t q) {
        const std::uint32_t w = b.cell[q];
        return static_cast<unsigned>(color_of(w) == enemy) & static_cast<unsigned>(dead(b.libs[w]));
    };
    // which neighbours, without a branch on each (usually one group goes)
    unsigned which = captured(around[0]) | captured(around[1]) << 1 | captured(around[2]) << 2 | captured(around[3]) << 3;
    for (; which != 0; which &= which - 1) {
        const std::uint32_t q = around[std::countr_zero(which)];
        if (color_of(b.cell[q]) == enemy) remove(b.cell[q]);  // a group next to the move twice: empty by now
    }
    if (dead(b.libs[gw])) [[unlikely]]
        remove(gw);  // suicide (ff4_go.txt removes the own group too)
}

// A move onto a stone (executed anyway, ff4_go.txt): the overwritten stone's group may fall
// apart, so the cell is noted and the groups around it rebuilt, then captures as usual.
stone go_board::play_onto_stone(stone color, std::uint32_t at) {
    storage& b = *st_;
    const auto before = static_cast<stone>(color_of(b.cell[at]));
    if (logging_) log(at);
    b.cell[at] = static_cast<std::uint16_t>(word(at, static_cast<std::uint32_t>(color)));
    note(at);
    rebuild();
    const std::uint32_t enemy = static_cast<std::uint32_t>(opponent(color));
    for (const std::uint32_t q : {at + 1, at - 1, at + stride_, at - stride_})
        if (color_of(b.cell[q]) == enemy && dead(b.libs[b.cell[q]])) remove(b.cell[q]);
    if (dead(b.libs[b.cell[at]])) remove(b.cell[at]);
    return before;
}

bool go_board::set(stone color, board_point p) {
    const std::uint32_t at = index(p);
    if (color_of(st_->cell[at]) == static_cast<std::uint32_t>(color)) return false;
    if (color != stone::empty && color_of(st_->cell[at]) == 0 && !pending()) {
        // a stone on an empty point: placed as a move places it (no captures: a group
        // without liberties stays), so the groups stay right and undo takes it back exactly
        if (logging_) {
            if (log_end_ == log_.data() + log_.size()) grow_log();
            *log_end_++ = at | simple;
        }
        const placed r = place(static_cast<std::uint32_t>(color), at);
        if (r.others >> 31) join_at(at, r.with);
        return true;
    }
    if (logging_) log(at);
    st_->cell[at] = static_cast<std::uint16_t>(word(at, static_cast<std::uint32_t>(color)));  // groups split or join: rebuild()
    note(at);
    return true;
}

}  // namespace sgf::detail
