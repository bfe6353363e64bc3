// sgfcheck: the command-line tool. It only wires the library's stages together.
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "loaded.hpp"

#ifndef SGF_VERSION
#define SGF_VERSION "unknown"
#endif

namespace {

constexpr const char* help_text = R"(sgfcheck - reference checker for SGF (Smart Game Format) files

Usage:
  sgfcheck [check] [options] FILE...|-|DIR   check files (directories recursively, - = stdin)
  sgfcheck fmt FILE [-o OUT] [--width N]     write canonical SGF (to stdout, or OUT atomically)
  sgfcheck dump [--lenient] [--show-inherited [--profile=P]] FILE
                                             print the JSON tree (values after escape processing);
                                             --show-inherited adds "inherited" to each game tree:
                                             per node, the inherit properties (DD, PM, VW) in effect
  sgfcheck conformance [--impl NAME]...      run the conformance corpus through sgfcheck and other
                                             implementations' adapters; write TSVs and a matrix
                                             (sgfcheck conformance --help)
  sgfcheck fix FILE [-o OUT | --in-place] [--charset NAME]
                                             write clean FF[4]: FF[4], CA[UTF-8], UTF-8 text, FF[4]
                                             identifiers, repeats merged, setup and moves split,
                                             legacy properties converted, nothing lost (stdout by
                                             default; OUT or FILE replaced atomically)
  sgfcheck gen [--seed N] [--count N] [--valid|--invalid] [-o DIR] ...
                                             generate valid and (one-mutation) invalid SGF with
                                             the diagnostics sgfcheck must report (gen --help)
  sgfcheck diff --impl 'COMMAND' [--count N] [--seed N] [--tree] ...
                                             differential testing of another implementation
                                             through the adapter contract (diff --help)
  sgfcheck --help | --version

Options for check:
  --format=text|json   gcc-style text (default) or one JSON object per diagnostic (JSON Lines)
  --lenient            report recoveries from malformed input as warnings, not errors
  --charset NAME       read the text in charset NAME (when CA is missing or wrong; also dump, fix)
  --profile=ff4|current|hex
                       ff4 (default): the English FF[4] text; current: the usage of 002_*;
                       hex: the Hex conventions of 001_* (docs/diagnostics.md)
  --show-inherited     also print, per node, the inherit properties (DD, PM, VW) in effect

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage or I/O error.

Examples:
  sgfcheck game.sgf
  sgfcheck --format=json games/ > findings.jsonl
  cat game.sgf | sgfcheck -
  sgfcheck fmt game.sgf -o clean.sgf
  sgfcheck dump game.sgf | jq '.trees[0].nodes[0]'
)";

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (args.empty()) throw sgf::cli::usage_error{"no input files"};
        const std::string& first = args[0];
        if (first == "--help" || first == "-h" || first == "help") {
            std::cout << help_text;
            return sgf::cli::exit_ok;
        }
        if (first == "--version") {
            std::cout << "sgfcheck " << SGF_VERSION << '\n';
            return sgf::cli::exit_ok;
        }
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        if (first == "check") return sgf::cli::run_check(rest);
        if (first == "fmt") return sgf::cli::run_fmt(rest);
        if (first == "dump") return sgf::cli::run_dump(rest);
        if (first == "fix") return sgf::cli::run_fix(rest);
        if (first == "conformance") return sgf::cli::run_conformance(rest);
        if (first == "gen") return sgf::cli::run_gen(rest);
        if (first == "diff") return sgf::cli::run_diff(rest);
        return sgf::cli::run_check(args);
    } catch (const sgf::cli::usage_error& e) {
        std::cerr << "sgfcheck: " << e.message << "\nTry 'sgfcheck --help'.\n";
        return sgf::cli::exit_usage;
    } catch (const std::exception& e) {
        std::cerr << "sgfcheck: " << e.what() << '\n';
        return sgf::cli::exit_usage;
    }
}
