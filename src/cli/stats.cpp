// sgfcheck stats PATH...: the statistics 002_* is built from, for any archive. Per property
// identifier: files, occurrences in root nodes and in other nodes, and its value forms (a
// value's shape: digits as 9 or 0, a one-letter run as itself, two lowercase letters as
// aa, longer words as w or A+, so TM[5m] is "9m", HA[0] "0", AP[CGoban:3] "w:9"); per game
// tree the FF, GM, CA and AP values as written. Text or JSON; files read in parallel and
// added up in file order, so the output is the same for every -j.
#include <algorithm>
#include <iostream>
#include <map>
#include <thread>

#include "cli.hpp"
#include "sgf/app/parallel_for.hpp"
#include "sgf/app/settings.hpp"
#include "sgf/input.hpp"
#include "sgf/json.hpp"

namespace sgf::cli {

namespace {

constexpr std::size_t max_forms = 1000;  // distinct forms kept per identifier; the rest count as other
constexpr std::size_t max_form_length = 24;

constexpr const char* stats_help = R"(Usage: sgfcheck stats [options] FILE...|-|DIR...
What an archive uses, as in the statistics of 002_* (current usage): per property
identifier the files it appears in, its occurrences in root nodes and in other nodes,
and its value forms (9 = digits, 0 = zeros, aa = two lowercase letters, w / A+ = a word,
one letter as itself: TM[5m] is 9m, HA[0] is 0, AP[CGoban:3] is w:9); per game tree the
FF, GM and CA values as written, and AP's application names with and without a version.
Files are read leniently, in their charset.
  --format=text|json   text tables (default) or one JSON object
  --top N              value forms and applications shown per row in text (default 6)
  -j N, --jobs N       read N files at a time (default: the cores)
  --include GLOB, --exclude GLOB   as for check
Exit status: 0 done, 2 usage error or a file that could not be read.
)";

using counts = std::map<std::string, std::uint64_t, std::less<>>;

struct ident_stat {
    std::uint64_t files = 0, root = 0, other = 0, other_forms = 0;
    counts forms;
};

struct archive_stats {
    std::uint64_t files = 0, unreadable = 0, trees = 0, nodes = 0, ap_with_version = 0, ap_without_version = 0;
    std::map<std::string, ident_stat, std::less<>> idents;
    counts ff, gm, ca, ap;

    void merge(const archive_stats& o) {
        files += o.files;
        unreadable += o.unreadable;
        trees += o.trees;
        nodes += o.nodes;
        ap_with_version += o.ap_with_version;
        ap_without_version += o.ap_without_version;
        for (const auto& [id, s] : o.idents) {
            ident_stat& t = idents[id];
            t.files += s.files;
            t.root += s.root;
            t.other += s.other;
            t.other_forms += s.other_forms;
            for (const auto& [f, n] : s.forms) {
                if (const auto it = t.forms.find(f); it != t.forms.end()) it->second += n;
                else if (t.forms.size() < max_forms) t.forms.emplace(f, n);
                else t.other_forms += n;
            }
        }
        for (auto [dst, src] : {std::pair{&ff, &o.ff}, {&gm, &o.gm}, {&ca, &o.ca}, {&ap, &o.ap}})
            for (const auto& [k, n] : *src) (*dst)[k] += n;
    }
};

// The shape of a raw value (see the file comment).
std::string form_of(std::string_view v) {
    if (v.empty()) return "(empty)";
    std::string out;
    auto is_alpha = [](unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    for (std::size_t i = 0; i < v.size() && out.size() < max_form_length;) {
        const auto c = static_cast<unsigned char>(v[i]);
        std::size_t j = i + 1;
        if (c >= '0' && c <= '9') {
            bool zeros = c == '0';
            while (j < v.size() && v[j] >= '0' && v[j] <= '9') {
                if (v[j] != '0') zeros = false;
                ++j;
            }
            out += zeros ? '0' : '9';
        } else if (is_alpha(c)) {
            bool lower = c >= 'a', upper = c <= 'Z';
            while (j < v.size() && is_alpha(static_cast<unsigned char>(v[j]))) {
                lower = lower && v[j] >= 'a';
                upper = upper && v[j] <= 'Z';
                ++j;
            }
            if (j - i == 1) out += static_cast<char>(c);
            else if (j - i == 2 && lower) out += "aa";
            else out += upper ? "A+" : "w";
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            while (j < v.size() && (v[j] == ' ' || v[j] == '\t' || v[j] == '\n' || v[j] == '\r')) ++j;
            out += ' ';
        } else if (c >= 0x80) {
            while (j < v.size() && static_cast<unsigned char>(v[j]) >= 0x80) ++j;
            out += '~';
        } else if (c < 0x20) {
            out += '?';
        } else {
            out += static_cast<char>(c);
        }
        i = j;
        if (i < v.size() && out.size() >= max_form_length) out += "...";
    }
    return out;
}

// The raw first value of `ident` at a root, or "(none)".
std::string root_value(const node& root, std::string_view ident) {
    const auto p = root.find(ident);
    if (!p || p->size() == 0) return "(none)";
    std::string v(p->front().raw());
    return v.empty() ? "(empty)" : v;
}

archive_stats stats_of(const std::string& name, std::string& error) {
    archive_stats a;
    std::string bytes;
    try {
        bytes = read_input(name);
    } catch (const std::system_error& e) {
        error = e.what();
        a.unreadable = 1;
        return a;
    }
    a.files = 1;
    load_options lo;
    lo.lenient = true;
    const load_result r = load(file_bytes(std::move(bytes)), lo);
    for (const game_tree& t : r.trees) {
        ++a.trees;
        const node root = t.front();
        ++a.ff[root_value(root, "FF")];
        ++a.gm[root_value(root, "GM")];
        ++a.ca[root_value(root, "CA")];
        if (const auto ap = root.find("AP"); ap && ap->size() > 0) {
            const std::string v(ap->front().raw());
            std::size_t colon = 0;
            while ((colon = v.find(':', colon)) != std::string::npos && colon > 0 && v[colon - 1] == '\\') ++colon;
            const std::string app = v.substr(0, colon);
            ++a.ap[app.empty() ? "(empty)" : app];
            ++(colon != std::string::npos && colon + 1 < v.size() ? a.ap_with_version : a.ap_without_version);
        }
        for (preorder it(t); !it.done(); it.next()) {
            const node n = it.current();
            ++a.nodes;
            const bool is_root = n.same(root);
            for (const property& p : n.properties()) {
                ident_stat& s = a.idents[std::string(p.ident())];
                s.files = 1;
                ++(is_root ? s.root : s.other);
                for (const value& v : p) {
                    std::string f = form_of(v.raw());
                    if (const auto fi = s.forms.find(f); fi != s.forms.end()) ++fi->second;
                    else if (s.forms.size() < max_forms) s.forms.emplace(std::move(f), 1);
                    else ++s.other_forms;
                }
            }
        }
    }
    return a;
}

std::vector<std::pair<std::string, std::uint64_t>> most_first(const counts& c) {
    std::vector<std::pair<std::string, std::uint64_t>> v(c.begin(), c.end());
    std::stable_sort(v.begin(), v.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    return v;
}

std::string top_list(const counts& c, std::size_t top, std::uint64_t extra_other = 0) {
    std::string out;
    const auto v = most_first(c);
    std::uint64_t rest = extra_other;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i < top) out += (out.empty() ? "" : "  ") + v[i].first + " " + grouped(v[i].second);
        else rest += v[i].second;
    }
    if (rest) out += "  (other " + grouped(rest) + ")";
    return out;
}

void print_text(std::ostream& os, const archive_stats& a, std::size_t top) {
    os << "files: " << grouped(a.files);
    if (a.unreadable) os << " (" << grouped(a.unreadable) << " could not be read)";
    os << "; game trees: " << grouped(a.trees) << "; nodes: " << grouped(a.nodes) << "\n\nper game tree, as written:\n";
    os << "  FF: " << top_list(a.ff, 12) << "\n  GM: " << top_list(a.gm, 12) << "\n  CA: " << top_list(a.ca, 12)
       << "\n  AP: " << grouped(a.ap_with_version) << " with a version, " << grouped(a.ap_without_version)
       << " without; " << top_list(a.ap, top * 2) << "\n\n";
    std::vector<std::pair<std::string, const ident_stat*>> rows;
    for (const auto& [id, s] : a.idents) rows.emplace_back(id, &s);
    std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) {
        return x.second->root + x.second->other > y.second->root + y.second->other;
    });
    os << "property      files   in root  elsewhere  value forms (most used first)\n";
    for (const auto& [id, s] : rows) {
        std::string idc = id;
        if (idc.size() < 8) idc.resize(8, ' ');
        os << idc << ' ' << std::string(10 - std::min<std::size_t>(10, grouped(s->files).size()), ' ') << grouped(s->files)
           << std::string(10 - std::min<std::size_t>(10, grouped(s->root).size()), ' ') << grouped(s->root)
           << std::string(11 - std::min<std::size_t>(11, grouped(s->other).size()), ' ') << grouped(s->other) << "  "
           << top_list(s->forms, top, s->other_forms) << '\n';
    }
}

void json_counts(std::string& out, const counts& c) {
    out += '{';
    bool first = true;
    for (const auto& [k, n] : c) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, k);
        out += ':' + std::to_string(n);
    }
    out += '}';
}

void print_json(std::ostream& os, const archive_stats& a) {
    std::string out = "{\"files\":" + std::to_string(a.files) + ",\"unreadable\":" + std::to_string(a.unreadable) +
                      ",\"trees\":" + std::to_string(a.trees) + ",\"nodes\":" + std::to_string(a.nodes) + ",\"FF\":";
    json_counts(out, a.ff);
    out += ",\"GM\":";
    json_counts(out, a.gm);
    out += ",\"CA\":";
    json_counts(out, a.ca);
    out += ",\"AP\":{\"with_version\":" + std::to_string(a.ap_with_version) +
           ",\"without_version\":" + std::to_string(a.ap_without_version) + ",\"applications\":";
    json_counts(out, a.ap);
    out += "},\"properties\":{";
    bool first = true;
    for (const auto& [id, s] : a.idents) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, id);
        out += ":{\"files\":" + std::to_string(s.files) + ",\"root\":" + std::to_string(s.root) +
               ",\"elsewhere\":" + std::to_string(s.other) + ",\"forms\":";
        json_counts(out, s.forms);
        out += ",\"other_forms\":" + std::to_string(s.other_forms) + '}';
    }
    out += "}}\n";
    os << out;
}

}  // namespace

int run_stats(const std::vector<std::string>& args) {
    bool json = false;
    std::size_t top = 6;
    unsigned jobs = 0;
    input_filters filters;
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << stats_help;
            return exit_ok;
        } else if (auto f = option_value(args, i, "--format")) {
            if (*f != "text" && *f != "json") throw usage_error{"stats: --format must be text or json"};
            json = *f == "json";
        } else if (auto t = option_value(args, i, "--top")) {
            top = static_cast<std::size_t>(number_option("--top", *t));
        } else if (app::jobs_argument(args, i, jobs)) {
        } else if (filter_argument(args, i, filters)) {
        } else if (a == "--") {  // the end of the options: what follows are files
            paths.insert(paths.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
            break;
        } else if (a.size() > 1 && a[0] == '-') {
            throw usage_error{"stats: unknown option " + a};
        } else {
            paths.push_back(a);
        }
    }
    if (paths.empty()) throw usage_error{"stats needs files or directories"};
    const input_list in = expand_inputs_reported(paths, filters);
    if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
    archive_stats total;
    app::ordered_for(
        in.files.size(), jobs, std::size_t{jobs} * 16,
        [&](std::size_t i) {
            std::string error;
            archive_stats a = stats_of(in.files[i], error);
            return std::pair{std::move(a), std::move(error)};
        },
        [&](std::size_t, std::pair<archive_stats, std::string> r) {
            if (!r.second.empty()) std::cerr << "sgfcheck: " << r.second << '\n';
            total.merge(r.first);
        });
    if (json) print_json(std::cout, total);
    else print_text(std::cout, total, top);
    return total.unreadable ? exit_usage : exit_ok;
}

}  // namespace sgf::cli
