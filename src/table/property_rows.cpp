// The property rows: one row per (identifier, meaning) from the spec's property pages, the
// game pages, the FF[1]-FF[3] index and 002_* (include/sgf/properties.hpp explains the
// shape of the data), and the lookup that picks the row fitting a file.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "table/value_shape.hpp"

namespace sgf {

namespace {

using detail::parse_shape;

// ---------------------------------------------------------------------- row builder

// "1234", "--34", "123-": the FF column of ff1-4_property_index.txt.
constexpr ff_mask ff_of(std::string_view col) {
    if (col.size() != 4) throw "FF column must have 4 characters";
    ff_mask m = 0;
    for (std::size_t k = 0; k < 4; ++k) {
        if (col[k] == static_cast<char>('1' + k))
            m = static_cast<ff_mask>(m | (1u << k));
        else if (col[k] != '-')
            throw "FF column: digit or '-' expected";
    }
    return m;
}

// Chained modifiers keep each row on one readable line; the value-type text is parsed
// here at compile time, so a typo in the table is a compile error.
struct R {
    property_rule r{};
    constexpr R(std::string_view id, std::string_view ff, property_type t, std::string_view vt,
                std::string_view description, std::string_view section) {
        r.ident = id;
        r.ff_versions = ff_of(ff);
        r.type = t;
        r.value_type = vt;
        r.description = description;
        r.spec_section = section;
        const auto sh = parse_shape(vt);
        if (!sh) throw "value_type does not parse";
        r.shape = *sh;
    }
    constexpr R& inh() { r.inherit = true; return *this; }
    constexpr R& games(game_mask m) { r.games = m; return *this; }
    constexpr R& go() { return games(gm_bit(1)); }
    constexpr R& range(std::int64_t lo, std::int64_t hi) { r.range = {true, lo, hi}; return *this; }
    constexpr R& fmt(value_format f) { r.format = f; return *this; }
    constexpr R& kw(std::string_view k) { r.keywords = k; return *this; }
    constexpr R& uniq(point_group g) { r.unique_points = g; return *this; }
    constexpr R& excl(exclusive_group g) { r.exclusive = g; return *this; }
    constexpr R& restrict(restriction x) { r.restrictions = r.restrictions | x; return *this; }
    constexpr R& origin(row_origin o) { r.origin = o; return *this; }
    constexpr R& only(profile_mask m) { r.profiles = m; return *this; }
    constexpr R& note(std::string_view n) { r.note = n; return *this; }
    constexpr R& board(board_effect e) { r.effect = e; return *this; }
    constexpr R& placed_by(rule x) { r.placement = x; return *this; }
    constexpr R& changed(ff4_change c) { r.changed = c; return *this; }
    constexpr operator property_rule() const { return r; }  // NOLINT: implicit by design
};

using pg = point_group;
using eg = exclusive_group;
using rs = restriction;
using ro = row_origin;
using be = board_effect;

constexpr game_mask gm_backgammon = gm_bit(6);
constexpr game_mask gm_loa = gm_bit(9);
constexpr game_mask gm_hex = gm_bit(11);
constexpr game_mask gm_amazons = gm_bit(18);
constexpr game_mask gm_octi = gm_bit(19);
constexpr profile_mask only_current = profile_bit(profile::current);
constexpr profile_mask only_hex = profile_bit(profile::hex);

namespace prop_data {
using enum property_type;
using enum value_format;

// clang-format off
constexpr property_rule rows[] = {
    // ---------------------------------------------------------------- FF[4] general
    // Move properties
    R("B",  "1234", move,  "move",   "Black", "ff4_properties.txt: Move properties / B").excl(eg::move_color).board(be::move_black),
    R("KO", "--34", move,  "none",   "Ko", "ff4_properties.txt: Move properties / KO").restrict(rs::needs_move)
        .note("A KO property without a black or white move within the same node is illegal."),
    R("MN", "--34", move,  "number", "set move number", "ff4_properties.txt: Move properties / MN").placed_by(rule::mn_in_root)
        .note("Root MN: bad style in ff4 (move property in root), 'number of moves of the game' in 002_* (rule mn_in_root)."),
    R("W",  "1234", move,  "move",   "White", "ff4_properties.txt: Move properties / W").excl(eg::move_color).board(be::move_white),
    // Setup properties
    R("AB", "1234", setup, "list of stone", "Add Black", "ff4_properties.txt: Setup properties / AB").uniq(pg::setup).board(be::add_black),
    R("AE", "1234", setup, "list of point", "Add Empty", "ff4_properties.txt: Setup properties / AE").uniq(pg::setup).board(be::add_empty),
    R("AW", "1234", setup, "list of stone", "Add White", "ff4_properties.txt: Setup properties / AW").uniq(pg::setup).board(be::add_white),
    R("PL", "1234", setup, "color", "Player to play", "ff4_properties.txt: Setup properties / PL").placed_by(rule::pl_with_move)
        .note("001_* allows PL in move nodes (rule pl_with_move)."),
    // Node annotation properties
    R("C",  "1234", none,  "text",       "Comment", "ff4_properties.txt: Node annotation properties / C"),
    R("DM", "--34", none,  "double",     "Even position", "ff4_properties.txt: Node annotation properties / DM").excl(eg::position_judgement),
    R("GB", "1234", none,  "double",     "Good for Black", "ff4_properties.txt: Node annotation properties / GB").excl(eg::position_judgement),
    R("GW", "1234", none,  "double",     "Good for White", "ff4_properties.txt: Node annotation properties / GW").excl(eg::position_judgement),
    R("HO", "--34", none,  "double",     "Hotspot", "ff4_properties.txt: Node annotation properties / HO"),
    R("N",  "1234", none,  "simpletext", "Nodename", "ff4_properties.txt: Node annotation properties / N"),
    R("UC", "--34", none,  "double",     "Unclear pos", "ff4_properties.txt: Node annotation properties / UC").excl(eg::position_judgement),
    R("V",  "1234", none,  "real",       "Value", "ff4_properties.txt: Node annotation properties / V"),
    // Move annotation properties
    R("BM", "1234", move,  "double", "Bad move", "ff4_properties.txt: Move annotation properties / BM").restrict(rs::needs_move).excl(eg::move_annotation),
    R("DO", "--34", move,  "none",   "Doubtful", "ff4_properties.txt: Move annotation properties / DO").restrict(rs::needs_move).excl(eg::move_annotation),
    R("IT", "--34", move,  "none",   "Interesting", "ff4_properties.txt: Move annotation properties / IT").restrict(rs::needs_move).excl(eg::move_annotation),
    R("TE", "1234", move,  "double", "Tesuji", "ff4_properties.txt: Move annotation properties / TE").restrict(rs::needs_move).excl(eg::move_annotation)
        .note("002_*: TE in the root node is an SGF2-style alias of EV (see all_aliases)."),
    // Markup properties
    R("AR", "---4", none,  "list of composed point ':' point", "Arrow", "ff4_properties.txt: Markup properties / AR")
        .restrict(rs::distinct_ends | rs::no_duplicate_values),
    R("CR", "--34", none,  "list of point", "Circle", "ff4_properties.txt: Markup properties / CR").uniq(pg::markup),
    R("DD", "---4", none,  "elist of point", "Dim points", "ff4_properties.txt: Markup properties / DD").inh().uniq(pg::self)
        .restrict(rs::clears_when_empty),
    R("LB", "--34", none,  "list of composed point ':' simpletext", "Label", "ff4_properties.txt: Markup properties / LB").uniq(pg::self)
        .changed(ff4_change::long_label)
        .note("002_* labellist may be empty: LB[] (rule empty_list)."),
    R("LN", "---4", none,  "list of composed point ':' point", "Line", "ff4_properties.txt: Markup properties / LN")
        .restrict(rs::distinct_ends | rs::no_duplicate_values | rs::unordered_ends)
        .note("A line has no direction: LN[aa:bb] and LN[bb:aa] are the same line. ff1-4_property_index.txt says --34; FF[4] index, ff4_changes.txt and SGFC say new in FF[4] (disagreement ln_ff3)."),
    R("MA", "--34", none,  "list of point", "Mark", "ff4_properties.txt: Markup properties / MA").uniq(pg::markup),
    R("SL", "1234", none,  "list of point", "Selected", "ff4_properties.txt: Markup properties / SL").uniq(pg::markup),
    R("SQ", "---4", none,  "list of point", "Square", "ff4_properties.txt: Markup properties / SQ").uniq(pg::markup),
    R("TR", "--34", none,  "list of point", "Triangle", "ff4_properties.txt: Markup properties / TR").uniq(pg::markup),
    // Root properties
    R("AP", "---4", root,  "composed simpletext ':' simpletext", "Application", "ff4_properties.txt: Root properties / AP").fmt(application)
        .note("proplist_t says composed simpletext ':' number; 002_* says simpletext (disagreement ap_type)."),
    R("CA", "---4", root,  "simpletext", "Charset", "ff4_properties.txt: Root properties / CA")
        .note("Default ISO-8859-1; names as in RFC 1345 / MIME charset."),
    R("FF", "-234", root,  "number (range: 1-4)", "Fileformat", "ff4_properties.txt: Root properties / FF").range(1, 4)
        .note("Default 1. SGFC lists FF as 1234 (disagreement ff_in_ff1)."),
    R("GM", "1234", root,  "number (range: 1-5,7-16)", "Game", "ff4_properties.txt: Root properties / GM").range(1, 40)
        .note("Range 1-40: the list of valid numbers in properties.html ends at Kropki = 40 (disagreement gm_range)."),
    R("ST", "---4", root,  "number (range: 0-3)", "Style", "ff4_properties.txt: Root properties / ST").range(0, 3),
    R("SZ", "1234", root,  "(number | composed number ':' number)", "Size", "ff4_properties.txt: Root properties / SZ").fmt(size)
        .note("SZ[19:19] is illegal (rule sz_square_compose); limits per game in game_rule."),
    // Game info properties
    R("AN", "--34", game_info, "simpletext", "Annotation", "ff4_properties.txt: Game info properties / AN"),
    R("BR", "1234", game_info, "simpletext", "Black rank", "ff4_properties.txt: Game info properties / BR"),
    R("BT", "--34", game_info, "simpletext", "Black team", "ff4_properties.txt: Game info properties / BT"),
    R("CP", "--34", game_info, "simpletext", "Copyright", "ff4_properties.txt: Game info properties / CP"),
    R("DT", "1234", game_info, "simpletext", "Date", "ff4_properties.txt: Game info properties / DT").fmt(date),
    R("EV", "1234", game_info, "simpletext", "Event", "ff4_properties.txt: Game info properties / EV"),
    R("GN", "1234", game_info, "simpletext", "Game name", "ff4_properties.txt: Game info properties / GN"),
    R("GC", "1234", game_info, "text",       "Game comment", "ff4_properties.txt: Game info properties / GC"),
    R("ON", "--34", game_info, "simpletext", "Opening", "ff4_properties.txt: Game info properties / ON"),
    R("OT", "---4", game_info, "simpletext", "Overtime", "ff4_properties.txt: Game info properties / OT"),
    R("PB", "1234", game_info, "simpletext", "Player Black", "ff4_properties.txt: Game info properties / PB"),
    R("PC", "1234", game_info, "simpletext", "Place", "ff4_properties.txt: Game info properties / PC"),
    R("PW", "1234", game_info, "simpletext", "Player White", "ff4_properties.txt: Game info properties / PW"),
    R("RE", "1234", game_info, "simpletext", "Result", "ff4_properties.txt: Game info properties / RE").fmt(result),
    R("RO", "1234", game_info, "simpletext", "Round", "ff4_properties.txt: Game info properties / RO"),
    R("RU", "--34", game_info, "simpletext", "Rules", "ff4_properties.txt: Game info properties / RU").fmt(rule_set)
        .note("Mandatory names for Go: AGA, GOE, Japanese, NZ (rule rule_set_name: one of them spelled otherwise)."),
    R("SO", "1234", game_info, "simpletext", "Source", "ff4_properties.txt: Game info properties / SO"),
    R("TM", "1234", game_info, "real",       "Timelimit", "ff4_properties.txt: Game info properties / TM").fmt(time)
        .note("Seconds. 002_* allows a unit letter s, m or h (rule time_units)."),
    R("US", "1234", game_info, "simpletext", "User", "ff4_properties.txt: Game info properties / US"),
    R("WR", "1234", game_info, "simpletext", "White rank", "ff4_properties.txt: Game info properties / WR"),
    R("WT", "--34", game_info, "simpletext", "White team", "ff4_properties.txt: Game info properties / WT"),
    // Timing properties
    R("BL", "1234", move,  "real",   "Black time left", "ff4_properties.txt: Timing properties / BL").fmt(time),
    R("OB", "--34", move,  "number", "OtStones Black", "ff4_properties.txt: Timing properties / OB"),
    R("OW", "--34", move,  "number", "OtStones White", "ff4_properties.txt: Timing properties / OW"),
    R("WL", "1234", move,  "real",   "White time left", "ff4_properties.txt: Timing properties / WL").fmt(time),
    // Miscellaneous properties
    R("FG", "1234", none,  "none | composed number \":\" simpletext", "Figure", "ff4_properties.txt: Miscellaneous properties / FG").fmt(figure)
        .changed(ff4_change::figure_data)
        .note("Flags: 1 coordinates, 2 diagram name, 4 list moves, 256 remove captured, 512 hoshi, 32768 ignore flags."),
    R("PM", "---4", none,  "number", "Print move mode", "ff4_properties.txt: Miscellaneous properties / PM").inh().range(0, 2)
        .note("Range 0-2 from the Function text (0 none, 1 as they are, 2 modulo 100); default 1."),
    R("VW", "1234", none,  "elist of point", "View", "ff4_properties.txt: Miscellaneous properties / VW").inh().uniq(pg::self)
        .changed(ff4_change::view_list)
        .restrict(rs::clears_when_empty)
        .note("FF[3] VW was two corner points (ff4_changes.txt Converting; disagreement vw_ff3)."),

    // ---------------------------------------------------------------- Go (GM[1])
    R("HA", "1234", game_info, "number", "Handicap", "ff4_go.txt: Properties / HA").go().origin(ro::game).fmt(handicap)
        .note(">= 2 (rule ha_range); AB in the same node should set the stones up."),
    R("KM", "1234", game_info, "real", "Komi", "ff4_go.txt: Properties / KM").go().origin(ro::game),
    R("TB", "1234", none, "elist of point", "Territory Black", "ff4_go.txt: Properties / TB").go().origin(ro::game).uniq(pg::territory),
    R("TW", "1234", none, "elist of point", "Territory White", "ff4_go.txt: Properties / TW").go().origin(ro::game).uniq(pg::territory),

    // ---------------------------------------------------------------- Lines of Action (GM[9])
    R("AS", "---4", none, "SimpleText", "Who adds stones", "ff4_loa.txt: Properties / AS").games(gm_loa).origin(ro::game)
        .fmt(keyword).kw("Black|White|None"),
    R("IP", "---4", game_info, "SimpleText", "Initial pos.", "ff4_loa.txt: Properties / IP").games(gm_loa).origin(ro::game)
        .fmt(keyword).kw("End").note("'End' is the only value currently supported."),
    R("IY", "---4", game_info, "SimpleText", "Invert Y-axis", "ff4_loa.txt: Properties / IY").games(gm_loa).origin(ro::game)
        .fmt(keyword).kw("true|false"),
    R("SE", "---4", none, "point", "Markup", "ff4_loa.txt: Properties / SE").games(gm_loa).origin(ro::game)
        .note("FF[3] SE (Selftest moves) is a different, legacy row."),
    R("SU", "---4", game_info, "SimpleText", "Setup type", "ff4_loa.txt: Properties / SU").games(gm_loa).origin(ro::game)
        .fmt(keyword).kw("Standard|Scrambled-eggs|Parachute|Gemma|Custom")
        .note("'The currently valid values include' these: other words are a warning."),

    // ---------------------------------------------------------------- Hex (GM[11])
    R("IS", "---4", root, "list of composed SimpleText ':' SimpleText", "Initial viewer setting", "ff4_hex.txt: Properties / IS")
        .games(gm_hex).origin(ro::game).fmt(keyword_switches).kw("tried|marked|lastmove|headings|lock")
        .note("Values 'on' or 'off'."),
    R("IP", "---4", game_info, "SimpleText", "Initial position", "ff4_hex.txt: Properties / IP").games(gm_hex).origin(ro::game)
        .fmt(empty_text).restrict(rs::once_per_game)
        .note("The value should be empty; more than one IP in a game is illegal."),
    R("RE", "---4", game_info, "simpletext", "Result", "001_*: Root properties / RE").games(gm_hex).only(only_hex)
        .origin(ro::profile_variant).fmt(result_hex)
        .note("001_*: B+ or W+ with optional R/Resign/T/Time/F/Forfeit, Void, ?; no score, no draw (disagreement re_hex)."),

    // ---------------------------------------------------------------- Backgammon (GM[6])
    R("CO", "---4", setup, "simpletext", "Cube owner", "ff4_backgammon.txt: Properties / CO").games(gm_backgammon).origin(ro::game)
        .fmt(keyword).kw("b|w|c|n").note("Renamed from CP on 2001-08-12 (ff4_changes.txt history)."),
    R("CV", "---4", setup, "number", "Cube value", "ff4_backgammon.txt: Properties / CV").games(gm_backgammon).origin(ro::game),
    R("DI", "---4", setup, "number", "Dice", "ff4_backgammon.txt: Properties / DI").games(gm_backgammon).origin(ro::game)
        .note("Two dice written as one number, e.g. DI[31]."),
    R("MI", "---4", game_info, "list of composed simpletext ':' simpletext", "Match information", "ff4_backgammon.txt: Properties / MI")
        .games(gm_backgammon).origin(ro::game).fmt(keyword_numbers).kw("length|game|bs|ws")
        .note("Tags case-insensitive, values numbers; unknown tags should be ignored (a warning may be produced)."),
    R("RE", "---4", game_info, "simpletext", "Result", "ff4_backgammon.txt: Properties / RE").games(gm_backgammon).origin(ro::game)
        .fmt(result_backgammon).note("Points before R(esign): RE[B+6R], RE[W+2Resign]."),
    R("RU", "---4", game_info, "simpletext", "Rules", "ff4_backgammon.txt: Properties / RU").games(gm_backgammon).origin(ro::game)
        .note("Values include Crawford, Crawford:CrawfordGame, Jacoby."),

    // ---------------------------------------------------------------- Amazons (GM[18])
    R("AA", "---4", setup, "list of point", "Add arrows", "ff4_amazons.txt: Properties / AA").games(gm_amazons).origin(ro::game),

    // ---------------------------------------------------------------- Octi (GM[19])
    R("RU", "---4", game_info, "simpletext", "Rules", "ff4_octi.txt: Game Specific Properties / RU").games(gm_octi).origin(ro::game)
        .note("Major variation (full, fast, kids) ':' comma separated variations; ':' may be omitted if a side is empty."),
    R("BO", "---4", game_info, "list of point", "Black octisquares", "ff4_octi.txt: Game Specific Properties / BO").games(gm_octi)
        .origin(ro::game).restrict(rs::no_duplicate_values),
    R("WO", "---4", game_info, "list of point", "White octisquares", "ff4_octi.txt: Game Specific Properties / WO").games(gm_octi)
        .origin(ro::game).restrict(rs::no_duplicate_values),
    R("NP", "---4", game_info, "number", "Number of prongs", "ff4_octi.txt: Game Specific Properties / NP").games(gm_octi).origin(ro::game),
    R("NR", "---4", game_info, "number", "Number of reserve", "ff4_octi.txt: Game Specific Properties / NR").games(gm_octi).origin(ro::game),
    R("NS", "---4", game_info, "number", "Number of superprongs", "ff4_octi.txt: Game Specific Properties / NS").games(gm_octi).origin(ro::game),
    R("AS", "---4", none, "list of composed stone ':' point", "Arrow stone", "ff4_octi.txt: Game Specific Properties / AS").games(gm_octi)
        .origin(ro::game).restrict(rs::distinct_ends | rs::no_duplicate_values),
    R("CS", "---4", none, "list of stone", "Circle stone", "ff4_octi.txt: Game Specific Properties / CS").games(gm_octi).origin(ro::game)
        .uniq(pg::octi_markup).note("The same stone may be listed twice (two identical stones)."),
    R("MS", "---4", none, "list of stone", "Mark stone", "ff4_octi.txt: Game Specific Properties / MS").games(gm_octi).origin(ro::game)
        .uniq(pg::octi_markup),
    R("SS", "---4", none, "list of stone", "Square stone", "ff4_octi.txt: Game Specific Properties / SS").games(gm_octi).origin(ro::game)
        .uniq(pg::octi_markup),
    R("TS", "---4", none, "list of stone", "Triangle stone", "ff4_octi.txt: Game Specific Properties / TS").games(gm_octi).origin(ro::game)
        .uniq(pg::octi_markup),
    R("RP", "---4", setup, "list of stone", "Remove pod", "ff4_octi.txt: Game Specific Properties / RP").games(gm_octi).origin(ro::game),

    // ---------------------------------------------------------------- FF[1]-FF[3] only
    R("BS", "123-", game_info, "number", "Black species", "ff1-4_property_index.txt: BS; ff4_changes.txt: no longer part of FF[4]")
        .origin(ro::legacy).note("Considered private to SGB."),
    R("CH", "123-", none, "double", "Check mark", "ff1-4_property_index.txt: CH; ff4_changes.txt: no longer part of FF[4]")
        .origin(ro::legacy).note("Considered private to SGB."),
    R("CI", "--3-", game_info, "unknown", "Chinese handicap", "ff4_changes.txt: Properties no longer part of FF[4] / CI")
        .origin(ro::legacy).go().note("Not in ff1-4_property_index.txt; value type not given anywhere."),
    R("EL", "12--", none, "number", "Eval. comp move", "ff1-4_property_index.txt: EL").origin(ro::legacy),
    R("EX", "12--", none, "move", "Expected move", "ff1-4_property_index.txt: EX").origin(ro::legacy),
    R("ID", "--3-", game_info, "simpletext", "Game identifier", "ff1-4_property_index.txt: ID; ff4_changes.txt: no longer part of FF[4]")
        .origin(ro::legacy).note("'serves no purpose (see EV, RO)'."),
    R("KI", "----", game_info, "number", "Integer komi", "sgfc_doc.txt: Appendix B / KI (FF column 'SGB'); 002_*: KI gives twice the komi")
        .origin(ro::legacy).go().note("SGB private: defined in no FF version."),
    R("L",  "12--", none, "list of point", "Letters", "ff1-4_property_index.txt: L; ff4_changes.txt: Converting / L")
        .origin(ro::legacy).note("Convert to LB: L[fg][es] -> LB[fg:A][es:B]."),
    R("LT", "--3-", none, "none", "Lose on time", "ff1-4_property_index.txt: LT; ff4_changes.txt: no longer part of FF[4]")
        .origin(ro::legacy).note("002_* uses LT for the length of byo-yomi periods (row of profile current)."),
    R("M",  "12--", none, "list of point", "Simple markup", "ff1-4_property_index.txt: M; ff4_changes.txt: Converting / M")
        .origin(ro::legacy).note("Convert to MA on empty points, TR on stones."),
    R("OM", "--3-", none, "number", "Moves/overtime", "ff1-4_property_index.txt: OM; ff4_changes.txt: no longer part of FF[4]").origin(ro::legacy),
    R("OP", "--3-", none, "real", "Overtime length", "ff1-4_property_index.txt: OP; ff4_changes.txt: no longer part of FF[4]").origin(ro::legacy),
    R("OV", "--3-", none, "real", "Operator overhead", "ff1-4_property_index.txt: OV; ff4_changes.txt: no longer part of FF[4]").origin(ro::legacy),
    R("RG", "123-", none, "list of point", "Region", "ff1-4_property_index.txt: RG; ff4_changes.txt: obsolete markup").origin(ro::legacy).go(),
    R("SC", "123-", none, "list of point", "Secure stones", "ff1-4_property_index.txt: SC; ff4_changes.txt: obsolete markup").origin(ro::legacy),
    R("SE", "--3-", none, "list of point", "Selftest moves", "ff1-4_property_index.txt: SE (FF[3]); ff4_changes.txt: no longer part of FF[4]")
        .origin(ro::legacy).note("FF[4] reuses SE for LOA markup (row with GM[9])."),
    R("SI", "--3-", none, "double", "Sigma", "ff1-4_property_index.txt: SI; ff4_changes.txt: no longer part of FF[4]").origin(ro::legacy),
    R("TC", "--3-", none, "number", "Territory count", "ff1-4_property_index.txt: TC; ff4_changes.txt: no longer part of FF[4]")
        .origin(ro::legacy).go().note("002_*: TC is also used as Tail Comment, by SmartGo for capturable blocks, and as an alias of LC."),
    R("WS", "123-", game_info, "number", "White species", "ff1-4_property_index.txt: WS; ff4_changes.txt: no longer part of FF[4]")
        .origin(ro::legacy).note("Considered private to SGB."),

    // ---------------------------------------------------------------- 002_* current usage
    R("BC", "----", game_info, "simpletext", "Black Country", "002_*: property table / BC").origin(ro::current_usage).only(only_current)
        .note("Country of the black player, e.g. CN, JP, KR, TW."),
    R("WC", "----", game_info, "simpletext", "White Country", "002_*: property table / WC").origin(ro::current_usage).only(only_current),
    R("JD", "----", game_info, "simpletext", "Japanese Date", "002_*: property table / JD").origin(ro::current_usage).only(only_current)
        .note("Japanese era, year, month, day."),
    R("LC", "----", game_info, "number", "Byo-yomi periods", "002_*: property table / LC").origin(ro::current_usage).only(only_current),
    R("LT", "----", game_info, "none | time", "Byo-yomi period length", "002_*: property table / LT").origin(ro::current_usage).only(only_current)
        .note("002_* LT is the length of byo-yomi periods; LT[] is FF[3] LT 'Loss on Time is enforced' (002_* names both)."),
    // No property type: 002_* gives them in the root beside OT, and writers put TT[] elsewhere too
    // (Fuego ends games with "TT[]B[]").
    R("TC", "----", none, "number | simpletext", "Byo-yomi periods (alias of LC)", "002_*: Overtime / TC").origin(ro::current_usage)
        .only(only_current).note("'LC[10] LT[60] (or TC[10] TT[60])'; 002_* also names TC a Tail Comment (TC[text] in the root)."),
    R("TT", "----", none, "none | time", "Byo-yomi period length (alias of LT)", "002_*: Overtime / TT").origin(ro::current_usage)
        .only(only_current).note("'LC[10] LT[60] (or TC[10] TT[60])'; TT[] as Fuego writes it is kept."),
    R("OH", "----", game_info, "simpletext", "Old Handicap", "002_*: property table / OH; Old handicap table").origin(ro::current_usage)
        .only(only_current).go().note("E.g. OH[B-W], OH[B-W-B], OH[B], OH[B-2-B], OH[B-2], OH[(B)BW]."),

    // ---------------------------------------------------------------- 002_* private properties
    R("KGSDE", "----", none, "elist of point", "Dead stones (KGS)", "002_*: Private properties / KGSDE").origin(ro::private_usage).only(only_current).go(),
    R("KGSSB", "----", none, "real", "Score Black (KGS)", "002_*: Private properties / KGSSB").origin(ro::private_usage).only(only_current).go(),
    R("KGSSW", "----", none, "real", "Score White (KGS)", "002_*: Private properties / KGSSW").origin(ro::private_usage).only(only_current).go(),
    R("MULTIGOGM", "----", none, "number", "MultiGo flag", "002_*: Private properties / MULTIGOGM").origin(ro::private_usage).only(only_current)
        .go().range(0, 1).note("'with value 0 or 1'."),
    R("MULTIGOBM", "----", none, "unknown", "MultiGo bookmark", "002_*: Private properties / MULTIGOBM").origin(ro::private_usage).only(only_current).go(),
    R("KK", "----", root, "simpletext", "Problem key (GoGoD)", "002_*: Private properties / KK").origin(ro::private_usage).only(only_current).go(),
    R("XM", "----", none, "none | number", "Next move (DGS)", "002_*: Private properties / XM").origin(ro::private_usage).only(only_current).go()
        .note("Root: number of the next move; elsewhere XM[] marks the last move of the actual game."),
    R("TI", "----", game_info, "number", "Tournament Index", "002_*: Property usage / TI").origin(ro::private_usage).only(only_current).go(),
    R("SY", "----", root, "simpletext", "System (editor version)", "002_*: Property usage / SY").origin(ro::private_usage).only(only_current).go(),
    R("WV", "----", root, "simpletext", "goWriteVersion", "002_*: Property usage / WV").origin(ro::private_usage).only(only_current).go(),
    R("WX", "----", root, "simpletext", "goWriteeXtension", "002_*: Property usage / WX").origin(ro::private_usage).only(only_current).go(),
    R("GE", "----", root, "simpletext", "Problem type (goproblems)", "002_*: Property usage / GE").origin(ro::private_usage).only(only_current).go(),
    R("DI", "----", root, "simpletext", "Difficulty (goproblems)", "002_*: Property usage / DI").origin(ro::private_usage).only(only_current).go()
        .note("E.g. 7k, 1d. Backgammon DI (dice) is another row."),
    R("CO", "----", root, "unknown", "goproblems CO", "002_*: Property usage / CO").origin(ro::private_usage).only(only_current).go()
        .note("'unknown meaning'. Backgammon CO (cube owner) is another row."),
    R("DP", "----", root, "unknown", "goproblems DP", "002_*: Property usage / DP").origin(ro::private_usage).only(only_current).go()
        .note("'two integers with unknown meaning'."),
    R("BP", "----", game_info, "list of simpletext", "Black players", "002_*: Property usage / BP").origin(ro::private_usage).only(only_current).go(),
    R("WP", "----", game_info, "list of simpletext", "White players", "002_*: Property usage / WP").origin(ro::private_usage).only(only_current).go(),
    R("PI", "----", game_info, "list of unknown", "People Involved", "002_*: Property usage / PI").origin(ro::private_usage).only(only_current).go()
        .note("PI[B1 : Takahara Shuuji : 3p]: several unescaped ':'."),
    R("AX", "----", none, "unknown", "AX (FF[5] proposal files)", "002_*: Property usage / AX").origin(ro::private_usage).only(only_current).go()
        .note("'a small integer with unknown meaning'."),
    R("ZZ", "----", none, "simpletext", "Label of the next property", "002_*: Property usage / ZZ").origin(ro::private_usage).only(only_current).go()
        .note("Occurs several times per node (violates once-per-node)."),
    R("T",  "----", none, "time", "Time used (Aya)", "002_*: Property usage / T").origin(ro::private_usage).only(only_current).go()
        .note("Mostly an alias of TM with values like 8h."),
    R("E",  "----", none, "elist of point", "Captured stones", "002_*: Property usage / E; SmartGo").origin(ro::private_usage).only(only_current).go(),
    R("RN", "----", none, "unknown", "RN (SGF2 dialect)", "002_*: Property usage / RN").origin(ro::private_usage).only(only_current).go(),
    R("PT", "----", none, "unknown", "PT (SGF2 dialect)", "002_*: Property usage / PT").origin(ro::private_usage).only(only_current).go(),
    // SmartGo (002_*: "SmartGo uses or used a largish number of private properties")
    R("TY", "----", none, "list of point", "Moyo points (SmartGo)", "002_*: SmartGo / TY").origin(ro::private_usage).only(only_current).go(),
    R("TZ", "----", none, "list of point", "Unsettled points (SmartGo)", "002_*: SmartGo / TZ").origin(ro::private_usage).only(only_current).go(),
    R("TP", "----", none, "list of point", "Capturable blocks (SmartGo)", "002_*: SmartGo / TP").origin(ro::private_usage).only(only_current).go(),
    R("TK", "----", none, "list of point", "Ko points (SmartGo)", "002_*: SmartGo / TK").origin(ro::private_usage).only(only_current).go(),
    R("KB", "----", none, "list of point", "Ko points good for Black (SmartGo)", "002_*: SmartGo / KB").origin(ro::private_usage).only(only_current).go(),
    R("KW", "----", none, "list of point", "Ko points good for White (SmartGo)", "002_*: SmartGo / KW").origin(ro::private_usage).only(only_current).go(),
    R("EG", "----", none, "unknown", "Coupon values (SmartGo)", "002_*: SmartGo / EG").origin(ro::private_usage).only(only_current).go(),
    R("TU", "----", none, "time", "Time used to solve (SmartGo)", "002_*: SmartGo / TU").origin(ro::private_usage).only(only_current).go(),
    R("NN", "----", none, "number", "Nodes examined (SmartGo)", "002_*: SmartGo / NN").origin(ro::private_usage).only(only_current).go(),
    R("NL", "----", none, "number", "Leaf nodes (SmartGo)", "002_*: SmartGo / NL").origin(ro::private_usage).only(only_current).go(),
    R("MD", "----", none, "number", "Maximal depth (SmartGo)", "002_*: SmartGo / MD").origin(ro::private_usage).only(only_current).go(),
    R("DE", "----", none, "number", "Depth (SmartGo)", "002_*: SmartGo / DE").origin(ro::private_usage).only(only_current).go(),
    R("PD", "----", none, "number", "Partial depth (SmartGo)", "002_*: SmartGo / PD").origin(ro::private_usage).only(only_current).go(),
    R("MO", "----", none, "unknown", "Move motive (SmartGo)", "002_*: SmartGo / MO").origin(ro::private_usage).only(only_current).go(),
    R("MM", "----", none, "unknown", "All move motives (SmartGo)", "002_*: SmartGo / MM").origin(ro::private_usage).only(only_current).go(),
    R("PN", "----", none, "number", "Proof number (SmartGo)", "002_*: SmartGo / PN").origin(ro::private_usage).only(only_current).go(),
    R("DN", "----", none, "number", "Disproof number (SmartGo)", "002_*: SmartGo / DN").origin(ro::private_usage).only(only_current).go(),
    R("QE", "----", none, "list of point", "Pattern: not empty (SmartGo)", "002_*: SmartGo / QE").origin(ro::private_usage).only(only_current).go(),
    R("QB", "----", none, "list of point", "Pattern: not black (SmartGo)", "002_*: SmartGo / QB").origin(ro::private_usage).only(only_current).go(),
    R("QW", "----", none, "list of point", "Pattern: not white (SmartGo)", "002_*: SmartGo / QW").origin(ro::private_usage).only(only_current).go(),
};
// clang-format on
}  // namespace prop_data
using prop_data::rows;

constexpr std::size_t row_count = std::size(rows);

// Row indexes sorted by identifier (then table order), computed at compile time.
constexpr auto sorted_index = [] {
    std::array<std::uint16_t, row_count> ix{};
    for (std::size_t k = 0; k < row_count; ++k) ix[k] = static_cast<std::uint16_t>(k);
    // insertion sort: stable, constexpr, and the table is small
    for (std::size_t k = 1; k < row_count; ++k) {
        const auto v = ix[k];
        std::size_t j = k;
        while (j > 0 && rows[ix[j - 1]].ident > rows[v].ident) {
            ix[j] = ix[j - 1];
            --j;
        }
        ix[j] = v;
    }
    return ix;
}();

// Identifiers of one or two capitals (nearly all of them) go straight to their rows: slot
// (first letter) * 27 + (second letter + 1, or 0), holding the range of sorted_index.
constexpr std::size_t short_slot(std::string_view id) noexcept {
    return static_cast<std::size_t>(id[0] - 'A') * 27 + (id.size() == 2 ? static_cast<std::size_t>(id[1] - 'A') + 1 : 0);
}
constexpr bool is_short(std::string_view id) noexcept {
    const auto cap = [](char c) { return c >= 'A' && c <= 'Z'; };
    return (id.size() == 1 || id.size() == 2) && cap(id[0]) && (id.size() == 1 || cap(id[1]));
}
struct row_span {
    std::uint16_t begin = 0, end = 0;
};
constexpr auto short_index = [] {
    std::array<row_span, 26 * 27> slots{};
    for (std::size_t k = 0; k < row_count; ++k) {
        const std::string_view id = rows[sorted_index[k]].ident;
        if (!is_short(id)) continue;
        auto& sl = slots[short_slot(id)];
        if (sl.begin == sl.end) sl.begin = static_cast<std::uint16_t>(k);
        sl.end = static_cast<std::uint16_t>(k + 1);
    }
    return slots;
}();

// The few identifiers that are not one or two capitals (LKM, PDT, ...), each with its range of
// sorted_index: an unknown long identifier (100,000 of them in a file) is a miss after a
// short scan, not a binary search of string comparisons.
struct long_span {
    std::string_view ident;
    row_span at;
};
constexpr std::size_t long_count = [] {
    std::size_t n = 0;
    for (std::size_t k = 0; k < row_count; ++k)
        n += !is_short(rows[sorted_index[k]].ident) && (k == 0 || rows[sorted_index[k - 1]].ident != rows[sorted_index[k]].ident);
    return n;
}();
constexpr auto long_index = [] {
    std::array<long_span, long_count> spans{};
    std::size_t n = 0;
    for (std::size_t k = 0; k < row_count; ++k) {
        const std::string_view id = rows[sorted_index[k]].ident;
        if (is_short(id)) continue;
        if (n == 0 || spans[n - 1].ident != id) spans[n++] = {id, {static_cast<std::uint16_t>(k), static_cast<std::uint16_t>(k)}};
        spans[n - 1].at.end = static_cast<std::uint16_t>(k + 1);
    }
    return spans;
}();

}  // namespace

std::string_view to_string(property_type t) noexcept {
    switch (t) {
        case property_type::none: return "-";
        case property_type::move: return "move";
        case property_type::setup: return "setup";
        case property_type::root: return "root";
        case property_type::game_info: return "game-info";
    }
    return "-";
}

std::span<const property_rule> all_properties() noexcept { return rows; }

const property_rule* find_property(std::string_view ident, int ff, int gm, profile p) noexcept {
    const std::uint16_t* lo = nullptr;
    const std::uint16_t* hi = sorted_index.data() + sorted_index.size();
    if (is_short(ident)) {
        const row_span sl = short_index[short_slot(ident)];
        lo = sorted_index.data() + sl.begin;
        hi = sorted_index.data() + sl.end;
    } else {
        const auto* span = std::find_if(long_index.begin(), long_index.end(), [&](const long_span& l) { return l.ident == ident; });
        if (span == long_index.end()) return nullptr;
        lo = sorted_index.data() + span->at.begin;
        hi = sorted_index.data() + span->at.end;
    }
    const property_rule* best = nullptr;
    int best_score = -1;
    for (auto it = lo; it != hi && rows[*it].ident == ident; ++it) {
        const auto& r = rows[*it];
        if (!r.in_profile(p)) continue;
        const int score = (r.applies_to(gm) ? 8 : 0) + (r.defined_in(ff) ? 4 : 0) + (r.game_specific() ? 2 : 0) +
                          (r.profiles != every_profile ? 1 : 0);
        if (score > best_score) {
            best = &r;
            best_score = score;
        }
    }
    return best;
}

bool allows_compressed_points(const value_shape& s, const game_rule* game) noexcept {
    if (s.card == cardinality::single || s.count != 1 || s.alts[0].composed) return false;
    if (s.alts[0].first == value_kind::point) return true;
    return s.alts[0].first == value_kind::stone && game != nullptr && game->stone_list_compressible;
}

bool may_be_compose(const property_rule& r, const game_rule* game) noexcept {
    if (is_compose_type(r.shape) || allows_compressed_points(r.shape, game)) return true;
    for (const auto& a : r.shape.alternatives()) {
        const auto k = a.first;
        if (k != value_kind::move && k != value_kind::stone && k != value_kind::point) continue;
        if (game == nullptr) return true;  // unknown game: be conservative
        if (k == value_kind::move && (game->move == move_syntax::gess || game->move == move_syntax::loa)) return true;
        if (k == value_kind::stone && game->stone_list_compressible && r.shape.card != cardinality::single) return true;
    }
    return false;
}

}  // namespace sgf
