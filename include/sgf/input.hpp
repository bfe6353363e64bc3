#pragma once
// Reading an SGF file as text: byte order marks, the charset (CA[], an explicit override,
// or a guess), conversion to UTF-8, and every finding about them as a diagnostic.
//
// How the charset is chosen, first match wins:
//   1. the charset given by the caller (sgfcheck --charset NAME), I004;
//   2. a UTF-16 or UTF-32 byte order mark (W001; W007 when CA says otherwise);
//   3. CA[] of the first game tree's root (W003 misspelled, I001 alias, W004 unknown);
//   4. a guess from the bytes (guess_charset: UTF-8 validity first, then the CJK
//      charsets), I002 or W006 with its reason. All-ASCII files need no guess.
// UTF-16/32 and the charsets whose multi-byte characters may contain ASCII bytes
// (charset_info::ascii_safe false: GB18030, Shift_JIS, Big5, CP949, ...) are converted to
// UTF-8 as a whole before parsing, so that a ']' or '\' trail byte never ends a value
// (SGFC -E1); positions still name the file's bytes (I003). Other charsets are parsed as
// they are and their values decoded on demand (`utf8`), so each game tree may use its own CA.
// Bytes that are not a character of the charset are reported (W005) and kept verbatim,
// never dropped (invalid_policy::keep).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sgf/parse.hpp"

namespace sgf {

namespace detail {
struct source;
}

enum class charset_origin : std::uint8_t {
    ascii,     // no CA and every byte is ASCII: any ASCII-compatible charset reads it
    option,    // given by the caller
    bom,       // byte order mark
    declared,  // CA[] of the game tree's root
    guessed,   // guess_charset
};

struct load_options {
    bool lenient = false;  // parse_options::lenient
    std::string charset{}; // overrides BOM, CA and the guess when not empty (any find_charset
                           // spelling, or a name iconv knows); unknown: std::invalid_argument
    profile prof = profile::ff4;  // parse_options::prof (check_file sets it from check_options)
};

struct load_result : parse_result {
    std::string charset = "US-ASCII";  // canonical name the file's text is read in
    charset_origin origin = charset_origin::ascii;
    bool converted = false;  // converted to UTF-8 as a whole before parsing: values are UTF-8
    // A converted file where bytes that are no character of its charset (W023, kept
    // verbatim) read as UTF-8 text in the converted text ("D0 9F" in Big5: U+041F): the first
    // such place, else unknown (byte npos). Such a text cannot be written back in the charset
    // without changing those bytes: sgfcheck fmt refuses it (fix writes UTF-8, bytes kept).
    position kept_as_text{};
    std::vector<std::string> tree_charsets;  // per top-level game tree (its own CA where
                                             // it can be honoured, else `charset`)

    // A raw value of top-level game tree `tree` in UTF-8, escapes untouched; invalid
    // sequences kept verbatim. Returns `raw` itself when there is nothing to decode.
    [[nodiscard]] std::string utf8(std::string_view raw, std::size_t tree) const;
    // Whether utf8(raw, tree) has anything to decode (non-ASCII bytes of a tree read in a
    // legacy charset); when not, raw is already its UTF-8 form and needs no copy.
    [[nodiscard]] bool decodes(std::size_t tree, std::string_view raw) const noexcept;

    // The text the trees were parsed from: the UTF-8 conversion, or the file's bytes.
    // Views of this result's bytes: none of a temporary result (it may own the only copy).
    [[nodiscard]] std::string_view text() const& noexcept SGF_LIFETIMEBOUND;
    std::string_view text() && = delete;
    // The file's bytes as load() took them (kept, not copied: the trees' values view them
    // unless the file was converted).
    [[nodiscard]] std::string_view bytes() const& noexcept SGF_LIFETIMEBOUND;
    std::string_view bytes() && = delete;
    // Offset in text() of a file byte offset (the identity unless converted).
    [[nodiscard]] std::uint64_t text_offset(std::uint64_t file_offset) const noexcept;

    std::shared_ptr<const detail::source> source;  // set when converted
    std::shared_ptr<const detail::source> file;    // the file's bytes
};

// SGF in memory: the bytes of a file, as read (or made). A type of its own, so that no
// function takes SGF and a file name in one type: load(file_bytes) and check_file(file_bytes)
// read the bytes given, load_file(path) and check_file(path) the file named. So
// sgf::load("game.sgf") and sgf::load(name) do not compile (a name is no file_bytes), and
// sgf::check_file("game.sgf") reads game.sgf.
struct file_bytes {
    file_bytes() = default;                                              // no bytes
    explicit file_bytes(std::string b) noexcept : bytes(std::move(b)) {}  // taken, not copied
    explicit file_bytes(std::string_view b) : bytes(b) {}
    explicit file_bytes(const char* b) : bytes(b) {}
    std::string bytes;
};

// Takes the file's bytes.
[[nodiscard]] load_result load(file_bytes bytes, const load_options& options = {});
// Reads and loads a file; throws std::system_error when it cannot be read.
[[nodiscard]] load_result load_file(const std::filesystem::path& path, const load_options& options = {});

}  // namespace sgf
