// The rule table as the front ends use it (sgf/app/codes.hpp).
#include "sgf/app/codes.hpp"

#include "sgf/diagnostic.hpp"

namespace sgf::app {

namespace {

// The rule row of a printed code: by its number (the letter is the level in effect).
const rule_row* row_of(std::string_view code) {
    if (code.size() < 2) return nullptr;
    return find_rule(code.substr(1));
}

std::string three_digits(unsigned n) { return std::to_string(1000 + n).substr(1); }

}  // namespace

std::optional<code_meaning> meaning_of(std::string_view code) {
    if (const rule_row* r = row_of(code)) return code_meaning{r->title, r->source};
    return std::nullopt;
}

bool is_number_prefix(std::string_view digits) {
    for (const rule_row& r : all_rules())
        if (three_digits(r.number).starts_with(digits)) return true;
    return false;
}

std::string current_spelling(std::string code) {
    // An old spelling names the rule it became, with the letter as typed, unless today's
    // codes print that spelling themselves (W202 is E202 lowered in an FF[1]-FF[3] file):
    // docs/diagnostics.md, "Codes before the numbers were made unique".
    for (const code_alias& a : all_code_aliases())
        if (a.old_code == code && !a.shadowed) return code.substr(0, 1) + three_digits(info(a.now).number);
    return code;
}

}  // namespace sgf::app
