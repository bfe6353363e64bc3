// game_tree_builder: bulk construction in linear time. New nodes are written as SGF text
// into one buffer that becomes the tree's source; the structure is recorded as the events
// a parser would emit and assembled by the parser's own tree_assembler at build().
#include <stdexcept>

#include "tree/assembler.hpp"
#include "tree/edit.hpp"

namespace sgf {

struct game_tree_builder::impl {
    enum class kind : std::uint8_t { open, text_node, foreign_node, close };
    struct event {
        kind what;
        std::uint32_t at;  // text_node: offset in `text`; foreign_node: index in `foreign`
    };
    struct frame {
        std::size_t nodes = 0;
        std::size_t children = 0;
    };
    std::string text;
    std::vector<event> events{{kind::open, 0}};
    std::vector<node> foreign;
    std::vector<frame> frames{frame{}};

    void before_node() {
        if (frames.back().children != 0)
            throw std::logic_error(
                "game_tree_builder: a node after a variation (a sequence comes before the variations of its game tree)");
    }
    std::uint32_t start_text_node() {
        before_node();
        if (text.size() >= detail::max_source_size) throw std::length_error("game_tree_builder: 2 GiB of node text");
        const auto at = static_cast<std::uint32_t>(text.size());
        text += ';';
        return at;
    }
    void end_text_node(std::uint32_t at) {
        events.push_back({kind::text_node, at});
        ++frames.back().nodes;
    }
};

game_tree_builder::game_tree_builder() : p_(std::make_unique<impl>()) {}
game_tree_builder::game_tree_builder(game_tree_builder&&) noexcept = default;
game_tree_builder& game_tree_builder::operator=(game_tree_builder&&) noexcept = default;
game_tree_builder::~game_tree_builder() = default;

// A moved-from builder has no impl: it starts a new one on first use.
game_tree_builder::impl& game_tree_builder::state() {
    if (!p_) p_ = std::make_unique<impl>();
    return *p_;
}

game_tree_builder& game_tree_builder::add(const node& n) {
    impl& s = state();
    s.before_node();
    s.events.push_back({impl::kind::foreign_node, static_cast<std::uint32_t>(s.foreign.size())});
    s.foreign.push_back(n);
    ++s.frames.back().nodes;
    return *this;
}

game_tree_builder& game_tree_builder::add(std::initializer_list<prop> props) {
    for (const prop& q : props) {
        detail::check_ident(q.ident);
        if (q.texts.size() == 0) throw std::invalid_argument("a property needs at least one value");
    }
    impl& s = state();
    const std::uint32_t at = s.start_text_node();
    for (const prop& q : props) {
        s.text += q.ident;
        for (const std::string_view t : q.texts) detail::append_text_value(s.text, t);
    }
    s.end_text_node(at);
    return *this;
}

game_tree_builder& game_tree_builder::add(const std::vector<std::pair<std::string, std::vector<std::string>>>& props) {
    for (const auto& [ident, texts] : props) {
        detail::check_ident(ident);
        if (texts.empty()) throw std::invalid_argument("a property needs at least one value");
    }
    impl& s = state();
    const std::uint32_t at = s.start_text_node();
    for (const auto& [ident, texts] : props) {
        s.text += ident;
        for (const std::string& t : texts) detail::append_text_value(s.text, t);
    }
    s.end_text_node(at);
    return *this;
}

game_tree_builder& game_tree_builder::open() {
    impl& s = state();
    if (s.frames.back().nodes == 0) throw std::logic_error("game_tree_builder: a variation of a game tree without nodes");
    ++s.frames.back().children;
    s.frames.push_back({});
    s.events.push_back({impl::kind::open, 0});
    return *this;
}

game_tree_builder& game_tree_builder::close() {
    impl& s = state();
    if (s.frames.size() == 1) throw std::logic_error("game_tree_builder: close() without an open variation");
    if (s.frames.back().nodes == 0) throw std::logic_error("game_tree_builder: a variation without nodes");
    s.frames.pop_back();
    s.events.push_back({impl::kind::close, 0});
    return *this;
}

std::size_t game_tree_builder::depth() const noexcept { return p_ ? p_->frames.size() - 1 : 0; }

game_tree game_tree_builder::build() && {
    impl& s = state();
    while (s.frames.size() > 1) close();
    if (s.frames.back().nodes == 0) throw std::logic_error("game_tree_builder: a game tree needs at least one node");
    auto src = std::make_shared<const detail::source>(std::move(s.text), true);
    detail::tree_assembler a(std::move(src));
    for (const impl::event& e : s.events) {
        switch (e.what) {
            case impl::kind::open: a.open(detail::no_offset); break;
            case impl::kind::text_node: a.add_node(e.at); break;
            case impl::kind::foreign_node: a.add_foreign(std::move(s.foreign[e.at])); break;
            case impl::kind::close: a.close(); break;
        }
    }
    a.close_all();
    p_ = std::make_unique<impl>();  // the builder can be used again
    std::vector<game_tree> trees = a.take_trees();
    return std::move(trees.front());
}

}  // namespace sgf
