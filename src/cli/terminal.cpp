// Colour and progress on terminals (terminal.hpp).
#include "terminal.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli.hpp"

namespace sgf::cli {

bool is_terminal(int fd) { return ::isatty(fd) == 1; }

bool use_color(color_mode m, int fd) {
    if (m != color_mode::auto_) return m == color_mode::always;
    const char* no_color = std::getenv("NO_COLOR");
    if (no_color && *no_color) return false;
    const char* term = std::getenv("TERM");
    if (term && std::strcmp(term, "dumb") == 0) return false;
    return is_terminal(fd);
}

progress_line::progress_line(bool enabled, std::size_t total)
    : enabled_(enabled), total_(total), start_(std::chrono::steady_clock::now()), last_(start_) {}

progress_line::~progress_line() { clear(); }

void progress_line::update(std::size_t done) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100) && done != total_) return;
    last_ = now;
    const double secs = std::chrono::duration<double>(now - start_).count();
    const auto rate = static_cast<std::uint64_t>(secs > 0 ? static_cast<double>(done) / secs : 0);
    std::cerr << "\r\x1b[Kchecked " << grouped(done) << '/' << grouped(total_) << " files (" << grouped(rate)
              << " files/s)" << std::flush;
    shown_ = true;
}

void progress_line::clear() {
    if (!shown_) return;
    std::cerr << "\r\x1b[K" << std::flush;
    shown_ = false;
}

}  // namespace sgf::cli
