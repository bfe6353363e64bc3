// The floor of any SGF reader, for bench/end_to_end.sh: read the file, then one pass that
// classifies every byte by a 256-entry table (the grammar's classes: '(' ')' ';' '[' ']'
// '\\' upper-case letter, line break, other) and counts each class. Prints the counts so the
// loop cannot be optimised away.
//   sgf_classify_bench FILE            the whole file read at once (read_file), then the loop
//   sgf_classify_bench --stream FILE   read through one reused 1 MiB buffer, each piece
//                                      classified as it comes (what a streaming reader can
//                                      reach: issue 23's floor)
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include <fcntl.h>
#include <unistd.h>

#include "sgf/parse.hpp"

namespace {

struct classes {
    std::array<std::uint8_t, 256> cls{};
    std::array<std::uint64_t, 9> count{};
    classes() {
        for (int c = 'A'; c <= 'Z'; ++c) cls[static_cast<std::size_t>(c)] = 1;
        cls['('] = 2, cls[')'] = 3, cls[';'] = 4, cls['['] = 5, cls[']'] = 6, cls['\\'] = 7, cls['\n'] = 8, cls['\r'] = 8;
    }
    void add(std::string_view bytes) {
        for (const char c : bytes) ++count[cls[static_cast<unsigned char>(c)]];
    }
};

}  // namespace

int main(int argc, char** argv) {
    const bool stream = argc == 3 && std::strcmp(argv[1], "--stream") == 0;
    if (argc != 2 && !stream) {
        std::fprintf(stderr, "usage: %s [--stream] FILE\n", argv[0]);
        return 2;
    }
    classes k;
    std::size_t total = 0;
    if (stream) {
        const int fd = ::open(argv[2], O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            std::perror(argv[2]);
            return 2;
        }
        std::string buffer(std::size_t{1} << 20, '\0');
        for (;;) {
            const ssize_t n = ::read(fd, buffer.data(), buffer.size());
            if (n <= 0) break;
            k.add(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
            total += static_cast<std::size_t>(n);
        }
        ::close(fd);
    } else {
        const std::string bytes = sgf::read_file(argv[1]);
        k.add(bytes);
        total = bytes.size();
    }
    const auto& count = k.count;
    std::printf("bytes %zu: other %llu upper %llu ( %llu ) %llu ; %llu [ %llu ] %llu \\ %llu eol %llu\n", total,
                static_cast<unsigned long long>(count[0]), static_cast<unsigned long long>(count[1]),
                static_cast<unsigned long long>(count[2]), static_cast<unsigned long long>(count[3]),
                static_cast<unsigned long long>(count[4]), static_cast<unsigned long long>(count[5]),
                static_cast<unsigned long long>(count[6]), static_cast<unsigned long long>(count[7]),
                static_cast<unsigned long long>(count[8]));
    return 0;
}
