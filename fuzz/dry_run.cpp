// Fuzz target dry_run: `sgfcheck fix --dry-run` and `sgfcheck fmt --dry-run` end to end, as
// the command line runs them (the CLI's own run_fix and run_fmt on a file), on any input.
//
// The input is the file. Its size picks the options of the run (--width, --pass-tt,
// --expand-points, --compress-points and --keep-header for fmt, --charset for both, the deletions --delete, --delete-unknown, --delete-obsolete,
// --delete-empty-nodes and --variation-level for fix), so that every input is an SGF file unchanged. For each command:
//   1. both runs return 0 or 1 (2 is a usage or I/O error: there is none here); the
//      dry run returns what the real run returns;
//   2. the dry run's output is empty, or a diff -u from a/FILE to b/FILE
//      (fuzz/unified_patch.hpp reads it strictly) of the file's text (its bytes, or the UTF-8
//      text it was converted to) that gives exactly what the command writes: fix's output,
//      and fmt's in UTF-8 (fmt writes a converted file back in its charset; the diff is of
//      the texts);
//   3. it is empty exactly when the command writes nothing or writes the text unchanged;
//   4. the library functions the commands go through agree (check_library).
// stdout is a memory file while a command runs; stderr (the findings) is discarded.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/loaded.hpp"
#include "fuzz_common.hpp"
#include "sgf/charset.hpp"
#include "sgf/context.hpp"
#include "sgf/fix.hpp"
#include "sgf/input.hpp"
#include "sgf/typed_value.hpp"
#include "tree/tree_rep.hpp"
#include "unified_patch.hpp"

namespace {

// A memory file (memfd), reachable by a path: the input file, and stdout while a command runs.
class memory_file {
public:
    memory_file() : fd_(::memfd_create("sgfcheck-dry-run", MFD_CLOEXEC)) {
        SGF_FUZZ_CHECK(fd_ >= 0, "memfd_create failed");
    }
    ~memory_file() { ::close(fd_); }
    memory_file(const memory_file&) = delete;
    memory_file& operator=(const memory_file&) = delete;

    [[nodiscard]] int fd() const { return fd_; }
    [[nodiscard]] std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }
    void reset(std::string_view bytes = {}) {
        SGF_FUZZ_CHECK(::ftruncate(fd_, 0) == 0 && ::lseek(fd_, 0, SEEK_SET) == 0, "cannot empty a memfd");
        for (std::size_t at = 0; at < bytes.size();) {
            const ssize_t n = ::write(fd_, bytes.data() + at, bytes.size() - at);
            SGF_FUZZ_CHECK(n > 0, "cannot write a memfd");
            at += static_cast<std::size_t>(n);
        }
    }
    [[nodiscard]] std::string contents() const {
        std::string out;
        char buf[65536];
        for (off_t at = 0;;) {
            const ssize_t n = ::pread(fd_, buf, sizeof buf, at);
            SGF_FUZZ_CHECK(n >= 0, "cannot read a memfd");
            if (n == 0) return out;
            out.append(buf, static_cast<std::size_t>(n));
            at += n;
        }
    }

private:
    int fd_;
};

struct discard : std::streambuf {
    int_type overflow(int_type c) override { return traits_type::not_eof(c); }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

struct run_result {
    int status;
    std::string out;
};

// Runs a command of sgfcheck as main() would (usage errors are exit 2), stdout captured.
run_result run(int (*command)(const std::vector<std::string>&), const std::vector<std::string>& args) {
    static memory_file out;
    static discard nothing;
    out.reset();
    std::cout.flush();
    const int saved = ::dup(STDOUT_FILENO);
    SGF_FUZZ_CHECK(saved >= 0 && ::dup2(out.fd(), STDOUT_FILENO) == STDOUT_FILENO, "cannot redirect stdout");
    std::streambuf* const err = std::cerr.rdbuf(&nothing);
    int status = 0;
    try {
        status = command(args);
    } catch (const sgf::cli::usage_error&) {
        status = sgf::cli::exit_usage;
    }
    std::cout.flush();
    std::cerr.rdbuf(err);
    ::dup2(saved, STDOUT_FILENO);
    ::close(saved);
    return {status, out.contents()};
}

// The library functions the commands go through, on the same file (fuzz/SURFACE.md):
// load_file reads what load reads; fix_findings lie inside the file; write_to streams what
// write returns; options_for takes the game and the board of the context (context_of);
// a converted file's text encodes back into its charset (encode_from_utf8, fmt's way back)
// and decodes to the same text.
void check_library(const std::string& file, const std::string& input, const sgf::load_options& lo,
                   const sgf::load_result& r, const std::string& ctx) {
    const sgf::load_result again = sgf::load_file(file, lo);
    SGF_FUZZ_CHECK(sgf::write(again.trees) == sgf::write(r.trees) && again.diagnostics.size() == r.diagnostics.size(),
                   "load_file and load differ; " + ctx);
    const sgf::fix_result f = sgf::fix(r);
    for (const auto& d : sgf::fix_findings(r, f))
        SGF_FUZZ_CHECK(d.where.byte <= input.size(), std::string(d.code) + " of fix_findings outside the file; " + ctx);
    std::string streamed;
    sgf::write_to(f.trees, [&streamed](std::string_view piece) { streamed += piece; });
    SGF_FUZZ_CHECK(streamed == sgf::write(f.trees), "write_to and write differ; " + ctx);
    for (const sgf::game_tree& t : r.trees) {
        const sgf::tree_context c = sgf::context_of(t[0]);
        const sgf::decode_options o = sgf::options_for(c);
        SGF_FUZZ_CHECK(o.game == sgf::find_game(c.gm) && o.size == c.size, "options_for lost the context; " + ctx);
    }
    // (unless bytes kept as no character of the charset read as UTF-8 text: fmt refuses that)
    if (r.converted && !r.kept_as_text.known()) {
        const auto encoded = sgf::encode_from_utf8(r.text(), r.charset, sgf::invalid_policy::keep);
        SGF_FUZZ_CHECK(encoded.has_value(), "decoded text does not encode back into " + r.charset + "; " + ctx);
        if (encoded)
            SGF_FUZZ_CHECK(sgf::decode_to_utf8(*encoded, r.charset, sgf::invalid_policy::keep).utf8 == r.text(),
                           "encoded back into " + r.charset + ", the text decodes otherwise; " + ctx);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static memory_file in;
    const std::string input = sgf_fuzz::bytes_of(data, size);
    in.reset(input);
    const std::string file = in.path();
    // The options of this run, from the size (the bytes stay an SGF file as they are).
    sgf::load_options lo;
    std::vector<std::string> charset, width;
    if (size % 3 == 1) charset = {"--charset", lo.charset = "ISO-8859-1"};
    if (size % 3 == 2) charset = {"--charset=" + (lo.charset = "Shift_JIS")};
    sgf::write_options wo;
    if (size % 4 == 1) width = {"--width", std::to_string(wo.width = 1)};
    if (size % 4 == 2) width = {"--width=" + std::to_string(wo.width = 40)};
    const std::string ctx = "options " + std::to_string(size % 60) + ", input: " + sgf_fuzz::printable(input);

    auto with = [&](std::vector<std::string> a, const std::vector<std::string>& more) {
        a.insert(a.end(), more.begin(), more.end());
        a.push_back(file);
        return a;
    };
    auto check_diff = [&](const char* command, const run_result& dry, const run_result& real, std::string_view text,
                          const std::string& written) {
        const std::string what = std::string(command) + " --dry-run; " + ctx;
        SGF_FUZZ_CHECK(dry.status == 0 || dry.status == 1, "exit " + std::to_string(dry.status) + " of " + what);
        SGF_FUZZ_CHECK(dry.status == real.status, "exit " + std::to_string(dry.status) + " of the dry run, " +
                                                      std::to_string(real.status) + " of the run; " + what);
        const bool unchanged = real.out.empty() || written == text;
        SGF_FUZZ_CHECK(dry.out.empty() == unchanged, "a diff of " + std::to_string(dry.out.size()) +
                                                         " bytes for a run that writes " + std::to_string(real.out.size()) +
                                                         " bytes; " + what);
        if (dry.out.empty()) return;
        const auto p = sgf_fuzz::apply_unified_diff(text, dry.out, "a/" + file, "b/" + file);
        SGF_FUZZ_CHECK(p.error.empty(), p.error + "\n  diff: " + sgf_fuzz::printable(dry.out, 600) + "\n  " + what);
        SGF_FUZZ_CHECK(p.text == written, "the diff applied gives " + sgf_fuzz::printable(p.text, 400) + "\n  written: " +
                                              sgf_fuzz::printable(written, 400) + "\n  " + what);
    };

    {  // fix: reads leniently, writes UTF-8; its deletions by the size too
        lo.lenient = true;
        const sgf::load_result r = sgf::cli::charset_usage_errors([&] { return sgf::load(sgf::file_bytes(input), lo); });
        const std::string_view text = r.converted ? r.text() : r.bytes();
        std::vector<std::string> options = charset;
        if (size % 5 == 1) options.push_back("--delete-unknown");
        if (size % 5 == 2) options.push_back("--delete-obsolete");
        if (size % 5 == 3) options.insert(options.end(), {"--delete-empty-nodes", "--delete", "C,B"});
        if (size % 5 == 4) options.push_back("--delete=AB");
        if (size % 3 == 0) options.push_back("--variation-level");
        const run_result dry = run(sgf::cli::run_fix, with({"--dry-run"}, options));
        const run_result real = run(sgf::cli::run_fix, with({}, options));
        check_diff("fix", dry, real, text, real.out);
        check_library(file, input, lo, r, ctx);
    }
    {  // fmt: the diff is of the texts; a converted file is written back in its charset
        lo.lenient = false;
        const sgf::load_result r = sgf::cli::charset_usage_errors([&] { return sgf::load(sgf::file_bytes(input), lo); });
        const std::string_view text = r.converted ? r.text() : r.bytes();
        std::vector<std::string> options = charset;
        options.insert(options.end(), width.begin(), width.end());
        if (size % 5 == 1) options.push_back("--pass-tt");
        if (size % 5 == 2) options.push_back("--expand-points");
        if (size % 5 == 3) options.insert(options.end(), {"--keep-header", "--pass-tt", "--expand-points"});
        if (size % 5 == 4) options.push_back("--compress-points");
        wo.pass_as_tt = size % 5 == 1 || size % 5 == 3;
        wo.expand_points = size % 5 == 2 || size % 5 == 3;
        wo.compress_points = size % 5 == 4;
        const run_result dry = run(sgf::cli::run_fmt, with({"--dry-run"}, options));
        const run_result real = run(sgf::cli::run_fmt, with({}, options));
        // --keep-header: the text before the first game tree, before it again
        const bool header = size % 5 == 3 && !r.ok() && !r.trees.empty();
        const std::string before = header ? std::string(text.substr(0, sgf::detail::tree_access::rep(r.trees.trees()[0])->open)) : "";
        const std::string written = r.converted && !real.out.empty() ? before + sgf::write(r.trees, wo) : real.out;
        check_diff("fmt", dry, real, text, written);
        // a converted file is written back in its charset: the bytes fmt wrote read as the text
        // (and a text whose kept bytes read as UTF-8 text is not written: load_result::kept_as_text)
        if (r.converted && r.kept_as_text.known())
            SGF_FUZZ_CHECK(real.out.empty(), "fmt wrote a text whose kept bytes read as UTF-8 text; " + ctx);
        if (r.converted && !real.out.empty()) {
            const auto bom = sgf::detect_bom(input);
            const std::string cs = bom ? std::string(bom->charset) : r.charset;
            const sgf::decoded back = sgf::decode_to_utf8(real.out, cs, sgf::invalid_policy::keep);
            SGF_FUZZ_CHECK(back.utf8 == written, "what fmt wrote in " + cs + " does not read as the text it wrote; " + ctx);
            // and the bytes that are no character of a legacy charset are still there, as many
            // (not read as UTF-8 text and encoded as a character of the charset: D0 9F as C8 44)
            const auto kept = [](const sgf::decoded& d) {
                std::size_t n = 0;
                for (const auto& s : d.invalid) n += s.length;
                return n;
            };
            if (!bom) SGF_FUZZ_CHECK(kept(back) == kept(sgf::decode_to_utf8(input, cs, sgf::invalid_policy::keep)),
                                     "fmt's output has other bytes that are no character in " + cs + "; " + ctx);
        }
    }
    return 0;
}
