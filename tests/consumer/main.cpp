// A user's program against the installed package: parse, typed values, write, check
// (run.cmake also checks that the package does not ask for PEGTL nor names this machine).
#include <sgf/check.hpp>
#include <sgf/parse.hpp>
#include <sgf/typed_value.hpp>
#include <sgf/write.hpp>

using namespace std::string_view_literals;

int main() {
    const auto r = sgf::parse("(;FF[4]GM[1]SZ[9]KM[6.5]PB[Honinbo\nShusaku];B[cc])"sv);
    if (!r.ok() || sgf::write(r.trees) != "(;FF[4]GM[1]SZ[9]KM[6.5]PB[Honinbo\nShusaku]\n;B[cc])\n") return 1;
    const sgf::node root = r.trees[0].front();
    const sgf::tree_context ctx = sgf::context_of(root);
    if (root.get<sgf::real>("KM", ctx) != 6.5) return 2;
    if (root.get<sgf::simple_text>("PB", ctx)->value != "Honinbo Shusaku") return 3;
    const auto b = r.trees[0][1].get<sgf::move>("B", ctx);
    if (!b || b->points.size() != 1 || b->points[0] != sgf::board_point{3, 3}) return 4;
    return sgf::check(r.trees).empty() ? 0 : 5;
}
