// Fuzz target parse_lenient: sgf::parse with {.lenient = true} holds the invariants of
// sgf_fuzz::check_parse (fuzz_common.hpp) with every recovery reported as a warning, so
// ok() is true whenever a game tree was read (no game tree at all stays an error), and
// the trees are those the strict parse recovers (checked in full by strict_vs_lenient).
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const sgf::parse_result r = sgf::parse(input, {.lenient = true});
    sgf_fuzz::check_parse(input, r, true);
    SGF_FUZZ_CHECK(r.ok() == !r.trees.empty() || size >= (std::size_t{1} << 31), sgf_fuzz::describe(r.diagnostics));
    return 0;
}
