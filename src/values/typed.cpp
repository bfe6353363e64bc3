// The typed values of the tree's properties (tree.hpp: property::typed): the row that
// fits the game tree's context, the charset of its texts, the decoding.
#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <vector>

#include "sgf/charset.hpp"
#include "sgf/typed_value.hpp"
#include "tree/tree_rep.hpp"
#include "values/decode.hpp"

namespace sgf {

std::string_view canonical_charset(std::string_view ca);

namespace {

// The charset the texts of a source are read in: a source converted as a whole is UTF-8
// already; else CA's charset, else UTF-8 when the values are valid UTF-8, else ISO-8859-1.
std::string_view charset_of(const detail::source* src, const tree_context& ctx, std::span<const std::string_view> raws) {
    if (src != nullptr && src->original) return "UTF-8";
    if (const std::string_view ca = canonical_charset(ctx.ca); !ca.empty()) return ca;
    for (const std::string_view raw : raws)
        if (!is_valid_utf8(raw)) return "ISO-8859-1";
    return "UTF-8";
}

// An unknown (private) property: its values as text.
decoded_value unknown_property(std::span<const std::string_view> raws, const decode_options& o) {
    if (raws.size() == 1) return decode_kind(value_kind::unknown, raws.front(), o);
    decoded_value d;
    list& l = d.value.emplace<list>();
    for (const std::string_view raw : raws) l.items.push_back(decode_kind(value_kind::unknown, raw, o).value);
    return d;
}

// Whether a value of row r can hold a text (the only values the charset matters to).
bool has_text(const property_rule& r) noexcept {
    const auto is_text = [](value_kind k) {
        return k == value_kind::simple_text || k == value_kind::text || k == value_kind::unknown;
    };
    for (const auto& a : r.shape.alternatives())
        if (is_text(a.first) || (a.composed && is_text(a.second))) return true;
    return false;
}

// A property's row, whether its values can hold a text, and its one kind when the row adds
// nothing to it (detail::plain_kind).
struct row_info {
    const property_rule* row = nullptr;  // nullptr: unknown (private) property
    bool text = true;
    std::optional<value_kind> plain;
};
row_info info_of(const property_rule* r) {
    if (r == nullptr) return {};
    return {r, has_text(*r), detail::plain_kind(*r)};
}

// The row of an identifier: for one or two capitals (nearly all) without find_property's
// search. Most of those have one row in the ff4 profile, which find_property returns
// whatever FF and GM are; the few with several rows (another meaning in another game or
// FF version) still ask it, as do FF[1]-FF[3] identifiers with lower-case letters (the
// FF[4] row of their capitals).
row_info row_of(std::string_view id, int ff, int gm) {
    struct slot {
        row_info info;
        std::uint32_t rows = 0;
    };
    const auto cap = [](char c) { return c >= 'A' && c <= 'Z'; };
    const auto index = [](std::string_view i) {
        return static_cast<std::size_t>(i[0] - 'A') * 27 + (i.size() == 2 ? static_cast<std::size_t>(i[1] - 'A') + 1 : 0);
    };
    static const std::array<slot, 26 * 27> slots = [&] {
        std::array<slot, 26 * 27> t{};
        for (const property_rule& r : all_properties()) {
            const std::string_view i = r.ident;
            if (!r.in_profile(profile::ff4) || i.empty() || i.size() > 2 || !cap(i[0]) || (i.size() == 2 && !cap(i[1])))
                continue;
            slot& sl = t[index(i)];
            sl.info = info_of(&r);
            ++sl.rows;
        }
        return t;
    }();
    if ((id.size() == 1 || id.size() == 2) && cap(id[0]) && (id.size() == 1 || cap(id[1]))) {
        const slot& sl = slots[index(id)];
        if (sl.rows <= 1) return sl.info;
    }
    const bool upper = std::none_of(id.begin(), id.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    return info_of(upper ? find_property(id, ff, gm) : find_property(ff4_ident_of(id), ff, gm));
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

decoded_value property::typed(const tree_context& ctx) const {
    const row_info row = row_of(ident(), ctx.ff, ctx.gm);
    const auto decode = [&](std::span<const std::string_view> raws) -> decoded_value {
        decode_options o{.game = find_game(ctx.gm), .size = ctx.size};
        if (row.text) o.charset = charset_of(src_, ctx, raws);
        if (row.row == nullptr) return unknown_property(raws, o);
        // one value of a row that adds nothing to its kind: decode_property's own shortcut,
        // and decode_move's for the common Go move (B, W: most properties of most files)
        if (row.plain && raws.size() == 1) {
            if (board_point p; *row.plain == value_kind::move && o.game && detail::fast_go_move(*o.game, raws[0], o, p))
                return detail::point_move(p);
            return detail::kind_at(*row.plain, raws[0], 0, o, row.row->ident, raws[0]);
        }
        return decode_property(*row.row, raws, o);
    };
    // The values' views: one (most properties; its size is known from the reader), on the
    // stack for a few, else on the heap.
    if (ref_.count == 1) {
        const std::string_view one = ref_.first_size != detail::property_ref::unknown_size
                                         ? std::string_view(data_ + ref_.first + 1, ref_.first_size)
                                         : begin()->raw();
        return decode(std::span<const std::string_view>(&one, 1));
    }
    if (ref_.count <= 8) {
        std::array<std::string_view, 8> small;
        std::size_t i = 0;
        for (const value& v : *this) small[i++] = v.raw();
        return decode(std::span<const std::string_view>(small.data(), i));
    }
    std::vector<std::string_view> many;
    many.reserve(ref_.count);
    for (const value& v : *this) many.push_back(v.raw());
    return decode(many);
}

}  // namespace sgf
