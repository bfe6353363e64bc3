#pragma once
// Delta debugging (Zeller and Hildebrandt, "Simplifying and isolating failure-inducing
// input", ddmin) for `sgfcheck diff`: a disagreement with another implementation is
// shrunk while it stays the same kind of disagreement. Header-only so that the test
// suite, which links only the library, can run it on synthetic predicates.
//
// Units: first SGF tokens (a whole value "[...]" is one unit, so most candidates stay
// well-formed and the search is short), then single bytes of what is left.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sgf::tools::diff {

enum class unit_level {
    node,      // '(' ')' and a whole node: ';' with its properties
    property,  // '(' ')' ';' and a whole property: identifier with its values
    token,     // '(' ')' ';' identifier, one value, white space
};

// SGF lexical units: '(' ')' ';', runs of letters (identifiers), a value from '[' to its
// unescaped ']' (an unclosed value runs to the end), runs of white space, any other byte;
// at the coarser levels a property or a node is one unit.
[[nodiscard]] inline std::vector<std::string> sgf_units(std::string_view s, unit_level level = unit_level::token) {
    auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
    auto value_end = [&](std::size_t j) {  // j at '[': one past its ']'
        ++j;
        while (j < s.size() && s[j] != ']') j += s[j] == '\\' ? 2 : 1;
        return std::min(j + 1, s.size());
    };
    // one past a property starting at i (identifier, then values with white space between)
    auto property_end = [&](std::size_t i) {
        std::size_t j = i;
        while (j < s.size() && letter(s[j])) ++j;
        for (;;) {
            std::size_t k = j;
            while (k < s.size() && space(s[k])) ++k;
            if (k >= s.size() || s[k] != '[') return j;
            j = value_end(k);
        }
    };
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t j = i + 1;
        if (s[i] == '[') {
            j = value_end(i);
        } else if (letter(s[i])) {
            if (level == unit_level::token) {
                while (j < s.size() && letter(s[j])) ++j;
            } else {
                j = property_end(i);
            }
        } else if (space(s[i])) {
            while (j < s.size() && space(s[j])) ++j;
        } else if (s[i] == ';' && level == unit_level::node) {
            for (;;) {
                while (j < s.size() && space(s[j])) ++j;
                if (j < s.size() && letter(s[j])) j = property_end(j);
                else if (j < s.size() && s[j] == '[') j = value_end(j);
                else break;
            }
        }
        out.emplace_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

// The offsets of '(' and of its matching ')' (values skipped), innermost last.
[[nodiscard]] inline std::vector<std::pair<std::size_t, std::size_t>> tree_spans(std::string_view s) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '[') {
            ++i;
            while (i < s.size() && s[i] != ']') i += s[i] == '\\' ? 2 : 1;
        } else if (s[i] == '(') {
            open.push_back(i);
        } else if (s[i] == ')' && !open.empty()) {
            out.emplace_back(open.back(), i);
            open.pop_back();
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

[[nodiscard]] inline std::vector<std::string> byte_units(std::string_view s) {
    std::vector<std::string> out;
    out.reserve(s.size());
    for (const char c : s) out.emplace_back(1, c);
    return out;
}

[[nodiscard]] inline std::string join(const std::vector<std::string>& units) {
    std::string s;
    for (const auto& u : units) s += u;
    return s;
}

struct ddmin_stats {
    std::size_t tests = 0;           // predicate evaluations (cache hits not counted)
    std::size_t max_tests = 100000;  // budget: once spent, the predicate counts as false
    bool exhausted = false;          // set by the budget, or by a predicate with its own
};

// Memoises the predicate and enforces the budget.
template <class Test>
class cached_test {
public:
    cached_test(Test& t, ddmin_stats& st) : t_(t), st_(st) {}
    bool operator()(const std::string& input) {
        if (const auto it = memo_.find(input); it != memo_.end()) return it->second;
        if (st_.tests >= st_.max_tests) {
            st_.exhausted = true;
            return false;
        }
        ++st_.tests;
        const bool r = t_(input);
        memo_.emplace(input, r);
        return r;
    }

private:
    Test& t_;
    ddmin_stats& st_;
    std::unordered_map<std::string, bool> memo_;
};

// ddmin: a subsequence of `units` for which test(join(...)) holds and from which no single
// chunk of the final granularity can be removed (1-minimal when the budget allows).
// test(join(units)) is assumed to hold. Candidates are built as strings straight from
// index ranges: a deep tree has tens of thousands of units.
template <class Test>
[[nodiscard]] std::vector<std::string> ddmin(std::vector<std::string> c, Test& test, const ddmin_stats* st = nullptr) {
    auto range = [&](std::size_t from, std::size_t to, std::string& out) {
        for (std::size_t i = from; i < to; ++i) out += c[i];
    };
    std::size_t n = 2;
    while (c.size() >= 2 && !(st != nullptr && st->exhausted)) {
        const std::size_t len = c.size();
        n = std::min(n, len);
        const std::size_t chunk = (len + n - 1) / n;
        bool reduced = false;
        // a chunk alone
        for (std::size_t at = 0; at < len && !reduced; at += chunk) {
            const std::size_t end = std::min(len, at + chunk);
            if (end - at == len) break;
            std::string candidate;
            range(at, end, candidate);
            if (test(candidate)) {
                c = std::vector<std::string>(c.begin() + static_cast<std::ptrdiff_t>(at), c.begin() + static_cast<std::ptrdiff_t>(end));
                n = 2;
                reduced = true;
            }
        }
        // everything but a chunk (with two chunks these are the chunks themselves)
        for (std::size_t at = 0; at < len && !reduced && n > 2; at += chunk) {
            const std::size_t end = std::min(len, at + chunk);
            std::string candidate;
            range(0, at, candidate);
            range(end, len, candidate);
            if (test(candidate)) {
                c.erase(c.begin() + static_cast<std::ptrdiff_t>(at), c.begin() + static_cast<std::ptrdiff_t>(end));
                n = std::max<std::size_t>(n - 1, 2);
                reduced = true;
            }
        }
        if (!reduced) {
            if (n >= len) break;
            n = std::min(len, n * 2);
        }
    }
    return c;
}

// Whole game trees first (each "(...)" removed, or only its parentheses), then nodes,
// properties, tokens and bytes; again while that shrinks it. Returns the smallest input
// found; `input` when nothing smaller keeps the property.
template <class Test>
[[nodiscard]] std::string minimize(const std::string& input, Test&& test, ddmin_stats& st) {
    cached_test<Test> t(test, st);
    std::string best = input;
    for (std::size_t before = best.size() + 1; best.size() < before && !st.exhausted;) {
        before = best.size();
        for (bool again = true; again && !st.exhausted;) {
            again = false;
            for (const auto& [open, close] : tree_spans(best)) {
                std::string whole = best.substr(0, open) + best.substr(close + 1);
                std::string parens = best.substr(0, open) + best.substr(open + 1, close - open - 1) + best.substr(close + 1);
                if (t(whole)) best = std::move(whole);
                else if (t(parens)) best = std::move(parens);
                else continue;
                again = true;
                break;
            }
        }
        for (const auto level : {unit_level::node, unit_level::property, unit_level::token})
            best = join(ddmin(sgf_units(best, level), t, &st));
        best = join(ddmin(byte_units(best), t, &st));
    }
    return best;
}

}  // namespace sgf::tools::diff
