#include "sgf/json.hpp"

#include <vector>

namespace sgf {

namespace {

// Length of a valid UTF-8 sequence at s[i], or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) noexcept {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = b(0);
    const std::size_t left = s.size() - i;
    auto cont = [&](std::size_t k) { return k < left && (b(k) & 0xC0) == 0x80; };
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && b(1) < 0xA0) return 0;   // overlong
        if (c == 0xED && b(1) >= 0xA0) return 0;  // surrogates
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && b(1) < 0x90) return 0;
        if (c == 0xF4 && b(1) >= 0x90) return 0;
        return 4;
    }
    return 0;
}

void append_tree(std::string& out, const game_tree& root, std::size_t index, const raw_decoder* decode) {
    struct frame {
        const game_tree* t;
        std::size_t next;
    };
    auto open = [&](const game_tree& t) {
        out += "{\"nodes\":[";
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (i) out += ',';
            out += '{';
            bool first = true;
            for (const property& p : t[i].properties()) {
                if (!first) out += ',';
                first = false;
                append_json_string(out, p.ident());
                out += ":[";
                bool fv = true;
                for (const value& v : p) {
                    if (!fv) out += ',';
                    fv = false;
                    append_json_string(out, decode ? unescape((*decode)(index, v.raw())) : v.unescaped());
                }
                out += ']';
            }
            out += '}';
        }
        out += "],\"variations\":[";
    };
    std::vector<frame> stack{{&root, 0}};
    open(root);
    while (!stack.empty()) {
        frame& f = stack.back();
        const auto vs = f.t->variations();
        if (f.next < vs.size()) {
            if (f.next) out += ',';
            const game_tree* c = &vs[f.next++];
            open(*c);
            stack.push_back({c, 0});
            continue;
        }
        out += "]}";
        stack.pop_back();
    }
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            if (const std::size_t n = utf8_length(s, i)) {
                out.append(s.substr(i, n));
                i += n;
            } else {  // not UTF-8: the Latin-1 character of that byte
                out.push_back(static_cast<char>(0xC0 | (c >> 6)));
                out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
                ++i;
            }
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    out += "\\u00";
                    out.push_back(hex[c >> 4]);
                    out.push_back(hex[c & 15]);
                } else {
                    out.push_back(static_cast<char>(c));
                }
        }
        ++i;
    }
    out += '"';
}

namespace {
std::string collection_json(const collection& c, const raw_decoder* decode) {
    std::string out = "{\"trees\":[";
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (i) out += ',';
        append_tree(out, c[i], i, decode);
    }
    out += "]}";
    return out;
}
}  // namespace

std::string to_json(const collection& c) { return collection_json(c, nullptr); }
std::string to_json(const collection& c, const raw_decoder& decode) { return collection_json(c, &decode); }

std::string to_json(const diagnostic& d, std::string_view file) {
    std::string out = "{\"file\":";
    append_json_string(out, file);
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
    if (d.related) out += ",\"related\":{\"line\":" + std::to_string(d.related->line) + ",\"column\":" +
                          std::to_string(d.related->column) + ",\"byte\":" + std::to_string(d.related->byte) + "}";
    out += '}';
    return out;
}

}  // namespace sgf
