#pragma once
// Where fix and fmt put what they write for each input: standard output, -o OUT, over the
// file itself (--in-place: only when it changes; --backup keeps the original), or a unified
// diff (--dry-run). One parser of these options and one writer, so that both commands take
// many files and directories alike (--include/--exclude as check takes them) and replace
// files with the same care (`output`: src/write/atomic_file.hpp).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "cli.hpp"
#include "sgf/write.hpp"

namespace sgf::cli {

enum class write_mode { to_stdout, to_file, in_place, dry_run };

struct rewrite_options {
    write_mode how = write_mode::to_stdout;
    std::string out;     // -o
    std::string backup;  // --backup suffix ("" = none)
};

// Collects -o, --in-place, --dry-run, --backup[=SUFFIX], --include and --exclude.
class rewrite_parser {
public:
    // Whether args[i] was one of them (its value taken too).
    bool argument(const std::vector<std::string>& args, std::size_t& i);
    // After the arguments: the options, checked against each other and the inputs, and the
    // files the inputs name (directories walked as check walks them). Throws usage_error.
    // `separate_outputs`: each input writes files of its own (fmt --split), so several inputs
    // need neither --in-place nor --dry-run.
    [[nodiscard]] std::vector<std::string> finish(std::string_view command, const std::vector<std::string>& inputs,
                                                  rewrite_options& o, bool separate_outputs = false);

private:
    bool in_place_ = false, dry_run_ = false, backup_ = false;
    rewrite_options o_;
    input_filters filters_;
};

// --in-place on what is no regular file is refused before the input is opened: a FIFO would
// wait for a writer, a device never ends, and neither can be replaced (the same check as the
// replacement makes). Returns exit_ok, or exit_usage (reported).
int refuse_in_place(const std::string& in, const rewrite_options& o);

// Writes one input's new bytes, which `produce` streams into the sink it is given, where `o`
// says (not --dry-run). `before` are the input's bytes: in place, the file is replaced only
// when the new bytes differ, after the backup is written; `differs`, when given, is set to
// whether they do. Returns exit_ok, or exit_usage for a failed write (reported, naming the
// output).
int deliver(const std::string& in, std::string_view before, const rewrite_options& o,
            const std::function<void(const write_sink&)>& produce, bool* differs = nullptr);

// --dry-run: the unified diff from `before` to `after` on stdout, as a/NAME and b/NAME
// (nothing when they are equal). Returns exit_ok or exit_usage.
int print_diff(std::string_view before, std::string_view after, const std::string& shown);

}  // namespace sgf::cli
