// check_streamed (check/stream.hpp): the file through a window, one game tree at a time.
// Per game tree, in the order check_file's stages would say it: the parser's events, the
// input stage's findings about the tree's CA and (when the next tree starts) the bytes of
// the tree that are no characters, the checker on the events, then the positions of what
// was found while the window holds the bytes.
#include "check/stream.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <numeric>
#include <span>

#include "check/batch_pool.hpp"
#include "check/internal.hpp"
#include "check/window.hpp"
#include "input/read_file.hpp"
#include "parse/input_report.hpp"
#include "parse/parse_source.hpp"
#include "parse/parse_tree.hpp"
#include "sgf/charset.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::detail {

namespace {

// What a text report quotes after a finding (excerpt_at), and before it.
constexpr std::size_t excerpt_after = 165;
constexpr std::uint64_t excerpt_before = 160;

// Whether every byte is ASCII, 8 at a time.
bool ascii_bytes(std::string_view s) noexcept {
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        if (w & 0x8080808080808080ull) return false;
    }
    for (; i < s.size(); ++i)
        if (static_cast<unsigned char>(s[i]) >= 0x80) return false;
    return true;
}

class streamer {
public:
    streamer(file_pieces& in, const load_options& load_opts, const check_options& check_opts, const stream_options& options)
        : win_(in, options.piece),
          options_(options),
          load_opts_(load_opts),
          parsed_(check_opts.prof, load_opts.lenient),
          checked_(check_opts.prof),
          rep_(load_opts.lenient),
          checker_(checked_, check_opts),
          check_opts_(check_opts) {
        rep_.unknown = [this] { whole_file_ = true; };
        if (options.excerpts) {
            parsed_.keep_excerpts();
            checked_.keep_excerpts();
        }
    }

    std::optional<streamed_check> run();

private:
    // A game tree of a batch: where it is (offsets in the batch's bytes), its events (in
    // the batch's), and what a worker's checker found in it.
    struct batch_tree {
        std::size_t start, end;
        std::size_t events_from, events_size;
        tree_context ctx;
        std::vector<recorded_finding> found;
    };
    // Game trees checked on worker threads (batch_pool) and then reported here in file
    // order: their own copy of the bytes they and their report read (from 160 bytes before
    // the last batch's last game tree, where the report's line counter and part are, to 165
    // bytes after their own end), so that the window moves on while they are checked.
    struct batch : pool_batch {
        std::vector<batch_tree> trees;
        std::vector<std::uint32_t> events;  // node offsets in `bytes`
        std::shared_ptr<const source> bytes;
        std::uint64_t at = 0;  // the file offset of bytes' first byte
    };
    // A worker thread's checker.
    struct worker {
        explicit worker(const check_options& o) : found(o.prof), checker(found, o) {}
        findings found;  // records (findings::record_into)
        collection_checker checker;
    };
    static constexpr std::size_t batch_bytes = std::size_t{1} << 18;
    static constexpr std::size_t batch_trees = 1024;

    [[nodiscard]] bool start();
    [[nodiscard]] std::optional<std::pair<std::size_t, std::size_t>> next_tree(std::size_t& pos, bool& strict);
    [[nodiscard]] bool run_batches(std::size_t pos);
    [[nodiscard]] bool fill_batch(std::size_t& pos, batch& b, bool& more);
    void check_batch_tree(worker& w, const batch& b, batch_tree& t) const;
    [[nodiscard]] bool game_tree(std::size_t start, std::size_t end, std::span<const std::uint32_t> events, batch_tree* done);
    // What the report reads: the window (one thread) or a batch's bytes.
    void report_from(std::shared_ptr<const source> bytes, std::uint64_t at) {
        bytes_ = std::move(bytes);
        bytes_at_ = at;
    }
    void report_from_window() { report_from(win_.handle(), win_.at()); }
    // Where the bytes a report of the game tree at file offset `tree_at` reads start: its
    // part and line counter there, and what an excerpt quotes before.
    [[nodiscard]] static std::uint64_t keep_from(std::uint64_t tree_at) noexcept {
        return tree_at > excerpt_before ? tree_at - excerpt_before : 0;
    }
    [[nodiscard]] const char* bytes_data() const noexcept { return bytes_->data(); }
    [[nodiscard]] const char* bytes_end() const noexcept { return bytes_->data() + bytes_->bytes.size(); }
    [[nodiscard]] bool charsets(const node& root, std::string& cs);
    void invalid_bytes(std::uint64_t to);
    void resolve_input(std::size_t from, line_counter lines);
    // Drops the bytes before the last game tree's part, no longer needed (but for what an
    // excerpt quotes); returns by how much window offsets moved.
    std::size_t cut_window() { return win_.drop_before(keep_from(part_from_)); }
    [[nodiscard]] position position_at(line_counter& lines, std::uint64_t file_offset) const {
        return lines.at(bytes_data(), bytes_end(), bytes_at_, file_offset);
    }
    streamed_check results();

    window win_;
    stream_options options_;
    load_options load_opts_;
    findings parsed_;   // the parser's (the UTF-8 byte order mark)
    findings checked_;  // the checker's
    input_report rep_;  // the input stage's, positions resolved by resolve_input
    std::vector<excerpt> input_excerpts_;
    collection_checker checker_;
    check_options check_opts_;
    tree_events events_;
    std::shared_ptr<const source> bytes_;  // what the report reads (report_from_window, a batch's)
    std::uint64_t bytes_at_ = 0;           // ... from this file offset
    std::uint64_t batched_upto_ = 0;       // the last batch's last game tree starts here (fill_batch)
    std::vector<std::unique_ptr<worker>> workers_;

    bool bom_ = false;
    bool whole_file_ = false;  // something needs the whole file: the whole-file path
    charset_choice chosen_;
    bool guessed_ascii_ = false;       // no usable CA: read as US-ASCII while every byte is
    std::string first_ca_;             // the first tree's CA, looked up (first_ca_checked)
    bool first_ca_checked_ = false;
    std::optional<std::size_t> legacy_;  // index in rep_.found of "but the text is valid UTF-8"
    bool all_ascii_ = true, valid_utf8_ = true;  // the bytes up to scanned_
    std::uint64_t scanned_ = 0;

    std::size_t trees_ = 0;
    std::uint64_t part_from_ = 0;  // the last game tree's part (for W005): from here
    std::string part_cs_;          // ... read in this charset
    line_counter lines_;           // at part_from_
};

bool streamer::start() {
    // A byte order mark is up to 4 bytes: all of them before it is looked for, whatever the
    // piece (a piece of 2 bytes saw half of a UTF-8 BOM and handed the file back, where one of
    // 1 MiB streamed it: found by the stream fuzz target).
    while (win_.size() < 4 && win_.read(4 - win_.size())) {
    }
    const std::string_view head(win_.data(), std::min<std::size_t>(win_.size(), 4));
    const auto bom = detect_bom(head);
    if (!load_opts_.charset.empty() || (bom && bom->charset != "UTF-8")) return false;
    bom_ = bom.has_value();  // said with the first game tree (game_tree), at the bytes its report reads
    return true;
}

// The next game tree after `pos` into events_, read on as the window needs: its [start,
// end) in the window (pos then at its end), or nullopt at the end of the file; `strict`
// false when the bytes are no strict FF[4] (the whole-file path reads them).
std::optional<std::pair<std::size_t, std::size_t>> streamer::next_tree(std::size_t& pos, bool& strict) {
    for (;;) {  // white space between game trees (grammar::collection)
        pos = static_cast<std::size_t>(grammar::skip_white(win_.data() + pos, win_.data() + win_.size()) - win_.data());
        if (pos < win_.size() || !win_.read(0)) break;
    }
    if (pos == win_.size()) return std::nullopt;  // the end of the file
    strict = win_.data()[pos] == '(';
    if (!strict) return std::nullopt;
    const std::size_t start = pos;
    const char* end = nullptr;
    while ((end = parse_game_tree(win_.data(), win_.data() + start, win_.data() + win_.size(), events_)) == nullptr) {
        // not strict FF[4] (the recovering parse reads the whole file), or cut off by the
        // window: read as much again as the game tree has so far (linear in its size)
        strict = win_.more();
        if (!strict) return std::nullopt;
        (void)win_.read(win_.size() - start);
    }
    pos = static_cast<std::size_t>(end - win_.data());
    if (options_.excerpts)
        while (win_.size() - pos < excerpt_after && win_.read(0)) {
        }
    return std::make_pair(start, pos);
}

std::optional<streamed_check> streamer::run() {
    if (!start()) return std::nullopt;
    std::size_t pos = bom_ ? 3 : 0;
    if (options_.threads > 1) {
        if (!run_batches(pos)) return std::nullopt;
    } else {
        for (;;) {
            pos -= cut_window();
            bool strict = true;
            const auto t = next_tree(pos, strict);
            if (!strict) return std::nullopt;
            if (!t) break;
            report_from_window();
            if (!game_tree(t->first, t->second, events_.items(), nullptr)) return std::nullopt;  // checked at once
        }
    }
    if (trees_ == 0) return std::nullopt;  // no game tree: the parser says so (E001)
    report_from_window();
    invalid_bytes(win_.at() + win_.size());
    if (legacy_ && !(!all_ascii_ && valid_utf8_)) {
        rep_.found.erase(rep_.found.begin() + static_cast<std::ptrdiff_t>(*legacy_));
        if (options_.excerpts) input_excerpts_.erase(input_excerpts_.begin() + static_cast<std::ptrdiff_t>(*legacy_));
    }
    return results();
}

// The next batch of game trees after `pos` (up to batch_bytes or batch_trees) into `b`, with
// its own copy of the bytes; then the window is cut before its last game tree (the report
// reads the batch's copy). `more` false at the end of the file; false when the bytes are
// no strict FF[4] (the whole-file path reads them).
bool streamer::fill_batch(std::size_t& pos, batch& b, bool& more) {
    b.events.clear();
    b.size = 0;  // (the trees' slots stay: each one's log is cleared by the worker that takes it)
    // the batch's bytes start where the report of its first game tree reads from: the part
    // and the line counter at the last batch's last game tree, and an excerpt's bytes before
    const std::uint64_t from_at = std::max(win_.at(), keep_from(batched_upto_));
    const auto from = static_cast<std::size_t>(from_at - win_.at());
    std::size_t bytes = 0;
    while (more && bytes < batch_bytes && b.size < batch_trees) {
        bool strict = true;
        const auto t = next_tree(pos, strict);
        if (!strict) return false;
        if (!t) {
            more = false;
            break;
        }
        const auto items = events_.items();
        if (b.size == b.trees.size()) b.trees.emplace_back();
        batch_tree& bt = b.trees[b.size++];
        bt.start = t->first - from;
        bt.end = t->second - from;
        bt.events_from = b.events.size();
        bt.events_size = items.size();
        const std::size_t at = b.events.size();
        b.events.resize(at + items.size());
        const auto shift = static_cast<std::uint32_t>(from);
        for (std::size_t k = 0; k < items.size(); ++k)  // node offsets from the batch's first byte
            b.events[at + k] = (items[k] & tree_events::open_bit) == 0 ? items[k] - shift : items[k];
        bytes += t->second - t->first;
    }
    if (b.size == 0) return true;
    const batch_tree& last = b.trees[b.size - 1];
    const std::size_t to = std::min(win_.size(), from + last.end + excerpt_after);
    b.bytes = std::make_shared<const source>(std::string(win_.data() + from, to - from));
    b.at = from_at;
    batched_upto_ = from_at + last.start;
    pos -= win_.drop_before(keep_from(batched_upto_));
    return true;
}

// Tree t of batch b on worker w: its checker records what it finds.
void streamer::check_batch_tree(worker& w, const batch& b, batch_tree& t) const {
    const std::span<const std::uint32_t> events(b.events.data() + t.events_from, t.events_size);
    t.found.clear();  // what the slot's last tree recorded (replayed, its strings not taken)
    w.found.record_into(&t.found);
    const node root = tree_access::make_node(b.bytes, events[1]);
    const walk_context& ctx = w.checker.begin_tree(root, static_cast<std::uint32_t>(t.start));
    w.checker.walker().run(*b.bytes, events, ctx);
    t.ctx = w.checker.context();
    w.found.record_into(nullptr);
}

// With worker threads: batches of game trees checked by the pool's threads (each with its
// own checker, which records what it finds) while this thread parses the next batch, helps,
// and reports the last one in file order (game_tree, which replays what was recorded). Two
// batches take turns: one checked or reported, the next parsed and queued.
bool streamer::run_batches(std::size_t pos) {
    while (workers_.size() < options_.threads) workers_.push_back(std::make_unique<worker>(check_opts_));
    std::array<batch, 2> batches;
    // (declared after the batches: its threads are stopped before the batches go)
    batch_pool pool(options_.threads, [this](unsigned k, pool_batch& pb, std::size_t i) {
        batch& b = static_cast<batch&>(pb);
        check_batch_tree(*workers_[k], b, b.trees[i]);
    });
    bool more = true;
    batch* now = &batches[0];
    batch* later = &batches[1];
    if (!fill_batch(pos, *now, more)) return false;
    pool.submit(*now);
    while (now->size > 0) {
        later->size = 0;
        if (more) {
            if (!fill_batch(pos, *later, more)) return false;  // handed back: the pool stops its threads
            pool.submit(*later);
        }
        pool.finish(*now);
        report_from(now->bytes, now->at);
        for (std::size_t i = 0; i < now->size; ++i) {
            batch_tree& t = now->trees[i];
            if (!game_tree(t.start, t.end, std::span<const std::uint32_t>(now->events).subspan(t.events_from, t.events_size), &t))
                return false;
        }
        std::swap(now, later);
    }
    return true;
}

// One game tree, [start, end) of the bytes the report reads (bytes_), its events `events`:
// checked here, or by a worker (`done`).
bool streamer::game_tree(std::size_t start, std::size_t end, std::span<const std::uint32_t> events, batch_tree* done) {
    const source& src = *bytes_;
    // every finding is added at the window's source whatever bytes the report reads: one
    // source, so that findings::finish keeps them in file order
    const source& at_src = win_.src();
    const std::uint64_t start_at = bytes_at_ + start;
    rep_.window(&src, bytes_at_);
    if (trees_ > 0) {
        invalid_bytes(start_at);  // the last game tree's part ends here
        (void)position_at(lines_, start_at);
        part_from_ = start_at;
    }
    if (trees_ == 0 && bom_) report_utf8_bom(parsed_, at_src);  // (bytes_ start at the file's start here)
    const node root = tree_access::make_node(bytes_, events[1]);
    const std::size_t input_from = rep_.found.size();
    std::string cs;
    if (!charsets(root, cs)) return false;
    // What the input stage decides from all bytes: whether they are ASCII, valid UTF-8
    if (guessed_ascii_ || legacy_) {
        const std::string_view seen(bytes_data() + (scanned_ - bytes_at_), static_cast<std::size_t>(bytes_at_ + end - scanned_));
        if (all_ascii_ && !ascii_bytes(seen)) all_ascii_ = false;
        if (legacy_ && valid_utf8_ && !all_ascii_) valid_utf8_ = is_valid_utf8(seen);
        if (guessed_ascii_ && !all_ascii_) return false;  // the charset is guessed from all bytes
    }
    scanned_ = bytes_at_ + end;

    if (done) {
        checked_.replay(done->found, at_src);  // (the worker frees the log when it takes the tree's slot again)
        checker_.took_tree(done->ctx, at_src, static_cast<std::uint32_t>(start));
    } else {
        const walk_context& ctx = checker_.begin_tree(root, static_cast<std::uint32_t>(start));
        checker_.walker().run(src, events, ctx);
    }
    if (trees_ == 0) {
        // the first game tree's FF, GM and CA, named by the collection-level rules later
        const tree_context& c = checker_.context();
        std::array<std::uint32_t, 3> at{c.ff_at, c.gm_at, c.ca_at};
        std::array<position, 3> pos;
        std::array<std::size_t, 3> order{0, 1, 2};
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return at[a] < at[b]; });
        line_counter lines = lines_;
        for (const std::size_t k : order) pos[k] = position_at(lines, bytes_at_ + at[k]);
        checker_.set_first_positions(pos[0], pos[1], pos[2]);
    }
    checker_.end_tree();

    // (each list counts from the tree's part on: copies of the counter)
    line_counter for_parsed = lines_, for_checked = lines_;
    parsed_.resolve(at_src, src, bytes_at_, for_parsed);
    checked_.resolve(at_src, src, bytes_at_, for_checked);
    resolve_input(input_from, lines_);
    part_cs_ = cs;
    ++trees_;
    return true;
}

// The input stage's charset choice (load()) as far as one game tree tells it, and the
// charset this tree's values are read in; false when it needs the whole file.
bool streamer::charsets(const node& root, std::string& cs) {
    const std::optional<property> ca = root_ca(root);
    if (trees_ == 0) {
        if (bom_) {
            chosen_ = {"UTF-8", charset_origin::bom};
        } else if (ca) {
            const std::string name = first_tree_charset(rep_, *ca);
            first_ca_checked_ = true;
            first_ca_ = name;
            if (!name.empty()) chosen_ = {name, charset_origin::declared};
            if (legacy_charset(name)) {  // said if all bytes turn out to be valid UTF-8 (run())
                legacy_ = rep_.found.size();
                report_utf8_under_legacy_ca(rep_, *ca, name);
            }
        }
        if (chosen_.charset.empty()) {  // guessed from all bytes: US-ASCII while they are ASCII
            chosen_ = {"US-ASCII", charset_origin::ascii};
            guessed_ascii_ = true;
        }
        if (!scannable(chosen_.charset) && chosen_.charset != "US-ASCII") return false;  // converted whole
    }
    std::string name;
    if (ca) name = trees_ == 0 && first_ca_checked_ ? first_ca_ : check_ca_spelling(rep_, *ca);
    cs = tree_charset(rep_, trees_, ca ? &*ca : nullptr, name, chosen_, false);
    return !whole_file_;
}

// W005 in the last game tree's part, [part_from_, to).
void streamer::invalid_bytes(std::uint64_t to) {
    const std::size_t from = rep_.found.size();
    const std::string_view part(bytes_data() + (part_from_ - bytes_at_), static_cast<std::size_t>(to - part_from_));
    if (ascii_bytes(part)) return;
    report_invalid(rep_, part, part_from_, part_cs_);
    resolve_input(from, lines_);
}

// Lines, columns and excerpts of the input stage's findings from index `from` on.
void streamer::resolve_input(std::size_t from, line_counter lines) {
    std::vector<std::size_t> order(rep_.found.size() - from);
    std::iota(order.begin(), order.end(), from);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return rep_.found[a].where.byte < rep_.found[b].where.byte; });
    if (options_.excerpts) input_excerpts_.resize(rep_.found.size());
    for (const std::size_t k : order) {
        position& p = rep_.found[k].where;
        p = position_at(lines, p.byte);
        if (options_.excerpts) input_excerpts_[k] = excerpt_at(bytes_data(), bytes_end(), bytes_at_, p.byte);
    }
}

// As check_file: the input stage's findings (the parser's, then the input's, by position),
// merged with the checker's (the input stage's first at the same position).
streamed_check streamer::results() {
    std::vector<excerpt> parse_ex, check_ex;
    std::vector<diagnostic> parsed = std::move(parsed_).finish(parse_ex);
    std::vector<diagnostic> checked = std::move(checked_).finish(check_ex);
    struct item {
        diagnostic d;
        excerpt e;
    };
    std::vector<item> loaded;
    loaded.reserve(parsed.size() + rep_.found.size());
    for (std::size_t k = 0; k < parsed.size(); ++k)
        loaded.push_back({std::move(parsed[k]), k < parse_ex.size() ? std::move(parse_ex[k]) : excerpt{}});
    for (std::size_t k = 0; k < rep_.found.size(); ++k)
        loaded.push_back({std::move(rep_.found[k]), k < input_excerpts_.size() ? std::move(input_excerpts_[k]) : excerpt{}});
    std::stable_sort(loaded.begin(), loaded.end(), [](const item& x, const item& y) { return x.d.where.byte < y.d.where.byte; });
    streamed_check out;
    out.diagnostics.reserve(loaded.size() + checked.size());
    std::size_t i = 0, j = 0;
    while (i < loaded.size() || j < checked.size()) {
        // std::merge's order: the checker's first only when strictly before
        const bool take_checked = j < checked.size() && (i == loaded.size() || checked[j].where.byte < loaded[i].d.where.byte);
        if (take_checked) {
            out.diagnostics.push_back(std::move(checked[j]));
            if (options_.excerpts) out.excerpts.push_back(j < check_ex.size() ? std::move(check_ex[j]) : excerpt{});
            ++j;
        } else {
            out.diagnostics.push_back(std::move(loaded[i].d));
            if (options_.excerpts) out.excerpts.push_back(std::move(loaded[i].e));
            ++i;
        }
    }
    return out;
}

}  // namespace

std::optional<streamed_check> check_streamed(int fd, const std::string& name, std::uint64_t size,
                                             const load_options& load_opts, const check_options& check_opts,
                                             const stream_options& options) {
    if (size == 0 || size >= max_source_size) return std::nullopt;
    file_pieces in(fd, name, size);
    check_options copts = check_opts;
    load_options lopts = load_opts;
    lopts.prof = copts.prof;  // the parser's levels follow the same profile (check_file)
    streamer s(in, lopts, copts, options);
    return s.run();
}

}  // namespace sgf::detail
