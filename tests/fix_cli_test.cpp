// sgfcheck fix on many files and directories, --dry-run (a unified diff, checked by applying
// it: fuzz/unified_patch.hpp; the diff itself is unified_diff_test.cpp's), exit statuses that
// agree with check; fmt through the input stage (a UTF-16 file is written back in UTF-16);
// fmt and dump of many files.
#include <doctest/doctest.h>

#include <string>

#include "fuzz/unified_patch.hpp"
#include "tests/program_util.hpp"
#include "tests/shared_dir.hpp"
#include "tests/test_util.hpp"

namespace {

namespace fs = std::filesystem;
using sgf_test::run;
using sgf_test::slurp;
using sgf_test::temp_dir;

}  // namespace

TEST_CASE("fix: many files and directories at once") {
    temp_dir d;
    const std::string a = d.file("games/a.sgf", "(;FF[3]GaMe[1];B[aa]W[bb])");
    const std::string b = d.file("games/sub/b.sgf", "(;FF[4]CA[UTF-8]GM[1])\n");  // clean already
    const std::string c = d.file("games/c.sgf", "(;FF[4]RE[who knows])");      // an error fix leaves
    d.file("games/notes.txt", "not sgf");

    // --dry-run: a diff per changed file on stdout, nothing written
    const auto dry = run("fix --dry-run " + (d.path / "games").string());
    CHECK(dry.status == 1);  // c.sgf keeps an error
    CHECK(dry.out.find("--- a/" + a + "\n+++ b/" + a + "\n") != std::string::npos);
    CHECK(dry.out.find("+;W[bb])") != std::string::npos);
    CHECK(dry.out.find(b) == std::string::npos);  // nothing to change
    CHECK(slurp(a) == "(;FF[3]GaMe[1];B[aa]W[bb])");
    const std::string a_diff = dry.out.substr(0, dry.out.find("--- a/" + c));
    const auto applied_diff = sgf_fuzz::apply_unified_diff(slurp(a), a_diff, "a/" + a, "b/" + a);
    CHECK(applied_diff.error == "");
    const std::string applied = applied_diff.text;
    CHECK(applied == "(;FF[4]CA[UTF-8]GM[1]\n;B[aa]\n;W[bb])\n");

    // --in-place over files and folders: each replaced; the exit status says an error remains
    const auto in_place = run("fix --in-place " + (d.path / "games").string());
    CHECK(in_place.status == 1);
    CHECK(slurp(a) == applied);
    CHECK(slurp(b) == "(;FF[4]CA[UTF-8]GM[1])\n");
    CHECK(slurp(c) == "(;FF[4]CA[UTF-8]RE[who knows])\n");
    CHECK(slurp(d.path / "games" / "notes.txt") == "not sgf");
    CHECK(run("fix --in-place " + a + " " + b).status == 0);  // clean now

    // several inputs need a mode that names where each output goes
    CHECK(run("fix " + a + " " + b).status == 2);
    CHECK(run("fix -o x.sgf " + a + " " + b).status == 2);
    CHECK(run("fix --dry-run --in-place " + a).status == 2);
}

TEST_CASE("fmt: many files and directories at once") {
    temp_dir d;
    const std::string a = d.file("games/a.sgf", "( ;FF[4]GM[1] ;B[aa] ;W[bb] )");
    const std::string b = d.file("games/sub/b.sgf", "(;FF[4]GM[1]\n;B[cc])\n");  // canonical already
    const std::string c = d.file("games/c.sgf", "(;FF[4]C[x");                  // syntax errors: not written
    const std::string up = d.file("games/UP.SGF", "(;FF[4] GM[1])");
    d.file("games/notes.txt", "not sgf");
    const std::string games = (d.path / "games").string();

    // --dry-run: a diff per changed file, nothing written
    const auto dry = run("fmt --dry-run " + games);
    CHECK(dry.status == 1);  // c.sgf has syntax errors
    CHECK(dry.out.find("--- a/" + a + "\n+++ b/" + a + "\n") != std::string::npos);
    CHECK(dry.out.find("+++ b/" + up + "\n") != std::string::npos);
    CHECK(dry.out.find(b) == std::string::npos);  // nothing to change
    CHECK(slurp(a) == "( ;FF[4]GM[1] ;B[aa] ;W[bb] )");
    const std::size_t a_at = dry.out.find("--- a/" + a);
    const std::size_t next = dry.out.find("--- a/", a_at + 1);
    const auto applied_diff = sgf_fuzz::apply_unified_diff(
        slurp(a), dry.out.substr(a_at, next == std::string::npos ? std::string::npos : next - a_at), "a/" + a, "b/" + a);
    CHECK(applied_diff.error == "");
    const std::string applied = applied_diff.text;
    CHECK(applied == "(;FF[4]GM[1]\n;B[aa]\n;W[bb])\n");

    // --in-place: each changed file replaced (the mode kept), the clean one not touched
    fs::permissions(a, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    const auto b_time = fs::last_write_time(b);
    const auto in_place = run("fmt --in-place " + games);
    CHECK(in_place.status == 1);
    CHECK(slurp(a) == applied);
    CHECK(slurp(up) == "(;FF[4]GM[1])\n");
    CHECK(slurp(c) == "(;FF[4]C[x");
    CHECK(fs::last_write_time(b) == b_time);
    CHECK((fs::status(a).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
    CHECK(slurp(d.path / "games" / "notes.txt") == "not sgf");
    // --backup keeps the original; --include/--exclude as check takes them
    d.file("games/a.sgf", "(;FF[4]GM[1] ;B[aa])");
    CHECK(run("fmt --in-place --backup=.orig --exclude c.sgf,sub/ " + games).status == 0);
    CHECK(slurp(a + ".orig") == "(;FF[4]GM[1] ;B[aa])");
    CHECK(slurp(a) == "(;FF[4]GM[1]\n;B[aa])\n");
    // no temporary files left
    for (const auto& e : fs::recursive_directory_iterator(d.path))
        CHECK(e.path().filename().string().find(".sgfcheck-") == std::string::npos);

    // several inputs need a mode that says where each output goes
    CHECK(run("fmt " + a + " " + b).status == 2);
    CHECK(run("fmt " + games).status == 2);
    CHECK(run("fmt -o x.sgf " + a + " " + b).status == 2);
    CHECK(run("fmt --dry-run --in-place " + a).status == 2);
    CHECK(run("fmt --backup " + a).status == 2);
    CHECK(run("fmt -o " + a + " " + a).status == 2);  // -o naming the input: use --in-place
    CHECK(run("fmt --in-place -", "/dev/null").status == 2);
    // one file still goes to stdout
    CHECK(run("fmt " + up).out == "(;FF[4]GM[1])\n");
}

TEST_CASE("dump: several files are JSON Lines naming each file") {
    temp_dir d;
    const std::string a = d.file("games/a.sgf", "(;FF[4]C[a])");
    const std::string b = d.file("games/sub/b.sgf", "(;FF[4]C[b])");
    const std::string bad = d.file("games/c.sgf", "(;C[x");
    const std::string games = (d.path / "games").string();
    const auto r = run("dump " + games);
    CHECK(r.status == 1);  // c.sgf has errors
    CHECK(r.out == "{\"format\":\"sgf-tree\",\"version\":2,\"file\":\"" + a +
                       "\",\"trees\":[{\"nodes\":[[[\"FF\",[\"4\"]],[\"C\",[\"a\"]]]],\"variations\":[]}]}\n"
                       "{\"format\":\"sgf-tree\",\"version\":2,\"file\":\"" + bad +
                       "\",\"trees\":[{\"nodes\":[[[\"C\",[\"x\"]]]],\"variations\":[]}]}\n"
                       "{\"format\":\"sgf-tree\",\"version\":2,\"file\":\"" + b +
                       "\",\"trees\":[{\"nodes\":[[[\"FF\",[\"4\"]],[\"C\",[\"b\"]]]],\"variations\":[]}]}\n");
    // two files named: the same; one file: one document without "file", as before
    CHECK(run("dump " + a + " " + b).out.find("\"file\":\"" + b + "\"") != std::string::npos);
    CHECK(run("dump " + a).out.find("\"file\"") == std::string::npos);
    // --show-inherited and --positions name the file too; --exclude as for check
    const auto inh = run("dump --show-inherited --exclude c.sgf " + games);
    CHECK(inh.status == 0);
    CHECK(inh.out.find("\"version\":2,\"file\":\"" + a + "\",\"trees\":[{\"nodes\"") != std::string::npos);
    CHECK(run("dump --positions " + a + " " + b).out.find("\"version\":2,\"file\":\"" + b + "\"") != std::string::npos);
    // an unreadable file among them: exit 2, the others dumped
    const auto miss = run("dump " + a + " " + (d.path / "missing.sgf").string());
    CHECK(miss.status == 2);
    CHECK(miss.out.find("\"file\":\"" + a + "\"") != std::string::npos);
}

TEST_CASE("fix writes a file it keeps as it is byte for byte and one laid out otherwise as fmt does") {
    temp_dir d;
    // fixed already (fix's own output, an unknown property kept): its bytes, to stdout, to -o, unchanged in place
    const std::string kept_text = "(;FF[4]CA[UTF-8]GM[1]SZ[19]XY[kept]\n;B[pd]C[a \\] b]\n;W[dp])\n";
    const std::string kept = d.file("kept.sgf", kept_text);
    const auto out = run("fix " + kept);
    CHECK(out.status == 0);
    CHECK(out.out == kept_text);
    CHECK(run("fix -o " + (d.path / "copy.sgf").string() + " " + kept).status == 0);
    CHECK(slurp(d.path / "copy.sgf") == kept_text);
    CHECK(run("fix --dry-run " + kept).out.empty());
    CHECK(run("fix --in-place " + kept).status == 0);
    CHECK(slurp(kept) == kept_text);
    // the same trees laid out otherwise (I304): written as fmt writes them, not as they were read
    const std::string spaced = d.file("spaced.sgf", "(;FF[4]CA[UTF-8]GM[1] ;B[pd] )");
    const auto respaced = sgf_test::run_both("fix " + spaced);
    CHECK(respaced.out == "(;FF[4]CA[UTF-8]GM[1]\n;B[pd])\n");
    CHECK(respaced.err.find("I304") != std::string::npos);
    CHECK(run("fix --in-place " + spaced).status == 0);
    CHECK(slurp(spaced) == respaced.out);
    // and a file in another charset that fix keeps as trees: converted, not copied
    const std::string latin1 = d.file("latin1.sgf", "(;FF[4]CA[ISO-8859-1]GM[1]C[caf\xE9])\n");
    CHECK(run("fix " + latin1).out == "(;FF[4]CA[UTF-8]GM[1]C[caf\xC3\xA9])\n");
}

TEST_CASE("fix: the exit status agrees with check on the output") {
    temp_dir d;
    // nothing left: 0; a kept identifier without an upper-case letter: an error, 1
    CHECK(run("fix " + d.file("ok.sgf", "(;FF[3]GaMe[1])")).status == 0);
    const std::string low = d.file("low.sgf", "(;FF[3]black[aa])");
    const auto lower = run("fix " + low);
    CHECK(lower.status == 1);
    if (run(low).status == 1) {  // check calls the input an error too: the output is written
        CHECK(lower.out == "(;FF[4]CA[UTF-8]black[aa])\n");
        CHECK(run(d.file("low_out.sgf", lower.out)).status == 1);  // check agrees
    } else {  // the input passes check: fix never makes a passing file fail, so writes nothing
        CHECK(lower.out.empty());
    }
    // bytes fix could not place are kept: exit 0, nothing discarded
    const auto kept = run("fix " + d.file("junk.sgf", "GNU Go played this.\n(;FF[4];[lost] % B[aa])"));
    CHECK(kept.status == 0);
    CHECK(kept.out == "(;FF[4]CA[UTF-8]UNPLACED[GNU Go played this.]\n;B[aa]UNPLACED[[lost\\]][%])\n");
}

TEST_CASE("fmt and dump and fix read through the input stage") {
    temp_dir d;
    // UTF-16LE with a byte order mark: read, made canonical, written back in UTF-16LE
    const std::u16string text = u"\uFEFF(;FF[4]CA[UTF-16]PB[\u9ED1\u65B9]  ;B[aa])";
    std::string bytes;
    for (const char16_t c : text) {
        bytes += static_cast<char>(c & 0xFF);
        bytes += static_cast<char>(c >> 8);
    }
    const auto r = run("fmt " + d.file("u16.sgf", bytes));
    CHECK(r.status == 0);
    const std::u16string want = u"\uFEFF(;FF[4]CA[UTF-16]PB[\u9ED1\u65B9]\n;B[aa])\n";
    std::string want_bytes;
    for (const char16_t c : want) {
        want_bytes += static_cast<char>(c & 0xFF);
        want_bytes += static_cast<char>(c >> 8);
    }
    CHECK(r.out == want_bytes);
    // dump: the values in UTF-8; fix: written in UTF-8 (CA[UTF-8], no byte order mark)
    const auto j = run("dump " + d.path.string() + "/u16.sgf");
    CHECK(j.status == 0);
    CHECK(j.out.find("[\"CA\",[\"UTF-16\"]],[\"PB\",[\"\u9ED1\u65B9\"]]") != std::string::npos);
    const auto f = run("fix " + d.path.string() + "/u16.sgf");
    CHECK(f.status == 0);
    CHECK(f.out == "(;FF[4]CA[UTF-8]PB[\u9ED1\u65B9]\n;B[aa])\n");
    // a Latin-1 file stays Latin-1 (its bytes are not converted)
    const std::string l1 = d.file("l1.sgf", "(;FF[4]CA[ISO-8859-1]PB[Hrab\xE1nek]  )");
    CHECK(run("fmt " + l1).out == "(;FF[4]CA[ISO-8859-1]PB[Hrab\xE1nek])\n");
    CHECK(run("dump " + l1).out.find("[\"PB\",[\"Hrab\u00E1nek\"]]") != std::string::npos);
    CHECK(run("fix " + l1).out == "(;FF[4]CA[UTF-8]PB[Hrab\u00E1nek])\n");
}

TEST_CASE("fmt writes bytes that are no character of the file's charset back as they were") {
    // Bytes that are no character in Shift_JIS are kept as they are when read (W023): check
    // passes such a file, so fmt writes it (issue 22), those bytes exactly as they were, and
    // says so; the dry run agrees with the run (the dry_run fuzz target found them differ).
    temp_dir d;
    const std::string f = d.file("sj.sgf", "(;FF[4]C[\xff\xfe\x80]  C[\x82\xa0" "a\x82])");
    const auto real = sgf_test::run_both("fmt --charset=Shift_JIS " + f);
    CHECK(real.status == 0);
    CHECK(real.out == "(;FF[4]C[\xff\xfe\x80]C[\x82\xa0" "a\x82])\n");
    CHECK(real.err.find("warning[W023]") != std::string::npos);
    CHECK(real.err.find("are written back as they were") != std::string::npos);
    const auto dry = run("fmt --dry-run --charset=Shift_JIS " + f);
    CHECK(dry.status == real.status);
    CHECK(dry.out.find("+(;FF[4]C[\xff\xfe\x80]C[\xe3\x81\x82" "a\x82])") != std::string::npos);  // the diff of the texts
    // -o and --in-place write the same bytes
    const std::string out = (d.path / "out.sgf").string();
    CHECK(run("fmt --charset=Shift_JIS -o " + out + " " + f).status == 0);
    CHECK(slurp(out) == real.out);
    CHECK(run("fmt --charset=Shift_JIS --in-place " + f).status == 0);
    CHECK(slurp(f) == real.out);
    // the issue's file: its CA says Shift_JIS
    const std::string w23 = d.file("w23.sgf", "(;FF[4]CA[Shift_JIS]GM[1]SZ[19]C[a\x82\xff])");
    const auto issue = run("fmt " + w23);
    CHECK(issue.status == 0);
    CHECK(issue.out == "(;FF[4]CA[Shift_JIS]GM[1]SZ[19]C[a\x82\xff])\n");
    // UTF-16: a lone surrogate is written back as the code unit it was
    const std::string u16 = d.file("u16.sgf", std::string("\xff\xfe(\0;\0C\0[\0\0\xd8]\0)\0 \0", 18));
    const auto wide = run("fmt " + u16);
    CHECK(wide.status == 0);
    CHECK(wide.out == std::string("\xff\xfe(\0;\0C\0[\0\0\xd8]\0)\0\n\0", 18));
}

TEST_CASE("fmt writes nothing when bytes that are no character of the charset read as UTF-8 text") {
    // "D0 9F" is no character in Big5 (9F is no trail byte), kept verbatim (W023); in the
    // UTF-8 text the file was converted to, those two bytes are U+041F, which Big5 has (C8 44):
    // written back, the text would have said C8 44 where the file said D0 9F (the dry_run
    // fuzz target found a file whose kept bytes read as a character Big5 has not). fmt says
    // where and writes nothing; fix writes UTF-8 with the bytes as they were.
    temp_dir d;
    const std::string f = d.file("b5.sgf", "(;FF[4]CA[Big5]\nC[\xd0\x9f\x80])");
    const auto real = sgf_test::run_both("fmt " + f);
    CHECK(real.status == 1);
    CHECK(real.out.empty());
    CHECK(real.err.find("warning[W023]") != std::string::npos);
    CHECK(real.err.find(f + ":2:3: bytes that are no character in Big5 (W023) read as UTF-8 text there") != std::string::npos);
    CHECK(real.err.find("nothing written") != std::string::npos);
    const auto dry = run("fmt --dry-run " + f);
    CHECK(dry.status == 1);
    CHECK(dry.out.empty());
    CHECK(run("fmt --split " + f).status == 1);
    CHECK(std::distance(fs::directory_iterator(d.path), fs::directory_iterator()) == 1);  // no file split off
    CHECK(run("fmt --in-place " + f).status == 1);
    CHECK(slurp(f) == "(;FF[4]CA[Big5]\nC[\xd0\x9f\x80])");
    const auto fixed = run("fix " + f);
    CHECK(fixed.out == "(;FF[4]CA[UTF-8]C[\xd0\x9f\x80])\n");
    // kept bytes that read as no text are written back as they were
    const std::string g = d.file("b5b.sgf", "(;FF[4]CA[Big5]C[\x80\x80\xa4\x40\xff])");
    const auto kept = run("fmt " + g);
    CHECK(kept.status == 0);
    CHECK(kept.out == "(;FF[4]CA[Big5]C[\x80\x80\xa4\x40\xff])\n");
}

TEST_CASE("fmt writes every file check reads: each corpus file fmt refuses fails check") {
    // Issue 22: fmt has an answer for every file check passes. One fmt --dry-run over the
    // whole corpus; each file it writes nothing for must be one check reports an error in
    // (a syntax error fmt cannot place without a repair: sgfcheck fix's work).
    SGF_NEEDS_SHARED("corpus");
    const fs::path corpus = sgf_test::shared_dir() / "corpus";
    const auto dry = sgf_test::run_both("fmt --dry-run '" + corpus.string() + "'");
    CHECK((dry.status == 0 || dry.status == 1));
    std::size_t files = 0, refused = 0;
    for (const fs::path& f : sgf_test::files_under(corpus)) {
        ++files;
        const std::string said = "sgfcheck: " + f.string();
        const std::size_t at = dry.err.find(said);
        if (at == std::string::npos) continue;
        const std::size_t end = dry.err.find('\n', at);
        if (dry.err.substr(at, end - at).find("nothing written") == std::string::npos) continue;
        ++refused;
        CAPTURE(f.string());
        CHECK(run("check '" + f.string() + "'").status == 1);
    }
    CHECK(files > 9000);
    MESSAGE(refused << " of " << files << " corpus files not written by fmt; check fails each");
}

TEST_CASE("fix deletes only when asked and says each deletion") {
    // SGFC's -yP, -u, -o and -n as fix options (issue 22): --delete ID (repeatable and
    // comma-separated), --delete-unknown, --delete-obsolete, --delete-empty-nodes; each
    // deletion a finding at its place (I305, I306), counted in the closing summary, and a
    // second fix with the same options changes nothing.
    temp_dir d;
    const std::string f = d.file("d.sgf", "(;FF[3]GM[1]SZ[19]XY[1]RG[aa]VW[aa][bb]\n;B[aa];;W[bb]C[x](;)(;B[cc]))");
    const auto keep = sgf_test::run_both("fix " + f);
    CHECK(keep.out.find("XY[1]") != std::string::npos);  // nothing deleted unless asked
    CHECK(keep.out.find("RG[aa]") != std::string::npos);
    CHECK(keep.err.find("I305") == std::string::npos);
    const std::string options = " --delete-unknown --delete-obsolete --delete-empty-nodes --delete VW --delete=C ";
    const auto r = sgf_test::run_both("fix" + options + f);
    CHECK(r.status == 0);
    CHECK(r.out == "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[aa]\n;W[bb]\n(;B[cc]))\n");
    CHECK(r.err.find("d.sgf:1:19: info[I305]: XY deleted as asked") != std::string::npos);
    CHECK(r.err.find("d.sgf:1:24: info[I305]: RG deleted as asked") != std::string::npos);
    CHECK(r.err.find("d.sgf:1:30: info[I305]: VW deleted as asked") != std::string::npos);
    CHECK(r.err.find("d.sgf:2:14: info[I305]: C deleted as asked") != std::string::npos);
    CHECK(r.err.find("d.sgf:2:7: info[I306]: an empty node deleted") != std::string::npos);
    CHECK(r.err.find("d.sgf:2:19: info[I306]: an empty node deleted") != std::string::npos);
    CHECK(r.err.find("I305 property_deleted 4, I306 empty_node_deleted 2") != std::string::npos);  // the summary
    const std::string out = d.file("out.sgf", r.out);
    const auto again = sgf_test::run_both("fix" + options + out);
    CHECK(again.out == r.out);
    CHECK(again.err.empty());
    // the same through --in-place and --dry-run
    CHECK(run("fix --dry-run" + options + f).out.find("-(;FF[3]GM[1]SZ[19]XY[1]RG[aa]VW[aa][bb]") != std::string::npos);
    CHECK(run("fix --in-place" + options + f).status == 0);
    CHECK(sgf_test::slurp(f) == r.out);
    // what is no identifier, and what fix writes in every root, cannot be deleted
    CHECK(run("fix --delete b " + out).status == 2);
    CHECK(run("fix --delete FF " + out).status == 2);
    CHECK(run("fix --delete CA,C " + out).status == 2);
    // an FF[3] M or L named is deleted as it was read, not converted to TR or LB and kept
    // (fix --delete M,L said nothing and deleted nothing; found with --delete of FF[3]
    // identifiers, issue 20); what they convert to goes when that is named
    const std::string marks = d.file("marks.sgf", "(;FF[3]GM[1]SZ[9]\n;B[aa]M[aa]L[bb])");
    const auto ml = sgf_test::run_both("fix --delete M,L " + marks);
    CHECK(ml.out == "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n;B[aa])\n");
    CHECK(ml.err.find("marks.sgf:2:7: info[I305]: M deleted as asked") != std::string::npos);
    CHECK(ml.err.find("marks.sgf:2:12: info[I305]: L deleted as asked") != std::string::npos);
    CHECK(run("fix --delete TR,LB " + marks).out == "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n;B[aa])\n");
    // a move with a comment, a node fix's fast path keeps unread, loses C when asked too
    const auto plain = sgf_test::run_both("fix --delete C " + d.file("plain.sgf", "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd]C[hi]\n;W[dd])\n"));
    CHECK(plain.out == "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[pd]\n;W[dd])\n");
    CHECK(plain.err.find("plain.sgf:2:7: info[I305]: C deleted as asked") != std::string::npos);
}

TEST_CASE("fix moves variations stored one level too deep only when asked and says each") {
    // SGFC's -v as fix --variation-level (issue 22): alternatives of B[aa] written as
    // variations after it that take it back (AE[aa]) go beside it; each move said (I307),
    // counted in the summary, and a second fix with the option changes nothing.
    temp_dir d;
    const std::string f = d.file("v.sgf", "(;FF[4]CA[UTF-8]GM[1]SZ[19];W[dd];B[aa](;W[bb])\n(;AE[aa]C[alt];B[cc])(;AE[aa]AB[ee]))");
    const auto keep = sgf_test::run_both("fix " + f);
    CHECK(keep.out.find("AE[aa]") != std::string::npos);  // nothing moved unless asked
    CHECK(keep.err.find("I307") == std::string::npos);
    const auto r = sgf_test::run_both("fix --variation-level " + f);
    CHECK(r.status == 0);
    CHECK(r.out == "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;W[dd]\n(;B[aa]\n;W[bb])\n(;B[cc]C[alt])\n(;B[ee]))\n");
    CHECK(r.err.find("v.sgf:2:2: info[I307]: variation moved up one level: its first node, where AE[aa] took back B[aa], deleted; its "
                     "B[cc] is a variation beside B[aa] (the deleted node's C now in the node of B[cc])") != std::string::npos);
    CHECK(r.err.find("v.sgf:2:23: info[I307]: variation moved up one level: its first node's AE[aa] took back B[aa], and its AB[ee] "
                     "is written as the move B[ee] beside it") != std::string::npos);
    CHECK(r.err.find("I307 variation_level_corrected 2") != std::string::npos);  // the summary
    const auto again = sgf_test::run_both("fix --variation-level " + d.file("out.sgf", r.out));
    CHECK(again.out == r.out);
    CHECK(again.err.empty());
    // not Go: left as it is
    const auto hex = sgf_test::run_both("fix --variation-level " + d.file("hex.sgf", "(;FF[4]CA[UTF-8]GM[11]SZ[5];W[a1];B[a2](;W[b2])(;AE[a2];B[c3]))"));
    CHECK(hex.out.find("AE[a2]") != std::string::npos);
    CHECK(hex.err.find("I307") == std::string::npos);
    // one of them takes back two moves (sgfc_doc.txt, warning 56): none moved, and said where,
    // and in the summary as left, so that the option never does nothing without a word
    const std::string unsure = d.file("unsure.sgf", "(;FF[4]CA[UTF-8]GM[1]SZ[19];B[dd];W[aa](;B[bb])(;AE[aa];W[ba])\n(;AE[dd][aa];B[ef]))");
    const auto u = sgf_test::run_both("fix --variation-level " + unsure);
    CHECK(u.status == 0);
    CHECK(u.out.find("(;AE[aa]\n;W[ba])") != std::string::npos);
    CHECK(u.err.find("unsure.sgf:2:2: warning[W308]: 2 of the 2 variations after the first take back W[aa] with AE, but not "
                     "every one is an alternative of it") != std::string::npos);
    CHECK(u.err.find("left in 1 file: W308 variation_level_uncertain 1") != std::string::npos);
    CHECK(u.err.find("I307") == std::string::npos);
    // not asked, or variations that take nothing back: nothing to say
    CHECK(sgf_test::run_both("fix " + unsure).err.find("W308") == std::string::npos);
    const auto plain = sgf_test::run_both("fix --variation-level " + d.file("plain.sgf", "(;FF[4]CA[UTF-8]GM[1]SZ[19];B[dd];W[aa](;B[bb])(;B[cc]))"));
    CHECK(plain.err.find("W308") == std::string::npos);
}

TEST_CASE("fix says what the deletions asked make as theirs and not as a bug in fix") {
    // Deleting GM or SZ reads every move in another game or on another board; deleting B
    // leaves a W move on a stone B's capture took away. Such findings were said to be "made
    // by fix (a bug in fix)": they are the deletions', and a clean file they would break is
    // left unchanged for them (found by fix --delete ID over corpus samples, issue 20).
    temp_dir d;
    const std::string big = d.file("big.sgf", "(;FF[4]CA[UTF-8]GM[1]SZ[25]\n;B[xx]\n;W[yy])\n");
    const auto sz = sgf_test::run_both("fix --delete SZ " + big);
    CHECK(sz.status == 1);
    CHECK(sz.out.empty());
    CHECK(sz.err.find("error[E103]: B[xx]: point off the 19x19 board") != std::string::npos);
    CHECK(sz.err.find("made by the deletions asked") != std::string::npos);
    CHECK(sz.err.find("but the deletions asked would make fix's output fail it") != std::string::npos);
    CHECK(sz.err.find("bug in fix") == std::string::npos);
    CHECK(sz.err.find("left in 1 file: \n") == std::string::npos);  // no "left" line without anything left
    CHECK(sgf_test::slurp(big) == "(;FF[4]CA[UTF-8]GM[1]SZ[25]\n;B[xx]\n;W[yy])\n");
    // a warning the deletion makes (HA[2] without its stones): written, counted apart in the summary
    const std::string ha = d.file("ha.sgf", "(;FF[4]CA[UTF-8]GM[1]SZ[9]HA[2]AB[cc][gg]\n;W[ee])\n");
    REQUIRE(run("check " + ha).status == 0);
    const auto b = sgf_test::run_both("fix --delete AB " + ha);
    CHECK(b.status == 0);
    CHECK(b.out == "(;FF[4]CA[UTF-8]GM[1]SZ[9]HA[2]\n;W[ee])\n");
    CHECK(b.err.find("made by the deletions asked: W217 handicap_stones 1") != std::string::npos);
    CHECK(b.err.find("bug in fix") == std::string::npos);
}

TEST_CASE("fmt writes passes and point lists as old readers read them and keeps a header when asked") {
    // SGFC's -p, -e and -k as fmt options (issue 22): the same tree, another spelling.
    temp_dir d;
    const std::string f = d.file("p.sgf", "Subject: a game\n\n(;FF[4]GM[1]SZ[19]AB[aa:bc][dd]AE[ee];B[];W[cc])");
    CHECK(run("fmt " + f).status == 1);  // text before the game tree: refused unless kept
    const auto r = sgf_test::run_both("fmt --keep-header --pass-tt --expand-points " + f);
    CHECK(r.status == 0);
    CHECK(r.out == "Subject: a game\n\n(;FF[4]GM[1]SZ[19]AB[aa][ab][ac][ba][bb][bc][dd]AE[ee]\n;B[tt]\n;W[cc])\n");
    // the header is written back, not "skipped" as E002 says for check: said so, no error
    CHECK(r.err.find("E002") == r.err.find("E002 for check"));
    CHECK(r.err.find("skipped") == std::string::npos);
    CHECK(r.err.find("the 17 bytes before the first game tree are written back before it as they were") != std::string::npos);
    // without --keep-header, or with other syntax errors, E002 is said as an error
    CHECK(sgf_test::run_both("fmt " + f).err.find("error[E002]") != std::string::npos);
    const auto broken = sgf_test::run_both("fmt --keep-header " + d.file("broken.sgf", "head(;C[x"));
    CHECK(broken.status == 1);
    CHECK(broken.err.find("error[E002]") != std::string::npos);
    // the same tree: fmt of the output without the options gives what fmt gives of the input
    const std::string out = d.file("out.sgf", r.out);
    CHECK(run("fmt --keep-header " + out).out.find("(;FF[4]GM[1]SZ[19]AB[aa][ab][ac][ba][bb][bc][dd]AE[ee]\n;B[tt]") != std::string::npos);
    CHECK(run("--quiet " + out).status == 1);  // check still reports the header (E002)
    // a pass on a board bigger than 19x19 stays [] (tt is a point there); other games keep theirs
    CHECK(run("fmt --pass-tt " + d.file("big.sgf", "(;FF[4]GM[1]SZ[25];B[])")).out == "(;FF[4]GM[1]SZ[25]\n;B[])\n");
    CHECK(run("fmt --pass-tt --expand-points " + d.file("hex.sgf", "(;FF[4]GM[11]SZ[5];B[])")).out == "(;FF[4]GM[11]SZ[5]\n;B[])\n");
    // --dry-run and --in-place agree
    CHECK(run("fmt --dry-run --keep-header --pass-tt " + f).out.find("+;B[tt]") != std::string::npos);
    CHECK(run("fmt --in-place --keep-header --pass-tt --expand-points " + f).status == 0);
    CHECK(sgf_test::slurp(f) == r.out);
    // --compress-points, the other way (SGFC's default), in FF[4] only and said otherwise
    const auto c = sgf_test::run_both("fmt --compress-points " + d.file("c.sgf", "(;FF[4]GM[1]AB[aa][ab][ba][bb][dd])(;FF[3]GM[1]AB[aa][ab])"));
    CHECK(c.status == 0);
    CHECK(c.out == "(;FF[4]GM[1]AB[aa:bb][dd])\n(;FF[3]GM[1]AB[aa][ab])\n");
    CHECK(c.err.find("game tree 2 is FF[1]-FF[3] (no FF[4]), which has no compressed point lists") != std::string::npos);
    CHECK(run("fmt --compress-points --expand-points " + f).status == 2);
}

TEST_CASE("dump: outputs that would grow with the square of the file are refused before they are written") {
    temp_dir d;
    const auto nested = [](std::size_t depth) {
        std::string s;
        for (std::size_t k = 0; k < depth; ++k) s += "(;B[aa]";
        return s + std::string(depth, ')');
    };
    // --positions: a path per node, a number per level above it; 10,000 levels are 5e7
    // numbers, more than 1024 per node and 2^24; 4,000 levels (8e6) are written
    const std::string deep = d.file("deep.sgf", nested(10000)), shallow = d.file("shallow.sgf", nested(4000));
    const auto refused = sgf_test::run_both("dump --positions " + deep + " " + shallow);
    CHECK(refused.status == 2);
    CHECK(refused.err.find(deep + ": not dumped: the nodes' paths (positions) would hold 49995000 variation numbers: "
                                  "the variations nest 9999 deep") != std::string::npos);
    // the other file is dumped, whole
    CHECK(refused.out.rfind("{\"format\":\"sgf-tree\",\"version\":2,\"file\":\"" + shallow + "\"", 0) == 0);
    CHECK(refused.out.find("\"variations\":[0,0,0") != std::string::npos);
    CHECK(refused.out.find(deep) == std::string::npos);
    CHECK(run("dump " + deep).status == 0);  // without positions: linear

    // --show-inherited: each node lists the inherit properties in effect; a VW of the 361
    // points one by one over 60,000 nodes is ~110 MB for 0.4 MB
    std::string points, moves;
    for (char c = 'a'; c <= 's'; ++c)
        for (char r = 'a'; r <= 's'; ++r) points += std::string("[") + c + r + "]";
    for (int k = 0; k < 60000; ++k) moves += k % 2 ? ";W[aa]" : ";B[aa]";
    const std::string wide = d.file("wide.sgf", "(;FF[4]GM[1]SZ[19]VW" + points + moves + ")");
    const auto inh = sgf_test::run_both("dump --show-inherited " + wide);
    CHECK(inh.status == 2);
    CHECK(inh.out.empty());
    CHECK(inh.err.find(wide + ": not dumped: the inherited properties (--show-inherited) would be more than ") != std::string::npos);
    // the same view as one compressed list: written
    const std::string packed = d.file("packed.sgf", "(;FF[4]GM[1]SZ[19]VW[aa:ss]" + moves + ")");
    const auto ok = run("dump --show-inherited " + packed);
    CHECK(ok.status == 0);
    CHECK(ok.out.find("[[\"VW\",[[\"aa\",\"ss\"]]]]") != std::string::npos);
}
