#pragma once
// sgfcheck's use of the input stage (sgf::load): printing diagnostics of a file that may
// have been converted to UTF-8 as a whole, and the fix command (fix.cpp).
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli.hpp"
#include "sgf/check_file.hpp"
#include "sgf/input.hpp"

namespace sgf::cli {

// print_diagnostic, with the excerpt taken from the UTF-8 text when the file was converted
// (a UTF-16 or GB18030 file's own bytes would print as '?'); positions stay the file's.
void print_loaded(std::ostream& os, const load_result& r, const diagnostic& d, std::string_view file,
                  std::string_view bytes, output_format format, bool color = false);  // report.cpp

// print_loaded of each of `ds` as text, through a buffer written out in 64 KiB pieces (stderr
// is unbuffered: one write per piece instead of one per item; fix's 100,000 notes on one
// file took seconds of system time).
void print_all_loaded(std::ostream& os, const load_result& r, const std::vector<diagnostic>& ds, std::string_view file,
                      std::string_view bytes);  // report.cpp

// One input of fmt, dump or fix, read and loaded: `shown` names it in messages ("<stdin>"
// for "-"). nullopt when it cannot be read (said on stderr); an unknown --charset is a
// usage error. With `print_findings`, the input stage's and parser's findings are printed on
// stderr (fix prints its own list instead).
struct loaded_input {
    std::string shown;
    load_result r;
};
[[nodiscard]] std::optional<loaded_input> load_input(const std::string& in, const load_options& options,
                                                     bool print_findings = true);  // report.cpp

// Runs f (sgf::load or sgf::check_file); an unknown --charset (std::invalid_argument) is
// a usage error.
template <class F>
auto charset_usage_errors(F&& f) {
    try {
        return f();
    } catch (const std::invalid_argument& e) {
        throw usage_error{std::string("--charset: ") + e.what()};
    }
}

int run_fix(const std::vector<std::string>& args);

}  // namespace sgf::cli
