// Judging cells, per-implementation summaries, the TSV files and the Markdown matrix.
#include <cstdio>
#include <string>

#include "tools/conformance/conformance.hpp"

namespace sgf::tools::conformance {

const std::string not_run = "not run";

std::string_view to_string(tree_match t) noexcept {
    switch (t) {
        case tree_match::none: return "-";
        case tree_match::yes: return "yes";
        case tree_match::no: return "no";
        case tree_match::invalid: return "invalid";
    }
    return "-";
}

judgement judge(expected_kind expected, verdict v) noexcept {
    if (v == verdict::crash) return judgement::crash;
    if (v == verdict::unavailable) return judgement::unavailable;
    if (v == verdict::flaky) return judgement::flaky;
    const bool acc = v == verdict::accepted;
    switch (expected) {
        case expected_kind::accept: return acc ? judgement::agree : judgement::strict_reject;
        case expected_kind::reject: return acc ? judgement::lax_accept : judgement::agree;
        case expected_kind::either: return acc ? judgement::i_accept : judgement::i_reject;
    }
    return judgement::crash;
}

std::string_view to_string(judgement j) noexcept {
    switch (j) {
        case judgement::agree: return "ok";
        case judgement::lax_accept: return "LAX";
        case judgement::strict_reject: return "STRICT";
        case judgement::i_accept: return "acc";
        case judgement::i_reject: return "rej";
        case judgement::crash: return "CRASH";
        case judgement::unavailable: return "n/a";
        case judgement::flaky: return "flaky";
    }
    return "?";
}

summary summarize(const matrix& m, std::size_t impl) {
    summary s;
    for (std::size_t c = 0; c < m.cases.size(); ++c) {
        const cell& x = m.cells[c][impl];
        ++s.cases;
        switch (judge(m.cases[c].expected, x.result)) {
            case judgement::agree: ++s.agree; break;
            case judgement::lax_accept: ++s.lax_accept; break;
            case judgement::strict_reject: ++s.strict_reject; break;
            case judgement::i_accept: ++s.i_accept; break;
            case judgement::i_reject: ++s.i_reject; break;
            case judgement::crash: ++s.crash; break;
            case judgement::unavailable: ++s.unavailable; break;
            case judgement::flaky: ++s.flaky; break;
        }
        if (x.tree == tree_match::yes || x.tree == tree_match::no || x.tree == tree_match::invalid) ++s.tree_compared;
        if (x.tree == tree_match::no || x.tree == tree_match::invalid) ++s.tree_differs;
    }
    return s;
}

namespace {

std::string clean(std::string_view s) {
    std::string out;
    for (const char c : s) out.push_back(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
    return out;
}

std::string seconds(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3f", s);
    return b;
}

// A Markdown table cell: '|' and line breaks would end it.
std::string md_cell(std::string_view s) {
    std::string out;
    for (const char c : s) {
        if (c == '|') out += "\\|";
        else if (c == '\n' || c == '\r') out += ' ';
        else out.push_back(c);
    }
    return out;
}

}  // namespace

std::string tsv(const matrix& m, std::size_t impl) {
    std::string out = "case\texpected\tverdict\ttree_match\tseconds\tdetail\n";
    for (std::size_t c = 0; c < m.cases.size(); ++c) {
        const cell& x = m.cells[c][impl];
        out += m.cases[c].name;
        out += '\t';
        out += to_string(m.cases[c].expected);
        out += '\t';
        out += to_string(x.result);
        out += '\t';
        out += to_string(x.tree);
        out += '\t';
        out += seconds(x.seconds);
        out += '\t';
        out += clean(x.detail);
        out += '\n';
    }
    return out;
}

// Not unavailable for every case (a cell not run yet, in a partial report, may still be).
bool available(const matrix& m, std::size_t impl) {
    for (const auto& row : m.cells)
        if (row[impl].result != verdict::unavailable || row[impl].detail == not_run) return true;
    return m.cells.empty();
}

matrix available_only(const matrix& m) {
    matrix out = m;
    out.impls.clear();
    for (auto& row : out.cells) row.clear();
    for (std::size_t k = 0; k < m.impls.size(); ++k) {
        if (!available(m, k)) {
            out.unavailable.emplace_back(m.impls[k], m.cells.empty() ? std::string() : m.cells[0][k].detail);
            continue;
        }
        out.impls.push_back(m.impls[k]);
        for (std::size_t c = 0; c < m.cells.size(); ++c) out.cells[c].push_back(m.cells[c][k]);
    }
    return out;
}

std::string unavailable_note(const matrix& m) {
    if (m.unavailable.empty()) return "";
    std::string out = "Not available in this run (" + std::to_string(m.unavailable.size()) + "):";
    for (std::size_t i = 0; i < m.unavailable.size(); ++i)
        out += std::string(i ? ";" : "") + " " + m.unavailable[i].first +
               (m.unavailable[i].second.empty() ? "" : " (" + m.unavailable[i].second + ")");
    return out + ".";
}

std::string progress_note(const matrix& m) {
    if (m.runs_done >= m.runs_total) return "";
    return "Partial run: " + std::to_string(m.runs_done) + " of " + std::to_string(m.runs_total) +
           " adapter runs done (the run was stopped or is still going); cells not run yet say \"n/a\" (not run).";
}

std::string summary_markdown(const matrix& m) {
    std::size_t y = 0, n = 0, i = 0;
    for (const auto& c : m.cases) (c.expected == expected_kind::accept ? y : c.expected == expected_kind::reject ? n : i) += 1;
    std::string out = std::to_string(m.cases.size()) + " cases (" + std::to_string(y) + " y_ must accept, " +
                      std::to_string(n) + " n_ must reject, " + std::to_string(i) + " i_ implementation-defined)";
    if (!m.skipped.empty()) out += "; " + std::to_string(m.skipped.size()) + " library-only cases not run";
    out += ".\n\n";
    if (const std::string p = progress_note(m); !p.empty()) out += p + "\n\n";
    out += "| implementation | agree | disagree | lax accept (n_ accepted) | strict reject (y_ rejected) | crash | "
           "unavailable | flaky | i_ accepted | i_ rejected | trees compared | trees differ |\n";
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (std::size_t k = 0; k < m.impls.size(); ++k) {
        const summary s = summarize(m, k);
        out += "| " + md_cell(m.impls[k]) + " | " + std::to_string(s.agree) + " | " + std::to_string(s.disagree()) +
               " | " + std::to_string(s.lax_accept) + " | " + std::to_string(s.strict_reject) + " | " +
               std::to_string(s.crash) + " | " + std::to_string(s.unavailable) + " | " + std::to_string(s.flaky) + " | " + std::to_string(s.i_accept) +
               " | " + std::to_string(s.i_reject) + " | " + std::to_string(s.tree_compared) + " | " +
               std::to_string(s.tree_differs) + " |\n";
    }
    return out;
}

std::string markdown(const matrix& all) {
    const matrix m = available_only(all);
    std::string out = "# SGF conformance matrix\n\nWritten by `sgfcheck conformance` (conformance/README.md).\n\n## Summary\n\n";
    out += summary_markdown(m);
    if (const std::string u = unavailable_note(m); !u.empty()) {  // piece by piece: GCC 12 -Wrestrict (bug 105329)
        out += '\n';
        out += md_cell(u);
        out += '\n';
    }
    out += "\nagree: y_ accepted or n_ rejected. disagree = lax accept + strict reject. i_ cases count in neither. "
           "Trees are compared with ours (normal form) when both accepted and the implementation printed one; "
           "for ours, with the case's expected tree.\n";
    out += "\n## Legend\n\n"
           "| cell | meaning |\n|---|---|\n"
           "| ok | agrees with the case (y_ accepted, n_ rejected) |\n"
           "| LAX | accepted an n_ case (lax acceptance) |\n"
           "| STRICT | rejected a y_ case (strict rejection) |\n"
           "| acc / rej | accepted / rejected an i_ case (implementation-defined) |\n"
           "| CRASH | any other exit status, a signal, or the timeout (CPU time) |\n"
           "| flaky | timed out among other cases but not when run again alone: the machine, not a verdict |\n"
           "| n/a | the implementation is unavailable (adapter exit 3) |\n"
           "| ≠tree | accepted, but its JSON tree differs from ours |\n"
           "| ≠expect | ours: diagnostics or tree differ from the case's .expect |\n";
    out += "\n## Matrix\n\n| case | expected |";
    for (const auto& i : m.impls) {
        out += ' ';
        out += md_cell(i);
        out += " |";
    }
    out += "\n|---|---|";
    for (std::size_t k = 0; k < m.impls.size(); ++k) out += "---|";
    out += '\n';
    for (std::size_t c = 0; c < m.cases.size(); ++c) {
        const case_row& r = m.cases[c];
        out += "| `" + r.name + "`" + (r.pending.empty() ? "" : " (pending)") + " | " + std::string(to_string(r.expected)) + " |";
        for (std::size_t k = 0; k < m.impls.size(); ++k) {
            const cell& x = m.cells[c][k];
            std::string t(to_string(judge(r.expected, x.result)));
            if (x.tree == tree_match::no) t += " ≠tree";
            if (x.tree == tree_match::invalid) t += " bad-tree";
            if (x.differs_from_expect) t += " ≠expect";
            out += " " + t + " |";
        }
        out += '\n';
    }
    if (!m.skipped.empty()) {
        out += "\nLibrary-only cases (run by the doctest suite, not handed to other implementations):";
        for (const auto& s : m.skipped) out += " `" + s + "`";
        out += "\n";
    }
    return out;
}

}  // namespace sgf::tools::conformance
