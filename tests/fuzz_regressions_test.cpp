// The fuzz targets (fuzz/<target>.cpp) replayed in the normal test run: every committed
// regression (fuzz/regressions/**) and every seed (fuzz/seeds/**) through every target, and
// the big regressions of fuzz/regressions/generated.txt (a million nested / sibling /
// unclosed variations, a 100 MB value, ...) built here at test time.
//
// fuzz/CMakeLists.txt links each target into this binary with LLVMFuzzerTestOneInput renamed
// to fuzz_<target> and SGF_FUZZ_THROW defined: a failed check throws (a std::exception)
// instead of aborting, and is reported here with the input's name.
#include <doctest/doctest.h>

#include "tests/sanitized.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <string_view>
#include <vector>

#include "fuzz/generated.hpp"
#include "tests/linear_time.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/check.hpp"
#include "sgf/parse.hpp"
#include "sgf/properties.hpp"

#ifndef SGF_SOURCE_DIR
#error "SGF_SOURCE_DIR must be defined by the build"
#endif

extern "C" int fuzz_parse_strict(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_parse_lenient(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_round_trip(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_tree_edits(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_strict_vs_lenient(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_check(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_charset(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_fix(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_node_reader(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_values(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_unified_diff(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_dry_run(const std::uint8_t* data, std::size_t size);
extern "C" int fuzz_stream(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

using entry_point = int (*)(const std::uint8_t*, std::size_t);

struct fuzz_target {
    std::string_view name;
    entry_point run;
};

constexpr fuzz_target targets[] = {
    {"parse_strict", fuzz_parse_strict},   {"parse_lenient", fuzz_parse_lenient},
    {"round_trip", fuzz_round_trip},       {"tree_edits", fuzz_tree_edits},
    {"strict_vs_lenient", fuzz_strict_vs_lenient},
    {"check", fuzz_check},                 {"charset", fuzz_charset},
    {"fix", fuzz_fix},                     {"node_reader", fuzz_node_reader},
    {"values", fuzz_values},               {"unified_diff", fuzz_unified_diff},
    {"dry_run", fuzz_dry_run},
    {"stream", fuzz_stream},
};

fs::path fuzz_dir() { return fs::path(SGF_SOURCE_DIR) / "fuzz"; }

std::vector<fs::path> files_in(const fs::path& dir) {
    std::vector<fs::path> out;
    if (!fs::is_directory(dir)) return out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().filename().string()[0] != '.') out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    REQUIRE(f);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// Runs one input; a failed check (or any exception escaping the library) fails the test
// with the input's name and the check's message.
void replay(const fuzz_target& t, const std::string& label, const std::string& bytes) {
    std::string error;
    try {
        (void)t.run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    } catch (const std::exception& e) {
        error = e.what();
    }
    INFO("target ", t.name, ", input ", label);
    CHECK_MESSAGE(error.empty(), error);
}

// Every committed regression (of any target: an input is valid for all of them) and seed.
void replay_files(const fuzz_target& t) {
    std::size_t n = 0;
    for (const auto& dir : {fuzz_dir() / "regressions", fuzz_dir() / "seeds"})
        for (const auto& f : files_in(dir)) {
            if (f.extension() == ".txt" || f.extension() == ".md") continue;  // descriptions, not inputs
            replay(t, fs::relative(f, fuzz_dir()).string(), slurp(f));
            ++n;
        }
    CHECK(n > 100);
}

using sgf_test::sanitized;

// CPU seconds one target may spend on one generated input: 60 (300 under ASan);
// SGF_FUZZ_TIME_BUDGET overrides.
double time_budget() {
    const char* e = std::getenv("SGF_FUZZ_TIME_BUDGET");
    return e != nullptr ? std::atof(e) : (sanitized ? 300.0 : 60.0);
}

// CPU seconds (of this process: other load on the machine does not count) to parse `input`,
// and to check it too when `check` is set.
double cpu_seconds_to_parse(const std::string& input, bool check = false) {
    std::string bytes = input;  // copied (and its pages touched) before the clock starts
    const std::clock_t start = std::clock();
    const sgf::parse_result r = sgf::parse(std::move(bytes));
    std::size_t findings = 0;
    if (check) findings = sgf::check(r.trees).size();
    const double s = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    CHECK((r.trees.size() > 0 || !r.diagnostics.empty() || findings > 0));
    return s;
}

// The largest input replayed whole: heavy-* inputs (GiB, or 100 M findings) only with
// SGF_FUZZ_HEAVY=1; under ASan, where a 100 MB input costs minutes for what the release build
// replays whole, nothing over 2 MB unless SGF_FUZZ_BIG_UNDER_ASAN is set (at 20 MB these replays
// took 11 of CI's 60 minutes, at 8 MB 12 minutes of CPU; 2 MB is still 250,000 nested
// variations, past any stack a recursion on the nesting would need, and two of the streaming
// check's 1 MiB pieces; the release build replays the million whole). A larger input is
// replayed scaled down (every repeat divided) to that size instead of not at all, so every
// input reaches its target in every build.
std::size_t whole_up_to(const sgf_fuzz::generated_case& c) {
    // (the heavy ones too: 2 GiB of '(' at 16 MB took 130 s of CPU under ASan)
    if (sanitized && std::getenv("SGF_FUZZ_BIG_UNDER_ASAN") == nullptr) return 2'000'000;
    if (c.heavy() && !sgf_fuzz::heavy_enabled()) return 16'000'000;
    return static_cast<std::size_t>(-1);
}

void replay_generated(const fuzz_target& t) {
    const auto cases = sgf_fuzz::read_generated((fuzz_dir() / "regressions" / "generated.txt").string());
    std::size_t replayed = 0;
    for (const auto& c : cases) {
        if (!c.for_target(t.name)) continue;
        sgf_fuzz::generated_case run = c;
        if (const std::size_t limit = whole_up_to(c); c.size() > limit) {
            const std::size_t divide = (c.size() + limit - 1) / limit;
            run = c.scaled_down(divide);
            MESSAGE(c.name, " (", c.size(), " bytes) replayed at 1/", divide, " of its size, ", run.size(),
                    " bytes",
                    std::string(c.heavy() ? (sanitized ? " (SGF_FUZZ_HEAVY=1 SGF_FUZZ_BIG_UNDER_ASAN=1 runs it whole)"
                                                       : " (SGF_FUZZ_HEAVY=1 runs it whole)")
                                          : " (the release build runs it whole)"));
            REQUIRE(run.size() <= limit);
        }
        ++replayed;
        const std::string input = run.build();
        const std::clock_t start = std::clock();
        replay(t, "generated:" + c.name, input);
        const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;  // CPU, not wall
        // Every generated input is linear work: a budget catches quadratic behaviour (which
        // libFuzzer, limited to 64 KB inputs, does not see). SGF_FUZZ_TIME_BUDGET overrides
        // the default for slow builds (sanitizers, debug).
        INFO("target ", t.name, ", input generated:", c.name, " took ", seconds, " s of CPU");
        CHECK(seconds <= time_budget());
    }
    INFO("generated inputs filed under ", t.name, " (fuzz/regressions/generated.txt)");
    CHECK(replayed > 0);
}

const fuzz_target& target(std::string_view name) {
    for (const auto& t : targets)
        if (t.name == name) return t;
    FAIL("unknown target");
    return targets[0];
}

}  // namespace

TEST_CASE("fuzz target parse_strict replays the regressions and seeds") { replay_files(target("parse_strict")); }
TEST_CASE("fuzz target parse_lenient replays the regressions and seeds") { replay_files(target("parse_lenient")); }
TEST_CASE("fuzz target round_trip replays the regressions and seeds") { replay_files(target("round_trip")); }
TEST_CASE("fuzz target tree_edits replays the regressions and seeds") { replay_files(target("tree_edits")); }
TEST_CASE("fuzz target strict_vs_lenient replays the regressions and seeds") { replay_files(target("strict_vs_lenient")); }
TEST_CASE("fuzz target check replays the regressions and seeds") { replay_files(target("check")); }
TEST_CASE("fuzz target charset replays the regressions and seeds") { replay_files(target("charset")); }
TEST_CASE("fuzz target fix replays the regressions and seeds") { replay_files(target("fix")); }
TEST_CASE("fuzz target node_reader replays the regressions and seeds") { replay_files(target("node_reader")); }
TEST_CASE("fuzz target values replays the regressions and seeds") { replay_files(target("values")); }
TEST_CASE("fuzz target unified_diff replays the regressions and seeds") { replay_files(target("unified_diff")); }
TEST_CASE("fuzz target dry_run replays the regressions and seeds") { replay_files(target("dry_run")); }
TEST_CASE("fuzz target stream replays the regressions and seeds") { replay_files(target("stream")); }

TEST_CASE("fuzz target parse_strict on the generated big inputs") { replay_generated(target("parse_strict")); }
TEST_CASE("fuzz target parse_lenient on the generated big inputs") { replay_generated(target("parse_lenient")); }
TEST_CASE("fuzz target round_trip on the generated big inputs") { replay_generated(target("round_trip")); }
TEST_CASE("fuzz target tree_edits on the generated big inputs") { replay_generated(target("tree_edits")); }
TEST_CASE("fuzz target strict_vs_lenient on the generated big inputs") { replay_generated(target("strict_vs_lenient")); }
TEST_CASE("fuzz target check on the generated big inputs") { replay_generated(target("check")); }
TEST_CASE("fuzz target fix on the generated big inputs") { replay_generated(target("fix")); }
TEST_CASE("fuzz target node_reader on the generated big inputs") { replay_generated(target("node_reader")); }
TEST_CASE("fuzz target stream on the generated big inputs") { replay_generated(target("stream")); }

// Every generated input is linear work. Absolute times depend on the machine and the build,
// so this compares the CPU time to parse each input (and to check it, for the inputs filed
// under the check target) with that of the same input at 1/4 of its size: linear work takes
// ~4x as long (measured 3.8x-6.2x on an idle machine; inputs that make a million diagnostics
// are memory bound), quadratic ~16x. tests/linear_time.hpp judges, with the allowances a
// loaded machine needs.
// `seconds(input)`: the CPU time of some work on it.
template <class Seconds>
void check_linear(const sgf_fuzz::generated_case& c, Seconds&& seconds) {
    // (at most whole_up_to's size: under ASan 2 MB and its quarter, which still tells linear
    // from quadratic work; the release build times the whole)
    const std::size_t limit = whole_up_to(c);
    const sgf_fuzz::generated_case run = c.size() > limit ? c.scaled_down((c.size() + limit - 1) / limit) : c;
    const std::string small = run.scaled_down(4).build();
    const std::string full = run.build();
    // untimed: the full input's pages become the process's (tests/linear_time.hpp)
    sgf_test::keep_freed_memory();
    static_cast<void>(seconds(full));
    const sgf_test::linear_verdict v = sgf_test::judge_linear(
        full.size(), [&] { return seconds(small); }, [&] { return seconds(full); });
    INFO(c.name, ": ", small.size(), " bytes in ", v.small, " s, ", full.size(), " bytes in ", v.full,
         " s (CPU, the best of ", v.rounds, " rounds), limit ", v.limit, " s");
    CHECK(v.linear);
}

TEST_CASE("the linear-time check passes linear work on a loaded machine and fails quadratic work") {
    // Modelled timings (seconds per call), so that the verdict itself is tested: 8 MB and its
    // quarter, as nested-variations-1m.
    const std::size_t full = 8'000'000;
    auto constant = [](double t) { return [t] { return t; }; };
    // a warm linear parse: 2 MB in 0.0084 s, 8 MB in 0.0334 s; and the 14x of pages faulted
    // in again, which keep_freed_memory and the untimed first run avoid
    CHECK(sgf_test::judge_linear(full, constant(0.0084), constant(0.0334), {}).linear);
    CHECK_FALSE(sgf_test::judge_linear(full, constant(0.0084), constant(0.117), {}).linear);
    // linear, with a burst of load over the first three runs of the full input: passed on the retry
    std::vector<double> small_runs{0.05, 0.0087}, full_runs{0.4, 0.3, 0.2, 0.06};
    std::size_t si = 0, fi = 0;
    const auto noisy = sgf_test::judge_linear(
        full, [&] { return small_runs[std::min(si++, small_runs.size() - 1)]; },
        [&] { return full_runs[std::min(fi++, full_runs.size() - 1)]; }, {});
    CHECK(noisy.linear);
    CHECK(noisy.rounds == 4);
    // quadratic: 16x in every round
    for (const double quarter : {0.01, 0.05, 0.2, 1.0}) {
        CAPTURE(quarter);
        const auto v = sgf_test::judge_linear(full, constant(quarter), constant(16 * quarter), {});
        CHECK_FALSE(v.linear);
        CHECK(v.rounds == 6);  // tried again before saying so
    }
    // quadratic only after a cold first run of the quarter: the first run does not set the limit
    std::vector<double> cold{0.5, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1};
    std::size_t ci = 0;
    CHECK_FALSE(sgf_test::judge_linear(full, [&] { return cold[std::min(ci++, cold.size() - 1)]; }, constant(1.6), {}).linear);
    // 100 MB inputs (value-100mb, read at 1-4 ns per byte): 0.1 s of memory effects is allowed
    // (1 ns per byte), 16x of a half-second quarter is not
    CHECK(sgf_test::judge_linear(104'857'600, constant(0.1), constant(1.1), {}).linear);
    CHECK_FALSE(sgf_test::judge_linear(104'857'600, constant(0.5), constant(8.0), {}).linear);
}

TEST_CASE("fuzz generated inputs parse in linear time") {
    for (const auto& c : sgf_fuzz::read_generated((fuzz_dir() / "regressions" / "generated.txt").string())) {
        if (c.heavy()) continue;
        const bool check = std::find(c.targets.begin(), c.targets.end(), "check") != c.targets.end();
        check_linear(c, [check](const std::string& input) { return cpu_seconds_to_parse(input, check); });
    }
}

// CPU seconds one run of target `t` takes on `input`.
double cpu_seconds_to_run(const fuzz_target& t, const std::string& input) {
    const std::clock_t start = std::clock();
    replay(t, "timed", input);
    return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

// The inputs filed under the fix target are shapes fix once took quadratic time on (N
// properties in one node: 40,000 took 18 s): the fix target (load, fix, write, and fix of
// its output) on the full case and its quarter, as above.
TEST_CASE("fuzz generated inputs fix in linear time") {
    const fuzz_target& t = target("fix");
    std::size_t timed = 0;
    for (const auto& c : sgf_fuzz::read_generated((fuzz_dir() / "regressions" / "generated.txt").string())) {
        if (c.heavy() || c.targets.empty() || !c.for_target("fix")) continue;
        check_linear(c, [&t](const std::string& input) { return cpu_seconds_to_run(t, input); });
        ++timed;
    }
    CHECK(timed >= 6);
}

TEST_CASE("fuzz regressions are filed under known targets") {
    std::set<std::string> known;
    for (const auto& t : targets) known.insert(std::string(t.name));
    for (const auto& e : fs::directory_iterator(fuzz_dir() / "regressions")) {
        const std::string name = e.path().filename().string();
        CAPTURE(name);
        if (e.is_directory()) CHECK(known.count(name) == 1);
        else CHECK((name == "generated.txt" || name == "README.md"));
    }
    for (const auto& c : sgf_fuzz::read_generated((fuzz_dir() / "regressions" / "generated.txt").string())) {
        CAPTURE(c.name);
        for (const auto& t : c.targets) CHECK(known.count(t) == 1);
    }
}

// Every syntax diagnostic (E014 aside: see below) has a committed regression input that triggers it.
TEST_CASE("fuzz regressions trigger every syntax diagnostic code") {
    std::set<std::string> seen;
    for (const auto& f : files_in(fuzz_dir() / "regressions")) {
        if (f.extension() == ".txt" || f.extension() == ".md") continue;
        for (const auto& d : sgf::parse(slurp(f)).diagnostics) seen.insert(std::string(d.code));
    }
    for (std::string_view code : {"E001", "E002", "E003", "E004", "E005", "E006", "E007", "E008", "E009", "E010",
                                  "E011", "E012", "E013", "W015", "W011"}) {
        CAPTURE(code);
        CHECK(sgf::find_rule(code) != nullptr);
        CHECK(seen.count(std::string(code)) == 1);
    }
}

// E014 needs a 2 GiB input: described in generated.txt as heavy-*, run with SGF_FUZZ_HEAVY=1.
TEST_CASE("fuzz regressions describe the file size limit") {
    bool found = false;
    for (const auto& c : sgf_fuzz::read_generated((fuzz_dir() / "regressions" / "generated.txt").string()))
        found |= c.heavy() && c.size() >= (std::size_t{1} << 31);
    CHECK(found);
}

namespace {

// fuzz/identifiers.dict: a libFuzzer dictionary of many distinct identifiers, made from the
// property table: every identifier of a row or an alias as written in FF[4] ("AB["), in
// FF[1]-FF[3]'s long form with lowercase letters ("AxBx[", "CoPyright["), capitalised ("Ab[")
// and in lower case ("ab[", E016); fuzz/ci.sh adds it to sgf.dict for every target's run
// with -max_len=65536.
std::string identifiers_dictionary() {
    std::set<std::string> ids;
    for (const auto& r : sgf::all_properties()) ids.insert(std::string(r.ident));
    for (const auto& a : sgf::all_aliases()) ids.insert(std::string(a.alias));
    std::set<std::string> entries;
    for (const auto& id : ids) {
        std::string long_form, capitalised, lower;
        for (std::size_t i = 0; i < id.size(); ++i) {
            const char l = static_cast<char>(id[i] - 'A' + 'a');
            long_form += id[i];
            long_form += 'x';
            capitalised += i == 0 ? id[i] : l;
            lower += l;
        }
        for (const auto& e : {id, long_form, capitalised, lower}) entries.insert(e + "[");
    }
    for (const auto& n : sgf::all_long_names()) entries.insert(std::string(n.written) + "[");
    std::string out = "# Generated from the property table by tests/fuzz_regressions_test.cpp (\"the identifiers\n"
                      "# dictionary\"): SGF_UPDATE_FUZZ_DICT=1 sgf_tests -tc='*identifiers dictionary*' rewrites it.\n"
                      "# Every identifier of a row or an alias in upper case, FF[1]-FF[3] long form, capitalised and\n"
                      "# lower case. fuzz/ci.sh gives every target a run with it (added to sgf.dict).\n";
    std::size_t k = 0;
    for (const auto& e : entries) out += "id" + std::to_string(++k) + "=\"" + e + "\"\n";
    return out;
}

}  // namespace

TEST_CASE("fuzz: the identifiers dictionary holds every identifier of the property table") {
    const fs::path file = fuzz_dir() / "identifiers.dict";
    const std::string want = identifiers_dictionary();
    if (std::getenv("SGF_UPDATE_FUZZ_DICT") != nullptr) {
        std::ofstream(file, std::ios::binary) << want;
        MESSAGE("rewrote ", file.string());
    }
    CHECK_MESSAGE(slurp(file) == want, "fuzz/identifiers.dict is out of date: SGF_UPDATE_FUZZ_DICT=1 rewrites it");
    CHECK(std::count(want.begin(), want.end(), '\n') > 500);
}
