#pragma once
// sgfcheck fix: a loaded file (sgf::load, which read it leniently and knows its charset)
// rewritten as clean FF[4] without losing data. Write the result with sgf::write.
//
// What fix changes (each change is a diagnostic: the code of the problem it repaired,
// level info, the position in the input file, and in the hint what was done):
//  - every top-level root gets FF[4] and CA[UTF-8] (in place when present, else first);
//    every value is converted to UTF-8 through the file's charset (load_result::utf8);
//  - bytes the parse could not place in the tree are kept, exactly as written (in UTF-8), as
//    values of the private property UNPLACED of the node where they stood: characters between
//    properties or nodes (E012), identifiers without a value (E009), values without an
//    identifier (E010); text before a game tree (E002) goes to the root of the game tree it
//    precedes, text after the last one (E003) to that tree's root; text between variations
//    (read by the parse as a node after a variation, E013, a node without ';' or property)
//    goes to the node before it, and that placeholder node is dropped, its variations taking
//    its place: `(;B[aa](;W[bb]) junk (;W[cc]))` keeps W[bb] and W[cc] alternatives. Each is
//    reported. A stray
//    ')' or an empty game tree '()' holds nothing and is dropped (reported by the parse);
//  - identifiers take their FF[4] form: FF[1]-FF[3] lowercase letters are dropped
//    (`CoPyright` -> CP, `GaMe` -> GM); an identifier without an upper-case letter has no
//    FF[4] form and is kept as written, reported as an error (E016: upper-casing `b[bb]` would
//    invent a Black move nobody played);
//  - a property given twice in a node (E201), or a single-value property with several
//    values (E118), is resolved without data loss:
//      list properties: one property, values in order, exact repeats dropped (E106);
//      B, W: each move gets a node of its own, in order (two moves are two nodes);
//      other single values: equal values are kept once; different Text values (C, GC)
//      are joined, separated by a blank line; of any other different values, the first
//      one FF[4] can hold (valid, or in the form fix writes it: SZ[19:19] as SZ[19]) stays,
//      and the others are kept in the private property "X" + identifier (PB twice ->
//      PB[first] XPB[second]; SZ[19:19]SZ[5] -> SZ[19] XSZ[5]), in order;
//      Go setup naming a point in two of AB, AW and AE (E106): the position a reader
//      applying the setup in order sees, each point of that node written once, in the value
//      that names it last (AB[aa:cc]AE[bb] -> AB[aa][ba][ca][ab][cb][ac][bc][cc]AE[bb]; I106);
//  - nodes are split as ff4_changes.txt "Property types move & setup" says: setup, root
//    and game-info properties and N in the first node, all others in the second (E202,
//    E203; and for a move in the root, W204); B and W in one node become two nodes, the
//    later move with its own BL/OB or WL/OW in a new node (E205, as SGFC does);
//  - legacy properties are converted (ff4_changes.txt "Converting", SGFC 42/52/59; W202):
//    L -> LB with letters A, B, ...; M -> MA on empty points, TR on stones (Go board
//    replay); TE then BM -> IT, BM then TE -> DO; an FF[1]-FF[3] VW of two points -> VW[ul:lr];
//    KI[n] (SGB integer komi, twice the komi) -> KM[n/2] when it does not contradict a KM;
//  - passes are written as FF[4] does: B[tt]/W[tt] -> B[]/W[] in Go on boards up to 19x19;
//  - values: SZ[n:n] -> SZ[n] (E109); white space removed from a non-text value when that
//    makes it valid (ff4_changes.txt "Line breaks & whitespaces within moves or values");
//    empty values that carry nothing and are not allowed are removed (E108, E119, E101);
//  - game-info and setup values in FF[4] form where their meaning is clear (src/fix/formats.hpp:
//    DT, RE, TM, BL, WL, KM, PL, HA, OB, OW; TM[-] is removed); when the FF[4] form says less
//    or follows a convention (DT[01.08.2001] -> DT[2001], PL[1] -> PL[B], RE[B+Illegal] ->
//    RE[B+]), the original is kept in X + identifier;
//  - SGF2-style aliases of the root (RD, PDT -> DT, TL, PTM -> TM, LKM -> KM, ...) are
//    converted before repeats are resolved, and only into values their target takes: all of
//    their values (RD[2020]RD[x] stays RD), but for an alias that is an FF[4] property of one
//    value too (KO, TE), which keeps one of several values when left: judged by that one
//    (KO[6.5]KO[x] -> KM[6.5]XKM[x]), as fixing the output would judge what is left;
//  - in an FF[1]-FF[3] file, what FF[4] forbids where the file's version allowed it and fix has
//    no conversion for (a DT or RE FF[4] cannot read, a move annotation without a move or after
//    another, a root property outside the root, the game-info properties of a second game-info
//    node on a path, a property the file's FF does not define whose value FF[4] rejects) goes
//    to X + identifier, so that a file that passes the check still passes after fix; an FF[3]
//    VW of two corners becomes the rectangle they span, upper left first;
//  - each change is noted with the number check reports the problem by (BM then TE: 222, KO
//    without a move: 204, a lowercase identifier: 011), at level info.
// Everything else is kept as it is: unknown properties, obsolete FF[1]-FF[3] properties
// without a conversion (ff4_changes.txt: "treated as unknown properties and are
// preserved"), and every value fix cannot convert, verbatim. Bytes that are not characters
// in the file's charset stay as they are (W005 at load).
//
// fix(fix(x)) == fix(x): a clean FF[4] UTF-8 file is left unchanged (its nodes and game
// trees are shared with the input). Nothing recurses on the tree's depth.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sgf/diagnostic.hpp"
#include "sgf/input.hpp"
#include "sgf/tree.hpp"

namespace sgf {

struct fix_result {
    collection trees;
    std::vector<diagnostic> diagnostics;  // the changes, in input file order
};

// What fix deletes or moves when asked to (SGFC's -yP, -u, -o, -n and -v; docs/sgfc_options.md):
// by default nothing. Each deletion is said at its place (305: a property, 306: a node), so that
// nothing goes unsaid, and fixing the output again with the same options deletes nothing.
struct fix_options {
    std::vector<std::string> delete_properties;  // these FF[4] identifiers (sgfcheck fix --delete ID)
    bool delete_unknown = false;      // properties no FF of the table defines (private ones,
                                      // fix's own X + identifier and UNPLACED among them)
    bool delete_obsolete = false;     // FF[1]-FF[3] properties FF[4] dropped (M and L are
                                      // converted first, as SGFC does)
    // Nodes without a property, but a top-level root (it holds FF and CA) and the only node
    // of a variation that has more than one variation after it (SGFC: "a node which has
    // siblings and has more than one child"): deleting it would make those alternatives of
    // the node before. A variation left without a node is dropped with it.
    bool delete_empty_nodes = false;
    // SGFC -v's variation level, in Go: alternatives of a move stored one level too deep, as
    // variations after it that take it back (`;B[aa](;W[bb])(;AE[aa];B[cc])`), moved up to be
    // variations beside it (`(;B[aa];W[bb])(;B[cc])`), each said (307). A guess about what
    // the author meant, so only when asked; src/fix/variation_level.cpp says which shapes.
    bool variation_level = false;
};

[[nodiscard]] fix_result fix(const load_result& input, const fix_options& options = {});

// What fix says about its input, as `sgfcheck fix` prints it: the input stage's and the
// parser's findings that fix did not report itself (the same code number at the same byte:
// said once), then fix's own, each at its place in the input. The errors left in the output
// are what sgf::check(fixed.trees) reports.
[[nodiscard]] std::vector<diagnostic> fix_findings(const load_result& input, const fix_result& fixed);

// What the checker reports of fix's output, each finding matched (by its number: one kind of
// problem, whatever its level in the input's FF) to
//  - `left`: a finding the checker reports of the input, which fix left as it was (at the
//    input's position, with the output's code, message and hint);
//  - `said`: what fix said it leaves (its own warnings and errors: an FF[3] property FF[4]
//    dropped, kept; an identifier without an upper-case letter), or a private property fix
//    made to keep a value (X + identifier, UNPLACED), which it said when it made it;
//  - `made`: anything else, which fix must never produce (fuzz/fix.cpp holds it; sgfcheck fix
//    reports one as a bug).
// Matched by count per number, so a finding the input had twice and the output has three
// times makes one `made`.
struct fix_remains {
    std::vector<diagnostic> left;
    std::vector<diagnostic> said;
    std::vector<diagnostic> made;
    // Whether sgf::check(input.trees) reports an error, when matching needed that check (the
    // output has findings): app::judge_fix's guard asks the same and need not check again.
    std::optional<bool> input_errors;
};
[[nodiscard]] fix_remains remaining_findings(const load_result& input, const fix_result& fixed);

// A run of sgfcheck fix over many files, added up for its closing summary: the files, the
// changes per code (what fix said it changed: its info findings and the input's recoveries
// it wrote repaired) and what remains per code (fix_remains::left and made).
struct fix_tally {
    std::uint64_t files = 0;      // fixed (a game tree or more)
    std::uint64_t changed = 0;    // whose output differs from the input
    std::uint64_t not_written = 0;  // no game tree, or fix refused to write
    std::uint64_t files_with_changes_said = 0;  // changed files with a change said
    // "I301 ff4_written" (printed code and rule name) -> count
    std::map<std::string, std::uint64_t, std::less<>> changes, left, made;  // left: left and said
    std::map<std::string, std::uint64_t, std::less<>> made_by_deletions;     // made, of files whose deletions made it
    std::uint64_t files_with_left = 0;  // with something in `left` (left or said, or a warning of fix)
    // One fixed file: what fix said of it (fix_findings), what remains, whether its output
    // differs from the input, and whether what fix made is the deletions' (app::checked_fix).
    void add(const std::vector<diagnostic>& said, const fix_remains& remains, bool output_changed,
             bool deletions_made = false);
    // The changes of one file (the codes counted as changes by add).
    [[nodiscard]] static std::uint64_t changes_in(const std::vector<diagnostic>& said);
};

}  // namespace sgf
