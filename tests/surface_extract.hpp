#pragma once
// What a user can call, read from the sources (tests/surface_test.cpp holds it against the
// table fuzz/SURFACE.md): the public functions of include/sgf/*.hpp, the options of every
// command as its --help lists them, the Python module's functions and methods as the
// pybind11 sources define them, and the WebAssembly module's functions as its bindings
// export them.
//
// The header reader is no C++ parser, but it fails loudly instead of guessing: every
// declaration at namespace scope and in a public section of a class must be one of the forms
// it knows (a function, a variable or data member, a type, an alias, a friend class, an
// access label, a namespace), or it is reported as not understood (`surface::unknown`).
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace surface {

// --- C++ headers ----------------------------------------------------------------------

// The text without comments, preprocessor lines and the contents of string and character
// literals (kept as "" and ''), so that braces and semicolons in them do not count.
inline std::string code_of(std::string_view s) {
    std::string out;
    bool line_start = true;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (line_start && c == '#') {  // a preprocessor line (with continuations)
            while (i < s.size() && !(s[i] == '\n' && s[i - 1] != '\\')) ++i;
            out += '\n';
            continue;
        }
        if (!std::isspace(static_cast<unsigned char>(c))) line_start = false;
        if (c == '\n') line_start = true;
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            while (i < s.size() && s[i] != '\n') ++i;
            out += '\n';
            line_start = true;
            continue;
        }
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            i = s.find("*/", i + 2);
            if (i == std::string_view::npos) break;
            ++i;
            out += ' ';
            continue;
        }
        if (c == '"' || c == '\'') {
            const bool raw = c == '"' && i > 0 && s[i - 1] == 'R';
            if (raw) {  // R"delim( ... )delim"
                const std::size_t open = s.find('(', i);
                const std::string end = ")" + std::string(s.substr(i + 1, open - i - 1)) + "\"";
                i = s.find(end, open) + end.size() - 1;
            } else {
                for (++i; i < s.size() && s[i] != c; ++i)
                    if (s[i] == '\\') ++i;
            }
            out += c;
            out += c;
            continue;
        }
        out += c;
    }
    return out;
}

inline std::vector<std::string> tokens_of(std::string_view s) {
    static constexpr std::string_view two[] = {"::", "&&", "->", "[[", "]]", "==", "!=", "<=", ">=", "+=", "-=",
                                               "++", "--", "<<", ">>", "||", "*=", "/="};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
            std::size_t e = i;
            while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
            out.emplace_back(s.substr(i, e - i));
            i = e;
        } else if (s.substr(i, 3) == "<=>") {
            out.emplace_back("<=>");
            i += 3;
        } else {
            bool done = false;
            for (const auto t : two)
                if (s.substr(i, 2) == t) {
                    out.emplace_back(t);
                    i += 2;
                    done = true;
                    break;
                }
            if (!done) out.emplace_back(1, s[i++]);
        }
    }
    return out;
}

struct header_result {
    std::set<std::string> functions;  // "node::find &&", "parse", "property::iterator"
    std::vector<std::string> unknown;  // declarations the reader does not understand
};

namespace detail {

// Whether `w` stands in the declaration outside its parenthesised, bracketed and braced groups.
inline bool top_level_has(const std::vector<std::string>& d, const char* w);

inline bool is_ident(const std::string& t) {
    return !t.empty() && (std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '_');
}

inline std::string join(const std::vector<std::string>& ts) {
    std::string s;
    for (const auto& t : ts) s += (s.empty() ? "" : " ") + t;
    return s;
}

// Skips a balanced group starting at ts[i] (one of ( [ { <, or [[); returns the index after it.
inline std::size_t skip_group(const std::vector<std::string>& ts, std::size_t i) {
    const std::string open = ts[i];
    const std::string close = open == "(" ? ")" : open == "[" ? "]" : open == "{" ? "}" : open == "[[" ? "]]" : ">";
    int depth = 0;
    for (; i < ts.size(); ++i) {
        if (ts[i] == open) ++depth;
        else if (ts[i] == close) --depth;
        else if (open == "<" && ts[i] == ">>") depth -= 2;
        if (depth <= 0) return i + 1;
    }
    return i;
}

inline bool top_level_has(const std::vector<std::string>& d, const char* w) {
    for (std::size_t k = 0; k < d.size(); ++k) {
        if (d[k] == "(" || d[k] == "[" || d[k] == "{" || d[k] == "[[") {
            k = skip_group(d, k) - 1;
            continue;
        }
        if (d[k] == w && (k == 0 || d[k - 1] != "operator")) return true;  // (operator= is a name)
    }
    return false;
}

// Classifies one declaration (its tokens, without the final ';' or body) of a public scope.
// `scope` is "" or "node::"; `class_name` the class it is in ("" at namespace scope).
inline void classify(std::vector<std::string> d, const std::string& scope, const std::string& class_name,
                     header_result& r) {
    if (d.empty()) return;
    std::size_t i = 0;
    while (i < d.size() && (d[i] == "template" || d[i] == "[[")) {  // template <...>, [[attributes]]
        i = d[i] == "[[" ? skip_group(d, i) : (i + 1 < d.size() && d[i + 1] == "<" ? skip_group(d, i + 1) : i + 1);
    }
    d.erase(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(i));
    if (d.empty()) return;
    const std::string& first = d[0];
    if (first == "using" || first == "typedef" || first == "static_assert" || first == "namespace") return;
    if (first == "friend" && d.size() > 1 && (d[1] == "class" || d[1] == "struct")) return;
    if ((first == "class" || first == "struct" || first == "enum" || first == "union") &&
        std::find(d.begin(), d.end(), "(") == d.end())
        return;  // a type declared (or defined: its body was read apart)
    // A function: the first '(' at top level that follows a name or an operator, with no '='
    // before it (else it is a variable with an initializer).
    std::size_t paren = d.size();
    for (std::size_t k = 0; k < d.size(); ++k) {
        if (d[k] == "=" && (k == 0 || d[k - 1] != "operator")) break;
        if (d[k] == "<" && k > 0 && is_ident(d[k - 1]) && d[k - 1] != "operator") {
            k = skip_group(d, k) - 1;  // template arguments of a type
            continue;
        }
        if (d[k] == "(" && k > 0) {
            paren = k;
            break;
        }
    }
    if (paren == d.size()) return;  // a variable or data member (maybe with an initializer)
    if (paren + 1 < d.size() && d[paren + 1] == ")" && paren >= 1 && d[paren - 1] == "operator") {
        // operator() : the name is "operator()", its parameters follow
        paren += 2;
        if (paren >= d.size() || d[paren] != "(") {
            r.unknown.push_back(scope + join(d));
            return;
        }
    }
    // the name: "operator" and what follows it, or the identifier before '(' (a destructor: ~X)
    std::string name;
    std::size_t op = paren;
    for (std::size_t k = 0; k < paren; ++k)
        if (d[k] == "operator") op = k;
    // "X::name(" or "X::operator==(": the definition of a member declared in its class (read
    // there), not a declaration of its own
    if ((op < paren ? op : paren - 1) >= 1 && d[(op < paren ? op : paren - 1) - 1] == "::") return;
    if (op < paren) {
        name = "operator";
        for (std::size_t k = op + 1; k < paren; ++k) name += (is_ident(d[k]) && is_ident(name.substr(name.size() - 1)) ? " " : "") + d[k];
    } else if (is_ident(d[paren - 1])) {
        name = d[paren - 1];
        if (paren >= 2 && d[paren - 2] == "~") return;  // destructor
        if (d[paren - 1] == "decltype" || d[paren - 1] == "noexcept" || d[paren - 1] == "alignas") {
            r.unknown.push_back(scope + join(d));
            return;
        }
    } else {
        r.unknown.push_back(scope + join(d));
        return;
    }
    // deleted: not callable
    const std::size_t after = skip_group(d, paren);
    for (std::size_t k = after; k + 1 < d.size(); ++k)
        if (d[k] == "=" && d[k + 1] == "delete") return;
    // the reference qualifier after the parameters
    std::string qualifier;
    for (std::size_t k = after; k < d.size(); ++k) {
        if (d[k] == "=" || d[k] == "->" || d[k] == "{" || d[k] == ":") break;
        if (d[k] == "&" || d[k] == "&&") qualifier = d[k];
    }
    const bool is_friend = std::find(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(paren), "friend") !=
                           d.begin() + static_cast<std::ptrdiff_t>(paren);
    (void)is_friend;  // a friend operator is listed with the class that declares it
    (void)class_name;
    r.functions.insert(scope + name + (qualifier.empty() ? "" : " " + qualifier));
}

}  // namespace detail

// The public functions of one header of include/sgf/ (namespace sgf, not sgf::detail).
inline void read_header(std::string_view text, header_result& r) {
    using namespace detail;
    const std::vector<std::string> ts = tokens_of(code_of(text));
    struct scope {
        enum kind_t { ns, cls, hidden } kind;
        std::string prefix;  // "node::" for members of node
        std::string name;
        bool public_ = true;
    };
    std::vector<scope> stack{{scope::ns, "", "", true}};
    std::vector<std::string> decl;
    auto visible = [&] {
        for (const auto& s : stack)
            if (s.kind == scope::hidden || !s.public_) return false;
        return true;
    };
    for (std::size_t i = 0; i < ts.size(); ++i) {
        const std::string& t = ts[i];
        if (t == "(" || t == "[" || t == "[[") {  // a group: part of the declaration
            const std::size_t e = skip_group(ts, i);
            decl.insert(decl.end(), ts.begin() + static_cast<std::ptrdiff_t>(i), ts.begin() + static_cast<std::ptrdiff_t>(e));
            i = e - 1;
            continue;
        }
        if (t == ";") {
            if (visible()) classify(decl, stack.back().prefix, stack.back().name, r);
            decl.clear();
            continue;
        }
        if (t == ":" && stack.back().kind == scope::cls && decl.size() == 1 &&
            (decl[0] == "public" || decl[0] == "private" || decl[0] == "protected")) {
            stack.back().public_ = decl[0] == "public";
            decl.clear();
            continue;
        }
        if (t == "}") {
            if (stack.size() > 1) stack.pop_back();
            decl.clear();
            // "};" or "} name;": the end of a type; nothing to read
            while (i + 1 < ts.size() && ts[i + 1] != ";" && ts[i + 1] != "}" && stack.back().kind != scope::ns) ++i;
            if (i + 1 < ts.size() && ts[i + 1] == ";") ++i;
            continue;
        }
        if (t == "{") {
            // what opens: a namespace, a class, an enum, a function's body or an initializer
            const auto has = [&](const char* w) { return top_level_has(decl, w); };
            std::size_t head = 0;
            while (head < decl.size() && (decl[head] == "template" || decl[head] == "[[")) {
                head = decl[head] == "[[" ? skip_group(decl, head)
                                          : (head + 1 < decl.size() && decl[head + 1] == "<" ? skip_group(decl, head + 1) : head + 1);
            }
            const std::string kw = head < decl.size() ? decl[head] : "";
            const bool paren = std::find(decl.begin(), decl.end(), "(") != decl.end();
            if (kw == "namespace" || (decl.size() == 2 && decl[0] == "extern")) {
                const std::string name = decl.size() > 1 ? decl[1] : "";
                const bool hidden = name.empty() || name == "detail" || stack.back().kind == scope::hidden;
                stack.push_back({hidden ? scope::hidden : scope::ns, stack.back().prefix, name, true});
                decl.clear();
                continue;
            }
            if ((kw == "class" || kw == "struct" || kw == "union") && !paren && !has("=")) {
                std::size_t k = head + 1;
                while (k < decl.size() && decl[k] == "[[") k = skip_group(decl, k);
                const std::string name = k < decl.size() && is_ident(decl[k]) ? decl[k] : "";
                const bool iterator = name.size() >= 8 && name.compare(name.size() - 8, 8, "iterator") == 0;
                if (iterator && visible()) r.functions.insert(stack.back().prefix + name);  // one row: the type and its operators
                const bool hide = iterator || name.empty() || stack.back().kind == scope::hidden;
                stack.push_back({hide ? scope::hidden : scope::cls, stack.back().prefix + name + "::", name, kw != "class"});
                decl.clear();
                continue;
            }
            if (kw == "enum" && !paren) {
                i = skip_group(ts, i) - 1;
                continue;  // the declaration goes on to its ';'
            }
            if (paren && !has("=")) {  // a function with its body
                if (visible()) classify(decl, stack.back().prefix, stack.back().name, r);
                decl.clear();
                i = skip_group(ts, i) - 1;
                continue;
            }
            // an initializer: part of the declaration
            const std::size_t e = skip_group(ts, i);
            decl.insert(decl.end(), ts.begin() + static_cast<std::ptrdiff_t>(i), ts.begin() + static_cast<std::ptrdiff_t>(e));
            i = e - 1;
            continue;
        }
        decl.push_back(t);
    }
    if (stack.size() != 1) r.unknown.push_back("unbalanced braces");
}

// --- the command line -----------------------------------------------------------------------

// The options a --help text names: -x and --name (without =VALUE), each once.
inline std::set<std::string> options_in_help(std::string_view help) {
    std::set<std::string> out;
    for (std::size_t i = 0; i < help.size(); ++i) {
        if (help[i] != '-') continue;
        const char before = i == 0 ? ' ' : help[i - 1];
        if (!(std::isspace(static_cast<unsigned char>(before)) || before == '[' || before == '(' || before == ',' ||
              before == '|' || before == '\''))
            continue;
        std::size_t e = i + 1;
        if (e < help.size() && help[e] == '-') ++e;
        if (e >= help.size() || !std::isalpha(static_cast<unsigned char>(help[e]))) continue;
        while (e < help.size() && (std::isalnum(static_cast<unsigned char>(help[e])) || help[e] == '-')) ++e;
        std::string opt(help.substr(i, e - i));
        while (opt.back() == '-') opt.pop_back();
        if (opt.size() == 2 || opt.rfind("--", 0) == 0) out.insert(opt);
        i = e - 1;
    }
    return out;
}

// Option-like string literals of the command line's sources ("--width", "--color=", "-j").
inline std::set<std::string> option_literals(std::string_view source) {
    std::set<std::string> out;
    for (std::size_t i = 0; i + 2 < source.size(); ++i) {
        if (source[i] != '"' || source[i + 1] != '-') continue;
        std::size_t e = i + 2;
        if (source[e] == '-') ++e;
        if (e >= source.size() || !std::islower(static_cast<unsigned char>(source[e]))) continue;
        while (e < source.size() && (std::isalnum(static_cast<unsigned char>(source[e])) || source[e] == '-')) ++e;
        if (e < source.size() && source[e] == '=') ++e;
        if (e < source.size() && source[e] == '"') {
            std::string opt(source.substr(i + 1, e - i - 1));
            if (opt.back() == '=') opt.pop_back();
            if (opt.size() == 2 || opt.rfind("--", 0) == 0) out.insert(opt);
        }
        i = e;
    }
    return out;
}

// --- the bindings ----------------------------------------------------------------------------

struct binding_result {
    std::set<std::string> names;
    std::vector<std::string> unknown;
};

// The end of the statement that starts at s[from]: the first ';' outside the parentheses and
// braces opened after `from` (strings skipped).
inline std::size_t statement_end(std::string_view s, std::size_t from) {
    int depth = 0;
    for (std::size_t i = from; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '"' || c == '\'') {
            for (++i; i < s.size() && s[i] != c; ++i)
                if (s[i] == '\\') ++i;
        } else if (c == '(' || c == '{') {
            ++depth;
        } else if (c == ')' || c == '}') {
            --depth;
        } else if (c == ';' && depth <= 0) {
            return i;
        }
    }
    return s.size();
}

// pybind11: m.def("f") -> "f"; in a py::class_<T>(m, "C") statement py::init -> "C.__init__",
// .def("m") -> "C.m", py::pickle -> "C.__reduce__" (a class without a constructor is made
// only by the functions that return it: they are its entry points); properties (.def_property*, .def_readonly)
// are read with their class. A .def that belongs to no class_ statement and is no m.def
// (a helper's cls.def("x")) is reported as not understood.
inline void read_pybind(std::string_view source, binding_result& r) {
    std::string s;  // without comments, strings kept
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '"') {
            const std::size_t open = i;
            for (++i; i < source.size() && source[i] != '"'; ++i)
                if (source[i] == '\\') ++i;
            s += source.substr(open, i - open + 1);
        } else if (source.substr(i, 2) == "//") {
            i = source.find('\n', i);
            if (i == std::string_view::npos) break;
            s += '\n';
        } else {
            s += source[i];
        }
    }
    struct cls_span {
        std::string name;
        std::size_t begin, end;
    };
    std::vector<cls_span> classes;
    for (std::size_t at = s.find("class_<"); at != std::string::npos; at = s.find("class_<", at + 1)) {
        const std::size_t q = s.find("(m, \"", at);
        if (q == std::string::npos || q > s.find(';', at)) {
            r.unknown.push_back(s.substr(at, 80));
            continue;
        }
        const std::string name = s.substr(q + 5, s.find('"', q + 5) - q - 5);
        classes.push_back({name, at, statement_end(s, at)});
    }
    for (std::size_t at = s.find(".def"); at != std::string::npos; at = s.find(".def", at + 4)) {
        std::size_t k = at + 4;
        while (k < s.size() && (std::isalnum(static_cast<unsigned char>(s[k])) || s[k] == '_')) ++k;
        const std::string kind = s.substr(at + 4, k - at - 4);
        if (k >= s.size() || s[k] != '(') continue;
        ++k;
        while (k < s.size() && std::isspace(static_cast<unsigned char>(s[k]))) ++k;
        const bool module = at >= 1 && s[at - 1] == 'm' && (at < 2 || !(std::isalnum(static_cast<unsigned char>(s[at - 2])) || s[at - 2] == '_'));
        std::string cls;
        for (const auto& c : classes)
            if (c.begin < at && at < c.end) cls = c.name;
        if (kind.starts_with("_property") || kind.starts_with("_readonly") || kind.starts_with("_readwrite"))
            continue;  // an attribute, read with its class (also a helper's, as def_position's)
        if (!kind.empty() && kind != "_static") {
            r.unknown.push_back(s.substr(at, 60));
            continue;
        }
        if (s.compare(k, 9, "py::init(") == 0 || s.compare(k, 9, "py::init<") == 0) {
            if (cls.empty()) r.unknown.push_back(s.substr(at, 60));
            else r.names.insert(cls + ".__init__");
            continue;
        }
        if (s.compare(k, 11, "py::pickle(") == 0) {
            if (cls.empty()) r.unknown.push_back(s.substr(at, 60));
            else r.names.insert(cls + ".__reduce__");
            continue;
        }
        if (s[k] != '"' || (!module && cls.empty())) {
            r.unknown.push_back(s.substr(at, 60));
            continue;
        }
        const std::string name = s.substr(k + 1, s.find('"', k + 1) - k - 1);
        r.names.insert(module ? name : cls + "." + name);
    }
}

// Emscripten: EMSCRIPTEN_BINDINGS { function("name", ...); } -> "name".
inline void read_embind(std::string_view source, binding_result& r) {
    const auto block = source.find("EMSCRIPTEN_BINDINGS");
    if (block == std::string_view::npos) return;
    const std::string_view b = source.substr(block);
    for (std::size_t at = b.find("function(\""); at != std::string_view::npos; at = b.find("function(\"", at + 1))
        r.names.insert(std::string(b.substr(at + 10, b.find('"', at + 10) - at - 10)));
    if (b.find("class_<") != std::string_view::npos || b.find("value_object<") != std::string_view::npos)
        r.unknown.push_back("embind classes or value objects: not read yet");
}

}  // namespace surface
