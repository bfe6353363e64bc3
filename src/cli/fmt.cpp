// sgfcheck fmt FILE [-o OUT] [--width N] [--charset NAME]: canonical SGF. The file goes
// through the input stage as for check (BOM, CA, UTF-16/32, legacy charsets); the output
// keeps the file's charset: a file converted to UTF-8 as a whole (UTF-16/32, GB18030,
// Shift_JIS, ...) is written back in it, with its byte order mark.
#include <iostream>

#include "loaded.hpp"
#include "sgf/charset.hpp"
#include "sgf/write.hpp"

namespace sgf::cli {

int run_fmt(const std::vector<std::string>& args) {
    std::string in, out;
    write_options wopts;
    load_options lopts;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (auto v = option_value(args, i, "-o")) out = *v;
        else if (auto cs = option_value(args, i, "--charset")) lopts.charset = *cs;
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
    auto read = read_input_reported(in);
    if (!read) return exit_usage;
    const std::string shown = in == "-" ? "<stdin>" : in;
    const load_result r = charset_usage_errors([&] { return load(std::move(*read), lopts); });  // not copied
    const std::string_view bytes = r.bytes();
    for (const auto& d : r.diagnostics) print_loaded(std::cerr, r, d, shown, bytes, output_format::text);
    if (!r.ok()) {
        std::cerr << "sgfcheck: " << shown << " has syntax errors; nothing written (sgfcheck fix repairs files)\n";
        return exit_errors;
    }
    try {
        output o(out);
        if (!r.converted) {
            write_to(r.trees, [&o](std::string_view s) { o.write(s); }, wopts);
        } else {
            // Back into the file's charset (whole: these files are rare and small).
            const auto bom = detect_bom(bytes);
            const std::string charset = bom ? std::string(bom->charset) : r.charset;
            const auto encoded = encode_from_utf8(write(r.trees, wopts), charset);
            if (!encoded) {
                std::cerr << "sgfcheck: " << shown << ": the text cannot be written back in " << charset
                          << " (bytes that were no character in it); nothing written\n";
                return exit_errors;
            }
            if (bom) o.write(bytes.substr(0, bom->length));
            o.write(*encoded);
        }
        o.commit();
    } catch (const std::system_error& e) {
        return output_failed(e);
    }
    return exit_ok;
}

}  // namespace sgf::cli
