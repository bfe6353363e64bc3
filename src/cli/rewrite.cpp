// Where fix and fmt write (rewrite.hpp).
#include "rewrite.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <sys/stat.h>

#include "tools/unified_diff.hpp"
#include "write/atomic_file.hpp"

namespace sgf::cli {

namespace {

// Writes `bytes` as FILE + suffix, with FILE's mode, before FILE is replaced. A symbolic link
// of that name is replaced, never written through (a FILE~ link planted to another file).
void write_backup(const std::string& file, const std::string& suffix, std::string_view bytes) {
    output o(file + suffix, detail::atomic_file::links::replace);
    o.write(bytes);
    o.commit();
    struct stat st {};
    if (::stat(file.c_str(), &st) == 0) (void)::chmod((file + suffix).c_str(), st.st_mode & 07777);
}

}  // namespace

bool rewrite_parser::argument(const std::vector<std::string>& args, std::size_t& i) {
    if (auto v = option_value(args, i, "-o")) {
        o_.out = *v;
    } else if (args[i] == "--in-place") {
        in_place_ = true;
    } else if (args[i] == "--dry-run") {
        dry_run_ = true;
    } else if (args[i] == "--backup") {
        backup_ = true;
    } else if (args[i].starts_with("--backup=")) {
        backup_ = true;
        o_.backup = args[i].substr(9);
        if (o_.backup.empty() || o_.backup.find('/') != std::string::npos)
            throw usage_error{"--backup=SUFFIX needs a suffix without '/'"};
    } else {
        return filter_argument(args, i, filters_);
    }
    return true;
}

std::vector<std::string> rewrite_parser::finish(std::string_view command, const std::vector<std::string>& inputs,
                                                rewrite_options& o, bool separate_outputs) {
    const std::string cmd(command);
    if (inputs.empty()) throw usage_error{cmd + " needs an input file"};
    if (in_place_ + dry_run_ + !o_.out.empty() > 1) throw usage_error{"-o, --in-place and --dry-run exclude each other"};
    if (backup_ && !in_place_) throw usage_error{"--backup goes with --in-place"};
    if (backup_ && o_.backup.empty()) o_.backup.assign(1, '~');  // as GNU cp --backup
    o_.how = in_place_  ? write_mode::in_place
             : dry_run_ ? write_mode::dry_run
             : !o_.out.empty() ? write_mode::to_file
                               : write_mode::to_stdout;
    o = o_;

    const input_list listed = expand_inputs_reported(inputs, filters_);
    const bool many = listed.files.size() != 1 || listed.any_directory;
    if (many && !separate_outputs && (o.how == write_mode::to_stdout || o.how == write_mode::to_file))
        throw usage_error{cmd + " of several files (or a directory) needs --in-place or --dry-run"};
    for (const std::string& f : listed.files)
        if (f == "-" && o.how == write_mode::in_place) throw usage_error{"--in-place needs a file, not standard input"};
    if (o.how == write_mode::to_file && listed.files.size() == 1 && listed.files[0] != "-") {
        std::error_code ec;
        if (std::filesystem::equivalent(listed.files[0], o.out, ec))
            throw usage_error{"-o names the input file: use --in-place to replace it"};
    }
    return listed.files;
}

int refuse_in_place(const std::string& in, const rewrite_options& o) {
    if (o.how != write_mode::in_place) return exit_ok;
    try {
        (void)detail::resolve_output(in);
    } catch (const std::system_error& e) {
        return output_failed(e);
    }
    return exit_ok;
}

int deliver(const std::string& in, std::string_view before, const rewrite_options& o,
            const std::function<void(const write_sink&)>& produce, bool* differs) {
    try {
        output out(o.how == write_mode::in_place ? in : o.out);
        std::size_t at = 0;  // --in-place: how much of the output equals the input so far
        bool same = true;
        produce([&](std::string_view s) {
            if (same) {
                same = before.substr(std::min(at, before.size()), s.size()) == s;
                at += s.size();
            }
            out.write(s);
        });
        if (differs) *differs = !same || at != before.size();
        if (o.how == write_mode::in_place) {
            if (same && at == before.size()) return exit_ok;  // unchanged: not rewritten, no backup
            out.check_replaceable();  // (a read-only input gets no backup either)
            if (!o.backup.empty()) write_backup(in, o.backup, before);
        }
        out.commit();
    } catch (const std::system_error& e) {
        return output_failed(e);
    }
    return exit_ok;
}

int print_diff(std::string_view before, std::string_view after, const std::string& shown) {
    return write_output("", tools::unified_diff(before, after, "a/" + shown, "b/" + shown));
}

}  // namespace sgf::cli
