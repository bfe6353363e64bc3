#include "board/go_board.hpp"

namespace sgf::detail {

namespace {
constexpr std::uint32_t border_cell = static_cast<std::uint32_t>(stone::border);
// All ones when b, else zero.
constexpr std::uint32_t mask(bool b) noexcept { return 0u - static_cast<std::uint32_t>(b); }
}  // namespace

bool go_board::reset(board_size s) {
    if (!st_) {
        st_ = std::make_unique<storage>();
        noted_.reserve(max_cells);  // a cell is noted once: note() never allocates (undo is noexcept)
        stack_.reserve(max_cells);
        grow_log();
    }
    if (s.columns < 1 || s.rows < 1 || s.columns > max_side || s.rows > max_side) {
        size_ = {};
        clear();
        return false;
    }
    if (s == size_ && log_end_ == log_.data() && !pending()) return true;  // empty already
    if (s != size_) {  // the empty board of this size, once: clear() copies it
        size_ = s;
        stride_ = s.columns + 2;
        const std::uint32_t n = stride_ * (s.rows + 2);
        empty_cell_.resize(n);
        for (std::uint32_t i = 0; i < n; ++i) empty_cell_[i] = word(i, border_cell);
        for (std::uint32_t r = 1; r <= s.rows; ++r)
            for (std::uint32_t i = index({1, r}); i <= index({s.columns, r}); ++i) empty_cell_[i] = i;
        std::copy_n(empty_cell_.data(), n, st_->cell);  // empty_count reads the cells
        empty_libs_.resize(n);
        for (std::uint32_t i = 0; i < n; ++i) empty_libs_[i] = color_of(empty_cell_[i]) == 0 ? empty_count(i) : high;
    }
    clear();
    return true;
}

void go_board::clear() noexcept {
    log_end_ = log_.data();
    fast_until_ = log_.data() + log_.size();
    for (const std::uint16_t d : noted_) st_->noted[d] = 0;
    noted_.clear();
    rebuild_all_ = false;
    exact_from_ = 0;
    std::copy(empty_cell_.begin(), empty_cell_.end(), st_->cell);
    std::copy(empty_libs_.begin(), empty_libs_.end(), st_->libs);
}

void go_board::grow_log() {
    const std::size_t used = static_cast<std::size_t>(log_end_ - log_.data());
    log_.resize(log_.size() * 2 + 256);
    log_end_ = log_.data() + used;
    fast_until_ = pending() ? nullptr : log_.data() + log_.size();
}

std::uint32_t go_board::empty_count(std::uint32_t at) const noexcept {
    const std::uint32_t* const c = st_->cell;
    return high + (color_of(c[at + 1]) == 0) + (color_of(c[at - 1]) == 0) + (color_of(c[at + stride_]) == 0) +
           (color_of(c[at - stride_]) == 0);
}

void go_board::note(std::uint32_t at) {
    fast_until_ = nullptr;
    if (st_->noted[at]) return;
    st_->noted[at] = 1;
    noted_.push_back(static_cast<std::uint16_t>(at));
}

void go_board::undo(std::size_t m) noexcept {
    if (m == 0 && log_end_ != log_.data()) {  // before the first change: the empty board
        clear();
        return;
    }
    const std::uint32_t* const to = log_.data() + m;
    const std::uint32_t* const exact = log_.data() + exact_from_;
    // Many changes (a long variation, or a whole game at the end of its tree): rebuild all
    // groups once rather than note every cell.
    if (static_cast<std::size_t>(log_end_ - to) > size_.columns * size_.rows / 2) {
        rebuild_all_ = true;
        fast_until_ = nullptr;
        while (log_end_ > to) {
            const std::uint32_t e = *--log_end_;
            st_->cell[group_of(e)] = e & ~simple;
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
        st_->cell[group_of(e)] = e & ~simple;  // right for an empty cell; a stone's group: rebuild()
        note(group_of(e));
    }
    exact_from_ = std::min(exact_from_, m);  // the entries from m on will be new ones
}

// The board is as the simple move to `at` left it: give the point back to the groups and
// empty cells around it, and take the stone out of its group's circle (it follows the
// representative there, as play_on_empty put it).
void go_board::unplay(std::uint32_t at) noexcept {
    storage& b = *st_;
    const std::uint32_t s = stride_, join = group_of(b.cell[at]);
    ++libs_of(b.cell[at + 1]);
    ++libs_of(b.cell[at - 1]);
    ++libs_of(b.cell[at + s]);
    ++libs_of(b.cell[at - s]);
    b.cell[at] = at;
    const std::uint32_t count = empty_count(at);
    if (join != at) {
        b.next[join] = b.next[at];
        --b.stones[join];
        b.libs[join] -= count - high;
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
    if (++stamp_ == 0) {  // wrapped: clear the stamps once every 4 billion rebuilds
        std::fill(std::begin(b.seen), std::end(b.seen), 0);
        stamp_ = 1;
    }
    const std::uint32_t s = stride_;
    // The count of the empty cell or the group of the stone at `start`, once per rebuild.
    const auto redo = [&](std::uint32_t start) {
        const std::uint32_t color = color_of(b.cell[start]);
        if (color == border_cell || b.seen[start] == stamp_) return;
        b.seen[start] = stamp_;
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
            b.cell[p] = word(start, color);
            b.next[last] = p;  // the circle, in visiting order
            last = p;
            ++stones;
            for (const std::uint32_t q : {p + 1, p - 1, p + s, p - s}) {
                libs += color_of(b.cell[q]) == 0;
                if (color_of(b.cell[q]) == color && b.seen[q] != stamp_) {
                    b.seen[q] = stamp_;
                    stack_.push_back(static_cast<std::uint16_t>(q));
                }
            }
        }
        b.next[last] = start;
        b.libs[start] = libs;
        b.stones[start] = stones;
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
    fast_until_ = log_.data() + log_.size();
    exact_from_ = static_cast<std::size_t>(log_end_ - log_.data());
}

// Every stone of the group becomes empty (logged), and each of its four neighbours gains
// one, counted on whatever the neighbour names: a group's pseudo-liberties, an empty cell's
// count, or a border cell's (never read). The removed stones' own counts of empty
// neighbours are set afterwards, when all of them are empty (the first pass may count on
// them, or on the dying group, whose representative is one of them).
void go_board::remove(std::uint32_t g) {
    storage& b = *st_;
    const std::uint32_t s = stride_;
    captured_ += b.stones[g];
    std::uint32_t p = g;
    do {
        log(p);
        b.cell[p] = p;
        ++libs_of(b.cell[p + 1]);
        ++libs_of(b.cell[p - 1]);
        ++libs_of(b.cell[p + s]);
        ++libs_of(b.cell[p - s]);
        p = b.next[p];
    } while (p != g);
    do {
        b.libs[p] = empty_count(p);
        p = b.next[p];
    } while (p != g);
}

// A move with groups pending a rebuild, onto a stone, or with the undo log full.
stone go_board::play_slow(stone color, std::uint32_t at) {
    if (pending()) rebuild();
    if (log_end_ == log_.data() + log_.size()) grow_log();
    if (color_of(st_->cell[at]) == 0) {
        play_on_empty(static_cast<std::uint32_t>(color), at);
        return stone::empty;
    }
    return play_onto_stone(color, at);
}

// Group b joins group a or a joins b, whichever is smaller (so a stone is relabelled
// O(log n) times over a game); returns the representative of the whole.
std::uint32_t go_board::merge(std::uint32_t a, std::uint32_t b, std::uint32_t own) {
    storage& st = *st_;
    const std::uint32_t big = a ^ ((a ^ b) & mask(st.stones[b] > st.stones[a])), small = a ^ b ^ big;
    std::uint32_t p = small;
    do {
        st.cell[p] = word(big, own);
        p = st.next[p];
    } while (p != small);
    std::swap(st.next[big], st.next[small]);
    st.stones[big] += st.stones[small];
    st.libs[big] += st.libs[small];
    return big;
}

// The stone at `at` belongs to one of the friendly groups next to it. When `join`, all of
// them become one. When `zero`, the opponent groups without liberties next to it are
// removed (the count that reached 0 may also be an own group's, which lives on through
// the new stone: the suicide test follows). Returns the representative of the own group.
std::uint32_t go_board::finish_move(std::uint32_t at, bool join, bool zero) {
    log_end_[-1] &= ~simple;  // the move's entry: not taken back by unplay()
    storage& b = *st_;
    const std::uint32_t around[4] = {at + 1, at - 1, at + stride_, at - stride_};
    const std::uint32_t w0 = b.cell[around[0]], w1 = b.cell[around[1]], w2 = b.cell[around[2]], w3 = b.cell[around[3]];
    const std::uint32_t own = color_of(b.cell[at]), enemy = own ^ 3;
    std::uint32_t g = group_of(b.cell[at]);
    if (join) {
        // The friendly groups other than g (0 for the rest), without branches: usually one.
        const auto other = [&](std::uint32_t w) { return group_of(w) & mask(color_of(w) == own && group_of(w) != g); };
        const std::uint32_t f0 = other(w0), f1 = other(w1), f2 = other(w2), f3 = other(w3);
        const std::uint32_t first = std::max(std::max(f0, f1), std::max(f2, f3));
        const auto besides = [first](std::uint32_t f) { return f & mask(f != first); };
        const std::uint32_t second = std::max(std::max(besides(f0), besides(f1)), std::max(besides(f2), besides(f3)));
        g = merge(g, first, own);
        if (second != 0) [[unlikely]] {  // three or four groups meet
            const auto third = [second](std::uint32_t f) { return f != second ? f : 0; };
            const std::uint32_t last = std::max(std::max(third(besides(f0)), third(besides(f1))),
                                                std::max(third(besides(f2)), third(besides(f3))));
            g = merge(g, second, own);
            if (last != 0) g = merge(g, last, own);
        }
    }
    if (zero) {
        for (const std::uint32_t q : around) {  // a group next to the move twice is removed once: then empty
            const std::uint32_t w = b.cell[q];
            if (color_of(w) == enemy && libs_of(w) == 0) remove(group_of(w));
        }
    }
    return g;
}

// A move onto a stone (executed anyway, ff4_go.txt): the overwritten stone's group may fall
// apart, so the cell is noted and the groups around it rebuilt, then captures as usual.
stone go_board::play_onto_stone(stone color, std::uint32_t at) {
    storage& b = *st_;
    const auto before = static_cast<stone>(color_of(b.cell[at]));
    log(at);
    b.cell[at] = word(at, static_cast<std::uint32_t>(color));
    note(at);
    rebuild();
    const std::uint32_t enemy = static_cast<std::uint32_t>(opponent(color));
    for (const std::uint32_t q : {at + 1, at - 1, at + stride_, at - stride_})
        if (color_of(b.cell[q]) == enemy && libs_of(b.cell[q]) == 0) remove(group_of(b.cell[q]));
    if (libs_of(b.cell[at]) == 0) remove(group_of(b.cell[at]));
    return before;
}

bool go_board::set(stone color, board_point p) {
    const std::uint32_t at = index(p);
    if (color_of(st_->cell[at]) == static_cast<std::uint32_t>(color)) return false;
    if (color != stone::empty && color_of(st_->cell[at]) == 0 && !pending()) {
        // a stone on an empty point: placed as a move places it (no captures: a group
        // without liberties stays), so the groups stay right and undo takes it back exactly
        if (log_end_ == log_.data() + log_.size()) grow_log();
        bool others = false, zero = false;
        (void)place(static_cast<std::uint32_t>(color), at, others, zero);
        if (others) (void)finish_move(at, true, false);
        return true;
    }
    log(at);
    st_->cell[at] = word(at, static_cast<std::uint32_t>(color));  // groups split or join: rebuild()
    note(at);
    return true;
}

}  // namespace sgf::detail
