// sgfcheck fix over every file of ../shared/corpus: no crash, output without syntax errors,
// no checker error (profile ff4) except the findings listed below with the reason they
// cannot be repaired, none at all in the output of a file that passed, the errors fix
// reports equal to what sgfcheck says of its output, no value lost, and fix(fix(x)) ==
// fix(x) byte for byte.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sgf/check.hpp"
#include "sgf/check_file.hpp"
#include "sgf/fix.hpp"
#include "sgf/input.hpp"
#include "sgf/write.hpp"
#include "tests/test_util.hpp"

namespace {

namespace fs = sgf_test::fs;

fs::path corpus_dir() { return sgf_test::shared_dir() / "corpus"; }

// Checker errors that remain in fix output, each with why fix leaves the value alone:
// repairing them would mean guessing what the file meant. Matched by code and by the start
// of the message (which quotes the property as written).
struct unrepairable {
    std::string_view code;
    std::string_view message_start;
    std::string_view reason;
};
constexpr unrepairable known[] = {
    {"E101", "W[SWAP]", "Hex: SWAP is no move of ff4_hex.txt (swap-sides and swap-pieces differ)"},
    {"E101", "B[SWAP]", "Hex: SWAP is no move of ff4_hex.txt (swap-sides and swap-pieces differ)"},
    {"E101", "HA[", "HA that is no number of stones (HA[0.5])"},
    {"E101", "B[resign:", "Backgammon: gnubg's resign offer is no move of ff4_backgammon.txt"},
    {"E101", "W[accept]", "Backgammon: gnubg's accept is no move of ff4_backgammon.txt"},
    {"E103", "", "points off the board: scraper damage (AB[tf] on 19x19) or a tenuki marker (W[zz])"},
    {"E113", "RE[", "RE that names no winner fix is sure of (RE[D+J])"},
    {"W115", "HA[1]", "HA[1]: one handicap stone means something (no komi), so it is not dropped"},
    {"E207", "game-info property CP", "Backgammon (gibbon): CP, the pre-FF[4] cube position, in a later node"},
};

const unrepairable* explain(const sgf::diagnostic& d) {
    for (const auto& k : known)
        if (d.code == k.code && d.message.compare(0, k.message_start.size(), k.message_start) == 0) return &k;
    return nullptr;
}

// Every value of a collection, decoded to UTF-8 and escape-processed (the JSON form).
struct value_set {
    std::set<std::string> values;
    std::string all;  // every value, '\x01' between: to find texts that were joined
    void add(std::string v) {
        all += v;
        all += '\x01';
        values.insert(std::move(v));
    }
    [[nodiscard]] bool has(const std::string& v) const { return values.count(v) || all.find(v) != std::string::npos; }
};

value_set output_values(const sgf::collection& c) {
    value_set s;
    for (const sgf::game_tree& t : c)
        for (sgf::preorder it(t); !it.done(); it.next())
            for (const sgf::property& p : it.current().properties())
                for (const sgf::value& v : p) {
                    s.add(v.unescaped());
                    if (const auto parts = v.composed()) {
                        s.add(sgf::unescape(parts->first));
                        s.add(sgf::unescape(parts->second));
                    }
                }
    return s;
}

// Every byte of the input outside the tree's properties (white space and the structural
// '(' ')' ';' aside), as tokens: text before, between and after the game trees, junk
// between properties, identifiers without a value, values without an identifier. Found from
// the tree's property spans, independently of how fix finds them.
std::vector<std::string> unplaced_tokens(const sgf::load_result& in, std::string_view bytes) {
    const std::string_view text = in.converted ? in.text() : bytes;
    std::vector<std::pair<std::size_t, std::size_t>> placed;  // [from, to) of each property
    std::vector<std::size_t> opens;
    for (const sgf::game_tree& t : in.trees) {
        opens.push_back(t.pos().byte);
        for (sgf::preorder it(t); !it.done(); it.next())
            for (const sgf::property& p : it.current().properties()) {
                std::size_t end = p.offset() + p.ident().size();
                for (const sgf::value& v : p) end = v.offset() + 1 + v.raw().size() + 1;
                placed.emplace_back(p.offset(), end);
            }
    }
    std::sort(placed.begin(), placed.end());
    std::vector<std::string> tokens;
    auto gap = [&](std::size_t from, std::size_t to) {
        to = std::min(to, text.size());
        std::size_t b = from;
        for (std::size_t i = from; i <= to; ++i) {
            const bool sep = i == to || std::isspace(static_cast<unsigned char>(text[i])) || text[i] == '(' || text[i] == ')' ||
                             text[i] == ';' || text[i] == '\xEF' /* a UTF-8 BOM */ || text[i] == '\xBB' || text[i] == '\xBF';
            if (!sep) continue;
            if (i > b) {
                const std::size_t tree = static_cast<std::size_t>(std::upper_bound(opens.begin(), opens.end(), b) - opens.begin());
                tokens.push_back(in.utf8(text.substr(b, i - b), tree == 0 ? 0 : tree - 1));
            }
            b = i + 1;
        }
    };
    std::size_t at = 0;
    for (const auto& [from, to] : placed) {
        if (from > at) gap(at, from);
        at = std::max(at, to);
    }
    gap(at, text.size());
    return tokens;
}

// The codes of the errors among `ds`, sorted, space-separated.
std::string error_codes(const std::vector<sgf::diagnostic>& ds) {
    std::vector<std::string> codes;
    for (const sgf::diagnostic& d : ds)
        if (d.level == sgf::severity::error) codes.emplace_back(d.code);
    std::sort(codes.begin(), codes.end());
    std::string s;
    for (const std::string& c : codes) s += (s.empty() ? "" : " ") + c;
    return s;
}

struct tally {
    std::size_t files = 0, fixed = 0, changed = 0, unrepairable_files = 0;
    std::map<std::string, std::size_t> reasons;  // reason -> files
};

}  // namespace

TEST_SUITE("fix corpus") {

TEST_CASE("fix: every corpus file fixes to clean FF[4] without losing a value") {
    SGF_NEEDS_SHARED("corpus");
    std::map<std::string, tally> by_folder;
    std::size_t lost = 0, files = 0, tokens = 0;
    for (const fs::path& path : sgf_test::corpus_sample(sgf_test::files_under(corpus_dir()))) {
        const fs::path rel = fs::relative(path, corpus_dir());
        const std::string folder = rel.begin()->string();
        CAPTURE(rel.string());
        tally& t = by_folder[folder];
        ++t.files;
        ++files;
        const std::string bytes = sgf::read_file(path);

        // sgfcheck --lenient: reads every file without an error (but a file without a game
        // tree, which stays an error).
        const sgf::load_result in = sgf::load(sgf::file_bytes(bytes), {.lenient = true});
        CHECK(sgf::has_errors(in.diagnostics) == in.trees.empty());
        const sgf::fix_result f = sgf::fix(in);
        if (in.trees.empty()) {  // the empty file: nothing to write (sgfcheck fix says so)
            CHECK(rel == fs::path("broken/gnugo/pending_nightmare.sgf"));
            continue;
        }
        ++t.fixed;
        const std::string out = sgf::write(f.trees);
        if (out != sgf::write(in.trees)) ++t.changed;

        // The output is FF[4] syntax without a single finding, in UTF-8; only bytes that
        // were no character in the input stay what they were (W023, kept verbatim).
        const sgf::load_result back = sgf::load(sgf::file_bytes(out));
        INFO("fix output: ", out.substr(0, 400));
        const bool had_invalid = std::any_of(in.diagnostics.begin(), in.diagnostics.end(),
                                             [](const sgf::diagnostic& d) { return d.code == "W023"; });
        for (const auto& d : back.diagnostics) {
            INFO(d.code, " ", d.message);
            CHECK((d.code == "W023" && had_invalid));
        }
        CHECK(back.charset == "UTF-8");
        for (const sgf::game_tree& tree : back.trees) {
            CHECK(sgf_test::first_value(tree.front(), "FF") == "4");
            CHECK(sgf_test::first_value(tree.front(), "CA") == "UTF-8");
        }

        // fix(fix(x)) == fix(x), byte for byte; the second fix changes nothing at all.
        const sgf::fix_result again = sgf::fix(back);
        CHECK(sgf::write(again.trees) == out);
        CHECK(sgf_test::codes_of(again.diagnostics) == "");

        // fix agrees with sgfcheck: the errors it reports as left in its output (its own and
        // the checker's on the fixed trees, src/cli/fix.cpp) are what `sgfcheck OUT` says.
        const sgf::file_check out_check = sgf::check_file(sgf::file_bytes(out));
        std::vector<sgf::diagnostic> said = f.diagnostics;
        for (sgf::diagnostic& d : sgf::check(f.trees)) said.push_back(std::move(d));
        CHECK(error_codes(said) == error_codes(out_check.diagnostics));

        // Never a passing file made failing: what `sgfcheck FILE` passes, it passes fixed.
        if (sgf::check_file(sgf::file_bytes(bytes)).ok()) {
            INFO("passes sgfcheck, and fixed: ", error_codes(out_check.diagnostics));
            CHECK(out_check.ok());
        }

        // The checker (profile ff4) finds no error but the unrepairable ones.
        std::set<std::string> reasons;
        for (const sgf::diagnostic& d : sgf::check(back.trees, {.prof = sgf::profile::ff4})) {
            if (d.level != sgf::severity::error) continue;
            const unrepairable* why = explain(d);
            INFO(d.code, " at ", d.where.line, ":", d.where.column, ": ", d.message);
            CHECK(why != nullptr);
            if (why) reasons.insert(std::string(why->code) + " " + std::string(why->reason));
        }
        if (!reasons.empty()) ++t.unrepairable_files;
        for (const auto& r : reasons) ++t.reasons[r];

        // Nothing the parse could not place is lost: every token outside the properties is in
        // the output's UNPLACED values (fix keeps such bytes there, exactly as written).
        std::string unplaced;
        for (const sgf::game_tree& tree : f.trees)
            for (sgf::preorder it(tree); !it.done(); it.next())
                if (const auto p = it.current().find("UNPLACED"))
                    for (const sgf::value& v : *p) unplaced += v.unescaped() + '\x01';
        for (const std::string& token : unplaced_tokens(in, bytes)) {
            ++tokens;
            if (unplaced.find(token) != std::string::npos) continue;
            ++lost;
            FAIL_CHECK("bytes outside the tree lost: '" << token << "'");
        }

        // No data loss: every value of the input is in the output, as it was (also inside a
        // joined text or as a part of a compose), or converted by a change fix reported at
        // its property, or a tt pass now written [].
        const value_set have = output_values(f.trees);
        std::set<std::uint64_t> reported;
        for (const auto& d : f.diagnostics) reported.insert(d.where.byte);
        for (std::size_t i = 0; i < in.trees.size(); ++i)
            for (sgf::preorder it(in.trees[i]); !it.done(); it.next())
                for (const sgf::property& p : it.current().properties()) {
                    const std::string id = sgf::ff4_ident_of(p.ident());
                    if (it.number() == 0 && (id == "FF" || id == "CA")) continue;  // replaced by design
                    for (const sgf::value& v : p) {
                        const std::string s = sgf::unescape(in.utf8(v.raw(), i));
                        if (s.empty() || have.has(s)) continue;
                        if ((id == "B" || id == "W") && s == "tt") continue;
                        if (reported.count(p.pos().byte) || reported.count(v.pos().byte)) continue;
                        ++lost;
                        FAIL_CHECK("value lost: " << p.ident() << "[" << s << "]");
                    }
                }
    }
    std::string report;
    for (const auto& [folder, t] : by_folder) {
        report += folder + ": " + std::to_string(t.files) + " files, " + std::to_string(t.fixed) + " fixed, " +
                  std::to_string(t.changed) + " changed by fix, " + std::to_string(t.unrepairable_files) +
                  " with unrepairable checker errors\n";
        for (const auto& [why, n] : t.reasons) report += "    " + std::to_string(n) + " files: " + why + "\n";
    }
    MESSAGE("fix over the corpus\n" << report << tokens << " runs of bytes outside the trees, all kept\n");
    CHECK(tokens > 0);
    CHECK(files >= 9800 / sgf_test::corpus_every());
    CHECK(lost == 0);
}

}  // TEST_SUITE
