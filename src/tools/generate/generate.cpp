// The generator's driver: plan -> valid model -> (one mutation) -> bytes, plus the
// mutation table, the feature list, file names and the .expect text.
#include <algorithm>
#include <stdexcept>

#include "tools/generate/model.hpp"
#include "sgf/diagnostic.hpp"

namespace sgf {

namespace {

using m = mutation;
// Quotes: 000_* is the FF[4] basics page (EBNF), the others are under spec/reference/.
constexpr mutation_info mutations[] = {
    {m::none, "none", "collection", "", "", "no mutation", ""},
    {m::drop_value_close, "drop_value_close", "value", "E008", "E004", "the last ']' of the file removed",
     "000_*: PropValue = \"[\" CValueType \"]\""},
    {m::drop_tree_close, "drop_tree_close", "gametree", "E004", "", "the last ')' of the file removed",
     "000_*: GameTree = \"(\" Sequence { GameTree } \")\""},
    {m::extra_tree_close, "extra_tree_close", "gametree", "E005", "", "a ')' after the last game tree",
     "000_*: Collection = GameTree { GameTree }"},
    {m::empty_tree, "empty_tree", "gametree", "E006", "", "an empty variation '()'",
     "000_*: Sequence = Node { Node } (a GameTree holds at least one node)"},
    {m::lowercase_ident, "lowercase_ident", "propident", "E011", "", "lowercase letters inside an identifier",
     "000_*: PropIdent = UcLetter { UcLetter }"},
    {m::value_without_ident, "value_without_ident", "property", "E010", "", "a value right after ';'",
     "000_*: Property = PropIdent PropValue { PropValue }"},
    {m::ident_without_value, "ident_without_value", "property", "E009", "", "an identifier with no value",
     "000_*: Property = PropIdent PropValue { PropValue }"},
    {m::junk_before, "junk_before", "collection", "E002", "", "text before the first '('",
     "000_*: Collection = GameTree { GameTree }"},
    {m::junk_after, "junk_after", "collection", "E003", "", "text after the last ')'",
     "000_*: Collection = GameTree { GameTree }"},
    {m::junk_between, "junk_between", "node", "E012", "", "characters that are no token between two nodes",
     "000_*: White space ... may appear anywhere between PropValues, Properties, Nodes, Sequences and GameTrees."},
    {m::tree_without_node, "tree_without_node", "gametree", "E007", "", "a variation whose first node has no ';'",
     "000_*: GameTree = \"(\" Sequence { GameTree } \")\"; Node = \";\" { Property }"},
    {m::node_after_variation, "node_after_variation", "gametree", "E013", "", "a node after the variations of a tree",
     "000_*: GameTree = \"(\" Sequence { GameTree } \")\""},
    {m::move_setup_mix, "move_setup_mix", "setup", "E202", "", "AB in a node with a move",
     "ff4_sgf.txt 2.2.1: Move properties must not be mixed with setup properties within the same node."},
    {m::pl_with_move, "pl_with_move", "setup", "E203", "", "PL in a node with a move",
     "ff4_sgf.txt 2.2.1: Setup properties must not be mixed with move properties within a node."},
    {m::root_outside_root, "root_outside_root", "root", "E206", "", "ST in a node that is not a root",
     "ff4_sgf.txt 2.2.1: Root properties may only appear in root nodes."},
    {m::point_off_board, "point_off_board", "point", "E103", "", "SL with a point off the board",
     "ff4_go.txt: Move, Point & Stone type; ff4_properties.txt SZ"},
    {m::bad_number, "bad_number", "value", "E101", "", "PM with a value that is not a Number",
     "ff4_sgf.txt 3: Number = [\"+\"|\"-\"] Digit {Digit}"},
    {m::number_out_of_range, "number_out_of_range", "value", "W102", "", "PM outside 0-2 (a warning: not applied)",
     "ff4_properties.txt PM: 0 = don't print move numbers, 1 = ..., 2 = ..."},
    {m::duplicate_property, "duplicate_property", "node", "E201", "", "C twice in one node",
     "ff4_sgf.txt 2.2: Only one of each property is allowed per node"},
    {m::too_many_values, "too_many_values", "property", "E118", "", "two values for C (a single Text)",
     "ff4_sgf.txt 2.1: the value type is not a 'list of'"},
    {m::empty_list, "empty_list", "value", "E108", "", "CR[] (a 'list of point' with no point)",
     "ff4_sgf.txt 2.1: list of = PropValue { PropValue }"},
    {m::empty_in_list, "empty_in_list", "value", "E119", "", "CR with [] among its points",
     "ff4_sgf.txt 2.1: elist of = ((PropValue { PropValue }) | None)"},
    {m::rect_1x1, "rect_1x1", "point", "E104", "", "a 1x1 rectangle CR[aa:aa]",
     "ff4_sgf.txt 3.5.1: 1x1 Rectangles are illegal - they've to be listed as single point."},
    {m::rect_corners, "rect_corners", "point", "E105", "", "rectangle corners lower-right first",
     "ff4_sgf.txt 3.5.1: Rectangles are specified by using the upper left and lower right corner"},
    {m::duplicate_point, "duplicate_point", "point", "E106", "", "the same point twice in CR",
     "ff4_sgf.txt 3.5.1: the points have to be unique, i.e. overlap and duplication are forbidden"},
    {m::compose_extra_colon, "compose_extra_colon", "compose", "E107", "", "LB[aa:x:y]",
     "ff4_sgf.txt 3.2: Following chars have to be escaped ... \":\" (only if used in compose data type)."},
    {m::square_size_compose, "square_size_compose", "root", "E109", "", "SZ[n:n]",
     "ff4_properties.txt SZ: Square boards must not be defined using the compose type value: e.g. SZ[19:19] is illegal."},
    {m::ap_not_composed, "ap_not_composed", "root", "E110", "", "AP without ':' version",
     "ff4_properties.txt AP: composed simpletext ':' simpletext"},
    {m::time_units, "time_units", "gameinfo", "E111", "", "TM[5m]",
     "ff4_properties.txt TM: Time limit in seconds (real)"},
    {m::re_jigo, "re_jigo", "gameinfo", "E112", "", "RE[Jigo]",
     "ff4_properties.txt RE: It is MANDATORY to use the following format: \"0\" (zero) or \"Draw\" for a draw (jigo)"},
    {m::re_format, "re_format", "gameinfo", "E113", "", "RE not in the result format",
     "ff4_properties.txt RE: It is MANDATORY to use the following format"},
    {m::dt_format, "dt_format", "gameinfo", "E114", "", "DT[1999/01/01]",
     "ff4_properties.txt DT: It is MANDATORY to use the ISO-standard format for DT."},
    {m::ha_range, "ha_range", "gameinfo", "W115", "", "HA below 2 (a warning: not applied)",
     "ff4_go.txt HA: Defines the number of handicap stones (>=2)."},
    {m::one_point_arrow, "one_point_arrow", "compose", "E116", "", "AR[aa:aa]",
     "ff4_properties.txt AR: It's illegal to specify a one point arrow, e.g. AR[cc:cc]"},
    {m::duplicate_arrow, "duplicate_arrow", "compose", "E117", "", "the same arrow twice",
     "ff4_properties.txt AR: It's illegal to specify the same arrow twice"},
    {m::annotation_without_move, "annotation_without_move", "move", "E204", "", "KO, BM, DO, IT or TE without B or W",
     "ff4_properties.txt: Move annotation properties without a move (B[] or W[]) within the same node are senseless and "
     "therefore illegal."},
    {m::exclusive_properties, "exclusive_properties", "node", "E205", "", "two of GB, GW, DM, UC in one node",
     "ff4_properties.txt GB: GB must not be mixed with GW, DM or UC within a node."},
    {m::second_game_info, "second_game_info", "gameinfo", "E207", "", "a game-info property below the game-info node",
     "ff4_sgf.txt 2.2.1: There may be only one game-info node on any path within the tree"},
};
static_assert(std::size(mutations) == static_cast<std::size_t>(mutation::second_game_info) + 1, "one row per mutation");

constexpr std::string_view features[] = {
    "ws-space", "ws-tab", "ws-lf", "ws-cr", "ws-crlf", "ws-lfcr", "ws-vt", "ws-ff", "ws-ident-value",
    "hard-break-lf", "hard-break-cr", "hard-break-crlf", "hard-break-lfcr",
    "soft-break-lf", "soft-break-cr", "soft-break-crlf", "soft-break-lfcr",
    "escape-close-bracket", "escape-backslash", "escape-colon", "escape-other", "utf8-text", "empty-text",
    "long-value", "empty-value", "none-value", "elist-empty", "compressed-point-list", "compose",
    "number-plus-sign", "number-leading-zero", "number-negative", "real-fraction", "double", "color", "result",
    "move-special", "pass-empty", "pass-tt", "handicap", "private-property", "private-long-ident",
    "empty-node", "variations", "several-game-trees", "deep-tree", "wide-tree", "gm-omitted",
    "root-order-shuffled",
};

}  // namespace

std::span<const mutation_info> all_mutations() noexcept { return std::span(mutations).subspan(1); }

const mutation_info& info(mutation x) noexcept {
    const auto k = static_cast<std::size_t>(x);
    return k < std::size(mutations) ? mutations[k] : mutations[0];
}

std::optional<mutation> find_mutation(std::string_view name) noexcept {
    for (const auto& x : all_mutations())
        if (x.name == name) return x.id;
    return std::nullopt;
}

std::span<const std::string_view> all_features() noexcept { return features; }

std::string generated_file::name() const {
    if (valid) return std::string(gm == 1 ? "y_collection" : "y_game") + "_gen_" + std::to_string(seed);
    const auto& x = info(applied);
    return "n_" + std::string(x.area) + "_gen_" + std::to_string(seed) + "_" + std::string(x.name);
}

std::string generated_file::expect_text(std::size_t max_tree) const {
    std::string out = "# sgfcheck gen --seed " + std::to_string(seed) + (valid ? " --valid" : " --invalid");
    if (!valid) out += "\n# mutation " + std::string(info(applied).name) + ": " + std::string(info(applied).what);
    out += '\n';
    for (const auto& e : expected)
        out += std::string(e.code) + " " + std::to_string(e.where.line) + ":" + std::to_string(e.where.column) + "\n";
    if (valid && tree.size() <= max_tree) out += "tree " + tree + "\n";
    return out;
}

generated_file generate(const generate_options& o) {
    using namespace detail::gen;
    if (o.depth > gen_max_shape || o.width > gen_max_shape)
        throw std::invalid_argument("depth and width are limited to " + std::to_string(gen_max_shape));
    const bool invalid = o.mode == gen_mode::invalid || (o.mode == gen_mode::mixed && (mix_seed(o.seed, 0x5eed) & 1) != 0);
    rng planner(mix_seed(o.seed, 0));
    const plan p = make_plan(planner, o);
    generated_file f;
    f.seed = o.seed;
    f.valid = !invalid;
    f.gm = p.gm;
    std::size_t budget = std::max<std::size_t>(o.max_bytes, 64);
    for (int attempt = 0;; ++attempt) {
        rng r(mix_seed(o.seed, 1 + static_cast<std::uint64_t>(attempt)));
        coverage cov;
        expectations ex;
        model md = build_valid(r, o, p, budget * 3 / 4, invalid, cov, ex);
        mutation applied = mutation::none;
        if (invalid) {
            // the forced mutation first, then the others from a random start, in table order
            const auto all = all_mutations();
            const auto start = static_cast<std::size_t>(r.below(all.size()));
            std::vector<mutation> order;
            if (o.force) order.push_back(*o.force);
            for (std::size_t k = 0; k < all.size(); ++k) order.push_back(all[(start + k) % all.size()].id);
            for (const auto x : order) {
                if (mutate(x, md, r, p, ex)) {
                    applied = x;
                    break;
                }
            }
            if (applied == mutation::none) throw std::logic_error("no mutation applies to the generated file");
        }
        rng wr(mix_seed(o.seed, 1000 + static_cast<std::uint64_t>(attempt)));
        written w = write_model(md, wr, cov, static_cast<std::size_t>(ex.next - 1));
        const bool fits = w.bytes.size() <= o.max_bytes || o.depth > 0 || o.width > 0 || budget <= 64 || attempt >= 8;
        if (!fits) {
            budget /= 2;
            continue;
        }
        f.applied = applied;
        f.bytes = std::move(w.bytes);
        for (const auto& [mk, code] : ex.items) {
            const auto* row = find_rule(code);
            f.expected.push_back({row ? code_of(row->id) : std::string_view{}, position_at(f.bytes, w.marks[mk - 1])});
        }
        std::sort(f.expected.begin(), f.expected.end(), [](const expected_finding& a, const expected_finding& b) {
            return a.where.byte != b.where.byte ? a.where.byte < b.where.byte : a.code < b.code;
        });
        if (!invalid) f.tree = json_tree(md, p.game);
        f.rows.assign(cov.rows.begin(), cov.rows.end());
        f.features.assign(cov.features.begin(), cov.features.end());
        return f;
    }
}

}  // namespace sgf
