#include "tree/node_scan.hpp"

#include "grammar/recover.hpp"

namespace sgf::detail {

namespace pegtl = tao::pegtl;

namespace {

// Events of one node: an identifier starts a property attempt, each value counts, and the
// property rule's success commits it (a failed attempt is overwritten by the next one).
struct scan_context {
    const source* src;
    std::vector<property>* out;
    const char* ident = nullptr;
    std::uint32_t ident_size = 0;
    const char* first = nullptr;
    std::uint32_t count = 0;
};

template <typename Rule>
struct scan_action : pegtl::nothing<Rule> {};

struct start_property {
    template <typename ActionInput>
    static void apply(const ActionInput& in, scan_context& c) {
        c.ident = in.begin();
        c.ident_size = static_cast<std::uint32_t>(in.size());
        c.first = nullptr;
        c.count = 0;
    }
};
struct count_value {
    template <typename ActionInput>
    static void apply(const ActionInput& in, scan_context& c) {
        if (c.count++ == 0) c.first = in.begin();
    }
};
struct commit_property {
    template <typename ActionInput>
    static void apply(const ActionInput&, scan_context& c) {
        const char* const base = c.src->data();
        c.out->emplace_back(c.src, static_cast<std::uint32_t>(c.ident - base), c.ident_size,
                            static_cast<std::uint32_t>(c.first - base), c.count);
    }
};
template <>
struct scan_action<grammar::prop_ident> : start_property {};
template <>
struct scan_action<grammar::any_prop_ident> : start_property {};
template <>
struct scan_action<grammar::prop_value> : count_value {};
template <>
struct scan_action<grammar::unclosed_prop_value> : count_value {};
template <>
struct scan_action<grammar::property> : commit_property {};
template <>
struct scan_action<grammar::lenient_property> : commit_property {};

}  // namespace

void scan_node(const source& src, std::uint32_t offset, std::vector<property>& out) {
    const char* const base = src.data();
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(
        base + offset, base + src.bytes.size(), "");
    scan_context ctx{&src, &out};
    (void)pegtl::parse<grammar::lenient_node, scan_action>(in, ctx);
}

std::uint32_t value_size(const source& src, std::uint32_t open) noexcept {
    const char* const b = src.data() + open + 1;
    const char* const e = src.data() + src.bytes.size();
    return static_cast<std::uint32_t>(grammar::find_value_end(b, e) - b);
}

}  // namespace sgf::detail
