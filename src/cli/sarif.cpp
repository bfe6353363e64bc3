// SARIF 2.1.0 output (sarif.hpp). Property names and required members follow the OASIS
// specification (sarif-v2.1.0, sections 3.13 sarifLog, 3.14 run, 3.18-3.19 tool and
// toolComponent, 3.27 result, 3.28-3.30 location, physicalLocation, region, 3.49
// reportingDescriptor); tests/sarif_test.cpp checks the structure.
#include "sarif.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>
#include <ostream>

#include "sgf/app/codes.hpp"
#include "sgf/json.hpp"

#ifndef SGF_VERSION
#define SGF_VERSION "unknown"
#endif
#ifndef SGF_DOCS_URL
#define SGF_DOCS_URL ""
#endif

namespace sgf::cli {

namespace {

std::string_view sarif_level(severity s) {
    switch (s) {
        case severity::error: return "error";
        case severity::warning: return "warning";
        case severity::info: return "note";
    }
    return "note";
}

// The column in Unicode code points (SARIF columnKind unicodeCodePoints) of text byte
// `at`, counting from the start of its line; bytes that are not UTF-8 count one each.
std::uint64_t code_point_column(std::string_view text, std::uint64_t at) {
    if (at > text.size()) return 0;
    std::size_t b = static_cast<std::size_t>(at);
    while (b > 0 && text[b - 1] != '\n' && text[b - 1] != '\r') --b;
    std::uint64_t col = 1;
    for (std::size_t i = b; i < at; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++col;
    return col;
}

// The text positions are counted in: the UTF-8 conversion of a converted file, else its bytes.
std::string region(const position& p, const load_result& r, std::string_view bytes) {
    const std::string_view text = r.converted ? r.text() : bytes;
    const std::uint64_t col = p.byte == position::npos ? 0 : code_point_column(text, r.text_offset(p.byte));
    std::string out = "\"region\":{\"startLine\":";
    out += std::to_string(p.line);
    out += ",\"startColumn\":";
    out += std::to_string(col ? col : p.column);
    if (p.byte != position::npos) {
        out += ",\"byteOffset\":";
        out += std::to_string(p.byte);
    }
    out += '}';
    return out;
}

std::string json_string(std::string_view s) {
    std::string out;
    append_json_string(out, s);
    return out;
}

// The example conformance case of each rule number, as docs/diagnostics.md names it, with
// its text ("" when it is not short printable ASCII): cmake/rule_examples.cmake.
struct rule_example {
    unsigned number;
    std::string_view case_name;
    std::string_view sgf;
};
constexpr rule_example rule_examples[] = {
#include "rule_examples.inc"
};

const rule_example* example_of(std::string_view code) {
    unsigned n = 0;
    if (code.size() != 4 || std::from_chars(code.data() + 1, code.data() + 4, n).ptr != code.data() + 4) return nullptr;
    for (const rule_example& e : rule_examples)
        if (e.number == n) return &e;
    return nullptr;
}

// A rule's help (3.49.13): what the finding means, how to fix it, the spec's sentence the
// level stands on; as text and as Markdown.
std::string rule_help(std::string_view code, const std::optional<app::code_meaning>& m) {
    if (!m) return "{\"text\":\"(not in the code table)\"}";
    const bool has_sentence = !m->sentence.empty() && m->sentence != "-";
    const auto sentence = [](std::string_view t) {  // the table's one-liners, ended once
        return std::string(t) + (t.ends_with('.') ? "" : ".");
    };
    std::string text = sentence(m->title) + "\nFix: " + sentence(m->hint) + "\nSource: " + std::string(m->source);
    std::string md = "**" + std::string(code) + "**: " + sentence(m->title) + "\n\n**Fix:** " + sentence(m->hint) +
                     "\n\n**Source:** " + std::string(m->source);
    if (has_sentence) {
        text += ": \"" + std::string(m->sentence) + "\"";
        md += "\n\n> " + std::string(m->sentence);
    }
    if (const rule_example* e = example_of(code)) {
        const std::string file = "conformance/cases/" + std::string(e->case_name) + ".sgf";
        if (!e->sgf.empty()) {
            std::string_view sgf = e->sgf;
            while (!sgf.empty() && (sgf.back() == '\n' || sgf.back() == '\r')) sgf.remove_suffix(1);
            text += "\nExample (" + file + "): " + std::string(sgf);
            md += "\n\n**Example** (`" + file + "`):\n\n```\n" + std::string(sgf) + "\n```";
        } else {
            text += "\nExample: " + file;
            md += "\n\n**Example:** `" + file + "`";
        }
    }
    const std::string uri = code_help_uri(code);
    if (!uri.empty()) {
        text += "\nLevels per profile: " + uri;
        md += "\n\n[Levels per profile](" + uri + ")";
    }
    return "{\"text\":" + json_string(text) + ",\"markdown\":" + json_string(md) + "}";
}

}  // namespace

std::string code_help_uri(std::string_view code) {
    if (!*SGF_DOCS_URL) return {};
    std::string out = SGF_DOCS_URL;
    out += '#';
    for (const char c : code) out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    return out;
}

std::string sarif_uri(std::string_view file) {
    if (file == "<stdin>" || file == "-") return "stdin";
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out = file.starts_with('/') ? "file://" : "";
    for (const char ch : file) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || std::string_view("-._~/").find(ch) != std::string_view::npos) {
            out.push_back(ch);
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    return out;
}

std::string sarif_result(const diagnostic& d, std::string_view uri, const load_result& r, std::string_view bytes,
                         std::uint64_t fingerprint) {
    std::string text = d.message;
    if (!d.hint.empty()) {
        text += " (";
        text += d.hint;
        text += ')';
    }
    std::string out = "{\"ruleId\":";
    append_json_string(out, d.code);
    out += ",\"level\":\"";
    out += sarif_level(d.level);
    out += "\",\"message\":{\"text\":";
    append_json_string(out, text);
    std::string artifact = "\"artifactLocation\":{\"uri\":";
    append_json_string(artifact, uri);
    artifact += '}';
    out += "},\"locations\":[{\"physicalLocation\":{";
    out += artifact;
    if (d.where.known()) {
        out += ',';
        out += region(d.where, r, bytes);
    }
    out += "}}]";
    if (d.related && d.related->known()) {
        out += ",\"relatedLocations\":[{\"id\":1,\"physicalLocation\":{";
        out += artifact;
        out += ',';
        out += region(*d.related, r, bytes);
        out += "},\"message\":{\"text\":\"related position\"}}]";
    }
    if (d.count > 1) {
        out += ",\"occurrenceCount\":";
        out += std::to_string(d.count);
    }
    char fp[17];
    static constexpr char hex[] = "0123456789abcdef";
    for (int k = 0; k < 16; ++k) fp[k] = hex[(fingerprint >> (60 - 4 * k)) & 15];
    fp[16] = 0;
    out += ",\"partialFingerprints\":{\"sgfcheckFinding/v1\":\"";
    out += fp;
    out += "\"}}";
    return out;
}

void sarif_begin(std::ostream& os) {
    os << "{\"$schema\":\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json\","
          "\"version\":\"2.1.0\",\"runs\":[{\"columnKind\":\"unicodeCodePoints\",\"results\":[\n";
}

void sarif_end(std::ostream& os, const std::map<std::string, severity, std::less<>>& codes,
               const std::vector<sarif_notification>& unreadable) {
    os << "\n],\"tool\":{\"driver\":{\"name\":\"sgfcheck\",\"version\":\"" SGF_VERSION "\",\"semanticVersion\":\"" SGF_VERSION "\"";
    // No link rather than a dead one: a file:// path of the build machine means nothing to
    // a code-scanning page (SGF_DOCS_URL: CMakeLists.txt).
    if (*SGF_DOCS_URL) os << ",\"informationUri\":" << json_string(SGF_DOCS_URL);
    os << ",\"rules\":[";
    bool first = true;
    for (const auto& [code, level] : codes) {
        const auto row = app::meaning_of(code);
        const std::string title = row ? std::string(row->title) : std::string("(not in the code table)");
        os << (first ? "" : ",") << "\n{\"id\":" << json_string(code) << ",\"shortDescription\":{\"text\":"
           << json_string(title) << "},\"fullDescription\":{\"text\":"
           << json_string(row ? title + ". Source: " + std::string(row->source) : title) << '}';
        if (const std::string uri = code_help_uri(code); !uri.empty()) os << ",\"helpUri\":" << json_string(uri);
        os << ",\"help\":" << rule_help(code, row) << ",\"defaultConfiguration\":{\"level\":\"" << sarif_level(level)
           << "\"}}";
        first = false;
    }
    os << "]}},\"invocations\":[{\"executionSuccessful\":" << (unreadable.empty() ? "true" : "false");
    if (!unreadable.empty()) {
        // SARIF 2.1.0 3.20.21 toolExecutionNotifications, 3.58 notification
        os << ",\"toolExecutionNotifications\":[";
        for (std::size_t i = 0; i < unreadable.size(); ++i)
            os << (i ? "," : "") << "\n{\"level\":\"error\",\"message\":{\"text\":" << json_string(unreadable[i].message)
               << "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":"
               << json_string(unreadable[i].uri) << "}}}]}";
        os << ']';
    }
    os << "}]}]}\n";
}

}  // namespace sgf::cli
