// Parse-to-tree throughput and peak memory on one big collection (a CLI timing run, not a
// unit test). Usage: sgf_parse_bench FILE [--runs N] [--mode parse|walk|typed|check|rss|replay]
//   parse: median MB/s of parse() (bytes -> sgf::collection), one core
//   walk:  parse, then visit every property and value through the public API
//   typed: walk, and every property's typed value by its row (property::typed in the
//          game tree's context: numbers, points, moves, texts decoded to UTF-8)
//   check: parse, then sgf::check (the checker, Go replay on); prints parse+check against parse
//          alone, measured alternately in the same run, as MB/s and "+N% over parse"
//   rss:   parse once, keep the tree, print peak RSS / file size
//   replay: the floor of the checker's Go replay: the B/W moves of every game's main line
//          (SZ[19] games) are decoded first, then only go_board::play is timed, against parse
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "board/go_board.hpp"  // src/: the checker's board, for the replay floor
#include "sgf/check.hpp"
#include "sgf/parse.hpp"
#include "sgf/typed_value.hpp"

namespace {

// CPU time of this thread: unlike wall time it does not count the time the thread waits
// for a core, so a loaded machine does not skew the parse/check ratio.
double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::size_t walk(const sgf::collection& c, std::size_t& values) {
    std::size_t nodes = 0;
    for (const auto& root : c) {
        for (sgf::preorder it(root); !it.done(); it.next()) {
            ++nodes;
            for (const auto& p : it.current().properties())
                for (const auto& v : p) values += v.raw().size() > 0 ? 1 : 1;
        }
    }
    return nodes;
}

// Every property's typed value; counts those that decode without a finding.
std::size_t walk_typed(const sgf::collection& c, std::size_t& decoded) {
    std::size_t nodes = 0;
    for (const auto& root : c) {
        const sgf::tree_context ctx = sgf::context_of(root);
        for (sgf::preorder it(root); !it.done(); it.next()) {
            ++nodes;
            for (const auto& p : it.current().properties()) decoded += p.typed(ctx).error ? 0 : 1;
        }
    }
    return nodes;
}

// Every main line of 19x19 Go as a list of moves (B, W; passes and non-Go skipped).
struct game_moves {
    std::vector<std::pair<sgf::detail::stone, sgf::board_point>> moves;
};

std::vector<game_moves> main_line_moves(const sgf::collection& c) {
    std::vector<game_moves> games;
    for (const auto& root : c) {
        game_moves g;
        bool nineteen = true;
        for (const auto& [n, path] : sgf::main_line(root)) {
            for (const auto& p : n.properties()) {
                const std::string_view id = p.ident();
                if (id == "SZ" && p.size() == 1 && p.front().raw() != "19") nineteen = false;
                if ((id != "B" && id != "W") || p.size() != 1) continue;
                const sgf::value first = p.front();
                const std::string_view v = first.raw();
                if (v.size() != 2 || v[0] < 'a' || v[0] > 's' || v[1] < 'a' || v[1] > 's') continue;  // pass, tt
                g.moves.push_back({id == "B" ? sgf::detail::stone::black : sgf::detail::stone::white,
                                   {static_cast<std::uint32_t>(v[0] - 'a' + 1), static_cast<std::uint32_t>(v[1] - 'a' + 1)}});
            }
        }
        if (nineteen) games.push_back(std::move(g));
    }
    return games;
}

long peak_rss_kib() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

// --mode build: a game of `moves` moves built through the public API, by the builder and by
// rvalue appends (both must be linear: issue 16), with the peak RSS.
int build_mode(std::size_t moves) {
    double t0 = cpu_seconds();
    sgf::game_tree_builder b;
    b.add({{"FF", {"4"}}, {"GM", {"1"}}, {"SZ", {"19"}}});
    const char letters[] = "abcdefghijklmnopqrs";
    for (std::size_t i = 0; i < moves; ++i) {
        const char point[2] = {letters[i % 19], letters[(i / 19) % 19]};
        b.add({{i % 2 ? "W" : "B", {std::string_view(point, 2)}}});
    }
    const sgf::game_tree built = std::move(b).build();
    const double t_builder = cpu_seconds() - t0;
    t0 = cpu_seconds();
    sgf::game_tree appended({built[0]});
    for (std::size_t i = 1; i <= moves; ++i) appended = std::move(appended).with_node_appended(built[i]);
    const double t_append = cpu_seconds() - t0;
    std::printf("(thread CPU time)\nbuilder:        %zu moves in %.1f ms = %.0f ns per move\n", moves, t_builder * 1e3,
                t_builder * 1e9 / static_cast<double>(moves));
    std::printf("rvalue appends: %zu moves in %.1f ms = %.0f ns per move\n", moves, t_append * 1e3,
                t_append * 1e9 / static_cast<double>(moves));
    std::printf("peak RSS %.1f MB\n", static_cast<double>(peak_rss_kib()) / 1024.0);
    return built.size() == moves + 1 && appended.size() == moves + 1 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: %s FILE [--runs N] [--mode parse|walk|typed|check|rss|replay] [--no-replay]\n"
                     "       %s --mode build [--moves N]\n",
                     argv[0], argv[0]);
        return 2;
    }
    int runs = 7;
    std::size_t moves = 1000000;
    std::string mode = "parse";
    sgf::check_options copts;
    const char* file = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--mode") && i + 1 < argc) mode = argv[++i];
        else if (!std::strcmp(argv[i], "--moves") && i + 1 < argc) moves = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--no-replay")) copts.replay = false;
        else if (file == nullptr) file = argv[i];
    }
    if (mode == "build") return build_mode(moves);
    if (file == nullptr) {
        std::fprintf(stderr, "%s: no input file\n", argv[0]);
        return 2;
    }
    std::string bytes = sgf::read_file(file);
    const double mb = static_cast<double>(bytes.size()) / 1e6;
    if (mode == "rss") {
        const long before = peak_rss_kib();
        const auto size = bytes.size();
        const sgf::parse_result r = sgf::parse(std::move(bytes));
        const long after = peak_rss_kib();
        std::size_t values = 0;
        const std::size_t nodes = walk(r.trees, values);
        std::printf("file %.1f MB, %zu game trees, %zu nodes, %zu values, %zu diagnostics\n", mb, r.trees.size(), nodes,
                    values, r.diagnostics.size());
        std::printf("peak RSS %.1f MB = %.2fx the input (before parse: %.1f MB)\n", static_cast<double>(after) / 1024.0,
                    static_cast<double>(after) * 1024.0 / static_cast<double>(size), static_cast<double>(before) / 1024.0);
        return 0;
    }
    if (mode == "replay") {
        std::vector<double> parse_times, play_times;
        std::size_t played = 0, captures = 0;
        for (int i = 0; i < runs; ++i) {
            std::string a = bytes;
            double t0 = cpu_seconds();
            const sgf::parse_result r = sgf::parse(std::move(a));
            parse_times.push_back(cpu_seconds() - t0);
            const std::vector<game_moves> games = main_line_moves(r.trees);
            sgf::detail::go_board board;
            played = captures = 0;
            t0 = cpu_seconds();
            for (const game_moves& g : games) {
                (void)board.reset({19, 19});
                for (const auto& [s, p] : g.moves) {
                    (void)board.play(s, p);
                    captures += board.last_captures();
                }
                played += g.moves.size();
            }
            play_times.push_back(cpu_seconds() - t0);
        }
        std::sort(parse_times.begin(), parse_times.end());
        std::sort(play_times.begin(), play_times.end());
        const double p = parse_times[parse_times.size() / 2];
        const double t = play_times[play_times.size() / 2];
        std::printf("(thread CPU time)\nparse:  %.1f MB in %.2f ms (median of %d) = %.0f MB/s\n", mb, p * 1e3, runs, mb / p);
        std::printf("replay: %zu main-line moves (%zu captured stones) in %.2f ms = %.1f ns per move = +%.0f%% over parse\n",
                    played, captures, t * 1e3, t * 1e9 / static_cast<double>(played ? played : 1), 100.0 * t / p);
        return 0;
    }
    if (mode == "check") {
        // Alternate the two measurements so that machine noise hits both alike; thread CPU
        // time, so that waiting for a core on a loaded machine does not count.
        std::vector<double> parse_times, total_times, check_times;
        std::size_t findings = 0;
        for (int i = 0; i < runs; ++i) {
            std::string a = bytes;
            double t0 = cpu_seconds();
            sgf::parse_result r = sgf::parse(std::move(a));
            parse_times.push_back(cpu_seconds() - t0);
            if (r.trees.empty()) return 1;
            std::string b = bytes;
            t0 = cpu_seconds();
            sgf::parse_result r2 = sgf::parse(std::move(b));
            const double t1 = cpu_seconds();
            const std::vector<sgf::diagnostic> ds = sgf::check(r2.trees, copts);
            const double t2 = cpu_seconds();
            total_times.push_back(t2 - t0);
            check_times.push_back(t2 - t1);
            findings = ds.size();
        }
        std::sort(parse_times.begin(), parse_times.end());
        std::sort(total_times.begin(), total_times.end());
        std::sort(check_times.begin(), check_times.end());
        const double p = parse_times[parse_times.size() / 2];
        const double t = total_times[total_times.size() / 2];
        const double c = check_times[check_times.size() / 2];
        std::printf("(thread CPU time)\nparse:       %.1f MB in %.2f ms (median of %d) = %.0f MB/s\n", mb, p * 1e3, runs, mb / p);
        std::printf("parse+check: %.1f MB in %.2f ms (median of %d) = %.0f MB/s, %zu findings%s\n", mb, t * 1e3, runs,
                    mb / t, findings, copts.replay ? "" : ", no Go replay");
        std::printf("check alone: %.2f ms = +%.0f%% over parse\n", c * 1e3, 100.0 * c / p);
        return 0;
    }
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        std::string copy = bytes;
        const double t0 = cpu_seconds();  // thread CPU time: a loaded machine does not skew it
        sgf::parse_result r = sgf::parse(std::move(copy));
        std::size_t values = 0;
        if (mode == "walk") (void)walk(r.trees, values);
        if (mode == "typed") (void)walk_typed(r.trees, values);
        times.push_back(cpu_seconds() - t0);
        if (r.trees.empty()) return 1;
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    std::printf("(thread CPU time)\n%s: %.1f MB in %.2f ms (median of %d) = %.0f MB/s\n", mode.c_str(), mb, median * 1e3, runs, mb / median);
    return 0;
}
