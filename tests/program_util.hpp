#pragma once
// Shared helpers of the suites that run sgfcheck as a program (cli, diff, conformance
// runner): running it, a scratch folder for its inputs, outputs and fake adapters, and
// reading back what it wrote.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <signal.h>

#ifndef SGF_SGFCHECK
#error "SGF_SGFCHECK (the sgfcheck program under test) must be defined by the build"
#endif

namespace sgf_test {

namespace fs = std::filesystem;

struct run_result {
    int status;  // the exit status; -1 when killed by a signal
    std::string out;
};

// Runs a shell command line, its stdout captured.
inline run_result run_shell(const std::string& command_line) {
    FILE* p = popen(command_line.c_str(), "r");
    REQUIRE(p != nullptr);
    std::string out;
    std::array<char, 4096> buf{};
    while (const std::size_t n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
    const int st = pclose(p);
    return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

// Runs sgfcheck with `args` (shell words), stdout captured, stderr to /dev/null, stdin
// from `stdin_file` when one is given.
inline run_result run(const std::string& args, const std::string& stdin_file = "") {
    std::string cmd = std::string(SGF_SGFCHECK) + " " + args + " 2>/dev/null";
    if (!stdin_file.empty()) cmd += " < " + stdin_file;
    return run_shell(cmd);
}

struct run_output {
    int status;  // the exit status; -1 when killed by a signal
    std::string out, err;
};

// Runs sgfcheck with `args` (shell words) after `env` (shell assignments, may be empty),
// stdout and stderr captured apart.
inline run_output run_both(const std::string& args, const std::string& env = "") {
    static int counter = 0;
    const fs::path err_file =
        fs::temp_directory_path() / ("sgfcheck_stderr_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    const std::string cmd = env + (env.empty() ? "" : " ") + std::string(SGF_SGFCHECK) + " " + args + " 2>" +
                            err_file.string() + " </dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::string out;
    std::array<char, 4096> buf{};
    while (const std::size_t n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
    const int st = pclose(p);
    std::ifstream e(err_file, std::ios::binary);
    std::string err{std::istreambuf_iterator<char>(e), std::istreambuf_iterator<char>()};
    std::error_code ec;
    fs::remove(err_file, ec);
    return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out, err};
}

// sgfcheck with `args` started as a child process (stdout and stderr to /dev/null), so
// that a test can stop it at any point: wait until `ready()` holds (at most a minute),
// `more` seconds longer, then send `sig`. Returns the wait status.
template <class Ready>
int run_and_kill(const std::vector<std::string>& args, Ready ready, double more, int sig) {
    std::vector<std::string> argv_s{SGF_SGFCHECK};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::fflush(nullptr);  // the child must not write the test's buffered output again
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        std::freopen("/dev/null", "w", stdout);
        std::freopen("/dev/null", "w", stderr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    for (int i = 0; i < 1200 && !ready(); ++i) ::usleep(50'000);
    ::usleep(static_cast<useconds_t>(more * 1e6));
    ::kill(pid, sig);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
    }
    return status;
}

// A whole file as bytes ("" when it cannot be read).
inline std::string slurp(const fs::path& f) {
    std::ifstream in(f, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A fresh folder under the system temp folder, removed with all it holds at the end of the
// test. Named by process and count: ctest runs test cases as parallel processes.
struct temp_dir {
    fs::path path;
    temp_dir() {
        static int counter = 0;
        path = fs::temp_directory_path() / ("sgfcheck_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~temp_dir() { fs::remove_all(path); }
    temp_dir(const temp_dir&) = delete;
    temp_dir& operator=(const temp_dir&) = delete;

    // Writes `content` to path/name (folders created as needed); returns the file's path.
    std::string file(const std::string& name, const std::string& content, bool executable = false) const {
        const fs::path f = path / name;
        fs::create_directories(f.parent_path());
        std::ofstream(f, std::ios::binary) << content;
        if (executable)
            fs::permissions(f, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                   fs::perms::others_read | fs::perms::others_exec);
        return f.string();
    }
    // An executable shell script running `body`; returns its path.
    std::string script(const std::string& name, const std::string& body) const {
        return file(name, "#!/bin/sh\n" + body + "\n", true);
    }
};

}  // namespace sgf_test
