#pragma once
// The JSON tree used to compare implementations (design.md, "The JSON tree"), format
// "sgf-tree" version 2, described by docs/json-tree.schema.json:
//
//   {"format":"sgf-tree","version":2,"trees":[T,...]}
//   T = {"nodes":[N,...],"variations":[T,...]}
//   N = [P,...]                   a node: its properties in file order, repeats kept
//   P = ["ID",[V,...]]            an identifier as written and its values in order
//   V = "text"                    a value after escape processing (sgf::unescape), UTF-8
//     | [V1,V2]                   a composed value (the property's FF[4] value type has a
//                                 compose, and the value exactly one unescaped ':'): its two
//                                 parts, each after escape processing: AP[a\:b:1] is
//                                 ["a:b","1"], AP[a:b\:1] is ["a","b:1"]; a value with more
//                                 than one unescaped ':' has no single valid split (E107) and
//                                 is one text as written: AP[a:b:1] is "a:b:1"
//     | {"bytes":"hex"}           a value (or part) that is not valid UTF-8: its bytes after
//                                 escape processing, in lowercase hexadecimal
//
// No object repeats a key, so every JSON reader reads the same tree. With `positions`
// (sgfcheck dump --positions) nodes and properties are objects that also say where they are:
//   N = {"number":n,"path":{"tree":t,"variations":[k,...],"node":i},
//        "line":l,"column":c,"byte":b,"properties":[P,...]}
//   P = {"id":"ID","line":l,"column":c,"byte":b,"values":[V,...],
//        "value_positions":[{"line":l,"column":c,"byte":b},...]}
// (number: the node's number in pre-order as 000_* numbers them, root = 0; path: the
// top-level game tree, the variation taken at each fork, the node's index in its sequence;
// positions are of the ';', the identifier and each value's '[' in the file).
//
// Nesting: a value of a game tree k variations deep is 7 + 2k levels deep in the JSON (8 + 2k
// for a part of a composed value). Readers with a depth limit stop before the SGF does: jq 1.6
// (Debian 12) reads 256 levels (about 124 nested variations), Python's json module about
// 1000 (its recursion limit, about 490); node and this library's readers have none that
// matters. tests/json_readers_test.cpp checks that Python, jq and node read every dump as a
// strict reader does.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "sgf/diagnostic.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"
#include "sgf/write.hpp"

namespace sgf {

struct load_result;

inline constexpr std::string_view json_tree_format = "sgf-tree";
inline constexpr int json_tree_version = 2;
// The version of one line of `sgfcheck --format=json` (docs/diagnostics.schema.json).
inline constexpr int json_diagnostic_version = 1;

struct json_options {
    bool positions = false;  // nodes and properties as objects with positions and node paths
    // When set, a "file" member after "version" names the file the tree was read from
    // (sgfcheck dump of several files), written by append_json_path.
    std::optional<std::string> file{};
};

// Values as they are (bytes that are not UTF-8 become {"bytes":...}).
[[nodiscard]] std::string to_json(const collection& c);

// The same, with each raw value first converted by `decode(tree, raw)` (tree = index of
// the top-level game tree), e.g. to UTF-8 through the file's charset (load_result::utf8).
using raw_decoder = std::function<std::string(std::size_t tree, std::string_view raw)>;
[[nodiscard]] std::string to_json(const collection& c, const raw_decoder& decode);

// Streamed to `sink` in pieces (a 200 MB value is never copied whole): the trees of a loaded
// file, values in UTF-8 through the file's charset. With `positions`, a collection whose
// nodes' paths would average more than 1024 numbers a node (and more than 2^24 in all:
// variations nested ~8,000 deep; the paths grow with the square of the nesting) throws
// std::length_error before anything is written.
void write_json(const load_result& r, const write_sink& sink, const json_options& options = {});
void write_json(const collection& c, const write_sink& sink, const json_options& options = {});

// Appends `s` as a JSON string literal (quotes included); bytes that are not UTF-8 are
// written as U+FFFD (the tree flags such values instead: {"bytes":...}). Every JSON writer
// here escapes, besides what JSON requires, DEL, the C1 controls (U+0080-U+009F, NEL among
// them) and U+2028/U+2029 as \uXXXX: no reader splits a record on them.
void append_json_string(std::string& out, std::string_view s);

// Appends a file name as a JSON string literal that gives its bytes back: a byte that is
// not part of valid UTF-8 (always 0x80-0xFF) is written as the lone surrogate \udc80-\udcff
// (byte + 0xDC00), as Python's surrogateescape (PEP 383) does, so that
// os.fsencode(json.loads(line)["file"]) is the name's bytes and --baseline reads it back.
void append_json_path(std::string& out, std::string_view path);

// The JSON tree with one extra key per game tree, "inherited": an array parallel
// to "nodes" whose k-th element lists the inherit properties in effect at node k as the tree
// writes properties, e.g. [["VW",[["aa","bi"]]],["PM",["2"]]]; [] when none. `decode`, when
// given, converts each raw value first, as in to_json(c, decode) (e.g. through the charset).
// Each node repeats the properties in effect, so the JSON can be far larger than the file:
// more than 64 times the trees' source and 64 MiB throws std::length_error (a 361-point VW
// written point by point over 60,000 nodes; inherit_walker gives the same state without it).
[[nodiscard]] std::string to_json_with_inherited(const collection& c, profile p = profile::ff4,
                                                 const raw_decoder& decode = {});
// (src/write/json_inherited.cpp: the writer takes the walker of sgf/inherit.hpp.)

// One diagnostic as a JSON object (one line of `sgfcheck --format=json`, with "version").
[[nodiscard]] std::string to_json(const diagnostic& d, std::string_view file);

}  // namespace sgf
