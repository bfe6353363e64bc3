// The offset map (sgf/offset_map.hpp): runs of characters of equal source and UTF-8
// lengths, packed into a byte stream with an index every 64 runs. Here, with the tree's
// source that keeps it; the input stage's decoders fill it.
#include "sgf/offset_map.hpp"

#include <algorithm>

namespace sgf {

void offset_map::start_run(std::uint32_t source_unit, std::uint32_t utf8_unit) {
    if (pending_count_ > 0) {
        if (runs_ % 64 == 0) index_.push_back({stream_.size(), pending_utf8_, pending_source_});
        auto varint = [this](std::size_t v) {
            while (v >= 0x80) {
                stream_.push_back(static_cast<std::uint8_t>(v | 0x80));
                v >>= 7;
            }
            stream_.push_back(static_cast<std::uint8_t>(v));
        };
        if (pending_source_unit_ < 15 && pending_utf8_unit_ < 15) {
            stream_.push_back(static_cast<std::uint8_t>(pending_source_unit_ << 4 | pending_utf8_unit_));
        } else {
            stream_.push_back(0xFF);
            varint(pending_source_unit_);
            varint(pending_utf8_unit_);
        }
        varint(pending_count_);
        ++runs_;
    }
    pending_count_ = 0;
    pending_utf8_ = utf8_end_;
    pending_source_ = source_end_;
    pending_source_unit_ = source_unit;
    pending_utf8_unit_ = utf8_unit;
}

// Calls f(run) for the runs from index block `from_block` on, the pending one last,
// until f returns true.
template <class F>
bool offset_map::walk(std::size_t from_block, F&& f) const noexcept {
    if (from_block < index_.size()) {
        std::size_t at = index_[from_block].stream;
        run_view r{index_[from_block].utf8, index_[from_block].source, 0, 0, 0};
        auto varint = [&] {
            std::size_t v = 0;
            for (unsigned shift = 0;; shift += 7) {
                const std::uint8_t b = stream_[at++];
                v |= std::size_t{b & 0x7Fu} << shift;
                if (b < 0x80) return v;
            }
        };
        while (at < stream_.size()) {
            const std::uint8_t units = stream_[at++];
            if (units == 0xFF) {
                r.source_unit = static_cast<std::uint32_t>(varint());
                r.utf8_unit = static_cast<std::uint32_t>(varint());
            } else {
                r.source_unit = units >> 4;
                r.utf8_unit = units & 0x0F;
            }
            r.count = varint();
            if (f(r)) return true;
            r.utf8 += r.count * r.utf8_unit;
            r.source += r.count * r.source_unit;
        }
    }
    if (pending_count_ == 0) return false;
    return f(run_view{pending_utf8_, pending_source_, pending_count_, pending_utf8_unit_, pending_source_unit_});
}

std::size_t offset_map::to_source(std::size_t utf8_offset) const noexcept {
    if (utf8_offset >= utf8_end_) return source_end_;
    // The last block starting at or before the offset.
    auto it = std::upper_bound(index_.begin(), index_.end(), utf8_offset,
                               [](std::size_t v, const block& b) { return v < b.utf8; });
    std::size_t from = it == index_.begin() ? 0 : static_cast<std::size_t>(it - index_.begin()) - 1;
    if (pending_count_ > 0 && utf8_offset >= pending_utf8_) from = index_.size();
    std::size_t result = source_start_;
    walk(from, [&](const run_view& r) {
        if (utf8_offset >= r.utf8 + r.count * r.utf8_unit) return false;
        result = r.utf8_unit == 0 ? r.source : r.source + (utf8_offset - r.utf8) / r.utf8_unit * r.source_unit;
        return true;
    });
    return result;
}

std::size_t offset_map::to_utf8(std::size_t source_offset) const noexcept {
    if (source_offset >= source_end_) return utf8_end_;
    if (source_offset < source_start_) return 0;
    auto it = std::upper_bound(index_.begin(), index_.end(), source_offset,
                               [](std::size_t v, const block& b) { return v < b.source; });
    std::size_t from = it == index_.begin() ? 0 : static_cast<std::size_t>(it - index_.begin()) - 1;
    if (pending_count_ > 0 && source_offset >= pending_source_) from = index_.size();
    std::size_t result = 0;
    walk(from, [&](const run_view& r) {
        if (source_offset >= r.source + r.count * r.source_unit) return false;
        result = r.source_unit == 0 ? r.utf8 : r.utf8 + (source_offset - r.source) / r.source_unit * r.utf8_unit;
        return true;
    });
    return result;
}

std::size_t offset_map::memory_bytes() const noexcept {
    return stream_.capacity() + index_.capacity() * sizeof(block);
}

}  // namespace sgf
