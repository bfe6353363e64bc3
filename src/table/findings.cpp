// The findings list of a parse or a check (findings.hpp).
#include "table/findings.hpp"

#include <algorithm>
#include <numeric>

namespace sgf::detail {

std::string one_line(std::string_view text, std::size_t max) {
    bool cut = false;
    if (text.size() > max) {
        std::size_t n = max;  // not inside a UTF-8 sequence: back to the lead byte of a character cut in two
        while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
        text = text.substr(0, n);
        cut = true;
    }
    std::size_t i = 0;
    while (i < text.size() && static_cast<unsigned char>(text[i]) >= 0x20 && text[i] != 0x7f) ++i;
    std::string out(text.substr(0, i));  // the common case: nothing to escape
    for (; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c != 0x7f) {
            out.push_back(static_cast<char>(c));
            continue;
        }
        switch (c) {
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default: {
                static constexpr char hex[] = "0123456789abcdef";
                out += "\\x";
                out.push_back(hex[c >> 4]);
                out.push_back(hex[c & 15]);
            }
        }
    }
    if (cut) out += "...";
    return out;
}

const findings::level_table& findings::levels_of(profile p, bool lenient) {
    static const auto tables = [] {
        std::array<level_table, profile_count * 2> t{};
        for (std::size_t k = 0; k < t.size(); ++k)
            for (int ff = 1; ff <= 4; ++ff)
                for (const rule_row& r : all_rules()) {
                    rule_level l = level_of(r.id, static_cast<profile>(k / 2), ff);
                    if (k % 2 == 1 && r.recovery && l == rule_level::error) l = rule_level::warning;
                    t[k][static_cast<std::size_t>(ff)][static_cast<std::size_t>(r.id)] = l;
                }
        return t;
    }();
    const auto k = static_cast<std::size_t>(p) < profile_count ? static_cast<std::size_t>(p) : 0;
    return tables[k * 2 + (lenient ? 1 : 0)];
}

findings::findings(profile p, bool lenient) : levels_(&levels_of(p, lenient)) {}

std::size_t findings::add_at(rule_level l, rule r, const source& src, std::uint64_t offset, std::string message,
                             std::string hint, std::optional<std::uint64_t> related, std::string_view subject) {
    if (record_ != nullptr) {
        record_->push_back({l, r, offset, std::move(message), std::move(hint), related, std::string(subject)});
        return npos;
    }
    return add_moving(l, r, src, offset, message, hint, related, subject);
}

std::size_t findings::add_moving(rule_level l, rule r, const source& src, std::uint64_t offset, std::string& message,
                                 std::string& hint, std::optional<std::uint64_t> related, std::string_view subject) {
    ++attempted_;
    if (l == rule_level::off) return npos;
    ++reported_;
    const severity s = severity_of(l);
    const auto k = static_cast<std::size_t>(r);
    const rule_row& row = info(r);
    std::string* group_key = nullptr;
    std::string key;
    if (row.grouping == rule_grouping::per_subject && !subject.empty()) {
        key.reserve(subject.size() + 2);
        key.push_back(static_cast<char>(k));
        key.push_back(static_cast<char>(s));
        key.append(subject);
        if (const auto it = groups_.find(key); it != groups_.end()) {
            ++out_[it->second].count;
            return it->second;
        }
        group_key = &key;
    }
    if (listed_[k] == listed_per_rule) {
        if (unlisted_.empty()) unlisted_.resize(rule_slots);
        unlisted& u = unlisted_[k][static_cast<std::size_t>(s)];
        if (u.count == 0 && std::find(unlisted_rules_.begin(), unlisted_rules_.end(), k) == unlisted_rules_.end())
            unlisted_rules_.push_back(k);
        if (u.count++ == 0) {
            u.src = &src;
            u.offset = offset;
            unresolved_unlisted_.emplace_back(k, static_cast<std::size_t>(s));
        }
        return npos;
    }
    ++listed_[k];
    diagnostic d = make_diagnostic(r, s);
    d.message = one_line(message);
    d.hint = hint.empty() ? std::string(row.hint) : one_line(hint);
    out_.push_back(std::move(d));
    places_.push_back({&src, offset, related});
    if (group_key) groups_.emplace(std::move(*group_key), out_.size() - 1);
    return out_.size() - 1;
}

void findings::replay(std::vector<recorded_finding>& log, const source& src) {
    for (recorded_finding& f : log) (void)add_moving(f.level, f.which, src, f.offset, f.message, f.hint, f.related, f.subject);
}

std::size_t findings::add_related_at(rule r, int ff, const source& src, std::uint64_t offset, std::string message,
                                     position related) {
    const std::size_t before = out_.size();
    const std::size_t k = add(r, ff, src, offset, std::move(message));
    if (out_.size() > before) out_.back().related = related;
    return k;
}

excerpt excerpt_at(const char* window, const char* window_end, std::uint64_t window_at, std::uint64_t offset) {
    // What a text report quotes around a finding: up to 160 bytes on each side and the
    // character that starts at the last of them (report.cpp: 4 * 40 columns)
    const std::uint64_t window_end_at = window_at + static_cast<std::uint64_t>(window_end - window);
    const std::uint64_t lo = offset > window_at + 160 ? offset - 160 : window_at;
    const std::uint64_t hi = std::min(window_end_at, offset + 165);
    if (offset > window_end_at || lo > hi) return {};
    return {std::string(window + (lo - window_at), static_cast<std::size_t>(hi - lo)), offset - lo};
}

void findings::resolve(const source& src, const source& bytes, std::uint64_t window_at, line_counter& lines) {
    const char* const window = bytes.data();
    const char* const window_end = window + bytes.bytes.size();
    std::vector<std::uint64_t> offsets;
    for (std::size_t k = resolved_upto_; k < places_.size(); ++k) {
        const place& p = places_[k];
        if (p.resolved || p.src != &src) continue;
        offsets.push_back(p.offset);
        if (p.related) offsets.push_back(*p.related);
    }
    for (const auto& [k, s] : unresolved_unlisted_)
        if (unlisted_[k][s].src == &src) offsets.push_back(unlisted_[k][s].offset);
    if (offsets.empty()) return;
    std::sort(offsets.begin(), offsets.end());
    offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
    std::vector<position> found;
    found.reserve(offsets.size());
    for (const std::uint64_t o : offsets) found.push_back(lines.at(window, window_end, window_at, window_at + o));
    const auto at = [&](std::uint64_t off) {
        return found[static_cast<std::size_t>(std::lower_bound(offsets.begin(), offsets.end(), off) - offsets.begin())];
    };
    if (excerpts_on_) excerpts_.resize(out_.size());
    for (std::size_t k = resolved_upto_; k < places_.size(); ++k) {
        place& p = places_[k];
        if (p.resolved || p.src != &src) continue;
        out_[k].where = at(p.offset);
        if (p.related) out_[k].related = at(*p.related);
        if (excerpts_on_) excerpts_[k] = excerpt_at(window, window_end, window_at, window_at + p.offset);
        p.resolved = true;
    }
    while (resolved_upto_ < places_.size() && places_[resolved_upto_].resolved) ++resolved_upto_;
    std::erase_if(unresolved_unlisted_, [&](const std::pair<std::size_t, std::size_t>& ks) {
        unlisted& u = unlisted_[ks.first][ks.second];
        if (u.src != &src) return false;
        u.at = at(u.offset);
        if (excerpts_on_) {
            unlisted_excerpts_.resize(rule_slots * 3);
            unlisted_excerpts_[ks.first * 3 + ks.second] = excerpt_at(window, window_end, window_at, window_at + u.offset);
        }
        return true;
    });
}

diagnostic unlisted_summary(rule r, severity s, std::uint64_t count) {
    diagnostic d = make_diagnostic(r, s);
    d.count = count;
    d.message = std::to_string(count) + " more " + std::string(d.code) + " findings (" + std::string(info(r).title) +
                ") from here on, not listed";
    d.hint = "sgfcheck lists at most " + std::to_string(findings::listed_per_rule) + " findings of one kind per file";
    return d;
}

std::vector<diagnostic> listed_at_most(std::span<const diagnostic* const> ds) {
    constexpr std::size_t rules = std::size_t{std::numeric_limits<std::underlying_type_t<rule>>::max()} + 1;
    std::vector<std::uint32_t> listed(rules, 0);
    std::vector<std::size_t> summary(rules * 3, findings::npos);  // index in `out` of a rule and level's summary
    std::vector<diagnostic> out;
    for (const diagnostic* d : ds) {
        const auto k = static_cast<std::size_t>(d->id);
        if (listed[k] < findings::listed_per_rule) {
            ++listed[k];
            out.push_back(*d);
            continue;
        }
        std::size_t& at = summary[k * 3 + static_cast<std::size_t>(d->level)];
        if (at != findings::npos) {
            out[at].count += d->count;
            continue;
        }
        at = out.size();
        out.push_back(unlisted_summary(d->id, d->level, d->count));
        out.back().where = d->where;
    }
    for (const std::size_t at : summary)
        if (at != findings::npos) out[at].message = unlisted_summary(out[at].id, out[at].level, out[at].count).message;
    return out;
}

std::vector<diagnostic> findings::finish() && {
    std::vector<excerpt> none;
    return std::move(*this).finish(none);
}

std::vector<diagnostic> findings::finish(std::vector<excerpt>& excerpts) && {
    // grouped findings say how many they stand for
    for (diagnostic& d : out_)
        if (d.count > 1) d.message += " (and " + std::to_string(d.count - 1) + " more in this file)";
    // "N more" summaries: one per rule and level, at the first finding not listed, by rule
    std::sort(unlisted_rules_.begin(), unlisted_rules_.end());
    for (const std::size_t k : unlisted_rules_)
        for (std::size_t s = 0; s < 3; ++s) {
            const unlisted& u = unlisted_[k][s];
            if (u.count == 0) continue;
            const auto r = static_cast<rule>(k);
            diagnostic d = unlisted_summary(r, static_cast<severity>(s), u.count);
            if (u.at) d.where = *u.at;
            out_.push_back(std::move(d));
            places_.push_back({u.src, u.offset, std::nullopt, u.at.has_value()});
            if (excerpts_on_) {
                excerpts_.resize(out_.size() - 1);
                excerpts_.push_back(u.at && !unlisted_excerpts_.empty() ? std::move(unlisted_excerpts_[k * 3 + s]) : excerpt{});
            }
        }

    // positions: per source, every offset wanted (finding and related), ascending, one pass
    std::vector<const source*> sources;  // in order of first appearance
    for (const place& p : places_)
        if (std::find(sources.begin(), sources.end(), p.src) == sources.end()) sources.push_back(p.src);
    std::vector<std::uint32_t> offsets;
    std::vector<position> found;
    for (const source* src : sources) {
        offsets.clear();
        for (const place& p : places_) {
            if (p.src != src || p.resolved) continue;
            offsets.push_back(static_cast<std::uint32_t>(p.offset));
            if (p.related) offsets.push_back(static_cast<std::uint32_t>(*p.related));
        }
        if (offsets.empty()) continue;
        std::sort(offsets.begin(), offsets.end());
        offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
        positions_of(*src, offsets, found);
        auto at = [&](std::uint64_t off) {
            const auto i = std::lower_bound(offsets.begin(), offsets.end(), static_cast<std::uint32_t>(off)) - offsets.begin();
            return found[static_cast<std::size_t>(i)];
        };
        for (std::size_t k = 0; k < places_.size(); ++k) {
            if (places_[k].src != src || places_[k].resolved) continue;
            out_[k].where = at(places_[k].offset);
            if (places_[k].related) out_[k].related = at(*places_[k].related);
        }
    }

    // file order: by source (first appearance), then byte offset; stable for equal places
    std::vector<std::size_t> rank(out_.size());
    for (std::size_t k = 0; k < out_.size(); ++k)
        rank[k] = static_cast<std::size_t>(std::find(sources.begin(), sources.end(), places_[k].src) - sources.begin());
    std::vector<std::size_t> order(out_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (rank[a] != rank[b]) return rank[a] < rank[b];
        return out_[a].where.byte < out_[b].where.byte;  // unknown (npos) last
    });
    std::vector<diagnostic> sorted;
    sorted.reserve(order.size());
    for (const std::size_t k : order) sorted.push_back(std::move(out_[k]));
    excerpts.clear();
    if (excerpts_on_) {
        excerpts_.resize(out_.size());
        excerpts.reserve(order.size());
        for (const std::size_t k : order) excerpts.push_back(std::move(excerpts_[k]));
    }
    return sorted;
}

}  // namespace sgf::detail
