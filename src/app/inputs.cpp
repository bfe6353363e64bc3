// Expanding FILE...|-|DIR into the files a run reads (sgf/app/inputs.hpp).
#include "sgf/app/inputs.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

#include "sgf/app/arguments.hpp"
#include "sgf/app/text.hpp"

namespace sgf::app {

namespace fs = std::filesystem;

namespace {

bool is_sgf_name(const fs::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".sgf";
}

// A pattern ending in '/' matches folders only (--exclude skip/).
bool pattern_matches(std::string_view pattern, bool is_dir, const std::string& below, const std::string& name,
                     const std::string& as_walked) {
    std::string p(pattern);
    if (p.size() > 1 && p.back() == '/') {
        if (!is_dir) return false;
        while (p.size() > 1 && p.back() == '/') p.pop_back();
    }
    return glob_match(p, below) || glob_match(p, name) || glob_match(p, as_walked);
}

bool any_match(const std::vector<std::string>& patterns, bool is_dir, const std::string& below,
               const std::string& name, const std::string& as_walked) {
    return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) {
        return pattern_matches(p, is_dir, below, name, as_walked);
    });
}

// What a directory entry that is no regular file is, for the message that skips it.
std::string kind_of(const fs::directory_entry& e) {
    std::error_code ec;
    const fs::file_status st = e.status(ec);
    if (ec) return fs::is_symlink(e.symlink_status(ec)) ? "a broken symbolic link" : "unreadable";
    switch (st.type()) {
        case fs::file_type::fifo: return "a FIFO";
        case fs::file_type::character: return "a character device";
        case fs::file_type::block: return "a block device";
        case fs::file_type::socket: return "a socket";
        default: return "not a file";
    }
}

// The files under `dir` that the filters take, sorted. A symbolic link whose target cannot
// be reached (dangling, a loop) is taken when its name is: reading it says why it fails.
std::vector<std::string> walk(const std::string& dir, const input_filters& f, std::vector<std::string>& notes) {
    std::vector<std::string> found;
    std::error_code ec;
    const fs::path root(dir);
    auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::path& p = it->path();
        // the forms a pattern is matched against (made only when there are patterns)
        const bool patterns = !f.include.empty() || !f.exclude.empty();
        const std::string below = patterns ? p.lexically_relative(root).generic_string() : std::string();
        const std::string name = patterns ? p.filename().string() : std::string();
        // the path as the user would spell it: "inc/a/skip" for the argument "inc" or "./inc"
        const std::string as_walked = patterns ? p.lexically_normal().generic_string() : std::string();
        std::error_code e2;
        if (it->is_directory(e2)) {
            if (any_match(f.exclude, true, below, name, as_walked)) it.disable_recursion_pending();
            continue;
        }
        const bool regular = it->is_regular_file(e2);
        std::error_code e3;
        const bool unreachable_link = !regular && it->is_symlink(e3) && !fs::exists(p, e3);
        const bool taken = f.include.empty() ? is_sgf_name(p) : any_match(f.include, false, below, name, as_walked);
        if (!taken || any_match(f.exclude, false, below, name, as_walked)) continue;
        if (!regular && !unreachable_link) {  // a FIFO would block the run, a device never end: said, not read
            notes.push_back(printable(p.string()) + ": " + kind_of(*it) + ", not a regular file: skipped");
            continue;
        }
        found.push_back(p.string());  // a dangling link too: reading it says why it fails
    }
    if (ec) notes.push_back(printable(dir) + ": " + ec.message());
    std::sort(found.begin(), found.end());
    return found;
}

// Identifies a file named or found twice (sgfcheck inc inc/a; ./x.sgf and x.sgf) by its
// absolute, normalised path: no system call per file (a stat each cost 0.3 s of 100,000).
class seen_files {
public:
    bool first_time(const std::string& name) {
        if (name == "-") return names_.insert("-").second;
        const fs::path p(name);
        if (cwd_.empty() && !p.is_absolute()) {
            std::error_code ec;
            cwd_ = fs::current_path(ec);
        }
        return names_.insert((p.is_absolute() ? p : cwd_ / p).lexically_normal().generic_string()).second;
    }

private:
    fs::path cwd_;
    std::set<std::string> names_;
};

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
    return ::fnmatch(pattern.c_str(), text.c_str(), FNM_CASEFOLD) == 0;  // as the default, *.sgf in any case
}

input_list expand_inputs(const std::vector<std::string>& args, const input_filters& filters) {
    input_list out;
    seen_files seen;
    const bool one = args.size() == 1;  // one walk never finds a path twice: no set to keep
    for (const auto& a : args) {
        std::error_code ec;
        if (a != "-" && fs::is_directory(a, ec)) {
            out.any_directory = true;
            std::vector<std::string> found = walk(a, filters, out.notes);
            if (found.empty())
                out.notes.push_back(printable(a) + ": no " +
                                    (filters.include.empty() && filters.exclude.empty() ? ".sgf file" : "file matching --include/--exclude") +
                                    " in this directory or below");
            out.files.reserve(out.files.size() + found.size());
            for (std::string& f : found)
                if (one || seen.first_time(f)) out.files.push_back(std::move(f));
        } else if (one || seen.first_time(a)) {
            out.files.push_back(a);
        }
    }
    return out;
}

}  // namespace sgf::app
