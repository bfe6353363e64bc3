// A unified diff of two texts by lines (fix --dry-run), as diff -u writes it: Myers' O(ND)
// difference in linear space (the middle snake, "An O(ND) Difference Algorithm and Its
// Variations", 1986, section 4b), with the search kept inside the edit graph as GNU diff's
// diag() keeps it: only the diagonals k = x - y that cross the part compared are searched
// (without that bound the search ran past both ends of its arrays when the two sides'
// line counts differ a lot: fix --dry-run aborted on 212 of the 686 legacy files, issue 20).
// A search that would cost more than a budget of edit steps reports the rest of that part
// as replaced instead (as GNU diff's heuristic does): the diff stays correct, only less
// minimal, and time stays near linear.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/unified_diff.hpp"

namespace sgf::tools {

std::vector<std::string_view> lines_of(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::size_t b = 0; b < s.size();) {
        const std::size_t e = s.find('\n', b);
        const std::size_t end = e == std::string_view::npos ? s.size() : e + 1;
        out.push_back(s.substr(b, end - b));
        b = end;
    }
    return out;
}

namespace {

enum class op : std::uint8_t { same, del, ins };

using index = std::ptrdiff_t;

// A run of equal lines a[x,u) == b[y,v) on an optimal path of a part.
struct snake {
    index x, y, u, v;
};

class differ {
public:
    differ(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b)
        : a_(a), b_(b), lowest_(-static_cast<index>(b.size()) - 1) {
        // Diagonals k = x - y in absolute coordinates: every part's lie in [-|b|, |a|], and
        // the search reads one beyond each end (a sentinel).
        fwd_.resize(a.size() + b.size() + 3);
        bwd_.resize(a.size() + b.size() + 3);
    }

    // The edit script: for every line of a and b, in order.
    std::vector<op> run() {
        // Parts still to compare, in order (an explicit stack: no recursion on the input).
        struct part {
            index a0, a1, b0, b1;
        };
        std::vector<part> todo{{0, static_cast<index>(a_.size()), 0, static_cast<index>(b_.size())}};
        std::vector<std::pair<index, index>> same_pairs;  // (a index, b index) of equal lines
        while (!todo.empty()) {
            part p = todo.back();
            todo.pop_back();
            while (p.a0 < p.a1 && p.b0 < p.b1 && a_[p.a0] == b_[p.b0]) same_pairs.emplace_back(p.a0++, p.b0++);
            while (p.a0 < p.a1 && p.b0 < p.b1 && a_[p.a1 - 1] == b_[p.b1 - 1]) same_pairs.emplace_back(--p.a1, --p.b1);
            if (p.a0 == p.a1 || p.b0 == p.b1) continue;
            const auto s = middle_snake(p.a0, p.a1, p.b0, p.b1);
            if (!s) continue;  // too costly: all replaced
            for (index i = s->x; i < s->u; ++i) same_pairs.emplace_back(i, s->y + (i - s->x));
            todo.push_back({s->u, p.a1, s->v, p.b1});
            todo.push_back({p.a0, s->x, p.b0, s->y});
        }
        std::sort(same_pairs.begin(), same_pairs.end());
        std::vector<op> script;
        script.reserve(a_.size() + b_.size());
        index i = 0, j = 0;
        auto upto = [&](index ai, index bj) {
            for (; i < ai; ++i) script.push_back(op::del);
            for (; j < bj; ++j) script.push_back(op::ins);
        };
        for (const auto& [ai, bj] : same_pairs) {
            upto(ai, bj);
            script.push_back(op::same);
            ++i;
            ++j;
        }
        upto(static_cast<index>(a_.size()), static_cast<index>(b_.size()));
        return script;
    }

private:
    static constexpr index before_all = -1;                                 // forward: no path here
    static constexpr index after_all = std::numeric_limits<index>::max() / 2;  // backward: none

    // The furthest x reached on diagonal k, forward (from the start) and backward (from the end).
    index& f(index k) { return fwd_[static_cast<std::size_t>(k - lowest_)]; }
    index& r(index k) { return bwd_[static_cast<std::size_t>(k - lowest_)]; }

    // The middle snake of a[a0,a1) and b[b0,b1), both non-empty, their first lines different
    // and their last lines too (run() strips equal ends first). Nothing when the difference
    // is over the budget. The forward search covers the diagonals [fmin, fmax], the backward
    // one [bmin, bmax], each grown by one per step and cut to [dmin, dmax], the diagonals
    // that cross the part; the one outside each end holds a sentinel (no path), so that the
    // step reads only what the part's own search wrote.
    std::optional<snake> middle_snake(index a0, index a1, index b0, index b1) {
        const index dmin = a0 - b1, dmax = a1 - b0;
        const index fmid = a0 - b0, bmid = a1 - b1;
        const bool odd = ((fmid - bmid) & 1) != 0;
        const index n = a1 - a0, m = b1 - b0;
        const index budget = std::max<index>(256, 4096 * 1024 / (n + m));
        index fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
        f(fmid) = a0;  // the equal first lines are stripped: no snake at the start
        r(bmid) = a1;
        for (index d = 1; d <= budget; ++d) {
            if (fmin > dmin) f(--fmin - 1) = before_all;
            else ++fmin;
            if (fmax < dmax) f(++fmax + 1) = before_all;
            else --fmax;
            for (index k = fmax; k >= fmin; k -= 2) {
                const index lo = f(k - 1), hi = f(k + 1);
                const index x0 = lo < hi ? hi : lo + 1;  // down from k + 1, or right from k - 1
                index x = x0, y = x0 - k;
                if (x < a0 || y < b0) return std::nullopt;  // cannot happen: no read before the part
                while (x < a1 && y < b1 && a_[x] == b_[y]) ++x, ++y;
                f(k) = x;
                if (odd && k >= bmin && k <= bmax && r(k) <= x) return checked({x0, x0 - k, x, y}, a0, a1, b0, b1);
            }
            if (bmin > dmin) r(--bmin - 1) = after_all;
            else ++bmin;
            if (bmax < dmax) r(++bmax + 1) = after_all;
            else --bmax;
            for (index k = bmax; k >= bmin; k -= 2) {
                const index lo = r(k - 1), hi = r(k + 1);
                const index x1 = lo < hi ? lo : hi - 1;  // up from k - 1, or left from k + 1
                index x = x1, y = x1 - k;
                if (x > a1 || y > b1) return std::nullopt;  // cannot happen: no read after the part
                while (x > a0 && y > b0 && a_[x - 1] == b_[y - 1]) --x, --y;
                r(k) = x;
                if (!odd && k >= fmin && k <= fmax && x <= f(k)) return checked({x, y, x1, x1 - k}, a0, a1, b0, b1);
            }
        }
        return std::nullopt;
    }

    // The snake, if it lies in the part and splits it into two smaller ones (what Myers'
    // lemma promises); else nothing (the part is then reported as replaced), so that no
    // mistake here can read outside the texts or loop.
    static std::optional<snake> checked(snake s, index a0, index a1, index b0, index b1) {
        const bool inside = a0 <= s.x && s.x <= s.u && s.u <= a1 && b0 <= s.y && s.y <= s.v && s.v <= b1 &&
                            s.u - s.x == s.v - s.y;
        const bool splits = !(s.x == a1 && s.y == b1) && !(s.u == a0 && s.v == b0);
        if (!inside || !splits) return std::nullopt;
        return s;
    }

    const std::vector<std::string_view>& a_;
    const std::vector<std::string_view>& b_;
    index lowest_;  // the lowest diagonal stored: -|b| - 1
    std::vector<index> fwd_, bwd_;
};

void put_line(std::string& out, char mark, std::string_view line) {
    out += mark;
    out += line;
    if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

std::string range(std::size_t start, std::size_t count) {
    // diff -u: "l,s"; a count of 1 is left out; an empty range names the line before it.
    if (count == 1) return std::to_string(start + 1);
    return std::to_string(count == 0 ? start : start + 1) + "," + std::to_string(count);
}

}  // namespace

std::string unified_diff(std::string_view a, std::string_view b, std::string_view name_a, std::string_view name_b) {
    if (a == b) return {};
    const auto la = lines_of(a), lb = lines_of(b);
    const std::vector<op> script = differ(la, lb).run();
    constexpr std::size_t context = 3;
    std::string out = "--- " + std::string(name_a) + "\n+++ " + std::string(name_b) + "\n";
    // Walk the script; a hunk is every change with `context` equal lines around it, hunks
    // closer than 2 * context merged.
    std::vector<std::size_t> ai(script.size() + 1), bi(script.size() + 1);  // line numbers before step s
    for (std::size_t s = 0; s < script.size(); ++s) {
        ai[s + 1] = ai[s] + (script[s] != op::ins);
        bi[s + 1] = bi[s] + (script[s] != op::del);
    }
    std::size_t done = 0;  // end of the last hunk
    for (std::size_t s = 0; s < script.size();) {
        if (script[s] == op::same) {
            ++s;
            continue;
        }
        const std::size_t start = std::max(done, s >= context ? s - context : 0);
        std::size_t last_change = s;
        for (std::size_t t = s; t < script.size(); ++t) {
            if (script[t] != op::same) last_change = t;
            else if (t - last_change > 2 * context) break;
        }
        const std::size_t end = std::min(script.size(), last_change + 1 + context);
        out += "@@ -" + range(ai[start], ai[end] - ai[start]) + " +" + range(bi[start], bi[end] - bi[start]) + " @@\n";
        for (std::size_t t = start; t < end; ++t) {
            if (script[t] == op::same) put_line(out, ' ', la[ai[t]]);
            else if (script[t] == op::del) put_line(out, '-', la[ai[t]]);
            else put_line(out, '+', lb[bi[t]]);
        }
        s = done = end;
    }
    return out;
}

}  // namespace sgf::tools
