// docs/readers.md: one section per reader, the page a reader's author is sent to. From the
// conformance matrix (what it accepts that the spec rejects, what it rejects that the
// spec allows, wrong trees, crashes and hangs; each case with its bytes and its sentence)
// and from a `sgfcheck diff` run of a fixed budget (kinds with their minimised case).
#include <algorithm>
#include <iostream>
#include <string>

#include "tools/conformance/conformance.hpp"
#include "tools/diff/diff.hpp"

namespace sgf::tools::conformance {

namespace {

std::string clip(std::string s, std::size_t n) {
    if (s.size() <= n) return s;
    std::size_t cut = n;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
    return s.substr(0, cut) + "…";
}

// A Markdown table cell: '|' escaped, line breaks as spaces.
// A reader's message names the file it read by the run's path (".../results/diff/gnugo/work/
// case-18.sgf"): the report shows the file's name only, no path of the machine it ran on.
std::string without_folders(std::string_view s) {
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s[i] == '/' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\'' || s[i - 1] == '"' || s[i - 1] == '(')) {
            std::size_t end = i;
            while (end < s.size() && s[end] != ' ' && s[end] != '\'' && s[end] != '"' && s[end] != ')' && s[end] != ':') ++end;
            const std::string_view path = s.substr(i, end - i);
            if (path.size() > 4 && path.substr(path.size() - 4) == ".sgf") {
                out += path.substr(path.rfind('/') + 1);
                i = end;
                continue;
            }
        }
        out += s[i++];
    }
    return out;
}

std::string cell_text(std::string_view raw, bool markdown = false) {
    const std::string s = without_folders(raw);
    std::string out;
    for (const char c : s) {
        if (c == '|') {
            out += "\\|";
        } else if (c == '\n' || c == '\r') {
            out += ' ';
        } else {
            if (markdown && (c == '\\' || c == '[' || c == ']' || c == '`' || c == '*' || c == '<')) out += '\\';
            out += c;
        }
    }
    return out;
}

// Free text (a spec sentence, a reader's message) in a table cell, read as the text it is:
// Markdown's '\\', '[', ']', '`', '*' and '<' escaped, so that an SGF example in a sentence
// ("B[aa](;W[bb])") is no link, code span, emphasis or HTML tag.
std::string md_text(std::string_view raw) { return cell_text(raw, true); }

// The bytes as SGF text in a code span (control characters visible).
std::string code(std::string_view bytes, std::size_t n = 90) {
    std::string v = cell_text(clip(diff::visible_sgf(bytes), n));
    for (std::size_t at = 0; (at = v.find('`', at)) != std::string::npos; at += 2) v.replace(at, 1, "ˋ");
    return "`" + v + "`";
}

std::string shown(const case_row& r) {
    if (r.generated) return "generated: " + std::to_string(r.size) + " bytes (`" + r.name + ".gen`)";
    return code(r.shown);
}

std::string sentence(const case_row& r) {
    std::string s = r.sentence.empty() ? r.source : r.source + ": " + r.sentence;
    return md_text(clip(s, 220));
}

// The case by name, unlinked: the report is a page of the docs site (docs/readers.md), which
// may link only inside docs/ (tests/docs_links.py); the row carries the case's sentence.
std::string case_link(const case_row& r) { return "`" + r.name + "`"; }

// Only a checker rejects it: every error it must cause is a checker rule (E100 and up).
bool checker_level(const case_row& r) {
    bool any = false;
    for (const auto& d : r.expected_diagnostics) {
        if (d.empty() || d[0] != 'E') continue;
        any = true;
        if (d.size() < 4 || d[1] != '1') return false;
    }
    return any;
}

void section(std::string& out, const std::string& title, std::size_t n, const std::string& intro) {
    out += "\n### " + title + " (" + std::to_string(n) + ")\n\n";
    if (intro.empty()) return;
    // a table's header row ends the intro: its rows follow on the next line (a blank line
    // would end the table before them)
    const std::size_t last_line = intro.rfind('\n') == std::string::npos ? 0 : intro.rfind('\n') + 1;
    const bool table = intro.compare(last_line, 4, "|---") == 0;
    out += intro + (table ? "\n" : "\n\n");
}

// The section of reader k: the matrix's four lists, then what its diff run found.
std::string reader_section(const matrix& m, std::size_t k, const reader_diff* d, const std::string& about) {
    std::string out;
    const std::string& name = m.impls[k];
    const summary s = summarize(m, k);
    out += "\n## " + name + "\n\n";
    if (!about.empty()) out += about + "\n\n";
    out += "Matrix: " + std::to_string(s.cases) + " cases; " + std::to_string(s.agree) + " agree; " +
           std::to_string(s.lax_accept) + " accepted that the spec rejects; " + std::to_string(s.strict_reject) +
           " rejected that it allows; " + std::to_string(s.crash) + " crashes or hangs; " +
           std::to_string(s.tree_differs) + " wrong trees of " + std::to_string(s.tree_compared) + " compared" +
           (s.flaky ? "; " + std::to_string(s.flaky) + " flaky" : std::string()) + "; implementation-defined (i_) cases: " +
           std::to_string(s.i_accept) + " accepted, " + std::to_string(s.i_reject) + " rejected.\n";

    std::vector<std::size_t> lax, lax_checker, strict, trees, crashes;
    for (std::size_t c = 0; c < m.cases.size(); ++c) {
        const cell& x = m.cells[c][k];
        switch (judge(m.cases[c].expected, x.result)) {
            case judgement::lax_accept: (checker_level(m.cases[c]) ? lax_checker : lax).push_back(c); break;
            case judgement::strict_reject: strict.push_back(c); break;
            case judgement::crash: crashes.push_back(c); break;
            default: break;
        }
        if (x.tree == tree_match::no || x.tree == tree_match::invalid) trees.push_back(c);
    }
    section(out, "Accepts what the spec rejects: syntax", lax.size(), lax.empty() ? "" : "| case | the file | sgfcheck says | the spec |\n|---|---|---|---|");
    for (const auto c : lax) {
        const case_row& r = m.cases[c];
        std::string codes;
        for (const auto& e : r.expected_diagnostics) codes += (codes.empty() ? "" : ", ") + e;
        out += "| " + case_link(r) + " | " + shown(r) + " | " + codes + " | " + sentence(r) + " |\n";
    }
    section(out, "Accepts what the spec rejects: checker-level", lax_checker.size(),
            lax_checker.empty() ? "" : "Only a checker rejects these (a reader that does not check values and properties is not wrong to read them).\n\n"
                                       "| case | the file | sgfcheck says |\n|---|---|---|");
    for (const auto c : lax_checker) {
        const case_row& r = m.cases[c];
        std::string codes;
        for (const auto& e : r.expected_diagnostics) codes += (codes.empty() ? "" : ", ") + e;
        out += "| " + case_link(r) + " | " + shown(r) + " | " + codes + " |\n";
    }
    section(out, "Rejects what the spec allows", strict.size(), strict.empty() ? "" : "| case | the file | its message | the spec |\n|---|---|---|---|");
    for (const auto c : strict) {
        const case_row& r = m.cases[c];
        out += "| " + case_link(r) + " | " + shown(r) + " | " + md_text(clip(m.cells[c][k].detail, 160)) + " | " + sentence(r) + " |\n";
    }
    section(out, "Wrong trees", trees.size(),
            trees.empty() ? "" : "Both read the file; the JSON trees (conformance/README.md, normal form) differ.\n\n"
                                 "| case | the file | its tree | sgfcheck's tree |\n|---|---|---|---|");
    for (const auto c : trees) {
        const case_row& r = m.cases[c];
        const cell& x = m.cells[c][k];
        out += "| " + case_link(r) + " | " + shown(r) + " | " + (x.their_tree.empty() ? md_text(clip(x.detail, 120)) : code(x.their_tree, 160)) +
               " | " + (r.generated ? std::string("(long)") : code(x.our_tree, 160)) + " |\n";
    }
    section(out, "Crashes and hangs", crashes.size(), crashes.empty() ? "" : "| case | the file | what happened |\n|---|---|---|");
    for (const auto c : crashes) {
        const case_row& r = m.cases[c];
        out += "| " + case_link(r) + " | " + shown(r) + " | " + md_text(clip(m.cells[c][k].detail, 160)) + " |\n";
    }
    if (d == nullptr) return out;
    section(out, "Found by `sgfcheck diff`", d->kinds.size(), d->summary);
    if (d->kinds.empty()) return out;
    out += "| kind | cases | minimal case | sgfcheck / it | the spec |\n|---|---:|---|---|---|\n";
    for (const auto& kd : d->kinds)
        out += "| " + kd.what + (kd.checker_level ? " (checker-level)" : "") + ": " + md_text(clip(kd.signature, 100)) + " | " +
               std::to_string(kd.cases) + " | " + code(kd.minimal, 120) + " | " + md_text(clip(kd.ours + " / " + kd.theirs, 160)) +
               " | " + md_text(clip(kd.spec, 200)) + " |\n";
    return out;
}

}  // namespace

std::map<std::string, std::string> adapter_notes(const std::filesystem::path& adapters) {
    std::map<std::string, std::string> out;
    std::error_code ec;
    const std::filesystem::path readme = adapters / "README.md";
    if (!std::filesystem::exists(readme, ec)) return out;
    const std::string text = read_all(readme);
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t nl = text.find('\n', at);
        if (nl == std::string::npos) nl = text.size();
        const std::string_view line(text.data() + at, nl - at);
        at = nl + 1;
        if (!line.starts_with("| `")) continue;
        std::vector<std::string> cols;
        for (std::size_t b = 1; b < line.size();) {
            const std::size_t e = line.find(" |", b);
            if (e == std::string_view::npos) break;
            std::string c(line.substr(b, e - b));
            while (!c.empty() && c.front() == ' ') c.erase(0, 1);
            cols.push_back(std::move(c));
            b = e + 2;
        }
        if (cols.size() < 4 || cols[0].size() < 3) continue;
        out[cols[0].substr(1, cols[0].size() - 2)] = "Reader: " + cols[1] + ". Verdict: " + cols[2] + ". Tree: " + cols[3] + ".";
    }
    return out;
}

namespace {

// One reader's diff run as the report shows it: a kind per cluster, its minimised case.
reader_diff summarise(const diff::diff_result& r, const std::string& command) {
    reader_diff rd;
    std::map<std::string, std::vector<const diff::finding*>> groups;
    for (const auto& f : r.findings) groups[f.cluster].push_back(&f);
    rd.summary = "`" + command + "`: " + std::to_string(r.run.count) + " generated cases, " + std::to_string(r.run.agree) +
                 " agree, " + std::to_string(r.findings.size()) + " disagree in " + std::to_string(groups.size()) + " kinds" +
                 (r.run.flaky.empty() ? "" : ", " + std::to_string(r.run.flaky.size()) + " flaky timeouts") +
                 (r.unavailable.empty() ? "" : " (unavailable: " + r.unavailable + ")") + ".";
    for (const auto& [key, g] : groups) {
        const diff::finding* rep = g.front();
        for (const auto* f : g)
            if (f->minimised) rep = f;
        reader_diff::kind kd;
        const diff::outcome& oc = rep->minimised ? rep->minimal_found : rep->found;
        kd.what = std::string(diff::to_string(oc.what));
        kd.signature = oc.signature;
        kd.cases = g.size();
        kd.minimal = rep->minimised ? rep->minimal : rep->bytes;
        kd.ours = diff::describe(rep->minimised ? rep->minimal_ours : rep->ours);
        kd.theirs = diff::describe(rep->minimised ? rep->minimal_theirs : rep->theirs);
        kd.spec = diff::spec_sentence(*rep);
        kd.checker_level = rep->checker_level;
        rd.kinds.push_back(std::move(kd));
    }
    std::stable_sort(rd.kinds.begin(), rd.kinds.end(), [](const auto& a, const auto& b) { return a.cases > b.cases; });
    return rd;
}

}  // namespace

std::map<std::string, reader_diff> diff_readers(const std::vector<std::pair<std::string, std::filesystem::path>>& adapters,
                                                const std::filesystem::path& out, double budget, double timeout, unsigned jobs) {
    std::map<std::string, reader_diff> result;
    for (const auto& [name, path] : adapters) {
        if (stop_requested()) break;
        diff::diff_options d;
        d.impl = path.string();
        d.adapter = path;
        d.out = out / name;
        d.gen.seed = 1;
        d.count = 100000;  // as many as the budget allows
        d.time_budget = budget;
        d.timeout = timeout;
        d.jobs = jobs;
        d.command_line = "sgfcheck diff --impl conformance/adapters/" + name + " --time-budget " + diff::number_text(budget);
        std::cerr << "conformance: diff against " << name << " for " << budget << " s\n";
        result[name] = summarise(diff::run(d), d.command_line);
    }
    return result;
}

std::string readers_markdown(const matrix& all, const std::map<std::string, reader_diff>& diffs,
                             const std::map<std::string, std::string>& about) {
    const matrix m = available_only(all);
    std::string out =
        "# What each SGF reader gets wrong\n\n"
        "Generated by `sgfcheck conformance --readers-report docs/readers.md` (conformance/README.md): do not edit. "
        "sgfcheck " + m.version + ", corpus commit " + m.commit + ", run " + m.date + ".\n\n"
        "For each reader: the cases of the conformance corpus (`conformance/cases`, each from one sentence of the "
        "FF[4] specification, listed in `conformance/SOURCES.md` with its file and `.expect`) where it differs from the "
        "specification, and what a `sgfcheck diff` run of generated files found, with its minimised case. "
        "Files are shown as SGF text: ␊ is LF, ␍ CR, ␉ tab, ⟨HH⟩ a byte that is not UTF-8. A reader is not a "
        "checker: the files only a checker rejects (a value of the wrong type, a move and setup in one node, ...) "
        "are listed apart.\n\n";
    if (const std::string u = unavailable_note(m); !u.empty()) out += u + "\n\n";
    out += "| reader | agree | accepts what the spec rejects (syntax / checker-level) | rejects what the spec allows | "
           "wrong trees | crashes and hangs | diff kinds |\n|---|---:|---:|---:|---:|---:|---:|\n";
    for (std::size_t k = 1; k < m.impls.size(); ++k) {
        const summary s = summarize(m, k);
        std::size_t lax_checker = 0;
        for (std::size_t c = 0; c < m.cases.size(); ++c)
            if (judge(m.cases[c].expected, m.cells[c][k].result) == judgement::lax_accept && checker_level(m.cases[c])) ++lax_checker;
        const auto d = diffs.find(m.impls[k]);
        out += "| [" + m.impls[k] + "](#" + m.impls[k] + ") | " + std::to_string(s.agree) + " | " +
               std::to_string(s.lax_accept - lax_checker) + " / " + std::to_string(lax_checker) + " | " +
               std::to_string(s.strict_reject) + " | " + std::to_string(s.tree_differs) + " | " + std::to_string(s.crash) +
               " | " + (d == diffs.end() ? std::string("-") : std::to_string(d->second.kinds.size())) + " |\n";
    }

    for (std::size_t k = 1; k < m.impls.size(); ++k) {
        const auto d = diffs.find(m.impls[k]);
        const auto a = about.find(m.impls[k]);
        out += reader_section(m, k, d == diffs.end() ? nullptr : &d->second, a == about.end() ? std::string() : a->second);
    }
    return out;
}

}  // namespace sgf::tools::conformance
