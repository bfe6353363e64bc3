#pragma once
// An I/O failure whose message already says why: std::system_error appends the error code's
// text to what() ("...: it is a character device, not an SGF file: No such device"); this
// one's what() is the message alone, and the code stays for callers that test it. Failures
// the code's text explains ("cannot open x.sgf: No such file or directory") stay plain
// std::system_error. Used by the reading (input/) and writing (write/) of files.
#include <string>
#include <system_error>
#include <utility>

namespace sgf::detail {

class io_error : public std::system_error {
public:
    io_error(int code, std::string message) : std::system_error(code, std::generic_category()), message_(std::move(message)) {}
    [[nodiscard]] const char* what() const noexcept override { return message_.c_str(); }

private:
    std::string message_;
};

// The message is complete: no error text is appended.
[[noreturn]] inline void fail_saying(int code, std::string message) { throw io_error(code, std::move(message)); }
// `what` and the error code's text: "cannot open x.sgf: No such file or directory".
[[noreturn]] inline void fail_errno(int code, const std::string& what) {
    throw std::system_error(code, std::generic_category(), what);
}

}  // namespace sgf::detail
