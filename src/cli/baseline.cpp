// --baseline (baseline.hpp).
#include "baseline.hpp"

#include <fstream>

#include "cli.hpp"
#include "tools/json_value.hpp"

namespace sgf::cli {

std::string finding_key(const diagnostic& d) {
    std::string k(d.code.size() > 1 ? d.code.substr(1) : d.code);
    k.push_back('\0');
    k += d.message;
    return k;
}

std::uint64_t finding_fingerprint(std::string_view file, std::string_view key, std::uint64_t occurrence) {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a
    auto mix = [&](std::string_view s) {
        for (const char c : s) {
            h ^= static_cast<unsigned char>(c);
            h *= 1099511628211ull;
        }
        h ^= 0xff;
        h *= 1099511628211ull;
    };
    mix(file);
    mix(key);
    mix(std::to_string(occurrence));
    return h;
}

baseline read_baseline(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw usage_error{"--baseline: cannot open " + path};
    baseline b;
    std::string line;
    std::size_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        tools::json_value v;
        try {
            v = tools::parse_json(line);
        } catch (const std::exception& e) {
            throw usage_error{"--baseline: " + path + ":" + std::to_string(number) + ": not a JSON line (" + e.what() +
                              "); make the baseline with --format=json"};
        }
        const auto* file = v.get("file");
        const auto* code = v.get("code");
        const auto* message = v.get("message");
        if (!file || !code || !message || !file->is(tools::json_value::kind::string) ||
            !code->is(tools::json_value::kind::string) || !message->is(tools::json_value::kind::string))
            continue;
        diagnostic d;
        d.code = code->text;
        d.message = message->text;
        ++b.files[file->text][finding_key(d)];
        ++b.findings;
    }
    return b;
}

}  // namespace sgf::cli
