// Reading option values (sgf/app/arguments.hpp).
#include "sgf/app/arguments.hpp"

namespace sgf::app {

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

profile profile_option(const std::string& v) {
    if (const auto p = find_profile(v)) return *p;
    throw usage_error{"--profile must be ff4, current or hex"};
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

}  // namespace sgf::app
