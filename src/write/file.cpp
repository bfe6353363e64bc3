// Writing a file so that readers never see half of it (src/write/atomic_file.hpp).
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sgf/write.hpp"
#include "input/io_error.hpp"
#include "write/atomic_file.hpp"

namespace sgf {

namespace detail {

namespace {

// The temporary file to remove when a signal ends the process (one at a time: the CLI writes
// its outputs one after the other). A fixed buffer: the handler may only use what is
// async-signal-safe.
char pending_temp[PATH_MAX + 1];
volatile std::sig_atomic_t pending = 0;

extern "C" void remove_temp_and_reraise(int sig) {
    if (pending) ::unlink(pending_temp);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

// Where a signal has its default action (which ends the process): an action that removes the
// temporary file first. Checked for every file: an ignored signal stays ignored (nohup), a
// program's own handler stays its own, and a disposition reset since the last file (a
// forked child) gets the handler again.
void install_handlers() {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction old {};
        if (::sigaction(sig, nullptr, &old) != 0 || (old.sa_flags & SA_SIGINFO) != 0 || old.sa_handler != SIG_DFL)
            continue;
        struct sigaction sa {};
        sa.sa_handler = remove_temp_and_reraise;
        sigemptyset(&sa.sa_mask);
        ::sigaction(sig, &sa, nullptr);
    }
    ignore_file_size_signal();
}

std::string dir_of(const std::string& p) {
    const auto slash = p.rfind('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return p.substr(0, slash);
}

std::string base_of(const std::string& p) {
    const auto slash = p.rfind('/');
    return slash == std::string::npos ? p : p.substr(slash + 1);
}

std::string_view kind_of(mode_t m) {
    if (S_ISDIR(m)) return "a directory";
    if (S_ISFIFO(m)) return "a FIFO";
    if (S_ISCHR(m)) return "a character device";
    if (S_ISBLK(m)) return "a block device";
    if (S_ISSOCK(m)) return "a socket";
    return "not a regular file";
}

}  // namespace

void ignore_file_size_signal() {
#ifdef SIGXFSZ
    std::signal(SIGXFSZ, SIG_IGN);
#endif
}

std::string resolve_output(const std::string& path, atomic_file::links l) {
    std::string p = path;
    for (int hops = 0;; ++hops) {
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0) {
            if (errno == ENOENT) return p;  // a new file (or a dangling link's target)
            fail_errno(errno, "cannot write " + path);
        }
        if (S_ISLNK(st.st_mode) && l == atomic_file::links::replace) return p;  // the rename replaces the link
        if (S_ISLNK(st.st_mode)) {
            if (hops >= 40) fail_saying(ELOOP, "cannot write " + path + ": a loop of symbolic links");
            std::string link(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : PATH_MAX), '\0');
            const ssize_t n = ::readlink(p.c_str(), link.data(), link.size());
            if (n < 0) fail_errno(errno, "cannot write " + path);
            link.resize(static_cast<std::size_t>(n));
            p = link.front() == '/' ? link : dir_of(p) + "/" + link;
            continue;
        }
        if (!S_ISREG(st.st_mode))
            fail_saying(S_ISDIR(st.st_mode) ? EISDIR : EINVAL,
                 "cannot write " + path + ": it is " + std::string(kind_of(st.st_mode)) + ", not a regular file; nothing written");
        return p;
    }
}

namespace {

std::atomic<bool> unnamed_allowed{true};

// The path by which an open file can be linked into a directory (linkat with
// AT_SYMLINK_FOLLOW): /proc/self/fd/N. Without /proc, no unnamed temporary files.
std::string fd_path(int fd) { return "/proc/self/fd/" + std::to_string(fd); }

}  // namespace

void allow_unnamed_temporaries(bool allowed) { unnamed_allowed = allowed; }

atomic_file::atomic_file(const std::string& path, links l)
    : path_(path), target_(resolve_output(path, l)), follows_(l == links::follow) {
    install_handlers();
    struct stat st {};
    // (a link to replace is no file whose mode and owner the new one takes)
    if ((l == links::follow ? ::stat(target_.c_str(), &st) : ::lstat(target_.c_str(), &st)) == 0 && S_ISREG(st.st_mode)) {
        exists_ = true;
        mode_ = st.st_mode & 07777;
        uid_ = st.st_uid;
        gid_ = st.st_gid;
        if (follows_ && st.st_nlink > 1) other_links_ = static_cast<unsigned long>(st.st_nlink - 1);
    }
#ifdef O_TMPFILE
    static const bool proc_fds = ::access("/proc/self/fd", X_OK) == 0;
    if (unnamed_allowed && proc_fds) {
        fd_ = ::open(dir_of(target_).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
        unnamed_ = fd_ >= 0;  // else (EOPNOTSUPP, EISDIR on old kernels, ...) a named one
    }
#endif
    if (fd_ < 0) open_named();
}

std::string atomic_file::temp_name() const {
    std::random_device rd;
    std::string name = dir_of(target_) + "/." + base_of(target_) + ".sgfcheck-" + std::to_string(rd());
    if (name.size() > PATH_MAX) fail_errno(ENAMETOOLONG, "cannot write " + path_);
    return name;
}

// The named temporary file: named for the signal handler before it exists, so that a signal
// right after open() finds it (an unlink of a name not created yet does nothing).
void atomic_file::open_named() {
    for (int attempt = 0; fd_ < 0; ++attempt) {
        std::string name = temp_name();
        pending = 0;
        std::memcpy(pending_temp, name.c_str(), name.size() + 1);
        pending = 1;
        fd_ = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd_ >= 0) {
            temp_ = std::move(name);
        } else {
            pending = 0;
            if (errno != EEXIST || attempt > 100)
                fail_errno(errno, "cannot write " + path_ + " (a temporary file in " + dir_of(target_) + ")");
        }
    }
}

atomic_file::~atomic_file() {
    if (fd_ >= 0) ::close(fd_);  // an unnamed file is gone with it
    if (!temp_.empty()) {
        ::unlink(temp_.c_str());
        pending = 0;
    }
}

void atomic_file::write(std::string_view bytes) {
    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd_, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail_errno(errno, "cannot write " + path_);
        p += n;
        left -= static_cast<std::size_t>(n);
    }
}

void atomic_file::commit() { finish(true); }

void atomic_file::check_replaceable() const {
    if (!exists_ || !follows_) return;  // (a backup's name is replaced, never written: links::replace)
    if ((mode_ & 0222) != 0 && ::access(target_.c_str(), W_OK) == 0) return;
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", mode_);
    fail_saying(EACCES, "cannot write " + path_ + ": it is read-only (mode " + mode + "); not replaced (make it writable, e.g. chmod u+w, to let it be replaced)");
}

void atomic_file::commit_new() { finish(false); }

void atomic_file::finish(bool replace) {
    if (replace) check_replaceable();
    if (!replace && exists_) fail_errno(EEXIST, path_ + " exists: not replaced");
    if (exists_) {
        (void)::fchown(fd_, uid_, gid_);  // where allowed (root): keep the owner
        if (::fchmod(fd_, mode_) != 0) fail_errno(errno, "cannot write " + path_);
    }
    if (::fsync(fd_) != 0) fail_errno(errno, "cannot write " + path_);
    if (unnamed_) {  // a name now, and at once the target's
        for (int attempt = 0; temp_.empty(); ++attempt) {
            std::string name = temp_name();
            pending = 0;
            std::memcpy(pending_temp, name.c_str(), name.size() + 1);
            pending = 1;
            if (::linkat(AT_FDCWD, fd_path(fd_).c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
                temp_ = std::move(name);
            } else {
                pending = 0;
                if (errno != EEXIST || attempt > 100) fail_errno(errno, "cannot write " + path_);
            }
        }
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail_errno(errno, "cannot write " + path_);
    if (!replace) {  // a second name, only where there is none yet; then the temporary one goes
        if (::link(temp_.c_str(), target_.c_str()) != 0)
            fail_errno(errno, errno == EEXIST ? path_ + " exists: not replaced" : "cannot write " + path_);
        (void)::unlink(temp_.c_str());
    } else if (::rename(temp_.c_str(), target_.c_str()) != 0) {
        fail_errno(errno, "cannot replace " + path_);
    }
    temp_.clear();
    pending = 0;
}

}  // namespace detail

void detail::make_output_folder(const std::filesystem::path& path, std::string_view option) {
    const std::string name = path.string();
    std::error_code ec;
    std::filesystem::create_directories(path, ec);
    if (!ec) return;
    // The first part of the path that exists and is no folder says what is wrong.
    for (std::filesystem::path p = path; !p.empty(); p = p.parent_path()) {
        struct stat st {};
        if (::stat(p.c_str(), &st) == 0) {
            if (S_ISDIR(st.st_mode)) break;
            const std::string what = S_ISREG(st.st_mode) ? std::string("a file") : std::string(kind_of(st.st_mode));
            fail_saying(ENOTDIR, "cannot make the folder " + name + " for " + std::string(option) + ": " +
                                     (p == path ? std::string("it") : p.string()) + " is " + what +
                                     ", not a folder (" + std::string(option) + " takes a folder: a new name or an existing folder)");
        }
        if (p == p.parent_path()) break;
    }
    fail_errno(ec.value(), "cannot make the folder " + name + " for " + std::string(option));
}

void write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
    detail::atomic_file f(path.string());
    f.write(bytes);
    f.commit();
}

}  // namespace sgf
