#pragma once
// The Python module `sgfcheck._sgfcheck` (pybind11): the pieces its files share. Every call
// converts its Python arguments first, then releases the GIL while the library works.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>

#include "sgf/app/selection.hpp"
#include "sgf/app/settings.hpp"
#include "sgf/check.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/input.hpp"

namespace sgf::python {

namespace py = pybind11;

// A diagnostic as Python sees it: an owned copy (the library's code is a static view).
struct py_diagnostic {
    std::string code;      // "E008"
    severity level = severity::error;
    position where;
    std::string message, hint;
    std::optional<position> related;
    std::uint64_t count = 1;
};
[[nodiscard]] py_diagnostic to_python(const diagnostic& d);
[[nodiscard]] py::list to_python_list(const std::vector<diagnostic>& ds);

// The bytes of `data`: bytes as they are; any other object with the buffer protocol whose
// items are bytes (format B, b or c; any shape, strides, read-only or not) as bytes(data)
// gives them, in C order (a buffer of other items is a TypeError); a str as UTF-8, where a
// lone surrogate U+DC80-U+DCFF is the byte 'surrogateescape' made it of (PEP 383) and any
// other lone surrogate raises UnicodeEncodeError (a ValueError). Else TypeError.
[[nodiscard]] std::string bytes_of(const py::handle& data);
// Whether x is a Python int and not a bool (True is an int to Python, no number to SGF).
[[nodiscard]] inline bool is_int(const py::handle& x) { return py::isinstance<py::int_>(x) && !py::isinstance<py::bool_>(x); }
// Such an int as a long long; nullopt for any other object and for an int that does not fit
// (2**70): the caller says what it wanted, instead of pybind11's "Unable to cast".
[[nodiscard]] std::optional<long long> int_of(const py::handle& x);
// A str from bytes that may not be UTF-8 (invalid bytes as lone surrogates, 'surrogateescape').
[[nodiscard]] py::str str_of(std::string_view bytes);

// A path as the file system's bytes: str through os.fsencode (a name that is not UTF-8 comes
// as lone surrogates, 'surrogateescape'), bytes as they are, os.PathLike through os.fspath.
// Else TypeError.
[[nodiscard]] std::string path_of(const py::handle& path);
// A path from the file system's bytes as os.fsdecode gives it (round trip with path_of).
[[nodiscard]] py::str path_str(std::string_view bytes);
// A message that may name such a path: bytes that are not UTF-8 as \xHH ('backslashreplace'),
// so that it prints anywhere.
[[nodiscard]] py::str message_str(std::string_view bytes);

// The charset argument of the calls: None is "" (the file's own), a name is checked before
// any file is read: an empty name, an unknown one or one with a NUL is a ValueError.
[[nodiscard]] std::string charset_of(const std::optional<std::string>& charset);
// "ff4", "current", "hex"; ValueError otherwise.
[[nodiscard]] profile profile_of(const std::string& name);
// select/ignore as sgfcheck takes them: None, "E1,W203" or an iterable of such strings.
// ValueError for an entry that names no code.
[[nodiscard]] app::code_selection selection_of(const py::handle& select, const py::handle& ignore,
                                               const py::handle& extend = py::none());

// The options of check and check_files, converted once.
using app::check_request;
[[nodiscard]] check_request request_of(const std::string& profile, bool lenient, const py::handle& select,
                                       const py::handle& ignore, const std::optional<std::string>& charset,
                                       bool replay);

// A loaded file kept alive by every tree and node taken from it: its bytes (values view
// them) and its charsets (raw values in UTF-8).
using loaded_file = std::shared_ptr<const load_result>;

void bind_diagnostics(py::module_& m);
void bind_tree(py::module_& m);
void bind_board(py::module_& m);  // board.cpp
void bind_statistics(py::module_& m);

}  // namespace sgf::python
