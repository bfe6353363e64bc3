// Fuzz target strict_vs_lenient (differential): for any input the strict and the lenient
// parse read the same trees and report the same diagnostics -- same codes, positions,
// related positions, messages and hints, in the same order -- and differ only in severity:
// an E code is an error when strict and a warning when lenient (E014 stays an error);
// W and I codes keep their level. In particular the strict parser's safety net (E012 at
// byte 0, "the file does not match the FF[4] grammar", reported when the strict grammar
// failed but recovery found nothing to say) must never be needed.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const sgf::parse_result s = sgf::parse(input);
    const sgf::parse_result l = sgf::parse(input, {.lenient = true});
    const std::string ctx = "input: " + sgf_fuzz::printable(input) + "\n  strict:  " + sgf_fuzz::describe(s.diagnostics) +
                            "\n  lenient: " + sgf_fuzz::describe(l.diagnostics);
    SGF_FUZZ_CHECK(s.diagnostics.size() == l.diagnostics.size(), "different number of diagnostics; " + ctx);
    for (std::size_t i = 0; i < s.diagnostics.size(); ++i) {
        const sgf::diagnostic& a = s.diagnostics[i];
        const sgf::diagnostic& b = l.diagnostics[i];
        const std::string which = "diagnostic #" + std::to_string(i) + "; " + ctx;
        SGF_FUZZ_CHECK(a.code == b.code && a.where == b.where && a.related == b.related, which);
        SGF_FUZZ_CHECK(a.message == b.message && a.hint == b.hint, which);
        const bool demoted = a.code[0] == 'E' && a.code != "E014";
        SGF_FUZZ_CHECK(a.level == sgf::find_code(a.code)->default_level, which);
        SGF_FUZZ_CHECK(b.level == (demoted ? sgf::severity::warning : a.level), which);
    }
    SGF_FUZZ_CHECK(s.trees == l.trees, "different trees; " + ctx);
    SGF_FUZZ_CHECK(sgf::write(s.trees) == sgf::write(l.trees), "different written trees; " + ctx);
    SGF_FUZZ_CHECK(sgf::to_json(s.trees) == sgf::to_json(l.trees), "different JSON trees; " + ctx);
    return 0;
}
