#pragma once
// Shared helpers of the parser-core suites (tree, value, write, corpus, examples).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/token_count.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "sgf/tree.hpp"
#include "sgf/write.hpp"
#include "tests/shared_dir.hpp"

namespace sgf_test {

namespace fs = std::filesystem;


// "E006@1:1 E001@1:1": codes and positions of a parse, for messages and exact checks
// (at most `limit` of them, then "... (N)").
[[nodiscard]] inline std::string codes_of(const std::vector<sgf::diagnostic>& ds, bool with_pos = false,
                                          std::size_t limit = static_cast<std::size_t>(-1)) {
    std::string out;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        const auto& d = ds[i];
        if (!out.empty()) out += ' ';
        if (i == limit) {
            out += "... (" + std::to_string(ds.size()) + ")";
            break;
        }
        out += d.code;
        if (with_pos) out += '@' + std::to_string(d.where.line) + ':' + std::to_string(d.where.column);
    }
    return out;
}

// The codes `ds` (a strict parse's findings) become under --lenient: recoveries that are
// errors print as warnings (the letter is the level); no game tree (E001) stays an error.
[[nodiscard]] inline std::string lenient_codes_of(const std::vector<sgf::diagnostic>& ds, bool with_pos = false) {
    std::vector<sgf::diagnostic> lowered = ds;
    for (auto& d : lowered)
        if (d.level == sgf::severity::error && sgf::info(d.id).recovery) {
            d.level = sgf::severity::warning;
            d.code = sgf::code_of(d.id, d.level);
        }
    return codes_of(lowered, with_pos);
}

// Parses strictly and requires no error diagnostics.
[[nodiscard]] inline sgf::collection parse_ok(std::string_view text) {
    auto r = sgf::parse(text);
    INFO("input: ", std::string(text));
    INFO("diagnostics: ", codes_of(r.diagnostics, true));
    REQUIRE(r.ok());
    REQUIRE(r.diagnostics.empty());
    return r.trees;
}

// The single game tree of a strictly parsed text.
[[nodiscard]] inline sgf::game_tree tree_of(std::string_view text) {
    const sgf::collection c = parse_ok(text);
    REQUIRE(c.size() == 1);
    return c[0];
}

// The first value of property `ident` in node `n`, unescaped; "<none>" when absent.
[[nodiscard]] inline std::string first_value(const sgf::node& n, std::string_view ident) {
    const auto p = n.find(ident);
    if (!p || p->size() == 0) return "<none>";
    return p->front().unescaped();
}

// The `ident` values (first value, unescaped) of every node in pre-order, joined by ' '.
[[nodiscard]] inline std::string preorder_values(const sgf::game_tree& t, std::string_view ident) {
    std::string out;
    for (sgf::preorder it(t); !it.done(); it.next()) {
        if (!out.empty()) out += ' ';
        out += first_value(it.current(), ident);
    }
    return out;
}

// Every regular file under `dir` (recursively) whose name ends with `ext`, sorted.
[[nodiscard]] inline std::vector<fs::path> files_under(const fs::path& dir, std::string_view ext = ".sgf") {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file()) continue;
        const std::string name = e.path().filename().string();
        if (name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
            out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// How many of the corpus files a whole-corpus test reads: one in SGF_TEST_CORPUS_EVERY (default
// 1: all). .ci/run sets it for the sanitizer ctest only, where reading all 9,867 files through
// fix and the streamed check took 9 of CI's 60 minutes: the release ctest reads them all, and
// .ci/corpus_sanitized.sh runs its own seeded sample through every command.
[[nodiscard]] inline std::size_t corpus_every() {
    const char* e = std::getenv("SGF_TEST_CORPUS_EVERY");
    const long n = e ? std::strtol(e, nullptr, 10) : 1;
    return n > 1 ? static_cast<std::size_t>(n) : 1;
}

// The files of a whole-corpus test: all of them, or one in corpus_every() from an offset taken
// from SGF_TEST_CORPUS_SEED (printed, so that a failure is read again with the same files).
[[nodiscard]] inline std::vector<fs::path> corpus_sample(std::vector<fs::path> files) {
    const std::size_t every = corpus_every();
    if (every == 1) return files;
    const char* e = std::getenv("SGF_TEST_CORPUS_SEED");
    const std::size_t seed = e ? std::strtoull(e, nullptr, 10) : 0;
    MESSAGE("corpus sample: one file in ", every, ", seed ", seed, " (SGF_TEST_CORPUS_EVERY=", every,
            " SGF_TEST_CORPUS_SEED=", seed, " to read the same files)");
    std::vector<fs::path> out;
    for (std::size_t i = seed % every; i < files.size(); i += every) out.push_back(std::move(files[i]));
    return out;
}

// Counts nodes the way examples/README.txt does ("';' outside values"), independently of
// the library (fuzz/token_count.hpp, shared with the fuzz targets).
[[nodiscard]] inline std::size_t count_nodes_by_scan(std::string_view s) { return sgf_fuzz::count_tokens(s).nodes; }

// Number of (non-overlapping) occurrences of `needle` in `hay`.
[[nodiscard]] inline std::size_t count_of(std::string_view hay, std::string_view needle) {
    std::size_t n = 0;
    for (std::size_t at = hay.find(needle); at != std::string_view::npos; at = hay.find(needle, at + needle.size()))
        ++n;
    return n;
}

}  // namespace sgf_test

// Readable values in failure messages.
namespace doctest {
template <>
struct StringMaker<sgf::position> {
    static String convert(const sgf::position& p) {
        const std::string byte = p.byte == sgf::position::npos ? std::string("npos") : std::to_string(p.byte);
        return ("{byte " + byte + ", " + std::to_string(p.line) + ":" + std::to_string(p.column) + "}").c_str();
    }
};
template <>
struct StringMaker<sgf::node_path> {
    static String convert(const sgf::node_path& p) {
        std::string out = "{variations [";
        for (std::size_t i = 0; i < p.variations.size() && i < 8; ++i)
        {
            if (i) out += ' ';
            out += std::to_string(p.variations[i]);
        }
        if (p.variations.size() > 8) out += " ... (" + std::to_string(p.variations.size()) + ")";
        return (out + "], index " + std::to_string(p.index) + "}").c_str();
    }
};
}  // namespace doctest
