// Running one adapter on one file: fork/exec in its own process group, stdout and stderr
// captured, a deadline after which the whole group is killed, and the exit status
// classified by the adapter contract (conformance/adapters/README.md).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/conformance/conformance.hpp"

extern char** environ;

namespace sgf::tools::conformance {

namespace {

constexpr std::size_t stderr_cap = 64 * 1024;  // only the first line is kept anyway

// The line of stderr that says what happened: the last line starting "crash: " or
// "rejected: " (what adapters/lib/common.js writes), else the last non-empty line that is
// not indented (indented lines are stack frames; earlier lines are often start-up warnings).
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
    // Messages quote the input: control bytes become visible escapes (TSV, HTML title).
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (const char ch : best.substr(0, 200)) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f) {
            out += "\\x";
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        } else {
            out.push_back(ch);
        }
    }
    if (best.size() > 200) out += "...";
    return out;
}

}  // namespace

std::string_view to_string(verdict v) noexcept {
    switch (v) {
        case verdict::accepted: return "accepted";
        case verdict::rejected: return "rejected";
        case verdict::crash: return "crash";
        case verdict::unavailable: return "unavailable";
    }
    return "crash";
}

adapter_run run_adapter(const std::filesystem::path& adapter, const std::filesystem::path& file,
                        std::chrono::milliseconds timeout) {
    using clock = std::chrono::steady_clock;
    adapter_run r;
    // Everything the child needs is prepared before fork: it only calls async-signal-safe
    // functions (other threads of the runner may hold locks).
    const std::string prog = adapter.string();
    const std::string arg = file.string();
    std::vector<std::string> env_strings;
    for (char** e = environ; *e; ++e)
        if (std::strncmp(*e, "SGF_ADAPTER_TREE=", 17) != 0) env_strings.emplace_back(*e);
    env_strings.emplace_back("SGF_ADAPTER_TREE=1");
    std::vector<char*> envp;
    for (auto& s : env_strings) envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<char*> argv{const_cast<char*>(prog.c_str()), const_cast<char*>(arg.c_str()), nullptr};

    int out_pipe[2], err_pipe[2];
    if (::pipe2(out_pipe, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
    if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
        const int e = errno;
        ::close(out_pipe[0]);
        ::close(out_pipe[1]);
        throw std::system_error(e, std::generic_category(), "pipe");
    }
    const auto start = clock::now();
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) ::close(fd);
        throw std::system_error(e, std::generic_category(), "fork");
    }
    if (pid == 0) {
        ::setpgid(0, 0);
        const int devnull = ::open("/dev/null", O_RDONLY);
        if (devnull >= 0) ::dup2(devnull, 0);
        ::dup2(out_pipe[1], 1);
        ::dup2(err_pipe[1], 2);
        ::signal(SIGPIPE, SIG_DFL);
        ::execve(argv[0], argv.data(), envp.data());
        const char msg[] = "cannot execute adapter\n";
        (void)!::write(2, msg, sizeof msg - 1);
        ::_exit(127);
    }
    ::setpgid(pid, pid);  // also here: no race with the kill below
    ::close(out_pipe[1]);
    ::close(err_pipe[1]);

    std::string err;
    pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
    bool open_out = true, open_err = true, timed_out = false, exited = false;
    int status = 0;
    char buf[65536];
    const auto deadline = start + timeout;
    while (open_out || open_err) {
        const auto now = clock::now();
        if (now >= deadline) {
            timed_out = true;
            break;
        }
        // Once the adapter itself has exited, a leftover grandchild holding the pipes must
        // not keep us waiting: drain what is there and stop.
        if (!exited) {
            const pid_t w = ::waitpid(pid, &status, WNOHANG);
            if (w == pid) exited = true;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        const int wait_ms = exited ? 0 : static_cast<int>(std::min<long long>(left, 50));
        fds[0].fd = open_out ? out_pipe[0] : -1;
        fds[1].fd = open_err ? err_pipe[0] : -1;
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
    }
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    ::kill(-pid, SIGKILL);  // the adapter's group: leftovers, or everything on a timeout
    if (!exited) {
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    r.seconds = std::chrono::duration<double>(clock::now() - start).count();

    std::string why;
    if (timed_out) {
        r.result = verdict::crash;
        char t[32];
        std::snprintf(t, sizeof t, "%g", static_cast<double>(timeout.count()) / 1000.0);
        why = std::string("timeout after ") + t + " s";
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
    return r;
}

}  // namespace sgf::tools::conformance
