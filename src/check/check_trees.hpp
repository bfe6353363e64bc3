#pragma once
// sgf::check of some of a collection's game trees, for fix's report (fix/report.cpp): it
// matches what the checker finds in fix's output with what it finds in the input, and only
// the game trees whose output has a finding need the input's.
#include <vector>

#include "sgf/check.hpp"

namespace sgf::detail {

// check(c, options), walking only the game trees k with walk[k] (all when `walk` is null or
// shorter than the collection). Every root is still read for the collection's rules (FF, GM
// and CA against the first game tree's), so those findings are the whole check's. With
// `found`, found[k] tells whether game tree k gave a finding (at a level other than off,
// listed or not; a collection-level one counts for the later game tree).
[[nodiscard]] std::vector<diagnostic> check_trees(const collection& c, const check_options& options,
                                                  const std::vector<bool>* walk, std::vector<bool>* found);

}  // namespace sgf::detail
