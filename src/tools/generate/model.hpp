#pragma once
// The generator's private model (src/generate*.cpp): a generated file is first built as
// this small tree, then mutated (generate_mutate.cpp), then written out with random white
// space (generate_write.cpp). The model carries what the mutations need to know about
// each node (its kind, where the game-info node is, the board), and "marks": slots whose
// byte offsets the writer records, so that an expected diagnostic gets its exact position.
//
//   generate_values.cpp  values of every kind, per game (points, moves, text, ...)
//   generate_tree.cpp    valid content: trees, nodes, the Go board, the rule table
//   generate_mutate.cpp  the mutations (one per invalid file) and their marks
//   generate_write.cpp   bytes, marks -> positions, the expected JSON tree
//   generate.cpp         the driver, the mutation table, names and .expect text
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "board/go_board.hpp"
#include "tools/generate/generate.hpp"
#include "sgf/encode_value.hpp"  // point_text
#include "sgf/properties.hpp"

namespace sgf::detail::gen {

inline constexpr std::uint8_t no_mark = 0;

struct value {
    std::string raw;   // the bytes between '[' and ']'
    std::string text;  // after escape processing: the JSON tree's form
    // A compose made of two values (compose() in tree.cpp): where the first part's text ends
    // in `text`. A plain value (raw == text) is split at its first ':' instead.
    std::size_t split = std::string::npos;
    std::uint8_t mark = no_mark;  // records the offset of '['
    bool drop_close = false;      // written without its ']'
};

struct property {
    std::string ident;
    std::vector<value> values;
    const property_rule* row = nullptr;  // nullptr: a private property
    std::uint8_t mark = no_mark;         // records the offset of the identifier
};

// Raw text written into a node or after a tree's variations (junk, a stray value, "()").
struct extra {
    enum class where : std::uint8_t { after_semicolon, node_end, after_variations } at = where::node_end;
    std::string text;
    std::uint8_t mark = no_mark;  // records the offset of the text's first byte
};

enum class node_kind : std::uint8_t { plain, root, move, setup };

struct node {
    std::vector<property> props;
    std::vector<extra> extras;
    node_kind kind = node_kind::plain;
    bool game_info = false;        // holds the game-info properties of its path
    bool below_game_info = false;  // a game-info node is a strict ancestor on the path
    bool drop_semicolon = false;   // written without ';' (the first node of a variation)
    std::uint8_t mark = no_mark;   // records the offset of ';' (or of the first token when dropped)

    [[nodiscard]] bool has(std::string_view ident) const {
        for (const auto& p : props)
            if (p.ident == ident) return true;
        return false;
    }
    [[nodiscard]] property* find(std::string_view ident) {
        for (auto& p : props)
            if (p.ident == ident) return &p;
        return nullptr;
    }
};

// A long run of generated nodes that is not stored node by node: `count` nested
// single-node variations (deep) or sibling single-node variations (wide). Node i is
// pattern[i % pattern.size()].
struct run {
    std::uint32_t count = 0;
    std::vector<property> pattern;  // one property per node
};

struct tree {
    std::vector<node> nodes;
    std::vector<std::uint32_t> children;  // indices into model::trees
    std::vector<extra> extras;            // after the variations (where::after_variations)
    run wide;                             // after the children
    run deep;                             // after wide: nested
    bool drop_close = false;
    bool top = false;  // a game tree of the collection
};

struct model {
    std::vector<tree> trees;
    std::vector<std::uint32_t> roots;  // the collection's game trees
    std::string before;                // junk before the first '('
    std::string after;                 // junk after the last ')'
    std::uint8_t before_mark = no_mark;
    std::uint8_t after_mark = no_mark;
    bool extra_close = false;
    std::uint8_t extra_close_mark = no_mark;
    std::uint8_t eof_mark = no_mark;  // records the end of the file
};

// What the whole file was generated for: the game, its board, its charset.
struct plan {
    int gm = 1;
    const game_rule* game = nullptr;
    board_size size{};        // {0,0}: the game has none (points not checked against it)
    bool write_gm = true;
    bool utf8 = false;        // CA[UTF-8] and non-ASCII text
    std::string ca;           // CA value written in every root ("" = none)
    std::string sz;           // SZ value written in every root ("" = none)
};

// Feature and row bookkeeping shared by the stages.
struct coverage {
    std::set<std::string_view> features;
    std::set<const property_rule*> rows;
    void feature(std::string_view f) { features.insert(f); }
};

// ----------------------------------------------------------------------------- values

struct text_options {
    bool line_breaks = true;    // hard line breaks allowed (Text; SimpleText converts them)
    bool compose_part = false;  // ':' must be escaped
    bool utf8 = false;
    std::size_t max_pieces = 8;
};
[[nodiscard]] value make_text(rng& r, const text_options& o, coverage& cov);
[[nodiscard]] value plain(std::string s);  // a value needing no escapes: raw == text

// The extent points are drawn from: the board, or a sane default when there is none.
[[nodiscard]] board_size extent(const game_rule& g, board_size size);
[[nodiscard]] board_point random_point(rng& r, const game_rule& g, board_size size);
// A point just off the board, or false when the syntax cannot write one.
[[nodiscard]] bool off_board_point(const game_rule& g, board_size size, board_point& out);

[[nodiscard]] std::string number_text(rng& r, std::int64_t lo, std::int64_t hi, coverage& cov);
[[nodiscard]] std::string real_text(rng& r, coverage& cov);
// A move of a game other than Go (Go moves come from the board in generate_tree.cpp).
[[nodiscard]] std::string move_text(rng& r, const game_rule& g, board_size size, coverage& cov);
[[nodiscard]] std::string stone_text(rng& r, const game_rule& g, board_size size);
[[nodiscard]] std::string date_text(rng& r);
[[nodiscard]] std::string_view pick_word(rng& r, std::string_view list);  // of a '|' separated list
[[nodiscard]] std::string result_text(rng& r, value_format f, coverage& cov);

// ------------------------------------------------------------------------------ stages

// The diagnostics the file must cause, each tied to a mark whose offset is its position.
struct expectations {
    std::vector<std::pair<std::uint8_t, std::string_view>> items;  // (mark, code)
    std::uint8_t next = 1;
    [[nodiscard]] std::uint8_t take() { return next++; }
    void add(std::uint8_t mark, std::string_view code) { items.emplace_back(mark, code); }
};

[[nodiscard]] plan make_plan(rng& r, const generate_options& o);
// Valid content (generate_tree.cpp). `budget` is a soft limit in bytes; quiet = no
// private properties (invalid files: the mutation's diagnostic must be the only one).
[[nodiscard]] model build_valid(rng& r, const generate_options& o, const plan& p, std::size_t budget, bool quiet,
                                coverage& cov, expectations& ex);

// One mutation (generate_mutate.cpp); false, and nothing changed, when it does not apply.
[[nodiscard]] bool mutate(mutation m, model& md, rng& r, const plan& p, expectations& ex);

// Bytes and the offsets of marks 1..n (generate_write.cpp). White space comes from `r`.
struct written {
    std::string bytes;
    std::vector<std::uint64_t> marks;  // index = mark - 1; npos when not written
};
[[nodiscard]] written write_model(const model& md, rng& r, coverage& cov, std::size_t mark_count);
[[nodiscard]] std::string json_tree(const model& md, const game_rule* game);
// 1-based line and column of a byte offset (line breaks LF, CR, CRLF, LFCR count once).
[[nodiscard]] position position_at(std::string_view bytes, std::uint64_t offset);

}  // namespace sgf::detail::gen
