// Reading option values (sgf/app/arguments.hpp).
#include "sgf/app/arguments.hpp"

#include <charconv>
#include <system_error>

namespace sgf::app {

std::optional<std::string> option_value(const std::vector<std::string>& args, std::size_t& i, std::string_view name) {
    const std::string& a = args[i];
    std::optional<std::string> v;
    if (a.size() >= name.size() + 1 && a.compare(0, name.size(), name) == 0 && a[name.size()] == '=') {
        v = a.substr(name.size() + 1);
    } else if (a == name) {
        if (i + 1 >= args.size()) throw usage_error{std::string(name) + " needs a value"};
        v = args[++i];
    }
    // No option takes an empty value: --charset= or -o '' is a mistake, not "none".
    if (v && v->empty()) throw usage_error{std::string(name) + " needs a value, not an empty one"};
    return v;
}

profile profile_option(const std::string& v) {
    if (const auto p = find_profile(v)) return *p;
    throw usage_error{"--profile must be ff4, current or hex"};
}

// Numbers are read whole, by from_chars: no sign, no white space, nothing after ("5x"), no
// overflow (std::stoul took "-1" as 2^64-1 and "5x" as 5).
std::uint64_t number_option(const std::string& name, const std::string& v) {
    std::uint64_t n = 0;
    const char* end = v.data() + v.size();
    const auto [at, ec] = std::from_chars(v.data(), end, n);
    if (ec == std::errc::result_out_of_range) throw usage_error{name + " is too large: " + v};
    if (ec != std::errc() || at != end) throw usage_error{name + " needs a non-negative whole number, not '" + v + "'"};
    return n;
}

}  // namespace sgf::app
