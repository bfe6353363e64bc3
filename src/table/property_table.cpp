// The property rows, the rules and their per-profile levels, the recorded disagreements
// between the sources, aliases and legacy long names. Data first; the few functions at the
// end only look things up. See include/sgf/properties.hpp for the design.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sgf/properties.hpp"

namespace sgf {

namespace {

// ------------------------------------------------------ value-type grammar (constexpr)

constexpr char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr bool ascii_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

constexpr bool iequal(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
    return true;
}

struct kind_name {
    value_kind kind;
    std::string_view name;
};
// Canonical names first; the spec writes "SimpleText" and "simpletext", "Color" and "color".
constexpr kind_name kind_names[] = {
    {value_kind::none, "none"},       {value_kind::number, "number"},  {value_kind::real, "real"},
    {value_kind::double_value, "double"}, {value_kind::color, "color"}, {value_kind::simple_text, "simpletext"},
    {value_kind::text, "text"},       {value_kind::point, "point"},    {value_kind::move, "move"},
    {value_kind::stone, "stone"},     {value_kind::time, "time"},      {value_kind::unknown, "unknown"},
};

// Recursive descent over the value-type text:
//   shape   = [("list" | "elist") "of"] union ["(" "range" ... ")"]
//   union   = term { "|" term }
//   term    = "(" union ")" | compose
//   compose = ["composed" | "composition" "of"] kind [sep kind]
//   sep     = ":" | "':'" | "\":\""
// (the input is a few dozen bytes of table text, so recursion depth is tiny)
struct shape_parser {
    std::string_view s;
    std::size_t i = 0;
    value_shape out{};

    constexpr void ws() noexcept {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    }
    constexpr std::string_view peek_word() noexcept {
        ws();
        std::size_t j = i;
        while (j < s.size() && ascii_alpha(s[j])) ++j;
        return s.substr(i, j - i);
    }
    constexpr bool take_word(std::string_view w) noexcept {
        const auto got = peek_word();
        if (got.empty() || !iequal(got, w)) return false;
        i += got.size();
        return true;
    }
    constexpr bool take_char(char c) noexcept {
        ws();
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    constexpr bool take_sep() noexcept {
        ws();
        if (take_char(':')) return true;
        const auto rest = s.substr(i);
        if (rest.starts_with("':'") || rest.starts_with("\":\"")) {
            i += 3;
            return true;
        }
        return false;
    }
    constexpr std::optional<value_kind> kind() noexcept {
        const auto w = peek_word();
        for (const auto& k : kind_names)
            if (iequal(w, k.name)) {
                i += w.size();
                return k.kind;
            }
        return std::nullopt;
    }
    constexpr bool push(value_alternative a) noexcept {
        if (out.count >= value_shape::max_alternatives) return false;
        out.alts[out.count++] = a;
        return true;
    }
    constexpr bool compose() noexcept {
        const bool keyword = take_word("composed") || (take_word("composition") && take_word("of"));
        const auto first = kind();
        if (!first) return false;
        if (take_sep()) {
            const auto second = kind();
            return second && push({*first, *second, true});
        }
        return !keyword && push({*first, value_kind::none, false});
    }
    constexpr bool term() noexcept {
        const std::size_t save = i;
        if (take_char('(')) {
            if (take_word("range")) {  // not a term: a range group
                i = save;
                return false;
            }
            return union_() && take_char(')');
        }
        return compose();
    }
    constexpr bool union_() noexcept {
        if (!term()) return false;
        while (take_char('|'))
            if (!term()) return false;
        return true;
    }
    constexpr bool range_group() noexcept {
        const std::size_t save = i;
        if (!take_char('(') || !take_word("range")) {
            i = save;
            return false;
        }
        while (i < s.size() && s[i] != ')') ++i;
        return take_char(')');
    }
    constexpr std::optional<value_shape> run() noexcept {
        if (take_word("list")) {
            if (!take_word("of")) return std::nullopt;
            out.card = cardinality::list;
        } else if (take_word("elist")) {
            if (!take_word("of")) return std::nullopt;
            out.card = cardinality::elist;
        }
        if (!union_()) return std::nullopt;
        range_group();
        ws();
        if (i != s.size() || out.count == 0) return std::nullopt;
        return out;
    }
};

constexpr std::optional<value_shape> parse_shape(std::string_view text) noexcept {
    return shape_parser{text}.run();
}

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
    constexpr operator property_rule() const { return r; }  // NOLINT: implicit by design
};

using pg = point_group;
using eg = exclusive_group;
using rs = restriction;
using ro = row_origin;

constexpr game_mask gm_backgammon = gm_bit(6);
constexpr game_mask gm_loa = gm_bit(9);
constexpr game_mask gm_hex = gm_bit(11);
constexpr game_mask gm_amazons = gm_bit(18);
constexpr game_mask gm_octi = gm_bit(19);
constexpr profile_mask only_current = profile_bit(profile::current);
constexpr profile_mask only_hex = profile_bit(profile::hex);

// Sections are spelled out per row so that every row reads on its own.
namespace prop_data {
using enum property_type;
using enum value_format;

// clang-format off
constexpr property_rule rows[] = {
    // ---------------------------------------------------------------- FF[4] general
    // Move properties
    R("B",  "1234", move,  "move",   "Black", "ff4_properties.txt: Move properties / B").excl(eg::move_color),
    R("KO", "--34", move,  "none",   "Ko", "ff4_properties.txt: Move properties / KO").restrict(rs::needs_move)
        .note("A KO property without a black or white move within the same node is illegal."),
    R("MN", "--34", move,  "number", "set move number", "ff4_properties.txt: Move properties / MN")
        .note("Root MN: bad style in ff4 (move property in root), 'number of moves of the game' in 002_* (rule mn_in_root)."),
    R("W",  "1234", move,  "move",   "White", "ff4_properties.txt: Move properties / W").excl(eg::move_color),
    // Setup properties
    R("AB", "1234", setup, "list of stone", "Add Black", "ff4_properties.txt: Setup properties / AB").uniq(pg::setup),
    R("AE", "1234", setup, "list of point", "Add Empty", "ff4_properties.txt: Setup properties / AE").uniq(pg::setup),
    R("AW", "1234", setup, "list of stone", "Add White", "ff4_properties.txt: Setup properties / AW").uniq(pg::setup),
    R("PL", "1234", setup, "color", "Player to play", "ff4_properties.txt: Setup properties / PL")
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
        .note("002_* labellist may be empty: LB[] (rule empty_list)."),
    R("LN", "---4", none,  "list of composed point ':' point", "Line", "ff4_properties.txt: Markup properties / LN")
        .restrict(rs::distinct_ends | rs::no_duplicate_values)
        .note("ff1-4_property_index.txt says --34; FF[4] index, ff4_changes.txt and SGFC say new in FF[4] (disagreement ln_ff3)."),
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
    R("RU", "--34", game_info, "simpletext", "Rules", "ff4_properties.txt: Game info properties / RU")
        .note("Mandatory names for Go: AGA, GOE, Japanese, NZ."),
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
        .note("Flags: 1 coordinates, 2 diagram name, 4 list moves, 256 remove captured, 512 hoshi, 32768 ignore flags."),
    R("PM", "---4", none,  "number", "Print move mode", "ff4_properties.txt: Miscellaneous properties / PM").inh().range(0, 2)
        .note("Range 0-2 from the Function text (0 none, 1 as they are, 2 modulo 100); default 1."),
    R("VW", "1234", none,  "elist of point", "View", "ff4_properties.txt: Miscellaneous properties / VW").inh().uniq(pg::self)
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
    R("LT", "----", game_info, "time", "Byo-yomi period length", "002_*: property table / LT").origin(ro::current_usage).only(only_current)
        .note("Not FF[3] LT (lose on time)."),
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

// ---------------------------------------------------------------------- rules

namespace rule_data {
using enum rule;
using enum rule_level;

constexpr rule_info rule_rows[] = {
    {rule::none, "none", off, "-", "no finding"},
    {value_syntax, "value_syntax", error, "ff4_sgf.txt 3: Property Value Types; ff4_sgf.txt 2.2.3",
     "value does not match the property's value type"},
    {number_range, "number_range", error, "ff4_properties.txt: FF, GM, ST (range), PM", "number outside the range the spec gives"},
    {point_off_board, "point_off_board", error, "ff4_go.txt: Move, Point & Stone type; ff4_properties.txt: SZ; ff4_gess.txt: Move",
     "point outside the board (or a Gess move centre on the perimeter)"},
    {unknown_keyword, "unknown_keyword", warning, "ff4_loa.txt AS/IP/IY/SU; ff4_hex.txt IS/IP; ff4_backgammon.txt CO/MI",
     "word outside the vocabulary a game page gives for this property"},
    {unverified_syntax, "unverified_syntax", info, "ff4_index.txt: games without a game page; ff4_twixt.txt (partial)",
     "point/move syntax of this game is not specified here: value not checked"},
    {unknown_property, "unknown_property", warning, "ff4_sgf.txt 2.2.3: 'should issue a warning message when skipping unknown'",
     "unknown (private) property"},
    {obsolete_property, "obsolete_property", warning, "ff4_changes.txt: Properties no longer part of FF[4]; sgfc_doc.txt warning 40",
     "property not part of this FF version"},
    {wrong_game, "wrong_game", warning, "ff4_property_index_by_type.txt: game-specific properties", "property of another game (GM)"},
    {lowercase_ident, "lowercase_ident", error, "ff4_changes.txt: 'Property identifiers consist only of uppercase'",
     "lowercase letters in a property identifier (FF[1]-[3] long name)"},
    {long_ident, "long_ident", info, "ff4_sgf.txt 2.2.4: 'should consist of up to two uppercase letters'",
     "identifier longer than two letters: some applications could break"},
    {duplicate_property, "duplicate_property", error, "ff4_sgf.txt 2.2: 'Only one of each property is allowed per node'",
     "same property twice in one node"},
    {empty_tail, "empty_tail", error, "ff4_variations.txt: '() is an error'; ff4_changes.txt: Converting",
     "empty variation '()'"},
    {empty_collection, "empty_collection", error, "ff4_sgf.txt 2.1: Collection = GameTree { GameTree }", "no game tree"},
    {empty_list, "empty_list", error, "ff4_sgf.txt 2.1: 'list of' = PropValue { PropValue }", "'list of' property with only []"},
    {rect_1x1, "rect_1x1", error, "ff4_sgf.txt 3.5.1: '1x1 Rectangles are illegal'", "compressed 1x1 rectangle"},
    {rect_corners, "rect_corners", error, "ff4_sgf.txt 3.5.1: upper left, then lower right corner",
     "rectangle corners not upper-left then lower-right"},
    {duplicate_point, "duplicate_point", error, "ff4_sgf.txt 3.5.1: 'overlap and duplication are forbidden'; ff4_properties.txt restrictions",
     "point listed twice"},
    {compose_extra_colon, "compose_extra_colon", error, "ff4_sgf.txt 3.2: ':' has to be escaped in compose data types; 001_* Semantic rules",
     "unescaped ':' in a part of a compose value"},
    {move_in_root, "move_in_root", warning, "ff4_sgf.txt 2.2.1: 'bad style to have move properties in root nodes'",
     "move property in the root node"},
    {mn_in_root, "mn_in_root", warning, "ff4_sgf.txt 2.2.1 (MN is a move property)", "MN in the root node"},
    {setup_move_mix, "setup_move_mix", error, "ff4_sgf.txt 2.2.1: move and setup must not be mixed",
     "setup and move properties in one node"},
    {pl_with_move, "pl_with_move", error, "ff4_properties.txt: PL is a setup property", "PL in a node with a move"},
    {needs_move, "needs_move", error, "ff4_properties.txt: KO; Move annotation properties, Restrictions",
     "move annotation without B or W in the node"},
    {exclusive_properties, "exclusive_properties", error, "ff4_properties.txt: B/W, DM/GB/GW/UC, BM/TE/DO/IT",
     "mutually exclusive properties in one node"},
    {root_outside_root, "root_outside_root", error, "ff4_sgf.txt 2.2.1: 'Root properties may only appear in root nodes'",
     "root property outside the root node"},
    {game_info_twice, "game_info_twice", error, "ff4_sgf.txt 2.2.1: 'only one game-info node on any path'",
     "second game-info node on one path"},
    {once_per_game, "once_per_game", error, "ff4_hex.txt: IP 'More than one IP[] property in a game is illegal'",
     "property may occur once per game"},
    {one_point_line, "one_point_line", error, "ff4_properties.txt: AR, LN 'one point arrow/line'", "arrow or line from a point to itself"},
    {duplicate_value, "duplicate_value", error, "ff4_properties.txt: AR, LN 'same arrow twice'; ff4_octi.txt: BO, WO",
     "same value twice"},
    {sz_square_compose, "sz_square_compose", error, "ff4_properties.txt: SZ 'SZ[19:19] is illegal'", "square board given as a compose"},
    {ap_not_composed, "ap_not_composed", error, "ff4_properties.txt: AP composed simpletext ':' simpletext",
     "AP without ':' version"},
    {time_units, "time_units", error, "ff4_properties.txt: TM, BL, WL real seconds", "time with a unit letter"},
    {re_jigo, "re_jigo", error, "ff4_properties.txt: RE '\"0\" (zero) or \"Draw\" for a draw (jigo)'", "RE[Jigo]"},
    {re_format, "re_format", error, "ff4_properties.txt: RE 'MANDATORY to use the following format'", "RE not in the RE format"},
    {dt_format, "dt_format", error, "ff4_properties.txt: DT 'MANDATORY to use the ISO-standard format'", "DT not in ISO format"},
    {ha_range, "ha_range", error, "ff4_go.txt: HA 'number of handicap stones (>=2)'", "HA below 2"},
};
static_assert(std::size(rule_rows) == static_cast<std::size_t>(rule::ha_range) + 1, "one rule_info per rule, in order");
constexpr bool rule_rows_in_order = [] {
    for (std::size_t k = 0; k < std::size(rule_rows); ++k)
        if (static_cast<std::size_t>(rule_rows[k].id) != k) return false;
    return true;
}();
static_assert(rule_rows_in_order, "rule_rows must be in enum order");

constexpr profile_override overrides[] = {
    // 002_*: current usage
    {profile::current, unknown_property, info, "002_*: Private properties",
     "private properties are common (KGSDE, MULTIGOGM, ...)"},
    {profile::current, lowercase_ident, warning, "002_*: 'one meets GaMe[1]goWriteVersion[1.4e]'", "seen in the wild"},
    {profile::current, long_ident, off, "002_*: 'Modern software accepts property names of arbitrary length'", ""},
    {profile::current, empty_tail, off, "002_*: 'a Tail that is just \"()\" represents the possibility of ending the game here'", ""},
    {profile::current, empty_collection, off, "002_*: Collection = { GameTree }", ""},
    {profile::current, empty_list, off, "002_*: pointlist 'The list may be empty'; labellist 'Possibly empty'; LB[]", ""},
    {profile::current, rect_1x1, warning, "002_*: pointlist 'a colon-separated pair ... denotes all positions in the rectangle'; 003_* 3.5.1 '1x1 矩形是合法的'",
     "not forbidden there"},
    {profile::current, compose_extra_colon, warning, "002_* does not address it", "tolerated"},
    {profile::current, mn_in_root, off, "002_*: MN 'In the rootnode: the number of moves of the game'", ""},
    {profile::current, sz_square_compose, warning, "002_*: SZ 'number | numberpair' without restriction", ""},
    {profile::current, ap_not_composed, off, "002_*: AP 'simpletext'", ""},
    {profile::current, time_units, off, "002_*: time = 'real optionally followed by s, m or h'", ""},
    {profile::current, re_jigo, off, "002_*: RE 'E.g. Jigo, B+3.5, W+T, Void'", ""},
    {profile::current, re_format, warning, "002_*: 'recommendations where FF[4] had prescriptions'", ""},
    {profile::current, dt_format, warning, "002_*: DT 'preferably in ISO standard form'", ""},
    {profile::current, ha_range, info, "002_*: HA 'Number of handicap stones' (no minimum)", ""},
    // 001_*: Hex
    {profile::hex, unknown_property, info, "001_*: 'Applications that read SGF files should ignore property names that they do not know'", ""},
    {profile::hex, move_in_root, error, "001_*: 'The root node is always a setup node'", ""},
    {profile::hex, pl_with_move, off, "001_*: PL 'can also be used for move nodes'", ""},
};

constexpr profile_info profile_rows[] = {
    {profile::ff4, "ff4", 1, "ff4_sgf.txt, ff4_properties.txt, game pages (English FF[4] text)",
     "strict FF[4]: every MUST of the spec is an error"},
    {profile::current, "current", 1, "002_*", "current usage: recommendations, 002_* properties and private properties known"},
    {profile::hex, "hex", 11, "001_*", "Hex conventions: GM[11] by default, 001_* result format, PL in move nodes"},
};
}  // namespace rule_data
using rule_data::overrides;
using rule_data::profile_rows;
using rule_data::rule_rows;

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
     "row keeps simpletext:simpletext; a value without ':' gives rule ap_not_composed (ff4 error, current allowed)"},
    {"time_units", "time values",
     "ff4_properties.txt: TM/BL/WL real, seconds; 002_*: time = real optionally followed by s, m or h",
     "ff4: error; current: allowed"},
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
     "ff4 and hex: error; current: info"},
    {"sz_square_compose", "SZ[19:19]", "ff4_properties.txt: illegal; 001_*: equal sides 'must be given as a single integer'; 002_*: numberpair, no restriction",
     "ff4 and hex: error; current: warning"},
    {"long_ident", "identifiers longer than two letters",
     "ff4_sgf.txt 2.2: 'no more than two uppercase letters', 2.2.4 private 'should' be up to two; 003_* 2.2: 'one or two'; 002_*: arbitrary length is common (KGSDE, MULTIGOGM)",
     "ff4 and hex: info; current: allowed"},
    {"lowercase_ident", "lowercase letters in identifiers",
     "ff4_changes.txt: FF[1]-[3] allowed them, FF[4] does not; 002_*: still met (GaMe[1])",
     "ff4 and hex: error; current: warning; the checker may accept them in FF[1]-[3] files"},
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
     "legacy row only; other meanings in the row note and the alias table"},
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
    // found in /work/shared/corpus (STATS.md: lowercase letters in identifiers)
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

constexpr std::string_view kind_text(value_kind k) noexcept {
    for (const auto& n : kind_names)
        if (n.kind == k) return n.name;
    return "unknown";
}

}  // namespace

// ---------------------------------------------------------------------- functions

std::span<const profile_info> all_profiles() noexcept { return profile_rows; }

const profile_info& info(profile p) noexcept { return profile_rows[static_cast<std::size_t>(p)]; }

std::optional<profile> find_profile(std::string_view name) noexcept {
    for (const auto& p : profile_rows)
        if (p.name == name) return p.id;
    return std::nullopt;
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

std::span<const rule_info> all_rules() noexcept { return rule_rows; }

const rule_info& info(rule r) noexcept {
    const auto k = static_cast<std::size_t>(r);
    return k < std::size(rule_rows) ? rule_rows[k] : rule_rows[0];
}

std::span<const profile_override> all_overrides() noexcept { return overrides; }

rule_level level_of(rule r, profile p) noexcept {
    for (const auto& o : overrides)
        if (o.which == p && o.id == r) return o.level;
    return info(r).level;
}

std::span<const spec_disagreement> all_disagreements() noexcept { return disagreements; }

std::string_view to_string(value_kind k) noexcept { return kind_text(k); }

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

std::optional<value_shape> parse_value_shape(std::string_view text) noexcept { return parse_shape(text); }

std::string to_string(const value_shape& s) {
    std::string out;
    if (s.card == cardinality::list) out += "list of ";
    if (s.card == cardinality::elist) out += "elist of ";
    bool first = true;
    for (const auto& a : s.alternatives()) {
        if (!first) out += " | ";
        first = false;
        if (a.composed) {
            out += "composed ";
            out += kind_text(a.first);
            out += " ':' ";
            out += kind_text(a.second);
        } else {
            out += kind_text(a.first);
        }
    }
    return out;
}

std::span<const property_rule> all_properties() noexcept { return rows; }

const property_rule* find_property(std::string_view ident, int ff, int gm, profile p) noexcept {
    const auto* lo = std::lower_bound(sorted_index.begin(), sorted_index.end(), ident,
                                      [](std::uint16_t k, std::string_view id) { return rows[k].ident < id; });
    const property_rule* best = nullptr;
    int best_score = -1;
    for (auto it = lo; it != sorted_index.end() && rows[*it].ident == ident; ++it) {
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
