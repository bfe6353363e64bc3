// The rare path of the checker's node scan (check_internal.hpp, scan_props): nodes that
// only the lenient grammar reads, through detail::scan_node, the parser's own rules.
#include "check/internal.hpp"
#include "tree/node_scan.hpp"

namespace sgf::detail {

void scan_props_slow(const source& src, std::uint32_t offset, node_props& out) {
    out.props.clear();
    out.values.clear();
    std::vector<property> found;  // the rare path: broken or FF[1]-[3] style nodes
    scan_node(src, offset, found);
    for (const property& q : found) {
        const std::string_view id = q.ident();
        std::uint16_t key = 0;
        const auto is_upper = [](char c) { return static_cast<unsigned char>(c - 'A') < 26; };
        if (id.size() <= 2 && is_upper(id[0]) && (id.size() == 1 || is_upper(id[1])))
            key = static_cast<std::uint16_t>((id[0] - 'A' + 1) * 27 + (id.size() == 2 ? id[1] - 'A' + 1 : 0));
        prop_ref r{q.offset(), static_cast<std::uint16_t>(std::min<std::size_t>(id.size(), 0xffff)), key,
                   static_cast<std::uint32_t>(out.values.size()), 0};
        for (const value& v : q) {
            out.values.push({v.offset(), static_cast<std::uint32_t>(v.raw().size())});
            ++r.count;
        }
        out.props.push(r);
    }
}

}  // namespace sgf::detail
