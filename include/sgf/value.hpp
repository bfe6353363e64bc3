#pragma once
// Property values and their decodings (FF[4] sgf4.html "Text", "SimpleText", "Compose";
// 000_* "Escaping"/"Formatting"; 001_* "Lexical structure").
//
// A value keeps its raw bytes exactly as they stand between '[' and ']' in the file.
// Decoding is on demand and depends on the property's value type, which only the
// property table knows: `C[10:30]` is one Text "10:30", `AP[a\:b:1.0]` is the
// compose ("a:b", "1.0").
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "sgf/detail/lifetime.hpp"
#include "sgf/position.hpp"

namespace sgf {

namespace detail {
struct source;
struct tree_access;
}  // namespace detail
class property;

// Escape processing only: "\x" -> "x", soft line breaks ("\" + LF|CR|CRLF|LFCR) removed,
// nothing else converted. This is the value form of the JSON tree (design.md).
[[nodiscard]] std::string unescape(std::string_view raw);

// Text: escapes processed, soft line breaks removed, hard line breaks kept (each of
// LF, CR, CRLF, LFCR becomes "\n"), every other white space character becomes a space.
[[nodiscard]] std::string decode_text(std::string_view raw);

// SimpleText: as Text, but hard line breaks become spaces too.
[[nodiscard]] std::string decode_simple_text(std::string_view raw);

// Splits a raw compose value at its first unescaped ':' (raw parts, still escaped: views of
// `raw`, hence not of a temporary string). nullopt when there is no unescaped ':'.
[[nodiscard]] std::optional<std::pair<std::string_view, std::string_view>> split_compose(
    std::string_view raw) noexcept;
std::optional<std::pair<std::string_view, std::string_view>> split_compose(std::string&& raw) = delete;

// The canonical raw spelling of a value: the shortest escaping that decodes to the same
// text in every value type. ']' and '\' are escaped; an escaped ':' stays escaped (it may
// be part of a compose); other escapes and soft line breaks are dropped.
// Two values are equal when their canonical spellings are equal.
[[nodiscard]] std::string canonical_raw(std::string_view raw);

// Escapes text for use as a raw value ('\' and ']' always, ':' when escape_colon).
[[nodiscard]] std::string escape(std::string_view text, bool escape_colon = false);

// A view of one value inside a node. A value taken (through a property) from a named
// node, tree or collection is valid while that handle, or any other handle of the same
// tree, lives, and costs no reference count; one taken from a temporary handle keeps the
// bytes alive itself (`node().with_property(...).find("C")->front()` is safe to keep).
// The string_views of raw() and composed() are valid while the value is (or the handle it
// was taken from): clang's -Wdangling reports one kept from a temporary value
// (SGF_LIFETIMEBOUND; tests/lifetime/). A moved-from value is the empty value().
class value {
public:
    value() = default;
    value(const value&) = default;
    value& operator=(const value&) = default;
    value(value&& o) noexcept
        : data_(std::exchange(o.data_, nullptr)), src_(std::exchange(o.src_, nullptr)),
          open_(std::exchange(o.open_, 0)), size_(std::exchange(o.size_, 0)), keep_(std::move(o.keep_)) {}
    value& operator=(value&& o) noexcept {
        if (this != &o) {
            data_ = std::exchange(o.data_, nullptr);
            src_ = std::exchange(o.src_, nullptr);
            open_ = std::exchange(o.open_, 0);
            size_ = std::exchange(o.size_, 0);
            keep_ = std::move(o.keep_);
            o.keep_.reset();
        }
        return *this;
    }

    [[nodiscard]] std::string_view raw() const noexcept SGF_LIFETIMEBOUND {
        return data_ ? std::string_view(data_ + open_ + 1, size_) : std::string_view{};
    }
    [[nodiscard]] position pos() const;  // position of the opening '['
    [[nodiscard]] std::uint32_t offset() const noexcept { return open_; }

    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] std::string unescaped() const { return unescape(raw()); }
    [[nodiscard]] std::string text() const { return decode_text(raw()); }
    [[nodiscard]] std::string simple_text() const { return decode_simple_text(raw()); }
    [[nodiscard]] std::optional<std::pair<std::string_view, std::string_view>> composed() const noexcept
        SGF_LIFETIMEBOUND {
        return split_compose(raw());
    }

private:
    friend struct detail::tree_access;
    friend class property;
    value(const char* data, const detail::source* src, std::uint32_t open, std::uint32_t size,
          std::shared_ptr<const detail::source> keep = {}) noexcept
        : data_(data), src_(src), open_(open), size_(size), keep_(std::move(keep)) {}

    const char* data_ = nullptr;               // the source's bytes
    const detail::source* src_ = nullptr;      // for positions
    std::uint32_t open_ = 0;  // offset of '[' in the source
    std::uint32_t size_ = 0;  // raw byte count between '[' and ']'
    std::shared_ptr<const detail::source> keep_;  // set only for views of temporaries
};

}  // namespace sgf
