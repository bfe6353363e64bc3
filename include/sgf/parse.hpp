#pragma once
// Parsing SGF bytes into a collection. The strict grammar is the FF[4] EBNF (000_*);
// when it does not match, a recovering pass reports every problem it can find in one
// pass (each with its own code and position) and still builds the tree it could read.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/diagnostic.hpp"
#include "sgf/read_file.hpp"  // sgf::read_file: parse_file reads with it
#include "sgf/tree.hpp"

namespace sgf {

struct parse_options {
    // Recoveries are reported as warnings instead of errors (real-world files); "no game
    // tree" (E001) stays an error.
    bool lenient = false;
    // The levels of the parser's findings follow the profile (e.g. "()" is allowed by 002_*).
    profile prof = profile::ff4;
};

struct parse_result {
    collection trees;
    std::vector<diagnostic> diagnostics;  // in file order
    [[nodiscard]] bool ok() const noexcept { return !has_errors(diagnostics); }
};

// Parses SGF text (bytes as they are; the input stage in input.hpp reads charsets). Takes
// the bytes: they stay alive inside the tree (values are views into them). To read a
// file, use parse_file (or sgf::load_file for charset handling).
[[nodiscard]] parse_result parse(std::string bytes, const parse_options& options = {});
[[nodiscard]] inline parse_result parse(std::string_view text, const parse_options& options = {}) {
    return parse(std::string(text), options);
}
// Deleted, so that a file name cannot be parsed as SGF text by mistake: sgf::parse("game.sgf")
// and sgf::parse(std::filesystem::path("game.sgf")) do not compile. To read a file, call
// sgf::parse_file(path); for text in a literal, write sgf::parse(std::string_view("(;...)")) or "(;...)"sv.
parse_result parse(const char* text_or_file_name, const parse_options& options = {}) = delete;  // use parse_file(path) or a string_view
parse_result parse(const std::filesystem::path& file, const parse_options& options = {}) = delete;  // use sgf::parse_file(path)

// Reads a whole file and parses it; throws std::system_error when it cannot be read.
[[nodiscard]] parse_result parse_file(const std::filesystem::path& path, const parse_options& options = {});


// Maps a byte offset of `bytes` to a 1-based line and column; line breaks are LF, CR,
// CRLF and LFCR, each counting as one (000_* "Formatting").
[[nodiscard]] position position_in(std::string_view bytes, std::uint64_t offset);

}  // namespace sgf
