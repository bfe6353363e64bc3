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

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.hpp"
#include "sgf/write.hpp"
#include "tools/diff/diff.hpp"
#include "tools/conformance/conformance.hpp"
#include "write/atomic_file.hpp"

namespace sgf::cli {

namespace {

namespace fs = std::filesystem;
using namespace sgf::tools::diff;

constexpr const char* diff_usage = R"(Usage: sgfcheck diff --impl 'COMMAND' [--count N] [--seed N] [--timeout S] [--out DIR]
                     [--time-budget S] [--mutation NAME]... [--no-tree] [--valid|--invalid]
                     [--max-bytes N] [--parse-only] [--minimize N] [--max-tests N] [--jobs N]
                     [--depth N] [--width N] | --list
Feeds generated SGF files to another implementation through the adapter contract
(conformance/adapters/README.md: COMMAND FILE exits 0 accepted, 1 rejected, 3
unavailable, anything else = crash; with SGF_ADAPTER_TREE=1 it may print the JSON tree;
an adapter that answers the batch handshake reads every case in one process) and compares
its verdict with sgfcheck's (parse + check). Case k comes from the family k mod F of
the families asked for (--mutation; all by default) and from seed S+k. Each kind of
disagreement (lax accept, strict reject, crash, timeout, tree difference) is minimised
by delta debugging, over SGF tokens and then bytes, keeping the same kind; kinds whose
minimal cases show the same difference are one kind. A timeout that does not come back
when run alone is reported as flaky, not as a disagreement.
  --impl COMMAND   an adapter path, or a shell command; the file path is appended
  --count N        number of cases (default 200)        --seed N   first seed (default 1)
  --time-budget S  seconds for the whole run (default 600): cases get up to half of it,
                   the minimisation the rest; the report says what was left undone
  --mutation NAME  a family of cases (repeatable, or a comma list): a shape (see --list)
                   or one of the generator's mutations (sgfcheck gen --list)
  --timeout S      CPU seconds per run (default 10)     --jobs N   parallel runs (default 2)
  --out DIR        report.md, report.jsonl, cases/ (default diff-results/<adapter name>),
                   rewritten as the run goes: a stopped run leaves a valid report
  --no-tree        do not compare the JSON trees (compared by default when both accept
                   and the implementation prints one; --tree is accepted too)
  --valid, --invalid   only valid / only invalid cases (the families mixed and valid)
  --max-bytes N    soft size limit of the cases (default 16384)
  --parse-only     our verdict from the parser alone (for an implementation that only
                   parses: the report suggests it when only our checker disagrees)
  --minimize N     cases minimised per kind of disagreement (default 1; 0 = none)
  --max-tests N    runs of the implementation per minimisation (default 300)
  --depth N, --width N   every case nests N variations deep / has N sibling variations
  --list           the families and what each generates
Exit status: 0 no disagreement, 1 disagreements found, 2 usage error or the
implementation is unavailable, 130 stopped by SIGINT or SIGTERM (the report is kept).
)";

std::string shell_quoted(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,") == std::string::npos)
        return s;
    std::string out = "'";
    for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

void list_families() {
    std::cout << "families (sgfcheck diff --mutation NAME; by default a run cycles through these):\n";
    for (const auto& f : all_families()) std::cout << "  " << f.name << std::string(14 - std::min<std::size_t>(13, f.name.size()), ' ') << f.what << "\n";
    std::cout << "and every mutation of the generator (sgfcheck gen --list), one per case.\n";
}

diff_options parse_options(const std::vector<std::string>& args) {
    diff_options o;
    o.gen.seed = 1;  // as sgfcheck gen
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << diff_usage;
            std::exit(finish_stdout());  // a failed write of the help is exit 2 too
        } else if (a == "--list") {
            list_families();
            std::exit(finish_stdout());
        } else if (auto v = option_value(args, i, "--impl")) {
            o.impl = *v;
        } else if (auto c = option_value(args, i, "--count")) {
            o.count = number_option("--count", *c);
        } else if (auto m = option_value(args, i, "--mutation")) {
            for (std::size_t at = 0; at <= m->size();) {
                const std::size_t comma = std::min(m->find(',', at), m->size());
                const std::string name = m->substr(at, comma - at);
                if (!is_family(name)) throw usage_error{"diff: no family or mutation '" + name + "' (sgfcheck diff --list, sgfcheck gen --list)"};
                o.families.push_back(name);
                at = comma + 1;
            }
        } else if (generator_option(args, i, o.gen)) {
            continue;
        } else if (auto t = option_value(args, i, "--timeout")) {
            o.timeout = seconds_option(*t);
        } else if (auto b = option_value(args, i, "--time-budget")) {
            o.time_budget = seconds_option(*b);
        } else if (auto d = option_value(args, i, "--out")) {
            o.out = *d;
        } else if (a == "--tree") {
            o.tree = true;
        } else if (a == "--no-tree") {
            o.tree = false;
        } else if (a == "--" && i + 1 == args.size()) {  // the end of the options (diff takes no operands)
        } else if (a == "--parse-only") {
            o.parse_only = true;
        } else if (auto mn = option_value(args, i, "--minimize")) {
            o.minimize = static_cast<std::size_t>(number_option("--minimize", *mn));
        } else if (auto mt = option_value(args, i, "--max-tests")) {
            o.max_tests = static_cast<std::size_t>(number_option("--max-tests", *mt));
        } else if (auto j = option_value(args, i, "--jobs")) {
            o.jobs = jobs_option(*j);
        } else {
            throw usage_error{"diff: unknown argument " + a};
        }
    }
    if (o.impl.empty()) throw usage_error{"diff needs --impl 'COMMAND'"};
    if (o.gen.depth > gen_large_shape) throw usage_error{"diff: --depth is limited to " + std::to_string(gen_large_shape)};
    if (o.gen.width > gen_large_shape) throw usage_error{"diff: --width is limited to " + std::to_string(gen_large_shape)};
    if (o.count > std::numeric_limits<std::uint64_t>::max() - o.gen.seed) throw usage_error{"diff: seed + count overflows"};
    // --valid / --invalid narrow the mixed families; the others decide for themselves
    if (o.families.empty() && o.gen.mode != gen_mode::mixed) o.families = {o.gen.mode == gen_mode::valid ? "valid" : "invalid"};
    o.command_line = "sgfcheck diff";
    for (const auto& a : args) {  // piece by piece: "x" + std::string trips GCC 12's -Wrestrict (bug 105329)
        o.command_line += ' ';
        o.command_line += shell_quoted(a);
    }
    if (o.gen.max_bytes != generate_options{}.max_bytes) o.gen_flags += " --max-bytes " + std::to_string(o.gen.max_bytes);
    if (o.gen.depth > 0) o.gen_flags += " --depth " + std::to_string(o.gen.depth);
    if (o.gen.width > 0) o.gen_flags += " --width " + std::to_string(o.gen.width);
    return o;
}

bool executable_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

// The program the runner executes: the adapter itself, or a script around a shell command.
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

extern "C" void on_diff_stop(int) { sgf::tools::conformance::request_stop(); }

}  // namespace

int run_diff(const std::vector<std::string>& args) {
    diff_options o = parse_options(args);
    if (o.out.empty()) o.out = default_out(o.impl);
    detail::make_output_folder(o.out, "--out");
    o.adapter = adapter_for(o.impl, o.out);
    // A report from the start; written before the handlers below, because the first atomic
    // write installs the writer's own (remove the temporary file, then die), which ours
    // replace: a stop lets the run write its report and end.
    write_file_atomically(o.out / "report.md", "# sgfcheck diff: `" + o.impl + "`\n\n**Partial report: the run has just started.**\n");
    struct sigaction sa {};
    sa.sa_handler = on_diff_stop;
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
    const diff_result r = sgf::tools::diff::run(o);
    if (!r.unavailable.empty()) {
        std::cerr << "sgfcheck diff: " << o.impl << " is unavailable: " << r.unavailable << "\n";
        return exit_usage;
    }
    std::map<std::string, std::size_t> kinds;
    for (const auto& f : r.findings) ++kinds[f.cluster];
    std::cout << o.impl << ": " << r.run.count << " cases, " << r.run.agree << " agree, " << r.findings.size()
              << " disagree in " << kinds.size() << " kinds";
    if (!r.run.flaky.empty()) std::cout << ", " << r.run.flaky.size() << " flaky timeouts";
    for (const auto& [key, n] : kinds) std::cout << "\n  " << n << " x " << key;
    std::cout << "\nreport: " << (o.out / "report.md").string() << "\n";
    if (!r.run.status.empty()) std::cout << "partial: " << r.run.status << "\n";
    if (r.stopped) return 130;
    return r.findings.empty() ? exit_ok : exit_errors;
}

}  // namespace sgf::cli
