// Reading and writing as careful Unix tools do (issue 14, "Output safety"): a failed write to
// any output is exit 2 naming it (/dev/full, RLIMIT_FSIZE as a full disk; stderr too), -o and --in-place
// write through symbolic links and keep the mode, refuse what is not a regular file and
// replacing a read-only file, leave
// no temporary file behind (also when killed, SIGKILL included); honest messages for what
// cannot be read.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <thread>
#include <tuple>
#include <vector>

#include "input/read_file.hpp"
#include "sgf/write.hpp"
#include "write/atomic_file.hpp"
#include "tests/program_util.hpp"
#include "tests/sanitized.hpp"
#include "tests/shared_dir.hpp"

namespace {

namespace fs = std::filesystem;
using sgf_test::slurp;
using sgf_test::temp_dir;

using outcome = sgf_test::run_result;  // out: stdout and stderr together

// Runs a shell command line (sgfcheck as $S), stdout and stderr together.
outcome sh(const std::string& line) { return sgf_test::run_shell("S='" + std::string(SGF_SGFCHECK) + "'; (" + line + ") 2>&1"); }

bool has(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

std::size_t entries(const fs::path& dir) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
}

const std::string game = "(;FF[4]GM[1]SZ[19];B[pd];W[dp])";

}  // namespace

TEST_CASE("io: a failed write to standard output is exit 2 naming it") {
    temp_dir d;
    const std::string f = d.file("a.sgf", "(;FF[3]C[x]GM[1]HA[0])");
    // Every command that writes to standard output, its help included (some end the
    // program from the option parser).
    for (const std::string cmd :
         {"fmt @", "fmt --width 20 @", "dump @", "dump --positions @", "dump --show-inherited @", "fix @",
          "fix --dry-run @", "@", "check --format=json @", "check --format=sarif @", "check --statistics @",
          "check --show-settings @",
          "stats @", "stats --format=json @", "gen --seed 3", "--help", "help fix", "version", "check --help",
          "fmt --help", "dump --help", "fix --help", "stats --help", "gen --help", "diff --help",
          "conformance --help"}) {
        CAPTURE(cmd);
        std::string line = cmd;
        if (const auto at = line.find('@'); at != std::string::npos) line.replace(at, 1, f);
        const outcome o = sh("$S " + line + " > /dev/full");
        CHECK(o.status == 2);
        CHECK(has(o.out, "cannot write standard output: No space left on device"));
        CHECK(o.out.find("cannot write") == o.out.rfind("cannot write"));  // said once
    }
    CHECK(sh("$S fix " + f + " > /dev/null").status == 0);
}

TEST_CASE("io: a failed write to standard error is exit 2 on every command") {
    temp_dir d;
    // Each run says something on stderr: fix its changes, the others findings, a message or
    // the name of what gen made. Lost (2>/dev/full), the run must not look successful.
    const std::string f = d.file("a.sgf", "(;FF[3]C[x]GM[1]HA[0]ZZ[1])");
    const std::string bad = d.file("bad.sgf", "(;FF[4]C[x");
    const std::string missing = (d.path / "missing.sgf").string();
    for (const std::string& cmd : std::vector<std::string>{"fix @", "fix --dry-run @", "fix -o " + (d.path / "o.sgf").string() + " @", "fmt #", "fmt --dry-run #",
          "dump #", "@ --format=sarif", "check --format=json " + missing, "stats " + missing, "gen --seed 3",
          "no-such-command"}) {
        CAPTURE(cmd);
        std::string line = cmd;
        if (const auto at = line.find('@'); at != std::string::npos) line.replace(at, 1, f);
        if (const auto at = line.find('#'); at != std::string::npos) line.replace(at, 1, bad);
        const outcome said = sh("$S " + line + " > /dev/null");
        REQUIRE(!said.out.empty());  // it does say something there
        CHECK(sh("$S " + line + " > /dev/null 2>/dev/full").status == 2);
    }
    // nothing to say: a lost stderr changes nothing
    const std::string clean = d.file("clean.sgf", "(;FF[4]GM[1]SZ[19])\n");
    CHECK(sh("$S fmt " + clean + " > /dev/null 2>/dev/full").status == 0);
    CHECK(sh("$S " + clean + " > /dev/null 2>/dev/full").status == 0);
}

TEST_CASE("io: a full disk (RLIMIT_FSIZE) is exit 2 and leaves no partial or temporary file") {
    temp_dir d;
    const std::string big = "(;FF[4]C[" + std::string(200000, 'x') + "])";
    const std::string f = d.file("big.sgf", big);
    const std::string out = (d.path / "out.sgf").string();
    // ulimit -f counts 1024-byte blocks: 100 kB may be written, the output is 200 kB.
    const outcome o = sh("ulimit -f 100; $S fmt " + f + " -o " + out);
    CHECK(o.status == 2);
    CHECK(has(o.out, "cannot write " + out + ": File too large"));
    CHECK_FALSE(fs::exists(out));
    CHECK(entries(d.path) == 1);  // no temporary file
    const outcome s = sh("ulimit -f 100; $S fmt " + f + " > " + out);
    CHECK(s.status == 2);
    CHECK(has(s.out, "cannot write standard output: File too large"));
    // --in-place: the input stays as it was
    const outcome p = sh("ulimit -f 100; $S fix --in-place " + f);
    CHECK(p.status == 2);
    CHECK(slurp(f) == big);
}

TEST_CASE("io: -o and --in-place write through symbolic links and keep the mode and refuse non-files") {
    temp_dir d;
    const std::string target = d.file("real.sgf", game);
    const fs::path link = d.path / "link.sgf";
    fs::create_symlink("real.sgf", link);
    ::chmod(target.c_str(), 0640);

    REQUIRE(sh("$S fix --in-place " + link.string()).status == 0);
    CHECK(fs::is_symlink(link));                                     // the link stays a link
    CHECK(slurp(target).rfind("(;FF[4]CA[UTF-8]GM[1]SZ[19]", 0) == 0);  // its target was fixed
    struct stat st {};
    REQUIRE(::stat(target.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0640);

    // -o to a link (here dangling: its target is created), a chain of links too
    const fs::path out_link = d.path / "out_link.sgf", chain = d.path / "chain.sgf";
    fs::create_symlink("made.sgf", out_link);
    fs::create_symlink("out_link.sgf", chain);
    REQUIRE(sh("$S fmt " + target + " -o " + chain.string()).status == 0);
    CHECK(fs::is_symlink(chain));
    CHECK(fs::is_symlink(out_link));
    CHECK(slurp(d.path / "made.sgf") == slurp(target));

    // not a regular file: refused with a message, nothing touched
    fs::create_directory(d.path / "dir");
    REQUIRE(::mkfifo((d.path / "fifo").c_str(), 0644) == 0);
    for (const std::string& bad : {(d.path / "dir").string(), (d.path / "fifo").string(), std::string("/dev/zero")}) {
        CAPTURE(bad);
        const outcome o = sh("$S fmt " + target + " -o " + bad);
        CHECK(o.status == 2);
        CHECK(has(o.out, "not a regular file; nothing written\n"));  // the message ends there: no error text after it
    }
    CHECK(fs::is_directory(d.path / "dir"));
    CHECK(fs::is_fifo(d.path / "fifo"));
    // /dev/null is the one exception: users write to it to discard the output
    for (const std::string cmd : {"fmt", "fix", "dump"}) {  // dump has no -o: its stdout
        CAPTURE(cmd);
        const outcome o = sh("$S " + cmd + " " + target + (cmd == "dump" ? " > /dev/null" : " -o /dev/null"));
        CHECK(o.status == 0);
        CHECK(o.out == "");
    }
    struct stat null_st {};
    REQUIRE(::stat("/dev/null", &null_st) == 0);
    CHECK(S_ISCHR(null_st.st_mode));

    // a loop of links
    fs::create_symlink("loop2.sgf", d.path / "loop1.sgf");
    fs::create_symlink("loop1.sgf", d.path / "loop2.sgf");
    const outcome loop = sh("$S fmt " + target + " -o " + (d.path / "loop1.sgf").string());
    CHECK(loop.status == 2);
    CHECK(has(loop.out, "a loop of symbolic links"));
    CHECK(entries(d.path) == 9);  // real, link, out_link, chain, made, dir, fifo, loop1, loop2: no temporary file
}

TEST_CASE("io: a read-only file is not replaced by -o or --in-place and gets no backup") {
    temp_dir d;
    const std::string legacy = "(;FF[3]GM[1]SZ[19];B[pd];W[dp])";  // fix changes it
    const std::string in = d.file("in.sgf", legacy), out = d.file("out.sgf", "old");
    for (const std::string& f : {in, out}) REQUIRE(::chmod(f.c_str(), 0444) == 0);
    // (mode 0444: refused for root too, which the permission alone would let write)
    const outcome to = sh("$S fmt " + in + " -o " + out);
    CHECK(to.status == 2);
    CHECK(has(to.out, "cannot write " + out + ": it is read-only (mode 0444); not replaced (make it writable"));
    CHECK(slurp(out) == "old");
    for (const std::string cmd : {"fix --in-place --backup ", "fmt --in-place ", "fix --in-place "}) {
        CAPTURE(cmd);
        const outcome o = sh("$S " + cmd + in);
        CHECK(o.status == 2);
        CHECK(has(o.out, "cannot write " + in + ": it is read-only (mode 0444)"));
        CHECK(slurp(in) == legacy);
    }
    CHECK_FALSE(fs::exists(in + "~"));  // no backup of a file not replaced
    // a read-only file that needs no change is no error: nothing is written
    const std::string clean = (d.path / "clean.sgf").string();
    REQUIRE(sh("$S fix " + in + " -o " + clean).status == 0);  // fix's output: fixed already
    REQUIRE(::chmod(clean.c_str(), 0444) == 0);
    CHECK(sh("$S fix --in-place " + clean).status == 0);
    // through a symbolic link: the target's mode counts
    const fs::path link = d.path / "link.sgf";
    fs::create_symlink("in.sgf", link);
    CHECK(sh("$S fix --in-place " + link.string()).status == 2);
    CHECK(fs::is_symlink(link));
    // writable again: replaced, its mode kept
    REQUIRE(::chmod(in.c_str(), 0644) == 0);
    CHECK(sh("$S fix --in-place " + in).status == 0);
    CHECK(slurp(in) != legacy);
    CHECK(entries(d.path) == 4);  // in, out, clean, link: no temporary file
}

TEST_CASE("io: an output folder that is a file or a device says so on gen diff and conformance") {
    temp_dir d;
    const std::string file = d.file("taken", "x");
    const std::string tail = "not a folder (";
    struct want {
        std::string line, said;
    };
    for (const want& w : std::vector<want>{
             {"$S gen -o /dev/null", "cannot make the folder /dev/null for -o: it is a character device, " + tail + "-o takes a folder"},
             {"$S gen --count 2 -o " + file + "/sub", "cannot make the folder " + file + "/sub for -o: " + file + " is a file, " + tail},
             {"$S diff --impl true --count 1 --out " + file, "cannot make the folder " + file + " for --out: it is a file, " + tail},
             {"$S conformance --cases " + std::string(SGF_SOURCE_DIR) + "/conformance/cases --impl ours --out " + file,
              "for --out: it is a file, " + tail}}) {
        CAPTURE(w.line);
        const outcome o = sh(w.line);
        CHECK(o.status == 2);
        CHECK(has(o.out, w.said));
        CHECK_FALSE(has(o.out, "filesystem error"));
    }
    CHECK(slurp(file) == "x");
    // a new folder, and its parents, are made
    CHECK(sh("$S gen --count 2 -o " + (d.path / "a" / "b").string()).status == 0);
    CHECK(entries(d.path / "a" / "b") == 4);  // two .sgf and two .expect
}

TEST_CASE("io: replacing a file with other hard links says those names keep the old contents") {
    temp_dir d;
    const std::string legacy = "(;FF[3]GM[1]SZ[19];B[pd];W[dp])";  // fix changes it
    const std::string in = d.file("in.sgf", legacy);
    const fs::path other = d.path / "other.sgf", third = d.path / "third.sgf";
    fs::create_hard_link(in, other);
    const outcome one = sh("$S fix --in-place " + in);
    CHECK(one.status == 0);
    CHECK(has(one.out, "note: " + in + " had 1 other hard link; it is a new file now and that name keeps the old contents"));
    CHECK(slurp(other.string()) == legacy);
    CHECK(slurp(in) != legacy);
    // two other names; -o onto a linked file says the same
    fs::create_hard_link(other, third);
    fs::create_hard_link(other, d.path / "fourth.sgf");
    const outcome two = sh("$S fmt " + in + " -o " + other.string());
    CHECK(two.status == 0);
    CHECK(has(two.out, "note: " + other.string() + " had 2 other hard links; it is a new file now and those names keep"));
    CHECK(slurp(third.string()) == legacy);
    const std::string lone = (d.path / "lone.sgf").string();
    fs::copy_file(in, lone);
    const std::string flat = d.file("flat.sgf", legacy);
    const outcome none = sh("$S fix --in-place " + flat + " && $S fmt " + in + " -o " + lone);
    CHECK(none.status == 0);
    CHECK_FALSE(has(none.out, "hard link"));  // a file of one name: nothing to say
}

TEST_CASE("io: --backup keeps the original next to the fixed file") {
    temp_dir d;
    const std::string f = d.file("g.sgf", game);
    ::chmod(f.c_str(), 0600);
    REQUIRE(sh("$S fix --in-place --backup " + f).status == 0);
    CHECK(slurp(f + "~") == game);
    REQUIRE(sh("$S fix --in-place --backup=.orig " + d.file("h.sgf", game)).status == 0);
    CHECK(slurp((d.path / "h.sgf.orig").string()) == game);
    struct stat st {};
    REQUIRE(::stat((f + "~").c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0600);
    CHECK(sh("$S fix --backup " + f).status == 2);  // only with --in-place
    // a file fix does not change is not rewritten (and gets no backup)
    const std::string clean = d.file("clean.sgf", slurp(f));
    REQUIRE(sh("$S fix --in-place --backup " + clean).status == 0);
    CHECK_FALSE(fs::exists(clean + "~"));
}

TEST_CASE("io: --backup replaces a symbolic link named FILE~ and never writes through it") {
    // A FILE~ link planted to another file (or to /dev/null): the backup takes the link's
    // name, the file it pointed to keeps its bytes, and the original is not thrown away.
    temp_dir d;
    const std::string victim = d.file("victim.txt", "not an SGF file\n");
    for (const std::string& points_to : {victim, std::string("/dev/null"), (d.path / "missing").string()}) {
        CAPTURE(points_to);
        const std::string f = d.file("g.sgf", game);
        fs::remove(f + "~");
        fs::create_symlink(points_to, f + "~");
        REQUIRE(sh("$S fmt --in-place --backup " + f).status == 0);
        CHECK_FALSE(fs::is_symlink(f + "~"));
        CHECK(slurp(f + "~") == game);
        CHECK(slurp(victim) == "not an SGF file\n");
        CHECK_FALSE(fs::exists(d.path / "missing"));
        CHECK(slurp(f) != game);  // the file itself was rewritten
    }
    // FILE itself a link: its target is rewritten, as -o and --in-place do
    const std::string target = d.file("target.sgf", game);
    const std::string link = (d.path / "link.sgf").string();
    fs::create_symlink(target, link);
    REQUIRE(sh("$S fmt --in-place --backup " + link).status == 0);
    CHECK(fs::is_symlink(link));
    CHECK(slurp(link + "~") == game);
    CHECK(slurp(target) != game);
}

// Whether process `pid` has a file open in `dir` other than `except` (its input): the
// temporary file it writes, named or not ("/dir/#1234 (deleted)" for an O_TMPFILE file).
bool writing_in(pid_t pid, const fs::path& dir, const std::string& except) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
        std::error_code lec;
        const std::string link = fs::read_symlink(e.path(), lec).string();
        if (!lec && link.rfind(dir.string() + "/", 0) == 0 && link != except) return true;
    }
    return false;
}

TEST_CASE("io: no temporary file is left whatever signal ends the process and the input survives") {
    temp_dir d;
    // The process is stopped (SIGSTOP) while it has its temporary file open, sent the signal
    // and continued: the signal always comes before the rename. A run that finished before it
    // could be stopped is tried again. SIGKILL included: the temporary file has no name
    // while it is written (src/write/atomic_file.hpp).
    const std::string content = "(;FF[4]C[" + std::string(32 << 20, 'x') + "])";
    const std::string f = d.file("big.sgf", content);
    const fs::path out = d.path / "out.sgf";
    for (const bool in_place : {false, true}) {
        for (const int sig : {SIGKILL, SIGTERM, SIGINT, SIGHUP}) {
            CAPTURE(in_place);
            CAPTURE(sig);
            bool killed = false;
            for (int attempt = 0; attempt < 20 && !killed; ++attempt) {
                fs::remove(out);
                if (in_place) d.file("big.sgf", content);
                const pid_t pid = ::fork();
                REQUIRE(pid >= 0);
                if (pid == 0) {
                    for (const int s : {SIGTERM, SIGINT, SIGHUP}) std::signal(s, SIG_DFL);  // not as the test runner set them
                    if (in_place) ::execl(SGF_SGFCHECK, SGF_SGFCHECK, "fmt", "--in-place", "--width=10", f.c_str(), nullptr);
                    else ::execl(SGF_SGFCHECK, SGF_SGFCHECK, "fmt", f.c_str(), "-o", out.c_str(), static_cast<char*>(nullptr));
                    ::_exit(127);
                }
                int st = 0;
                bool reaped = false, sent = false;
                for (;;) {
                    if (writing_in(pid, d.path, f)) {
                        ::kill(pid, SIGSTOP);
                        REQUIRE(::waitpid(pid, &st, WUNTRACED) == pid);
                        reaped = !WIFSTOPPED(st);  // it ended before the stop
                        if (!reaped) {
                            sent = writing_in(pid, d.path, f) && !fs::exists(out);  // else renamed meanwhile: too late
                            if (sent) ::kill(pid, sig);
                            ::kill(pid, SIGCONT);
                        }
                        break;
                    }
                    if (::waitpid(pid, &st, WNOHANG) == pid) {
                        reaped = true;
                        break;
                    }
                    std::this_thread::sleep_for(std::chrono::microseconds(100));
                }
                if (!reaped) REQUIRE(::waitpid(pid, &st, 0) == pid);
                if (sent) {
                    CHECK(WIFSIGNALED(st));
                    if (WIFSIGNALED(st)) CHECK(WTERMSIG(st) == sig);  // the signal does what it would have done
                    CHECK_FALSE(fs::exists(out));
                    CHECK(slurp(f) == content);
                    killed = true;
                } else {
                    CHECK((WIFEXITED(st) && WEXITSTATUS(st) == 0));  // finished before the signal
                }
                CHECK(entries(d.path) == (fs::exists(out) ? 2u : 1u));  // never a temporary file left
            }
            CHECK(killed);
        }
    }
}

TEST_CASE("io: where the file system has no unnamed files the named temporary file is removed on a signal") {
    // atomic_file in a child process, told to use a named temporary file as it does where
    // O_TMPFILE is missing; the child says when it is writing and waits for the signal.
    temp_dir d;
    const std::string target = d.file("t.sgf", "original");
    for (const int sig : {SIGTERM, SIGINT, SIGHUP, SIGKILL}) {
        CAPTURE(sig);
        int ready[2];
        REQUIRE(::pipe(ready) == 0);
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            ::close(ready[0]);
            for (const int s : {SIGTERM, SIGINT, SIGHUP}) std::signal(s, SIG_DFL);  // not doctest's handlers
            sgf::detail::allow_unnamed_temporaries(false);
            sgf::detail::atomic_file out(target);
            out.write("new contents");
            const bool named = writing_in(::getpid(), d.path, target) && entries(d.path) == 2;
            (void)!::write(ready[1], named ? "n" : "u", 1);
            for (;;) ::pause();
        }
        ::close(ready[1]);
        char said = 0;
        REQUIRE(::read(ready[0], &said, 1) == 1);
        ::close(ready[0]);
        CHECK(said == 'n');  // a named temporary file while it writes
        ::kill(pid, sig);
        int st = 0;
        REQUIRE(::waitpid(pid, &st, 0) == pid);
        CHECK((WIFSIGNALED(st) && WTERMSIG(st) == sig));
        CHECK(slurp(target) == "original");
        if (sig == SIGKILL) {  // nothing can remove it then: the one case a named file stays
            CHECK(entries(d.path) == 2);
            for (const auto& e : fs::directory_iterator(d.path))
                if (e.path() != target) fs::remove(e.path());
        }
        CHECK(entries(d.path) == 1);
    }
    // and it replaces the file as the unnamed one does
    sgf::detail::allow_unnamed_temporaries(false);
    {
        sgf::detail::atomic_file out(target);
        out.write("replaced");
        out.commit();
    }
    sgf::detail::allow_unnamed_temporaries(true);
    CHECK(slurp(target) == "replaced");
    CHECK(entries(d.path) == 1);
    // the library's way to it: the same replacement
    sgf::write_file_atomically(target, "written by the library");
    CHECK(slurp(target) == "written by the library");
    CHECK(entries(d.path) == 1);
}

TEST_CASE("io: honest messages for what cannot be read") {
    temp_dir d;
    const std::string f = d.file("g.sgf", game);
    // fix and fmt take directories (every *.sgf in them), to replace or to diff; dump prints
    // a JSON line per file
    for (const std::string cmd : {"fix", "fmt"}) {
        CAPTURE(cmd);
        const outcome dir = sh("$S " + cmd + " " + d.path.string());
        CHECK(dir.status == 2);
        CHECK(has(dir.out, cmd + " of several files (or a directory) needs --in-place or --dry-run"));
    }
    const outcome dump_dir = sh("$S dump " + d.path.string());
    CHECK(dump_dir.status == 0);
    CHECK(has(dump_dir.out, "\"file\":\"" + f + "\""));
    fs::create_symlink("loop_b", d.path / "loop_a");
    fs::create_symlink("loop_a", d.path / "loop_b");
    const outcome loop = sh("$S fmt " + (d.path / "loop_a").string());
    CHECK(loop.status == 2);
    CHECK(has(loop.out, "a loop of symbolic links"));
    const outcome zero = sh("$S fmt /dev/zero");
    CHECK(zero.status == 2);
    CHECK(has(zero.out, "/dev/zero: it is a character device, not an SGF file\n"));  // no "No such device" after it
    // fix says what the other commands say (not "filesystem error: status: ...")
    const outcome fix_loop = sh("$S fix " + (d.path / "loop_a").string());
    CHECK(fix_loop.status == 2);
    CHECK(fix_loop.out == "sgfcheck: cannot open " + (d.path / "loop_a").string() + ": a loop of symbolic links\n");
    const outcome missing = sh("$S dump " + (d.path / "none.sgf").string());
    CHECK(missing.status == 2);
    CHECK(has(missing.out, "No such file or directory"));

    // FIFOs, pipes and /dev/stdin are streams
    const outcome pipe = sh("printf '%s' '" + game + "' | $S fmt /dev/stdin");
    CHECK(pipe.status == 0);
    CHECK(pipe.out == "(;FF[4]GM[1]SZ[19]\n;B[pd]\n;W[dp])\n");
    REQUIRE(::mkfifo((d.path / "in.fifo").c_str(), 0644) == 0);
    const outcome fifo = sh("(printf '%s' '" + game + "' > " + (d.path / "in.fifo").string() + " &) ; $S dump " +
                            (d.path / "in.fifo").string());
    CHECK(fifo.status == 0);
    CHECK(has(fifo.out, "[[\"B\",[\"pd\"]]]"));
    CHECK(sh("printf '%s' '" + game + "' | $S fix -").status == 0);

    // over the size limit: refused before reading (a sparse file of 2.2 GB reads instantly)
    const fs::path huge = d.path / "huge.sgf";
    { std::FILE* h = std::fopen(huge.c_str(), "w"); REQUIRE(h != nullptr); std::fclose(h); }
    fs::resize_file(huge, 2'200'000'000ULL);
    const auto start = std::chrono::steady_clock::now();
    // 1 GB of address space: no reading it (not under ASan, whose shadow memory needs more).
    const outcome big = sh(std::string(sgf_test::sanitized ? "" : "ulimit -v 1000000; ") + "$S dump " + huge.string());
    CHECK(big.status == 2);
    CHECK(has(big.out, "2200000000 bytes, over the limit of 2147483647 bytes (2 GiB)"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    fs::remove(huge);
}

TEST_CASE("io: a file that changes while it is read is an error") {
    // The reader given a descriptor whose size fstat reported wrongly: fewer bytes (the file
    // was truncated meanwhile) and more (it grew).
    for (const auto& [bytes, said, what] :
         {std::tuple{std::string(10, 'x'), 20u, "it was truncated while being read (10 of 20 bytes)"},
          std::tuple{std::string(30, 'x'), 20u, "it grew while being read (20 bytes, then 10 more)"},
          std::tuple{std::string(21, 'x'), 20u, "it grew while being read (20 bytes, then 1 more)"}}) {
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        REQUIRE(::write(fds[1], bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
        ::close(fds[1]);
        std::string error;
        try {
            (void)sgf::detail::read_sized(fds[0], "f.sgf", said);
        } catch (const std::system_error& e) {
            error = e.what();
        }
        ::close(fds[0]);
        CHECK(error == std::string("cannot read f.sgf: ") + what);  // no "Input/output error" after it
    }
}

TEST_CASE("io: what is no regular file is refused or reported and never waited for") {
    temp_dir d;
    REQUIRE(::mkfifo((d.path / "g.sgf").c_str(), 0644) == 0);
    // --in-place on a FIFO: refused before it is opened (opening it would wait for a writer)
    const auto start = std::chrono::steady_clock::now();
    const outcome in_place = sh("timeout 20 $S fix --in-place " + (d.path / "g.sgf").string());
    CHECK(in_place.status == 2);
    CHECK(has(in_place.out, "g.sgf: it is a FIFO, not a regular file; nothing written"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    // a FIFO named *.sgf in a directory: said, not read, and the run goes on
    d.file("a.sgf", game);
    const outcome dir = sh("timeout 20 $S " + d.path.string());
    CHECK(dir.status == 0);
    CHECK(has(dir.out, "sgfcheck: " + (d.path / "g.sgf").string() + ": a FIFO, not a regular file: skipped"));
    CHECK(has(dir.out, "checked 1 file"));
    const outcome fix_dir = sh("timeout 20 $S fix --dry-run " + d.path.string());
    CHECK(fix_dir.status == 0);
    CHECK(has(fix_dir.out, "a FIFO, not a regular file: skipped"));
}

TEST_CASE("io: fmt writes a UTF-16 file back in pieces within 2.5 times its size") {
    // Under AddressSanitizer the round trip is checked, not the memory (its shadow counts).
    const bool measure = !sgf_test::sanitized;
    if (measure && !fs::exists("/usr/bin/time")) {
        (void)sgf_test::skip_test("needs /usr/bin/time (Debian package time)");
        return;
    }
    temp_dir d;
    // 40 MB of UTF-16LE: one 20 MB value of ASCII text, its byte order mark first
    std::string text = "(;FF[4]GM[1]C[" + std::string(20'000'000, 'x') + "])\n";  // as fmt writes it
    std::string u16 = "\xFF\xFE";
    u16.reserve(2 + text.size() * 2);
    for (const char c : text) {
        u16 += c;
        u16 += '\0';
    }
    text.clear();
    text.shrink_to_fit();
    const std::string in = d.file("u16.sgf", u16);
    const std::string out = (d.path / "out.sgf").string(), rss = (d.path / "rss").string();
    const outcome o = sh((measure ? "/usr/bin/time -f %M -o " + rss : std::string()) + " $S fmt " + in + " -o " + out +
                         " > /dev/null");
    REQUIRE(o.status == 0);
    CHECK(slurp(out) == u16);  // written back as it was, in UTF-16LE with its mark
    if (!measure) {
        MESSAGE("peak memory not measured under AddressSanitizer (its shadow memory counts)");
        return;
    }
    std::string peak = slurp(rss);  // "%M" on the last line
    while (!peak.empty() && peak.back() == '\n') peak.pop_back();
    const double kb = std::stod(peak.substr(peak.rfind('\n') + 1));
    const double ratio = kb * 1024 / static_cast<double>(u16.size());
    MESSAGE("fmt of a 40 MB UTF-16 file: peak RSS ", kb / 1024, " MB = ", ratio, "x the input");
    CHECK(ratio <= 2.5);  // 3.04x when the text was written whole, then encoded whole
}
