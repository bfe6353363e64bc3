#pragma once
// The JSON tree writer's private parts (json.cpp): its options, and a hook that adds one
// array per game tree parallel to "nodes" (inherit.cpp: "inherited", the inherit
// properties in effect at each node).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/json.hpp"
#include "sgf/properties.hpp"
#include "sgf/tree.hpp"
#include "write/sink_buffer.hpp"

namespace sgf::detail {

// A raw value in UTF-8: `raw` itself (returned as is) or its decoding, made in `scratch`.
using json_decoder = std::function<std::string_view(std::size_t tree, std::string_view raw, std::string& scratch)>;

class json_tree_writer;

struct json_tree_hook {
    virtual ~json_tree_hook() = default;
    [[nodiscard]] virtual std::string_view key() const = 0;
    virtual void enter_top(const game_tree& root) = 0;  // a top-level game tree begins
    virtual void enter(const game_tree& t) = 0;         // before the nodes of t
    virtual void node(const node& n, json_tree_writer& w) = 0;  // writes one JSON value for n
    virtual void leave() = 0;                           // after t and all its variations
};

// json_limits.cpp: the outputs that can grow faster than the file. --positions: each
// node's path lists a number per variation level above it; throws std::length_error when
// the paths would average more than 1024 numbers a node (and 2^24 in all).
void check_path_sizes(const collection& c);
// --show-inherited: the most JSON it may take (64 times the trees' source and 64 MiB).
[[nodiscard]] std::uint64_t inherited_budget(const collection& c);

class json_tree_writer {
public:
    json_tree_writer(const write_sink& sink, const json_options& o, json_decoder decode, json_tree_hook* hook = nullptr);

    void document(const collection& c);  // {"format":...,"version":...,"trees":[...]}

    // For hooks: a property as the tree writes it (["ID",[values]]), and plain JSON text.
    void property(const sgf::property& p);
    void put(std::string_view json) {
        if (!to_side_) return out_.put(json);
        side_.append(json);
        if (side_.size() > side_limit_) [[unlikely]]
            throw std::length_error(side_limit_message_);
    }
    void put(char c) {
        if (to_side_) side_ += c;
        else out_.put(c);
    }
    // The hook's array of one sequence is held until the sequence is written: more than
    // `bytes` of it throws std::length_error(message).
    void limit_side(std::uint64_t bytes, std::string message) {
        side_limit_ = bytes;
        side_limit_message_ = std::move(message);
    }
    // The decoder returns ASCII values as they are (load_result's): not called for them.
    void ascii_as_is() noexcept { ascii_as_is_ = true; }

private:
    void tree(const game_tree& root, std::size_t index);
    void open(const game_tree& t, const std::vector<std::uint32_t>& path);
    bool plain_property(const sgf::property& p, bool compose);
    void value(std::string_view raw, bool compose);
    void text(std::string_view raw);
    void position(const sgf::position& p);

    sink_buffer out_;
    json_options options_;
    json_decoder decode_;
    json_tree_hook* hook_;
    std::size_t tree_ = 0;  // index of the top-level game tree being written
    int gm_ = 1;            // its game (which properties are compose-typed)
    const game_rule* game_ = nullptr;
    bool to_side_ = false;  // hook output goes to side_
    std::size_t number_ = 0;
    std::string scratch_;
    std::string side_;      // the hook's array of the game tree being opened
    std::uint64_t side_limit_ = UINT64_MAX;
    std::string side_limit_message_;
    // Whether each identifier of one or two letters is compose-typed in the game tree being
    // written, as property() finds it (0 unknown, 1 no, 2 yes): no table search per property.
    unsigned char compose_of_[64 * 64] = {};
    int cached_gm_ = -1;  // the game compose_of_ is of
    bool ascii_as_is_ = false;
};

}  // namespace sgf::detail
