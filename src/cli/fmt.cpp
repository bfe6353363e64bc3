// sgfcheck fmt [-o OUT | --in-place [--backup[=SUFFIX]] | --dry-run] [--width N] [--charset NAME]
// [--pass-tt] [--expand-points | --compress-points] [--keep-header] [--split] FILE|DIR|-...: canonical SGF (the same tree;
// old readers' spellings of passes and point lists when asked; SGFC's -p, -e, -k). Each file goes through the input stage as for check (BOM, CA,
// UTF-16/32, legacy charsets); the output keeps the file's charset: a file converted to UTF-8
// as a whole (UTF-16/32, GB18030, Shift_JIS, ...) is written back in it, with its byte order
// mark. Where the output goes is fix's choice too (rewrite.hpp).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <system_error>
#include <variant>

#include "loaded.hpp"
#include "rewrite.hpp"
#include "sgf/charset.hpp"
#include "sgf/context.hpp"
#include "sgf/write.hpp"
#include "tree/tree_rep.hpp"

namespace sgf::cli {

namespace {

struct fmt_options {
    rewrite_options write;
    write_options layout;
    load_options load;
    bool keep_header = false;  // --keep-header (SGFC -k)
    bool split = false;        // --split (SGFC -s): one file per game tree
};

// --keep-header: the text before the first game tree (E002, which check reports and fmt
// otherwise refuses), to be written back before it as it was. nullopt when the file has
// syntax errors besides it (or it has none and no header: "" then).
std::optional<std::string_view> header_of(const load_result& r, bool keep) {
    const auto trees = r.trees.trees();
    const bool only_header = keep && !trees.empty() && std::all_of(r.diagnostics.begin(), r.diagnostics.end(), [](const diagnostic& d) {
        return d.level != severity::error || d.id == rule::junk_before_tree;
    });
    if (r.ok()) return std::string_view();
    if (!only_header) return std::nullopt;
    const std::uint32_t open = detail::tree_access::rep(trees[0])->open;
    return (r.converted ? r.text() : r.bytes()).substr(0, open);
}

// Text of a file converted as a whole, in UTF-8, back into its charset. Text that decoded to
// valid UTF-8 came from characters of the charset, so it encodes back; bytes that were no
// character in it (W023, kept verbatim by the input stage) are written back as they were
// (encode_from_utf8's keep), and a piece holding them is decoded again to make sure that it
// reads as the same text (nullopt: it would not, and nothing is written).
std::optional<std::string> encode_back(std::string_view utf8, const std::string& charset) {
    auto encoded = encode_from_utf8(utf8, charset, invalid_policy::keep);
    if (encoded && !is_valid_utf8(utf8) && decode_to_utf8(*encoded, charset, invalid_policy::keep).utf8 != utf8)
        return std::nullopt;
    return encoded;
}

// Where to cut `pending` (at least `chunk` bytes of UTF-8 text) into a piece to encode: after
// its last ASCII byte, a character in every charset that reads ASCII as itself and no part
// of a kept invalid sequence; else before a lead byte; else all of it (not UTF-8 text).
std::size_t piece_end(std::string_view pending) {
    const auto ascii = std::find_if(pending.rbegin(), pending.rend(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (ascii != pending.rend()) return static_cast<std::size_t>(pending.rend() - ascii);
    std::size_t cut = pending.size();  // at a character: not before a continuation byte
    while (cut > 0 && (static_cast<unsigned char>(pending[cut - 1]) & 0xC0) == 0x80) --cut;
    if (cut > 0 && static_cast<unsigned char>(pending[cut - 1]) >= 0xC0) --cut;
    return cut > 0 ? cut : pending.size();
}

// Writes a converted file back in `charset` (its byte order mark first, when it had one).
// Returns exit_ok, or what deliver returns; `not_encoded` when a piece does not encode back.
struct not_encoded {};  // thrown out of deliver: the output is not committed
int write_back(const std::string& in, const load_result& r, std::string_view header, const std::string& charset,
               const fmt_options& o) {
    const std::string_view bytes = r.bytes();
    const auto bom = detect_bom(bytes);
    if (charset.starts_with("ISO-2022")) {  // stateful: one piece, no shift state cut
        const auto encoded = encode_back(std::string(header) + write(r.trees, o.layout), charset);
        if (!encoded) throw not_encoded{};
        return deliver(in, bytes, o.write, [&](const write_sink& sink) {
            if (bom) sink(bytes.substr(0, bom->length));
            sink(*encoded);
        });
    }
    // In pieces, as the writer makes them: the whole text again in UTF-8 and once more
    // encoded would cost 1.5 times a UTF-16 file (issue 14: at most 2.5x).
    return deliver(in, bytes, o.write, [&](const write_sink& sink) {
        if (bom) sink(bytes.substr(0, bom->length));
        std::string pending(header);  // (a header is no bigger than the file)
        auto encode = [&](std::size_t n) {
            const auto encoded = encode_back(std::string_view(pending).substr(0, n), charset);
            if (!encoded) throw not_encoded{};
            sink(*encoded);
            pending.erase(0, n);
        };
        constexpr std::size_t chunk = std::size_t{1} << 20;  // a 50 MB value is one piece
        write_to(r.trees, [&](std::string_view piece) {
            while (!piece.empty()) {
                const std::size_t take = std::min(piece.size(), chunk - pending.size());
                pending.append(piece.substr(0, take));
                piece.remove_prefix(take);
                if (pending.size() == chunk) encode(piece_end(pending));
            }
        }, o.layout);
        encode(pending.size());
    });
}

// --compress-points: the Go game trees of FF[1]-FF[3], whose point lists stay as they are
// (ff4_changes.txt: compressed point lists came with FF[4]), said once per file.
void say_uncompressed(const load_result& r, const std::string& shown) {
    std::size_t old = 0, first = 0;
    for (std::size_t k = 0; k < r.trees.size(); ++k) {
        const tree_context c = context_of(r.trees[k].front());
        if (c.gm == 1 && c.ff < 4 && old++ == 0) first = k;
    }
    if (old == 0) return;
    std::cerr << "sgfcheck: " << shown << ": " << (old == 1 ? "game tree " + std::to_string(first + 1) + " is" : std::to_string(old) + " game trees are")
              << " FF[1]-FF[3] (no FF[4]), which has no compressed point lists: "
              << (old == 1 ? "its" : "their") << " point lists are written as they are (sgfcheck fix makes FF[4])\n";
}

// --split: the names of the files of input `in`'s n game trees: STEM_001.sgf, STEM_002.sgf, ...
// (SGFC -s writes OUT_001.sgf ...; here the stem is the input's name without its extension, and
// the number has as many digits as n needs, three at least, so that the names sort in order),
// in -o DIR or beside the input.
std::vector<std::string> split_names(const std::string& in, std::size_t n, const fmt_options& o) {
    const std::filesystem::path file(in);
    const std::filesystem::path dir = o.write.how == write_mode::to_file ? std::filesystem::path(o.write.out) : file.parent_path();
    const std::size_t digits = std::max<std::size_t>(3, std::to_string(n).size());
    std::vector<std::string> names;
    for (std::size_t k = 1; k <= n; ++k) {
        const std::string number = std::to_string(k);
        names.push_back((dir / (file.stem().string() + '_' + std::string(digits - number.size(), '0') + number + ".sgf")).string());
    }
    return names;
}

// The bytes of the file of game tree k alone (the header before the first one), in the
// file's charset; a reason instead when that file would not read as the tree did (another
// charset: a later tree without a CA of its own, read in the first tree's).
std::variant<std::string, std::string> split_file(const load_result& r, std::size_t k, std::string_view header,
                                                  const fmt_options& o) {
    std::string text(k == 0 ? header : std::string_view());
    text += write(collection({r.trees.trees()[k]}), o.layout);
    const std::string_view bytes = r.bytes();
    const auto bom = detect_bom(bytes);
    if (r.converted) {
        const auto encoded = encode_back(text, bom ? std::string(bom->charset) : r.charset);
        if (!encoded) return std::variant<std::string, std::string>(std::in_place_index<1>, "its text cannot be written back in " + r.charset);
        text = *encoded;
    }
    if (bom) text.insert(0, bytes.substr(0, bom->length));  // each file as the collection began
    const load_result alone = load(file_bytes(text), o.load);
    const std::string was = k < r.tree_charsets.size() ? r.tree_charsets[k] : r.charset;
    const std::string now = alone.tree_charsets.empty() ? alone.charset : alone.tree_charsets[0];
    if (was != now)
        return std::variant<std::string, std::string>(std::in_place_index<1>, "alone it would be read in " + now + ", not in " + was +
                                                          " (its root has no CA of its own: sgfcheck fix writes one)");
    return std::variant<std::string, std::string>(std::in_place_index<0>, std::move(text));
}

// --split of one loaded input: every file made and checked first, then written, each new
// (never over an existing file: atomic_file::commit_new), then said on stderr. All or
// nothing: a write that fails part way (a full disk, a file made under one of the names
// meanwhile) removes the files of this input written before it. Returns its exit status.
int split_one(const std::string& in, const load_result& r, std::string_view header, const std::string& shown, const fmt_options& o) {
    const std::size_t n = r.trees.size();
    const std::vector<std::string> names = split_names(in, n, o);
    std::vector<std::string> files;
    for (std::size_t k = 0; k < n; ++k) {
        std::error_code ec;
        if (std::filesystem::exists(std::filesystem::symlink_status(names[k], ec))) {
            std::cerr << "sgfcheck: " << printable(names[k]) << " exists; fmt --split never replaces a file (remove it, or write to "
                      << "another -o DIR); nothing written for " << shown << '\n';
            return exit_usage;
        }
        auto made = split_file(r, k, header, o);
        if (made.index() == 1) {
            std::cerr << "sgfcheck: " << shown << ": game tree " << k + 1 << " of " << n << ": " << std::get<1>(made)
                      << "; nothing written\n";
            return exit_errors;
        }
        files.push_back(std::move(std::get<0>(made)));
    }
    const bool dry_run = o.write.how == write_mode::dry_run;
    for (std::size_t k = 0; !dry_run && k < n; ++k) {
        try {
            output out(names[k]);
            out.write(files[k]);
            out.commit_new();
        } catch (const std::system_error& e) {
            const int status = output_failed(e);
            std::size_t removed = 0;
            for (std::size_t w = 0; w < k; ++w) {
                std::error_code ec;
                removed += std::filesystem::remove(names[w], ec) ? 1 : 0;
            }
            std::cerr << "sgfcheck: nothing written for " << shown << " (game tree " << k + 1 << " of " << n << " failed";
            if (k > 0 && removed == k) std::cerr << "; the " << k << (k == 1 ? " file" : " files") << " written before it removed";
            else if (k > 0) std::cerr << "; only " << removed << " of the " << k << " files written before it could be removed";
            std::cerr << ")\n";
            return status;
        }
    }
    for (std::size_t k = 0; k < n; ++k) {
        std::cerr << "sgfcheck: " << (dry_run ? "would write " : "wrote ") << printable(names[k]) << " (game tree " << k + 1 << " of "
                  << n << " of " << shown << ", " << files[k].size() << " bytes)\n";
    }
    return exit_ok;
}

// Formats one input; returns its exit status.
int fmt_one(const std::string& in, const fmt_options& o) {
    if (const int refused = refuse_in_place(in, o.write); refused != exit_ok) return refused;
    const auto loaded = load_input(in, o.load, false);
    if (!loaded) return exit_usage;
    const load_result& r = loaded->r;
    const std::string& shown = loaded->shown;
    const std::string_view bytes = r.bytes();
    const auto header = header_of(r, o.keep_header);
    // The findings of the input; with --keep-header the text before the first game tree is
    // written back, not skipped as its E002 says: said as what fmt does with it instead.
    const bool kept = header && !header->empty();
    std::vector<diagnostic> found;
    for (const diagnostic& d : r.diagnostics)
        if (!kept || d.id != rule::junk_before_tree) found.push_back(d);
    print_all_loaded(std::cerr, r, found, shown, bytes);
    if (kept)
        std::cerr << "sgfcheck: " << shown << ": the " << header->size()
                  << " bytes before the first game tree are written back before it as they were (--keep-header; E002 for check)\n";
    if (!header) {
        std::cerr << "sgfcheck: " << shown << " has syntax errors; nothing written (sgfcheck fix repairs files"
                  << (r.trees.empty() || o.keep_header ? "" : "; text before the first game tree is kept with --keep-header")
                  << ")\n";
        return exit_errors;
    }
    if (o.layout.compress_points) say_uncompressed(r, shown);
    if (r.kept_as_text.known()) {  // (the text no longer tells those bytes from a character)
        std::cerr << "sgfcheck: " << shown << ":" << r.kept_as_text.line << ":" << r.kept_as_text.column
                  << ": bytes that are no character in " << r.charset << " (W023) read as UTF-8 text there; written back in "
                  << r.charset << " they would change: nothing written (sgfcheck fix writes the file in UTF-8 with these bytes as they are;"
                  << " if the charset is wrong, give it with --charset NAME)\n";
        return exit_errors;
    }
    if (o.split) return split_one(in, r, *header, shown, o);
    const bool dry_run = o.write.how == write_mode::dry_run;
    if (!r.converted) {  // (bytes that are no character of the charset are written as they are)
        if (dry_run) return print_diff(bytes, std::string(*header) + write(r.trees, o.layout), shown);
        return deliver(in, bytes, o.write, [&](const write_sink& sink) {
            sink(*header);
            write_to(r.trees, sink, o.layout);
        });
    }
    const auto bom = detect_bom(bytes);
    const std::string charset = bom ? std::string(bom->charset) : r.charset;
    if (!is_valid_utf8(r.text()))
        std::cerr << "sgfcheck: " << shown << ": the bytes that are no character in " << charset
                  << " (W023 above) are written back as they were\n";
    auto cannot = [&] {
        std::cerr << "sgfcheck: " << shown << ": the text cannot be written back in " << charset
                  << " (kept bytes that would read as other text); nothing written\n";
        return exit_errors;
    };
    if (dry_run) {  // the diff of the texts (a UTF-16 file's bytes would be no lines), when the run would write
        const std::string after = std::string(*header) + write(r.trees, o.layout);
        if (!encode_back(after, charset)) return cannot();
        return print_diff(r.text(), after, shown);
    }
    try {
        return write_back(in, r, *header, charset, o);
    } catch (const not_encoded&) {
        return cannot();
    }
}

}  // namespace

int run_fmt(const std::vector<std::string>& args) {
    fmt_options o;
    std::vector<std::string> inputs;
    rewrite_parser where;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (auto cs = option_value(args, i, "--charset")) o.load.charset = *cs;
        else if (auto w = option_value(args, i, "--width")) o.layout.width = static_cast<std::size_t>(number_option("--width", *w));
        else if (args[i] == "--pass-tt") o.layout.pass_as_tt = true;
        else if (args[i] == "--expand-points") o.layout.expand_points = true;
        else if (args[i] == "--compress-points") o.layout.compress_points = true;
        else if (args[i] == "--keep-header") o.keep_header = true;
        else if (args[i] == "--split") o.split = true;
        else if (args[i] == "--") {  // the end of the options: what follows are files
            inputs.insert(inputs.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
            break;
        } else if (where.argument(args, i)) continue;
        else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else inputs.push_back(args[i]);
    }
    if (o.layout.expand_points && o.layout.compress_points)
        throw usage_error{"--expand-points and --compress-points exclude each other"};
    const std::vector<std::string> files = where.finish("fmt", inputs, o.write, o.split);
    if (o.split) {  // new files, named after each input: never over it, never to stdout
        if (o.write.how == write_mode::in_place)
            throw usage_error{"--split writes new files (beside each input, or in -o DIR) and never replaces one: drop --in-place"};
        std::error_code ec;
        if (o.write.how == write_mode::to_file && !std::filesystem::is_directory(o.write.out, ec))
            throw usage_error{"--split writes one file per game tree: -o must name a directory (" + o.write.out + " is none)"};
        if (std::find(files.begin(), files.end(), "-") != files.end())
            throw usage_error{"--split names its files after the input: it needs a file, not standard input"};
    }
    int status = exit_ok;
    for (const std::string& f : files) status = std::max(status, fmt_one(f, o));
    return status;
}

}  // namespace sgf::cli
