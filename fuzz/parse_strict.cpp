// Fuzz target parse_strict: sgf::parse with the default (strict) options never crashes,
// hangs or trips a sanitizer, and its result holds the invariants of
// sgf_fuzz::check_parse (fuzz_common.hpp): diagnostics sorted by byte, codes from
// sgf::all_rules(), positions inside the file with the right line/column, ok() iff no
// error-level diagnostic, the tree where the file says it is, valid JSON.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const sgf::parse_result r = sgf::parse(input);
    sgf_fuzz::check_parse(input, r, false);
    // In strict mode an E code is an error: ok() iff there is no E diagnostic.
    bool any_e = false;
    for (const auto& d : r.diagnostics) any_e |= d.code[0] == 'E';
    SGF_FUZZ_CHECK(r.ok() == !any_e, sgf_fuzz::describe(r.diagnostics));
    return 0;
}
