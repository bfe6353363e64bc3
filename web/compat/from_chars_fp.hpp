#pragma once
// The WebAssembly build only (web/CMakeLists.txt force-includes this header): the libc++ of
// Debian's emscripten 3.1.6 (LLVM 14) has std::from_chars for integers but not for floating
// point (P0067; libc++ added it in LLVM 20), which the library's one real parser uses. This
// is that overload for double, on strtod, with from_chars' rules: no leading white space or
// '+', no hexadecimal under chars_format::general, the "C" locale (emscripten's only one).
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <string>
#include <system_error>

#if defined(__EMSCRIPTEN__) && defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 200000
namespace std {
inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format = chars_format::general) {
    const char* p = first;
    if (p != last && *p == '-') ++p;
    if (p == last || *p == '+' || *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v')
        return {first, errc::invalid_argument};
    // "0x..." is a 0 followed by other text in general format.
    std::string s(first, (p + 1 < last && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) ? p + 1 : last);
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(s.c_str(), &end);
    if (end == s.c_str()) return {first, errc::invalid_argument};
    const char* stop = first + (end - s.c_str());
    if (errno == ERANGE) return {stop, errc::result_out_of_range};
    value = v;
    return {stop, errc{}};
}
}  // namespace std
#endif
