#pragma once
// The definition the node reader (src/tree/node_reader.hpp) is checked against: the
// grammar's own rule grammar::lenient_node (grammar/recover.hpp), which on a node the strict
// grammar accepted matches exactly what grammar::node matches, run with actions that
// collect each property and its values. Used by tests/node_reader_test.cpp and the
// node_reader fuzz target; the library itself never runs this.
#include <cstdint>
#include <vector>

#include "grammar/recover.hpp"
#include "tree/node_reader.hpp"

namespace sgf_reference {

struct value_at {
    std::uint32_t open;
    std::uint32_t size;
    friend bool operator==(const value_at&, const value_at&) = default;
};
struct property_at {
    std::uint32_t ident;
    std::uint32_t ident_size;
    std::vector<value_at> values;
    friend bool operator==(const property_at&, const property_at&) = default;
};

namespace detail {
namespace pegtl = tao::pegtl;
struct state {
    const char* base;
    std::vector<property_at>* out;
    property_at current{};
};
template <typename Rule>
struct action : pegtl::nothing<Rule> {};
struct start {
    template <typename In>
    static void apply(const In& in, state& s) {
        s.current = {static_cast<std::uint32_t>(in.begin() - s.base), static_cast<std::uint32_t>(in.size()), {}};
    }
};
struct value_closed {
    template <typename In>
    static void apply(const In& in, state& s) {  // in = "[" ... "]"
        s.current.values.push_back({static_cast<std::uint32_t>(in.begin() - s.base), static_cast<std::uint32_t>(in.size() - 2)});
    }
};
struct value_unclosed {
    template <typename In>
    static void apply(const In& in, state& s) {  // in = "[" ... end of input
        s.current.values.push_back({static_cast<std::uint32_t>(in.begin() - s.base), static_cast<std::uint32_t>(in.size() - 1)});
    }
};
struct commit {
    template <typename In>
    static void apply(const In&, state& s) {
        s.out->push_back(s.current);
    }
};
template <> struct action<sgf::grammar::prop_ident> : start {};
template <> struct action<sgf::grammar::any_prop_ident> : start {};
template <> struct action<sgf::grammar::prop_value> : value_closed {};
template <> struct action<sgf::grammar::unclosed_prop_value> : value_unclosed {};
template <> struct action<sgf::grammar::property> : commit {};
template <> struct action<sgf::grammar::lenient_property> : commit {};
}  // namespace detail

// The properties of the node at `offset` of `src`, as grammar::lenient_node reads them.
inline std::vector<property_at> by_grammar(const sgf::detail::source& src, std::uint32_t offset) {
    std::vector<property_at> out;
    const char* const base = src.data();
    tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy, tao::pegtl::eol::lf_crlf, const char*> in(
        base + offset, base + src.bytes.size(), "");
    detail::state s{base, &out};
    (void)tao::pegtl::parse<sgf::grammar::lenient_node, detail::action>(in, s);
    return out;
}

// The same through the node reader, values walked with value_size / next_value (the first
// value's size as the reader gives it).
inline std::vector<property_at> by_reader(const sgf::detail::source& src, std::uint32_t offset) {
    std::vector<property_at> out;
    sgf::detail::node_reader r = sgf::detail::reader_of(src, offset);
    sgf::detail::property_ref p;
    while (r.next(p)) {
        property_at q{p.ident, p.ident_size, {}};
        std::uint32_t at = p.first;
        for (std::uint32_t k = 0; k < p.count; ++k) {
            const std::uint32_t size = k == 0 ? p.first_size : sgf::detail::value_size(src, at);
            q.values.push_back({at, size});
            if (k + 1 < p.count) at = sgf::detail::next_value(src, at, size);
        }
        out.push_back(std::move(q));
    }
    return out;
}

}  // namespace sgf_reference
