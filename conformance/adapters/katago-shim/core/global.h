// Shim (see ../README.md): the parts of KataGo's core/global.h that dataio/sgf.cpp uses.
#pragma once
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

struct StringError : std::exception {
    std::string message;
    explicit StringError(const char* m) : message(m) {}
    explicit StringError(const std::string& m) : message(m) {}
    const char* what() const noexcept override { return message.c_str(); }
};
struct IOError final : StringError {
    using StringError::StringError;
};

#define ASSERT_UNREACHABLE throw StringError("unreachable (shim)")

// A struct of two or three named fields with a constructor, as KataGo's macros make.
#define STRUCT_NAMED_PAIR(A, a, B, b, NAME) \
    struct NAME {                           \
        A a;                                \
        B b;                                \
        NAME() = default;                   \
        NAME(A a_, B b_) : a(a_), b(b_) {}  \
    }
#define STRUCT_NAMED_TRIPLE(A, a, B, b, C, c, NAME)   \
    struct NAME {                                     \
        A a;                                          \
        B b;                                          \
        C c;                                          \
        NAME() = default;                             \
        NAME(A a_, B b_, C c_) : a(a_), b(b_), c(c_) {} \
    }

template <class T>
bool contains(const std::vector<T>& v, const T& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}
template <class K, class V>
bool contains(const std::map<K, V>& m, const char* k) {
    return m.find(K(k)) != m.end();
}
inline bool contains(const std::vector<std::string>& v, const char* x) { return std::find(v.begin(), v.end(), std::string(x)) != v.end(); }
inline bool contains(const std::string& s, char c) { return s.find(c) != std::string::npos; }
inline bool contains(const std::string& s, const char* t) { return s.find(t) != std::string::npos; }
inline bool contains(const std::string& s, const std::string& t) { return s.find(t) != std::string::npos; }
template <class K, class V, class Q>
bool contains(const std::map<K, V>& m, const Q& k) {
    return m.find(K(k)) != m.end();
}
template <class K, class V, class Q>
const V& map_get(const std::map<K, V>& m, const Q& k) {
    const auto it = m.find(K(k));
    if (it == m.end()) throw StringError("map_get: key not found");
    return it->second;
}
template <class K>
bool contains(const std::set<K>& m, const K& k) {
    return m.find(k) != m.end();
}

namespace Global {
std::string strprintf(const char* fmt, ...);
inline std::string intToString(int x) { return std::to_string(x); }
inline std::string int64ToString(int64_t x) { return std::to_string(x); }
inline std::string sizeToString(size_t x) { return std::to_string(x); }
inline std::string floatToString(float x) {
    std::ostringstream o;
    o << x;
    return o.str();
}
inline std::string doubleToString(double x) {
    std::ostringstream o;
    o << x;
    return o.str();
}
bool tryStringToInt(const std::string& s, int& x);
bool tryStringToFloat(const std::string& s, float& x);
bool tryStringToDouble(const std::string& s, double& x);
int stringToInt(const std::string& s);
std::string trim(const std::string& s, const char* delims = " \t\r\n\v\f");
std::string toLower(const std::string& s);
std::string toUpper(const std::string& s);
bool isPrefix(const std::string& s, const std::string& prefix);
bool isSuffix(const std::string& s, const std::string& suffix);
std::string chopPrefix(const std::string& s, const std::string& prefix);
std::string chopSuffix(const std::string& s, const std::string& suffix);
std::vector<std::string> split(const std::string& s, char delim);
std::vector<std::string> split(const std::string& s);
std::string stripComments(const std::string& s);
inline bool isWhitespace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
inline bool isAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
}  // namespace Global
