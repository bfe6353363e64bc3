#pragma once
// The front ends' view of the code table (sgf/diagnostic.hpp): everything check, --select,
// --statistics and SARIF need to know about a printed code goes through here, so that a
// change of the table's interface touches one file.
#include <optional>
#include <string>
#include <string_view>

namespace sgf::app {

struct code_meaning {
    std::string_view title;   // one line: what the finding means
    std::string_view source;  // the spec section it stands on
};

// The meaning of a printed code ("E111", also "W111": the letter is the level in effect).
[[nodiscard]] std::optional<code_meaning> meaning_of(std::string_view code);
// Whether some code's number starts with `digits` ("1", "11", "111").
[[nodiscard]] bool is_number_prefix(std::string_view digits);
// A full code as a user typed it, in today's spelling (an old spelling of a renumbered code
// names the code it became); other text unchanged.
[[nodiscard]] std::string current_spelling(std::string code);

}  // namespace sgf::app
