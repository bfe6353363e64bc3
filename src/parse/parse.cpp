// Parsing: the strict FF[4] grammar first (fast path); when it does not match, the
// recovering grammar reads the file again and reports every problem with its position.
// Both passes drive the same tree builder through the same events.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include "grammar/recover.hpp"
#include "parse/parse_source.hpp"
#include "sgf/parse.hpp"
#include "sgf/properties.hpp"
#include "tree/assembler.hpp"

namespace sgf {

namespace pegtl = tao::pegtl;

namespace {

using detail::source;

// Collects game trees from tree_open / node / tree_close events (tree_assembler) and the
// findings of the recovering pass.
class tree_builder {
public:
    tree_builder(std::shared_ptr<const source> src, bool lenient) : src_(src), lenient_(lenient), trees_(std::move(src)) {}

    void open(std::uint32_t offset) { trees_.open(offset); }
    void add_node(std::uint32_t offset) { trees_.add_node(offset); }
    void close() { trees_.close(); }
    void close_all() { trees_.close_all(); }
    [[nodiscard]] std::size_t open_frames() const noexcept { return trees_.open_frames(); }
    [[nodiscard]] std::uint32_t innermost_open() const noexcept { return trees_.innermost_open(); }
    [[nodiscard]] bool has_trees() const noexcept { return trees_.has_trees(); }
    void reset() { trees_.reset(); }

    // Lists a finding, or only counts it once `listed_per_code` of its code are listed: a
    // file of 100 MB of ')' would otherwise need ~30 GB for its diagnostics (fuzz/FUZZING.md,
    // finding 2). Returns whether it was listed. add_unlisted_summaries() says how many
    // were not, at the first of them.
    bool report(std::string_view code, std::uint64_t offset, std::string message, std::string hint,
                std::optional<std::uint64_t> related = std::nullopt) {
        const code_info* info = find_code(code);
        unlisted& u = unlisted_[static_cast<std::size_t>(info - all_codes().data())];
        if (u.listed == listed_per_code) {
            if (u.count++ == 0) u.first = offset;
            if (code == "E011") unlisted_idents_.push_back(offset);
            return false;
        }
        ++u.listed;
        diagnostic d;
        d.code = info->code;
        d.level = (lenient_ && code[0] == 'E') ? severity::warning : info->default_level;
        d.where = src_->position_of(offset);
        d.message = std::move(message);
        d.hint = std::move(hint);
        if (related) d.related = src_->position_of(*related);
        diagnostics.push_back(std::move(d));
        return true;
    }

    // One diagnostic per code with unlisted findings; E011 split into E011 and W002 by the
    // FF of the game tree each lies in (ff_at: the FF of the top-level tree at an offset).
    template <class FfAt>
    void add_unlisted_summaries(FfAt&& ff_at) {
        const auto summary = [&](std::string_view code, std::uint64_t first, std::uint64_t count) {
            const code_info* info = find_code(code);
            diagnostic d;
            d.code = info->code;
            d.level = (lenient_ && code[0] == 'E') ? severity::warning : info->default_level;
            d.where = src_->position_of(first);
            d.message = std::to_string(count) + " more " + std::string(code) + " findings (" + std::string(info->title) +
                        ") from here on, not listed";
            d.hint = "sgfcheck lists at most " + std::to_string(listed_per_code) + " findings of one code per file";
            diagnostics.push_back(std::move(d));
        };
        for (std::size_t i = 0; i < unlisted_.size(); ++i) {
            const unlisted& u = unlisted_[i];
            if (u.count == 0 || all_codes()[i].code == "E011") continue;
            summary(all_codes()[i].code, u.first, u.count);
        }
        std::uint64_t e011 = 0, w002 = 0, e011_first = 0, w002_first = 0;
        for (const std::uint64_t at : unlisted_idents_) {
            const int ff = ff_at(at);
            auto& n = ff >= 1 && ff <= 3 ? w002 : e011;
            if (n++ == 0) (ff >= 1 && ff <= 3 ? w002_first : e011_first) = at;
        }
        if (e011 > 0) summary("E011", e011_first, e011);
        if (w002 > 0) summary("W002", w002_first, w002);
    }
    static constexpr std::uint32_t listed_per_code = 1000;

    [[nodiscard]] collection take_trees() { return collection(trees_.take_trees()); }
    [[nodiscard]] const char* base() const noexcept { return src_->data(); }

    std::vector<diagnostic> diagnostics;
    // E011 findings (index into diagnostics, identifier): W002 in FF[1]-FF[3] game trees.
    std::vector<std::pair<std::size_t, std::string>> lowercase_idents;

private:
    struct unlisted {
        std::uint32_t listed = 0;  // findings of the code listed so far
        std::uint64_t count = 0;   // findings not listed
        std::uint64_t first = 0;   // offset of the first one not listed
    };
    std::vector<unlisted> unlisted_ = std::vector<unlisted>(all_codes().size());
    std::vector<std::uint64_t> unlisted_idents_;  // offsets of E011 findings not listed
    std::shared_ptr<const source> src_;
    bool lenient_;
    detail::tree_assembler trees_;
};

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
        b.report("E002", offset_of(in, b), "text before the first game tree: '" + excerpt(in.begin(), in.size()) + "'",
                 "skipped " + std::to_string(in.size()) + " bytes up to the first '(;'");
    }
};
template <>
struct recover_action<grammar::junk_after_tree> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E003", offset_of(in, b), "text after a game tree: '" + excerpt(in.begin(), in.size()) + "'",
                 "skipped " + std::to_string(in.size()) + " bytes");
    }
};
template <>
struct recover_action<grammar::unmatched_tree_close> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E005", offset_of(in, b), "')' without a matching '('", "ignored; remove the extra ')'");
    }
};
template <>
struct recover_action<grammar::empty_game_tree> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E006", offset_of(in, b), "empty game tree '()': a GameTree holds at least one node",
                 "ignored; remove it (FF[4] has no empty variations)");
    }
};
template <>
struct recover_action<grammar::missing_node_open> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E007", offset_of(in, b), "game tree does not start with a node: expected ';' after '('",
                 "read what follows as the game tree's first node; insert ';'");
    }
};
template <>
struct recover_action<grammar::tree_without_node> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E007", offset_of(in, b), "game tree without any node: expected ';' after '('",
                 "its variations (if any) were kept in its place");
    }
};
template <>
struct recover_action<grammar::node_after_variation> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E013", offset_of(in, b), "node after a variation: a sequence cannot continue after ')'",
                 "the nodes up to the enclosing ')' were read as one more variation; wrap them in '(' ')'");
        b.open(offset_of(in, b));
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
        b.report("E004", offset_of(in, b),
                 "end of file inside " + std::to_string(n) + (n == 1 ? " game tree" : " game trees") + ": missing ')'",
                 "closed at end of file; append " + std::to_string(n) + " ')'", b.innermost_open());
        b.close_all();
    }
};
template <>
struct recover_action<grammar::unclosed_prop_value> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E008", offset_of(in, b), "property value not closed: missing ']' before end of file",
                 "the value runs to the end of the file; add ']' where it should end");
    }
};
template <>
struct recover_action<grammar::lenient_property> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        const char* p = in.begin();
        std::size_t n = 0;
        bool lower = false;
        while (n < in.size() && std::isalpha(static_cast<unsigned char>(p[n]))) lower |= (p[n++] >= 'a');
        if (!lower) return;  // an uppercase identifier here only had an unclosed value (E008)
        std::string upper;
        for (std::size_t i = 0; i < n; ++i)
            if (p[i] <= 'Z') upper.push_back(p[i]);
        const std::size_t index = b.diagnostics.size();
        if (b.report("E011", offset_of(in, b),
                     "property identifier '" + std::string(p, n) + "' contains lowercase letters",
                     "kept as written; FF[4] identifiers are uppercase only (FF[1]-FF[3] ignored lowercase letters: '" +
                         upper + "', which sgfcheck fix writes)"))
            b.lowercase_idents.emplace_back(index, std::string(p, n));
    }
};
template <>
struct recover_action<grammar::property_without_value> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E009", offset_of(in, b), "property '" + excerpt(in.begin(), in.size()) + "' has no value",
                 "ignored; a property needs at least one [value] (use [] for an empty one)");
    }
};
template <>
struct recover_action<grammar::value_without_property> {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E010", offset_of(in, b), "value without a property identifier: '" + excerpt(in.begin(), in.size()) + "'",
                 "ignored; put the identifier (e.g. C) before '['");
    }
};
struct report_junk {
    template <typename In>
    static void apply(const In& in, tree_builder& b) {
        b.report("E012", offset_of(in, b), "unexpected characters '" + excerpt(in.begin(), in.size()) + "'",
                 "skipped; only white space may stand between tokens");
    }
};
template <>
struct recover_action<grammar::node_junk> : report_junk {};
template <>
struct recover_action<grammar::tree_junk> : report_junk {};

using input = pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf>;

// FF[1]-FF[3] allowed lowercase letters in identifiers (ff4_changes.txt "Property
// identifiers"; SGFC 16 "only for FF[4]"): there E011 becomes the warning W002. The FF of
// a finding is the one of the top-level game tree it lies in (trees are in file order).
// The FF of the top-level game tree that holds byte `at` (0 before the first tree).
int ff_at(const collection& trees, std::uint64_t at) {
    const auto ts = trees.trees();
    const auto after = std::upper_bound(ts.begin(), ts.end(), at, [](std::uint64_t x, const game_tree& t) {
        return x < t.pos().byte;
    });
    return after == ts.begin() ? 0 : detail::declared_ff((after - 1)->front());
}

void relabel_old_identifiers(tree_builder& b, const collection& trees) {
    for (const auto& [index, ident] : b.lowercase_idents) {
        diagnostic& d = b.diagnostics[index];
        const int ff = ff_at(trees, d.where.byte);
        if (ff < 1 || ff > 3) continue;
        d.code = find_code("W002")->code;
        d.level = severity::warning;
        d.message = "FF[" + std::to_string(ff) + "] property identifier '" + ident + "' has lowercase letters";
        d.hint = "read as " + ff4_ident_of(ident) +
                 ": FF[1]-FF[3] allowed lowercase letters and readers ignore them; FF[4] allows uppercase only "
                 "(sgfcheck fix writes " + ff4_ident_of(ident) + ")";
    }
}

}  // namespace

namespace detail {

int declared_ff(const node& root) {
    for (const property& p : root.properties()) {
        if (ff4_ident_of(p.ident()) != "FF") continue;
        const std::string v = p.front().simple_text();
        std::size_t i = 0;
        while (i < v.size() && v[i] == ' ') ++i;
        int n = 0;
        std::size_t digits = 0;
        for (; i < v.size() && v[i] >= '0' && v[i] <= '9' && digits < 4; ++i, ++digits) n = n * 10 + (v[i] - '0');
        while (i < v.size() && v[i] == ' ') ++i;
        return digits > 0 && i == v.size() ? n : 0;
    }
    return 1;
}

parse_result parse_source(std::shared_ptr<const source> src, const parse_options& options) {
    parse_result result;
    if (src->bytes.size() >= detail::max_source_size) {
        result.diagnostics.push_back({"E014", severity::error, src->position_of(0),
                                      "file too large: " + std::to_string(src->bytes.size()) + " bytes",
                                      "files are limited to 2 GiB", std::nullopt});
        result.diagnostics.back().code = find_code("E014")->code;
        return result;
    }
    tree_builder b(src, options.lenient);
    const char* const begin = src->data();
    const char* const end = begin + src->bytes.size();
    const char* start = begin;
    if (src->bytes.size() >= 3 && std::memcmp(begin, "\xEF\xBB\xBF", 3) == 0) {
        b.report("W001", 0, "UTF-8 byte order mark before the first game tree", "skipped; declare the charset with CA[UTF-8]");
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
            b.report("E001", src->bytes.size(),  // where a game tree was still expected
                     src->bytes.size() == static_cast<std::size_t>(start - begin) ? "empty file: no game tree"
                                                                                  : "no game tree in the file",
                     "an SGF file holds one or more game trees: (;FF[4] ...)");
        }
    }
    result.trees = b.take_trees();
    if (!ok) {
        relabel_old_identifiers(b, result.trees);
        b.add_unlisted_summaries([&](std::uint64_t at) { return ff_at(result.trees, at); });
        // Safety net: never accept silently. Only W002 (legal FF[1]-FF[3]) may explain a
        // file the FF[4] grammar rejects without an error.
        if (b.diagnostics.empty() && !options.lenient) b.report("E012", 0, "the file does not match the FF[4] grammar", "");
    }
    std::stable_sort(b.diagnostics.begin(), b.diagnostics.end(),
                     [](const diagnostic& x, const diagnostic& y) { return x.where.byte < y.where.byte; });
    result.diagnostics = std::move(b.diagnostics);
    return result;
}

}  // namespace detail

parse_result parse(std::string bytes, const parse_options& options) {
    if (bytes.size() >= detail::max_source_size) {
        parse_result result;
        result.diagnostics.push_back({"E014", severity::error, {0, 1, 1},
                                      "file too large: " + std::to_string(bytes.size()) + " bytes",
                                      "files are limited to 2 GiB", std::nullopt});
        result.diagnostics.back().code = find_code("E014")->code;
        return result;
    }
    return detail::parse_source(std::make_shared<const source>(std::move(bytes)), options);
}

parse_result parse_file(const std::filesystem::path& path, const parse_options& options) {
    return parse(read_file(path), options);
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::system_error(errno, std::generic_category(), "cannot open " + path.string());
    f.seekg(0, std::ios::end);
    const auto size = f.tellg();
    if (size < 0) throw std::system_error(errno, std::generic_category(), "cannot read " + path.string());
    std::string out(static_cast<std::size_t>(size), '\0');
    f.seekg(0);
    if (!f.read(out.data(), size)) throw std::system_error(errno, std::generic_category(), "cannot read " + path.string());
    return out;
}

position position_in(std::string_view bytes, std::uint64_t offset) {
    return detail::position_from_lines(detail::line_starts(bytes), offset);
}

}  // namespace sgf
