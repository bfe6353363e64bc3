// The floor of any SGF reader, for bench/end_to_end.sh: read the file as sgfcheck does
// (read_file), then one pass that classifies every byte by a 256-entry table (the
// grammar's classes: '(' ')' ';' '[' ']' '\\' upper-case letter, line break, other) and
// counts each class. Prints the counts so the loop cannot be optimised away.
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "sgf/parse.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    const std::string bytes = sgf::read_file(argv[1]);
    std::array<std::uint8_t, 256> cls{};
    for (int c = 'A'; c <= 'Z'; ++c) cls[static_cast<std::size_t>(c)] = 1;
    cls['('] = 2, cls[')'] = 3, cls[';'] = 4, cls['['] = 5, cls[']'] = 6, cls['\\'] = 7, cls['\n'] = 8, cls['\r'] = 8;
    std::array<std::uint64_t, 9> count{};
    for (const char c : bytes) ++count[cls[static_cast<unsigned char>(c)]];
    std::printf("bytes %zu: other %llu upper %llu ( %llu ) %llu ; %llu [ %llu ] %llu \\ %llu eol %llu\n", bytes.size(),
                static_cast<unsigned long long>(count[0]), static_cast<unsigned long long>(count[1]),
                static_cast<unsigned long long>(count[2]), static_cast<unsigned long long>(count[3]),
                static_cast<unsigned long long>(count[4]), static_cast<unsigned long long>(count[5]),
                static_cast<unsigned long long>(count[6]), static_cast<unsigned long long>(count[7]),
                static_cast<unsigned long long>(count[8]));
    return 0;
}
