// The report of `sgfcheck diff`: report.md (one section per kind of disagreement, with the
// minimal case and the spec sentence that decides it) and report.jsonl (one line per case).
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "sgf/write.hpp"
#include "tools/diff/diff.hpp"
#include "sgf/check.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/json.hpp"
#include "sgf/parse.hpp"
#include "sgf/properties.hpp"

namespace sgf::tools::diff {

namespace {

constexpr std::size_t clip_at = 600;

std::string clipped(std::string s, std::size_t n = clip_at) {
    if (s.size() > n) s = s.substr(0, n) + "... (" + std::to_string(s.size()) + " bytes)";
    return s;
}

std::string verdict_text_of(const our_verdict& v) {
    if (v.accepted) return "accepted";
    std::string s = "rejected (";
    for (std::size_t i = 0; i < v.errors.size(); ++i) s += (i ? " " : "") + v.errors[i];
    return s + ")";
}

std::string their_text_of(const their_verdict& v) {
    std::string s(to_string(v.result));
    if (!v.detail.empty()) s += " (" + v.detail + ")";
    return s;
}

// The spec rows of the properties in a file we accept (why it is valid).
std::string rows_of(std::string_view bytes) {
    const parse_result r = parse(bytes);
    std::set<std::string> seen;
    std::string out;
    for (const game_tree& t : r.trees) {
        const int gm = context_of(t).gm;  // the one reading of a tree's GM
        for (preorder p(t); !p.done(); p.next())
            for (const property& q : p.current().properties()) {
                const auto* row = find_property(q.ident(), 4, gm, profile::ff4);
                if (row == nullptr || !seen.insert(std::string(q.ident())).second) continue;
                out += (out.empty() ? "" : "; ") + std::string(row->spec_section) + " (" + std::string(row->value_type) + ")";
            }
    }
    return out;
}

// How deep the game trees nest ('(' inside values not counted).
std::size_t nesting(std::string_view s) {
    std::size_t depth = 0, deepest = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '[') {
            for (++i; i < s.size() && s[i] != ']'; ++i)
                if (s[i] == '\\') ++i;
        } else if (s[i] == '(') {
            deepest = std::max(deepest, ++depth);
        } else if (s[i] == ')' && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

// The sentence that decides a disagreement.
std::string spec_text_of(const finding& f) {
    const our_verdict& ours = f.minimised ? f.minimal_ours : f.ours;
    const std::string& bytes = f.minimised ? f.minimal : f.bytes;
    std::string out;
    if (!ours.accepted) {
        for (const auto& c : ours.errors) {
            const auto* info_row = find_rule(c);
            out += (out.empty() ? "" : "; ") + c + ": " + (info_row ? std::string(info_row->source) : std::string("?"));
        }
        if (f.applied != mutation::none) {
            const auto& m = info(f.applied);
            for (const auto& c : ours.errors)
                if (c == m.code) out += "; \"" + std::string(m.quote) + "\"";
        }
        return out;
    }
    out = "the file is valid FF[4] (000_* EBNF, no checker error)";
    const std::string rows = rows_of(bytes);
    if (!rows.empty()) out += "; " + rows;
    const kind k = f.minimised ? f.minimal_found.what : f.found.what;
    if (k == kind::tree_differs || k == kind::tree_invalid)
        out += "; design.md JSON tree: values after escape processing (ff4_sgf.txt 3.2 Text: \"\\\" is the escape "
               "character ... soft line breaks removed), in file order, variations as written";
    return out;
}

std::string cluster_of(const finding& f) { return f.cluster.empty() ? f.found.key() : f.cluster; }

// How to get the case again: its family and seed.
std::string reproduce(const run_info& run, const finding& f) {
    return "sgfcheck diff --impl " + run.impl + " --mutation " + f.family + " --seed " + std::to_string(f.seed) +
           " --count 1" + run.gen_flags;
}

void json_field(std::string& out, std::string_view key, std::string_view v, bool first = false) {
    if (!first) out += ',';
    append_json_string(out, key);
    out += ':';
    append_json_string(out, v);
}

}  // namespace

std::string describe(const our_verdict& v) { return verdict_text_of(v); }
std::string describe(const their_verdict& v) { return their_text_of(v); }
std::string spec_sentence(const finding& f) { return spec_text_of(f); }
std::string number_text(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", x);
    return b;
}

std::string visible_sgf(std::string_view bytes) {
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c < 0x20 || c == 0x7f) {
            // U+2400 + c (␀ ... ␟), U+2421 for DEL: three bytes E2 90 xx
            const unsigned cp = c == 0x7f ? 0x2421 : 0x2400 + c;
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
            continue;
        }
        if (c < 0x80) {
            out += static_cast<char>(c);
            continue;
        }
        // a whole UTF-8 sequence stays as it is; any other byte is shown as ⟨HH⟩
        const std::size_t len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
        bool ok = len > 0 && i + len <= bytes.size();
        for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(bytes[i + k]) & 0xC0) == 0x80;
        if (ok) {
            out.append(bytes.substr(i, len));
            i += len - 1;
        } else {
            char buf[16];
            std::snprintf(buf, sizeof buf, "\xE2\x9F\xA8%02X\xE2\x9F\xA9", c);
            out += buf;
        }
    }
    return out;
}

namespace {

// The findings grouped by kind (cluster), the largest kinds first, ties in order of first appearance.
struct kinds {
    std::vector<std::string> order;
    std::map<std::string, std::vector<const finding*>> groups;

    explicit kinds(const std::vector<finding>& findings) {
        for (const auto& f : findings) {
            const auto k = cluster_of(f);
            if (!groups.count(k)) order.push_back(k);
            groups[k].push_back(&f);
        }
        std::stable_sort(order.begin(), order.end(),
                         [&](const std::string& a, const std::string& b) { return groups[a].size() > groups[b].size(); });
    }
    // The case a kind is shown by: its last minimised case, else its first.
    const finding* shown(const std::string& k) const {
        const auto& g = groups.at(k);
        const finding* rep = g.front();
        for (const auto* f : g)
            if (f->minimised) rep = f;
        return rep;
    }
};

// report.jsonl: one JSON object per disagreeing case.
std::string json_lines(const run_info& run, const std::vector<finding>& findings) {
    std::string jl;
    for (const auto& f : findings) {
        jl += '{';
        json_field(jl, "impl", run.impl, true);
        jl += ",\"seed\":" + std::to_string(f.seed);
        json_field(jl, "case", f.name);
        json_field(jl, "reproduce", reproduce(run, f));
        json_field(jl, "family", f.family);
        json_field(jl, "mutation", f.applied == mutation::none ? "" : info(f.applied).name);
        json_field(jl, "kind", to_string(f.found.what));
        json_field(jl, "cluster", cluster_of(f));
        if (f.checker_level) jl += ",\"checker_level\":true";
        json_field(jl, "signature", f.found.signature);
        if (!f.found.differences.empty()) {
            jl += ",\"differences\":[";
            for (std::size_t i = 0; i < f.found.differences.size(); ++i) {
                if (i) jl += ',';
                append_json_string(jl, f.found.differences[i]);
            }
            jl += ']';
        }
        json_field(jl, "ours", verdict_text_of(f.ours));
        json_field(jl, "theirs", their_text_of(f.theirs));
        jl += ",\"bytes\":" + std::to_string(f.bytes.size());
        json_field(jl, "minimal", f.minimised ? visible_sgf(f.minimal) : "");
        if (f.minimised) {
            json_field(jl, "minimal_kind", f.minimal_found.key());
            json_field(jl, "minimal_ours", verdict_text_of(f.minimal_ours));
            json_field(jl, "minimal_theirs", their_text_of(f.minimal_theirs));
            jl += ",\"tests\":" + std::to_string(f.tests);
        }
        json_field(jl, "spec", spec_text_of(f));
        jl += "}\n";
    }
    return jl;
}

// report.md's opening: the run, its counts, families and flaky cases, and the table of kinds.
void markdown_summary(std::ostream& md, const run_info& run, const std::vector<finding>& findings, const kinds& ks) {
    std::size_t checker_kinds = 0;
    for (const auto& k : ks.order)
        if (ks.groups.at(k).front()->checker_level) ++checker_kinds;
    md << "# sgfcheck diff: `" << run.impl << "`\n\n";
    if (!run.status.empty()) md << "**Partial report: " << run.status << ".**\n\n";
    md << "Reproduce: `" << run.command_line << "`\n\n";
    md << run.count << " generated cases";
    if (run.planned != run.count) md << " of " << run.planned << " planned";
    md << " (" << run.valid << " valid, " << run.invalid << " invalid, seeds " << run.seed << " to "
       << run.seed + (run.count ? run.count - 1 : 0) << "), " << static_cast<long long>(run.seconds + 0.5) << " s. Agree: "
       << run.agree << ". Disagree: " << findings.size() << " cases in " << ks.order.size() << " kinds";
    if (checker_kinds > 0)
        md << " (" << checker_kinds << " of them only sgfcheck's checker rejects: if `" << run.impl
           << "` is a parser, not a checker, run again with `--parse-only`)";
    md << ".\n\n";
    if (!run.families.empty()) {
        md << "Families (`--mutation`), case k from family k mod " << run.families.size() << ":";
        for (const auto& f : run.families) md << " `" << f << "`";
        md << ".\n\n";
    }
    if (!run.flaky.empty()) {
        md << "Flaky (timed out among other cases, not when run again alone; not counted as disagreements):";
        for (const auto& f : run.flaky) md << " " << f << ";";
        md << "\n\n";
    }
    if (ks.order.empty()) return;
    md << "| # | kind | signature | cases | minimal case |\n|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < ks.order.size(); ++i) {
        const finding* rep = ks.shown(ks.order[i]);
        const std::string shown = clipped(rep->minimised ? visible_sgf(rep->minimal) : "(not minimised)", 80);
        std::string cell;
        for (const char c : shown) cell += c == '|' ? std::string("\\|") : std::string(1, c);
        const outcome& o = rep->minimised ? rep->minimal_found : rep->found;
        md << "| " << i + 1 << " | " << to_string(o.what) << (rep->checker_level ? " (checker)" : "") << " | "
           << o.signature << " | " << ks.groups.at(ks.order[i]).size() << " | `` " << cell << " `` |\n";
    }
    md << "\n";
}

// report.md's section of kind number `number`: its minimal case, both verdicts and trees, the
// spec sentence, how to make its first case again, and the seeds of its cases.
void markdown_kind(std::ostream& md, const run_info& run, std::size_t number, const std::vector<const finding*>& g,
                   const finding& rep) {
    const outcome& shown_kind = rep.minimised ? rep.minimal_found : rep.found;
    md << "## " << number << ". " << to_string(shown_kind.what) << (shown_kind.signature.empty() ? "" : ": ")
       << shown_kind.signature << " (" << g.size() << (g.size() == 1 ? " case)" : " cases)") << "\n\n";
    if (rep.minimised) {
        md << "Minimal case (" << rep.minimal.size() << " bytes, "
           << (nesting(rep.minimal) > 100 ? "nesting depth " + std::to_string(nesting(rep.minimal)) + ", " : std::string())
           << rep.tests << " runs" << (rep.budget_spent ? ", budget spent" : "") << "; `cases/" << rep.name
           << ".min.sgf`; ␊ is LF, ␍ CR, ␉ tab, ⟨HH⟩ a byte that is not UTF-8):\n\n```\n"
           << clipped(visible_sgf(rep.minimal)) << "\n```\n\n";
        md << "- ours: " << verdict_text_of(rep.minimal_ours) << "\n- theirs: " << their_text_of(rep.minimal_theirs) << "\n";
        if (!keeps(rep.found, rep.minimal_found))
            md << "- note: with the full timeout the minimal case is " << rep.minimal_found.key() << "\n";
        if (!rep.tree_ours.empty() || !rep.tree_theirs.empty())
            md << "- our tree: `" << clipped(rep.tree_ours, 300) << "`\n- their tree: `" << clipped(rep.tree_theirs, 300)
               << "`\n";
    } else {
        md << "- ours: " << verdict_text_of(rep.ours) << "\n- theirs: " << their_text_of(rep.theirs) << "\n";
    }
    md << "- spec: " << spec_text_of(rep) << "\n";
    if (rep.checker_level)
        md << "- only sgfcheck's checker rejects this file (its parser accepts it): if the implementation is a "
              "parser, not a checker, this is no bug of it; `--parse-only` compares the parsers alone\n";
    md << "- first case: family " << rep.family << ", seed " << rep.seed << " (`" << reproduce(run, rep) << "`), "
       << rep.bytes.size() << " bytes"
       << (nesting(rep.bytes) > 100 ? ", nesting depth " + std::to_string(nesting(rep.bytes)) : std::string())
       << (rep.applied != mutation::none ? ", mutation " + std::string(info(rep.applied).name) : std::string())
       << "; `cases/" << rep.name << ".sgf`\n";
    md << "- seeds:";
    std::size_t shown = 0;
    for (const auto* f : g) {
        if (shown++ == 40) {
            md << " ...";
            break;
        }
        md << " " << f->seed;
    }
    md << "\n\n";
}

}  // namespace

void write_report(const std::filesystem::path& dir, const run_info& run, const std::vector<finding>& findings) {
    const kinds ks(findings);
    write_file_atomically(dir / "report.jsonl", json_lines(run, findings));
    std::ostringstream md;
    markdown_summary(md, run, findings, ks);
    for (std::size_t i = 0; i < ks.order.size(); ++i)
        markdown_kind(md, run, i + 1, ks.groups.at(ks.order[i]), *ks.shown(ks.order[i]));
    if (!run.features.empty()) {
        md << "Covered by the cases: ";
        for (std::size_t i = 0; i < run.features.size(); ++i) md << (i ? ", " : "") << run.features[i];
        md << ".\n";
    }
    write_file_atomically(dir / "report.md", md.str());
}

}  // namespace sgf::tools::diff
