// Running one adapter on one file: fork/exec in its own process group, stdout and stderr
// captured, a CPU-time limit after which the whole group is killed, and the exit status
// classified by the adapter contract (conformance/adapters/README.md).
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>
#include <system_error>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/conformance/conformance.hpp"
#include "tools/conformance/spawn.hpp"

extern char** environ;

namespace sgf::tools::conformance {

namespace detail {

namespace {

constexpr std::size_t stderr_cap = 64 * 1024;  // only one line is kept anyway

// utime, stime, cutime, cstime (clock ticks) and the process group of /proc/PID/stat.
bool read_stat(const char* path, long& ticks, long& pgrp) {
    std::ifstream in(path);
    std::string s;
    if (!std::getline(in, s)) return false;
    const std::size_t close = s.rfind(')');  // the command name may hold spaces and ')'
    if (close == std::string::npos) return false;
    std::vector<long> f;  // fields from the 3rd (state) on; state itself is skipped
    const char* p = s.c_str() + close + 2;
    while (*p != ' ' && *p) ++p;  // state
    while (*p) {
        char* end = nullptr;
        f.push_back(std::strtol(p, &end, 10));
        if (end == p) break;
        p = end;
    }
    // f[0] = ppid (field 4), f[1] = pgrp (5), ... utime is field 14 = f[10]
    if (f.size() < 14) return false;
    pgrp = f[1];
    ticks = f[10] + f[11] + f[12] + f[13];
    return true;
}

double ticks_to_seconds(long t) {
    static const long hz = ::sysconf(_SC_CLK_TCK);
    return static_cast<double>(t) / static_cast<double>(hz > 0 ? hz : 100);
}

}  // namespace

double process_cpu_seconds(pid_t pid) {
    long ticks = 0, pgrp = 0;
    const std::string path = "/proc/" + std::to_string(pid) + "/stat";
    return read_stat(path.c_str(), ticks, pgrp) ? ticks_to_seconds(ticks) : 0;
}

double group_cpu_seconds(pid_t pgid) {
    long total = 0;
    DIR* d = ::opendir("/proc");
    if (d == nullptr) return 0;
    char path[300];
    while (const dirent* e = ::readdir(d)) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
        std::snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        long ticks = 0, pgrp = 0;
        if (read_stat(path, ticks, pgrp) && pgrp == pgid) total += ticks;
    }
    ::closedir(d);
    return ticks_to_seconds(total);
}

std::string visible(std::string_view s, std::size_t cap) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (const char ch : s.substr(0, cap)) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f) {
            out += "\\x";
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        } else {
            out.push_back(ch);
        }
    }
    if (s.size() > cap) out += "...";
    return out;
}

// The last line starting "crash: " or "rejected: " (what the adapters' libraries write),
// else the last non-empty line that is not indented (indented lines are stack frames;
// earlier lines are often start-up warnings). Messages quote the input: control bytes
// become visible escapes (TSV, HTML title).
std::string message_line(std::string_view s) {
    std::string_view best, tagged;
    while (!s.empty()) {
        const std::size_t nl = s.find_first_of("\r\n");
        const std::string_view line = s.substr(0, nl);
        s = nl == std::string_view::npos ? std::string_view() : s.substr(nl + 1);
        if (!line.empty() && line.front() != ' ' && line.front() != '\t') best = line;
        if (line.starts_with("crash: ") || line.starts_with("rejected: ")) tagged = line;
    }
    if (!tagged.empty()) best = tagged;
    return visible(best);
}

std::string seconds_text(double s) {
    char t[32];
    std::snprintf(t, sizeof t, "%g", s);
    return t;
}

child spawn(const std::vector<std::string>& args, bool stdin_pipe) {
    // Everything the child needs is prepared before fork: it only calls async-signal-safe
    // functions (other threads of the runner may hold locks).
    std::vector<std::string> env_strings;
    for (char** e = environ; *e; ++e)
        if (std::strncmp(*e, "SGF_ADAPTER_TREE=", 17) != 0) env_strings.emplace_back(*e);
    env_strings.emplace_back("SGF_ADAPTER_TREE=1");
    std::vector<char*> envp;
    for (auto& s : env_strings) envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);

    int pipes[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}};  // stdin, stdout, stderr
    auto close_all = [&] {
        for (auto& p : pipes)
            for (int& fd : p)
                if (fd >= 0) ::close(fd);
    };
    for (int k = stdin_pipe ? 0 : 1; k < 3; ++k)
        if (::pipe2(pipes[k], O_CLOEXEC) != 0) {
            const int e = errno;
            close_all();
            throw std::system_error(e, std::generic_category(), "pipe");
        }
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        close_all();
        throw std::system_error(e, std::generic_category(), "fork");
    }
    if (pid == 0) {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a runner killed with SIGKILL leaves no adapter running
        if (stdin_pipe) {
            ::dup2(pipes[0][0], 0);
        } else {
            const int devnull = ::open("/dev/null", O_RDONLY);
            if (devnull >= 0) ::dup2(devnull, 0);
        }
        ::dup2(pipes[1][1], 1);
        ::dup2(pipes[2][1], 2);
        ::signal(SIGPIPE, SIG_DFL);
        ::execve(argv[0], argv.data(), envp.data());
        const char msg[] = "cannot execute adapter\n";
        (void)!::write(2, msg, sizeof msg - 1);
        ::_exit(127);
    }
    ::setpgid(pid, pid);  // also here: no race with a kill of the group
    child c;
    c.pid = pid;
    if (stdin_pipe) {
        ::close(pipes[0][0]);
        c.in = pipes[0][1];
    }
    ::close(pipes[1][1]);
    ::close(pipes[2][1]);
    c.out = pipes[1][0];
    c.err = pipes[2][0];
    return c;
}

}  // namespace detail

std::string_view to_string(verdict v) noexcept {
    switch (v) {
        case verdict::accepted: return "accepted";
        case verdict::rejected: return "rejected";
        case verdict::crash: return "crash";
        case verdict::unavailable: return "unavailable";
        case verdict::flaky: return "flaky";
    }
    return "crash";
}

namespace {
std::atomic<bool> stop_flag{false};
}  // namespace

void request_stop() noexcept { stop_flag.store(true, std::memory_order_relaxed); }
bool stop_requested() noexcept { return stop_flag.load(std::memory_order_relaxed); }

std::chrono::milliseconds wall_limit(std::chrono::milliseconds cpu_timeout) noexcept {
    // A reader that waits (a deadlock, a read from the terminal) uses no CPU: stop it too,
    // well after any reader that is only slowed down by the machine's load would answer.
    return cpu_timeout * 4 + std::chrono::seconds(2);
}

namespace {

// The verdict of a finished run (the adapter contract: exit 0 accepted, 1 rejected, 3
// unavailable, 66 unreadable, anything else or a signal a crash), with its detail: why, and
// the first line of what the adapter said on stderr.
void judge(adapter_run& r, int status, double cpu_limit, const std::string& err) {
    using namespace detail;
    std::string why;
    if (stop_requested()) {
        r.timed_out = false;
        r.result = verdict::unavailable;
        why = "stopped";
    } else if (r.timed_out) {
        r.result = verdict::crash;
        why = "timeout after " + seconds_text(cpu_limit) + " s CPU (" + seconds_text(static_cast<double>(static_cast<long>(r.seconds * 10)) / 10) + " s wall)";
        r.out.clear();
    } else if (WIFSIGNALED(status)) {
        r.result = verdict::crash;
        why = "signal " + std::to_string(WTERMSIG(status)) + " (" + ::strsignal(WTERMSIG(status)) + ")";
    } else {
        const int code = WEXITSTATUS(status);
        r.exit_status = code;
        switch (code) {
            case 0: r.result = verdict::accepted; break;
            case 1: r.result = verdict::rejected; break;
            case 3: r.result = verdict::unavailable; break;
            case 66:
                r.result = verdict::unavailable;
                why = "exit 66 (the adapter could not read the file)";
                break;
            default:
                r.result = verdict::crash;
                why = "exit " + std::to_string(code);
        }
    }
    const std::string line = message_line(err);
    r.detail = why;
    if (!line.empty()) r.detail += (why.empty() ? "" : ": ") + line;
    if (r.result != verdict::accepted) r.out.clear();
}

}  // namespace

namespace {

struct limits {
    std::chrono::steady_clock::time_point wall_deadline, first_cpu_check;
    double cpu_limit;
};

// Both pipes closed, no limit reached: the adapter is ending (it closed them on exit) or
// goes on without them. Its exit is waited for up to the limits (true: it exited; else
// `timed_out`), so that the group's kill after it does not hit it while it exits: a SIGKILL
// then made its status "killed by signal 9", a crash, for an adapter that had answered
// (~1 run in 3 of `true`, which closes stdout at exit).
bool await_exit(pid_t pid, int& status, rusage& usage, const limits& l, bool& timed_out) {
    for (;;) {
        if (::wait4(pid, &status, WNOHANG, &usage) == pid) return true;
        const auto now = std::chrono::steady_clock::now();
        if (now >= l.wall_deadline || stop_requested() ||
            (now >= l.first_cpu_check && detail::group_cpu_seconds(pid) >= l.cpu_limit)) {
            timed_out = true;
            return false;
        }
        ::usleep(1000);
    }
}

}  // namespace

std::size_t output_cap(const std::filesystem::path& file) noexcept {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    constexpr std::size_t base = std::size_t{64} << 20;
    return ec || size > (std::numeric_limits<std::size_t>::max() - base) / 64 ? base : base + 64 * static_cast<std::size_t>(size);
}

adapter_run run_adapter(const std::filesystem::path& adapter, const std::filesystem::path& file,
                        std::chrono::milliseconds timeout) {
    using clock = std::chrono::steady_clock;
    using namespace detail;
    adapter_run r;
    const auto start = clock::now();
    const child ch = spawn({adapter.string(), file.string()}, false);
    std::string err;
    pollfd fds[2] = {{ch.out, POLLIN, 0}, {ch.err, POLLIN, 0}};
    bool open_out = true, open_err = true, exited = false;
    int status = 0;
    rusage usage{};
    char buf[65536];
    // (the first CPU check after a quarter of the limit: CPU time cannot run far ahead of wall time)
    const limits lim{start + wall_limit(timeout), start + timeout / 4, static_cast<double>(timeout.count()) / 1000.0};
    const std::size_t out_cap = output_cap(file);
    bool too_much = false;
    while (open_out || open_err) {
        const auto now = clock::now();
        if (now >= lim.wall_deadline || stop_requested() ||
            (!exited && now >= lim.first_cpu_check && group_cpu_seconds(ch.pid) >= lim.cpu_limit)) {
            r.timed_out = true;
            break;
        }
        // Once the adapter itself has exited, a leftover grandchild holding the pipes must
        // not keep us waiting: drain what is there and stop.
        if (!exited) {
            const pid_t w = ::wait4(ch.pid, &status, WNOHANG, &usage);
            if (w == ch.pid) exited = true;
        }
        const int wait_ms = exited ? 0 : 50;
        fds[0].fd = open_out ? ch.out : -1;
        fds[1].fd = open_err ? ch.err : -1;
        const int n = ::poll(fds, 2, wait_ms);
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (n == 0) {
            if (exited) break;
            continue;
        }
        for (int k = 0; k < 2; ++k) {
            if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t got = ::read(fds[k].fd, buf, sizeof buf);
            if (got <= 0) {
                if (got < 0 && errno == EINTR) continue;
                (k == 0 ? open_out : open_err) = false;
                continue;
            }
            if (k == 0) r.out.append(buf, static_cast<std::size_t>(got));
            else if (err.size() < stderr_cap) err.append(buf, static_cast<std::size_t>(got));
        }
        if (r.out.size() > out_cap) {
            too_much = true;
            break;
        }
    }
    if (!exited && !r.timed_out && !too_much) exited = await_exit(ch.pid, status, usage, lim, r.timed_out);
    if (!exited) r.cpu_seconds = group_cpu_seconds(ch.pid);
    ::close(ch.out);
    ::close(ch.err);
    ::kill(-ch.pid, SIGKILL);  // the adapter's group: leftovers, or everything on a timeout
    if (!exited) {
        while (::waitpid(ch.pid, &status, 0) < 0 && errno == EINTR) {
        }
    } else {
        auto tv = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
        r.cpu_seconds = tv(usage.ru_utime) + tv(usage.ru_stime);
    }
    r.seconds = std::chrono::duration<double>(clock::now() - start).count();
    judge(r, status, lim.cpu_limit, err);
    if (too_much && !r.timed_out && !stop_requested()) {
        r.result = verdict::crash;
        r.exit_status = -1;
        r.out.clear();
        r.detail = "stopped after more than " + std::to_string(out_cap >> 20) + " MiB on stdout";
    }
    return r;
}

}  // namespace sgf::tools::conformance
