#pragma once
// How a check run is set up, for every front end that runs one: the options of `sgfcheck
// [check]` (parsed from its arguments for the command line and for the Dask runner, which
// passes them on as they are), the rules of each file (the options over the nearest
// sgfcheck.toml), and how one file is checked under them.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sgf/app/config.hpp"
#include "sgf/app/inputs.hpp"
#include "sgf/app/selection.hpp"
#include "sgf/check.hpp"
#include "sgf/check_file.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/input.hpp"
#include "sgf/properties.hpp"

namespace sgf::app {

enum class output_format { text, json, sarif };
enum class color_mode { auto_, always, never };

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
    bool statistics = false;     // --statistics: the table instead of the findings
    bool show_findings = false;  // --show-findings: the findings as well as the table
    bool show_settings = false;  // --show-settings: print the settings of the run, check nothing
    bool quiet = false;
    color_mode color = color_mode::auto_;
    bool progress = true;  // --no-progress turns the terminal progress line off
    input_filters filters;
    std::optional<std::string> baseline;
    std::vector<std::string> inputs;
    bool help = false;  // --help or -h: the rest is not read (the front end shows the help)

    // Whether the findings are printed: always in SARIF (the log is the findings), else
    // unless --statistics stands alone (as ruff's, it prints the table only).
    [[nodiscard]] bool prints_findings() const noexcept {
        return format == output_format::sarif || !statistics || show_findings;
    }
};

// Parses the arguments after `check` (or of a bare `sgfcheck FILE...`); throws usage_error.
[[nodiscard]] check_settings parse_check_settings(const std::vector<std::string>& args);

// What one file is checked with: the command line over the nearest sgfcheck.toml (its
// --select replaces the file's, --ignore and --extend-select add to it, --profile replaces).
struct file_rules {
    code_selection selection;
    profile prof = profile::ff4;
    std::string config;  // the sgfcheck.toml (or --config file) in effect; empty for none
};

// The file_rules of each file of a run, one entry per config file. Not thread-safe: resolve
// every file before the parallel run. Throws usage_error for a config file with errors.
class rules_finder {
public:
    explicit rules_finder(const check_settings& s);
    [[nodiscard]] const file_rules& for_file(const std::string& file);
    // The selection entries (command line and config files) of the rules found so far that
    // match no code their profile can print, each said once (sgf/app/codes.hpp:
    // matches_nothing), prefixed by where the entry came from ("--ignore: ", "FILE: ignore: ").
    [[nodiscard]] const std::vector<std::string>& warnings() const noexcept { return warnings_; }

private:
    const check_settings& s_;
    config_finder finder_;
    std::shared_ptr<const file_config> fixed_;  // --config FILE or --no-config
    std::map<const file_config*, std::shared_ptr<const file_rules>> by_config_;
    std::vector<std::shared_ptr<const file_config>> keep_;  // configs stay alive for the run
    std::vector<std::string> warnings_;
    void warn_unmatched(const std::vector<code_selector>& entries, const std::string& where, profile p);
};

// The value of --jobs (and -j): a number from 1 to 1024; throws usage_error otherwise.
[[nodiscard]] unsigned jobs_option(const std::string& v);
// -jN, -j N, --jobs N, --jobs=N (1-1024) at args[i]: sets `jobs` and returns true.
bool jobs_argument(const std::vector<std::string>& args, std::size_t& i, unsigned& jobs);

// How one file is checked: the input stage's options, the checker's, and which codes are
// reported.
struct check_request {
    load_options load;
    check_options check;
    code_selection selection;
};
// The request of a file of a run: the settings' --lenient and --charset, the file's rules.
[[nodiscard]] check_request request_for(const check_settings& s, const file_rules& rules);
// check_file (sgf/check_file.hpp) keeping only the findings `r.selection` reports. Throws
// std::invalid_argument for an unknown charset, as load does.
[[nodiscard]] file_check check_selected(std::string bytes, const check_request& r);

}  // namespace sgf::app
