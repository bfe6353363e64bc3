#pragma once
// The input stage's findings and the pieces of its charset choice that go one game tree at
// a time: load() (src/parse/load.cpp) uses them on a whole file, and the streaming checker
// (check/stream.cpp) on one game tree after another, so both say the same.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/charset.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/input.hpp"
#include "sgf/properties.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

// At most this many W005 per file, then one that says more follow: a file read in the
// wrong charset would otherwise give a line per character.
inline constexpr std::size_t max_invalid_reports = 100;

[[nodiscard]] bool all_ascii(std::string_view s) noexcept;
[[nodiscard]] std::string trim(std::string s);
// Canonical name of a charset (find_charset), or the name itself when only iconv knows it;
// empty when neither does.
[[nodiscard]] std::string canonical_charset(std::string_view name);
// Whether the grammar may scan raw bytes of this charset (charset_info::ascii_safe). Names
// only iconv knows are converted whole: always right, if slower.
[[nodiscard]] bool scannable(std::string_view name);
// Whether `name` reads the printable ASCII characters (and tab, LF, CR) as themselves.
[[nodiscard]] bool reads_ascii(const std::string& name);

// The root's CA property, its identifier read as every stage reads it (ff4_ident_of: the
// upper-case letters). FF[1]-FF[3] readers drop lowercase letters, so "CharSet" is CS, not
// CA: CA exists only in FF[4] (ff1-4_property_index.txt "CA ---4"), which allows no lowercase.
[[nodiscard]] std::optional<property> root_ca(const node& root);

struct charset_choice {
    std::string charset;
    charset_origin origin = charset_origin::ascii;
};

// Collects the input findings with their file positions. A streamed file (window()) has no
// whole file to count lines in: its positions carry the byte offset only (line 0), and the
// caller gives them lines and columns while the bytes are there.
class input_report {
public:
    input_report(std::shared_ptr<const source> raw, bool lenient)
        : raw_(std::move(raw)), bytes_(raw_->view()), lenient_(lenient) {}
    // A streamed file: values of `win` are at file offset `window_at` + their offset.
    explicit input_report(bool lenient) : lenient_(lenient) {}
    void window(const source* win, std::uint64_t window_at) {
        win_ = win;
        window_at_ = window_at;
    }

    void use_source(std::shared_ptr<const source> s) { src_ = std::move(s); }

    // Positions in the file's own bytes carry their byte offset only until resolve() (one
    // pass over the bytes up to the last finding, never a line table of the whole file).
    [[nodiscard]] position at(std::uint64_t file_offset);
    // The position of a value's '['.
    [[nodiscard]] position at(const value& v);
    // The lines and columns of the findings at the file's own bytes (not a streamed file's:
    // its caller counts them).
    void resolve();

    // The input stage's findings do not depend on FF or profile: the row's level (and its
    // lenient form), a message on one line.
    void add(rule r, position where, std::string message, std::string hint);

    // W005 for each invalid sequence (offsets in `bytes`, which start at file offset
    // `bytes_at`), up to the limit.
    void invalid(const std::vector<invalid_sequence>& seqs, std::string_view charset, std::string_view bytes,
                 std::uint64_t bytes_at);

    // Whether the file is ASCII only; a streamed file does not know it yet: `unknown` is
    // called and the answer is false.
    [[nodiscard]] bool ascii_only() const;
    std::function<void()> unknown;

    std::vector<diagnostic> found;

private:
    std::shared_ptr<const source> raw_;  // the file's bytes (not for a streamed file)
    std::string_view bytes_;
    bool lenient_;
    std::shared_ptr<const source> src_;  // their UTF-8 conversion, when there is one
    const source* win_ = nullptr;        // a streamed file's window
    std::uint64_t window_at_ = 0;
    std::size_t invalid_reported_ = 0;
};

// W003 / I001 / W004 about the spelling of one CA value; the canonical name or "".
[[nodiscard]] std::string check_ca_spelling(input_report& rep, const property& ca);

// The first game tree's CA as the file's charset (load() step 3), its spelling checked: its
// canonical name, or "" when it names none or one in which ASCII text is other bytes (W025:
// then the charset is guessed).
[[nodiscard]] std::string first_tree_charset(input_report& rep, const property& ca);
// Whether text in valid UTF-8 under the first tree's CA `name` is worth a finding (a legacy
// charset the grammar scans), and that finding.
[[nodiscard]] bool legacy_charset(const std::string& name);
void report_utf8_under_legacy_ca(input_report& rep, const property& ca, const std::string& name);

// Game tree i's CA (`name`: its canonical name, "" when unusable) against the charset the
// file is read in: findings where it cannot be honoured; returns the charset the tree's
// values are read in.
[[nodiscard]] std::string tree_charset(input_report& rep, std::size_t i, const property* ca, const std::string& name,
                                       const charset_choice& chosen, bool converted);

// W005 in `part` (game tree i's bytes, from its '(' to the next one's; file offset
// `part_at`) read in charset `cs`.
void report_invalid(input_report& rep, std::string_view part, std::uint64_t part_at, const std::string& cs);

}  // namespace sgf::detail
