// The node reader's lenient items: grammar::lenient_node_item matched where the hand loop
// (node_reader.hpp) meets anything but the plain strict form.
#include "sgf/detail/node_reader.hpp"

#include "grammar/recover.hpp"

namespace sgf::detail {

namespace pegtl = tao::pegtl;

namespace {

// Events of one item: an identifier starts a property attempt, each value counts, and the
// property rule's success commits it (a failed attempt, e.g. an identifier without a
// value, leaves `committed` false).
struct item_state {
    const char* base;
    property_ref* out;
    const char* ident = nullptr;
    std::uint32_t ident_size = 0;
    const char* first = nullptr;
    std::uint32_t count = 0;
    bool committed = false;
};

template <typename Rule>
struct item_action : pegtl::nothing<Rule> {};

template <>
struct item_action<grammar::any_prop_ident> {
    template <typename ActionInput>
    static void apply(const ActionInput& in, item_state& s) noexcept {
        s.ident = in.begin();
        s.ident_size = static_cast<std::uint32_t>(in.size());
        s.first = nullptr;
        s.count = 0;
    }
};
struct count_value {
    template <typename ActionInput>
    static void apply(const ActionInput& in, item_state& s) noexcept {
        if (s.count++ == 0) s.first = in.begin();
    }
};
template <>
struct item_action<grammar::prop_value> : count_value {};
template <>
struct item_action<grammar::unclosed_prop_value> : count_value {};
template <>
struct item_action<grammar::lenient_property> {
    template <typename ActionInput>
    static void apply(const ActionInput&, item_state& s) noexcept {
        *s.out = {static_cast<std::uint32_t>(s.ident - s.base), s.ident_size, static_cast<std::uint32_t>(s.first - s.base),
                  s.count};
        s.committed = true;
    }
};

}  // namespace

const char* node_reader::lenient_item(const char* base, const char* p, const char* end, property_ref& out,
                                      bool& committed) noexcept {
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(p, end, "");
    item_state s{base, &out};
    bool matched = false;
    try {
        matched = pegtl::parse<grammar::lenient_node_item, item_action>(in, s);
    } catch (...) {  // the item rules never raise; a bad_alloc cannot happen either (no allocation)
        matched = false;
    }
    committed = false;
    if (!matched) {
        // Nothing of lenient_node_item matches here: only a token that ends the node can
        // stand here (next() checks those first), so this is unreachable; step over one
        // byte rather than loop.
        return p + 1;
    }
    if (s.committed) {
        out.first_size = value_size_at(base, end, out.first);
        committed = true;
    }
    return in.current();
}

}  // namespace sgf::detail
