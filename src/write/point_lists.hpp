#pragma once
// Go point lists as rectangles (write_options::compress_points; SGFC writes them so by default
// and -e expands them). ff4_sgf.txt 3.5.1: "The PropValue type "list of point" or "elist of
// point" may be compressed": a value [ul:lr] stands for every point of the rectangle.
#include <optional>
#include <string>
#include <vector>

#include "sgf/tree.hpp"

namespace sgf::detail {

// The values of Go point list `p` as rectangles, or nullopt when they stay as they are:
// a value that is no point or rectangle of two Go letters (a-z, A-Z), or a point given twice
// (in one value or two: compressing would drop the repeat). The rectangles cover exactly the
// points of the values (rectangles given are read as their points first), each point once,
// and depend only on that set: compressing twice is compressing once, and expanding gives the
// set back. Which rectangles: each column's runs of consecutive points, a run merged with the
// same run of the column before; in the order of their upper-left corners, column first. Single
// points are written as points. O(n log n) in the points (at most 52 x 52 of them: a list
// that would expand to more repeats a point and stays).
[[nodiscard]] std::optional<std::vector<std::string>> compressed_points(const property& p);

}  // namespace sgf::detail
