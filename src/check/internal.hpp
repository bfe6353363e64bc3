#pragma once
// The checker's private pieces, shared by src/check/*.cpp:
//   plan.cpp       per (FF, GM, profile): every row resolved once into what to check
//   values.cpp     values: cardinality, validators, point groups, duplicate values
//   node.cpp       one node: identifiers, property types, exclusive groups
//   tree.cpp       one game tree: the pre-order walk, game-info paths, Go replay, inherit
//   check.cpp      the collection: per-tree context, collection-level rules
// Findings go into the one findings list of parser and checker (table/findings.hpp).
//
// Speed (docs/performance.md): the walk reads the stored tree's node slots and the source
// bytes directly (never node::properties()), looks identifiers up in a 27x27 table of plans,
// keeps per-node state in reused buffers and stamps (no allocation unless there is a
// finding), and replays Go on a flat board with an undo log.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "board/go_board.hpp"
#include "grammar/value_scan.hpp"
#include "sgf/check.hpp"
#include "sgf/inherit.hpp"
#include "sgf/properties.hpp"
#include "values/readers.hpp"
#include "table/findings.hpp"
#include "tree/node_reader.hpp"
#include "tree/source.hpp"
#include "values/match.hpp"

namespace sgf::detail {

// ------------------------------------------------------------------------ exact fast checks


// ------------------------------------------------------------------------ node scan

struct value_ref {
    std::uint32_t open;  // offset of '['
    std::uint32_t size;  // raw bytes between '[' and ']'
};
struct prop_ref {
    std::uint32_t ident;       // offset of the identifier
    std::uint16_t ident_size;
    std::uint16_t key;         // 1-2 uppercase letters: short_key; otherwise 0
    std::uint32_t first;       // index of the first value in the node's value_ref list
    std::uint32_t count;
};

// Key of a 1-2 letter uppercase identifier in plan_table::short_plans: (c1+1)*27 + c2+1.
inline constexpr std::size_t short_keys = 27 * 27;

// A growable array of trivially copyable items that is reused, never shrunk: push is a
// compare and a store (std::vector::push_back inlines its whole growth path).
template <class T>
class pod_buffer {
public:
    void clear() noexcept { size_ = 0; }
    void push(const T& x) {
        if (size_ == items_.size()) [[unlikely]]
            grow();
        items_[size_++] = x;
    }
    [[nodiscard]] std::uint32_t size() const noexcept { return size_; }
    void truncate(std::uint32_t n) noexcept { size_ = n; }
    [[nodiscard]] const T& operator[](std::size_t i) const noexcept { return items_[i]; }
    [[nodiscard]] const T* begin() const noexcept { return items_.data(); }
    [[nodiscard]] const T* end() const noexcept { return items_.data() + size_; }

private:
    [[gnu::noinline]] void grow() { items_.resize(items_.size() * 2 + 16); }
    std::vector<T> items_;
    std::uint32_t size_ = 0;
};

// Reused buffers of one node's properties and values.
struct node_props {
    pod_buffer<prop_ref> props;
    pod_buffer<value_ref> values;
};

// The buffers of a node node_reader::single_short read (";B[pd]").
inline void scan_single(const property_ref& p, const char* base, node_props& out) {
    out.props.clear();
    out.values.clear();
    out.values.push({p.first, 2});
    out.props.push({p.ident, 1, static_cast<std::uint16_t>((base[p.ident] - 'A' + 1) * 27), 0, 1});
}

// The properties of the node whose ';' is at `offset`, read by the one node reader
// (tree/node_reader.hpp) into reused buffers.
inline void scan_props(const source& src, std::uint32_t offset, node_props& out) {
    property_ref p;
    const char* const base = src.data();
    if (node_reader::single_short(base, base + src.bytes.size(), offset, p)) {  // ";B[pd]": most nodes
        scan_single(p, base, out);
        return;
    }
    auto& props = out.props;
    auto& values = out.values;
    props.clear();
    values.clear();
    node_reader r = reader_of(src, offset);
    std::uint32_t mark = 0;
    const auto push_value = [&values](std::uint32_t open, std::uint32_t size) { values.push({open, size}); };
    while (r.next(p, push_value)) {
        if (r.lenient()) {  // read by the grammar: walk its values again
            values.truncate(mark);
            std::uint32_t at = p.first;
            for (std::uint32_t k = 0; k < p.count; ++k) {
                const std::uint32_t size = value_size(src, at);
                values.push({at, size});
                if (k + 1 < p.count) at = next_value(src, at, size);
            }
        }
        const char* const id = src.data() + p.ident;
        const auto up = [](char c) { return static_cast<unsigned char>(c - 'A') < 26; };
        std::uint16_t key = 0;
        if (p.ident_size <= 2 && up(id[0]) && (p.ident_size == 1 || up(id[1])))
            key = static_cast<std::uint16_t>((id[0] - 'A' + 1) * 27 + (p.ident_size == 2 ? id[1] - 'A' + 1 : 0));
        props.push({p.ident, static_cast<std::uint16_t>(p.ident_size > 0xffff ? 0xffff : p.ident_size), key, mark,
                    p.count});
        mark = values.size();
    }
}

// ------------------------------------------------------------------------ plans

// How a value can be checked without the general validator. A fast path accepts only
// values check_value accepts too; anything it does not accept goes to check_value.
enum class fast_kind : std::uint8_t {
    general,     // check_value
    text,        // single text/simpletext/unknown, no format: every value is fine
    go_move,     // Go move: "", two letters on the board, "tt" on boards <= 19x19
    go_points,   // Go list of points: two letters on the board (rectangles: check_value)
    real,        // [+|-]digits[.digits]
    number,      // [+|-]digits (no range)
};

// Where the point of a value is, for point groups and the Go replay.
enum class point_part : std::uint8_t { none, rect, point, move, compose_first };

// Node-level facts of a property, OR-ed over the node (row_plan::bits).
enum : std::uint32_t {
    bit_move = 1u << 0,          // move property (counts for setup/move mixing)
    bit_setup_mix = 1u << 1,     // setup property judged by setup_move_mix
    bit_setup_other = 1u << 2,   // setup property with its own rule (PL)
    bit_root = 1u << 3,          // root property
    bit_game_info = 1u << 4,     // game-info property
    bit_move_color = 1u << 5,    // B or W: "a move" for needs_move
    bit_needs_move = 1u << 6,    // KO, BM, DO, IT, TE
    bit_root_rule = 1u << 7,     // move property with its own rule in the root (MN)
    bit_excl_shift = 8,          // bits 8..10: the exclusive group
    // needs the per-property slow path
    bit_rare = 1u << 11,         // not defined in FF, other game, long identifier, once per
                                 // game, inherit, handicap
};
inline constexpr std::uint32_t bit_setup = bit_setup_mix | bit_setup_other;
// A property with none of these is checked by its value alone when it is its node's only
// property (";B[pd]", ";C[...]"): no node-level rule applies to it.
inline constexpr std::uint32_t bits_node_level =
    bit_rare | bit_setup | bit_root | bit_game_info | bit_needs_move | bit_root_rule;

struct row_plan {
    const property_rule* row = nullptr;
    std::uint16_t index = 0;  // in all_properties()
    std::uint32_t bits = 0;   // bit_* above
    bool defined = true;      // row->defined_in(ff) (or it is the file-format property)
    bool applies = true;      // row->applies_to(gm)
    bool long_ident = false;  // more than two letters
    fast_kind fast = fast_kind::general;
    point_part points = point_part::none;
    board_effect go = board_effect::none;            // what the Go replay does with it (GM[1])
    point_group unique_points = point_group::none;  // the row's group when its points must be unique
    bool stacks = false;         // the game stacks stones: repeating a point in this property is fine
    bool simple_values = false;  // no group, no distinct values, no replay: only the value check
    bool ff4_forms = false;      // FF[1]-FF[3] file, and the value may use a form new in FF[4]
    bool text_values = false;    // text or simpletext: a value may have swallowed nodes (017)
    rule in_root = rule::none;    // move property in the root node: move_in_root or the row's own rule
    rule with_move = rule::none;  // setup property next to a move: setup_move_mix or the row's own rule
    std::uint8_t inherit_slot = 0xff;  // slot in the inherit walker, 0xff = none
    bool is_handicap = false;          // HA (format handicap)
};

// The rows of one (FF, GM, profile), resolved once per distinct combination in a check.
struct plan_table {
    int ff = 4;
    int gm = 1;
    profile prof = profile::ff4;
    const game_rule* game = nullptr;  // nullptr: GM without a row
    std::vector<row_plan> rows;       // indexed like all_properties(); row == nullptr = not in profile
    std::array<const row_plan*, short_keys> short_plans{};  // by short key; nullptr = unknown
    std::vector<const property_rule*> inherit;            // walker rows; inherit_slot indexes this
    std::array<std::string, 6> group_rules;               // per point_group: the rule, for messages
    // 002_* SGF2-style aliases read in the root node under this profile (KO -> KM, ...): the
    // alias and the plan of the property it stands for
    std::vector<std::pair<std::string_view, const row_plan*>> root_aliases;

    // The plan of an identifier as written; nullptr for unknown (private) properties.
    [[nodiscard]] const row_plan* find(std::string_view ident) const;
    [[nodiscard]] const row_plan* find(const prop_ref& p, const char* base) const {
        return p.key != 0 ? short_plans[p.key] : find(std::string_view(base + p.ident, p.ident_size));
    }
};
[[nodiscard]] std::unique_ptr<plan_table> make_plan_table(int ff, int gm, profile p);
// The same, shared: made once for the last few (FF, GM, profile) checked (by any thread), so
// that a folder of files does not make the same table for each.
[[nodiscard]] std::shared_ptr<const plan_table> plan_table_for(int ff, int gm, profile p);

// ------------------------------------------------------------------------ the tree walk

// Per collection-level game tree: its context and the state shared by its nodes.
struct walk_context {
    const plan_table* plans = nullptr;
    int ff = 4;               // the tree's FF version (levels of FF[4]-only rules)
    board_size size{};        // from SZ or the game's default; unknown = {0,0}
    bool replay = false;      // Go board replay on
    bool ff_default = false;  // the root has no FF: FF[1]
};

// Checks one collection-level game tree from its events, in pre-order: begin, then each
// node, open when a variation starts and close when it ends, then end. The events come
// from the parser as it reads the file (check/stream.cpp: one game tree at a time, never
// built) or from a walk over a stored tree (run(): for users who hold a tree); both give
// the same events, so both are the same check.
class tree_checker {
public:
    tree_checker(findings& out, const check_options& options);
    ~tree_checker();
    tree_checker(const tree_checker&) = delete;
    tree_checker& operator=(const tree_checker&) = delete;
    // The tree walk (explicit stack, any depth): the events of a stored game tree.
    void run(const game_tree& root, const walk_context& ctx);
    // The events the parser recorded for one game tree of `src` (parse/tree_events.hpp).
    void run(const source& src, std::span<const std::uint32_t> events, const walk_context& ctx);

    void begin(const walk_context& ctx);
    // The node whose ';' is at `offset` of `src` (`is_root`: the collection-level root);
    // `plain`: it may take the fast path of a plain move (a node of the tree's own source).
    void node(const source& src, std::uint32_t offset, bool is_root, bool plain = true);
    // A variation starts; `last`: no variation follows it on its path (it is the last child
    // of a parent that is itself last, up to the root), so its board changes need no undo.
    void open(bool last);
    void close();
    void end();

private:
    // The state of the path before a variation, restored when it ends. Frames that would be
    // equal to the one below (a chain of last variations that change no path state, as a
    // main line written as nested variations) are counted in `repeat`, not stored: a
    // million nested variations take one frame.
    struct frame {
        std::uint32_t game_info;  // the path's game-info state before this variation
        std::uint32_t repeat;     // more frames equal to this one above it
        const source* game_info_src;
        std::size_t board_mark;
        std::size_t inherit_mark;
        bool last;
    };
    struct walk_frame {
        const tree_rep* tree;
        std::uint32_t next_child;
        bool last;
    };
    void visit_nodes(const tree_rep* t, bool collection_root);
    // The node of most game records, ";B[pd]" (a move on the board), checked and played
    // inline; false: check_node it (with `one` filled when the reader read it as one
    // plain property).
    [[nodiscard]] bool plain_move(const source& src, std::uint32_t offset, property_ref& one, bool& single);
    void check_node(const source& src, std::uint32_t offset, bool is_root, const property_ref* one = nullptr);
    void once_per_node(const source& src, std::uint32_t n);
    void node_values(const source& src, std::uint32_t n, bool is_root, bool moves_now);
    void handicap_stones(const source& src);
    void rare_property(const source& src, std::uint32_t i, const row_plan& plan, bool is_root);
    void unknown_property(const source& src, std::uint32_t i);
    void long_identifier(const source& src, std::uint32_t at, std::string_view written);
    [[nodiscard]] const row_plan* root_alias(const source& src, std::uint32_t i, const row_plan* plan);
    void node_rules(const source& src, std::uint32_t bits, bool is_root);
    void nul_bytes(const source& src);
    void ff3_view(const source& src, const prop_ref& p, const property_rule& row, const std::string& ident,
                  const std::string& in);
    void value_failure(const source& src, const value_ref& v, std::string_view raw, std::string_view ident,
                       const row_plan& plan, value_check&& c);
    void value_points(const source& src, const value_ref& v, std::string_view raw, std::string_view ident,
                      const row_plan& plan, bool have_point, board_point pt);
    void check_values(const source& src, const prop_ref& p, const row_plan& plan);
    void ff4_forms(const source& src, const prop_ref& p, const row_plan& plan);
    [[nodiscard]] inline bool fast_value(const source& src, const prop_ref& p, const row_plan& plan, bool moves_now);
    // The point as two words, not one board_point: a caller that spills them stores and
    // reloads each word alone (a struct spilled by halves and reloaded whole stalls on the
    // failed store forwarding: ~6% of check's cycles on the plain-move path).
    void play_move(const source& src, board_effect effect, std::uint32_t offset, std::uint32_t column, std::uint32_t row);
    void play_move(const source& src, board_effect effect, std::uint32_t offset, board_point at) {
        play_move(src, effect, offset, at.column, at.row);
    }
    void replay_node(const source& src);
    // Adds a finding at the tree's FF, capped at cap_ (values of rows of another FF version).
    std::size_t report(rule r, const source& src, std::uint64_t offset, std::string message,
                       std::optional<std::uint64_t> related = std::nullopt, std::string hint = {},
                       std::string_view subject = {}) {
        const rule_level l = std::min(out_.level(r, ctx_->ff), cap_);
        if (l != rule_level::off && (info(r).ff & ff_bit(ctx_->ff)) == 0)
            message += " (an FF[4] rule; this game tree is FF[" + std::to_string(ctx_->ff) + "])";
        return out_.add_at(l, r, src, offset, std::move(message), std::move(hint), related, subject);
    }
    // How an SGF2-style alias in the root reads (002_*), for a hint; empty when it is none.
    [[nodiscard]] static std::string sgf2_hint(std::string_view ident);
    [[nodiscard]] std::string_view ident_of(const source& src, const prop_ref& p) const noexcept {
        return {src.data() + p.ident, p.ident_size};
    }

    findings& out_;
    check_options options_;
    const walk_context* ctx_ = nullptr;
    rule_level cap_ = rule_level::error;  // warning while checking a row of another FF version
    std::string definition_note_;         // ... and which definition its values are checked by

    // reused buffers (no allocation per node once warm)
    node_props node_;
    std::vector<const row_plan*> plans_;  // per property of the current node
    std::vector<frame> stack_;
    std::vector<walk_frame> walk_;  // run()'s own stack over the stored tree
    std::vector<bool> last_;        // run()'s over events: per open variation, whether it is last

    // per node
    std::uint32_t node_stamp_ = 0;
    std::vector<std::uint32_t> row_seen_;   // row index -> node stamp of its last occurrence
    std::vector<std::uint32_t> row_first_;  // row index -> ident offset of that occurrence
    std::uint32_t handicap_ = 0;            // index + 1 of the node's HA property
    std::uint64_t ab_stones_ = 0;           // AB stones (Go) in the node, for HA
    bool moves_now_ = true;                 // no setup in the node: play moves at once
    bool root_node_ = false;                // the node is the root of a game tree of the collection
    // per property of the node: every value failed its value type (E101), so the property is
    // not read as its row, and where it stands is not judged (one problem, one finding)
    std::vector<std::uint8_t> not_its_type_;
    std::uint32_t type_failures_ = 0;       // E101 findings of the property check_values checks

    // per game tree (collection level)
    std::uint32_t tree_stamp_ = 0;
    // unknown identifiers of the current node: identifier -> offset of its first occurrence
    // (a hash set cleared per node: N distinct identifiers in one node stay linear)
    std::unordered_map<std::string_view, std::uint32_t> unknown_in_node_;
    std::vector<std::uint32_t> once_seen_;   // row index -> tree stamp (once_per_game)
    std::vector<std::uint32_t> once_first_;  // row index -> offset

    // game-info path: offset + 1 of the first game-info property on the path (0 = none)
    std::uint32_t game_info_ = 0;
    const source* game_info_src_ = nullptr;

    // point groups: a stamp per (group, point) for points up to 64x64, a map beyond; each
    // mark remembers the row that named the point (stacking games may repeat it in one row)
    static constexpr std::size_t point_side = 65;
    static constexpr std::size_t point_cells = point_side * point_side;
    static constexpr std::size_t point_groups = 6;  // point_group values
    struct point_mark {
        std::uint32_t stamp;
        std::uint32_t offset;  // '[' of the first value naming the point
        std::uint16_t row;     // the row (index in all_properties) of that value
    };
    // The marks and the last stamp given to them, reused by the next checker of this thread
    // (board/reused.hpp): its stamps come after every mark's.
    struct point_table {
        point_mark marks[point_groups * point_cells];  // [group * point_cells + row * point_side + column]
        std::uint32_t stamp = 0;
    };
    std::unique_ptr<point_table> points_;
    std::uint32_t group_node_[point_groups] = {};   // node stamp the group's stamp belongs to
    std::uint32_t group_stamp_[point_groups] = {};  // current stamp of each group
    std::unordered_map<std::uint64_t, point_mark> big_points_[point_groups];  // key: column << 32 | row
    std::uint32_t big_stamp_[point_groups] = {};
    // Marks point p of group g with the value at `offset` of row `row`; returns the offset of
    // an earlier value of the group naming p, if any (not one of the same row when it stacks).
    std::optional<std::uint32_t> mark_point(std::size_t g, board_point p, std::uint32_t offset, std::uint16_t row,
                                            bool stacks);
    std::uint32_t group_stamp(std::size_t g, bool per_property);

    // values of a point group whose syntax no game page gives, in the current node: group
    // stamp + raw value -> '[' of the first (E106 for byte-identical points)
    std::unordered_map<std::string, std::uint32_t> unverified_points_;
    std::uint32_t unverified_node_ = 0;

    // values of the current property (duplicate values), in normal form for unordered ends
    std::vector<std::pair<std::string, std::uint32_t>> seen_values_;

    // Go replay and inherit state along the current path
    go_board board_;
    struct go_action {
        board_effect effect;
        std::uint32_t offset;  // '[' of the value
        std::string_view raw;
        board_point upper_left;
        board_point lower_right;  // == upper_left for a single point
        bool reported = false;    // already E106: no W207 on top
    };
    std::vector<go_action> actions_;
    inherit_walker inherit_;
    const std::vector<const property_rule*>* inherit_rows_ = nullptr;
};

// The collection: per collection-level game tree its context (context_of: FF, GM, SZ, CA of
// the root), the plans for its (FF, GM), the tree checker; and the collection-level rules,
// each game tree against the first one (mixed FF, GM, CA).
class collection_checker {
public:
    collection_checker(findings& out, const check_options& options);
    // The game tree whose root node is `root` and whose '(' is at `open` (else its root's
    // ';'), in `root`'s source: the context to check it in (run it on walker()), then
    // end_tree(). `positions`: the places of its FF, GM and CA are given as positions (a
    // streamed file, whose first game tree's bytes are gone when a later one names them).
    [[nodiscard]] const walk_context& begin_tree(const node& root, std::uint32_t open);
    void end_tree();
    // begin_tree's state for a game tree that was checked elsewhere (another thread's
    // checker gave its context), before end_tree().
    void took_tree(const tree_context& ctx, const source& src, std::uint32_t open);
    // A game tree without nodes (no context: nothing to check, nothing to compare).
    void empty_tree();
    [[nodiscard]] tree_checker& walker() noexcept { return walker_; }
    [[nodiscard]] const tree_context& context() const noexcept { return current_.ctx; }
    // The positions of the first game tree's FF, GM and CA for the collection-level rules
    // (a streamed file: resolved while its bytes were there).
    void set_first_positions(position ff, position gm, position ca);

private:
    struct tree_info {
        const source* src = nullptr;
        std::uint32_t open = 0;  // '(' or the root's ';'
        tree_context ctx;
        std::optional<position> ff_pos, gm_pos, ca_pos;
    };
    void compare_with_first(const tree_info& t);

    findings& out_;
    check_options options_;
    tree_checker walker_;
    std::vector<std::shared_ptr<const plan_table>> tables_;  // one per distinct (FF, GM)
    walk_context ctx_;
    tree_info current_;
    std::optional<tree_info> first_;  // nullopt before the first game tree
    std::size_t trees_ = 0;
};

}  // namespace sgf::detail
