// The JSON tree as other JSON readers read it: Python's json module, jq and node (JSON.parse)
// each read the dumps of the conformance cases, of the small corpus folders and of
// hand-written files (repeated properties, composed values, bytes that are not UTF-8,
// control characters, astral characters, other charsets) and print one canonical line per
// document; each line must equal what this suite's strict reader (tests/json_schema.hpp,
// which refuses a repeated key) makes of the same document. A reader that kept only one of
// two equal keys, reordered members or read a string differently would print another line.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/input.hpp"
#include "sgf/json.hpp"
#include "tests/json_schema.hpp"
#include "tests/program_util.hpp"
#include "tests/shared_dir.hpp"
#include "tests/test_util.hpp"
#include "tools/unified_diff.hpp"

namespace {

namespace fs = std::filesystem;

// The canonical line, the same in the four readers: the document with each string made
// ["s", code point, ...], each array ["a", item, ...] and each object ["o", [key, value], ...]
// (members in the reader's order), written as compact JSON. (jq builds no long strings this
// way: its join is slow on long arrays.)
constexpr const char* python_reader = R"(import json, sys
def t(v):
    if isinstance(v, str): return ["s"] + [ord(ch) for ch in v]
    if isinstance(v, list): return ["a"] + [t(x) for x in v]
    if isinstance(v, dict): return ["o"] + [[t(k), t(x)] for k, x in v.items()]
    if isinstance(v, float): return "fraction"
    return v
with open(sys.argv[1], encoding="utf-8", newline="") as f:
    docs = [json.loads(line) for line in f.read().split("\n") if line]  # at the default recursion limit
sys.setrecursionlimit(20000)  # for t(), two frames a level
for v in docs: print(json.dumps(t(v), separators=(",", ":")))
)";

constexpr const char* node_reader = R"(const fs = require("fs");
function t(v) {
  if (typeof v === "string") { const a = ["s"]; for (const ch of v) a.push(ch.codePointAt(0)); return a; }
  if (Array.isArray(v)) return ["a"].concat(v.map(t));
  if (v !== null && typeof v === "object") return ["o"].concat(Object.keys(v).map((k) => [t(k), t(v[k])]));
  if (typeof v === "number" && !Number.isInteger(v)) return "fraction";
  return v;
}
let out = "";
for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n")) if (line) out += JSON.stringify(t(JSON.parse(line))) + "\n";
process.stdout.write(out);
)";

constexpr const char* jq_reader =
    R"(def t: if type == "string" then ["s"] + explode elif type == "array" then ["a"] + map(t)
 elif type == "object" then ["o"] + (to_entries | map([(.key | t), (.value | t)]))
 elif type == "number" and . != floor then "fraction" else . end; t)";

std::u32string code_points(std::string_view s) {
    std::u32string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        char32_t cp = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
        for (int k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        out += cp;
        i += n;
    }
    return out;
}

void put_tagged_string(std::string& out, std::string_view s) {
    out += "[\"s\"";
    for (const char32_t cp : code_points(s)) {
        out += ',';
        out += std::to_string(static_cast<std::uint32_t>(cp));
    }
    out += ']';
}

// What the readers print for `v`. Recursive: the documents given to it are at most
// python_max_depth deep.
void canonical(std::string& out, const sgf_test::json::value& v) {
    using kind = sgf_test::json::value::kind;
    switch (v.k) {
        case kind::null: out += "null"; return;
        case kind::boolean: out += v.boolean ? "true" : "false"; return;
        case kind::number:
            out += v.integer ? std::to_string(static_cast<std::int64_t>(v.number)) : "\"fraction\"";
            return;
        case kind::string: put_tagged_string(out, v.text); return;
        case kind::array:
            out += "[\"a\"";
            for (const auto& item : v.items) {
                out += ',';
                canonical(out, item);
            }
            out += ']';
            return;
        case kind::object:
            out += "[\"o\"";
            for (const auto& [key, val] : v.members) {
                out += ",[";
                put_tagged_string(out, key);
                out += ',';
                canonical(out, val);
                out += ']';
            }
            out += ']';
            return;
    }
}

// Nesting depth of a JSON text (brackets outside strings).
std::size_t depth_of(std::string_view s) {
    std::size_t d = 0, most = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            most = std::max(most, ++d);
        } else if (c == ']' || c == '}') {
            --d;
        }
    }
    return most;
}

// jq 1.6 (Debian 12) refuses input nested deeper than 256 and Python's json module stops near
// its recursion limit of 1000: deeper documents go only to the readers that take them
// (include/sgf/json.hpp, "Nesting").
constexpr std::size_t jq_max_depth = 256;
constexpr std::size_t python_max_depth = 900;

bool have(const std::string& program) { return sgf_test::run_shell("command -v " + program + " >/dev/null 2>&1").status == 0; }

// The lines of `s` without their '\n'.
std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> out;
    for (std::string_view l : sgf::tools::lines_of(s)) {
        if (!l.empty() && l.back() == '\n') l.remove_suffix(1);
        out.emplace_back(l);
    }
    return out;
}

std::string dump(const sgf::load_result& r, bool positions) {
    std::string out;
    sgf::write_json(r, [&out](std::string_view s) { out.append(s); }, {.positions = positions});
    return out;
}

}  // namespace

TEST_CASE("json readers: Python and jq and node read every dump as the strict reader does") {
    SGF_NEEDS_SHARED("corpus");
    for (const char* p : {"python3", "jq", "node"})
        if (!have(p)) {
            (void)sgf_test::skip_test(std::string("needs ") + p + " (Debian packages python3 jq nodejs; .ci/setup installs them)");
            return;
        }
    sgf_test::temp_dir d;
    std::vector<std::string> docs;

    // Hand-written files through `sgfcheck dump` itself, in its three forms.
    std::vector<std::string> hand = {
        "(;AB[aa]AB[bb]AB[cc][dd])",                                   // repeated properties
        "(;AP[a\\:b:1]AP[a:b\\:1]AP[a:b:1]C[x:y]LB[aa:x\\:y][bb:])",  // composed values
        "(;CA[UTF-8]C[caf\xE9]GN[\xFF\xFE])",                           // not UTF-8: bytes
        std::string("(;CA[UTF-8]C[a\x01") + '\0' + "b\\\\c\"d\x7F\xE2\x82\xAC \xF0\x9D\x84\x9E \xE2\x80\xA8 \xEF\xBB\xBF])",
        "(;CA[ISO-8859-1]C[caf\xE9 \xA0])",                             // another charset
        "\xEF\xBB\xBF(;C[bom])",                                        // byte order mark
        "GNU Go played this game:\n(;FF[4]C[x];[lost][data]B[aa]junk W[bb](;C[v1])(;C[v2]))trailing",
        "(;FF[3]black[aa]b[bb]__proto__[x]toString[y]constructor[z])",  // identifiers a reader may treat specially
        "(;FF[4](;B[aa](;W[bb](;B[cc](;W[dd]))))(;B[ee]))",
    };
    // 200 nested variations: deeper than jq 1.6 reads (Python and node read it).
    std::string deep = "(;FF[4]";
    for (int i = 0; i < 200; ++i) deep += "(;C[" + std::to_string(i) + "]";
    hand.push_back(deep + std::string(201, ')'));
    for (std::size_t i = 0; i < hand.size(); ++i) {
        const std::string f = d.file("hand" + std::to_string(i) + ".sgf", hand[i]);
        for (const char* form : {"", "--positions ", "--show-inherited "}) {
            const auto r = sgf_test::run(std::string("dump --lenient ") + form + f);
            CAPTURE(hand[i]);
            CAPTURE(form);
            REQUIRE(r.status == 0);
            for (const auto& line : lines_of(r.out)) docs.push_back(line);
        }
    }
    // UTF-16 with its byte order mark.
    {
        std::string u16 = "\xFF\xFE";
        for (const char16_t c : std::u16string(u"(;C[caf\u00E9 \U0001D11E])")) {
            u16 += static_cast<char>(c & 0xFF);
            u16 += static_cast<char>(c >> 8);
        }
        const auto r = sgf_test::run("dump " + d.file("utf16.sgf", u16));
        REQUIRE(r.status == 0);
        docs.push_back(lines_of(r.out).at(0));
    }
    const std::size_t by_cli = docs.size();

    // Conformance cases and the small corpus folders, as `dump --lenient [--positions]` writes them.
    std::vector<fs::path> files = sgf_test::files_under(fs::path(SGF_SOURCE_DIR) / "conformance" / "cases");
    for (const char* folder : {"broken", "encodings", "legacy", "othergames", "joseki"}) {
        const auto more = sgf_test::files_under(sgf_test::shared_dir() / "corpus" / folder);
        files.insert(files.end(), more.begin(), more.end());
    }
    for (const fs::path& f : files) {
        const sgf::load_result r = sgf::load(sgf::file_bytes(sgf_test::slurp(f)), {.lenient = true});
        docs.push_back(dump(r, false));
        docs.push_back(dump(r, true));
    }

    // What the strict reader makes of each, and which readers take it.
    std::string all, shallow;
    std::vector<std::string> expected, expected_shallow;
    std::size_t too_deep = 0;
    for (const std::string& doc : docs) {
        REQUIRE(doc.find('\n') == std::string::npos);
        const std::size_t depth = depth_of(doc);
        if (depth > python_max_depth) {
            ++too_deep;
            continue;
        }
        std::string c;
        try {
            canonical(c, sgf_test::json::parse(doc));
        } catch (const std::exception& e) {
            FAIL_CHECK(e.what() << " in " << doc.substr(0, 300));
            continue;
        }
        all += doc + '\n';
        expected.push_back(c);
        if (depth <= jq_max_depth) {
            shallow += doc + '\n';
            expected_shallow.push_back(c);
        }
    }
    const std::string all_file = d.file("all.jsonl", all);
    const std::string shallow_file = d.file("shallow.jsonl", shallow);
    const std::string py = d.file("read.py", python_reader);
    const std::string js = d.file("read.js", node_reader);
    const std::string jq = d.file("read.jq", jq_reader);

    const auto compare = [](const char* reader, const sgf_test::run_result& r, const std::vector<std::string>& want,
                            const std::string& input) {
        CAPTURE(reader);
        REQUIRE(r.status == 0);
        const std::vector<std::string> got = lines_of(r.out);
        REQUIRE(got.size() == want.size());
        const std::vector<std::string> in = lines_of(input);
        std::size_t differ = 0;
        for (std::size_t i = 0; i < want.size(); ++i)
            if (got[i] != want[i] && ++differ <= 3) FAIL_CHECK(reader << " reads differently: " << in[i].substr(0, 400));
        CHECK(differ == 0);
    };
    compare("python3", sgf_test::run_shell("python3 " + py + " " + all_file), expected, all);
    compare("node", sgf_test::run_shell("node " + js + " " + all_file), expected, all);
    compare("jq", sgf_test::run_shell("jq -c -f " + jq + " " + shallow_file), expected_shallow, shallow);

    MESSAGE(expected.size() << " dumps (" << by_cli << " by sgfcheck dump) read the same by Python and node and "
                            << expected_shallow.size() << " by jq; " << too_deep << " deeper than " << python_max_depth);
    CHECK(expected.size() > 2000);
    CHECK(expected.size() - expected_shallow.size() >= 3);  // the deep file in its three forms
    CHECK(expected.size() - expected_shallow.size() < 20);  // and few others
}
