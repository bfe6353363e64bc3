// Charset names: the table of the charsets sgfcheck knows (IANA names and aliases, the
// decoder each uses), the lookup of a CA[] value, and byte order marks (sgf/charset.hpp).
#include <algorithm>
#include <string>
#include <vector>

#include "input/charset_detail.hpp"
#include "input/charset_registry.hpp"

namespace sgf {

namespace detail::charset_impl {

namespace {

[[nodiscard]] char lower(char c) noexcept {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

[[nodiscard]] bool iequals(std::string_view a, std::string_view b) noexcept {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

// Lower case without '-', '_', '.' and spaces: "ISO8859_1" and "iso-8859-1" meet as "iso88591".
[[nodiscard]] bool loose_equals(std::string_view a, std::string_view b) noexcept {
    auto skip = [](char c) { return c == '-' || c == '_' || c == '.' || c == ' ' || c == '\t'; };
    std::size_t i = 0, j = 0;
    for (;;) {
        while (i < a.size() && skip(a[i])) ++i;
        while (j < b.size() && skip(b[j])) ++j;
        if (i == a.size() || j == b.size()) return i == a.size() && j == b.size();
        if (lower(a[i]) != lower(b[j])) return false;
        ++i;
        ++j;
    }
}

// Canonical names and aliases follow the IANA charset registry (RFC 1345 and updates), as
// the CA property asks. Decoders follow the WHATWG Encoding Standard where real files need
// a superset: files labelled GB2312 contain GBK characters, Shift_JIS files contain CP932
// ones (and glibc's SHIFT_JIS turns '\' into U+00A5, which would break SGF escapes).
constexpr charset_entry charsets[] = {
    {"UTF-8", "UTF-8", family::utf8, {"csUTF8"}, {}},
    // RFC 1345, which the CA property names, lists "ASCII" among the aliases of ANSI_X3.4-1968
    // (the IANA registry no longer does).
    {"US-ASCII", "US-ASCII", family::single_byte,
     {"iso-ir-6", "ANSI_X3.4-1968", "ANSI_X3.4-1986", "ISO_646.irv:1991", "ASCII", "ISO646-US", "us", "IBM367",
      "cp367", "csASCII"},
     {}},
    {"ISO-8859-1", "ISO-8859-1", family::single_byte,
     {"ISO_8859-1:1987", "iso-ir-100", "ISO_8859-1", "latin1", "l1", "IBM819", "CP819", "csISOLatin1"},
     {"ISO-Latin-1"}},
    {"ISO-8859-2", "ISO-8859-2", family::single_byte,
     {"ISO_8859-2:1987", "iso-ir-101", "ISO_8859-2", "latin2", "l2", "csISOLatin2"}, {}},
    {"ISO-8859-5", "ISO-8859-5", family::single_byte,
     {"ISO_8859-5:1988", "iso-ir-144", "ISO_8859-5", "cyrillic", "csISOLatinCyrillic"}, {}},
    {"ISO-8859-7", "ISO-8859-7", family::single_byte,
     {"ISO_8859-7:1987", "iso-ir-126", "ISO_8859-7", "ELOT_928", "ECMA-118", "greek", "greek8", "csISOLatinGreek"}, {}},
    {"ISO-8859-9", "ISO-8859-9", family::single_byte,
     {"ISO_8859-9:1989", "iso-ir-148", "ISO_8859-9", "latin5", "l5", "csISOLatin5"}, {}},
    {"ISO-8859-15", "ISO-8859-15", family::single_byte, {"ISO_8859-15", "Latin-9", "csISO885915"}, {}},
    {"windows-1250", "WINDOWS-1250", family::single_byte, {"cswindows1250"}, {"cp1250", "win1250"}},
    {"windows-1251", "WINDOWS-1251", family::single_byte, {"cswindows1251"}, {"cp1251", "win1251"}},
    {"windows-1252", "WINDOWS-1252", family::single_byte, {"cswindows1252"}, {"cp1252", "win1252"}},
    {"KOI8-R", "KOI8-R", family::single_byte, {"csKOI8R"}, {}},
    {"KOI8-U", "KOI8-U", family::single_byte, {"csKOI8U"}, {}},
    {"GB2312", "GB18030", family::gb18030, {"csGB2312"}, {"EUC-CN"}},
    {"GBK", "GB18030", family::gb18030, {"CP936", "MS936", "windows-936", "csGBK"}, {}},
    {"GB18030", "GB18030", family::gb18030, {"csGB18030"}, {}},
    {"Big5", "BIG5-HKSCS", family::big5, {"csBig5"}, {"CP950", "CN-Big5"}},
    {"Big5-HKSCS", "BIG5-HKSCS", family::big5, {}, {"HKSCS"}},
    {"EUC-KR", "CP949", family::cp949, {"csEUCKR"}, {"CP949", "UHC", "windows-949", "MS949"}},
    {"KS_C_5601-1987", "CP949", family::cp949,
     {"iso-ir-149", "KS_C_5601-1989", "KSC_5601", "korean", "csKSC56011987"}, {}},
    {"Shift_JIS", "CP932", family::sjis, {"MS_Kanji", "csShiftJIS"}, {"SJIS", "x-sjis"}},
    {"Windows-31J", "CP932", family::sjis, {"csWindows31J"}, {"CP932", "MS932", "windows-932"}},
    {"EUC-JP", "EUC-JP", family::eucjp,
     {"Extended_UNIX_Code_Packed_Format_for_Japanese", "csEUCPkdFmtJapanese"}, {"x-euc-jp"}},
    {"ISO-2022-JP", "ISO-2022-JP", family::generic, {"csISO2022JP"}, {}},
    {"UTF-16", "UTF-16", family::utf16, {"csUTF16"}, {"UCS-2"}},
    {"UTF-16LE", "UTF-16LE", family::utf16le, {"csUTF16LE"}, {}},
    {"UTF-16BE", "UTF-16BE", family::utf16be, {"csUTF16BE"}, {}},
    {"UTF-32", "UTF-32", family::utf32, {"csUTF32"}, {"UCS-4"}},
    {"UTF-32LE", "UTF-32LE", family::utf32le, {"csUTF32LE"}, {}},
    {"UTF-32BE", "UTF-32BE", family::utf32be, {"csUTF32BE"}, {}},
};


}  // namespace

[[nodiscard]] charset_info info_of(const charset_entry& e) noexcept {
    charset_info i;
    i.name = e.name;
    i.decoder = e.decoder;
    switch (e.fam) {
        case family::utf16:
        case family::utf16le:
        case family::utf16be:
        case family::utf32:
        case family::utf32le:
        case family::utf32be:
            i.unit = e.fam == family::utf16 || e.fam == family::utf16le || e.fam == family::utf16be ? 2 : 4;
            i.ascii_compatible = false;
            i.ascii_safe = false;
            break;
        case family::gb18030:
        case family::big5:
        case family::cp949:
        case family::sjis:
        case family::generic:
            i.ascii_safe = false;  // trail bytes (or ISO-2022 text) in 0x21..0x7E
            break;
        case family::not_ascii:
            i.ascii_compatible = false;
            i.ascii_safe = false;
            break;
        default:
            break;
    }
    return i;
}

namespace {

// The registry's charsets as entries of the table: decoded by the first of their names iconv
// knows (none: no decoder, decoding fails); of family not_ascii when the registry's data says
// ASCII text is other bytes in it (not_ascii_charsets: the same verdict in every build,
// whatever its iconv holds), generic when stateful or without a decoder, else single_byte. Built once, on the
// first name the main table does not know.
const std::vector<charset_entry>& registered_entries() {
    static const std::vector<charset_entry> entries = [] {
        std::vector<charset_entry> out;
        out.reserve(std::size(detail::registered_charsets));
        for (const detail::registered_charset& r : detail::registered_charsets) {
            charset_entry e{r.name, "", family::generic, {}, {}};
            for (std::size_t k = 0; k < r.aliases.size() && k < e.aliases.size(); ++k) e.aliases[k] = r.aliases[k];
            const bool not_ascii = std::find(std::begin(detail::not_ascii_charsets), std::end(detail::not_ascii_charsets),
                                             r.name) != std::end(detail::not_ascii_charsets);
            const bool stateful = r.name.starts_with("ISO-2022") || r.name == "JIS_Encoding" ||
                                  r.name == "ISO-10646-UTF-1" || r.name.starts_with("Extended_UNIX_Code");
            std::vector<std::string_view> names{r.name};
            for (const std::string_view a : r.aliases)
                if (!a.empty()) names.push_back(a);
            for (const std::string_view n : names)
                if (iconv_handle cd("UTF-8", std::string(n)); cd.valid()) {
                    e.decoder = n;
                    break;
                }
            e.fam = not_ascii ? family::not_ascii : stateful || e.decoder.empty() ? family::generic : family::single_byte;
            out.push_back(e);
        }
        return out;
    }();
    return entries;
}

// The entry of a name or alias of the IANA registry (charset_registry.hpp) that the table
// above does not hold.
lookup_result lookup_registered(std::string_view label) noexcept {
    const std::vector<charset_entry>* entries = nullptr;
    try {
        entries = &registered_entries();
    } catch (...) {  // std::bad_alloc on the first use
        return {};
    }
    for (const charset_entry& e : *entries) {
        if (iequals(label, e.name)) return {&e, charset_spelling::preferred};
        for (const std::string_view a : e.aliases)
            if (!a.empty() && iequals(label, a)) return {&e, charset_spelling::registered};
    }
    return {};
}

}  // namespace

[[nodiscard]] lookup_result lookup(std::string_view label) noexcept {
    // charset names are case-insensitive (the registry: "no distinction is made between use
    // of upper and lower case letters"): CA[utf-8] is the preferred name
    for (const auto& e : charsets)
        if (iequals(label, e.name)) return {&e, charset_spelling::preferred};
    for (const auto& e : charsets)
        for (auto a : e.aliases)
            if (!a.empty() && iequals(label, a)) return {&e, charset_spelling::registered};
    if (const lookup_result r = lookup_registered(label); r.entry) return r;
    for (const auto& e : charsets) {
        if (loose_equals(label, e.name)) return {&e, charset_spelling::misspelled};
        for (auto a : e.aliases)
            if (!a.empty() && loose_equals(label, a)) return {&e, charset_spelling::misspelled};
        for (auto a : e.unofficial)
            if (!a.empty() && loose_equals(label, a)) return {&e, charset_spelling::misspelled};
    }
    return {};
}

[[nodiscard]] const charset_entry& entry_named(std::string_view canonical) noexcept {
    for (const auto& e : charsets)
        if (e.name == canonical) return e;
    return charsets[0];  // unreachable for the names used in this file
}

}  // namespace detail::charset_impl

using namespace detail::charset_impl;

std::optional<bom_info> detect_bom(std::string_view bytes) noexcept {
    auto starts = [&](std::string_view m) { return bytes.substr(0, m.size()) == m; };
    using namespace std::string_view_literals;
    if (starts("\xEF\xBB\xBF"sv)) return bom_info{"UTF-8", 3};
    if (starts("\xFF\xFE\x00\x00"sv)) return bom_info{"UTF-32LE", 4};  // before UTF-16LE: same prefix
    if (starts("\x00\x00\xFE\xFF"sv)) return bom_info{"UTF-32BE", 4};
    if (starts("\xFF\xFE"sv)) return bom_info{"UTF-16LE", 2};
    if (starts("\xFE\xFF"sv)) return bom_info{"UTF-16BE", 2};
    return std::nullopt;
}

std::optional<charset_match> find_charset(std::string_view label) noexcept {
    const auto r = lookup(label);
    if (!r.entry) return std::nullopt;
    return charset_match{info_of(*r.entry), r.spelling};
}

bool charset_compatible(std::string_view declared, std::string_view actual) noexcept {
    const auto d = lookup(declared), a = lookup(actual);
    if (!d.entry || !a.entry) return declared == actual;
    if (d.entry == a.entry || (!d.entry->decoder.empty() && d.entry->decoder == a.entry->decoder)) return true;
    return a.entry->name == "US-ASCII" && info_of(*d.entry).ascii_compatible;
}

}  // namespace sgf
