// Batch adapters (`ADAPTER --batch`, conformance/adapters/README.md): one process answers
// many files, so a Python or JVM reader starts once per run instead of once per case.
// The limits per case are those of run_adapter: CPU time of the adapter's process group
// since the path was sent, and a wall-time limit for a process that neither answers nor
// computes.
#include <cerrno>
#include <cstring>
#include <string>
#include <thread>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/conformance/conformance.hpp"
#include "tools/conformance/spawn.hpp"

namespace sgf::tools::conformance {

namespace {

constexpr std::string_view handshake = "sgf-adapter batch 1";
// The handshake comes at start-up (a JVM: a second or two; a loaded machine: more).
constexpr auto handshake_limit = std::chrono::seconds(60);
constexpr std::size_t stderr_keep = 16 * 1024;

}  // namespace

class batch_session {
public:
    // nullptr when the adapter does not answer the handshake (it reads one file per run).
    static std::unique_ptr<batch_session> start(const std::filesystem::path& adapter) {
        auto s = std::unique_ptr<batch_session>(new batch_session);
        s->child_ = detail::spawn({adapter.string(), "--batch"}, true);
        std::string line;
        if (!s->read_line(line, std::chrono::steady_clock::now() + handshake_limit, 0, {}) || line != handshake)
            return nullptr;
        return s;
    }
    batch_session(const batch_session&) = delete;
    batch_session& operator=(const batch_session&) = delete;
    ~batch_session() { stop(); }

    [[nodiscard]] bool alive() const noexcept { return child_.pid > 0; }

    adapter_run run(const std::filesystem::path& file, std::chrono::milliseconds timeout) {
        using clock = std::chrono::steady_clock;
        adapter_run r;
        const auto start = clock::now();
        const double cpu_before = detail::process_cpu_seconds(child_.pid);
        const std::string path = file.string() + "\n";
        bool sent = true;
        for (std::size_t at = 0; at < path.size();) {
            const ssize_t n = ::write(child_.in, path.data() + at, path.size() - at);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                sent = false;
                break;
            }
            at += static_cast<std::size_t>(n);
        }
        std::string line;
        const double cpu_limit = static_cast<double>(timeout.count()) / 1000.0;
        out_cap_ = output_cap(file);
        const bool got = sent && read_line(line, start + wall_limit(timeout), cpu_before + cpu_limit, start + timeout / 4);
        r.seconds = std::chrono::duration<double>(clock::now() - start).count();
        r.cpu_seconds = std::max(0.0, (timed_out_ ? detail::group_cpu_seconds(child_.pid) : detail::process_cpu_seconds(child_.pid)) - cpu_before);
        if (!got && stop_requested()) {
            stop();
            r.result = verdict::unavailable;
            r.detail = "stopped";
            return r;
        }
        if (!got) return ended(std::move(r), cpu_limit, start + wall_limit(timeout));
        // VERDICT <TAB> MESSAGE <TAB> TREE
        const std::size_t t1 = line.find('\t');
        const std::string verdict_word = line.substr(0, t1);
        std::string message, tree;
        if (t1 != std::string::npos) {
            const std::size_t t2 = line.find('\t', t1 + 1);
            message = line.substr(t1 + 1, t2 == std::string::npos ? std::string::npos : t2 - t1 - 1);
            if (t2 != std::string::npos) tree = line.substr(t2 + 1);
        }
        r.detail = detail::visible(message);
        if (verdict_word == "accepted") {
            r.result = verdict::accepted;
            r.out = std::move(tree);
            r.exit_status = 0;
        } else if (verdict_word == "rejected") {
            r.result = verdict::rejected;
            r.exit_status = 1;
        } else if (verdict_word == "unreadable") {
            r.result = verdict::unavailable;
            r.detail = "the adapter could not read the file: " + r.detail;
        } else {
            r.result = verdict::crash;
            if (verdict_word != "crash") r.detail = "unknown batch answer '" + detail::visible(verdict_word, 40) + "'";
        }
        return r;
    }

private:
    batch_session() = default;

    // The process ended or went over a limit: the case is a crash or a timeout, and the
    // session is over (the client starts a new one for the next case).
    adapter_run ended(adapter_run r, double cpu_limit, std::chrono::steady_clock::time_point wall_deadline) {
        bool timed_out = timed_out_;
        int status = 0;
        bool reaped = false;
        // stdout ended without a limit reached: the adapter exits; its status is waited for
        // (up to the wall limit) before the group is killed, which would make it "signal 9"
        while (!timed_out && !too_much_ && !stop_requested()) {
            const pid_t w = ::waitpid(child_.pid, &status, WNOHANG);
            if (w == child_.pid || (w < 0 && errno != EINTR)) {
                reaped = w == child_.pid;
                break;
            }
            if (std::chrono::steady_clock::now() >= wall_deadline) timed_out = true;
            else ::usleep(1000);
        }
        ::kill(-child_.pid, SIGKILL);  // leftovers of its group, or the adapter on a timeout
        while (!reaped && ::waitpid(child_.pid, &status, 0) < 0 && errno == EINTR) {
        }
        const std::string line = detail::message_line(err_);
        close_fds();
        child_.pid = -1;
        r.result = verdict::crash;
        if (too_much_) {
            r.detail = "stopped after more than " + std::to_string(out_cap_ >> 20) + " MiB on stdout";
        } else if (timed_out) {
            r.timed_out = true;
            r.detail = "timeout after " + detail::seconds_text(cpu_limit) + " s CPU (" +
                       detail::seconds_text(static_cast<double>(static_cast<long>(r.seconds * 10)) / 10) + " s wall)";
        } else if (WIFSIGNALED(status)) {
            r.detail = "signal " + std::to_string(WTERMSIG(status)) + " (" + ::strsignal(WTERMSIG(status)) + ")";
        } else {
            r.exit_status = WEXITSTATUS(status);
            r.detail = "exit " + std::to_string(WEXITSTATUS(status)) + " in batch mode";
        }
        if (!line.empty()) r.detail += ": " + line;
        return r;
    }

    // One line of stdout (stderr drained meanwhile). False at the end of stdout, or past
    // the wall deadline, or (after `cpu_from`) when the group has used `cpu_deadline`
    // seconds of CPU (0: no CPU limit); timed_out_ says which.
    bool read_line(std::string& line, std::chrono::steady_clock::time_point wall_deadline, double cpu_deadline,
                   std::chrono::steady_clock::time_point cpu_from) {
        timed_out_ = false;
        too_much_ = false;
        std::size_t searched = 0;  // out_ holds no line break before this (a long line is not searched again per read)
        for (;;) {
            if (const std::size_t nl = out_.find('\n', searched); nl != std::string::npos) {
                line = out_.substr(0, nl);
                out_.erase(0, nl + 1);
                return true;
            }
            searched = out_.size();
            if (out_.size() > out_cap_) {
                too_much_ = true;  // a line longer than any tree: stopped (output_cap)
                return false;
            }
            const auto now = std::chrono::steady_clock::now();
            if (stop_requested()) return false;
            if (now >= wall_deadline ||
                (cpu_deadline > 0 && now >= cpu_from && detail::group_cpu_seconds(child_.pid) >= cpu_deadline)) {
                timed_out_ = true;
                return false;
            }
            pollfd fds[2] = {{child_.out, POLLIN, 0}, {child_.err, POLLIN, 0}};
            const int n = ::poll(fds, 2, 50);
            if (n < 0 && errno != EINTR) return false;
            if (n <= 0) continue;
            char buf[65536];
            if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) {
                const ssize_t got = ::read(child_.err, buf, sizeof buf);
                if (got > 0) {
                    err_.append(buf, static_cast<std::size_t>(got));
                    if (err_.size() > stderr_keep) err_.erase(0, err_.size() - stderr_keep / 2);
                }
            }
            if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
                const ssize_t got = ::read(child_.out, buf, sizeof buf);
                if (got == 0 || (got < 0 && errno != EINTR)) return false;
                if (got > 0) out_.append(buf, static_cast<std::size_t>(got));
            }
        }
    }

    void close_fds() {
        for (int* fd : {&child_.in, &child_.out, &child_.err})
            if (*fd >= 0) {
                ::close(*fd);
                *fd = -1;
            }
    }

    void stop() {
        if (child_.pid <= 0) return;
        close_fds();  // EOF on its stdin: a batch adapter ends by itself
        ::kill(-child_.pid, SIGKILL);
        while (::waitpid(child_.pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        child_.pid = -1;
    }

    detail::child child_;
    std::string out_, err_;
    std::size_t out_cap_ = std::size_t{64} << 20;  // output_cap of the file being read
    bool too_much_ = false;                         // read_line stopped at out_cap_
    bool timed_out_ = false;
};

bool supports_batch(const std::filesystem::path& adapter, std::chrono::milliseconds timeout) {
    const adapter_run r = run_adapter(adapter, "--batch", timeout);
    return r.exit_status == 0 && r.out.starts_with(std::string(handshake) + "\n");
}

adapter_client::adapter_client(std::filesystem::path adapter, std::chrono::milliseconds timeout, bool batch)
    : adapter_(std::move(adapter)), timeout_(timeout), batch_(batch) {}
adapter_client::adapter_client(adapter_client&&) noexcept = default;
adapter_client& adapter_client::operator=(adapter_client&&) noexcept = default;
adapter_client::~adapter_client() = default;

adapter_run adapter_client::run(const std::filesystem::path& file) {
    if (batch_ && (!session_ || !session_->alive())) session_ = batch_session::start(adapter_);
    if (!batch_ || !session_) return run_adapter(adapter_, file, timeout_);  // (no handshake this time: alone)
    return session_->run(file, timeout_);
}

adapter_run adapter_client::run_alone(const std::filesystem::path& file) const { return run_adapter(adapter_, file, timeout_); }

adapter_run recheck_timeout(adapter_run first, const adapter_run& again) {
    if (!first.timed_out || again.timed_out) return first;
    adapter_run r = again;
    r.detail = first.detail + " with other cases; alone: " + std::string(to_string(again.result)) + " in " +
               detail::seconds_text(static_cast<double>(static_cast<long>(again.seconds * 100)) / 100) + " s" +
               (again.detail.empty() ? "" : " (" + again.detail + ")");
    r.result = verdict::flaky;
    r.out.clear();
    return r;
}

}  // namespace sgf::tools::conformance
