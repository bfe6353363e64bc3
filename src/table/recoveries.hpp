#pragma once
// The parser's recoveries as data: one row per way of reading on after the FF[4] grammar
// failed (grammar/recover.hpp), with the rule it reports, its message and hint (patterns
// with {1}, {2}: what the parser fills in) and an SGF text that triggers it. The parser
// (src/parse/parse.cpp) names a row and gives the arguments; docs/diagnostics.md,
// "Recoveries", lists every row (tests/recoveries_test.cpp checks both, and runs every
// example). The rule rows (include/sgf/detail/rules.def) say the level; these say the words.
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "sgf/diagnostic.hpp"

namespace sgf::detail {

enum class recovery : std::uint8_t {
    byte_order_mark,
    file_too_large,
    empty_file,
    no_game_tree,
    junk_before_tree,
    junk_after_tree,
    unmatched_tree_close,
    empty_tail,
    empty_top_tree,
    tree_close_missing_before,
    missing_node_open,
    tree_without_node,
    node_after_variation,
    extra_tree_open,
    properties_without_value,
    free_text,
    missing_tree_close,
    unclosed_value,
    ident_without_upper,
    lowercase_ident_before_ff4,
    lowercase_ident,
    property_without_value,
    value_without_property,
    junk_between_tokens,
    grammar_mismatch,
};

struct recovery_row {
    recovery id;
    std::string_view name;     // the enumerator's name
    rule code;                 // the rule row it reports (its level, code and sentence)
    std::string_view message;  // {1}, {2}, ...: the arguments the parser gives
    std::string_view hint;     // empty: the rule row's hint
    std::string_view example;  // SGF text that triggers it; empty when none can (then `why`)
    std::string_view why;      // why there is no example
};

[[nodiscard]] std::span<const recovery_row> all_recoveries() noexcept;
[[nodiscard]] const recovery_row& row_of(recovery r) noexcept;

// `pattern` with {k} replaced by the k-th argument (1-based); a {k} without an argument
// stays as written.
[[nodiscard]] std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args);

}  // namespace sgf::detail
