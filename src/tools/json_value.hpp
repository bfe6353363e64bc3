#pragma once
// A small JSON reader: a string decoder (shared with the conformance corpus's JSON normal
// form) and a DOM for the JSON that sgfcheck reads back: a --baseline run's JSON Lines, and,
// in the tests, its own SARIF and summary records. Nesting deeper than max_depth is an
// error (a hostile baseline file cannot exhaust the stack). Throws std::runtime_error.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "input/utf8.hpp"

namespace sgf::tools {

namespace json_detail {
inline void put_utf8(std::string& out, std::uint32_t cp) {
    char buf[4];
    out.append(buf, sgf::detail::charset_impl::put_utf8(buf, cp));
}

[[noreturn]] inline void fail(const char* what, std::size_t at) {
    throw std::runtime_error(std::string("JSON: ") + what + " at offset " + std::to_string(at));
}
}  // namespace json_detail

// Decodes the JSON string literal at s[i] (its opening quote); i ends after the closing
// quote. Lone surrogates become U+FFFD; with `surrogate_bytes`, a lone \udc80-\udcff is
// the byte it stands for in a file name (sgf::append_json_path, PEP 383).
inline std::string read_json_string(std::string_view s, std::size_t& i, bool surrogate_bytes = false) {
    using json_detail::fail;
    if (i >= s.size() || s[i] != '"') fail("expected a string", i);
    ++i;
    auto hex4 = [&]() -> std::uint32_t {
        if (i + 4 > s.size()) fail("bad \\u escape", i);
        std::uint32_t v = 0;
        for (int k = 0; k < 4; ++k) {
            const char h = s[i++];
            v <<= 4;
            if (h >= '0' && h <= '9') v |= static_cast<std::uint32_t>(h - '0');
            else if (h >= 'a' && h <= 'f') v |= static_cast<std::uint32_t>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') v |= static_cast<std::uint32_t>(h - 'A' + 10);
            else fail("bad \\u escape", i);
        }
        return v;
    };
    std::string v;
    for (;;) {
        if (i >= s.size()) fail("unterminated string", i);
        const char c = s[i++];
        if (c == '"') return v;
        if (static_cast<unsigned char>(c) < 0x20) fail("control character in string", i);
        if (c != '\\') {
            v.push_back(c);
            continue;
        }
        if (i >= s.size()) fail("unterminated escape", i);
        switch (const char e = s[i++]) {
            case '"': v.push_back('"'); break;
            case '\\': v.push_back('\\'); break;
            case '/': v.push_back('/'); break;
            case 'b': v.push_back('\b'); break;
            case 'f': v.push_back('\f'); break;
            case 'n': v.push_back('\n'); break;
            case 'r': v.push_back('\r'); break;
            case 't': v.push_back('\t'); break;
            case 'u': {
                std::uint32_t cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00 && i + 6 <= s.size() && s[i] == '\\' && s[i + 1] == 'u') {
                    const std::size_t save = i;
                    i += 2;
                    const std::uint32_t lo = hex4();
                    if (lo >= 0xDC00 && lo < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    else i = save;
                }
                if (surrogate_bytes && cp >= 0xDC80 && cp < 0xDD00) {
                    v.push_back(static_cast<char>(cp - 0xDC00));
                    break;
                }
                if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD;
                json_detail::put_utf8(v, cp);
                break;
            }
            default: (void)e; fail("unknown escape", i);
        }
    }
}

struct json_member;
struct json_value {
    enum class kind { null, boolean, number, string, array, object };
    kind type = kind::null;
    bool boolean = false;
    double number = 0;
    std::string text;  // a string's value, or a number as written
    std::vector<json_value> items;
    // In order, repeats kept. A named struct, not std::pair: a pair of the still incomplete
    // json_value does not compile under clang with libstdc++.
    std::vector<json_member> members;

    [[nodiscard]] bool is(kind k) const noexcept { return type == k; }
    // The first member named `key`, or nullptr (also when this is not an object).
    [[nodiscard]] const json_value* get(std::string_view key) const noexcept;
};
struct json_member {
    std::string key;
    json_value value;
};
inline const json_value* json_value::get(std::string_view key) const noexcept {
    for (const auto& [k, v] : members)
        if (k == key) return &v;
    return nullptr;
}

inline constexpr int json_max_depth = 200;

namespace json_detail {
inline void skip_ws(std::string_view s, std::size_t& i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
}

inline json_value read_value(std::string_view s, std::size_t& i, int depth, bool surrogate_bytes) {
    if (depth > json_max_depth) fail("nested too deeply", i);
    skip_ws(s, i);
    if (i >= s.size()) fail("expected a value", i);
    json_value v;
    const char c = s[i];
    if (c == '"') {
        v.type = json_value::kind::string;
        v.text = read_json_string(s, i, surrogate_bytes);
    } else if (c == '{' || c == '[') {
        const bool obj = c == '{';
        v.type = obj ? json_value::kind::object : json_value::kind::array;
        ++i;
        skip_ws(s, i);
        if (i < s.size() && s[i] == (obj ? '}' : ']')) {
            ++i;
            return v;
        }
        for (;;) {
            skip_ws(s, i);
            if (obj) {
                std::string key = read_json_string(s, i);
                skip_ws(s, i);
                if (i >= s.size() || s[i] != ':') fail("expected ':'", i);
                ++i;
                v.members.push_back(json_member{std::move(key), read_value(s, i, depth + 1, surrogate_bytes)});
            } else {
                v.items.push_back(read_value(s, i, depth + 1, surrogate_bytes));
            }
            skip_ws(s, i);
            if (i < s.size() && s[i] == ',') {
                ++i;
                continue;
            }
            if (i < s.size() && s[i] == (obj ? '}' : ']')) {
                ++i;
                return v;
            }
            fail("expected ',' or a closing bracket", i);
        }
    } else if (s.substr(i, 4) == "null") {
        i += 4;
    } else if (s.substr(i, 4) == "true") {
        v.type = json_value::kind::boolean;
        v.boolean = true;
        i += 4;
    } else if (s.substr(i, 5) == "false") {
        v.type = json_value::kind::boolean;
        i += 5;
    } else {
        const std::size_t b = i;
        if (i < s.size() && s[i] == '-') ++i;
        while (i < s.size() && std::string_view("+-.0123456789eE").find(s[i]) != std::string_view::npos) ++i;
        if (b == i || (i == b + 1 && s[b] == '-')) fail("unexpected character", i);
        v.type = json_value::kind::number;
        v.text = std::string(s.substr(b, i - b));
        try {
            std::size_t used = 0;
            v.number = std::stod(v.text, &used);
            if (used != v.text.size()) fail("bad number", b);
        } catch (const std::logic_error&) {
            fail("bad number", b);
        }
    }
    return v;
}
}  // namespace json_detail

// One JSON text (white space around it allowed); `surrogate_bytes` as for read_json_string.
[[nodiscard]] inline json_value parse_json(std::string_view s, bool surrogate_bytes = false) {
    std::size_t i = 0;
    json_value v = json_detail::read_value(s, i, 0, surrogate_bytes);
    json_detail::skip_ws(s, i);
    if (i != s.size()) json_detail::fail("text after the JSON value", i);
    return v;
}

}  // namespace sgf::tools
