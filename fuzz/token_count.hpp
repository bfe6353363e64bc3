#pragma once
// Counting '(' ';' '[' outside values, independently of the library (no PEGTL, no sgf
// headers): the fuzz targets and the tests compare the parser's counts with it.
#include <cstddef>
#include <string_view>

namespace sgf_fuzz {

// Token counts outside values, as examples/README.txt counts nodes: a value runs from '['
// to the first ']' not escaped by '\'. For inputs the strict grammar accepts these are the
// numbers of game trees, nodes and values.
struct token_counts {
    std::size_t trees = 0, nodes = 0, values = 0;
};
[[nodiscard]] inline token_counts count_tokens(std::string_view s) {
    token_counts n;
    bool in_value = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (in_value) {
            if (c == '\\') ++i;
            else if (c == ']') in_value = false;
        } else if (c == '[') {
            in_value = true;
            ++n.values;
        } else if (c == ';') {
            ++n.nodes;
        } else if (c == '(') {
            ++n.trees;
        }
    }
    return n;
}

}  // namespace sgf_fuzz
