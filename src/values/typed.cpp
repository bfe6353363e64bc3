// The typed values of the tree's properties (tree.hpp: property::typed): the row that
// fits the game tree's context, the charset of its texts, the decoding.
#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "sgf/charset.hpp"
#include "sgf/typed_value.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

std::string_view canonical_charset(std::string_view ca);

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
std::string_view charset_of(const detail::source* src, const tree_context& ctx, std::span<const std::string_view> raws) {
    if (src != nullptr && src->original) return "UTF-8";
    if (const std::string_view ca = canonical_charset(ctx.ca); !ca.empty()) return ca;
    for (const std::string_view raw : raws)
        if (!is_valid_utf8(raw)) return "ISO-8859-1";
    return "UTF-8";
}

}  // namespace

// CA's charset by its canonical name; UTF-8 in its usual spellings without the table's
// search (most files say CA[UTF-8], and typed() asks once per property).
std::string_view canonical_charset(std::string_view ca) {
    if (ca.empty()) return {};
    if (ca.size() == 5 && (ca[0] | 0x20) == 'u' && (ca[1] | 0x20) == 't' && (ca[2] | 0x20) == 'f' && ca[3] == '-' &&
        ca[4] == '8')
        return "UTF-8";
    if (const auto m = find_charset(ca)) return m->info.name;
    return {};
}

decode_options options_for(const tree_context& ctx) {
    decode_options o;
    o.game = find_game(ctx.gm);
    o.size = ctx.size;
    o.charset = canonical_charset(ctx.ca);
    return o;
}

decoded_value property::typed() const { return typed(ff4_go()); }

decoded_value property::typed(const tree_context& ctx) const {
    // The values' views: on the stack for the usual few, no allocation.
    std::array<std::string_view, 8> small;
    std::vector<std::string_view> many;
    std::span<std::string_view> raws;
    if (ref_.count <= small.size()) {
        raws = std::span<std::string_view>(small.data(), ref_.count);
    } else {
        many.resize(ref_.count);
        raws = many;
    }
    std::size_t i = 0;
    for (const value& v : *this) raws[i++] = v.raw();
    decode_options o;
    o.game = find_game(ctx.gm);
    o.size = ctx.size;
    o.charset = charset_of(src_, ctx, raws);
    // FF[1]-FF[3] identifiers with lower-case letters name the FF[4] row of their capitals.
    const std::string_view id = ident();
    const bool upper = std::none_of(id.begin(), id.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    std::string written;
    if (!upper) written = ff4_ident_of(id);
    const property_rule* row = find_property(upper ? id : std::string_view(written), ctx.ff, ctx.gm);
    if (row == nullptr) {  // unknown (private) property: its values as text
        list l;
        for (const std::string_view raw : raws) l.items.push_back(decode_kind(value_kind::unknown, raw, o).value);
        if (l.items.size() == 1) return {std::move(l.items.front()), std::nullopt};
        return {std::move(l), std::nullopt};
    }
    return decode_property(*row, raws, o);
}

}  // namespace sgf
