// check_file: load, parse, check, one list of findings (include/sgf/check_file.hpp).
#include "sgf/check_file.hpp"

#include <algorithm>
#include <iterator>

#include "sgf/read_file.hpp"

namespace sgf {

file_check check_file(file_bytes bytes, const load_options& load_opts, const check_options& check_opts) {
    file_check out;
    load_options lopts = load_opts;
    lopts.prof = check_opts.prof;  // the parser's levels follow the same profile
    out.loaded = load(std::move(bytes), lopts);
    // The checker runs on whatever tree the parser built, also after syntax errors: a
    // recovered tree still has checkable properties, and one run should report them all.
    std::vector<diagnostic> checked = check(out.loaded.trees, check_opts);
    const std::vector<diagnostic>& parsed = out.loaded.diagnostics;
    out.diagnostics.reserve(parsed.size() + checked.size());
    // Both lists are sorted by position; merge keeps the parser's finding first on a tie.
    std::merge(parsed.begin(), parsed.end(), std::make_move_iterator(checked.begin()),
               std::make_move_iterator(checked.end()), std::back_inserter(out.diagnostics),
               [](const diagnostic& a, const diagnostic& b) { return a.where.byte < b.where.byte; });
    return out;
}

file_check check_file(const std::filesystem::path& path, const load_options& load_opts, const check_options& check_opts) {
    return check_file(file_bytes(read_file(path)), load_opts, check_opts);
}

}  // namespace sgf
