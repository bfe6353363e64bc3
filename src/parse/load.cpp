// The input stage: which charset the file is in, whole-file conversion where the grammar
// cannot scan the raw bytes, and the diagnostics about both (include/sgf/input.hpp).
#include "sgf/input.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "input/utf8.hpp"
#include "parse/input_report.hpp"
#include "parse/parse_source.hpp"
#include "sgf/charset.hpp"
#include "sgf/properties.hpp"
#include "table/findings.hpp"
#include "tree/source.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace {

using detail::all_ascii;
using detail::charset_choice;
using detail::input_report;
using detail::root_ca;
using detail::scannable;

// The first place where bytes that are no character of the file's charset, kept verbatim in
// the converted text (invalid_policy::keep, W023), hold a whole UTF-8 character: "D0 9F" is
// no character of Big5, and in the text it reads as U+041F. The text then cannot tell those
// bytes from that character, and written back in the charset they would change
// (load_result::kept_as_text). Only sequences that touch can join: a decoded character
// never begins with a continuation byte, and a sequence holding an ASCII byte is U+FFFD.
std::optional<std::size_t> kept_reading_as_text(std::string_view bytes, const std::vector<invalid_sequence>& kept) {
    const auto high = [&](const invalid_sequence& s) {
        return std::all_of(bytes.begin() + static_cast<std::ptrdiff_t>(s.offset),
                           bytes.begin() + static_cast<std::ptrdiff_t>(s.offset + s.length),
                           [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    };
    for (std::size_t i = 0; i < kept.size();) {
        if (!high(kept[i])) {
            ++i;
            continue;
        }
        const std::size_t from = kept[i].offset;
        std::size_t to = kept[i].offset + kept[i].length;
        for (++i; i < kept.size() && kept[i].offset == to && high(kept[i]); ++i) to += kept[i].length;
        for (std::size_t p = from; p < to; ++p) {  // (is_valid_utf8 rejects what no lead byte starts)
            const std::size_t n = detail::charset_impl::lead_length(static_cast<unsigned char>(bytes[p]));
            if (n > 1 && p + n <= to && is_valid_utf8(bytes.substr(p, n))) return p;
        }
    }
    return std::nullopt;
}

bool is_utf(std::string_view name, std::string_view family) { return name.substr(0, family.size()) == family; }

std::string_view confidence_word(guess_confidence c) {
    switch (c) {
        case guess_confidence::certain: return "certain";
        case guess_confidence::high: return "high confidence";
        case guess_confidence::medium: return "medium confidence";
        case guess_confidence::low: return "low confidence";
    }
    return "";
}

// The guess for a file without a usable CA (I002 / W006), or US-ASCII when it is plain ASCII.
// UTF-16/32 without a byte order mark are taken only when the bytes hold no game tree as
// they are (`wide_allowed`): a NUL inside a value of an ASCII file is no UTF-16.
charset_choice guess(input_report& rep, std::string_view bytes, std::string_view why, bool wide_allowed) {
    const bool has_nul = bytes.substr(0, 1 << 16).find('\0') != std::string_view::npos;
    if (all_ascii(bytes) && !(has_nul && wide_allowed)) return {"US-ASCII", charset_origin::ascii};
    charset_guess g = guess_charset(bytes);
    if (!wide_allowed && (is_utf(g.charset, "UTF-16") || is_utf(g.charset, "UTF-32"))) {
        std::string without_nul(bytes);
        std::replace(without_nul.begin(), without_nul.end(), '\0', ' ');
        g = guess_charset(without_nul);
    }
    if (g.charset == "US-ASCII") return {"US-ASCII", charset_origin::ascii};
    const auto first_high = std::find_if(bytes.begin(), bytes.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    const std::size_t at = first_high == bytes.end() ? 0 : static_cast<std::size_t>(first_high - bytes.begin());
    const bool sure = g.confidence == guess_confidence::certain || g.confidence == guess_confidence::high;
    std::string message = std::string(why) + ": the text was read as " + std::string(g.charset) + " (" +
                          std::string(confidence_word(g.confidence)) + ": " + g.reason + ")";
    std::string hint = std::string(g.charset) == "UTF-8" ? "FF[4] reads a file without CA as ISO-8859-1; add CA[UTF-8] (sgfcheck fix does)"
                                                         : "add CA[" + std::string(g.charset) + "], or give the charset with --charset NAME";
    if (!sure) hint = "uncertain: check the text; give the right charset with --charset NAME";
    rep.add(sure ? rule::charset_guessed : rule::charset_uncertain, rep.at(at), std::move(message), std::move(hint));
    return {std::string(g.charset), charset_origin::guessed};
}

}  // namespace

bool load_result::decodes(std::size_t tree, std::string_view raw) const noexcept {
    if (converted) return false;
    const std::string& cs = tree < tree_charsets.size() ? tree_charsets[tree] : charset;
    return cs != "UTF-8" && cs != "US-ASCII" && !all_ascii(raw);  // in UTF-8, invalid bytes stay as they are
}

std::string load_result::utf8(std::string_view raw, std::size_t tree) const {
    if (!decodes(tree, raw)) return std::string(raw);
    const std::string& cs = tree < tree_charsets.size() ? tree_charsets[tree] : charset;
    decoded d = decode_to_utf8(raw, cs, invalid_policy::keep);
    return d.ok() ? std::move(d.utf8) : std::string(raw);
}

std::string_view load_result::text() const& noexcept { return source ? source->view() : std::string_view(); }

std::string_view load_result::bytes() const& noexcept { return file ? file->view() : std::string_view(); }

std::uint64_t load_result::text_offset(std::uint64_t file_offset) const noexcept {
    if (!source || !source->original) return file_offset;
    return source->original->to_utf8(static_cast<std::size_t>(file_offset));
}

namespace {

std::string_view unicode_why(std::string_view cs) {
    return is_utf(cs, "UTF-16") || is_utf(cs, "UTF-32") ? "its characters are 2 or 4 bytes"
                                                           : "its multi-byte characters may contain the bytes of ']' and '\\'";
}

// One load, step by step (the steps of include/sgf/input.hpp's "How the charset is chosen"):
// the charset the caller or a byte order mark gives decides before parsing; else the bytes
// are parsed as ASCII-compatible text and CA or a guess decides, converting the whole file
// where the grammar cannot scan its bytes; then each game tree's CA, and every byte sequence
// that is no character in the charset its tree is read in (parse/input_report.hpp says the
// per-tree pieces, as the streaming reader says them).
class loader {
public:
    loader(std::string file, const load_options& options)
        : options_(options),
          popts_{options.lenient, options.prof},
          raw_(std::make_shared<const detail::source>(std::move(file))),  // the bytes as they are, no copy
          bytes_(raw_->view()),
          rep_(raw_, options.lenient),
          bom_(detect_bom(bytes_)) {}

    load_result run() && {
        chosen_ = given_charset();
        if (!chosen_.charset.empty()) parse_in(chosen_.charset);
        else parse_then_choose();
        r_.charset = chosen_.charset;
        r_.origin = chosen_.origin;
        r_.file = raw_;
        read_tree_charsets();
        report_invalid_bytes();
        rep_.resolve();
        r_.diagnostics.insert(r_.diagnostics.end(), rep_.found.begin(), rep_.found.end());
        std::stable_sort(r_.diagnostics.begin(), r_.diagnostics.end(),
                         [](const diagnostic& x, const diagnostic& y) { return x.where.byte < y.where.byte; });
        return std::move(r_);
    }

private:
    // 1.-2. The caller's charset or a UTF-16/32 byte order mark; none: empty.
    charset_choice given_charset() {
        if (!options_.charset.empty()) {
            charset_choice c{detail::canonical_charset(options_.charset), charset_origin::option};
            if (c.charset.empty())  // (quoted as messages quote values: a NUL as \x00)
                throw std::invalid_argument("unknown charset '" + detail::one_line(options_.charset, 100) + "'");
            return c;
        }
        if (bom_ && bom_->charset != "UTF-8") {
            rep_.add(rule::byte_order_mark, rep_.at(0), std::string(bom_->charset) + " byte order mark",
                     "the file is read as " + std::string(bom_->charset) + " (converted to UTF-8 as a whole)");
            return {std::string(bom_->charset), charset_origin::bom};
        }
        return {};
    }

    // The bytes parsed as they are where the grammar can scan them, else converted first.
    void parse_in(const std::string& cs) {
        if (scannable(cs)) static_cast<parse_result&>(r_) = detail::parse_source(raw_, popts_);
        else parse_converted(cs, unicode_why(cs));
    }

    // Converts the whole file to UTF-8 and parses that.
    void parse_converted(const std::string& cs, std::string_view why) {
        decoded d = decode_to_utf8(bytes_, cs, invalid_policy::keep);
        conversion_errors_ = std::move(d.invalid);
        const auto as_text = kept_reading_as_text(bytes_, conversion_errors_);
        auto src = std::make_shared<const detail::source>(std::move(d.utf8), std::make_shared<const offset_map>(std::move(d.map)));
        rep_.use_source(src);
        rep_.add(rule::converted_to_utf8, rep_.at(0), "the file was converted from " + cs + " to UTF-8 as a whole before parsing",
                 std::string(why) + "; positions are still byte offsets in the file");
        static_cast<parse_result&>(r_) = detail::parse_source(src, popts_);
        r_.source = std::move(src);
        r_.converted = true;
        if (as_text) r_.kept_as_text = rep_.at(*as_text);
    }

    // 3.-4. Parse the bytes as ASCII-compatible text; CA or a guess decides the rest.
    void parse_then_choose() {
        static_cast<parse_result&>(r_) = detail::parse_source(raw_, popts_);
        std::optional<property> ca;
        if (!r_.trees.empty()) ca = root_ca(r_.trees[0].front());
        if (bom_) {  // UTF-8 (parse reported W001)
            chosen_ = {"UTF-8", charset_origin::bom};
        } else if (ca) {
            const std::string name = detail::first_tree_charset(rep_, *ca);
            first_ca_checked_ = true;
            first_ca_ = name;
            if (!name.empty()) chosen_ = {name, charset_origin::declared};
            if (detail::legacy_charset(name) && !all_ascii(bytes_) && is_valid_utf8(bytes_))
                detail::report_utf8_under_legacy_ca(rep_, *ca, name);
        }
        if (chosen_.charset.empty()) chosen_ = guess(rep_, bytes_, ca ? "the CA value cannot be used" : "no CA", r_.trees.empty());
        if (!scannable(chosen_.charset) && chosen_.charset != "US-ASCII") {
            r_ = load_result{};
            parse_converted(chosen_.charset, unicode_why(chosen_.charset));
        }
    }

    // Every tree's CA: spelling, and whether it can be honoured.
    void read_tree_charsets() {
        const auto trees = r_.trees.trees();
        for (std::size_t i = 0; i < trees.size(); ++i) {
            const auto ca = root_ca(trees[i].front());
            std::string name;
            if (ca) name = i == 0 && first_ca_checked_ ? first_ca_ : detail::check_ca_spelling(rep_, *ca);
            r_.tree_charsets.push_back(detail::tree_charset(rep_, i, ca ? &*ca : nullptr, name, chosen_, r_.converted));
        }
        if (chosen_.origin == charset_origin::option && (trees.empty() || !root_ca(trees[0].front())))
            rep_.add(rule::charset_option, rep_.at(0), "--charset " + chosen_.charset + " (the file has no CA)",
                     "the text is read as " + chosen_.charset);
    }

    // W005: every byte sequence that is not a character, in the charset its tree is read in.
    void report_invalid_bytes() {
        if (r_.converted) {
            rep_.invalid(conversion_errors_, chosen_.charset, bytes_, 0);
            return;
        }
        const auto trees = r_.trees.trees();
        // Tree i spans from its '(' to the next tree's (the first from the file's start).
        const std::size_t n = trees.empty() ? 1 : trees.size();
        for (std::size_t i = 0; i < n; ++i) {
            // (offsets of the '(' straight from the tree: positions would count lines)
            const std::size_t from = i == 0 ? 0 : detail::tree_access::rep(trees[i])->open;
            const std::size_t to = i + 1 < trees.size() ? detail::tree_access::rep(trees[i + 1])->open : bytes_.size();
            const std::string& cs = i < r_.tree_charsets.size() ? r_.tree_charsets[i] : chosen_.charset;
            detail::report_invalid(rep_, bytes_.substr(from, to - from), from, cs);
        }
    }

    const load_options& options_;
    const parse_options popts_;
    std::shared_ptr<const detail::source> raw_;
    std::string_view bytes_;
    input_report rep_;
    std::optional<bom_info> bom_;
    load_result r_;
    charset_choice chosen_;
    std::string first_ca_;           // canonical name of the first tree's CA, once looked up
    bool first_ca_checked_ = false;  // its spelling was reported already
    std::vector<invalid_sequence> conversion_errors_;
};

}  // namespace

load_result load(file_bytes file, const load_options& options) { return loader(std::move(file.bytes), options).run(); }

load_result load_file(const std::filesystem::path& path, const load_options& options) {
    return load(file_bytes(read_file(path)), options);
}

}  // namespace sgf
