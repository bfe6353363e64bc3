#pragma once
// A strict reader of unified diffs (diff -u), written again here without the library, for
// the checks of src/tools/unified_diff.cpp: the unified_diff and dry_run fuzz targets and
// tests/unified_diff_test.cpp. apply_unified_diff applies a diff to the old text as patch(1)
// would, and fails unless the diff is exactly what diff -u writes:
//  - "--- NAME_A" and "+++ NAME_B", then hunks "@@ -S[,C] +S[,C] @@" in order, each with
//    at least one change and the counts of its header (a count of 1 left out, an empty
//    range naming the line before it);
//  - the old side's lines match the old text, and the new side's start is where the old
//    side's start falls in the new text (the hunks' line numbers agree with each other);
//  - three lines of context before and after each change, fewer only at either end of the
//    text, and hunks that would be closer than twice that merged into one;
//  - "\ No newline at end of file" after exactly the lines that end a text without '\n'.
// fewest_line_changes is the reference for how small a diff can be (quadratic). Nothing
// here recurses; the reader is linear in the diff and the texts.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf_fuzz {

namespace patch_detail {

// The lines of `s`, each with its '\n' (the last may have none).
inline std::vector<std::string_view> split_lines(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t b = 0;
    while (b < s.size()) {
        std::size_t e = s.find('\n', b);
        e = e == std::string_view::npos ? s.size() : e + 1;
        out.push_back(s.substr(b, e - b));
        b = e;
    }
    return out;
}

// "S" or "S,C" (decimal, no sign, no leading zero but "0"); nothing when malformed.
inline std::optional<std::size_t> number(std::string_view& s) {
    std::size_t n = 0, digits = 0;
    while (digits < s.size() && s[digits] >= '0' && s[digits] <= '9') {
        if (digits > 0 && s[0] == '0') return std::nullopt;
        if (n > (static_cast<std::size_t>(-1) - 9) / 10) return std::nullopt;
        n = n * 10 + static_cast<std::size_t>(s[digits] - '0');
        ++digits;
    }
    if (digits == 0) return std::nullopt;
    s.remove_prefix(digits);
    return n;
}

struct range {
    std::size_t first = 0;  // 0-based line the range starts at (for an empty range: the one after it)
    std::size_t count = 0;
};

inline std::optional<range> read_range(std::string_view& s) {
    const auto start = number(s);
    if (!start) return std::nullopt;
    std::size_t count = 1;
    if (!s.empty() && s[0] == ',') {
        s.remove_prefix(1);
        const auto c = number(s);
        if (!c || *c == 1) return std::nullopt;  // diff -u leaves a count of 1 out
        count = *c;
    }
    if (count > 0 && *start == 0) return std::nullopt;  // lines count from 1
    return range{count == 0 ? *start : *start - 1, count};
}

}  // namespace patch_detail

struct patch_result {
    std::string error;  // "" when the diff applied
    std::string text;   // the new text
};

inline patch_result apply_unified_diff(std::string_view old_text, std::string_view diff, std::string_view name_a,
                                       std::string_view name_b, std::size_t context = 3) {
    using namespace patch_detail;
    patch_result r;
    auto fail = [&r](std::string why) {
        r.error = std::move(why);
        return r;
    };
    const auto old_lines = split_lines(old_text);
    const auto d = split_lines(diff);
    if (diff.empty()) {
        r.text = std::string(old_text);
        return r;
    }
    if (diff.back() != '\n') return fail("the diff does not end with a newline");
    if (d.size() < 3 || d[0] != "--- " + std::string(name_a) + "\n" || d[1] != "+++ " + std::string(name_b) + "\n")
        return fail("no ---/+++ header naming the two texts");
    const bool old_ends_open = !old_text.empty() && old_text.back() != '\n';
    std::size_t at = 0;              // next line of the old text to copy
    std::size_t new_lines = 0;       // lines of the new text so far
    bool new_closed = false;         // the new text ended without '\n': nothing may follow
    std::size_t last_hunk_end = 0;   // old line after the previous hunk
    bool first_hunk = true;
    std::size_t i = 2;
    while (i < d.size()) {
        const std::string where = "diff line " + std::to_string(i + 1);
        std::string_view h = d[i];
        if (!h.starts_with("@@ -")) return fail("expected a hunk header at " + where);
        h.remove_prefix(4);
        const auto ro = read_range(h);
        if (!ro || !h.starts_with(" +")) return fail("bad old range at " + where);
        h.remove_prefix(2);
        const auto rn = read_range(h);
        if (!rn || h != " @@\n") return fail("bad new range at " + where);
        if (ro->first < at || (!first_hunk && ro->first == last_hunk_end))
            return fail("hunk out of order, overlapping or not merged with the one before at " + where);
        if (ro->first > old_lines.size()) return fail("hunk starts past the old text at " + where);
        for (; at < ro->first; ++at) {
            if (new_closed) return fail("text after the new text's last line at " + where);
            r.text += old_lines[at];
            ++new_lines;
        }
        if (rn->first != new_lines) return fail("new range does not start where the old one does at " + where);
        ++i;
        // The hunk's lines; `kinds` keeps their marks to check the context afterwards.
        std::string kinds;
        std::size_t old_count = 0, new_count = 0;
        for (; i < d.size() && !d[i].starts_with("@@ "); ++i) {
            const std::string_view l = d[i];
            const char mark = l[0];
            if (mark != ' ' && mark != '-' && mark != '+') return fail("bad line in a hunk at diff line " + std::to_string(i + 1));
            std::string_view body = l.substr(1);
            const bool open = i + 1 < d.size() && d[i + 1] == "\\ No newline at end of file\n";
            if (open) body.remove_suffix(1);  // the line ends its text without '\n'
            else if (body.empty() || body.back() != '\n') return fail("line without newline and no marker at diff line " + std::to_string(i + 1));
            if (mark != '+') {
                if (at >= old_lines.size()) return fail("old side past the old text's end at diff line " + std::to_string(i + 1));
                if (old_lines[at] != body) return fail("old line " + std::to_string(at + 1) + " does not match at diff line " + std::to_string(i + 1));
                const bool last_open = old_ends_open && at + 1 == old_lines.size();
                ++at;
                ++old_count;
                if (mark == '-' && open != last_open) return fail("no-newline marker wrong for old line " + std::to_string(at));
            }
            if (mark != '-') {
                if (new_closed) return fail("text after the new text's last line at diff line " + std::to_string(i + 1));
                r.text += body;
                ++new_lines;
                ++new_count;
                new_closed = open;
                if (mark == ' ' && open != (old_ends_open && at == old_lines.size()))
                    return fail("no-newline marker wrong for a context line at diff line " + std::to_string(i + 1));
            }
            kinds += mark;
            if (open) ++i;  // the marker
        }
        if (old_count != ro->count || new_count != rn->count)
            return fail("hunk counts differ from its header at " + where);
        // Context: `context` lines around each change, fewer only at an end of the text; no run
        // of more than 2 * context equal lines inside.
        const std::size_t lead = kinds.find_first_not_of(' '), trail_at = kinds.find_last_not_of(' ');
        if (lead == std::string::npos) return fail("hunk without a change at " + where);
        const std::size_t trail = kinds.size() - 1 - trail_at;
        if (lead > context || (lead < context && ro->first != 0)) return fail("wrong leading context at " + where);
        if (trail > context || (trail < context && at != old_lines.size())) return fail("wrong trailing context at " + where);
        std::size_t run = 0;
        for (std::size_t k = lead; k <= trail_at; ++k) {
            run = kinds[k] == ' ' ? run + 1 : 0;
            if (run > 2 * context) return fail("hunk not split at a long run of context at " + where);
        }
        last_hunk_end = at;
        first_hunk = false;
    }
    if (first_hunk) return fail("a diff without hunks");
    for (; at < old_lines.size(); ++at) {
        if (new_closed) return fail("text after the new text's last line");
        r.text += old_lines[at];
    }
    return r;
}

// The fewest lines a diff from `a` to `b` can remove and add: |a| + |b| - 2 LCS, by the
// textbook dynamic programme (quadratic time, linear space: small texts only).
inline std::size_t fewest_line_changes(std::string_view a, std::string_view b) {
    const auto la = patch_detail::split_lines(a), lb = patch_detail::split_lines(b);
    std::vector<std::size_t> row(lb.size() + 1, 0), next(lb.size() + 1, 0);
    for (std::size_t i = la.size(); i-- > 0;) {
        for (std::size_t j = lb.size(); j-- > 0;) row[j] = la[i] == lb[j] ? next[j + 1] + 1 : std::max(next[j], row[j + 1]);
        std::swap(row, next);
    }
    return la.size() + lb.size() - 2 * next[0];
}

// How many lines a diff (one of apply_unified_diff's) removes and adds.
inline std::size_t changed_lines(std::string_view diff) {
    const auto lines = patch_detail::split_lines(diff);
    std::size_t n = 0;
    for (std::size_t i = 2; i < lines.size(); ++i) n += lines[i][0] == '+' || lines[i][0] == '-';
    return n;
}

}  // namespace sgf_fuzz
