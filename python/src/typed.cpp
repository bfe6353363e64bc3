// Typed values for Python: Node.get is sgf::property::typed (the property's row of the
// table for its game tree's context, sgf/typed_value.hpp), the variant converted to plain
// Python objects.
#include <pybind11/stl.h>

#include "sgf/properties.hpp"
#include "tree.hpp"

namespace sgf::python {

namespace {

py::tuple point_tuple(const board_point& p) { return py::make_tuple(p.column, p.row); }

struct converter {
    py::object operator()(const none&) const { return py::none(); }
    py::object operator()(number n) const { return py::int_(n); }
    py::object operator()(real r) const { return py::float_(r); }
    py::object operator()(double_value d) const { return py::int_(static_cast<int>(d)); }
    py::object operator()(color c) const { return py::str(c == color::black ? "B" : "W"); }
    py::object operator()(const simple_text& t) const { return str_of(t.value); }
    py::object operator()(const text& t) const { return str_of(t.value); }
    py::object operator()(const point& p) const { return point_tuple(p); }
    py::object operator()(const move& m) const {
        switch (m.kind) {
            case move_kind::point: return m.points.empty() ? py::object(py::none()) : py::object(point_tuple(m.points.front()));
            case move_kind::pass: return py::none();
            case move_kind::special: return str_of(m.word);
            case move_kind::compound: {
                // Backgammon's dice lead the tuple ("41", (12, 1), (16, 1), ...; "63" alone,
                // no checker moved: ("63",)), so that Node.set writes back what it read
                py::list out;
                if (!m.word.empty()) out.append(str_of(m.word));
                for (const auto& p : m.points) out.append(point_tuple(p));
                return py::tuple(out);
            }
        }
        return py::none();
    }
    py::object operator()(const stone& s) const {
        if (s.prongs.empty()) return point_tuple(s.at);
        return py::make_tuple(s.at.column, s.at.row, s.prongs);
    }
    py::object operator()(const compose& c) const {
        py::list out;
        for (const auto& part : c.parts) out.append(to_python(part));
        return py::tuple(out);
    }
    py::object operator()(const list& l) const {
        py::list out;
        for (const auto& item : l.items) out.append(to_python(item));
        return out;
    }
};

}  // namespace

py::object to_python(const typed_value& v) { return boost::variant2::visit(converter{}, static_cast<const typed_value_base&>(v)); }

py::object typed_get(const py_node& n, const std::string& ident, const py::object& fallback) {
    const auto p = n.n.find(ident);
    if (!p) return fallback;
    const tree_context ctx = context_of_node(n);
    const decoded_value d = p->typed(ctx);
    if (d.error) throw py::value_error(d.error->message);
    return to_python(d.value);
}

}  // namespace sgf::python
