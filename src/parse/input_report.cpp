// The input stage's findings and its per-game-tree charset pieces (input_report.hpp).
#include "parse/input_report.hpp"

#include <algorithm>

#include "table/findings.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::detail {

namespace {

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

bool same_unicode_family(std::string_view a, std::string_view b) {
    auto fam = [](std::string_view n) { return n.substr(0, 6); };  // "UTF-16", "UTF-32", "UTF-8"
    return fam(a) == fam(b);
}

}  // namespace

bool all_ascii(std::string_view s) noexcept {
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string trim(std::string s) {
    const auto b = s.find_first_not_of(' ');
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(' ') - b + 1);
}

std::optional<property> root_ca(const node& root) {
    for (const property& p : root.properties()) {
        // (an identifier of two bytes reads as CA only as written: no conversion per property)
        const std::string_view id = p.ident();
        if (id == "CA" || (id.size() > 2 && ff4_ident_of(id) == "CA")) return p;
    }
    return std::nullopt;
}

std::string canonical_charset(std::string_view name) {
    if (const auto m = find_charset(name)) return std::string(m->info.name);
    if (name.empty()) return {};
    return decode_to_utf8("", name).ok() ? std::string(name) : std::string();
}

bool scannable(std::string_view name) {
    const auto m = find_charset(name);
    return m && m->info.ascii_safe;
}

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

position input_report::at(std::uint64_t file_offset) {
    if (!raw_) return {file_offset, 0, 0};  // streamed: lines are counted later
    if (file_offset == 0) return {0, 1, 1};  // the file as a whole (a BOM the conversion skipped)
    if (src_ && src_->original) return src_->position_of(src_->original->to_utf8(file_offset));
    return {file_offset, 0, 0};  // the file's own bytes: resolve() counts the lines
}

position input_report::at(const value& v) {
    if (win_ && tree_access::source_of(v) == win_) return {window_at_ + v.offset(), 0, 0};
    if (raw_ && tree_access::source_of(v) == raw_.get()) return {v.offset(), 0, 0};
    return v.pos();
}

void input_report::resolve() {
    if (!raw_) return;
    std::vector<std::uint32_t> offsets;
    for (const diagnostic& d : found)
        if (!d.where.known() && d.where.byte != position::npos) offsets.push_back(static_cast<std::uint32_t>(d.where.byte));
    if (offsets.empty()) return;
    std::sort(offsets.begin(), offsets.end());
    offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
    std::vector<position> positions;
    positions_of(*raw_, offsets, positions);  // one pass up to the last, no line table
    for (diagnostic& d : found)
        if (!d.where.known() && d.where.byte != position::npos) {
            const auto k = std::lower_bound(offsets.begin(), offsets.end(), static_cast<std::uint32_t>(d.where.byte)) - offsets.begin();
            d.where = positions[static_cast<std::size_t>(k)];
        }
}

void input_report::add(rule r, position where, std::string message, std::string hint) {
    rule_level l = level_of(r);
    if (lenient_ && info(r).recovery && l == rule_level::error) l = rule_level::warning;
    diagnostic d = make_diagnostic(r, severity_of(l));
    d.where = where;
    d.message = one_line(message);
    d.hint = one_line(hint);
    found.push_back(std::move(d));
}

void input_report::invalid(const std::vector<invalid_sequence>& seqs, std::string_view charset, std::string_view bytes,
                           std::uint64_t bytes_at) {
    for (const invalid_sequence& s : seqs) {
        if (invalid_reported_ > max_invalid_reports) return;
        if (invalid_reported_++ == max_invalid_reports) {
            add(rule::invalid_bytes, at(bytes_at + s.offset), "more bytes that are not characters in " + std::string(charset) + " follow",
                "not listed one by one; all are kept verbatim. Is the charset right? Give it with --charset NAME");
            return;
        }
        const std::string_view seq = bytes.substr(s.offset, s.length);
        const bool cut = s.offset + s.length < bytes.size() && bytes[s.offset + s.length] == ']';
        add(rule::invalid_bytes, at(bytes_at + s.offset), "bytes " + hex_bytes(seq) + " are not a character in " + std::string(charset),
            cut ? "kept verbatim; probably a character cut off at the end of the value"
                : "kept verbatim, never dropped; if the charset is wrong, give it with --charset NAME");
    }
}

bool input_report::ascii_only() const {
    if (raw_) return all_ascii(bytes_);
    if (unknown) unknown();
    return false;
}

std::string check_ca_spelling(input_report& rep, const property& ca) {
    const std::string label = trim(ca.front().simple_text());
    const auto m = find_charset(label);
    if (m && m->spelling == charset_spelling::preferred && !m->info.decoder.empty()) return std::string(m->info.name);
    const position where = rep.at(ca.front());  // only when there is something to say
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

std::string first_tree_charset(input_report& rep, const property& ca) {
    std::string name = check_ca_spelling(rep, ca);
    const auto m = find_charset(name);
    if (!name.empty() && !reads_ascii(name)) {
        // 000_*: "SGF uses the US ASCII char-set for all its property identifiers and
        // property values, except SimpleText & Text": a charset in which ASCII text is
        // other bytes (UTF-16, EBCDIC, UTF-7, 7-bit national sets) cannot be the file's,
        // whose game tree was just read as ASCII; the file is not converted through it
        rep.add(rule::ca_contradicts, rep.at(ca.front()),
                "CA[" + trim(ca.front().simple_text()) + "] but the file is not " + name +
                    (m && m->info.unit > 1 ? std::string()
                                           : ": in " + name + " ASCII text is other bytes, and SGF is ASCII "
                                                              "outside SimpleText and Text (000_*)"),
                "its game tree reads as ASCII text; the charset was guessed instead");
        name.clear();
    }
    return name;
}

bool legacy_charset(const std::string& name) {
    return !name.empty() && name != "UTF-8" && name != "US-ASCII" && scannable(name);
}

void report_utf8_under_legacy_ca(input_report& rep, const property& ca, const std::string& name) {
    // The CA is honoured, as FF[4] says; but text in valid UTF-8 under a legacy CA is the
    // most common mislabel, so say so.
    rep.add(rule::ca_contradicts, rep.at(ca.front()), "CA[" + trim(ca.front().simple_text()) + "] but the text is valid UTF-8",
            "read as " + name + ", as CA says; if the text is UTF-8, give --charset UTF-8 (sgfcheck fix then writes it right)");
}

std::string tree_charset(input_report& rep, std::size_t i, const property* ca, const std::string& name,
                         const charset_choice& chosen, bool converted) {
    if (ca == nullptr || name.empty()) return chosen.charset;
    const std::string label = trim(ca->front().simple_text());
    if (chosen.origin == charset_origin::option) {
        if (name != chosen.charset)
            rep.add(rule::charset_option, rep.at(ca->front()), "--charset " + chosen.charset + " overrides CA[" + label + "]",
                    "the text is read as " + chosen.charset);
    } else if (chosen.origin == charset_origin::bom) {
        if (!same_unicode_family(name, chosen.charset) && !(chosen.charset == "UTF-8" && name == "US-ASCII"))
            rep.add(rule::ca_contradicts, rep.at(ca->front()), "CA[" + label + "] contradicts the " + chosen.charset + " byte order mark",
                    "the byte order mark wins: the text is read as " + chosen.charset);
    } else if (converted) {
        if (!charset_compatible(name, chosen.charset))
            rep.add(rule::ca_contradicts, rep.at(ca->front()),
                    "game tree " + std::to_string(i + 1) + " declares CA[" + label + "], but the file was converted from " +
                        chosen.charset + " as a whole",
                    "its text was read as " + chosen.charset + "; split the collection into files of one charset");
    } else if (scannable(name)) {
        return name;  // ASCII-safe: this tree's values are decoded in its own charset
    } else if (!charset_compatible(name, chosen.charset)) {
        rep.add(rule::ca_contradicts, rep.at(ca->front()),
                "game tree " + std::to_string(i + 1) + " declares CA[" + label + "], which would need the whole file converted",
                "its text was read as " + chosen.charset + "; split the collection into files of one charset");
    }
    return chosen.charset;
}

void report_invalid(input_report& rep, std::string_view part, std::uint64_t part_at, const std::string& cs) {
    if (all_ascii(part)) return;
    // (only as many as are listed: a 200 MB value is not decoded to be checked)
    const std::vector<invalid_sequence> bad = find_invalid(part, cs, max_invalid_reports + 1);
    rep.invalid(bad, cs, part, part_at);
}

}  // namespace sgf::detail
