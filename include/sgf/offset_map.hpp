#pragma once
// Offsets between decoded UTF-8 and the original bytes: what the input stage's conversions
// (sgf/charset.hpp) record and the tree's source keeps, so that a position in a converted
// file names the file's bytes. Its own header, below both: the tree needs the map, not the
// charsets (dependencies flow one way, docs/design.md).
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace sgf {

// Maps offsets of decoded UTF-8 text back to the bytes it came from (and forth), so that
// diagnostics report positions in the original file. Stored as runs of characters that
// all have the same source and UTF-8 lengths (one run for ASCII or valid UTF-8 text, one
// per change between ASCII and CJK text), packed into about two bytes per run, with an
// index every 64 runs for the lookups.
// A moved-from map is empty (a new offset_map()).
class offset_map {
public:
    explicit offset_map(std::size_t source_start = 0) noexcept
        : source_start_(source_start), source_end_(source_start), pending_source_(source_start) {}
    offset_map(const offset_map&) = default;
    offset_map& operator=(const offset_map&) = default;
    offset_map(offset_map&& o) noexcept : offset_map() { swap(o); }
    offset_map& operator=(offset_map&& o) noexcept {
        offset_map taken(std::move(o));
        swap(taken);
        return *this;
    }

    // Source offset of the character containing UTF-8 offset `utf8_offset` (its first byte
    // if the offset falls inside a character); the end maps to the end.
    [[nodiscard]] std::size_t to_source(std::size_t utf8_offset) const noexcept;
    // UTF-8 offset of the character containing source offset `source_offset`.
    [[nodiscard]] std::size_t to_utf8(std::size_t source_offset) const noexcept;

    [[nodiscard]] std::size_t source_end() const noexcept { return source_end_; }
    [[nodiscard]] std::size_t utf8_end() const noexcept { return utf8_end_; }
    [[nodiscard]] std::size_t run_count() const noexcept { return runs_ + (pending_count_ > 0 ? 1 : 0); }
    [[nodiscard]] std::size_t memory_bytes() const noexcept;  // heap use, for the size budget

    // Records `count` characters of `source_unit` bytes each that became `utf8_unit` bytes
    // each (utf8_unit may be 0: a shift sequence). Used by the decoders.
    void append(std::size_t count, std::uint32_t source_unit, std::uint32_t utf8_unit) {
        if (count == 0) return;
        if (pending_count_ == 0 || source_unit != pending_source_unit_ || utf8_unit != pending_utf8_unit_)
            start_run(source_unit, utf8_unit);
        pending_count_ += count;
        source_end_ += count * source_unit;
        utf8_end_ += count * utf8_unit;
    }

private:
    struct block {  // where every 64th run starts
        std::size_t stream = 0;
        std::size_t utf8 = 0;
        std::size_t source = 0;
    };
    struct run_view {
        std::size_t utf8, source, count;
        std::uint32_t utf8_unit, source_unit;
    };
    void start_run(std::uint32_t source_unit, std::uint32_t utf8_unit);
    void swap(offset_map& o) noexcept {
        stream_.swap(o.stream_);
        index_.swap(o.index_);
        std::swap(runs_, o.runs_);
        std::swap(source_start_, o.source_start_);
        std::swap(source_end_, o.source_end_);
        std::swap(utf8_end_, o.utf8_end_);
        std::swap(pending_count_, o.pending_count_);
        std::swap(pending_utf8_, o.pending_utf8_);
        std::swap(pending_source_, o.pending_source_);
        std::swap(pending_source_unit_, o.pending_source_unit_);
        std::swap(pending_utf8_unit_, o.pending_utf8_unit_);
    }
    template <class F>
    bool walk(std::size_t from_block, F&& f) const noexcept;

    std::vector<std::uint8_t> stream_;  // per run: units, then a varint count
    std::vector<block> index_;
    std::size_t runs_ = 0;  // in stream_
    std::size_t source_start_ = 0;
    std::size_t source_end_ = 0;
    std::size_t utf8_end_ = 0;
    // The last run, still growing.
    std::size_t pending_count_ = 0;
    std::size_t pending_utf8_ = 0;
    std::size_t pending_source_ = 0;
    std::uint32_t pending_source_unit_ = 0;
    std::uint32_t pending_utf8_unit_ = 0;
};

}  // namespace sgf
