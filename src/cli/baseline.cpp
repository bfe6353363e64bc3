// --baseline (baseline.hpp).
#include "baseline.hpp"

#include <sstream>
#include <system_error>

#include "cli.hpp"
#include "tools/json_value.hpp"

namespace sgf::cli {

namespace {

// How the checker writes counts into messages (src/table/findings.cpp, finish()): a grouped
// finding's " (and N more in this file)" and the leading N of "N more E201 findings (...)
// from here on, not listed".
constexpr std::string_view more_in_file_open = " (and ", more_in_file_close = " more in this file)";
constexpr std::string_view not_listed_middle = " more ", not_listed_end = ", not listed";

bool all_digits(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// The message without its count, and where the count stood: a grouped finding's base text
// (suffix = true), or the text after the leading number of a "not listed" line.
struct message_parts {
    std::string_view text;
    enum class kind { plain, grouped, not_listed } how = kind::plain;
};

message_parts parts_of(std::string_view m) {
    if (m.ends_with(more_in_file_close)) {
        const std::string_view head = m.substr(0, m.size() - more_in_file_close.size());
        const std::size_t open = head.rfind(more_in_file_open);
        if (open != std::string_view::npos && all_digits(head.substr(open + more_in_file_open.size())))
            return {head.substr(0, open), message_parts::kind::grouped};
    }
    if (m.ends_with(not_listed_end)) {
        const std::size_t sp = m.find(not_listed_middle);
        if (sp != std::string_view::npos && all_digits(m.substr(0, sp)))
            return {m.substr(sp), message_parts::kind::not_listed};
    }
    return {m, message_parts::kind::plain};
}

}  // namespace

std::string finding_key(const diagnostic& d) {
    std::string k(d.code.size() > 1 ? d.code.substr(1) : d.code);
    k.push_back('\0');
    k += parts_of(d.message).text;
    return k;
}

diagnostic with_count(const diagnostic& d, std::uint64_t count) {
    diagnostic out = d;
    out.count = count;
    const message_parts p = parts_of(d.message);
    if (p.how == message_parts::kind::not_listed) {
        out.message = std::to_string(count) + std::string(p.text);
    } else if (p.how == message_parts::kind::grouped || d.count > 1) {
        out.message = std::string(p.text);
        if (count > 1)
            out.message += std::string(more_in_file_open) + std::to_string(count - 1) + std::string(more_in_file_close);
    }
    return out;
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
    baseline b;
    if (null_device(path)) return b;  // (--baseline /dev/null: nothing known)
    // Read as inputs are (detail::read_file_of): a FIFO as a stream; a device (/dev/zero, one line
    // without end), a directory or a file over 2 GiB refused, saying why.
    std::string text;
    try {
        text = detail::read_file_of(path, "a baseline (sgfcheck --format=json)");
    } catch (const std::system_error& e) {
        throw usage_error{std::string("--baseline: ") + e.what()};
    }
    std::istringstream in(std::move(text));
    std::string line;
    std::size_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        tools::json_value v;
        try {
            v = tools::parse_json(line, true);  // file names' bytes back (append_json_path)
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
        std::uint64_t count = 1;
        if (const auto* c = v.get("count"); c && c->is(tools::json_value::kind::number) && c->number >= 1)
            count = static_cast<std::uint64_t>(c->number);
        b.files[file->text][finding_key(d)] += count;
        b.findings += count;
    }
    return b;
}

}  // namespace sgf::cli
