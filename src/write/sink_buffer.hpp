#pragma once
// Output in pieces: small writes are gathered in a buffer, a large piece goes to the sink
// as it is (not copied), so writing a 200 MB value costs no 200 MB buffer.
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace sgf::detail {

class sink_buffer {
public:
    using sink_t = std::function<void(std::string_view)>;
    static constexpr std::size_t capacity = 1 << 16;

    // The buffer not zero-filled (64 KB per writer, two writers per file fixed): new char[],
    // as emscripten's libc++ has no make_unique_for_overwrite.
    explicit sink_buffer(sink_t sink) : sink_(std::move(sink)), buf_(new char[capacity]) {}

    // A plain copy into the buffer: the writers put a piece of a few bytes at a time (a
    // bracket, a point), where std::string::append cost more than the bytes.
    void put(std::string_view s) {
        if (s.empty()) return;
        if (size_ + s.size() <= capacity) {
            std::memcpy(buf_.get() + size_, s.data(), s.size());
            size_ += s.size();
            return;
        }
        flush();
        if (s.size() >= capacity) {
            sink_(s);
        } else {
            std::memcpy(buf_.get(), s.data(), s.size());
            size_ = s.size();
        }
    }
    void put(char c) {
        if (size_ == capacity) flush();
        buf_[size_++] = c;
    }
    // Room for up to n (<= capacity) bytes written in place at the address returned; they are
    // output once wrote(k) counts them, so a writer that gives up half way writes nothing.
    [[nodiscard]] char* room(std::size_t n) {
        if (size_ + n > capacity) flush();
        return buf_.get() + size_;
    }
    void wrote(std::size_t k) noexcept { size_ += k; }
    void flush() {
        if (size_ == 0) return;
        const std::size_t n = std::exchange(size_, 0);
        sink_(std::string_view(buf_.get(), n));
    }

private:
    sink_t sink_;
    std::unique_ptr<char[]> buf_;
    std::size_t size_ = 0;
};

}  // namespace sgf::detail
