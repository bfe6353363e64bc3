#pragma once
// A JSON reader (iterative: any depth) and a validator for the part of JSON Schema (draft
// 2020-12) that docs/*.schema.json use. A schema keyword the validator does not know is an
// error, so a schema can never say more than the test checks.
#include <cstdint>
#include <cstdlib>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sgf_test::json {

struct member;
struct value {
    enum class kind : std::uint8_t { null, boolean, number, string, array, object };
    kind k = kind::null;
    bool boolean = false;
    double number = 0;
    bool integer = false;  // a number written without fraction or exponent
    std::string text;
    std::vector<value> items;
    std::vector<member> members;  // not std::pair: clang rejects a pair of an incomplete type

    [[nodiscard]] const value* get(std::string_view key) const;
};
struct member {
    std::string key;
    value val;
};
inline const value* value::get(std::string_view key) const {
    for (const auto& [k2, v] : members)
        if (k2 == key) return &v;
    return nullptr;
}

// Throws std::runtime_error when `s` is not one JSON value (RFC 8259). Repeated keys are an
// error too: the formats here promise none.
inline value parse(std::string_view s) {
    std::size_t i = 0;
    auto fail = [&](const std::string& what) { throw std::runtime_error(what + " at byte " + std::to_string(i)); };
    auto ws = [&] {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    };
    auto put_utf8 = [](std::string& out, std::uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    };
    auto string = [&]() {
        std::string out;
        ++i;  // '"'
        for (;;) {
            if (i >= s.size()) fail("unterminated string");
            const auto c = static_cast<unsigned char>(s[i]);
            if (c == '"') {
                ++i;
                return out;
            }
            if (c < 0x20) fail("control character in a string");
            if (c != '\\') {
                out += static_cast<char>(c);
                ++i;
                continue;
            }
            if (++i >= s.size()) fail("unterminated escape");
            const char e = s[i++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    auto hex4 = [&]() -> std::uint32_t {
                        if (i + 4 > s.size()) fail("short \\u escape");
                        const std::string h(s.substr(i, 4));
                        char* end = nullptr;
                        const auto v = std::strtoul(h.c_str(), &end, 16);
                        if (end != h.c_str() + 4) fail("bad \\u escape");
                        i += 4;
                        return static_cast<std::uint32_t>(v);
                    };
                    std::uint32_t cp = hex4();
                    if (cp >= 0xD800 && cp < 0xDC00 && s.substr(i, 2) == "\\u") {
                        i += 2;
                        const std::uint32_t lo = hex4();
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    }
                    put_utf8(out, cp);
                    break;
                }
                default: fail("bad escape");
            }
        }
    };
    value root;
    std::vector<value*> open;  // containers being filled, innermost last
    bool expect_key = false;
    std::string key;
    auto place = [&]() -> value* {  // where the next value goes
        if (open.empty()) return &root;
        value* c = open.back();
        if (c->k == value::kind::array) {
            c->items.emplace_back();
            return &c->items.back();
        }
        for (const auto& m : c->members)
            if (m.key == key) fail("repeated key \"" + key + "\"");
        c->members.push_back(member{key, value{}});
        return &c->members.back().val;
    };
    bool done = false;
    ws();
    while (!done) {
        if (i >= s.size()) fail("unexpected end");
        if (expect_key) {
            if (s[i] == '}' && open.back()->members.empty()) {
                ++i;
                open.pop_back();
                expect_key = false;
            } else {
                if (s[i] != '"') fail("expected a key");
                key = string();
                ws();
                if (i >= s.size() || s[i] != ':') fail("expected ':'");
                ++i;
                ws();
                expect_key = false;
                continue;
            }
        } else if (s[i] == ']' && !open.empty() && open.back()->k == value::kind::array && open.back()->items.empty()) {
            ++i;
            open.pop_back();
        } else {
            value* v = place();
            const char c = s[i];
            if (c == '{') {
                ++i;
                v->k = value::kind::object;
                open.push_back(v);
                ws();
                expect_key = true;
                continue;
            }
            if (c == '[') {
                ++i;
                v->k = value::kind::array;
                open.push_back(v);
                ws();
                continue;
            }
            if (c == '"') {
                v->k = value::kind::string;
                v->text = string();
            } else if (s.substr(i, 4) == "true" || s.substr(i, 5) == "false") {
                v->k = value::kind::boolean;
                v->boolean = s[i] == 't';
                i += v->boolean ? 4 : 5;
            } else if (s.substr(i, 4) == "null") {
                v->k = value::kind::null;
                i += 4;
            } else {
                const std::size_t b = i;
                if (i < s.size() && s[i] == '-') ++i;
                while (i < s.size() && std::string_view("0123456789.eE+-").find(s[i]) != std::string_view::npos) ++i;
                if (i == b) fail("unexpected character");
                const std::string n(s.substr(b, i - b));
                char* end = nullptr;
                v->number = std::strtod(n.c_str(), &end);
                if (end != n.c_str() + n.size()) fail("bad number");
                v->k = value::kind::number;
                v->integer = n.find_first_of(".eE") == std::string::npos;
            }
        }
        // after a value: ',' or the end of containers
        for (;;) {
            ws();
            if (open.empty()) {
                done = true;
                break;
            }
            const bool object = open.back()->k == value::kind::object;
            if (i < s.size() && s[i] == ',') {
                ++i;
                ws();
                expect_key = object;
                break;
            }
            if (i < s.size() && s[i] == (object ? '}' : ']')) {
                ++i;
                open.pop_back();
                continue;
            }
            fail("expected ',' or the end of a container");
        }
    }
    ws();
    if (i != s.size()) fail("text after the value");
    return root;
}

class validator {
public:
    explicit validator(value schema) : schema_(std::move(schema)) { check_keywords(schema_, "#"); }

    // "" when `v` is valid, else the first problem found, with a JSON pointer to it.
    [[nodiscard]] std::string validate(const value& v) const { return check(v, schema_, ""); }

private:
    static void check_keywords(const value& s, const std::string& at) {
        static const std::vector<std::string_view> known = {
            "$schema", "$id", "title", "description", "$defs", "$ref", "type", "const", "enum", "properties",
            "required", "additionalProperties", "items", "prefixItems", "minItems", "maxItems", "minLength",
            "minimum", "pattern", "oneOf"};
        if (s.k != value::kind::object) return;
        for (const auto& [k, sub] : s.members) {
            bool ok = false;
            for (const auto kw : known) ok |= kw == k;
            if (!ok) throw std::runtime_error("schema keyword '" + k + "' at " + at + " is not supported by the test");
            if (k == "$defs" || k == "properties")
                for (const auto& [name, d] : sub.members) check_keywords(d, at + "/" + k + "/" + name);
            else if (k == "items" || k == "additionalProperties")
                check_keywords(sub, at + "/" + k);
            else if (k == "prefixItems" || k == "oneOf")
                for (std::size_t n = 0; n < sub.items.size(); ++n) check_keywords(sub.items[n], at + "/" + k + "/" + std::to_string(n));
        }
    }

    [[nodiscard]] const value& resolve(const value& s) const {
        const value* ref = s.get("$ref");
        if (!ref) return s;
        const std::string prefix = "#/$defs/";
        if (ref->text.rfind(prefix, 0) != 0) throw std::runtime_error("unsupported $ref " + ref->text);
        const value* defs = schema_.get("$defs");
        const value* d = defs ? defs->get(ref->text.substr(prefix.size())) : nullptr;
        if (!d) throw std::runtime_error("unknown $ref " + ref->text);
        return resolve(*d);
    }

    static bool equal(const value& a, const value& b) {
        if (a.k != b.k) return false;
        switch (a.k) {
            case value::kind::null: return true;
            case value::kind::boolean: return a.boolean == b.boolean;
            case value::kind::number: return a.number == b.number;
            case value::kind::string: return a.text == b.text;
            default: return false;  // containers: not used in const/enum here
        }
    }

    static bool has_type(const value& v, std::string_view t) {
        switch (v.k) {
            case value::kind::null: return t == "null";
            case value::kind::boolean: return t == "boolean";
            case value::kind::number: return t == "number" || (t == "integer" && v.integer);
            case value::kind::string: return t == "string";
            case value::kind::array: return t == "array";
            case value::kind::object: return t == "object";
        }
        return false;
    }

    static std::size_t code_points(std::string_view s) {
        std::size_t n = 0;
        for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        return n;
    }

    std::string check(const value& v, const value& schema, const std::string& at) const {
        const value& s = resolve(schema);
        auto bad = [&](const std::string& what) { return (at.empty() ? "/" : at) + ": " + what; };
        if (const value* t = s.get("type")) {
            bool ok = false;
            if (t->k == value::kind::string) ok = has_type(v, t->text);
            for (const auto& alt : t->items) ok |= has_type(v, alt.text);
            if (!ok) return bad("wrong type");
        }
        if (const value* c = s.get("const"); c && !equal(v, *c)) return bad("not the constant");
        if (const value* e = s.get("enum")) {
            bool ok = false;
            for (const auto& alt : e->items) ok |= equal(v, alt);
            if (!ok) return bad("not one of the enum");
        }
        if (v.k == value::kind::number)
            if (const value* m = s.get("minimum"); m && v.number < m->number) return bad("below the minimum");
        if (v.k == value::kind::string) {
            if (const value* m = s.get("minLength"); m && static_cast<double>(code_points(v.text)) < m->number) return bad("too short");
            if (const value* p = s.get("pattern"); p && !std::regex_search(v.text, std::regex(p->text)))
                return bad("does not match " + p->text);
        }
        if (v.k == value::kind::array) {
            if (const value* m = s.get("minItems"); m && static_cast<double>(v.items.size()) < m->number) return bad("too few items");
            if (const value* m = s.get("maxItems"); m && static_cast<double>(v.items.size()) > m->number) return bad("too many items");
            const value* prefix = s.get("prefixItems");
            const std::size_t first = prefix ? std::min(prefix->items.size(), v.items.size()) : 0;
            for (std::size_t n = 0; n < first; ++n)
                if (auto e = check(v.items[n], prefix->items[n], at + "/" + std::to_string(n)); !e.empty()) return e;
            if (const value* items = s.get("items"))
                for (std::size_t n = first; n < v.items.size(); ++n)
                    if (auto e = check(v.items[n], *items, at + "/" + std::to_string(n)); !e.empty()) return e;
        }
        if (v.k == value::kind::object) {
            if (const value* r = s.get("required"))
                for (const auto& name : r->items)
                    if (!v.get(name.text)) return bad("no \"" + name.text + "\"");
            const value* props = s.get("properties");
            const value* extra = s.get("additionalProperties");
            for (const auto& [k, sub] : v.members) {
                const value* p = props ? props->get(k) : nullptr;
                if (p) {
                    if (auto e = check(sub, *p, at + "/" + k); !e.empty()) return e;
                } else if (extra && extra->k == value::kind::boolean && !extra->boolean) {
                    return bad("unexpected \"" + k + "\"");
                } else if (extra && extra->k == value::kind::object) {
                    if (auto e = check(sub, *extra, at + "/" + k); !e.empty()) return e;
                }
            }
        }
        if (const value* alts = s.get("oneOf")) {
            std::size_t matched = 0;
            std::string first_error;
            for (const auto& alt : alts->items) {
                const std::string e = check(v, alt, at);
                if (e.empty()) ++matched;
                else if (first_error.empty()) first_error = e;
            }
            if (matched != 1) return matched == 0 ? first_error : bad("matches more than one of oneOf");
        }
        return {};
    }

    value schema_;
};

}  // namespace sgf_test::json
