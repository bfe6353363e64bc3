// Canonical SGF writer. Iterative (explicit stack): any nesting depth. Streams: output goes
// to a sink in pieces of at most a buffer's size, and a value is never copied whole (a 200 MB
// comment is written from the parsed bytes as it stands).
#include "sgf/write.hpp"

#include <cstring>

#include "write/sink_buffer.hpp"

namespace sgf {

namespace {

using detail::sink_buffer;

// Bytes canonical_raw(raw) has, without making it (write_options::width needs it first).
std::size_t canonical_size(std::string_view raw) {
    if (raw.find_first_of("\\]") == std::string_view::npos) return raw.size();
    return canonical_raw(raw).size();
}

// canonical_raw(raw), written in pieces: runs that are canonical already ("\\]", "\\\\",
// "\\:" and plain bytes) go out as they stand, each other escape through canonical_raw (which
// reads a value left to right, one escape at a time, so the pieces make the same bytes).
void put_value(sink_buffer& out, std::string_view raw) {
    std::size_t from = 0;  // start of the verbatim run
    std::size_t at = raw.find_first_of("\\]");
    while (at != std::string_view::npos) {
        std::size_t end = at + 1;  // ']' or a lone trailing '\'
        if (raw[at] == '\\' && end < raw.size()) {
            const char c = raw[at + 1];
            ++end;
            if (c == ']' || c == '\\' || c == ':') {  // canonical as it stands
                at = raw.find_first_of("\\]", end);
                continue;
            }
            // a soft line break may be CRLF or LFCR
            if ((c == '\n' || c == '\r') && end < raw.size() && (raw[end] == '\n' || raw[end] == '\r') && raw[end] != c) ++end;
        }
        out.put(raw.substr(from, at - from));
        out.put(canonical_raw(raw.substr(at, end - at)));
        from = end;
        at = raw.find_first_of("\\]", end);
    }
    out.put(raw.substr(from));
}

std::size_t node_size(const node& n) {
    std::size_t size = 1;
    for (const property& p : n.properties()) {
        size += p.ident().size();
        for (const value& v : p) size += canonical_size(v.raw()) + 2;
    }
    return size;
}

void put_node(sink_buffer& out, const node& n) {
    out.put(";");
    for (const property& p : n.properties()) {
        out.put(p.ident());
        for (const value& v : p) {
            out.put("[");
            put_value(out, v.raw());
            out.put("]");
        }
    }
}

class writer {
public:
    writer(const write_options& o, const write_sink& sink) : width_(o.width), out_(sink) {}

    void tree(const game_tree& root) {
        struct frame {
            const game_tree* t;
            std::size_t next;
        };
        std::vector<frame> stack;
        open(root);
        stack.push_back({&root, 0});
        while (!stack.empty()) {
            frame& f = stack.back();
            const auto vs = f.t->variations();
            if (f.next < vs.size()) {
                const game_tree* c = &vs[f.next++];
                open(*c);
                stack.push_back({c, 0});
                continue;
            }
            out_.put(")");
            col_ += 1;
            stack.pop_back();
        }
        newline();
    }

    void finish() { out_.flush(); }

private:
    void open(const game_tree& t) {
        if (col_ != 0) newline();
        out_.put("(");
        col_ = 1;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const node n = t[i];
            // One node per line (width 0), or packed up to `width` bytes per line; the
            // last node of a leaf sequence keeps room for its ')'.
            if (width_ == 0) {
                if (i > 0) newline();
                col_ = 1;  // something is on the line: a variation's '(' starts a new one
            } else {
                const std::size_t size = node_size(n);
                const std::size_t tail = (i + 1 == t.size() && t.variations().empty()) ? 1 : 0;
                if (i > 0 && col_ + size + tail > width_) newline();
                col_ += size;
            }
            put_node(out_, n);
        }
    }
    void newline() {
        out_.put("\n");
        col_ = 0;
    }

    std::size_t width_;
    std::size_t col_ = 0;
    sink_buffer out_;
};

}  // namespace

void write_to(const collection& c, const write_sink& sink, const write_options& options) {
    writer w(options, sink);
    for (const game_tree& t : c) w.tree(t);
    w.finish();
}

std::string write(const collection& c, const write_options& options) {
    std::string out;
    write_to(c, [&out](std::string_view s) { out.append(s); }, options);
    return out;
}

std::string write(const game_tree& t, const write_options& options) {
    std::string out;
    writer w(options, [&out](std::string_view s) { out.append(s); });
    w.tree(t);
    w.finish();
    return out;
}

std::string write(const node& n) {
    std::string out;
    {
        sink_buffer b([&out](std::string_view s) { out.append(s); });
        put_node(b, n);
        b.flush();
    }
    return out;
}

}  // namespace sgf
