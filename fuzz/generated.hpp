#pragma once
// Regressions too big to commit, described in fuzz/regressions/generated.txt and built at
// replay time (tests/fuzz_regressions_test.cpp, fuzz_replay_<target> --generated FILE).
//
// One case per line:   NAME TARGETS PIECE...
//   NAME     a file-name-like label; names starting with "heavy-" (multi-GiB inputs) run only
//            when the environment variable SGF_FUZZ_HEAVY is set to 1
//   TARGETS  "*" or a comma-separated list of fuzz targets (parse_strict,round_trip,...)
//   PIECE    "text" or "text"*COUNT; escapes in text: \\ \" \n \r \t \0 \xHH, and \i / \j:
//            the number of the repetition (0, 1, 2, ...) as upper / lower case letters (A, B,
//            ..., Z, BA, BB, ...): "X\i[]"*3 is XA[]XB[]XC[] (N distinct identifiers)
// The input is the concatenation of the pieces. '#' starts a comment line.
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sgf_fuzz {

// The repetition number k as letters: 0 = A, 25 = Z, 26 = BA (base 26, digits A-Z).
inline std::string index_letters(std::size_t k, bool upper) {
    std::string out;
    do {
        out.insert(out.begin(), static_cast<char>((upper ? 'A' : 'a') + k % 26));
        k /= 26;
    } while (k > 0);
    return out;
}

struct generated_piece {
    std::string text;
    std::size_t count = 1;
    std::vector<std::pair<std::size_t, bool>> marks;  // \i (true) or \j (false) before text[at]

    [[nodiscard]] std::size_t size_of(std::size_t k) const {
        std::size_t n = text.size();
        for (const auto& m : marks) n += index_letters(k, m.second).size();
        return n;
    }
    void append(std::string& out, std::size_t k) const {
        std::size_t at = 0;
        for (const auto& [pos, upper] : marks) {
            out.append(text, at, pos - at);
            out += index_letters(k, upper);
            at = pos;
        }
        out.append(text, at, std::string::npos);
    }
};

struct generated_case {
    std::string name;
    std::vector<std::string> targets;  // empty: every target
    std::vector<generated_piece> pieces;
    [[nodiscard]] bool heavy() const { return name.rfind("heavy-", 0) == 0; }
    [[nodiscard]] bool for_target(std::string_view t) const {
        if (targets.empty()) return true;
        for (const auto& x : targets)
            if (x == t) return true;
        return false;
    }
    [[nodiscard]] std::size_t size() const {
        std::size_t n = 0;
        for (const auto& p : pieces) {
            if (p.marks.empty()) n += p.text.size() * p.count;
            else
                for (std::size_t k = 0; k < p.count; ++k) n += p.size_of(k);
        }
        return n;
    }
    // The same case with every repeat count of at least `d` divided by `d` (scaling tests).
    [[nodiscard]] generated_case scaled_down(std::size_t d) const {
        generated_case c = *this;
        for (auto& piece : c.pieces)
            if (piece.count >= d) piece.count /= d;
        return c;
    }
    [[nodiscard]] std::string build() const {
        std::string out;
        out.reserve(size());
        for (const auto& p : pieces)
            for (std::size_t k = 0; k < p.count; ++k) {
                if (p.marks.empty()) out += p.text;
                else p.append(out, k);
            }
        return out;
    }
};

[[nodiscard]] inline bool heavy_enabled() {
    const char* e = std::getenv("SGF_FUZZ_HEAVY");
    return e != nullptr && std::string_view(e) == "1";
}

// Throws std::runtime_error on a malformed line (with its number).
[[nodiscard]] inline std::vector<generated_case> read_generated(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::runtime_error("cannot open " + path);
    std::vector<generated_case> out;
    std::string line;
    for (std::size_t number = 1; std::getline(f, line); ++number) {
        const auto bad = [&](const std::string& why) {
            return std::runtime_error(path + ":" + std::to_string(number) + ": " + why);
        };
        std::size_t i = 0;
        const auto skip_ws = [&] {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        };
        const auto word = [&] {
            skip_ws();
            const std::size_t b = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
            return line.substr(b, i - b);
        };
        skip_ws();
        if (i == line.size() || line[i] == '#') continue;
        generated_case c;
        c.name = word();
        const std::string targets = word();
        if (targets.empty()) throw bad("missing targets");
        if (targets != "*")
            for (std::size_t b = 0; b <= targets.size();) {
                const std::size_t e = std::min(targets.find(',', b), targets.size());
                c.targets.push_back(targets.substr(b, e - b));
                b = e + 1;
            }
        for (skip_ws(); i < line.size(); skip_ws()) {
            if (line[i] != '"') throw bad("expected '\"'");
            std::string text;
            std::vector<std::pair<std::size_t, bool>> marks;
            for (++i;; ++i) {
                if (i >= line.size()) throw bad("unterminated string");
                char ch = line[i];
                if (ch == '"') break;
                if (ch == '\\') {
                    if (++i >= line.size()) throw bad("dangling '\\'");
                    switch (line[i]) {
                        case 'n': ch = '\n'; break;
                        case 'r': ch = '\r'; break;
                        case 't': ch = '\t'; break;
                        case '0': ch = '\0'; break;
                        case '\\': ch = '\\'; break;
                        case '"': ch = '"'; break;
                        case 'i':
                        case 'j':
                            marks.emplace_back(text.size(), line[i] == 'i');
                            continue;
                        case 'x': {
                            if (i + 2 >= line.size()) throw bad("short \\x escape");
                            ch = static_cast<char>(std::stoi(line.substr(i + 1, 2), nullptr, 16));
                            i += 2;
                            break;
                        }
                        default: throw bad("unknown escape");
                    }
                }
                text.push_back(ch);
            }
            ++i;  // closing quote
            std::size_t count = 1;
            if (i < line.size() && line[i] == '*') {
                ++i;
                const std::size_t b = i;
                while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
                if (b == i) throw bad("expected a count after '*'");
                count = std::stoull(line.substr(b, i - b));
            }
            c.pieces.push_back({std::move(text), count, std::move(marks)});
        }
        if (c.pieces.empty()) throw bad("no pieces");
        out.push_back(std::move(c));
    }
    return out;
}

}  // namespace sgf_fuzz
