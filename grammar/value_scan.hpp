#pragma once
// The value scanning loop of the grammar. It lives in a public detail header
// (include/sgf/detail/scan.hpp) because the tree's views walk values inline with the same
// loop; the grammar rule `c_value_type` and the walks can never disagree.
#include "sgf/detail/scan.hpp"

namespace sgf::grammar {

using detail::find_value_end;
using detail::is_white;
using detail::skip_white;

}  // namespace sgf::grammar
