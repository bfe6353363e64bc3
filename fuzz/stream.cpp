// Fuzz target stream: the streaming check of a file (src/check/stream.hpp) is check_file's
// on the same bytes, and its reader of game trees is the grammar's.
//
// Invariants, on any input:
//   1. parse_game_tree (src/parse/parse_tree.hpp), the second reader of the GameTree
//      production, reads what grammar::game_tree reads (fuzz/tree_reader_reference.hpp): the
//      same verdict, end and events for every game tree of the input read one after another,
//      and of a prefix of it cut anywhere (a window that ends inside a game tree);
//   2. check_streamed on the input written to a file, read in pieces of several sizes (one
//      byte up to 1 MiB) on 1 to 3 threads, either hands the file back to the whole-file path
//      (the same verdict for every piece size and thread count) or gives exactly
//      check_file's findings: code, level, position, related position, message, hint and
//      count of each, in the same order;
//   3. the excerpt it keeps of each finding for a text report is the one the whole file
//      gives (excerpt_at over all bytes);
// with the default options and with a profile, --lenient and the replay chosen from the
// input's hash. Inputs over 64 KB (the generated regressions) get one piece size and thread
// count.
#include <sys/mman.h>
#include <unistd.h>

#include "check/stream.hpp"
#include "fuzz_common.hpp"
#include "sgf/check_file.hpp"
#include "tree_reader_reference.hpp"

namespace {

struct fd_closer {
    int fd;
    ~fd_closer() { ::close(fd); }
};

std::string position_text(const sgf::position& p) {
    return std::to_string(p.byte) + "(" + std::to_string(p.line) + ":" + std::to_string(p.column) + ")";
}

// Every field of a finding, for comparing and for failure messages.
std::string fields(const sgf::diagnostic& d) {
    std::string s = std::string(d.code) + "/" + std::string(sgf::to_string(d.level)) + " at " + position_text(d.where);
    if (d.related) s += " related " + position_text(*d.related);
    s += " count " + std::to_string(d.count) + ": " + d.message + " | " + d.hint;
    return s;
}

std::uint64_t hash_of(std::string_view s) {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

// check_streamed on the file `fd` holding `input`, compared with check_file's findings;
// whether it streamed it.
bool compare_streamed(int fd, const std::string& input, const std::vector<sgf::diagnostic>& expected,
                      const sgf::load_options& lo, const sgf::check_options& co, std::size_t piece, unsigned threads,
                      bool excerpts, const std::string& ctx) {
    sgf::detail::stream_options so;
    so.piece = piece;
    so.threads = threads;
    so.excerpts = excerpts;
    const std::string how = "read " + std::to_string(piece) + " bytes at a time on " + std::to_string(threads) +
                            " threads, profile " + std::to_string(static_cast<int>(co.prof)) + (lo.lenient ? " lenient" : "") +
                            (co.replay ? "" : " no replay") + "; " + ctx;
    const auto r = sgf::detail::check_streamed(fd, "fuzz.sgf", input.size(), lo, co, so);
    if (!r) return false;
    const std::vector<sgf::diagnostic>& got = r->diagnostics;
    for (std::size_t k = 0; k < got.size() || k < expected.size(); ++k) {
        const std::string g = k < got.size() ? fields(got[k]) : "(none)";
        const std::string e = k < expected.size() ? fields(expected[k]) : "(none)";
        SGF_FUZZ_CHECK(g == e, "finding " + std::to_string(k) + " streamed: " + g + "\n  check_file: " + e + "\n  " + how);
        SGF_FUZZ_CHECK(got[k].id == expected[k].id, "finding " + std::to_string(k) + " of another rule: " + how);
    }
    if (!excerpts) {
        SGF_FUZZ_CHECK(r->excerpts.empty(), "excerpts kept unasked; " + how);
        return true;
    }
    SGF_FUZZ_CHECK(r->excerpts.size() == got.size(), "not one excerpt per finding; " + how);
    for (std::size_t k = 0; k < got.size(); ++k) {
        if (!got[k].where.known()) continue;
        const sgf::detail::excerpt whole =
            sgf::detail::excerpt_at(input.data(), input.data() + input.size(), 0, got[k].where.byte);
        SGF_FUZZ_CHECK(r->excerpts[k].bytes == whole.bytes && r->excerpts[k].at == whole.at,
                       "the excerpt of finding " + std::to_string(k) + " (" + fields(got[k]) + ") is \"" +
                           sgf_fuzz::printable(r->excerpts[k].bytes) + "\" at " + std::to_string(r->excerpts[k].at) +
                           ", the whole file's \"" + sgf_fuzz::printable(whole.bytes) + "\" at " +
                           std::to_string(whole.at) + "; " + how);
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const std::string ctx = "input: " + sgf_fuzz::printable(input);
    const std::uint64_t h = hash_of(input);
    const bool small = size <= (std::size_t{1} << 16);

    // 1. parse_game_tree against the grammar, on the input and on a prefix
    std::size_t trees = 0;
    std::string differ = sgf_reference::compare_tree_readers(input, trees);
    SGF_FUZZ_CHECK(differ.empty(), differ + "; " + ctx);
    if (small && size > 0) {
        const std::string cut = input.substr(0, static_cast<std::size_t>(h % size));
        differ = sgf_reference::compare_tree_readers(cut, trees);
        SGF_FUZZ_CHECK(differ.empty(), differ + " (the input cut after " + std::to_string(cut.size()) + " bytes); " + ctx);
    }

    // 2, 3. the streaming check against check_file
    if (size == 0) return 0;
    const int fd = ::memfd_create("fuzz.sgf", MFD_CLOEXEC);
    SGF_FUZZ_CHECK(fd >= 0, "memfd_create failed");
    const fd_closer guard{fd};
    for (std::size_t done = 0; done < size;) {
        const ssize_t k = ::write(fd, input.data() + done, size - done);
        SGF_FUZZ_CHECK(k > 0, "cannot write the input to a memfd");
        done += static_cast<std::size_t>(k);
    }
    struct options {
        sgf::load_options lo;
        sgf::check_options co;
    };
    std::vector<options> sets{{}};
    if (small) {
        options chosen;
        chosen.lo.lenient = (h >> 40) & 1;
        chosen.co.prof = static_cast<sgf::profile>((h >> 41) % sgf::profile_count);
        chosen.co.replay = ((h >> 43) & 3) != 0;
        if (chosen.lo.lenient || chosen.co.prof != sgf::profile::ff4 || !chosen.co.replay) sets.push_back(chosen);
    }
    for (const options& o : sets) {
        sgf::load_options lo = o.lo;
        lo.prof = o.co.prof;
        const std::vector<sgf::diagnostic> expected = sgf::check_file(sgf::file_bytes(input), lo, o.co).diagnostics;
        struct way {
            std::size_t piece;
            unsigned threads;
            bool excerpts;
        };
        std::vector<way> ways{{std::size_t{1} << 20, 1, false}};
        if (small) {
            ways.push_back({1 + static_cast<std::size_t>(h % 13), 1, true});
            ways.push_back({1 + static_cast<std::size_t>((h >> 8) % 4096), 2 + static_cast<unsigned>((h >> 20) & 1), true});
        }
        std::optional<bool> streamed;
        for (const way& w : ways) {
            const bool s = compare_streamed(fd, input, expected, o.lo, o.co, w.piece, w.threads, w.excerpts, ctx);
            if (streamed)
                SGF_FUZZ_CHECK(s == *streamed, "streamed with one piece size or thread count, handed back with another "
                                               "(piece " + std::to_string(w.piece) + "); " + ctx);
            streamed = s;
        }
    }
    return 0;
}
