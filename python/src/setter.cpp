// Node.set and Node.move: typed values in and out through the library's one writer
// (sgf::encode_property) and one decoder (property::typed), in the context the root of the
// node's game tree declares.
#include <pybind11/stl.h>

#include "sgf/charset.hpp"
#include "sgf/encode_value.hpp"
#include "sgf/properties.hpp"
#include "tree.hpp"

namespace sgf::python {

tree_context context_of_node(const py_node& n) {
    if (!n.ctx) {  // a node made alone: FF[4] Go 19x19
        tree_context c;
        c.ff = 4;
        c.gm = 1;
        c.size = {19, 19};
        return c;
    }
    tree_context ctx = *n.ctx;
    // Texts in the charset the input stage read the tree in (CA, a byte order mark, the
    // caller's charset or its guess), as Node[ident] gives the raw values; in UTF-8 when it
    // converted the file as a whole, edited nodes included (their texts are written in
    // UTF-8 too: origin::legacy_charset).
    if (n.from && n.from->file && n.from->tree < n.from->file->tree_charsets.size())
        ctx.ca = n.from->file->converted ? "UTF-8" : n.from->file->tree_charsets[n.from->tree];
    return ctx;
}

namespace {

// A Python value as the typed value Node.get would give for it (typed.cpp, the other way).
typed_value from_python(const py::handle& v) {
    const auto coordinate = [](const py::handle& x) {
        const std::optional<long long> c = int_of(x);
        if (!c || *c < 1 || *c > 0xffff)
            throw py::value_error("a point's column and row count from 1 (to 65535): " + std::string(py::repr(x)));
        return static_cast<std::uint32_t>(*c);
    };
    if (v.is_none()) return none{};
    if (py::isinstance<py::bool_>(v)) throw py::type_error("a bool is no SGF value (give 1 or 2 for a Double)");
    if (is_int(v)) {
        const std::optional<long long> n = int_of(v);
        if (!n) throw py::value_error("an SGF number here is a 64-bit integer, not " + std::string(py::repr(v)));
        return number(*n);
    }
    if (py::isinstance<py::float_>(v)) return real(v.cast<double>());
    if (py::isinstance<py::str>(v)) return text{bytes_of(v)};
    if (py::isinstance<py::tuple>(v)) {
        const auto t = v.cast<py::tuple>();
        if (t.size() == 2 && is_int(t[0]) && is_int(t[1])) return point{coordinate(t[0]), coordinate(t[1])};
        if (t.size() == 3 && is_int(t[0]) && is_int(t[1]) && py::isinstance<py::str>(t[2]))
            return stone{point{coordinate(t[0]), coordinate(t[1])}, bytes_of(t[2])};
        // Backgammon's compound move, as Node.get gives it: its dice, then its from/to points
        // (always an even number of them, so never the two items of a compose)
        const bool dice = t.size() % 2 == 1 && py::isinstance<py::str>(t[0]);
        if (t.size() == 2 && !dice) return compose{{from_python(t[0]), from_python(t[1])}};
        // a compound move of three points or more (Amazons), as Node.get gives it
        move m{move_kind::compound, {}, dice ? bytes_of(t[0]) : std::string()};
        if (dice && t.size() == 1) return m;
        for (std::size_t k = dice ? 1 : 0; k < t.size(); ++k) {
            const typed_value p = from_python(t[k]);
            if (!p.is<point>()) {
                m.points.clear();
                break;
            }
            m.points.push_back(*p.get_if<point>());
        }
        if (!m.points.empty()) return m;
        throw py::type_error("a tuple is a point (column, row), a compose (first, second) or a compound move (its points; "
                            "Backgammon: its dice first, then its from/to points), not " + std::string(py::repr(v)));
    }
    if (py::isinstance<py::list>(v)) {
        list l;
        for (const py::handle item : v) l.items.push_back(from_python(item));
        return l;
    }
    throw py::type_error("no SGF value is a " + std::string(py::str(v.get_type())) + ": " + std::string(py::repr(v)));
}

// Values written in UTF-8 converted to the tree's legacy charset ("": none).
void in_charset(std::vector<std::string>& values, const std::string& legacy_charset, const std::string& ident,
                const py::handle& value) {
    if (legacy_charset.empty()) return;
    for (auto& v : values) {
        auto encoded = encode_from_utf8(v, legacy_charset);
        if (!encoded)
            throw py::value_error(ident + ": " + std::string(py::repr(value)) + " cannot be written in the tree's charset " +
                                  legacy_charset + " (sgfcheck.fix() converts the file to UTF-8)");
        v = std::move(*encoded);
    }
}

bool takes_move(const property_rule& r) {
    for (const auto& a : r.shape.alternatives())
        if (!a.composed && a.first == value_kind::move) return true;
    return false;
}

}  // namespace

py_node node_set(const py_node& n, const std::string& ident, const py::handle& value, const std::string& legacy_charset) {
    const tree_context ctx = context_of_node(n);
    const property_rule* r = typing_row(ident, ctx);  // the row Node.get reads it by
    if (!r) {  // a private property (sgf4.html 2.2.4): its values as text, as Node.get gives them
        std::vector<std::string> texts;
        const auto add = [&](const py::handle& t) {
            if (!py::isinstance<py::str>(t))
                throw py::type_error(ident + " is a private property: its values are str, not " + std::string(py::repr(value)));
            texts.push_back(bytes_of(t));
        };
        if (py::isinstance<py::list>(value)) {
            for (const py::handle t : value) add(t);
        } else {
            add(value);
        }
        in_charset(texts, legacy_charset, ident, value);
        return py_node{n.n.with_property(ident, texts), n.from, n.ctx};
    }
    typed_value v = from_python(value);
    // Node.get gives a compound move of two points (LOA, Gess) as a pair of points, as it
    // gives a compose: for a move property it is the move.
    if (const auto* c = v.get_if<compose>(); c && c->parts[0].is<point>() && c->parts[1].is<point>() && takes_move(*r))
        v = move{move_kind::compound, {*c->parts[0].get_if<point>(), *c->parts[1].get_if<point>()}, {}};
    decode_options o = options_for(ctx);
    o.charset = {};  // written in UTF-8 here, converted below
    std::optional<std::vector<std::string>> raws;
    try {
        raws = encode_property(*r, v, o);
    } catch (const std::invalid_argument& e) {
        throw py::value_error(e.what());
    }
    if (!raws)
        throw py::type_error(ident + " (" + std::string(r->description) + ") takes " + std::string(r->value_type) + ", not " +
                             std::string(py::repr(value)));
    in_charset(*raws, legacy_charset, ident, value);
    try {
        return py_node{n.n.with_raw_property(ident, *raws), n.from, n.ctx};
    } catch (const std::invalid_argument& e) {
        throw py::value_error(e.what());
    }
}

py::object node_move(const py_node& n) {
    for (const property& p : n.n.properties()) {
        if (p.ident() != "B" && p.ident() != "W") continue;
        const decoded_value d = p.typed(context_of_node(n));
        if (d.error) throw py::value_error(d.error->message);
        return py::make_tuple(std::string(p.ident()), to_python(d.value));
    }
    return py::none();
}

}  // namespace sgf::python
