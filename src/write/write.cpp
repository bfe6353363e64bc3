// Canonical SGF writer. Iterative (explicit stack): any nesting depth. Streams: output goes
// to a sink in pieces of at most a buffer's size, and a value is never copied whole (a 200 MB
// comment is written from the parsed bytes as it stands).
#include "sgf/write.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

#include "sgf/context.hpp"
#include "sgf/properties.hpp"
#include "tree/source.hpp"
#include "tree/tree_rep.hpp"
#include "write/point_lists.hpp"
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

// What write_options asks to respell in one game tree (pass_as_tt, expand_points).
struct respelling {
    bool pass_tt = false;  // B[] / W[] as [tt]
    bool expand = false;   // rectangles of point lists as their points
    bool compress = false; // point lists as rectangles
    int ff = 4;
    const game_rule* game = nullptr;
    board_size size;  // the tree's board: a rectangle is expanded only on it

    respelling() = default;
    respelling(const write_options& o, const game_tree& root) {
        if (!o.pass_as_tt && !o.expand_points && !o.compress_points) return;
        const tree_context c = context_of(root.front());
        if (c.gm != 1) return;  // Go only: its points are two letters
        pass_tt = o.pass_as_tt && c.size.known() && c.size.columns <= 19 && c.size.rows <= 19;
        expand = o.expand_points;
        compress = o.compress_points && c.ff >= 4;  // (FF[1]-FF[3] have no compressed lists)
        ff = c.ff;
        game = find_game(1);
        size = c.size;
    }
    [[nodiscard]] bool any() const noexcept { return pass_tt || expand || compress; }
    // Whether p is a point list that may be compressed (expanded or compressed as asked).
    [[nodiscard]] bool expands(const property& p) const noexcept {
        if (!expand && !compress) return false;
        const property_rule* row = find_property(p.ident(), ff, 1);
        return row != nullptr && allows_compressed_points(row->shape, game);
    }
};

[[nodiscard]] bool go_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
[[nodiscard]] int go_coordinate(char c) noexcept { return c >= 'a' ? c - 'a' : c - 'A' + 26; }
[[nodiscard]] char go_letter_of(int i) noexcept { return static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26); }

// The corners of a rectangle "ul:lr" of two Go points, each read as the checker reads a
// point (escapes processed: "a\\a:cc" is aa:cc, which fmt writes canonically as such), or
// nullopt when the value is no such rectangle.
std::optional<std::array<int, 4>> rectangle_of(std::string_view raw) {
    const auto parts = split_compose(raw);
    if (!parts) return std::nullopt;
    const auto point = [](std::string_view part) {
        return part.find('\\') == std::string_view::npos ? std::string(part) : decode_simple_text(part);
    };
    const std::string ul = point(parts->first), lr = point(parts->second);
    if (ul.size() != 2 || lr.size() != 2 || !go_letter(ul[0]) || !go_letter(ul[1]) || !go_letter(lr[0]) || !go_letter(lr[1]))
        return std::nullopt;
    return std::array<int, 4>{go_coordinate(ul[0]), go_coordinate(ul[1]), go_coordinate(lr[0]), go_coordinate(lr[1])};
}

// One value of a property, respelled as `r` asks: "[v]", or a rectangle "[ul:lr]" of a
// point list as "[p1][p2]..." (a value that is no rectangle of two Go points stays).
void put_values(sink_buffer& out, const property& p, const value& v, const respelling& r, bool expands) {
    const std::string_view raw = v.raw();
    if (r.pass_tt && raw.empty() && (p.ident() == "B" || p.ident() == "W")) {
        out.put("[tt]");
        return;
    }
    // Only a rectangle on the board: AB[aa:ZZ] on 19x19 is an error the checker reports (off
    // the board), and as 2,704 points it would be 1,500 times its bytes (an adversarial file of
    // such values would grow without bound); it stays as written.
    const auto corners = expands ? rectangle_of(raw) : std::nullopt;
    const auto on_board = [&r](const std::array<int, 4>& k) {
        const auto in = [](int i, std::uint32_t n) { return static_cast<std::uint32_t>(i) < n; };  // (i >= 0)
        return r.size.known() && in(k[0], r.size.columns) && in(k[2], r.size.columns) && in(k[1], r.size.rows) && in(k[3], r.size.rows);
    };
    if (corners && on_board(*corners)) {
        const auto [x0, y0, x1, y1] = *corners;
        for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x)
            for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y) {
                const char point[4] = {'[', go_letter_of(x), go_letter_of(y), ']'};
                out.put(std::string_view(point, 4));
            }
        return;
    }
    out.put("[");
    put_value(out, raw);
    out.put("]");
}

// A property whose values hold no '\\' or ']' (B[pd], AB[dd][pp], SZ[19]: canonical as they
// stand) written in place in one piece; false, having written nothing, for one with either
// byte or longer than the room, which put_node writes value by value.
bool put_plain(sink_buffer& out, const property& p) {
    constexpr std::size_t most = 2048;
    const std::string_view id = p.ident();
    if (id.size() > most) return false;
    char* const start = out.room(most);
    char* const stop = start + most;
    std::memcpy(start, id.data(), id.size());
    char* at = start + id.size();
    for (const value& v : p) {
        const std::string_view raw = v.raw();
        if (static_cast<std::size_t>(stop - at) < raw.size() + 2) return false;
        *at++ = '[';
        for (const char c : raw) {
            if (c == '\\' || c == ']') return false;
            *at++ = c;
        }
        *at++ = ']';
    }
    out.wrote(static_cast<std::size_t>(at - start));
    return true;
}

// Whether the node's bytes are its canonical form but for white space between the tokens
// (";B[pd]", ";FF[4]\nGM[1]", ";AB[aa] [bb]\n": upper-case identifiers, values without
// '\\' or ']', the node ended by ';', '(', ')' or the end). The node reader
// (sgf/detail/node_reader.hpp) reads such bytes through its strict hand loop as exactly these
// properties and values, and a value without '\\' or ']' is canonical as it stands: the runs
// of the node's bytes between the white space are what put_node writes, and the writer copies
// them instead of reading the node's properties. `run` gets each run in order (none when
// the node is not of this form); `spaced` says whether there was more than one.
// noexcept when `run` is: put_node's writes to a sink that may throw (a failed write, memory).
template <class Run>
bool canonical_runs(const node& n, Run&& run, bool& spaced) noexcept(noexcept(run(std::string_view{}))) {
    const detail::source* src = detail::tree_access::source_of(n);
    if (src == nullptr || n.offset() >= src->bytes.size()) return false;
    // Pointers, the loops unchecked: the source's std::string ends with a NUL, which is no
    // letter, white space, '[' or ']' (a NUL inside a value is told from it by `end`).
    const char* const end = src->data() + src->bytes.size();
    const char* const start = src->data() + n.offset();
    if (*start != ';') return false;
    const auto upper = [](char c) { return static_cast<unsigned char>(c - 'A') < 26; };
    const auto node_end = [end](const char* at) { return at == end || *at == ';' || *at == '(' || *at == ')'; };
    spaced = false;
    const char* p = start + 1;
    const char* from = start;  // the start of the current run
    // White space between tokens: ends the run, unless only the node's end follows.
    const auto white = [&] {
        if (!detail::white_byte(*p)) return;
        const char* q = p + 1;
        while (detail::white_byte(*q)) ++q;
        if (node_end(q)) return;  // trailing: the node ends at p
        run(std::string_view(from, static_cast<std::size_t>(p - from)));
        from = p = q;
        spaced = true;
    };
    white();
    while (!node_end(p) && !detail::white_byte(*p)) {  // (white space here: only the end follows)
        if (!upper(*p)) return false;
        while (upper(*p)) ++p;
        white();
        if (*p != '[') return false;
        do {
            ++p;  // past '['
            while (*p != ']' && *p != '\\' && (*p != '\0' || p < end)) ++p;
            if (*p != ']') return false;
            ++p;
            white();
        } while (*p == '[');
    }
    run(std::string_view(from, static_cast<std::size_t>(p - from)));
    return true;
}

void put_node(sink_buffer& out, const node& n, const respelling& r = {}) {
    if (!r.any()) {
        // First without writing (a node not of the form must write nothing here), then the
        // runs: one piece for most nodes.
        std::string_view last;
        bool spaced = false;
        if (canonical_runs(n, [&last](std::string_view s) { last = s; }, spaced)) {
            if (spaced) (void)canonical_runs(n, [&out](std::string_view s) { out.put(s); }, spaced);
            else out.put(last);
            return;
        }
    }
    out.put(';');
    for (const property& p : n.properties()) {
        if (!r.any() && put_plain(out, p)) continue;
        out.put(p.ident());
        const bool list = r.expands(p);
        if (list && r.compress) {
            if (const auto rects = detail::compressed_points(p)) {
                for (const std::string& v : *rects) {
                    out.put("[");
                    out.put(v);
                    out.put("]");
                }
                continue;
            }
        }
        for (const value& v : p) put_values(out, p, v, r, list && r.expand);
    }
}

std::size_t node_size(const node& n, const respelling& r) {
    std::size_t size = 1;
    if (r.any()) {  // (rare: counted by writing it)
        sink_buffer counter([&size](std::string_view s) { size += s.size(); });
        put_node(counter, n, r);
        counter.flush();
        return size - 1;
    }
    for (const property& p : n.properties()) {
        size += p.ident().size();
        for (const value& v : p) size += canonical_size(v.raw()) + 2;
    }
    return size;
}

class writer {
public:
    writer(const write_options& o, const write_sink& sink) : options_(o), width_(o.width), out_(sink) {
        if (o.expand_points && o.compress_points)
            throw std::invalid_argument("write_options: expand_points and compress_points exclude each other");
    }

    void tree(const game_tree& root) {
        respell_ = respelling(options_, root);
        // The game trees from the root to the one being written, 8 bytes each (1e6 nested
        // variations): a tree's next sibling is the one after it in its parent's variations.
        std::vector<const game_tree*> stack;
        open(root);
        stack.push_back(&root);
        while (!stack.empty()) {
            const game_tree* t = stack.back();
            if (const auto vs = t->variations(); !vs.empty()) {  // its first variation
                open(vs.front());
                stack.push_back(&vs.front());
                continue;
            }
            // t is done: close it and every tree it was the last variation of, then open the
            // next sibling, if any
            for (;;) {
                out_.put(")");
                col_ += 1;
                stack.pop_back();
                if (stack.empty()) break;
                const auto siblings = stack.back()->variations();
                const game_tree* next = t + 1;
                if (next != siblings.data() + siblings.size()) {
                    open(*next);
                    stack.push_back(next);
                    break;
                }
                t = stack.back();
            }
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
                const std::size_t size = node_size(n, respell_);
                const std::size_t tail = (i + 1 == t.size() && t.variations().empty()) ? 1 : 0;
                if (i > 0 && col_ + size + tail > width_) newline();
                col_ += size;
            }
            put_node(out_, n, respell_);
        }
    }
    void newline() {
        out_.put('\n');
        col_ = 0;
    }

    write_options options_;
    respelling respell_;
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
