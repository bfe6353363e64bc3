#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.hpp"
#include "sgf/parse.hpp"
#include "input/read_file.hpp"
#include "sgf/write.hpp"
#include "write/atomic_file.hpp"

namespace sgf::cli {

namespace fs = std::filesystem;

input_list expand_inputs_reported(const std::vector<std::string>& args, const input_filters& filters) {
    input_list l = app::expand_inputs(args, filters);
    for (const std::string& note : l.notes) std::cerr << "sgfcheck: " << note << '\n';
    return l;
}

std::string read_input(const std::string& name) {
    if (name == "-") return detail::read_stream(STDIN_FILENO, "standard input");
    return read_file(name);
}

std::optional<std::string> read_input_reported(const std::string& name) {
    try {
        return read_input(name);
    } catch (const std::system_error& e) {
        std::cerr << "sgfcheck: " << printable(e.what()) << '\n';
        return std::nullopt;
    }
}

// --- output ---------------------------------------------------------------------------


output::output(const std::string& path, detail::atomic_file::links l)
    : name_(path.empty() || path == "-" ? std::string("standard output") : path),
      stdout_([this](std::string_view s) { write_stdout(s); }) {
    detail::ignore_file_size_signal();  // a write over RLIMIT_FSIZE: EFBIG, reported
    if (path.empty() || path == "-") std::cout.flush();  // anything printed before comes first
    else if (l == detail::atomic_file::links::follow && null_device(path)) discard_ = true;
    else file_ = std::make_unique<detail::atomic_file>(path, l);
}

output::~output() = default;

void output::write(std::string_view bytes) {
    if (discard_) return;
    if (file_) file_->write(bytes);
    else stdout_.put(bytes);
}

void output::commit() {
    if (discard_) return;
    if (!file_) {
        stdout_.flush();
        return;
    }
    file_->commit();
    if (const unsigned long n = file_->other_links(); n != 0)
        std::cerr << "sgfcheck: note: " << printable(name_) << " had " << n << " other hard link" << (n == 1 ? "" : "s")
                  << "; it is a new file now and " << (n == 1 ? "that name keeps" : "those names keep")
                  << " the old contents (write to each name, or use a symbolic link, to change them all)\n";
}

void output::check_replaceable() const {
    if (file_) file_->check_replaceable();
}

void output::commit_new() {
    if (!file_) throw std::system_error(EINVAL, std::generic_category(), name_ + " is no file");
    file_->commit_new();
}

void output::write_stdout(std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(STDOUT_FILENO, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::system_error(errno, std::generic_category(), "cannot write " + name_);
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

int output_failed(const std::system_error& e) {
    std::cerr << "sgfcheck: " << e.what() << '\n';
    return exit_usage;
}

int write_output(const std::string& out, std::string_view text) {
    try {
        output o(out);
        o.write(text);
        o.commit();
    } catch (const std::system_error& e) {
        return output_failed(e);
    }
    return exit_ok;
}

int finish_stdout() {
    std::cout.flush();
    const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
    if (!failed) return exit_ok;
    const int e = errno != 0 ? errno : EIO;
    std::cerr << "sgfcheck: cannot write standard output: " << std::generic_category().message(e) << '\n';
    return exit_usage;
}

int finish_stderr() {
    std::cerr.flush();
    return !std::cerr || std::fflush(stderr) != 0 || std::ferror(stderr) ? exit_usage : exit_ok;
}

// Numbers are read whole, by from_chars: no sign, no white space, nothing after ("5x"), no
// overflow (std::stod took "5x" as 5).
double seconds_option(const std::string& v) {
    double s = -1;
    const char* end = v.data() + v.size();
    const auto [at, ec] = std::from_chars(v.data(), end, s);
    if (ec != std::errc() || at != end || !(s > 0) || !std::isfinite(s))
        throw usage_error{"--timeout needs a positive number of seconds, not '" + v + "'"};
    return s;
}

}  // namespace sgf::cli
