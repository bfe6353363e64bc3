// Replay main: runs a fuzz target (fuzz/<target>.cpp) on files, without libFuzzer, so that
// every target also builds and runs with g++ in the normal build (fuzz_replay_<target>).
//
//   fuzz_replay_<target> [-v] [--generated FILE] FILE|DIR...
//
// Directories are read recursively (files sorted by path). --generated FILE builds the
// cases of fuzz/regressions/generated.txt meant for this target (fuzz/generated.hpp).
// A failing check aborts with its message, like under libFuzzer; exit 0 when all passed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "generated.hpp"

#ifndef SGF_FUZZ_TARGET_NAME
#error "SGF_FUZZ_TARGET_NAME (the target's name, e.g. \"parse_strict\") must be defined by the build"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

bool verbose = false;

void run_one(const std::string& label, const std::string& bytes) {
    if (verbose) std::fprintf(stderr, "%s (%zu bytes)\n", label.c_str(), bytes.size());
    (void)LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    if (!f) throw std::runtime_error("cannot read " + p.string());
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t runs = 0;
    try {
        for (int a = 1; a < argc; ++a) {
            const std::string arg = argv[a];
            if (arg == "-v") {
                verbose = true;
            } else if (arg == "--generated") {
                if (++a == argc) throw std::runtime_error("--generated needs a file");
                for (const auto& c : sgf_fuzz::read_generated(argv[a])) {
                    if (!c.for_target(SGF_FUZZ_TARGET_NAME) || (c.heavy() && !sgf_fuzz::heavy_enabled())) continue;
                    run_one("generated:" + c.name, c.build());
                    ++runs;
                }
            } else if (fs::is_directory(arg)) {
                std::vector<fs::path> files;
                for (const auto& e : fs::recursive_directory_iterator(arg))
                    if (e.is_regular_file()) files.push_back(e.path());
                std::sort(files.begin(), files.end());
                for (const auto& f : files) {
                    run_one(f.string(), slurp(f));
                    ++runs;
                }
            } else {
                run_one(arg, slurp(arg));
                ++runs;
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz_replay_%s: %s\n", SGF_FUZZ_TARGET_NAME, e.what());
        return 2;
    }
    std::printf("fuzz_replay_%s: %zu inputs passed\n", SGF_FUZZ_TARGET_NAME, runs);
    return 0;
}
