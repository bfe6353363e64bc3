// sgfcheck fix [-o OUT | --in-place [--backup[=SUFFIX]] | --dry-run] [--charset NAME] FILE|DIR|-...
// Clean FF[4] (include/sgf/fix.hpp) to stdout, to OUT, over each FILE (atomically), or as a
// unified diff. Each output is checked as `sgfcheck` would check it: the errors fix leaves
// are printed and make the exit status 1, so that fix and check always agree; a file that
// passed the check and would not after fix is left alone (a bug in fix: reported).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <system_error>

#include <sys/stat.h>

#include "loaded.hpp"
#include "sgf/check.hpp"
#include "sgf/check_file.hpp"
#include "sgf/fix.hpp"
#include "sgf/write.hpp"
#include "tools/unified_diff.hpp"

namespace sgf::cli {

namespace {

enum class mode { to_stdout, to_file, in_place, dry_run };

struct fix_options {
    mode how = mode::to_stdout;
    std::string out;             // -o
    std::string backup;          // --backup suffix ("" = none)
    load_options load;
};

// Writes `bytes` as FILE + suffix, with FILE's mode, before FILE is replaced.
void write_backup(const std::string& file, const std::string& suffix, std::string_view bytes) {
    output o(file + suffix);
    o.write(bytes);
    o.commit();
    struct stat st {};
    if (::stat(file.c_str(), &st) == 0) (void)::chmod((file + suffix).c_str(), st.st_mode & 07777);
}

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
    auto read = read_input_reported(in);
    if (!read) return exit_usage;
    const std::string shown = in == "-" ? "<stdin>" : in;
    const load_result r = charset_usage_errors([&] { return load(std::move(*read), o.load); });
    const std::string_view bytes = r.bytes();
    const fix_result f = fix(r);

    for (const auto& d : fix_findings(r, f)) print_loaded(std::cerr, r, d, shown, bytes, output_format::text);
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
                  << (o.how == mode::dry_run ? "" : " in its output") << '\n';
    }
    const int status = errors > 0 ? exit_errors : exit_ok;

    try {
        if (o.how == mode::dry_run) {
            const std::string_view before = r.converted ? r.text() : bytes;
            output out("");
            out.write(tools::unified_diff(before, write(f.trees), "a/" + shown, "b/" + shown));
            out.commit();
            return status;
        }
        output out(o.how == mode::in_place ? in : o.out);
        std::size_t at = 0;  // --in-place: how much of the output equals the input so far
        bool same = true;
        write_to(f.trees, [&](std::string_view s) {
            if (same) {
                same = bytes.substr(at, s.size()) == s;
                at += s.size();
            }
            out.write(s);
        });
        if (o.how == mode::in_place) {
            if (same && at == bytes.size()) return status;  // unchanged: not rewritten, no backup
            if (!o.backup.empty()) write_backup(in, o.backup, bytes);
        }
        out.commit();
    } catch (const std::system_error& e) {
        return output_failed(e);
    }
    return status;
}

}  // namespace

int run_fix(const std::vector<std::string>& args) {
    fix_options o;
    o.load.lenient = true;  // fix repairs what it can read: recoveries are not errors here
    std::vector<std::string> inputs;
    bool in_place = false, dry_run = false, backup = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (auto v = option_value(args, i, "-o")) o.out = *v;
        else if (auto cs = option_value(args, i, "--charset")) o.load.charset = *cs;
        else if (args[i] == "--in-place") in_place = true;
        else if (args[i] == "--dry-run") dry_run = true;
        else if (args[i] == "--backup") backup = true;
        else if (args[i].rfind("--backup=", 0) == 0) {
            backup = true;
            o.backup = args[i].substr(9);
            if (o.backup.empty() || o.backup.find('/') != std::string::npos)
                throw usage_error{"--backup=SUFFIX needs a suffix without '/'"};
        } else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else inputs.push_back(args[i]);
    }
    if (inputs.empty()) throw usage_error{"fix needs an input file"};
    if (in_place + dry_run + !o.out.empty() > 1) throw usage_error{"-o, --in-place and --dry-run exclude each other"};
    if (backup && !in_place) throw usage_error{"--backup goes with --in-place"};
    if (backup && o.backup.empty()) o.backup.assign(1, '~');  // as GNU cp --backup
    o.how = in_place ? mode::in_place : dry_run ? mode::dry_run : !o.out.empty() ? mode::to_file : mode::to_stdout;

    const std::vector<std::string> files = expand_inputs(inputs);
    const bool many = files.size() != 1 || std::filesystem::is_directory(inputs[0]);
    if (many && (o.how == mode::to_stdout || o.how == mode::to_file))
        throw usage_error{"fix of several files (or a directory) needs --in-place or --dry-run"};
    for (const std::string& f : files)
        if (f == "-" && o.how == mode::in_place) throw usage_error{"--in-place needs a file, not standard input"};
    if (o.how == mode::to_file && files[0] != "-") {
        std::error_code ec;
        if (std::filesystem::equivalent(files[0], o.out, ec))
            throw usage_error{std::string("-o names the input file: use --in-place to replace it")};
    }

    int status = exit_ok;
    for (const std::string& f : files) {
        status = std::max(status, fix_one(f, o));
    }
    return status;
}

}  // namespace sgf::cli
