#pragma once
// Output in pieces: small writes are gathered in a buffer, a large piece goes to the sink
// as it is (not copied), so writing a 200 MB value costs no 200 MB buffer.
#include <functional>
#include <string>
#include <string_view>

namespace sgf::detail {

class sink_buffer {
public:
    using sink_t = std::function<void(std::string_view)>;
    static constexpr std::size_t capacity = 1 << 16;

    explicit sink_buffer(sink_t sink) : sink_(std::move(sink)) { buf_.reserve(capacity); }

    void put(std::string_view s) {
        if (buf_.size() + s.size() <= capacity) {
            buf_.append(s);
            return;
        }
        flush();
        if (s.size() >= capacity) sink_(s);
        else buf_.append(s);
    }
    void put(char c) {
        if (buf_.size() == capacity) flush();
        buf_.push_back(c);
    }
    void flush() {
        if (buf_.empty()) return;
        sink_(buf_);
        buf_.clear();
    }

private:
    sink_t sink_;
    std::string buf_;
};

}  // namespace sgf::detail
