// The escaping of every JSON writer (src/write/json_escape.hpp): the controls, DEL, the C1
// controls (NEL among them) and U+2028/U+2029 as \uXXXX, in append_json_string, the JSON
// tree (also where a value's 64 KiB pieces cut such a character in two) and the JSON that
// sgfcheck prints (dump, --format=json, SARIF), so that no line-splitting reader breaks a
// record (issue 20: dump wrote raw U+2028 and U+0085).
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "tests/program_util.hpp"

namespace {

const std::string nel = "\xC2\x85", ls = "\xE2\x80\xA8", ps = "\xE2\x80\xA9";

// Whether `s` holds a character that splits lines for some reader, unescaped.
bool raw_separator(std::string_view s) {
    if (s.find(ls) != std::string_view::npos || s.find(ps) != std::string_view::npos) return true;
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
        if (static_cast<unsigned char>(s[i]) == 0xC2 && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
            static_cast<unsigned char>(s[i + 1]) <= 0x9F)
            return true;
    return false;
}

std::string json_string(std::string_view s) {
    std::string out;
    sgf::append_json_string(out, s);
    return out;
}

}  // namespace

TEST_CASE("json escaping: line and paragraph separators and C1 controls are escaped and nothing else") {
    CHECK(json_string("a" + nel + "b" + ls + "c" + ps + "d") == R"("a\u0085b\u2028c\u2029d")");
    CHECK(json_string("\xC2\x80\xC2\x9F\x7F\x01\n") == R"("\u0080\u009f\u007f\u0001\n")");
    // the characters around them stay as they are
    const std::string kept = "\xC2\xA0\xE2\x80\xA7\xE2\x80\xAA\xC3\xA9\xF0\x9F\x98\x80";  // U+00A0 U+2027 U+202A é 😀
    CHECK(json_string(kept) == "\"" + kept + "\"");
    CHECK(json_string("\"\\/") == R"("\"\\/")");
}

TEST_CASE("json escaping: the JSON tree escapes them in values of any length") {
    const auto tree = [](const std::string& value) { return sgf::to_json(sgf::parse("(;C[" + value + "])").trees); };
    CHECK(tree("x" + nel + ls + ps) ==
          R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["C",["x\u0085\u2028\u2029"]]]],"variations":[]}]})");
    // a value is escaped in pieces of 64 KiB: a character cut by a piece's end is still
    // escaped, and one that is not escaped is still whole
    for (std::size_t before = 65530; before < 65540; ++before) {
        CAPTURE(before);
        for (const std::string& c : {nel, ls, std::string("\xF0\x9F\x98\x80"), std::string("\\]") + ls}) {
            const std::string value = std::string(before, 'x') + c + "y";
            const std::string j = tree(value);
            CHECK_FALSE(raw_separator(j));
            std::string expected = std::string(before, 'x');
            if (c == nel) expected += "\\u0085";
            else if (c == ls) expected += "\\u2028";
            else if (c.size() == 4) expected += c;
            else expected += "]\\u2028";
            CHECK(j.find(expected + "y\"") != std::string::npos);
        }
    }
}

TEST_CASE("json escaping: what sgfcheck prints as JSON has no raw separator") {
    sgf_test::temp_dir d;
    // a value with them, a finding whose message quotes them, a file name with one
    const std::string f = d.file("name" + ls + ".sgf", "(;FF[4]GM[1]SZ[19]KM[" + nel + ls + "]C[" + ps + nel + "])");
    for (const std::string args : {"dump", "dump --positions", "dump --show-inherited", "check --format=json",
                                   "check --format=sarif", "check --format=json --statistics --show-findings"}) {
        CAPTURE(args);
        const auto r = sgf_test::run_both(args + " '" + f + "' '" + f + "'");
        CHECK(r.status <= 1);
        CHECK(r.out.find("\\u2028") != std::string::npos);
        CHECK_FALSE(raw_separator(r.out));
    }
}

TEST_CASE("json escaping: a property written in place is what the general path writes") {
    // to_json writes printable ASCII properties in one piece (json.cpp plain_property); with a
    // decoder it takes the general path for every value. Both must agree on the values that
    // leave the in-place path half way: a quote or a backslash, a control, non-ASCII, a ':' of
    // a compose value, and a property longer than the in-place room (2,048 bytes).
    const auto identity = [](std::size_t, std::string_view raw) { return std::string(raw); };
    const std::string cases[] = {
        "(;B[pd]W[dd]AB[aa][bb][cc]C[plain text])",
        "(;C[say \"hi\"]N[a\\]b]GN[a\\\\b])",
        "(;C[tab\there]GN[line\nbreak]PB[\xC3\xA9])",
        "(;AP[app:1.0]LB[dd:A][pp:B]SZ[19:9]C[a:b])",
        "(;AP[a:b:c]LB[dd\\:x:A])",
        "(;GM[2]SZ[11]LB[aa:A])",
        "(;C[" + std::string(2040, 'x') + "]GN[" + std::string(5000, 'y') + "])",
        "(;AB" + [] {
            std::string s;
            for (int i = 0; i < 600; ++i) s += "[aa]";
            return s;
        }() + ")",
        "(;C[])",
        "(;FF[4]C[\x7f])",
    };
    for (const std::string& in : cases) {
        CAPTURE(in);
        const sgf::collection c = sgf::parse(in, {.lenient = true}).trees;
        CHECK(sgf::to_json(c) == sgf::to_json(c, identity));
    }
    CHECK(sgf::to_json(sgf::parse(std::string_view("(;AP[a:1]C[x:y])")).trees) ==
          R"({"format":"sgf-tree","version":2,"trees":[{"nodes":[[["AP",[["a","1"]]],["C",["x:y"]]]],"variations":[]}]})");
}
