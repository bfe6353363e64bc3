// fix: a Go node whose setup names a point in more than one of AB, AW and AE (E106: FF[4]
// "AB, AE and AW must have unique points within a node"). A reader that applies the node's
// setup in order (the checker's replay does) ends with the colour the last one gives; fix
// keeps the point in that property only, so that the output holds the same position without
// the conflict. Found by the fix fuzz target: AE[ee]AW[ee]AE[ee] merged as AE[ee]AW[ee] put a
// white stone on a point the input left empty. (fix/report.cpp knows the note this says: what
// the replay finds of the last AE, which may change nothing now, is the input's conflict.)
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

constexpr std::size_t none = static_cast<std::size_t>(-1);

struct naming {
    std::size_t prop;    // index in the node's properties
    std::size_t value;   // index in its values
    std::uint32_t at;    // the value's '[' in the input: file order
};

// Each setup value's points (none for a value that is no point here: it stays as it is) and
// the last naming of each point, in file order, with whether a point has two colours: an array
// by point (a board has at most 52x52), so that a node of many rectangles costs one step per
// point named and no more.
struct namings {
    std::size_t columns = 0;
    std::vector<naming> last;
    std::vector<std::vector<std::optional<point_rect>>> rects;  // [property][value]
    bool conflict = false;
    [[nodiscard]] const naming& of(board_point pt) const { return last[pt.row * columns + pt.column]; }
};

namings read_namings(const std::vector<fix_prop>& props, const fix_context& c) {
    namings r;
    r.columns = c.size.columns + 1;
    r.last.assign(r.columns * (c.size.rows + 1), naming{none, 0, 0});
    r.rects.resize(props.size());
    for (std::size_t k = 0; k < props.size(); ++k) {
        if (!is_setup(props[k])) continue;
        auto& rects = r.rects[k];
        rects.resize(props[k].values.size());
        const property_rule* row = c.rule(props[k].ident);
        for (std::size_t j = 0; j < props[k].values.size(); ++j) {
            // (read as fix will write it: AW[ga\n] is AW[ga] once its white space goes, so that a
            // second fix finds no conflict the first did not see)
            const fix_value& v = props[k].values[j];
            rects[j] = parse_point_rect(*c.game, row ? std::string_view(repaired_spelling(*row, c, v)) : v.view());
            if (!rects[j] || !rect_on_board(*rects[j], c.size)) {
                rects[j].reset();
                continue;
            }
            const naming n{k, j, props[k].value_pos[j].offset};
            rects[j]->for_each([&](board_point pt) {
                naming& l = r.last[pt.row * r.columns + pt.column];
                if (l.prop != none) {
                    r.conflict = r.conflict || props[l.prop].ident != props[k].ident;
                    if (n.at < l.at) return;
                }
                l = n;
            });
        }
    }
    return r;
}

}  // namespace

void resolve_setup_points(std::vector<fix_prop>& props, const fix_context& c) {
    if (c.gm != 1 || c.game == nullptr || !c.size.known()) return;
    std::size_t setups = 0;
    for (const fix_prop& p : props) setups += is_setup(p);
    if (setups < 2) return;  // (one property alone: its repeats are resolve_repeats')
    const namings names = read_namings(props, c);
    if (!names.conflict) return;
    // Then each point stays only in the value that names it last (of its colour or not), so that
    // each is written once: 20,000 AB[aa:ss] and AW[aa] give the board's 360 other points once,
    // not 20,000 times. A value that loses points is written as the points it keeps, said once.
    struct said {
        std::string first, ident, later;
        fix_pos at;
        std::uint64_t values = 0, points = 0;
        bool split = false;
    };
    std::map<std::string, said> notes;  // by "ident later"; in that order (AB, AE, AW)
    for (std::size_t k = 0; k < props.size(); ++k) {
        if (!is_setup(props[k])) continue;
        fix_prop& p = props[k];
        std::vector<fix_value> kept;
        std::vector<fix_pos> kept_pos;
        for (std::size_t j = 0; j < p.values.size(); ++j) {
            if (!names.rects[k][j]) {
                kept.push_back(p.values[j]);
                kept_pos.push_back(p.value_pos[j]);
                continue;
            }
            std::vector<board_point> stays;
            std::string later;  // the properties that name the points it loses
            std::size_t lost = 0;
            names.rects[k][j]->for_each([&](board_point pt) {
                const naming& n = names.of(pt);
                if (n.prop == k && n.value == j) {
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
            // (said once per property and the ones that took its points: 20,000 values alike are
            // one note, counted)
            said& n = notes[p.ident + " " + later];
            if (n.values++ == 0) {
                n.first = p.ident + "[" + p.values[j].str() + "]";
                n.at = p.value_pos[j];
                n.ident = p.ident;
                n.later = later;
            }
            n.points += lost;
            n.split |= !stays.empty();
            for (const board_point pt : stays) {
                kept.push_back(fix_value(point_text(*c.game, pt)));
                kept_pos.push_back(p.value_pos[j]);
            }
        }
        p.values = std::move(kept);
        p.value_pos = std::move(kept_pos);
    }
    std::erase_if(props, [](const fix_prop& p) { return is_setup(p) && p.values.empty(); });
    for (const auto& [unused, n] : notes) {
        const std::string more = n.values == 1 ? "" : " and " + std::to_string(n.values - 1) + " more values of " + n.ident;
        c.note(rule::duplicate_point, n.at,
               n.first + more + (n.values == 1 ? " names " : " name ") +
                   (n.points == 1 ? "a point" : std::to_string(n.points) + " points") + " that a later " + n.later +
                   " of this node names too",
               std::string(n.points == 1 ? "that point is" : "those points are") +
                   " kept in the later one only: the board a reader applying the node's setup in order has (a "
                   "node's setup points must be unique)" + (n.split ? "; the others written one by one" : ""));
    }
}

}  // namespace sgf::detail
