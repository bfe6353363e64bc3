#pragma once
// Escaping text as the content of a JSON string, for every JSON writer of the library and the
// command line (sgf::append_json_string, the JSON tree of dump, --format=json, SARIF): one
// definition, so that all of them write the same escapes.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace sgf::detail {

// The character at s[i] when it is written as \uXXXX although JSON allows it as it is: the
// C1 controls U+0080-U+009F (U+0085 is NEL) and U+2028/U+2029. A reader that splits lines on
// them (Python's str.splitlines, JavaScript before ES2019) would break a JSON Lines record in
// two, and a terminal acts on C1 controls (issue 20). Returns its length in bytes, or 0.
inline std::size_t escaped_beyond_ascii(std::string_view s, std::size_t i, unsigned& code) {
    const auto at = [&](std::size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
    if (at(0) == 0xC2 && at(1) >= 0x80 && at(1) <= 0x9F) {
        code = at(1);
        return 2;
    }
    if (at(0) == 0xE2 && at(1) == 0x80 && (at(2) == 0xA8 || at(2) == 0xA9)) {
        code = 0x2000 + at(2) - 0x80;
        return 3;
    }
    return 0;
}

// JSON string content of valid UTF-8 `s` (no quotes): the controls, DEL and the characters
// of escaped_beyond_ascii as \uXXXX, '"' and '\' escaped.
template <class Put>
void put_escaped(std::string_view s, Put&& put) {
    std::size_t from = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        unsigned code = c;
        std::size_t length = 1;
        if (c >= 0xC2 && c <= 0xE2) length = escaped_beyond_ascii(s, i, code);
        else if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7f) length = 0;
        if (length == 0) continue;
        put(s.substr(from, i - from));
        switch (code) {
            case '"': put("\\\""); break;
            case '\\': put("\\\\"); break;
            case '\n': put("\\n"); break;
            case '\r': put("\\r"); break;
            case '\t': put("\\t"); break;
            default: {
                static constexpr char hex[] = "0123456789abcdef";
                const char u[6] = {'\\', 'u', hex[code >> 12], hex[(code >> 8) & 15],
                                   hex[(code >> 4) & 15], hex[code & 15]};
                put(std::string_view(u, 6));
            }
        }
        i += length - 1;
        from = i + 1;
    }
    put(s.substr(from));
}

// put_escaped over a text given in pieces that may cut a character in two (unescaped_pieces
// cuts every 64 KiB): the start of a cut character waits for the rest.
class escaper {
public:
    template <class Put>
    void feed(std::string_view p, Put&& put) {
        if (!held_.empty()) {
            const std::size_t take = std::min(p.size(), sequence_length(held_[0]) - held_.size());
            held_.append(p.substr(0, take));
            p.remove_prefix(take);
            if (held_.size() < sequence_length(held_[0])) return;
            put_escaped(held_, put);
            held_.clear();
        }
        std::size_t keep = p.size();  // where a character that the piece cuts starts
        for (std::size_t back = 1; back <= 3 && back <= p.size(); ++back) {
            const auto c = static_cast<unsigned char>(p[p.size() - back]);
            if ((c & 0xC0) == 0x80) continue;
            if (c >= 0xC0 && sequence_length(p[p.size() - back]) > back) keep = p.size() - back;
            break;
        }
        put_escaped(p.substr(0, keep), put);
        held_.assign(p.substr(keep));
    }
    template <class Put>
    void finish(Put&& put) {
        put_escaped(held_, put);  // (valid UTF-8 leaves nothing here)
        held_.clear();
    }

private:
    static std::size_t sequence_length(char lead) {
        const auto c = static_cast<unsigned char>(lead);
        return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    }
    std::string held_;
};

}  // namespace sgf::detail
