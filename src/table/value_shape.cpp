// The value-type grammar of the property rows: parsing (value_shape.hpp) and printing.
#include <string>

#include "table/value_shape.hpp"

namespace sgf {

std::string_view to_string(value_kind k) noexcept { return detail::kind_text(k); }

std::optional<value_shape> parse_value_shape(std::string_view text) noexcept { return detail::parse_shape(text); }

std::string to_string(const value_shape& s) {
    std::string out;
    if (s.card == cardinality::list) out += "list of ";
    if (s.card == cardinality::elist) out += "elist of ";
    bool first = true;
    for (const auto& a : s.alternatives()) {
        if (!first) out += " | ";
        first = false;
        if (a.composed) {
            out += "composed ";
            out += detail::kind_text(a.first);
            out += " ':' ";
            out += detail::kind_text(a.second);
        } else {
            out += detail::kind_text(a.first);
        }
    }
    return out;
}

}  // namespace sgf
