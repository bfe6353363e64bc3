#pragma once
// The tree classes of the Python module: Collection, GameTree, Node, Property. They wrap the
// library's persistent handles (copies are O(1), edits return new versions) together with
// what Python needs besides: the loaded file (its bytes and charsets: raw values in UTF-8)
// and the context of the top-level game tree (FF, GM, SZ: how Node.get decodes values).
#include <cstddef>
#include <memory>
#include <string>

#include "bindings.hpp"
#include "sgf/check.hpp"
#include "sgf/tree.hpp"
#include "sgf/typed_value.hpp"

namespace sgf::python {

// Where a game tree came from: a top-level game tree of a loaded file, or made in Python.
struct origin {
    loaded_file file;      // nullptr: made in Python (values are UTF-8)
    std::size_t tree = 0;  // index of the top-level game tree in `file`
    // The charset the tree's raw values are written in when they need encoding from
    // UTF-8 ("" for UTF-8, ASCII and files converted to UTF-8 as a whole).
    [[nodiscard]] std::string legacy_charset() const;
};
using origin_ptr = std::shared_ptr<const origin>;

// What the root of the top-level game tree declares (sgf::context_of).
using context_ptr = std::shared_ptr<const tree_context>;

struct py_node {
    node n;
    origin_ptr from;
    context_ptr ctx;
};

struct py_tree {
    game_tree t;
    origin_ptr from;
    context_ptr ctx;
    bool top = true;  // a top-level game tree (its first node is the root)
};

// A raw value as Python sees it: UTF-8 through the tree's charset, escapes untouched, bytes
// that are no character as lone surrogates.
[[nodiscard]] py::str raw_str(const origin_ptr& from, std::string_view raw);

// A typed value (sgf/typed_value.hpp) as a Python object (typed.cpp).
[[nodiscard]] py::object to_python(const typed_value& v);
// Node.get: the first property `ident` decoded by its row of the property table.
[[nodiscard]] py::object typed_get(const py_node& n, const std::string& ident, const py::object& fallback);

// The context a node's values are read and written in: its game tree's root (FF, GM, SZ)
// and the charset its texts were read in; FF[4] Go 19x19 for a node made alone (setter.cpp).
[[nodiscard]] tree_context context_of_node(const py_node& n);
// Node.set: `value` (a Python value as Node.get gives it) written by sgf::encode_property;
// TypeError when it is of no type of the property, ValueError when it does not decode back.
// Texts are written in `legacy_charset` when not "" (origin::legacy_charset).
[[nodiscard]] py_node node_set(const py_node& n, const std::string& ident, const py::handle& value,
                               const std::string& legacy_charset);
// Node.move: (colour, point or None for a pass) of the node's first B or W, else None.
[[nodiscard]] py::object node_move(const py_node& n);
// GameTree.setup_and_moves: (Board with the root's setup, the main line's moves) (board.cpp).
[[nodiscard]] py::tuple setup_and_moves(const py_tree& t);

}  // namespace sgf::python
