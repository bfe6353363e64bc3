#pragma once
// A generator of SGF files from the grammar (000_* EBNF) and the property rule table
// (properties.hpp), for fuzzing and for differential testing of other implementations
// (`sgfcheck gen`, `sgfcheck diff`, docs/differential.md).
//
// Valid files use every property row of the chosen game (Go most often, and the other
// games that have a page), every value form (points, moves, compressed point lists,
// composes, numbers, reals, doubles, colors, text with escapes and the four line-break
// forms, empty values), white space between all tokens, deep and wide trees, several game
// trees. Invalid files are a valid file plus ONE precise mutation whose diagnostic is
// known in advance. Either way the generator also knows what sgfcheck must say: the exact
// diagnostics (code and position) and, for valid files, the JSON tree, built from its own
// model and not by parsing. A test holds the parser and the checker to both.
//
// Everything is a function of the seed: the PRNG is our own (xoshiro256** seeded through
// splitmix64) and so are the few distributions, so the bytes do not depend on the
// standard library.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/position.hpp"
#include "sgf/properties.hpp"

namespace sgf {

// ------------------------------------------------------------------------------- PRNG

[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// A seed for sub-stream `stream` of `seed` (e.g. case i of a diff run).
[[nodiscard]] constexpr std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream) noexcept {
    std::uint64_t s = seed ^ (stream * 0xd1342543de82ef95ULL);
    return splitmix64(s);
}

class rng {
public:
    explicit constexpr rng(std::uint64_t seed) noexcept {
        for (auto& w : s_) w = splitmix64(seed);
    }
    constexpr std::uint64_t next() noexcept {  // xoshiro256**
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    // Uniform in [0, n); n == 0 gives 0. Rejection sampling: no modulo bias.
    constexpr std::uint64_t below(std::uint64_t n) noexcept {
        if (n == 0) return 0;
        const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
        for (;;) {
            const std::uint64_t x = next();
            if (x < limit) return x % n;
        }
    }
    // Uniform in [lo, hi] (lo <= hi).
    constexpr std::int64_t between(std::int64_t lo, std::int64_t hi) noexcept {
        return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
    }
    constexpr bool chance(unsigned percent) noexcept { return below(100) < percent; }
    template <class T>
    constexpr const T& pick(std::span<const T> xs) noexcept {
        return xs[static_cast<std::size_t>(below(xs.size()))];
    }

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4]{};
};

// -------------------------------------------------------------------------- mutations

// One precise change that makes a valid file invalid, with the diagnostic it must cause.
// Never renumber: append.
enum class mutation : std::uint8_t {
    none,
    drop_value_close,         // the last ']' of the file removed
    drop_tree_close,          // the last ')' removed
    extra_tree_close,         // a ')' after the last game tree
    empty_tree,               // "()" as a variation
    lowercase_ident,          // "GN" -> "GaN"
    value_without_ident,      // ";[x]" a value right after ';'
    ident_without_value,      // "C" with no value at the end of a node
    junk_before,              // text before the first '('
    junk_after,               // text after the last ')'
    junk_between,             // '%' between two nodes
    tree_without_node,        // "(B[aa]...": a variation without ';'
    node_after_variation,     // "(;A(;B)(;C);D)"
    move_setup_mix,           // AB in a node with B
    pl_with_move,             // PL in a node with B
    root_outside_root,        // ST in a node after the root
    point_off_board,          // SL with a point off the board
    bad_number,               // PM[1.5]
    number_out_of_range,      // PM[7]
    duplicate_property,       // C twice in one node
    too_many_values,          // C[a][b]
    empty_list,               // CR[]
    empty_in_list,            // CR[aa][]
    rect_1x1,                 // CR[aa:aa]
    rect_corners,             // CR[cc:aa]
    duplicate_point,          // CR[aa][aa]
    compose_extra_colon,      // LB[aa:x:y]
    square_size_compose,      // SZ[19:19]
    ap_not_composed,          // AP[name]
    time_units,               // TM[5m]
    re_jigo,                  // RE[Jigo]
    re_format,                // RE[B+x]
    dt_format,                // DT[1999/01/01]
    ha_range,                 // HA[1]
    one_point_arrow,          // AR[aa:aa]
    duplicate_arrow,          // AR[aa:bb][aa:bb]
    annotation_without_move,  // KO in a node without B or W
    exclusive_properties,     // DM and UC in one node
    second_game_info,         // a game-info property below the game-info node
};

struct mutation_info {
    mutation id;
    std::string_view name;   // stable key, snake_case
    std::string_view area;   // conformance area (design.md): "value", "gametree", ...
    std::string_view code;   // the diagnostic it causes
    std::string_view also;   // a second diagnostic it always causes too ("" if none)
    std::string_view what;   // one line
    std::string_view quote;  // the spec sentence that decides it
};
[[nodiscard]] std::span<const mutation_info> all_mutations() noexcept;  // without `none`
[[nodiscard]] const mutation_info& info(mutation m) noexcept;
[[nodiscard]] std::optional<mutation> find_mutation(std::string_view name) noexcept;

// ------------------------------------------------------------------------- generation

enum class gen_mode : std::uint8_t {
    mixed,    // valid or invalid, decided by the seed
    valid,
    invalid,
};

struct generate_options {
    std::uint64_t seed = 0;
    gen_mode mode = gen_mode::mixed;
    std::size_t max_bytes = 16 * 1024;  // soft limit of the random shape (not of --depth/--width)
    std::size_t depth = 0;              // > 0: the first game tree nests this many variations deep
    std::size_t width = 0;              // > 0: one node gets this many variations
    std::optional<mutation> force;      // invalid files: this mutation when it applies to the file
    int gm = 0;                         // 0: chosen by the seed (Go most often)
    bool private_properties = true;     // valid files may hold unknown properties (W201, I201)
};

// Depth and width above gen_large_shape need an explicit opt-in (`sgfcheck gen --huge`);
// generate() refuses more than gen_max_shape.
inline constexpr std::size_t gen_large_shape = 100'000;
inline constexpr std::size_t gen_max_shape = 1'000'000;

struct expected_finding {
    std::string_view code;  // points into the code table
    position where;
    friend bool operator==(const expected_finding&, const expected_finding&) = default;
};

struct generated_file {
    std::uint64_t seed = 0;
    bool valid = true;
    mutation applied = mutation::none;
    int gm = 1;
    std::string bytes;
    // Exactly what `sgfcheck check` reports (parser + checker, profile ff4), sorted by
    // position then code: for valid files the warnings of private properties, for invalid
    // files the mutation's diagnostic(s).
    std::vector<expected_finding> expected;
    std::string tree;  // valid files: the JSON tree (design.md) built from the model
    std::vector<const property_rule*> rows;   // the property rows that occur (set)
    std::vector<std::string_view> features;   // value forms and tokens that occur (set)

    // "y_<area>_gen_<seed>" or "n_<area>_gen_<seed>_<mutation>" (conformance names).
    [[nodiscard]] std::string name() const;
    // The .expect text in the conformance corpus format ("CODE LINE:COLUMN", "tree ...").
    // The tree line is left out when it is longer than `max_tree` bytes.
    [[nodiscard]] std::string expect_text(std::size_t max_tree = std::string::npos) const;
};

// Throws std::invalid_argument for a depth or width above gen_max_shape.
[[nodiscard]] generated_file generate(const generate_options& options);

// The feature names generate() can report (for coverage tests and `sgfcheck gen --list`).
[[nodiscard]] std::span<const std::string_view> all_features() noexcept;

}  // namespace sgf
