// The rule table as the front ends use it (sgf/app/codes.hpp).
#include "sgf/app/codes.hpp"

#include <array>

#include "sgf/diagnostic.hpp"
#include "sgf/properties.hpp"

namespace sgf::app {

namespace {

// The rule row of a printed code: by its number (the letter is the level in effect).
const rule_row* row_of(std::string_view code) {
    if (code.size() < 2) return nullptr;
    return find_rule(code.substr(1));
}

std::string three_digits(unsigned n) { return std::to_string(1000 + n).substr(1); }

// The letters rule r prints with under profile p in some FF version, in the order E, W, I
// (the levels as findings.cpp and input_report.cpp grade them).
std::string letters_of(const rule_row& r, profile p, bool lenient) {
    std::array<bool, 3> at{};  // by severity
    for (int ff = 1; ff <= 4; ++ff) {
        rule_level l = level_of(r.id, p, ff);
        if (lenient && r.recovery && l == rule_level::error) l = rule_level::warning;
        if (l != rule_level::off) at[static_cast<std::size_t>(severity_of(l))] = true;
    }
    std::string out;
    for (std::size_t k = 0; k < at.size(); ++k)
        if (at[k]) out += "EWI"[k];
    return out;
}

}  // namespace

std::optional<code_meaning> meaning_of(std::string_view code) {
    if (const rule_row* r = row_of(code)) return code_meaning{r->title, r->source, r->hint, r->sentence};
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

std::string matches_nothing(const code_selector& entry, profile p, bool lenient) {
    for (const rule_row& r : all_rules()) {
        if (!three_digits(r.number).starts_with(entry.digits)) continue;
        const std::string letters = letters_of(r, p, lenient);
        if (entry.letter == 0 ? !letters.empty() : letters.find(entry.letter) != std::string::npos) return {};
    }
    const std::string under = "--profile=" + std::string(info(p).name) + (lenient ? " --lenient" : "");
    std::string out = entry.spelling() + " matches nothing under " + under;
    const rule_row* r = entry.digits.size() == 3 ? find_rule(entry.digits) : nullptr;
    if (!r) return out + ": no code " + entry.spelling() + "... is printed there";
    const std::string letters = letters_of(*r, p, lenient);
    out += ": rule " + entry.digits + " (" + std::string(r->title) + ") ";
    if (letters.empty()) return out + "is not reported there";
    out += "is ";
    for (std::size_t k = 0; k < letters.size(); ++k) out += (k ? " or " : "") + std::string(1, letters[k]) + entry.digits;
    out += " there; use " + entry.digits;
    if (letters.size() == 1) out += " or " + std::string(1, letters[0]) + entry.digits;
    return out;
}

}  // namespace sgf::app
