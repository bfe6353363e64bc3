// `sgfcheck conformance`, run as a program against fake adapters (shell scripts in a temp
// folder): the adapter contract (exit 0/1/3/66, crash by signal or exit status, timeout,
// leftover children, the tree on stdout), tree comparison after normalisation, and the
// TSV / Markdown / HTML outputs for a small synthetic result set.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/program_util.hpp"

namespace fs = std::filesystem;

namespace {

using sgf_test::run;
using sgf_test::slurp;

// The scratch folder with the adapters in adapters/, beside the cases.
struct temp_dir : sgf_test::temp_dir {
    void adapter(const std::string& name, const std::string& body) const { script("adapters/" + name, body); }
};

// TSV rows by case name: {expected, verdict, tree_match, seconds, detail}.
std::map<std::string, std::vector<std::string>> read_tsv(const fs::path& f) {
    std::map<std::string, std::vector<std::string>> rows;
    std::istringstream in(slurp(f));
    std::string line;
    std::getline(in, line);
    CHECK(line == "case\texpected\tverdict\ttree_match\tseconds\tdetail");
    while (std::getline(in, line)) {
        std::vector<std::string> cols;
        std::size_t at = 0;
        for (;;) {
            const std::size_t tab = line.find('\t', at);
            cols.push_back(line.substr(at, tab - at));
            if (tab == std::string::npos) break;
            at = tab + 1;
        }
        REQUIRE(cols.size() == 6);
        rows[cols[0]] = {cols[1], cols[2], cols[3], cols[4], cols[5]};
    }
    return rows;
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// `sgfcheck conformance` over the folder's cases and adapters into out/, with `options`.
sgf_test::run_result run_conformance(const temp_dir& d, const std::string& options) {
    return run("conformance --cases " + (d.path / "cases").string() + " --adapters " + (d.path / "adapters").string() +
               " --out " + (d.path / "out").string() + " " + options);
}

// Four cases: accepted, rejected (E008 + E004), implementation-defined (BOM), generated.
void write_cases(const temp_dir& d) {
    d.file("cases/y_value_markup.sgf", "(;C[<b>&amp;\"x\"])");
    d.file("cases/y_value_markup.expect", "# bytes that HTML must escape\ntree {\"format\":\"sgf-tree\",\"version\":2,\"trees\":[{\"nodes\":[[[\"C\",[\"<b>&amp;\\\"x\\\"\"]]]],\"variations\":[]}]}\n");
    d.file("cases/n_value_unclosed.sgf", "(;C[abc");
    d.file("cases/n_value_unclosed.expect", "E008 1:4\nE004 1:8\n");
    d.file("cases/i_encoding_bom.sgf", "\xEF\xBB\xBF(;C[a])");
    d.file("cases/i_encoding_bom.expect", "W015 1:1\ntree {\"format\": \"sgf-tree\", \"version\": 2, \"trees\": [ {\"nodes\":[ [[\"C\",[\"a\"]]] ], \"variations\":[]} ]}\n");
    d.file("cases/y_nesting_deep_gen.gen", "# 100 levels\n100*'(;' 100*')'\n");
    d.file("cases/y_nesting_deep_gen.expect",
           "tree-recipe '{\"format\":\"sgf-tree\",\"version\":2,\"trees\":[' 100*'{\"nodes\":[[]],\"variations\":[' 100*']}' ']}'\n");
}

}  // namespace

TEST_CASE("conformance runner classifies adapters by the contract and compares trees") {
    temp_dir d;
    write_cases(d);
    d.adapter("accept", "exit 0");
    d.adapter("reject", "echo 'reader: bad file' >&2; exit 1");
    d.adapter("segv", "kill -SEGV $$");
    d.adapter("exit7", "echo boom >&2; exit 7");
    d.adapter("slow", "while :; do :; done");  // 1 s of CPU time, then killed
    d.adapter("gone", "echo x >> '" + (d.path / "gone.calls").string() + "'; echo 'gone: unavailable' >&2; exit 3");
    d.adapter("noread", "exit 66");
    d.adapter("env", "[ \"$SGF_ADAPTER_TREE\" = 1 ] || exit 5; exit 0");
    d.adapter("orphan", "sleep 30 & exit 0");
    // Prints our own tree through `sgfcheck dump`: equal after normalisation (dump writes
    // \u0008-style escapes where the normal form has \b, so this also tests normalisation).
    d.adapter("tree", "[ \"$SGF_ADAPTER_TREE\" = 1 ] || exit 5\nexec " + std::string(SGF_SGFCHECK) + " dump \"$1\" 2>/dev/null");
    d.adapter("wrongtree", "echo '{\"trees\":[]}'");
    d.adapter("badjson", "printf '{\"trees\":['");
    d.file("adapters/helper.js", "not an adapter: the name has a dot", true);
    d.file("adapters/README", "not executable: not an adapter");

    const auto t0 = std::chrono::steady_clock::now();
    const auto r = run_conformance(d, "--timeout 1 --jobs 4");
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(r.status == 0);
    // the timeouts and the orphan's sleep did not hold the run (waiting for the orphan alone
    // would take 5 x 30 s; the CPU-time timeouts take longer on a loaded machine)
    CHECK(secs < 60);
    const fs::path out = d.path / "out";
    CHECK_FALSE(fs::exists(out / "helper.js.tsv"));
    CHECK_FALSE(fs::exists(out / "README.tsv"));
    CHECK(fs::exists(out / "generated" / "y_nesting_deep_gen.sgf"));

    const std::vector<std::string> names = {"y_value_markup", "n_value_unclosed", "i_encoding_bom", "y_nesting_deep_gen"};
    auto all_verdicts = [&](const std::string& impl, const std::string& verdict) {
        CAPTURE(impl);
        const auto rows = read_tsv(out / (impl + ".tsv"));
        REQUIRE(rows.size() == 4);
        for (const auto& n : names) {
            CAPTURE(n);
            CHECK(rows.at(n)[1] == verdict);
        }
        return rows;
    };
    all_verdicts("accept", "accepted");
    CHECK(has(all_verdicts("reject", "rejected").at("y_value_markup")[4], "reader: bad file"));
    CHECK(has(all_verdicts("segv", "crash").at("y_value_markup")[4], "signal 11"));
    CHECK(has(all_verdicts("exit7", "crash").at("n_value_unclosed")[4], "exit 7: boom"));
    CHECK(has(all_verdicts("slow", "crash").at("i_encoding_bom")[4], "timeout after 1 s CPU"));
    all_verdicts("gone", "unavailable");
    CHECK(has(all_verdicts("noread", "unavailable").at("y_value_markup")[4], "exit 66"));
    all_verdicts("env", "accepted");
    all_verdicts("orphan", "accepted");

    const auto ours = read_tsv(out / "ours.tsv");
    CHECK(ours.at("y_value_markup") == std::vector<std::string>{"accept", "accepted", "yes", ours.at("y_value_markup")[3], "no diagnostics"});
    CHECK(ours.at("n_value_unclosed")[1] == "rejected");
    CHECK(ours.at("n_value_unclosed")[4] == "E004 1:8, E008 1:4");
    CHECK(ours.at("i_encoding_bom")[2] == "yes");
    CHECK(ours.at("y_nesting_deep_gen")[2] == "yes");

    const auto tree = read_tsv(out / "tree.tsv");
    CHECK(tree.at("y_value_markup")[2] == "yes");
    CHECK(tree.at("i_encoding_bom")[2] == "yes");
    CHECK(tree.at("y_nesting_deep_gen")[2] == "yes");
    CHECK(tree.at("n_value_unclosed")[1] == "rejected");
    CHECK(tree.at("n_value_unclosed")[2] == "-");
    const auto wrong = read_tsv(out / "wrongtree.tsv");
    CHECK(wrong.at("y_value_markup")[2] == "no");
    CHECK(wrong.at("n_value_unclosed")[2] == "-");  // ours rejected: nothing to compare
    const auto bad = read_tsv(out / "badjson.tsv");
    CHECK(bad.at("y_value_markup")[2] == "invalid");
    CHECK(read_tsv(out / "accept.tsv").at("y_value_markup")[2] == "-");  // no tree printed

    // Markdown: the summary counts and the matrix cells.
    const std::string md = slurp(out / "matrix.md");
    CHECK(has(md, "4 cases (2 y_ must accept, 1 n_ must reject, 1 i_ implementation-defined)"));
    CHECK(has(md, "| ours | 3 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 3 | 0 |"));
    CHECK(has(md, "| accept | 2 | 1 | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 |"));
    CHECK(has(md, "| reject | 1 | 2 | 0 | 2 | 0 | 0 | 0 | 0 | 1 | 0 | 0 |"));
    CHECK(has(md, "| segv | 0 | 0 | 0 | 0 | 4 | 0 | 0 | 0 | 0 | 0 | 0 |"));
    CHECK(has(md, "| wrongtree | 2 | 1 | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 3 | 3 |"));
    // the readers unavailable for every case: one note, no column
    CHECK_FALSE(has(md, "| gone |"));
    CHECK(has(md, "Not available in this run (2): gone (unavailable (probed once, on i_encoding_bom): gone: unavailable); "
                  "noread (exit 66 (the adapter could not read the file))."));
    // columns: ours, then the adapters by name
    CHECK(has(md, "| case | expected | ours | accept | badjson | env | exit7 | orphan | reject | segv | slow | tree | wrongtree |"));
    CHECK(has(md, "| `n_value_unclosed` | reject | ok | LAX | LAX | LAX | CRASH | LAX | ok | CRASH | CRASH | ok | LAX |"));
    CHECK(has(md, "| `y_value_markup` | accept | ok |"));
    CHECK(has(md, "ok ≠tree"));

    // HTML: self-contained, escaped bytes, coloured cells, grouping, area filter.
    const std::string html = slurp(out / "matrix.html");
    CHECK(html.rfind("<!doctype html>", 0) == 0);
    CHECK_FALSE(has(html, "<script src"));
    CHECK_FALSE(has(html, "<link"));
    CHECK(has(html, "(;C[&lt;b&gt;&amp;amp;&quot;x&quot;])"));
    CHECK(has(html, "<span class=x>\\xef</span>"));  // the BOM bytes, made visible
    CHECK(has(html, "class=\"c crash\""));
    CHECK(has(html, "class=\"c lax\""));
    CHECK(has(html, "class=\"c strict\""));
    CHECK(has(html, "<p class=unavailable id=unavailable>Not available in this run (2): gone"));
    CHECK(has(html, "class=\"c ok tree\""));
    CHECK(has(html, "<tr class=case id=\"case-y_value_markup\" data-area=\"value\">"));
    CHECK(has(html, "<option value=\"encoding\">encoding (1)</option>"));
    CHECK(has(html, "generated, "));
    // links to the bytes, the .expect, the spec sentence and the code's doc
    CHECK(has(html, "<a href=\"../cases/n_value_unclosed.sgf\">bytes</a>"));
    CHECK(has(html, "<a href=\"../cases/n_value_unclosed.expect\">.expect</a>"));
    CHECK(has(html, "<a href=\"../cases/y_nesting_deep_gen.gen\">recipe</a>"));
    CHECK(has(html, "<a href=\"generated/y_nesting_deep_gen.sgf\">bytes</a>"));
    // the adapter that is not installed was probed once, not once per case
    CHECK(slurp(d.path / "gone.calls") == "x\n");
    CHECK(has(read_tsv(out / "gone.tsv").at("y_value_markup")[4], "unavailable (probed once"));
    CHECK(has(html, "timeout after 1 s CPU"));  // the detail, written out in the cell
}

TEST_CASE("conformance runner with one adapter by name and ours differing from an expectation") {
    temp_dir d;
    write_cases(d);
    d.file("cases/y_value_markup.expect", "E001 1:1\n");  // wrong on purpose
    d.adapter("accept", "exit 0");
    d.adapter("other", "exit 1");
    const std::string common = " --cases " + (d.path / "cases").string() + " --adapters " + (d.path / "adapters").string() +
                               " --out " + (d.path / "out").string();
    const auto r = run("conformance --impl accept" + common);
    CHECK(r.status == 1);  // ours differs from a .expect
    CHECK(has(r.out, "| accept |"));
    CHECK_FALSE(has(r.out, "| other |"));
    CHECK(fs::exists(d.path / "out" / "accept.tsv"));
    CHECK_FALSE(fs::exists(d.path / "out" / "other.tsv"));
    CHECK(has(slurp(d.path / "out" / "matrix.md"), "ok ≠expect"));
    CHECK(has(read_tsv(d.path / "out" / "ours.tsv").at("y_value_markup")[4], ".expect: E001 1:1"));
    // An adapter given as a path.
    CHECK(run("conformance --impl " + (d.path / "adapters" / "other").string() + common).status == 1);
    CHECK(fs::exists(d.path / "out" / "other.tsv"));
}

TEST_CASE("conformance runner writes the report per reader and the manifest") {
    temp_dir d;
    write_cases(d);
    d.adapter("accept", "exit 0");
    // names the file by its path, and writes what Markdown would read as a link, emphasis and HTML
    d.adapter("loud", "echo \"Cannot load '$1': B[aa](;W[bb]) *x* <b>\" >&2; exit 1");
    const fs::path report = d.path / "readers.md";
    const auto r = run_conformance(d, "--readers-report " + report.string() + " --diff-budget 2");
    CHECK(r.status == 0);
    const std::string md = slurp(report);
    CHECK(has(md, "\n## accept\n"));
    for (const char* s : {"### Accepts what the spec rejects: syntax", "### Rejects what the spec allows", "### Wrong trees",
                          "### Crashes and hangs", "### Found by `sgfcheck diff`"})
        CHECK_MESSAGE(has(md, s), s);
    // an adapter that accepts everything accepts an n_ case: the report names it
    CHECK(has(md, "n_value_unclosed"));
    // a reader's message shows the file's name, not the path of the machine the run was on
    CHECK(has(md, "\n## loud\n"));
    CHECK(has(md, "Cannot load '"));
    // a reader's message and a spec sentence are text in the page: no link, emphasis or tag
    CHECK_MESSAGE(has(md, "B\\[aa\\](;W\\[bb\\]) \\*x\\* \\<b>"), md);
    CHECK_MESSAGE(!has(md, d.path.string()), md);
    // every table's rows follow its header (Markdown ends a table at a blank line)
    for (std::size_t at = md.find("|---"); at != std::string::npos; at = md.find("|---", at + 1)) {
        const std::size_t eol = md.find('\n', at);
        REQUIRE(eol != std::string::npos);
        CHECK_MESSAGE(md.compare(eol, 2, "\n\n") != 0, md.substr(at, 80));
    }
    // the manifest: every case by name, and nothing is run
    const fs::path manifest = d.path / "cases.json";
    CHECK(run("conformance --cases " + (d.path / "cases").string() + " --manifest " + manifest.string()).status == 0);
    const std::string json = slurp(manifest);
    for (const char* c : {"y_value_markup", "n_value_unclosed", "i_encoding_bom", "y_nesting_deep_gen"}) CHECK_MESSAGE(has(json, c), c);
    CHECK(run("conformance --diff-budget x --cases " + (d.path / "cases").string()).status == 2);
}

TEST_CASE("conformance runner usage errors") {
    temp_dir d;
    write_cases(d);
    const std::string cases = " --cases " + (d.path / "cases").string() + " --out " + (d.path / "out").string();
    CHECK(run("conformance --impl no-such-adapter" + cases).status == 2);
    CHECK(run("conformance --timeout 0" + cases).status == 2);
    CHECK(run("conformance --timeout x" + cases).status == 2);
    CHECK(run("conformance --jobs 0" + cases).status == 2);
    CHECK(run("conformance --bogus" + cases).status == 2);
    CHECK(run("conformance --cases " + (d.path / "missing").string()).status == 2);
    const auto h = run("conformance --help");
    CHECK(h.status == 0);
    CHECK(has(h.out, "--impl NAME"));
}

TEST_CASE("conformance runner reads a batch adapter in one process and starts it again after a crash") {
    temp_dir d;
    write_cases(d);
    const std::string starts = (d.path / "starts").string();
    // Batch mode: the handshake, then a verdict line per path; the unclosed value kills it.
    d.adapter("batch", "if [ \"$1\" = --batch ]; then\n  echo x >> '" + starts + "'\n  echo 'sgf-adapter batch 1'\n"
                       "  while IFS= read -r f; do\n    case \"$(cat \"$f\")\" in *abc*) kill -SEGV $$ ;; esac\n"
                       "    printf 'rejected\\tno: %s\\t\\n' \"$(basename \"$f\")\"\n  done\n  exit 0\nfi\nexit 0");
    const auto r = run_conformance(d, "--timeout 5 --jobs 1");
    CHECK(r.status == 0);
    const auto rows = read_tsv(d.path / "out" / "batch.tsv");
    REQUIRE(rows.size() == 4);
    CHECK(rows.at("i_encoding_bom")[1] == "accepted");  // the probe: one file, one process
    CHECK(rows.at("n_value_unclosed")[1] == "crash");
    CHECK(has(rows.at("n_value_unclosed")[4], "signal 11"));
    CHECK(rows.at("y_value_markup")[1] == "rejected");
    CHECK(has(rows.at("y_value_markup")[4], "no: y_value_markup.sgf"));
    CHECK(rows.at("y_nesting_deep_gen")[1] == "rejected");
    // the batch probe (an empty stdin), one batch process for the three cases after the
    // probe's case, and one more after the crash
    CHECK(slurp(starts) == "x\nx\nx\n");
}

// An adapter that closes its output before it exits (coreutils' `true` closes stdout and
// stderr at exit; Python closes its streams while it finalises): its status is waited for
// before its process group is killed. The kill came as soon as both pipes had closed, and
// such an adapter was "killed by signal 9", a crash (~1 run in 3 of `exec true`).
TEST_CASE("conformance runner waits for an adapter that closed its output before it kills its group") {
    temp_dir d;
    for (int k = 0; k < 4; ++k) {
        d.file("cases/y_value_markup" + std::to_string(k) + ".sgf", "(;C[<b>])");
        d.file("cases/y_value_markup" + std::to_string(k) + ".expect", "# closed\n");
    }
    d.adapter("zero", "exec >&- 2>&-\nsleep 0.3\nexit 0");
    d.adapter("one", "exec >&- 2>&-\nsleep 0.3\nexit 1");
    d.adapter("coreutils", "exec true");
    // batch: the handshake, one answer, then its output closed and an exit of its own (status 5)
    // (the probe, an empty stdin, ends at once with 0)
    d.adapter("quits", "if [ \"$1\" = --batch ]; then\n  echo 'sgf-adapter batch 1'\n  IFS= read -r f || exit 0\n"
                       "  printf 'accepted\\t\\t\\n'\n  IFS= read -r f || exit 0\n  exec >&- 2>&-\n  sleep 0.3\n  exit 5\nfi\nexit 0");
    const auto r = run_conformance(d, "--timeout 5 --jobs 2");
    CHECK(r.status == 0);
    // (no structured bindings: clang 14 cannot capture them in INFO's lambda)
    for (const auto& adapter : {std::pair<std::string, std::string>{"zero", "accepted"}, {"one", "rejected"}, {"coreutils", "accepted"}}) {
        const auto rows = read_tsv(d.path / "out" / (adapter.first + ".tsv"));
        REQUIRE(rows.size() == 4);
        for (const auto& c : rows) {
            INFO(adapter.first, " ", c.first, " ", c.second[4]);
            CHECK(c.second[1] == adapter.second);
        }
    }
    const auto quits = read_tsv(d.path / "out" / "quits.tsv");
    REQUIRE(quits.size() == 4);
    std::size_t exits = 0;
    for (const auto& c : quits) {
        const std::vector<std::string>& row = c.second;
        INFO(c.first, " ", row[4]);
        CHECK_FALSE(has(row[4], "signal"));
        if (row[1] == "crash") {
            CHECK(has(row[4], "exit 5 in batch mode"));
            ++exits;
        }
    }
    CHECK(exits >= 1);  // every second case ends a batch process
}

// An adapter that prints without end is stopped at output_cap (64 MiB + 64 bytes per byte of
// the file): `yes` made the runner hold 1.9 GB and take 48 s for one case of 1 s.
TEST_CASE("conformance runner stops an adapter that prints without end") {
    temp_dir d;
    for (const std::string c : {"y_value_markup", "y_value_more"}) {  // (a batch adapter reads the first case alone)
        d.file("cases/" + c + ".sgf", "(;C[<b>])");
        d.file("cases/" + c + ".expect", "# endless\n");
    }
    d.adapter("endless", "exec yes");
    // batch: the handshake, then one line without end
    d.adapter("endless_line", "if [ \"$1\" = --batch ]; then\n  echo 'sgf-adapter batch 1'\n  IFS= read -r f || exit 0\n"
                              "  yes | tr -d '\\n'\nfi\nexit 0");
    const auto r = run_conformance(d, "--timeout 30 --jobs 2");
    CHECK(r.status == 0);
    for (const std::string name : {"endless", "endless_line"}) {
        const auto rows = read_tsv(d.path / "out" / (name + ".tsv"));
        REQUIRE(rows.size() == 2);
        const auto& row = rows.at("y_value_more");
        INFO(name, " ", row[4]);
        CHECK(row[1] == "crash");
        CHECK(has(row[4], "stopped after more than 64 MiB on stdout"));
        CHECK(std::stod(row[3]) < 20);  // well before the timeout
    }
}

TEST_CASE("conformance runner reports a timeout that does not come back alone as flaky") {
    temp_dir d;
    write_cases(d);
    // In a batch it spins on one case; alone (one file, one process) it answers at once.
    d.adapter("flaky", "if [ \"$1\" = --batch ]; then\n  echo 'sgf-adapter batch 1'\n"
                       "  while IFS= read -r f; do\n    case \"$f\" in *markup*) while :; do :; done ;; esac\n"
                       "    printf 'accepted\\t\\t\\n'\n  done\n  exit 0\nfi\nexit 0");
    const auto r = run_conformance(d, "--timeout 1 --jobs 1");
    CHECK(r.status == 0);
    const auto rows = read_tsv(d.path / "out" / "flaky.tsv");
    CHECK(rows.at("y_value_markup")[1] == "flaky");
    CHECK(has(rows.at("y_value_markup")[4], "timeout after 1 s CPU"));
    CHECK(has(rows.at("y_value_markup")[4], "alone: accepted"));
    CHECK(rows.at("n_value_unclosed")[1] == "accepted");
    const std::string md = slurp(d.path / "out" / "matrix.md");
    CHECK(has(md, "| flaky |"));
    CHECK(has(md, "| `y_value_markup` | accept | ok | flaky |"));
}

TEST_CASE("conformance runner stopped at any point leaves a valid report") {
    for (const int sig : {SIGKILL, SIGTERM, SIGINT}) {
        CAPTURE(sig);
        temp_dir d;
        write_cases(d);
        for (int k = 0; k < 6; ++k) d.adapter("slow" + std::to_string(k), "sleep 0.4; exit 0");
        d.adapter("gone", "echo 'gone: not installed' >&2; exit 3");
        const fs::path out = d.path / "out";
        const int st = sgf_test::run_and_kill({"conformance", "--cases", (d.path / "cases").string(), "--adapters",
                                               (d.path / "adapters").string(), "--out", out.string(), "--jobs", "1"},
                                              [&] { return fs::exists(out / "matrix.html"); }, 1.5, sig);
        if (sig == SIGKILL) CHECK((WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL));
        else CHECK((WIFEXITED(st) && WEXITSTATUS(st) == 130));
        const std::string md = slurp(out / "matrix.md");
        CHECK(has(md, "# SGF conformance matrix"));
        CHECK(has(md, "Partial run: "));
        CHECK(has(slurp(out / "matrix.html"), "</html>"));
        std::size_t answered = 0;
        for (int k = 0; k < 6; ++k) {
            const auto rows = read_tsv(out / ("slow" + std::to_string(k) + ".tsv"));
            CHECK(rows.size() == 4);
            for (const auto& [name, row] : rows) answered += row[1] == "accepted";
        }
        CHECK(answered < 24);  // stopped before the end (the whole run takes over 10 s)
    }
}
