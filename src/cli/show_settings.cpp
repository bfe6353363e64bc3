// sgfcheck check --show-settings: what a run would check with (ruff's --show-settings): the
// config file of the inputs (or none, and where it was looked for), the selection after the
// command line is merged over it, the profile, and the run's other settings. Nothing is
// checked.
#include <algorithm>
#include <filesystem>
#include <map>
#include <ostream>
#include <thread>

#include "cli.hpp"

namespace sgf::cli {

namespace {

namespace fs = std::filesystem;

std::string list_or(const std::vector<app::code_selector>& list, std::string_view none) {
    if (list.empty()) return std::string(none);
    std::string out;
    for (const app::code_selector& e : list) out += (out.empty() ? "" : ", ") + e.spelling();
    return out;
}

// Where a file's config was looked for: its folder and every folder above it.
std::string looked_in(const check_settings_view& v, const std::string& file) {
    if (v.s.no_config) return "--no-config";
    std::error_code ec;
    const fs::path dir =
        file == "-" ? fs::current_path(ec) : fs::absolute(fs::path(file), ec).lexically_normal().parent_path();
    return "no sgfcheck.toml in " + printable(dir.string()) + " or a folder above it";
}

}  // namespace

int show_settings(std::ostream& os, const check_settings_view& v) {
    const app::check_settings& s = v.s;
    // One block per distinct rules, in the order of their first file.
    std::vector<const app::file_rules*> order;
    std::map<const app::file_rules*, std::pair<std::size_t, std::string>> files;  // count, first file
    for (std::size_t i = 0; i < v.files.size(); ++i) {
        auto [it, added] = files.try_emplace(v.rules[i], 0, v.files[i]);
        if (added) order.push_back(v.rules[i]);
        ++it->second.first;
    }
    if (order.empty()) os << "config file: none (no input files)\n";
    for (const app::file_rules* r : order) {
        const auto& [count, first] = files[r];
        os << "config file: ";
        if (!r->config.empty()) os << printable(r->config) << (s.config ? " (--config)" : " (the nearest above the files)");
        else os << "none (" << looked_in(v, first) << ")";
        os << "\n  files: " << count << " (first: " << printable(first) << ")\n";
        os << "  profile: " << info(r->prof).name
           << (s.prof ? " (--profile)" : r->config.empty() ? " (default)" : " (config file)") << '\n';
        os << "  select: " << list_or(r->selection.select, "all") << '\n';
        os << "  extend-select: " << list_or(r->selection.extend, "none") << '\n';
        os << "  ignore: " << list_or(r->selection.ignore, "none") << '\n';
    }
    const char* formats[] = {"text", "json", "sarif"};
    os << "format: " << formats[static_cast<int>(s.format)] << '\n';
    os << "fail-on: " << to_string(s.fail_on) << '\n';
    os << "lenient: " << (s.lenient ? "yes" : "no") << '\n';
    os << "charset: " << (s.charset.empty() ? "each file's CA[] (else detected)" : printable(s.charset)) << '\n';
    os << "jobs: ";
    if (s.jobs) os << s.jobs << '\n';
    else os << std::max(1u, std::thread::hardware_concurrency()) << " for several files, else 1 (the cores)\n";
    os << "baseline: " << (s.baseline ? printable(*s.baseline) : std::string("none")) << '\n';
    os << "statistics: " << (s.statistics ? "yes" : "no") << ", findings: " << (s.prints_findings() ? "yes" : "no") << '\n';
    return exit_ok;
}

}  // namespace sgf::cli
