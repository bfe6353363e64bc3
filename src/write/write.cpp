// Canonical SGF writer. Iterative (explicit stack): any nesting depth.
#include "sgf/write.hpp"

namespace sgf {

namespace {

void put_node(std::string& out, const node& n) {
    out += ';';
    for (const property& p : n.properties()) {
        out += p.ident();
        for (const value& v : p) {
            out += '[';
            out += canonical_raw(v.raw());
            out += ']';
        }
    }
}

class writer {
public:
    explicit writer(const write_options& o) : width_(o.width) {}

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
            out_ += ')';
            col_ += 1;
            stack.pop_back();
        }
        newline();
    }

    std::string take() { return std::move(out_); }

private:
    void open(const game_tree& t) {
        if (col_ != 0) newline();
        out_ += '(';
        col_ = 1;
        for (std::size_t i = 0; i < t.size(); ++i) {
            scratch_.clear();
            put_node(scratch_, t[i]);
            // One node per line (width 0), or packed up to `width` bytes per line; the
            // last node of a leaf sequence keeps room for its ')'.
            const std::size_t tail = (i + 1 == t.size() && t.variations().empty()) ? 1 : 0;
            if (i > 0 && (width_ == 0 || col_ + scratch_.size() + tail > width_)) newline();
            out_ += scratch_;
            col_ += scratch_.size();
        }
    }
    void newline() {
        out_ += '\n';
        col_ = 0;
    }

    std::size_t width_;
    std::size_t col_ = 0;
    std::string out_;
    std::string scratch_;
};

}  // namespace

std::string write(const collection& c, const write_options& options) {
    writer w(options);
    for (const game_tree& t : c) w.tree(t);
    return w.take();
}

std::string write(const game_tree& t, const write_options& options) {
    writer w(options);
    w.tree(t);
    return w.take();
}

std::string write(const node& n) {
    std::string out;
    put_node(out, n);
    return out;
}

}  // namespace sgf
