// Help texts (help.hpp). Keep each in step with its command's parser.
#include "help.hpp"

namespace sgf::cli {

const char* const main_help = R"(sgfcheck - reference checker for SGF (Smart Game Format) files

Usage:
  sgfcheck [check] [options] FILE...|-|DIR...
                               check files (directories recursively, - = stdin), in parallel,
                               reported in file order, then a summary (sgfcheck check --help)
  sgfcheck stats [options] FILE...|DIR...
                               what an archive uses: properties (files, occurrences, value
                               forms), FF/GM/CA/AP distributions; text or JSON
  sgfcheck fmt [-o OUT | --in-place [--backup[=SUFFIX]] | --dry-run] [--width N] FILE|DIR...
                               write canonical SGF (to stdout, OUT or each file, atomically)
  sgfcheck dump [--lenient] [--positions] [--show-inherited [--profile=P]] FILE|DIR...
                               print the JSON tree (values after escape processing; JSON
                               Lines naming each file for several)
  sgfcheck fix [-o OUT | --in-place [--backup[=SUFFIX]] | --dry-run] FILE|DIR...
                               write clean FF[4], nothing lost
  sgfcheck conformance [--impl NAME]...
                               run the conformance corpus through sgfcheck and other
                               implementations' adapters; write TSVs and a matrix page
  sgfcheck gen [--seed N] [--count N] [--valid|--invalid] [-o DIR] ...
                               generate valid and invalid SGF with the expected diagnostics
  sgfcheck diff --impl 'COMMAND' [--count N] [--seed N] [--tree] ...
                               differential testing of another implementation
  sgfcheck version | --version
  sgfcheck help [COMMAND] | COMMAND --help

Common check options (all of them: sgfcheck check --help):
  --format=text|json|sarif  -j N  --select/--ignore/--extend-select LIST  --fail-on=LEVEL
  --statistics  --baseline FILE  --profile=ff4|current|hex  --lenient  --charset NAME
  --include/--exclude GLOB  --quiet  --color[=auto|always|never]

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage or I/O error.

Examples:
  sgfcheck game.sgf
  sgfcheck -j 8 --select E --statistics archive/
  sgfcheck --format=json games/ > findings.jsonl
  sgfcheck --format=sarif --baseline findings.jsonl games/ > sgfcheck.sarif
  cat game.sgf | sgfcheck -
  sgfcheck fmt game.sgf -o clean.sgf
  sgfcheck dump game.sgf | jq '.trees[0].nodes[0]'

The manual: man sgfcheck. Codes: docs/diagnostics.md.
)";

const char* const check_help = R"(Usage: sgfcheck check [options] FILE...|-|DIR...
       sgfcheck [options] FILE...|-|DIR...
Checks SGF files against the specification: every file named, every *.sgf file below
each DIR (recursively, sorted), standard input for -. Findings print as
FILE:LINE:COLUMN: level[CODE]: message, in file order whatever -j; then a summary.

Output:
  --format=text|json|sarif  gcc-style text (default); JSON Lines (one object per
                       finding, then {"statistics":[...]} with --statistics and a final
                       {"summary":{...}}); SARIF 2.1.0 for code-scanning tools
  --statistics         per code: count, files, level and meaning, instead of the
                       findings (as ruff's; SARIF keeps its results, the table goes to
                       stderr)
  --show-findings      with --statistics: print the findings before the table too
  --show-settings      print the settings a run would use (the config file found, or
                       where it was looked for; the selection after merging the command
                       line over it; profile, fail-on, lenient, charset, jobs, baseline)
                       and exit 0 without checking (inputs default to .)
  -q, --quiet          findings only: no summary, no progress line
  --color[=auto|always|never]
                       colour the text output (auto: on a terminal, unless NO_COLOR;
                       --color alone: always)
  --no-progress        no progress line (it is only ever shown on a terminal, on stderr,
                       for directory runs)

Which findings:
  --select LIST        report only these codes: comma-separated codes or prefixes of the
                       printed code (E, W2, E111) or bare numbers (111: any level);
                       repeated, the lists add up
  --extend-select LIST add to the selection
  --ignore LIST        do not report these (the most specific entry wins; on a tie, ignore)
                       An entry that matches no code the profile can print (E114 under
                       --profile=current, where rule 114 is W114) is a warning on stderr
  --fail-on=error|warning|info
                       exit 1 when a reported finding is at this level or worse
                       (default error)
  --baseline FILE      report only findings not in FILE, an earlier --format=json run
                       (matched by file, code number and message, not by line)
  --profile=ff4|current|hex
                       ff4 (default): the English FF[4] text; current: the usage of 002_*;
                       hex: the Hex conventions of 001_* (docs/diagnostics.md)
  --config FILE        settings from FILE instead of the sgfcheck.toml found upward
                       from each checked file; --no-config (or --isolated, as ruff
                       spells it): no config file at all

Reading:
  --lenient            report recoveries from malformed input as warnings, not errors
  --charset NAME       read the text in charset NAME (when CA is missing or wrong)
  --include GLOB, --exclude GLOB
                       files of a DIR to take (default *.sgf) or to leave out, folders
                       too (GLOB/ : folders only); comma lists or repeated; matched in
                       any case against the path below DIR, the name, and the path with
                       DIR. Files named on the command line are always checked; a file
                       named or found twice is checked once.
  -j N, --jobs N       check N files at a time (default: the cores when there is more
                       than one file); the output is the same for every N
  --show-inherited     also print, per node, the inherit properties (DD, PM, VW) in effect

sgfcheck.toml (nearest one upward from each file, used without a word, as ruff uses
its own: --show-settings says which; the command line takes precedence):
  select = ["E", "W2"]     ignore = ["W205"]     extend-select = ["I1"]
  profile = "current"

Exit status: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage error or
a file that could not be read.
)";

namespace {

constexpr const char* fmt_help = R"(Usage: sgfcheck fmt [-o OUT | --in-place [--backup[=SUFFIX]] | --dry-run] [--width N] [--charset NAME] [--pass-tt] [--expand-points | --compress-points] [--keep-header] [--split] FILE|DIR...
Writes FILE (or standard input, -) as canonical SGF: one node per line, escapes as
needed, nothing else changed. The file is read as check reads it (BOM, CA, UTF-16/32,
legacy charsets) and written in its own charset. To stdout, to OUT, or over each FILE
with --in-place (only files that change), replaced atomically as fix replaces files (a
symbolic link is followed to its target; only a regular file is replaced, and not a
read-only one; the mode is kept). Several files and folders (every *.sgf in them) need --in-place or --dry-run. A
file with syntax errors is not written (sgfcheck fix repairs files).
  -o OUT            write to OUT (- = stdout)
  --in-place        replace each FILE
  --backup[=SUFFIX] with --in-place: keep the original as FILE~ (or FILE + SUFFIX)
  --dry-run         print a unified diff of each change instead, write nothing
  --width N         pack nodes onto lines of at most N columns
  --charset NAME    read the text in charset NAME
  --pass-tt         write a Go pass as B[tt] / W[tt] on boards up to 19x19, for old readers
  --expand-points   write each rectangle of a Go point list (AB[aa:bb]) as its points
                    (one with a corner off the board stays as written)
  --compress-points write each Go point list of an FF[4] game tree as rectangles of the
                    same points (AB[aa][ab][ba][bb] as AB[aa:bb]); FF[1]-FF[3] game trees
                    keep theirs (said on stderr)
  --keep-header     write the text before the first game tree back before it (such a
                    file is refused otherwise: it is a syntax error, E002)
  --split           one file per game tree: NAME_001.sgf, NAME_002.sgf, ... for NAME.sgf,
                    beside it or in -o DIR; never over an existing file (exit 2, nothing
                    written for that input; a write that fails part way removes the files
                    written before it); each file said on stderr; with --dry-run only
                    said; the header (--keep-header) goes in the first
  --include GLOB, --exclude GLOB
                    files of a DIR to take (default *.sgf) or leave out, as check takes them
Exit status: 0 written, 1 syntax errors, 2 usage or I/O error (a failed write included).
)";

constexpr const char* dump_help = R"(Usage: sgfcheck dump [--lenient] [--charset NAME] [--positions] [--show-inherited [--profile=P]] FILE|DIR...
Prints the JSON tree of FILE (or standard input, -), format sgf-tree version 2
(docs/json-tree.schema.json): per game tree its nodes, each a list of [identifier,
values] in file order (repeats kept: no key repeats), values after escape processing as
UTF-8, a composed value as its two parts, a value that is not UTF-8 as {"bytes":hex};
and its variations. Several files or folders (every *.sgf in them): JSON Lines, one
document per file with a "file" member naming it. Findings go to stderr.
  --lenient          read malformed files as far as possible
  --charset NAME     read the text in charset NAME
  --positions        nodes and properties as objects with line, column, byte, node paths
  --show-inherited   add, per node, the inherit properties (DD, PM, VW) in effect
  --profile=ff4|current|hex
  --include GLOB, --exclude GLOB
                     files of a DIR to take (default *.sgf) or leave out, as check takes them
Exit status: 0 dumped, 1 errors, 2 usage or I/O error (a failed write included).
)";

constexpr const char* fix_help = R"(Usage: sgfcheck fix [-o OUT | --in-place [--backup[=SUFFIX]] | --dry-run] [--charset NAME] [--delete ID,...] [--delete-unknown] [--delete-obsolete] [--delete-empty-nodes] [--variation-level] FILE|DIR...
Writes clean FF[4]: FF[4], CA[UTF-8], UTF-8 text, FF[4] identifiers, repeated properties
merged, setup and moves split, legacy properties and values converted, nothing lost: what
fix cannot place or convert is kept in private properties (UNPLACED, X + identifier). To
stdout by default; to OUT, or over each FILE with --in-place, replaced atomically (only
files that change; a read-only file is not replaced). Several files and folders (every *.sgf in them) need --in-place or
--dry-run. What was changed is reported on stderr, and the errors fix cannot repair as
sgfcheck reports them on the output.
  -o OUT            write to OUT
  --in-place        replace each FILE
  --backup[=SUFFIX] with --in-place: keep the original as FILE~ (or FILE + SUFFIX)
  --dry-run         print a unified diff of each change instead, write nothing
  --charset NAME    read the text in charset NAME (when CA is missing or wrong)
  --delete ID,...   delete these properties (repeatable), each deletion said (I305)
  --delete-unknown  delete properties no FF defines, private ones included (I305)
  --delete-obsolete delete FF[1]-FF[3] properties FF[4] dropped; M and L are converted (I305)
  --delete-empty-nodes
                    delete nodes without a property (I306); kept: a root, and the only
                    node of a variation with several variations after it
  --variation-level in Go, move alternatives stored one level too deep (a variation
                    whose first node takes back the move before it with AE and plays
                    another) up beside that move, each said (I307); only when every
                    variation after the move has that shape, else none (W308)
                    (these are SGFC's options y, u, o, n and v: docs/sgfc_options.md)
  --include GLOB, --exclude GLOB
                    files of a DIR to take (default *.sgf) or leave out, as check takes them
Exit status: 0 written and clean, 1 errors remain (or nothing to write), 2 usage or I/O
error (a failed write included).
)";

}  // namespace

const char* command_help(std::string_view command) {
    if (command == "fmt") return fmt_help;
    if (command == "dump") return dump_help;
    if (command == "fix") return fix_help;
    return nullptr;
}

}  // namespace sgf::cli
