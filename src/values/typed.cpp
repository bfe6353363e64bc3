// The typed values of the tree's properties (tree.hpp: property::typed): the row that
// fits the game tree's context, the charset of its texts, the decoding.
#include "sgf/charset.hpp"
#include "sgf/typed_value.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace {

tree_context ff4_go() {
    tree_context c;
    c.ff = 4;
    c.gm = 1;
    c.size = {19, 19};
    return c;
}

// The charset the texts of a source are read in: a source converted as a whole is UTF-8
// already; else CA's charset, else UTF-8 when the values are valid UTF-8, else ISO-8859-1.
std::string_view charset_of(const detail::source* src, const tree_context& ctx, const std::vector<std::string_view>& raws) {
    if (src != nullptr && src->original) return "UTF-8";
    if (!ctx.ca.empty()) {
        if (const auto m = find_charset(ctx.ca)) return m->info.name;
    }
    for (const std::string_view raw : raws)
        if (!is_valid_utf8(raw)) return "ISO-8859-1";
    return "UTF-8";
}

}  // namespace

decode_options options_for(const tree_context& ctx) {
    decode_options o;
    o.game = find_game(ctx.gm);
    o.size = ctx.size;
    if (!ctx.ca.empty())
        if (const auto m = find_charset(ctx.ca)) o.charset = m->info.name;
    return o;
}

decoded_value property::typed() const { return typed(ff4_go()); }

decoded_value property::typed(const tree_context& ctx) const {
    std::vector<std::string_view> raws;
    raws.reserve(count_);
    for (const value& v : *this) raws.push_back(v.raw());
    decode_options o = options_for(ctx);
    o.charset = charset_of(src_, ctx, raws);
    const std::string written = ff4_ident_of(ident());
    const property_rule* row = find_property(written, ctx.ff, ctx.gm);
    if (row == nullptr) {  // unknown (private) property: its values as text
        list l;
        for (const std::string_view raw : raws) l.items.push_back(decode_kind(value_kind::unknown, raw, o).value);
        if (l.items.size() == 1) return {std::move(l.items.front()), std::nullopt};
        return {std::move(l), std::nullopt};
    }
    return decode_property(*row, raws, o);
}

}  // namespace sgf
