// The JSON tree with the inherited state (sgf/json.hpp: to_json_with_inherited): the JSON
// tree writer with a hook that walks the inherit walker (sgf/inherit.hpp) along.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "sgf/inherit.hpp"
#include "sgf/json.hpp"
#include "write/json_tree.hpp"

namespace sgf {

namespace {

// The JSON tree's "inherited" array (json.cpp writes the tree; this hook the walker's state).
class inherited_hook : public detail::json_tree_hook {
public:
    explicit inherited_hook(profile p) : profile_(p) {}
    [[nodiscard]] std::string_view key() const override { return "inherited"; }
    void enter_top(const game_tree& root) override {
        const tree_context ctx = context_of(root, profile_);
        w_ = inherit_walker(ctx.ff, ctx.gm, profile_);
        marks_.clear();
    }
    void enter(const game_tree&) override { marks_.push_back(w_.mark()); }
    void node(const sgf::node& n, detail::json_tree_writer& out) override {
        for (const property& p : n.properties()) (void)w_.apply(p);
        out.put("[");
        bool first = true;
        for (std::size_t k = 0; k < w_.size(); ++k) {
            if (!w_.effective(k)) continue;
            if (!first) out.put(",");
            first = false;
            out.property(*w_.effective(k));
        }
        out.put("]");
    }
    void leave() override {
        w_.undo(marks_.back());
        marks_.pop_back();
    }

private:
    profile profile_;
    inherit_walker w_;
    std::vector<std::size_t> marks_;
};

}  // namespace

std::string to_json_with_inherited(const collection& c, profile p, const raw_decoder& decode) {
    const std::uint64_t budget = detail::inherited_budget(c);
    std::string out;
    inherited_hook hook(p);
    detail::json_decoder decoder;
    if (decode)
        decoder = [&decode](std::size_t tree, std::string_view raw, std::string& scratch) {
            scratch = decode(tree, raw);
            return std::string_view(scratch);
        };
    const std::string over = "the inherited properties (--show-inherited) would be more than " + std::to_string(budget >> 20) +
                             " MiB (64 times the file and 64 MiB): each node repeats every inherit property in effect "
                             "(DD, VW, ...) with all its values; dump without --show-inherited, or the library's "
                             "inherit_walker, gives them once";
    detail::json_tree_writer w(
        [&out, budget, &over](std::string_view s) {
            out.append(s);
            if (out.size() > budget) throw std::length_error(over);
        },
        {}, decoder, &hook);
    w.limit_side(budget, over);
    w.document(c);
    return out;
}

}  // namespace sgf
