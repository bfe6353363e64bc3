// Collection, GameTree, Node and Property for Python (tree.hpp); parse, write and dump.
#include "tree.hpp"

#include <pybind11/stl.h>

#include <set>

#include "sgf/charset.hpp"
#include "sgf/json.hpp"
#include "sgf/write.hpp"

namespace sgf::python {

std::string origin::legacy_charset() const {
    if (!file || file->converted || tree >= file->tree_charsets.size()) return {};
    const std::string& cs = file->tree_charsets[tree];
    return cs == "UTF-8" || cs == "US-ASCII" ? std::string() : cs;
}

py::str raw_str(const origin_ptr& from, std::string_view raw) {
    if (from && from->file && from->file->decodes(from->tree, raw)) return str_of(from->file->utf8(raw, from->tree));
    return str_of(raw);
}

namespace {

struct py_property {
    property p;
    node keep;  // the node whose bytes the view reads
    origin_ptr from;
};

struct py_collection {
    collection c;
    std::vector<origin_ptr> from;  // per top-level game tree
    py::list diagnostics;          // the input stage's and parser's findings
    std::string charset = "UTF-8";
};

py::object pos_or_none(const position& p, std::uint64_t position::*field) {
    if (!p.known()) return py::none();
    return py::int_(p.*field);
}
py::object line_of(const position& p) { return p.known() ? py::object(py::int_(p.line)) : py::object(py::none()); }
py::object column_of(const position& p) { return p.known() ? py::object(py::int_(p.column)) : py::object(py::none()); }
py::object byte_of(const position& p) { return pos_or_none(p, &position::byte); }

// line, column and byte of what `pos` says where it is (None when unknown).
template <class Class, class Pos>
Class def_position(Class cls, Pos pos) {
    using T = typename Class::type;
    cls.def_property_readonly("line", [pos](const T& x) { return line_of(pos(x)); });
    cls.def_property_readonly("column", [pos](const T& x) { return column_of(pos(x)); });
    cls.def_property_readonly("byte", [pos](const T& x) { return byte_of(pos(x)); });
    return cls;
}

context_ptr context_for(const game_tree& t) { return std::make_shared<const tree_context>(context_of(t)); }

py_tree top_tree(game_tree t, origin_ptr from) {
    auto ctx = context_for(t);
    return py_tree{std::move(t), std::move(from), std::move(ctx), true};
}

// The name of x's type as Python says it: int, bytes, list.
std::string type_name(const py::handle& x) { return py::str(py::type::handle_of(x).attr("__name__")); }

// Python text as raw bytes of the tree: UTF-8, or the tree's legacy charset.
std::string tree_bytes(const origin_ptr& from, const py::handle& text, const char* what) {
    if (!py::isinstance<py::str>(text)) throw py::type_error(std::string(what) + ": a value is a str, not " + type_name(text));
    std::string utf8 = bytes_of(text);
    if (!from) return utf8;
    const std::string cs = from->legacy_charset();
    if (cs.empty()) return utf8;
    auto encoded = encode_from_utf8(utf8, cs);
    if (!encoded)
        throw py::value_error(std::string(what) + ": " + std::string(py::repr(text)) + " cannot be written in the tree's charset " +
                              cs + " (sgfcheck.fix() converts the file to UTF-8)");
    return std::move(*encoded);
}

// Whether x is a list of things for Python (a list, a tuple, a generator), and not one thing
// that iterates otherwise: a str (its characters), bytes (ints), a dict (its keys).
bool is_list_like(const py::handle& x) {
    return !py::isinstance<py::str>(x) && !py::isinstance<py::bytes>(x) && !py::isinstance<py::bytearray>(x) &&
           !py::isinstance<py::dict>(x) && py::hasattr(x, "__iter__");
}

// A property's values: one str, or an iterable of str.
std::vector<std::string> values_of(const origin_ptr& from, const py::handle& values, const char* what, const std::string& ident) {
    if (py::isinstance<py::str>(values)) return {tree_bytes(from, values, what)};
    if (!is_list_like(values))
        throw py::type_error(std::string(what) + ": the values of " + ident + " are a str or a list of str, not " + type_name(values));
    std::vector<std::string> out;
    for (const py::handle v : py::iter(values)) out.push_back(tree_bytes(from, v, what));
    return out;
}

// Library errors of an edit (an identifier that is not A-Z, no values) as ValueError.
template <class F>
auto edit(F&& f) {
    try {
        return f();
    } catch (const std::invalid_argument& e) {
        throw py::value_error(e.what());
    } catch (const std::out_of_range& e) {
        throw py::index_error(e.what());
    }
}

// Index i of a sequence of `size` (negative: from the end), as Python's list takes it: an
// int, a bool or any object with __index__ (numpy's integers); one too large for the machine
// is out of range (IndexError), as it is for a list.
std::size_t index_of(const py::handle& i, std::size_t size, const char* what) {
    PyObject* n = PyNumber_Index(i.ptr());
    if (n == nullptr) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " indices must be integers, not " + type_name(i));
    }
    const Py_ssize_t v = PyLong_AsSsize_t(n);
    Py_DECREF(n);
    if (v == -1 && PyErr_Occurred()) PyErr_Clear();  // (too large: out of range below)
    else if (const Py_ssize_t k = v < 0 ? v + static_cast<Py_ssize_t>(size) : v; k >= 0 && static_cast<std::size_t>(k) < size)
        return static_cast<std::size_t>(k);
    throw py::index_error(std::string(what) + " index out of range");
}

// t[i] for an index or a slice (a list of the items chosen, as a list's slice gives).
template <class Item>
py::object item_or_slice(const py::handle& i, std::size_t size, const char* what, const Item& item) {
    if (!PySlice_Check(i.ptr())) return py::cast(item(index_of(i, size, what)));
    std::size_t start = 0, stop = 0, step = 0, length = 0;
    if (!py::reinterpret_borrow<py::slice>(i).compute(size, &start, &stop, &step, &length)) throw py::error_already_set();
    py::list out;
    for (std::size_t k = 0; k < length; ++k) out.append(py::cast(item(start + k * step)));
    return out;
}

py_node node_of(const py_tree& t, std::size_t i) { return py_node{t.t[i], t.from, t.ctx}; }

py::list raw_values(const py_node& n, const property& p) {
    py::list out;
    for (const value& v : p) out.append(raw_str(n.from, v.raw()));
    return out;
}

// A game tree edited: a top-level tree whose root changed declares its context anew.
py_tree edited(const py_tree& before, game_tree t, bool root_changed) {
    py_tree out{std::move(t), before.from, before.ctx, before.top};
    if (out.top && root_changed) out.ctx = context_for(out.t);
    return out;
}

py_tree variation_of(const py_tree& t, std::size_t k) { return py_tree{t.t.variations()[k], t.from, t.ctx, false}; }

loaded_file load_data(const py::object& data, bool lenient, const std::optional<std::string>& charset,
                      const std::string& prof) {
    load_options o;
    o.lenient = lenient;
    o.prof = profile_of(prof);
    o.charset = charset_of(charset);
    std::string bytes = bytes_of(data);
    py::gil_scoped_release unlocked;
    try {
        return std::make_shared<const load_result>(load(file_bytes(std::move(bytes)), o));
    } catch (const std::invalid_argument& e) {
        py::gil_scoped_acquire locked;
        throw py::value_error(std::string("charset: ") + e.what());
    }
}

py_collection parse(const py::object& data, bool lenient, const std::optional<std::string>& charset,
                    const std::string& prof) {
    const loaded_file f = load_data(data, lenient, charset, prof);
    py_collection c;
    c.c = f->trees;
    for (std::size_t i = 0; i < f->trees.size(); ++i) c.from.push_back(std::make_shared<const origin>(origin{f, i}));
    c.diagnostics = to_python_list(f->diagnostics);
    c.charset = f->charset;
    return c;
}

py::bytes write_any(const py::object& what, std::size_t width) {
    write_options o;
    o.width = width;
    std::string out;
    if (py::isinstance<py_collection>(what)) {
        const collection c = what.cast<const py_collection&>().c;
        py::gil_scoped_release unlocked;
        out = write(c, o);
    } else if (py::isinstance<py_tree>(what)) {
        const game_tree t = what.cast<const py_tree&>().t;
        py::gil_scoped_release unlocked;
        out = write(t, o);
    } else if (py::isinstance<py_node>(what)) {
        // As a game tree of that one node: ";B[dd]" alone is no SGF file, "(;B[dd])" is.
        const game_tree t = edit([&] { return game_tree(std::vector<node>{what.cast<const py_node&>().n}); });
        py::gil_scoped_release unlocked;
        out = write(t, o);
    } else {
        throw py::type_error("write takes a Collection, a GameTree or a Node");
    }
    return py::bytes(out);
}

std::string dump(const py::object& data, bool positions, bool lenient, const std::optional<std::string>& charset) {
    const loaded_file f = load_data(data, lenient, charset, "ff4");
    std::string out;
    py::gil_scoped_release unlocked;
    write_json(*f, [&out](std::string_view s) { out += s; }, json_options{positions});
    return out;
}

node node_from(const py::handle& props, const origin_ptr& from) {
    node n;
    if (props.is_none()) return n;
    if (!py::isinstance<py::dict>(props) && !is_list_like(props))
        throw py::type_error("Node: properties are a dict {identifier: values} or (identifier, values) pairs, not " + type_name(props));
    py::iterable items = py::isinstance<py::dict>(props) ? py::iterable(props.attr("items")()) : py::iterable(py::reinterpret_borrow<py::object>(props));
    std::set<std::string> given;
    for (const py::handle item : items) {
        if (!PySequence_Check(item.ptr()) || !is_list_like(item) || py::len(item) != 2)
            throw py::type_error("Node: properties are (identifier, values) pairs, not " + std::string(py::repr(item)));
        const auto pair = item.cast<py::sequence>();
        if (!py::isinstance<py::str>(pair[0]))
            throw py::type_error("Node: an identifier is a str (\"B\", \"AB\"), not " + type_name(pair[0]));
        const std::string ident = pair[0].cast<std::string>();
        // with_property replaces a property: a second pair would silently drop the first
        if (!given.insert(ident).second)
            throw py::value_error("Node: " + ident + " is given twice; give all its values in one pair: (\"" + ident +
                                  "\", [value, ...])");
        n = edit([&] { return n.with_property(ident, values_of(from, pair[1], "Node", ident)); });
    }
    return n;
}

void bind_property(py::module_& m) {
    def_position(py::class_<py_property>(m, "Property", "One property of a node: identifier, raw values, position"),
                 [](const py_property& p) { return p.p.pos(); })
        .def_property_readonly("ident", [](const py_property& p) { return std::string(p.p.ident()); })
        .def_property_readonly("values",
                               [](const py_property& p) {
                                   py::list out;
                                   for (const value& v : p.p) out.append(raw_str(p.from, v.raw()));
                                   return out;
                               })
        .def_property_readonly("value_positions",
                               [](const py_property& p) {
                                   py::list out;
                                   for (const value& v : p.p) {
                                       const position at = v.pos();
                                       out.append(py::make_tuple(line_of(at), column_of(at), byte_of(at)));
                                   }
                                   return out;
                               })
        .def("__repr__", [](const py_property& p) {
            std::string s = std::string(p.p.ident());
            for (const value& v : p.p) {  // piece by piece: "[" + std::string trips GCC 12's -Wrestrict (bug 105329)
                s += '[';
                s += v.raw();
                s += ']';
            }
            return "<Property " + s + ">";
        });
}

void bind_node(py::module_& m) {
    def_position(py::class_<py_node>(m, "Node", "A node: its properties in file order; edits return new nodes"),
                 [](const py_node& n) { return n.n.pos(); })
        .def(py::init([](const py::object& props) { return py_node{node_from(props, nullptr), nullptr, nullptr}; }),
             py::arg("properties") = py::none())
        .def_property_readonly("properties",
                               [](const py_node& n) {
                                   py::list out;
                                   for (const property& p : n.n.properties()) out.append(py::cast(py_property{p, n.n, n.from}));
                                   return out;
                               })
        .def("keys",
             [](const py_node& n) {
                 py::list out;
                 for (const property& p : n.n.properties()) out.append(std::string(p.ident()));
                 return out;
             })
        .def("__getitem__",
             [](const py_node& n, const std::string& ident) {
                 const auto p = n.n.find(ident);
                 if (!p) throw py::key_error(ident);
                 return raw_values(n, *p);
             })
        .def("__contains__", [](const py_node& n, const std::string& ident) { return n.n.has(ident); })
        .def("__len__", [](const py_node& n) { return n.n.properties().count(); })
        .def("__iter__", [](const py_node& n) {
            py::list out;
            for (const property& p : n.n.properties()) out.append(std::string(p.ident()));
            return py::iter(out);
        })
        .def("get", &typed_get, py::arg("ident"), py::arg("default") = py::none())
        .def("with_property",
             [](const py_node& n, const std::string& ident, const py::object& values) {
                 return py_node{edit([&] { return n.n.with_property(ident, values_of(n.from, values, "with_property", ident)); }),
                                n.from, n.ctx};
             },
             py::arg("ident"), py::arg("values"))
        .def("with_raw_property",
             [](const py_node& n, const std::string& ident, const py::object& values) {
                 return py_node{edit([&] { return n.n.with_raw_property(ident, values_of(n.from, values, "with_raw_property", ident)); }),
                                n.from, n.ctx};
             },
             py::arg("ident"), py::arg("raw_values"))
        .def("set",
             [](const py_node& n, const std::string& ident, const py::object& value) {
                 return node_set(n, ident, value, n.from ? n.from->legacy_charset() : std::string());
             },
             py::arg("ident"), py::arg("value"), "A new node with property `ident` holding the typed `value`")
        .def_property_readonly("move", &node_move, "(colour, point or None for a pass) of its B or W, or None")
        .def("get_move", &node_move, "As Node.move (sgfmill's name)")
        .def("without_property",
             [](const py_node& n, const std::string& ident) {
                 return py_node{edit([&] { return n.n.without_property(ident); }), n.from, n.ctx};
             })
        .def("same", [](const py_node& a, const py_node& b) { return a.n.same(b.n); })
        .def("__eq__", [](const py_node& a, const py_node& b) { return a.n == b.n; })
        .def("__repr__", [](const py_node& n) {
            std::string s = write(n.n);
            if (s.size() > 80) s = s.substr(0, 77) + "...";
            return "<Node " + std::string(py::str(str_of(s))) + ">";
        });
}

void bind_game_tree(py::module_& m) {
    def_position(py::class_<py_tree>(m, "GameTree", "A game tree: a sequence of nodes and its variations"),
                 [](const py_tree& t) { return t.t.pos(); })
        .def(py::init([](const std::vector<py_node>& nodes, const std::vector<py_tree>& variations) {
                 std::vector<node> ns;
                 for (const auto& n : nodes) ns.push_back(n.n);
                 std::vector<game_tree> vs;
                 for (const auto& v : variations) vs.push_back(v.t);
                 origin_ptr from = nodes.empty() ? nullptr : nodes.front().from;
                 return top_tree(edit([&] { return game_tree(ns, vs); }), std::move(from));
             }),
             py::arg("nodes"), py::arg("variations") = std::vector<py_tree>{})
        .def_property_readonly("nodes",
                               [](const py_tree& t) {
                                   py::list out;
                                   for (std::size_t i = 0; i < t.t.size(); ++i) out.append(py::cast(node_of(t, i)));
                                   return out;
                               })
        .def_property_readonly("variations",
                               [](const py_tree& t) {
                                   py::list out;
                                   for (std::size_t k = 0; k < t.t.variations().size(); ++k) out.append(py::cast(variation_of(t, k)));
                                   return out;
                               })
        .def_property_readonly("root", [](const py_tree& t) { return node_of(t, 0); })
        .def("__len__", [](const py_tree& t) { return t.t.size(); })
        .def("__getitem__",
             [](const py_tree& t, const py::object& i) {
                 return item_or_slice(i, t.t.size(), "node", [&t](std::size_t k) { return node_of(t, k); });
             })
        .def("__iter__", [](const py_tree& t) {
            py::list out;
            for (std::size_t i = 0; i < t.t.size(); ++i) out.append(py::cast(node_of(t, i)));
            return py::iter(out);
        })
        .def("main_line",
             [](const py_tree& t) {
                 py::list out;
                 for (const auto& e : main_line(t.t)) out.append(py::cast(py_node{e.node, t.from, t.ctx}));
                 return out;
             },
             "Every node of the main line: this tree's nodes, then its first variation's, and so on to a leaf")
        .def("node_count", [](const py_tree& t) { return t.t.node_count(); })
        .def("with_node",
             [](const py_tree& t, const py::object& i, const py_node& n) {
                 const std::size_t k = index_of(i, t.t.size(), "node");
                 return edited(t, t.t.with_node(k, n.n), k == 0);
             })
        .def("with_main_line_node",
             [](const py_tree& t, const py::object& i, const py_node& n) {
                 std::vector<node_path> paths;  // the main line's, to index it from either end
                 for (const auto& e : main_line(t.t)) paths.push_back(e.path);
                 const node_path& at = paths[index_of(i, paths.size(), "main line node")];
                 return edited(t, t.t.with_node_at(at, n.n), at.variations.empty() && at.index == 0);
             },
             py::arg("index"), py::arg("node"), "Node `index` of main_line() replaced, across variations")
        .def("with_main_line_appended",
             [](const py_tree& t, const py_node& n) { return edited(t, t.t.with_main_line_appended(n.n), false); },
             py::arg("node"), "The node appended at the end of the main line")
        .def("setup_and_moves", &setup_and_moves,
             "(board, moves): a Board with the root's AB/AW/AE, and the main line's moves as (colour, point or None)")
        .def("with_node_appended", [](const py_tree& t, const py_node& n) { return edited(t, t.t.with_node_appended(n.n), false); })
        .def("with_variation",
             [](const py_tree& t, const py_tree& v, const py::object& k) {
                 if (k.is_none()) return edited(t, t.t.with_variation(v.t), false);
                 return edited(t, t.t.with_variation(index_of(k, t.t.variations().size(), "variation"), v.t), false);
             },
             py::arg("tree"), py::arg("index") = py::none(), "The variation appended, or replacing variation `index`")
        .def("without_variation",
             [](const py_tree& t, const py::object& k) {
                 return edited(t, t.t.without_variation(index_of(k, t.t.variations().size(), "variation")), false);
             })
        .def("same", [](const py_tree& a, const py_tree& b) { return a.t.same(b.t); })
        .def("__eq__", [](const py_tree& a, const py_tree& b) { return a.t == b.t; })
        .def("__repr__", [](const py_tree& t) {
            return "<GameTree " + std::to_string(t.t.size()) + " nodes, " + std::to_string(t.t.variations().size()) + " variations>";
        });
}

void bind_collection(py::module_& m) {
    py::class_<py_collection>(m, "Collection", "The game trees of a file; edits return new collections")
        .def(py::init([](const std::vector<py_tree>& games) {
                 py_collection c;
                 std::vector<game_tree> ts;
                 for (const auto& g : games) {
                     ts.push_back(g.t);
                     c.from.push_back(g.from);
                 }
                 c.c = collection(std::move(ts));
                 return c;
             }),
             py::arg("games") = std::vector<py_tree>{})
        .def_property_readonly("games",
                               [](const py_collection& c) {
                                   py::list out;
                                   for (std::size_t i = 0; i < c.c.size(); ++i) out.append(py::cast(top_tree(c.c[i], c.from[i])));
                                   return out;
                               })
        .def_readonly("diagnostics", &py_collection::diagnostics, "What the input stage and the parser reported")
        .def_readonly("charset", &py_collection::charset, "The charset the file was read in")
        .def("__len__", [](const py_collection& c) { return c.c.size(); })
        .def("__getitem__",
             [](const py_collection& c, const py::object& i) {
                 return item_or_slice(i, c.c.size(), "game", [&c](std::size_t k) { return top_tree(c.c[k], c.from[k]); });
             })
        .def("__iter__", [](const py_collection& c) {
            py::list out;
            for (std::size_t i = 0; i < c.c.size(); ++i) out.append(py::cast(top_tree(c.c[i], c.from[i])));
            return py::iter(out);
        })
        .def("with_game",
             [](const py_collection& c, const py::object& i, const py_tree& t) {
                 const std::size_t k = index_of(i, c.c.size(), "game");
                 py_collection out = c;
                 out.c = c.c.with_tree(k, t.t);
                 out.from[k] = t.from;
                 return out;
             })
        .def("with_game_appended",
             [](const py_collection& c, const py_tree& t) {
                 py_collection out = c;
                 out.c = c.c.with_tree_appended(t.t);
                 out.from.push_back(t.from);
                 return out;
             })
        .def("without_game",
             [](const py_collection& c, const py::object& i) {
                 const std::size_t k = index_of(i, c.c.size(), "game");
                 py_collection out = c;
                 out.c = c.c.without_tree(k);
                 out.from.erase(out.from.begin() + static_cast<std::ptrdiff_t>(k));
                 return out;
             })
        .def("same", [](const py_collection& a, const py_collection& b) { return a.c.identity() == b.c.identity(); })
        .def("__eq__", [](const py_collection& a, const py_collection& b) { return a.c == b.c; })
        .def("__repr__", [](const py_collection& c) { return "<Collection " + std::to_string(c.c.size()) + " games>"; });
}

}  // namespace

void bind_tree(py::module_& m) {
    bind_property(m);
    bind_node(m);
    bind_game_tree(m);
    bind_collection(m);
    m.def("parse", &parse, py::arg("data"), py::kw_only(), py::arg("lenient") = false, py::arg("charset") = py::none(),
          py::arg("profile") = "ff4", "The game trees of one file's contents, read through the input stage");
    m.def("write", &write_any, py::arg("tree"), py::kw_only(), py::arg("width") = 0, "Canonical SGF");
    m.def("dump", &dump, py::arg("data"), py::kw_only(), py::arg("positions") = false, py::arg("lenient") = false,
          py::arg("charset") = py::none(), "The JSON tree (sgf-tree version 2) that `sgfcheck dump` prints");
}

}  // namespace sgf::python
