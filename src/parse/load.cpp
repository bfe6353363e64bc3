// The input stage: which charset the file is in, whole-file conversion where the grammar
// cannot scan the raw bytes, and the diagnostics about both (include/sgf/input.hpp).
#include "sgf/input.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

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

std::string_view load_result::text() const noexcept { return source ? source->view() : std::string_view(); }

std::string_view load_result::bytes() const noexcept { return file ? file->view() : std::string_view(); }

std::uint64_t load_result::text_offset(std::uint64_t file_offset) const noexcept {
    if (!source || !source->original) return file_offset;
    return source->original->to_utf8(static_cast<std::size_t>(file_offset));
}

load_result load(std::string file, const load_options& options) {
    const parse_options popts{options.lenient, options.prof};
    // The file's bytes become the parse's source as they are (no copy); `bytes` views them.
    auto raw = std::make_shared<const detail::source>(std::move(file));
    const std::string_view bytes = raw->view();
    input_report rep(raw, options.lenient);
    load_result r;

    // 1.-2. The caller's charset or a UTF-16/32 byte order mark decide before parsing.
    charset_choice chosen;
    std::string first_ca;           // canonical name of the first tree's CA, once looked up
    bool first_ca_checked = false;  // its spelling was reported already
    const auto bom = detect_bom(bytes);
    if (!options.charset.empty()) {
        chosen = {detail::canonical_charset(options.charset), charset_origin::option};
        if (chosen.charset.empty()) throw std::invalid_argument("unknown charset '" + options.charset + "'");
    } else if (bom && bom->charset != "UTF-8") {
        chosen = {std::string(bom->charset), charset_origin::bom};
        rep.add(rule::byte_order_mark, rep.at(0), std::string(bom->charset) + " byte order mark",
                "the file is read as " + std::string(bom->charset) + " (converted to UTF-8 as a whole)");
    }

    // Converts the whole file to UTF-8 and parses that.
    std::vector<invalid_sequence> conversion_errors;
    auto parse_converted = [&](const std::string& cs, std::string_view why) {
        decoded d = decode_to_utf8(bytes, cs, invalid_policy::keep);
        conversion_errors = std::move(d.invalid);
        auto src = std::make_shared<const detail::source>(std::move(d.utf8),
                                                          std::make_shared<const offset_map>(std::move(d.map)));
        rep.use_source(src);
        rep.add(rule::converted_to_utf8, rep.at(0), "the file was converted from " + cs + " to UTF-8 as a whole before parsing",
                std::string(why) + "; positions are still byte offsets in the file");
        static_cast<parse_result&>(r) = detail::parse_source(src, popts);
        r.source = std::move(src);
        r.converted = true;
    };
    auto unicode_why = [](std::string_view cs) {
        return is_utf(cs, "UTF-16") || is_utf(cs, "UTF-32") ? "its characters are 2 or 4 bytes"
                                                               : "its multi-byte characters may contain the bytes of ']' and '\\'";
    };

    if (!chosen.charset.empty()) {
        if (scannable(chosen.charset))
            static_cast<parse_result&>(r) = detail::parse_source(raw, popts);
        else
            parse_converted(chosen.charset, unicode_why(chosen.charset));
    } else {
        // 3.-4. Parse the bytes as ASCII-compatible text; CA or a guess decides the rest.
        static_cast<parse_result&>(r) = detail::parse_source(raw, popts);
        std::optional<property> ca;
        if (!r.trees.empty()) ca = root_ca(r.trees[0].front());
        if (bom) {  // UTF-8 (parse reported W001)
            chosen = {"UTF-8", charset_origin::bom};
        } else if (ca) {
            const std::string name = detail::first_tree_charset(rep, *ca);
            first_ca_checked = true;
            first_ca = name;
            if (!name.empty()) chosen = {name, charset_origin::declared};
            if (detail::legacy_charset(name) && !all_ascii(bytes) && is_valid_utf8(bytes))
                detail::report_utf8_under_legacy_ca(rep, *ca, name);
        }
        if (chosen.charset.empty()) chosen = guess(rep, bytes, ca ? "the CA value cannot be used" : "no CA", r.trees.empty());
        if (!scannable(chosen.charset) && chosen.charset != "US-ASCII") {
            r = load_result{};
            parse_converted(chosen.charset, unicode_why(chosen.charset));
        }
    }
    r.charset = chosen.charset;
    r.origin = chosen.origin;
    r.file = raw;

    // Every tree's CA: spelling, and whether it can be honoured.
    const auto trees = r.trees.trees();
    for (std::size_t i = 0; i < trees.size(); ++i) {
        const auto ca = root_ca(trees[i].front());
        std::string name;
        if (ca) name = i == 0 && first_ca_checked ? first_ca : detail::check_ca_spelling(rep, *ca);
        r.tree_charsets.push_back(detail::tree_charset(rep, i, ca ? &*ca : nullptr, name, chosen, r.converted));
    }
    if (chosen.origin == charset_origin::option && (trees.empty() || !root_ca(trees[0].front())))
        rep.add(rule::charset_option, rep.at(0), "--charset " + chosen.charset + " (the file has no CA)", "the text is read as " + chosen.charset);

    // W005: every byte sequence that is not a character, in the charset its tree is read in.
    if (r.converted) {
        rep.invalid(conversion_errors, chosen.charset, bytes, 0);
    } else {
        // Tree i spans from its '(' to the next tree's (the first from the file's start).
        const std::size_t n = trees.empty() ? 1 : trees.size();
        for (std::size_t i = 0; i < n; ++i) {
            // (offsets of the '(' straight from the tree: positions would count lines)
            const std::size_t from = i == 0 ? 0 : detail::tree_access::rep(trees[i])->open;
            const std::size_t to = i + 1 < trees.size() ? detail::tree_access::rep(trees[i + 1])->open : bytes.size();
            const std::string& cs = i < r.tree_charsets.size() ? r.tree_charsets[i] : chosen.charset;
            detail::report_invalid(rep, std::string_view(bytes).substr(from, to - from), from, cs);
        }
    }

    rep.resolve();
    r.diagnostics.insert(r.diagnostics.end(), rep.found.begin(), rep.found.end());
    std::stable_sort(r.diagnostics.begin(), r.diagnostics.end(),
                     [](const diagnostic& x, const diagnostic& y) { return x.where.byte < y.where.byte; });
    return r;
}

load_result load_file(const std::filesystem::path& path, const load_options& options) {
    return load(read_file(path), options);
}

}  // namespace sgf
