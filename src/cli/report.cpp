// Diagnostics as text (gcc style with a clipped excerpt) or JSON Lines.
#include <iostream>
#include <ostream>
#include <sstream>

#include "cli.hpp"
#include "loaded.hpp"
#include "sgf/json.hpp"

namespace sgf::cli {

namespace {

using app::glyph;

constexpr std::size_t excerpt_before = 40;  // columns shown before the caret
constexpr std::size_t excerpt_after = 40;

// SGR sequences as gcc uses them: bold locations, the level in its colour, a green caret.
constexpr std::string_view bold = "\x1b[1m", reset = "\x1b[0m", green = "\x1b[1;32m";
std::string_view level_color(severity s) {
    switch (s) {
        case severity::error: return "\x1b[1;31m";
        case severity::warning: return "\x1b[1;35m";
        case severity::info: return "\x1b[1;36m";
    }
    return "";
}

void print_excerpt(std::ostream& os, std::string_view bytes, const position& where, bool color) {
    if (!where.known() || where.byte > bytes.size()) return;
    const std::size_t at = static_cast<std::size_t>(where.byte);
    // The line around `at`, limited so that a one-line file of megabytes prints little.
    std::size_t b = at;
    while (b > 0 && bytes[b - 1] != '\n' && bytes[b - 1] != '\r' && at - b < 4 * excerpt_before) --b;
    std::size_t e = at;
    while (e < bytes.size() && bytes[e] != '\n' && bytes[e] != '\r' && e - at < 4 * excerpt_after) ++e;
    // Walk back whole glyphs until excerpt_before columns are shown.
    std::size_t start = at, cols = 0;
    while (start > b && cols < excerpt_before) {
        std::size_t p = start - 1;
        while (p > b && (static_cast<unsigned char>(bytes[p]) & 0xC0) == 0x80 && start - p < 4) --p;
        start = p;
        cols += glyph(bytes, p).first;
    }
    std::string line = start > b ? "..." : "";
    std::size_t caret = line.size();
    std::size_t width = line.size();
    for (std::size_t i = start; i < e && width < caret + excerpt_before + excerpt_after;) {
        const auto [w, n] = glyph(bytes, i);
        // (a byte inside a glyph, the second of a character that kept bytes make, W023: under it)
        if (i <= at && at < i + n) caret = width;
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (n == 1 && (c < 0x20 || c >= 0x7f)) line += (c == '\t' ? ' ' : '?');
        else line.append(bytes.substr(i, n));
        width += w;
        i += n;
        if (i >= e && e < bytes.size() && bytes[e] != '\n' && bytes[e] != '\r') line += "...";
    }
    if (at >= e) caret = width;
    const std::string num = std::to_string(where.line);
    os << ' ' << num << " | " << line << '\n' << std::string(num.size() + 1, ' ') << " | " << std::string(caret, ' ')
       << (color ? green : "") << '^' << (color ? reset : "") << '\n';
}

}  // namespace

void print_diagnostic(std::ostream& os, const diagnostic& d, std::string_view file, std::string_view bytes,
                      output_format format, bool color) {
    if (format == output_format::json) {
        os << to_json(d, file) << '\n';
        return;
    }
    const std::string name = printable(file);  // one line, nothing for the terminal to act on
    if (color) os << bold;
    os << name << ':';
    if (d.where.known()) os << d.where.line << ':' << d.where.column << ':';
    if (color) os << reset;
    os << ' ';
    if (color) os << level_color(d.level);
    os << to_string(d.level) << '[' << d.code << "]:";
    if (color) os << reset;
    os << ' ' << d.message << '\n';
    print_excerpt(os, bytes, d.where, color);
    if (!d.hint.empty()) os << "   = " << d.hint << '\n';
    if (d.related && d.related->known())
        os << "   = related: " << name << ':' << d.related->line << ':' << d.related->column << '\n';
}

void print_loaded(std::ostream& os, const load_result& r, const diagnostic& d, std::string_view file,
                  std::string_view bytes, output_format format, bool color) {
    if (!r.converted || format == output_format::json || !d.where.known()) {
        print_diagnostic(os, d, file, bytes, format, color);
        return;
    }
    diagnostic shown = d;
    shown.where.byte = r.text_offset(d.where.byte);
    print_diagnostic(os, shown, file, r.text(), format, color);
}

void print_all_loaded(std::ostream& os, const load_result& r, const std::vector<diagnostic>& ds, std::string_view file,
                      std::string_view bytes) {
    std::ostringstream buffer;
    for (const diagnostic& d : ds) {
        print_loaded(buffer, r, d, file, bytes, output_format::text);
        if (buffer.tellp() >= 1 << 16) {
            os << std::move(buffer).str();
            buffer.str({});
        }
    }
    os << std::move(buffer).str();
}

std::optional<loaded_input> load_input(const std::string& in, const load_options& options, bool print_findings) {
    auto read = read_input_reported(in);
    if (!read) return std::nullopt;
    loaded_input l{in == "-" ? "<stdin>" : in, charset_usage_errors([&] { return load(file_bytes(std::move(*read)), options); })};  // not copied
    if (print_findings)
        print_all_loaded(std::cerr, l.r, l.r.diagnostics, l.shown, l.r.bytes());
    return l;
}

}  // namespace sgf::cli
