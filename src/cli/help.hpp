#pragma once
// Help texts of the commands whose parsers do not print their own (check, fmt, dump, fix),
// and of sgfcheck itself. `sgfcheck CMD --help` and `sgfcheck help CMD` print them (main.cpp).
#include <string_view>

namespace sgf::cli {

extern const char* const main_help;
extern const char* const check_help;
// The help of fmt, dump or fix; nullptr for another name.
[[nodiscard]] const char* command_help(std::string_view command);

}  // namespace sgf::cli
