// Writing a file so that readers never see half of it: a temporary file in the same
// directory, then one rename over the target.
#include <cerrno>
#include <random>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sgf/write.hpp"

namespace sgf {

namespace fs = std::filesystem;

void write_file_atomically(const fs::path& path, std::string_view bytes) {
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::random_device rd;
    std::string tmp_name = ".";
    tmp_name += path.filename().string();
    tmp_name += ".tmp";
    tmp_name += std::to_string(rd());
    const fs::path tmp = dir / tmp_name;
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) throw std::system_error(errno, std::generic_category(), "cannot create " + tmp.string());
    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int e = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            throw std::system_error(e, std::generic_category(), "cannot write " + tmp.string());
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    // Keep the mode of a file we replace.
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) (void)::fchmod(fd, st.st_mode & 07777);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int e = errno;
        ::unlink(tmp.c_str());
        throw std::system_error(e, std::generic_category(), "cannot write " + tmp.string());
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(tmp.c_str());
        throw std::system_error(e, std::generic_category(), "cannot replace " + path.string());
    }
}

}  // namespace sgf
