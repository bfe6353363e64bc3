// Fuzz target round_trip: the canonical writer and the parser are inverse.
//
// For every input, let t be the parsed collection (recovered if the input has errors) and
// w = sgf::write(t). The invariant checked is:
//   1. t is empty  =>  w is empty (nothing to write; parse("") would say E001).
//   2. parse(w) reports no diagnostic except the identifier findings of the input: as many
//      E011 (lowercase letters in an identifier) and W002 (the same in an FF[1]-FF[3] game
//      tree, a warning) as the input had. The recovering parser keeps "GaMe" as written, so
//      the writer writes it back as written; every other recovery -- junk, missing ';', ')'
//      or ']', values without identifier, properties without value, empty game trees, nodes
//      after variations, a lone '\' ending an unclosed value -- is repaired by writing the
//      recovered tree. So an input without diagnostics gives a w without diagnostics. And t
//      keeps an identifier with lowercase letters iff the input had E011 or W002.
//   3. parse(w).trees == t, write(parse(w).trees) == w byte for byte (the canonical form
//      is a fixed point) and to_json is unchanged (values keep their meaning); to_json
//      writes the same through its in-place path for plain properties and its general path.
//   4. The same for write(t, {.width = N}) with N taken from the input, and
//      write(collection) is the concatenation of write(game_tree) of its trees.
//   5. write(node) is the node's canonical form spelled through the public API (the writer
//      copies a node's own bytes when they are that form already).
#include "fuzz_common.hpp"

namespace {

// parse(w) reports exactly the identifier findings (E011, W002) that the input had, and
// reads back t.
void check_written(const sgf::collection& t, const std::string& json, const sgf_fuzz::ident_findings& expected,
                   std::string_view w, const std::string& ctx) {
    const sgf::parse_result r = sgf::parse(w);
    const sgf_fuzz::ident_findings got = sgf_fuzz::ident_findings_of(r.diagnostics);
    const std::string where = "\n  written: " + sgf_fuzz::printable(w, 400) + "\n  " + ctx;
    SGF_FUZZ_CHECK(got.other == 0, "written text does not parse cleanly: " + sgf_fuzz::describe(r.diagnostics) + where);
    SGF_FUZZ_CHECK(got.e011 == expected.e011 && got.w002 == expected.w002,
                   "identifier findings differ: " + sgf_fuzz::describe(r.diagnostics) + where);
    SGF_FUZZ_CHECK(r.trees == t, "parse(write(t)) != t" + where);
    SGF_FUZZ_CHECK(sgf::to_json(r.trees) == json, "to_json changed by the round trip\n  before: " +
                                                      sgf_fuzz::printable(json) + "\n  after:  " +
                                                      sgf_fuzz::printable(sgf::to_json(r.trees)) + where);
}

// A node's canonical form spelled through the public API: ';', then each identifier and each
// value's canonical_raw in brackets. The writer copies a node's bytes when they are this form
// already (write.cpp canonical_runs): it must never copy any other bytes.
std::string reference_node(const sgf::node& n) {
    std::string s = ";";
    for (const sgf::property& p : n.properties()) {
        s += p.ident();
        for (const sgf::value& v : p) {
            s += '[';
            s += sgf::canonical_raw(v.raw());
            s += ']';
        }
    }
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const sgf::parse_result p = sgf::parse(input);
    const sgf::collection& t = p.trees;
    const std::string ctx = "input: " + sgf_fuzz::printable(input) + "\n  diagnostics: " + sgf_fuzz::describe(p.diagnostics);
    const std::string w = sgf::write(t);
    if (t.empty()) {
        SGF_FUZZ_CHECK(w.empty(), ctx);
        return 0;
    }
    const sgf_fuzz::ident_findings ids = sgf_fuzz::ident_findings_of(p.diagnostics);
    SGF_FUZZ_CHECK(sgf_fuzz::has_lowercase_ident(t) == (ids.e011 + ids.w002 > 0),
                   "lowercase identifiers kept iff reported (E011/W002); " + ctx);
    const std::string json = sgf::to_json(t);
    // The JSON writer's in-place path for plain properties writes what its general path
    // (taken for every value when a decoder is given) writes. (Up to 1 MB: the fuzzer's inputs;
    // the generated big inputs of the tests would spend a fifth more time here for nothing new.)
    if (size <= (1u << 20)) {
        const std::string general = sgf::to_json(t, [](std::size_t, std::string_view raw) { return std::string(raw); });
        SGF_FUZZ_CHECK(json == general, "to_json's plain-property path differs from its general path\n  plain:   " +
                                            sgf_fuzz::printable(json) + "\n  general: " + sgf_fuzz::printable(general) + "\n  " + ctx);
    }
    check_written(t, json, ids, w, ctx);

    // Fixed point.
    const sgf::collection again = sgf::parse(w, {.lenient = true}).trees;
    SGF_FUZZ_CHECK(sgf::write(again) == w, "write(parse(write(t))) != write(t)\n  first:  " + sgf_fuzz::printable(w, 400) +
                                               "\n  second: " + sgf_fuzz::printable(sgf::write(again), 400) + "\n  " + ctx);

    // Packed lines.
    const std::size_t width = size == 0 ? 1 : 1 + data[size / 2] % 120;
    const std::string packed = sgf::write(t, sgf::write_options{.width = width});
    check_written(t, json, ids, packed, "width " + std::to_string(width) + "; " + ctx);

    // A collection is its game trees one after another.
    std::string joined;
    for (const sgf::game_tree& g : t) joined += sgf::write(g);
    SGF_FUZZ_CHECK(joined == w, "write(collection) != concatenated write(game_tree); " + ctx);

    // Every node is written as its canonical form (up to 256 nodes of inputs up to 1 MB: the
    // generated big inputs hold 100 MB values that would be copied four times more).
    std::size_t spelled = size <= (1u << 20) ? 0 : 256;
    sgf_fuzz::for_each_tree(t, [&](const sgf::game_tree& g) {
        for (std::size_t i = 0; i < g.size() && spelled < 256; ++i, ++spelled) {
            const sgf::node n = g[i];
            SGF_FUZZ_CHECK(sgf::write(n) == reference_node(n), "write(node) is not its canonical form\n  written:   " +
                                                                   sgf_fuzz::printable(sgf::write(n), 400) + "\n  canonical: " +
                                                                   sgf_fuzz::printable(reference_node(n), 400) + "\n  " + ctx);
        }
    });

    // A node written alone reads back as the same node (first nodes only: one parse each).
    std::size_t checked = 0;
    sgf_fuzz::for_each_tree(t, [&](const sgf::game_tree& g) {
        if (checked >= 8) return;
        ++checked;
        const sgf::node n = g[0];
        std::string one = sgf::write(n);
        one.insert(one.begin(), '(');
        one.push_back(')');
        const sgf::parse_result r = sgf::parse(one, {.lenient = true});
        SGF_FUZZ_CHECK(r.trees.size() == 1 && r.trees[0].size() == 1 && r.trees[0].variations().empty() &&
                           r.trees[0][0] == n,
                       "write(node) does not read back: " + sgf_fuzz::printable(one) + "\n  " + ctx);
    });
    return 0;
}
