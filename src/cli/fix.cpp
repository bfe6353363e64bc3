// sgfcheck fix [-o OUT | --in-place [--backup[=SUFFIX]] | --dry-run] [--charset NAME] FILE|DIR|-...
// Clean FF[4] (include/sgf/fix.hpp) to stdout, to OUT, over each FILE (atomically), or as a
// unified diff. Each output is checked as `sgfcheck` would check it: the errors fix leaves
// are printed and make the exit status 1, so that fix and check always agree; a file that
// passed the check and would not after fix is left alone (a bug in fix: reported).
#include <algorithm>
#include <iostream>

#include "loaded.hpp"
#include "rewrite.hpp"
#include "sgf/check.hpp"
#include "sgf/check_file.hpp"
#include "sgf/fix.hpp"
#include "sgf/write.hpp"

namespace sgf::cli {

namespace {

struct fix_options {
    rewrite_options write;
    load_options load;
};

// The errors fix leaves in its output, as `sgfcheck` would report them on the written file:
// the checker on the fixed trees (parse(write(t)) == t) and the ones fix reports itself (an
// identifier it keeps as written). Printed; returns how many.
std::size_t remaining_errors(const fix_result& f, const std::string& shown) {
    std::size_t errors = 0;
    for (const auto& d : f.diagnostics) errors += d.level == severity::error;  // printed with the others
    for (const auto& d : check(f.trees)) {
        if (d.level != severity::error) continue;
        ++errors;
        std::cerr << printable(shown) << " (fixed): error[" << d.code << "]: " << d.message << '\n';
        if (!d.hint.empty()) std::cerr << "   = " << d.hint << '\n';
    }
    return errors;
}

// Fixes one input; returns its exit status. The output is streamed (a 200 MB value is not
// copied again), and the input is replaced only when the output differs from it.
int fix_one(const std::string& in, const fix_options& o) {
    if (const int refused = refuse_in_place(in, o.write); refused != exit_ok) return refused;
    const auto loaded = load_input(in, o.load, false);
    if (!loaded) return exit_usage;
    const load_result& r = loaded->r;
    const std::string& shown = loaded->shown;
    const std::string_view bytes = r.bytes();
    const fix_result f = fix(r);

    print_all_loaded(std::cerr, r, fix_findings(r, f), shown, bytes);
    if (f.trees.empty()) {
        std::cerr << "sgfcheck: " << shown << " holds no game tree; nothing written\n";
        return exit_errors;
    }

    const std::size_t errors = remaining_errors(f, shown);
    if (errors > 0) {
        if (check_file(std::string(bytes), {false, o.load.charset}).ok()) {
            std::cerr << "sgfcheck: " << shown << " passes the check, but fix's output would not: left unchanged "
                      << "(a bug in fix; please report it with the file)\n";
            return exit_errors;
        }
        std::cerr << "sgfcheck: " << shown << ": " << errors << (errors == 1 ? " error" : " errors")
                  << " that fix cannot repair " << (errors == 1 ? "remains" : "remain")
                  << (o.write.how == write_mode::dry_run ? "" : " in its output") << '\n';
    }
    const int status = errors > 0 ? exit_errors : exit_ok;

    if (o.write.how == write_mode::dry_run) {
        const std::string_view before = r.converted ? r.text() : bytes;
        const int written = print_diff(before, write(f.trees), shown);
        return written != exit_ok ? written : status;
    }
    const int written = deliver(in, bytes, o.write, [&f](const write_sink& sink) { write_to(f.trees, sink); });
    return written != exit_ok ? written : status;
}

}  // namespace

int run_fix(const std::vector<std::string>& args) {
    fix_options o;
    o.load.lenient = true;  // fix repairs what it can read: recoveries are not errors here
    std::vector<std::string> inputs;
    rewrite_parser where;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (auto cs = option_value(args, i, "--charset")) o.load.charset = *cs;
        else if (args[i] == "--") {  // the end of the options: what follows are files
            inputs.insert(inputs.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
            break;
        } else if (where.argument(args, i)) continue;
        else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else inputs.push_back(args[i]);
    }
    const std::vector<std::string> files = where.finish("fix", inputs, o.write);
    int status = exit_ok;
    for (const std::string& f : files) status = std::max(status, fix_one(f, o));
    return status;
}

}  // namespace sgf::cli
