// sgfcheck in WebAssembly (embind): the module web/build.sh builds as dist/sgfcheck.js, a
// factory for node and browsers. web/sgfcheck.d.ts documents the API:
//   check(data, {profile, lenient, select, ignore, charset}) -> [{code, severity, line, column, byte, message, hint, count, related}]
//   fix(data, {charset}) -> {bytes: Uint8Array, text, diagnostics, remaining}
//   dump(data, {positions, lenient, charset}) -> the JSON tree (a string)
//   inspect(data, options) -> {charset, converted, diagnostics}
// `data` is a string (its UTF-8 bytes, a lone surrogate as U+FFFD) or a Uint8Array/ArrayBuffer or another view of
// bytes (a file's bytes, read through the input stage as sgfcheck reads files); anything else a TypeError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "input/utf8.hpp"
#include "sgf/app/arguments.hpp"
#include "sgf/app/fix.hpp"
#include "sgf/app/selection.hpp"
#include "sgf/check_file.hpp"
#include "sgf/fix.hpp"
#include "sgf/json.hpp"
#include "sgf/properties.hpp"
#include "sgf/write.hpp"

#ifndef SGF_VERSION
#define SGF_VERSION "unknown"
#endif

namespace {

using emscripten::val;

// A JS error with the library's message (embind passes the C++ exception on otherwise as a
// number).
[[noreturn]] void throw_js(const std::string& kind, const std::string& message) {
    val::global(kind.c_str()).new_(val(message)).throw_();
    __builtin_unreachable();
}

std::string string_option(const val& o, const char* name, const std::string& fallback = {}) {
    if (o.isUndefined() || o.isNull()) return fallback;
    const val v = o[name];
    if (v.isUndefined() || v.isNull()) return fallback;
    if (!v.isString()) throw_js("TypeError", std::string(name) + " must be a string");
    return v.as<std::string>();
}

bool bool_option(const val& o, const char* name) {
    if (o.isUndefined() || o.isNull()) return false;
    const val v = o[name];
    return !v.isUndefined() && !v.isNull() && v.as<bool>();
}

// select/ignore: "E1,W2" or an array of entries.
std::string codes_option(const val& o, const char* name) {
    if (o.isUndefined() || o.isNull()) return {};
    const val v = o[name];
    if (v.isUndefined() || v.isNull()) return {};
    if (v.isString()) return v.as<std::string>();
    if (!val::global("Array").call<bool>("isArray", v)) throw_js("TypeError", std::string(name) + " must be a string or an array of strings");
    std::string out;
    const auto n = v["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) {
        if (!v[i].isString()) throw_js("TypeError", std::string(name) + " must be a string or an array of strings");
        out += v[i].as<std::string>() + ",";
    }
    return out;
}

std::vector<sgf::app::code_selector> selectors(const val& o, const char* name) {
    try {
        return sgf::app::parse_selectors(codes_option(o, name), name);
    } catch (const sgf::app::usage_error& e) {
        throw_js("RangeError", e.message);
    }
}

sgf::profile profile_option(const val& o) {
    const std::string name = string_option(o, "profile", "ff4");
    if (const auto p = sgf::find_profile(name)) return *p;
    throw_js("RangeError", "unknown profile '" + name + "' (profiles: ff4, current, hex)");
}

sgf::load_options load_options_of(const val& o, bool lenient) {
    sgf::load_options l;
    l.lenient = lenient;
    l.charset = string_option(o, "charset");
    l.prof = profile_option(o);
    return l;
}

val position_object(const sgf::position& p) {
    val o = val::object();
    o.set("line", p.line);
    o.set("column", p.column);
    o.set("byte", static_cast<double>(p.byte));
    return o;
}

val diagnostic_object(const sgf::diagnostic& d) {
    val o = val::object();
    o.set("code", std::string(d.code));
    o.set("severity", std::string(sgf::to_string(d.level)));
    if (d.where.known()) {
        o.set("line", d.where.line);
        o.set("column", d.where.column);
        o.set("byte", static_cast<double>(d.where.byte));
    } else {
        o.set("line", val::null());
        o.set("column", val::null());
        o.set("byte", val::null());
    }
    o.set("message", d.message);
    o.set("hint", d.hint);
    o.set("count", static_cast<double>(d.count));
    o.set("related", d.related && d.related->known() ? position_object(*d.related) : val::null());
    return o;
}

val diagnostic_array(const std::vector<sgf::diagnostic>& ds, const sgf::app::code_selection* selection = nullptr) {
    val a = val::array();
    for (const auto& d : ds)
        if (!selection || selection->enabled(d.code)) a.call<void>("push", diagnostic_object(d));
    return a;
}

template <class F>
auto library_errors(F&& f) {
    try {
        return f();
    } catch (const std::invalid_argument& e) {  // an unknown charset
        throw_js("RangeError", std::string("charset: ") + e.what());
    }
}

// A JS string as UTF-8, converted here rather than by embind's std::string binding: that
// one (Emscripten 3.1.6) reads a lone surrogate and the unit after it as one pair, so the
// ']' of C[\ud800] vanished and the value ran on (E008). A lone surrogate becomes U+FFFD,
// as TextEncoder makes it; std::u16string's binding copies the code units as they are.
std::string utf8_of(const std::u16string& s) {
    std::string out;
    out.reserve(s.size() + s.size() / 2);
    auto put = [&out](char32_t cp) {
        char buf[4];
        out.append(buf, sgf::detail::charset_impl::put_utf8(buf, cp));
    };
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char32_t u = s[i];
        if (u >= 0xD800 && u < 0xDC00 && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] < 0xE000) {
            put(0x10000 + ((u - 0xD800) << 10) + (s[i + 1] - 0xDC00));
            ++i;
        } else if (u >= 0xD800 && u < 0xE000) {
            put(0xFFFD);  // a lone surrogate; the unit after it is read on its own
        } else {
            put(u);
        }
    }
    return out;
}

// What v is, for a message: "number", "null", "Int32Array", "Object".
std::string kind_of(const val& v) {
    if (v.isNull()) return "null";
    const std::string t = v.typeOf().as<std::string>();
    if (t != "object") return t;
    const val c = v["constructor"];
    if (c.isUndefined() || c.isNull()) return t;
    const val name = c["name"];
    return name.isString() ? name.as<std::string>() : t;
}

// The bytes of `data`: a string as UTF-8 (utf8_of), a Uint8Array (node's Buffer) or
// ArrayBuffer as it is, any other view of bytes (DataView, Int16Array) as the bytes it shows.
std::string data_bytes(const val& data) {
    if (data.isString()) return utf8_of(data.as<std::u16string>());
    const val u8 = val::global("Uint8Array"), buffer = val::global("ArrayBuffer");
    if (data.instanceof(u8) || data.instanceof(buffer)) return data.as<std::string>();
    if (buffer.call<bool>("isView", data)) return u8.new_(data["buffer"], data["byteOffset"], data["byteLength"]).as<std::string>();
    throw_js("TypeError", "data must be a string, a Uint8Array or an ArrayBuffer (a file's bytes), not " + kind_of(data));
}

// The options argument: an object or nothing (undefined, null).
const val& options_of(const val& o) {
    if (!o.isUndefined() && !o.isNull() && o.typeOf().as<std::string>() != "object")
        throw_js("TypeError", "options must be an object ({profile, lenient, select, ignore, charset}), not " + kind_of(o));
    return o;
}

sgf::file_check checked(const std::string& data, const val& o) {
    sgf::check_options c;
    c.prof = profile_option(o);
    return library_errors([&] { return sgf::check_file(sgf::file_bytes(data), load_options_of(o, bool_option(o, "lenient")), c); });
}

val check(const val& input, const val& o) {
    (void)options_of(o);
    const std::string data = data_bytes(input);
    sgf::app::code_selection selection;
    selection.select = selectors(o, "select");
    selection.ignore = selectors(o, "ignore");
    return diagnostic_array(checked(data, o).diagnostics, &selection);
}

val inspect(const val& input, const val& o) {
    (void)options_of(o);
    const std::string data = data_bytes(input);
    sgf::app::code_selection selection;
    selection.select = selectors(o, "select");
    selection.ignore = selectors(o, "ignore");
    const sgf::file_check fc = checked(data, o);
    val out = val::object();
    out.set("charset", fc.loaded.charset);
    out.set("converted", fc.loaded.converted);
    out.set("diagnostics", diagnostic_array(fc.diagnostics, &selection));
    return out;
}

val fix(const val& input, const val& o) {
    (void)options_of(o);
    const std::string data = data_bytes(input);
    sgf::load_options l;
    l.lenient = true;  // as sgfcheck fix
    l.charset = string_option(o, "charset");
    const sgf::load_result r = library_errors([&] { return sgf::load(sgf::file_bytes(data), l); });
    const sgf::app::checked_fix g = sgf::app::fix_checked(r, l);
    // As sgfcheck fix: a file that passes the check is never given an output that fails it.
    if (g.breaks_clean_file)
        throw_js("Error", "the file passes the check, but fix's output would not (a bug in fix; please report it with the file)");
    const std::string out = sgf::write(g.fixed.trees);
    val result = val::object();
    result.set("bytes", val::global("Uint8Array").new_(emscripten::typed_memory_view(out.size(), reinterpret_cast<const unsigned char*>(out.data()))));
    result.set("text", out);
    result.set("diagnostics", diagnostic_array(g.said));
    result.set("remaining", diagnostic_array(g.remaining));
    return result;
}

std::string dump(const val& input, const val& o) {
    (void)options_of(o);
    const std::string data = data_bytes(input);
    const sgf::load_result r = library_errors([&] { return sgf::load(sgf::file_bytes(data), load_options_of(o, bool_option(o, "lenient"))); });
    std::string out;
    sgf::write_json(r, [&out](std::string_view s) { out += s; }, sgf::json_options{bool_option(o, "positions")});
    return out;
}

val check1(const val& data) { return check(data, val::undefined()); }
val fix1(const val& data) { return fix(data, val::undefined()); }
std::string dump1(const val& data) { return dump(data, val::undefined()); }
val inspect1(const val& data) { return inspect(data, val::undefined()); }
std::string version() { return SGF_VERSION; }
// (called without data: said so, not embind's list of overloads with their sources)
[[noreturn]] void no_data() { throw_js("TypeError", "data is missing: check(data[, options]), fix(data[, options]), dump(data[, options]), inspect(data[, options])"); }
val missing_data() { no_data(); }

}  // namespace

EMSCRIPTEN_BINDINGS(sgfcheck) {
    emscripten::function("check", &check);
    emscripten::function("check", &check1);
    emscripten::function("check", &missing_data);
    emscripten::function("fix", &missing_data);
    emscripten::function("dump", &missing_data);
    emscripten::function("inspect", &missing_data);
    emscripten::function("fix", &fix);
    emscripten::function("fix", &fix1);
    emscripten::function("dump", &dump);
    emscripten::function("dump", &dump1);
    emscripten::function("inspect", &inspect);
    emscripten::function("inspect", &inspect1);
    emscripten::function("version", &version);
}
