// Writing a model out: the bytes with random white space between all tokens (000_*:
// "White space ... may appear anywhere between PropValues, Properties, Nodes, Sequences
// and GameTrees"), the offsets of the marks, and the expected JSON tree. Both walks use an
// explicit stack: a deep run may nest a million variations.
#include <array>

#include "sgf/json.hpp"
#include "tools/generate/model.hpp"
#include "write/json_stringify.hpp"

namespace sgf::detail::gen {

namespace {

constexpr std::array<std::string_view, 8> ws_forms = {" ", "\t", "\n", "\r", "\r\n", "\n\r", "\v", "\f"};
constexpr std::array<std::string_view, 8> ws_features = {"ws-space", "ws-tab", "ws-lf", "ws-cr",
                                                         "ws-crlf",  "ws-lfcr", "ws-vt", "ws-ff"};

class writer {
public:
    writer(const model& md, rng& r, coverage& cov, std::size_t marks) : md_(md), r_(r), cov_(cov) {
        out_.marks.assign(marks, position::npos);
        // white space between an identifier and its value: the EBNF's white space sentence
        // does not name that place, and some readers keep it in the identifier; in a few
        // files only, so that it does not hide everything else
        ident_ws_ = r_.chance(15);
    }

    written run() && {
        if (!md_.before.empty()) {
            mark(md_.before_mark);
            out_.bytes += md_.before;
        }
        for (const auto root : md_.roots) {
            ws();
            tree_at(root);
        }
        if (md_.extra_close) {
            ws();
            mark(md_.extra_close_mark);
            out_.bytes += ')';
        }
        if (!md_.after.empty()) {
            ws();
            mark(md_.after_mark);
            out_.bytes += md_.after;
        }
        if (r_.chance(50)) out_.bytes += r_.chance(80) ? "\n" : "\r\n";
        mark(md_.eof_mark);
        return std::move(out_);
    }

private:
    void mark(std::uint8_t m) {
        if (m != no_mark && m <= out_.marks.size()) out_.marks[m - 1] = out_.bytes.size();
    }

    void ws() {
        const auto k = r_.below(100);
        if (k < 55) return;
        if (k < 80) {
            const bool lf = r_.chance(50);
            out_.bytes += lf ? '\n' : ' ';
            cov_.feature(lf ? "ws-lf" : "ws-space");
            return;
        }
        const auto n = r_.between(1, 3);
        for (std::int64_t i = 0; i < n; ++i) {
            const auto f = static_cast<std::size_t>(r_.below(ws_forms.size()));
            out_.bytes += ws_forms[f];
            cov_.feature(ws_features[f]);
        }
    }

    void prop(const property& q) {
        mark(q.mark);
        out_.bytes += q.ident;
        bool first = true;
        for (const auto& v : q.values) {
            if (!first) ws();
            else if (ident_ws_ && r_.chance(10)) {
                out_.bytes += r_.chance(50) ? " " : "\n";
                cov_.feature("ws-ident-value");
            }
            first = false;
            mark(v.mark);
            out_.bytes += '[';
            out_.bytes += v.raw;
            if (!v.drop_close) out_.bytes += ']';
            if (v.raw.empty()) cov_.feature("empty-value");
        }
    }

    void extras(const std::vector<extra>& xs, extra::where at) {
        for (const auto& x : xs) {
            if (x.at != at) continue;
            ws();
            mark(x.mark);
            out_.bytes += x.text;
        }
    }

    void node_at(const node& n) {
        if (!n.drop_semicolon) {
            mark(n.mark);
            out_.bytes += ';';
        }
        extras(n.extras, extra::where::after_semicolon);
        bool first = true;
        for (const auto& q : n.props) {
            if (!first || !n.drop_semicolon) ws();
            if (first && n.drop_semicolon) mark(n.mark);
            first = false;
            prop(q);
        }
        extras(n.extras, extra::where::node_end);
    }

    void run_node(const property& q) {
        out_.bytes += ';';
        prop(q);
    }

    // Pre-order with an explicit stack. A frame is a tree and how far it is written.
    void tree_at(std::uint32_t root) {
        struct frame {
            std::uint32_t tree;
            std::size_t next_child;
        };
        std::vector<frame> stack;
        auto open = [&](std::uint32_t t) {
            out_.bytes += '(';
            const tree& tr = md_.trees[t];
            for (const auto& n : tr.nodes) {
                ws();
                node_at(n);
            }
            stack.push_back({t, 0});
        };
        open(root);
        while (!stack.empty()) {
            frame& f = stack.back();
            const tree& tr = md_.trees[f.tree];
            if (f.next_child < tr.children.size()) {
                const auto c = tr.children[f.next_child++];
                ws();
                open(c);
                continue;
            }
            for (std::uint32_t i = 0; i < tr.wide.count; ++i) {
                ws();
                out_.bytes += '(';
                run_node(tr.wide.pattern[i % tr.wide.pattern.size()]);
                out_.bytes += ')';
            }
            for (std::uint32_t i = 0; i < tr.deep.count; ++i) {
                if (r_.chance(30)) ws();
                out_.bytes += '(';
                run_node(tr.deep.pattern[i % tr.deep.pattern.size()]);
            }
            out_.bytes.append(tr.deep.count, ')');
            extras(tr.extras, extra::where::after_variations);
            ws();
            if (!tr.drop_close) out_.bytes += ')';
            stack.pop_back();
        }
    }

    const model& md_;
    rng& r_;
    coverage& cov_;
    written out_;
    bool ident_ws_ = false;
};

// The JSON tree of include/sgf/json.hpp, from the model (never from our parser): a node is
// [P,...], a property ["ID",[V,...]], a composed value [first, second].
void json_value(std::string& out, const value& v, bool compose) {
    const std::size_t split = v.split != std::string::npos ? v.split : v.raw == v.text ? v.text.find(':') : std::string::npos;
    if (!compose || split == std::string::npos) {
        append_stringified(out, v.text);
        return;
    }
    out += '[';
    append_stringified(out, std::string_view(v.text).substr(0, split));
    out += ',';
    append_stringified(out, std::string_view(v.text).substr(split + 1));
    out += ']';
}

void json_prop(std::string& out, const property& q, const game_rule* game) {
    const bool compose = q.row != nullptr && may_be_compose(*q.row, game);
    out += '[';
    append_stringified(out, q.ident);
    out += ",[";
    for (std::size_t i = 0; i < q.values.size(); ++i) {
        if (i) out += ',';
        json_value(out, q.values[i], compose);
    }
    out += "]]";
}

void json_node(std::string& out, const node& n, const game_rule* game) {
    out += '[';
    for (std::size_t i = 0; i < n.props.size(); ++i) {
        if (i) out += ',';
        json_prop(out, n.props[i], game);
    }
    out += ']';
}

void json_run_node(std::string& out, const property& q, const game_rule* game) {
    out += "{\"nodes\":[[";
    json_prop(out, q, game);
    out += "]],\"variations\":[";
}

}  // namespace

written write_model(const model& md, rng& r, coverage& cov, std::size_t mark_count) {
    return writer(md, r, cov, mark_count).run();
}

std::string json_tree(const model& md, const game_rule* game) {
    std::string out = "{\"format\":\"" + std::string(json_tree_format) + "\",\"version\":" + std::to_string(json_tree_version) +
                      ",\"trees\":[";
    struct frame {
        std::uint32_t tree;
        std::size_t next_child;
    };
    bool first_root = true;
    for (const auto root : md.roots) {
        if (!first_root) out += ',';
        first_root = false;
        std::vector<frame> stack;
        auto open = [&](std::uint32_t t) {
            out += "{\"nodes\":[";
            const tree& tr = md.trees[t];
            for (std::size_t i = 0; i < tr.nodes.size(); ++i) {
                if (i) out += ',';
                json_node(out, tr.nodes[i], game);
            }
            out += "],\"variations\":[";
            stack.push_back({t, 0});
        };
        open(root);
        while (!stack.empty()) {
            frame& f = stack.back();
            const tree& tr = md.trees[f.tree];
            if (f.next_child < tr.children.size()) {
                if (f.next_child > 0) out += ',';
                const auto c = tr.children[f.next_child++];
                open(c);
                continue;
            }
            bool any = !tr.children.empty();
            for (std::uint32_t i = 0; i < tr.wide.count; ++i) {
                if (any) out += ',';
                any = true;
                json_run_node(out, tr.wide.pattern[i % tr.wide.pattern.size()], game);
                out += "]}";
            }
            for (std::uint32_t i = 0; i < tr.deep.count; ++i) {
                if (i == 0 && any) out += ',';
                json_run_node(out, tr.deep.pattern[i % tr.deep.pattern.size()], game);
            }
            for (std::uint32_t i = 0; i < tr.deep.count; ++i) out += "]}";
            out += "]}";
            stack.pop_back();
        }
    }
    out += "]}";
    return out;
}

position position_at(std::string_view bytes, std::uint64_t offset) {
    position p;
    p.byte = offset;
    p.line = 1;
    p.column = 1;
    for (std::uint64_t i = 0; i < offset && i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (c == '\n' || c == '\r') {
            // CRLF and LFCR are one line break
            if (i + 1 < offset && i + 1 < bytes.size() && (bytes[i + 1] == '\n' || bytes[i + 1] == '\r') && bytes[i + 1] != c) ++i;
            ++p.line;
            p.column = 1;
        } else {
            ++p.column;
        }
    }
    return p;
}

}  // namespace sgf::detail::gen
