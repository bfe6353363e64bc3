// Parsing: the strict FF[4] grammar first (fast path); when it does not match, the
// recovering grammar reads the file again and reports every problem with its position.
// Both passes drive the same tree builder through the same events.
#include <algorithm>
#include <cstring>

#include "grammar/recover.hpp"
#include "parse/parse_source.hpp"
#include "sgf/parse.hpp"
#include "sgf/context.hpp"
#include "sgf/properties.hpp"
#include "table/findings.hpp"
#include "table/recoveries.hpp"
#include "tree/assembler.hpp"

namespace sgf {

namespace pegtl = tao::pegtl;

namespace {

using detail::fill;
using detail::recovery;
using detail::recovery_row;
using detail::row_of;
using detail::source;

// Collects game trees from tree_open / node / tree_close events (tree_assembler) and the
// findings of the recovering pass.
class tree_builder {
public:
    tree_builder(std::shared_ptr<const source> src, const parse_options& options)
        : found(options.prof, options.lenient), src_(src), trees_(std::move(src)) {}

    void open(std::uint32_t offset) { trees_.open(offset); }
    void add_node(std::uint32_t offset) { trees_.add_node(offset); }
    void close() { trees_.close(); }
    void close_all() { trees_.close_all(); }
    [[nodiscard]] std::size_t open_frames() const noexcept { return trees_.open_frames(); }
    [[nodiscard]] std::uint32_t innermost_open() const noexcept { return trees_.innermost_open(); }
    [[nodiscard]] bool has_trees() const noexcept { return trees_.has_trees(); }
    void reset() { trees_.reset(); }

    // Lists the finding of recovery k, its words from the recovery row filled with `args`
    // (the one findings list of parser and checker caps and groups them: a file of 100 MB
    // of ')' would otherwise need ~30 GB for its diagnostics, fuzz/FUZZING.md finding 2).
    // Parser findings do not depend on the FF version, but for identifiers with lowercase
    // letters: those wait in `lowercase_idents` until the FF of their game tree is known.
    void report(recovery k, std::uint64_t offset, std::initializer_list<std::string_view> args = {},
                std::optional<std::uint64_t> related = std::nullopt, std::string_view subject = {}, int ff = 4) {
        const recovery_row& row = row_of(k);
        if (!found.may_list(row.code)) {  // counted only: no words to fill
            (void)found.add(row.code, ff, *src_, offset, {}, {}, related, subject);
            return;
        }
        (void)found.add(row.code, ff, *src_, offset, fill(row.message, args), fill(row.hint, args), related, subject);
    }

    detail::findings found;
    // Offsets and sizes of identifiers with lowercase letters (E011, or W011 in FF[1]-FF[3]).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> lowercase_idents;

    [[nodiscard]] collection take_trees() { return collection(trees_.take_trees()); }
    [[nodiscard]] const char* base() const noexcept { return src_->data(); }
    [[nodiscard]] const source& source_ref() const noexcept { return *src_; }

private:
    std::shared_ptr<const source> src_;
    detail::tree_assembler trees_;
};

// E014: a file of 2 GiB or more is not parsed (offsets are 32 bits).
diagnostic too_large(std::size_t bytes, position at) {
    const recovery_row& row = row_of(recovery::file_too_large);
    diagnostic d = make_diagnostic(row.code, severity::error);
    d.where = at;
    const std::string n = std::to_string(bytes);
    d.message = fill(row.message, {n});
    d.hint = fill(row.hint, {n});
    return d;
}

// "1 game tree", "2 game trees"
std::string trees_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " game tree" : " game trees"); }

std::string ascii_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

template <typename ActionInput>
std::uint32_t offset_of(const ActionInput& in, const tree_builder& b) {
    return static_cast<std::uint32_t>(in.begin() - b.base());
}

// A short printable excerpt of skipped bytes for messages.
std::string excerpt(const char* p, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n && out.size() < 24; ++i) {
        const auto c = static_cast<unsigned char>(p[i]);
        if (c >= 0x20 && c < 0x7f) {
            out.push_back(static_cast<char>(c));
        } else {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\x";
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    if (n > 24) out += "...";
    return out;
}

// --- strict pass ----------------------------------------------------------------------

template <typename Rule>
struct strict_action : pegtl::nothing<Rule> {};
template <>
struct strict_action<grammar::tree_open> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) { b.open(offset_of(in, b)); }
};
template <>
struct strict_action<grammar::node_open> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) { b.add_node(offset_of(in, b)); }
};
template <>
struct strict_action<grammar::tree_close> {
    template <typename In>
    static void apply(const In&, tree_builder& b) { b.close(); }
};

// --- recovering pass --------------------------------------------------------------------

template <typename Rule>
struct recover_action : pegtl::nothing<Rule> {};
template <>
struct recover_action<grammar::tree_open> : strict_action<grammar::tree_open> {};
template <>
struct recover_action<grammar::tree_close> : strict_action<grammar::tree_close> {};
template <>
struct recover_action<grammar::lenient_node> : strict_action<grammar::node_open> {};

template <>
struct recover_action<grammar::junk_before_tree> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::junk_before_tree, offset_of(in, b), {excerpt(in.begin(), in.size()), std::to_string(in.size())});
    }
};
template <>
struct recover_action<grammar::junk_after_tree> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::junk_after_tree, offset_of(in, b), {excerpt(in.begin(), in.size()), std::to_string(in.size())});
    }
};
template <>
struct recover_action<grammar::unmatched_tree_close> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::unmatched_tree_close, offset_of(in, b));
    }
};
template <>
struct recover_action<grammar::empty_game_tree> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::empty_tail, offset_of(in, b));
    }
};
template <>
struct recover_action<grammar::empty_top_tree> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::empty_top_tree, offset_of(in, b));
    }
};
template <>
struct recover_action<grammar::tree_close_missing_before> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::tree_close_missing_before, offset_of(in, b), {trees_text(b.open_frames())}, b.innermost_open());
        b.close_all();
    }
};
template <>
struct recover_action<grammar::missing_node_open> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::missing_node_open, offset_of(in, b));
    }
};
template <>
struct recover_action<grammar::tree_without_node> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::tree_without_node, offset_of(in, b));
    }
};
template <>
struct recover_action<grammar::node_after_variation> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::node_after_variation, offset_of(in, b));
        b.open(offset_of(in, b));
    }
};
template <>
struct recover_action<grammar::extra_tree_open> {
    template <typename In>
    static void apply(const In&, tree_builder& b) {
        b.report(recovery::extra_tree_open, b.innermost_open());
        b.close();  // the frame holds nothing yet
    }
};
template <>
struct recover_action<grammar::free_text> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(grammar::free_text::identifiers_only(in.begin(), in.end()) ? recovery::properties_without_value
                                                                             : recovery::free_text,
                 offset_of(in, b), {excerpt(in.begin(), in.size())});
    }
};
template <>
struct recover_action<grammar::implicit_tree_close> {
    template <typename In>
    static void apply(const In&, tree_builder& b) { b.close(); }
};
template <>
struct recover_action<grammar::missing_tree_close> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        const std::size_t n = b.open_frames();
        b.report(recovery::missing_tree_close, offset_of(in, b), {trees_text(n), std::to_string(n)}, b.innermost_open());
        b.close_all();
    }
};
template <>
struct recover_action<grammar::unclosed_prop_value> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::unclosed_value, offset_of(in, b));
    }
};
template <>
struct recover_action<grammar::lenient_property> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        const char* p = in.begin();
        std::size_t n = 0;
        bool lower = false, upper = false;
        while (n < in.size() && std::isalpha(static_cast<unsigned char>(p[n]))) {
            lower |= p[n] >= 'a';
            upper |= p[n] <= 'Z';
            ++n;
        }
        if (!lower) return;  // an uppercase identifier here only had an unclosed value (E008)
        const std::string written(p, n);
        if (!upper) {
            // "b", "black": FF[1]-FF[3] readers delete lowercase letters and keep nothing
            b.report(recovery::ident_without_upper, offset_of(in, b), {written, ascii_upper(written)}, std::nullopt,
                     written);  // one finding per identifier (and N more)
            return;
        }
        b.lowercase_idents.emplace_back(offset_of(in, b), static_cast<std::uint32_t>(n));
    }
};
template <>
struct recover_action<grammar::property_without_value> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::property_without_value, offset_of(in, b), {excerpt(in.begin(), in.size())});
    }
};
template <>
struct recover_action<grammar::value_without_property> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::value_without_property, offset_of(in, b), {excerpt(in.begin(), in.size())});
    }
};
struct report_junk {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report(recovery::junk_between_tokens, offset_of(in, b), {excerpt(in.begin(), in.size())});
    }
};
template <>
struct recover_action<grammar::node_junk> : report_junk {};
template <>
struct recover_action<grammar::tree_junk> : report_junk {};

using input = pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf>;

// FF[1]-FF[3] allowed lowercase letters in identifiers (ff4_changes.txt "Verbose property
// names"; SGFC 16 "only for FF[4]"): the finding is the rule lowercase_ident at the level it
// has in the FF version of the top-level game tree it lies in (E011 in FF[4], W011 in
// FF[1]-FF[3]). The FF of each tree is read once (context_of), so N such identifiers take
// linear time.
void report_lowercase_idents(tree_builder& b, const collection& trees, profile p) {
    if (b.lowercase_idents.empty()) return;
    const auto ts = trees.trees();
    std::vector<std::uint64_t> starts;
    std::vector<int> ffs;
    starts.reserve(ts.size());
    ffs.reserve(ts.size());
    for (const game_tree& t : ts) {
        starts.push_back(t.pos().byte);
        ffs.push_back(context_of(t, p).ff);
    }
    for (const auto& [offset, size] : b.lowercase_idents) {
        const std::string written(b.base() + offset, size);
        const auto after = std::upper_bound(starts.begin(), starts.end(), std::uint64_t{offset});
        const int ff = after == starts.begin() ? 4 : ffs[static_cast<std::size_t>(after - starts.begin() - 1)];
        const std::string ident = ff4_ident_of(written);
        if (ff >= 1 && ff <= 3)
            b.report(recovery::lowercase_ident_before_ff4, offset, {std::to_string(ff), written, ident}, std::nullopt, written, ff);
        else
            b.report(recovery::lowercase_ident, offset, {written, ident}, std::nullopt, written, ff);
    }
}

}  // namespace

namespace detail {

void report_utf8_bom(findings& found, const source& src) {
    const recovery_row& row = row_of(recovery::byte_order_mark);
    (void)found.add(row.code, 4, src, 0, std::string(row.message), std::string(row.hint));
}

parse_result parse_source(std::shared_ptr<const source> src, const parse_options& options) {
    parse_result result;
    if (src->bytes.size() >= detail::max_source_size) {
        result.diagnostics.push_back(too_large(src->bytes.size(), src->position_of(0)));
        return result;
    }
    tree_builder b(src, options);
    const char* const begin = src->data();
    const char* const end = begin + src->bytes.size();
    const char* start = begin;
    if (src->bytes.size() >= 3 && std::memcmp(begin, "\xEF\xBB\xBF", 3) == 0) {
        report_utf8_bom(b.found, *src);
        start += 3;
    }
    bool ok = false;
    {
        input in(start, end, "");
        ok = pegtl::parse<grammar::file, strict_action>(in, b);
    }
    if (!ok) {
        b.reset();
        input in(start, end, "");
        (void)pegtl::parse<grammar::recovering_collection, recover_action>(in, b);
        if (!b.has_trees()) {
            b.report(src->bytes.size() == static_cast<std::size_t>(start - begin) ? recovery::empty_file
                                                                                  : recovery::no_game_tree,
                     src->bytes.size());  // where a game tree was still expected
        }
    }
    result.trees = b.take_trees();
    if (!ok) {
        report_lowercase_idents(b, result.trees, options.prof);
        // Safety net: never accept silently. Only lowercase identifiers (legal in FF[1]-FF[3])
        // may explain a file the FF[4] grammar rejects, or findings the profile turns off.
        if (b.found.attempted() == 0)
            b.report(recovery::grammar_mismatch, 0);
    }
    result.diagnostics = std::move(b.found).finish();
    return result;
}

}  // namespace detail

parse_result parse(std::string bytes, const parse_options& options) {
    if (bytes.size() >= detail::max_source_size) {
        parse_result result;
        result.diagnostics.push_back(too_large(bytes.size(), {0, 1, 1}));
        return result;
    }
    return detail::parse_source(std::make_shared<const source>(std::move(bytes)), options);
}

parse_result parse_file(const std::filesystem::path& path, const parse_options& options) {
    return parse(read_file(path), options);
}

position position_in(std::string_view bytes, std::uint64_t offset) {
    return detail::position_from_lines(detail::line_starts(bytes), offset);
}

}  // namespace sgf
