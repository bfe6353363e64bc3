#pragma once
// The inputs of a run: FILE...|-|DIR expanded to the files to read, in a stable order. One
// walk for every front end that takes many files and directories (sgfcheck check, stats,
// fix, fmt, dump; Python's check_files and the Dask runner), so they agree on what a
// directory means.
#include <string>
#include <vector>

namespace sgf::app {

struct input_filters {
    // Globs (fnmatch, '*' also crosses '/', letters in any case as in the default *.sgf)
    // for files found in directories. A file is taken when it matches an include (default:
    // *.sgf) and no exclude; a pattern is tried against the path below the directory given,
    // the file name, and the path as walked (the directory argument included: inc/a/skip).
    // An exclude matching a folder skips the folder; a pattern ending in '/' matches folders
    // only. Files named on the command line are always taken.
    std::vector<std::string> include;
    std::vector<std::string> exclude;
};

struct input_list {
    std::vector<std::string> files;  // in order: arguments as given, each directory sorted
    bool any_directory = false;      // a directory was given (progress, default -j)
    // What the walk left out and why, in order, for the front end to say (the command line
    // prints each as "sgfcheck: NOTE" on stderr): "PATH: a FIFO, not a regular file:
    // skipped", a folder it could not read, "DIR: no .sgf file in this directory or below".
    // Paths in them are printable().
    std::vector<std::string> notes;
};

// Expands the arguments: "-" is stdin, a directory is walked recursively (symlinked
// folders are not followed; unreadable ones are skipped; a symbolic link that leads nowhere
// is listed, so that reading it reports it), anything else is a file (a missing one is
// reported by whoever reads it). Each file is listed once, where it first comes, by its
// normalised path (sgfcheck inc inc/a; ./x.sgf and x.sgf; links are not resolved). A
// directory that yields no file says so in a note ("DIR: no .sgf file ...").
[[nodiscard]] input_list expand_inputs(const std::vector<std::string>& args, const input_filters& filters = {});

// --include GLOB / --exclude GLOB at args[i] (comma lists or repeated): adds to `filters`
// and returns true.
bool filter_argument(const std::vector<std::string>& args, std::size_t& i, input_filters& filters);

// Whether `pattern` matches `text` as a glob ('*', '?', '[...]'; '*' crosses '/'; letters
// match in either case).
[[nodiscard]] bool glob_match(const std::string& pattern, const std::string& text);

}  // namespace sgf::app
