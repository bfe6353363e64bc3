// grammar/: sgf.ebnf <-> rules coverage, the strict structural grammar, the value types.
#include <doctest/doctest.h>

#include <cctype>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <tao/pegtl.hpp>

#include "grammar/game_values.hpp"
#include "grammar/productions.hpp"
#include "grammar/sgf.hpp"
#include "grammar/value_types.hpp"
#include "sgf/typed_value.hpp"
#include "sgf/value.hpp"
#include "tests/shared_dir.hpp"

#ifndef SGF_SOURCE_DIR
#error "SGF_SOURCE_DIR (the repository root) must be defined by the build"
#endif

namespace {

namespace pegtl = tao::pegtl;
namespace g = sgf::grammar;
namespace fs = std::filesystem;

// ---- helpers -----------------------------------------------------------------------

std::string read_text(const fs::path& path) {
    std::ifstream f(path, std::ios::binary);
    REQUIRE_MESSAGE(f.good(), "cannot open " << path.string());
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

fs::path source_dir() { return fs::path(SGF_SOURCE_DIR); }

using sgf_test::shared_dir;

std::string trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
    return std::string(s);
}

// Collapses every run of white space to one space and trims.
std::string normalize(std::string_view s) {
    std::string out;
    bool white = false;
    for (const char c : s) {
        if (std::isspace(static_cast<unsigned char>(c)) != 0) {
            white = true;
            continue;
        }
        if (white && !out.empty()) out += ' ';
        white = false;
        out += c;
    }
    return out;
}

struct ebnf_production {
    std::string name;
    std::string rhs;
    [[nodiscard]] std::string line() const { return name + " = " + rhs; }
};

// sgf.ebnf: comments are "(* ... *)"; every other non-blank line is "Name = rhs".
std::vector<ebnf_production> read_ebnf() {
    std::string text = read_text(source_dir() / "grammar" / "sgf.ebnf");
    for (std::size_t open = text.find("(*"); open != std::string::npos; open = text.find("(*", open)) {
        const std::size_t close = text.find("*)", open + 2);
        REQUIRE_MESSAGE(close != std::string::npos, "unterminated comment in sgf.ebnf");
        text.erase(open, close + 2 - open);
    }
    std::vector<ebnf_production> out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        const std::string t = trim(line);
        if (t.empty()) continue;
        const std::size_t eq = t.find(" = ");
        REQUIRE_MESSAGE(eq != std::string::npos, "not a production: " << t);
        out.push_back({trim(std::string_view(t).substr(0, eq)), normalize(std::string_view(t).substr(eq + 3))});
    }
    return out;
}

// CamelCase -> snake_case: PropIdent -> prop_ident, CValueType -> c_value_type.
std::string snake_case(std::string_view camel) {
    std::string out;
    for (std::size_t i = 0; i < camel.size(); ++i) {
        const auto c = static_cast<unsigned char>(camel[i]);
        if (std::isupper(c) != 0 && i > 0) {
            const bool after_lower = std::islower(static_cast<unsigned char>(camel[i - 1])) != 0;
            const bool before_lower =
                i + 1 < camel.size() && std::islower(static_cast<unsigned char>(camel[i + 1])) != 0;
            if (after_lower || before_lower) out += '_';
        }
        out += static_cast<char>(std::tolower(c));
    }
    return out;
}

// The one documented exception to "rule name = snake_case(EBNF name)".
std::string expected_rule_name(std::string_view ebnf_name) {
    std::string s = snake_case(ebnf_name);
    if (s == "double") s += '_';  // C++ keyword
    return s;
}

bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

template <typename Rule>
bool accepts(std::string_view s) {
    pegtl::memory_input<> in(s.data(), s.size(), "test");
    return pegtl::parse<Rule>(in);
}

bool accepts_file(std::string_view s) { return accepts<g::file>(s); }

template <typename Rule>
bool whole_value(std::string_view s) {
    return accepts<pegtl::seq<Rule, pegtl::eof>>(s);
}

}  // namespace

// ---- sgf.ebnf and the registry --------------------------------------------------------

TEST_CASE("grammar: snake_case of EBNF names") {
    CHECK(snake_case("PropIdent") == "prop_ident");
    CHECK(snake_case("CValueType") == "c_value_type");
    CHECK(snake_case("UcLetter") == "uc_letter");
    CHECK(snake_case("SimpleText") == "simple_text");
    CHECK(snake_case("GameTree") == "game_tree");
    CHECK(snake_case("None") == "none");
    CHECK(expected_rule_name("Double") == "double_");
    CHECK(g::unqualified_rule_name("sgf::grammar::point<sgf::point_syntax::letter_pair>") == "point");
    CHECK(g::unqualified_rule_name("sgf::grammar::prop_ident") == "prop_ident");
}

TEST_CASE("grammar: sgf.ebnf lists the FF4 productions") {
    const auto ebnf = read_ebnf();
    std::string names;
    for (const auto& p : ebnf) names += p.name + " ";
    CHECK(names ==
          "Collection GameTree Sequence Node Property PropIdent PropValue CValueType ValueType UcLetter Digit None "
          "Number Real Double Color SimpleText Text Point Move Stone Compose ");
}

TEST_CASE("grammar: every sgf.ebnf production has a rule of the same name") {
    const auto ebnf = read_ebnf();
    static_assert(g::productions.size() == g::all_productions::size);
    CHECK(g::productions.size() == ebnf.size());

    std::set<std::string> ebnf_names;
    for (const auto& p : ebnf) {
        CAPTURE(p.name);
        CHECK_MESSAGE(ebnf_names.insert(p.name).second, "production defined twice");
        const auto* entry = [&]() -> const g::production_info* {
            for (const auto& info : g::productions)
                if (info.ebnf_name == p.name) return &info;
            return nullptr;
        }();
        REQUIRE_MESSAGE(entry != nullptr, "no rule registered in grammar/productions.hpp");
        CHECK(std::string(g::unqualified_rule_name(entry->rule_name)) == expected_rule_name(p.name));
        CHECK(entry->rule_name.substr(0, 14) == "sgf::grammar::");
    }
    for (const auto& info : g::productions) {
        CAPTURE(info.ebnf_name);
        CHECK_MESSAGE(ebnf_names.count(std::string(info.ebnf_name)) == 1, "registered but not in sgf.ebnf");
    }
}

TEST_CASE("grammar: sgf.ebnf references only productions it defines") {
    const auto ebnf = read_ebnf();
    std::set<std::string> defined;
    for (const auto& p : ebnf) defined.insert(p.name);
    for (const auto& p : ebnf) {
        CAPTURE(p.line());
        bool quoted = false;
        for (std::size_t i = 0; i < p.rhs.size();) {
            const char c = p.rhs[i];
            if (c == '"') {
                quoted = !quoted;
                ++i;
            } else if (!quoted && std::isupper(static_cast<unsigned char>(c)) != 0) {
                std::size_t j = i;
                while (j < p.rhs.size() && is_ident_char(p.rhs[j])) ++j;
                const std::string ref = p.rhs.substr(i, j - i);
                CHECK_MESSAGE(defined.count(ref) == 1, "undefined: " << ref);
                i = j;
            } else {
                ++i;
            }
        }
        CHECK_FALSE(quoted);
    }
}

TEST_CASE("grammar: sgf.ebnf is the spec text") {
    const fs::path spec = shared_dir() / "spec";
    if (!fs::is_directory(spec)) {
        MESSAGE("skipped: no spec folder at " << spec.string());
        return;
    }
    std::string text;
    for (const auto& e : fs::directory_iterator(spec))
        if (e.path().filename().string().rfind("000_", 0) == 0) text = normalize(read_text(e.path()));
    REQUIRE_FALSE(text.empty());
    for (const auto& p : read_ebnf()) {
        CAPTURE(p.line());
        CHECK(text.find(normalize(p.line())) != std::string::npos);
    }
}

TEST_CASE("grammar: every production rule carries its EBNF line as a comment") {
    struct header {
        std::string name;
        std::vector<std::string> lines;
    };
    std::vector<header> headers;
    for (const std::string_view name : {"sgf.hpp", "value_types.hpp", "game_values.hpp"}) {
        header h{std::string(name), {}};
        std::istringstream in(read_text(source_dir() / "grammar" / name));
        for (std::string line; std::getline(in, line);) h.lines.push_back(line);
        headers.push_back(std::move(h));
    }
    const auto ebnf = read_ebnf();
    for (const auto& p : ebnf) {
        const std::string rule = expected_rule_name(p.name);
        const std::string wanted = normalize(p.line());
        const std::string key = "struct " + rule;
        CAPTURE(rule);
        int definitions = 0;
        bool commented = false;
        for (const auto& h : headers) {
            for (std::size_t i = 0; i < h.lines.size(); ++i) {
                const std::string& l = h.lines[i];
                const std::size_t at = l.find(key);
                if (at == std::string::npos) continue;
                if (at > 0 && is_ident_char(l[at - 1])) continue;
                const std::size_t after = at + key.size();
                if (after < l.size() && is_ident_char(l[after])) continue;
                if (trim(l).rfind("//", 0) == 0) continue;  // mentioned in a comment
                if (l.find(';', after) == after) continue;  // forward declaration
                ++definitions;
                // The trailing comment, or the comment block right above the struct.
                std::vector<std::string> comments;
                if (const std::size_t c = l.find("//", after); c != std::string::npos)
                    comments.push_back(l.substr(c + 2));
                for (std::size_t j = i; j-- > 0;) {
                    const std::string t = trim(h.lines[j]);
                    if (t.rfind("//", 0) != 0) break;
                    comments.push_back(t.substr(2));
                }
                for (const auto& c : comments)
                    if (normalize(c).find(wanted) != std::string::npos) commented = true;
                CHECK_MESSAGE(commented, h.name << ":" << i + 1 << " lacks the comment // " << wanted);
            }
        }
        CHECK_MESSAGE(definitions == 1, "expected exactly one definition of struct " << rule);
    }
}

// ---- strict structural grammar ----------------------------------------------------------

TEST_CASE("grammar: file accepts well-formed collections") {
    CHECK(accepts_file("(;)"));
    CHECK(accepts_file("(;FF[4])"));
    CHECK(accepts_file("( ; B [aa] )"));
    CHECK(accepts_file(" \t\r\n\v\f( \n;\tB\r\n[aa]\v[bb] \f; W[cc] ( ;) ) \n"));
    CHECK(accepts_file("(;C[a\\]b])"));
    CHECK(accepts_file("(;C[a\\\\])"));
    CHECK(accepts_file("(;C[\\\\\\]])"));
    CHECK(accepts_file("(;C[])"));
    CHECK_FALSE(accepts_file("(;C[(;)[]])"));  // "[" inside is plain, the first "]" closes
    CHECK(accepts_file("(;C[(;)[\\]])"));
    CHECK(accepts_file("(;A[1](;B[2])(;C[3]))"));
    CHECK(accepts_file("(;A[1])(;B[2])"));
    CHECK(accepts_file("(;FF[4]C[root](;C[a];C[b](;C[c]) (;C[d];C[e])) (;C[f](;C[g];C[h];C[i]) (;C[j])))"));
    CHECK(accepts_file("(;AB[aa][bb]\n[cc]LONGID[x:y];;;)"));
}

TEST_CASE("grammar: file accepts NUL bytes in values") {
    using namespace std::string_literals;
    CHECK(accepts_file("(;C[a\0b])"s));
    CHECK(accepts_file("(;C[\0])"s));
    CHECK(accepts_file("(;C[\\\0]B[\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0])"s));
    CHECK_FALSE(accepts_file("(;C[a\0b)"s));
}

TEST_CASE("grammar: file rejects malformed input") {
    CHECK_FALSE(accepts_file(""));
    CHECK_FALSE(accepts_file("  \n"));
    CHECK_FALSE(accepts_file("()"));
    CHECK_FALSE(accepts_file("("));
    CHECK_FALSE(accepts_file("(;"));
    CHECK_FALSE(accepts_file("(;B[aa]"));
    CHECK_FALSE(accepts_file("(;B[aa"));
    CHECK_FALSE(accepts_file("(;C[a\\])"));
    CHECK_FALSE(accepts_file("(;B)"));
    CHECK_FALSE(accepts_file("(;[aa])"));
    CHECK_FALSE(accepts_file("(;b[aa])"));
    CHECK_FALSE(accepts_file("(;Bb[aa])"));
    CHECK_FALSE(accepts_file("(;B[aa]))"));
    CHECK_FALSE(accepts_file("x(;)"));
    CHECK_FALSE(accepts_file("(;)x"));
    CHECK_FALSE(accepts_file("(B[aa])"));
    CHECK_FALSE(accepts_file("(;B[aa]()"));
    CHECK(accepts_file("(;(;))"));  // a variation right after the first node
    CHECK_FALSE(accepts_file("((;))"));  // a variation may only follow a node
    CHECK_FALSE(accepts_file("(;)(;"));
    CHECK_FALSE(accepts_file("\xEF\xBB\xBF(;)"));  // a BOM is the input layer's business
}

TEST_CASE("grammar: a million nested variations do not use the stack") {
    constexpr std::size_t depth = 1'000'000;
    std::string s;
    s.reserve(depth * 8);
    for (std::size_t i = 0; i < depth; ++i) s += "(;B[aa]";
    s.append(depth, ')');
    CHECK(accepts_file(s));
    s.pop_back();
    CHECK_FALSE(accepts_file(s));
    s += "))";
    CHECK_FALSE(accepts_file(s));
}

TEST_CASE("grammar: a million sibling variations") {
    constexpr std::size_t count = 1'000'000;
    std::string s = "(;FF[4]";
    s.reserve(count * 9 + 16);
    for (std::size_t i = 0; i < count; ++i) s += "(;B[aa])";
    s += ')';
    CHECK(accepts_file(s));
    s.pop_back();
    CHECK_FALSE(accepts_file(s));
}

TEST_CASE("grammar: structural productions one by one") {
    CHECK(whole_value<g::uc_letter>("Q"));
    CHECK_FALSE(whole_value<g::uc_letter>("q"));
    CHECK(whole_value<g::prop_ident>("ABCDEFGH"));
    CHECK_FALSE(whole_value<g::prop_ident>(""));
    CHECK(whole_value<g::prop_value>("[]"));
    CHECK(whole_value<g::prop_value>("[x\\]y]"));
    CHECK_FALSE(whole_value<g::prop_value>("[x"));
    CHECK(whole_value<g::property>("AB [aa] [bb]"));
    CHECK(whole_value<g::node>(";"));
    CHECK(whole_value<g::sequence>(";A[1] ;B[2]"));
    CHECK(whole_value<g::game_tree>("(;(;)(;))"));
    CHECK(whole_value<g::collection>(" (;) (;) "));
}

// ---- value types ----------------------------------------------------------------------

TEST_CASE("grammar: none digit number real") {
    CHECK(whole_value<g::none>(""));
    CHECK_FALSE(whole_value<g::none>("x"));
    CHECK(whole_value<g::digit>("7"));
    CHECK_FALSE(whole_value<g::digit>("a"));

    for (const std::string_view ok : {"+1", "-0", "12", "0", "007", "-123456789012345678901234567890"}) {
        CAPTURE(ok);
        CHECK(whole_value<g::number>(ok));
    }
    for (const std::string_view bad : {"1.", "+", "", "-", "1a", " 1", "1 ", "++1", "1+", "1.0", "\\1"}) {
        CAPTURE(bad);
        CHECK_FALSE(whole_value<g::number>(bad));
    }
    for (const std::string_view ok : {"1.5", "-3", "+0.25", "12", "-0.0"}) {
        CAPTURE(ok);
        CHECK(whole_value<g::real>(ok));
    }
    for (const std::string_view bad : {".5", "1.", "1.5.2", "-.5", "1e5", "", "+", "1,5"}) {
        CAPTURE(bad);
        CHECK_FALSE(whole_value<g::real>(bad));
    }
}

TEST_CASE("grammar: double and color") {
    CHECK(whole_value<g::double_>("1"));
    CHECK(whole_value<g::double_>("2"));
    for (const std::string_view bad : {"3", "0", "12", "", "+1"}) {
        CAPTURE(bad);
        CHECK_FALSE(whole_value<g::double_>(bad));
    }
    CHECK(whole_value<g::color>("B"));
    CHECK(whole_value<g::color>("W"));
    for (const std::string_view bad : {"b", "w", "BW", "", "X"}) {
        CAPTURE(bad);
        CHECK_FALSE(whole_value<g::color>(bad));
    }
}

TEST_CASE("grammar: simple_text and text accept any bytes") {
    using namespace std::string_literals;
    for (const std::string& s : {""s, "plain"s, "a\\]b"s, "a:b"s, "\\"s, "x\0y"s, "\n\r\t\\\n"s, "]"s}) {
        CHECK(whole_value<g::simple_text>(s));
        CHECK(whole_value<g::text>(s));
    }
}

TEST_CASE("grammar: the point move and stone rule of each game row") {
    using sgf::move_syntax;
    using sgf::point_syntax;
    using sgf::stone_syntax;
    using go_point = g::point<point_syntax::letter_pair>;  // Go, Amazons, Gess
    using go_move = g::move<move_syntax::go>;
    using go_stone = g::stone<stone_syntax::point, point_syntax::letter_pair>;
    for (const std::string_view ok : {"aa", "sS", "ZZ", "tt", "Az"}) {
        CAPTURE(ok);
        CHECK(whole_value<go_point>(ok));
        CHECK(whole_value<go_move>(ok));
        CHECK(whole_value<go_stone>(ok));
    }
    for (const std::string_view bad : {"a", "aaa", "a1", "", "1a", "a ", "a\\a"}) {
        CAPTURE(bad);
        CHECK_FALSE(whole_value<go_point>(bad));
        CHECK_FALSE(whole_value<go_stone>(bad));
    }
    CHECK(whole_value<go_move>(""));  // pass
    CHECK_FALSE(whole_value<go_move>("a"));
    CHECK_FALSE(whole_value<go_move>("abc"));

    // Hex, Twixt, LOA: column letters, then the row from 1.
    using cell = g::point<point_syntax::letters_number>;
    using hex_move = g::move<move_syntax::point>;
    for (const std::string_view ok : {"a1", "G5", "D11", "j10", "aA27", "AB6", "ab28", "zz100", "resign1"}) {
        CAPTURE(ok);
        CHECK(whole_value<cell>(ok));
        CHECK(whole_value<hex_move>(ok));
        CHECK(whole_value<g::stone<stone_syntax::point, point_syntax::letters_number>>(ok));
    }
    for (const std::string_view bad : {"1", "a0", "a01", "1a", "a1b", "", "a-1"}) {
        CAPTURE(bad);
        CHECK_FALSE(whole_value<cell>(bad));
        CHECK_FALSE(whole_value<hex_move>(bad));
    }
    // A special move is a word; whether it is one of the row's words is the action's
    // (src/values/decode_game.cpp; tests/value_types_test.cpp decodes them).
    for (const std::string_view word : {"swap-sides", "pass", "resign", "swap", "a"}) {
        CAPTURE(word);
        CHECK(whole_value<hex_move>(word));
        CHECK_FALSE(whole_value<cell>(word));
    }
    CHECK(whole_value<g::point<point_syntax::single_letter>>("x"));        // Backgammon
    CHECK(whole_value<g::point<point_syntax::digit_pair>>("46"));          // Octi
    CHECK(whole_value<g::stone<stone_syntax::octi>>("46CD"));
    CHECK_FALSE(whole_value<g::stone<stone_syntax::octi>>("46cd"));
    CHECK(whole_value<g::move<move_syntax::amazons>>("aabbcc"));
    CHECK(whole_value<g::move<move_syntax::gess>>("bb:cc"));
    CHECK(whole_value<g::move<move_syntax::loa>>("a1-b2!"));
    CHECK(whole_value<g::move<move_syntax::backgammon>>("31abcd"));
}

TEST_CASE("grammar: compose") {
    for (const std::string_view ok : {"6:7", "HexGui:0.10", ":", "a\\:b:c", "a:b\\:c", "\\\\:x", "a\\]:b", "aa:"}) {
        CAPTURE(ok);
        CHECK(whole_value<g::compose>(ok));
    }
    // No unescaped ':', or a second one (000_*: a ':' inside a composed text is escaped).
    for (const std::string_view bad : {"abc", "a:b:c", "a\\\\:b:c", "a\\:b", "", "6\\:7", "x\\"}) {
        CAPTURE(bad);
        CHECK_FALSE(whole_value<g::compose>(bad));
    }
}

// The rules sgf.ebnf names are the ones the product runs: for every value-type production,
// the decoding (src/values/, every value through its rule) accepts exactly what the rule
// registered in grammar/productions.hpp matches (a point also on the board, which the rule
// does not know: boards of unknown size here).
TEST_CASE("grammar: the registered value-type rules decide as the product decodes") {
    using namespace std::string_literals;
    const std::vector<std::string> samples = {
        ""s,     "0"s,    "1"s,    "2"s,     "3"s,    "+1"s,   "-0"s,    "12"s,   "007"s,  "1."s,    "1.5"s,
        "-3.25"s, ".5"s,  "1e5"s,  "1,5"s,   "B"s,    "W"s,    "b"s,     "BW"s,   "aa"s,   "sS"s,    "ZZ"s,
        "tt"s,   "a"s,    "aaa"s,  "a1"s,    "a:b"s,  ":"s,    "a\\:b"s, "a:b:c"s, "x\\"s, "\0"s,  "any text\n"s,
        "\0x"s, "1:2"s,  "aa:bb"s, "é"s};
    sgf::decode_options o;
    o.size = {};  // points not checked against a board: the rule's language
    o.rules_only = true;
    const auto rule_of = [](sgf::value_kind k, std::string_view v) {
        switch (k) {
            case sgf::value_kind::none: return whole_value<g::none>(v);
            case sgf::value_kind::number: return whole_value<g::number>(v);
            case sgf::value_kind::real: return whole_value<g::real>(v);
            case sgf::value_kind::double_value: return whole_value<g::double_>(v);
            case sgf::value_kind::color: return whole_value<g::color>(v);
            case sgf::value_kind::simple_text: return whole_value<g::simple_text>(v);
            case sgf::value_kind::text: return whole_value<g::text>(v);
            case sgf::value_kind::point: return whole_value<g::point<sgf::point_syntax::letter_pair>>(v);
            case sgf::value_kind::move: return whole_value<g::move<sgf::move_syntax::go>>(v);
            case sgf::value_kind::stone:
                return whole_value<g::stone<sgf::stone_syntax::point, sgf::point_syntax::letter_pair>>(v);
            default: return false;
        }
    };
    std::size_t compared = 0;
    for (const auto k : {sgf::value_kind::none, sgf::value_kind::number, sgf::value_kind::real,
                         sgf::value_kind::double_value, sgf::value_kind::color, sgf::value_kind::simple_text,
                         sgf::value_kind::text, sgf::value_kind::point, sgf::value_kind::move, sgf::value_kind::stone})
        for (const std::string& v : samples) {
            if (v.find('\\') != std::string::npos && k != sgf::value_kind::simple_text && k != sgf::value_kind::text)
                continue;  // escapes: the other kinds see the value after escape processing
            CAPTURE(sgf::to_string(k));
            CAPTURE(v);
            const bool decoded = !sgf::decode_kind(k, v, o).error;
            // Go's [tt] is a pass (a move) and a point; on a board of unknown size both.
            CHECK(decoded == rule_of(k, v));
            ++compared;
        }
    CHECK(compared > 300);
    // Compose: the product splits at the first unescaped ':' (split_compose) and takes a
    // second one in the second part for no Compose (E107, the JSON tree's one text).
    for (const std::string& v : samples) {
        CAPTURE(v);
        const auto parts = sgf::split_compose(v);
        CHECK(whole_value<g::compose>(v) == (parts && !sgf::split_compose(parts->second)));
    }
}

// ---- the value scanning loop -------------------------------------------------------------

TEST_CASE("grammar: find_value_end is the escape rule of 000_* byte by byte") {
    // 000_* "Escaping": '\' escapes the next byte; the first unescaped ']' ends the value.
    const auto by_bytes = [](const char* p, const char* end) {
        while (p < end && *p != ']') p += (*p == '\\' && p + 1 < end) ? 2 : 1;
        return p < end ? p : end;
    };
    // every split of short strings over the alphabet that matters, and longer random ones
    const std::string alphabet = "]\\a";
    std::vector<std::string> texts;
    for (std::size_t n = 0; n <= 7; ++n) {
        std::size_t combos = 1;
        for (std::size_t k = 0; k < n; ++k) combos *= alphabet.size();
        for (std::size_t c = 0; c < combos; ++c) {
            std::string t;
            for (std::size_t k = 0, x = c; k < n; ++k, x /= alphabet.size()) t += alphabet[x % alphabet.size()];
            texts.push_back(t);
        }
    }
    std::uint64_t seed = 12345;
    for (int i = 0; i < 2000; ++i) {
        std::string t;
        const std::size_t n = 20 + static_cast<std::size_t>(seed % 60);
        for (std::size_t k = 0; k < n; ++k) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            const auto r = static_cast<unsigned>(seed >> 59);
            t += r < 3 ? ']' : r < 7 ? '\\' : static_cast<char>('a' + r % 26);
        }
        texts.push_back(t);
    }
    std::size_t checked = 0;
    for (const std::string& t : texts)
        for (std::size_t from = 0; from <= t.size(); ++from) {
            const char* const b = t.data() + from;
            const char* const e = t.data() + t.size();
            REQUIRE_MESSAGE(sgf::detail::find_value_end(b, e) == by_bytes(b, e), "'" << t << "' from " << from);
            ++checked;
        }
    CHECK(checked > 10000);
}
