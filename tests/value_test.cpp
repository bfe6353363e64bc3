// include/sgf/value.hpp: unescape, decode_text, decode_simple_text, split_compose,
// canonical_raw, escape (000_* "Text", "SimpleText", "Escaping"; ff4_sgf.txt 3.2).
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sgf/parse.hpp"
#include "sgf/value.hpp"
#include "tests/test_util.hpp"

namespace {

using namespace std::string_literals;
using sgf_test::parse_ok;
using sgf_test::shared_dir;

struct line_break {
    const char* name;
    std::string bytes;
};

// 000_* "Formatting": "An application should be able to deal with following linebreaks:
// LF, CR, LFCR, CRLF."
const std::vector<line_break>& line_breaks() {
    static const std::vector<line_break> all{{"LF", "\n"}, {"CR", "\r"}, {"CRLF", "\r\n"}, {"LFCR", "\n\r"}};
    return all;
}

std::string read_text(const sgf_test::fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    REQUIRE_MESSAGE(f.good(), "cannot open " << p.string());
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The value of the only property of the only node of "(;C[...])".
std::string raw_through_parser(const std::string& raw) {
    const auto c = parse_ok("(;C[" + raw + "])");
    const auto p = c[0][0].find("C");
    REQUIRE(p.has_value());
    REQUIRE(p->size() == 1);
    return std::string(p->front().raw());
}

// The spec's example (ff4_sgf.txt 3.2.1, 000_* "Text"), written with `lb` as line break.
// The '\' after "won" and "anyone" is followed by a line break: soft line breaks.
std::string meijin_raw(const std::string& lb) {
    return "Meijin NR: yeah, k4 is won\\" + lb + "derful" + lb + "sweat NR: thank you! :\\)" + lb +
           "dada NR: yup. I like this move too. It's a move only to be expected from a pro. I really like it :)" +
           lb + "jansteen 4d: Can anyone\\" + lb + " explain [me\\] k4?";
}

const std::string meijin_simple =
    "Meijin NR: yeah, k4 is wonderful sweat NR: thank you! :) dada NR: yup. I like this move too. "
    "It's a move only to be expected from a pro. I really like it :) jansteen 4d: Can anyone explain [me] k4?";

const std::string meijin_text =
    "Meijin NR: yeah, k4 is wonderful\nsweat NR: thank you! :)\n"
    "dada NR: yup. I like this move too. It's a move only to be expected from a pro. I really like it :)\n"
    "jansteen 4d: Can anyone explain [me] k4?";

}  // namespace

TEST_SUITE("value") {

TEST_CASE("unescape removes the escape character and nothing else") {
    struct row {
        std::string raw, expected;
    };
    const std::vector<row> rows{
        {"", ""},
        {"abc", "abc"},
        {R"(a\]b)", "a]b"},
        {R"(a\\b)", R"(a\b)"},
        {R"(a\:b)", "a:b"},
        {R"(\n)", "n"},           // backslash + letter: the letter
        {R"(\\\])", R"(\])"},     // escaped '\' then escaped ']'
        {"a\tb", "a\tb"},         // white space is not converted by unescape
        {"a\\\tb", "a\tb"},       // escaped tab: the tab (only Text converts it)
        {"a\nb", "a\nb"},         // a hard line break is kept as written
        {"a\r\nb", "a\r\nb"},
        {"a\\ b", "a b"},
        {"\xc3\xa9\\\xc3\xa9", "\xc3\xa9\xc3\xa9"},  // escape before a UTF-8 lead byte
    };
    for (const auto& r : rows) {
        CAPTURE(r.raw);
        CHECK(sgf::unescape(r.raw) == r.expected);
    }
}

TEST_CASE("soft line breaks in all four forms are removed") {
    for (const auto& lb : line_breaks()) {
        CAPTURE(lb.name);
        const std::string raw = "o\\" + lb.bytes + "k";
        CHECK(sgf::unescape(raw) == "ok");
        CHECK(sgf::decode_text(raw) == "ok");
        CHECK(sgf::decode_simple_text(raw) == "ok");
        CHECK(sgf::canonical_raw(raw) == "ok");
        // At the very end of a value too, and through the parser.
        CHECK(sgf::decode_text("end\\" + lb.bytes) == "end");
        CHECK(raw_through_parser(raw) == raw);
        CHECK(sgf::decode_text(raw_through_parser(raw)) == "ok");
    }
    // A soft line break removes exactly one line break: a following hard one stays.
    CHECK(sgf::decode_text("a\\\n\nb") == "a\nb");
    CHECK(sgf::decode_text("a\\\r\n\r\nb") == "a\nb");
    CHECK(sgf::decode_text("a\\\n\r\n\rb") == "a\nb");
    CHECK(sgf::decode_text("a\\\r\rb") == "a\nb");
}

TEST_CASE("hard line breaks in all four forms") {
    for (const auto& lb : line_breaks()) {
        CAPTURE(lb.name);
        const std::string raw = "o" + lb.bytes + "k";
        CHECK(sgf::decode_text(raw) == "o\nk");          // Text keeps it, as one "\n"
        CHECK(sgf::decode_simple_text(raw) == "o k");    // SimpleText: a space
        CHECK(sgf::unescape(raw) == raw);                // escape processing keeps the bytes
        CHECK(sgf::canonical_raw(raw) == raw);
        // Two of them are two line breaks (an empty line), not one.
        const std::string two = "o" + lb.bytes + lb.bytes + "k";
        CHECK(sgf::decode_text(two) == "o\n\nk");
        CHECK(sgf::decode_simple_text(two) == "o  k");
    }
    CHECK(sgf::decode_text("\n") == "\n");
    CHECK(sgf::decode_text("a\n\r\r\nb") == "a\n\nb");  // LFCR then CRLF
}

TEST_CASE("white space other than line breaks becomes a space in Text and SimpleText") {
    for (const char w : {' ', '\t', '\v', '\f'}) {
        CAPTURE(static_cast<int>(w));
        const std::string plain = "a"s + w + "b";
        const std::string escaped = "a\\"s + w + "b";
        CHECK(sgf::decode_text(plain) == "a b");
        CHECK(sgf::decode_simple_text(plain) == "a b");
        // "Any char following '\' is inserted verbatim (exception: whitespaces still have
        // to be converted to space!)"
        CHECK(sgf::decode_text(escaped) == "a b");
        CHECK(sgf::decode_simple_text(escaped) == "a b");
        CHECK(sgf::unescape(escaped) == plain);
    }
}

TEST_CASE("the spec's Meijin NR example renders as the spec says") {
    for (const auto& lb : line_breaks()) {
        CAPTURE(lb.name);
        const std::string raw = meijin_raw(lb.bytes);
        CHECK(sgf::decode_simple_text(raw) == meijin_simple);
        CHECK(sgf::decode_text(raw) == meijin_text);
        // Through the parser and the value view.
        const auto c = parse_ok("(;C[" + raw + "])");
        const sgf::value v = c[0][0].find("C")->front();
        CHECK(v.raw() == raw);
        CHECK(v.simple_text() == meijin_simple);
        CHECK(v.text() == meijin_text);
        CHECK(v.unescaped().find("wonderful") != std::string::npos);
        REQUIRE(v.composed().has_value());  // ':' in "NR:" splits only when a compose is asked for
        CHECK(v.composed()->first == "Meijin NR");
    }
}

TEST_CASE("the Meijin NR example as stored in the spec files") {
    SGF_NEEDS_SHARED("spec");
    // ff4_sgf.txt keeps the example's line breaks; 000_* has the one-line rendering.
    const std::string page = read_text(shared_dir() / "spec" / "reference" / "ff4_sgf.txt");
    const std::size_t open = page.find("C[Meijin NR");
    REQUIRE(open != std::string::npos);
    const std::size_t close = page.find("k4?]", open);
    REQUIRE(close != std::string::npos);
    const std::string value = page.substr(open, close + 4 - open);  // C[...]
    const std::string raw = value.substr(2, value.size() - 3);
    REQUIRE(raw.find("won\\\nderful") != std::string::npos);  // a real soft line break
    CHECK(sgf::decode_text(raw) == meijin_text);

    std::string spec;
    for (const auto& e : sgf_test::fs::directory_iterator(shared_dir() / "spec"))
        if (e.path().filename().string().rfind("000_", 0) == 0) spec = read_text(e.path());
    REQUIRE_FALSE(spec.empty());
    const std::size_t r = spec.find("\nMeijin NR: yeah");
    REQUIRE(r != std::string::npos);
    std::string rendering = spec.substr(r + 1, spec.find('\n', r + 1) - r - 1);
    if (!rendering.empty() && rendering.back() == '\r') rendering.pop_back();
    CHECK(rendering == meijin_simple);
    CHECK(sgf::decode_simple_text(raw) == rendering);

    const auto t = sgf_test::tree_of("(;" + value + ")");
    CHECK(t[0].find("C")->front().simple_text() == rendering);
}

TEST_CASE("split_compose splits at the first unescaped colon") {
    using parts = std::optional<std::pair<std::string_view, std::string_view>>;
    const auto split = [](std::string_view raw) -> parts { return sgf::split_compose(raw); };
    // C[10:30] is one Text; only a caller that asks for a compose gets a split.
    CHECK(sgf::decode_text("10:30") == "10:30");
    CHECK(sgf::unescape("10:30") == "10:30");
    const parts p = split("10:30");
    REQUIRE(p.has_value());
    CHECK(p->first == "10");
    CHECK(p->second == "30");
    const std::string_view s = "10:30";  // the parts are views into the argument; ':' is at 2
    CHECK(sgf::split_compose(s)->first.data() == s.data());
    CHECK(sgf::split_compose(s)->first.size() == 2);
    CHECK(sgf::split_compose(s)->second.data() == s.data() + 3);

    const parts ap = split(R"(a\:b:1.0)");
    REQUIRE(ap.has_value());
    CHECK(ap->first == R"(a\:b)");  // raw, still escaped
    CHECK(ap->second == "1.0");
    CHECK(sgf::unescape(ap->first) == "a:b");

    CHECK_FALSE(split("").has_value());
    CHECK_FALSE(split("abc").has_value());
    CHECK_FALSE(split(R"(a\:b)").has_value());
    CHECK_FALSE(split("a\\").has_value());
    CHECK(split(":") == parts{{"", ""}});
    CHECK(split("ab:") == parts{{"ab", ""}});
    CHECK(split(":ab") == parts{{"", "ab"}});
    CHECK(split("a:b:c") == parts{{"a", "b:c"}});
    CHECK(split(R"(a\\:b)") == parts{{R"(a\\)", "b"}});  // escaped '\', then a real ':'
    CHECK(split(R"(a\]:b)") == parts{{R"(a\])", "b"}});
}

TEST_CASE("compose values through the parser") {
    const auto t = sgf_test::tree_of(R"((;AP[a\:b:1.0]C[10:30]LB[dc:1][fc:a\:b]))");
    const sgf::node n = t[0];
    const sgf::value ap = n.find("AP")->front();
    CHECK(ap.raw() == R"(a\:b:1.0)");
    REQUIRE(ap.composed().has_value());
    CHECK(ap.composed()->first == R"(a\:b)");
    CHECK(ap.composed()->second == "1.0");
    const sgf::value c = n.find("C")->front();
    CHECK(c.text() == "10:30");
    CHECK(c.composed()->first == "10");
    const auto lb = n.find("LB")->values();
    REQUIRE(lb.size() == 2);
    CHECK(lb[1].composed()->first == "fc");
    CHECK(sgf::unescape(lb[1].composed()->second) == "a:b");
}

TEST_CASE("canonical_raw keeps exactly the needed escapes") {
    struct row {
        std::string raw, canonical;
    };
    const std::vector<row> rows{
        {"", ""},
        {"ab", "ab"},
        {R"(a\b)", "ab"},            // needless escape dropped
        {R"(a\]b)", R"(a\]b)"},
        {R"(a\\b)", R"(a\\b)"},
        {R"(a\:b)", R"(a\:b)"},      // kept: it may be part of a compose
        {"a:b", "a:b"},              // not added
        {"a\\ b", "a b"},
        {"a\\\tb", "a\tb"},
        {"a\\\nb", "ab"},            // soft line break dropped
        {"a\nb", "a\nb"},            // hard line break kept
        {"a\n\rb", "a\n\rb"},
        {R"(\\\]\:)", R"(\\\]\:)"},
        {"a\\", "a\\\\"},            // a lone trailing '\' (unclosed value) is a literal '\'
    };
    for (const auto& r : rows) {
        CAPTURE(r.raw);
        CHECK(sgf::canonical_raw(r.raw) == r.canonical);
    }
}

TEST_CASE("canonical_raw decodes like the raw value and is idempotent") {
    std::vector<std::string> raws{R"(a\b)", R"(a\]b)", R"(\\)", R"(a\:b:c)", "x\\\r\ny", "x\\\n\ry", "x\\\ry",
                                  "tab\\\there", "hard\r\nbreak", "\\\xc3\xa9", std::string("nul\0\\\0x", 7),
                                  meijin_raw("\n"), meijin_raw("\r\n"), meijin_raw("\n\r"), meijin_raw("\r")};
    for (const auto& raw : raws) {
        CAPTURE(raw);
        const std::string c = sgf::canonical_raw(raw);
        CHECK(sgf::canonical_raw(c) == c);
        CHECK(sgf::unescape(c) == sgf::unescape(raw));
        CHECK(sgf::decode_text(c) == sgf::decode_text(raw));
        CHECK(sgf::decode_simple_text(c) == sgf::decode_simple_text(raw));
        CHECK(sgf::split_compose(c).has_value() == sgf::split_compose(raw).has_value());
        CHECK(c.size() <= raw.size());
        CHECK(raw_through_parser(c) == c);  // a canonical value is a closed value as it stands
    }
}

TEST_CASE("escape escapes backslash and bracket and optionally the colon") {
    CHECK(sgf::escape("") == "");
    CHECK(sgf::escape("plain text") == "plain text");
    CHECK(sgf::escape(R"(a]b\c:d)") == R"(a\]b\\c:d)");
    CHECK(sgf::escape(R"(a]b\c:d)", true) == R"(a\]b\\c\:d)");
    CHECK(sgf::escape("[me]") == R"([me\])");
    const std::vector<std::string> texts{"", "a]b", R"(\)", R"(\\])", "10:30", "line\nbreak", "x:y:z",
                                         std::string("n\0l", 3), "[me] k4?"};
    for (const auto& t : texts) {
        CAPTURE(t);
        CHECK(sgf::unescape(sgf::escape(t)) == t);
        CHECK(sgf::unescape(sgf::escape(t, true)) == t);
        CHECK(sgf::canonical_raw(sgf::escape(t)) == sgf::escape(t));
        CHECK(raw_through_parser(sgf::escape(t)) == sgf::escape(t));
        // The escaped colon survives a compose split: only the real separator splits.
        const std::string composed = sgf::escape(t, true) + ":" + sgf::escape(t, true);
        const auto parts = sgf::split_compose(composed);
        REQUIRE(parts.has_value());
        CHECK(sgf::unescape(parts->first) == t);
        CHECK(sgf::unescape(parts->second) == t);
    }
}

TEST_CASE("NUL bytes are kept") {
    const std::string raw("a\0b\\\0c", 6);  // NUL, then an escaped NUL
    const std::string expected("a\0b\0c", 5);
    CHECK(sgf::unescape(raw) == expected);
    CHECK(sgf::decode_text(raw) == expected);
    CHECK(sgf::decode_simple_text(raw) == expected);
    CHECK(sgf::canonical_raw(raw) == expected);
    CHECK(sgf::escape(expected) == expected);
    const std::string doc = "(;C[" + raw + "]GN[\0])"s;
    const auto t = sgf_test::tree_of(doc);
    const sgf::value v = t[0].find("C")->front();
    CHECK(v.raw().size() == 6);
    CHECK(v.raw() == raw);
    CHECK(v.text() == expected);
    CHECK(t[0].find("GN")->front().raw() == "\0"s);
}

TEST_CASE("value views from the parser") {
    const auto t = sgf_test::tree_of("(;B[]C[a\\]b]AB[aa] [bb]\n[cc])");
    const sgf::node n = t[0];
    const sgf::value b = n.find("B")->front();
    CHECK(b.empty());
    CHECK(b.raw().empty());
    CHECK(b.text().empty());
    const sgf::value c = n.find("C")->front();
    CHECK_FALSE(c.empty());
    CHECK(c.raw() == "a\\]b");
    CHECK(c.unescaped() == "a]b");
    const auto ab = *n.find("AB");
    CHECK(ab.size() == 3);
    std::vector<std::string> got;
    for (const sgf::value& v : ab) got.emplace_back(v.raw());
    CHECK(got == std::vector<std::string>{"aa", "bb", "cc"});
    CHECK(ab[2].raw() == "cc");
    CHECK_THROWS_AS((void)ab[3], std::out_of_range);
    // A default value is empty and has no position.
    const sgf::value none;
    CHECK(none.raw().empty());
    CHECK_FALSE(none.pos().known());
}

}  // TEST_SUITE
