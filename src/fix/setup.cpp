// fix: a Go node whose setup names a point in more than one of AB, AW and AE (E106: FF[4]
// "AB, AE and AW must have unique points within a node"). A reader that applies the node's
// setup in order (the checker's replay does) ends with the colour the last one gives; fix
// keeps the point in that property only, so that the output holds the same position without
// the conflict (the same colour named twice is a repeat, resolved as any other). Found by the
// fix fuzz target: AE[ee]AW[ee]AE[ee] merged as AE[ee]AW[ee] put a white stone on a point the
// input left empty. (fix/report.cpp knows the note this says: what the replay finds of the
// last AE, which may change nothing now, is the input's conflict.)
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "fix/detail.hpp"
#include "sgf/encode_value.hpp"
#include "values/readers.hpp"

namespace sgf::detail {

namespace {

bool is_setup(const fix_prop& p) { return p.ident == "AB" || p.ident == "AW" || p.ident == "AE"; }

struct naming {
    std::size_t prop;    // index in the node's properties
    std::size_t value;   // index in its values
    std::uint32_t at;    // the value's '[' in the input: file order
};

}  // namespace

void resolve_setup_points(std::vector<fix_prop>& props, const fix_context& c) {
    if (c.gm != 1 || c.game == nullptr) return;
    std::size_t setups = 0;
    for (const fix_prop& p : props) setups += is_setup(p);
    if (setups < 2) return;  // (one property alone: its repeats are resolve_repeats')
    // The last naming of each point, in file order, and whether another property names it too.
    std::map<std::uint64_t, naming> last;  // by key(point)
    std::map<std::uint64_t, bool> conflict;
    const auto key = [](board_point pt) { return std::uint64_t{pt.row} << 32 | pt.column; };
    std::vector<std::vector<std::optional<point_rect>>> rects(props.size());
    for (std::size_t k = 0; k < props.size(); ++k) {
        if (!is_setup(props[k])) continue;
        rects[k].resize(props[k].values.size());
        for (std::size_t j = 0; j < props[k].values.size(); ++j) {
            rects[k][j] = parse_point_rect(*c.game, props[k].values[j]);
            if (!rects[k][j] || !rect_on_board(*rects[k][j], c.size)) {
                rects[k][j].reset();  // (a value that is no point here stays as it is)
                continue;
            }
            const naming n{k, j, props[k].value_pos[j].offset};
            rects[k][j]->for_each([&](board_point pt) {
                const auto [it, fresh] = last.emplace(key(pt), n);
                if (fresh) return;
                if (props[it->second.prop].ident != props[k].ident) conflict[key(pt)] = true;
                if (n.at >= it->second.at) it->second = n;
            });
        }
    }
    if (conflict.empty()) return;
    // Each value that loses points: written as the points it keeps (one value each), said once.
    for (std::size_t k = 0; k < props.size(); ++k) {
        if (!is_setup(props[k])) continue;
        fix_prop& p = props[k];
        std::vector<fix_value> kept;
        std::vector<fix_pos> kept_pos;
        for (std::size_t j = 0; j < p.values.size(); ++j) {
            if (!rects[k][j]) {
                kept.push_back(p.values[j]);
                kept_pos.push_back(p.value_pos[j]);
                continue;
            }
            std::vector<board_point> stays;
            std::string later;  // the properties that name the points it loses
            std::size_t lost = 0;
            rects[k][j]->for_each([&](board_point pt) {
                // (a value of the last one's colour keeps it: the same stone, a repeat
                // resolve_repeats drops or the checker reports as it was)
                const naming& n = last.at(key(pt));
                if (!conflict.count(key(pt)) || props[n.prop].ident == p.ident) {
                    stays.push_back(pt);
                    return;
                }
                ++lost;
                if (later.find(props[n.prop].ident) == std::string::npos) later += (later.empty() ? "" : ", ") + props[n.prop].ident;
            });
            if (lost == 0) {
                kept.push_back(p.values[j]);
                kept_pos.push_back(p.value_pos[j]);
                continue;
            }
            const std::string was = p.ident + "[" + p.values[j].str() + "]";
            c.note(rule::duplicate_point, p.value_pos[j],
                   was + (lost == 1 ? " names a point " : " names " + std::to_string(lost) + " points ") + "that a later " +
                       later + " of this node names too",
                   std::string(lost == 1 ? "that point is" : "those points are") + " kept in the later one only: the board "
                       "a reader applying the node's setup in order has (a node's setup points must be unique)" +
                       (stays.empty() ? "" : "; the others written one by one"));
            for (const board_point pt : stays) {
                kept.push_back(fix_value(point_text(*c.game, pt)));
                kept_pos.push_back(p.value_pos[j]);
            }
        }
        p.values = std::move(kept);
        p.value_pos = std::move(kept_pos);
    }
    std::erase_if(props, [](const fix_prop& p) { return is_setup(p) && p.values.empty(); });
}

}  // namespace sgf::detail
