// The summary and --statistics of a check run (sgf/app/summary.hpp).
#include "sgf/app/summary.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "sgf/app/arguments.hpp"
#include "sgf/app/codes.hpp"
#include "sgf/app/text.hpp"
#include "sgf/json.hpp"

namespace sgf::app {

namespace {

std::size_t index(severity s) { return static_cast<std::size_t>(s); }

std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    std::string out = grouped(n);
    out += ' ';
    out += n == 1 ? one : many;
    return out;
}

std::string levels_text(unsigned levels) {
    std::string out;
    for (const severity s : {severity::error, severity::warning, severity::info})
        if (levels & (1u << index(s))) {
            if (!out.empty()) out += '/';
            out += to_string(s);
        }
    return out;
}

std::string_view meaning(std::string_view code) {
    const auto m = meaning_of(code);
    return m ? m->title : std::string_view();
}

// Codes by count (most first), then by code.
std::vector<std::pair<std::string, code_stat>> by_count(const std::map<std::string, code_stat, std::less<>>& codes) {
    std::vector<std::pair<std::string, code_stat>> v(codes.begin(), codes.end());
    std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second.count > b.second.count; });
    return v;
}

}  // namespace

void file_tally::add(const diagnostic& d) {
    findings[index(d.level)] += d.count;
    auto [it, fresh] = codes.try_emplace(std::string(d.code), d.level, 0);
    it->second.second += d.count;
    if (d.level < it->second.first) it->second.first = d.level;
}

void run_summary::add(const file_tally& t) {
    ++files;
    baseline_known += t.baseline_known;
    for (std::size_t k = 0; k < 3; ++k) {
        findings[k] += t.findings[k];
        if (t.findings[k]) ++files_with[k];
    }
    for (const auto& [code, lc] : t.codes) {
        code_stat& s = codes[code];
        s.count += lc.second;
        ++s.files;
        s.levels |= 1u << index(lc.first);
    }
}

void run_summary::print_text(std::ostream& os) const {
    os << "checked " << plural(files, "file", "files") << ": " << grouped(files_with[0]) << " with errors, "
       << grouped(files_with[1]) << " with warnings, " << grouped(files_with[2]) << " with infos; "
       << plural(findings[0], "error", "errors") << ", " << plural(findings[1], "warning", "warnings") << ", "
       << plural(findings[2], "info", "infos");
    if (baseline_known) os << "; " << grouped(baseline_known) << " known from the baseline, not shown";
    if (unreadable) os << "; " << plural(unreadable, "file", "files") << " could not be read";
    os << '\n';
}

void run_summary::print_json(std::ostream& os) const {
    os << "{\"summary\":{\"files\":" << files << ",\"files_with_errors\":" << files_with[0]
       << ",\"files_with_warnings\":" << files_with[1] << ",\"files_with_infos\":" << files_with[2]
       << ",\"errors\":" << findings[0] << ",\"warnings\":" << findings[1] << ",\"infos\":" << findings[2]
       << ",\"baseline_known\":" << baseline_known << ",\"unreadable\":" << unreadable
       << "},\"version\":" << json_diagnostic_version << "}\n";  // last: readers that look for '{"summary"' still find it
}

void run_summary::print_statistics_text(std::ostream& os) const {
    if (codes.empty()) {
        os << "statistics: no findings\n";
        return;
    }
    os << std::setw(9) << "count" << std::setw(8) << "files" << "  code  " << std::left << std::setw(16) << "level"
       << "meaning\n"
       << std::right;
    for (const auto& [code, s] : by_count(codes))
        os << std::setw(9) << grouped(s.count) << std::setw(8) << grouped(s.files) << "  " << code << "  " << std::left
           << std::setw(16) << levels_text(s.levels) << std::right << meaning(code) << '\n';
}

void run_summary::print_statistics_json(std::ostream& os) const {
    std::string out = "{\"statistics\":[";
    bool first = true;
    for (const auto& [code, s] : by_count(codes)) {
        out += first ? "{\"code\":" : ",{\"code\":";
        first = false;
        append_json_string(out, code);
        out += ",\"level\":";
        append_json_string(out, levels_text(s.levels));
        out += ",\"count\":" + std::to_string(s.count) + ",\"files\":" + std::to_string(s.files) + ",\"meaning\":";
        append_json_string(out, meaning(code));
        out += '}';
    }
    os << out << "],\"version\":" << json_diagnostic_version << "}\n";
}

int run_summary::exit_status(severity fail_on) const noexcept {
    if (unreadable) return exit_usage;
    for (std::size_t k = 0; k <= index(fail_on); ++k)
        if (findings[k]) return exit_errors;
    return exit_ok;
}

std::map<std::string, severity, std::less<>> run_summary::code_levels() const {
    std::map<std::string, severity, std::less<>> out;
    for (const auto& [code, s] : codes) {
        severity worst = severity::info;
        for (const severity l : {severity::warning, severity::error})
            if (s.levels & (1u << index(l))) worst = l;
        out.emplace(code, worst);
    }
    return out;
}

}  // namespace sgf::app
