#pragma once
// The value-type grammar of the property rows ("list of composed point ':' point"), parsed
// at compile time: a malformed value_type in the table does not compile, and the text stays
// the single source of each row's shape (include/sgf/properties.hpp: value_shape).
#include <cstddef>
#include <optional>
#include <string_view>

#include "sgf/properties.hpp"

namespace sgf::detail {

constexpr char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr bool ascii_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

constexpr bool iequal(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
    return true;
}

struct kind_name {
    value_kind kind;
    std::string_view name;
};
// Canonical names first; the spec writes "SimpleText" and "simpletext", "Color" and "color".
constexpr kind_name kind_names[] = {
    {value_kind::none, "none"},       {value_kind::number, "number"},  {value_kind::real, "real"},
    {value_kind::double_value, "double"}, {value_kind::color, "color"}, {value_kind::simple_text, "simpletext"},
    {value_kind::text, "text"},       {value_kind::point, "point"},    {value_kind::move, "move"},
    {value_kind::stone, "stone"},     {value_kind::time, "time"},      {value_kind::unknown, "unknown"},
};

// Recursive descent over the value-type text:
//   shape   = [("list" | "elist") "of"] union ["(" "range" ... ")"]
//   union   = term { "|" term }
//   term    = "(" union ")" | compose
//   compose = ["composed" | "composition" "of"] kind [sep kind]
//   sep     = ":" | "':'" | "\":\""
// (the input is a few dozen bytes of table text, so recursion depth is tiny)
struct shape_parser {
    std::string_view s;
    std::size_t i = 0;
    value_shape out{};

    constexpr void ws() noexcept {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    }
    constexpr std::string_view peek_word() noexcept {
        ws();
        std::size_t j = i;
        while (j < s.size() && ascii_alpha(s[j])) ++j;
        return s.substr(i, j - i);
    }
    constexpr bool take_word(std::string_view w) noexcept {
        const auto got = peek_word();
        if (got.empty() || !iequal(got, w)) return false;
        i += got.size();
        return true;
    }
    constexpr bool take_char(char c) noexcept {
        ws();
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    constexpr bool take_sep() noexcept {
        ws();
        if (take_char(':')) return true;
        const auto rest = s.substr(i);
        if (rest.starts_with("':'") || rest.starts_with("\":\"")) {
            i += 3;
            return true;
        }
        return false;
    }
    constexpr std::optional<value_kind> kind() noexcept {
        const auto w = peek_word();
        for (const auto& k : kind_names)
            if (iequal(w, k.name)) {
                i += w.size();
                return k.kind;
            }
        return std::nullopt;
    }
    constexpr bool push(value_alternative a) noexcept {
        if (out.count >= value_shape::max_alternatives) return false;
        out.alts[out.count++] = a;
        return true;
    }
    constexpr bool compose() noexcept {
        const bool keyword = take_word("composed") || (take_word("composition") && take_word("of"));
        const auto first = kind();
        if (!first) return false;
        if (take_sep()) {
            const auto second = kind();
            return second && push({*first, *second, true});
        }
        return !keyword && push({*first, value_kind::none, false});
    }
    constexpr bool term() noexcept {
        const std::size_t save = i;
        if (take_char('(')) {
            if (take_word("range")) {  // not a term: a range group
                i = save;
                return false;
            }
            return union_() && take_char(')');
        }
        return compose();
    }
    constexpr bool union_() noexcept {
        if (!term()) return false;
        while (take_char('|'))
            if (!term()) return false;
        return true;
    }
    constexpr bool range_group() noexcept {
        const std::size_t save = i;
        if (!take_char('(') || !take_word("range")) {
            i = save;
            return false;
        }
        while (i < s.size() && s[i] != ')') ++i;
        return take_char(')');
    }
    constexpr std::optional<value_shape> run() noexcept {
        if (take_word("list")) {
            if (!take_word("of")) return std::nullopt;
            out.card = cardinality::list;
        } else if (take_word("elist")) {
            if (!take_word("of")) return std::nullopt;
            out.card = cardinality::elist;
        }
        if (!union_()) return std::nullopt;
        range_group();
        ws();
        if (i != s.size() || out.count == 0) return std::nullopt;
        return out;
    }
};

constexpr std::optional<value_shape> parse_shape(std::string_view text) noexcept {
    return shape_parser{text}.run();
}

constexpr std::string_view kind_text(value_kind k) noexcept {
    for (const auto& n : kind_names)
        if (n.kind == k) return n.name;
    return "unknown";
}

}  // namespace sgf::detail
