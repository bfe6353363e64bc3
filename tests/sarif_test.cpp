// sgfcheck --format=sarif against the structure SARIF 2.1.0 requires (OASIS sarif-v2.1.0:
// 3.13 sarifLog, 3.14 run, 3.18 tool, 3.19 toolComponent, 3.27 result, 3.28 location,
// 3.29 physicalLocation, 3.30 region, 3.49 reportingDescriptor, 3.20 invocation), written
// from the specification: no schema validator is needed (or reachable) here. Also what
// GitHub code scanning reads: rules with ids, every result's ruleId among them, a
// location with an artifact URI and a region.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <string>

#include "sgf/app/codes.hpp"
#include "tests/program_util.hpp"
#include "tools/json_value.hpp"

using sgf::tools::json_value;
using kind = sgf::tools::json_value::kind;
using sgf_test::run_both;
using sgf_test::temp_dir;

namespace {

const json_value& member(const json_value& o, const char* key) {
    REQUIRE_MESSAGE(o.is(kind::object), "not an object where '" << key << "' is required");
    const json_value* v = o.get(key);
    REQUIRE_MESSAGE(v != nullptr, "required property '" << key << "' is missing");
    return *v;
}

bool is_integer(const json_value& v, double min) {
    return v.is(kind::number) && v.number >= min && v.text.find_first_of(".eE") == std::string::npos;
}

bool is_level(const json_value& v) {
    return v.is(kind::string) && (v.text == "none" || v.text == "note" || v.text == "warning" || v.text == "error");
}

// 3.11 multiformatMessageString / 3.11 message: an object with "text".
void check_message(const json_value& m) {
    REQUIRE(m.is(kind::object));
    CHECK((m.get("text") != nullptr || m.get("id") != nullptr));
    if (const auto* t = m.get("text")) CHECK(t->is(kind::string));
}

// RFC 3986 URI reference: no spaces or characters that must be escaped.
bool is_uri_reference(const std::string& s) {
    static const std::regex ok(R"([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*)");
    return std::regex_match(s, ok);
}
bool is_absolute_uri(const std::string& s) {
    static const std::regex scheme(R"([A-Za-z][A-Za-z0-9+.\-]*:.*)");
    return is_uri_reference(s) && std::regex_match(s, scheme);
}

void check_region(const json_value& r) {
    REQUIRE(r.is(kind::object));
    CHECK(is_integer(member(r, "startLine"), 1));
    if (const auto* c = r.get("startColumn")) CHECK(is_integer(*c, 1));
    if (const auto* b = r.get("byteOffset")) CHECK(is_integer(*b, 0));
}

void check_physical_location(const json_value& p) {
    const json_value& a = member(p, "artifactLocation");
    const json_value& uri = member(a, "uri");
    REQUIRE(uri.is(kind::string));
    CHECK_MESSAGE(is_uri_reference(uri.text), uri.text);
    if (const auto* r = p.get("region")) check_region(*r);
}

// Checks the whole log; returns the results.
const json_value& check_log(const json_value& log) {
    REQUIRE(log.is(kind::object));
    CHECK(member(log, "version").text == "2.1.0");
    if (const auto* s = log.get("$schema")) CHECK(is_absolute_uri(s->text));
    const json_value& runs = member(log, "runs");
    REQUIRE(runs.is(kind::array));
    REQUIRE(runs.items.size() == 1);
    const json_value& run = runs.items[0];
    const json_value& driver = member(member(run, "tool"), "driver");
    CHECK(member(driver, "name").text == "sgfcheck");
    if (const auto* v = driver.get("version")) CHECK(v->is(kind::string));
    if (const auto* u = driver.get("informationUri")) CHECK(is_absolute_uri(u->text));
    if (const auto* ck = run.get("columnKind")) CHECK((ck->text == "utf16CodeUnits" || ck->text == "unicodeCodePoints"));
    std::set<std::string> rule_ids;
    const json_value& rules = member(driver, "rules");
    REQUIRE(rules.is(kind::array));
    for (const json_value& rule : rules.items) {
        const json_value& id = member(rule, "id");
        REQUIRE(id.is(kind::string));
        CHECK_MESSAGE(rule_ids.insert(id.text).second, "rule id twice: " << id.text);
        check_message(member(rule, "shortDescription"));
        if (const auto* f = rule.get("fullDescription")) check_message(*f);
        if (const auto* h = rule.get("help")) {
            check_message(*h);  // 3.12 multiformatMessageString: text, and markdown beside it
            if (const auto* md = h->get("markdown")) CHECK(md->is(kind::string));
        }
        // a real page or none (3.49.12): a file:// path of the build machine is a dead link
        if (const auto* help = rule.get("helpUri")) {
            CHECK_MESSAGE(is_absolute_uri(help->text), help->text);
            CHECK_FALSE(help->text.starts_with("file:"));
        }
        if (const auto* dc = rule.get("defaultConfiguration")) CHECK(is_level(member(*dc, "level")));
    }
    const json_value& results = member(run, "results");
    REQUIRE(results.is(kind::array));
    for (const json_value& r : results.items) {
        check_message(member(r, "message"));
        const json_value& rule = member(r, "ruleId");
        CHECK_MESSAGE(rule_ids.count(rule.text) == 1, "ruleId without a rule: " << rule.text);
        CHECK(is_level(member(r, "level")));
        const json_value& locs = member(r, "locations");
        REQUIRE(locs.is(kind::array));
        REQUIRE(!locs.items.empty());
        for (const json_value& l : locs.items) check_physical_location(member(l, "physicalLocation"));
        if (const auto* rel = r.get("relatedLocations")) {
            REQUIRE(rel->is(kind::array));
            for (const json_value& l : rel->items) {
                CHECK(is_integer(member(l, "id"), 0));
                check_physical_location(member(l, "physicalLocation"));
            }
        }
        if (const auto* fp = r.get("partialFingerprints")) {
            REQUIRE(fp->is(kind::object));
            for (const auto& [k, v] : fp->members) CHECK(v.is(kind::string));
        }
        if (const auto* oc = r.get("occurrenceCount")) CHECK(is_integer(*oc, 1));
    }
    if (const auto* inv = run.get("invocations")) {
        REQUIRE(inv->is(kind::array));
        for (const json_value& i : inv->items) {
            CHECK(member(i, "executionSuccessful").is(kind::boolean));
            // 3.20.21 toolExecutionNotifications: notification objects (3.58) with a message
            if (const auto* notes = i.get("toolExecutionNotifications")) {
                REQUIRE(notes->is(kind::array));
                for (const json_value& n : notes->items) {
                    check_message(member(n, "message"));
                    if (const auto* l = n.get("level")) CHECK(is_level(*l));
                    if (const auto* ls = n.get("locations"))
                        for (const json_value& l : ls->items) check_physical_location(member(l, "physicalLocation"));
                }
            }
        }
    }
    return results;
}

const json_value& region_of(const json_value& result) {
    return member(member(member(result, "locations").items.at(0), "physicalLocation"), "region");
}

}  // namespace

TEST_CASE("sarif: the log has the structure SARIF 2.1.0 requires") {
    temp_dir d;
    d.file("a/t1.sgf", "(;FF[4]GM[1]TM[5m])");
    d.file("a/t2.sgf", "(;FF[4]GM[1]C[x]\nC[y])");
    d.file("a/with space.sgf", "(;FF[4]GM[1]C[x");
    d.file("a/ok.sgf", "(;FF[4]GM[1])");
    const auto r = run_both("--format=sarif --statistics " + (d.path / "a").string());
    CHECK(r.status == 1);
    const json_value log = sgf::tools::parse_json(r.out);  // stdout is one JSON document
    const json_value& results = check_log(log);
    CHECK(results.items.size() >= 4);
    // the summary and statistics went to stderr
    CHECK(r.err.find("checked 4 files") != std::string::npos);
    CHECK(r.err.find("count   files  code") != std::string::npos);
    bool saw_space = false, saw_related = false;
    for (const json_value& x : results.items) {
        const auto& uri = member(member(member(member(x, "locations").items[0], "physicalLocation"), "artifactLocation"), "uri");
        if (uri.text.find("with%20space.sgf") != std::string::npos) saw_space = true;
        if (x.get("relatedLocations")) saw_related = true;
        if (member(x, "ruleId").text == "E201") {
            CHECK(region_of(x).get("startLine")->number == 2);
            CHECK(region_of(x).get("startColumn")->number == 1);
            CHECK(region_of(x).get("byteOffset")->number == 17);
        }
    }
    CHECK(saw_space);
    CHECK(saw_related);
}

TEST_CASE("sarif: columns count code points and byteOffset counts bytes") {
    temp_dir d;
    // "é" is two bytes: TM's '[' is byte 28, column 29 in bytes (as the text and JSON
    // output count), 28 in code points
    const auto f = d.file("u.sgf", "(;FF[4]GM[1]CA[UTF-8]C[\xC3\xA9]TM[5m])");
    const auto r = run_both("--format=sarif --select E111 " + f);
    const json_value log = sgf::tools::parse_json(r.out);
    const json_value& results = check_log(log);
    REQUIRE(results.items.size() == 1);
    const json_value& reg = region_of(results.items[0]);
    CHECK(reg.get("startLine")->number == 1);
    CHECK(reg.get("byteOffset")->number == 28);
    CHECK(reg.get("startColumn")->number == 28);
    CHECK(run_both("--format=json --select E111 " + f).out.find("\"column\":29,\"byte\":28") != std::string::npos);
    CHECK(member(results.items[0], "level").text == "error");
}

TEST_CASE("sarif: an empty run and a failed read are still valid logs") {
    temp_dir d;
    const auto ok = run_both("--format=sarif " + d.file("ok.sgf", "(;FF[4]GM[1])"));
    CHECK(ok.status == 0);
    const json_value log = sgf::tools::parse_json(ok.out);
    CHECK(check_log(log).items.empty());
    const auto missing = run_both("--format=sarif " + (d.path / "missing.sgf").string());
    CHECK(missing.status == 2);
    const json_value log2 = sgf::tools::parse_json(missing.out);
    check_log(log2);
    const json_value& invocation = member(member(log2, "runs").items[0], "invocations").items[0];
    CHECK(invocation.get("executionSuccessful")->boolean == false);
    // the file that could not be read is named, at level error, with why
    const json_value& notes = member(invocation, "toolExecutionNotifications");
    REQUIRE(notes.items.size() == 1);
    CHECK(member(notes.items[0], "level").text == "error");
    CHECK(member(member(notes.items[0], "message"), "text").text.find("missing.sgf") != std::string::npos);
    const json_value& where = member(member(member(notes.items[0], "locations").items.at(0), "physicalLocation"), "artifactLocation");
    CHECK(member(where, "uri").text == "file://" + (d.path / "missing.sgf").string());
    // a readable file beside it: its results and the notification in one log
    const auto both = run_both("--format=sarif " + d.file("e.sgf", "(;FF[4]GM[1]TM[5m])") + " " +
                               (d.path / "missing.sgf").string());
    CHECK(both.status == 2);
    const json_value log3 = sgf::tools::parse_json(both.out);
    CHECK(check_log(log3).items.size() == 1);
    CHECK(member(member(member(log3, "runs").items[0], "invocations").items[0], "toolExecutionNotifications").items.size() == 1);
}

TEST_CASE("sarif: rule help gives meaning fix and spec sentence and links only to a hosted page") {
    temp_dir d;
    const auto f = d.file("e.sgf", "(;FF[4]GM[1]TM[5m])");
    const json_value log = sgf::tools::parse_json(run_both("--format=sarif " + f).out);
    check_log(log);
    const json_value& driver = member(member(member(log, "runs").items[0], "tool"), "driver");
    const json_value& rule = member(driver, "rules").items.at(0);
    const std::string id = member(rule, "id").text;
    const auto meaning = sgf::app::meaning_of(id);
    REQUIRE(meaning.has_value());
    const json_value& help = member(rule, "help");
    for (const char* form : {"text", "markdown"}) {
        CAPTURE(form);
        const std::string& h = member(help, form).text;
        CHECK(h.find(std::string(meaning->title)) != std::string::npos);
        CHECK(h.find(std::string(meaning->hint)) != std::string::npos);
        CHECK(h.find(std::string(meaning->sentence)) != std::string::npos);
    }
    // the example: the conformance case docs/diagnostics.md names in the code's row, with its text
    std::ifstream doc(std::filesystem::path(SGF_SOURCE_DIR) / "docs" / "diagnostics.md");
    std::string line, example;
    while (std::getline(doc, line))
        if (line.starts_with("| " + id.substr(1) + " |")) {
            const std::size_t end = line.rfind('`');
            example = line.substr(line.rfind('`', end - 1) + 1, end - line.rfind('`', end - 1) - 1);
        }
    REQUIRE(!example.empty());
    std::ifstream sgf(std::filesystem::path(SGF_SOURCE_DIR) / "conformance" / "cases" / (example + ".sgf"));
    std::string case_text((std::istreambuf_iterator<char>(sgf)), std::istreambuf_iterator<char>());
    while (!case_text.empty() && case_text.back() == '\n') case_text.pop_back();
    REQUIRE(!case_text.empty());
    CHECK(member(help, "text").text.find("Example (conformance/cases/" + example + ".sgf): " + case_text) !=
          std::string::npos);
    CHECK(member(help, "markdown").text.find("```\n" + case_text + "\n```") != std::string::npos);
    if (*SGF_DOCS_URL) {  // the build named the hosted page (-DSGF_DOCS_URL): the code's row of it
        CHECK(member(driver, "informationUri").text == SGF_DOCS_URL);
        std::string anchor = id;
        for (char& c : anchor) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        CHECK(member(rule, "helpUri").text == std::string(SGF_DOCS_URL) + "#" + anchor);
    } else {  // no page to link to: no link
        CHECK(driver.get("informationUri") == nullptr);
        CHECK(rule.get("helpUri") == nullptr);
    }
}
