#pragma once
// What sgfcheck does differently on a terminal: colour (--color=auto|always|never, NO_COLOR
// respected: https://no-color.org) and the progress line of long runs (stderr only, never
// in a pipe or a file).
#include <chrono>
#include <cstdint>
#include <cstddef>
#include <string>

#include "sgf/app/settings.hpp"

namespace sgf::cli {

using app::color_mode;  // --color's value (sgf/app/settings.hpp)

// Whether to colour what goes to file descriptor `fd`: always, never, or (auto) when it
// is a terminal, TERM is not "dumb" and NO_COLOR is unset or empty.
[[nodiscard]] bool use_color(color_mode m, int fd);
[[nodiscard]] bool is_terminal(int fd);

// "checked 1,234/100,000 files (5,678 files/s)" on stderr, redrawn at most 10 times a
// second; clear() before anything else is written to the terminal.
class progress_line {
public:
    progress_line(bool enabled, std::size_t total);
    ~progress_line();
    void update(std::size_t done);
    void clear();

private:
    bool enabled_;
    bool shown_ = false;
    std::size_t total_;
    std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace sgf::cli
