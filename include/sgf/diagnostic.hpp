#pragma once
// Diagnostics: every finding of the parser and the checker, with a stable code.
// The code table (all_codes) is the single list of codes; docs/diagnostics.md documents it.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/position.hpp"

namespace sgf {

enum class severity : unsigned char { error, warning, info };

[[nodiscard]] std::string_view to_string(severity s) noexcept;

struct diagnostic {
    std::string_view code;        // stable, e.g. "E008"; points into the static code table
    severity level = severity::error;
    position where;               // exact position of the offending token
    std::string message;          // one line: what is wrong
    std::string hint;             // how to fix it, or how the parser recovered (may be empty)
    std::optional<position> related;  // e.g. the '[' that opened an unterminated value
    std::uint64_t count = 1;          // how many findings this stands for (N for an "N more" summary)
};

// One row per code: never renumbered, never reused.
struct code_info {
    std::string_view code;
    severity default_level;
    std::string_view title;   // short meaning
    std::string_view source;  // spec section the rule comes from
    std::string_view sgfc;    // nearest SGFC message number, or "-"
};

[[nodiscard]] std::span<const code_info> all_codes() noexcept;
[[nodiscard]] const code_info* find_code(std::string_view code) noexcept;

[[nodiscard]] inline bool has_errors(const std::vector<diagnostic>& ds) noexcept {
    for (const auto& d : ds)
        if (d.level == severity::error) return true;
    return false;
}

// "12:7: error[E008]: message" (and " (hint)" when there is one): one line.
[[nodiscard]] std::string to_string(const diagnostic& d);
std::ostream& operator<<(std::ostream& os, const diagnostic& d);

}  // namespace sgf
