// What fix says about its input (fix.hpp, fix_findings): one list for sgfcheck fix and the
// bindings.
#include <set>
#include <string_view>
#include <utility>

#include "sgf/fix.hpp"

namespace sgf {

namespace {

// The number of a code ("E002" -> "002"): the input stage reports what fix keeps as warnings
// (read leniently), fix as what it did.
std::string_view number_of(std::string_view code) { return code.size() > 1 ? code.substr(1) : code; }

}  // namespace

std::vector<diagnostic> fix_findings(const load_result& input, const fix_result& fixed) {
    std::set<std::pair<std::string_view, std::uint64_t>> said_by_fix;
    for (const auto& d : fixed.diagnostics) said_by_fix.emplace(number_of(d.code), d.where.byte);
    std::vector<diagnostic> out;
    out.reserve(input.diagnostics.size() + fixed.diagnostics.size());
    for (const auto& d : input.diagnostics)
        if (!said_by_fix.count({number_of(d.code), d.where.byte})) out.push_back(d);
    out.insert(out.end(), fixed.diagnostics.begin(), fixed.diagnostics.end());
    return out;
}

}  // namespace sgf
