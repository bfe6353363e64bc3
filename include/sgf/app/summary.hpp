#pragma once
// What a check run adds up to: the summary (files checked; files with errors, warnings,
// infos; findings per level) and --statistics (per code: count, files, level, meaning).
// Findings are counted by diagnostic::count, so an "N more" summary counts N.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "sgf/diagnostic.hpp"

namespace sgf::app {

// One file's share, made by the worker that checked it.
struct file_tally {
    std::array<std::uint64_t, 3> findings{};  // per severity (error, warning, info)
    // code -> (level, count) of the findings reported in this file
    std::map<std::string, std::pair<severity, std::uint64_t>, std::less<>> codes;
    std::uint64_t baseline_known = 0;  // findings left out because the baseline has them
    void add(const diagnostic& d);
};

struct code_stat {
    std::uint64_t count = 0, files = 0;
    unsigned levels = 0;  // bit per severity seen
};

struct run_summary {
    std::uint64_t files = 0, unreadable = 0, baseline_known = 0;
    std::array<std::uint64_t, 3> files_with{}, findings{};
    std::map<std::string, code_stat, std::less<>> codes;

    void add(const file_tally& t);
    void print_text(std::ostream& os) const;
    void print_json(std::ostream& os) const;  // {"summary":{...}}
    void print_statistics_text(std::ostream& os) const;
    void print_statistics_json(std::ostream& os) const;  // {"statistics":[...]}
    // code -> the most serious level it was reported at (SARIF rules)
    [[nodiscard]] std::map<std::string, severity, std::less<>> code_levels() const;
    // sgfcheck's exit status for this run: exit_usage when a file could not be read, else
    // exit_errors when there are findings at `fail_on` or above, else exit_ok.
    [[nodiscard]] int exit_status(severity fail_on) const noexcept;
};

}  // namespace sgf::app
