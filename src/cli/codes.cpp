// The code table as the CLI uses it (codes.hpp).
#include "codes.hpp"

#include "sgf/diagnostic.hpp"

namespace sgf::cli {

namespace {

// The table row of a printed code: the exact code, else the row with its number.
const code_info* row_of(std::string_view code) {
    if (const code_info* c = find_code(code)) return c;
    if (code.size() < 2) return nullptr;
    for (const code_info& c : all_codes())
        if (c.code.substr(1) == code.substr(1)) return &c;
    return nullptr;
}

}  // namespace

std::optional<code_meaning> meaning_of(std::string_view code) {
    if (const code_info* c = row_of(code)) return code_meaning{c->title, c->source};
    return std::nullopt;
}

bool is_number_prefix(std::string_view digits) {
    for (const code_info& c : all_codes())
        if (c.code.substr(1).starts_with(digits)) return true;
    return false;
}

std::string current_spelling(std::string code) {
    if (const code_info* c = find_code(code)) return std::string(c->code);
    return code;
}

}  // namespace sgf::cli
