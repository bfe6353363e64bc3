// The lifetime and API traps of the public headers, each of which must now fail to compile.
// tests/lifetime/compile.cmake compiles this file once per trap (-DTRAP_<name>: the block of
// that name) and expects the compiler to refuse it with the message the trap is about
// (tests/CMakeLists.txt lists them), and once without a trap (the control: the everyday
// uses of the same accessors, which must compile, with clang without a -Wdangling warning).
// So removing a deleted overload, a lifetime annotation or a distinct type fails a test.
#include <optional>
#include <string>
#include <string_view>

#include "sgf/check_file.hpp"
#include "sgf/inherit.hpp"
#include "sgf/input.hpp"
#include "sgf/parse.hpp"
#include "sgf/tree.hpp"
#include "sgf/typed_value.hpp"
#include "sgf/value.hpp"

using namespace std::string_view_literals;

namespace {

sgf::collection make_collection() { return sgf::parse("(;FF[4]C[a]VW[aa:bb];B[aa])(;C[b])"sv).trees; }
sgf::game_tree make_tree() { return make_collection()[0]; }
// A property and a value that are the last handles of their bytes (made by an edit).
sgf::property lone_property() { return *sgf::node().with_property("AP", {"a:b"}).find("AP"); }
sgf::value lone_value() { return lone_property().front(); }

void use(std::string_view) {}

// Everyday uses: compile with every compiler, and with clang without a dangling warning.
int control() {
    int n = 0;
    const sgf::collection c = make_collection();
    for (const sgf::game_tree& t : c.trees()) n += static_cast<int>(t.size());
    for (const sgf::game_tree& t : make_collection()) n += static_cast<int>(t.size());  // the loop keeps it
    for (const sgf::node& x : make_tree()) n += x.empty() ? 0 : 1;
    const sgf::game_tree t = c[0];
    const sgf::game_tree copy = make_collection()[1];  // by value from a temporary
    n += static_cast<int>(copy.size() + make_tree().variations().size());
    for (const sgf::node& x : sgf::preorder(t)) n += x.empty() ? 0 : 1;
    for (const auto& e : sgf::main_line(make_tree())) n += static_cast<int>(e.path.index);
    const sgf::node& current = sgf::preorder(t).current();  // a copy, kept by the reference
    n += current.empty() ? 0 : 1;
    const sgf::node root = t[0];
    const sgf::value first = root.find("C")->front();  // a view kept: name the value (it may
    const std::string_view raw = first.raw();          // be what holds the bytes)
    use(raw);
    if (t[0].find("C")->front().raw() == "a") ++n;                       // within the full expression
    const std::string text(lone_value().raw());                         // copied within it
    if (lone_property().ident() == "AP" && lone_value().composed()) ++n;
    const sgf::value kept = lone_value();  // a value of a temporary keeps its bytes
    use(kept.raw());
    const sgf::load_result r = sgf::load(sgf::file_bytes("(;C[x])"sv));
    use(r.text());
    const sgf::file_check fc = sgf::check_file(sgf::file_bytes(std::string("(;C[x])")));
    n += fc.ok() ? 1 : 0;
    const sgf::tree_context ctx = sgf::context_of(t);
    if (auto v = root.get<sgf::simple_text>("C", ctx)) n += static_cast<int>(v->value.size());
    n += root.find("C")->typed(ctx).error ? 0 : 1;
    if (sgf::effective(t, sgf::node_path{{}, 1}, "VW")) ++n;
    return n + static_cast<int>(text.size());
}

#if defined(TRAP_collection_trees)  // a span of a temporary collection's trees
void trap() {
    for (const auto& t : sgf::parse("(;C[a])(;C[b])"sv).trees.trees()) (void)t;
}
#elif defined(TRAP_collection_begin)
void trap() { auto it = make_collection().begin(); (void)it; }
#elif defined(TRAP_game_tree_begin)  // the iterator points to the temporary handle
void trap() { auto it = make_tree().begin(); (void)it; }
#elif defined(TRAP_preorder_begin)
void trap() { auto it = sgf::preorder(make_tree()).begin(); (void)it; }
#elif defined(TRAP_main_line_begin)
void trap() { auto it = sgf::main_line(make_tree()).begin(); (void)it; }
#elif defined(TRAP_load_result_text)  // the temporary result holds the only copy of the bytes
void trap() { const std::string_view s = sgf::load(sgf::file_bytes("(;C[x])"sv)).text(); use(s); }
#elif defined(TRAP_load_result_bytes)
void trap() { const std::string_view s = sgf::load(sgf::file_bytes("(;C[x])"sv)).bytes(); use(s); }
#elif defined(TRAP_effective_of_temporary)  // views of a temporary tree's bytes
void trap() { const auto p = sgf::effective(make_tree(), sgf::node_path{{}, 1}, "VW"); (void)p; }
#elif defined(TRAP_effective_all_of_temporary)
void trap() { const auto ps = sgf::effective_all(make_tree(), sgf::node_path{{}, 1}); (void)ps; }
#elif defined(TRAP_parse_file_name)  // a file name read as SGF text
void trap() { (void)sgf::parse("game.sgf"); }
#elif defined(TRAP_load_file_name)
void trap() { (void)sgf::load("game.sgf"); }
#elif defined(TRAP_load_string_name)
void trap() { const std::string name = "game.sgf"; (void)sgf::load(name); }
#elif defined(TRAP_get_without_context)  // decoded as Go whatever the root says
void trap() { (void)make_tree()[0].get<sgf::move>("B"); }
#elif defined(TRAP_typed_without_context)
void trap() { (void)make_tree()[1].find("B")->typed(); }
#elif defined(TRAP_value_raw)  // a view of a temporary value that holds its bytes
void trap() { const std::string_view s = lone_value().raw(); use(s); }
#elif defined(TRAP_value_composed)
void trap() { const auto parts = lone_value().composed(); (void)parts; }
#elif defined(TRAP_property_ident)
void trap() { const std::string_view s = lone_property().ident(); use(s); }
#elif defined(TRAP_split_compose)
void trap() { const auto parts = sgf::split_compose(std::string("a:b")); (void)parts; }
#endif

}  // namespace

int main() { return control() > 0 ? 0 : 1; }
