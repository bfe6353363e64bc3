// sgfcheck.Board and GameTree.setup_and_moves: the checker's one Go board (src/board/,
// ff4_go.txt "How to execute a move": captures, then suicide) for Python. A private header
// of the library: the board is exposed to Python only, not in the installed C++ API.
#include <pybind11/stl.h>

#include <memory>

#include "board/go_board.hpp"
#include "tree.hpp"

namespace sgf::python {

namespace {

using detail::go_board;

struct py_board {
    go_board b;
};

std::unique_ptr<py_board> make_board(long long columns, long long rows) {
    auto out = std::make_unique<py_board>();
    if (columns < 1 || rows < 1 || columns > go_board::max_side || rows > go_board::max_side ||
        !out->b.reset(board_size{static_cast<std::uint32_t>(columns), static_cast<std::uint32_t>(rows)}))
        throw py::value_error("a Go board is 1x1 to 52x52 (ff4_go.txt), not " + std::to_string(columns) + "x" +
                              std::to_string(rows));
    return out;
}

detail::stone colour_of(const py::handle& c) {
    if (py::isinstance<py::str>(c)) {  // (compared as Python text: a lone surrogate has no UTF-8 to cast to)
        for (const char* b : {"B", "b"})
            if (c.equal(py::str(b))) return detail::stone::black;
        for (const char* w : {"W", "w"})
            if (c.equal(py::str(w))) return detail::stone::white;
    }
    throw py::value_error("a colour is \"B\" or \"W\", not " + std::string(py::repr(c)));
}

py::object colour_str(detail::stone s) {
    if (s == detail::stone::black) return py::str("B");
    if (s == detail::stone::white) return py::str("W");
    return py::none();
}

board_point point_on(const py_board& b, const py::handle& p) {
    // (column, row): two ints (a tuple or a list); one too big for any board is no point of this one
    const bool pair = (py::isinstance<py::tuple>(p) || py::isinstance<py::list>(p)) && py::len(p) == 2;
    const auto item = [&p](int k) { return py::reinterpret_borrow<py::sequence>(p)[k]; };
    if (!pair || !is_int(item(0)) || !is_int(item(1)))
        throw py::type_error("a point is (column, row), two ints, not " + std::string(py::repr(p)));
    const std::pair<long long, long long> t{int_of(item(0)).value_or(0), int_of(item(1)).value_or(0)};
    const board_size s = b.b.size();
    if (t.first < 1 || t.second < 1 || t.first > s.columns || t.second > s.rows)
        throw py::index_error(std::string(py::repr(p)) + " is not a point of this " + std::to_string(s.columns) + "x" +
                              std::to_string(s.rows) + " board (column, row from 1)");
    return board_point{static_cast<std::uint32_t>(t.first), static_cast<std::uint32_t>(t.second)};
}

// The points of a decoded AB/AW/AE: a list of points (compressed lists expanded).
std::vector<board_point> points_of(const property& p, const tree_context& ctx) {
    const decoded_value d = p.typed(ctx);
    if (d.error) throw py::value_error(d.error->message);
    std::vector<board_point> out;
    if (const auto* l = d.value.get_if<list>())
        for (const auto& item : l->items)
            if (const auto* pt = item.get_if<point>()) out.push_back(*pt);
    return out;
}

bool is_setup(std::string_view id) { return id == "AB" || id == "AW" || id == "AE"; }

}  // namespace

py::tuple setup_and_moves(const py_tree& t) {
    if (!t.top) throw py::value_error("setup_and_moves: a variation has no root; call it on the game (Collection.games)");
    const tree_context& ctx = *t.ctx;
    if (ctx.gm != 1) throw py::value_error("setup_and_moves: a Go game (GM[1]) only, not GM[" + std::to_string(ctx.gm) + "]");
    auto board = make_board(ctx.size.columns, ctx.size.rows);
    py::list moves;
    std::size_t number = 0;
    for (const auto& e : main_line(t.t)) {
        for (const property& p : e.node.properties()) {
            if (is_setup(p.ident())) {
                if (number != 0)
                    throw py::value_error("setup_and_moves: " + std::string(p.ident()) + " in node " + std::to_string(number) +
                                          " of the main line (setup is taken from the root only)");
                const detail::stone c = p.ident() == "AB" ? detail::stone::black
                                        : p.ident() == "AW" ? detail::stone::white
                                                            : detail::stone::empty;
                for (const board_point q : points_of(p, ctx))
                    if (board->b.contains(q)) board->b.set(c, q);
            } else if (p.ident() == "B" || p.ident() == "W") {
                const decoded_value d = p.typed(ctx);
                if (d.error) throw py::value_error(d.error->message);
                moves.append(py::make_tuple(std::string(p.ident()), to_python(d.value)));
            }
        }
        ++number;
    }
    return py::make_tuple(py::cast(std::move(board)), moves);
}

namespace {

std::string picture(const py_board& b) {
    // rows from 1 (the top, 'a' in ff4_go.txt's letters) down; X black, O white
    std::string s;
    const board_size sz = b.b.size();
    for (std::uint32_t r = 1; r <= sz.rows; ++r) {
        for (std::uint32_t c = 1; c <= sz.columns; ++c) {
            const detail::stone st = b.b.at({c, r});
            s += st == detail::stone::black ? 'X' : st == detail::stone::white ? 'O' : '.';
        }
        s += '\n';
    }
    return s;
}

}  // namespace

void bind_board(py::module_& m) {
    py::class_<py_board>(m, "Board", "A Go board with captures: the checker's board (ff4_go.txt)")
        .def(py::init([](long long columns, std::optional<long long> rows) { return make_board(columns, rows.value_or(columns)); }),
             py::arg("columns") = 19, py::arg("rows") = py::none())
        .def_property_readonly("size", [](const py_board& b) { return py::make_tuple(b.b.size().columns, b.b.size().rows); })
        .def("get", [](const py_board& b, const py::handle& p) { return colour_str(b.b.at(point_on(b, p))); }, py::arg("point"))
        .def("play",
             [](py_board& b, const py::handle& colour, const py::handle& p) -> std::uint32_t {
                 const detail::stone c = colour_of(colour);
                 if (p.is_none()) return 0;  // a pass
                 b.b.play(c, point_on(b, p));
                 return b.b.last_captures();
             },
             py::arg("colour"), py::arg("point"), "Plays a move (None: a pass); returns the number of stones it removed")
        .def("apply_setup",
             [](py_board& b, const py::iterable& black, const py::iterable& white, const py::iterable& empty) {
                 // checked first: a bad point leaves the board as it was
                 std::vector<std::pair<detail::stone, board_point>> todo;
                 const std::pair<detail::stone, const py::iterable*> given[] = {
                     {detail::stone::black, &black}, {detail::stone::white, &white}, {detail::stone::empty, &empty}};
                 for (const auto& [c, ps] : given)
                     for (const py::handle p : *ps) todo.emplace_back(c, point_on(b, p));
                 for (const auto& [c, p] : todo) b.b.set(c, p);
             },
             py::arg("black") = py::tuple(), py::arg("white") = py::tuple(), py::arg("empty") = py::tuple(),
             "AB, AW, AE: stones put or removed, without captures")
        .def("list_occupied_points",
             [](const py_board& b) {
                 py::list out;
                 const board_size s = b.b.size();
                 for (std::uint32_t r = 1; r <= s.rows; ++r)
                     for (std::uint32_t c = 1; c <= s.columns; ++c)
                         if (const detail::stone st = b.b.at({c, r}); st != detail::stone::empty)
                             out.append(py::make_tuple(colour_str(st), py::make_tuple(c, r)));
                 return out;
             })
        .def("__str__", &picture)
        .def("__repr__", [](const py_board& b) {
            return "<Board " + std::to_string(b.b.size().columns) + "x" + std::to_string(b.b.size().rows) + ">";
        });
}

}  // namespace sgf::python
