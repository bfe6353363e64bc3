// Over 500 lines on purpose: the rule table is data, one row per kind of finding with its
// level per profile and FF version, its meaning, hint and spec sentence; split, a rule's
// rows would no longer be read in one place.
// The rule rows: one row per kind of finding (include/sgf/diagnostic.hpp). A level is graded
// from the spec's own words for the version the file declares: an error is what the spec
// forbids (the EBNF and value-type grammar, "must", "illegal", "not allowed", "only ...
// allowed"); what it recommends ("should", "bad style"), a parenthesised "(range: ...)"
// and what 002_* documents as common practice are warnings. Rules whose text is FF[4]'s
// alone (ff4_changes.txt: "From FF[3] to FF[4]") apply to FF[4] files; in FF[1]-FF[3] files
// they are at most a warning that names the FF[4] rule (`outside`).
// The rows themselves are in include/sgf/detail/rules.def (the enum is made of the same
// list); docs/diagnostics.md lists every row; tests/diagnostics_doc_test.cpp checks it and
// writes it.
#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <ostream>
#include <string>

#include "sgf/diagnostic.hpp"

namespace sgf {

namespace {

using enum rule_level;
using st = rule_stage;
using gr = rule_grouping;

// level per profile: ff4, current, hex
constexpr std::array<rule_level, profile_count> all(rule_level l) { return {l, l, l}; }
constexpr std::array<rule_level, profile_count> lv(rule_level ff4, rule_level current, rule_level hex) {
    return {ff4, current, hex};
}

constexpr rule_row rows[] = {
#define SGF_RULE(id, number, ...) {rule::id, number, #id, __VA_ARGS__},
#include "sgf/detail/rules.def"
#undef SGF_RULE
};

constexpr rule_row none_row{rule::none, 0, "none", st::checker, all(off), every_ff, off, false, gr::each, "no finding",
                            "", "-", "-", "-"};

constexpr std::size_t rule_count = std::size(rows) + 1;  // with rule::none

// (The enum and the rows come from the one list of sgf/detail/rules.def: a row for every
// rule, in enum order, by construction.)

constexpr bool numbers_unique_and_ordered = [] {
    for (std::size_t k = 0; k < std::size(rows); ++k) {
        if (rows[k].number == 0 || rows[k].number > 999) return false;
        if (k > 0 && rows[k - 1].number >= rows[k].number) return false;
    }
    return true;
}();
static_assert(numbers_unique_and_ordered, "numbers 1..999, unique, ascending");

// The printed codes: "E101", "W101", "I101" per rule, in one static table.
constexpr auto code_texts = [] {
    std::array<std::array<std::array<char, 5>, 3>, rule_count> t{};
    for (std::size_t k = 0; k < std::size(rows); ++k) {
        const unsigned n = rows[k].number;
        constexpr char letters[3] = {'E', 'W', 'I'};  // severity order
        for (std::size_t s = 0; s < 3; ++s)
            t[k + 1][s] = {letters[s], static_cast<char>('0' + n / 100), static_cast<char>('0' + n / 10 % 10),
                           static_cast<char>('0' + n % 10), '\0'};
    }
    return t;
}();

// Old spellings (before 2026-11, when numbers repeated under several letters) -> rule.
constexpr struct {
    std::string_view old_code;
    rule now;
} old_codes[] = {
    {"W001", rule::byte_order_mark},   {"W002", rule::lowercase_ident},   {"W003", rule::ca_misspelled},
    {"W004", rule::ca_unknown},        {"W005", rule::invalid_bytes},     {"W006", rule::charset_uncertain},
    {"W007", rule::ca_contradicts},    {"I001", rule::ca_alias},          {"I002", rule::charset_guessed},
    {"I003", rule::converted_to_utf8}, {"I004", rule::charset_option},    {"W101", rule::unknown_keyword},
    {"I101", rule::unverified_syntax}, {"W201", rule::unknown_property},  {"W202", rule::obsolete_property},
    {"W203", rule::wrong_game},        {"W204", rule::move_in_root},      {"W205", rule::mn_in_root},
    {"W206", rule::move_on_occupied},  {"W207", rule::setup_no_effect},   {"W208", rule::handicap_stones},
    {"I201", rule::long_ident},        {"I202", rule::mixed_ff},          {"I203", rule::mixed_gm},
    {"I204", rule::clears_nothing},
};

constexpr rule_level min_level(rule_level a, rule_level b) noexcept { return a < b ? a : b; }

// Whether r can be printed at severity s: under some profile, FF version or --lenient.
constexpr bool printable(const rule_row& r, severity s) noexcept {
    for (const rule_level l : r.level)
        for (const rule_level cap : {error, r.outside}) {
            const rule_level x = min_level(l, cap);
            if (x != off && severity_of(x) == s) return true;
            if (r.recovery && x == error && s == severity::warning) return true;
        }
    return false;
}

const rule_row* by_number(unsigned n) noexcept {
    const auto* it = std::lower_bound(std::begin(rows), std::end(rows), n,
                                      [](const rule_row& r, unsigned x) { return r.number < x; });
    return it != std::end(rows) && it->number == n ? it : nullptr;
}

constexpr std::size_t alias_count = std::size(old_codes);
const std::array<code_alias, alias_count> aliases = [] {
    std::array<code_alias, alias_count> a{};
    for (std::size_t k = 0; k < alias_count; ++k) {
        const auto& o = old_codes[k];
        const unsigned n = static_cast<unsigned>((o.old_code[1] - '0') * 100 + (o.old_code[2] - '0') * 10 + (o.old_code[3] - '0'));
        const severity s = o.old_code[0] == 'E' ? severity::error : o.old_code[0] == 'W' ? severity::warning : severity::info;
        const rule_row* holder = by_number(n);
        a[k] = {o.old_code, o.now, holder != nullptr && printable(*holder, s)};
    }
    return a;
}();

}  // namespace

std::string_view to_string(severity s) noexcept {
    switch (s) {
        case severity::error: return "error";
        case severity::warning: return "warning";
        case severity::info: return "info";
    }
    return "error";
}

std::string_view to_string(rule_level l) noexcept {
    switch (l) {
        case rule_level::off: return "off";
        case rule_level::info: return "info";
        case rule_level::warning: return "warning";
        case rule_level::error: return "error";
    }
    return "off";
}

std::span<const rule_row> all_rules() noexcept { return rows; }

const rule_row& info(rule r) noexcept {
    const auto k = static_cast<std::size_t>(r);
    return k >= 1 && k < rule_count ? rows[k - 1] : none_row;
}

rule_level level_of(rule r, profile p, int ff) noexcept {
    const rule_row& row = sgf::info(r);
    const rule_level l = row.level[static_cast<std::size_t>(p)];
    if (ff < 1 || ff > 4) ff = 4;
    return (row.ff & ff_bit(ff)) != 0 ? l : min_level(l, row.outside);
}

std::string_view code_of(rule r, severity s) noexcept {
    const auto k = static_cast<std::size_t>(r);
    if (k == 0 || k >= rule_count) return {};
    return {code_texts[k][static_cast<std::size_t>(s)].data(), 4};
}

std::string_view code_of(rule r) noexcept {
    rule_level l = level_of(r, profile::ff4, 4);
    // off in an FF[4] file under the default profile (W123: FF[1]-FF[3] only; I223, W224:
    // --profile=current only): the code at the highest level it can print
    if (l == rule_level::off)
        for (std::size_t p = 0; p < profile_count; ++p)
            for (int ff = 1; ff <= 4; ++ff) l = std::max(l, level_of(r, static_cast<profile>(p), ff));
    return l == rule_level::off ? code_of(r, severity::error) : code_of(r, severity_of(l));
}

const rule_row* find_rule(std::string_view code) noexcept {
    const auto digits = [](std::string_view d) {
        unsigned n = 0;
        for (const char c : d) {
            if (c < '0' || c > '9') return 0u;
            n = n * 10 + static_cast<unsigned>(c - '0');
        }
        return n;
    };
    if (code.size() == 3) return by_number(digits(code));
    if (code.size() != 4) return nullptr;
    const char letter = code[0];
    if (letter != 'E' && letter != 'W' && letter != 'I') return nullptr;
    for (const code_alias& a : aliases)
        if (a.old_code == code && !a.shadowed) return &sgf::info(a.now);
    return by_number(digits(code.substr(1)));
}

std::span<const code_alias> all_code_aliases() noexcept { return aliases; }

std::string to_string(const diagnostic& d) {
    std::string out;
    if (d.where.known()) out += std::to_string(d.where.line) + ':' + std::to_string(d.where.column) + ": ";
    out += to_string(d.level);
    out += '[';
    out += d.code;
    out += "]: ";
    out += d.message;
    if (!d.hint.empty()) out += " (" + d.hint + ")";
    return out;
}

std::ostream& operator<<(std::ostream& os, const diagnostic& d) { return os << to_string(d); }

diagnostic make_diagnostic(rule r, severity s) {
    diagnostic d;
    d.id = r;
    d.level = s;
    d.code = code_of(r, s);
    return d;
}

}  // namespace sgf
