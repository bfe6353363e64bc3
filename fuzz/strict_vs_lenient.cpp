// Fuzz target strict_vs_lenient (differential): for any input the strict and the lenient
// parse read the same trees and report the same findings -- per rule the same number, at
// places the strict parse names -- and differ only in severity: a recovery is a warning
// when lenient (no game tree, E001, and E014 stay errors); the printed code's letter
// follows the level, and findings grouped per identifier group across levels. In particular the strict parser's safety net (E012 at
// byte 0, "the file does not match the FF[4] grammar", reported when the strict grammar
// failed but recovery found nothing to say) must never be needed.
#include <map>
#include <set>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const sgf::parse_result s = sgf::parse(input);
    const sgf::parse_result l = sgf::parse(input, {.lenient = true});
    const std::string ctx = "input: " + sgf_fuzz::printable(input) + "\n  strict:  " + sgf_fuzz::describe(s.diagnostics) +
                            "\n  lenient: " + sgf_fuzz::describe(l.diagnostics);
    // The same findings: per rule the same number (grouped findings count all they stand for;
    // under --lenient an E011 of an FF[4] tree groups with the W011 of FF[3] trees), each
    // lenient one at a place the strict parse names too, recoveries lowered to warnings.
    std::map<sgf::rule, std::uint64_t> strict_count, lenient_count;
    std::set<std::pair<sgf::rule, std::uint64_t>> strict_at;
    for (const auto& a : s.diagnostics) {
        strict_count[a.id] += a.count;
        strict_at.insert({a.id, a.where.byte});
        SGF_FUZZ_CHECK(a.code == sgf::code_of(a.id, a.level), "code of " + std::string(a.code) + "; " + ctx);
    }
    for (const auto& b : l.diagnostics) {
        lenient_count[b.id] += b.count;
        const std::string which = std::string(b.code) + " at byte " + std::to_string(b.where.byte) + "; " + ctx;
        SGF_FUZZ_CHECK(strict_at.count({b.id, b.where.byte}) == 1, "a lenient finding the strict parse lacks: " + which);
        const bool recovery = sgf::info(b.id).recovery;
        SGF_FUZZ_CHECK(!(recovery && b.level == sgf::severity::error), "a recovery that is an error under --lenient: " + which);
        SGF_FUZZ_CHECK(b.code == sgf::code_of(b.id, b.level), "code of " + which);
    }
    SGF_FUZZ_CHECK(strict_count == lenient_count, "different findings; " + ctx);
    SGF_FUZZ_CHECK(s.trees == l.trees, "different trees; " + ctx);
    SGF_FUZZ_CHECK(sgf::write(s.trees) == sgf::write(l.trees), "different written trees; " + ctx);
    SGF_FUZZ_CHECK(sgf::to_json(s.trees) == sgf::to_json(l.trees), "different JSON trees; " + ctx);
    return 0;
}
