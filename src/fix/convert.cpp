// fix, step 2: conversions of one node's properties. FF[1]-FF[3] properties follow
// ff4_changes.txt "Converting" (and SGFC for KI), passes follow ff4_go.txt, value repairs
// follow ff4_changes.txt "Illegal & errornous files". A value that cannot be converted is
// left as it is.
#include <algorithm>
#include <optional>
#include <utility>
#include <unordered_set>

#include "fix/detail.hpp"
#include "fix/formats.hpp"
#include "grammar/value_scan.hpp"
#include "sgf/value.hpp"
#include "values/readers.hpp"

namespace sgf::detail {

namespace {

using props_t = std::vector<fix_prop>;

// A plain value: not empty, no ':' (so not already a compose or a rectangle).
bool plain(std::string_view v) { return !v.empty() && v.find(':') == std::string_view::npos; }

bool all_plain(const fix_prop& p) { return std::all_of(p.values.begin(), p.values.end(), plain); }

// Every value a single point of the game (plain, for a game without a page): what L and M
// held. Anything else is left as it is rather than turned into a label or a mark.
bool all_points(const fix_prop& p, const fix_context& c) {
    if (!all_plain(p)) return false;
    if (!c.game || c.game->point == point_syntax::unknown) return true;
    return std::all_of(p.values.begin(), p.values.end(),
                       [&](std::string_view v) { return parse_point(*c.game, v, c.size).has_value(); });
}

std::string label(std::size_t i) {  // A .. Z, then AA, AB, ...
    std::string s;
    for (std::size_t n = i + 1; n > 0; n = (n - 1) / 26) s.insert(s.begin(), static_cast<char>('A' + (n - 1) % 26));
    return s;
}

void erase_prop(props_t& props, std::string_view ident) {
    if (auto it = find_prop(props, ident); it != props.end()) props.erase(it);
}

// Adds values to property `ident` (created at `at` when missing), skipping values it has.
// Returns the values actually added.
std::size_t add_values(props_t& props, std::size_t at, const std::string& ident, const std::vector<std::string>& values,
                       fix_pos pos) {
    auto it = find_prop(props, ident);
    if (it == props.end()) it = props.insert(props.begin() + static_cast<std::ptrdiff_t>(at), fix_prop{ident, {}, pos, {}});
    std::size_t added = 0;
    std::unordered_set<std::string_view> have(it->values.begin(), it->values.end());
    for (const std::string& v : values) {
        if (!have.insert(v).second) continue;
        it->values.push_back(fix_value(v));
        it->value_pos.push_back(pos);
        ++added;
    }
    return added;
}

std::size_t index_of(const props_t& props, std::string_view ident) {
    return static_cast<std::size_t>(
        std::find_if(props.begin(), props.end(), [&](const fix_prop& p) { return p.ident == ident; }) - props.begin());
}

// FF[4] and CA[UTF-8] in a top-level root: in place when present, else first. Each change
// is said (301, 302): a curator sees why a file that only needed FF[4] changed.
void set_root(props_t& props, const fix_context& c) {
    auto set = [&](const char* ident, const char* value, std::size_t at) -> std::optional<fix_prop> {
        if (auto it = find_prop(props, ident); it != props.end()) {
            if (it->values.size() == 1 && it->values[0] == value) return std::nullopt;
            fix_prop was = *it;
            it->values.assign(1, fix_value(value));
            it->value_pos.resize(1);
            return was;
        }
        props.insert(props.begin() + static_cast<std::ptrdiff_t>(at), fix_prop{ident, {fix_value(value)}, {}, {{}}});
        return fix_prop{};
    };
    if (const auto was = set("FF", "4", 0)) {
        const bool legacy = c.ff >= 1 && c.ff <= 3;
        c.note(rule::ff4_written, was->ident.empty() ? c.node_pos : was->pos,
               was->ident.empty() ? "no FF (FF[1] by default): written FF[4]" : "FF" + bracketed(was->values) + " written FF[4]",
               legacy ? "every property was read as FF[" + std::to_string(c.ff) + "] defines it and converted as ff4_changes.txt says (each "
                        "conversion is reported)"
                      : "FF[4] is the version the output follows");
    }
    const std::string_view charset = c.tree < c.input->tree_charsets.size() ? std::string_view(c.input->tree_charsets[c.tree])
                                                                              : std::string_view(c.input->charset);
    if (const auto was = set("CA", "UTF-8", index_of(props, "FF") + 1)) {
        const bool ascii = c.input->origin == charset_origin::ascii || charset == "US-ASCII";
        const std::string read_as = ascii ? std::string("the text is ASCII, which reads the same in UTF-8")
                                          : "the text, read as " + std::string(charset) +
                                                (c.input->origin == charset_origin::guessed ? " (guessed)" : c.input->origin == charset_origin::option ? " (--charset)" : "") +
                                                ", was converted to UTF-8";
        c.note(rule::utf8_written, was->ident.empty() ? c.node_pos : was->pos,
               was->ident.empty() ? "no CA: written CA[UTF-8]" : "CA" + bracketed(was->values) + " written CA[UTF-8]", read_as);
    }
}

// L[fg][es][jk] -> LB[fg:A][es:B][jk:C] (ff4_changes.txt; upper-case letters, history 2001-08-12).
void convert_l(props_t& props, const fix_context& c) {
    auto it = find_prop(props, "L");
    if (it == props.end() || !all_points(*it, c)) return;
    const fix_prop l = *it;
    const std::size_t at = static_cast<std::size_t>(it - props.begin());
    props.erase(it);
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < l.values.size(); ++i) labels.push_back(l.values[i].str() + ":" + label(i));
    // A point that LB labels already keeps that label.
    if (auto lb = find_prop(props, "LB"); lb != props.end()) {
        std::unordered_set<std::string_view> labelled;
        for (const fix_value& have : lb->values)
            if (const auto cp = split_compose(have)) labelled.insert(cp->first);
        std::erase_if(labels, [&](const std::string& v) { return labelled.count(std::string_view(v).substr(0, v.find(':'))) > 0; });
    }
    add_values(props, at, "LB", labels, l.pos);
    c.note(rule::obsolete_property, l.pos, "L (FF[1]-FF[3] letters) converted to LB" + bracketed(labels),
           "ff4_changes.txt: 'L should be converted to LB'");
}

// KI: SGB's integer komi, twice the komi (002_*; SGFC 59 converts it).
void convert_ki(props_t& props, const fix_context& c) {
    auto it = find_prop(props, "KI");
    if (it == props.end() || it->values.size() != 1) return;
    const auto n = parse_number(it->values[0]);
    if (!n || *n > 1000000 || *n < -1000000) return;
    const std::string komi = std::to_string(*n / 2) + (*n % 2 != 0 ? ".5" : "");
    const std::string shown = (*n < 0 && *n / 2 == 0 ? "-" : "") + komi;  // KI[-1] -> KM[-0.5]
    const fix_pos pos = it->pos;
    // KI was never a game-info property (the checker: W211 only). As KM it makes its node a
    // game-info node, a second one on a path where another node has game info (E207, which
    // the input did not have: KI[13] in a move node under a root with KM). In an FF[4] file
    // KI becomes KM only in a node that holds game info already; elsewhere it stays as it
    // is. (In FF[1]-FF[3] a second game-info node is kept apart: keep_apart_ff4_only.)
    const bool game_info_here = std::any_of(props.begin(), props.end(), [&](const fix_prop& p) {
        const property_rule* row = p.ident == "KI" ? nullptr : c.rule(p.ident);
        return row && row->type == property_type::game_info;
    });
    if (c.ff >= 4 && !game_info_here) return;
    if (auto km = find_prop(props, "KM"); km != props.end()) {
        // KM read as the checker reads it (the Real rule): "6.5x" or " 6.5" say nothing sure.
        const auto komi_value = km->values.size() == 1 ? parse_real(km->values[0]) : std::nullopt;
        if (!komi_value || *komi_value != static_cast<double>(*n) / 2) return;
        // The KM text is taken before KI is erased: the erase moves the properties after it.
        const std::string same = "KM[" + km->values[0].str() + "] says the same";
        erase_prop(props, "KI");
        c.note(rule::obsolete_property, pos, "KI[" + std::to_string(*n) + "] (SGB integer komi) removed", same);
        return;
    }
    it->ident = "KM";
    it->values.assign(1, fix_value(shown));
    c.note(rule::obsolete_property, pos, "KI[" + std::to_string(*n) + "] (SGB integer komi, twice the komi) converted to KM[" + shown + "]",
           "sgfc_doc.txt: SGFC 59 'obsolete <KI> property found (converted)'");
}

// TE then BM -> IT, BM then TE -> DO (ff4_changes.txt "Converting").
void convert_te_bm(props_t& props, const fix_context& c) {
    const std::size_t te = index_of(props, "TE"), bm = index_of(props, "BM");
    if (te == props.size() || bm == props.size()) return;
    const char* to = te < bm ? "IT" : "DO";
    const std::size_t at = std::min(te, bm);
    const fix_pos pos = props[at].pos;
    const std::string was = te < bm ? "TE" + bracketed(props[te].values) + " then BM" + bracketed(props[bm].values)
                                    : "BM" + bracketed(props[bm].values) + " then TE" + bracketed(props[te].values);
    props[at] = fix_prop{to, {fix_value("")}, pos, {pos}};
    props.erase(props.begin() + static_cast<std::ptrdiff_t>(std::max(te, bm)));
    // One IT (DO) only: the first stays where it is, a repeat (the node had one already) goes.
    bool seen = false;
    std::erase_if(props, [&](const fix_prop& p) { return p.ident == to && std::exchange(seen, true); });
    c.note(rule::annotation_mix, pos, was + " in one node converted to " + to + "[]",
           std::string("ff4_changes.txt: '") + (te < bm ? "TE then BM ... Should be converted to IT'" : "BM then TE ... Should be converted to DO'"));
}

// FF[3] VW[ba][db] (corners) -> VW[ba:db] (ff4_changes.txt "Converting").
void convert_vw(props_t& props, const fix_context& c) {
    if (c.ff < 1 || c.ff > 3) return;
    auto it = find_prop(props, "VW");
    if (it == props.end() || it->values.size() != 2 || !all_plain(*it)) return;
    std::string v = it->values[0].str() + ":" + it->values[1].str();
    rule which = rule::ff4_extension;
    std::string why = "ff4_changes.txt: in FF[3] the two points were the corners: 'VW[ba][db] -> VW[ba:db]'";
    // corners in another order (check: 105): the rectangle they span, upper left first; one
    // point twice: that point (a 1x1 rectangle is no FF[4] value)
    if (c.game && c.game->point == point_syntax::letter_pair && !c.game->rows_bottom_up) {
        const auto a = parse_point(*c.game, it->values[0], c.size), b = parse_point(*c.game, it->values[1], c.size);
        if (a && b) {
            const board_point ul{std::min(a->column, b->column), std::min(a->row, b->row)};
            const board_point lr{std::max(a->column, b->column), std::max(a->row, b->row)};
            const auto letters = [](board_point p) {
                std::string s;
                for (const std::uint32_t k : {p.column, p.row})  // 1-based: a-z = 1-26, A-Z = 27-52
                    s += static_cast<char>(k <= 26 ? 'a' + (k - 1) : 'A' + (k - 27));
                return s;
            };
            const std::string fixed = ul == lr ? letters(ul) : letters(ul) + ":" + letters(lr);
            if (fixed != v && !(ul == *a && lr == *b)) {
                which = ul == lr ? rule::rect_1x1 : rule::rect_corners;
                why = "ff4_changes.txt: in FF[3] 'the two given points specified the upper left and the lower right corner'; "
                      "written as the rectangle they span, upper left first";
            } else if (ul == lr) {
                which = rule::rect_1x1;
                why = "ff4_changes.txt: in FF[3] the two points were the corners; one point twice is that point";
            }
            v = fixed;
        }
    }
    c.note(which, it->pos, "FF[" + std::to_string(c.ff) + "] VW" + bracketed(it->values) + " converted to VW[" + v + "]", why);
    it->values.assign(1, fix_value(v));
    it->value_pos.resize(1);
}

// SZ[19:19] -> SZ[19] (ff4_properties.txt SZ: 'SZ[19:19] is illegal').
void convert_square_size(props_t& props, const fix_context& c) {
    auto it = find_prop(props, "SZ");
    if (it == props.end() || it->values.size() != 1) return;
    const auto v = square_size_form(it->values[0]);
    if (!v) return;
    c.note(rule::sz_square_compose, it->pos, "SZ[" + it->values[0].str() + "] is a square board", "written SZ[" + *v + "]");
    it->values.assign(1, fix_value(*v));
}

// B[tt] / W[tt] -> B[] / W[]: FF[4] writes a pass as [] (ff4_go.txt; tt only for <= 19x19).
void convert_passes(props_t& props, const fix_context& c) {
    if (c.gm != 1 || c.size.columns > 19 || c.size.rows > 19) return;
    for (fix_prop& p : props)
        if (p.ident == "B" || p.ident == "W")
            for (std::size_t i = 0; i < p.values.size(); ++i) {
                if (p.values[i] != "tt") continue;
                p.values[i] = fix_value("");
                c.note(rule::pass_written, i < p.value_pos.size() ? p.value_pos[i] : p.pos, p.ident + "[tt] written " + p.ident + "[]",
                       "a pass: FF[4] writes it as [] (ff4_go.txt; [tt] only on boards up to 19x19)");
            }
}

bool has_text(const property_rule& r) {
    for (const auto& a : r.shape.alternatives()) {
        auto text = [](value_kind k) { return k == value_kind::text || k == value_kind::simple_text || k == value_kind::unknown; };
        if (text(a.first) || (a.composed && text(a.second))) return true;
    }
    return false;
}

bool valid(const property_rule& r, const fix_context& c, std::string_view raw) {
    // clean FF[4]: no error and no warning (AP without version, HA[0] are warnings today)
    return check_value(r, c.game, raw, c.size).level(profile::ff4) < rule_level::warning;
}

std::string without_white(std::string_view v) {
    std::string s;
    for (char ch : v)
        if (!grammar::is_white(ch)) s += ch;
    return s;
}

// Removes the empty values of `p` (and their positions); returns how many values are left.
std::size_t drop_empty_values(fix_prop& p) {
    std::size_t k = 0;
    for (std::size_t i = 0; i < p.values.size(); ++i) {
        if (p.values[i].empty()) continue;
        if (i < p.value_pos.size()) p.value_pos[k] = p.value_pos[i];
        p.values[k++] = std::move(p.values[i]);
    }
    p.values.resize(k);
    p.value_pos.resize(std::min(p.value_pos.size(), k));
    return k;
}

// White space inside a non-text value when removing it makes the value valid, then empty
// values that carry nothing and are not allowed (ff4_changes.txt "Illegal & errornous
// files": 'remove all whitespaces in property values except in text values', 'Empty values
// e.g. DT[]N[]: remove those properties'). In this order: TB[ ] is an empty value once its
// white space is gone, and a list must not keep it.
void repair_values(props_t& props, const fix_context& c) {
    // Kept properties are compacted in place (one pass: a node may hold 100,000 of them).
    std::size_t kept = 0;
    for (std::size_t at = 0; at < props.size(); ++at) {
        fix_prop& p = props[at];
        const property_rule* row = c.rule(p.ident);
        bool keep = true;
        if (row) {
            for (fix_value& v : p.values) {
                // (without white space nothing below changes v: no value check needed)
                if (v.empty() || !has_white(v) || valid(*row, c, v)) continue;
                std::string stripped = repaired_spelling(*row, c, v);
                if (stripped == v && !has_text(*row) && without_white(v).empty()) stripped.clear();  // white space alone: empty
                if (stripped == v) continue;
                c.note(rule::value_syntax, p.pos, p.ident + "[" + v.str() + "] has white space inside", "written " + p.ident + "[" + stripped + "]");
                v = std::move(stripped);
            }
            // [] in a list: an 'elist' may be [] alone, a 'list' never.
            const bool list = row->shape.card != cardinality::single;
            const auto empties = static_cast<std::size_t>(std::count(p.values.begin(), p.values.end(), std::string_view()));
            if (list && empties > 0 && (empties < p.values.size() || row->shape.card == cardinality::list)) {
                const bool all = empties == p.values.size();
                c.note(all ? rule::empty_list : rule::empty_in_list, p.pos, p.ident + (all ? "[] is an empty list" : " lists [] among other values"),
                       all ? "removed: it carried no value" : "the empty value was removed");
                keep = drop_empty_values(p) > 0;
            }
            // A single value that is [] where its type allows no []; also each [] of a single
            // value given several times (W[aa][] in Hex: the repeat is split into nodes later,
            // where W[] alone would be removed by the next fix: fix(fix(x)) != fix(x)).
            if (keep && !list && empties > 0 && !valid(*row, c, std::string_view())) {
                const bool all = empties == p.values.size();
                c.note(rule::value_syntax, p.pos, p.ident + "[] is empty, which its value type does not allow",
                       all ? "removed: it carried no value" : "the empty value was removed");
                keep = drop_empty_values(p) > 0;
            }
        }
        if (!keep) continue;
        if (kept != at) props[kept] = std::move(p);
        ++kept;
    }
    props.resize(kept);
}

}  // namespace

void keep_apart_ff4_only(std::vector<fix_prop>& props, bool top_root, const fix_context& c) {
    if (c.ff < 1 || c.ff > 3) return;
    // A second game-info node on the path (check: 207, an FF[4] rule, "There may be only one
    // game-info node on any path within the tree"): its game-info properties are kept in
    // X + identifier; the first game-info node stays what it was.
    bool game_info = false;
    for (std::size_t i = 0; i < props.size();) {
        const property_rule* row = c.rule(props[i].ident);
        if (!row || row->type != property_type::game_info) {
            ++i;
            continue;
        }
        if (!c.game_info_on_path) {
            game_info = true;
            ++i;
            continue;
        }
        const fix_pos pos = props[i].pos;
        const std::string ident = props[i].ident;
        move_apart(props, i);
        c.note(rule::game_info_twice, pos,
               "game-info property " + ident + " in a second game-info node on this path: FF[" + std::to_string(c.ff) +
                   "] allowed it, FF[4] does not",
               "moved to the private property X" + ident + ": nothing was lost (merge it into the first game-info node "
               "if it belongs there)");
    }
    c.game_info_on_path |= game_info;
    const bool has_move = find_prop(props, "B") != props.end() || find_prop(props, "W") != props.end();
    bool annotation = false, judged = false;
    for (std::size_t i = 0; i < props.size();) {
        const fix_prop& p = props[i];
        const property_rule* row = c.rule(p.ident);
        std::string why;
        rule which = rule::none;  // the rule the checker reports it by
        const bool move_annotation = p.ident == "BM" || p.ident == "TE" || p.ident == "DO" || p.ident == "IT";
        // GB, GW, DM, UC exclude each other (ff4_properties.txt, node annotation: "must not be
        // mixed within a node"); an FF[1] file could not mix them (DM and UC came with FF[3],
        // unread before: GB[1]DM[1] there is no finding), its FF[4] output can
        const bool judgement = row && row->exclusive == exclusive_group::position_judgement;
        if ((move_annotation || p.ident == "KO") && !has_move) {
            why = p.ident + " without a move in its node";  // ff4_properties.txt: move annotation, KO
            which = rule::needs_move;
        } else if (move_annotation && annotation) {
            why = p.ident + " after another move annotation in its node";  // BM, TE, DO, IT exclude each other
            which = rule::annotation_mix;
        } else if (judgement && judged) {
            why = p.ident + " after another position judgement (GB, GW, DM, UC) in its node";
            which = rule::exclusive_properties;
        } else if (row && row->type == property_type::root && !top_root) {
            why = "root property " + p.ident + " outside the root";
            which = rule::root_outside_root;
        } else if (row && row->defined_in(4) && !row->defined_in(c.ff)) {
            // not defined in the file's FF (check: 211, its values checked by the FF[4]
            // definition at most as warnings): a value FF[4] rejects would be an error in the
            // FF[4] output (LB[jj:A] off a 9x9 board in a file without FF; CharSet[x] of an FF[3]
            // file, which is CS there, and FF[4]'s CS, Octi's list of stones, does not take x)
            for (const fix_value& v : p.values) {
                const value_check vc = check_value(*row, c.game, v, c.size);
                if (vc.level(profile::ff4) != rule_level::error) continue;
                why = p.ident + "[" + v.str() + "]: " + p.ident + " is not defined in FF[" + std::to_string(c.ff) +
                      "], and its FF[4] definition rejects the value";
                which = vc.which;
                break;
            }
        }
        annotation |= move_annotation && why.empty();
        judged |= judgement && why.empty();
        if (why.empty()) {
            ++i;
            continue;
        }
        const fix_pos pos = p.pos;
        const std::string ident = p.ident;
        move_apart(props, i);
        c.note(which, pos, why + ": FF[" + std::to_string(c.ff) + "] allowed it, FF[4] does not",
               "moved to the private property X" + ident + ": nothing was lost (ff4_changes.txt)");
    }
}

void convert_node(std::vector<fix_prop>& props, bool top_root, const fix_context& c) {
    if (top_root) set_root(props, c);
    repair_game_info(props, c);
    repair_values(props, c);  // first: the conversions below see values without [] and white space
    convert_l(props, c);
    convert_ki(props, c);
    convert_te_bm(props, c);
    convert_vw(props, c);
    convert_square_size(props, c);
    convert_passes(props, c);
    keep_apart_ff4_only(props, top_root, c);
}

void replay_and_mark(std::vector<fix_prop>& props, const fix_context& c) {
    if (c.board && c.game) {
        go_board& board = *c.board;
        for (const fix_prop& p : props) {
            const stone color = p.ident == "AB" ? stone::black : p.ident == "AW" ? stone::white : stone::empty;
            if (p.ident != "AB" && p.ident != "AW" && p.ident != "AE") continue;
            for (const fix_value& v : p.values)
                if (const auto r = parse_point_rect(*c.game, v))
                    r->for_each([&](board_point pt) {
                        if (board.contains(pt)) (void)board.set(color, pt);
                    });
        }
        for (const fix_prop& p : props) {
            if (p.ident != "B" && p.ident != "W") continue;
            for (const fix_value& v : p.values) {
                const auto m = parse_move(*c.game, v, c.size);
                if (m && m->kind == move_kind::point && m->points.size() == 1 && board.contains(m->points[0]))
                    (void)board.play(p.ident == "B" ? stone::black : stone::white, m->points[0]);
            }
        }
    }
    // M -> MA on empty points, TR on stones (ff4_changes.txt "Converting").
    auto it = find_prop(props, "M");
    if (it == props.end() || !all_points(*it, c)) return;
    const fix_prop m = *it;
    const std::size_t at = static_cast<std::size_t>(it - props.begin());
    props.erase(it);
    std::vector<std::string> ma, tr;
    for (const fix_value& v : m.values) {
        const auto pt = c.board && c.game ? parse_point(*c.game, v, c.size) : std::nullopt;
        (pt && c.board->contains(*pt) && c.board->at(*pt) != stone::empty ? tr : ma).push_back(v.str());
    }
    if (!ma.empty()) add_values(props, at, "MA", ma, m.pos);
    if (!tr.empty()) add_values(props, std::min(at + 1, props.size()), "TR", tr, m.pos);
    std::string to = ma.empty() ? "" : "MA" + bracketed(ma);
    if (!tr.empty()) to += (to.empty() ? "" : " and ") + std::string("TR") + bracketed(tr);
    c.note(rule::obsolete_property, m.pos, "M (FF[1]-FF[3] markup) converted to " + to,
           "ff4_changes.txt: 'M should be converted to MA if used on empty board points and to TR if used on stones'");
}

void say_kept_obsolete(const std::vector<fix_prop>& props, const fix_context& c) {
    if (c.ff < 1 || c.ff > 3) return;
    for (const fix_prop& p : props)
        if (const property_rule* row = c.rule(p.ident); row && !row->defined_in(4) && row->defined_in(c.ff))
            c.note(rule::obsolete_property, p.pos, p.ident + " (" + std::string(row->description) + ") of FF[" + std::to_string(c.ff) + "] has no FF[4] form",
                   "kept as it is (ff4_changes.txt: obsolete properties 'are treated as unknown properties and are preserved'); "
                   "delete it if no reader needs it",
                   severity::warning);
}

bool has_white(std::string_view v) noexcept { return std::any_of(v.begin(), v.end(), grammar::is_white); }

std::string repaired_spelling(const property_rule& row, const fix_context& c, std::string_view v) {
    // (without white space there is nothing to remove: v, whether it is valid or not)
    if (!has_white(v) || has_text(row) || valid(row, c, v)) return std::string(v);
    std::string stripped = without_white(v);
    return stripped.size() != v.size() && valid(row, c, stripped) ? stripped : std::string(v);
}

}  // namespace sgf::detail
