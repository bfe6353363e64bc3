// sgfcheck dump [--lenient] [--positions] [--show-inherited [--profile=P]] [--charset NAME]
// [--include GLOB] [--exclude GLOB] FILE|DIR|-...: the JSON tree (include/sgf/json.hpp), values
// in UTF-8 through the file's charset, streamed. One file: one document. Several files or a
// directory: JSON Lines, a document per file, each naming its file ("file").
#include <algorithm>
#include <iostream>
#include <stdexcept>

#include "loaded.hpp"
#include "sgf/json.hpp"

namespace sgf::cli {

namespace {

struct dump_options {
    load_options load;
    json_options json;
    bool show_inherited = false;
    profile prof = profile::ff4;
};

// Dumps one input as one line; returns its exit status.
int dump_one(const std::string& in, dump_options o, bool named) {
    const auto loaded = load_input(in, o.load);
    if (!loaded) return exit_usage;
    const load_result& r = loaded->r;
    const std::string& shown = loaded->shown;
    if (named) o.json.file = shown;
    try {
        output out("");
        if (o.show_inherited) {
            std::string doc = to_json_with_inherited(r.trees, o.prof,
                                                     [&r](std::size_t tree, std::string_view raw) { return r.utf8(raw, tree); });
            if (named) {  // the file after "version", where write_json puts it
                const std::size_t at = doc.find(",\"trees\":");
                std::string member = ",\"file\":";
                append_json_path(member, shown);
                doc.insert(at, member);
            }
            out.write(doc);
        } else {
            write_json(r, [&out](std::string_view s) { out.write(s); }, o.json);
        }
        out.write("\n");
        out.commit();
    } catch (const std::system_error& e) {
        return output_failed(e);
    } catch (const std::length_error& e) {  // an output that would grow with the square of the file
        std::cerr << "sgfcheck: " << shown << ": not dumped: " << e.what() << '\n';
        return exit_usage;
    }
    return r.ok() ? exit_ok : exit_errors;
}

}  // namespace

int run_dump(const std::vector<std::string>& args) {
    dump_options o;
    input_filters filters;
    std::vector<std::string> inputs;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--lenient") o.load.lenient = true;
        else if (auto cs = option_value(args, i, "--charset")) o.load.charset = *cs;
        else if (args[i] == "--show-inherited") o.show_inherited = true;
        else if (args[i] == "--positions") o.json.positions = true;
        else if (auto pr = option_value(args, i, "--profile")) o.prof = profile_option(*pr);
        else if (filter_argument(args, i, filters)) continue;
        else if (args[i] == "--") {  // the end of the options: what follows are files
            inputs.insert(inputs.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
            break;
        } else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else inputs.push_back(args[i]);
    }
    if (inputs.empty()) throw usage_error{"dump needs an input file"};
    if (o.show_inherited && o.json.positions) throw usage_error{"--show-inherited and --positions exclude each other"};
    const input_list listed = expand_inputs_reported(inputs, filters);
    const bool many = listed.files.size() != 1 || listed.any_directory;
    int status = exit_ok;
    for (const std::string& f : listed.files) status = std::max(status, dump_one(f, o, many));
    return status;
}

}  // namespace sgf::cli
