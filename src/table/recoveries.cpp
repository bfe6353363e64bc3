// The recovery rows (src/table/recoveries.hpp): what the parser says when it reads on
// after the FF[4] grammar failed. Levels, codes and spec sentences are the rule rows'
// (include/sgf/detail/rules.def); these rows hold the words and an example each.
#include "table/recoveries.hpp"

#include <iterator>

namespace sgf::detail {

namespace {

using r = recovery;
constexpr std::string_view needs_value = "ignored; a property needs at least one [value] (use [] for an empty one)";
constexpr std::string_view one_or_more = "an SGF file holds one or more game trees: (;FF[4] ...)";

// clang-format off
constexpr recovery_row rows[] = {
    {r::byte_order_mark, "byte_order_mark", rule::byte_order_mark,
     "UTF-8 byte order mark before the first game tree", "skipped; declare the charset with CA[UTF-8]",
     "\xEF\xBB\xBF(;FF[4]CA[UTF-8])", ""},
    {r::file_too_large, "file_too_large", rule::file_too_large,
     "file too large: {1} bytes", "files are limited to 2 GiB",
     "", "needs 2 GiB of input: the generated conformance case n_collection_file_too_large"},
    {r::empty_file, "empty_file", rule::empty_collection,
     "empty file: no game tree", one_or_more, "", ""},
    {r::no_game_tree, "no_game_tree", rule::empty_collection,
     "no game tree in the file", one_or_more, "just text", ""},
    {r::junk_before_tree, "junk_before_tree", rule::junk_before_tree,
     "text before the first game tree: '{1}'", "skipped {2} bytes up to the first game tree",
     "Game 1:\n(;FF[4])", ""},
    {r::junk_after_tree, "junk_after_tree", rule::junk_after_tree,
     "text after a game tree: '{1}'", "skipped {2} bytes", "(;FF[4])\nThe end.", ""},
    {r::unmatched_tree_close, "unmatched_tree_close", rule::unmatched_tree_close,
     "')' without a matching '('", "ignored; remove the extra ')'", "(;FF[4]))", ""},
    {r::empty_tail, "empty_tail", rule::empty_tail,
     "empty game tree '()': a GameTree holds at least one node", "ignored; remove it (FF[4] has no empty variations)",
     "(;FF[4]())", ""},
    {r::empty_top_tree, "empty_top_tree", rule::empty_game_tree,
     "'()' where a game tree was expected: a game tree holds at least its root node",
     "ignored; remove it (only a variation may be '()' in 002_*'s grammar, and none in FF[4]'s)", "()(;FF[4])", ""},
    {r::tree_close_missing_before, "tree_close_missing_before", rule::missing_tree_close,
     "missing ')' before this game tree: its first node holds root properties, and the file has more '(' than ')'",
     "read as the next game tree of the collection ({1} closed before it); insert the missing ')'",
     "(;FF[4]GM[1];B[aa](;FF[4]GM[1];B[bb])", ""},
    {r::missing_node_open, "missing_node_open", rule::missing_node_open,
     "game tree does not start with a node: expected ';' after '('",
     "read what follows as the game tree's first node; insert ';'", "(;FF[4])(FF[4];B[aa])(;FF[4])", ""},
    {r::tree_without_node, "tree_without_node", rule::missing_node_open,
     "game tree without any node: expected ';' after '('", "its variations (if any) were kept in its place",
     "(;FF[4](:))", ""},
    {r::node_after_variation, "node_after_variation", rule::node_after_variation,
     "node after a variation: a sequence cannot continue after ')'",
     "the nodes up to the enclosing ')' were read as one more variation; wrap them in '(' ')'",
     "(;FF[4](;B[aa]);W[bb])", ""},
    {r::extra_tree_open, "extra_tree_open", rule::extra_tree_open,
     "extra '(': a game tree starts with a node (';'), and the file has more '(' than ')'",
     "ignored: the '(' after it is read in its place; remove the extra '('", "(;FF[4]((;B[aa]))", ""},
    {r::properties_without_value, "properties_without_value", rule::property_without_value,
     "properties without a value: '{1}'", needs_value, "(;FF[4]AB AW B[aa])", ""},
    {r::free_text, "free_text", rule::junk_between_tokens,
     "free text between properties: '{1}'", "skipped; put it into a comment C[...] or remove it",
     "(;FF[4]C[hi] This is a note, sorry! B[aa])", ""},
    {r::missing_tree_close, "missing_tree_close", rule::missing_tree_close,
     "end of file inside {1}: missing ')'", "closed at end of file; append {2} ')'", "(;FF[4];B[aa]", ""},
    {r::unclosed_value, "unclosed_value", rule::unclosed_value,
     "property value not closed: missing ']' before end of file",
     "the value runs to the end of the file; add ']' where it should end", "(;FF[4]C[no end)", ""},
    {r::ident_without_upper, "ident_without_upper", rule::ident_without_upper,
     "property identifier '{1}' has no uppercase letter: it names no property in any FF version",
     "kept as written; write it in uppercase letters ({2} if that was meant)", "(;FF[4]b[aa])", ""},
    {r::lowercase_ident_before_ff4, "lowercase_ident_before_ff4", rule::lowercase_ident,
     "FF[{1}] property identifier '{2}' has lowercase letters",
     "read as {3}: FF[1]-FF[3] allowed lowercase letters and readers delete them; FF[4] allows uppercase only "
     "(sgfcheck fix writes {3})",
     "(;FF[3]GaMe[1])", ""},
    {r::lowercase_ident, "lowercase_ident", rule::lowercase_ident,
     "property identifier '{1}' contains lowercase letters",
     "kept as written; FF[4] identifiers are uppercase only (FF[1]-FF[3] readers deleted lowercase letters: '{2}', "
     "which sgfcheck fix writes)",
     "(;FF[4]GaMe[1])", ""},
    {r::property_without_value, "property_without_value", rule::property_without_value,
     "property '{1}' has no value", needs_value, "(;FF[4]LB B[aa])", ""},
    {r::value_without_property, "value_without_property", rule::value_without_property,
     "value without a property identifier: '{1}'", "ignored; put the identifier (e.g. C) before '['",
     "(;FF[4];[aa])", ""},
    {r::junk_between_tokens, "junk_between_tokens", rule::junk_between_tokens,
     "unexpected characters '{1}'", "skipped; only white space may stand between tokens", "(;FF[4]B[aa]:)", ""},
    {r::grammar_mismatch, "grammar_mismatch", rule::junk_between_tokens,
     "the file does not match the FF[4] grammar", "",
     "", "a safety net: every way the FF[4] grammar fails has a recovery of its own, so no known file reaches it"},
};
// clang-format on

constexpr bool rows_in_order = [] {
    for (std::size_t k = 0; k < std::size(rows); ++k)
        if (static_cast<std::size_t>(rows[k].id) != k) return false;
    return true;
}();
static_assert(rows_in_order, "rows in enum order, one per recovery");
static_assert(static_cast<std::size_t>(recovery::grammar_mismatch) + 1 == std::size(rows), "a row for every recovery");

}  // namespace

std::span<const recovery_row> all_recoveries() noexcept { return rows; }

const recovery_row& row_of(recovery k) noexcept { return rows[static_cast<std::size_t>(k)]; }

std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args) {
    std::string out;
    out.reserve(pattern.size() + 32);
    // The text between placeholders goes in runs, not byte by byte (a file of 100,000
    // lowercase identifiers fills 200,000 messages: 1,900 instructions each, byte by byte).
    std::size_t from = 0;
    for (std::size_t i = pattern.find('{'); i != std::string_view::npos; i = pattern.find('{', i + 1)) {
        if (i + 2 >= pattern.size() || pattern[i + 2] != '}' || pattern[i + 1] < '1' || pattern[i + 1] > '9') continue;
        const auto k = static_cast<std::size_t>(pattern[i + 1] - '1');
        if (k >= args.size()) continue;
        out.append(pattern, from, i - from);
        out += *(args.begin() + k);
        from = i + 3;
        i += 2;
    }
    out.append(pattern, from);
    return out;
}

}  // namespace sgf::detail
