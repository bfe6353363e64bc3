#pragma once
// Private pieces of sgf::fix (include/sgf/fix.hpp): one node goes through
//   read (fix_merge.cpp) -> merge -> convert (fix_convert.cpp) -> split and build (fix_split.cpp),
// driven over the tree without recursion by fix.cpp. The Go board (board/go_board.hpp)
// tells M on a stone (TR) from M on an empty point (MA).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "board/go_board.hpp"
#include "sgf/diagnostic.hpp"
#include "sgf/fix.hpp"
#include "sgf/properties.hpp"
#include "tree/source.hpp"

namespace sgf::detail {

// Where something stands in the input; made a line and column only for a diagnostic
// (counting lines for every property would cost more than the rest of fix).
struct fix_pos {
    const source* src = nullptr;
    std::uint32_t offset = 0;
    [[nodiscard]] position get() const { return src ? src->position_of(offset) : position{}; }
};

// A raw value while a node is being fixed: a view into the input while fix has not changed
// it (a 200 MB comment is not copied), else its own bytes. Copies are cheap either way.
class fix_value {
public:
    fix_value() = default;
    explicit fix_value(std::string s) : owned_(std::make_shared<const std::string>(std::move(s))), view_(*owned_) {}
    explicit fix_value(const char* s) : fix_value(std::string(s)) {}
    // Borrows `v`: it must outlive the value (the input's bytes do, during fix).
    [[nodiscard]] static fix_value borrowed(std::string_view v) noexcept {
        fix_value f;
        f.view_ = v;
        return f;
    }
    fix_value& operator=(std::string s) { return *this = fix_value(std::move(s)); }

    operator std::string_view() const noexcept { return view_; }  // NOLINT: a value reads as text
    [[nodiscard]] std::string_view view() const noexcept { return view_; }
    [[nodiscard]] std::string str() const { return std::string(view_); }
    [[nodiscard]] bool empty() const noexcept { return view_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept { return view_.size(); }
    friend bool operator==(const fix_value& a, const fix_value& b) noexcept { return a.view_ == b.view_; }
    friend bool operator==(const fix_value& a, std::string_view b) noexcept { return a.view_ == b; }

private:
    std::shared_ptr<const std::string> owned_;
    std::string_view view_;
};

// "[v1][v2]...": values as messages quote them.
template <class Values>
[[nodiscard]] std::string bracketed(const Values& vs) {
    std::string s;
    for (const auto& v : vs) {
        s += '[';
        s += std::string_view(v);
        s += ']';
    }
    return s;
}

// A property while a node is being fixed.
struct fix_prop {
    std::string ident;                // FF[4] identifier
    std::vector<fix_value> values;    // raw, in UTF-8, canonical spelling (canonical_raw)
    fix_pos pos;                      // of the identifier in the file
    std::vector<fix_pos> value_pos;   // of each value's '[' (same length as values)
};

// Bytes of the input the parse could not place in the tree (fix_leftovers.cpp): kept, as
// values of the private property UNPLACED, in the node where they stood (text outside the
// game trees: in the root of the game tree that follows it, or of the last one; text
// between variations: in the node before it, the previous variation's last node).
struct leftover {
    std::uint32_t offset = 0;  // in the trees' source
    std::uint32_t size = 0;
    rule code = rule::none;    // the parser's finding: 002, 003, 009, 010, 012
    bool top_level = false;    // outside every game tree (E002, E003)
};
inline constexpr std::string_view unplaced_ident = "UNPLACED";
[[nodiscard]] std::vector<leftover> find_leftovers(const source& src);
// A node the parse made for bytes that are no node: no property and no ';' ("(;B[aa](;W[bb])
// junk (;W[cc]))" reads "junk" as a node after a variation, E013). fix drops it, keeps its
// bytes in the node before it (the previous variation's last node) and puts its variations
// in its place, so that which nodes are variations of which does not change.
[[nodiscard]] bool placeholder_node(const node& n);

// M in a game tree (fix/marks.cpp): has_m reads every node of `root` and below for an M in
// any spelling ("M", "Mark", "mM": the FF[4] form of the identifier). m_candidates lists, once
// per file, the bytes 'M' of `bytes` that could be in such an identifier (no upper-case letter
// next to it past lowercase ones). has_m_in(trees, i, ...) answers has_m(trees[i]) from them
// when every node of that game tree lies in `scanned` between its '(' and the next game tree's
// (as a parse leaves them), reading its nodes only when a candidate lies there; `candidates`
// are m_candidates of `scanned`'s bytes (null: read every node).
[[nodiscard]] bool has_m(const game_tree& root);
[[nodiscard]] std::vector<std::uint32_t> m_candidates(std::string_view bytes);
[[nodiscard]] bool has_m_in(std::span<const game_tree> trees, std::size_t i, const source* scanned,
                            const std::vector<std::uint32_t>* candidates);
// The node (by offset) each leftover is kept in; `found` must outlive the map.
[[nodiscard]] std::unordered_map<std::uint32_t, std::vector<const leftover*>> place_leftovers(
    const std::vector<leftover>& found, std::span<const game_tree> trees);

// What fix knows about the game tree a node belongs to.
struct fix_context {
    const load_result* input = nullptr;
    const fix_options* options = nullptr;  // what to delete (set by fix)
    std::size_t tree = 0;  // top-level game tree index
    // Values are converted to UTF-8 (and the root says CA[UTF-8]); false when the file keeps
    // its charset (bytes that are no character in it: fix.cpp).
    bool convert_text = true;
    int ff = 1;
    int gm = 1;
    const game_rule* game = nullptr;  // nullptr: a game without a page
    board_size size{};
    go_board* board = nullptr;  // Go with M properties only; variations rewind it (mark, undo)
    std::vector<diagnostic>* out = nullptr;

    // A change fix made (level info: the output no longer has the problem), or with
    // severity::error a problem fix leaves in the output (its message says why). `r` is the
    // rule the checker reports the problem by, so that check and fix name it by one number;
    // the printed letter is the level's.
    void note(sgf::rule r, fix_pos where, std::string message, std::string hint, severity level = severity::info) const;
    // find_property(ident, 4, gm): a binary search of the table, no allocation (a cache
    // keyed by identifier cost more on nodes of many distinct identifiers).
    [[nodiscard]] const property_rule* rule(std::string_view ident) const { return find_property(ident, 4, gm); }
    // Whether a node before this one on the path held game-info properties (fix.cpp keeps it
    // per variation): a second game-info node of an FF[1]-FF[3] file is kept apart.
    mutable bool game_info_on_path = false;
    // Where the node being fixed starts (read_node sets it).
    mutable fix_pos node_pos;
    // Leftovers by the offset of the node that keeps them (nullptr: none in the file).
    const std::unordered_map<std::uint32_t, std::vector<const leftover*>>* unplaced = nullptr;
    // The input offset of each node fix builds, by the node's source (filled only for
    // --variation-level, which says its moves at the input's places).
    std::unordered_map<const source*, std::uint32_t>* origins = nullptr;
};

// report.cpp: fix_findings (sgf/fix.hpp) as references into `input` and `fixed`, so that a
// front end copies only what it lists (100,000 notes of one kind are not copied to list 1,000).
[[nodiscard]] std::vector<const diagnostic*> fix_findings_of(const load_result& input, const fix_result& fixed);

// merge.cpp: whether the row's value is a text (C, GN: repeats are joined, not kept apart).
[[nodiscard]] bool is_text_row(const property_rule& r);
// merge.cpp: of several values of a single-value property that is no text (`values`, in file
// order), the index of the one the merge of repeats keeps: the first FF[4] can hold (or fix
// writes in a form it can), else the first; an empty one the property does not take only when
// all are empty. convert_aliases judges an alias that is also an FF[4] property by it.
[[nodiscard]] std::size_t kept_of_several(const property_rule& row, const fix_context& c, std::span<const fix_value> values);

// fix_merge.cpp: the node's properties with FF[4] identifiers and UTF-8 values, repeats
// resolved (see include/sgf/fix.hpp).
// In a top-level root, SGF2-style aliases are converted first (fix_values.cpp), so that
// the resolution of repeats sees them: RD[2020][2021] becomes DT[2020] XDT[2021] at once.
[[nodiscard]] std::vector<fix_prop> read_node(const node& n, bool top_root, const fix_context& c);

// fix_convert.cpp: v as fix writes it: without its white space when v is a non-text value
// that only the white space makes invalid ("c e" -> "ce"), else v. The merge of repeats
// compares these spellings, so that fixing the output finds no repeat left.
[[nodiscard]] std::string repaired_spelling(const property_rule& row, const fix_context& c, std::string_view v);
// fix_convert.cpp: whether v holds white space (000_*: space, tab, line breaks, ...).
[[nodiscard]] bool has_white(std::string_view v) noexcept;

// fix_convert.cpp: legacy conversions, passes, value repairs; FF/CA in the top-level root.
void convert_node(std::vector<fix_prop>& props, bool top_root, const fix_context& c);
// fix_values.cpp: DT, RE, TM, BL, WL, HA, AP and compose values in FF[4] form where the
// meaning is clear.
void repair_game_info(std::vector<fix_prop>& props, const fix_context& c);
// fix_values.cpp: props[at]'s values appended to X + identifier (made in its place when
// missing), and props[at] removed: kept apart, nothing lost.
void move_apart(std::vector<fix_prop>& props, std::size_t at);
// fix_convert.cpp: in an FF[1]-FF[3] file, what FF[4] forbids where FF[1]-FF[3] allowed it
// (ff4_changes.txt; the checker's FF[4]-only rules) and fix has no conversion for: moved
// apart, so that the FF[4] output passes where the input did.
void keep_apart_ff4_only(std::vector<fix_prop>& props, bool top_root, const fix_context& c);
// values.cpp: whether `a` is an SGF2-style alias of the root (002_*), the ones convert_aliases takes.
[[nodiscard]] bool root_alias(const property_alias& a) noexcept;
// fix_values.cpp: SGF2-style aliases (KO -> KM, ...) of a top-level root.
void convert_aliases(std::vector<fix_prop>& props, const fix_context& c);
// Replays the node's setup and moves on c.board, then converts M to MA / TR.
// Go: a point named by more than one of AB, AW and AE in a node (E106) is kept in the value
// that names it last, as a reader applying the setup in order sees the node (fix/setup.cpp).
// On the node's properties as read, each occurrence apart (read_node, before repeats merge).
void resolve_setup_points(std::vector<fix_prop>& props, const fix_context& c);
void replay_and_mark(std::vector<fix_prop>& props, const fix_context& c);
// In an FF[1]-FF[3] file: says each property of the file's FF that FF[4] dropped and fix
// keeps as it is (a warning: check reports it obsolete, 211, in the FF[4] output). After
// every conversion (M and L are converted, not kept).
void say_kept_obsolete(const std::vector<fix_prop>& props, const fix_context& c);
// deletions.cpp: the properties fix_options asks to delete, each said (305). `named_only`:
// those --delete names, as read (before M and L are converted: --delete M deletes an M).
void delete_asked(std::vector<fix_prop>& props, const fix_context& c, bool named_only = false);
// deletions.cpp: whether node i of sequence t, left without a property, goes as
// fix_options::delete_empty_nodes asks (deleted: said, 306); never a top-level root. A
// variation's only node kept for the variations after it goes once fewer than two of them
// are left (fix.cpp, when the variation is done; said by say_empty_node_deleted).
enum class empty_node { kept, deleted, kept_for_variations };
[[nodiscard]] empty_node delete_empty_node(const std::vector<fix_prop>& props, const game_tree& t, std::size_t i, bool top_root,
                                           const fix_context& c);
void say_empty_node_deleted(fix_pos where, const fix_context& c);

// fix_split.cpp: MN beside setup properties in a node without a move numbers no move there
// (ff4_properties.txt MN: "a move specified in this node"): when `next`, the following node
// of the sequence, has a B or W move and no MN, MN is taken out of `props` (said, 202) and
// returned for that node (issue 22: ;AB[..]MN[26];B[de] was split into ;AB[..] ;MN[26] ;B[de]).
[[nodiscard]] std::optional<fix_prop> take_mn_for_next(std::vector<fix_prop>& props, const node* next, const fix_context& c);
// fix_split.cpp: the node as one or more nodes (setup before moves, one move per node).
void split_and_build(const node& original, std::vector<fix_prop>&& props, bool top_root, const fix_context& c,
                     std::vector<node>& out);

// fix_split.cpp: one node of these properties, in this order (values canonical, read_node's).
[[nodiscard]] node build_node(std::vector<fix_prop> props);

// variation_level.cpp: fix_options::variation_level (SGFC -v) over a fixed Go game tree:
// each alternative of a move stored one level too deep moved up beside it, said (307).
// `origins` gives the input offset of each node fix built (by its source); `input` is the
// input's source, whose nodes fix kept.
[[nodiscard]] game_tree corrected_variation_level(const game_tree& fixed, const source* input,
                                                  const std::unordered_map<const source*, std::uint32_t>& origins,
                                                  const fix_context& c);

[[nodiscard]] std::vector<fix_prop>::iterator find_prop(std::vector<fix_prop>& props, std::string_view ident);

// fix_leftovers.cpp: appends the node's leftovers to UNPLACED (made last when missing).
void keep_unplaced(std::vector<fix_prop>& props, const node& n, const fix_context& c);

// Up to 40 bytes of `text` for a message, cut at a character boundary, "..." when longer.
[[nodiscard]] std::string clipped(std::string_view text);

}  // namespace sgf::detail
