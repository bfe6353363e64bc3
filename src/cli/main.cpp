// sgfcheck: the command-line tool. It only wires the library's stages together.
#include <algorithm>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli.hpp"
#include "help.hpp"
#include "loaded.hpp"

#ifndef SGF_VERSION
#define SGF_VERSION "unknown"
#endif

namespace {

using command_fn = int (*)(const std::vector<std::string>&);

struct named_command {
    std::string_view name;
    command_fn run;
};

constexpr named_command commands[] = {
    {"check", sgf::cli::run_check}, {"stats", sgf::cli::run_stats},           {"fmt", sgf::cli::run_fmt},
    {"dump", sgf::cli::run_dump},   {"fix", sgf::cli::run_fix},               {"conformance", sgf::cli::run_conformance},
    {"gen", sgf::cli::run_gen},     {"diff", sgf::cli::run_diff},
};

const named_command* find_command(std::string_view name) {
    for (const auto& c : commands)
        if (c.name == name) return &c;
    return nullptr;
}

int version() {
    std::cout << "sgfcheck " << SGF_VERSION << '\n';
    return sgf::cli::exit_ok;
}

// `sgfcheck help [COMMAND]`, `sgfcheck COMMAND --help`.
int help(std::string_view command) {
    if (command.empty()) {
        std::cout << sgf::cli::main_help;
        return sgf::cli::exit_ok;
    }
    if (command == "check") {
        std::cout << sgf::cli::check_help;
        return sgf::cli::exit_ok;
    }
    if (const char* h = sgf::cli::command_help(command)) {
        std::cout << h;
        return sgf::cli::exit_ok;
    }
    if (const auto* c = find_command(command)) return c->run({"--help"});
    if (command == "version" || command == "--version") {
        std::cout << "Usage: sgfcheck version\nPrints the version.\n";
        return sgf::cli::exit_ok;
    }
    if (command == "help" || command == "--help" || command == "-h") {
        std::cout << "Usage: sgfcheck help [COMMAND]\nPrints the help of sgfcheck, or of COMMAND (as COMMAND --help does).\n";
        return sgf::cli::exit_ok;
    }
    throw sgf::cli::usage_error{"help: no command " + std::string(command)};
}

}  // namespace

namespace {

int dispatch(const std::vector<std::string>& args) {
    try {
        if (args.empty()) throw sgf::cli::usage_error{"no input files"};
        const std::string& first = args[0];
        if (first == "--help" || first == "-h") return help("");
        if (first == "help") {
            if (args.size() > 2) throw sgf::cli::usage_error{"help takes one command name"};
            return help(args.size() > 1 ? args[1] : "");
        }
        if (first == "--version" || first == "version") {
            if (args.size() > 1 && (args[1] == "--help" || args[1] == "-h")) return help("version");
            if (args.size() > 1) throw sgf::cli::usage_error{first + " takes no arguments (" + args[1] + ")"};
            return version();
        }
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        if (const auto* c = find_command(first)) {
            if (sgf::cli::command_help(first) && std::find(rest.begin(), rest.end(), "--help") != rest.end())
                return help(first);
            return c->run(rest);
        }
        return sgf::cli::run_check(args);
    } catch (const sgf::cli::usage_error& e) {
        std::cerr << "sgfcheck: " << e.message << "\nTry 'sgfcheck --help'.\n";
        return sgf::cli::exit_usage;
    } catch (const std::bad_alloc&) {
        std::cerr << "sgfcheck: out of memory (a memory limit such as ulimit -v is reached; fewer threads, -j N, need less)\n";
        return sgf::cli::exit_usage;
    } catch (const std::exception& e) {
        std::cerr << "sgfcheck: " << e.what() << '\n';
        return sgf::cli::exit_usage;
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int status = dispatch(std::vector<std::string>(argv + 1, argv + argc));
    // A report that could not be written (sgfcheck x.sgf > /dev/full; fix's report of its
    // changes with 2>/dev/full) is an error, not 0.
    const int written = sgf::cli::finish_stdout();
    if (sgf::cli::finish_stderr() != sgf::cli::exit_ok) return sgf::cli::exit_usage;
    return written != sgf::cli::exit_ok ? written : status;
}
