// What fix deletes only when asked (fix_options: SGFC's -yP, -u, -o and -n). ff4_sgf.txt
// 2.2.3: "Unknown properties and their values should be preserved. If an application isn't
// able to preserve unknown properties, then it has to display a warning message." So every
// deletion is said at its place, by its own number (305 a property, 306 a node), and the
// closing summary counts them.
#include <algorithm>
#include <string>

#include "fix/detail.hpp"

namespace sgf::detail {

namespace {

// Why `p` goes, or nullptr when it stays.
const char* deletion_reason(const fix_prop& p, const fix_context& c, bool named_only) {
    const fix_options& o = *c.options;
    if (std::find(o.delete_properties.begin(), o.delete_properties.end(), p.ident) != o.delete_properties.end())
        return "--delete";
    if (named_only || (!o.delete_unknown && !o.delete_obsolete)) return nullptr;
    const property_rule* row = c.rule(p.ident);
    if (o.delete_unknown && row == nullptr) return "--delete-unknown: no FF of the specification defines it";
    if (o.delete_obsolete && row != nullptr && !row->defined_in(4)) return "--delete-obsolete: FF[4] dropped it";
    return nullptr;
}

}  // namespace

void delete_asked(std::vector<fix_prop>& props, const fix_context& c, bool named_only) {
    if (c.options == nullptr || (named_only && c.options->delete_properties.empty())) return;
    std::erase_if(props, [&c, named_only](const fix_prop& p) {
        const char* why = deletion_reason(p, c, named_only);
        if (why == nullptr) return false;
        const std::size_t n = p.values.size();
        c.note(rule::property_deleted, p.pos,
               p.ident + " deleted as asked, with its " + (n == 1 ? std::string("value") : std::to_string(n) + " values") + " (" + why + ")",
               "sgfcheck fix without the option keeps it");
        return true;
    });
}

empty_node delete_empty_node(const std::vector<fix_prop>& props, const game_tree& t, std::size_t i, bool top_root,
                             const fix_context& c) {
    if (c.options == nullptr || !c.options->delete_empty_nodes || !props.empty() || top_root) return empty_node::kept;
    // The first node of a variation that is its only node and has several variations after
    // it stays: they would become alternatives of the node before (SGFC -n keeps it too).
    if (i == 0 && t.size() == 1 && t.variations().size() > 1) return empty_node::kept_for_variations;
    say_empty_node_deleted(c.node_pos, c);
    return empty_node::deleted;
}

void say_empty_node_deleted(fix_pos where, const fix_context& c) {
    c.note(rule::empty_node_deleted, where, "an empty node deleted as asked (--delete-empty-nodes)",
           "sgfcheck fix without the option keeps it");
}

}  // namespace sgf::detail
