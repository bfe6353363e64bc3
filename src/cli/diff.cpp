// sgfcheck diff --impl 'COMMAND' [--count N] [--seed N] [--timeout S] [--out DIR] [--tree] ...
// Generated cases go to sgfcheck (in-process: parse + check) and to another
// implementation (an adapter, conformance/adapters/README.md); every disagreement is
// classified, the first of each kind is minimised with ddmin, and report.md/report.jsonl
// are written. docs/differential.md shows what it found in six implementations.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <set>

#include <sys/stat.h>
#include <unistd.h>

#include "cli.hpp"
#include "sgf/write.hpp"
#include "sgf/app/parallel_for.hpp"
#include "tools/diff/diff.hpp"
#include "tools/diff/ddmin.hpp"

namespace sgf::cli {

namespace {

namespace fs = std::filesystem;
using namespace sgf::tools::diff;

constexpr const char* diff_usage = R"(Usage: sgfcheck diff --impl 'COMMAND' [--count N] [--seed N] [--timeout S] [--out DIR]
                     [--tree] [--valid|--invalid] [--max-bytes N] [--parse-only]
                     [--minimize N] [--max-tests N] [--jobs N] [--depth N] [--width N]
Feeds generated SGF files (sgfcheck gen, seeds S .. S+N-1) to another implementation
through the adapter contract (conformance/adapters/README.md: COMMAND FILE exits 0
accepted, 1 rejected, 3 unavailable, anything else = crash; with SGF_ADAPTER_TREE=1 it
may print the JSON tree) and compares its verdict with sgfcheck's (parse + check).
Each kind of disagreement (lax accept, strict reject, crash, timeout, tree difference) is
minimised by delta debugging, over SGF tokens and then bytes, keeping the same kind.
  --impl COMMAND   an adapter path, or a shell command; the file path is appended
  --count N        number of cases (default 100)        --seed N   first seed (default 1)
  --timeout S      seconds per run (default 10)         --jobs N   parallel runs (default 2)
  --out DIR        report.md, report.jsonl, cases/ (default diff-results/<adapter name>)
  --tree           also compare the JSON trees when both accept
  --valid, --invalid   only valid / only invalid cases (default: mixed by seed)
  --max-bytes N    soft size limit of the cases (default 16384)
  --parse-only     our verdict from the parser alone (syntax-level comparison)
  --minimize N     cases minimised per kind of disagreement (default 1; 0 = none)
  --max-tests N    runs of the implementation per minimisation (default 300)
  --depth N, --width N   every case nests N variations deep / has N sibling variations
                   (readers that recurse per '(' crash on deep trees; up to 100000)
Exit status: 0 no disagreement, 1 disagreements found, 2 usage error or the
implementation is unavailable.
)";

struct options {
    std::string impl;
    std::uint64_t count = 100;
    generate_options gen;  // case k is generated from seed + k (seed 1 unless --seed)
    double timeout = 10;
    std::string out;
    bool tree = false;
    bool parse_only = false;
    std::size_t minimize = 1;
    std::size_t max_tests = 300;
    unsigned jobs = 2;
};

std::string shell_quoted(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,") == std::string::npos)
        return s;
    std::string out = "'";
    for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

options parse_options(const std::vector<std::string>& args) {
    options o;
    o.gen.seed = 1;  // as sgfcheck gen
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << diff_usage;
            std::exit(finish_stdout());  // a failed write of the help is exit 2 too
        } else if (auto v = option_value(args, i, "--impl")) {
            o.impl = *v;
        } else if (auto c = option_value(args, i, "--count")) {
            o.count = number_option("--count", *c);
        } else if (generator_option(args, i, o.gen)) {
            continue;
        } else if (auto t = option_value(args, i, "--timeout")) {
            o.timeout = seconds_option(*t);
        } else if (auto d = option_value(args, i, "--out")) {
            o.out = *d;
        } else if (a == "--tree") {
            o.tree = true;
        } else if (a == "--parse-only") {
            o.parse_only = true;
        } else if (auto m = option_value(args, i, "--minimize")) {
            o.minimize = static_cast<std::size_t>(number_option("--minimize", *m));
        } else if (auto mt = option_value(args, i, "--max-tests")) {
            o.max_tests = static_cast<std::size_t>(number_option("--max-tests", *mt));
        } else if (auto j = option_value(args, i, "--jobs")) {
            o.jobs = static_cast<unsigned>(number_option("--jobs", *j));
            if (o.jobs == 0) throw usage_error{"--jobs needs a positive number"};
        } else {
            throw usage_error{"diff: unknown argument " + a};
        }
    }
    if (o.impl.empty()) throw usage_error{"diff needs --impl 'COMMAND'"};
    if (o.gen.depth > gen_large_shape) throw usage_error{"diff: --depth is limited to " + std::to_string(gen_large_shape)};
    if (o.gen.width > gen_large_shape) throw usage_error{"diff: --width is limited to " + std::to_string(gen_large_shape)};
    if (o.count > std::numeric_limits<std::uint64_t>::max() - o.gen.seed) throw usage_error{"diff: seed + count overflows"};
    return o;
}

bool executable_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

// The program run_adapter executes: the adapter itself, or a script around a shell command.
fs::path adapter_for(const std::string& impl, const fs::path& work) {
    if (executable_file(impl)) return fs::absolute(impl);
    const bool simple = impl.find_first_of(";|&\n`$()<>") == std::string::npos;
    const fs::path script = work / "impl.sh";
    // exec keeps the exit status and the signal of the implementation itself
    write_file_atomically(script, "#!/bin/sh\n" + std::string(simple ? "exec " : "") + impl + " \"$@\"\n");
    ::chmod(script.c_str(), 0755);
    return script;
}

std::string default_out(const std::string& impl) {
    std::string name = fs::path(impl.substr(0, impl.find(' '))).filename().string();
    for (auto& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
    return "diff-results/" + (name.empty() ? std::string("impl") : name);
}

// What a minimised case must keep besides the outcome: our own verdict.
bool ours_fits(const finding& f, const our_verdict& ours) {
    switch (f.found.what) {
        case kind::lax_accept: return !ours.accepted && ours.errors == f.ours.errors;
        case kind::strict_reject:
        case kind::tree_differs:
        case kind::tree_invalid: return ours.accepted;
        default: return ours.accepted == f.ours.accepted;
    }
}

}  // namespace

int run_diff(const std::vector<std::string>& args) {
    const options o = parse_options(args);
    const auto start = std::chrono::steady_clock::now();
    const fs::path out = o.out.empty() ? fs::path(default_out(o.impl)) : fs::path(o.out);
    const fs::path work = out / "work";
    const fs::path cases_dir = out / "cases";
    fs::create_directories(work);
    fs::create_directories(cases_dir);
    const fs::path adapter = adapter_for(o.impl, work);

    run_info run;
    run.impl = o.impl;
    run.seed = o.gen.seed;
    run.count = o.count;
    run.command_line = "sgfcheck diff";
    for (const auto& a : args) run.command_line += " " + shell_quoted(a);
    if (o.gen.max_bytes != generate_options{}.max_bytes) run.gen_flags += " --max-bytes " + std::to_string(o.gen.max_bytes);
    if (o.gen.depth > 0) run.gen_flags += " --depth " + std::to_string(o.gen.depth);
    if (o.gen.width > 0) run.gen_flags += " --width " + std::to_string(o.gen.width);

    // ---------------------------------------------------------------- the cases
    struct result {
        generated_file file;
        our_verdict ours;
        their_verdict theirs;
        outcome found;
    };
    std::vector<result> results(static_cast<std::size_t>(o.count));
    std::atomic<bool> unavailable{false};
    std::mutex mu;
    std::string unavailable_detail;
    app::parallel_for(results.size(), o.jobs, [&](std::size_t i) {
        if (unavailable) return;
        generate_options g = o.gen;
        g.seed = o.gen.seed + i;
        result& r = results[i];
        r.file = generate(g);
        const fs::path file = work / ("case-" + std::to_string(g.seed) + ".sgf");
        write_file_atomically(file, r.file.bytes);
        r.ours = run_ours(r.file.bytes, o.parse_only);
        r.theirs = run_theirs(adapter, file, o.timeout);
        fs::remove(file);
        if (r.theirs.result == their_result::unavailable) {
            std::lock_guard lock(mu);
            unavailable = true;
            unavailable_detail = r.theirs.detail;
            return;
        }
        r.found = classify(r.ours, r.theirs, o.tree);
    });
    if (unavailable) {
        std::cerr << "sgfcheck diff: " << o.impl << " is unavailable" << (unavailable_detail.empty() ? "" : ": ")
                  << unavailable_detail << "\n";
        fs::remove_all(work);
        return exit_usage;
    }

    std::vector<finding> findings;
    std::set<std::string_view> features;
    for (auto& r : results) {
        (r.file.valid ? run.valid : run.invalid) += 1;
        features.insert(r.file.features.begin(), r.file.features.end());
        if (r.found.what == kind::agree) {
            ++run.agree;
            continue;
        }
        finding f;
        f.seed = r.file.seed;
        f.name = r.file.name();
        f.valid = r.file.valid;
        f.applied = r.file.applied;
        f.found = r.found;
        f.ours = std::move(r.ours);
        f.theirs = std::move(r.theirs);
        f.bytes = std::move(r.file.bytes);
        findings.push_back(std::move(f));
    }
    // A tree difference is grouped by its rarest class: one that many files show (CRs
    // dropped) would otherwise hide the rarer ones behind it.
    std::map<std::string, std::size_t> class_count;
    for (const auto& f : findings)
        for (const auto& c : f.found.differences) ++class_count[c];
    for (auto& f : findings)
        for (const auto& c : f.found.differences)
            if (class_count[c] < class_count[f.found.signature]) f.found.signature = c;
    for (const auto feature : all_features())
        if (features.count(feature)) run.features.emplace_back(feature);

    // ------------------------------------------------------------- minimisation
    // The smallest cases of each kind first: they shrink fastest.
    std::map<std::string, std::vector<std::size_t>> by_key;
    for (std::size_t i = 0; i < findings.size(); ++i) by_key[findings[i].found.key()].push_back(i);
    std::vector<std::size_t> chosen;
    for (auto& [key, idx] : by_key) {
        std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return findings[a].bytes.size() < findings[b].bytes.size(); });
        for (std::size_t k = 0; k < idx.size() && k < o.minimize; ++k) chosen.push_back(idx[k]);
    }
    if (!chosen.empty())
        std::cerr << "sgfcheck diff: " << findings.size() << " disagreements in " << by_key.size() << " kinds; minimising "
                  << chosen.size() << "\n";
    app::parallel_for(chosen.size(), o.jobs, [&](std::size_t c) {
        finding& f = findings[chosen[c]];
        const fs::path file = work / ("min-" + std::to_string(f.seed) + ".sgf");
        // a hang is a hang well before the full timeout: keep minimising it cheap
        const double t = f.found.what == kind::timeout ? std::max(1.0, o.timeout / 4) : o.timeout;
        // Our verdict filters candidates in-process; only those that pass cost a run of
        // the implementation, and --max-tests counts those runs.
        ddmin_stats st;
        std::size_t runs = 0;
        auto still = [&](const std::string& candidate) {
            const our_verdict ours = run_ours(candidate, o.parse_only);
            if (!ours_fits(f, ours)) return false;
            if (runs >= o.max_tests) {
                st.exhausted = true;
                return false;
            }
            ++runs;
            write_file_atomically(file, candidate);
            const their_verdict theirs = run_theirs(adapter, file, t);
            return keeps(f.found, classify(ours, theirs, o.tree));
        };
        f.minimal = minimize(f.bytes, still, st);
        f.tests = runs;
        f.budget_spent = st.exhausted;
        f.minimised = true;
        write_file_atomically(file, f.minimal);
        f.minimal_ours = run_ours(f.minimal, o.parse_only);
        f.minimal_theirs = run_theirs(adapter, file, o.timeout);
        f.minimal_found = classify(f.minimal_ours, f.minimal_theirs, o.tree);
        if (f.found.what == kind::tree_differs || f.found.what == kind::tree_invalid) {
            f.tree_ours = f.minimal_ours.tree;
            f.tree_theirs = f.minimal_theirs.tree;
            while (!f.tree_theirs.empty() && (f.tree_theirs.back() == '\n' || f.tree_theirs.back() == '\r'))
                f.tree_theirs.pop_back();
        }
        fs::remove(file);
    });

    // ------------------------------------------------------------------ output
    constexpr std::size_t kept_per_kind = 20;  // original cases kept per kind
    std::map<std::string, std::size_t> kept;
    for (const auto& f : findings) {
        if (kept[f.found.key()]++ < kept_per_kind) write_file_atomically(cases_dir / (f.name + ".sgf"), f.bytes);
        if (f.minimised) write_file_atomically(cases_dir / (f.name + ".min.sgf"), f.minimal);
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    write_report(out, run, findings);
    fs::remove_all(work);
    std::cout << o.impl << ": " << o.count << " cases, " << run.agree << " agree, " << findings.size() << " disagree in "
              << by_key.size() << " kinds";
    for (const auto& [key, idx] : by_key) std::cout << "\n  " << idx.size() << " x " << key;
    std::cout << "\nreport: " << (out / "report.md").string() << "\n";
    return findings.empty() ? exit_ok : exit_errors;
}

}  // namespace sgf::cli
