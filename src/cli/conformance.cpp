// sgfcheck conformance [--impl NAME]... [--cases DIR] [--adapters DIR] [--out DIR]
//                      [--timeout SEC] [--jobs N]
// Runs every case through ours (the library, in-process) and through each adapter, then
// writes <out>/<impl>.tsv, <out>/matrix.md and <out>/matrix.html.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <mutex>
#include <thread>

#include <unistd.h>

#include "cli.hpp"
#include "sgf/write.hpp"
#include "tools/conformance/conformance.hpp"
#include "sgf/app/parallel_for.hpp"

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
};

constexpr const char* usage = R"(Usage: sgfcheck conformance [--impl NAME]... [--cases DIR] [--adapters DIR]
                            [--out DIR] [--timeout SEC] [--jobs N]
Runs the conformance corpus through sgfcheck ("ours", in-process) and through the
adapters of other implementations, and writes OUT/<impl>.tsv, OUT/matrix.md and
OUT/matrix.html. Defaults: --cases conformance/cases, --adapters CASES/../adapters,
--out conformance/results, --timeout 60, --jobs = number of CPUs, every adapter
(an executable without a dot in its name). NAME may also be a path to an adapter.
An adapter that answers "unavailable" (exit 3) on the first case is not run on the others.
The page (matrix.html) links each case to its bytes, its .expect, its spec sentence in
SOURCES.md and the docs of its codes; it has a search box and filters by implementation,
area and outcome (also as matrix.html#impl=NAME&area=AREA&outcome=OUTCOME&q=TEXT).
Exit status: 0 done, 1 done but ours differs from a case's .expect, 2 usage error.
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
        } else if (auto j = option_value(args, i, "--jobs")) {
            try {
                o.jobs = static_cast<unsigned>(std::stoul(*j));
            } catch (const std::exception&) {
                o.jobs = 0;
            }
            if (o.jobs == 0) throw usage_error{"--jobs needs a positive number"};
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

}  // namespace

int run_conformance(const std::vector<std::string>& args) {
    const options o = read_options(args);
    std::error_code ec;
    if (!fs::is_directory(o.cases, ec))
        throw usage_error{"conformance: no case folder " + o.cases.string() + " (run from the source tree or give --cases)"};
    const fs::path adapters = o.adapters ? *o.adapters : o.cases.parent_path() / "adapters";

    // Implementations: ours first, then the adapters asked for (all by default).
    std::vector<std::pair<std::string, fs::path>> impls;
    if (o.impls.empty()) {
        std::vector<fs::path> found;
        if (fs::is_directory(adapters, ec))
            for (const auto& e : fs::directory_iterator(adapters))
                if (is_adapter(e.path())) found.push_back(e.path());
        std::sort(found.begin(), found.end());
        for (const auto& p : found) impls.emplace_back(p.filename().string(), p);
    } else {
        for (const auto& name : o.impls) {
            if (name == "ours") continue;
            const fs::path p = name.find('/') != std::string::npos ? fs::path(name) : adapters / name;
            if (!is_adapter(p)) throw usage_error{"conformance: no adapter " + p.string() + " (an executable without a dot in its name)"};
            impls.emplace_back(p.filename().string(), p);
        }
    }

    // Cases and what we know about them.
    const std::vector<case_file> files = list_cases(o.cases);
    std::vector<case_file> cases;
    matrix m;
    const fs::path sources_md = o.cases.parent_path() / "SOURCES.md";
    const auto sources = read_sources(sources_md);
    std::vector<expectation> expects;
    for (const auto& f : files) {
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
        cases.push_back(f);
        expects.push_back(std::move(e));
    }
    if (cases.empty()) throw usage_error{"conformance: no cases in " + o.cases.string()};

    fs::create_directories(o.out);
    const fs::path gen_dir = o.out / "generated";
    m.version = SGF_VERSION;
    m.commit = corpus_commit(o.cases);
    m.date = utc_now();
    m.links.cases = href(o.cases, o.out);
    m.links.generated = "generated";
    m.links.sources = href(sources_md, o.out);
    m.links.docs = href(o.cases.parent_path().parent_path() / "docs" / "diagnostics.md", o.out);
    m.impls.push_back("ours");
    for (const auto& [name, path] : impls) m.impls.push_back(name);
    m.cells.assign(cases.size(), std::vector<cell>(m.impls.size()));

    // Ours, in-process; generated cases are written out for the adapters.
    std::vector<std::string> our_trees(cases.size());
    std::vector<bool> our_accepts(cases.size());
    std::vector<fs::path> paths(cases.size());
    std::atomic<bool> ours_differs{false};
    if (std::any_of(cases.begin(), cases.end(), [](const case_file& c) { return c.generated; }))
        fs::create_directories(gen_dir);
    app::parallel_for(cases.size(), o.jobs, [&](std::size_t i) {
        const case_file& f = cases[i];
        std::string bytes = case_bytes(f);
        paths[i] = f.path;
        if (f.generated) {
            paths[i] = gen_dir / (f.name + ".sgf");
            write_text(paths[i], bytes);
        }
        const auto t0 = std::chrono::steady_clock::now();
        our_result r = run_ours(std::move(bytes), expects[i].prof);
        cell& c = m.cells[i][0];
        c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        c.result = r.accepted ? verdict::accepted : verdict::rejected;
        const auto got = as_expected(r.diagnostics);
        c.detail = got.empty() ? "no diagnostics" : join(got);
        const expectation& e = expects[i];
        if (!e.pending) {
            if (e.tree) c.tree = *e.tree == r.tree ? tree_match::yes : tree_match::no;
            c.differs_from_expect = got != e.diagnostics || c.tree == tree_match::no;
            if (c.differs_from_expect) {
                c.detail += "; .expect: " + join(e.diagnostics);
                if (c.tree == tree_match::no) c.detail += "; tree differs from .expect";
                if (!e.known_bug) ours_differs = true;
            }
            if (e.known_bug) c.detail += "; known bug: " + *e.known_bug;
        } else {
            c.detail += "; pending: " + *e.pending;
        }
        our_trees[i] = std::move(r.tree);
        our_accepts[i] = r.accepted;
    });

    // The adapters: each is probed once on the first case; one that answers "unavailable"
    // (exit 3: not installed here) is not started again for every other case. Then every
    // remaining (implementation, case) pair, `jobs` at a time.
    const auto timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout * 1000));
    const std::size_t n = cases.size();
    std::vector<adapter_run> probes(impls.size());
    app::parallel_for(impls.size(), o.jobs, [&](std::size_t k) { probes[k] = run_adapter(impls[k].second, paths[0], timeout); });
    std::vector<std::size_t> tasks;  // k * n + i
    for (std::size_t k = 0; k < impls.size(); ++k) {
        const bool gone = probes[k].result == verdict::unavailable && probes[k].exit_status == 3;
        if (gone) {
            for (std::size_t i = 0; i < n; ++i) {
                cell& c = m.cells[i][k + 1];
                c.result = verdict::unavailable;
                c.detail = "unavailable (probed once, on " + cases[0].name + ")";
                if (!probes[k].detail.empty()) c.detail += ": " + probes[k].detail;
            }
            m.cells[0][k + 1].seconds = probes[k].seconds;
            std::cerr << "conformance: " << impls[k].first << ": unavailable"
                      << (probes[k].detail.empty() ? "" : " (" + probes[k].detail + ")") << "; not run\n";
            continue;
        }
        for (std::size_t i = 0; i < n; ++i) tasks.push_back(k * n + i);
    }
    std::vector<std::size_t> left(impls.size(), n);
    std::mutex mu;
    app::parallel_for(tasks.size(), o.jobs, [&](std::size_t t) {
        const std::size_t task = tasks[t];
        const std::size_t k = task / n, i = task % n;
        adapter_run r = i == 0 ? std::move(probes[k]) : run_adapter(impls[k].second, paths[i], timeout);
        cell& c = m.cells[i][k + 1];
        c.result = r.result;
        c.seconds = r.seconds;
        c.detail = std::move(r.detail);
        std::string_view out = r.out;
        while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == ' ')) out.remove_suffix(1);
        if (r.result == verdict::accepted && !out.empty() && our_accepts[i]) {
            try {
                c.tree = normalize_json(out) == our_trees[i] ? tree_match::yes : tree_match::no;
            } catch (const std::exception& x) {
                c.tree = tree_match::invalid;
                c.detail += (c.detail.empty() ? "" : "; ") + std::string("tree: ") + x.what();
            }
        }
        std::lock_guard lock(mu);
        if (--left[k] == 0) {
            const summary s = summarize(m, k + 1);
            std::cerr << "conformance: " << impls[k].first << ": " << s.agree << " agree, " << s.disagree()
                      << " disagree, " << s.crash << " crash, " << s.unavailable << " unavailable\n";
        }
    });

    for (std::size_t k = 0; k < m.impls.size(); ++k) write_text(o.out / (m.impls[k] + ".tsv"), tsv(m, k));
    write_text(o.out / "matrix.md", markdown(m));
    write_text(o.out / "matrix.html", html(m));
    std::cout << summary_markdown(m) << "\nWrote " << (o.out / "matrix.md").string() << ", "
              << (o.out / "matrix.html").string() << " and one TSV per implementation.\n";
    if (ours_differs) std::cout << "ours differs from the expectation of some cases (see the ours column: ≠expect).\n";
    return ours_differs ? exit_errors : exit_ok;
}

}  // namespace sgf::cli
