// Go point lists as rectangles (point_lists.hpp).
#include "write/point_lists.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <utility>

namespace sgf::detail {

namespace {

constexpr int side = 52;  // a-z, A-Z

// The coordinate of a Go letter, or -1.
int coordinate(char c) noexcept {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
}
char letter(int i) noexcept { return static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26); }

struct point {
    int x, y;  // column, row
    friend bool operator<(const point& a, const point& b) noexcept { return a.x != b.x ? a.x < b.x : a.y < b.y; }
    friend bool operator==(const point& a, const point& b) noexcept = default;
};

// The points of one value ("xy" or "ul:lr") appended to `out`; false when it is neither or
// `out` would hold more points than a board has (a repeat is then certain).
bool points_of(std::string_view raw, std::vector<point>& out) {
    if (raw.size() == 2) {
        const int x = coordinate(raw[0]), y = coordinate(raw[1]);
        if (x < 0 || y < 0 || out.size() >= side * side) return false;
        out.push_back({x, y});
        return true;
    }
    if (raw.size() != 5 || raw[2] != ':') return false;
    const int x0 = coordinate(raw[0]), y0 = coordinate(raw[1]), x1 = coordinate(raw[3]), y1 = coordinate(raw[4]);
    if (x0 < 0 || y0 < 0 || x1 < 0 || y1 < 0) return false;
    const auto count = static_cast<std::size_t>((std::abs(x1 - x0) + 1) * (std::abs(y1 - y0) + 1));
    if (out.size() + count > side * side) return false;
    for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x)
        for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y) out.push_back({x, y});
    return true;
}

}  // namespace

std::optional<std::vector<std::string>> compressed_points(const property& p) {
    std::vector<point> points;
    for (const value& v : p)
        if (!points_of(v.raw(), points)) return std::nullopt;
    std::sort(points.begin(), points.end());
    if (std::adjacent_find(points.begin(), points.end()) != points.end()) return std::nullopt;
    struct rect {
        int x0, y0, x1, y1;
    };
    std::vector<rect> rects;
    // Runs of the column before, by (first row, last row): the rectangle each extends.
    std::map<std::pair<int, int>, std::size_t> open, next;
    int column = -1;
    for (std::size_t i = 0; i < points.size();) {
        if (points[i].x != column) {
            if (points[i].x != column + 1) next.clear();  // a gap: nothing extends across it
            open.swap(next);
            next.clear();
            column = points[i].x;
        }
        std::size_t j = i + 1;  // the run points[i..j) in this column
        while (j < points.size() && points[j].x == column && points[j].y == points[j - 1].y + 1) ++j;
        const std::pair<int, int> run{points[i].y, points[j - 1].y};
        const auto it = open.find(run);
        if (it != open.end()) {
            rects[it->second].x1 = column;
            next[run] = it->second;
        } else {
            next[run] = rects.size();
            rects.push_back({column, run.first, column, run.second});
        }
        i = j;
    }
    std::vector<std::string> values;  // in the order of the rectangles' upper-left corners
    values.reserve(rects.size());
    for (const rect& r : rects) {
        std::string s{letter(r.x0), letter(r.y0)};
        if (r.x1 != r.x0 || r.y1 != r.y0) s += {':', letter(r.x1), letter(r.y1)};
        values.push_back(std::move(s));
    }
    return values;
}

}  // namespace sgf::detail
