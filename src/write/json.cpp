// The JSON tree (include/sgf/json.hpp; docs/json-tree.schema.json) and the JSON form of a
// diagnostic (docs/diagnostics.schema.json). Iterative: any nesting depth. Streamed: a value
// is unescaped and checked in pieces of 64 KiB, never copied whole.
#include "sgf/json.hpp"

#include <algorithm>
#include <iterator>
#include <vector>

#include "sgf/context.hpp"
#include "sgf/input.hpp"
#include "sgf/properties.hpp"
#include "sgf/value.hpp"
#include "write/json_escape.hpp"
#include "write/json_tree.hpp"

namespace sgf {

namespace {

// Length of a valid UTF-8 sequence at s[i], or 0. Sets `cut` when the bytes from i to the
// end are the start of a valid sequence (the rest may follow in the next piece).
std::size_t utf8_length(std::string_view s, std::size_t i, bool& cut) noexcept {
    cut = false;
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = b(0);
    const std::size_t left = s.size() - i;
    if (c < 0x80) return 1;
    std::size_t n = 0;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) n = 3;
    else if (c >= 0xF0 && c <= 0xF4) n = 4;
    else return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if (k >= left) {
            cut = true;
            return 0;
        }
        if ((b(k) & 0xC0) != 0x80) return 0;
        if (k == 1) {  // overlongs, surrogates, above U+10FFFF
            if (c == 0xE0 && b(1) < 0xA0) return 0;
            if (c == 0xED && b(1) >= 0xA0) return 0;
            if (c == 0xF0 && b(1) < 0x90) return 0;
            if (c == 0xF4 && b(1) >= 0x90) return 0;
        }
    }
    return n;
}

constexpr char hex_digits[] = "0123456789abcdef";

// Escape processing of `raw` in pieces: each piece ends where no escape is cut in two (a
// '\' and the byte it escapes, a soft line break "\" + CRLF), so unescape(piece) of each
// piece, in order, is unescape(raw).
template <class Each>
void unescaped_pieces(std::string_view raw, Each&& each) {
    constexpr std::size_t piece = 1 << 16;
    std::string buf;
    for (std::size_t from = 0; from < raw.size();) {
        std::size_t end = std::min(raw.size(), from + piece);
        // Escapes are read left to right: find where the last one before `end` ends (the
        // search stops at `end`: a value of 100 MB without escapes is scanned once).
        const auto next_escape = [&](std::size_t at) {
            const std::size_t k = at < end ? raw.substr(at, end - at).find('\\') : std::string_view::npos;
            return k == std::string_view::npos ? std::string_view::npos : at + k;
        };
        for (std::size_t i = next_escape(from); i != std::string_view::npos; i = next_escape(i)) {
            i += 2;
            if (i < raw.size() && (raw[i - 1] == '\n' || raw[i - 1] == '\r') && (raw[i] == '\n' || raw[i] == '\r') &&
                raw[i] != raw[i - 1])
                ++i;  // CRLF or LFCR after '\': one soft line break
            if (i > end) end = std::min(i, raw.size());
        }
        const std::string_view part = raw.substr(from, end - from);
        if (part.find('\\') == std::string_view::npos) {
            each(part);
        } else {
            buf = unescape(part);
            each(std::string_view(buf));
        }
        from = end;
    }
}

// Whether unescape(raw) is valid UTF-8, without making it.
bool unescapes_to_utf8(std::string_view raw) {
    std::string carry;  // the start of a sequence cut at the end of a piece
    bool ok = true;
    unescaped_pieces(raw, [&](std::string_view p) {
        if (!ok) return;
        std::string joined;
        if (!carry.empty()) {
            joined = carry + std::string(p.substr(0, std::min<std::size_t>(3, p.size())));
            bool cut = false;
            const std::size_t n = utf8_length(joined, 0, cut);
            if (n == 0 && !cut) {
                ok = false;
                return;
            }
            if (n == 0) {  // still cut: the piece was shorter than the sequence
                carry = joined;
                return;
            }
            p.remove_prefix(n - carry.size());
            carry.clear();
        }
        for (std::size_t i = 0; i < p.size();) {
            if (static_cast<unsigned char>(p[i]) < 0x80) {
                ++i;
                continue;
            }
            bool cut = false;
            const std::size_t n = utf8_length(p, i, cut);
            if (n == 0 && cut) {
                carry = std::string(p.substr(i));
                return;
            }
            if (n == 0) {
                ok = false;
                return;
            }
            i += n;
        }
    });
    return ok && carry.empty();
}

}  // namespace

namespace detail {

json_tree_writer::json_tree_writer(const write_sink& sink, const json_options& o, json_decoder decode, json_tree_hook* hook)
    : out_(sink), options_(o), decode_(std::move(decode)), hook_(hook) {}

void json_tree_writer::document(const collection& c) {
    if (options_.positions) check_path_sizes(c);  // before anything is written
    put("{\"format\":\"");
    put(json_tree_format);
    put("\",\"version\":");
    put(std::to_string(json_tree_version));
    if (options_.file) {
        std::string name = ",\"file\":";
        append_json_path(name, *options_.file);
        put(name);
    }
    put(",\"trees\":[");
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (i) put(",");
        tree(c[i], i);
    }
    put("]}");
    out_.flush();
}

void json_tree_writer::tree(const game_tree& root, std::size_t index) {
    tree_ = index;
    gm_ = context_of(root).gm;  // which properties are compose-typed
    game_ = find_game(gm_);
    if (gm_ != cached_gm_) std::fill(std::begin(compose_of_), std::end(compose_of_), static_cast<unsigned char>(0));
    cached_gm_ = gm_;
    number_ = 0;
    if (hook_) hook_->enter_top(root);
    // The game trees from the root to the one being written (8 bytes each: 1e6 nested
    // variations), and the variation taken at each fork (--positions): path[k] is the index
    // of stack[k + 1] in stack[k]'s variations, so its next sibling is path[k] + 1.
    std::vector<const game_tree*> stack{&root};
    std::vector<std::uint32_t> path;
    open(root, path);
    for (;;) {
        if (const auto vs = stack.back()->variations(); !vs.empty()) {  // its first variation
            path.push_back(0);
            stack.push_back(&vs.front());
            open(vs.front(), path);
            continue;
        }
        // a leaf: closed, with every tree it was the last variation of; then the next sibling
        for (;;) {
            put("]}");
            if (hook_) hook_->leave();
            stack.pop_back();
            if (stack.empty()) return;
            const auto vs = stack.back()->variations();
            const std::uint32_t next = path.back() + 1;
            path.pop_back();
            if (next < vs.size()) {
                put(",");
                path.push_back(next);
                stack.push_back(&vs[next]);
                open(vs[next], path);
                break;
            }
        }
    }
}

void json_tree_writer::open(const game_tree& t, const std::vector<std::uint32_t>& path) {
    if (hook_) hook_->enter(t);
    side_.clear();
    put("{\"nodes\":[");
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (i) put(',');
        const node n = t[i];
        const auto props = n.properties();
        if (options_.positions) {
            put("{\"number\":");
            put(std::to_string(number_));
            put(",\"path\":{\"tree\":");
            put(std::to_string(tree_));
            put(",\"variations\":[");
            for (std::size_t k = 0; k < path.size(); ++k) {
                if (k) put(",");
                put(std::to_string(path[k]));
            }
            put("],\"node\":");
            put(std::to_string(i));
            put("},");
            position(n.pos());
            put(",\"properties\":[");
        } else {
            put('[');
        }
        bool first = true;
        for (const sgf::property& p : props) {
            if (!first) put(',');
            first = false;
            property(p);
        }
        if (options_.positions) put("]}");
        else put(']');
        ++number_;
        if (hook_) {
            to_side_ = true;
            if (i) put(",");
            hook_->node(n, *this);
            to_side_ = false;
        }
    }
    put("]");
    if (hook_) {
        put(",\"");
        put(hook_->key());
        put("\":[");
        put(side_);
        put("]");
    }
    put(",\"variations\":[");
}

void json_tree_writer::position(const sgf::position& p) {
    put("\"line\":");
    put(std::to_string(p.line));
    put(",\"column\":");
    put(std::to_string(p.column));
    put(",\"byte\":");
    put(std::to_string(p.byte));
}

void json_tree_writer::property(const sgf::property& p) {
    const std::string_view id = p.ident();
    const auto letter = [](char ch) { return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 1 : ch >= 'a' && ch <= 'z' ? ch - 'a' + 27 : -1; };
    const int a = !id.empty() && id.size() <= 2 ? letter(id[0]) : -1;
    const int b = id.size() == 2 ? letter(id[1]) : 0;
    unsigned char* cached = a > 0 && b >= 0 ? &compose_of_[a * 64 + b] : nullptr;
    bool compose = cached && *cached == 2;
    if (cached == nullptr || *cached == 0) {
        const property_rule* row = find_property(id, 4, gm_);
        compose = row != nullptr && may_be_compose(*row, game_);
        if (cached) *cached = compose ? 2 : 1;
    }
    if (!options_.positions && !to_side_ && (!decode_ || ascii_as_is_) && plain_property(p, compose)) return;
    if (options_.positions) {
        put("{\"id\":");
        text(p.ident());
        put(",");
        position(p.pos());
        put(",\"values\":[");
    } else {
        put("[");
        text(p.ident());
        put(",[");
    }
    bool first = true;
    for (const sgf::value& v : p) {
        if (!first) put(",");
        first = false;
        value(v.raw(), compose);
    }
    put("]");
    if (options_.positions) {
        put(",\"value_positions\":[");
        first = true;
        for (const sgf::value& v : p) {
            if (!first) put(",");
            first = false;
            put("{");
            position(v.pos());
            put("}");
        }
        put("]}");
    } else {
        put("]");
    }
}

// Most properties (B[pd], AB[dd][pp], SZ[19]) are printable ASCII without '"' or '\\', which
// are their own JSON string content: ["ID",["v",...]] is written in place in one piece, as
// property() would write it. A longer one, or one with another byte (or a ':' that may split
// a compose value), writes nothing here and takes the general path.
bool json_tree_writer::plain_property(const sgf::property& p, bool compose) {
    constexpr std::size_t most = 2048;
    char* const start = out_.room(most);
    char* const stop = start + most;
    char* at = start;
    const auto quoted = [&](std::string_view s, bool colon_ok) {
        if (static_cast<std::size_t>(stop - at) < s.size() + 6) return false;  // + "", ",[" or "]]"
        *at++ = '"';
        for (const char ch : s) {
            const auto c = static_cast<unsigned char>(ch);
            if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || (c == ':' && !colon_ok)) return false;
            *at++ = ch;
        }
        *at++ = '"';
        return true;
    };
    *at++ = '[';
    if (!quoted(p.ident(), true)) return false;
    *at++ = ',';
    *at++ = '[';
    bool first = true;
    for (const sgf::value& v : p) {
        if (!first) *at++ = ',';
        first = false;
        if (!quoted(v.raw(), !compose)) return false;
    }
    *at++ = ']';
    *at++ = ']';
    out_.wrote(static_cast<std::size_t>(at - start));
    return true;
}

void json_tree_writer::value(std::string_view raw, bool compose) {
    const bool as_is = !decode_ || (ascii_as_is_ && std::all_of(raw.begin(), raw.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; }));
    const std::string_view utf8 = as_is ? raw : decode_(tree_, raw, scratch_);
    // A value with exactly one unescaped ':' is its two parts; one with more has no single
    // valid split (the checker's E107) and is shown as written, one text: AP[a:b:1] and
    // AP[a:b\:1] must not dump alike.
    if (compose)
        if (const auto parts = split_compose(utf8); parts && !split_compose(parts->second)) {
            put("[");
            text(parts->first);
            put(",");
            text(parts->second);
            put("]");
            return;
        }
    text(utf8);
}

// One value (or part) after escape processing: a string, or its bytes when not UTF-8.
void json_tree_writer::text(std::string_view raw) {
    // Printable ASCII without '"' or '\\' (identifiers, points, most values) is its own
    // JSON string content: written at once, in one piece when short.
    if (std::all_of(raw.begin(), raw.end(), [](char ch) { return ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\'; })) {
        if (raw.size() <= 62) {
            char quoted[64];
            quoted[0] = '"';
            std::copy(raw.begin(), raw.end(), quoted + 1);
            quoted[raw.size() + 1] = '"';
            put(std::string_view(quoted, raw.size() + 2));
        } else {
            put("\"");
            put(raw);
            put("\"");
        }
        return;
    }
    if (unescapes_to_utf8(raw)) {
        put("\"");
        escaper e;
        const auto out = [&](std::string_view s) { put(s); };
        unescaped_pieces(raw, [&](std::string_view p) { e.feed(p, out); });
        e.finish(out);
        put("\"");
        return;
    }
    put("{\"bytes\":\"");
    unescaped_pieces(raw, [&](std::string_view p) {
        char hex[8192];  // in pieces: a 200 MB value needs no 400 MB of hex digits
        std::size_t n = 0;
        for (const char ch : p) {
            const auto c = static_cast<unsigned char>(ch);
            hex[n++] = hex_digits[c >> 4];
            hex[n++] = hex_digits[c & 15];
            if (n == sizeof hex) {
                put(std::string_view(hex, n));
                n = 0;
            }
        }
        put(std::string_view(hex, n));
    });
    put("\"}");
}

}  // namespace detail

namespace {

// append_json_string and append_json_path: a byte that is not UTF-8 as `invalid(byte)`.
template <class Invalid>
void append_json_text(std::string& out, std::string_view s, Invalid&& invalid) {
    out += '"';
    const auto put = [&out](std::string_view p) { out.append(p); };
    for (std::size_t i = 0; i < s.size();) {
        std::size_t j = i;
        bool cut = false;
        while (j < s.size()) {
            const std::size_t n = static_cast<unsigned char>(s[j]) < 0x80 ? 1 : utf8_length(s, j, cut);
            if (n == 0) break;
            j += n;
        }
        detail::put_escaped(s.substr(i, j - i), put);
        if (j < s.size()) {
            invalid(static_cast<unsigned char>(s[j]));
            ++j;
        }
        i = j;
    }
    out += '"';
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
    append_json_text(out, s, [&out](unsigned char) { out += "\xEF\xBF\xBD"; });  // U+FFFD
}

void append_json_path(std::string& out, std::string_view path) {
    append_json_text(out, path, [&out](unsigned char b) {  // \udc80-\udcff: PEP 383's surrogateescape
        out += "\\udc";
        out += hex_digits[b >> 4];
        out += hex_digits[b & 15];
    });
}

void write_json(const collection& c, const write_sink& sink, const json_options& options) {
    detail::json_tree_writer(sink, options, nullptr).document(c);
}

void write_json(const load_result& r, const write_sink& sink, const json_options& options) {
    detail::json_tree_writer w(sink, options, [&r](std::size_t tree, std::string_view raw, std::string& scratch) {
        if (!r.decodes(tree, raw)) return raw;
        scratch = r.utf8(raw, tree);
        return std::string_view(scratch);
    });
    w.ascii_as_is();  // load_result::decodes: ASCII has nothing to decode in any charset
    w.document(r.trees);
}

std::string to_json(const collection& c) {
    std::string out;
    write_json(c, [&out](std::string_view s) { out.append(s); });
    return out;
}

std::string to_json(const collection& c, const raw_decoder& decode) {
    std::string out;
    detail::json_tree_writer w([&out](std::string_view s) { out.append(s); }, {},
                               [&decode](std::size_t tree, std::string_view raw, std::string& scratch) {
                                   scratch = decode(tree, raw);
                                   return std::string_view(scratch);
                               });
    w.document(c);
    return out;
}

std::string to_json(const diagnostic& d, std::string_view file) {
    std::string out = "{\"version\":" + std::to_string(json_diagnostic_version) + ",\"file\":";
    append_json_path(out, file);
    out += ",\"line\":" + std::to_string(d.where.line) + ",\"column\":" + std::to_string(d.where.column);
    out += ",\"byte\":" + (d.where.known() ? std::to_string(d.where.byte) : std::string("null"));
    out += ",\"severity\":";
    append_json_string(out, to_string(d.level));
    out += ",\"code\":";
    append_json_string(out, d.code);
    out += ",\"message\":";
    append_json_string(out, d.message);
    if (!d.hint.empty()) {
        out += ",\"hint\":";
        append_json_string(out, d.hint);
    }
    if (d.count != 1) out += ",\"count\":" + std::to_string(d.count);
    if (d.related) out += ",\"related\":{\"line\":" + std::to_string(d.related->line) + ",\"column\":" +
                          std::to_string(d.related->column) + ",\"byte\":" + std::to_string(d.related->byte) + "}";
    out += '}';
    return out;
}

}  // namespace sgf
