// Parsing the options of `sgfcheck check`, the rules of each file, and checking one file
// under them (sgf/app/settings.hpp).
#include "sgf/app/settings.hpp"

#include <algorithm>

#include "sgf/app/arguments.hpp"
#include "sgf/app/codes.hpp"

namespace sgf::app {

namespace {

color_mode color_option(const std::string& v) {
    if (v == "auto") return color_mode::auto_;
    if (v == "always") return color_mode::always;
    if (v == "never") return color_mode::never;
    throw usage_error{"--color must be auto, always or never"};
}

}  // namespace

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
            s.help = true;  // as the help is printed at once: nothing after it is read
            return s;
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
        } else if (a == "--show-findings") {
            s.show_findings = true;
        } else if (a == "--show-settings") {
            s.show_settings = true;
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
    if (s.inputs.empty() && s.show_settings) s.inputs.emplace_back(".");  // as ruff: the settings here
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
        r->config = cfg->path;
        if (s_.select) warn_unmatched(*s_.select, "--select: ", r->prof);
        warn_unmatched(s_.extend, "--extend-select: ", r->prof);
        warn_unmatched(s_.ignore, "--ignore: ", r->prof);
        if (cfg->select) warn_unmatched(*cfg->select, cfg->path + ": select: ", r->prof);
        warn_unmatched(cfg->extend, cfg->path + ": extend-select: ", r->prof);
        warn_unmatched(cfg->ignore, cfg->path + ": ignore: ", r->prof);
        slot = std::move(r);
        keep_.push_back(cfg);
    }
    return *slot;
}

void rules_finder::warn_unmatched(const std::vector<code_selector>& entries, const std::string& where, profile p) {
    for (const code_selector& e : entries) {
        const std::string why = matches_nothing(e, p, s_.lenient);
        if (why.empty()) continue;
        std::string w = where + why;
        if (std::find(warnings_.begin(), warnings_.end(), w) == warnings_.end()) warnings_.push_back(std::move(w));
    }
}

check_request request_for(const check_settings& s, const file_rules& rules) {
    check_request r;
    r.load.lenient = s.lenient;
    r.load.charset = s.charset;
    r.check.prof = rules.prof;
    r.selection = rules.selection;
    return r;
}

file_check check_selected(std::string bytes, const check_request& r) {
    file_check fc = check_file(file_bytes(std::move(bytes)), r.load, r.check);
    if (!r.selection.selects_everything())
        std::erase_if(fc.diagnostics, [&](const diagnostic& d) { return !r.selection.enabled(d.code); });
    return fc;
}

}  // namespace sgf::app
