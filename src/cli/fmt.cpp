// sgfcheck fmt: canonical SGF.
#include <iostream>

#include "cli.hpp"
#include "sgf/parse.hpp"
#include "sgf/write.hpp"

namespace sgf::cli {

int run_fmt(const std::vector<std::string>& args) {
    std::string in, out;
    write_options wopts;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (auto v = option_value(args, i, "-o")) out = *v;
        else if (auto w = option_value(args, i, "--width")) {
            try {
                wopts.width = std::stoul(*w);
            } catch (const std::exception&) {
                throw usage_error{"--width needs a number"};
            }
        } else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else if (in.empty()) in = args[i];
        else throw usage_error{"fmt takes one input file"};
    }
    if (in.empty()) throw usage_error{"fmt needs an input file"};
    const auto read = read_input_reported(in);
    if (!read) return exit_usage;
    const std::string& bytes = *read;
    const parse_result r = parse(std::string_view(bytes));
    for (const auto& d : r.diagnostics) print_diagnostic(std::cerr, d, in, bytes, output_format::text);
    if (!r.ok()) {
        std::cerr << "sgfcheck: " << in << " has syntax errors; nothing written (sgfcheck fix repairs files)\n";
        return exit_errors;
    }
    return write_output(out, write(r.trees, wopts));
}

}  // namespace sgf::cli
