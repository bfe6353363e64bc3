#pragma once
// The conformance corpus (conformance/README.md): case files, their expectations, generated
// cases, the JSON tree normal form, and our own verdict. Header-only and inline because two
// programs share it: `sgfcheck conformance` (src/cli/conformance*.cpp) and the doctest suite
// (tests/conformance_test.cpp), which links only the library. Over 500 lines on purpose: the
// one reader of the corpus format (cases, expectations with their fix lines, recipes, the
// tree normal form) for both programs; split, the pieces would only be included together.
//
//   cases/<y|n|i>_<area>_<what>.sgf    a case (committed, < 64 KB)
//   cases/<y|n|i>_<area>_<what>.gen    a generated case: a recipe for its bytes
//   cases/<name>.expect                what sgfcheck must report (see read_expectation)
//   cases/<name>.json                  optional: the expected JSON tree, when long
#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sgf/diagnostic.hpp"
#include "sgf/json.hpp"
#include "sgf/check_file.hpp"
#include "sgf/parse.hpp"
#include "sgf/properties.hpp"
#include "tools/json_value.hpp"
#include "write/json_stringify.hpp"

namespace sgf::conformance {

namespace fs = std::filesystem;

// --- our verdict ------------------------------------------------------------------------

struct our_result {
    std::vector<diagnostic> diagnostics;
    std::string tree;  // the JSON tree, normal form (normalize_json)
    bool accepted = false;  // no error-level diagnostic
};

std::string normalize_json(std::string_view json);

// THE one place that decides what sgfcheck says about a file: sgf::check_file (input
// stage, parser, checker; profile ff4 unless the case's .expect names another), the tree as
// UTF-8 through the file's charset.
inline our_result run_ours(std::string bytes, profile prof = profile::ff4) {
    check_options opts;
    opts.prof = prof;
    file_check fc = check_file(file_bytes(std::move(bytes)), {}, opts);
    our_result out;
    out.accepted = fc.ok();
    const load_result& l = fc.loaded;
    out.tree = normalize_json(to_json(l.trees, [&l](std::size_t tree, std::string_view raw) { return l.utf8(raw, tree); }));
    out.diagnostics = std::move(fc.diagnostics);
    return out;
}

// --- case names -------------------------------------------------------------------------

enum class expected_kind { accept, reject, either };  // y_ n_ i_

[[nodiscard]] inline std::string_view to_string(expected_kind k) noexcept {
    switch (k) {
        case expected_kind::accept: return "accept";
        case expected_kind::reject: return "reject";
        case expected_kind::either: return "either";
    }
    return "either";
}

// The areas of design.md, "Conformance corpus", in that order.
inline constexpr std::array<std::string_view, 19> areas = {
    "collection", "gametree", "node",  "property", "propident", "value",   "escape",
    "whitespace", "text",     "point", "move",     "compose",   "root",    "gameinfo",
    "setup",      "inherit",  "encoding", "nesting", "game"};

struct case_file {
    std::string name;      // file name without extension
    fs::path path;         // the .sgf or .gen file
    bool generated = false;
    expected_kind expected = expected_kind::either;
    std::string area;
};

// Parses "<y|n|i>_<area>_<what>"; nullopt when the name does not follow the scheme.
[[nodiscard]] inline std::optional<std::pair<expected_kind, std::string>> parse_case_name(std::string_view name) {
    if (name.size() < 5 || name[1] != '_') return std::nullopt;
    expected_kind k{};
    switch (name[0]) {
        case 'y': k = expected_kind::accept; break;
        case 'n': k = expected_kind::reject; break;
        case 'i': k = expected_kind::either; break;
        default: return std::nullopt;
    }
    const std::string_view rest = name.substr(2);
    const std::size_t us = rest.find('_');
    if (us == std::string_view::npos || us + 1 >= rest.size()) return std::nullopt;
    const std::string_view area = rest.substr(0, us);
    if (std::find(areas.begin(), areas.end(), area) == areas.end()) return std::nullopt;
    for (const char c : rest.substr(us + 1))
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return std::nullopt;
    return std::pair{k, std::string(area)};
}

// Every *.sgf and *.gen directly in `dir`, sorted by name. Files whose names do not follow
// the scheme are returned too (with area ""), so that a test can complain about them.
[[nodiscard]] inline std::vector<case_file> list_cases(const fs::path& dir) {
    std::vector<case_file> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (!e.is_regular_file()) continue;
        const std::string ext = e.path().extension().string();
        if (ext != ".sgf" && ext != ".gen") continue;
        case_file c;
        c.name = e.path().stem().string();
        c.path = e.path();
        c.generated = ext == ".gen";
        if (auto p = parse_case_name(c.name)) {
            c.expected = p->first;
            c.area = p->second;
        }
        out.push_back(std::move(c));
    }
    std::sort(out.begin(), out.end(), [](const case_file& a, const case_file& b) { return a.name < b.name; });
    return out;
}

[[nodiscard]] inline std::string read_all(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + p.string());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// --- recipes (generated cases and generated trees) -----------------------------------------
//
// A recipe is a sequence of items separated by white space: 'text' or N*'text' (N copies).
// In 'text', \\ \' \n \r \t \v \f \0 and \xHH are escapes; everything else is literal.
// '#' starts a comment up to the end of the line (outside quotes). In a .gen file the word
// `library-only` marks a case the runner does not hand to other implementations (e.g. the
// 2 GiB file): the doctest suite still runs it.

struct recipe {
    struct item {
        std::uint64_t count = 1;
        std::string text;
    };
    std::vector<item> items;
    bool library_only = false;

    [[nodiscard]] std::uint64_t size() const {
        std::uint64_t n = 0;
        for (const auto& i : items) n += i.count * i.text.size();
        return n;
    }
    [[nodiscard]] std::string expand() const {
        std::string out;
        out.reserve(static_cast<std::size_t>(size()));
        for (const auto& i : items) {
            if (i.text.empty()) continue;
            // Whole copies in blocks of about 64 KiB: a 2 GiB file is 32 K appends, not 2 G.
            const std::uint64_t per_block = std::max<std::uint64_t>(1, 65536 / i.text.size());
            std::string block;
            for (std::uint64_t k = 0; k < std::min(per_block, i.count); ++k) block += i.text;
            const std::uint64_t copies = std::min(per_block, i.count);
            std::uint64_t left = i.count;
            for (; left >= copies; left -= copies) out += block;
            for (; left > 0; --left) out += i.text;
        }
        return out;
    }
};

[[nodiscard]] inline recipe parse_recipe(std::string_view s) {
    recipe r;
    std::size_t i = 0;
    auto fail = [&](const std::string& what) {
        throw std::runtime_error("recipe: " + what + " at offset " + std::to_string(i));
    };
    while (i < s.size()) {
        const char c = s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            ++i;
        } else if (c == '#') {
            while (i < s.size() && s[i] != '\n') ++i;
        } else if (s.substr(i, 12) == "library-only") {
            r.library_only = true;
            i += 12;
        } else {
            recipe::item it;
            if (c >= '0' && c <= '9') {
                std::uint64_t n = 0;
                while (i < s.size() && s[i] >= '0' && s[i] <= '9') n = n * 10 + static_cast<std::uint64_t>(s[i++] - '0');
                while (i < s.size() && s[i] == ' ') ++i;
                if (i >= s.size() || s[i] != '*') fail("expected '*' after a count");
                ++i;
                while (i < s.size() && s[i] == ' ') ++i;
                it.count = n;
            }
            if (i >= s.size() || s[i] != '\'') fail("expected a 'quoted' text");
            ++i;
            for (;;) {
                if (i >= s.size()) fail("unterminated text");
                const char d = s[i++];
                if (d == '\'') break;
                if (d != '\\') {
                    it.text.push_back(d);
                    continue;
                }
                if (i >= s.size()) fail("unterminated escape");
                const char e = s[i++];
                switch (e) {
                    case '\\': it.text.push_back('\\'); break;
                    case '\'': it.text.push_back('\''); break;
                    case 'n': it.text.push_back('\n'); break;
                    case 'r': it.text.push_back('\r'); break;
                    case 't': it.text.push_back('\t'); break;
                    case 'v': it.text.push_back('\v'); break;
                    case 'f': it.text.push_back('\f'); break;
                    case '0': it.text.push_back('\0'); break;
                    case 'x': {
                        auto hex = [&](char h) -> int {
                            if (h >= '0' && h <= '9') return h - '0';
                            if (h >= 'a' && h <= 'f') return h - 'a' + 10;
                            if (h >= 'A' && h <= 'F') return h - 'A' + 10;
                            fail("bad \\x escape");
                            return 0;
                        };
                        if (i + 2 > s.size()) fail("bad \\x escape");
                        it.text.push_back(static_cast<char>(hex(s[i]) * 16 + hex(s[i + 1])));
                        i += 2;
                        break;
                    }
                    default: fail(std::string("unknown escape \\") + e);
                }
            }
            r.items.push_back(std::move(it));
        }
    }
    return r;
}

// The bytes of a case: the file itself, or its recipe expanded.
[[nodiscard]] inline std::string case_bytes(const case_file& c) {
    if (!c.generated) return read_all(c.path);
    return parse_recipe(read_all(c.path)).expand();
}

// --- expectations -------------------------------------------------------------------------
//
// <name>.expect, one item per line ('#' starts a comment line, blank lines are ignored):
//   E008 1:4            a diagnostic sgfcheck must report: code, line:column (1-based, bytes)
//   tree {"format":...}  the JSON tree sgfcheck must print (required for y_ cases)
//   tree-recipe ...     the same, as a recipe (for generated cases)
//   pending TEXT        checker-level case whose codes are not known yet: only the file
//                       name's verdict is used (runner); the suite skips and lists it
//   known-bug TEXT      sgfcheck disagrees with this expectation (reported, not fixed yet):
//                       the suite checks that it still disagrees, so a fix forces removing it
//   fix I301 1:3        a change sgfcheck fix reports (its own findings, at input positions)
//   fixed 'TEXT' ...    what sgfcheck fix writes (recipe quoting: '\n', '\xHH'; pieces joined)
//                       Either line makes the suite run fix on the case: its findings must be
//                       exactly the fix lines, its output the fixed text, and a second fix
//                       must change and say nothing. Other implementations ignore them.
//   fix-option NAME     fix runs with this option: an option of `sgfcheck fix` without its
//                       "--" (delete-empty-nodes, delete ID, variation-level, ...); repeatable
// The diagnostics are compared as a set with multiplicity (order-independent); nothing
// else may be reported. <name>.json, when present, holds the tree instead of a tree line.

struct expected_diagnostic {
    std::string code;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    friend bool operator==(const expected_diagnostic&, const expected_diagnostic&) = default;
    friend auto operator<=>(const expected_diagnostic&, const expected_diagnostic&) = default;
};

struct expectation {
    std::vector<expected_diagnostic> diagnostics;  // sorted
    std::vector<expected_diagnostic> fix;          // sorted: what sgfcheck fix reports
    std::optional<std::string> fixed;              // what sgfcheck fix writes
    bool fix_given = false;                        // a fix or fixed line
    std::vector<std::string> fix_options;          // fix-option lines, as written
    std::optional<std::string> tree;               // normal form
    std::optional<std::string> pending;
    std::optional<std::string> known_bug;
    profile prof = profile::ff4;  // "profile current": the case is about that profile
};

[[nodiscard]] inline std::string to_string(const expected_diagnostic& d) {
    return d.code + " " + std::to_string(d.line) + ":" + std::to_string(d.column);
}

[[nodiscard]] inline std::vector<expected_diagnostic> as_expected(const std::vector<diagnostic>& ds) {
    std::vector<expected_diagnostic> out;
    out.reserve(ds.size());
    for (const auto& d : ds) out.push_back({std::string(d.code), d.where.line, d.where.column});
    std::sort(out.begin(), out.end());
    return out;
}

[[nodiscard]] inline std::string join(const std::vector<expected_diagnostic>& ds) {
    std::string out;
    for (const auto& d : ds) out += (out.empty() ? "" : ", ") + to_string(d);
    return out.empty() ? "(none)" : out;
}

// A finding's CODE and LINE:COLUMN (the expected lines and the fix lines alike); nullopt when
// LINE:COLUMN is not two numbers.
[[nodiscard]] inline std::optional<expected_diagnostic> expected_finding(std::string_view code, std::string_view where) {
    expected_diagnostic d;
    d.code = std::string(code);
    const std::size_t colon = where.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    try {
        d.line = static_cast<std::uint32_t>(std::stoul(std::string(where.substr(0, colon))));
        d.column = static_cast<std::uint32_t>(std::stoul(std::string(where.substr(colon + 1))));
    } catch (const std::exception&) {
        return std::nullopt;
    }
    return d;
}

// Throws std::runtime_error on a malformed file; a missing .expect gives an empty expectation.
[[nodiscard]] inline expectation read_expectation(const case_file& c) {
    expectation e;
    fs::path p = c.path;
    p.replace_extension(".expect");
    if (!fs::exists(p)) throw std::runtime_error(p.filename().string() + " is missing");
    const std::string text = read_all(p);
    std::size_t at = 0, line_no = 0;
    while (at < text.size()) {
        std::size_t nl = text.find('\n', at);
        if (nl == std::string::npos) nl = text.size();
        std::string_view line(text.data() + at, nl - at);
        at = nl + 1;
        ++line_no;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
        if (line.empty() || line[0] == '#') continue;
        auto fail = [&](const std::string& what) {
            throw std::runtime_error(p.filename().string() + ":" + std::to_string(line_no) + ": " + what);
        };
        auto finding_at = [&](std::string_view code, std::string_view where, const std::string& what) {
            auto d = expected_finding(code, where);
            if (!d) fail(what);
            return *d;
        };
        const std::size_t sp = line.find(' ');
        const std::string_view word = line.substr(0, sp);
        const std::string_view rest = sp == std::string_view::npos ? std::string_view() : line.substr(sp + 1);
        if (word == "tree" || word == "tree-recipe") {
            if (e.tree) fail("a second tree");
            try {
                e.tree = normalize_json(word == "tree" ? std::string(rest) : parse_recipe(rest).expand());
            } catch (const std::exception& x) {
                fail(x.what());
            }
        } else if (word == "fixed") {
            if (e.fixed) fail("a second fixed line");
            try {
                e.fixed = parse_recipe(rest).expand();
            } catch (const std::exception& x) {
                fail(x.what());
            }
            e.fix_given = true;
        } else if (word == "fix") {
            const std::size_t sp2 = rest.find(' ');
            if (sp2 == std::string_view::npos) fail("expected fix CODE LINE:COLUMN");
            expected_diagnostic d = finding_at(rest.substr(0, sp2), rest.substr(sp2 + 1), "expected fix CODE LINE:COLUMN");
            e.fix.push_back(std::move(d));
            e.fix_given = true;
        } else if (word == "fix-option") {
            if (rest.empty()) fail("expected fix-option NAME");
            e.fix_options.emplace_back(rest);
        } else if (word == "pending") {
            e.pending = std::string(rest);
        } else if (word == "known-bug") {
            e.known_bug = std::string(rest);
        } else if (word == "profile") {
            const auto named = find_profile(rest);
            if (!named) fail("unknown profile '" + std::string(rest) + "'");
            e.prof = *named;
        } else if (word.size() == 4 && (word[0] == 'E' || word[0] == 'W' || word[0] == 'I')) {
            expected_diagnostic d = finding_at(word, rest, "expected CODE LINE:COLUMN");
            e.diagnostics.push_back(std::move(d));
        } else {
            fail("unknown line '" + std::string(line) + "'");
        }
    }
    fs::path j = c.path;
    j.replace_extension(".json");
    if (fs::exists(j)) {
        if (e.tree) throw std::runtime_error(j.filename().string() + " and a tree line in .expect");
        e.tree = normalize_json(read_all(j));
    }
    std::sort(e.diagnostics.begin(), e.diagnostics.end());
    std::sort(e.fix.begin(), e.fix.end());
    return e;
}

// --- JSON normal form ---------------------------------------------------------------------
//
// Two JSON texts that mean the same (white space, \u escapes, "\/") get the same bytes:
// no white space, strings re-escaped as JSON.stringify does (\" \\ \b \f \n \r \t, other
// controls as \u00xx, everything else literal UTF-8), key order and repeated keys kept.
// A token stream with an explicit stack: any depth. Throws std::runtime_error when the text
// is not JSON.
class json_normalizer {
public:
    explicit json_normalizer(std::string_view s) : s_(s) { out_.reserve(s.size()); }

    std::string run() && {
        skip_ws();
        // value() and after_value() each say whether the document goes on, and with what
        for (bool want_value = true;;) {
            const step next = want_value ? value() : after_value();
            if (next == step::done) break;
            want_value = next == step::value;
        }
        skip_ws();
        if (i_ != s_.size()) fail("text after the JSON value");
        return std::move(out_);
    }

private:
    [[noreturn]] void fail(const char* what) const {
        throw std::runtime_error(std::string("JSON: ") + what + " at offset " + std::to_string(i_));
    }
    void skip_ws() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
    }
    void string_token() {  // at the opening quote
        sgf::detail::append_stringified(out_, sgf::tools::read_json_string(s_, i_));
    }
    void key() {  // an object key and its ':', at the key's opening quote
        if (i_ >= s_.size() || s_[i_] != '"') fail("expected a key");
        string_token();
        skip_ws();
        if (i_ >= s_.size() || s_[i_] != ':') fail("expected ':'");
        out_.push_back(':');
        ++i_;
    }
    enum class step { value, after_value, done };
    step value();
    step after_value();

    std::string_view s_;
    std::size_t i_ = 0;
    std::string out_;
    std::vector<char> stack_;  // '[' or '{'
};

// A value at i_ (its container opened, or a string or scalar read); what comes next.
inline json_normalizer::step json_normalizer::value() {
    skip_ws();
    if (i_ >= s_.size()) fail("expected a value");
    const char c = s_[i_];
    if (c == '{' || c == '[') {
        out_.push_back(c);
        stack_.push_back(c);
        ++i_;
        skip_ws();
        const char close = c == '{' ? '}' : ']';
        if (i_ < s_.size() && s_[i_] == close) {  // empty
            out_.push_back(close);
            stack_.pop_back();
            ++i_;
            return stack_.empty() ? step::done : step::after_value;
        }
        if (c == '{') key();
        return step::value;
    }
    if (c == '"') {
        string_token();
    } else {
        const std::size_t b = i_;
        while (i_ < s_.size() && (std::string_view("+-.0123456789eEtruefalsn").find(s_[i_]) != std::string_view::npos)) ++i_;
        if (b == i_) fail("unexpected character");
        out_.append(s_.substr(b, i_ - b));
    }
    return stack_.empty() ? step::done : step::after_value;
}

// After a value inside a container: ',' (and the next key in an object) or the closer.
inline json_normalizer::step json_normalizer::after_value() {
    skip_ws();
    if (i_ >= s_.size()) fail("unexpected end");
    const char c = s_[i_++];
    if (c == ',') {
        out_.push_back(',');
        if (stack_.back() == '{') {
            skip_ws();
            key();
        }
        return step::value;
    }
    if ((c == ']' && stack_.back() == '[') || (c == '}' && stack_.back() == '{')) {
        out_.push_back(c);
        stack_.pop_back();
        return stack_.empty() ? step::done : step::after_value;
    }
    --i_;
    fail("expected ',' or a closing bracket");
}

inline std::string normalize_json(std::string_view s) { return json_normalizer(s).run(); }

// --- the stand-alone manifest (conformance/cases.json) ------------------------------------
//
// Every case of `dir` as one JSON document, so that another project can vendor the cases
// (the files under cases/) and this file without sgfcheck: {"format":"sgf-conformance-cases",
// "version":1,"cases":[{"name","file","area","expectation":"accept|reject|either","profile",
// "codes":[{"code","line","column"}...],"tree":JSON tree or null,...}]}. A test keeps the
// committed file equal to this (`sgfcheck conformance --manifest conformance/cases.json`).
[[nodiscard]] inline std::string manifest_json(const fs::path& dir) {
    std::string out = "{\"format\":\"sgf-conformance-cases\",\"version\":1,\n"
                      "\"about\":\"conformance/README.md: y_ must be accepted, n_ rejected, i_ is implementation-defined; "
                      "codes are sgfcheck's diagnostics (docs/diagnostics.md) at line:column (bytes); tree is the JSON tree "
                      "(docs/json-tree.schema.json) of an accepted case, null for generated cases (expand the .gen recipe)\",\n"
                      "\"cases\":[\n";
    bool first = true;
    for (const case_file& c : list_cases(dir)) {
        if (c.area.empty()) continue;
        const expectation e = read_expectation(c);
        out += first ? "" : ",\n";
        first = false;
        out += "{\"name\":";
        append_json_string(out, c.name);
        out += ",\"file\":";
        append_json_string(out, "cases/" + c.path.filename().string());
        out += ",\"area\":";
        append_json_string(out, c.area);
        out += ",\"expectation\":\"" + std::string(to_string(c.expected)) + "\",\"profile\":\"" + std::string(info(e.prof).name) + "\"";
        if (c.generated) out += ",\"generated\":true";
        if (c.generated && parse_recipe(read_all(c.path)).library_only) out += ",\"library_only\":true";
        out += ",\"codes\":[";
        for (std::size_t i = 0; i < e.diagnostics.size(); ++i) {
            const auto& d = e.diagnostics[i];
            if (i) out += ',';  // piece by piece: GCC 12's -Wrestrict (bug 105329) on "x" + std::string
            out += "{\"code\":\"";
            out += d.code;
            out += "\",\"line\":" + std::to_string(d.line) + ",\"column\":" + std::to_string(d.column) + "}";
        }
        out += "],\"tree\":";
        out += e.tree && !c.generated ? *e.tree : std::string("null");
        if (e.pending) {
            out += ",\"pending\":";
            append_json_string(out, *e.pending);
        }
        if (e.known_bug) {
            out += ",\"known_bug\":";
            append_json_string(out, *e.known_bug);
        }
        out += "}";
    }
    return out + "\n]}\n";
}

}  // namespace sgf::conformance
