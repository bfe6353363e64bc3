// Parsing the options of `sgfcheck check` (check_settings.hpp).
#include "check_settings.hpp"

#include <iostream>

namespace sgf::cli {

const char* const check_help = R"(Usage: sgfcheck check [options] FILE...|-|DIR...
       sgfcheck [options] FILE...|-|DIR...
Checks SGF files against the specification: every file named, every *.sgf file below
each DIR (recursively, sorted), standard input for -. Findings print as
FILE:LINE:COLUMN: level[CODE]: message, in file order whatever -j; then a summary.

Output:
  --format=text|json|sarif  gcc-style text (default); JSON Lines (one object per
                       finding, then {"statistics":[...]} with --statistics and a final
                       {"summary":{...}}); SARIF 2.1.0 for code-scanning tools
  --statistics         per code: count, files, level and meaning
  -q, --quiet          findings only: no summary, no progress line
  --color[=auto|always|never]
                       colour the text output (auto: on a terminal, unless NO_COLOR;
                       --color alone: always)
  --no-progress        no progress line (it is only ever shown on a terminal, on stderr,
                       for directory runs)

Which findings:
  --select LIST        report only these codes: comma-separated codes or prefixes of the
                       printed code (E, W2, E111) or bare numbers (111: any level);
                       repeated, the lists add up
  --extend-select LIST add to the selection
  --ignore LIST        do not report these (the most specific entry wins; on a tie, ignore)
  --fail-on=error|warning|info
                       exit 1 when a reported finding is at this level or worse
                       (default error)
  --baseline FILE      report only findings not in FILE, an earlier --format=json run
                       (matched by file, code number and message, not by line)
  --profile=ff4|current|hex
                       ff4 (default): the English FF[4] text; current: the usage of 002_*;
                       hex: the Hex conventions of 001_* (docs/diagnostics.md)
  --config FILE        settings from FILE instead of the sgfcheck.toml found upward
                       from each checked file; --no-config (or --isolated, as ruff
                       spells it): no config file at all

Reading:
  --lenient            report recoveries from malformed input as warnings, not errors
  --charset NAME       read the text in charset NAME (when CA is missing or wrong)
  --include GLOB, --exclude GLOB
                       files of a DIR to take (default *.sgf) or to leave out, folders
                       too (GLOB/ : folders only); comma lists or repeated; matched in
                       any case against the path below DIR, the name, and the path with
                       DIR. Files named on the command line are always checked; a file
                       named or found twice is checked once.
  -j N, --jobs N       check N files at a time (default: the cores when there is more
                       than one file); the output is the same for every N
  --show-inherited     also print, per node, the inherit properties (DD, PM, VW) in effect

sgfcheck.toml (nearest one upward from each file; the command line takes precedence):
  select = ["E", "W2"]     ignore = ["W205"]     extend-select = ["I1"]
  profile = "current"

Exit status: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage error or
a file that could not be read.
)";

unsigned jobs_option(const std::string& v) {
    const std::uint64_t n = number_option("--jobs", v);
    if (n == 0 || n > 1024) throw usage_error{"--jobs needs a number from 1 to 1024"};
    return static_cast<unsigned>(n);
}

bool jobs_argument(const std::vector<std::string>& args, std::size_t& i, unsigned& jobs) {
    const std::string& a = args[i];
    if (a.size() > 2 && a.starts_with("-j")) {
        jobs = jobs_option(a.substr(2));
        return true;
    }
    if (auto j = option_value(args, i, "--jobs")) {
        jobs = jobs_option(*j);
        return true;
    }
    if (auto j2 = option_value(args, i, "-j")) {
        jobs = jobs_option(*j2);
        return true;
    }
    return false;
}

check_settings parse_check_settings(const std::vector<std::string>& args) {
    check_settings s;
    bool options_done = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (options_done || a == "-" || a.empty() || a[0] != '-') {
            s.inputs.push_back(a);
        } else if (a == "--") {
            options_done = true;
        } else if (a == "--help" || a == "-h") {
            std::cout << check_help;
            std::exit(finish_stdout());  // a failed write of the help is exit 2 too
        } else if (auto v = option_value(args, i, "--format")) {
            if (*v == "json") s.format = output_format::json;
            else if (*v == "text") s.format = output_format::text;
            else if (*v == "sarif") s.format = output_format::sarif;
            else throw usage_error{"--format must be text, json or sarif"};
        } else if (auto pr = option_value(args, i, "--profile")) {
            s.prof = profile_option(*pr);
        } else if (a == "--show-inherited") {
            s.show_inherited = true;
        } else if (a == "--lenient") {
            s.lenient = true;
        } else if (auto cs = option_value(args, i, "--charset")) {
            s.charset = *cs;
        } else if (jobs_argument(args, i, s.jobs)) {
        } else if (auto sel = option_value(args, i, "--select")) {
            if (!s.select) s.select.emplace();  // repeats add up, as --include's do
            for (auto& x : parse_selectors(*sel, "--select")) s.select->push_back(std::move(x));
        } else if (auto ext = option_value(args, i, "--extend-select")) {
            for (auto& x : parse_selectors(*ext, "--extend-select")) s.extend.push_back(std::move(x));
        } else if (auto ign = option_value(args, i, "--ignore")) {
            for (auto& x : parse_selectors(*ign, "--ignore")) s.ignore.push_back(std::move(x));
        } else if (auto f = option_value(args, i, "--fail-on")) {
            if (*f == "error") s.fail_on = severity::error;
            else if (*f == "warning") s.fail_on = severity::warning;
            else if (*f == "info") s.fail_on = severity::info;
            else throw usage_error{"--fail-on must be error, warning or info"};
        } else if (a == "--statistics") {
            s.statistics = true;
        } else if (a == "--quiet" || a == "-q") {
            s.quiet = true;
        } else if (a == "--color") {
            s.color = color_mode::always;  // bare, as GNU ls and grep read it
        } else if (a.starts_with("--color=")) {
            s.color = color_option(a.substr(8));
        } else if (a == "--no-progress") {
            s.progress = false;
        } else if (filter_argument(args, i, s.filters)) {
        } else if (auto b = option_value(args, i, "--baseline")) {
            s.baseline = *b;
        } else if (auto cf = option_value(args, i, "--config")) {
            s.config = *cf;
        } else if (a == "--no-config" || a == "--isolated") {
            s.no_config = true;
        } else {
            throw usage_error{"unknown option " + a};
        }
    }
    if (s.inputs.empty()) throw usage_error{"no input files"};
    if (s.config && s.no_config) throw usage_error{"--config and --no-config exclude each other"};
    return s;
}

rules_finder::rules_finder(const check_settings& s) : s_(s) {
    if (s.no_config) fixed_ = std::make_shared<file_config>();
    else if (s.config) fixed_ = std::make_shared<file_config>(read_config(*s.config));
}

const file_rules& rules_finder::for_file(const std::string& file) {
    std::shared_ptr<const file_config> cfg = fixed_ ? fixed_ : finder_.for_file(file);
    auto& slot = by_config_[cfg.get()];
    if (!slot) {
        auto r = std::make_shared<file_rules>();
        r->selection.select = s_.select ? *s_.select : cfg->select.value_or(std::vector<code_selector>{});
        r->selection.extend = cfg->extend;
        r->selection.extend.insert(r->selection.extend.end(), s_.extend.begin(), s_.extend.end());
        r->selection.ignore = cfg->ignore;
        r->selection.ignore.insert(r->selection.ignore.end(), s_.ignore.begin(), s_.ignore.end());
        r->prof = s_.prof ? *s_.prof : cfg->prof.value_or(profile::ff4);
        slot = std::move(r);
        keep_.push_back(cfg);
    }
    return *slot;
}

}  // namespace sgf::cli
