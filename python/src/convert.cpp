// Python <-> library conversions shared by the module's functions: data, profiles,
// select/ignore, and the Diagnostic class.
#include <pybind11/stl.h>

#include <cstring>
#include <string_view>

#include "bindings.hpp"
#include "sgf/app/arguments.hpp"
#include "sgf/properties.hpp"

namespace sgf::python {

namespace {

py::object coordinate(std::uint64_t v, bool known) { return known ? py::object(py::int_(v)) : py::object(py::none()); }

py::object position_tuple(const std::optional<position>& p) {
    if (!p || !p->known()) return py::none();
    return py::make_tuple(p->line, p->column, p->byte);
}

// The entries of select/ignore: one comma list, as --select takes it.
std::string entries_of(const py::handle& h, const char* what) {
    if (h.is_none()) return {};
    if (py::isinstance<py::str>(h)) return h.cast<std::string>();
    std::string out;
    try {
        for (const py::handle item : py::iter(h)) {
            if (!py::isinstance<py::str>(item))
                throw py::type_error(std::string(what) + ": codes are strings, got " + std::string(py::str(item.get_type())));
            out += item.cast<std::string>();
            out += ',';
        }
    } catch (py::error_already_set& e) {
        if (e.matches(PyExc_TypeError)) throw py::type_error(std::string(what) + " is a string or an iterable of strings");
        throw;
    }
    return out;
}

// Whether a buffer's struct format names one byte per item ('B', 'b', 'c', optionally with
// a byte-order or alignment prefix, which means nothing for a single byte); a NULL format
// is 'B' (the buffer protocol's default).
bool byte_format(const char* format) {
    if (format == nullptr) return true;
    std::string_view f(format);
    if (!f.empty() && (f[0] == '@' || f[0] == '=' || f[0] == '<' || f[0] == '>' || f[0] == '!')) f.remove_prefix(1);
    return f == "B" || f == "b" || f == "c";
}

// The bytes of any object with the buffer protocol, in the order bytes(data) gives them (C
// order, strides and indirections followed): a contiguous buffer in one copy, any other view
// (memoryview(b)[::-1], a column of a 2-D array) through PyBuffer_ToContiguous.
std::string buffer_bytes(const py::handle& data) {
    Py_buffer view;
    if (PyObject_GetBuffer(data.ptr(), &view, PyBUF_FULL_RO) != 0) throw py::error_already_set();
    struct release {
        Py_buffer* v;
        ~release() { PyBuffer_Release(v); }
    } releasing{&view};
    if (view.itemsize != 1 || !byte_format(view.format))
        throw py::type_error("data: a buffer of bytes is needed, not of format '" +
                             std::string(view.format ? view.format : "B") + "' (item size " +
                             std::to_string(view.itemsize) + "); pass bytes(...) of it to read its memory as bytes");
    std::string out(static_cast<std::size_t>(view.len), '\0');
    if (view.len == 0) return out;
    if (PyBuffer_IsContiguous(&view, 'C')) {
        std::memcpy(out.data(), view.buf, out.size());
        return out;
    }
    if (PyBuffer_ToContiguous(out.data(), &view, view.len, 'C') != 0) throw py::error_already_set();
    return out;
}

std::vector<app::code_selector> selectors(const py::handle& h, const char* what) {
    const std::string list = entries_of(h, what);
    try {
        return app::parse_selectors(list, what);
    } catch (const app::usage_error& e) {
        throw py::value_error(e.message);
    }
}

}  // namespace

py_diagnostic to_python(const diagnostic& d) {
    return py_diagnostic{std::string(d.code), d.level, d.where, d.message, d.hint, d.related, d.count};
}

py::list to_python_list(const std::vector<diagnostic>& ds) {
    py::list out;
    for (const diagnostic& d : ds) out.append(py::cast(to_python(d)));
    return out;
}

std::optional<long long> int_of(const py::handle& x) {
    if (!is_int(x)) return std::nullopt;
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(x.ptr(), &overflow);
    if (overflow != 0 || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return std::nullopt;
    }
    return v;
}

std::string bytes_of(const py::handle& data) {
    if (py::isinstance<py::str>(data)) {
        // PEP 383: U+DC80-U+DCFF are the bytes 'surrogateescape' made them of (as this module
        // gives out values and names with bytes that are no character); any other lone
        // surrogate is no character and raises UnicodeEncodeError, a ValueError.
        PyObject* b = PyUnicode_AsEncodedString(data.ptr(), "utf-8", "surrogateescape");
        if (!b) throw py::error_already_set();
        return py::reinterpret_steal<py::bytes>(b).cast<std::string>();
    }
    if (py::isinstance<py::bytes>(data)) return data.cast<std::string>();
    if (PyObject_CheckBuffer(data.ptr())) return buffer_bytes(data);
    throw py::type_error("data must be bytes (a file's contents) or str (text, read as UTF-8), not " +
                         std::string(py::str(data.get_type())));
}

py::str str_of(std::string_view bytes) {
    PyObject* s = PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "surrogateescape");
    if (!s) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(s);
}

std::string path_of(const py::handle& path) {
    if (!py::isinstance<py::str>(path) && !py::isinstance<py::bytes>(path) && !py::hasattr(path, "__fspath__"))
        throw py::type_error("a path must be str, bytes or os.PathLike, not " + std::string(py::str(path.get_type())));
    return py::module_::import("os").attr("fsencode")(path).cast<std::string>();
}

py::str path_str(std::string_view bytes) {
    return py::module_::import("os").attr("fsdecode")(py::bytes(bytes.data(), bytes.size()));
}

py::str message_str(std::string_view bytes) {
    PyObject* s = PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "backslashreplace");
    if (!s) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(s);
}

profile profile_of(const std::string& name) {
    if (const auto p = find_profile(name)) return *p;
    std::string names;
    for (const profile_info& i : all_profiles()) names += (names.empty() ? "" : ", ") + std::string(i.name);
    throw py::value_error("unknown profile '" + name + "' (profiles: " + names + ")");
}

app::code_selection selection_of(const py::handle& select, const py::handle& ignore, const py::handle& extend) {
    app::code_selection s;
    s.select = selectors(select, "select");
    s.ignore = selectors(ignore, "ignore");
    s.extend = selectors(extend, "extend_select");
    return s;
}

std::string charset_of(const std::optional<std::string>& charset) {
    if (!charset) return {};
    if (charset->empty()) throw py::value_error("charset: a charset name is needed");
    try {  // an unknown name (or one with a NUL) is an error of the call, before any file is read
        (void)load(file_bytes(), {false, *charset});
    } catch (const std::invalid_argument& e) {
        throw py::value_error(std::string("charset: ") + e.what());
    }
    return *charset;
}

check_request request_of(const std::string& profile, bool lenient, const py::handle& select, const py::handle& ignore,
                         const std::optional<std::string>& charset, bool replay) {
    check_request r;
    r.check.prof = profile_of(profile);
    r.check.replay = replay;
    r.load.lenient = lenient;
    r.load.prof = r.check.prof;
    r.load.charset = charset_of(charset);
    r.selection = selection_of(select, ignore);
    return r;
}

void bind_diagnostics(py::module_& m) {
    py::class_<py_diagnostic>(m, "Diagnostic",
                              "One finding: a stable code whose letter is its level (E error, W warning, I info), "
                              "where it is (1-based line and column in bytes, 0-based byte offset; None when "
                              "unknown), a one-line message and a hint.")
        .def_property_readonly("code", [](const py_diagnostic& d) { return d.code; })
        .def_property_readonly("severity", [](const py_diagnostic& d) { return std::string(to_string(d.level)); })
        .def_property_readonly("line", [](const py_diagnostic& d) { return coordinate(d.where.line, d.where.known()); })
        .def_property_readonly("column", [](const py_diagnostic& d) { return coordinate(d.where.column, d.where.known()); })
        .def_property_readonly("byte", [](const py_diagnostic& d) { return coordinate(d.where.byte, d.where.known()); })
        .def_property_readonly("message", [](const py_diagnostic& d) { return d.message; })
        .def_property_readonly("hint", [](const py_diagnostic& d) { return d.hint; })
        .def_property_readonly("count", [](const py_diagnostic& d) { return d.count; },
                               "How many findings this stands for: 1, or N for a summary of N past the listing cap")
        .def_property_readonly("related", [](const py_diagnostic& d) { return position_tuple(d.related); },
                               "(line, column, byte) of a related place, e.g. the '[' of an unclosed value")
        .def("to_dict",
             [](const py_diagnostic& d) {
                 py::dict o;
                 o["code"] = d.code;
                 o["severity"] = std::string(to_string(d.level));
                 o["line"] = coordinate(d.where.line, d.where.known());
                 o["column"] = coordinate(d.where.column, d.where.known());
                 o["byte"] = coordinate(d.where.byte, d.where.known());
                 o["message"] = d.message;
                 o["hint"] = d.hint;
                 o["count"] = d.count;
                 o["related"] = position_tuple(d.related);
                 return o;
             })
        .def("__str__",
             [](const py_diagnostic& d) {
                 std::string s = d.where.known() ? std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + ": " : "";
                 s += std::string(to_string(d.level)) + "[" + d.code + "]: " + d.message;
                 if (!d.hint.empty()) s += " (" + d.hint + ")";
                 return s;
             })
        .def("__repr__",
             [](const py_diagnostic& d) {
                 return "<Diagnostic " + d.code + " " +
                        (d.where.known() ? std::to_string(d.where.line) + ":" + std::to_string(d.where.column) : "?") +
                        " " + std::string(py::repr(py::str(d.message))) + ">";
             })
        .def("__eq__",
             [](const py_diagnostic& a, const py::object& o) -> py::object {
                 if (!py::isinstance<py_diagnostic>(o)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 const auto& b = o.cast<const py_diagnostic&>();
                 return py::bool_(a.code == b.code && a.where == b.where && a.message == b.message && a.hint == b.hint &&
                                  a.related == b.related && a.count == b.count);
             })
        .def("__hash__",
             [](const py_diagnostic& d) { return py::hash(py::make_tuple(d.code, d.where.byte, d.message)); })
        .def(py::pickle(
            [](const py_diagnostic& d) {
                return py::make_tuple(d.code, static_cast<int>(d.level), d.where.byte, d.where.line, d.where.column,
                                      d.message, d.hint, position_tuple(d.related), d.count);
            },
            [](const py::tuple& t) {
                if (t.size() != 9) throw std::runtime_error("Diagnostic: bad pickle");
                py_diagnostic d;
                d.code = t[0].cast<std::string>();
                d.level = static_cast<severity>(t[1].cast<int>());
                d.where = {t[2].cast<std::uint64_t>(), t[3].cast<std::uint32_t>(), t[4].cast<std::uint32_t>()};
                d.message = t[5].cast<std::string>();
                d.hint = t[6].cast<std::string>();
                if (!t[7].is_none()) {
                    const auto r = t[7].cast<py::tuple>();
                    d.related = position{r[2].cast<std::uint64_t>(), r[0].cast<std::uint32_t>(), r[1].cast<std::uint32_t>()};
                }
                d.count = t[8].cast<std::uint64_t>();
                return d;
            }));
}

}  // namespace sgf::python
