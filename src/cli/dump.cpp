// sgfcheck dump [--lenient] [--positions] [--show-inherited [--profile=P]] [--charset NAME] FILE:
// the JSON tree (include/sgf/json.hpp), values in UTF-8 through the file's charset, streamed.
#include <iostream>

#include "loaded.hpp"
#include "sgf/inherit.hpp"
#include "sgf/json.hpp"

namespace sgf::cli {

int run_dump(const std::vector<std::string>& args) {
    std::string in;
    load_options lopts;
    json_options jopts;
    bool show_inherited = false;
    profile prof = profile::ff4;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--lenient") lopts.lenient = true;
        else if (auto cs = option_value(args, i, "--charset")) lopts.charset = *cs;
        else if (args[i] == "--show-inherited") show_inherited = true;
        else if (args[i] == "--positions") jopts.positions = true;
        else if (auto pr = option_value(args, i, "--profile")) prof = profile_option(*pr);
        else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else if (in.empty()) in = args[i];
        else throw usage_error{"dump takes one input file"};
    }
    if (in.empty()) throw usage_error{"dump needs an input file"};
    if (show_inherited && jopts.positions) throw usage_error{"--show-inherited and --positions exclude each other"};
    auto read = read_input_reported(in);
    if (!read) return exit_usage;
    const std::string shown = in == "-" ? "<stdin>" : in;
    const load_result r = charset_usage_errors([&] { return load(std::move(*read), lopts); });  // not copied
    const std::string_view bytes = r.bytes();
    for (const auto& d : r.diagnostics) print_loaded(std::cerr, r, d, shown, bytes, output_format::text);
    try {
        output o("");
        if (show_inherited) {
            o.write(to_json_with_inherited(r.trees, prof, [&r](std::size_t tree, std::string_view raw) { return r.utf8(raw, tree); }));
        } else {
            write_json(r, [&o](std::string_view s) { o.write(s); }, jopts);
        }
        o.write("\n");
        o.commit();
    } catch (const std::system_error& e) {
        return output_failed(e);
    }
    return r.ok() ? exit_ok : exit_errors;
}

}  // namespace sgf::cli
