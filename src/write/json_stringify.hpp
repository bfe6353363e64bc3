#pragma once
// JSON.stringify's string escaping, shared by the generator (the expected JSON tree of a
// generated file) and the conformance corpus (its JSON normal form): both must write the
// bytes the adapters' JSON.stringify writes. Header-only: the conformance corpus header is
// used by the test suite too. Unlike sgf::append_json_string, no UTF-8 repair and no escapes
// beyond the controls (DEL, C1, U+2028/U+2029 stay as they are, as JSON.stringify leaves them).
#include <string>
#include <string_view>

namespace sgf::detail {

// Appends `s` as a JSON string literal: \" \\ \b \f \n \r \t, other controls as \u00xx,
// every other byte as it is.
inline void append_stringified(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out.push_back('"');
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out.push_back(hex[c >> 4]);
                    out.push_back(hex[c & 15]);
                } else {
                    out.push_back(ch);
                }
        }
    }
    out.push_back('"');
}

}  // namespace sgf::detail
