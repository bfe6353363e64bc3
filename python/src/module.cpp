// sgfcheck._sgfcheck: check, fix and check_files; the tree classes (tree.cpp) and the
// statistics of many files (statistics.cpp). python/sgfcheck/__init__.pyi documents the API.
#include <pybind11/stl.h>

#include <iostream>
#include <system_error>
#include <thread>

#include "bindings.hpp"
#include "sgf/app/fix.hpp"
#include "sgf/app/inputs.hpp"
#include "sgf/app/parallel_for.hpp"
#include "sgf/app/settings.hpp"
#include "sgf/check_file.hpp"
#include "sgf/fix.hpp"
#include "sgf/read_file.hpp"
#include "sgf/write.hpp"

#ifndef SGF_VERSION
#define SGF_VERSION "unknown"
#endif

namespace sgf::python {

namespace {

// What sgfcheck says about one file's bytes, selected as --select/--ignore select.
std::vector<diagnostic> check_bytes(std::string bytes, const check_request& r) {
    return app::check_selected(std::move(bytes), r).diagnostics;
}

py::list check(const py::object& data, const std::string& profile, bool lenient, const py::object& select,
               const py::object& ignore, const std::optional<std::string>& charset, bool replay) {
    const check_request r = request_of(profile, lenient, select, ignore, charset, replay);
    std::string bytes = bytes_of(data);
    std::vector<diagnostic> ds;
    {
        py::gil_scoped_release unlocked;
        ds = check_bytes(std::move(bytes), r);
    }
    return to_python_list(ds);
}

py::tuple fix(const py::object& data, const std::optional<std::string>& charset) {
    load_options o;
    o.lenient = true;  // fix repairs what it can read (as sgfcheck fix)
    o.charset = charset_of(charset);
    std::string bytes = bytes_of(data);
    std::string out;
    std::vector<diagnostic> ds;
    {
        py::gil_scoped_release unlocked;
        load_result r;
        try {
            r = load(file_bytes(std::move(bytes)), o);
        } catch (const std::invalid_argument& e) {
            py::gil_scoped_acquire locked;
            throw py::value_error(std::string("charset: ") + e.what());
        }
        app::checked_fix g = app::fix_checked(r, o);
        // As sgfcheck fix: a file that passes the check is never given an output that fails it.
        if (g.breaks_clean_file) {
            py::gil_scoped_acquire locked;
            throw std::runtime_error("the file passes the check, but fix's output would not (a bug in fix; please report "
                                     "it with the file)");
        }
        ds = std::move(g.said);  // what fix says, then the errors it left (as sgfcheck fix prints them)
        ds.insert(ds.end(), g.left.begin(), g.left.end());
        out = write(g.fixed.trees);
    }
    return py::make_tuple(py::bytes(out), to_python_list(ds));
}

// One file of check_files.
struct file_result {
    std::string path;
    std::vector<diagnostic> diagnostics;
    std::string error;  // could not be read
};

struct py_file_check {
    py::str path;          // os.fsdecode of the name's bytes
    py::list diagnostics;
    py::object error;      // None, or why it could not be read (message_str)
};

py::list check_files(const py::object& paths, const py::object& jobs_asked, const std::string& profile,
                     bool lenient, const py::object& select, const py::object& ignore,
                     const std::optional<std::string>& charset, bool replay) {
    const check_request r = request_of(profile, lenient, select, ignore, charset, replay);
    std::vector<std::string> args;
    if (py::isinstance<py::str>(paths) || py::isinstance<py::bytes>(paths))
        throw py::type_error("check_files takes a list of paths (use check_files([path]) for one)");
    for (const py::handle p : py::iter(paths)) args.push_back(path_of(p));
    // (as sgfcheck -j: 1 to 1024; None: one per core)
    std::optional<unsigned> jobs;
    if (!jobs_asked.is_none()) {
        if (!is_int(jobs_asked)) throw py::type_error("jobs is an int or None, not " + std::string(py::str(py::type::handle_of(jobs_asked).attr("__name__"))));
        const std::optional<long long> n = int_of(jobs_asked);
        if (!n || *n < 1 || *n > 1024) throw py::value_error("jobs must be from 1 to 1024 (None: one per core), not " + std::string(py::str(jobs_asked)));
        jobs = static_cast<unsigned>(*n);
    }
    std::vector<file_result> results;
    {
        py::gil_scoped_release unlocked;
        const app::input_list listed = app::expand_inputs(args);  // directories as sgfcheck walks them
        for (const std::string& note : listed.notes) std::cerr << "sgfcheck: " << note << '\n';
        const std::vector<std::string>& files = listed.files;
        results.resize(files.size());
        const unsigned n = jobs ? *jobs : std::max(1u, std::thread::hardware_concurrency());
        app::parallel_for(files.size(), n, [&](std::size_t i) {
            file_result& out = results[i];
            out.path = files[i];
            try {
                out.diagnostics = check_bytes(read_file(files[i]), r);
            } catch (const std::system_error& e) {
                out.error = e.what();
            }
        });
    }
    py::list out;
    for (const file_result& f : results)
        out.append(py::cast(py_file_check{path_str(f.path), to_python_list(f.diagnostics),
                                          f.error.empty() ? py::object(py::none()) : py::object(message_str(f.error))}));
    return out;
}

}  // namespace

}  // namespace sgf::python

PYBIND11_MODULE(_sgfcheck, m) {
    namespace py = pybind11;
    using namespace sgf::python;
    m.doc() = "sgfcheck: the SGF reference checker (C++ library sgf::sgf) from Python";
    m.attr("__version__") = SGF_VERSION;
    py::list profiles;
    for (const sgf::profile_info& i : sgf::all_profiles()) profiles.append(std::string(i.name));
    m.attr("PROFILES") = py::tuple(profiles);

    bind_diagnostics(m);
    bind_tree(m);
    bind_board(m);
    bind_statistics(m);

    py::class_<py_file_check>(m, "FileCheck", "What check_files found in one file")
        .def_readonly("path", &py_file_check::path)
        .def_readonly("diagnostics", &py_file_check::diagnostics)
        .def_readonly("error", &py_file_check::error, "why the file could not be read, else None")
        .def_property_readonly("ok",
                               [](const py_file_check& f) {
                                   if (!f.error.is_none()) return false;
                                   for (const py::handle d : f.diagnostics)
                                       if (d.cast<const py_diagnostic&>().level == sgf::severity::error) return false;
                                   return true;
                               })
        .def("__repr__", [](const py_file_check& f) {
            return "<FileCheck " + std::string(py::repr(f.path)) + ": " +
                   (!f.error.is_none() ? "unreadable" : std::to_string(f.diagnostics.size()) + " findings") + ">";
        });

    m.def("check", &check, py::arg("data"), py::kw_only(), py::arg("profile") = "ff4", py::arg("lenient") = false,
          py::arg("select") = py::none(), py::arg("ignore") = py::none(), py::arg("charset") = py::none(),
          py::arg("replay") = true, "What `sgfcheck` reports about one file's contents");
    m.def("fix", &fix, py::arg("data"), py::kw_only(), py::arg("charset") = py::none(),
          "Clean FF[4] as `sgfcheck fix` writes it, and what fix reported");
    m.def("check_files", &check_files, py::arg("paths"), py::arg("jobs") = py::none(), py::kw_only(),
          py::arg("profile") = "ff4", py::arg("lenient") = false, py::arg("select") = py::none(),
          py::arg("ignore") = py::none(), py::arg("charset") = py::none(), py::arg("replay") = true,
          "Checks files (directories: their .sgf files) on `jobs` threads");
}
