// sgfcheck fix [-o OUT | --in-place [--backup[=SUFFIX]] | --dry-run] [--charset NAME]
// [--delete ID,...] [--delete-unknown] [--delete-obsolete] [--delete-empty-nodes] [--variation-level] FILE|DIR|-...
// Clean FF[4] (include/sgf/fix.hpp) to stdout, to OUT, over each FILE (atomically), or as a
// unified diff. Each output is checked as `sgfcheck` would check it: the errors fix leaves
// are printed and make the exit status 1, so that fix and check always agree; a file that
// passed the check and would not after fix is left alone (a bug in fix: reported). The
// check and that guard are the application layer's (sgf/app/fix.hpp), which the Python
// module and the WebAssembly build use too.
#include <algorithm>
#include <iostream>

#include "loaded.hpp"
#include "rewrite.hpp"
#include "sgf/app/fix.hpp"
#include "sgf/fix.hpp"
#include "sgf/write.hpp"
#include "terminal.hpp"

namespace sgf::cli {

namespace {

struct fix_run {
    rewrite_options write;
    load_options load;
    fix_options asked;  // what to delete or move (--delete ID, --delete-unknown, --delete-obsolete, --delete-empty-nodes, --variation-level)
};

// --delete's value: FF[4] identifiers (upper-case letters), comma-separated. FF and CA are
// what fix writes in every root: deleting them would be undone by the next fix.
void delete_option(const std::string& v, fix_options& asked) {
    std::size_t at = 0;
    while (at <= v.size()) {
        const std::size_t comma = std::min(v.find(',', at), v.size());
        const std::string id = v.substr(at, comma - at);
        if (id.empty() || !std::all_of(id.begin(), id.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; }))
            throw usage_error{"--delete: '" + id + "' is no property identifier (upper-case letters, e.g. --delete VW)"};
        if (id == "FF" || id == "CA")
            throw usage_error{"--delete: fix writes " + id + " in every root (FF[4], CA[UTF-8]); it cannot be deleted"};
        asked.delete_properties.push_back(id);
        at = comma + 1;
    }
}

// One of fix's own options at args[i] (its value taken too); false when it is none.
bool fix_argument(const std::vector<std::string>& args, std::size_t& i, fix_run& o) {
    if (auto cs = option_value(args, i, "--charset")) o.load.charset = *cs;
    else if (auto d = option_value(args, i, "--delete")) delete_option(*d, o.asked);
    else if (args[i] == "--delete-unknown") o.asked.delete_unknown = true;
    else if (args[i] == "--delete-obsolete") o.asked.delete_obsolete = true;
    else if (args[i] == "--delete-empty-nodes") o.asked.delete_empty_nodes = true;
    else if (args[i] == "--variation-level") o.asked.variation_level = true;
    else return false;
    return true;
}

// What remains in fix's output, as `sgfcheck` would report it on the written file: the
// errors the checker finds (at the input's positions, said as left by fix), and any finding
// fix made (a bug: no input finding of its number). Fix's own errors were printed with its
// other findings; warnings and infos that remain are counted in the summary.
void print_remaining(const load_result& r, const app::checked_fix& g, const std::string& shown) {
    for (const auto& d : g.left) print_loaded(std::cerr, r, d, shown, r.bytes(), output_format::text);
    for (const auto& d : g.remains.made) {
        if (d.level != severity::error) continue;
        std::cerr << printable(shown) << " (fixed): error[" << d.code << "]: " << d.message << '\n';
        if (!d.hint.empty()) std::cerr << "   = " << d.hint << '\n';
        std::cerr << (g.made_by_deletions ? "   = made by the deletions asked (the input has no such finding; fix without them makes none)\n"
                                          : "   = made by fix (the input has no such finding): a bug in fix; please report it with the file\n");
    }
}

// Fixes one input; returns its exit status. The output is streamed (a 200 MB value is not
// copied again), and the input is replaced only when the output differs from it.
int fix_one(const std::string& in, const fix_run& o, fix_tally& tally) {
    if (const int refused = refuse_in_place(in, o.write); refused != exit_ok) return refused;
    const auto loaded = load_input(in, o.load, false);
    if (!loaded) return exit_usage;
    const load_result& r = loaded->r;
    const std::string& shown = loaded->shown;
    const std::string_view bytes = r.bytes();
    const app::checked_fix g = app::fix_checked(r, o.load, o.asked);
    const fix_result& f = g.fixed;

    print_all_loaded(std::cerr, r, g.said, shown, bytes);
    if (f.trees.empty()) {
        std::cerr << "sgfcheck: " << shown << " holds no game tree; nothing written\n";
        ++tally.not_written;
        return exit_errors;
    }

    print_remaining(r, g, shown);
    const std::size_t errors = g.errors;
    if (errors > 0) {
        if (g.breaks_clean_file && g.made_by_deletions) {
            std::cerr << "sgfcheck: " << shown << " passes the check, but the deletions asked would make fix's output "
                      << "fail it (the errors above): left unchanged; ask for fewer deletions\n";
            ++tally.not_written;
            return exit_errors;
        }
        if (g.breaks_clean_file) {
            std::cerr << "sgfcheck: " << shown << " passes the check, but fix's output would not: left unchanged "
                      << "(a bug in fix; please report it with the file)\n";
            ++tally.not_written;
            return exit_errors;
        }
        std::cerr << "sgfcheck: " << shown << ": " << errors << (errors == 1 ? " error" : " errors")
                  << " that fix cannot repair " << (errors == 1 ? "remains" : "remain")
                  << (o.write.how == write_mode::dry_run ? "" : " in its output") << '\n';
    }
    const int status = errors > 0 ? exit_errors : exit_ok;

    // fix kept every game tree (the same trees) and said no I304: fix's check of the layout
    // (note_layout) wrote them and found the input's bytes, so they are the output as they are
    // (a fixed file fixed again), not written a second time
    const bool as_read = !r.converted && f.trees.identity() == r.trees.identity() &&
                         std::none_of(f.diagnostics.begin(), f.diagnostics.end(),
                                      [](const diagnostic& d) { return d.id == rule::canonical_written; });
    bool differs = false;
    int written = exit_ok;
    if (o.write.how == write_mode::dry_run) {
        const std::string_view before = r.converted ? r.text() : bytes;
        const std::string after = as_read ? std::string(bytes) : write(f.trees);
        differs = after != before;
        written = print_diff(before, after, shown);
    } else {
        written = deliver(in, bytes, o.write,
                          [&](const write_sink& sink) {
                              if (as_read) sink(bytes);
                              else write_to(f.trees, sink);
                          },
                          &differs);
    }
    if (written != exit_ok) {
        ++tally.not_written;
        return written;
    }
    tally.add(g.said, g.remains, differs, g.made_by_deletions);
    return status;
}

// The closing summary (stderr): files, changes per code, what remains per code (left as it
// was, or said by fix), and what fix made (a bug).
void print_summary(const fix_tally& t) {
    auto codes = [](const std::map<std::string, std::uint64_t, std::less<>>& m) {
        std::string s;
        for (const auto& [code, n] : m) {
            if (!s.empty()) s += ", ";
            s += code;
            s += ' ';
            s += grouped(n);
        }
        return s;
    };
    std::uint64_t total = 0;
    for (const auto& entry : t.changes) total += entry.second;
    std::cerr << "fixed " << grouped(t.files) << (t.files == 1 ? " file: " : " files: ") << grouped(t.changed) << " changed, "
              << grouped(t.files - t.changed) << " unchanged";
    if (t.not_written > 0) std::cerr << "; " << grouped(t.not_written) << " not written";
    std::cerr << '\n';
    if (total > 0) std::cerr << "  changes: " << grouped(total) << " (" << codes(t.changes) << ")\n";
    if (!t.left.empty())
        std::cerr << "  left in " << grouped(t.files_with_left) << (t.files_with_left == 1 ? " file: " : " files: ") << codes(t.left)
                  << '\n';
    if (!t.made_by_deletions.empty()) std::cerr << "  made by the deletions asked: " << codes(t.made_by_deletions) << '\n';
    if (!t.made.empty()) std::cerr << "  made by fix (a bug in fix): " << codes(t.made) << '\n';
}

}  // namespace

int run_fix(const std::vector<std::string>& args) {
    fix_run o;
    o.load.lenient = true;  // fix repairs what it can read: recoveries are not errors here
    std::vector<std::string> inputs;
    rewrite_parser where;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (fix_argument(args, i, o)) continue;
        else if (args[i] == "--") {  // the end of the options: what follows are files
            inputs.insert(inputs.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
            break;
        } else if (where.argument(args, i)) continue;
        else if (args[i].size() > 1 && args[i][0] == '-') throw usage_error{"unknown option " + args[i]};
        else inputs.push_back(args[i]);
    }
    const std::vector<std::string> files = where.finish("fix", inputs, o.write);
    int status = exit_ok;
    fix_tally tally;
    for (const std::string& f : files) status = std::max(status, fix_one(f, o, tally));
    // A run over several files always ends with its summary; one file, when it changed.
    if (files.size() > 1 || tally.changed > 0) print_summary(tally);
    return status;
}

}  // namespace sgf::cli
