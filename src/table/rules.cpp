// Over 500 lines on purpose: the rule table is data, one row per kind of finding with its
// level per profile and FF version, its meaning, hint and spec sentence; split, a rule's
// rows would no longer be read in one place.
// The rule rows: one row per kind of finding (include/sgf/diagnostic.hpp). A level is graded
// from the spec's own words for the version the file declares: an error is what the spec
// forbids (the EBNF and value-type grammar, "must", "illegal", "not allowed", "only ...
// allowed"); what it recommends ("should", "bad style"), a parenthesised "(range: ...)"
// and what 002_* documents as common practice are warnings. Rules whose text is FF[4]'s
// alone (ff4_changes.txt: "From FF[3] to FF[4]") apply to FF[4] files; in FF[1]-FF[3] files
// they are at most a warning that names the FF[4] rule (`outside`).
// docs/diagnostics.md lists every row; tests/diagnostics_doc_test.cpp checks it.
#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <ostream>
#include <string>

#include "sgf/diagnostic.hpp"

namespace sgf {

namespace {

using enum rule_level;
using st = rule_stage;
using gr = rule_grouping;

// level per profile: ff4, current, hex
constexpr std::array<rule_level, profile_count> all(rule_level l) { return {l, l, l}; }
constexpr std::array<rule_level, profile_count> lv(rule_level ff4, rule_level current, rule_level hex) {
    return {ff4, current, hex};
}

// clang-format off
constexpr rule_row rows[] = {
    // ------------------------------------------------------------- 0xx: reading the file
    {rule::empty_collection, 1, "empty_collection", st::parser, lv(error, off, error), every_ff, error, false, gr::each,
     "no game tree in the file", "an SGF file holds one or more game trees: (;FF[4] ...)",
     "000_* EBNF; 002_* grammar (current profile)", "Collection = GameTree { GameTree } (002_*: Collection = { GameTree })", "SGFC 7"},
    {rule::junk_before_tree, 2, "junk_before_tree", st::parser, all(error), every_ff, error, true, gr::each,
     "text before the first game tree", "remove the text before the first '(;'",
     "ff4_variations.txt: pitfalls", "No properties outside a gametree! E.g. (;)W[tt] is an error.", "SGFC 6"},
    {rule::junk_after_tree, 3, "junk_after_tree", st::parser, all(error), every_ff, error, true, gr::each,
     "text after the last game tree", "remove the text after the last ')'",
     "ff4_variations.txt: pitfalls", "No properties outside a gametree! E.g. (;)W[tt] is an error.", "SGFC 8"},
    {rule::missing_tree_close, 4, "missing_tree_close", st::parser, all(error), every_ff, error, true, gr::each,
     "game tree not closed: missing ')'", "append the missing ')'",
     "000_* EBNF", "GameTree = \"(\" Sequence { GameTree } \")\"", "SGFC 9"},
    {rule::unmatched_tree_close, 5, "unmatched_tree_close", st::parser, all(error), every_ff, error, true, gr::each,
     "')' without a matching '('", "remove the extra ')'",
     "000_* EBNF", "GameTree = \"(\" Sequence { GameTree } \")\"", "SGFC 8"},
    {rule::empty_tail, 6, "empty_tail", st::parser, lv(error, off, error), every_ff, error, true, gr::each,
     "empty game tree '()'", "remove the empty variation '()'",
     "ff4_variations.txt: pitfalls; 002_* (current profile)",
     "Every variation has at least one node (see EBNF definition)! That is, the smallest possible variation looks like (;) - () is an error!",
     "SGFC 12"},
    {rule::missing_node_open, 7, "missing_node_open", st::parser, all(error), every_ff, error, true, gr::each,
     "game tree does not start with a node ';'", "insert ';' after '('",
     "000_* EBNF", "GameTree = \"(\" Sequence { GameTree } \")\" Sequence = Node { Node } Node = \";\" { Property }", "SGFC 36"},
    {rule::unclosed_value, 8, "unclosed_value", st::parser, all(error), every_ff, error, true, gr::each,
     "property value not closed: missing ']'", "add ']' where the value should end",
     "000_* EBNF", "PropValue = \"[\" CValueType \"]\"", "SGFC 10"},
    {rule::property_without_value, 9, "property_without_value", st::parser, all(error), every_ff, error, true, gr::each,
     "property without a value", "give the property a value (use [] for an empty one) or remove it",
     "000_* EBNF", "Property = PropIdent PropValue { PropValue }", "SGFC 20"},
    {rule::value_without_property, 10, "value_without_property", st::parser, all(error), every_ff, error, true, gr::each,
     "property value without a property identifier", "put the identifier (e.g. C) before '['",
     "000_* EBNF", "Property = PropIdent PropValue { PropValue }", "SGFC 54"},
    {rule::lowercase_ident, 11, "lowercase_ident", st::parser, lv(error, warning, error), ff4_only, warning, true, gr::per_subject,
     "lowercase letters in a property identifier (FF[1]-FF[3] long name)",
     "write the identifier's uppercase letters only (sgfcheck fix does)",
     "000_* EBNF; ff4_changes.txt: General",
     "PropIdent = UcLetter { UcLetter }; \"Property identifiers consist only of uppercase (no lowercase in between allowed)\"",
     "SGFC 16"},
    {rule::junk_between_tokens, 12, "junk_between_tokens", st::parser, all(error), every_ff, error, true, gr::each,
     "unexpected text between tokens", "remove it, or put it into a comment C[...]",
     "000_*", "White space (space, tab, carriage return, line feed, vertical tab and so on) may appear anywhere between PropValues, Properties, Nodes, Sequences and GameTrees.",
     "SGFC 8"},
    {rule::node_after_variation, 13, "node_after_variation", st::parser, all(error), every_ff, error, true, gr::each,
     "node after a variation: a sequence cannot continue after ')'", "wrap the nodes in '(' ')' to make them a variation",
     "000_* EBNF", "GameTree = \"(\" Sequence { GameTree } \")\"", "SGFC 66"},
    {rule::file_too_large, 14, "file_too_large", st::parser, all(error), every_ff, error, false, gr::each,
     "file too large (2 GiB or more)", "split the collection into smaller files",
     "implementation limit", "-", "-"},
    {rule::byte_order_mark, 15, "byte_order_mark", st::parser, all(warning), every_ff, warning, false, gr::each,
     "byte order mark before the first game tree", "remove it and declare the charset with CA[UTF-8]",
     "000_*", "SGF uses the US ASCII char-set for all its property identifiers and property values, except SimpleText & Text. For SimpleText & Text the charset is defined using the CA property.",
     "-"},
    {rule::ident_without_upper, 16, "ident_without_upper", st::parser, all(error), every_ff, error, true, gr::per_subject,
     "property identifier without an uppercase letter: no reading in any FF version",
     "write the identifier in uppercase letters (b[aa] is B[aa])",
     "000_* EBNF; ff4_changes.txt: Converting",
     "PropIdent = UcLetter { UcLetter }; FF[1]-FF[3]: \"the application has to remove all lowercase letters\" leaves nothing",
     "SGFC 16"},
    {rule::swallowed_nodes, 17, "swallowed_nodes", st::checker, all(warning), every_ff, warning, false, gr::each,
     "a value holds text that reads as nodes (';' identifier '['): its ']' probably came too late",
     "close the value where it should end (']') and check the nodes after it",
     "000_*; ff4_changes.txt: Illegal & errornous files",
     "PropValue = \"[\" CValueType \"]\"; \"this one is critical because it might be caused by a missing ']' e.g. 'B[aa LB[aa][bb]'\"",
     "SGFC 13"},
    {rule::extra_tree_open, 18, "extra_tree_open", st::parser, all(error), every_ff, error, true, gr::each,
     "extra '(' where a game tree's first node was expected, in a file with more '(' than ')'", "remove the extra '('",
     "000_* EBNF", "GameTree = \"(\" Sequence { GameTree } \")\" Sequence = Node { Node }", "SGFC 21"},
    {rule::empty_game_tree, 19, "empty_game_tree", st::parser, all(error), every_ff, error, true, gr::each,
     "'()' where a game tree was expected: a game tree needs a root node", "remove the '()'",
     "000_* EBNF; 002_* grammar (current profile)",
     "GameTree = \"(\" Sequence { GameTree } \")\" Sequence = Node { Node } (002_*: GameTree = \"(\" RootNode NodeSequence { Tail } \")\" RootNode = Node; only a Tail may be \"()\")",
     "SGFC 12"},
    {rule::nul_in_value, 20, "nul_in_value", st::checker, all(warning), every_ff, warning, false, gr::each,
     "NUL byte inside a value: kept, but readers written in C end the value there", "remove the NUL byte",
     "ff4_sgf.txt 1: SGF basics", "SGF is a text-only format (not a binary format).", "SGFC 22"},
    {rule::ca_misspelled, 21, "ca_misspelled", st::input, all(warning), every_ff, warning, false, gr::each,
     "CA spells a charset name in a way no registry knows (e.g. UTF8 for UTF-8)", "write the charset's registered name, e.g. CA[UTF-8]",
     "ff4_properties.txt: CA", "Only charset names (or their aliases) as specified in RFC 1345 (or updates thereof) are allowed.",
     "-"},
    {rule::ca_unknown, 22, "ca_unknown", st::input, all(warning), every_ff, warning, false, gr::each,
     "CA names an unknown charset (or a registered one sgfcheck cannot decode): the charset was guessed", "give the charset with --charset NAME, or correct CA",
     "ff4_properties.txt: CA", "Only charset names (or their aliases) as specified in RFC 1345 (or updates thereof) are allowed.",
     "SGFC 72"},
    {rule::invalid_bytes, 23, "invalid_bytes", st::input, all(warning), every_ff, warning, false, gr::each,
     "bytes that are not a character in the file's charset (kept verbatim)", "if the charset is wrong, give it with --charset NAME",
     "ff4_properties.txt: CA", "Provides the used charset for SimpleText and Text type.", "SGFC 71"},
    {rule::charset_uncertain, 24, "charset_uncertain", st::input, all(warning), every_ff, warning, false, gr::each,
     "no CA and the charset guess is uncertain", "declare the charset with CA[...] (sgfcheck fix writes CA[UTF-8])",
     "ff4_properties.txt: CA", "Default value is 'ISO-8859-1' aka 'Latin1'.", "-"},
    {rule::ca_contradicts, 25, "ca_contradicts", st::input, all(warning), every_ff, warning, false, gr::each,
     "CA contradicts the byte order mark or the bytes' structure", "correct CA",
     "ff4_properties.txt: CA", "Provides the used charset for SimpleText and Text type.", "SGFC 73"},
    {rule::ca_alias, 26, "ca_alias", st::input, all(info), every_ff, info, false, gr::each,
     "CA uses a registered alias, not the preferred charset name", "allowed; the preferred name is clearer",
     "ff4_properties.txt: CA", "Only charset names (or their aliases) as specified in RFC 1345 (or updates thereof) are allowed.",
     "-"},
    {rule::charset_guessed, 27, "charset_guessed", st::input, all(info), every_ff, info, false, gr::each,
     "no CA: the charset was guessed from the bytes", "declare the charset with CA[...]",
     "ff4_properties.txt: CA", "Default value is 'ISO-8859-1' aka 'Latin1'.", "-"},
    {rule::converted_to_utf8, 28, "converted_to_utf8", st::input, all(info), every_ff, info, false, gr::each,
     "file converted to UTF-8 as a whole before parsing", "nothing to fix",
     "sgfc_doc.txt 4.1", "charsets that are not ASCII-safe; UTF-16/32", "-"},
    {rule::charset_option, 29, "charset_option", st::input, all(info), every_ff, info, false, gr::each,
     "the charset given on the command line overrides the file's", "nothing to fix",
     "sgfc_doc.txt 4.2", "--encoding", "-"},

    // ----------------------------------------------------------------------- 1xx: values
    {rule::value_syntax, 101, "value_syntax", st::checker, all(error), every_ff, error, false, gr::each,
     "property value does not match its value type", "write the value in the format the message names",
     "ff4_sgf.txt 3: Property Value Types; game pages: Point, Move, Stone",
     "Number = [(\"+\"|\"-\")] Digit { Digit } Real = Number [\".\" Digit { Digit }] Double = (\"1\" | \"2\") Color = (\"B\" | \"W\")",
     "SGFC 14"},
    {rule::number_range, 102, "number_range", st::checker, all(warning), every_ff, warning, false, gr::each,
     "number outside the range the spec gives in parentheses", "use a number inside the range",
     "ff4_properties.txt: FF, GM, ST, PM", "FF: number (range: 1-4); GM: number (range: 1-16) ... Valid numbers are: Go = 1, ... Kropki = 40 (read as 1-40: disagreement gm_range); ST: number (range: 0-3)", "SGFC 18"},
    {rule::point_off_board, 103, "point_off_board", st::checker, all(error), every_ff, error, false, gr::each,
     "point outside the board given by SZ", "use a point on the board, or correct SZ",
     "ff4_go.txt: Move, Point & Stone type; ff4_properties.txt: SZ",
     "The upper left part of the board is used for smaller boards, e.g. letters \"a\"-\"m\" for 13*13.", "SGFC 14"},
    {rule::rect_1x1, 104, "rect_1x1", st::checker, lv(error, warning, error), every_ff, error, false, gr::each,
     "compressed 1x1 rectangle 'aa:aa'", "write the single point instead of 'aa:aa'",
     "ff4_sgf.txt 3.5.1", "1x1 Rectangles are illegal - they've to be listed as single point.", "SGFC 15"},
    {rule::rect_corners, 105, "rect_corners", st::checker, all(error), every_ff, error, false, gr::each,
     "rectangle corners not upper-left then lower-right", "write the upper-left corner first, then the lower-right",
     "ff4_sgf.txt 3.5.1", "For the composed type the first point specifies the upper left corner, the second point the lower right corner of the rectangle.",
     "SGFC 25"},
    {rule::duplicate_point, 106, "duplicate_point", st::checker, all(error), every_ff, error, false, gr::each,
     "point listed twice (duplicate or overlapping rectangles)", "list each point once per node",
     "ff4_sgf.txt 3.5.1; ff4_properties.txt: Setup and Markup restrictions; ff4_go.txt: TB, TW",
     "However the points have to be unique, i.e. overlap and duplication are forbidden. AB, AW and AE must have unique points, i.e. it is illegal to place different colors on the same point within one node.",
     "SGFC 38"},
    {rule::compose_extra_colon, 107, "compose_extra_colon", st::checker, lv(error, warning, error), every_ff, error, false, gr::each,
     "unescaped ':' inside a part of a compose value", "escape ':' inside the text as '\\:'",
     "ff4_sgf.txt 3.2", "Following chars have to be escaped, when used in Text: \"]\", \"\\\" and \":\" (only if used in compose data type).",
     "SGFC 25"},
    {rule::empty_list, 108, "empty_list", st::checker, lv(error, off, error), every_ff, error, false, gr::each,
     "'list of' property with only the empty value []", "remove the property, or give at least one value",
     "ff4_sgf.txt 2.1", "'list of': PropValue { PropValue } 'elist of': ((PropValue { PropValue }) | None) In other words elist is list or \"[]\".",
     "SGFC 17"},
    {rule::sz_square_compose, 109, "sz_square_compose", st::checker, lv(error, warning, error), ff4_only, off, false, gr::each,
     "square board given as a compose, e.g. SZ[19:19]", "write a square board as one number, e.g. SZ[19]",
     "ff4_properties.txt: SZ", "Square boards must not be defined using the compose type value: e.g. SZ[19:19] is illegal.", "SGFC 47"},
    {rule::ap_not_composed, 110, "ap_not_composed", st::checker, lv(error, off, error), every_ff, error, false, gr::each,
     "AP without ':' version", "write name ':' version, e.g. AP[CGoban:1.6.2]",
     "ff4_properties.txt: AP; 001_*: AP; 002_*: AP (current profile)",
     "Propvalue: composed simpletext \":\" simpletext (001_*: \"Value: composite name : version\"; 002_* documents the common form: \"AP | Application | simpletext | SGF editor used\")",
     "SGFC 23"},
    {rule::time_units, 111, "time_units", st::checker, lv(error, off, error), every_ff, error, false, gr::each,
     "time not given as a real number of seconds (e.g. TM[5m])", "give the time in seconds, e.g. TM[300] for 5 minutes",
     "ff4_properties.txt: TM, BL, WL; ff1-4_property_index.txt; 002_*: time (current profile)",
     "Propvalue: real (FF[1]-FF[4]: \"TM 1234 Timelimit game-info real\"; 002_*: time = real optionally followed by s, m or h)",
     "SGFC 33"},
    {rule::re_jigo, 112, "re_jigo", st::checker, lv(error, off, error), ff4_only, warning, false, gr::each,
     "RE[Jigo]: a draw is 0 or Draw", "write RE[0] or RE[Draw]",
     "ff4_properties.txt: RE; ff4_changes.txt: Changed properties",
     "It is MANDATORY to use the following format: \"0\" (zero) or \"Draw\" for a draw (jigo)", "SGFC 33"},
    {rule::re_format, 113, "re_format", st::checker, lv(error, warning, error), ff4_only, warning, false, gr::each,
     "RE not in the result format", "e.g. RE[B+3.5], RE[W+R], RE[B+T], RE[0], RE[Void], RE[?]",
     "ff4_properties.txt: RE; ff4_changes.txt: Changed properties",
     "It is MANDATORY to use the following format (\"Format of DT and RE is mandatory now (no longer just recommended)\")", "SGFC 33"},
    {rule::dt_format, 114, "dt_format", st::checker, lv(error, warning, error), ff4_only, warning, false, gr::each,
     "DT not in the ISO date format", "e.g. DT[2016-10-22] or DT[1996-05-06,07]",
     "ff4_properties.txt: DT; ff4_changes.txt: Changed properties",
     "It is MANDATORY to use the ISO-standard format for DT. (\"Format of DT and RE is mandatory now (no longer just recommended)\")",
     "SGFC 33"},
    {rule::ha_range, 115, "ha_range", st::checker, lv(warning, info, warning), every_ff, warning, false, gr::each,
     "HA below 2", "omit HA when there is no handicap",
     "ff4_go.txt: HA", "Defines the number of handicap stones (>=2).", "-"},
    {rule::one_point_line, 116, "one_point_line", st::checker, all(error), every_ff, error, false, gr::each,
     "arrow or line from a point to itself", "give two different points",
     "ff4_properties.txt: AR, LN", "It's illegal to specify a one point arrow, e.g. AR[cc:cc] ... It's illegal to specify a one point line, e.g. LN[cc:cc].",
     "SGFC 14"},
    {rule::duplicate_value, 117, "duplicate_value", st::checker, all(error), every_ff, error, false, gr::each,
     "same value twice where values must differ (AR, LN, BO, WO)", "remove the repeated value",
     "ff4_properties.txt: AR, LN; ff4_octi.txt: BO, WO",
     "It's illegal to specify the same arrow twice, e.g. (Go) AR[aa:bb][aa:bb]. ... It's illegal to specify the same line twice",
     "-"},
    {rule::too_many_values, 118, "too_many_values", st::checker, all(error), every_ff, error, false, gr::each,
     "several values for a single-value property", "keep one value",
     "ff4_sgf.txt 2.1; ff4_changes.txt: Illegal & errornous files",
     "the value type is not a list (\"'list of': PropValue { PropValue }\"); \"Properties with too many values e.g. 'B[aa][bb]'\"",
     "SGFC 13"},
    {rule::empty_in_list, 119, "empty_in_list", st::checker, all(error), every_ff, error, false, gr::each,
     "empty value [] among other values of a list", "remove the empty value []",
     "ff4_sgf.txt 2.1", "'elist of': ((PropValue { PropValue }) | None) In other words elist is list or \"[]\".", "SGFC 52"},
    {rule::unknown_keyword, 120, "unknown_keyword", st::checker, all(warning), every_ff, warning, false, gr::each,
     "word outside the vocabulary a game page gives", "use one of the words the game page lists",
     "ff4_loa.txt AS/IP/IY/SU; ff4_hex.txt IS/IP; ff4_backgammon.txt CO/MI; ff4_properties.txt FG",
     "ff4_loa.txt SU: \"The currently valid values include\"; ff4_hex.txt IP: \"The value should be empty\"", "SGFC 14"},
    {rule::unverified_syntax, 121, "unverified_syntax", st::checker, all(info), every_ff, info, false, gr::per_subject,
     "point or move syntax of this game is not specified: value not checked", "nothing to fix",
     "ff4_sgf.txt 3.5; ff4_twixt.txt", "Move / Point: These two types are game specific.", "SGFC 19"},
    {rule::ff4_syntax, 122, "ff4_syntax", st::checker, all(error), before_ff4, off, false, gr::each,
     "FF[4] syntax in an FF[1]-FF[3] file (FF[1]-FF[3] readers cannot read it)",
     "declare FF[4] (sgfcheck fix does), or write the value as FF[1]-FF[3] did",
     "ff4_changes.txt: From FF[3] to FF[4]; Compatibility of FF[4]",
     "Compressed point lists ... 3 rd 4: totally incompatible. Recangular boards and boards >19x19 possible ... 3 rd 4: totally incompatible",
     "-"},
    {rule::ff4_extension, 123, "ff4_extension", st::checker, all(warning), before_ff4, off, false, gr::per_subject,
     "FF[4] form of a value in an FF[1]-FF[3] file (FF[1]-FF[3] readers read it differently)",
     "declare FF[4] (sgfcheck fix does)",
     "ff4_changes.txt: From FF[3] to FF[4]; Compatibility of FF[4]",
     "Pass move may be '[]' now ... 3 rd 4: '[]' pass may cause problems; LB may hold more than 4 chars now ... 3 rd 4: only 4 chars are displayed/saved (labels get cut); FG may contain flags and diagram name ... 3 rd 4: information may get lost",
     "-"},
    {rule::size_range, 124, "size_range", st::checker, all(error), every_ff, error, false, gr::each,
     "board size outside the game's limits", "give a size the game allows",
     "ff4_properties.txt: SZ; game pages",
     "The valid range for SZ is any size greater or equal to 1x1. For Go games the maximum size is limited to 52x52.", "SGFC 18"},

    {rule::size_limit, 125, "size_limit", st::checker, all(warning), every_ff, warning, false, gr::each,
     "board side of more than 9 digits: beyond what sgfcheck handles, points not checked against it",
     "nothing to fix if the board is really that large; otherwise correct SZ",
     "implementation limit; ff4_hex.txt (2021-12-01 changes)", "allow arbitrarily large boards", "-"},
    {rule::rule_set_name, 126, "rule_set_name", st::checker, all(warning), ff4_only, off, false, gr::each,
     "RU names one of the rule sets with a mandatory name, spelled otherwise", "write the mandatory name, e.g. RU[Japanese]",
     "ff4_properties.txt: RU; ff4_changes.txt: Changed properties",
     "SGF requires mandatory names only for a small set of well known rule sets. Mandatory names for Go (GM[1]): \"AGA\" ... \"GOE\" ... \"Japanese\" ... \"NZ\" (\"Some rule names are mandatory now.\" came with FF[4])",
     "-"},

    // ------------------------------------------------------- 2xx: nodes, trees, collections
    {rule::duplicate_property, 201, "duplicate_property", st::checker, all(error), every_ff, error, false, gr::each,
     "same property twice in one node", "keep one of them",
     "ff4_sgf.txt 2.2", "Only one of each property is allowed per node, e.g. one cannot have two comments in one node: ... This is an error.",
     "SGFC 28"},
    {rule::setup_move_mix, 202, "setup_move_mix", st::checker, all(error), ff4_only, warning, false, gr::each,
     "setup and move properties in one node", "split the node: setup properties in one node, the move in the next",
     "ff4_sgf.txt 2.2.1; ff4_changes.txt: Property types move & setup",
     "Move properties must not be mixed with setup properties within the same node. (\"FF[3] files may have mixed setup and move-properties in one node\")",
     "SGFC 30"},
    {rule::pl_with_move, 203, "pl_with_move", st::checker, lv(error, error, off), ff4_only, warning, false, gr::each,
     "PL in a node with a move", "move PL into a setup node (or drop it: the move says who played)",
     "ff4_sgf.txt 2.2.1; ff4_properties.txt: PL (setup)", "Setup properties must not be mixed with move properties within a node.", "SGFC 30"},
    {rule::needs_move, 204, "needs_move", st::checker, all(error), ff4_only, warning, false, gr::each,
     "KO or a move annotation (BM, DO, IT, TE) without B or W in the node",
     "put it into the node of the move it belongs to",
     "ff4_properties.txt: KO; Move annotation properties, Restrictions",
     "Move annotation properties without a move (B[] or W[]) within the same node are senseless and therefore illegal. A KO property without a black or white move within the same node is illegal.",
     "SGFC 43"},
    {rule::exclusive_properties, 205, "exclusive_properties", st::checker, all(error), every_ff, error, false, gr::each,
     "mutually exclusive properties in one node (B/W, GB/GW/DM/UC)", "keep only one of them",
     "ff4_properties.txt: B, W; DM, GB, GW, UC",
     "B and W properties must not be mixed within a node. GB must not be mixed with GW, DM or UC within a node.", "SGFC 41"},
    {rule::root_outside_root, 206, "root_outside_root", st::checker, all(error), ff4_only, warning, false, gr::each,
     "root property outside the root node", "move the property into the root node",
     "ff4_sgf.txt 2.2.1", "Root properties may only appear in root nodes.", "SGFC 32"},
    {rule::game_info_twice, 207, "game_info_twice", st::checker, all(error), ff4_only, warning, false, gr::each,
     "second game-info node on one path", "merge the game-info properties into one node on this path",
     "ff4_sgf.txt 2.2.1", "There may be only one game-info node on any path within the tree", "SGFC 44"},
    {rule::once_per_game, 208, "once_per_game", st::checker, all(error), every_ff, error, false, gr::each,
     "property that may occur once per game occurs again", "keep only one occurrence in the game",
     "ff4_hex.txt: IP", "More than one IP[] property in a game is illegal.", "-"},
    {rule::mixed_ca, 209, "mixed_ca", st::checker, all(warning), every_ff, warning, false, gr::each,
     "game trees of one file with different CA", "convert every game tree to one charset (UTF-8)",
     "ff4_properties.txt: CA; sgfc_doc.txt", "will cause troubles with applications", "SGFC 74"},
    {rule::unknown_property, 210, "unknown_property", st::checker, lv(warning, info, info), every_ff, warning, false, gr::per_subject,
     "unknown (private) property: kept, not checked", "kept as is; rename private properties so they cannot clash with standard ones",
     "ff4_sgf.txt 2.2; 001_* (hex profile)", "An application should issue a warning message when skipping unknown or faulty properties.",
     "SGFC 35"},
    {rule::obsolete_property, 211, "obsolete_property", st::checker, all(warning), every_ff, warning, false, gr::per_subject,
     "property not defined in this FF version", "convert it to its FF[4] replacement or declare the FF version that defines it",
     "ff4_changes.txt: Properties no longer part of FF[4], New properties; ff1-4_property_index.txt",
     "Obsolete properties ... 3->4: nrp (properties are treated as unkown properties and are preserved.)", "SGFC 40"},
    {rule::wrong_game, 212, "wrong_game", st::checker, all(warning), every_ff, warning, false, gr::per_subject,
     "property of another game (GM)", "remove it, or correct GM",
     "ff4_property_index_by_type.txt: game-specific properties", "An application should issue a warning message when skipping unknown or faulty properties.",
     "-"},
    {rule::move_in_root, 213, "move_in_root", st::checker, lv(warning, warning, error), every_ff, warning, false, gr::each,
     "move property in the root node", "put the move into a node of its own after the root",
     "ff4_sgf.txt 2.2.1; 001_* (hex profile)", "Note: it's bad style to have move properties in root nodes. (it isn't forbidden though)",
     "SGFC 24"},
    {rule::mn_in_root, 214, "mn_in_root", st::checker, lv(warning, off, warning), every_ff, warning, false, gr::each,
     "MN in the root node", "put MN into the node of the move it numbers",
     "ff4_sgf.txt 2.2.1 (MN is a move property); 002_*: MN",
     "Note: it's bad style to have move properties in root nodes. (002_*: \"In the rootnode: the number of moves of the game\")",
     "SGFC 24"},
    {rule::move_on_occupied, 215, "move_on_occupied", st::checker, all(warning), every_ff, warning, false, gr::each,
     "move onto an occupied point", "the move is executed anyway (it overwrites the stone); check the coordinates",
     "ff4_go.txt: How to execute a move", "a stone of that color is placed on the given position (no matter what was there before)",
     "SGFC 58"},
    {rule::setup_no_effect, 216, "setup_no_effect", st::checker, all(warning), every_ff, warning, false, gr::each,
     "setup (AB, AW, AE) that changes nothing", "remove the value: the board already looks like that",
     "ff4_properties.txt: Setup properties, Restrictions",
     "AB, AW and AE values which don't change the board, e.g. placing a black stone with AB[] over a black stone that's already there, is bad style.",
     "SGFC 39"},
    {rule::handicap_stones, 217, "handicap_stones", st::checker, all(warning), every_ff, warning, false, gr::each,
     "HA differs from the number of AB stones in its node", "set the handicap stones up with AB in the node of HA",
     "ff4_go.txt: HA", "If there is a handicap, the position should be set up with AB within the same node.", "SGFC 61"},
    {rule::long_ident, 218, "long_ident", st::checker, lv(info, off, info), every_ff, info, false, gr::per_subject,
     "identifier longer than two letters", "some applications expect at most two letters",
     "ff4_sgf.txt 2.2.4", "The identifier should consist of up to two uppercase letters.", "SGFC 31"},
    {rule::mixed_ff, 219, "mixed_ff", st::checker, all(info), every_ff, info, false, gr::each,
     "game trees of one file with different FF", "nothing to fix; some applications read only one file format per file",
     "ff4_properties.txt: FF", "Applications must be able to deal with different file formats within a collection.", "SGFC 45"},
    {rule::mixed_gm, 220, "mixed_gm", st::checker, all(info), every_ff, info, false, gr::each,
     "game trees of one file with different GM", "nothing to fix; some applications handle one game per file",
     "ff4_properties.txt: GM", "The property should help applications to reject games, they cannot handle.", "SGFC 53"},
    {rule::clears_nothing, 221, "clears_nothing", st::checker, all(info), every_ff, info, false, gr::each,
     "empty value clears an inherited setting that is not in effect", "remove the empty value: nothing is inherited here",
     "ff4_sgf.txt 2.2.2; ff4_properties.txt: DD, VW", "DD[] clears any setting, i.e. it undims everything.", "-"},
    {rule::annotation_mix, 222, "annotation_mix", st::checker, all(error), ff4_only, warning, false, gr::each,
     "more than one of BM, TE, DO, IT in one node", "keep one (ff4_changes.txt: FF[3] TE then BM is IT in FF[4], BM then TE is DO; sgfcheck fix converts them)",
     "ff4_properties.txt: Move annotation properties, Restrictions; ff4_changes.txt: Converting properties",
     "BM, TE, DO and IT are mutual exclusive, i.e. they must not be mixed within a single node.", "SGFC 41"},
    {rule::sgf2_alias, 223, "sgf2_alias", st::checker, lv(off, info, off), every_ff, info, false, gr::per_subject,
     "SGF2-style alias in the root node, read as its FF[4] property", "write the FF[4] identifier (sgfcheck fix does)",
     "002_*", "The properties TE, KO, RD, GK are aliases for EV, KM, DT, GM in SGF2 style. TL and LKM and PTM and PDT are aliases for TM and KM and TM and DT.",
     "-"},
    {rule::alias_and_target, 224, "alias_and_target", st::checker, lv(off, warning, off), every_ff, warning, false, gr::each,
     "SGF2-style alias and the property it stands for both in the root node",
     "keep one: the FF[4] property (sgfcheck fix removes an alias that says the same, else keeps it in X + identifier)",
     "002_*", "The properties TE, KO, RD, GK are aliases for EV, KM, DT, GM in SGF2 style. TL and LKM and PTM and PDT are aliases for TM and KM and TM and DT.",
     "-"},
};
// clang-format on

constexpr rule_row none_row{rule::none, 0, "none", st::checker, all(off), every_ff, off, false, gr::each, "no finding",
                            "", "-", "-", "-"};

constexpr std::size_t rule_count = std::size(rows) + 1;  // with rule::none

constexpr bool rows_in_order = [] {
    for (std::size_t k = 0; k < std::size(rows); ++k)
        if (static_cast<std::size_t>(rows[k].id) != k + 1) return false;
    return true;
}();
static_assert(rows_in_order, "rows in enum order, one per rule");
static_assert(static_cast<std::size_t>(rule::alias_and_target) + 1 == rule_count, "a row for every rule");

constexpr bool numbers_unique_and_ordered = [] {
    for (std::size_t k = 0; k < std::size(rows); ++k) {
        if (rows[k].number == 0 || rows[k].number > 999) return false;
        if (k > 0 && rows[k - 1].number >= rows[k].number) return false;
    }
    return true;
}();
static_assert(numbers_unique_and_ordered, "numbers 1..999, unique, ascending");

// The printed codes: "E101", "W101", "I101" per rule, in one static table.
constexpr auto code_texts = [] {
    std::array<std::array<std::array<char, 5>, 3>, rule_count> t{};
    for (std::size_t k = 0; k < std::size(rows); ++k) {
        const unsigned n = rows[k].number;
        constexpr char letters[3] = {'E', 'W', 'I'};  // severity order
        for (std::size_t s = 0; s < 3; ++s)
            t[k + 1][s] = {letters[s], static_cast<char>('0' + n / 100), static_cast<char>('0' + n / 10 % 10),
                           static_cast<char>('0' + n % 10), '\0'};
    }
    return t;
}();

// Old spellings (before 2026-11, when numbers repeated under several letters) -> rule.
constexpr struct {
    std::string_view old_code;
    rule now;
} old_codes[] = {
    {"W001", rule::byte_order_mark},   {"W002", rule::lowercase_ident},   {"W003", rule::ca_misspelled},
    {"W004", rule::ca_unknown},        {"W005", rule::invalid_bytes},     {"W006", rule::charset_uncertain},
    {"W007", rule::ca_contradicts},    {"I001", rule::ca_alias},          {"I002", rule::charset_guessed},
    {"I003", rule::converted_to_utf8}, {"I004", rule::charset_option},    {"W101", rule::unknown_keyword},
    {"I101", rule::unverified_syntax}, {"W201", rule::unknown_property},  {"W202", rule::obsolete_property},
    {"W203", rule::wrong_game},        {"W204", rule::move_in_root},      {"W205", rule::mn_in_root},
    {"W206", rule::move_on_occupied},  {"W207", rule::setup_no_effect},   {"W208", rule::handicap_stones},
    {"I201", rule::long_ident},        {"I202", rule::mixed_ff},          {"I203", rule::mixed_gm},
    {"I204", rule::clears_nothing},
};

constexpr rule_level min_level(rule_level a, rule_level b) noexcept { return a < b ? a : b; }

// Whether r can be printed at severity s: under some profile, FF version or --lenient.
constexpr bool printable(const rule_row& r, severity s) noexcept {
    for (const rule_level l : r.level)
        for (const rule_level cap : {error, r.outside}) {
            const rule_level x = min_level(l, cap);
            if (x != off && severity_of(x) == s) return true;
            if (r.recovery && x == error && s == severity::warning) return true;
        }
    return false;
}

const rule_row* by_number(unsigned n) noexcept {
    const auto* it = std::lower_bound(std::begin(rows), std::end(rows), n,
                                      [](const rule_row& r, unsigned x) { return r.number < x; });
    return it != std::end(rows) && it->number == n ? it : nullptr;
}

constexpr std::size_t alias_count = std::size(old_codes);
const std::array<code_alias, alias_count> aliases = [] {
    std::array<code_alias, alias_count> a{};
    for (std::size_t k = 0; k < alias_count; ++k) {
        const auto& o = old_codes[k];
        const unsigned n = static_cast<unsigned>((o.old_code[1] - '0') * 100 + (o.old_code[2] - '0') * 10 + (o.old_code[3] - '0'));
        const severity s = o.old_code[0] == 'E' ? severity::error : o.old_code[0] == 'W' ? severity::warning : severity::info;
        const rule_row* holder = by_number(n);
        a[k] = {o.old_code, o.now, holder != nullptr && printable(*holder, s)};
    }
    return a;
}();

}  // namespace

std::string_view to_string(severity s) noexcept {
    switch (s) {
        case severity::error: return "error";
        case severity::warning: return "warning";
        case severity::info: return "info";
    }
    return "error";
}

std::string_view to_string(rule_level l) noexcept {
    switch (l) {
        case rule_level::off: return "off";
        case rule_level::info: return "info";
        case rule_level::warning: return "warning";
        case rule_level::error: return "error";
    }
    return "off";
}

std::span<const rule_row> all_rules() noexcept { return rows; }

const rule_row& info(rule r) noexcept {
    const auto k = static_cast<std::size_t>(r);
    return k >= 1 && k < rule_count ? rows[k - 1] : none_row;
}

rule_level level_of(rule r, profile p, int ff) noexcept {
    const rule_row& row = sgf::info(r);
    const rule_level l = row.level[static_cast<std::size_t>(p)];
    if (ff < 1 || ff > 4) ff = 4;
    return (row.ff & ff_bit(ff)) != 0 ? l : min_level(l, row.outside);
}

std::string_view code_of(rule r, severity s) noexcept {
    const auto k = static_cast<std::size_t>(r);
    if (k == 0 || k >= rule_count) return {};
    return {code_texts[k][static_cast<std::size_t>(s)].data(), 4};
}

std::string_view code_of(rule r) noexcept {
    rule_level l = level_of(r, profile::ff4, 4);
    // off in an FF[4] file under the default profile (W123: FF[1]-FF[3] only; I223, W224:
    // --profile=current only): the code at the highest level it can print
    if (l == rule_level::off)
        for (std::size_t p = 0; p < profile_count; ++p)
            for (int ff = 1; ff <= 4; ++ff) l = std::max(l, level_of(r, static_cast<profile>(p), ff));
    return l == rule_level::off ? code_of(r, severity::error) : code_of(r, severity_of(l));
}

const rule_row* find_rule(std::string_view code) noexcept {
    const auto digits = [](std::string_view d) {
        unsigned n = 0;
        for (const char c : d) {
            if (c < '0' || c > '9') return 0u;
            n = n * 10 + static_cast<unsigned>(c - '0');
        }
        return n;
    };
    if (code.size() == 3) return by_number(digits(code));
    if (code.size() != 4) return nullptr;
    const char letter = code[0];
    if (letter != 'E' && letter != 'W' && letter != 'I') return nullptr;
    for (const code_alias& a : aliases)
        if (a.old_code == code && !a.shadowed) return &sgf::info(a.now);
    return by_number(digits(code.substr(1)));
}

std::span<const code_alias> all_code_aliases() noexcept { return aliases; }

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

diagnostic make_diagnostic(rule r, severity s) {
    diagnostic d;
    d.id = r;
    d.level = s;
    d.code = code_of(r, s);
    return d;
}

}  // namespace sgf
