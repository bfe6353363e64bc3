// The generator (src/tools/generate/generate.hpp) and, through it, the parser and the checker:
// the same seed gives the same bytes; over a few thousand seeds every property row of Go,
// every value form and line-break form and every mutation occurs; every valid file parses
// and checks with exactly the findings the generator predicted (private properties), its
// JSON tree is the one the generator built, and it round-trips through sgf::write; every
// invalid file gets exactly the diagnostic its mutation predicts, at its position.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "tools/conformance/corpus.hpp"
#include "sgf/check.hpp"
#include "tools/generate/generate.hpp"
#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "sgf/write.hpp"

namespace {

constexpr std::uint64_t seeds = 2000;

struct reported {
    std::string code;
    std::uint32_t line;
    std::uint32_t column;
    friend auto operator<=>(const reported&, const reported&) = default;
};

std::string text(const std::vector<reported>& xs) {
    std::string s;
    for (const auto& x : xs) s += x.code + "@" + std::to_string(x.line) + ":" + std::to_string(x.column) + " ";
    return s.empty() ? "(none)" : s;
}

// What `sgfcheck check` reports: parser and checker findings, as a sorted list.
std::vector<reported> diagnostics_of(const sgf::parse_result& r) {
    std::vector<reported> out;
    for (const auto& d : r.diagnostics) out.push_back({std::string(d.code), d.where.line, d.where.column});
    for (const auto& d : sgf::check(r.trees)) out.push_back({std::string(d.code), d.where.line, d.where.column});
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<reported> expected_of(const sgf::generated_file& f) {
    std::vector<reported> out;
    for (const auto& e : f.expected) out.push_back({std::string(e.code), e.where.line, e.where.column});
    std::sort(out.begin(), out.end());
    return out;
}

sgf::generated_file gen(std::uint64_t seed, sgf::gen_mode mode, std::size_t max_bytes = 16 * 1024) {
    sgf::generate_options o;
    o.seed = seed;
    o.mode = mode;
    o.max_bytes = max_bytes;
    return sgf::generate(o);
}

// The rows a Go file of FF[4] can use: the table's choice for each identifier.
std::vector<const sgf::property_rule*> go_rows() {
    std::vector<const sgf::property_rule*> out;
    for (const auto& row : sgf::all_properties())
        if (row.in_profile(sgf::profile::ff4) && row.defined_in(4) && row.applies_to(1) &&
            sgf::find_property(row.ident, 4, 1, sgf::profile::ff4) == &row)
            out.push_back(&row);
    return out;
}

}  // namespace

TEST_CASE("generator prng is splitmix64 and xoshiro256 starstar") {
    std::uint64_t state = 0;
    CHECK(sgf::splitmix64(state) == 0xe220a8397b1dcdafULL);  // the reference implementation's first output
    CHECK(sgf::splitmix64(state) == 0x6e789e6aa1b965f4ULL);
    sgf::rng a(7), b(7), c(8);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const auto x = a.next();
        CHECK(x == b.next());
        differs |= x != c.next();
    }
    CHECK(differs);
    // below(n) stays below n and reaches every value
    std::set<std::uint64_t> seen;
    for (int i = 0; i < 1000; ++i) {
        const auto v = a.below(7);
        CHECK(v < 7);
        seen.insert(v);
    }
    CHECK(seen.size() == 7);
    CHECK(a.below(0) == 0);
    for (int i = 0; i < 100; ++i) {
        const auto v = a.between(-3, 3);
        CHECK((v >= -3 && v <= 3));
    }
}

TEST_CASE("generator is deterministic") {
    for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 123456789ULL, ~0ULL}) {
        for (auto mode : {sgf::gen_mode::mixed, sgf::gen_mode::valid, sgf::gen_mode::invalid}) {
            const auto a = gen(seed, mode);
            const auto b = gen(seed, mode);
            CHECK(a.bytes == b.bytes);
            CHECK(a.tree == b.tree);
            CHECK(a.expected == b.expected);
            CHECK(a.applied == b.applied);
            CHECK(a.name() == b.name());
            CHECK(a.expect_text() == b.expect_text());
        }
    }
    CHECK(gen(1, sgf::gen_mode::valid).bytes != gen(2, sgf::gen_mode::valid).bytes);
    // mixed mode: the seed decides, and a file is the same as the one asked for by its kind
    std::size_t valid = 0;
    for (std::uint64_t s = 0; s < 200; ++s) {
        const auto f = gen(s, sgf::gen_mode::mixed);
        valid += f.valid;
        CHECK(f.bytes == gen(s, f.valid ? sgf::gen_mode::valid : sgf::gen_mode::invalid).bytes);
    }
    CHECK(valid > 60);
    CHECK(valid < 140);
}

TEST_CASE("generator covers every Go property row and every value form and mutation") {
    std::set<const sgf::property_rule*> rows;
    std::set<std::string_view> features;
    std::set<sgf::mutation> mutations;
    std::set<int> games;
    for (std::uint64_t s = 0; s < seeds; ++s) {
        const auto f = gen(s, sgf::gen_mode::mixed);
        rows.insert(f.rows.begin(), f.rows.end());
        features.insert(f.features.begin(), f.features.end());
        mutations.insert(f.applied);
        games.insert(f.gm);
    }
    for (const auto* row : go_rows()) {
        INFO("row " << row->ident << " (" << row->spec_section << ")");
        CHECK(rows.count(row) == 1);
    }
    for (const auto feature : sgf::all_features()) {
        INFO("feature " << feature);
        CHECK(features.count(feature) == 1);
    }
    for (const auto feature : features) {  // and nothing that is not listed
        const auto all = sgf::all_features();
        INFO("unlisted feature " << feature);
        CHECK(std::find(all.begin(), all.end(), feature) != all.end());
    }
    for (const auto& m : sgf::all_mutations()) {
        INFO("mutation " << m.name);
        // mutations whose finding is graded a warning make no file invalid: never applied
        if (m.code[0] != 'E') CHECK(mutations.count(m.id) == 0);
        else CHECK(mutations.count(m.id) == 1);
    }
    for (const auto& g : sgf::all_games())
        if (g.has_page) {
            INFO("game " << g.gm);
            CHECK(games.count(g.gm) == 1);
        }
}

TEST_CASE("every other game with a page uses all its rows") {
    for (const auto& g : sgf::all_games()) {
        if (!g.has_page || g.gm == 1) continue;
        std::set<const sgf::property_rule*> rows;
        for (std::uint64_t s = 0; s < 300; ++s) {
            sgf::generate_options o;
            o.seed = s;
            o.gm = g.gm;
            o.mode = sgf::gen_mode::valid;
            const auto f = sgf::generate(o);
            CHECK(f.gm == g.gm);
            rows.insert(f.rows.begin(), f.rows.end());
        }
        for (const auto& row : sgf::all_properties()) {
            if (!(row.in_profile(sgf::profile::ff4) && row.defined_in(4) && row.applies_to(g.gm) &&
                  sgf::find_property(row.ident, 4, g.gm, sgf::profile::ff4) == &row))
                continue;
            if (row.format == sgf::value_format::handicap) continue;  // Go only
            // a game without any board size (Backgammon) gets no SZ
            if (row.format == sgf::value_format::size && !g.default_size.known() && g.max_side == 0) continue;
            INFO("GM[" << g.gm << "] row " << row.ident);
            CHECK(rows.count(&row) == 1);
        }
    }
}

TEST_CASE("every valid generated file checks clean and has the generated tree and round-trips") {
    std::size_t with_warnings = 0;
    for (std::uint64_t s = 0; s < seeds; ++s) {
        const auto f = gen(s, sgf::gen_mode::valid);
        INFO("seed " << s << " (sgfcheck gen --seed " << s << " --valid)");
        REQUIRE(f.valid);
        const sgf::parse_result r = sgf::parse(std::string_view(f.bytes));
        const auto got = diagnostics_of(r);
        CHECK(text(got) == text(expected_of(f)));
        for (const auto& e : f.expected) CHECK(e.code[0] != 'E');
        with_warnings += !f.expected.empty();
        CHECK(sgf::conformance::normalize_json(sgf::to_json(r.trees)) == sgf::conformance::normalize_json(f.tree));
        const std::string once = sgf::write(r.trees);
        const sgf::parse_result again = sgf::parse(std::string_view(once));
        CHECK(again.ok());
        CHECK(again.trees == r.trees);
        CHECK(sgf::write(again.trees) == once);
    }
    CHECK(with_warnings > 0);  // private properties occur
}

TEST_CASE("every invalid generated file gets exactly the diagnostic of its mutation") {
    std::map<sgf::mutation, std::size_t> count;
    for (std::uint64_t s = 0; s < seeds; ++s) {
        const auto f = gen(s, sgf::gen_mode::invalid);
        INFO("seed " << s << " (sgfcheck gen --seed " << s << " --invalid), mutation " << sgf::info(f.applied).name);
        REQUIRE(!f.valid);
        REQUIRE(f.applied != sgf::mutation::none);
        ++count[f.applied];
        const auto& m = sgf::info(f.applied);
        std::vector<std::string> codes;
        for (const auto& e : f.expected) codes.emplace_back(e.code);
        std::sort(codes.begin(), codes.end());
        std::vector<std::string> predicted{std::string(m.code)};
        if (!m.also.empty()) predicted.emplace_back(m.also);
        std::sort(predicted.begin(), predicted.end());
        CHECK(codes == predicted);
        const sgf::parse_result r = sgf::parse(std::string_view(f.bytes));
        CHECK(text(diagnostics_of(r)) == text(expected_of(f)));
        CHECK(sgf::find_rule(m.code) != nullptr);
    }
    std::size_t applicable = 0;
    for (const auto& m : sgf::all_mutations()) applicable += m.code[0] == 'E';
    CHECK(count.size() == applicable);
}

TEST_CASE("forced mutations apply when they fit") {
    for (const auto& m : sgf::all_mutations()) {
        std::size_t applied = 0;
        for (std::uint64_t s = 0; s < 40; ++s) {
            sgf::generate_options o;
            o.seed = s;
            o.mode = sgf::gen_mode::invalid;
            o.force = m.id;
            o.gm = 1;
            const auto f = sgf::generate(o);
            applied += f.applied == m.id;
            const sgf::parse_result r = sgf::parse(std::string_view(f.bytes));
            INFO("mutation " << m.name << " seed " << s);
            CHECK(text(diagnostics_of(r)) == text(expected_of(f)));
        }
        INFO("mutation " << m.name);
        if (m.code[0] == 'E') CHECK(applied > 20);
        else CHECK(applied == 0);  // graded a warning: never applied
    }
}

TEST_CASE("generated files respect max bytes") {
    for (std::uint64_t s = 0; s < 300; ++s) {
        const auto f = gen(s, sgf::gen_mode::mixed, 1500);
        INFO("seed " << s);
        CHECK(f.bytes.size() <= 1500);
    }
}

TEST_CASE("deep and wide generated trees") {
    sgf::generate_options o;
    o.seed = 3;
    o.mode = sgf::gen_mode::valid;
    o.depth = 100000;
    const auto deep = sgf::generate(o);
    const sgf::parse_result r = sgf::parse(std::string_view(deep.bytes));
    CHECK(text(diagnostics_of(r)) == text(expected_of(deep)));
    CHECK(r.trees[0].node_count() > 100000);
    CHECK(sgf::conformance::normalize_json(sgf::to_json(r.trees)) == sgf::conformance::normalize_json(deep.tree));

    o.depth = 0;
    o.width = 20000;
    const auto wide = sgf::generate(o);
    const sgf::parse_result w = sgf::parse(std::string_view(wide.bytes));
    CHECK(text(diagnostics_of(w)) == text(expected_of(wide)));
    CHECK(w.trees[0].variations().size() >= 20000);
    CHECK(sgf::conformance::normalize_json(sgf::to_json(w.trees)) == sgf::conformance::normalize_json(wide.tree));

    o.width = sgf::gen_max_shape + 1;
    CHECK_THROWS_AS((void)sgf::generate(o), std::invalid_argument);
}

TEST_CASE("expect files read back in the conformance corpus format") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("sgfcheck_gen_expect_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    for (std::uint64_t s = 0; s < 40; ++s) {
        const auto f = gen(s, sgf::gen_mode::mixed);
        const fs::path sgf_path = dir / (f.name() + ".sgf");
        std::ofstream(sgf_path, std::ios::binary) << f.bytes;
        std::ofstream(dir / (f.name() + ".expect"), std::ios::binary) << f.expect_text();
        const auto name = sgf::conformance::parse_case_name(f.name());
        REQUIRE(name.has_value());
        CHECK((name->first == sgf::conformance::expected_kind::accept) == f.valid);
        sgf::conformance::case_file c;
        c.name = f.name();
        c.path = sgf_path;
        c.expected = name->first;
        c.area = name->second;
        const auto e = sgf::conformance::read_expectation(c);
        std::vector<sgf::conformance::expected_diagnostic> want;
        for (const auto& x : f.expected) want.push_back({std::string(x.code), x.where.line, x.where.column});
        std::sort(want.begin(), want.end());
        CHECK(e.diagnostics == want);
        CHECK(e.tree.has_value() == f.valid);
    }
    fs::remove_all(dir);
}
