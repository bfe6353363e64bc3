#pragma once
// The property rule table: what every SGF property is, as data the checker loops over.
//
// Sources (the spec documents, in ../shared/spec beside the repository): ff4_properties.txt, ff4_sgf.txt, the FF[4] and
// FF[1]-[4] indexes, the game pages (ff4_go/hex/loa/backgammon/amazons/octi/gess/twixt.txt),
// ff4_changes.txt, sgfc_doc.txt, 000_* (FF[4] basics), 001_* (Hex), 002_* (current usage),
// 003_* (Chinese translation).
//
// Shape of the data (why it looks like this):
// - One `property_rule` row per (identifier, meaning). An identifier has several rows when
//   the sources give it several meanings: SE is an FF[3] markup and an FF[4] LOA property,
//   IP means one thing in LOA and another in Hex, LT is "lose on time" in FF[3] and
//   "byo-yomi period length" in 002_*. `find_property` picks the row that fits the file
//   (game first, then FF version, then the most specific row); game-specific rows win over
//   generic ones.
// - `value_type` is the spec's own grammar text ("list of composed point ':' point");
//   `shape` is the same text parsed at compile time (a malformed value_type does not
//   compile), so the text stays the single source and the checker never parses strings.
// - Profiles (strict FF[4], current usage per 002_*, Hex per 001_*) do not fork code. A
//   profile selects rows (each row has a profile mask: 002_* properties exist only in
//   `current`, the Hex result format only in `hex`); the levels of the rules per profile
//   are columns of the rule rows (diagnostic.hpp: `rule_row`, `level_of`). The decoding
//   of values (typed_value.hpp) reports findings tagged with a rule; the profile and the file's FF
//   version decide whether it is an error, a warning, an info or nothing.
// - Where the sources disagree the table takes one side and says so: `all_disagreements()`
//   lists every disagreement with its sources and the resolution.
// - Game rows (`game_rule`) give point, move and stone syntax and board limits per GM;
//   the decoding driven by them is typed_value.hpp's.
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sgf/diagnostic.hpp"

namespace sgf {

// ------------------------------------------------------------------------------ profiles

struct profile_info {
    profile id;
    std::string_view name;      // "ff4", "current", "hex"
    int default_gm;             // GM assumed when the root has no GM
    std::string_view source;
    std::string_view summary;
};
[[nodiscard]] std::span<const profile_info> all_profiles() noexcept;
[[nodiscard]] const profile_info& info(profile p) noexcept;
[[nodiscard]] std::optional<profile> find_profile(std::string_view name) noexcept;

// ------------------------------------------------------------------- FF versions, games

using game_mask = std::uint64_t;  // bit n = GM[n] (1..63)
inline constexpr game_mask every_game = ~game_mask{0};
[[nodiscard]] constexpr game_mask gm_bit(int gm) noexcept {
    return gm >= 1 && gm <= 63 ? game_mask{1} << gm : game_mask{0};
}

// ------------------------------------------------------------------- sources

// Where the sources disagree, and what the table does about it.
struct spec_disagreement {
    std::string_view key;         // stable key; a rule name when a rule implements it
    std::string_view topic;
    std::string_view sources;     // who says what
    std::string_view resolution;  // what the table does
};
[[nodiscard]] std::span<const spec_disagreement> all_disagreements() noexcept;

// ---------------------------------------------------------------------- value shapes

enum class value_kind : std::uint8_t {
    none, number, real, double_value, color, simple_text, text, point, move, stone,
    time,     // 002_*: real optionally followed by 's', 'm' or 'h'
    unknown,  // private value type (sgf4.html 2.2.4): any raw value
};
[[nodiscard]] std::string_view to_string(value_kind k) noexcept;

enum class cardinality : std::uint8_t {
    single,  // exactly one value
    list,    // 'list of': one or more values
    elist,   // 'elist of': one or more values, or the single value []
};

// One alternative of a value: a kind, or a compose of two kinds.
struct value_alternative {
    value_kind first = value_kind::none;
    value_kind second = value_kind::none;  // meaningful only when composed
    bool composed = false;
    friend constexpr bool operator==(const value_alternative&, const value_alternative&) = default;
};

// The parsed form of a value_type string: cardinality plus up to three alternatives,
// e.g. "none | composed number ':' simpletext" = single, {none}, {number:simpletext}.
struct value_shape {
    static constexpr std::size_t max_alternatives = 3;
    cardinality card = cardinality::single;
    std::uint8_t count = 0;
    std::array<value_alternative, max_alternatives> alts{};

    [[nodiscard]] constexpr std::span<const value_alternative> alternatives() const noexcept {
        return {alts.data(), count};
    }
    friend constexpr bool operator==(const value_shape&, const value_shape&) = default;
};

// Parses the spec's value-type grammar text. Accepts every spelling found in the sources:
// "composed a ':' b", "composed a \":\" b", "composed a : b", "composition of a \":\" b",
// "(a : b)" (SGFC), "list of", "elist of", unions with '|', outer parentheses, a trailing
// "(range: ...)" (ignored: ranges live in property_rule::range) and any letter case.
[[nodiscard]] std::optional<value_shape> parse_value_shape(std::string_view text) noexcept;
// Canonical spelling: "list of composed point ':' point"; parse_value_shape round-trips it.
[[nodiscard]] std::string to_string(const value_shape& s);

// ----------------------------------------------------------------------- board, games

struct board_size {
    std::uint32_t columns = 0;
    std::uint32_t rows = 0;
    [[nodiscard]] constexpr bool known() const noexcept { return columns != 0 && rows != 0; }
    friend constexpr bool operator==(const board_size&, const board_size&) = default;
};

// 1-based column and row as the game page numbers them (row 1 is the top row in Go, the
// bottom row in LOA and Octi: see game_rule::rows_bottom_up).
struct board_point {
    std::uint32_t column = 0;
    std::uint32_t row = 0;
    friend constexpr bool operator==(const board_point&, const board_point&) = default;
};

enum class point_syntax : std::uint8_t {
    unknown,         // no game page: points are not checked
    letter_pair,     // Go, Amazons, Gess: "aa".."ZZ", a-z = 1-26, A-Z = 27-52
    letters_number,  // Hex, Twixt, LOA: column letters (a, .., z, aa, ab, ..) + row number
    single_letter,   // Backgammon: "a".."z"
    digit_pair,      // Octi: "11".."99"
};
enum class move_syntax : std::uint8_t {
    unknown,     // no game page
    go,          // point; "" = pass; "tt" = pass on boards up to 19x19
    point,       // point or one of special_moves (Hex)
    point_partial,  // point or special; other forms exist but are not specified here (Twixt)
    loa,         // point ('-' | ':') point [annotation], or special
    backgammon,  // dice "31" + 0-4 from/to letter pairs, or special
    amazons,     // three points concatenated: from, to, arrow
    gess,        // point ':' point, neither on the perimeter
    octi,        // pod moves, prong additions, placements (ff4_octi.txt)
};
enum class stone_syntax : std::uint8_t {
    unknown,
    point,       // Stone = Point
    octi,        // point + prong letters A-H ("46CD")
};

struct game_rule {
    // Every field has a default, so that a row of src/table/game_table.cpp names only what its
    // game page says (designated initializers).
    int gm = 0;
    std::string_view name{};
    bool has_page = false;                     // a game page defines the point/move syntax
    point_syntax point = point_syntax::unknown;
    move_syntax move = move_syntax::unknown;
    stone_syntax stone = stone_syntax::unknown;
    bool stone_list_compressible = false;      // sgf4.html 3.4: "list of stone" becomes "list of point"
    bool case_insensitive = false;             // "All (game-specific) property values are case insensitive"
    bool rows_bottom_up = false;               // row 1 at the bottom: upper-left corner has the larger row
    std::uint8_t max_column_letters = 0;       // letters_number: 0 = unlimited
    bool empty_move_is_pass = false;           // Go: B[] is a pass
    bool tt_is_pass = false;                   // Go: B[tt] is a pass on boards up to 19x19
    std::string_view special_moves{};          // '|' separated, e.g. "swap-sides|swap-pieces|pass|resign|forfeit"
    board_size default_size{};                 // {0,0} when the page gives none
    std::uint32_t min_side = 0;                // SZ limits per side; 0 = none given
    std::uint32_t max_side = 0;
    std::string_view first_player{};           // "B", "W" or "" when the page does not say
    std::string_view spec_section{};
    std::string_view note{};
    bool stacks_stones = false;                // a point holds several stones: AB/AW may repeat a point
};

[[nodiscard]] std::span<const game_rule> all_games() noexcept;
[[nodiscard]] const game_rule* find_game(int gm) noexcept;  // nullptr outside 1..40
[[nodiscard]] const game_rule& go_game() noexcept;          // GM[1], the default game

// ---------------------------------------------------------------------- property rows

enum class property_type : std::uint8_t { none, move, setup, root, game_info };
[[nodiscard]] std::string_view to_string(property_type t) noexcept;

enum class row_origin : std::uint8_t {
    ff4,            // FF[4] general property (ff4_properties.txt)
    game,           // FF[4] game page (ff4_go.txt, ff4_hex.txt, ...)
    legacy,         // FF[1]-FF[3] only (ff1-4_property_index.txt, ff4_changes.txt)
    current_usage,  // 002_* property not in FF[4] (BC, WC, JD, LC, LT, OH)
    private_usage,  // 002_* private properties of applications (KGSDE, MULTIGOGM, ...)
    profile_variant,  // a profile's version of a standard row (e.g. Hex RE per 001_*)
};

// Extra syntax beyond the value type (decoded by typed_value.hpp's decode_value).
enum class value_format : std::uint8_t {
    plain,
    date,               // DT
    result,             // RE
    result_backgammon,  // RE, GM[6]: "B+6R", "W+2Resign"
    result_hex,         // RE per 001_*: no score, no draw
    size,               // SZ: game limits, no square compose
    time,               // TM, BL, WL: real seconds (002_* time units -> rule time_units)
    handicap,           // HA >= 2
    application,        // AP: name ':' version
    figure,             // FG flags
    keyword,            // one of `keywords`
    keyword_switches,   // key ':' on|off, key one of `keywords` (Hex IS)
    keyword_numbers,    // key ':' number, key one of `keywords` (Backgammon MI)
    empty_text,         // Hex IP: "should be empty"
    rule_set,           // RU: in Go the mandatory names AGA, GOE, Japanese, NZ as written
};

// "Points must be unique" across these properties within one node.
enum class point_group : std::uint8_t {
    none,
    self,         // unique within the property itself (LB, VW, DD, ...)
    setup,        // AB, AW, AE
    markup,       // CR, MA, SL, SQ, TR
    territory,    // TB, TW
    octi_markup,  // CS, MS, SS, TS (one marking per stone)
};

// Whether the points of a group must be unique, and why (ff4_properties.txt restrictions).
struct point_group_info {
    point_group group;
    bool unique;               // false: the group only documents the spec's grouping
    std::string_view members;  // for messages, e.g. "AB, AW and AE"
    std::string_view source;
};
[[nodiscard]] const point_group_info& info(point_group g) noexcept;

// "Must not be mixed within a node".
enum class exclusive_group : std::uint8_t {
    none,
    move_color,          // B, W
    position_judgement,  // GB, GW, DM, UC
    move_annotation,     // BM, TE, DO, IT
};
struct exclusive_group_info {
    exclusive_group group;
    std::string_view members;  // "B and W"
    rule which;                // the rule a mix breaks (its FF versions and level)
    std::string_view source;
};
[[nodiscard]] const exclusive_group_info& info(exclusive_group g) noexcept;

// What FF[4] added to the value of a property that FF[1]-FF[3] had too (ff4_changes.txt,
// "Changed properties"; VW from "Converting"). Compressed point lists, the pass [] and
// rectangular or larger boards follow from the value type, the game and the SZ format.
enum class ff4_change : std::uint8_t {
    none,
    long_label,  // LB: "may have more than 4 chars now"
    view_list,   // VW: FF[3] gave two corner points; FF[4] lists the points in view
    figure_data, // FG: "may contain some flags and a diagram name"
};

// What a property does to the board of a game with a board replay (Go: ff4_go.txt "How to
// execute a move"; ff4_properties.txt Setup properties). The checker's replay and fix's
// board act on this column, never on identifiers.
enum class board_effect : std::uint8_t { none, move_black, move_white, add_black, add_white, add_empty };

enum class restriction : std::uint16_t {
    none = 0,
    needs_move = 1 << 0,           // KO, BM, DO, IT, TE need B or W in the node
    distinct_ends = 1 << 1,        // AR, LN: the two points must differ
    no_duplicate_values = 1 << 2,  // AR, LN: same value twice is illegal
    once_per_game = 1 << 3,        // Hex IP
    clears_when_empty = 1 << 4,    // DD[], VW[]: empty value clears the inherited setting
    unordered_ends = 1 << 5,       // LN: a line has no direction, LN[aa:bb] = LN[bb:aa]
};
[[nodiscard]] constexpr restriction operator|(restriction a, restriction b) noexcept {
    return static_cast<restriction>(static_cast<std::uint16_t>(a) | static_cast<std::uint16_t>(b));
}
[[nodiscard]] constexpr bool has(restriction set, restriction r) noexcept {
    return (static_cast<std::uint16_t>(set) & static_cast<std::uint16_t>(r)) != 0;
}

struct number_range {
    bool present = false;
    std::int64_t min = 0;
    std::int64_t max = std::numeric_limits<std::int64_t>::max();
    [[nodiscard]] constexpr bool contains(std::int64_t v) const noexcept {
        return !present || (v >= min && v <= max);
    }
};

struct property_rule {
    std::string_view ident;           // FF[4] identifier (upper case)
    std::string_view description;     // "Add Black"
    ff_mask ff_versions = 0;          // FF versions defining it; 0 for 002_* rows
    property_type type = property_type::none;
    bool inherit = false;
    std::string_view value_type;      // the spec's grammar text
    value_shape shape{};              // value_type, parsed
    number_range range{};             // where the spec gives one
    value_format format = value_format::plain;
    std::string_view keywords;        // '|' separated vocabulary for keyword formats
    game_mask games = every_game;
    profile_mask profiles = every_profile;
    row_origin origin = row_origin::ff4;
    point_group unique_points = point_group::none;
    exclusive_group exclusive = exclusive_group::none;
    restriction restrictions = restriction::none;
    board_effect effect = board_effect::none;
    ff4_change changed = ff4_change::none;  // what FF[4] added to its value
    rule placement = rule::none;      // the rule that judges where this property stands, in
                                      // place of the generic one of its type (MN in the root:
                                      // mn_in_root; PL next to a move: pl_with_move)
    std::string_view spec_section;    // "ff4_properties.txt: Move properties / B"
    std::string_view note;

    // Part of FF[ff]? 002_* rows are defined by their profile, not by an FF version.
    [[nodiscard]] constexpr bool defined_in(int ff) const noexcept {
        return (ff_versions & ff_bit(ff)) != 0 || origin == row_origin::current_usage ||
               origin == row_origin::private_usage;
    }
    // A GM without a bit (GM[64], GM[-1], GM[abc] read as 0) is an unknown game: only the
    // rows of every game apply.
    [[nodiscard]] constexpr bool applies_to(int gm) const noexcept {
        return gm_bit(gm) != 0 ? (games & gm_bit(gm)) != 0 : games == every_game;
    }
    [[nodiscard]] constexpr bool game_specific() const noexcept { return games != every_game; }
    [[nodiscard]] constexpr bool in_profile(profile p) const noexcept { return (profiles & profile_bit(p)) != 0; }
    [[nodiscard]] constexpr bool has(restriction r) const noexcept { return sgf::has(restrictions, r); }
};

// All rows of every profile, in spec order.
[[nodiscard]] std::span<const property_rule> all_properties() noexcept;

// The row for `ident` in a file of FF[ff] and GM[gm] checked under profile `p`, or nullptr
// when no row of the profile has that identifier (an unknown, i.e. private, property).
// Among several rows the best fit wins: applies to gm > defined in ff > game-specific >
// profile-specific. The result may still not fit: check defined_in(ff) (obsolete property)
// and applies_to(gm) (property of another game).
[[nodiscard]] const property_rule* find_property(std::string_view ident, int ff = 4, int gm = 1,
                                                 profile p = profile::ff4) noexcept;

// May a value of this type be a Compose at all ("may I write an unescaped ':'")?
[[nodiscard]] constexpr bool is_compose_type(const value_shape& s) noexcept {
    for (const auto& a : s.alternatives())
        if (a.composed) return true;
    return false;
}
// "list of point" / "elist of point", and "list of stone" where Stone is Point
// (sgf4.html 3.5.1, 3.4): values may be rectangles "ul:lr".
[[nodiscard]] bool allows_compressed_points(const value_shape& s, const game_rule* game) noexcept;
// Values of this property may contain a separating ':' (compose types, compressed point
// lists, LOA and Gess moves). Unknown game (nullptr) with point/move/stone values: true.
[[nodiscard]] bool may_be_compose(const property_rule& r, const game_rule* game) noexcept;

// ------------------------------------------------------ aliases, legacy long names

// Identifiers that stand for another property in some dialect (002_*), or that convert
// to another property (ff4_changes.txt "Converting").
struct property_alias {
    std::string_view alias;
    std::string_view target;
    profile_mask profiles;
    std::string_view context;   // e.g. "root node, SGF2 style"
    std::string_view source;
};
[[nodiscard]] std::span<const property_alias> all_aliases() noexcept;

// FF[1]-[3] allowed lowercase letters in identifiers and ignored them (ff4_changes.txt
// "Verbose property names": "delete all lowercase letters from IDs").
struct long_name {
    std::string_view written;   // "CoPyright"
    std::string_view ident;     // "CP" (= written without lowercase letters)
    std::string_view source;
};
[[nodiscard]] std::span<const long_name> all_long_names() noexcept;
// The FF[4] identifier of an identifier as written: its uppercase letters ("GaMe" -> "GM").
[[nodiscard]] std::string ff4_ident_of(std::string_view written);

}  // namespace sgf
