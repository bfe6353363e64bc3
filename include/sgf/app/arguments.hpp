#pragma once
// What the application layer shares with the front ends that take sgfcheck's arguments (the
// command line, and the Dask runner, which passes check's options on as they are): the
// usage error, the exit statuses, and the reading of an option's value.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/properties.hpp"

namespace sgf::app {

// sgfcheck's exit statuses.
inline constexpr int exit_ok = 0;
inline constexpr int exit_errors = 1;  // findings at or above --fail-on
inline constexpr int exit_usage = 2;   // a usage error, or a file that could not be read or written

// A wrong option, setting or sgfcheck.toml: `message` says what and how to fix it. The
// command line prints it (exit 2), Python raises ValueError, JavaScript RangeError.
struct usage_error {
    std::string message;
};

// "--name=value" or "--name value" at args[i] (i is moved past the value); nullopt when args[i]
// is not that option. Throws usage_error when the value is missing or empty.
[[nodiscard]] std::optional<std::string> option_value(const std::vector<std::string>& args, std::size_t& i,
                                                      std::string_view name);
// The value of --profile; throws usage_error for an unknown name.
[[nodiscard]] profile profile_option(const std::string& v);
// The value of a count or seed option (`name` for the message): digits only, no sign, no
// overflow; throws usage_error otherwise.
[[nodiscard]] std::uint64_t number_option(const std::string& name, const std::string& v);

}  // namespace sgf::app
