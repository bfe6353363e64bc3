// sgfcheck [check]: the input stage, parser and checker on every file, on -j worker
// threads, reported in file order; then statistics and the summary.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "baseline.hpp"
#include "cli.hpp"
#include "help.hpp"
#include "loaded.hpp"
#include "sarif.hpp"
#include "terminal.hpp"
#include "check/stream.hpp"
#include "sgf/app/parallel_for.hpp"
#include "sgf/app/settings.hpp"
#include "sgf/app/summary.hpp"
#include "sgf/check_file.hpp"
#include "sgf/inherit.hpp"
#include "sgf/json.hpp"

namespace sgf::cli {

namespace {

using app::check_settings;
using app::file_rules;
using app::file_tally;
using app::run_summary;

// --show-inherited: the inherit properties in effect at each node where any is.
void print_inherited(std::ostream& os, const collection& c, profile p, std::string_view file, output_format format) {
    for (const game_tree& root : c)
        for_each_inherited(
            root,
            [&](const node& n, std::size_t number, std::span<const property> in_effect) {
                if (in_effect.empty()) return;
                const position at = n.pos();
                std::string text;
                for (const property& q : in_effect) {
                    if (format == output_format::json) {
                        if (!text.empty()) text += ',';
                        append_json_string(text, q.ident());
                        text += ":[";
                        bool first = true;
                        for (const value& v : q) {
                            if (!first) text += ',';
                            first = false;
                            append_json_string(text, v.unescaped());
                        }
                        text += ']';
                        continue;
                    }
                    text += ' ';
                    text += q.ident();
                    for (const value& v : q) {
                        text += '[';
                        text += v.raw();
                        text += ']';
                    }
                }
                if (format == output_format::json) {
                    std::string line = "{\"file\":";
                    append_json_path(line, file);
                    os << line << ",\"line\":" << at.line << ",\"column\":" << at.column << ",\"node\":" << number
                       << ",\"inherited\":{" << text << "},\"version\":" << json_diagnostic_version << "}\n";
                } else {
                    os << printable(file) << ':' << at.line << ':' << at.column << ": node " << number << " inherits" << text << '\n';
                }
            },
            p);
}

// The JSON Lines record of a file that could not be read (docs/diagnostics.schema.json).
std::string unreadable_json(const std::string& file, const std::string& error) {
    std::string line = "{\"version\":" + std::to_string(json_diagnostic_version) + ",\"file\":";
    append_json_path(line, file);
    line += ",\"error\":";
    append_json_string(line, error);
    line += '}';
    return line;
}

// What checking one file gives the thread that prints.
struct file_outcome {
    std::string out;    // findings, as they go to stdout
    std::string error;  // the file could not be read
    file_tally tally;
};

struct run_context {
    const check_settings& s;
    const baseline* known = nullptr;
    bool color = false;
    unsigned threads_per_file = 1;  // -j on a single file: its game trees on that many threads
};

// A regular file is checked through a window, one game tree at a time (check/stream.hpp),
// unless something needs the whole file (SARIF's columns, --show-inherited's trees, a file
// check_streamed hands back); nullopt then.
std::optional<detail::streamed_check> check_streamed(const std::string& name, const check_settings& s,
                                                     const check_options& copts, unsigned threads) {
    if (name == "-" || s.format == output_format::sarif || s.show_inherited || !s.charset.empty()) return std::nullopt;
    const int fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return std::nullopt;  // read_file says why
    struct closer {
        int fd;
        ~closer() { ::close(fd); }
    } const guard{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    detail::stream_options options;
    options.excerpts = s.format == output_format::text && s.prints_findings();
    options.threads = threads;
    return detail::check_streamed(fd, name, static_cast<std::uint64_t>(st.st_size), {s.lenient, s.charset}, copts, options);
}

file_outcome check_one(const std::string& name, const file_rules& rules, const run_context& ctx) {
    const check_settings& s = ctx.s;
    file_outcome o;
    const app::check_request request = app::request_for(s, rules);
    std::optional<detail::streamed_check> streamed;
    file_check fc;
    try {
        streamed = check_streamed(name, s, request.check, ctx.threads_per_file);
        if (!streamed) {
            std::string bytes = read_input(name);
            fc = charset_usage_errors([&] { return app::check_selected(std::move(bytes), request); });
        }
    } catch (const std::system_error& e) {
        o.error = e.what();
        return o;
    }
    const std::vector<diagnostic>& diagnostics = streamed ? streamed->diagnostics : fc.diagnostics;
    const load_result& r = fc.loaded;
    // The file's bytes, now held by the load (a copy here was one more input size of memory).
    const std::string_view text = r.bytes();
    const std::string shown = name == "-" ? "<stdin>" : name;
    const std::string uri = s.format == output_format::sarif ? sarif_uri(shown) : std::string();
    // The baseline's findings of this file, used up one by one.
    std::unordered_map<std::string, std::uint64_t> known;
    if (ctx.known)
        if (const auto it = ctx.known->files.find(shown); it != ctx.known->files.end()) known = it->second;
    std::unordered_map<std::string, std::uint64_t> seen;  // occurrences so far, for fingerprints
    std::ostringstream os;
    for (std::size_t k = 0; k < diagnostics.size(); ++k) {
        const diagnostic& d = diagnostics[k];
        if (!rules.selection.enabled(d.code)) continue;  // (streamed findings are not selected yet)
        std::string key;
        if (ctx.known || s.format == output_format::sarif) key = finding_key(d);
        std::optional<diagnostic> rest;  // what the baseline does not cover of a grouped finding
        if (ctx.known) {
            if (const auto it = known.find(key); it != known.end() && it->second > 0) {
                const std::uint64_t covered = std::min(it->second, d.count);
                it->second -= covered;
                o.tally.baseline_known += covered;
                if (covered == d.count) continue;
                rest = with_count(d, d.count - covered);
            }
        }
        const diagnostic& shown_d = rest ? *rest : d;
        o.tally.add(shown_d);
        if (!s.prints_findings()) continue;  // --statistics alone: the table only
        if (s.format == output_format::sarif) {
            if (!o.out.empty() || os.tellp() > 0) os << ",\n";
            os << sarif_result(shown_d, uri, r, text, finding_fingerprint(shown, key, seen[key]++));
        } else if (streamed && k < streamed->excerpts.size()) {
            // the bytes around it, kept while the window held them
            diagnostic at = shown_d;
            if (at.where.known()) at.where.byte = streamed->excerpts[k].at;
            print_diagnostic(os, at, shown, streamed->excerpts[k].bytes, s.format, ctx.color);
        } else {
            print_loaded(os, r, shown_d, shown, text, s.format, ctx.color);
        }
    }
    if (s.show_inherited && s.format != output_format::sarif)
        print_inherited(os, r.trees, rules.prof, shown, s.format);
    o.out = std::move(os).str();
    return o;
}

}  // namespace

int run_check(const std::vector<std::string>& args) {
    const check_settings s = app::parse_check_settings(args);
    if (s.help) {
        std::cout << check_help;
        return exit_ok;  // (main's finish_stdout says when the help could not be written)
    }
    const input_list inputs = expand_inputs_reported(s.inputs, s.filters);
    if (s.charset.size()) (void)charset_usage_errors([&] { return load(file_bytes(), {false, s.charset}); });

    // Rules per file: the command line over the nearest sgfcheck.toml.
    app::rules_finder finder(s);
    std::vector<const file_rules*> rules_of(inputs.files.size());
    for (std::size_t i = 0; i < inputs.files.size(); ++i) rules_of[i] = &finder.for_file(inputs.files[i]);
    // An entry that matches no code this run can print (E114 under --profile=current, where
    // rule 114 is W114): said, as the user meant something by it; the status is unchanged.
    for (const std::string& w : finder.warnings()) std::cerr << "sgfcheck: warning: " << printable(w) << '\n';
    if (s.show_settings) return show_settings(std::cout, {s, inputs.files, rules_of});

    std::optional<baseline> known;
    if (s.baseline) known = read_baseline(*s.baseline);
    const std::size_t n = inputs.files.size();
    unsigned jobs = s.jobs;
    if (jobs == 0) jobs = n > 1 ? std::max(1u, std::thread::hardware_concurrency()) : 1;
    // One file and -j N: its game trees are checked on N threads (check/stream.hpp)
    const run_context ctx{s, known ? &*known : nullptr, s.format == output_format::text && use_color(s.color, 1),
                          n == 1 ? jobs : 1};
    progress_line progress(s.progress && !s.quiet && inputs.any_directory && is_terminal(2), n);

    run_summary sum;
    bool first_result = true;
    std::vector<sarif_notification> notifications;  // SARIF: the files that could not be read
    if (s.format == output_format::sarif) sarif_begin(std::cout);
    app::ordered_for(
        n, jobs, std::size_t{jobs} * 16,
        [&](std::size_t i) { return check_one(inputs.files[i], *rules_of[i], ctx); },
        [&](std::size_t i, file_outcome o) {
            if (!o.error.empty() || !o.out.empty()) progress.clear();
            if (!o.error.empty()) {
                const std::string& file = inputs.files[i];
                const std::string shown = file == "-" ? "<stdin>" : file;
                if (s.format == output_format::json) std::cout << unreadable_json(shown, o.error) << '\n';
                if (s.format == output_format::sarif) notifications.push_back({sarif_uri(shown), o.error});
                std::cout << std::flush;
                std::cerr << "sgfcheck: " << printable(o.error) << '\n';
                ++sum.unreadable;
            } else {
                if (!o.out.empty()) {
                    if (s.format == output_format::sarif && !first_result) std::cout << ",\n";
                    first_result = false;
                    std::cout << o.out;
                }
                sum.add(o.tally);
            }
            progress.update(i + 1);
        });
    progress.clear();
    if (s.format == output_format::sarif) sarif_end(std::cout, sum.code_levels(), notifications);

    // Statistics and the summary: in the JSON Lines stream, else as text (on stderr next to
    // SARIF, which must stay one JSON document on stdout).
    std::ostream& text_out = s.format == output_format::sarif ? std::cerr : std::cout;
    if (s.statistics) {
        if (s.format == output_format::json) sum.print_statistics_json(std::cout);
        else sum.print_statistics_text(text_out);
    }
    if (!s.quiet) {
        if (s.format == output_format::json) sum.print_json(std::cout);
        else sum.print_text(text_out);
    }
    std::cout << std::flush;
    if (!std::cout) return exit_usage;  // main's finish_stdout says why, naming the output
    return sum.exit_status(s.fail_on);
}

}  // namespace sgf::cli
