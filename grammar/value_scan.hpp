#pragma once
// The scanning loops of the grammar. The end of a value lives in a public detail header
// (include/sgf/detail/scan.hpp) because the tree's views walk values inline with the same
// loop; the grammar rule `value_type` and the walks can never disagree. The separator of a
// Compose is here: the rule `compose` (value_types.hpp) and sgf::split_compose both use it.
#include "sgf/detail/scan.hpp"

namespace sgf::grammar {

using sgf::detail::find_value_end;
using sgf::detail::is_white;
using sgf::detail::skip_white;

// The first ':' in [p, end) that is not escaped by a "\", or end (000_* "Escaping": "\"
// escapes any byte; a "\" at the end escapes nothing).
[[nodiscard]] inline const char* find_unescaped_colon(const char* p, const char* const end) noexcept {
    while (p < end) {
        if (*p == '\\') {
            if (end - p < 2) return end;
            p += 2;
        } else if (*p == ':') {
            return p;
        } else {
            ++p;
        }
    }
    return end;
}

}  // namespace sgf::grammar
