// sgfcheck conformance [--impl NAME]... [--cases DIR] [--adapters DIR] [--out DIR]
//                      [--timeout SEC] [--jobs N]
// Runs every case through ours (the library, in-process) and through each adapter, then
// writes <out>/<impl>.tsv, <out>/matrix.md and <out>/matrix.html.
// Over 500 lines: the command's options and help, then its steps in the order they run (find
// the adapters, load the cases, ours, the adapters, the timeouts again, the reports), each a
// function; the runner's machinery itself is in src/tools/conformance/.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <map>
#include <optional>
#include <mutex>
#include <thread>

#include <unistd.h>

#include "cli.hpp"
#include "sgf/write.hpp"
#include "tools/conformance/conformance.hpp"
#include "sgf/app/parallel_for.hpp"
#include "write/atomic_file.hpp"

namespace sgf::cli {

namespace {

namespace fs = std::filesystem;
using namespace sgf::tools::conformance;

constexpr std::size_t shown_cap = 8192;  // case bytes kept for the HTML page

struct options {
    std::vector<std::string> impls;  // empty: ours + every adapter
    fs::path cases = "conformance/cases";
    std::optional<fs::path> adapters;
    fs::path out = "conformance/results";
    double timeout = 60;
    unsigned jobs = 0;
    std::optional<fs::path> readers_report;  // docs/readers.md
    double diff_budget = 20;                 // seconds of `diff` per reader for it
    std::optional<fs::path> manifest;        // write conformance/cases.json and stop
};

constexpr const char* usage = R"(Usage: sgfcheck conformance [--impl NAME]... [--cases DIR] [--adapters DIR]
                            [--out DIR] [--timeout SEC] [--jobs N]
                            [--readers-report FILE [--diff-budget SEC]]
       sgfcheck conformance --manifest FILE [--cases DIR]
Runs the conformance corpus through sgfcheck ("ours", in-process) and through the
adapters of other implementations, and writes OUT/<impl>.tsv, OUT/matrix.md and
OUT/matrix.html. Defaults: --cases conformance/cases, --adapters CASES/../adapters,
--out conformance/results, --timeout 60, --jobs = number of CPUs, every adapter
(an executable without a dot in its name). NAME may also be a path to an adapter.
An adapter that answers "unavailable" (exit 3) on the first case is not run on the others.
An adapter that answers the batch handshake (conformance/adapters/README.md) reads every
case in one process. --timeout is CPU time per case; a timeout is run again alone at the end, and
one that does not come back is "flaky", not a verdict. The outputs are rewritten as the
run goes (each file replaced atomically): a run stopped at any point (Ctrl-C, SIGTERM,
even SIGKILL) leaves a valid report of the cases done.
The page (matrix.html) links each case to its bytes, its .expect, its spec sentence in
SOURCES.md and the docs of its codes; it has a search box and filters by implementation,
area and outcome (also as matrix.html#impl=NAME&area=AREA&outcome=OUTCOME&q=TEXT).
--readers-report FILE also runs `sgfcheck diff` for --diff-budget seconds (default 20)
against each available adapter and writes FILE (docs/readers.md): per reader, what it
accepts that the spec rejects, rejects that it allows, wrong trees, crashes and hangs.
--manifest FILE writes the corpus as one JSON document (conformance/cases.json: name,
expectation, profile, codes, tree of every case) and runs nothing.
Exit status: 0 done, 1 done but ours differs from a case's .expect, 2 usage error,
130 stopped by SIGINT or SIGTERM (the report says how far it got).
)";

options read_options(const std::vector<std::string>& args) {
    options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << usage;
            std::exit(finish_stdout());  // a failed write of the help is exit 2 too
        } else if (auto v = option_value(args, i, "--impl")) {
            o.impls.push_back(*v);
        } else if (auto c = option_value(args, i, "--cases")) {
            o.cases = *c;
        } else if (auto a = option_value(args, i, "--adapters")) {
            o.adapters = fs::path(*a);
        } else if (auto d = option_value(args, i, "--out")) {
            o.out = *d;
        } else if (auto t = option_value(args, i, "--timeout")) {
            o.timeout = seconds_option(*t);
        } else if (auto rr = option_value(args, i, "--readers-report")) {
            o.readers_report = fs::path(*rr);
        } else if (auto db = option_value(args, i, "--diff-budget")) {
            o.diff_budget = seconds_option(*db);
        } else if (auto mf = option_value(args, i, "--manifest")) {
            o.manifest = fs::path(*mf);
        } else if (auto j = option_value(args, i, "--jobs")) {
            o.jobs = jobs_option(*j);
        } else if (args[i] == "--" && i + 1 == args.size()) {  // the end of the options (no operands)
        } else {
            throw usage_error{"conformance: unknown argument " + args[i]};
        }
    }
    if (o.jobs == 0) o.jobs = std::max(1u, std::thread::hardware_concurrency());
    return o;
}

bool is_adapter(const fs::path& p) {
    std::error_code ec;
    return p.filename().string().find('.') == std::string::npos && fs::is_regular_file(p, ec) &&
           ::access(p.c_str(), X_OK) == 0;
}

void write_text(const fs::path& p, const std::string& s) { write_file_atomically(p, s); }

// The first line `command` prints, or "" (git missing, not a repository).
std::string first_line_of(const std::string& command) {
    std::string out;
    if (FILE* p = ::popen(command.c_str(), "r")) {
        char buf[256];
        if (std::fgets(buf, sizeof buf, p)) out = buf;
        ::pclose(p);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The commit of the case folder's repository, "+ local changes" when its conformance files differ.
std::string corpus_commit(const fs::path& cases) {
    const std::string dir = shell_quote(cases.string());
    std::string commit = first_line_of("git -C " + dir + " rev-parse --short=12 HEAD 2>/dev/null");
    if (commit.empty()) return "unknown (not a git checkout)";
    if (!first_line_of("git -C " + dir + " status --porcelain -- .. 2>/dev/null").empty()) commit += " + local changes";
    return commit;
}

std::string utc_now() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

// A path relative to the page's folder, with '/' separators; "" when `target` is missing.
std::string href(const fs::path& target, const fs::path& page_dir) {
    std::error_code ec;
    if (!fs::exists(target, ec)) return "";
    const fs::path rel = fs::absolute(target, ec).lexically_normal().lexically_relative(fs::absolute(page_dir, ec).lexically_normal());
    return rel.empty() ? "" : rel.generic_string();
}



struct impl {
    std::string name;
    fs::path adapter;
};

// Ours first, then the adapters asked for (all in the adapter folder by default).
std::vector<impl> find_impls(const options& o, const fs::path& adapters) {
    std::error_code ec;
    std::vector<impl> out;
    if (o.impls.empty()) {
        std::vector<fs::path> found;
        if (fs::is_directory(adapters, ec))
            for (const auto& e : fs::directory_iterator(adapters))
                if (is_adapter(e.path())) found.push_back(e.path());
        std::sort(found.begin(), found.end());
        for (const auto& p : found) out.push_back({p.filename().string(), p});
        return out;
    }
    for (const auto& name : o.impls) {
        if (name == "ours") continue;
        const fs::path p = name.find('/') != std::string::npos ? fs::path(name) : adapters / name;
        if (!is_adapter(p)) throw usage_error{"conformance: no adapter " + p.string() + " (an executable without a dot in its name)"};
        out.push_back({p.filename().string(), p});
    }
    return out;
}

struct corpus {
    std::vector<case_file> files;      // the cases run (library-only ones left out)
    std::vector<expectation> expects;  // of each
};

// The cases, their expectations and their rows of the matrix (bytes shown, SOURCES.md).
corpus load_cases(const options& o, matrix& m) {
    corpus c;
    const auto sources = read_sources(o.cases.parent_path() / "SOURCES.md");
    for (const auto& f : list_cases(o.cases)) {
        if (f.area.empty()) {
            std::cerr << "sgfcheck: conformance: " << f.path.filename().string() << ": name does not follow <y|n|i>_<area>_<what>; skipped\n";
            continue;
        }
        expectation e;
        try {
            e = read_expectation(f);
        } catch (const std::exception& x) {
            std::cerr << "sgfcheck: conformance: " << x.what() << '\n';
        }
        case_row r;
        r.name = f.name;
        r.area = f.area;
        r.expected = f.expected;
        r.generated = f.generated;
        r.pending = e.pending.value_or("");
        r.known_bug = e.known_bug.value_or("");
        for (const auto& d : e.diagnostics) r.expected_diagnostics.push_back(to_string(d));
        if (const auto it = sources.find(f.name); it != sources.end()) {
            r.source = it->second.source;
            r.sentence = it->second.sentence;
            r.remark = it->second.remark;
        }
        if (f.generated) {
            r.shown = read_all(f.path);
            const recipe rc = parse_recipe(r.shown);
            if (rc.library_only) {
                m.skipped.push_back(f.name);
                continue;
            }
            r.size = rc.size();
        } else {
            r.size = fs::file_size(f.path);
            std::string b = read_all(f.path);
            if (b.size() > shown_cap) b.resize(shown_cap);
            r.shown = std::move(b);
        }
        m.cases.push_back(std::move(r));
        c.files.push_back(f);
        c.expects.push_back(std::move(e));
    }
    if (c.files.empty()) throw usage_error{"conformance: no cases in " + o.cases.string()};
    return c;
}

void describe_run(const options& o, const std::vector<impl>& impls, matrix& m) {
    const fs::path sources_md = o.cases.parent_path() / "SOURCES.md";
    m.version = SGF_VERSION;
    m.commit = corpus_commit(o.cases);
    m.date = utc_now();
    m.links.cases = href(o.cases, o.out);
    m.links.generated = "generated";
    m.links.sources = href(sources_md, o.out);
    m.links.docs = href(o.cases.parent_path().parent_path() / "docs" / "diagnostics.md", o.out);
    m.impls.push_back("ours");
    for (const auto& i : impls) m.impls.push_back(i.name);
    m.cells.assign(m.cases.size(), std::vector<cell>(m.impls.size()));
    for (auto& row : m.cells)
        for (std::size_t k = 1; k < row.size(); ++k) row[k].detail = not_run;
}

// The outputs, each replaced atomically: valid whenever the run stops.
class report_writer {
public:
    report_writer(fs::path out, const matrix& m) : out_(std::move(out)), m_(m) {}
    void write() {
        for (std::size_t k = 0; k < m_.impls.size(); ++k) write_text(out_ / (m_.impls[k] + ".tsv"), tsv(m_, k));
        write_text(out_ / "matrix.md", markdown(m_));
        write_text(out_ / "matrix.html", html(m_));
        last_ = std::chrono::steady_clock::now();
    }
    // At most every few seconds while the run goes on (the page takes a moment to write).
    void maybe_write() {
        if (std::chrono::steady_clock::now() - last_ >= std::chrono::seconds(3)) write();
    }

private:
    fs::path out_;
    const matrix& m_;
    std::chrono::steady_clock::time_point last_{};
};

struct our_column {
    std::vector<std::string> trees;  // normal form, per case
    std::vector<bool> accepts;
    std::vector<fs::path> paths;     // what the adapters read (generated cases written out)
    bool differs = false;            // ours differs from an .expect (not a known bug)
};

// Ours, in-process, with the cells of the first column; generated cases are written out.
our_column run_ours_column(const options& o, const corpus& c, matrix& m) {
    const std::size_t n = c.files.size();
    our_column col;
    col.trees.resize(n);
    col.accepts.assign(n, false);
    col.paths.resize(n);
    std::atomic<bool> differs{false};
    const fs::path gen_dir = o.out / "generated";
    if (std::any_of(c.files.begin(), c.files.end(), [](const case_file& f) { return f.generated; }))
        fs::create_directories(gen_dir);
    std::vector<char> accepts(n, 0);
    app::parallel_for(n, o.jobs, [&](std::size_t i) {
        const case_file& f = c.files[i];
        std::string bytes = case_bytes(f);
        col.paths[i] = f.path;
        if (f.generated) {
            col.paths[i] = gen_dir / (f.name + ".sgf");
            write_text(col.paths[i], bytes);
        }
        const auto t0 = std::chrono::steady_clock::now();
        our_result r = run_ours(std::move(bytes), c.expects[i].prof);
        cell& x = m.cells[i][0];
        x.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        x.result = r.accepted ? verdict::accepted : verdict::rejected;
        const auto got = as_expected(r.diagnostics);
        x.detail = got.empty() ? "no diagnostics" : join(got);
        const expectation& e = c.expects[i];
        if (!e.pending) {
            if (e.tree) x.tree = *e.tree == r.tree ? tree_match::yes : tree_match::no;
            x.differs_from_expect = got != e.diagnostics || x.tree == tree_match::no;
            if (x.differs_from_expect) {
                x.detail += "; .expect: " + join(e.diagnostics);
                if (x.tree == tree_match::no) x.detail += "; tree differs from .expect";
                if (!e.known_bug) differs = true;
            }
            if (e.known_bug) x.detail += "; known bug: " + *e.known_bug;
        } else {
            x.detail += "; pending: " + *e.pending;
        }
        col.trees[i] = std::move(r.tree);
        accepts[i] = r.accepted ? 1 : 0;
    });
    for (std::size_t i = 0; i < n; ++i) col.accepts[i] = accepts[i] != 0;
    col.differs = differs;
    return col;
}

// An adapter's answer in its cell, its tree compared with ours.
void fill_cell(cell& x, adapter_run r, const our_column& ours, std::size_t i) {
    x.result = r.result;
    x.seconds = r.seconds;
    x.timed_out = r.timed_out;
    x.detail = std::move(r.detail);
    x.tree = tree_match::none;
    std::string_view out = r.out;
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == ' ')) out.remove_suffix(1);
    if (r.result == verdict::accepted && !out.empty() && ours.accepts[i]) {
        try {
            std::string theirs = normalize_json(out);
            x.tree = theirs == ours.trees[i] ? tree_match::yes : tree_match::no;
            if (x.tree == tree_match::no && theirs.size() <= 64 * 1024) {
                x.their_tree = std::move(theirs);
                x.our_tree = ours.trees[i];
            }
        } catch (const std::exception& e) {
            x.tree = tree_match::invalid;
            x.detail += (x.detail.empty() ? "" : "; ") + std::string("tree: ") + e.what();
        }
    }
}

std::atomic<bool> stop_signal{false};
extern "C" void on_stop_signal(int) {
    stop_signal = true;
    request_stop();
}

// Each adapter probed once on the first case (this also builds the readers that need a
// build); one that answers "unavailable" (exit 3) is not started again. Then every
// (adapter, case) pair, adapter by adapter, `jobs` workers each with its own batch
// process; the report is rewritten as cells fill in.
void run_adapters(const options& o, const std::vector<impl>& impls, const corpus& c, const our_column& ours, matrix& m,
                  report_writer& report) {
    const auto timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout * 1000));
    const std::size_t n = c.files.size();
    std::vector<adapter_run> probes(impls.size());
    std::vector<char> batch(impls.size(), 0);
    app::parallel_for(impls.size(), o.jobs, [&](std::size_t k) {
        probes[k] = run_adapter(impls[k].adapter, ours.paths[0], timeout);
        if (probes[k].result != verdict::unavailable) batch[k] = supports_batch(impls[k].adapter, timeout) ? 1 : 0;
    });
    std::vector<std::size_t> tasks;  // k * n + i
    std::mutex mu;
    for (std::size_t k = 0; k < impls.size(); ++k) {
        if (probes[k].result == verdict::unavailable && probes[k].exit_status == 3) {
            for (std::size_t i = 0; i < n; ++i) {
                cell& x = m.cells[i][k + 1];
                x.result = verdict::unavailable;
                x.detail = "unavailable (probed once, on " + c.files[0].name + ")";
                if (!probes[k].detail.empty()) x.detail += ": " + probes[k].detail;
            }
            std::cerr << "conformance: " << impls[k].name << ": unavailable"
                      << (probes[k].detail.empty() ? "" : " (" + probes[k].detail + ")") << "; not run\n";
            continue;
        }
        fill_cell(m.cells[0][k + 1], std::move(probes[k]), ours, 0);
        for (std::size_t i = 1; i < n; ++i) tasks.push_back(k * n + i);
    }
    m.runs_total = impls.size() * n;
    m.runs_done = m.runs_total - tasks.size();
    report.write();
    std::vector<std::size_t> left(impls.size(), n - 1);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        std::optional<adapter_client> client;
        std::size_t client_of = static_cast<std::size_t>(-1);
        for (std::size_t t = next++; t < tasks.size() && !stop_requested(); t = next++) {
            const std::size_t k = tasks[t] / n, i = tasks[t] % n;
            if (client_of != k) {
                client.emplace(impls[k].adapter, timeout, batch[k] != 0);
                client_of = k;
            }
            adapter_run r = client->run(ours.paths[i]);
            if (stop_requested()) break;  // the run in flight was cut short: not a verdict
            std::lock_guard lock(mu);
            fill_cell(m.cells[i][k + 1], std::move(r), ours, i);
            ++m.runs_done;
            if (--left[k] == 0) {
                const summary s = summarize(m, k + 1);
                std::cerr << "conformance: " << impls[k].name << (client->batch() ? " (batch)" : "") << ": " << s.agree
                          << " agree, " << s.disagree() << " disagree, " << s.crash << " crash\n";
            }
            report.maybe_write();
        }
    };
    std::vector<std::thread> ts;
    for (unsigned j = 1; j < o.jobs && j < tasks.size(); ++j) ts.emplace_back(worker);
    worker();
    for (auto& t : ts) t.join();
}

// Every timeout again, alone: one that does not come back was the machine (flaky).
void recheck_timeouts(const options& o, const std::vector<impl>& impls, const our_column& ours, matrix& m) {
    std::vector<std::pair<std::size_t, std::size_t>> timed_out;  // case, impl column
    for (std::size_t i = 0; i < m.cells.size(); ++i)
        for (std::size_t k = 1; k < m.impls.size(); ++k)
            if (m.cells[i][k].timed_out) timed_out.emplace_back(i, k);
    if (timed_out.empty() || stop_requested()) return;
    std::cerr << "conformance: " << timed_out.size() << " timeouts: each again, alone\n";
    const auto timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout * 1000));
    app::parallel_for(timed_out.size(), o.jobs, [&](std::size_t t) {
        const auto [i, k] = timed_out[t];
        if (stop_requested()) return;
        const adapter_run again = run_adapter(impls[k - 1].adapter, ours.paths[i], timeout);
        if (stop_requested()) return;
        adapter_run first;
        first.timed_out = true;
        first.result = verdict::crash;
        first.detail = m.cells[i][k].detail;
        first.seconds = m.cells[i][k].seconds;
        adapter_run r = recheck_timeout(std::move(first), again);
        if (r.result == verdict::flaky) fill_cell(m.cells[i][k], std::move(r), ours, i);
    });
}

}  // namespace

int run_conformance(const std::vector<std::string>& args) {
    const options o = read_options(args);
    std::error_code ec;
    if (!fs::is_directory(o.cases, ec))
        throw usage_error{"conformance: no case folder " + o.cases.string() + " (run from the source tree or give --cases)"};
    if (o.manifest) {
        write_text(*o.manifest, manifest_json(o.cases));
        std::cout << "Wrote " << o.manifest->string() << "\n";
        return exit_ok;
    }
    const std::vector<impl> impls = find_impls(o, o.adapters ? *o.adapters : o.cases.parent_path() / "adapters");
    detail::make_output_folder(o.out, "--out");  // before any work: a bad --out fails at once
    matrix m;
    const corpus c = load_cases(o, m);
    describe_run(o, impls, m);
    m.runs_total = impls.size() * c.files.size();
    report_writer report(o.out, m);
    report.write();  // from the start: a run killed at once still leaves a (partial) report
    // After the first atomic write, which installs the writer's handlers (remove the
    // temporary file, then die): ours replace them, so a stop lets the run write its report.
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);

    const our_column ours = run_ours_column(o, c, m);
    report.write();
    if (!stop_requested()) run_adapters(o, impls, c, ours, m, report);
    recheck_timeouts(o, impls, ours, m);
    report.write();
    if (o.readers_report && !stop_requested()) {
        const fs::path adapters = o.adapters ? *o.adapters : o.cases.parent_path() / "adapters";
        std::vector<std::pair<std::string, fs::path>> available;
        for (std::size_t k = 0; k < impls.size(); ++k)
            if (std::any_of(m.cells.begin(), m.cells.end(), [&](const auto& row) { return row[k + 1].result != verdict::unavailable; }))
                available.emplace_back(impls[k].name, impls[k].adapter);
        const auto diffs = diff_readers(available, o.out / "diff", o.diff_budget, std::min(o.timeout, 10.0), o.jobs);
        write_text(*o.readers_report, readers_markdown(m, diffs, adapter_notes(adapters)));
        std::cerr << "conformance: wrote " << o.readers_report->string() << "\n";
    }
    std::cout << summary_markdown(m) << "\nWrote " << (o.out / "matrix.md").string() << ", "
              << (o.out / "matrix.html").string() << " and one TSV per implementation.\n";
    if (stop_signal) {
        std::cout << "stopped: the report holds the " << m.runs_done << " of " << m.runs_total << " adapter runs done.\n";
        return 130;
    }
    if (ours.differs) std::cout << "ours differs from the expectation of some cases (see the ours column: ≠expect).\n";
    return ours.differs ? exit_errors : exit_ok;
}

}  // namespace sgf::cli
