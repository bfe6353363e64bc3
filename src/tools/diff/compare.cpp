// Verdicts and what kind of disagreement two of them make (sgfcheck diff).
#include <algorithm>
#include <cctype>
#include <chrono>
#include <stdexcept>

#include "tools/conformance/conformance.hpp"
#include "tools/diff/diff.hpp"
#include "sgf/check.hpp"
#include "sgf/json.hpp"
#include "sgf/parse.hpp"

namespace sgf::tools::diff {

namespace {

// A message without the parts that change from file to file (numbers, quoted text), so
// that "Unexpected token ']' at 3:7" and "... at 9:1" are one kind of rejection.
std::string message_class(std::string_view m) {
    auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    std::string out;
    char quote = 0;
    for (std::size_t i = 0; i < m.size() && out.size() < 60; ++i) {
        const char c = m[i];
        const char before = i > 0 ? m[i - 1] : ' ';
        if (quote != 0) {
            if (c == quote) {
                out += c;
                quote = 0;
            }
            continue;
        }
        // a quote after a letter is an apostrophe ("can't"), not quoted text
        if ((c == '\'' || c == '"' || c == '`') && !letter(before) && m.find(c, i + 1) != std::string_view::npos) {
            out += c;
            out += "..";
            quote = c;
        } else if (c >= '0' && c <= '9' && !letter(before)) {
            out += 'N';
            while (i + 1 < m.size() && ((m[i + 1] >= '0' && m[i + 1] <= '9') || m[i + 1] == '.')) ++i;
        } else {
            out += c;
        }
    }
    return out;
}

struct json_tokens {
    std::string_view s;
    std::size_t at = 0;
    // one token: a string with its quotes, a punctuation character, or a literal
    std::string_view next() {
        if (at >= s.size()) return {};
        const std::size_t start = at;
        const char c = s[at];
        if (c == '"') {
            ++at;
            while (at < s.size() && s[at] != '"') at += s[at] == '\\' ? 2 : 1;
            at = std::min(at + 1, s.size());
        } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',') {
            ++at;
        } else {
            while (at < s.size() && s[at] != ',' && s[at] != '}' && s[at] != ']') ++at;
        }
        return s.substr(start, at - start);
    }
    [[nodiscard]] std::string_view peek() const {
        json_tokens copy = *this;
        return copy.next();
    }
};

// The text of a JSON string token (normal form: \" \\ \b \f \n \r \t \u00xx escapes).
std::string json_text(std::string_view tok) {
    std::string out;
    if (tok.size() < 2) return out;
    tok = tok.substr(1, tok.size() - 2);
    for (std::size_t i = 0; i < tok.size(); ++i) {
        if (tok[i] != '\\' || i + 1 >= tok.size()) {
            out += tok[i];
            continue;
        }
        const char e = tok[++i];
        switch (e) {
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u':
                if (i + 4 < tok.size()) {  // normal form: only controls are \u00xx
                    unsigned v = 0;
                    for (std::size_t k = i + 1; k <= i + 4; ++k) {
                        const char h = tok[k];
                        v = v * 16 + static_cast<unsigned>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
                    }
                    out += v < 0x80 ? static_cast<char>(v) : '?';
                    i += 4;
                }
                break;
            default: out += e;
        }
    }
    return out;
}

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::string without(std::string_view s, std::string_view drop) {
    std::string out;
    for (const char c : s)
        if (drop.find(c) == std::string_view::npos) out += c;
    return out;
}

std::string mapped(std::string_view s, bool (*pred)(char), char to) {
    std::string out;
    for (const char c : s) out += pred(c) ? to : c;
    return out;
}

std::string breaks_to_lf(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\r' || s[i] == '\n') {
            if (i + 1 < s.size() && (s[i + 1] == '\r' || s[i + 1] == '\n') && s[i + 1] != s[i]) ++i;
            out += '\n';
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string trimmed(std::string_view s) {
    while (!s.empty() && is_ws(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_ws(s.back())) s.remove_suffix(1);
    return std::string(s);
}

// How their value differs from ours: the class, not the text, so that one cause is one
// kind of disagreement whatever property shows it first.
std::string value_difference(const std::string& ours, const std::string& theirs) {
    auto non_ascii = [](std::string_view s) {
        for (const char c : s)
            if (static_cast<unsigned char>(c) >= 0x80) return true;
        return false;
    };
    if (theirs == without(ours, "\r")) return "CR removed";
    // the same text but for line breaks: a soft line break kept, or a hard one dropped
    if (without(theirs, "\r\n") == without(ours, "\r\n")) {
        const auto breaks = [](std::string_view s) { return std::count_if(s.begin(), s.end(), [](char c) { return c == '\n' || c == '\r'; }); };
        if (breaks(theirs) > breaks(ours)) return "line break added (a soft line break kept?)";
        if (breaks(theirs) < breaks(ours) && theirs != breaks_to_lf(ours)) return "line break dropped";
    }
    if (theirs == breaks_to_lf(ours)) return "line breaks changed";
    if (theirs == mapped(ours, [](char c) { return c == '\t' || c == '\v' || c == '\f'; }, ' ')) return "tabs to spaces";
    if (theirs == mapped(ours, is_ws, ' ') || theirs == mapped(breaks_to_lf(ours), is_ws, ' ')) return "white space to spaces";
    for (std::size_t i = 0; i + 1 < ours.size(); ++i)
        if (ours[i] == '\\' && (ours[i + 1] == '\n' || ours[i + 1] == '\r')) return "escaped backslash before a line break";
    auto letters2 = [](std::string_view p) {
        return p.size() == 2 && std::isalpha(static_cast<unsigned char>(p[0])) && std::isalpha(static_cast<unsigned char>(p[1]));
    };
    if (ours.size() == 5 && ours[2] == ':' && letters2(std::string_view(ours).substr(0, 2)) && letters2(theirs))
        return "point list expanded";
    if (theirs == trimmed(ours)) return "trimmed";
    if (theirs == without(mapped(ours, [](char c) { return c == '\t' || c == '\v' || c == '\f'; }, ' '), "\r"))
        return "CR removed, tabs to spaces";
    if (ours.find('\\') != std::string::npos || theirs.find('\\') != std::string::npos) return "backslash";
    if (non_ascii(ours) || non_ascii(theirs)) return "non-ASCII text";
    if (theirs.empty()) return "value dropped";
    const auto colon = ours.find(':');
    if (colon != std::string::npos && theirs.find(':') == std::string::npos) return "compose changed";
    if (!ours.empty() && (ours[0] == '+' || ours[0] == '0' || ours.find('.') != std::string::npos)) return "number respelled";
    return "other";
}

}  // namespace

our_verdict run_ours(std::string_view bytes, bool parse_only) {
    // the conformance runner's verdict (conformance_corpus.hpp), or the parser alone
    conformance::our_result r;
    if (parse_only) {
        parse_result p = parse(bytes);
        r.diagnostics = std::move(p.diagnostics);
        r.tree = conformance::normalize_json(to_json(p.trees));
    } else {
        r = conformance::run_ours(std::string(bytes));
    }
    our_verdict v;
    for (const auto& d : r.diagnostics)
        if (d.level == severity::error) v.errors.emplace_back(d.code);
    std::sort(v.errors.begin(), v.errors.end());
    v.errors.erase(std::unique(v.errors.begin(), v.errors.end()), v.errors.end());
    v.accepted = v.errors.empty();
    v.tree = std::move(r.tree);
    return v;
}

std::string_view to_string(their_result r) noexcept {
    switch (r) {
        case their_result::accepted: return "accepted";
        case their_result::rejected: return "rejected";
        case their_result::crash: return "crash";
        case their_result::timeout: return "timeout";
        case their_result::unavailable: return "unavailable";
    }
    return "crash";
}

their_verdict verdict_of(conformance::adapter_run r) {
    their_verdict v;
    v.detail = std::move(r.detail);
    v.tree = std::move(r.out);
    v.seconds = r.seconds;
    switch (r.result) {
        case conformance::verdict::accepted: v.result = their_result::accepted; break;
        case conformance::verdict::rejected: v.result = their_result::rejected; break;
        case conformance::verdict::unavailable: v.result = their_result::unavailable; break;
        case conformance::verdict::flaky: v.result = their_result::timeout; break;
        case conformance::verdict::crash: v.result = r.timed_out ? their_result::timeout : their_result::crash; break;
    }
    return v;
}

their_verdict run_theirs(const std::filesystem::path& adapter, const std::filesystem::path& file, double timeout_seconds) {
    return verdict_of(conformance::run_adapter(adapter, file, std::chrono::milliseconds(static_cast<long long>(timeout_seconds * 1000))));
}

std::string_view to_string(kind k) noexcept {
    switch (k) {
        case kind::agree: return "agree";
        case kind::lax_accept: return "lax-accept";
        case kind::strict_reject: return "strict-reject";
        case kind::crash: return "crash";
        case kind::timeout: return "timeout";
        case kind::tree_differs: return "tree-differs";
        case kind::tree_invalid: return "tree-invalid";
    }
    return "agree";
}

outcome classify(const our_verdict& ours, const their_verdict& theirs, bool compare_trees) {
    // A crash or a hang is one kind whatever we say of the file (the report shows our verdict).
    switch (theirs.result) {
        case their_result::unavailable: return {kind::agree, "unavailable", {}};
        case their_result::timeout: return {kind::timeout, "", {}};
        case their_result::crash: {
            // "signal 11 (Segmentation fault): message" -> "signal 11: <message class>"
            std::string_view d = theirs.detail;
            const auto colon = d.find(": ");
            std::string head(d.substr(0, colon));
            if (const auto paren = head.find(" ("); paren != std::string::npos) head.resize(paren);
            std::string sig = head;
            if (colon != std::string_view::npos) sig += ": " + message_class(d.substr(colon + 2));
            return {kind::crash, sig, {}};
        }
        case their_result::rejected:
            if (ours.accepted) return {kind::strict_reject, message_class(theirs.detail), {}};
            return {kind::agree, "", {}};
        case their_result::accepted: {
            if (!ours.accepted) {
                std::string codes;
                for (const auto& c : ours.errors) codes += (codes.empty() ? "" : " ") + c;
                return {kind::lax_accept, codes, {}};
            }
            std::string_view out = theirs.tree;
            while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == ' ')) out.remove_suffix(1);
            if (!compare_trees || out.empty()) return {kind::agree, "", {}};
            std::string norm;
            try {
                norm = sgf::conformance::normalize_json(out);
            } catch (const std::exception&) {
                return {kind::tree_invalid, "", {}};
            }
            if (norm == ours.tree) return {kind::agree, "", {}};
            outcome o{kind::tree_differs, "", tree_differences(ours.tree, norm)};
            if (!o.differences.empty()) o.signature = o.differences.front();
            return o;
        }
    }
    return {kind::agree, "", {}};
}

// The walk knows the tree's shape (include/sgf/json.hpp): what each container is, so that a
// difference is named by where it lies.
enum class role : std::uint8_t { doc, trees, tree, nodes, node, prop, values, compose, variations, other };

std::vector<std::string> tree_differences(std::string_view ours, std::string_view theirs) {
    json_tokens a{ours}, b{theirs};
    struct frame {
        role r;
        std::size_t index = 0;  // element of an array (commas seen)
    };
    std::vector<frame> stack;
    std::string_view pending_key;  // the key just read, before its value opens
    std::vector<std::string> found;
    auto note = [&](std::string c) {
        if (std::find(found.begin(), found.end(), c) == found.end()) found.push_back(std::move(c));
    };
    auto child = [&](char open) -> role {
        if (stack.empty()) return role::doc;
        const frame& f = stack.back();
        switch (f.r) {
            case role::doc: return pending_key == "\"trees\"" ? role::trees : role::other;
            case role::trees:
            case role::variations: return role::tree;
            case role::tree:
                return pending_key == "\"nodes\"" ? role::nodes : pending_key == "\"variations\"" ? role::variations : role::other;
            case role::nodes: return open == '[' ? role::node : role::other;
            case role::node: return role::prop;
            case role::prop: return f.index == 1 ? role::values : role::other;
            case role::values: return open == '[' ? role::compose : role::other;
            default: return role::other;
        }
    };
    auto where = [&]() -> std::string {
        for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
            if (it->r == role::variations) return "variations";
            if (it->r == role::nodes || it->r == role::node || it->r == role::prop) return "nodes";
            if (it->r == role::trees) return "trees";
        }
        return "nodes";
    };
    for (;;) {
        const std::string_view ta = a.next();
        const std::string_view tb = b.next();
        if (ta.empty() && tb.empty()) return found;
        const role here = stack.empty() ? role::doc : stack.back().r;
        if (ta != tb) {
            if (ta.empty() || tb.empty()) {
                note("structure@end");
                return found;
            }
            const bool strings = ta.front() == '"' && tb.front() == '"';
            if (here == role::prop && stack.back().index == 0) {
                note("identifier");
                if (strings) continue;  // still in step: go on
                return found;
            }
            if ((here == role::values || here == role::compose) && strings) {
                // the walk stays in step: go on to find every kind of value difference
                note("value (" + value_difference(json_text(ta), json_text(tb)) + ")");
                continue;
            }
            if (here == role::values && (ta == "[" || tb == "[")) {
                note("value (compose parts)");  // one side splits a composed value, the other not
                return found;
            }
            if (here == role::values || here == role::compose) {
                note("number of values");
                return found;
            }
            note("structure@" + where());
            return found;
        }
        if (ta == "{" || ta == "[") {
            stack.push_back({child(ta[0])});
            pending_key = {};
        } else if (ta == "}" || ta == "]") {
            if (!stack.empty()) stack.pop_back();
        } else if (ta == ",") {
            if (!stack.empty()) ++stack.back().index;
        } else if (ta.front() == '"' && a.peek() == ":") {
            pending_key = ta;
        }
    }
}

bool keeps(const outcome& original, const outcome& candidate) {
    if (original.what != candidate.what) return false;
    if (original.what != kind::tree_differs) return original.signature == candidate.signature;
    return std::find(candidate.differences.begin(), candidate.differences.end(), original.signature) !=
           candidate.differences.end();
}

}  // namespace sgf::tools::diff
