// Value decodings (000_* "Text", "SimpleText", "Escaping"; ff4_sgf.txt "Text").
#include <array>
#include <string>

#include "grammar/value_scan.hpp"
#include "sgf/value.hpp"
#include "tree/source.hpp"
#include "grammar/line_break.hpp"

namespace sgf {

namespace {

using detail::line_break_at;

enum class mode { unescape, text, simple_text };

// Bytes that a decoding may change: '\\', and for texts white space other than ' '.
constexpr auto changing = [] {
    std::array<std::array<bool, 256>, 2> t{};  // [text][byte]
    for (int c = 0; c < 256; ++c) {
        const char ch = static_cast<char>(c);
        t[0][c] = ch == '\\';
        t[1][c] = ch == '\\' || (grammar::is_white(ch) && ch != ' ');
    }
    return t;
}();

std::string decode(std::string_view raw, mode m) {
    std::string out;
    out.reserve(raw.size());
    const auto& changes = changing[m != mode::unescape ? 1 : 0];
    for (std::size_t i = 0; i < raw.size();) {
        // the bytes up to the next one that may change, at once
        std::size_t run = i;
        while (run < raw.size() && !changes[static_cast<unsigned char>(raw[run])]) ++run;
        out.append(raw.data() + i, run - i);
        if (run == raw.size()) break;
        i = run;
        char c = raw[i];
        if (c == '\\' && i + 1 < raw.size()) {
            if (const std::size_t lb = line_break_at(raw, i + 1)) {  // soft line break: removed
                i += 1 + lb;
                continue;
            }
            c = raw[i + 1];
            i += 2;
            // "Any char following '\' is inserted verbatim (exception: whitespaces still
            // have to be converted to space!)"
            if (m != mode::unescape && grammar::is_white(c)) c = ' ';
            out.push_back(c);
            continue;
        }
        if (c == '\\') {  // a lone trailing '\' (only in unclosed values): kept
            out.push_back(c);
            ++i;
            continue;
        }
        if (m != mode::unescape) {
            if (const std::size_t lb = line_break_at(raw, i)) {
                out.push_back(m == mode::text ? '\n' : ' ');
                i += lb;
                continue;
            }
            if (grammar::is_white(c)) c = ' ';
        }
        out.push_back(c);
        ++i;
    }
    return out;
}

}  // namespace

std::string unescape(std::string_view raw) { return decode(raw, mode::unescape); }
std::string decode_text(std::string_view raw) { return decode(raw, mode::text); }
std::string decode_simple_text(std::string_view raw) { return decode(raw, mode::simple_text); }

// Compose = ValueType ":" ValueType: the separator as the grammar's rule finds it.
std::optional<std::pair<std::string_view, std::string_view>> split_compose(std::string_view raw) noexcept {
    const char* const end = raw.data() + raw.size();
    const char* const colon = grammar::find_unescaped_colon(raw.data(), end);
    if (colon == end) return std::nullopt;
    const auto i = static_cast<std::size_t>(colon - raw.data());
    return std::pair{raw.substr(0, i), raw.substr(i + 1)};
}

std::string canonical_raw(std::string_view raw) {
    std::string out;
    out.reserve(raw.size() + 2);
    for (std::size_t i = 0; i < raw.size();) {
        char c = raw[i];
        if (c == '\\' && i + 1 < raw.size()) {
            if (const std::size_t lb = line_break_at(raw, i + 1)) {
                i += 1 + lb;
                continue;
            }
            c = raw[i + 1];
            i += 2;
            if (c == ']' || c == '\\' || c == ':') out.push_back('\\');
            out.push_back(c);  // canonical_raw(x) unescapes to unescape(x): the JSON tree is kept
            continue;
        }
        if (c == ']' || c == '\\') out.push_back('\\');  // only a lone trailing '\' reaches here
        out.push_back(c);
        ++i;
    }
    return out;
}

std::string escape(std::string_view text, bool escape_colon) {
    std::string out;
    out.reserve(text.size() + 2);
    for (char c : text) {
        if (c == ']' || c == '\\' || (escape_colon && c == ':')) out.push_back('\\');
        out.push_back(c);
    }
    return out;
}

position value::pos() const { return src_ ? src_->position_of(open_) : position{}; }

}  // namespace sgf
