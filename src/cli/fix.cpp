// sgfcheck fix FILE [-o OUT] [--in-place] [--charset NAME]: clean FF[4] (include/sgf/fix.hpp)
// to stdout, to OUT, or over FILE; files are replaced atomically, and the input only with
// --in-place.
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <system_error>

#include "loaded.hpp"
#include "sgf/fix.hpp"
#include "sgf/write.hpp"

namespace sgf::cli {

int run_fix(const std::vector<std::string>& args) {
    std::string in, out;
    bool in_place = false;
    load_options lopts;
    lopts.lenient = true;  // fix repairs what it can read: recoveries are not errors here
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (auto o = option_value(args, i, "-o")) out = *o;
        else if (auto cs = option_value(args, i, "--charset")) lopts.charset = *cs;
        else if (args[i] == "--in-place") in_place = true;
        else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else if (in.empty()) in = args[i];
        else throw usage_error{"fix takes one input file"};
    }
    if (in.empty()) throw usage_error{"fix needs an input file"};
    if (in_place && !out.empty()) throw usage_error{"--in-place and -o exclude each other"};
    if (in_place && in == "-") throw usage_error{"--in-place needs a file, not standard input"};
    if (in_place) out = in;
    std::error_code ec;
    if (!in_place && !out.empty() && out != "-" && in != "-" && std::filesystem::equivalent(in, out, ec))
        throw usage_error{"-o names the input file: use --in-place to replace it"};

    const auto read = read_input_reported(in);
    if (!read) return exit_usage;
    const std::string& bytes = *read;
    const load_result r = charset_usage_errors([&] { return load(bytes, lopts); });
    const fix_result f = fix(r);
    const std::string shown = in == "-" ? "<stdin>" : in;
    for (const auto& d : r.diagnostics) print_loaded(std::cerr, r, d, shown, bytes, output_format::text);
    for (const auto& d : f.diagnostics) print_loaded(std::cerr, r, d, shown, bytes, output_format::text);
    if (f.trees.empty()) {
        std::cerr << "sgfcheck: " << shown << " holds no game tree; nothing written\n";
        return exit_errors;
    }
    return write_output(out, write(f.trees));
}

}  // namespace sgf::cli
