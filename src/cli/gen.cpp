// sgfcheck gen: generated SGF files (src/tools/generate/generate.hpp), one per seed, with the
// .expect file that says what sgfcheck must report (the conformance corpus format).
#include <filesystem>
#include <iostream>
#include <limits>

#include "cli.hpp"
#include "sgf/write.hpp"
#include "tools/generate/generate.hpp"
#include "write/atomic_file.hpp"

namespace sgf::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* gen_usage = R"(Usage: sgfcheck gen [--seed N] [--count N] [--valid|--invalid] [--max-bytes N]
                    [--depth N] [--width N] [--huge] [--mutation NAME] [--gm N]
                    [--no-private] [-o DIR] [--list]
Generates SGF files from the FF[4] grammar and the property rule table. File i of a run
is a function of seed+i alone: `sgfcheck gen --seed S` reproduces any file whose name
ends in _gen_S. Valid files use every property row and value form of their game; an
invalid file is a valid one with ONE mutation whose diagnostic is known.
  --seed N        first seed (default 1)
  --count N       number of files (default 1)
  --valid, --invalid   only valid / only invalid files (default: the seed decides)
  --max-bytes N   soft size limit of each file (default 16384)
  --depth N       the first game tree nests N variations deep (above 100000: --huge)
  --width N       the first game tree has N sibling variations (above 100000: --huge)
  --mutation NAME invalid files: this mutation when it fits the file (see --list)
  --gm N          only this game (1 Go, 6, 9, 11, 18, 19, 20, 21; default: the seed decides)
  --no-private    no private (unknown) properties in valid files
  -o DIR          write DIR/<name>.sgf and DIR/<name>.expect (a .json beside it when the
                  tree is long); without -o the one file goes to standard output
  --list          list the mutations (with their diagnostic codes) and the features
)";

void list() {
    std::cout << "mutations (invalid files):\n";
    for (const auto& m : all_mutations()) {
        std::cout << "  " << m.name << "  " << m.code;
        if (!m.also.empty()) std::cout << "+" << m.also;
        std::cout << "  " << m.what << "\n";
    }
    std::cout << "features (valid and invalid files):\n";
    for (const auto f : all_features()) std::cout << "  " << f << "\n";
}

}  // namespace

bool generator_option(const std::vector<std::string>& args, std::size_t& i, generate_options& o) {
    const std::string& a = args[i];
    if (auto v = option_value(args, i, "--seed")) o.seed = number_option("--seed", *v);
    else if (a == "--valid") o.mode = gen_mode::valid;
    else if (a == "--invalid") o.mode = gen_mode::invalid;
    else if (auto b = option_value(args, i, "--max-bytes")) o.max_bytes = static_cast<std::size_t>(number_option("--max-bytes", *b));
    else if (auto d = option_value(args, i, "--depth")) o.depth = static_cast<std::size_t>(number_option("--depth", *d));
    else if (auto w = option_value(args, i, "--width")) o.width = static_cast<std::size_t>(number_option("--width", *w));
    else return false;
    return true;
}

int run_gen(const std::vector<std::string>& args) {
    generate_options o;
    o.seed = 1;
    std::uint64_t count = 1;
    bool huge = false;
    std::string out_dir;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << gen_usage;
            return exit_ok;
        } else if (a == "--list") {
            list();
            return exit_ok;
        } else if (generator_option(args, i, o)) {
            continue;
        } else if (auto c = option_value(args, i, "--count")) {
            count = number_option("--count", *c);
        } else if (a == "--huge") {
            huge = true;
        } else if (auto m = option_value(args, i, "--mutation")) {
            o.force = find_mutation(*m);
            if (!o.force) throw usage_error{"gen: no mutation " + *m + " (sgfcheck gen --list)"};
            o.mode = gen_mode::invalid;
        } else if (auto g = option_value(args, i, "--gm")) {
            const std::uint64_t gm = number_option("--gm", *g);
            o.gm = gm <= 1000 ? static_cast<int>(gm) : 0;  // (not cut to int: 4294967297 is no GM[1])
            const auto* game = find_game(o.gm);
            if (game == nullptr || !game->has_page) throw usage_error{"gen: --gm must be a game with a page: 1, 6, 9, 11, 18, 19, 20 or 21"};
        } else if (a == "--no-private") {
            o.private_properties = false;
        } else if (auto d2 = option_value(args, i, "-o")) {
            out_dir = *d2;
        } else if (a == "--" && i + 1 == args.size()) {  // the end of the options (gen takes no operands)
        } else {
            throw usage_error{"gen: unknown argument " + a};
        }
    }
    if ((o.depth > gen_large_shape || o.width > gen_large_shape) && !huge)
        throw usage_error{"gen: --depth or --width above " + std::to_string(gen_large_shape) + " needs --huge"};
    if (o.depth > gen_max_shape || o.width > gen_max_shape)
        throw usage_error{"gen: --depth and --width are limited to " + std::to_string(gen_max_shape)};
    if (count == 0) return exit_ok;
    if (out_dir.empty() && count > 1) throw usage_error{"gen: --count above 1 needs -o DIR"};
    if (count > std::numeric_limits<std::uint64_t>::max() - o.seed) throw usage_error{"gen: seed + count overflows"};

    if (out_dir.empty()) {
        const generated_file f = generate(o);
        std::cout << f.bytes;
        std::cerr << f.name() << "\n";
        return exit_ok;
    }
    detail::make_output_folder(out_dir, "-o");
    std::uint64_t valid = 0;
    constexpr std::size_t max_tree_line = 4096;  // longer trees go to <name>.json
    for (std::uint64_t k = 0; k < count; ++k) {
        generate_options ok = o;
        ok.seed = o.seed + k;
        const generated_file f = generate(ok);
        const fs::path base = fs::path(out_dir) / f.name();
        write_file_atomically(fs::path(base).concat(".sgf"), f.bytes);
        write_file_atomically(fs::path(base).concat(".expect"), f.expect_text(max_tree_line));
        if (f.valid && f.tree.size() > max_tree_line) write_file_atomically(fs::path(base).concat(".json"), f.tree + "\n");
        valid += f.valid;
    }
    std::cerr << "sgfcheck gen: wrote " << count << (count == 1 ? " file" : " files") << " (" << valid << " valid, "
              << count - valid << " invalid) to " << out_dir << "\n";
    return exit_ok;
}

}  // namespace sgf::cli
