#pragma once
// The options of `sgfcheck [check]` (check_settings.cpp parses them; check.cpp runs them).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "config.hpp"
#include "inputs.hpp"
#include "selection.hpp"
#include "terminal.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/properties.hpp"

namespace sgf::cli {

struct check_settings {
    output_format format = output_format::text;
    bool lenient = false;
    std::string charset;
    std::optional<profile> prof;  // --profile (overrides sgfcheck.toml)
    bool show_inherited = false;
    unsigned jobs = 0;  // 0: the cores when there is more than one file, else 1
    std::optional<std::vector<code_selector>> select;
    std::vector<code_selector> extend, ignore;
    std::optional<std::string> config;  // --config FILE: this file for every input
    bool no_config = false;             // --no-config (--isolated)
    severity fail_on = severity::error;
    bool statistics = false;
    bool quiet = false;
    color_mode color = color_mode::auto_;
    bool progress = true;  // --no-progress turns the terminal progress line off
    input_filters filters;
    std::optional<std::string> baseline;
    std::vector<std::string> inputs;
};

// Parses the arguments after `check` (or of a bare `sgfcheck FILE...`); prints the help
// and exits on --help; throws usage_error.
[[nodiscard]] check_settings parse_check_settings(const std::vector<std::string>& args);

extern const char* const check_help;

// What one file is checked with: the command line over the nearest sgfcheck.toml (its
// --select replaces the file's, --ignore and --extend-select add to it, --profile replaces).
struct file_rules {
    code_selection selection;
    profile prof = profile::ff4;
};

// The file_rules of each file of a run, one entry per config file. Not thread-safe: resolve
// every file before the parallel run. Throws usage_error for a config file with errors.
class rules_finder {
public:
    explicit rules_finder(const check_settings& s);
    [[nodiscard]] const file_rules& for_file(const std::string& file);

private:
    const check_settings& s_;
    config_finder finder_;
    std::shared_ptr<const file_config> fixed_;  // --config FILE or --no-config
    std::map<const file_config*, std::shared_ptr<const file_rules>> by_config_;
    std::vector<std::shared_ptr<const file_config>> keep_;  // configs stay alive for the run
};

// -jN, -j N, --jobs N, --jobs=N (1-1024) at args[i]: sets `jobs` and returns true.
bool jobs_argument(const std::vector<std::string>& args, std::size_t& i, unsigned& jobs);

}  // namespace sgf::cli
