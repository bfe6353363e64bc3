// The families of cases `sgfcheck diff` generates (diff --mutation): the generator's own
// mixes, each of its mutations, and shapes that stress one part of a reader (deep trees,
// long values, charsets, escapes, white space, empty values). A family is a function of
// the seed, like the generator: a case is reproduced from its family and seed.
#include <array>
#include <stdexcept>

#include "tools/diff/diff.hpp"

namespace sgf::tools::diff {

namespace {

constexpr std::array<family_info, 12> families_table{{
    {"mixed", "the generator's mix: valid files, or one random mutation (sgfcheck gen)"},
    {"valid", "valid files of every game, value form and tree shape"},
    {"invalid", "a valid file plus one random mutation (sgfcheck gen --list)"},
    {"lowercase", "a lowercase letter inside a property identifier (FF[4]: an error)"},
    {"deep", "valid files whose first game tree nests 500 to 5 000 variations"},
    {"wide", "valid files with one node of 200 to 2 000 variations"},
    {"long_values", "a node with a comment of 20 to 200 KB"},
    {"charsets", "text in UTF-8 (CA[UTF-8]) or ISO-8859-1 (no CA): bytes above 0x7F"},
    {"escapes", "a comment of escapes: \\\\ \\] \\: soft line breaks in all four forms"},
    {"whitespace", "white space (space, tab, LF, CRLF) between every two tokens"},
    {"empty_values", "empty values: C[] N[] and an empty comment node"},
    {"line_breaks", "hard line breaks of all four forms (LF, CR, CRLF, LFCR) in text"},
}};

// Where the root node of the first game tree ends (before the ';', '(' or ')' after it).
std::size_t root_end(std::string_view s) {
    std::size_t i = s.find("(;");
    if (i == std::string_view::npos) return std::string_view::npos;
    for (i += 2; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '[') {
            for (++i; i < s.size() && s[i] != ']'; ++i)
                if (s[i] == '\\') ++i;
        } else if (c == ';' || c == '(' || c == ')') {
            return i;
        }
    }
    return std::string_view::npos;
}

// A node inserted after the root node (before what follows it: a node, variations or ')').
void insert_node(std::string& s, std::string_view node) {
    const std::size_t at = root_end(s);
    if (at != std::string::npos) s.insert(at, node);
}

void add_root_property(std::string& s, std::string_view prop) {
    const std::size_t at = s.find("(;");
    if (at != std::string::npos) s.insert(at + 2, prop);
}

std::string pick_pieces(rng& r, std::span<const std::string_view> pieces, std::size_t lo, std::size_t hi) {
    std::string out;
    const auto n = static_cast<std::size_t>(r.between(static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi)));
    for (std::size_t k = 0; k < n; ++k) out += r.pick<std::string_view>(pieces);
    return out;
}

void long_values(std::string& s, rng& r) {
    static constexpr std::string_view words[] = {"move ", "a ", "shape ", "ko ", "sente\n", "gote, ", "(aji) ", "3-3 "};
    const auto size = static_cast<std::size_t>(r.between(20'000, 200'000));
    std::string text;
    while (text.size() < size) text += r.pick(std::span<const std::string_view>(words));
    insert_node(s, ";C[" + text + "]");
}

void charsets(std::string& s, rng& r) {
    if (s.find("CA[") != std::string::npos) return;  // the file names its charset already
    if (r.chance(50)) {
        add_root_property(s, "CA[UTF-8]");
        static constexpr std::string_view texts[] = {"caf\xc3\xa9", "\xe4\xb8\xad\xe6\x96\x87", "\xf0\x9f\x98\x80",
                                                     "na\xc3\xafve \xc3\xbc", "\xe5\x9b\xb2\xe7\xa2\x81"};
        insert_node(s, ";C[" + pick_pieces(r, texts, 1, 4) + "]N[" + std::string(r.pick(std::span<const std::string_view>(texts))) + "]");
    } else {
        static constexpr std::string_view texts[] = {"caf\xe9", "\xfc" "ber", "\xa9 ", "se\xf1or", "\xbd"};
        insert_node(s, ";C[" + pick_pieces(r, texts, 1, 4) + "]");
    }
}

void escapes(std::string& s, rng& r) {
    static constexpr std::string_view pieces[] = {"\\\\", "\\]", "\\:", "\\\n", "\\\r\n", "\\\r", "\\\n\r", "\\a",
                                                  "\\[", "x", " ", ":", "y\\\\\n"};
    insert_node(s, ";C[" + pick_pieces(r, pieces, 2, 8) + "]N[" + pick_pieces(r, pieces, 1, 4) + "]");
}

void line_breaks(std::string& s, rng& r) {
    static constexpr std::string_view pieces[] = {"\n", "\r", "\r\n", "\n\r", "line", " "};
    insert_node(s, ";C[" + pick_pieces(r, pieces, 2, 8) + "]");
}

void empty_values(std::string& s, rng& r) {
    insert_node(s, r.chance(50) ? ";C[]N[]" : ";C[]");
}

// White space after every token outside values (never inside an identifier).
void whitespace(std::string& s, rng& r) {
    static constexpr std::string_view spaces[] = {" ", "\t", "\n", "\r\n", "  \n "};
    std::string out;
    out.reserve(s.size() * 2);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        out += c;
        if (c == '[') {
            for (++i; i < s.size() && s[i] != ']'; ++i) {
                out += s[i];
                if (s[i] == '\\' && i + 1 < s.size()) out += s[++i];
            }
            if (i < s.size()) out += s[i];
        }
        if ((c == '[' || c == ';' || c == '(' || c == ')') && r.chance(60)) out += r.pick(std::span<const std::string_view>(spaces));
    }
    s = std::move(out);
}

}  // namespace

std::span<const family_info> all_families() noexcept { return families_table; }

bool is_family(std::string_view name) noexcept {
    for (const auto& f : families_table)
        if (f.name == name) return true;
    return find_mutation(name).has_value();
}

generated_file make_case(std::string_view family, const generate_options& base, std::uint64_t seed) {
    generate_options g = base;
    g.seed = seed;
    if (family == "mixed") return generate(g);
    if (family == "invalid") g.mode = gen_mode::invalid;
    else if (family == "lowercase") {
        g.mode = gen_mode::invalid;
        g.force = mutation::lowercase_ident;
    } else if (const auto m = find_mutation(family)) {
        g.mode = gen_mode::invalid;
        g.force = *m;
    } else {
        g.mode = gen_mode::valid;
    }
    rng r(mix_seed(seed, 0x5eed));
    if (family == "deep" && g.depth == 0) g.depth = static_cast<std::size_t>(r.between(500, 5000));
    if (family == "wide" && g.width == 0) g.width = static_cast<std::size_t>(r.between(200, 2000));
    generated_file f = generate(g);
    std::string& s = f.bytes;
    if (family == "long_values") long_values(s, r);
    else if (family == "charsets") charsets(s, r);
    else if (family == "escapes") escapes(s, r);
    else if (family == "line_breaks") line_breaks(s, r);
    else if (family == "empty_values") empty_values(s, r);
    else if (family == "whitespace") whitespace(s, r);
    return f;
}

}  // namespace sgf::tools::diff
