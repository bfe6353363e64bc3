// sgfcheck dump: the JSON tree.
#include <iostream>

#include "cli.hpp"
#include "loaded.hpp"
#include "sgf/inherit.hpp"
#include "sgf/json.hpp"

namespace sgf::cli {

int run_dump(const std::vector<std::string>& args) {
    std::string in;
    parse_options popts;
    bool show_inherited = false;
    std::string charset;
    profile prof = profile::ff4;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--lenient") popts.lenient = true;
        else if (auto cs = option_value(args, i, "--charset")) charset = *cs;
        else if (args[i] == "--show-inherited") show_inherited = true;
        else if (auto pr = option_value(args, i, "--profile")) prof = profile_option(*pr);
        else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else if (in.empty()) in = args[i];
        else throw usage_error{"dump takes one input file"};
    }
    if (in.empty()) throw usage_error{"dump needs an input file"};
    const auto read = read_input_reported(in);
    if (!read) return exit_usage;
    const std::string& bytes = *read;
    const load_result r = charset_usage_errors([&] { return load(bytes, {popts.lenient, charset}); });
    for (const auto& d : r.diagnostics) print_loaded(std::cerr, r, d, in, bytes, output_format::text);
    // values in UTF-8, decoded through the file's charset
    const auto utf8 = [&r](std::size_t tree, std::string_view raw) { return r.utf8(raw, tree); };
    std::cout << (show_inherited ? to_json_with_inherited(r.trees, prof, utf8) : to_json(r.trees, utf8)) << '\n';
    return r.ok() ? exit_ok : exit_errors;
}

}  // namespace sgf::cli
