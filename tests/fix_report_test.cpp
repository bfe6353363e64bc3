// What sgfcheck fix says (src/fix/report.cpp, the notes of src/fix/): every change at its
// place with its rule number (FF[4], CA[UTF-8], a tt pass, the layout: 301-304), what remains
// in the output matched to the input (left, said, made), and a run's tally.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/fix.hpp"
#include "sgf/input.hpp"
#include "sgf/value.hpp"
#include "sgf/write.hpp"
#include "tests/shared_dir.hpp"
#include "tests/test_util.hpp"
#include "tools/conformance/corpus.hpp"
#include "tools/generate/generate.hpp"
#include "tools/unified_diff.hpp"

namespace {

struct run {
    sgf::load_result in;
    sgf::fix_result out;
    std::string text;
};

run fix_run(std::string bytes) {
    run r{sgf::load(std::move(bytes), {.lenient = true}), {}, {}};
    r.out = sgf::fix(r.in);
    r.text = sgf::write(r.out.trees);
    return r;
}

// The fix notes of rule `id`, as "CODE@line:col message".
std::string said(const run& r, sgf::rule id) {
    std::string s;
    for (const auto& d : r.out.diagnostics)
        if (d.id == id)
            s += (s.empty() ? "" : " | ") + std::string(d.code) + "@" + std::to_string(d.where.line) + ":" +
                 std::to_string(d.where.column) + " " + d.message;
    return s;
}

}  // namespace

TEST_CASE("fix report: the FF[4] upgrade and CA[UTF-8] are said where they happen") {
    const run ff3 = fix_run("(;FF[3]GM[1]CA[ISO-8859-1]PB[Hrab\xE1nek])\n");
    CHECK(ff3.text == "(;FF[4]GM[1]CA[UTF-8]PB[Hrab\u00E1nek])\n");
    CHECK(said(ff3, sgf::rule::ff4_written) == "I301@1:3 FF[3] written FF[4]");
    CHECK(said(ff3, sgf::rule::utf8_written) == "I302@1:13 CA[ISO-8859-1] written CA[UTF-8]");
    CHECK(ff3.out.diagnostics.size() == 2);  // canonical layout already: nothing else
    // no FF, no CA: said at the root node
    const run bare = fix_run("(;GM[1]\n;B[aa])\n");
    CHECK(said(bare, sgf::rule::ff4_written) == "I301@1:2 no FF (FF[1] by default): written FF[4]");
    CHECK(said(bare, sgf::rule::utf8_written) == "I302@1:2 no CA: written CA[UTF-8]");
    for (const auto& d : bare.out.diagnostics)
        if (d.id == sgf::rule::utf8_written) CHECK(d.hint.find("ASCII") != std::string::npos);
    // already FF[4] and UTF-8, written canonically: nothing said, nothing changed
    const run clean = fix_run("(;FF[4]CA[UTF-8]GM[1]\n;B[aa])\n");
    CHECK(clean.out.diagnostics.empty());
    CHECK(clean.text == "(;FF[4]CA[UTF-8]GM[1]\n;B[aa])\n");
}

TEST_CASE("fix report: bytes that are no character of the file's charset are kept and said") {
    // issue 22: CA[Shift_JIS]C[a\x82] became CA[UTF-8]C[a\x82] with nothing said
    const run sj = fix_run("(;FF[4]CA[Shift_JIS]C[a\x82])");
    CHECK(sj.text == "(;FF[4]CA[UTF-8]C[a\x82])\n");  // kept verbatim, nothing lost
    CHECK(said(sj, sgf::rule::invalid_bytes) == "W023@1:22 a value of C holds bytes that are no character in Shift_JIS");
    // the same in a per-value charset; and a UTF-8 file keeps its label: nothing new to say
    CHECK(said(fix_run("(;FF[4]CA[UTF-8]C[a\x82])"), sgf::rule::invalid_bytes).empty());
    CHECK(said(fix_run("(;FF[4]CA[Big5]C[\xA4\xA4\x80])"), sgf::rule::invalid_bytes).rfind("W023@1:", 0) == 0);
}

TEST_CASE("fix report: a tt pass written [] is said per move") {
    const run r = fix_run("(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[tt]\n;W[aa]\n;W[tt])\n");
    CHECK(r.text == "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[]\n;W[aa]\n;W[])\n");
    CHECK(said(r, sgf::rule::pass_written) == "I303@2:3 B[tt] written B[] | I303@4:3 W[tt] written W[]");
    // on a board over 19x19 tt is a point: nothing to say
    CHECK(fix_run("(;FF[4]CA[UTF-8]GM[1]SZ[21]\n;B[tt])\n").out.diagnostics.empty());
}

TEST_CASE("fix report: the layout is said once where the text first differs from fmt's") {
    const run spaced = fix_run("(;FF[4]CA[UTF-8]GM[1] ;B[aa])");
    CHECK(said(spaced, sgf::rule::canonical_written).rfind("I304@1:22 ", 0) == 0);
    // escapes that change no text are written canonically: said the same way
    const run escaped = fix_run("(;FF[4]CA[UTF-8]GM[1]C[a\\b])\n");
    CHECK(escaped.text == "(;FF[4]CA[UTF-8]GM[1]C[ab])\n");
    CHECK(said(escaped, sgf::rule::canonical_written).rfind("I304@1:25 ", 0) == 0);
    CHECK(escaped.out.diagnostics.size() == 1);
}

TEST_CASE("fix report: what remains is matched to the input") {
    // an error fix cannot repair: left, at the input's position
    const run r = fix_run("(;FF[4]CA[UTF-8]GM[1]SZ[9]RE[who knows]AB[zz])\n");
    const sgf::fix_remains rem = sgf::remaining_findings(r.in, r.out);
    CHECK(sgf_test::codes_of(rem.left, true) == "E113@1:29 E103@1:42");
    CHECK(rem.said.empty());
    CHECK(rem.made.empty());
    // an FF[3] property FF[4] dropped is kept, and fix says so (check calls it obsolete in FF[4])
    const run obsolete = fix_run("(;FF[3]GM[1]CH[1]\n;B[aa]CH[2])\n");
    CHECK(obsolete.text == "(;FF[4]CA[UTF-8]GM[1]CH[1]\n;B[aa]CH[2])\n");
    CHECK(said(obsolete, sgf::rule::obsolete_property).rfind("W211@1:13 CH (", 0) == 0);  // once, with its count
    const sgf::fix_remains kept = sgf::remaining_findings(obsolete.in, obsolete.out);
    CHECK(sgf_test::codes_of(kept.said) == "W211");
    CHECK(kept.said[0].count == 2);
    CHECK(kept.made.empty());
    // a value FF[4] has no form for, kept in a private property fix made: said
    const run apart = fix_run("(;FF[3]GM[1]DT[x])\n");
    CHECK(apart.text == "(;FF[4]CA[UTF-8]GM[1]XDT[x])\n");
    const sgf::fix_remains x = sgf::remaining_findings(apart.in, apart.out);
    CHECK(x.left.empty());
    CHECK(sgf_test::codes_of(x.said) == "I218 W210");
    CHECK(x.made.empty());
    // a clean file: nothing remains
    const run clean = fix_run("(;FF[4]CA[UTF-8]GM[1])\n");
    const sgf::fix_remains none = sgf::remaining_findings(clean.in, clean.out);
    CHECK((none.left.empty() && none.said.empty() && none.made.empty()));
}

TEST_CASE("fix report: a run's tally counts changes and what remains per code") {
    sgf::fix_tally t;
    const run a = fix_run("(;FF[3]GM[1]SZ[19];B[tt])");
    t.add(sgf::fix_findings(a.in, a.out), sgf::remaining_findings(a.in, a.out), true);
    const run b = fix_run("(;FF[4]CA[UTF-8]GM[1]SZ[9]AB[zz])\n");
    t.add(sgf::fix_findings(b.in, b.out), sgf::remaining_findings(b.in, b.out), false);
    CHECK(t.files == 2);
    CHECK(t.changed == 1);
    CHECK(t.files_with_changes_said == 1);
    CHECK(t.changes.at("I301 ff4_written") == 1);
    CHECK(t.changes.at("I302 utf8_written") == 1);
    CHECK(t.changes.at("I303 pass_written") == 1);
    CHECK(t.changes.at("I304 canonical_written") == 1);
    CHECK(t.changes.size() == 4);
    CHECK(t.left.at("E103 point_off_board") == 1);
    CHECK(t.files_with_left == 1);
    CHECK(t.made.empty());
    CHECK(sgf::fix_tally::changes_in(sgf::fix_findings(a.in, a.out)) == 4);
}

