#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.hpp"
#include "sgf/parse.hpp"
#include "sgf/write.hpp"

namespace sgf::cli {

namespace fs = std::filesystem;

std::string read_input(const std::string& name) {
    if (name == "-") {
        std::string s{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
        if (std::cin.bad()) throw std::system_error(errno, std::generic_category(), "cannot read standard input");
        return s;
    }
    std::error_code ec;
    if (!fs::exists(name, ec)) throw std::system_error(ENOENT, std::generic_category(), "cannot open " + name);
    return read_file(name);
}

std::optional<std::string> read_input_reported(const std::string& name) {
    try {
        return read_input(name);
    } catch (const std::system_error& e) {
        std::cerr << "sgfcheck: " << e.what() << '\n';
        return std::nullopt;
    }
}

int write_output(const std::string& out, std::string_view text) {
    if (out.empty() || out == "-") {
        std::cout << text;
        return exit_ok;
    }
    try {
        write_file_atomically(out, text);
    } catch (const std::system_error& e) {
        std::cerr << "sgfcheck: " << e.what() << '\n';
        return exit_usage;
    }
    return exit_ok;
}

profile profile_option(const std::string& v) {
    if (const auto p = find_profile(v)) return *p;
    throw usage_error{"--profile must be ff4, current or hex"};
}

std::optional<std::string> option_value(const std::vector<std::string>& args, std::size_t& i, std::string_view name) {
    const std::string& a = args[i];
    if (a.size() > name.size() && a.compare(0, name.size(), name) == 0 && a[name.size()] == '=')
        return a.substr(name.size() + 1);
    if (a == name) {
        if (i + 1 >= args.size()) throw usage_error{std::string(name) + " needs a value"};
        return args[++i];
    }
    return std::nullopt;
}

double seconds_option(const std::string& v) {
    double s = -1;
    try {
        s = std::stod(v);
    } catch (const std::exception&) {  // not a number: rejected below
    }
    if (!(s > 0) || !std::isfinite(s)) throw usage_error{"--timeout needs a positive number of seconds"};
    return s;
}

std::uint64_t number_option(const std::string& name, const std::string& v) {
    try {
        std::size_t used = 0;
        const auto n = std::stoull(v, &used);
        if (used == v.size() && !v.empty() && v[0] != '-') return n;
    } catch (const std::exception&) {
    }
    throw usage_error{name + " needs a non-negative number"};
}

}  // namespace sgf::cli
