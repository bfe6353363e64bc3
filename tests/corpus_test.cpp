// Data-driven over every file of ../shared/corpus/: strict and lenient parsing, and the
// round trip parse(write(t)) == t, write(parse(write(t))) == write(t), JSON tree unchanged.
#include <doctest/doctest.h>

#include <cstddef>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "sgf/write.hpp"
#include "tests/test_util.hpp"

namespace {

namespace fs = sgf_test::fs;

struct corpus_file {
    fs::path path;
    std::string folder;  // category: games, problems, broken, ...
    std::string source;  // category/source sub-folder
    std::string bytes;
};

fs::path corpus_dir() { return sgf_test::shared_dir() / "corpus"; }

// Every file under corpus/, read once. The corpus is all SGF besides two index files.
const std::vector<corpus_file>& corpus() {
    static const std::vector<corpus_file> files = [] {
        std::vector<corpus_file> out;
        for (const fs::path& p : sgf_test::files_under(corpus_dir(), "")) {
            const fs::path rel = fs::relative(p, corpus_dir());
            if (rel == "SOURCES.tsv" || rel == "STATS.md") continue;
            auto it = rel.begin();
            corpus_file f;
            f.path = p;
            f.folder = it->string();
            f.source = f.folder + "/" + (std::next(it) != rel.end() ? std::next(it)->string() : std::string("."));
            f.bytes = sgf::read_file(p);
            out.push_back(std::move(f));
        }
        return out;
    }();
    return files;
}

struct tally {
    std::size_t files = 0;
    std::size_t with_errors = 0;       // strict parse reports at least one error
    std::size_t with_warnings = 0;     // no error, but warnings (e.g. a byte order mark)
    std::size_t round_trips = 0;       // error-free files whose round trip was checked
    std::size_t round_trip_failures = 0;
    std::vector<std::string> error_files;
};

std::string report(const std::map<std::string, tally>& by, bool round_trips) {
    std::ostringstream out;
    out << (round_trips ? "folder: files / strict errors / round trips ok of checked\n"
                        : "folder: files / strict errors / warnings only\n");
    tally total;
    const auto line = [&](const std::string& name, const tally& t) {
        out << "  " << name << ": " << t.files << " / " << t.with_errors << " / ";
        if (round_trips)
            out << (t.round_trips - t.round_trip_failures) << " of " << t.round_trips;
        else
            out << t.with_warnings;
    };
    for (const auto& [name, t] : by) {
        line(name, t);
        out << '\n';
        total.files += t.files;
        total.with_errors += t.with_errors;
        total.with_warnings += t.with_warnings;
        total.round_trips += t.round_trips;
        total.round_trip_failures += t.round_trip_failures;
    }
    line("total", total);
    return out.str();
}

std::string joined(const std::vector<std::string>& names, std::size_t limit = 20) {
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < limit; ++i) out += "\n  " + names[i];
    if (names.size() > limit) out += "\n  ... (" + std::to_string(names.size()) + ")";
    return out;
}

}  // namespace

TEST_SUITE("corpus") {

TEST_CASE("corpus: the shared corpus is there and is all SGF") {
    SGF_NEEDS_SHARED("corpus");
    const auto& files = corpus();
    MESSAGE("corpus files: " << files.size());
    CHECK(files.size() >= 9800);
    std::map<std::string, std::size_t> folders;
    for (const auto& f : files) {
        CAPTURE(f.path.string());
        CHECK(f.path.extension() == ".sgf");
        ++folders[f.folder];
    }
    for (const std::string name : {"games", "problems", "joseki", "legacy", "encodings", "othergames", "broken"}) {
        CAPTURE(name);
        CHECK(folders[name] > 0);
    }
    CHECK(folders["games"] >= 7600);
}

TEST_CASE("corpus: every file parses in strict and lenient mode") {
    SGF_NEEDS_SHARED("corpus");
    std::map<std::string, tally> by_folder;
    std::map<std::string, tally> by_source;
    std::map<std::string, std::set<std::string>> codes_in_folder;  // error codes
    std::map<std::string, std::string> codes_of_file;              // files with errors
    for (const auto& f : corpus()) {
        CAPTURE(f.path.string());
        const sgf::parse_result strict = sgf::parse(f.bytes);
        const sgf::parse_result lenient = sgf::parse(f.bytes, {.lenient = true});
        for (tally* t : {&by_folder[f.folder], &by_source[f.source]}) {
            ++t->files;
            if (!strict.ok()) {
                ++t->with_errors;
                t->error_files.push_back(f.path.lexically_relative(corpus_dir()).string() + ": " +
                                         sgf_test::codes_of(strict.diagnostics, true, 6));
            } else if (!strict.diagnostics.empty()) {
                ++t->with_warnings;
            }
        }
        if (!strict.ok())
            codes_of_file[f.path.lexically_relative(corpus_dir()).generic_string()] =
                sgf_test::codes_of(strict.diagnostics, true);
        for (const auto& d : strict.diagnostics)
            if (d.level == sgf::severity::error) codes_in_folder[f.folder].insert(std::string(d.code));
        // Lenient mode reports the same findings (recoveries as warnings, no game tree still
        // an error) and reads the same tree.
        CHECK(lenient.ok() == !strict.trees.empty());
        CHECK(sgf_test::codes_of(lenient.diagnostics, true) == sgf_test::lenient_codes_of(strict.diagnostics, true));
        CHECK(lenient.trees == strict.trees);
        // Every finding points into the file.
        for (const auto& d : strict.diagnostics) {
            CHECK(d.where.known());
            CHECK(d.where.byte <= f.bytes.size());
            CHECK(sgf::find_rule(d.code) != nullptr);
        }
        if (strict.ok()) CHECK_FALSE(strict.trees.empty());
    }
    MESSAGE("strict parse per folder\n" << report(by_folder, false));
    MESSAGE("strict parse per source\n" << report(by_source, false));
    MESSAGE("files with errors:" << joined(by_folder["broken"].error_files)
                                 << joined(by_folder["joseki"].error_files, 3)
                                 << joined(by_folder["legacy"].error_files, 5));

    // What is true of this corpus (checked, then asserted). The real game records, problem
    // collections, other games and encodings parse strictly without errors.
    for (const std::string clean : {"games", "problems", "encodings", "othergames"}) {
        CAPTURE(clean);
        INFO("files with errors:" << joined(by_folder[clean].error_files));
        CHECK(by_folder[clean].files > 0);
        CHECK(by_folder[clean].with_errors == 0);
    }
    // joseki/: only GNU Go's pattern files, which start with a free-text licence (E002).
    CHECK(codes_in_folder["joseki"] == std::set<std::string>{"E002"});
    CHECK(by_source["joseki/gnugo-patterns"].with_errors == by_source["joseki/gnugo-patterns"].files);
    CHECK(by_source["joseki/pachi"].with_errors == 0);
    // legacy/: FF[1]-FF[3] files; a few have text around the game tree (E002, E003). Their
    // lowercase identifiers ("CoPyright") were legal before FF[4]: the warning W011.
    CHECK(codes_in_folder["legacy"] == std::set<std::string>{"E002", "E003"});
    CHECK(by_folder["legacy"].with_errors * 10 <= by_folder["legacy"].files);
    // broken/: the syntax problems are found; the other files of broken/ are broken in ways
    // only the checker sees (duplicated properties, "ABAWC[...]", W[zz]).
    CHECK(codes_of_file["broken/gnugo/owl42.sgf"] == "E004@24:1");           // truncated
    CHECK(codes_of_file["broken/gnugo/pending_nightmare.sgf"] == "E001@1:1");  // empty file
    CHECK(codes_of_file["broken/gnugo/ego2.sgf"].rfind("E002@1:1 W011@6:1", 0) == 0);  // text, "CoPyright"
    CHECK(by_folder["broken"].with_errors >= 3);
}

TEST_CASE("corpus: round trip of every error-free file") {
    SGF_NEEDS_SHARED("corpus");
    std::map<std::string, tally> by_folder;
    for (const auto& f : corpus()) {
        const sgf::parse_result r = sgf::parse(f.bytes);
        tally& t = by_folder[f.folder];
        ++t.files;
        if (!r.ok()) {
            ++t.with_errors;
            continue;
        }
        CAPTURE(f.path.string());
        ++t.round_trips;
        const std::string w = sgf::write(r.trees);
        const sgf::parse_result back = sgf::parse(w);
        // W011 (FF[1]-FF[3] identifiers) stays; W015 (byte order mark) goes: write() emits none
        std::vector<sgf::diagnostic> kept;
        for (const auto& d : r.diagnostics)
            if (d.code != "W015") kept.push_back(d);
        const bool ok = back.ok() && sgf_test::codes_of(back.diagnostics) == sgf_test::codes_of(kept) &&
                        back.trees == r.trees && sgf::write(back.trees) == w &&
                        sgf::to_json(back.trees) == sgf::to_json(r.trees);
        if (!ok) ++t.round_trip_failures;
        CHECK(back.ok());
        CHECK(sgf_test::codes_of(back.diagnostics) == sgf_test::codes_of(kept));
        CHECK(back.trees == r.trees);
        CHECK(sgf::write(back.trees) == w);
        CHECK(sgf::to_json(back.trees) == sgf::to_json(r.trees));
        // Packed lines read back the same tree.
        const sgf::parse_result packed = sgf::parse(sgf::write(r.trees, sgf::write_options{.width = 79}));
        CHECK(packed.ok());
        CHECK(packed.trees == r.trees);
    }
    MESSAGE("round trip per folder\n" << report(by_folder, true));
    std::size_t checked = 0;
    std::size_t failed = 0;
    for (const auto& [name, t] : by_folder) {
        checked += t.round_trips;
        failed += t.round_trip_failures;
    }
    CHECK(failed == 0);
    CHECK(checked >= 9700);
    CHECK(by_folder["games"].round_trips == by_folder["games"].files);
}

TEST_CASE("corpus: recovered trees of files with errors are stable") {
    SGF_NEEDS_SHARED("corpus");
    // What the recovering parser read survives a write and a lenient re-read unchanged.
    std::size_t files = 0;
    for (const auto& f : corpus()) {
        const sgf::parse_result r = sgf::parse(f.bytes, {.lenient = true});
        if (sgf::parse(f.bytes).ok()) continue;  // nothing recovered
        CAPTURE(f.path.string());
        ++files;
        const std::string w = sgf::write(r.trees);
        const sgf::parse_result back = sgf::parse(w, {.lenient = true});
        CHECK(back.trees == r.trees);
        CHECK(sgf::write(back.trees) == w);
        CHECK(sgf::to_json(back.trees) == sgf::to_json(r.trees));
    }
    MESSAGE("files with recovered errors: " << files);
    CHECK(files >= 10);
}

}  // TEST_SUITE
