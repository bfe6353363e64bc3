// A unified diff of two texts by lines (fix --dry-run), as diff -u writes it: Myers' O(ND)
// difference in linear space (the middle snake, "An O(ND) Difference Algorithm and Its
// Variations", 1986, section 4b). A search that would cost more than a budget of
// diagonals reports the rest of that part as replaced instead (as GNU diff's heuristic
// does): the diff stays correct, only less minimal, and time stays near linear.
#include <algorithm>
#include <cstdint>
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

class differ {
public:
    differ(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) : a_(a), b_(b) {
        const std::size_t n = a.size() + b.size() + 2;
        fwd_.resize(2 * n + 1);
        bwd_.resize(2 * n + 1);
        offset_ = static_cast<std::ptrdiff_t>(n);
    }

    // The edit script: for every line of a and b, in order.
    std::vector<op> run() {
        // Parts still to compare, in order (an explicit stack: no recursion on the input).
        struct part {
            std::ptrdiff_t a0, a1, b0, b1;
        };
        std::vector<part> todo{{0, static_cast<std::ptrdiff_t>(a_.size()), 0, static_cast<std::ptrdiff_t>(b_.size())}};
        std::vector<std::pair<std::ptrdiff_t, std::ptrdiff_t>> same_pairs;  // (a index, b index) of equal lines
        while (!todo.empty()) {
            part p = todo.back();
            todo.pop_back();
            while (p.a0 < p.a1 && p.b0 < p.b1 && a_[p.a0] == b_[p.b0]) same_pairs.emplace_back(p.a0++, p.b0++);
            while (p.a0 < p.a1 && p.b0 < p.b1 && a_[p.a1 - 1] == b_[p.b1 - 1]) same_pairs.emplace_back(--p.a1, --p.b1);
            if (p.a0 == p.a1 || p.b0 == p.b1) continue;
            std::ptrdiff_t x = 0, y = 0, u = 0, v = 0;
            if (!middle_snake(p.a0, p.a1, p.b0, p.b1, x, y, u, v)) continue;  // too costly: all replaced
            for (std::ptrdiff_t i = x; i < u; ++i) same_pairs.emplace_back(i, y + (i - x));
            todo.push_back({u, p.a1, v, p.b1});
            todo.push_back({p.a0, x, p.b0, y});
        }
        std::sort(same_pairs.begin(), same_pairs.end());
        std::vector<op> script;
        std::ptrdiff_t i = 0, j = 0;
        auto upto = [&](std::ptrdiff_t ai, std::ptrdiff_t bj) {
            for (; i < ai; ++i) script.push_back(op::del);
            for (; j < bj; ++j) script.push_back(op::ins);
        };
        for (const auto& [ai, bj] : same_pairs) {
            upto(ai, bj);
            script.push_back(op::same);
            ++i;
            ++j;
        }
        upto(static_cast<std::ptrdiff_t>(a_.size()), static_cast<std::ptrdiff_t>(b_.size()));
        return script;
    }

private:
    std::ptrdiff_t& f(std::ptrdiff_t k) { return fwd_[static_cast<std::size_t>(k + offset_)]; }
    std::ptrdiff_t& r(std::ptrdiff_t k) { return bwd_[static_cast<std::size_t>(k + offset_)]; }

    // The middle snake of a[a0,a1) and b[b0,b1): the equal run (x,y)..(u,v) on an optimal
    // path. False when the difference is over the budget.
    bool middle_snake(std::ptrdiff_t a0, std::ptrdiff_t a1, std::ptrdiff_t b0, std::ptrdiff_t b1, std::ptrdiff_t& x,
                      std::ptrdiff_t& y, std::ptrdiff_t& u, std::ptrdiff_t& v) {
        const std::ptrdiff_t n = a1 - a0, m = b1 - b0, delta = n - m;
        const bool odd = (delta & 1) != 0;
        const std::ptrdiff_t max_d = (n + m + 1) / 2;
        const std::ptrdiff_t budget = std::max<std::ptrdiff_t>(256, 4096 * 1024 / std::max<std::ptrdiff_t>(1, n + m));
        f(1) = 0;
        r(delta - 1) = n;
        for (std::ptrdiff_t d = 0; d <= max_d; ++d) {
            if (d > budget) return false;
            for (std::ptrdiff_t k = -d; k <= d; k += 2) {  // forward
                std::ptrdiff_t sx = (k == -d || (k != d && f(k - 1) < f(k + 1))) ? f(k + 1) : f(k - 1) + 1;
                std::ptrdiff_t sy = sx - k;
                const std::ptrdiff_t x0 = sx, y0 = sy;
                while (sx < n && sy < m && a_[a0 + sx] == b_[b0 + sy]) ++sx, ++sy;
                f(k) = sx;
                if (odd && k >= delta - (d - 1) && k <= delta + (d - 1) && sx >= r(k)) {
                    x = a0 + x0, y = b0 + y0, u = a0 + sx, v = b0 + sy;
                    return true;
                }
            }
            for (std::ptrdiff_t k = -d + delta; k <= d + delta; k += 2) {  // backward
                std::ptrdiff_t sx = (k == d + delta || (k != -d + delta && r(k - 1) < r(k + 1))) ? r(k - 1) : r(k + 1) - 1;
                std::ptrdiff_t sy = sx - k;
                const std::ptrdiff_t x1 = sx, y1 = sy;
                while (sx > 0 && sy > 0 && a_[a0 + sx - 1] == b_[b0 + sy - 1]) --sx, --sy;
                r(k) = sx;
                if (!odd && k >= -d && k <= d && sx <= f(k)) {
                    x = a0 + sx, y = b0 + sy, u = a0 + x1, v = b0 + y1;
                    return true;
                }
            }
        }
        return false;
    }

    const std::vector<std::string_view>& a_;
    const std::vector<std::string_view>& b_;
    std::vector<std::ptrdiff_t> fwd_, bwd_;
    std::ptrdiff_t offset_ = 0;
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
