#pragma once
// The front ends' view of the code table (sgf/diagnostic.hpp): everything check, --select,
// --statistics and SARIF need to know about a printed code goes through here, so that a
// change of the table's interface touches one file.
#include <optional>
#include <string>
#include <string_view>

#include "sgf/app/selection.hpp"
#include "sgf/diagnostic.hpp"

namespace sgf::app {

struct code_meaning {
    std::string_view title;   // one line: what the finding means
    std::string_view source;  // the spec section it stands on
    std::string_view hint;      // how to fix it
    std::string_view sentence;  // the spec's own words the level stands on, or "-"
};

// The meaning of a printed code ("E111", also "W111": the letter is the level in effect).
[[nodiscard]] std::optional<code_meaning> meaning_of(std::string_view code);
// Whether some code's number starts with `digits` ("1", "11", "111").
[[nodiscard]] bool is_number_prefix(std::string_view digits);
// A full code as a user typed it, in today's spelling (an old spelling of a renumbered code
// names the code it became); other text unchanged.
[[nodiscard]] std::string current_spelling(std::string code);

// Why a selection entry matches no code a run under profile `p` can print (in any FF
// version; --lenient lowers parser recoveries from error to warning), naming what the entry
// meant: "E114 matches nothing under --profile=current: rule 114 (...) is W114 there; use
// 114 or W114". Empty when the entry matches some code.
[[nodiscard]] std::string matches_nothing(const code_selector& entry, profile p, bool lenient);

}  // namespace sgf::app
