#pragma once
// Shared pieces of the sgfcheck command line: options, input files, reporting.
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "sgf/app/arguments.hpp"
#include "sgf/app/inputs.hpp"
#include "sgf/app/settings.hpp"
#include "sgf/app/text.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/properties.hpp"
#include "tools/generate/generate.hpp"
#include "input/read_file.hpp"
#include "write/atomic_file.hpp"
#include "write/sink_buffer.hpp"

namespace sgf::cli {

// The application layer's pieces (include/sgf/app/) the commands use by their short names.
using app::exit_errors;
using app::exit_ok;
using app::exit_usage;
using app::usage_error;
using app::option_value;
using app::profile_option;
using app::number_option;
using app::jobs_option;
using app::output_format;
using app::input_filters;
using app::input_list;
using app::filter_argument;
using app::printable;
using app::grouped;

// app::expand_inputs, with its notes (what it left out and why) on stderr as
// "sgfcheck: NOTE".
[[nodiscard]] input_list expand_inputs_reported(const std::vector<std::string>& args, const input_filters& filters);

// Reads a file or stdin ("-"); throws std::system_error.
std::string read_input(const std::string& name);
// read_input for the commands: a failure is reported on stderr and gives nullopt (the
// caller's status is then exit_usage).
std::optional<std::string> read_input_reported(const std::string& name);
// Where a command writes: standard output ("" or "-"), or a file replaced atomically
// (src/write/atomic_file.hpp: symbolic links followed, only regular files replaced, mode
// kept, the temporary file removed on failure and on SIGINT/SIGTERM/SIGHUP). Every failed
// or short write throws std::system_error naming the output; until commit() a file is
// not replaced.
class output {
public:
    explicit output(const std::string& path, detail::atomic_file::links l = detail::atomic_file::links::follow);
    ~output();
    output(const output&) = delete;
    output& operator=(const output&) = delete;
    void write(std::string_view bytes);
    void commit();
    void commit_new();  // a file only (atomic_file::commit_new: an existing one is an error)
    void check_replaceable() const;  // a read-only file: throws (atomic_file::check_replaceable)
    [[nodiscard]] const std::string& name() const noexcept { return name_; }

private:
    void write_stdout(std::string_view bytes);
    std::string name_;
    detail::sink_buffer stdout_;  // standard output, in pieces of 64 KiB
    std::unique_ptr<detail::atomic_file> file_;
    bool discard_ = false;  // -o /dev/null: what users write to throw the output away
};
using detail::null_device;  // (input/read_file.hpp)
// Reports a failed output on stderr; returns exit_usage.
int output_failed(const std::system_error& e);
// A command's whole output at once through `output`; a failure is reported on stderr.
// Returns exit_ok or exit_usage.
int write_output(const std::string& out, std::string_view text);
// Flushes std::cout (check's reports): exit_usage, with a message, when it could not be
// written (a full disk, /dev/full, a closed pipe), else exit_ok.
int finish_stdout();
// Whether everything said on stderr (findings, fix's report of its changes, errors) was
// written: exit_usage when a write failed (2>/dev/full), else exit_ok. Nothing can say so.
int finish_stderr();

// Prints one diagnostic: gcc style with a clipped excerpt and caret (in colour when `color`:
// the level as gcc colours it), or one JSON line. (SARIF results: sarif.hpp.)
void print_diagnostic(std::ostream& os, const diagnostic& d, std::string_view file, std::string_view bytes,
                      output_format format, bool color = false);

// The value of --timeout: a positive, finite number of seconds; throws usage_error otherwise.
double seconds_option(const std::string& v);

// The generator's options that gen and diff share: --seed, --valid, --invalid, --max-bytes,
// --depth, --width. Returns whether args[i] was one of them (gen.cpp). Each command checks
// its own limits on depth and width afterwards.
bool generator_option(const std::vector<std::string>& args, std::size_t& i, generate_options& o);

int run_check(const std::vector<std::string>& args);
// check --show-settings (show_settings.cpp): the settings of a run over `files`, each
// checked with rules[i]; returns exit_ok.
struct check_settings_view {
    const app::check_settings& s;
    const std::vector<std::string>& files;
    const std::vector<const app::file_rules*>& rules;
};
int show_settings(std::ostream& os, const check_settings_view& v);
int run_stats(const std::vector<std::string>& args);  // stats.cpp
int run_fmt(const std::vector<std::string>& args);
int run_dump(const std::vector<std::string>& args);
int run_conformance(const std::vector<std::string>& args);  // conformance.cpp
int run_gen(const std::vector<std::string>& args);          // gen.cpp
int run_diff(const std::vector<std::string>& args);         // diff.cpp

}  // namespace sgf::cli
