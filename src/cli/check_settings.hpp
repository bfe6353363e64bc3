#pragma once
// The options of `sgfcheck [check]` (check_settings.cpp parses them; check.cpp runs them).
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
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

// -jN, -j N, --jobs N, --jobs=N (1-1024) at args[i]: sets `jobs` and returns true.
bool jobs_argument(const std::vector<std::string>& args, std::size_t& i, unsigned& jobs);

}  // namespace sgf::cli
