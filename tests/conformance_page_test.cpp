// The conformance page (matrix.html) in a real browser: headless Chromium (Debian
// `chromium`, installed by .ci/setup) opens the page with a filter in its URL, the page's
// script applies it, and the rows left visible in the DOM are checked. Also the links each
// case row carries and the run's version, commit and date.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "tests/program_util.hpp"
#include "tests/shared_dir.hpp"

namespace fs = std::filesystem;
using sgf_test::run;
using sgf_test::slurp;
using sgf_test::temp_dir;

namespace {

// The browser, or "" when none is installed.
std::string chromium() {
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
        const std::string cmd = std::string("command -v ") + name + " >/dev/null 2>&1";
        if (std::system(cmd.c_str()) == 0) return name;
    }
    return "";
}

// The DOM after the page's script ran, for `url`.
std::string dump_dom(const std::string& browser, const fs::path& profile, const std::string& url) {
    static int n = 0;
    const fs::path out = profile.parent_path() / ("dom" + std::to_string(n++) + ".html");
    const std::string cmd = "timeout 120 " + browser +
                            " --headless --no-sandbox --disable-gpu --disable-background-networking"
                            " --disable-component-update --disable-sync --no-first-run --user-data-dir='" +
                            profile.string() + "' --virtual-time-budget=5000 --dump-dom '" + url + "' > '" + out.string() +
                            "' 2>/dev/null";
    CHECK(std::system(cmd.c_str()) == 0);
    return slurp(out);
}

// The case rows the DOM shows (no `hidden` attribute).
std::set<std::string> visible_rows(const std::string& dom) {
    std::set<std::string> out;
    static const std::regex row(R"re(<tr class="case" id="case-([a-z0-9_]+)"([^>]*)>)re");
    for (auto it = std::sregex_iterator(dom.begin(), dom.end(), row); it != std::sregex_iterator(); ++it)
        if ((*it)[2].str().find("hidden") == std::string::npos) out.insert((*it)[1].str());
    return out;
}

}  // namespace

TEST_CASE("conformance page: filters by implementation area outcome and search in headless Chromium") {
    const std::string browser = chromium();
    if (browser.empty()) {
        (void)sgf_test::skip_test("needs a headless browser (Debian package chromium; .ci/setup installs it)");
        return;
    }
    temp_dir d;
    d.file("conformance/cases/y_value_plain.sgf", "(;C[plain text])");
    d.file("conformance/cases/y_value_plain.expect", "\n");
    d.file("conformance/cases/y_escape_bracket.sgf", "(;C[a\\]b])");
    d.file("conformance/cases/y_escape_bracket.expect", "\n");
    d.file("conformance/cases/n_value_unclosed.sgf", "(;C[abc");
    d.file("conformance/cases/n_value_unclosed.expect", "E008 1:4\nE004 1:8\n");
    d.file("conformance/cases/n_gametree_empty.sgf", "()");
    d.file("conformance/cases/n_gametree_empty.expect", "E019 1:1\nE001 1:3\n");
    d.file("conformance/SOURCES.md",
           "# Sources\n\n| case | source | sentence | remark |\n|---|---|---|---|\n"
           "| <a id=\"n_value_unclosed\"></a>`n_value_unclosed` | spec/000_* | PropValue = \"[\" CValueType \"]\" | unclosed |\n");
    d.file("docs/diagnostics.md", "# Diagnostics\n");
    // accepts everything (LAX on the n_ cases); rejects everything (STRICT on the y_ cases)
    d.script("conformance/adapters/lenient", "exit 0");
    d.script("conformance/adapters/picky", "echo 'picky: no' >&2; exit 1");
    const fs::path out = d.path / "conformance" / "results";
    const auto r = run("conformance --cases " + (d.path / "conformance" / "cases").string() + " --out " + out.string() +
                       " --jobs 2");
    REQUIRE(r.status == 0);
    const std::string page = slurp(out / "matrix.html");
    // links: bytes, .expect, the sentence's anchor in SOURCES.md, each expected code's doc
    CHECK(page.find("<a href=\"../cases/n_value_unclosed.sgf\">bytes</a>") != std::string::npos);
    CHECK(page.find("<a href=\"../cases/n_value_unclosed.expect\">.expect</a>") != std::string::npos);
    CHECK(page.find("<a href=\"../SOURCES.md#n_value_unclosed\">spec sentence</a>") != std::string::npos);
    CHECK(page.find("<a class=code href=\"../../docs/diagnostics.md#e008\">E008</a> 1:4") != std::string::npos);
    CHECK(page.find("PropValue = &quot;[&quot; CValueType &quot;]&quot;") != std::string::npos);
    CHECK(page.find("<div class=detail>rejected, ") != std::string::npos);  // detail without hovering
    CHECK(page.find("picky: no</div>") != std::string::npos);
    CHECK(page.find("<span id=version>") != std::string::npos);
    CHECK(std::regex_search(page, std::regex("<span id=date>20[0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9:]+ UTC</span>")));
    CHECK(page.find("<span id=commit>unknown (not a git checkout)</span>") != std::string::npos);

    const fs::path profile = d.path / "browser-profile";
    const std::string url = "file://" + (out / "matrix.html").string();
    const std::set<std::string> all = {"y_value_plain", "y_escape_bracket", "n_value_unclosed", "n_gametree_empty"};
    // no filter: every row
    const std::string plain = dump_dom(browser, profile, url);
    REQUIRE(plain.find("<tr class=\"case\"") != std::string::npos);  // the browser ran and dumped the page
    CHECK(visible_rows(plain) == all);
    // one implementation, one outcome: the n_ cases the lenient reader accepted
    const std::string lax = dump_dom(browser, profile, url + "#impl=lenient&outcome=lax");
    CHECK(visible_rows(lax) == std::set<std::string>{"n_value_unclosed", "n_gametree_empty"});
    CHECK(lax.find("<span id=\"shown\">2</span>") != std::string::npos);
    // the other implementations' columns are hidden
    CHECK(lax.find("<th data-impl=\"picky\" class=\"off\">") != std::string::npos);
    // STRICT rejections of the picky reader in one area
    CHECK(visible_rows(dump_dom(browser, profile, url + "#impl=picky&outcome=strict&area=escape")) ==
          std::set<std::string>{"y_escape_bracket"});
    // ours agrees everywhere: no row where ours is LAX
    CHECK(visible_rows(dump_dom(browser, profile, url + "#impl=ours&outcome=lax")).empty());
    // search: the case bytes and the sentence are searched
    CHECK(visible_rows(dump_dom(browser, profile, url + "#q=plain%20text")) == std::set<std::string>{"y_value_plain"});
    CHECK(visible_rows(dump_dom(browser, profile, url + "#q=CValueType")) == std::set<std::string>{"n_value_unclosed"});
}
