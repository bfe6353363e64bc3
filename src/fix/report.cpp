// What fix says about its input (fix.hpp): fix_findings, one list for sgfcheck fix and the
// bindings; remaining_findings, what the checker still finds in the output, matched to the
// input; fix_tally, a run's summary.
#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "check/check_trees.hpp"
#include "fix/detail.hpp"
#include "sgf/check.hpp"
#include "sgf/context.hpp"
#include "sgf/fix.hpp"
#include "sgf/properties.hpp"

namespace sgf {

namespace {

// The number of a code ("E002" -> "002"): the input stage reports what fix keeps as warnings
// (read leniently), fix as what it did.
std::string_view number_of(std::string_view code) { return code.size() > 1 ? code.substr(1) : code; }

// A change fix made: its own info findings, and the recoveries of the lenient read (a ')'
// added at the end, a value closed) that writing the recovered tree repairs.
bool is_change(const diagnostic& d) {
    if (d.level == severity::info) return info(d.id).stage != rule_stage::input;
    return info(d.id).recovery && d.level == severity::warning;
}

}  // namespace

std::vector<diagnostic> fix_findings(const load_result& input, const fix_result& fixed) {
    const std::vector<const diagnostic*> refs = detail::fix_findings_of(input, fixed);
    std::vector<diagnostic> out;
    out.reserve(refs.size());
    for (const diagnostic* d : refs) out.push_back(*d);
    return out;
}

std::vector<const diagnostic*> detail::fix_findings_of(const load_result& input, const fix_result& fixed) {
    // Whether fix said something of d's number at d's place. Both lists are sorted by place
    // (load and fix sort them): one walk, no set of every place fix named (the peak of memory
    // of a big collection is here); a list given in another order gets the set.
    const auto by_place = [](const diagnostic& a, const diagnostic& b) { return a.where.byte < b.where.byte; };
    const std::vector<diagnostic>& own = fixed.diagnostics;
    const bool sorted = std::is_sorted(own.begin(), own.end(), by_place) &&
                        std::is_sorted(input.diagnostics.begin(), input.diagnostics.end(), by_place);
    std::set<std::pair<std::string_view, std::uint64_t>> said_by_fix;
    if (!sorted)
        for (const auto& d : own) said_by_fix.emplace(number_of(d.code), d.where.byte);
    std::size_t at = 0;  // the first of fix's findings not before the input finding looked at
    const auto said = [&](const diagnostic& d) {
        if (!sorted) return said_by_fix.count({number_of(d.code), d.where.byte}) > 0;
        while (at < own.size() && own[at].where.byte < d.where.byte) ++at;
        for (std::size_t k = at; k < own.size() && own[k].where.byte == d.where.byte; ++k)
            if (number_of(own[k].code) == number_of(d.code)) return true;
        return false;
    };
    std::vector<const diagnostic*> out;
    out.reserve(input.diagnostics.size() + own.size());
    for (const auto& d : input.diagnostics)
        if (!said(d)) out.push_back(&d);
    for (const auto& d : own) out.push_back(&d);
    return out;
}

namespace {

// Whether a finding's message names, as a word of upper-case letters, an identifier `pred`
// accepts ("unknown property XDT: ...", "NUL byte in a value of UNPLACED: ...",
// "move property BL in the root node").
template <class Pred>
bool names_ident(std::string_view message, Pred&& pred) {
    for (std::size_t i = 0; i < message.size(); ++i) {
        if (message[i] < 'A' || message[i] > 'Z' || (i > 0 && message[i - 1] != ' ')) continue;
        std::size_t e = i;
        while (e < message.size() && message[e] >= 'A' && message[e] <= 'Z') ++e;
        if (e - i >= 2 && (e == message.size() || message[e] == ' ' || message[e] == ':' || message[e] == '[') &&
            pred(message.substr(i, e - i)))
            return true;
        i = e;
    }
    return false;
}

// A private property fix makes to keep what it could not place or convert (fix.hpp).
bool fix_made_private(std::string_view ident) {
    if (ident == "UNPLACED") return true;
    return ident.size() > 1 && ident[0] == 'X' && find_property(ident.substr(1)) != nullptr;
}

// Findings usable once each (by count), in order of preference.
struct pool {
    struct entry {
        const diagnostic* d;
        std::uint64_t unused;
    };
    std::unordered_map<std::string_view, std::vector<entry>> by_number;
    void add(const diagnostic& d) { by_number[number_of(d.code)].push_back({&d, d.count}); }
    // Takes up to `need` from the entries of d's number that `fits`; the first taken entry's
    // position goes to `out` (with d's code, message and hint). Returns what is still needed.
    template <class Fits>
    std::uint64_t take(const diagnostic& d, std::uint64_t need, Fits&& fits, std::vector<diagnostic>& out) {
        const auto it = by_number.find(number_of(d.code));
        if (it == by_number.end()) return need;
        bool first = true;
        for (entry& e : it->second) {
            if (need == 0) break;
            if (e.unused == 0 || !fits(*e.d)) continue;
            const std::uint64_t n = std::min(need, e.unused);
            if (first) {
                diagnostic placed = d;
                placed.where = e.d->where;
                placed.related = e.d->related;
                placed.count = 0;
                out.push_back(std::move(placed));
                first = false;
            }
            out.back().count += n;
            e.unused -= n;
            need -= n;
        }
        return need;
    }
};

// Whether fix said a point repeat (I106) whose message `says` holds.
template <class Says>
bool point_note(const fix_result& fixed, Says&& says) {
    return std::any_of(fixed.diagnostics.begin(), fixed.diagnostics.end(),
                       [&](const diagnostic& d) { return d.id == rule::duplicate_point && says(std::string_view(d.message)); });
}

// What fix repaired of the input that the checker sees the input's content through, so that
// a finding of the output that the input had no finding for is the input's, seen after the
// repair (left), or of a value fix said it chose (said), not made by fix.
class repairs {
public:
    repairs(const load_result& input, const fix_result& fixed, const std::vector<diagnostic>& before) {
        // Identifiers with a value the input got wrong ("BL[0:07:42]: expected a real ..."):
        // such a property is judged by nothing else (one problem, one finding); once fix
        // repairs the value it is judged by its place too, and what that finds (BL[462] in a
        // root: W213) is the input's problem seen after the repair. So is a property the
        // input's FF did not define (check: 211, "IP ... is not defined in FF[1]"): in the
        // FF[4] output it is judged by FF[4]'s rows, by its game among them (212). Named as
        // the input wrote it (MopN, FF[1]-FF[3]'s lowercase letters), it is judged as the
        // identifier fix writes (MN in a root: 214). So is a compose with a second ':' that fix
        // escapes (LB[sd:dna:b], E107, written LB[sd:dna\:b]): then a label like any other, it
        // may name a point another label names (E106) as the input did all along.
        for (const auto& d : before) {
            const char end = d.id == rule::value_syntax || d.id == rule::compose_extra_colon ? '['
                             : d.id == rule::obsolete_property                              ? ' '
                                                                                            : '\0';
            if (end == '\0') continue;
            if (const std::size_t at = d.message.find(end); at != std::string::npos && at > 0) wrong_.insert(ff4_ident_of(d.message.substr(0, at)));
        }
        // So is a property fix renamed (TE[x] in a root written EV[x], SGF2's alias, I223; KI
        // converted to KM, I211; TE and BM in one node converted to IT, I222): its value judged
        // by the new name's rows (EV[x)(;C[b]: W017; TE's Double rule judged it as a wrong
        // value only) or in its node (IT without a move: E204, which TE[V] and BM[x], wrong
        // values, did not get) is the input's.
        for (const auto& d : fixed.diagnostics) {
            const std::string_view m = d.message;
            const bool converted = d.id == rule::obsolete_property || d.id == rule::annotation_mix;
            const std::size_t at = d.id == rule::sgf2_alias ? m.find(" alias of ")
                                   : converted              ? m.find(" converted to ")
                                                            : std::string_view::npos;
            if (at == std::string_view::npos) continue;
            (void)names_ident(m.substr(at), [this](std::string_view ident) {
                wrong_.emplace(ident);
                return false;  // (every identifier it names)
            });
        }
        // A move or setup value fix repaired (W[\ree] written W[ee]) is played from then on:
        // the Go replay's findings after it are the input's moves on the board it gives.
        board_ = wrong("B") || wrong("W") || wrong("AB") || wrong("AW") || wrong("AE");
        // A point fix kept only in the last of the setup properties that named it (AB[aa:cc]
        // AE[bb]: AB without bb, then AE[bb], fix/setup.cpp): on a point empty before the node
        // that AE changes nothing now (W216), where in the input it took the stone AB had just
        // put there: the input's conflict, seen another way.
        setup_resolved_ = point_note(fixed, [](std::string_view m) { return m.find(" of this node names too") != m.npos; });
        // A game-info value the input got wrong (TM[5:00:x]: 101) left its node no game-info
        // node for the checker; repaired, it is one, and a second one on the path (207) is the
        // input's game info as it stood.
        game_info_ = std::any_of(wrong_.begin(), wrong_.end(), [](const std::string& ident) {
            const property_rule* row = find_property(ident);
            return row != nullptr && row->type == property_type::game_info;
        });
        // A point a setup property listed twice (AB[gc][cg][gc]: 106), or an AB point a later one
        // names too (AB[aa][bb]AW[aa]), once in the output (I106): HA's stones (217) are the input's.
        setup_twice_ = point_note(fixed, [](std::string_view m) { return m.starts_with("AB ") || m.starts_with("AW ") || m.starts_with("AB["); });
        // A list given a value twice, kept once (VW[][], E119: VW[]): a clear of nothing (221),
        // which the error hid in the input (finding 13)
        once_ = point_note(fixed, [](std::string_view m) { return m.find(" lists the same value") != m.npos; });
        // A property given more than once that fix resolved to one value, as it said (HA[0]
        // and HA[+2]: HA[+2] kept, "check which is right"): what the checker finds of that
        // property now (HA[2] without its stones: W217) is of the value fix said it kept.
        for (const auto& d : fixed.diagnostics)
            if (d.id == rule::duplicate_property || d.id == rule::too_many_values)
                if (const std::size_t at = d.message.find(' '); at != std::string::npos && at > 0) resolved_.insert(ff4_ident_of(d.message.substr(0, at)));
        // A game tree whose GM or SZ the input gave but did not make usable (GM[x][19] or
        // GM[111][1]: no game; SZ[junk]: no board), which fix repaired as it said (GM[19] or
        // GM[1] kept: I118; SZ[junk]
        // kept in XSZ, the board the game's default: I101): the checker reads the output by a
        // context the input did not give it, and what it finds there (a move onto a stone, a
        // point off the board, a move of the game now read) is the input's content. (A GM or
        // SZ deleted as asked is no repair: what that makes is the deletion's, app::judge_fix.)
        const auto ins = input.trees.trees();
        const auto outs = fixed.trees.trees();
        for (std::size_t k = 0; k < ins.size() && k < outs.size() && !context_; ++k) {
            const tree_context a = context_of(ins[k]);
            if (!(a.sz_given && !a.size.known()) && !(a.gm_given && find_game(a.gm) == nullptr)) continue;  // (the output's read only then)
            const tree_context b = context_of(outs[k]);
            context_ = a.gm != b.gm || a.size.columns != b.size.columns || a.size.rows != b.size.rows;
        }
    }
    [[nodiscard]] auto wrong_in_input() const {
        return [this](std::string_view ident) { return wrong(ident); };
    }
    [[nodiscard]] auto resolved_by_fix() const {
        return [this](std::string_view ident) { return resolved_.count(ident) > 0; };
    }
    // Whether finding d of the output is the input's content seen after one of the repairs.
    [[nodiscard]] bool revealed(const diagnostic& d) const {
        const bool on_board = d.id == rule::move_on_occupied || d.id == rule::setup_no_effect;
        // 017, nodes read into a text value ("C[a;B[aa"), is a guess from the value's text,
        // which fix keeps (a change of a value is said by itself): the input's text, judged
        // once fix closed it (a value cut at the end of the file: 008), or without the escape
        // fix's canonical form drops (C[a;B[b\x] written C[a;B[bx]: the escape told that the
        // text was written as it is).
        return context_ || (board_ && on_board) || (setup_resolved_ && d.id == rule::setup_no_effect) ||
               d.id == rule::swallowed_nodes ||
               (game_info_ && d.id == rule::game_info_twice) || (setup_twice_ && d.id == rule::handicap_stones) ||
               (once_ && d.id == rule::clears_nothing);
    }

private:
    [[nodiscard]] bool wrong(std::string_view ident) const { return wrong_.count(ident) > 0; }
    std::set<std::string, std::less<>> wrong_, resolved_;
    bool board_ = false, context_ = false, game_info_ = false, setup_twice_ = false, setup_resolved_ = false, once_ = false;
};

}  // namespace

fix_remains remaining_findings(const load_result& input, const fix_result& fixed) {
    fix_remains r;
    std::vector<bool> found;  // per game tree of the output: whether it has a finding
    const std::vector<diagnostic> after = detail::check_trees(fixed.trees, {}, nullptr, &found);
    if (after.empty()) return r;
    // fix kept every game tree as it was (the same objects): the input's findings are these
    const bool unchanged = fixed.trees.identity() == input.trees.identity();
    std::vector<diagnostic> checked_input;
    // An output finding is matched with the input's of its number only: without a finding of
    // the Go replay in the output, the input's are not needed, nor the replay (~18% of a check);
    // and only the input's game trees whose output has a finding are walked (fix writes one
    // game tree for each of the input's, in order): in a collection of game records most
    // come out clean (198 of the 1,736 of a 3 MB prefix of the corpus's games have one).
    const bool replay = std::any_of(after.begin(), after.end(), [](const diagnostic& d) { return found_by_replay(d.id); });
    const bool some = found.size() == input.trees.size() && std::find(found.begin(), found.end(), false) != found.end();
    if (!unchanged) checked_input = detail::check_trees(input.trees, check_options{profile::ff4, replay}, some ? &found : nullptr, nullptr);
    const std::vector<diagnostic>& before = unchanged ? after : checked_input;
    r.input_errors = has_errors(before);
    // (an error in a game tree not walked is not known: the guard checks the input whole)
    if (!unchanged && some && !*r.input_errors) r.input_errors.reset();
    // (the replay's findings are warnings in every FF version; were one an error, an input
    // without other errors would be unknown here)
    const auto replay_error = [] {
        for (const rule x : replay_rules)
            for (int ff = 1; ff <= 4; ++ff)
                if (level_of(x, profile::ff4, ff) == rule_level::error) return true;
        return false;
    };
    if (!unchanged && !replay && r.input_errors && !*r.input_errors && replay_error()) r.input_errors.reset();
    pool in, own;
    for (const auto& d : before) in.add(d);
    for (const auto& d : fixed.diagnostics)
        if (d.level != severity::info) own.add(d);
    const repairs seen(input, fixed, before);
    const auto any = [](const diagnostic&) { return true; };
    for (const diagnostic& d : after) {
        std::uint64_t need = in.take(d, d.count, [&](const diagnostic& b) { return b.message == d.message; }, r.left);
        need = own.take(d, need, any, r.said);
        // what the checker finds in a private property fix made is what fix kept there and said
        const bool own_private = names_ident(d.message, fix_made_private);
        // (a property whose value the input got wrong takes no other finding of its number:
        // TM[30te] repaired, then in a second game-info node, is not one of the input's PB there)
        const bool was_wrong = names_ident(d.message, seen.wrong_in_input());
        if (!own_private && !was_wrong) need = in.take(d, need, any, r.left);
        if (need == 0) continue;
        diagnostic rest = d;
        rest.where = {};
        rest.count = need;
        if (own_private || names_ident(d.message, seen.resolved_by_fix())) r.said.push_back(std::move(rest));
        else if (was_wrong || seen.revealed(d)) r.left.push_back(std::move(rest));
        else r.made.push_back(std::move(rest));
    }
    for (auto* list : {&r.left, &r.said})
        std::stable_sort(list->begin(), list->end(), [](const diagnostic& x, const diagnostic& y) { return x.where.byte < y.where.byte; });
    return r;
}

std::uint64_t fix_tally::changes_in(const std::vector<diagnostic>& said) {
    std::uint64_t n = 0;
    for (const auto& d : said) n += is_change(d) ? d.count : 0;
    return n;
}

void fix_tally::add(const std::vector<diagnostic>& said, const fix_remains& remains, bool output_changed,
                    bool deletions_made) {
    ++files;
    changed += output_changed;
    const auto key = [](const diagnostic& d) { return std::string(d.code) + " " + std::string(info(d.id).name); };
    bool kept = false;  // a warning of fix's own: something it left as it was (W308)
    for (const auto& d : said) {
        if (is_change(d)) changes[key(d)] += d.count;
        else if (d.level == severity::warning && info(d.id).stage == rule_stage::fix) {
            left[key(d)] += d.count;
            kept = true;
        }
    }
    if (output_changed && changes_in(said) > 0) ++files_with_changes_said;
    for (const auto* list : {&remains.left, &remains.said})
        for (const auto& d : *list) left[key(d)] += d.count;
    for (const auto& d : remains.made) (deletions_made ? made_by_deletions : made)[key(d)] += d.count;
    files_with_left += kept || !remains.left.empty() || !remains.said.empty();  // (made: its own line, no file count)
}

}  // namespace sgf
