// sgfcheck [check]: the input stage, parser and checker on every file, reported in file order.
#include <iostream>

#include "cli.hpp"
#include "loaded.hpp"
#include "sgf/check_file.hpp"
#include "sgf/inherit.hpp"
#include "sgf/json.hpp"

namespace sgf::cli {

namespace {

// --show-inherited: the inherit properties in effect at each node where any is.
void print_inherited(std::ostream& os, const collection& c, profile p, std::string_view file, output_format format) {
    for (const game_tree& root : c)
        for_each_inherited(
            root,
            [&](const node& n, std::size_t number, std::span<const property> in_effect) {
                if (in_effect.empty()) return;
                const position at = n.pos();
                std::string text;
                for (const property& q : in_effect) {
                    if (format == output_format::json) {
                        if (!text.empty()) text += ',';
                        append_json_string(text, q.ident());
                        text += ":[";
                        bool first = true;
                        for (const value& v : q) {
                            if (!first) text += ',';
                            first = false;
                            append_json_string(text, v.unescaped());
                        }
                        text += ']';
                        continue;
                    }
                    text += ' ';
                    text += q.ident();
                    for (const value& v : q) {
                        text += '[';
                        text += v.raw();
                        text += ']';
                    }
                }
                if (format == output_format::json) {
                    std::string line = "{\"file\":";
                    append_json_string(line, file);
                    os << line << ",\"line\":" << at.line << ",\"column\":" << at.column << ",\"node\":" << number
                       << ",\"inherited\":{" << text << "}}\n";
                } else {
                    os << file << ':' << at.line << ':' << at.column << ": node " << number << " inherits" << text << '\n';
                }
            },
            p);
}

}  // namespace

int run_check(const std::vector<std::string>& args) {
    output_format format = output_format::text;
    parse_options popts;
    check_options copts;
    bool show_inherited = false;
    std::string charset;
    std::vector<std::string> files;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (auto v = option_value(args, i, "--format")) {
            if (*v == "json") format = output_format::json;
            else if (*v == "text") format = output_format::text;
            else throw usage_error{"--format must be text or json"};
        } else if (auto pr = option_value(args, i, "--profile")) {
            copts.prof = profile_option(*pr);
        } else if (args[i] == "--show-inherited") {
            show_inherited = true;
        } else if (args[i] == "--lenient") {
            popts.lenient = true;
        } else if (auto cs = option_value(args, i, "--charset")) {
            charset = *cs;
        } else if (args[i].size() > 1 && args[i][0] == '-' && args[i] != "-") {
            throw usage_error{"unknown option " + args[i]};
        } else {
            files.push_back(args[i]);
        }
    }
    if (files.empty()) throw usage_error{"no input files"};
    int status = exit_ok;
    std::size_t errors = 0, warnings = 0, checked = 0;
    for (const auto& name : expand_inputs(files)) {
        const auto read = read_input_reported(name);
        if (!read) {
            status = exit_usage;
            continue;
        }
        const std::string& bytes = *read;
        ++checked;
        const file_check fc = charset_usage_errors([&] { return check_file(bytes, {popts.lenient, charset}, copts); });
        const load_result& r = fc.loaded;
        const std::string_view shown = name == "-" ? std::string_view("<stdin>") : std::string_view(name);
        for (const auto& d : fc.diagnostics) {
            print_loaded(std::cout, r, d, shown, bytes, format);
            if (d.level == severity::error) ++errors;
            else if (d.level == severity::warning) ++warnings;
        }
        if (show_inherited) print_inherited(std::cout, r.trees, copts.prof, shown, format);
        if (!fc.ok() && status == exit_ok) status = exit_errors;
    }
    if (format == output_format::text && (errors || warnings))
        std::cout << errors << (errors == 1 ? " error, " : " errors, ") << warnings
                  << (warnings == 1 ? " warning" : " warnings") << " in " << checked << (checked == 1 ? " file\n" : " files\n");
    return status;
}

}  // namespace sgf::cli
