// The run of `sgfcheck diff`: cases from the families in turn, each to sgfcheck and to the
// implementation (in batch mode when its adapter has one); timeouts rechecked alone;
// one case per kind minimised; kinds clustered by the minimised case's difference. The
// report is rewritten as the run goes (each file replaced atomically), so a run stopped at
// any point leaves a valid report of what it did.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <unistd.h>

#include "sgf/write.hpp"
#include "tools/conformance/conformance.hpp"
#include "tools/diff/ddmin.hpp"
#include "tools/diff/diff.hpp"

namespace sgf::tools::diff {

namespace {

namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;

std::chrono::milliseconds ms(double seconds) { return std::chrono::milliseconds(static_cast<long long>(seconds * 1000)); }

// f(i, client) for i in [0, n) on `jobs` threads, each with its own client of the adapter
// (its own batch process); stops taking work once stop() says so.
template <class F, class Stop>
void for_each_with_client(std::size_t n, unsigned jobs, const fs::path& adapter, double timeout, bool batch, Stop stop, F f) {
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        conformance::adapter_client client(adapter, ms(timeout), batch);
        for (std::size_t i = next++; i < n && !stop(); i = next++) f(i, client);
    };
    std::vector<std::thread> ts;
    for (unsigned k = 1; k < jobs && k < n; ++k) ts.emplace_back(work);
    work();
    for (auto& t : ts) t.join();
}

// What a minimised case must keep besides the outcome: our own verdict.
bool ours_fits(const finding& f, const our_verdict& ours) {
    switch (f.found.what) {
        case kind::lax_accept: return !ours.accepted && ours.errors == f.ours.errors;
        case kind::strict_reject:
        case kind::tree_differs:
        case kind::tree_invalid: return ours.accepted;
        default: return ours.accepted == f.ours.accepted;
    }
}

struct case_result {
    bool done = false;
    std::string family;
    generated_file file;
    our_verdict ours;
    their_verdict theirs;
    outcome found;
};

// The progress line of the minimisation (stderr): rewritten in place on a terminal,
// a line every 10 s elsewhere.
class progress {
public:
    explicit progress(std::size_t total) : total_(total), tty_(::isatty(2) != 0) {}
    void started(std::size_t index, const std::string& what) {
        std::lock_guard lock(mu_);
        current_ = what;
        index_ = index;
        print(true);
    }
    void tick(std::size_t runs, std::size_t bytes) {
        std::lock_guard lock(mu_);
        runs_ = runs;
        bytes_ = bytes;
        print(false);
    }
    void done() {
        std::lock_guard lock(mu_);
        if (tty_ && printed_) std::cerr << "\n";
    }

private:
    void print(bool force) {
        const auto now = clock_type::now();
        if (!force && now - last_ < (tty_ ? std::chrono::milliseconds(500) : std::chrono::seconds(10))) return;
        last_ = now;
        printed_ = true;
        const auto s = std::chrono::duration_cast<std::chrono::seconds>(now - start_).count();
        std::cerr << (tty_ ? "\r\x1b[K" : "") << "sgfcheck diff: minimising " << index_ + 1 << "/" << total_ << " ("
                  << current_ << "): " << runs_ << " runs, " << bytes_ << " bytes, " << s << " s" << (tty_ ? "" : "\n")
                  << std::flush;
    }
    std::mutex mu_;
    std::size_t total_, index_ = 0, runs_ = 0, bytes_ = 0;
    bool tty_, printed_ = false;
    std::string current_;
    clock_type::time_point start_ = clock_type::now(), last_{};
};

class diff_run {
public:
    explicit diff_run(const diff_options& o) : o_(o), start_(clock_type::now()), deadline_(start_ + ms(o.time_budget)) {
        for (const auto& f : o.families) families_.push_back(f);
        if (families_.empty())
            for (const auto& f : all_families()) families_.emplace_back(f.name);
        res_.run.impl = o.impl;
        res_.run.seed = o.gen.seed;
        res_.run.planned = o.count;
        res_.run.command_line = o.command_line;
        res_.run.gen_flags = o.gen_flags;
        res_.run.families = families_;
    }

    diff_result go() {
        fs::create_directories(o_.out / "work");
        fs::create_directories(o_.out / "cases");
        res_.run.status = "the run has just started";
        write();
        run_cases();
        if (!res_.unavailable.empty()) return std::move(res_);
        collect();
        recheck_timeouts();
        res_.run.status = "minimising: the minimal cases found so far are shown";
        write();
        minimise();
        cluster();
        res_.run.status = conformance::stop_requested() ? status_ + "; stopped by a signal" : status_;
        res_.stopped = conformance::stop_requested();
        write();
        fs::remove_all(o_.out / "work");
        return std::move(res_);
    }

private:
    bool stop() const { return conformance::stop_requested(); }
    bool over_budget(double share) const { return clock_type::now() - start_ >= ms(o_.time_budget * share); }

    // ---------------------------------------------------------------- the cases
    void run_cases() {
        cases_.resize(static_cast<std::size_t>(o_.count));
        std::mutex mu;
        auto last_write = clock_type::now();
        // The cases may take half the budget; the rest is for the minimisation.
        std::atomic<bool> unavailable{false};  // res_.unavailable is written under mu; the workers read this
        auto stop_cases = [&] { return stop() || over_budget(0.5) || unavailable.load(); };
        batch_ = conformance::supports_batch(o_.adapter, ms(o_.timeout));
        for_each_with_client(cases_.size(), o_.jobs, o_.adapter, o_.timeout, batch_, stop_cases,
                             [&](std::size_t i, conformance::adapter_client& client) {
            case_result r;
            r.family = families_[i % families_.size()];
            r.file = make_case(r.family, o_.gen, o_.gen.seed + i);
            const fs::path file = o_.out / "work" / ("case-" + std::to_string(o_.gen.seed + i) + ".sgf");
            write_file_atomically(file, r.file.bytes);
            r.ours = run_ours(r.file.bytes, o_.parse_only);
            conformance::adapter_run a = client.run(file);
            fs::remove(file);
            if (stop()) return;  // cut short: no verdict
            r.theirs = verdict_of(std::move(a));
            std::lock_guard lock(mu);
            if (r.theirs.result == their_result::unavailable) {
                res_.unavailable = r.theirs.detail.empty() ? "unavailable" : r.theirs.detail;
                unavailable = true;
                return;
            }
            r.found = classify(r.ours, r.theirs, o_.tree);
            r.done = true;
            cases_[i] = std::move(r);
            if (clock_type::now() - last_write > std::chrono::seconds(5)) {
                collect();
                res_.run.status = "still generating cases";
                write();
                last_write = clock_type::now();
            }
        });
        std::size_t done = 0;
        for (const auto& c : cases_) done += c.done ? 1 : 0;
        if (done < cases_.size())
            status_ = "the cases stopped after " + std::to_string(done) + " of " + std::to_string(cases_.size()) +
                      (stop() ? " (a signal)" : " (half of --time-budget spent)");
    }

    // The findings of the cases done so far, each with its kind.
    void collect() {
        run_info& run = res_.run;
        run.count = run.valid = run.invalid = run.agree = 0;
        std::set<std::string_view> features;
        std::vector<finding> found;
        for (auto& r : cases_) {
            if (!r.done) continue;
            ++run.count;
            (r.file.valid ? run.valid : run.invalid) += 1;
            features.insert(r.file.features.begin(), r.file.features.end());
            if (r.found.what == kind::agree) {
                ++run.agree;
                continue;
            }
            finding f;
            f.seed = r.file.seed;
            f.family = r.family;
            f.name = r.family + "-" + r.file.name();
            f.valid = r.file.valid;
            f.applied = r.file.applied;
            f.found = r.found;
            f.ours = r.ours;
            f.theirs = r.theirs;
            f.bytes = r.file.bytes;
            f.checker_level = f.found.what == kind::lax_accept && !o_.parse_only && run_ours(f.bytes, true).accepted;
            found.push_back(std::move(f));
        }
        // A tree difference is grouped by its rarest class: one that many files show (CRs
        // dropped) would otherwise hide the rarer ones behind it.
        std::map<std::string, std::size_t> class_count;
        for (const auto& f : found)
            for (const auto& c : f.found.differences) ++class_count[c];
        for (auto& f : found)
            for (const auto& c : f.found.differences)
                if (class_count[c] < class_count[f.found.signature]) f.found.signature = c;
        run.features.clear();
        for (const auto feature : all_features())
            if (features.count(feature)) run.features.emplace_back(feature);
        res_.findings = std::move(found);
    }

    // A timeout among other cases is run again alone: one that does not come back was the
    // machine's load, not the implementation (flaky: listed, never a disagreement).
    void recheck_timeouts() {
        std::vector<std::size_t> timeouts;
        for (std::size_t i = 0; i < res_.findings.size(); ++i)
            if (res_.findings[i].found.what == kind::timeout) timeouts.push_back(i);
        if (timeouts.empty() || stop()) return;
        std::vector<char> flaky(res_.findings.size(), 0);
        conformance::adapter_client alone(o_.adapter, ms(o_.timeout), false);
        for (const std::size_t i : timeouts) {
            if (stop()) break;
            finding& f = res_.findings[i];
            const fs::path file = o_.out / "work" / ("alone-" + std::to_string(f.seed) + ".sgf");
            write_file_atomically(file, f.bytes);
            const conformance::adapter_run again = alone.run_alone(file);
            fs::remove(file);
            if (again.timed_out || stop()) continue;
            flaky[i] = 1;
            char t[32];
            std::snprintf(t, sizeof t, "%.2f", again.seconds);
            res_.run.flaky.push_back("seed " + std::to_string(f.seed) + " (" + f.family + "): alone " +
                                     std::string(conformance::to_string(again.result)) + " in " + t + " s");
        }
        std::vector<finding> kept;
        for (std::size_t i = 0; i < res_.findings.size(); ++i)
            if (!flaky[i]) kept.push_back(std::move(res_.findings[i]));
        res_.findings = std::move(kept);
    }

    // ------------------------------------------------------------- minimisation
    // The smallest case of each kind (the most frequent kinds first), while the budget lasts.
    void minimise() {
        std::map<std::string, std::vector<std::size_t>> by_key;
        for (std::size_t i = 0; i < res_.findings.size(); ++i) by_key[res_.findings[i].found.key()].push_back(i);
        std::vector<std::pair<std::string, std::vector<std::size_t>>> groups(by_key.begin(), by_key.end());
        std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
        std::vector<std::size_t> chosen;
        for (auto& [key, idx] : groups) {
            std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
                return res_.findings[a].bytes.size() < res_.findings[b].bytes.size();
            });
            for (std::size_t k = 0; k < idx.size() && k < o_.minimize; ++k) chosen.push_back(idx[k]);
        }
        if (chosen.empty()) return;
        std::cerr << "sgfcheck diff: " << res_.findings.size() << " disagreements in " << groups.size() << " kinds; minimising "
                  << chosen.size() << "\n";
        progress bar(chosen.size());
        std::mutex mu;
        bool budget_said = false;
        std::atomic<std::size_t> next{0};
        auto work = [&] {
            for (std::size_t c = next++; c < chosen.size() && !stop(); c = next++) {
                finding f;
                {
                    std::lock_guard lock(mu);
                    f = res_.findings[chosen[c]];
                }
                if (clock_type::now() >= deadline_) {
                    // Every worker gets here: the status is said once, under the lock (two
                    // workers appending at once corrupted the heap: the matrix ctest's abort).
                    std::lock_guard lock(mu);
                    if (!budget_said) status_ += std::string(status_.empty() ? "" : "; ") + "--time-budget spent before every kind was minimised";
                    budget_said = true;
                    break;
                }
                bar.started(c, f.found.key());
                minimise_one(f, bar);
                std::lock_guard lock(mu);
                res_.findings[chosen[c]] = std::move(f);
                cluster();
                write();
            }
        };
        std::vector<std::thread> ts;
        for (unsigned k = 1; k < o_.jobs && k < chosen.size(); ++k) ts.emplace_back(work);
        work();
        for (auto& t : ts) t.join();
        bar.done();
    }

    void minimise_one(finding& f, progress& bar) {
        const fs::path file = o_.out / "work" / ("min-" + std::to_string(f.seed) + ".sgf");
        // a hang is a hang well before the full timeout: keep minimising it cheap
        const double t = f.found.what == kind::timeout ? std::max(1.0, o_.timeout / 4) : o_.timeout;
        conformance::adapter_client client(o_.adapter, ms(t), batch_);
        ddmin_stats st;
        std::size_t runs = 0;
        // Our verdict filters candidates in-process; only those that pass cost a run of the
        // implementation, and --max-tests counts those runs.
        auto still = [&](const std::string& candidate) {
            if (stop() || clock_type::now() >= deadline_) {
                st.exhausted = true;
                return false;
            }
            const our_verdict ours = run_ours(candidate, o_.parse_only);
            if (!ours_fits(f, ours)) return false;
            if (runs >= o_.max_tests) {
                st.exhausted = true;
                return false;
            }
            ++runs;
            bar.tick(runs, candidate.size());
            write_file_atomically(file, candidate);
            const their_verdict theirs = verdict_of(client.run(file));
            return keeps(f.found, classify(ours, theirs, o_.tree));
        };
        f.minimal = minimize(f.bytes, still, st);
        f.tests = runs;
        f.budget_spent = st.exhausted;
        f.minimised = true;
        write_file_atomically(file, f.minimal);
        f.minimal_ours = run_ours(f.minimal, o_.parse_only);
        f.minimal_theirs = verdict_of(conformance::run_adapter(o_.adapter, file, ms(o_.timeout)));
        f.minimal_found = classify(f.minimal_ours, f.minimal_theirs, o_.tree);
        if (f.found.what == kind::tree_differs || f.found.what == kind::tree_invalid) {
            f.tree_ours = f.minimal_ours.tree;
            f.tree_theirs = f.minimal_theirs.tree;
            while (!f.tree_theirs.empty() && (f.tree_theirs.back() == '\n' || f.tree_theirs.back() == '\r'))
                f.tree_theirs.pop_back();
        }
        fs::remove(file);
    }

    // One cause, one kind: every finding is reported under the difference its group's
    // minimised case shows (when the minimal case still shows its group's difference), so
    // groups whose first differences differed but whose minimal cases agree are one kind.
    void cluster() {
        std::map<std::string, const finding*> rep;
        for (const auto& f : res_.findings)
            if (f.minimised && keeps(f.found, f.minimal_found)) rep.emplace(f.found.key(), &f);
        std::set<std::string> kinds;
        for (auto& f : res_.findings) {
            const auto it = rep.find(f.found.key());
            if (it == rep.end()) {
                f.cluster = f.found.key();
            } else {
                const outcome& m = it->second->minimal_found;
                f.cluster = m.what == kind::tree_differs && !m.differences.empty()
                                ? std::string(to_string(m.what)) + " " + m.differences.front()
                                : m.key();
                f.checker_level = it->second->checker_level;
            }
            kinds.insert(f.cluster);
        }
        res_.kinds = kinds.size();
    }

    void write() {
        res_.run.seconds = std::chrono::duration<double>(clock_type::now() - start_).count();
        write_report(o_.out, res_.run, res_.findings);
        // the cases: the minimal one of each kind and up to 20 originals per kind
        std::map<std::string, std::size_t> kept;
        for (const auto& f : res_.findings) {
            if (kept[f.cluster]++ < 20) write_file_atomically(o_.out / "cases" / (f.name + ".sgf"), f.bytes);
            if (f.minimised) write_file_atomically(o_.out / "cases" / (f.name + ".min.sgf"), f.minimal);
        }
    }

    const diff_options& o_;
    clock_type::time_point start_, deadline_;
    std::vector<std::string> families_;
    std::vector<case_result> cases_;
    diff_result res_;
    std::string status_;
    bool batch_ = false;  // the adapter has a batch mode
};

}  // namespace

diff_result run(const diff_options& o) { return diff_run(o).go(); }

}  // namespace sgf::tools::diff
