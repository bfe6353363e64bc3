// Reading sgfcheck.toml (sgf/app/config.hpp) with toml++.
#include "sgf/app/config.hpp"

#include <toml++/toml.h>

#include <cerrno>
#include <system_error>

#include "input/read_file.hpp"
#include "sgf/app/arguments.hpp"

namespace sgf::app {

namespace fs = std::filesystem;

namespace {

constexpr const char* config_name = "sgfcheck.toml";

std::string where(const fs::path& file, const toml::node& n, std::string_view key) {
    return file.string() + ":" + std::to_string(n.source().begin.line) + ": " + std::string(key);
}

// A list of strings or one comma-separated string, as selectors.
std::vector<code_selector> selectors(const fs::path& file, const toml::node& n, std::string_view key) {
    const std::string at = where(file, n, key);
    if (const auto* s = n.as_string()) return parse_selectors(s->get(), at);
    const auto* a = n.as_array();
    if (!a) throw usage_error{at + " must be a list of strings or a comma-separated string"};
    std::vector<code_selector> out;
    for (const toml::node& e : *a) {
        const auto* s = e.as_string();
        if (!s) throw usage_error{at + " must be a list of strings"};
        for (auto& sel : parse_selectors(s->get(), at)) out.push_back(std::move(sel));
    }
    return out;
}

}  // namespace

file_config read_config(const fs::path& file) {
    file_config c;
    c.path = file.string();
    // Read as inputs are (sgf::read_file: a device such as /dev/zero, a folder or a file over
    // 2 GiB is refused saying why; a FIFO is read as a stream); /dev/null is an empty config.
    // (toml++'s own reading took /dev/zero and a folder as empty settings, without a word.)
    std::string text;
    if (!detail::null_device(file.string())) {
        try {
            text = detail::read_file_of(file, "a config file (TOML)");
        } catch (const std::system_error& e) {
            throw usage_error{e.what()};
        }
    }
    toml::table t;
    try {
        t = toml::parse(text, file.string());
    } catch (const toml::parse_error& e) {
        throw usage_error{file.string() + ":" + std::to_string(e.source().begin.line) + ": " +
                          std::string(e.description())};
    }
    for (const auto& [k, v] : t) {
        const std::string_view key = k.str();
        if (key == "select") {
            c.select = selectors(file, v, key);
        } else if (key == "ignore") {
            c.ignore = selectors(file, v, key);
        } else if (key == "extend-select") {
            c.extend = selectors(file, v, key);
        } else if (key == "profile") {
            const auto* s = v.as_string();
            const auto p = s ? find_profile(s->get()) : std::nullopt;
            if (!p) throw usage_error{where(file, v, key) + " must be \"ff4\", \"current\" or \"hex\""};
            c.prof = *p;
        } else {
            throw usage_error{where(file, v, key) +
                              ": unknown key (sgfcheck.toml knows select, ignore, extend-select and profile)"};
        }
    }
    return c;
}

std::shared_ptr<const file_config> config_finder::for_file(const std::string& file) {
    std::error_code ec;
    fs::path p = file == "-" ? fs::current_path(ec) : fs::absolute(fs::path(file), ec).parent_path();
    if (ec) return std::make_shared<file_config>();
    return for_dir(p.lexically_normal());
}

std::shared_ptr<const file_config> config_finder::for_dir(const fs::path& dir) {
    if (const auto it = cache_.find(dir); it != cache_.end()) return it->second;
    std::shared_ptr<const file_config> found;
    std::error_code ec;
    const fs::path candidate = dir / config_name;
    if (fs::is_regular_file(candidate, ec)) found = std::make_shared<file_config>(read_config(candidate));
    else if (dir.has_parent_path() && dir.parent_path() != dir) found = for_dir(dir.parent_path());
    else found = std::make_shared<file_config>();
    cache_.emplace(dir, found);
    return found;
}

}  // namespace sgf::app
