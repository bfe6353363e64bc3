#pragma once
// sgfcheck.toml: per-folder settings of `sgfcheck check`, found upward from each checked
// file (the nearest one wins; none is fine). Keys: select, ignore, extend-select (a list of
// strings or one comma-separated string, spelled as on the command line) and profile.
// Unknown keys are errors, so a typo cannot silently select nothing.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sgf/app/selection.hpp"
#include "sgf/properties.hpp"

namespace sgf::app {

struct file_config {
    std::string path;  // the file it was read from; empty for "no config"
    std::optional<std::vector<code_selector>> select;
    std::vector<code_selector> ignore;
    std::vector<code_selector> extend;
    std::optional<profile> prof;
};

// Reads one config file; throws usage_error naming the file, line and key on any error.
[[nodiscard]] file_config read_config(const std::filesystem::path& file);

// The nearest sgfcheck.toml of each folder, read once per folder (not thread-safe: resolve
// every file before the parallel run).
class config_finder {
public:
    [[nodiscard]] std::shared_ptr<const file_config> for_file(const std::string& file);

private:
    std::shared_ptr<const file_config> for_dir(const std::filesystem::path& dir);
    std::map<std::filesystem::path, std::shared_ptr<const file_config>> cache_;
};

}  // namespace sgf::app
