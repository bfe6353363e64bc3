// The input stage: which charset the file is in, whole-file conversion where the grammar
// cannot scan the raw bytes, and the diagnostics about both (include/sgf/input.hpp).
#include "sgf/input.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "parse/parse_source.hpp"
#include "sgf/charset.hpp"
#include "sgf/properties.hpp"
#include "table/findings.hpp"
#include "tree/source.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace {

// At most this many W005 per file, then one that says more follow: a file read in the
// wrong charset would otherwise give a line per character.
constexpr std::size_t max_invalid_reports = 100;

bool all_ascii(std::string_view s) noexcept {
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string hex_bytes(std::string_view s) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < 8; ++i) {
        if (i) out += ' ';
        const auto c = static_cast<unsigned char>(s[i]);
        out += hex[c >> 4];
        out += hex[c & 15];
    }
    if (s.size() > 8) out += " ...";
    return out;
}

std::string trim(std::string s) {
    const auto b = s.find_first_not_of(' ');
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(' ') - b + 1);
}

// The root's CA property, its identifier read as every stage reads it (ff4_ident_of: the
// upper-case letters). FF[1]-FF[3] readers drop lowercase letters, so "CharSet" is CS, not
// CA: CA exists only in FF[4] (ff1-4_property_index.txt "CA ---4"), which allows no lowercase.
std::optional<property> root_ca(const game_tree& t) {
    for (const property& p : t.front().properties())
        if (ff4_ident_of(p.ident()) == "CA") return p;
    return std::nullopt;
}

// Canonical name of a charset (find_charset), or the name itself when only iconv knows it;
// empty when neither does.
std::string canonical_charset(std::string_view name) {
    if (const auto m = find_charset(name)) return std::string(m->info.name);
    if (name.empty()) return {};
    return decode_to_utf8("", name).ok() ? std::string(name) : std::string();
}

// Whether the grammar may scan raw bytes of this charset (charset_info::ascii_safe). Names
// only iconv knows are converted whole: always right, if slower.
bool scannable(std::string_view name) {
    const auto m = find_charset(name);
    return m && m->info.ascii_safe;
}

// Whether `name` reads the printable ASCII characters (and tab, LF, CR) as themselves.
bool reads_ascii(const std::string& name) {
    if (const auto m = find_charset(name)) return m->info.ascii_compatible;
    static const std::string ascii = [] {
        std::string s = "\t\n\r";
        for (char ch = 0x20; ch < 0x7f; ++ch) s += ch;
        return s;
    }();
    const decoded d = decode_to_utf8(ascii, name);
    return d.ok() && d.utf8 == ascii;
}

bool is_utf(std::string_view name, std::string_view family) { return name.substr(0, family.size()) == family; }

bool same_unicode_family(std::string_view a, std::string_view b) {
    auto fam = [](std::string_view n) { return n.substr(0, 6); };  // "UTF-16", "UTF-32", "UTF-8"
    return fam(a) == fam(b);
}

// Collects the input findings and gives them file positions.
class input_report {
public:
    input_report(std::shared_ptr<const detail::source> raw, bool lenient)
        : raw_(std::move(raw)), bytes_(raw_->view()), lenient_(lenient) {}

    void use_source(std::shared_ptr<const detail::source> s) { src_ = std::move(s); }

    [[nodiscard]] position at(std::uint64_t file_offset) {
        if (file_offset == 0) return {0, 1, 1};  // the file as a whole (a BOM the conversion skipped)
        if (src_ && src_->original) return src_->position_of(src_->original->to_utf8(file_offset));
        return raw_->position_of(file_offset);  // the file's own line table, built once
    }

    // The input stage's findings do not depend on FF or profile: the row's level (and its
    // lenient form), a message on one line.
    void add(rule r, position where, std::string message, std::string hint) {
        rule_level l = level_of(r);
        if (lenient_ && info(r).recovery && l == rule_level::error) l = rule_level::warning;
        diagnostic d = make_diagnostic(r, severity_of(l));
        d.where = where;
        d.message = detail::one_line(message);
        d.hint = detail::one_line(hint);
        found.push_back(std::move(d));
    }

    // W005 for each invalid sequence (offsets in the file), up to the limit.
    void invalid(const std::vector<invalid_sequence>& seqs, std::string_view charset) {
        for (const invalid_sequence& s : seqs) {
            if (invalid_reported_ > max_invalid_reports) return;
            if (invalid_reported_++ == max_invalid_reports) {
                add(rule::invalid_bytes, at(s.offset), "more bytes that are not characters in " + std::string(charset) + " follow",
                    "not listed one by one; all are kept verbatim. Is the charset right? Give it with --charset NAME");
                return;
            }
            const std::string_view seq = bytes_.substr(s.offset, s.length);
            const bool cut = s.offset + s.length < bytes_.size() && bytes_[s.offset + s.length] == ']';
            add(rule::invalid_bytes, at(s.offset), "bytes " + hex_bytes(seq) + " are not a character in " + std::string(charset),
                cut ? "kept verbatim; probably a character cut off at the end of the value"
                    : "kept verbatim, never dropped; if the charset is wrong, give it with --charset NAME");
        }
    }

    [[nodiscard]] bool ascii_only() const noexcept { return all_ascii(bytes_); }

    std::vector<diagnostic> found;

private:
    std::shared_ptr<const detail::source> raw_;  // the file's bytes
    std::string_view bytes_;
    bool lenient_;
    std::shared_ptr<const detail::source> src_;  // their UTF-8 conversion, when there is one
    std::size_t invalid_reported_ = 0;
};

// W003 / I001 / W004 about the spelling of one CA value; the canonical name or "".
std::string check_ca_spelling(input_report& rep, const property& ca) {
    const std::string label = trim(ca.front().simple_text());
    const auto m = find_charset(label);
    if (m && m->spelling == charset_spelling::preferred && !m->info.decoder.empty()) return std::string(m->info.name);
    const position where = ca.front().pos();  // only when there is something to say
    if (!m) {
        const std::string iconv_name = canonical_charset(label);
        if (!iconv_name.empty()) return iconv_name;  // not registered here, but iconv reads it
        rep.add(rule::ca_unknown, where, "CA[" + label + "] names no charset sgfcheck knows",
                "the text is read in the charset guessed from its bytes; give it with --charset NAME");
        return {};
    }
    const std::string name(m->info.name);
    if (m->info.decoder.empty()) {  // in the registry (RFC 1345, IANA), but iconv cannot read it
        // one in which ASCII text is other bytes (EBCDIC) cannot be the file's whatever its
        // bytes: W025 by its name, no decoder needed
        if (!m->info.ascii_compatible) return name;
        // (a file of ASCII bytes needs no decoder: its text reads the same in any of them)
        if (rep.ascii_only()) return {};
        rep.add(rule::ca_unknown, where, "CA[" + label + "] is a registered charset (RFC 1345 / IANA: " + name +
                                             ") that sgfcheck has no decoder for",
                "the text is read in the charset guessed from its bytes; give it with --charset NAME");
        return {};
    }
    if (m->spelling == charset_spelling::misspelled)
        rep.add(rule::ca_misspelled, where, "CA[" + label + "] should be CA[" + name + "]",
                "read as " + name + "; '" + label + "' is no registered name or alias (sgfcheck fix writes CA[UTF-8])");
    else if (m->spelling == charset_spelling::registered)
        rep.add(rule::ca_alias, where, "CA[" + label + "] is a registered alias of " + name,
                "allowed (RFC 1345 aliases); the preferred name is " + name);
    return name;
}

std::string_view confidence_word(guess_confidence c) {
    switch (c) {
        case guess_confidence::certain: return "certain";
        case guess_confidence::high: return "high confidence";
        case guess_confidence::medium: return "medium confidence";
        case guess_confidence::low: return "low confidence";
    }
    return "";
}

struct choice {
    std::string charset;
    charset_origin origin = charset_origin::ascii;
};

// The guess for a file without a usable CA (I002 / W006), or US-ASCII when it is plain ASCII.
// UTF-16/32 without a byte order mark are taken only when the bytes hold no game tree as
// they are (`wide_allowed`): a NUL inside a value of an ASCII file is no UTF-16.
choice guess(input_report& rep, std::string_view bytes, std::string_view why, bool wide_allowed) {
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

namespace {

std::string_view unicode_why(std::string_view cs) {
    return is_utf(cs, "UTF-16") || is_utf(cs, "UTF-32") ? "its characters are 2 or 4 bytes"
                                                           : "its multi-byte characters may contain the bytes of ']' and '\\'";
}

// One load, step by step (the steps of include/sgf/input.hpp's "How the charset is chosen"):
// the charset the caller or a byte order mark gives decides before parsing; else the bytes
// are parsed as ASCII-compatible text and CA or a guess decides, converting the whole file
// where the grammar cannot scan its bytes; then each game tree's CA, and every byte sequence
// that is no character in the charset its tree is read in.
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
        r_.diagnostics.insert(r_.diagnostics.end(), rep_.found.begin(), rep_.found.end());
        std::stable_sort(r_.diagnostics.begin(), r_.diagnostics.end(),
                         [](const diagnostic& x, const diagnostic& y) { return x.where.byte < y.where.byte; });
        return std::move(r_);
    }

private:
    // 1.-2. The caller's charset or a UTF-16/32 byte order mark; none: empty.
    choice given_charset() {
        if (!options_.charset.empty()) {
            choice c{canonical_charset(options_.charset), charset_origin::option};
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
        auto src = std::make_shared<const detail::source>(std::move(d.utf8), std::make_shared<const offset_map>(std::move(d.map)));
        rep_.use_source(src);
        rep_.add(rule::converted_to_utf8, rep_.at(0), "the file was converted from " + cs + " to UTF-8 as a whole before parsing",
                 std::string(why) + "; positions are still byte offsets in the file");
        static_cast<parse_result&>(r_) = detail::parse_source(src, popts_);
        r_.source = std::move(src);
        r_.converted = true;
    }

    // 3.-4. Parse the bytes as ASCII-compatible text; CA or a guess decides the rest.
    void parse_then_choose() {
        static_cast<parse_result&>(r_) = detail::parse_source(raw_, popts_);
        std::optional<property> ca;
        if (!r_.trees.empty()) ca = root_ca(r_.trees[0]);
        if (bom_) chosen_ = {"UTF-8", charset_origin::bom};  // (parse reported W001)
        else if (ca) chosen_ = declared_charset(*ca);
        if (chosen_.charset.empty()) chosen_ = guess(rep_, bytes_, ca ? "the CA value cannot be used" : "no CA", r_.trees.empty());
        if (!scannable(chosen_.charset) && chosen_.charset != "US-ASCII") {
            r_ = load_result{};
            parse_converted(chosen_.charset, unicode_why(chosen_.charset));
        }
    }

    // The first game tree's CA, when it can be honoured (its spelling reported once).
    choice declared_charset(const property& ca) {
        std::string name = check_ca_spelling(rep_, ca);
        first_ca_checked_ = true;
        const auto m = find_charset(name);
        const std::string label = trim(ca.front().simple_text());
        if (!name.empty() && !reads_ascii(name)) {
            // 000_*: "SGF uses the US ASCII char-set for all its property identifiers and
            // property values, except SimpleText & Text": a charset in which ASCII text is
            // other bytes (UTF-16, EBCDIC, UTF-7, 7-bit national sets) cannot be the file's,
            // whose game tree was just read as ASCII; the file is not converted through it
            rep_.add(rule::ca_contradicts, ca.front().pos(),
                     "CA[" + label + "] but the file is not " + name +
                         (m && m->info.unit > 1 ? std::string()
                                                : ": in " + name + " ASCII text is other bytes, and SGF is ASCII "
                                                                   "outside SimpleText and Text (000_*)"),
                     "its game tree reads as ASCII text; the charset was guessed instead");
            name.clear();
        }
        first_ca_ = name;
        if (name.empty()) return {};
        // The CA is honoured, as FF[4] says; but text in valid UTF-8 under a legacy CA is the
        // most common mislabel, so say so.
        if (name != "UTF-8" && name != "US-ASCII" && scannable(name) && !all_ascii(bytes_) && is_valid_utf8(bytes_))
            rep_.add(rule::ca_contradicts, ca.front().pos(), "CA[" + label + "] but the text is valid UTF-8",
                     "read as " + name + ", as CA says; if the text is UTF-8, give --charset UTF-8 (sgfcheck fix then writes it right)");
        return {name, charset_origin::declared};
    }

    // Every tree's CA: spelling, and whether it can be honoured.
    void read_tree_charsets() {
        const auto trees = r_.trees.trees();
        for (std::size_t i = 0; i < trees.size(); ++i) {
            std::string cs = chosen_.charset;
            const auto ca = root_ca(trees[i]);
            std::string name;
            if (ca) name = i == 0 && first_ca_checked_ ? first_ca_ : check_ca_spelling(rep_, *ca);
            if (ca && !name.empty()) cs = tree_charset(i, *ca, name, cs);
            r_.tree_charsets.push_back(cs);
        }
        if (chosen_.origin == charset_origin::option && (trees.empty() || !root_ca(trees[0])))
            rep_.add(rule::charset_option, rep_.at(0), "--charset " + chosen_.charset + " (the file has no CA)",
                     "the text is read as " + chosen_.charset);
    }

    // The charset tree i is read in, given its CA (canonical `name`), and what is said about it.
    std::string tree_charset(std::size_t i, const property& ca, const std::string& name, const std::string& cs) {
        const std::string label = trim(ca.front().simple_text());
        if (chosen_.origin == charset_origin::option) {
            if (name != chosen_.charset)
                rep_.add(rule::charset_option, ca.front().pos(), "--charset " + chosen_.charset + " overrides CA[" + label + "]",
                         "the text is read as " + chosen_.charset);
        } else if (chosen_.origin == charset_origin::bom) {
            if (!same_unicode_family(name, chosen_.charset) && !(chosen_.charset == "UTF-8" && name == "US-ASCII"))
                rep_.add(rule::ca_contradicts, ca.front().pos(), "CA[" + label + "] contradicts the " + chosen_.charset + " byte order mark",
                         "the byte order mark wins: the text is read as " + chosen_.charset);
        } else if (r_.converted) {
            if (!charset_compatible(name, chosen_.charset))
                rep_.add(rule::ca_contradicts, ca.front().pos(),
                         "game tree " + std::to_string(i + 1) + " declares CA[" + label + "], but the file was converted from " +
                             chosen_.charset + " as a whole",
                         "its text was read as " + chosen_.charset + "; split the collection into files of one charset");
        } else if (scannable(name)) {
            return name;  // ASCII-safe: this tree's values are decoded in its own charset
        } else if (!charset_compatible(name, chosen_.charset)) {
            rep_.add(rule::ca_contradicts, ca.front().pos(),
                     "game tree " + std::to_string(i + 1) + " declares CA[" + label + "], which would need the whole file converted",
                     "its text was read as " + chosen_.charset + "; split the collection into files of one charset");
        }
        return cs;
    }

    // W005: every byte sequence that is not a character, in the charset its tree is read in.
    void report_invalid_bytes() {
        if (r_.converted) {
            rep_.invalid(conversion_errors_, chosen_.charset);
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
            const std::string_view part = bytes_.substr(from, to - from);
            if (all_ascii(part)) continue;
            // (only as many as are listed: a 200 MB value is not decoded to be checked)
            std::vector<invalid_sequence> bad = find_invalid(part, cs, max_invalid_reports + 1);
            for (auto& seq : bad) seq.offset += from;
            rep_.invalid(bad, cs);
        }
    }

    const load_options& options_;
    const parse_options popts_;
    std::shared_ptr<const detail::source> raw_;
    std::string_view bytes_;
    input_report rep_;
    std::optional<bom_info> bom_;
    load_result r_;
    choice chosen_;
    std::string first_ca_;           // canonical name of the first tree's CA, once looked up
    bool first_ca_checked_ = false;  // its spelling was reported already
    std::vector<invalid_sequence> conversion_errors_;
};

}  // namespace

load_result load(std::string file, const load_options& options) { return loader(std::move(file), options).run(); }

load_result load_file(const std::filesystem::path& path, const load_options& options) {
    return load(read_file(path), options);
}

}  // namespace sgf
