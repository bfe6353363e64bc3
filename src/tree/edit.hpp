#pragma once
// Pieces of the edits shared by node::with_property and game_tree_builder: validation of
// identifiers and raw values, and writing properties as canonical SGF text.
#include <functional>
#include <string>
#include <string_view>

#include "sgf/tree.hpp"

namespace sgf::detail {

// Throws std::invalid_argument unless `ident` is one or more letters A-Z.
void check_ident(std::string_view ident);
// Throws std::invalid_argument for a raw value with an unescaped ']' or a trailing unpaired '\'.
void check_raw(std::string_view raw);
// '[' text ']' with '\' and ']' escaped: sgf::unescape reads back exactly `text`.
void append_text_value(std::string& out, std::string_view text);
// A property as canonical SGF (canonical_raw of each value).
void append_property(std::string& out, const property& p);

// A new node: n's properties in order, except that every property `ident` is replaced, in
// place of the first one (or at the end), by what `write` appends; write == nullptr drops them.
[[nodiscard]] node node_with(const node& n, std::string_view ident, const std::function<void(std::string&)>& write);

}  // namespace sgf::detail
