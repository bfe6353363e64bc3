// Reading a file's bytes, as careful Unix tools do: one read of a regular file of known size
// (refused before reading when it is over the size limit, and an error when it changes
// while it is read), pipes, FIFOs, sockets and terminals read as streams up to the limit,
// and an honest message for everything else (a directory, a device, a symlink loop).
#include "input/read_file.hpp"

#include <algorithm>
#include <cerrno>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/huge_pages.hpp"
#include "input/io_error.hpp"
#include "sgf/read_file.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace detail {

bool null_device(const std::string& path) {
    struct stat st {}, null {};
    return ::stat(path.c_str(), &st) == 0 && S_ISCHR(st.st_mode) && ::stat("/dev/null", &null) == 0 &&
           st.st_rdev == null.st_rdev;
}

namespace {

std::string too_large(const std::string& name, std::uint64_t size, bool at_least) {
    return "cannot read " + name + ": " + (at_least ? "more than " : "") + std::to_string(size) +
           " bytes, over the limit of " + std::to_string(max_source_size - 1) + " bytes (2 GiB)";
}

// Reads until end of input or `limit` bytes; returns false when there was more.
bool read_until_end(int fd, const std::string& name, std::string& out, std::uint64_t limit) {
    std::size_t chunk = 1 << 16;
    for (;;) {
        if (out.size() == limit) {  // one more byte would be over the limit
            char probe = 0;
            ssize_t n = ::read(fd, &probe, 1);
            while (n < 0 && errno == EINTR) n = ::read(fd, &probe, 1);
            if (n < 0) fail_errno(errno, "cannot read " + name);
            return n == 0;
        }
        const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, limit - out.size()));
        const std::size_t had = out.size();
        out.resize(had + want);
        const ssize_t n = ::read(fd, out.data() + had, want);
        if (n < 0) {
            out.resize(had);
            if (errno == EINTR) continue;
            fail_errno(errno, "cannot read " + name);
        }
        out.resize(had + static_cast<std::size_t>(n));
        if (n == 0) return true;
        if (chunk < (std::size_t{1} << 24)) chunk *= 2;
    }
}

}  // namespace

std::string read_stream(int fd, const std::string& name) {
    std::string out;
    if (!read_until_end(fd, name, out, max_source_size - 1)) fail_saying(EFBIG, too_large(name, max_source_size - 1, true));
    return out;
}

std::string read_sized(int fd, const std::string& name, std::uint64_t size) {
    std::string out;
    out.reserve(static_cast<std::size_t>(size));  // allocated, not yet touched: ask for huge pages first
    advise_huge_pages(out.data(), out.capacity());
    out.resize(static_cast<std::size_t>(size));
    std::size_t got = 0;
    while (got < out.size()) {
        const ssize_t n = ::read(fd, out.data() + got, out.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail_errno(errno, "cannot read " + name);
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    if (got < out.size())
        fail_saying(EIO, "cannot read " + name + ": it was truncated while being read (" + std::to_string(got) + " of " +
                      std::to_string(size) + " bytes)");
    // Grown meanwhile (a file still being written): read the rest, within the limit. One
    // byte first: read_until_end makes room for 64 KB, zero-filled, which cost more than
    // reading a small file.
    char probe = 0;
    ssize_t k = ::read(fd, &probe, 1);
    while (k < 0 && errno == EINTR) k = ::read(fd, &probe, 1);
    if (k < 0) fail_errno(errno, "cannot read " + name);
    if (k == 0) return out;
    if (size >= max_source_size - 1) fail_saying(EFBIG, too_large(name, max_source_size - 1, true));  // (no room for the byte)
    std::string more(1, probe);
    if (!read_until_end(fd, name, more, max_source_size - 1 - size)) fail_saying(EFBIG, too_large(name, max_source_size - 1, true));
    if (!more.empty())
        fail_saying(EIO, "cannot read " + name + ": it grew while being read (" + std::to_string(size) + " bytes, then " +
                      std::to_string(more.size()) + " more)");
    return out;
}

file_pieces::file_pieces(int fd, std::string name, std::uint64_t size, std::uint64_t from, std::uint64_t to)
    : fd_(fd), name_(std::move(name)), size_(size), at_(std::min(from, size)), to_(std::min(to, size)) {}

std::size_t file_pieces::read(char* out, std::size_t n) {
    n = static_cast<std::size_t>(std::min<std::uint64_t>(n, to_ - at_));
    std::size_t got = 0;
    while (got < n) {
        const ssize_t k = ::pread(fd_, out + got, n - got, static_cast<off_t>(at_ + got));
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) fail_errno(errno, "cannot read " + name_);
        if (k == 0)
            fail_saying(EIO, "cannot read " + name_ + ": it was truncated while being read (" + std::to_string(at_ + got) +
                                 " of " + std::to_string(size_) + " bytes)");
        got += static_cast<std::size_t>(k);
    }
    at_ += got;
    if (at_ == size_ && got > 0) {
        // Grown meanwhile (a file still being written): as read_sized says it.
        std::string more;
        char probe = 0;
        ssize_t k = ::pread(fd_, &probe, 1, static_cast<off_t>(size_));
        while (k < 0 && errno == EINTR) k = ::pread(fd_, &probe, 1, static_cast<off_t>(size_));
        if (k > 0) {
            if (::lseek(fd_, static_cast<off_t>(size_), SEEK_SET) < 0) fail_errno(errno, "cannot read " + name_);
            if (!read_until_end(fd_, name_, more, max_source_size - 1 - size_))
                fail_saying(EFBIG, too_large(name_, max_source_size - 1, true));
            fail_saying(EIO, "cannot read " + name_ + ": it grew while being read (" + std::to_string(size_) + " bytes, then " +
                                 std::to_string(more.size()) + " more)");
        }
    }
    return got;
}

}  // namespace detail

std::string read_file(const std::filesystem::path& path) { return detail::read_file_of(path, "an SGF file"); }

std::string detail::read_file_of(const std::filesystem::path& path, std::string_view kind) {
    using namespace detail;
    const std::string name = path.string();
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    while (fd < 0 && errno == EINTR) fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (errno == ELOOP) fail_saying(ELOOP, "cannot open " + name + ": a loop of symbolic links");
        fail_errno(errno, "cannot open " + name);
    }
    struct closer {
        int fd;
        ~closer() { ::close(fd); }
    } const guard{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) fail_errno(errno, "cannot read " + name);
    if (S_ISDIR(st.st_mode)) fail_saying(EISDIR, "cannot read " + name + ": it is a directory, not " + std::string(kind));
    // A regular file of known size; one that says 0 may still have content (/proc, /sys): a stream.
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
        const auto size = static_cast<std::uint64_t>(st.st_size);
        if (size >= max_source_size) fail_saying(EFBIG, too_large(name, size, false));  // before reading a byte
        return read_sized(fd, name, size);
    }
    // Pipes, FIFOs, sockets and terminals (/dev/stdin, process substitution): streams.
    if (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || ::isatty(fd)) return detail::read_stream(fd, name);
    fail_saying(ENODEV, "cannot read " + name + ": it is a " + (S_ISCHR(st.st_mode) ? "character" : "block") +
                     " device, not " + std::string(kind));
}

}  // namespace sgf
