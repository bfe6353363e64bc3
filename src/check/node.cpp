// One node: every property looked up in the plans, then the node-level rules that the
// rows' fields drive (type, exclusive group, restrictions, point group, inherit) and the
// path-level rule for game-info nodes. The common node (a move, a comment) takes one pass
// with a few bit operations per property; everything unusual goes through rare_property and
// node_rules. Messages say what is wrong; hints come from the rule rows (sgf/detail/rules.def)
// unless the finding knows a better one.
#include <algorithm>
#include <cctype>
#include <cstring>

#include "check/internal.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::detail {

namespace {

std::string ff_list(const property_rule& r) {
    std::string s;
    for (int v = 1; v <= 4; ++v)
        if (r.ff_versions & ff_bit(v)) s += (s.empty() ? "FF[" : ", FF[") + std::to_string(v) + "]";
    return s.empty() ? "no FF version (private use)" : s;
}

std::string games_text(const property_rule& r) {
    std::string s;
    for (int gm = 1; gm <= 63; ++gm) {
        if (!r.applies_to(gm)) continue;
        if (!s.empty()) s += ", ";
        s += "GM[" + std::to_string(gm) + "]";
        if (const game_rule* g = find_game(gm)) s += " (" + std::string(g->name) + ")";
    }
    return s;
}

std::string game_name(int gm) {
    if (gm == 0) return "the unknown game GM names";  // GM[abc], GM[0] (context.hpp)
    const game_rule* g = find_game(gm);
    return "GM[" + std::to_string(gm) + "]" + (g ? " (" + std::string(g->name) + ")" : "");
}

bool all_upper(std::string_view s) noexcept {
    for (const char c : s)
        if (c < 'A' || c > 'Z') return false;
    return !s.empty();
}

constexpr std::uint32_t excl_of(std::uint32_t bits) noexcept { return (bits >> bit_excl_shift) & 7u; }

// How to repair a property given twice in a node: merging is right only for lists, and a
// second move most likely lost the ';' of its node.
std::string duplicate_hint(const property_rule& r) {
    if (r.effect == board_effect::move_black || r.effect == board_effect::move_white)
        return "a ';' is probably missing between them: each move takes a node of its own";
    if (r.shape.card != cardinality::single)
        return "merge the values into one property: " + std::string(r.ident) + "[..][..]";
    return "keep one of them";
}


}  // namespace

// KO, TE in the root of an SGF2-style file stand for KM and EV (002_*): say so in the hint.
std::string tree_checker::sgf2_hint(std::string_view ident) {
    for (const property_alias& a : all_aliases())
        if (a.alias == ident && a.context.starts_with("root node"))
            return "in SGF2-style files " + std::string(ident) + " in the root node stands for " + std::string(a.target) +
                   " (002_*; --profile=current reads it so, sgfcheck fix writes " + std::string(a.target) + ")";
    return {};
}

// The common single values, checked exactly without the general validator; false when the
// value needs check_values (which gives the same verdict, slower, or reports it).
inline bool tree_checker::fast_value(const source& src, const prop_ref& p, const row_plan& plan, bool moves_now) {
    if (p.count != 1) return false;
    const value_ref& v = node_.values[p.first];
    const char* const raw = src.data() + v.open + 1;
    switch (plan.fast) {
        // a '[' inside a text value may mean it swallowed nodes (check_values looks)
        case fast_kind::text: return plan.simple_values && std::memchr(raw, '[', v.size) == nullptr;
        case fast_kind::go_move: {
            if (v.size == 0) return (plan.simple_values || plan.go != board_effect::none) && ctx_->ff == 4;  // a pass
            const auto lp = lower_letter_pair({raw, v.size});
            if (!lp) return false;
            const board_point at = *lp;
            if (!on_board(at, ctx_->size)) return false;  // [tt] pass or off the board
            if (plan.go != board_effect::none) {
                if (ctx_->replay) {
                    if (moves_now) play_move(src, plan.go, v.open, at);
                    else actions_.push_back({plan.go, v.open, std::string_view(raw, 2), at, at});
                }
                return true;
            }
            return plan.simple_values;
        }
        case fast_kind::real: return plan.simple_values && is_real_text({raw, v.size});
        case fast_kind::number: return plan.simple_values && is_number_text({raw, v.size});
        case fast_kind::go_points:
        case fast_kind::general: break;
    }
    return false;
}

// Pass 1b: one of each property per node (E201, and an alias beside its target) and one member
// of each exclusive group (B with W, ...), in linear time whatever the node's size.
void tree_checker::once_per_node(const source& src, std::uint32_t n) {
    const char* const base = src.data();
    std::uint32_t exclusive_seen = 0;  // exclusive groups met so far (bit per group)
    std::uint32_t exclusive_first[8] = {};  // per group: the property that met it first
    for (std::uint32_t i = 0; i < n; ++i) {
        const prop_ref& p = node_.props[i];
        const row_plan* plan = plans_[i];
        if (plan == nullptr) {
            unknown_property(src, i);
            continue;
        }
        // one of each property per node (a stamp per row: any node size stays linear); an
        // SGF2-style alias beside its target (GK with GM) is not the same identifier twice
        const auto is_alias = [&](std::uint32_t at) {
            const std::string_view id = plan->row->ident;
            return std::string_view(base + at, std::min<std::size_t>(id.size(), src.bytes.size() - at)) != id ||
                   (at + id.size() < src.bytes.size() && std::isalpha(static_cast<unsigned char>(base[at + id.size()])));
        };
        if (row_seen_[plan->index] == node_stamp_ && (is_alias(p.ident) || is_alias(row_first_[plan->index])))
            report(rule::alias_and_target, src, p.ident,
                   std::string(ident_of(src, p)) +
                       (is_alias(p.ident) ? " (an SGF2-style alias of " + std::string(plan->row->ident) + ")" : "") +
                       " in a node that already has " + std::string(plan->row->ident) +
                       (is_alias(row_first_[plan->index]) ? " as an SGF2-style alias" : "") +
                       ": an alias and its target both given",
                   row_first_[plan->index]);
        else if (row_seen_[plan->index] == node_stamp_)
            report(rule::duplicate_property, src, p.ident,
                   "property " + std::string(ident_of(src, p)) +
                       (ident_of(src, p) != plan->row->ident ? " (read as " + std::string(plan->row->ident) + ")" : "") +
                       " appears twice in this node (only one of each property per node)",
                   row_first_[plan->index], duplicate_hint(*plan->row));
        row_seen_[plan->index] = node_stamp_;
        row_first_[plan->index] = p.ident;
        // exclusive groups: another member of a group already present (the same member
        // again is E201; comparing with the first member keeps any node size linear)
        if (const std::uint32_t g = excl_of(plan->bits); g != 0) {
            if (!(exclusive_seen & (1u << g))) {
                exclusive_seen |= 1u << g;
                exclusive_first[g] = i;
            } else if (const std::uint32_t j = exclusive_first[g]; plans_[j] != plan) {
                const exclusive_group_info& group = info(plan->row->exclusive);
                report(group.which, src, p.ident,
                       std::string(ident_of(src, node_.props[j])) + " and " + std::string(ident_of(src, p)) +
                           " in one node: " + std::string(group.members) + " must not be mixed within a node",
                       node_.props[j].ident,
                       plan->row->exclusive == exclusive_group::move_color
                           ? "a ';' is probably missing between them: each move takes a node of its own"
                           : std::string{});
            }
        }
    }
}

// Pass 2: each property's values, on its fast path or the general one.
void tree_checker::node_values(const source& src, std::uint32_t n, bool is_root, bool moves_now) {
    for (std::uint32_t i = 0; i < n; ++i) {
        const row_plan* plan = plans_[i];
        if (plan == nullptr) continue;
        const prop_ref& p = node_.props[i];
        type_failures_ = 0;
        if (plan->bits & bit_rare) {
            rare_property(src, i, *plan, is_root);
            if (!plan->defined) {
                // Not defined in this FF version: its values are still checked by the
                // definition that exists, at most as warnings (not this version's rules).
                cap_ = rule_level::warning;
                definition_note_ = " (checked by the " + ff_list(*plan->row) + " definition of " +
                                   std::string(plan->row->ident) + ")";
                check_values(src, p, *plan);
                cap_ = rule_level::error;
                definition_note_.clear();
                not_its_type_[i] = p.count > 0 && type_failures_ == p.count;
                continue;
            }
        }
        if (!fast_value(src, p, *plan, moves_now)) check_values(src, p, *plan);
        not_its_type_[i] = p.count > 0 && type_failures_ == p.count;
    }
}

// HA[n] with n >= 2 beside a number of AB stones in the same node that is not n.
void tree_checker::handicap_stones(const source& src) {
    const char* const base = src.data();
    const value_ref& v = node_.values[node_.props[handicap_ - 1].first];
    const std::string_view raw(base + v.open + 1, v.size);
    const auto h = parse_number(unescape(raw));
    if (h && *h >= 2 && static_cast<std::uint64_t>(*h) != ab_stones_)
        report(rule::handicap_stones, src, v.open,
               "HA[" + std::string(raw) + "] but " + std::to_string(ab_stones_) +
                   " AB stones in this node (the handicap stones should be set up with AB in the same node)");
}

// The checker's hot path: the passes over one node's properties in order (plans, the rules of
// one property per node, values, node rules, board) on the member state they share.
void tree_checker::check_node(const source& src, std::uint32_t offset, bool is_root, const property_ref* one) {
    // (node_stamp_ was advanced by visit_nodes)
    if (one != nullptr) scan_single(*one, src.data(), node_);
    else scan_props(src, offset, node_);
    // one memchr over the node's values (in file order): a streamed window reuses its source
    if (const std::uint32_t nv = node_.values.size(); nv > 0) {
        const value_ref& last = node_.values[nv - 1];
        const std::uint32_t lo = node_.values[0].open, hi = last.open + 1 + last.size;
        if (hi > lo && std::memchr(src.data() + lo, 0, hi - lo) != nullptr) nul_bytes(src);
    }
    root_node_ = is_root;
    if (node_.props.size() == 1 && !is_root) {
        const prop_ref& p = node_.props[0];
        const row_plan* plan = ctx_->plans->find(p, src.data());
        if (plan != nullptr && (plan->bits & bits_node_level) == 0) {
            moves_now_ = true;
            if (!fast_value(src, p, *plan, true)) check_values(src, p, *plan);
            return;
        }
    }
    handicap_ = 0;
    ab_stones_ = 0;
    if (!unknown_in_node_.empty()) unknown_in_node_.clear();

    const char* const base = src.data();
    const plan_table& table = *ctx_->plans;
    const std::uint32_t n = node_.props.size();
    if (plans_.size() < n) plans_.resize(n);
    not_its_type_.assign(n, 0);

    // Pass 1: the plans, and what the node holds.
    std::uint32_t bits = 0;
    bool unknown = false;
    for (std::uint32_t i = 0; i < n; ++i) {
        const row_plan* plan = table.find(node_.props[i], base);
        if (is_root && !table.root_aliases.empty()) plan = root_alias(src, i, plan);
        plans_[i] = plan;
        if (plan) bits |= plan->bits;
        else unknown = true;
    }
    if (n > 1 || unknown) once_per_node(src, n);

    // Pass 2: the values. Moves are played at once unless setup in the node comes first.
    const bool moves_now = !(bits & bit_setup);
    moves_now_ = moves_now;
    if (!moves_now) actions_.clear();
    node_values(src, n, is_root, moves_now);

    if ((bits & (bit_setup | bit_root | bit_game_info | bit_needs_move | bit_root_rule)) || is_root)
        node_rules(src, bits, is_root);
    if (handicap_ != 0) handicap_stones(src);
    if (!moves_now && !actions_.empty()) replay_node(src);
}

// NUL bytes inside the node's values (the file holds one): kept, but readers written in C
// end the text at them (SGFC 22: "$00 byte detected"). One finding per value, at its first.
void tree_checker::nul_bytes(const source& src) {
    const char* const base = src.data();
    for (const prop_ref& p : node_.props)
        for (std::uint32_t j = 0; j < p.count; ++j) {
            const value_ref& v = node_.values[p.first + j];
            const void* const at = std::memchr(base + v.open + 1, 0, v.size);
            if (at == nullptr) continue;
            report(rule::nul_in_value, src, static_cast<std::uint64_t>(static_cast<const char*>(at) - base),
                   "NUL byte in a value of " + std::string(ident_of(src, p)) +
                       ": kept, but readers written in C end the value there");
        }
}

void tree_checker::play_move(const source& src, board_effect effect, std::uint32_t offset, std::uint32_t column, std::uint32_t row) {
    const stone s = effect == board_effect::move_black ? stone::black : stone::white;
    const stone before = board_.play(s, {column, row});
    if (before == stone::empty) return;
    std::string m(s == stone::black ? "black" : "white");
    m += " move [";
    m.append(src.data() + offset + 1, 2);
    m += "] onto a ";
    m += before == stone::black ? "black" : "white";
    m += " stone (executed anyway: it overwrites the stone)";
    report(rule::move_on_occupied, src, offset, std::move(m));
}

// I218 on an identifier as it reads: FF[1]-FF[3] lowercase letters do not count (ff4_changes.txt:
// readers delete them), so 'xBAA' is BAA, three letters, as fix writes it. Judged on the
// spelling alone, fix's output would have a long identifier the input never had.
void tree_checker::long_identifier(const source& src, std::uint32_t at, std::string_view written) {
    if (written.size() <= 2) return;
    const std::string read = all_upper(written) ? std::string(written) : ff4_ident_of(written);
    if (read.size() <= 2) return;
    report(rule::long_ident, src, at,
           out_.may_list(rule::long_ident)
               ? "identifier " + read + " has more than two letters (FF[4]: 'should consist of up to two uppercase letters')"
               : std::string(),
           {}, {}, read);
}

// Unknown (private) property: kept, values not checked, one report per identifier in the
// file (the first; its count says how many). Hash lookups only: N distinct identifiers in
// a file or a node take linear time.
void tree_checker::unknown_property(const source& src, std::uint32_t i) {
    const prop_ref& p = node_.props[i];
    const std::string_view ident = ident_of(src, p);
    // No uppercase letter ("b", "black"): no reading in any version; the parser said so (E016).
    if (std::none_of(ident.begin(), ident.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) return;
    const plan_table& table = *ctx_->plans;
    long_identifier(src, p.ident, ident);
    if (out_.wants(rule::unknown_property, ctx_->ff)) {
        std::string m;  // (none past the cap: only counted)
        if (out_.may_list(rule::unknown_property)) {
            m = "unknown property " + std::string(ident) + ": not a property of " + std::string(info(table.prof).name) + " for " +
                game_name(table.gm) + "; kept as is, not checked";
            if (table.prof != profile::current && find_property(ident, table.ff, table.gm, profile::current))
                m += " (002_* current usage: known to --profile=current)";
        }
        report(rule::unknown_property, src, p.ident, std::move(m), {}, {}, ident);
    }
    // an unknown identifier twice in a node is still two properties with one name
    const auto [it, fresh] = unknown_in_node_.emplace(ident, p.ident);
    if (!fresh)
        report(rule::duplicate_property, src, p.ident,
               "property " + std::string(ident) + " appears twice in this node (only one of each property per node)",
               it->second, "keep one of them");
}

// A property of the root read as the property it is an SGF2-style alias of (002_*), under
// the profiles whose alias table says so; otherwise `plan` itself.
const row_plan* tree_checker::root_alias(const source& src, std::uint32_t i, const row_plan* plan) {
    const prop_ref& p = node_.props[i];
    const std::string_view ident = ident_of(src, p);
    for (const auto& [alias, target] : ctx_->plans->root_aliases) {
        if (alias != ident) continue;
        report(rule::sgf2_alias, src, p.ident,
               std::string(ident) + " in the root node: an SGF2-style alias of " + std::string(target->row->ident) + " (" +
                   std::string(target->row->description) + "), read as " + std::string(target->row->ident),
               {}, {}, ident);
        return target;
    }
    return plan;
}

// The properties whose row needs more than the common path (bit_rare).
void tree_checker::rare_property(const source& src, std::uint32_t i, const row_plan& plan, bool) {
    const prop_ref& p = node_.props[i];
    const std::string_view ident = ident_of(src, p);
    const property_rule& row = *plan.row;
    const plan_table& table = *ctx_->plans;
    if (plan.long_ident) long_identifier(src, p.ident, ident);
    if (!plan.defined) {
        if (out_.wants(rule::obsolete_property, ctx_->ff))
            report(rule::obsolete_property, src, p.ident,
                   std::string(ident) + " (" + std::string(row.description) + ") is not defined in FF[" +
                       std::to_string(table.ff) + "]; it is defined in " + ff_list(row) +
                       (ctx_->ff_default ? " (the root has no FF: FF[1] is the default)" : ""),
                   {}, {}, ident);
        return;
    }
    if (!plan.applies && out_.wants(rule::wrong_game, ctx_->ff))
        report(rule::wrong_game, src, p.ident,
               std::string(ident) + " (" + std::string(row.description) + ") is a property of " + games_text(row) +
                   ", not of " + game_name(table.gm),
               {}, {}, ident);
    if (row.has(restriction::once_per_game)) {
        if (once_seen_[plan.index] != tree_stamp_) {
            once_seen_[plan.index] = tree_stamp_;
            once_first_[plan.index] = p.ident;
        } else if (once_first_[plan.index] != p.ident) {
            report(rule::once_per_game, src, p.ident, std::string(ident) + " occurs more than once in this game",
                   once_first_[plan.index]);
        }
    }
    if (plan.is_handicap && handicap_ == 0) handicap_ = i + 1;
    if (plan.inherit_slot != 0xff && p.count > 0) {
        const property prop = tree_access::make_property(&src, {p.ident, p.ident_size, node_.values[p.first].open, p.count});
        const std::size_t slot = plan.inherit_slot;
        if (inherit_walker::clears(prop, row) && !inherit_.effective(slot))
            report(rule::clears_nothing, src, node_.values[p.first].open,
                   std::string(ident) + "[] clears " + std::string(ident) + ", but no " + std::string(ident) +
                       " is in effect here");
        (void)inherit_.apply(prop, &row);
    }
}

// Rules over the whole node: property types (root, game-info, setup/move), move annotations.
void tree_checker::node_rules(const source& src, std::uint32_t bits, bool is_root) {
    const auto n = static_cast<std::uint32_t>(node_.props.size());
    constexpr std::uint32_t none = 0xffffffffu;
    std::uint32_t first_move = none, first_game_info = none;
    // a property whose every value breaks its value type (E101) is not read as its row: where
    // it stands is not judged (KO[7.5] in the root is one finding, E101, not three)
    const auto judged = [&](std::uint32_t i) { return plans_[i] != nullptr && !not_its_type_[i]; };
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!judged(i)) continue;
        const row_plan* plan = plans_[i];
        const prop_ref& p = node_.props[i];
        const std::uint32_t b = plan->bits;
        if (b & bit_root_rule) {
            // a move property with its own rule in the root (MN): judged by that rule only
            if (is_root) {
                if (plan->in_root != rule::none)
                    report(plan->in_root, src, p.ident,
                             std::string(ident_of(src, p)) + " in the root node: FF[4] makes it a move property");
                continue;
            }
            if (first_move == none) first_move = i;
        } else if (b & bit_move) {
            if (first_move == none) {
                first_move = i;
                if (is_root)
                    report(rule::move_in_root, src, p.ident,
                             "move property " + std::string(ident_of(src, p)) + " in the root node");
            }
        }
        if ((b & bit_root) && !is_root)
            report(rule::root_outside_root, src, p.ident,
                     "root property " + std::string(ident_of(src, p)) +
                         " outside the root node (root properties belong to the first node of a game tree of the collection)");
        if ((b & bit_game_info) && first_game_info == none) first_game_info = i;
    }
    if (first_move != none && (bits & bit_setup)) {
        bool mix_reported = false;
        for (std::uint32_t i = 0; i < n; ++i) {
            const row_plan* plan = plans_[i];
            if (!judged(i) || !(plan->bits & bit_setup)) continue;
            const prop_ref& p = node_.props[i];
            if (plan->bits & bit_setup_mix) {
                if (mix_reported) continue;
                mix_reported = true;
                report(rule::setup_move_mix, src, p.ident,
                         "setup property " + std::string(ident_of(src, p)) + " and move property " +
                             std::string(ident_of(src, node_.props[first_move])) + " in one node: they must not be mixed",
                         node_.props[first_move].ident);
            } else if (plan->with_move != rule::none) {
                report(plan->with_move, src, p.ident,
                         std::string(ident_of(src, p)) + " (a setup property) in a node with the move property " +
                             std::string(ident_of(src, node_.props[first_move])),
                         node_.props[first_move].ident);
            }
        }
    }
    if ((bits & bit_needs_move) && !(bits & bit_move_color))
        for (std::uint32_t i = 0; i < n; ++i)
            if (judged(i) && (plans_[i]->bits & bit_needs_move))
                report(rule::needs_move, src, node_.props[i].ident,
                       (plans_[i]->row->exclusive == exclusive_group::move_annotation ? "move annotation " : "") +
                           std::string(ident_of(src, node_.props[i])) + " (" + std::string(plans_[i]->row->description) +
                           ") without a move (B or W) in the same node",
                       {}, is_root ? sgf2_hint(ident_of(src, node_.props[i])) : std::string{});
    if (first_game_info != none) {
        const prop_ref& p = node_.props[first_game_info];
        if (game_info_ != 0) {
            report(rule::game_info_twice, src, p.ident,
                     "game-info property " + std::string(ident_of(src, p)) +
                         " in a second game-info node on this path (only one game-info node on any path)",
                     game_info_src_ == &src ? std::optional<std::uint32_t>(game_info_ - 1) : std::nullopt);
        } else {
            game_info_ = p.ident + 1;
            game_info_src_ = &src;
        }
    }
}

}  // namespace sgf::detail
