// Expanding FILE...|-|DIR into the files a command reads (inputs.hpp).
#include "inputs.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli.hpp"

namespace sgf::cli {

namespace fs = std::filesystem;

namespace {

bool is_sgf_name(const fs::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".sgf";
}

bool any_match(const std::vector<std::string>& patterns, const std::string& below, const std::string& name) {
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](const std::string& p) { return glob_match(p, below) || glob_match(p, name); });
}

// The files under `dir` that the filters take, sorted.
std::vector<std::string> walk(const std::string& dir, const input_filters& f) {
    std::vector<std::string> found;
    std::error_code ec;
    const fs::path root(dir);
    auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::path& p = it->path();
        const std::string below = p.lexically_relative(root).generic_string();
        const std::string name = p.filename().string();
        std::error_code e2;
        if (it->is_directory(e2)) {
            if (any_match(f.exclude, below, name)) it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file(e2)) continue;
        const bool taken = f.include.empty() ? is_sgf_name(p) : any_match(f.include, below, name);
        if (taken && !any_match(f.exclude, below, name)) found.push_back(p.string());
    }
    if (ec) std::cerr << "sgfcheck: " << dir << ": " << ec.message() << '\n';
    std::sort(found.begin(), found.end());
    return found;
}

void add_comma_list(std::vector<std::string>& to, const std::string& v) {
    std::size_t b = 0;
    for (;;) {
        const std::size_t e = v.find(',', b);
        std::string item = v.substr(b, e == std::string::npos ? std::string::npos : e - b);
        if (!item.empty()) to.push_back(std::move(item));
        if (e == std::string::npos) return;
        b = e + 1;
    }
}

}  // namespace

bool filter_argument(const std::vector<std::string>& args, std::size_t& i, input_filters& filters) {
    if (auto inc = option_value(args, i, "--include")) {
        add_comma_list(filters.include, *inc);
        return true;
    }
    if (auto exc = option_value(args, i, "--exclude")) {
        add_comma_list(filters.exclude, *exc);
        return true;
    }
    return false;
}

bool glob_match(const std::string& pattern, const std::string& text) {
    return ::fnmatch(pattern.c_str(), text.c_str(), 0) == 0;
}

input_list expand_inputs(const std::vector<std::string>& args, const input_filters& filters) {
    input_list out;
    for (const auto& a : args) {
        std::error_code ec;
        if (a != "-" && fs::is_directory(a, ec)) {
            out.any_directory = true;
            std::vector<std::string> found = walk(a, filters);
            if (found.empty())
                std::cerr << "sgfcheck: " << a << ": no "
                          << (filters.include.empty() && filters.exclude.empty() ? ".sgf file" : "file matching --include/--exclude")
                          << " in this directory or below\n";
            out.files.insert(out.files.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
        } else {
            out.files.push_back(a);
        }
    }
    return out;
}

std::vector<std::string> expand_inputs(const std::vector<std::string>& args) { return expand_inputs(args, {}).files; }

}  // namespace sgf::cli
