// Fuzz target node_reader: the one node reader (include/sgf/detail/node_reader.hpp) reads
// every node exactly as its definition, the grammar rule grammar::lenient_node, reads it
// (fuzz/node_reader_reference.hpp): the nodes of the lenient parse of the input, and the
// input itself read as one node (a ';' put in front), whatever bytes it holds.
#include "fuzz_common.hpp"
#include "node_reader_reference.hpp"
#include "tree/tree_rep.hpp"

namespace {

void compare(const sgf::detail::source& src, std::uint32_t offset) {
    const auto expected = sgf_reference::by_grammar(src, offset);
    const auto got = sgf_reference::by_reader(src, offset);
    SGF_FUZZ_CHECK(got == expected, "node reader and grammar::lenient_node differ at byte " + std::to_string(offset));
    // the reader's shortcut for the plain one-property node reads the same property
    sgf::detail::property_ref one;
    if (sgf::detail::node_reader::single_short(src.data(), src.data() + src.bytes.size(), offset, one))
        SGF_FUZZ_CHECK(expected.size() == 1 && expected[0].ident == one.ident && expected[0].ident_size == one.ident_size &&
                           expected[0].values.size() == 1 && expected[0].values[0].open == one.first &&
                           expected[0].values[0].size == one.first_size,
                       "node_reader::single_short and grammar::lenient_node differ at byte " + std::to_string(offset));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = sgf_fuzz::bytes_of(data, size);
    const sgf::detail::source whole(";" + input);
    compare(whole, 0);
    const sgf::parse_result r = sgf::parse(input, {.lenient = true});
    for (const auto& root : r.trees)
        for (sgf::preorder it(root); !it.done(); it.next())
            compare(*sgf::detail::tree_access::source_of(it.current()), it.current().offset());
    return 0;
}
