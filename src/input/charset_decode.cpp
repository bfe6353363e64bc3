// Decoding to UTF-8 with exact source offsets (sgf/charset.hpp): UTF-8 and UTF-16/32 here,
// fast; legacy charsets through glibc iconv (charset_detail.hpp: legacy_decoder): character
// boundaries come from the charsets' lead/trail byte ranges, whole chunks are converted in
// one call and zipped back to characters for the offset map, and only a character iconv
// rejects is converted alone, so every invalid sequence is found and none is dropped.
// Single-byte charsets use a 128-entry table asked of iconv once per charset and process.
// And the way back (encode_from_utf8), for writers that keep a file's charset.
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "input/charset_detail.hpp"

namespace sgf {

namespace detail::charset_impl {

[[nodiscard]] nul_counts count_nuls(std::string_view bytes, std::size_t limit) noexcept {
    nul_counts c;
    const std::size_t n = std::min(bytes.size(), limit);
    for (std::size_t i = 0; i < n; ++i)
        if (bytes[i] == '\0') ++c.at[i % 4];
    c.units = n / 4;
    return c;
}

namespace {

// The tables made so far, by "to NUL from", and the lock that guards them (the threads of -j);
// made on first use (no order of static initialisation to depend on).
struct table_cache {
    std::mutex lock;
    std::map<std::string, std::unique_ptr<const single_byte_table>, std::less<>> tables;
};
table_cache& cache() {
    static table_cache c;
    return c;
}

std::string table_key(const std::string& to, const std::string& from) { return to + '\0' + from; }

// Made with `cd`; the caller holds cache().lock.
const single_byte_table& make_table(const std::string& key, iconv_handle& cd) {
    auto made = std::make_unique<single_byte_table>();
    for (unsigned b = 0x80; b < 0x100; ++b) {
        single_byte_entry& e = (*made)[b - 0x80];
        const uchar in_byte = static_cast<uchar>(b);
        cd.reset();
        const auto st = cd.convert(&in_byte, 1, e.utf8, sizeof e.utf8);
        e.ok = st.error == 0 && st.consumed == 1;
        e.length = static_cast<std::uint8_t>(st.produced);
    }
    return *(cache().tables[key] = std::move(made));
}

}  // namespace

const single_byte_table& single_byte_table_of(iconv_handle& cd) {
    const std::string key = table_key(cd.to(), cd.from());
    const std::lock_guard<std::mutex> held(cache().lock);
    if (const auto it = cache().tables.find(key); it != cache().tables.end()) return *it->second;
    return make_table(key, cd);
}

const single_byte_table* single_byte_table_of(const std::string& to, const std::string& from) {
    const std::string key = table_key(to, from);
    table_cache& c = cache();
    {
        const std::lock_guard<std::mutex> held(c.lock);
        if (const auto it = c.tables.find(key); it != c.tables.end()) return it->second.get();
    }
    iconv_handle cd(to, from);
    if (!cd.valid()) return nullptr;
    const std::lock_guard<std::mutex> held(c.lock);
    if (const auto it = c.tables.find(key); it != c.tables.end()) return it->second.get();  // (made meanwhile)
    return &make_table(key, cd);
}

namespace {

// Writes one invalid sequence as d.policy says; returns the UTF-8 bytes written.
std::uint32_t put_invalid(decoded& d, std::string_view seq) {
    const bool high = std::all_of(seq.begin(), seq.end(), [](char c) { return static_cast<uchar>(c) >= 0x80; });
    if (d.policy == invalid_policy::keep && high) {
        d.utf8.append(seq);
        return static_cast<std::uint32_t>(seq.size());
    }
    d.utf8.append(replacement);
    return static_cast<std::uint32_t>(replacement.size());
}

// Appends decoded text, invalid sequences and the offset map.
struct decode_sink {
    std::string_view in;
    decoded& d;
    void ascii(std::size_t off, std::size_t len) {
        d.utf8.append(in.substr(off, len));
        d.map.append(len, 1, 1);
    }
    void character(std::size_t, std::size_t len, std::string_view u8) {
        d.utf8.append(u8);
        d.map.append(1, static_cast<std::uint32_t>(len), static_cast<std::uint32_t>(u8.size()));
    }
    void characters(std::size_t, std::span<const std::uint8_t> lens, std::string_view u8) {
        const uchar* o = bytes_of(u8);
        for (std::uint8_t len : lens) {
            const std::uint32_t l = lead_length(*o);
            d.map.append(1, len, l);
            o += l;
        }
        d.utf8.append(u8);
    }
    void invalid(std::size_t off, std::size_t len) {
        d.invalid.push_back({off, len});
        d.map.append(1, static_cast<std::uint32_t>(len), put_invalid(d, in.substr(off, len)));
    }
};

// ---------------------------------------------------------------------------------------
// UTF-8, UTF-16 and UTF-32 decoders

void decode_utf8(std::string_view bytes, std::size_t skip, decoded& d) {
    d.map = offset_map(skip);
    const std::string_view body = bytes.substr(skip);
    d.utf8.reserve(body.size());
    std::size_t copied = 0;
    scan_utf8(body, [&](std::size_t off, std::size_t len) {
        d.utf8.append(body.substr(copied, off - copied));
        d.map.append(off - copied, 1, 1);
        d.invalid.push_back({skip + off, len});
        d.map.append(1, static_cast<std::uint32_t>(len), put_invalid(d, body.substr(off, len)));
        copied = off + len;
    });
    d.utf8.append(body.substr(copied));
    d.map.append(body.size() - copied, 1, 1);
}

// Big-endian unless the NULs say little-endian (RFC 2781 4.3: no BOM means big-endian).
[[nodiscard]] bool looks_little_endian(std::string_view bytes, unsigned unit) noexcept {
    const nul_counts c = count_nuls(bytes);
    if (unit == 2) return c.at[1] + c.at[3] > c.at[0] + c.at[2];
    return c.at[3] > c.at[0];
}

// The text of a UTF-16 or UTF-32 file after its BOM: an empty map from `skip` on, and room
// for ASCII text (a character per `unit` bytes).
void start_wide(std::string_view bytes, std::size_t skip, std::size_t unit, decoded& d) {
    d.map = offset_map(skip);
    d.utf8.reserve((bytes.size() - skip) / unit + 16);
}

void decode_utf16(std::string_view bytes, std::size_t skip, bool little, decoded& d) {
    start_wide(bytes, skip, 2, d);
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    utf8_writer w(d.utf8);
    auto unit_at = [&](std::size_t i) -> char32_t {
        return little ? static_cast<char32_t>(p[i] | (p[i + 1] << 8)) : static_cast<char32_t>((p[i] << 8) | p[i + 1]);
    };
    // A lone surrogate keeps its value in the generalized (3-byte) UTF-8 form under keep.
    auto bad = [&](std::size_t off, std::size_t len, char32_t unit) {
        d.invalid.push_back({off, len});
        const bool keep = d.policy == invalid_policy::keep && unit != 0;
        d.map.append(1, static_cast<std::uint32_t>(len), w.put(keep ? unit : 0xFFFD));
    };
    std::size_t i = skip;
    while (i + 2 <= n) {
        const char32_t u = unit_at(i);
        if (u < 0xD800 || u > 0xDFFF) {
            d.map.append(1, 2, w.put(u));
        } else if (u <= 0xDBFF && i + 4 <= n && unit_at(i + 2) >= 0xDC00 && unit_at(i + 2) <= 0xDFFF) {
            w.put(0x10000 + ((u - 0xD800) << 10) + (unit_at(i + 2) - 0xDC00));
            d.map.append(1, 4, 4);
            i += 2;
        } else {
            bad(i, 2, u);  // lone surrogate
        }
        i += 2;
    }
    if (i < n) bad(i, n - i, 0);  // odd trailing byte
    w.flush();
}

void decode_utf32(std::string_view bytes, std::size_t skip, bool little, decoded& d) {
    start_wide(bytes, skip, 4, d);
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    utf8_writer w(d.utf8);
    std::size_t i = skip;
    for (; i + 4 <= n; i += 4) {
        const char32_t b0 = p[i], b1 = p[i + 1], b2 = p[i + 2], b3 = p[i + 3];
        const char32_t u = little ? (b0 | b1 << 8 | b2 << 16 | b3 << 24) : (b0 << 24 | b1 << 16 | b2 << 8 | b3);
        if (u > 0x10FFFF || (u >= 0xD800 && u <= 0xDFFF)) {
            d.invalid.push_back({i, 4});
            const bool keep = d.policy == invalid_policy::keep && u <= 0x10FFFF;  // a surrogate
            d.map.append(1, 4, w.put(keep ? u : 0xFFFD));
        } else {
            d.map.append(1, 4, w.put(u));
        }
    }
    if (i < n) {
        w.flush();
        d.invalid.push_back({i, n - i});
        d.map.append(1, static_cast<std::uint32_t>(n - i), put_invalid(d, bytes.substr(i)));
    }
    w.flush();
}

[[nodiscard]] std::size_t bom_length_for(std::string_view bytes, std::string_view charset) noexcept {
    const auto bom = detect_bom(bytes);
    return bom && bom->charset == charset ? bom->length : 0;
}

}  // namespace

}  // namespace detail::charset_impl

using namespace detail::charset_impl;

std::vector<invalid_sequence> validate_utf8(std::string_view bytes) {
    std::vector<invalid_sequence> out;
    scan_utf8(bytes, [&](std::size_t off, std::size_t len) { out.push_back({off, len}); });
    return out;
}

bool is_valid_utf8(std::string_view bytes) noexcept {
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        const utf8_step s = utf8_next(p + i, n - i);
        if (!s.valid) return false;
        i += s.length;
    }
    return true;
}

decoded decode_to_utf8(std::string_view bytes, std::string_view charset, invalid_policy policy) {
    decoded d;
    d.policy = policy;
    const auto r = lookup(charset);
    const family f = r.entry ? r.entry->fam : family::generic;
    switch (f) {
        case family::utf8: decode_utf8(bytes, bom_length_for(bytes, "UTF-8"), d); return d;
        case family::utf16le: decode_utf16(bytes, bom_length_for(bytes, "UTF-16LE"), true, d); return d;
        case family::utf16be: decode_utf16(bytes, bom_length_for(bytes, "UTF-16BE"), false, d); return d;
        case family::utf32le: decode_utf32(bytes, bom_length_for(bytes, "UTF-32LE"), true, d); return d;
        case family::utf32be: decode_utf32(bytes, bom_length_for(bytes, "UTF-32BE"), false, d); return d;
        case family::utf16:
        case family::utf32: {
            const unsigned unit = f == family::utf16 ? 2 : 4;
            const auto bom = detect_bom(bytes);
            const bool bom_fits = bom && bom->charset.substr(0, 6) == (unit == 2 ? "UTF-16" : "UTF-32");
            const bool little = bom_fits ? bom->charset.ends_with("LE") : looks_little_endian(bytes, unit);
            const std::size_t skip = bom_fits ? bom->length : 0;
            if (unit == 2)
                decode_utf16(bytes, skip, little, d);
            else
                decode_utf32(bytes, skip, little, d);
            return d;
        }
        default: break;
    }
    const std::string name(r.entry ? r.entry->decoder : charset);
    // A single-byte charset needs no handle once its table is made
    const single_byte_table* table = f == family::single_byte && !name.empty() ? single_byte_table_of("UTF-8", name) : nullptr;
    std::optional<iconv_handle> cd;
    if (table == nullptr) cd.emplace("UTF-8", name.empty() ? std::string("-") : name);  // a registered name without decoder
    if (name.empty() || (table == nullptr && !cd->valid())) {
        d.error = "unknown charset '" + std::string(charset) + "'";
        return d;
    }
    d.utf8.reserve(bytes.size() + bytes.size() / 4);  // mostly ASCII; CJK text grows by half
    decode_sink sink{bytes, d};
    if (table != nullptr) decode_single_byte(bytes, *table, sink);
    else legacy_decoder<decode_sink>(bytes, f, *cd, sink).run();
    return d;
}

namespace {

// Keeps only the invalid sequences, the first `limit` of them: the text is not kept.
struct invalid_sink {
    std::vector<invalid_sequence>& out;
    std::size_t limit;
    void ascii(std::size_t, std::size_t) {}
    void character(std::size_t, std::size_t, std::string_view) {}
    void characters(std::size_t, std::span<const std::uint8_t>, std::string_view) {}
    void invalid(std::size_t off, std::size_t len) {
        if (out.size() < limit) out.push_back({off, len});
    }
};

}  // namespace

std::vector<invalid_sequence> find_invalid(std::string_view bytes, std::string_view charset, std::size_t limit) {
    std::vector<invalid_sequence> out;
    const auto r = lookup(charset);
    const family f = r.entry ? r.entry->fam : family::generic;
    if (f == family::utf8) {
        const std::size_t skip = bom_length_for(bytes, "UTF-8");
        scan_utf8(bytes.substr(skip), [&](std::size_t off, std::size_t len) {
            if (out.size() < limit) out.push_back({skip + off, len});
        });
        return out;
    }
    const bool wide = f == family::utf16 || f == family::utf16le || f == family::utf16be || f == family::utf32 ||
                      f == family::utf32le || f == family::utf32be;
    if (wide) {  // never ASCII-safe: such files are converted whole anyway
        out = decode_to_utf8(bytes, charset).invalid;
        if (out.size() > limit) out.resize(limit);
        return out;
    }
    const std::string name(r.entry ? r.entry->decoder : charset);
    iconv_handle cd("UTF-8", name.empty() ? std::string("-") : name);  // a registered name without decoder
    if (!cd.valid()) return out;
    invalid_sink sink{out, limit};
    legacy_decoder<invalid_sink>(bytes, f, cd, sink).run();
    return out;
}

// ---------------------------------------------------------------------------------------
// Encoding (the way back, for writers that keep a file's charset)

namespace {

using namespace detail::charset_impl;

// One conversion from UTF-8 to a charset, fed in pieces: valid text through iconv (one
// handle, so a stateful encoder keeps its state across the pieces), and, between them, the
// invalid sequences a decoder kept (invalid_policy::keep) as the bytes they were.
class encoder {
public:
    encoder(std::string_view charset, const lookup_result& r)
        : cd_(iconv_name(r.entry ? r.entry->decoder : charset), "UTF-8"),
          fam_(r.entry ? r.entry->fam : family::generic) {}
    [[nodiscard]] bool valid() const noexcept { return cd_.valid(); }

    // (a registered name without decoder opens nothing)
    static std::string iconv_name(std::string_view name) { return name.empty() ? std::string("-") : std::string(name); }

    // False for a character the charset does not have.
    bool text(std::string_view utf8) {
        std::size_t at = 0;
        while (at < utf8.size()) {
            const auto st = cd_.convert(bytes_of(utf8) + at, utf8.size() - at, buf_.data(), buf_.size());
            at += st.consumed;
            out_.append(buf_.data(), st.produced);
            if (st.error != 0 && st.error != E2BIG) return false;
        }
        return true;
    }

    // One invalid sequence of the UTF-8 text: a lone surrogate in its generalized 3-byte form
    // (ED A0..BF 80..BF, how the decoder keeps one of a UTF-16/32 file) as that code unit,
    // anything else as the bytes it is.
    void kept(std::string_view seq) {
        // a stateful encoder (ISO-2022-*) back in its initial state first, where a byte
        // that is no character of it most likely stood
        out_.append(buf_.data(), cd_.flush(buf_.data(), buf_.size()));
        const bool wide = fam_ >= family::utf16 && fam_ <= family::utf32be;
        if (!wide || seq.size() != 3) {
            out_.append(seq);
            return;
        }
        const auto* b = bytes_of(seq);
        const std::uint32_t unit = (std::uint32_t{b[0]} & 0x0F) << 12 | (std::uint32_t{b[1]} & 0x3F) << 6 | (b[2] & 0x3F);
        const bool four = fam_ >= family::utf32;
        // iconv's "UTF-16"/"UTF-32" wrote a byte order mark first: the units follow it
        const bool little = fam_ == family::utf16le || fam_ == family::utf32le ||
                            ((fam_ == family::utf16 || fam_ == family::utf32) && !out_.starts_with("\xFE\xFF") &&
                             !out_.starts_with(std::string_view("\0\0\xFE\xFF", 4)));
        const int n = four ? 4 : 2;
        for (int i = 0; i < n; ++i) {
            const int shift = 8 * (little ? i : n - 1 - i);
            out_.push_back(static_cast<char>((unit >> shift) & 0xFF));
        }
    }

    std::string finish() {
        out_.append(buf_.data(), cd_.flush(buf_.data(), buf_.size()));  // what a stateful encoder (ISO-2022-*) still holds
        return std::move(out_);
    }

private:
    iconv_handle cd_;
    family fam_;
    std::array<char, 4096> buf_{};
    std::string out_;
};

// Where the next invalid sequence starts: its bytes a generalized surrogate (ED A0..BF
// 80..BF) or the maximal subpart validate_utf8 finds.
[[nodiscard]] std::size_t kept_length(std::string_view rest, std::size_t subpart) noexcept {
    const auto* b = bytes_of(rest);
    if (rest.size() >= 3 && b[0] == 0xED && b[1] >= 0xA0 && b[1] <= 0xBF && b[2] >= 0x80 && b[2] <= 0xBF) return 3;
    return subpart;
}

}  // namespace

std::optional<std::string> encode_from_utf8(std::string_view utf8, std::string_view charset, invalid_policy policy) {
    const bool keep = policy == invalid_policy::keep;
    if (!keep && !is_valid_utf8(utf8)) return std::nullopt;
    const auto r = lookup(charset);
    if (r.entry && r.entry->fam == family::utf8) return std::string(utf8);
    encoder e(charset, r);
    if (!e.valid()) return std::nullopt;
    std::size_t done = 0;
    bool ok = true;
    if (keep) {
        scan_utf8(utf8, [&](std::size_t off, std::size_t len) {
            if (!ok || off < done) return;  // (inside a surrogate taken whole)
            ok = e.text(utf8.substr(done, off - done));
            const std::size_t n = kept_length(utf8.substr(off), len);
            e.kept(utf8.substr(off, n));
            done = off + n;
        });
    }
    if (!ok || !e.text(utf8.substr(done))) return std::nullopt;  // a character the charset does not have
    return e.finish();
}

}  // namespace sgf
