#pragma once
// Inheritance (ff4_sgf.txt 2.2.2): a property of a row marked `inherit` (DD, PM, VW, ...)
// affects its node and every node below it "until a new setting is encountered or the
// setting gets cleared, typically by an empty value, e.g. VW[]" (rows with the restriction
// clears_when_empty). Which rows inherit is table data (property_rule::inherit): nothing
// here names DD, PM or VW.
//
// Two ways in: `effective` answers for one node (a walk along its path), and
// `inherit_walker` keeps the state on a pre-order walk in O(1) per property with an undo
// log (the checker and `for_each_inherited` use it; explicit stacks, any depth). The FF
// and GM of a tree are its context (context.hpp: context_of).
// The properties returned are views: valid while the tree they come from lives.
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sgf/context.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"

namespace sgf {

// The rows marked inherit that a file of FF[ff], GM[gm] uses under profile p (one per
// identifier: the row find_property picks).
[[nodiscard]] std::vector<const property_rule*> inherit_rows(int ff, int gm, profile p = profile::ff4);

// The effective value of inherit property `ident` at node `at`: the nearest setting on the
// path from the root down to and including `at`, unless a clearing value came after it.
// nullopt when nothing is in effect, or `ident` is not an inherit property. Throws
// std::out_of_range when `at` is not a node of `root`.
// The properties are views of root's bytes: not of a temporary tree (deleted).
[[nodiscard]] std::optional<property> effective(const game_tree& root, const node_path& at, std::string_view ident,
                                                profile p = profile::ff4);
std::optional<property> effective(game_tree&& root, const node_path& at, std::string_view ident,
                                  profile p = profile::ff4) = delete;
// Every inherit property in effect at `at`, in the order of inherit_rows.
[[nodiscard]] std::vector<property> effective_all(const game_tree& root, const node_path& at,
                                                  profile p = profile::ff4);
std::vector<property> effective_all(game_tree&& root, const node_path& at, profile p = profile::ff4) = delete;

// The incremental form. Protocol on a pre-order walk: mark() when entering a game tree,
// apply() every property of each node in order, undo(mark) when leaving the game tree.
// A moved-from walker has no rows.
class inherit_walker {
public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    inherit_walker() = default;
    explicit inherit_walker(std::vector<const property_rule*> rows);
    inherit_walker(int ff, int gm, profile p) : inherit_walker(inherit_rows(ff, gm, p)) {}
    inherit_walker(const inherit_walker&) = default;
    inherit_walker& operator=(const inherit_walker&) = default;
    inherit_walker(inherit_walker&& o) noexcept
        : rows_(std::move(o.rows_)), state_(std::move(o.state_)), log_(std::move(o.log_)),
          active_(std::exchange(o.active_, 0)) {
        o.clear();
    }
    inherit_walker& operator=(inherit_walker&& o) noexcept {
        if (this != &o) {
            rows_ = std::move(o.rows_);
            state_ = std::move(o.state_);
            log_ = std::move(o.log_);
            active_ = std::exchange(o.active_, 0);
            o.clear();
        }
        return *this;
    }

    [[nodiscard]] std::size_t size() const noexcept { return rows_.size(); }
    [[nodiscard]] const property_rule& row(std::size_t slot) const noexcept { return *rows_[slot]; }
    // The slot of row r, or npos when r is not one of the walker's rows.
    [[nodiscard]] std::size_t slot_of(const property_rule* r) const noexcept;
    [[nodiscard]] std::size_t slot_of(std::string_view ident) const noexcept;

    // Property p of the current node, of row r (nullptr: looked up by p's identifier).
    // Returns the slot it changed, or npos when r is not an inherit row.
    std::size_t apply(const property& p, const property_rule* r = nullptr);
    // Whether p clears its setting (a single [] of a clears_when_empty row).
    [[nodiscard]] static bool clears(const property& p, const property_rule& r) noexcept;

    // The setting in effect in `slot` (below size()); a reference that apply() and undo()
    // change; of a temporary walker: a copy.
    [[nodiscard]] const std::optional<property>& effective(std::size_t slot) const& noexcept SGF_LIFETIMEBOUND {
        return state_[slot];
    }
    [[nodiscard]] std::optional<property> effective(std::size_t slot) && { return state_[slot]; }
    [[nodiscard]] std::optional<property> effective(std::string_view ident) const;
    [[nodiscard]] bool any() const noexcept { return active_ != 0; }

    [[nodiscard]] std::size_t mark() const noexcept { return log_.size(); }
    void undo(std::size_t mark);

private:
    struct change {
        std::size_t slot;
        std::optional<property> before;
    };
    void clear() noexcept {
        rows_.clear();
        state_.clear();
        log_.clear();
    }
    std::vector<const property_rule*> rows_;
    std::vector<std::optional<property>> state_;
    std::vector<change> log_;
    std::size_t active_ = 0;  // slots with a value in effect
};

// Pre-order walk over every node of `root` (numbered as 000_* does: root = 0) with the
// inherit properties in effect there. Explicit stack: any depth.
using inherited_visitor = std::function<void(const node& n, std::size_t number, std::span<const property> effective)>;
void for_each_inherited(const game_tree& root, const inherited_visitor& visit, profile p = profile::ff4);

// The JSON tree with the inherited state: to_json_with_inherited in sgf/json.hpp.

}  // namespace sgf
