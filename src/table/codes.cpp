// The diagnostic code table: one row per code, never renumbered, never reused.
// docs/diagnostics.md documents every row (a test checks both agree).
#include <algorithm>
#include <array>
#include <ostream>
#include <string>

#include "sgf/diagnostic.hpp"

namespace sgf {

namespace {
using enum severity;
// code, default severity, meaning, spec source, nearest SGFC message
constexpr code_info codes[] = {
    // E0xx / W0xx: syntax (grammar/sgf.hpp, grammar/recover.hpp)
    {"E001", error, "no game tree in the file", "000_* EBNF: Collection = GameTree { GameTree }", "SGFC 7"},
    {"E002", error, "junk before the first game tree", "000_* EBNF: Collection", "SGFC 6"},
    {"E003", error, "junk after the last game tree", "000_* EBNF: Collection", "SGFC 8"},
    {"E004", error, "game tree not closed: missing ')'", "000_* EBNF: GameTree = \"(\" Sequence { GameTree } \")\"", "SGFC 9"},
    {"E005", error, "')' without a matching '('", "000_* EBNF: GameTree", "SGFC 8"},
    {"E006", error, "empty game tree '()'", "000_* EBNF: Sequence = Node { Node }; ff4_variations.txt pitfalls", "SGFC 12"},
    {"E007", error, "game tree does not start with a node ';'", "000_* EBNF: GameTree = \"(\" Sequence ...", "SGFC 36"},
    {"E008", error, "property value not closed: missing ']'", "000_* EBNF: PropValue = \"[\" CValueType \"]\"", "SGFC 10"},
    {"E009", error, "property without a value", "000_* EBNF: Property = PropIdent PropValue { PropValue }", "SGFC 20"},
    {"E010", error, "property value without a property identifier", "000_* EBNF: Property", "SGFC 54"},
    {"E011", error, "lowercase letters in a property identifier", "000_* EBNF: PropIdent = UcLetter { UcLetter }", "SGFC 16"},
    {"E012", error, "unexpected characters between tokens", "000_* EBNF; white space only between tokens", "SGFC 8"},
    {"E013", error, "node after variations: a sequence cannot continue after a GameTree", "000_* EBNF: GameTree", "SGFC 66"},
    {"E014", error, "file too large (2 GiB or more)", "implementation limit", "-"},
    {"W001", warning, "byte order mark before the first game tree", "000_*: SGF uses US ASCII for identifiers; CA defines the charset", "-"},
    {"W002", warning, "lowercase letters in an FF[1]-FF[3] property identifier: read as its FF[4] identifier", "ff4_changes.txt: Verbose property names 'delete all lowercase letters from IDs'", "-"},
    // charsets (src/input/input.cpp): how the file's text was read
    {"W003", warning, "CA spells a charset name in a way no registry knows (e.g. UTF8 for UTF-8)", "ff4_properties.txt: CA 'Only charset names (or their aliases) as specified in RFC 1345'", "-"},
    {"W004", warning, "CA names an unknown charset: the charset was guessed", "ff4_properties.txt: CA", "SGFC 72"},
    {"W005", warning, "bytes that are not a character in the file's charset (kept verbatim)", "ff4_properties.txt: CA; ff4_sgf.txt: Text", "SGFC 71"},
    {"W006", warning, "no CA and the charset guess is uncertain", "ff4_properties.txt: CA 'Default value is ISO-8859-1'", "-"},
    {"W007", warning, "CA contradicts the byte order mark or the bytes' structure", "ff4_properties.txt: CA", "SGFC 73"},
    {"I001", info, "CA uses a registered alias, not the preferred charset name", "ff4_properties.txt: CA 'charset names (or their aliases)'", "-"},
    {"I002", info, "no CA: the charset was guessed from the bytes", "ff4_properties.txt: CA 'Default value is ISO-8859-1'", "-"},
    {"I003", info, "file converted to UTF-8 as a whole before parsing", "sgfc_doc.txt 4.1: charsets that are not ASCII-safe; UTF-16/32", "-"},
    {"I004", info, "the charset given on the command line overrides the file's", "sgfc_doc.txt 4.2: --encoding", "-"},
    // E1xx: value types and formats (src/check/values.cpp; validators in src/values/value_types.cpp)
    {"E101", error, "property value does not match its value type", "ff4_sgf.txt 3: Property Value Types; game pages: Point, Move, Stone", "SGFC 14"},
    {"E102", error, "number outside the range the spec gives", "ff4_properties.txt: FF (1-4), GM, ST (0-3), SZ limits, PM (0-2)", "SGFC 18"},
    {"E103", error, "point outside the board given by SZ", "ff4_go.txt: Move, Point & Stone type; ff4_properties.txt: SZ", "SGFC 14"},
    {"E104", error, "compressed 1x1 rectangle 'aa:aa'", "ff4_sgf.txt 3.5.1: '1x1 Rectangles are illegal'", "SGFC 15"},
    {"E105", error, "rectangle corners not upper-left then lower-right", "ff4_sgf.txt 3.5.1: compressed point lists", "SGFC 25"},
    {"E106", error, "point listed twice (duplicate or overlapping rectangles)", "ff4_sgf.txt 3.5.1; ff4_properties.txt: setup and markup restrictions; ff4_go.txt: TB/TW", "SGFC 38"},
    {"E107", error, "unescaped ':' inside a part of a compose value", "ff4_sgf.txt 3.2/3.3: ':' has to be escaped in compose types", "SGFC 25"},
    {"E108", error, "'list of' property with only the empty value []", "ff4_sgf.txt 2.1: 'list of' = PropValue { PropValue }", "SGFC 17"},
    {"E109", error, "square board given as a compose, e.g. SZ[19:19]", "ff4_properties.txt: SZ 'SZ[19:19] is illegal'", "SGFC 47"},
    {"E110", error, "AP without ':' version", "ff4_properties.txt: AP composed simpletext ':' simpletext", "SGFC 23"},
    {"E111", error, "time with a unit letter, e.g. TM[5m]", "ff4_properties.txt: TM, BL, WL real seconds", "SGFC 33"},
    {"E112", error, "RE[Jigo]: a draw is 0 or Draw", "ff4_properties.txt: RE", "SGFC 33"},
    {"E113", error, "RE not in the result format", "ff4_properties.txt: RE 'MANDATORY to use the following format'", "SGFC 33"},
    {"E114", error, "DT not in the ISO date format", "ff4_properties.txt: DT 'MANDATORY to use the ISO-standard format'", "SGFC 33"},
    {"E115", error, "HA below 2", "ff4_go.txt: HA 'number of handicap stones (>=2)'", "-"},
    {"E116", error, "arrow or line from a point to itself", "ff4_properties.txt: AR, LN 'one point arrow/line'", "SGFC 14"},
    {"E117", error, "same value twice where values must differ (AR, LN, BO, WO)", "ff4_properties.txt: AR, LN 'same arrow twice'; ff4_octi.txt: BO, WO", "-"},
    {"E118", error, "several values for a single-value property", "ff4_sgf.txt 2.1: Property = PropIdent PropValue { PropValue }; the value type is not a list", "SGFC 13"},
    {"E119", error, "empty value [] among other values of a list", "ff4_sgf.txt 2.1: 'elist of' is a list or \"[]\"", "SGFC 52"},
    // E2xx: property types, node and tree constraints (src/check/node.cpp, src/check/tree.cpp)
    {"E201", error, "same property twice in one node", "ff4_sgf.txt 2.2: 'Only one of each property is allowed per node'", "SGFC 28"},
    {"E202", error, "setup and move properties in one node", "ff4_sgf.txt 2.2.1: move and setup must not be mixed", "SGFC 30"},
    {"E203", error, "PL in a node with a move", "ff4_properties.txt: PL is a setup property", "SGFC 30"},
    {"E204", error, "move annotation (KO, BM, DO, IT, TE) without B or W in the node", "ff4_properties.txt: KO; Move annotation properties, Restrictions", "SGFC 43"},
    {"E205", error, "mutually exclusive properties in one node (B/W, GB/GW/DM/UC, BM/TE/DO/IT)", "ff4_properties.txt: B, W; DM, GB, GW, UC; Move annotation restrictions", "SGFC 41"},
    {"E206", error, "root property outside the root node", "ff4_sgf.txt 2.2.1: 'Root properties may only appear in root nodes'", "SGFC 32"},
    {"E207", error, "second game-info node on one path", "ff4_sgf.txt 2.2.1: 'only one game-info node on any path'", "SGFC 44"},
    {"E208", error, "property that may occur once per game occurs again", "ff4_hex.txt: IP 'More than one IP[] property in a game is illegal'", "-"},
    // W1xx, W2xx: warnings
    {"W101", warning, "word outside the vocabulary a game page gives", "ff4_loa.txt AS/IP/IY/SU; ff4_hex.txt IS/IP; ff4_backgammon.txt CO/MI; ff4_properties.txt FG flags", "SGFC 14"},
    {"W201", warning, "unknown (private) property: kept, not checked", "ff4_sgf.txt 2.2.3: 'should issue a warning message when skipping unknown'", "SGFC 35"},
    {"W202", warning, "property not defined in this FF version", "ff4_changes.txt: Properties no longer part of FF[4]; ff1-4_property_index.txt", "SGFC 40"},
    {"W203", warning, "property of another game (GM)", "ff4_property_index_by_type.txt: game-specific properties", "-"},
    {"W204", warning, "move property in the root node", "ff4_sgf.txt 2.2.1: 'bad style to have move properties in root nodes'", "SGFC 24"},
    {"W205", warning, "MN in the root node", "ff4_sgf.txt 2.2.1 (MN is a move property); 002_*: root MN is the number of moves", "SGFC 24"},
    {"W206", warning, "move onto an occupied point", "ff4_go.txt: How to execute a move ('no matter what was there before')", "SGFC 58"},
    {"W207", warning, "setup (AB, AW, AE) that changes nothing", "ff4_properties.txt: Setup properties, Restrictions 'bad style'", "SGFC 39"},
    {"W208", warning, "HA differs from the number of AB stones in its node", "ff4_go.txt: HA 'the position should be set up with AB within the same node'", "SGFC 61"},
    {"W209", warning, "game trees of one file with different CA", "ff4_properties.txt: CA; sgfc_doc.txt: 'will cause troubles with applications'", "SGFC 74"},
    // I1xx, I2xx: infos
    {"I101", info, "point or move syntax of this game is not specified: value not checked", "ff4_index.txt: games without a game page; ff4_twixt.txt", "SGFC 19"},
    {"I201", info, "identifier longer than two letters", "ff4_sgf.txt 2.2.4: 'should consist of up to two uppercase letters'", "SGFC 31"},
    {"I202", info, "game trees of one file with different FF", "ff4_properties.txt: FF 'must be able to deal with different file formats within a collection'", "SGFC 45"},
    {"I203", info, "game trees of one file with different GM", "ff4_properties.txt: GM 'Different kind of games may appear within a collection'", "SGFC 53"},
    {"I204", info, "empty value clears an inherited setting that is not in effect", "ff4_sgf.txt 2.2.2: inherit; ff4_properties.txt: DD[], VW[]", "-"},
};
}  // namespace

std::string_view to_string(severity s) noexcept {
    switch (s) {
        case severity::error: return "error";
        case severity::warning: return "warning";
        case severity::info: return "info";
    }
    return "error";
}

std::span<const code_info> all_codes() noexcept { return codes; }

std::string to_string(const diagnostic& d) {
    std::string out;
    if (d.where.known()) out += std::to_string(d.where.line) + ':' + std::to_string(d.where.column) + ": ";
    out += to_string(d.level);
    out += '[';
    out += d.code;
    out += "]: ";
    out += d.message;
    if (!d.hint.empty()) out += " (" + d.hint + ")";
    return out;
}

std::ostream& operator<<(std::ostream& os, const diagnostic& d) { return os << to_string(d); }

const code_info* find_code(std::string_view code) noexcept {
    const auto* it = std::find_if(std::begin(codes), std::end(codes), [&](const code_info& c) { return c.code == code; });
    return it == std::end(codes) ? nullptr : it;
}

}  // namespace sgf
