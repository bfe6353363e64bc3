// What the sources say beside the property rows: the profiles, where the sources disagree
// and what the table does about it, identifier aliases, FF[1]-FF[3] long names, and the
// point and exclusive groups of the restrictions.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "sgf/properties.hpp"

namespace sgf {

namespace {

constexpr profile_mask only_current = profile_bit(profile::current);

constexpr profile_info profile_rows[] = {
    {profile::ff4, "ff4", 1, "ff4_sgf.txt, ff4_properties.txt, game pages (English FF[4] text)",
     "strict FF[4]: every MUST of the spec is an error"},
    {profile::current, "current", 1, "002_*", "current usage: recommendations, 002_* properties and private properties known"},
    {profile::hex, "hex", 11, "001_*", "Hex conventions: GM[11] by default, 001_* result format, PL in move nodes"},
};

// ---------------------------------------------------------------------- disagreements

constexpr spec_disagreement disagreements[] = {
    {"rect_1x1", "1x1 rectangles in compressed point lists",
     "ff4_sgf.txt 3.5.1: '1x1 Rectangles are illegal'; 003_* 3.5.1: '1x1 矩形是合法的' (legal); 002_* pointlist does not forbid them",
     "ff4 and hex: error; current: warning"},
    {"empty_tail", "empty variation '()'",
     "ff4_variations.txt and ff4_changes.txt: '()' is an error; 000_*/001_* grammar needs a node; 002_*: a Tail '()' means the game may end here",
     "ff4 and hex: error; current: allowed"},
    {"empty_collection", "file without game trees",
     "000_*: Collection = GameTree { GameTree }; 001_*: 'one or more trees'; 002_*: Collection = { GameTree }",
     "ff4 and hex: error; current: allowed"},
    {"mn_in_root", "MN in the root node",
     "ff4_sgf.txt 2.2.1: move properties in the root are bad style; 002_*: root MN is the number of moves of the game",
     "ff4 and hex: warning; current: allowed"},
    {"move_in_root", "B/W in the root node",
     "ff4_sgf.txt 2.2.1: bad style, not forbidden; 001_*: 'The root node is always a setup node'; 002_*: 'mistakes'",
     "ff4 and current: warning; hex: error"},
    {"pl_with_move", "PL in a node with B or W",
     "ff4_properties.txt: PL is a setup property (no mixing with move properties); 001_*: PL 'can also be used for move nodes'",
     "ff4 and current: error; hex: allowed"},
    {"gm_range", "range of GM",
     "ff4_property_index.txt and ff1-4_property_index.txt: 'range: 1-5,7-16'; ff4_property_index_by_type.txt: '1-5,7-17'; ff4_properties.txt: 'range: 1-16' but lists games up to Kropki = 40; 002_*: table up to 40",
     "range 1-40 (GM[6] Backgammon is valid)"},
    {"ap_type", "value type of AP",
     "ff4_properties.txt and ff4_property_index.txt: composed simpletext ':' simpletext; ff4_property_index_by_type.txt: composed simpletext ':' number; 002_*: simpletext",
     "row keeps simpletext:simpletext; a value without ':' gives rule ap_not_composed (ff4 and hex: error, a value that does not match the value type; current: allowed, what 002_* documents as common practice)"},
    {"time_units", "time values",
     "ff4_properties.txt: TM/BL/WL real, seconds; ff1-4_property_index.txt: real in FF[1]-FF[4]; 002_*: time = real optionally followed by s, m or h",
     "ff4 and hex: error in every FF version (the value type is real in all of them; FF[4] changed the unit, not the type); current: allowed"},
    {"empty_list", "empty 'list of' values (LB[], AB[])",
     "ff4_sgf.txt: 'list of' has at least one value; 002_*: pointlist and labellist may be empty (LB[])",
     "ff4 and hex: error; current: allowed"},
    {"re_jigo", "RE for a draw",
     "ff4_properties.txt: '0' or 'Draw'; 002_*: example 'Jigo'", "ff4 and hex: error; current: allowed"},
    {"re_hex", "RE in Hex",
     "ff4_properties.txt: score and draw allowed; 001_*: only B+/W+ with optional R/Resign/T/Time/F/Forfeit, Void, ?",
     "hex profile selects a GM[11] RE row with format result_hex"},
    {"re_format", "RE format strength", "ff4_properties.txt: MANDATORY; 002_*: recommendations",
     "ff4 and hex: error; current: warning"},
    {"dt_format", "DT format strength", "ff4_properties.txt: MANDATORY ISO; 002_*: 'preferably in ISO standard form', proposals like DT[1934:Spring]",
     "ff4 and hex: error; current: warning"},
    {"ha_range", "HA minimum", "ff4_go.txt: HA >= 2; 002_*: 'Number of handicap stones' (HA[0], HA[1] common)",
     "ff4 and hex: warning ('(>=2)' is a parenthesised range); current: info"},
    {"sz_square_compose", "SZ[19:19]", "ff4_properties.txt: illegal; 001_*: equal sides 'must be given as a single integer'; 002_*: numberpair, no restriction",
     "ff4 and hex: error; current: warning"},
    {"long_ident", "identifiers longer than two letters",
     "ff4_sgf.txt 2.2: 'no more than two uppercase letters', 2.2.4 private 'should' be up to two; 003_* 2.2: 'one or two'; 002_*: arbitrary length is common (KGSDE, MULTIGOGM)",
     "ff4 and hex: info; current: allowed"},
    {"lowercase_ident", "lowercase letters in identifiers",
     "ff4_changes.txt: FF[1]-[3] allowed them, FF[4] does not; 002_*: still met (GaMe[1])",
     "ff4 and hex: error in FF[4] files, warning in FF[1]-FF[3] files; current: warning; no uppercase letter at all: error everywhere"},
    {"unknown_property", "unknown properties",
     "ff4_sgf.txt 2.2.3: warn; 001_*: ignore (preserve if possible)", "ff4: warning; current and hex: info"},
    {"compose_extra_colon", "more than one ':' in a compose value",
     "ff4_sgf.txt 3.2/3.3: ':' must be escaped in compose types; 001_*: composite values with more than 2 components are not permitted; 003_* 3.2 says the opposite (':' must be escaped EXCEPT in compose)",
     "ff4 and hex: error; current: warning"},
    {"hex_size", "Hex board size limits",
     "ff4_hex.txt (pre-2021 page): 3 to 26 per side; hex.html 2021-12-01 and 001_*: from 1x1, arbitrarily large, columns aa, ab, ... after z",
     "Hex game row follows the 2021 page: 1..unlimited, multi-letter columns"},
    {"hex_pass", "Hex pass move", "ff4_hex.txt (pre-2021): no pass; hex.html 2021-12-01 and 001_*: 'pass'",
     "pass is a special move in the Hex row"},
    {"ff_in_ff1", "FF in FF[1]", "ff1-4_property_index.txt: FF is -234; sgfc_doc.txt Appendix B: 1234",
     "row follows the index: -234"},
    {"ln_ff3", "LN in FF[3]",
     "ff1-4_property_index.txt: LN --34; ff4_property_index.txt marks LN new (*); ff4_changes.txt: new property; sgfc_doc.txt: ---4",
     "row: ---4"},
    {"vw_ff3", "VW before FF[4]",
     "ff1-4_property_index.txt and sgfc_doc.txt: VW 1234 elist of point; ff4_property_index.txt marks VW new (*); ff4_changes.txt: new property, 'wasn't an official property in FF[3]', value two corner points",
     "row: 1234 (old files use it), FF[4] value type; note on the row"},
    {"se_meaning", "SE", "ff1-4_property_index.txt: FF[3] SE Selftest moves (list of point) and FF[4] SE LOA Markup (point)",
     "two rows; find_property picks by GM and FF"},
    {"lt_meaning", "LT", "ff1-4_property_index.txt: FF[3] LT Lose on time (none); 002_*: LT length of byo-yomi periods (time)",
     "legacy row in every profile, 002_* row in current"},
    {"tc_meaning", "TC", "ff1-4_property_index.txt: FF[3] TC Territory count; 002_*: Tail Comment, SmartGo capturable blocks, alias of LC",
     "legacy row in every profile; current: a row 'number | simpletext' (byo-yomi periods, TC[10] TT[60], or a tail comment) and TT 'time'"},
    {"ip_meaning", "IP", "ff4_loa.txt: IP initial position ('End'); ff4_hex.txt: IP initial position, value should be empty, once per game",
     "two game-specific rows"},
    {"as_meaning", "AS", "ff4_loa.txt: AS who adds stones (simpletext); ff4_octi.txt: AS arrow stone (list of composed stone ':' point)",
     "two game-specific rows"},
    {"ki_meaning", "KI", "sgfc_doc.txt: KI SGB game-info (Go) number; 002_*: 'Integer Komi' gives twice the komi",
     "legacy row, no FF version"},
    {"dd_type", "DD value type", "ff4_properties.txt: elist of point; sgfc_doc.txt Appendix B: list of point",
     "elist of point (DD[] clears)"},
    {"amazons_stones", "Amazons stones",
     "ff4_sgf.txt 3.4 does not list Amazons under 'Stone becomes Point'; ff4_amazons.txt writes stones as points (AB[dj])",
     "stones parse as points, but list of stone is not compressible in Amazons"},
    {"backgammon_cv_related", "Backgammon CV 'Related: CP'", "ff4_backgammon.txt: CV says Related: CP; history 2001-08-12 renamed CP to CO",
     "CO row; note"},
    {"twixt_partial", "Twixt page", "ff4_twixt.txt: partial notes, long-move syntax and properties not retrieved",
     "Twixt points checked; other move forms give rule unverified_syntax"},
    {"text_whitespace_003", "Text white space (003_* translation)",
     "ff4_sgf.txt 3.2: white spaces OTHER THAN linebreaks become space; 003_* 3.2 reads as 'white space such as line breaks become space'",
     "English text wins (documentation only)"},
    {"value_order_003", "order of property values (003_* translation)",
     "ff4_sgf.txt 2.2: applications should NOT rely on the order of values; 003_* 2.2 drops the 'not'",
     "English text wins (documentation only)"},
    {"game_info_003", "one game-info node per path (003_* translation)",
     "ff4_sgf.txt 2.2.1: no further game-info properties on the path; 003_* 2.2.1: 'that property' may not appear again",
     "English text wins: any game-info property (rule game_info_twice)"},
};

// ---------------------------------------------------------------------- aliases

constexpr profile_mask in_all = every_profile;

constexpr property_alias aliases[] = {
    {"TE", "EV", only_current, "root node, SGF2 style", "002_*: 'TE, KO, RD, GK are aliases for EV, KM, DT, GM in SGF2 style'"},
    {"KO", "KM", only_current, "root node, SGF2 style", "002_*: same sentence"},
    {"RD", "DT", only_current, "root node, SGF2 style", "002_*: same sentence"},
    {"GK", "GM", only_current, "root node, SGF2 style", "002_*: same sentence"},
    {"TL", "TM", only_current, "root node (non-root TL unknown)", "002_*: 'TL and LKM and PTM and PDT are aliases for TM and KM and TM and DT'"},
    {"LKM", "KM", only_current, "root node", "002_*: same sentence"},
    {"PTM", "TM", only_current, "root node", "002_*: same sentence"},
    {"PDT", "DT", only_current, "root node", "002_*: same sentence"},
    {"T", "TM", only_current, "values like 8h", "002_*: Aya T; 'in most of the files investigated ... T an alias for TM'"},
    {"TC", "LC", only_current, "Japanese byo-yomi", "002_*: 'LC[10] LT[60] (or TC[10] TT[60])'"},
    {"TT", "LT", only_current, "Japanese byo-yomi", "002_*: same sentence"},
    {"L", "LB", in_all, "FF[1]-[3] conversion: L[fg][es] -> LB[fg:A][es:B]", "ff4_changes.txt: Converting / L"},
    {"M", "MA", in_all, "FF[1]-[3] conversion: on empty points (TR on stones)", "ff4_changes.txt: Converting / M"},
};

// ---------------------------------------------------------------------- long names

constexpr long_name long_names[] = {
    // quoted in the spec sources
    {"Black", "B", "ff4_changes.txt: Converting, 'Black[qd]'"},
    {"thisisaWhitemove", "W", "ff4_changes.txt: Converting, example"},
    {"bbrWyryrerwLerreoi", "WL", "ff4_changes.txt: Converting, example"},
    {"GaMe", "GM", "002_*: 'GaMe[1]goWriteVersion[1.4e]'"},
    {"goWriteVersion", "WV", "002_*: same example"},
    // found in ../shared/corpus (STATS.md: lowercase letters in identifiers)
    {"CoPyright", "CP", "corpus: legacy/gnugo/*.sgf"},
    {"VieW", "VW", "corpus: legacy/gnugo/buzco1.sgf, juka1.sgf"},
    {"USer", "US", "corpus: legacy/gnugo/buzco1.sgf"},
    {"Comment", "C", "corpus: legacy/fuego/*.sgf"},
    // FF[1]-[3] style spellings (uppercase letters = FF[4] identifier), for documentation
    {"PlayerBlack", "PB", "FF[1]-[3] style"},
    {"PlayerWhite", "PW", "FF[1]-[3] style"},
    {"BlackRank", "BR", "FF[1]-[3] style"},
    {"WhiteRank", "WR", "FF[1]-[3] style"},
    {"AddBlack", "AB", "FF[1]-[3] style"},
    {"AddWhite", "AW", "FF[1]-[3] style"},
    {"AddEmpty", "AE", "FF[1]-[3] style"},
    {"SiZe", "SZ", "FF[1]-[3] style"},
    {"KoMi", "KM", "FF[1]-[3] style"},
    {"HAndicap", "HA", "FF[1]-[3] style"},
    {"DaTe", "DT", "FF[1]-[3] style"},
    {"REsult", "RE", "FF[1]-[3] style"},
    {"GameName", "GN", "FF[1]-[3] style"},
    {"FileFormat", "FF", "FF[1]-[3] style"},
    {"PLayer", "PL", "FF[1]-[3] style"},
    {"BlackLeft", "BL", "FF[1]-[3] style"},
    {"WhiteLeft", "WL", "FF[1]-[3] style"},
    {"EVent", "EV", "FF[1]-[3] style"},
    {"PlaCe", "PC", "FF[1]-[3] style"},
    {"ROund", "RO", "FF[1]-[3] style"},
    {"SOurce", "SO", "FF[1]-[3] style"},
    {"TiMe", "TM", "FF[1]-[3] style"},
    {"LaBel", "LB", "FF[1]-[3] style"},
    {"MArk", "MA", "FF[1]-[3] style"},
};

// ---------------------------------------------------------------------- groups

constexpr point_group_info point_groups[] = {
    {point_group::none, false, "", "-"},
    {point_group::self, true, "", "ff4_properties.txt: LB, VW, DD ... 'Points must be unique.'"},
    {point_group::setup, true, "AB, AW and AE",
     "ff4_properties.txt: Setup properties, Restrictions 'AB, AW and AE must have unique points'"},
    {point_group::markup, true, "CR, MA, SL, SQ and TR",
     "ff4_properties.txt: Markup properties, Restrictions 'CR, MA, SL, SQ and TR points must be unique'"},
    {point_group::territory, true, "TB and TW", "ff4_go.txt: 'TW and TB points must be unique'"},
    // ff4_octi.txt CS: the same stone may be listed twice (two identical stones on the board),
    // so the group names the markup of stones without asking for unique points.
    {point_group::octi_markup, false, "CS, MS, SS and TS", "ff4_octi.txt: CS"},
};

constexpr exclusive_group_info exclusive_groups[] = {
    {exclusive_group::none, "", rule::none, "-"},
    {exclusive_group::move_color, "B and W", rule::exclusive_properties,
     "ff4_properties.txt: B, W 'B and W properties must not be mixed within a node.'"},
    {exclusive_group::position_judgement, "GB, GW, DM and UC", rule::exclusive_properties,
     "ff4_properties.txt: DM, GB, GW, UC 'must not be mixed'"},
    {exclusive_group::move_annotation, "BM, TE, DO and IT", rule::annotation_mix,
     "ff4_properties.txt: Move annotation properties, Restrictions 'BM, TE, DO and IT are mutual exclusive'"},
};

}  // namespace

const point_group_info& info(point_group g) noexcept { return point_groups[static_cast<std::size_t>(g)]; }

const exclusive_group_info& info(exclusive_group g) noexcept { return exclusive_groups[static_cast<std::size_t>(g)]; }

std::span<const profile_info> all_profiles() noexcept { return profile_rows; }

const profile_info& info(profile p) noexcept { return profile_rows[static_cast<std::size_t>(p)]; }

std::optional<profile> find_profile(std::string_view name) noexcept {
    for (const auto& p : profile_rows)
        if (p.name == name) return p.id;
    return std::nullopt;
}

std::span<const spec_disagreement> all_disagreements() noexcept { return disagreements; }

std::span<const property_alias> all_aliases() noexcept { return aliases; }

std::span<const long_name> all_long_names() noexcept { return long_names; }

std::string ff4_ident_of(std::string_view written) {
    std::string out;
    out.reserve(written.size());
    for (const char c : written)
        if (!(c >= 'a' && c <= 'z')) out += c;
    return out;
}

}  // namespace sgf
