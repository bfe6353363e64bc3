#pragma once
// Shared checks of the fuzz targets (fuzz/<target>.cpp). Header only; every target includes
// it. Nothing here recurses on the input's nesting depth (fuzz inputs nest up to 64 K deep,
// the generated regressions a million deep).
//
// A failed check prints what failed and aborts (libFuzzer and the replay programs report
// it as a crash). Compiled with SGF_FUZZ_THROW (tests/fuzz_regressions_test.cpp) it throws
// sgf_fuzz::failure instead, so that doctest names the input that failed.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/charset.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"
#include "sgf/value.hpp"
#include "values/readers.hpp"
#include "sgf/write.hpp"
#include "token_count.hpp"

namespace sgf_fuzz {

struct failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[noreturn]] inline void fail(const char* file, int line, const char* expr, const std::string& detail) {
    std::string msg = std::string(file) + ":" + std::to_string(line) + ": fuzz check failed: " + expr;
    if (!detail.empty()) msg += "\n  " + detail;
#ifdef SGF_FUZZ_THROW
    throw failure(msg);
#else
    std::fprintf(stderr, "%s\n", msg.c_str());
    std::fflush(stderr);
    std::abort();
#endif
}

#define SGF_FUZZ_CHECK(cond, detail)                                               \
    do {                                                                           \
        if (!(cond)) ::sgf_fuzz::fail(__FILE__, __LINE__, #cond, (detail));         \
    } while (0)

// --- printing -------------------------------------------------------------------------

// A short printable excerpt of bytes for failure messages.
[[nodiscard]] inline std::string printable(std::string_view s, std::size_t max = 200) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < max; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '\\') {
            out += "\\\\";
        } else if (c >= 0x20 && c < 0x7f) {
            out.push_back(static_cast<char>(c));
        } else {
            out += "\\x";
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    if (s.size() > max) out += "...(" + std::to_string(s.size()) + " bytes)";
    return out;
}

// "E006@0(1:1) E001@3(1:4)": codes and positions, for messages.
[[nodiscard]] inline std::string describe(const std::vector<sgf::diagnostic>& ds, std::size_t max = 20) {
    std::string out;
    std::size_t n = 0;
    for (const auto& d : ds) {
        if (n++ == max) {
            out += " ...(" + std::to_string(ds.size()) + ")";
            break;
        }
        if (!out.empty()) out += ' ';
        out += d.code;
        if (d.level != sgf::severity::error) {
            out += '/';
            out += sgf::to_string(d.level);
        }
        out += '@';
        out += std::to_string(d.where.byte);
        out += '(';
        out += std::to_string(d.where.line);
        out += ':';
        out += std::to_string(d.where.column);
        out += ')';
    }
    return out;
}

// --- independent oracles ------------------------------------------------------------------

// Line starts with LF, CR, CRLF and LFCR each one line break (000_* "Formatting"), read
// left to right ("\n\r\n" is LFCR then LF). Written here again, not taken from the library.
class line_table {
public:
    explicit line_table(std::string_view s) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] != '\n' && s[i] != '\r') continue;
            if (i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != s[i]) ++i;
            starts_.push_back(i + 1);
        }
    }
    [[nodiscard]] sgf::position at(std::uint64_t byte) const {
        const auto it = std::upper_bound(starts_.begin(), starts_.end(), byte);
        const auto line = static_cast<std::size_t>(it - starts_.begin());
        return {byte, static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(byte - starts_[line - 1] + 1)};
    }

private:
    std::vector<std::uint64_t> starts_;
};

// An independent recognizer of the FF[4] grammar (000_* EBNF), written here again without
// PEGTL, iterative (any depth): returns whether the whole input (after an optional UTF-8 BOM)
// is one Collection, and if so its JSON tree (include/sgf/json.hpp) in `json`, with values
// unescaped and composed values split here too (the string escaping is sgf::append_json_string's,
// which properties may be composed the rule table's).
//   Collection = GameTree { GameTree }      GameTree = "(" Sequence { GameTree } ")"
//   Sequence = Node { Node }   Node = ";" { Property }   Property = PropIdent PropValue { PropValue }
//   PropIdent = UcLetter { UcLetter }        PropValue = "[" CValueType "]"
// White space (" \t\n\r\v\f") may stand between any two tokens.
// Escape processing of a raw value, written here again (000_* "Escaping").
[[nodiscard]] inline std::string reference_unescape(std::string_view raw) {
    std::string text;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 == raw.size()) {
            text.push_back(raw[i]);
            continue;
        }
        const char c = raw[++i];
        if (c == '\n' || c == '\r') {  // soft line break: LF, CR, CRLF, LFCR
            if (i + 1 < raw.size() && (raw[i + 1] == '\n' || raw[i + 1] == '\r') && raw[i + 1] != c) ++i;
            continue;
        }
        text.push_back(c);
    }
    return text;
}

// One value or part of the JSON tree: a string, or {"bytes":hex} when not UTF-8.
inline void reference_text(std::string& json, std::string_view raw) {
    const std::string text = reference_unescape(raw);
    if (sgf::is_valid_utf8(text)) {
        sgf::append_json_string(json, text);
        return;
    }
    static constexpr char hex[] = "0123456789abcdef";
    json += "{\"bytes\":\"";
    for (const char ch : text) {
        json += hex[static_cast<unsigned char>(ch) >> 4];
        json += hex[static_cast<unsigned char>(ch) & 15];
    }
    json += "\"}";
}

// A value of a property whose values may be composed (sgf::may_be_compose): split at its
// unescaped ':' when it has exactly one (with more, no split is valid: one text as written).
inline void reference_value(std::string& json, std::string_view raw, bool compose) {
    std::size_t colon = std::string_view::npos, colons = 0;
    for (std::size_t i = 0; compose && i < raw.size(); ++i) {
        if (raw[i] == '\\') {
            ++i;
            continue;
        }
        if (raw[i] != ':') continue;
        if (colons++ == 0) colon = i;
    }
    if (colons != 1) {
        reference_text(json, raw);
        return;
    }
    json += '[';
    reference_text(json, raw.substr(0, colon));
    json += ',';
    reference_text(json, raw.substr(colon + 1));
    json += ']';
}

[[nodiscard]] inline bool reference_parse(std::string_view s, std::string& json) {
    const std::size_t n = s.size();
    std::size_t i = s.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    auto white = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
    auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    auto skip = [&] {
        while (i < n && white(s[i])) ++i;
    };
    auto at = [&](char c) { return i < n && s[i] == c; };
    json = "{\"format\":\"sgf-tree\",\"version\":2,\"trees\":[";
    std::vector<std::size_t> variations;  // per open game tree: variations emitted so far
    std::size_t trees = 0;
    int gm = 1;  // of the top-level game tree: which properties are composed
    using props = std::vector<std::pair<std::string_view, std::vector<std::string_view>>>;
    skip();
    if (!at('(')) return false;
    while (at('(')) {  // one GameTree of the Collection per round
        for (;;) {
            if (at('(')) {  // open a game tree: "(" Sequence
                ++i;
                if (variations.empty()) json += trees++ ? "," : "";
                else json += variations.back()++ ? "," : "";
                const bool top = variations.empty();
                variations.push_back(0);
                json += "{\"nodes\":[";
                skip();
                if (!at(';')) return false;
                bool first_node = true;
                while (at(';')) {  // Node: read, then written
                    ++i;
                    props node;
                    for (;;) {
                        skip();
                        if (i == n || !upper(s[i])) break;
                        const std::size_t id = i;
                        while (i < n && upper(s[i])) ++i;
                        node.push_back({s.substr(id, i - id), {}});
                        skip();
                        if (!at('[')) return false;
                        while (at('[')) {
                            const std::size_t open = ++i;
                            for (;; ++i) {
                                if (i == n) return false;  // not closed
                                if (s[i] == ']') break;
                                if (s[i] == '\\' && ++i == n) return false;
                            }
                            node.back().second.push_back(s.substr(open, i - open));
                            ++i;  // ']'
                            skip();
                        }
                    }
                    if (top && first_node) {  // the root: its GM
                        gm = 1;
                        for (const auto& [ident, values] : node)
                            if (ident == "GM") {
                                const auto g = sgf::parse_number(sgf::decode_simple_text(values[0]));
                                gm = g && *g >= 1 && *g <= 1000 ? static_cast<int>(*g) : 0;
                                break;
                            }
                    }
                    json += first_node ? "[" : ",[";
                    first_node = false;
                    for (std::size_t p = 0; p < node.size(); ++p) {
                        const auto& [ident, values] = node[p];
                        const sgf::property_rule* row = sgf::find_property(ident, 4, gm);
                        const bool compose = row != nullptr && sgf::may_be_compose(*row, sgf::find_game(gm));
                        json += p ? ",[" : "[";
                        sgf::append_json_string(json, ident);
                        json += ",[";
                        for (std::size_t v = 0; v < values.size(); ++v) {
                            if (v) json += ',';
                            reference_value(json, values[v], compose);
                        }
                        json += "]]";
                    }
                    json += ']';
                }
                json += "],\"variations\":[";
                continue;  // { GameTree } ")"
            }
            if (!at(')')) return false;
            ++i;
            json += "]}";
            variations.pop_back();
            if (variations.empty()) break;
            skip();
        }
        skip();
    }
    json += "]}";
    return i == n;
}

// Whether `raw` can stand between '[' and ']' as one value: no ']' that is not escaped and
// no unpaired '\' at the end (node::with_raw_property's contract).
[[nodiscard]] inline bool valid_raw(std::string_view raw) {
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\') {
            if (++i == raw.size()) return false;
        } else if (raw[i] == ']') {
            return false;
        }
    }
    return true;
}

[[nodiscard]] inline bool valid_ident(std::string_view id) {
    if (id.empty()) return false;
    for (char c : id)
        if (c < 'A' || c > 'Z') return false;
    return true;
}

// Length of the valid UTF-8 sequence at s[i] (RFC 3629: no overlongs, no surrogates), or 0.
[[nodiscard]] inline std::size_t utf8_sequence(std::string_view s, std::size_t i) {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = at(0);
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c == 0xE0) n = 3, lo = 0xA0;
    else if (c == 0xED) n = 3, hi = 0x9F;
    else if (c >= 0xE1 && c <= 0xEF) n = 3;
    else if (c == 0xF0) n = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) n = 4;
    else if (c == 0xF4) n = 4, hi = 0x8F;
    else return 0;
    if (s.size() - i < n) return 0;
    if (at(1) < lo || at(1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if ((at(k) & 0xC0) != 0x80) return 0;
    return n;
}

// Validates JSON (RFC 8259) iteratively: objects, arrays, strings (valid UTF-8, valid
// escapes), non-negative integers and null, which is all that sgf::to_json writes.
// Returns an empty string when valid, else what is wrong and where.
[[nodiscard]] inline std::string json_error(std::string_view s) {
    enum class want { value, value_or_close, key, key_or_close, colon, after_value };
    std::vector<char> stack;
    want w = want::value;
    std::size_t i = 0;
    auto is_ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    auto where = [&](const char* what) { return std::string(what) + " at byte " + std::to_string(i); };
    auto string_at = [&]() -> bool {  // s[i] == '"'
        for (++i; i < s.size();) {
            const auto c = static_cast<unsigned char>(s[i]);
            if (c == '"') {
                ++i;
                return true;
            }
            if (c < 0x20) return false;
            if (c == '\\') {
                if (++i >= s.size()) return false;
                const char e = s[i];
                if (e == 'u') {
                    if (s.size() - i < 5) return false;
                    for (std::size_t k = 1; k <= 4; ++k)
                        if (!std::isxdigit(static_cast<unsigned char>(s[i + k]))) return false;
                    i += 5;
                } else if (std::string_view("\"\\/bfnrt").find(e) != std::string_view::npos) {
                    ++i;
                } else {
                    return false;
                }
                continue;
            }
            const std::size_t n = utf8_sequence(s, i);
            if (n == 0) return false;
            i += n;
        }
        return false;
    };
    for (;;) {
        while (i < s.size() && is_ws(s[i])) ++i;
        if (w == want::after_value && stack.empty()) return i == s.size() ? std::string() : where("text after the value");
        if (i == s.size()) return where("unexpected end");
        const char c = s[i];
        switch (w) {
            case want::value:
            case want::value_or_close:
                if (w == want::value_or_close && c == ']') {
                    stack.pop_back();
                    ++i;
                    w = want::after_value;
                } else if (c == '{') {
                    stack.push_back('{');
                    ++i;
                    w = want::key_or_close;
                } else if (c == '[') {
                    stack.push_back('[');
                    ++i;
                    w = want::value_or_close;
                } else if (c == '"') {
                    if (!string_at()) return where("bad string");
                    w = want::after_value;
                } else if (c >= '0' && c <= '9') {
                    if (c == '0' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9') return where("leading zero");
                    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
                    w = want::after_value;
                } else if (s.substr(i, 4) == "null") {
                    i += 4;
                    w = want::after_value;
                } else {
                    return where("expected a value");
                }
                break;
            case want::key:
            case want::key_or_close:
                if (w == want::key_or_close && c == '}') {
                    stack.pop_back();
                    ++i;
                    w = want::after_value;
                } else if (c == '"') {
                    if (!string_at()) return where("bad key");
                    w = want::colon;
                } else {
                    return where("expected a key");
                }
                break;
            case want::colon:
                if (c != ':') return where("expected ':'");
                ++i;
                w = want::value;
                break;
            case want::after_value:
                if (c == ',') {
                    w = stack.back() == '{' ? want::key : want::value;
                } else if ((c == '}' && stack.back() == '{') || (c == ']' && stack.back() == '[')) {
                    stack.pop_back();
                } else {
                    return where("expected ',' or a closing bracket");
                }
                ++i;
                break;
        }
    }
}

// --- tree helpers ---------------------------------------------------------------------------

// Calls f(game_tree) for every game tree of the collection (roots and all variations), in
// pre-order, with an explicit stack.
template <typename F>
void for_each_tree(const sgf::collection& c, F&& f) {
    std::vector<const sgf::game_tree*> pending;
    for (std::size_t i = c.size(); i-- > 0;) pending.push_back(&c[i]);
    while (!pending.empty()) {
        const sgf::game_tree* t = pending.back();
        pending.pop_back();
        f(*t);
        const auto vs = t->variations();
        for (std::size_t k = vs.size(); k-- > 0;) pending.push_back(&vs[k]);
    }
}

// E011 (lowercase letters in a property identifier), W011 (the same in an FF[1]-FF[3]
// game tree: a warning) and E016 (an identifier without an uppercase letter) report
// identifiers the recovering parser keeps as written; a written tree keeps them too, so
// they are the only findings parse(write(t)) may have.
struct ident_findings {
    std::size_t e011 = 0, w002 = 0, other = 0;  // w002: W011 (W002 before the codes were made unique)
};
[[nodiscard]] inline ident_findings ident_findings_of(const std::vector<sgf::diagnostic>& ds) {
    ident_findings f;
    for (const auto& d : ds) {
        if (d.code == "E011" || d.code == "E016") ++f.e011;
        else if (d.code == "W011" || d.code == "W016") ++f.w002;
        else ++f.other;
    }
    return f;
}

[[nodiscard]] inline bool has_lowercase_ident(const sgf::collection& c) {
    bool found = false;
    for_each_tree(c, [&](const sgf::game_tree& t) {
        for (std::size_t i = 0; i < t.size() && !found; ++i)
            for (const auto& p : t[i].properties())
                for (char ch : p.ident())
                    if (ch >= 'a' && ch <= 'z') found = true;
    });
    return found;
}

// --- invariants of one value ------------------------------------------------------------------

// The decodings of a raw value (sgf/value.hpp) agree with each other:
// escape() inverts unescape(); Text keeps no white space but ' ' and '\n'; SimpleText keeps
// none but ' '; split_compose splits at an unescaped ':' and loses nothing.
inline void check_value(std::string_view raw) {
    const std::string u = sgf::unescape(raw);
    SGF_FUZZ_CHECK(sgf::unescape(sgf::escape(u)) == u, "unescape(escape(x)) != x for " + printable(u));
    SGF_FUZZ_CHECK(sgf::unescape(sgf::escape(u, true)) == u, "unescape(escape(x, true)) != x for " + printable(u));
    SGF_FUZZ_CHECK(valid_raw(sgf::escape(u)), "escape() gives an invalid value for " + printable(u));
    for (char c : sgf::decode_text(raw))
        SGF_FUZZ_CHECK(c != '\r' && c != '\t' && c != '\v' && c != '\f', "decode_text kept white space: " + printable(raw));
    for (char c : sgf::decode_simple_text(raw))
        SGF_FUZZ_CHECK(c != '\n' && c != '\r' && c != '\t' && c != '\v' && c != '\f',
                       "decode_simple_text kept white space: " + printable(raw));
    if (const auto parts = sgf::split_compose(raw)) {
        const std::size_t at = parts->first.size();
        SGF_FUZZ_CHECK(parts->first.data() == raw.data() && at < raw.size() && raw[at] == ':' &&
                           parts->second.data() == raw.data() + at + 1 && parts->second.size() == raw.size() - at - 1,
                       "split_compose parts of " + printable(raw));
        std::size_t backslashes = 0;
        while (backslashes < at && raw[at - 1 - backslashes] == '\\') ++backslashes;
        SGF_FUZZ_CHECK(backslashes % 2 == 0, "split_compose split at an escaped ':' in " + printable(raw));
    }
}

// --- invariants of one parse ------------------------------------------------------------------

// Everything a parse result must satisfy for any input:
// - diagnostics sorted by byte offset; each code is a row of sgf::all_rules() (and the
//   string_view points into that table); severity is the table's default, or warning for an
//   E code in lenient mode; message non-empty;
// - positions (and related positions) lie within the file and their line/column agree with
//   an independent line count; ok() iff no error-level diagnostic;
// - the tree is empty iff E001 (or E014) was reported; every game tree, node and value lies
//   inside the file at a '(' / ';' / '[' (E007 nodes start at their first property instead);
// - when the strict grammar accepted (no diagnostic other than W015, the byte order mark), the number of game
//   trees, nodes and values equals an independent count of '(' ';' '[' outside values;
// - walks agree: preorder visits node_count() nodes, a cursor down the first children
//   visits main_line(), node_at(cursor.path()) is the cursor's node;
// - to_json(trees) and to_json(diagnostic) are valid JSON; every value holds check_value;
// - the strict grammar accepts exactly what reference_parse accepts, with the same JSON tree.
inline void check_parse(std::string_view input, const sgf::parse_result& r, bool lenient) {
    const line_table lines(input);
    const std::string ctx = "input: " + printable(input) + "\n  diagnostics: " + describe(r.diagnostics);
    bool any_error = false, e001 = false, e008 = false, e014 = false, only_w001 = true;
    std::uint64_t last = 0;
    for (const auto& d : r.diagnostics) {
        const sgf::rule_row* info = sgf::find_rule(d.code);
        SGF_FUZZ_CHECK(info != nullptr && info->id == d.id, "unknown code " + std::string(d.code) + "; " + ctx);
        SGF_FUZZ_CHECK(sgf::code_of(d.id, d.level).data() == d.code.data(),
                       "code does not point into the table or its letter is not its level: " + std::string(d.code));
        // the level is the rule's in some FF version (FF[1]-FF[3] lower FF[4]-only rules), or
        // for a recovery under --lenient at most a warning
        bool level_ok = false;
        for (int ff = 1; ff <= 4; ++ff) {
            auto l = sgf::level_of(d.id, sgf::profile::ff4, ff);
            if (lenient && info->recovery && l == sgf::rule_level::error) l = sgf::rule_level::warning;
            level_ok |= l != sgf::rule_level::off && sgf::severity_of(l) == d.level;
        }
        SGF_FUZZ_CHECK(level_ok, "severity of " + std::string(d.code) + "; " + ctx);
        SGF_FUZZ_CHECK(d.message.find_first_of("\n\r") == std::string::npos, "message on two lines; " + ctx);
        SGF_FUZZ_CHECK(!d.message.empty(), "empty message for " + std::string(d.code));
        SGF_FUZZ_CHECK(d.where.byte >= last, "diagnostics not sorted by byte; " + ctx);
        last = d.where.byte;
        SGF_FUZZ_CHECK(d.where.byte <= input.size(), "diagnostic past the end; " + ctx);
        SGF_FUZZ_CHECK(d.where == lines.at(d.where.byte), "line/column of " + std::string(d.code) + " at byte " +
                                                              std::to_string(d.where.byte) + "; " + ctx);
        if (d.related) {
            SGF_FUZZ_CHECK(d.related->byte <= input.size(), "related position past the end; " + ctx);
            SGF_FUZZ_CHECK(*d.related == lines.at(d.related->byte), "line/column of related position; " + ctx);
        }
        any_error |= d.level == sgf::severity::error;
        e001 |= d.id == sgf::rule::empty_collection;
        e008 |= d.id == sgf::rule::unclosed_value;
        e014 |= d.id == sgf::rule::file_too_large;
        only_w001 &= d.id == sgf::rule::byte_order_mark;
        const std::string j = sgf::to_json(d, "f.sgf");
        SGF_FUZZ_CHECK(json_error(j).empty(), json_error(j) + " in " + printable(j));
    }
    SGF_FUZZ_CHECK(r.ok() == !any_error, ctx);
    if (lenient) SGF_FUZZ_CHECK(r.ok() || e014 || e001, "lenient parse with errors (other than no game tree); " + ctx);
    SGF_FUZZ_CHECK(r.trees.empty() == (e001 || e014), "no trees iff E001; " + ctx);

    // Positions of the tree's parts.
    std::size_t trees = 0, nodes = 0, values = 0;
    for_each_tree(r.trees, [&](const sgf::game_tree& t) {
        ++trees;
        SGF_FUZZ_CHECK(t.valid() && t.size() > 0, "empty game tree in a parse result; " + ctx);
        const sgf::position tp = t.pos();
        // A game tree starts at its '('; the variation that recovery makes of nodes after a
        // variation (E013) has none and starts at its first node.
        SGF_FUZZ_CHECK(tp.byte < input.size() && tp == lines.at(tp.byte), "game tree position; " + ctx);
        const char tc = input[tp.byte];
        SGF_FUZZ_CHECK(tc == '(' || (!only_w001 && (tc == ';' || tc == '[' || (tc >= 'A' && tc <= 'Z') ||
                                                    (tc >= 'a' && tc <= 'z'))),
                       "game tree at byte " + std::to_string(tp.byte) + "; " + ctx);
        for (std::size_t i = 0; i < t.size(); ++i) {
            const sgf::node n = t[i];
            ++nodes;
            const sgf::position np = n.pos();
            SGF_FUZZ_CHECK(np.byte < input.size() && np == lines.at(np.byte), "node position; " + ctx);
            const char c = input[np.byte];
            SGF_FUZZ_CHECK(c == ';' || (!only_w001 && (c == '[' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))),
                           "node at byte " + std::to_string(np.byte) + " starts with '" + printable({&c, 1}) + "'; " + ctx);
            for (const sgf::property& p : n.properties()) {
                SGF_FUZZ_CHECK(!p.ident().empty() && p.size() > 0, "property without identifier or values; " + ctx);
                SGF_FUZZ_CHECK(input.substr(p.offset(), p.ident().size()) == p.ident(), "identifier bytes; " + ctx);
                for (const sgf::value& v : p) {
                    ++values;
                    const std::uint64_t at = v.offset();
                    SGF_FUZZ_CHECK(at < input.size() && input[at] == '[', "value position; " + ctx);
                    SGF_FUZZ_CHECK(input.substr(at + 1, v.raw().size()) == v.raw(), "value bytes; " + ctx);
                    const std::uint64_t close = at + 1 + v.raw().size();
                    SGF_FUZZ_CHECK(close < input.size() ? input[close] == ']' : e008,
                                   "value at byte " + std::to_string(at) + " not closed by ']'; " + ctx);
                    if (close < input.size()) SGF_FUZZ_CHECK(valid_raw(v.raw()), "closed value with an unescaped ']'; " + ctx);
                    SGF_FUZZ_CHECK(sgf::unescape(sgf::canonical_raw(v.raw())) == sgf::unescape(v.raw()),
                                   "canonical_raw changes the value " + printable(v.raw()));
                    SGF_FUZZ_CHECK(valid_raw(sgf::canonical_raw(v.raw())), "canonical_raw is not a valid value: " +
                                                                            printable(sgf::canonical_raw(v.raw())));
                    check_value(v.raw());
                }
            }
        }
    });
    if (only_w001) {  // the strict grammar accepted the file
        SGF_FUZZ_CHECK(r.ok(), ctx);
        const token_counts k = count_tokens(input);
        SGF_FUZZ_CHECK(k.trees == trees && k.nodes == nodes && k.values == values,
                       "counted " + std::to_string(k.trees) + "/" + std::to_string(k.nodes) + "/" +
                           std::to_string(k.values) + " trees/nodes/values, parsed " + std::to_string(trees) + "/" +
                           std::to_string(nodes) + "/" + std::to_string(values) + "; " + ctx);
    }

    // Walks.
    for (const sgf::game_tree& root : r.trees) {
        std::size_t visited = 0, number = 0;
        for (sgf::preorder it(root); !it.done(); it.next()) {
            SGF_FUZZ_CHECK(it.number() == number, "preorder numbering");
            ++visited;
            ++number;
        }
        SGF_FUZZ_CHECK(visited == root.node_count(), "preorder count != node_count; " + ctx);
        const std::vector<sgf::node> line = sgf::main_line(root).nodes();
        sgf::cursor cur(root);
        std::size_t k = 0;
        for (;;) {
            SGF_FUZZ_CHECK(k < line.size() && cur.current().same(line[k]) && cur.depth() == k, "cursor vs main_line; " + ctx);
            if (k < 2000)  // node_at walks the path: keep the check linear on deep inputs
                SGF_FUZZ_CHECK(root.node_at(cur.path()).same(cur.current()), "node_at(cursor.path()); " + ctx);
            ++k;
            if (!cur.to_child(0)) break;
            SGF_FUZZ_CHECK(!cur.to_child(cur.child_count()), "to_child past the last child moved");
        }
        SGF_FUZZ_CHECK(k == line.size(), "main_line longer than the cursor walk; " + ctx);
        while (cur.to_parent()) --k;
        SGF_FUZZ_CHECK(k == 1 && cur.at_root(), "cursor back to the root");
    }

    const std::string json = sgf::to_json(r.trees);
    const std::string why = json_error(json);
    SGF_FUZZ_CHECK(why.empty(), why + " in " + printable(json, 400) + "; " + ctx);

    // Differential against the reference recognizer: the strict grammar accepts exactly the
    // FF[4] language, and reads the same tree.
    std::string expected;
    const bool accepted = reference_parse(input, expected);
    SGF_FUZZ_CHECK(accepted == only_w001, std::string(accepted ? "valid FF[4] rejected" : "invalid FF[4] accepted") +
                                              "; " + ctx);
    if (accepted)
        SGF_FUZZ_CHECK(json == expected, "JSON tree differs from the reference reader\n  got:      " +
                                             printable(json, 400) + "\n  expected: " + printable(expected, 400) + "\n  " + ctx);
}

// libFuzzer inputs as a string (parse takes ownership of its bytes).
[[nodiscard]] inline std::string bytes_of(const std::uint8_t* data, std::size_t size) {
    return size == 0 ? std::string() : std::string(reinterpret_cast<const char*>(data), size);
}

}  // namespace sgf_fuzz
