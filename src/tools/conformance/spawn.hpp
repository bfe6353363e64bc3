#pragma once
// What run_adapter (process.cpp) and the batch sessions (batch.cpp) share: starting an
// adapter in its own process group with its stdio on pipes, the CPU time of a process
// group, and the line of stderr that says what happened.
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace sgf::tools::conformance::detail {

struct child {
    pid_t pid = -1;  // also its process group
    int in = -1;     // its stdin (write end), -1 when stdin is /dev/null
    int out = -1;    // its stdout (read end)
    int err = -1;    // its stderr (read end)
};

// fork + execve(argv) with SGF_ADAPTER_TREE=1 in a new process group; throws
// std::system_error when the pipes or the fork fail.
[[nodiscard]] child spawn(const std::vector<std::string>& argv, bool stdin_pipe);

// CPU seconds (user + system, of live processes and of their reaped children) of every
// process in group `pgid`, read from /proc: a shell adapter's reader is a child of it.
[[nodiscard]] double group_cpu_seconds(pid_t pgid);
// The same for one process only (cheap: one file).
[[nodiscard]] double process_cpu_seconds(pid_t pid);

// The line of stderr that says what happened (see process.cpp); control bytes made visible.
[[nodiscard]] std::string message_line(std::string_view err);
// Printable: control bytes as \xHH, at most `cap` bytes.
[[nodiscard]] std::string visible(std::string_view s, std::size_t cap = 200);

// "12.5" for 12.5 s.
[[nodiscard]] std::string seconds_text(double s);

}  // namespace sgf::tools::conformance::detail
