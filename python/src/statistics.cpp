// What `sgfcheck --statistics` adds up, for runs that spread the files over many processes
// or machines (sgfcheck.dask): the command line's options and inputs (parsed by sgfcheck's
// own parser), one tally per file (what sgfcheck counts: the findings it would report under
// the nearest sgfcheck.toml), and the summary and statistics printed from the tallies by
// sgfcheck's own code: the application layer's settings and summary (sgf/app/).
#include <pybind11/stl.h>

#include <iostream>
#include <sstream>
#include <system_error>

#include "bindings.hpp"
#include "sgf/app/arguments.hpp"
#include "sgf/app/settings.hpp"
#include "sgf/app/summary.hpp"
#include "sgf/check_file.hpp"
#include "sgf/read_file.hpp"

namespace sgf::python {

namespace {

// One file's tally as plain Python data (it travels between processes):
// (error or None, (errors, warnings, infos), {code: (severity, count)}).
py::tuple tally_tuple(const std::string& error, const app::file_tally& t) {
    py::dict codes;
    for (const auto& [code, lc] : t.codes) codes[py::str(code)] = py::make_tuple(static_cast<int>(lc.first), lc.second);
    return py::make_tuple(error.empty() ? py::object(py::none()) : py::object(message_str(error)),
                          py::make_tuple(t.findings[0], t.findings[1], t.findings[2]), codes);
}

template <class F>
auto usage_errors(F&& f) {
    try {
        return f();
    } catch (const app::usage_error& e) {
        throw py::value_error(e.message);
    }
}

// Arguments or paths from Python: str (os.fsencode), bytes or os.PathLike (path_of).
std::vector<std::string> paths_of(const py::iterable& items) {
    std::vector<std::string> out;
    for (const py::handle a : items) out.push_back(path_of(a));
    return out;
}

// sgfcheck's check options and inputs.
class py_run {
public:
    explicit py_run(const py::iterable& arguments) {
        const std::vector<std::string> args = paths_of(arguments);
        for (const std::string& a : args)
            if (a == "--help" || a == "-h") throw py::value_error("--help: not an option of a run");
        s_ = usage_errors([&] { return app::parse_check_settings(args); });
        if (s_.baseline) throw py::value_error("--baseline is not supported here (statistics count every finding)");
        if (!s_.charset.empty()) {
            try {
                (void)load(file_bytes(), {false, s_.charset});
            } catch (const std::invalid_argument& e) {
                throw py::value_error(std::string("--charset: ") + e.what());
            }
        }
    }

    // The files the inputs name, as sgfcheck expands them (directories sorted, --include/--exclude),
    // as os.fsdecode gives them.
    [[nodiscard]] py::list files() const {
        std::vector<std::string> found;
        {
            py::gil_scoped_release unlocked;
            app::input_list listed = app::expand_inputs(s_.inputs, s_.filters);
            for (const std::string& note : listed.notes) std::cerr << "sgfcheck: " << note << '\n';
            found = std::move(listed.files);
        }
        py::list out;
        for (const std::string& f : found) out.append(path_str(f));
        return out;
    }

    // One tally per file, in order; a file that cannot be read gets its error.
    [[nodiscard]] py::list tally(const py::iterable& names) const {
        const std::vector<std::string> paths = paths_of(names);
        std::vector<std::pair<std::string, app::file_tally>> out(paths.size());
        {
            py::gil_scoped_release unlocked;
            usage_errors([&] {
                app::rules_finder rules(s_);
                for (std::size_t i = 0; i < paths.size(); ++i) {
                    const app::file_rules& r = rules.for_file(paths[i]);
                    std::string bytes;
                    try {
                        bytes = read_file(paths[i]);
                    } catch (const std::system_error& e) {
                        out[i].first = e.what();
                        continue;
                    }
                    const file_check fc = app::check_selected(std::move(bytes), app::request_for(s_, r));
                    for (const diagnostic& d : fc.diagnostics) out[i].second.add(d);
                }
                return 0;
            });
        }
        py::list result;
        for (const auto& [error, t] : out) result.append(tally_tuple(error, t));
        return result;
    }

    [[nodiscard]] const app::check_settings& settings() const noexcept { return s_; }

private:
    app::check_settings s_;
};

class py_summary {
public:
    void add(const py::tuple& t) {
        if (t.size() != 3) throw py::value_error("a tally is (error, (errors, warnings, infos), codes)");
        if (!t[0].is_none()) {
            ++sum_.unreadable;
            return;
        }
        app::file_tally f;
        const auto counts = t[1].cast<py::tuple>();
        for (std::size_t k = 0; k < 3; ++k) f.findings[k] = counts[k].cast<std::uint64_t>();
        for (const auto& [code, lc] : t[2].cast<py::dict>()) {
            const auto pair = lc.cast<py::tuple>();
            const int level = pair[0].cast<int>();
            if (level < 0 || level > 2) throw py::value_error("a tally's severity is 0, 1 or 2");
            f.codes.emplace(code.cast<std::string>(), std::make_pair(static_cast<severity>(level), pair[1].cast<std::uint64_t>()));
        }
        sum_.add(f);
    }
    [[nodiscard]] std::string statistics(const std::string& format) const {
        std::ostringstream os;
        if (format == "json") sum_.print_statistics_json(os);
        else sum_.print_statistics_text(os);
        return os.str();
    }
    [[nodiscard]] std::string summary(const std::string& format) const {
        std::ostringstream os;
        if (format == "json") sum_.print_json(os);
        else sum_.print_text(os);
        return os.str();
    }
    // sgfcheck's exit status for these findings: 2 a file could not be read, 1 findings at
    // or above fail_on, else 0.
    [[nodiscard]] int exit_status(severity fail_on) const { return sum_.exit_status(fail_on); }
    [[nodiscard]] std::uint64_t files() const noexcept { return sum_.files + sum_.unreadable; }

private:
    app::run_summary sum_;
};

}  // namespace

void bind_statistics(py::module_& m) {
    py::class_<py_run>(m, "_Run", "sgfcheck check's options and inputs, parsed as sgfcheck parses them")
        .def(py::init<const py::iterable&>(), py::arg("args"))
        .def("files", &py_run::files)
        .def("tally", &py_run::tally, py::arg("paths"))
        .def_property_readonly("format",
                               [](const py_run& r) { return r.settings().format == app::output_format::json ? "json" : "text"; })
        .def_property_readonly("quiet", [](const py_run& r) { return r.settings().quiet; })
        .def_property_readonly("fail_on", [](const py_run& r) { return static_cast<int>(r.settings().fail_on); });
    py::class_<py_summary>(m, "_Summary", "sgfcheck's summary and --statistics of tallies")
        .def(py::init<>())
        .def("add", &py_summary::add)
        .def("statistics", &py_summary::statistics, py::arg("format") = "text")
        .def("summary", &py_summary::summary, py::arg("format") = "text")
        .def("exit_status", [](const py_summary& s, int fail_on) { return s.exit_status(static_cast<severity>(fail_on)); })
        .def_property_readonly("files", &py_summary::files);
}

}  // namespace sgf::python
