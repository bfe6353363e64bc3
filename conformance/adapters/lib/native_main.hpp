// The adapter contract for the readers written in C and C++ (see ../README.md): include
// this, define `answer read_file(const std::string& path, bool want_tree)`, and call
// adapter_main from main. `FILE` mode exits 0/1/2 (66: unreadable); `--batch` mode prints
// the handshake "sgf-adapter batch 1", then answers each path read on stdin with one line
// VERDICT<TAB>MESSAGE<TAB>TREE. In batch mode every file is read in a child process
// (fork), so a reader that crashes on one file (a signal, an abort, a blown stack)
// gives that file the verdict "crash" and the batch goes on.
#pragma once
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct answer {
    std::string verdict;  // accepted | rejected | crash
    std::string message;  // one line
    std::string tree;     // JSON, only when accepted and asked for
};

answer read_file(const std::string& path, bool want_tree);

namespace adapter_detail {

inline std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    if (s.size() > 300) s.resize(300);
    return s;
}

inline bool readable(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), R_OK) == 0;
}

// The reader in a child process; its answer comes back through a pipe.
inline std::string forked_line(const std::string& path, bool want_tree) {
    int fds[2];
    if (::pipe(fds) != 0) return "crash\tpipe failed\t";
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        answer a;
        try {
            a = read_file(path, want_tree);
        } catch (...) {
            a = {"crash", "unexpected C++ exception", ""};
        }
        const std::string line = a.verdict + "\t" + one_line(a.message) + "\t" + a.tree;
        for (std::size_t at = 0; at < line.size();) {
            const ssize_t n = ::write(fds[1], line.data() + at, line.size() - at);
            if (n <= 0) break;
            at += static_cast<std::size_t>(n);
        }
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string got;
    char buf[65536];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) != 0;) {
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        got.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(status))
        return "crash\tsignal " + std::to_string(WTERMSIG(status)) + " (" + ::strsignal(WTERMSIG(status)) + ")\t";
    if (got.empty()) return "crash\texit " + std::to_string(WEXITSTATUS(status)) + " without an answer\t";
    return got;
}

}  // namespace adapter_detail

inline int adapter_main(int argc, char** argv) {
    using namespace adapter_detail;
    const char* t = std::getenv("SGF_ADAPTER_TREE");
    const bool want_tree = t != nullptr && std::strcmp(t, "1") == 0;
    if (argc == 2 && std::strcmp(argv[1], "--batch") == 0) {
        std::cout << "sgf-adapter batch 1\n" << std::flush;
        for (std::string path; std::getline(std::cin, path);) {
            if (!readable(path)) std::cout << "unreadable\tcannot read " << one_line(path) << "\t\n" << std::flush;
            else std::cout << forked_line(path, want_tree) << "\n" << std::flush;
        }
        return 0;
    }
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " FILE | --batch\n";
        return 64;
    }
    if (!readable(argv[1])) {
        std::cerr << "cannot read " << argv[1] << "\n";
        return 66;
    }
    const answer a = read_file(argv[1], want_tree);  // a crash here is the process's own
    if (a.verdict == "accepted") {
        if (!a.tree.empty()) std::cout << a.tree << "\n";
        return 0;
    }
    std::cerr << a.verdict << ": " << one_line(a.message) << "\n";
    return a.verdict == "rejected" ? 1 : 2;
}
