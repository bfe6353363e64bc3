// sgfcheck stats: per identifier files, root and other occurrences and value forms; the
// FF, GM, CA and AP distributions; the same for every -j.
#include <doctest/doctest.h>

#include <string>

#include "tests/program_util.hpp"
#include "tools/json_value.hpp"

using sgf_test::run;
using sgf_test::temp_dir;

TEST_CASE("stats: properties value forms and root distributions") {
    temp_dir d;
    d.file("s/a.sgf", "(;FF[4]GM[1]CA[UTF-8]AP[CGoban:3]TM[300]HA[0];B[pd];W[dp]C[nice])");
    d.file("s/b.sgf", "(;FF[3]GM[1]AP[GoGui]TM[5m]HA[2]KM[6.5];B[pd])(;GM[1]TM[1h30m];B[])");
    d.file("s/c.sgf", "(;FF[4]CA[utf8]AP[CGoban:1.9.2];B[aa];B[bb])");
    const auto r = run("stats --format=json " + (d.path / "s").string());
    CHECK(r.status == 0);
    const auto j = sgf::tools::parse_json(r.out);
    CHECK(j.get("files")->number == 3);
    CHECK(j.get("trees")->number == 4);
    CHECK(j.get("nodes")->number == 10);
    const auto* ff = j.get("FF");
    CHECK(ff->get("4")->number == 2);
    CHECK(ff->get("3")->number == 1);
    CHECK(ff->get("(none)")->number == 1);
    CHECK(j.get("GM")->get("1")->number == 3);
    CHECK(j.get("CA")->get("utf8")->number == 1);
    const auto* ap = j.get("AP");
    CHECK(ap->get("with_version")->number == 2);
    CHECK(ap->get("without_version")->number == 1);
    CHECK(ap->get("applications")->get("CGoban")->number == 2);
    const auto* props = j.get("properties");
    const auto* tm = props->get("TM");
    CHECK(tm->get("files")->number == 2);
    CHECK(tm->get("root")->number == 3);
    CHECK(tm->get("elsewhere")->number == 0);
    CHECK(tm->get("forms")->get("9")->number == 1);
    CHECK(tm->get("forms")->get("9m")->number == 1);
    CHECK(tm->get("forms")->get("9h9m")->number == 1);
    CHECK(props->get("HA")->get("forms")->get("0")->number == 1);
    CHECK(props->get("HA")->get("forms")->get("9")->number == 1);
    CHECK(props->get("KM")->get("forms")->get("9.9")->number == 1);
    CHECK(props->get("AP")->get("forms")->get("w:9")->number == 1);
    CHECK(props->get("AP")->get("forms")->get("w:9.9.9")->number == 1);
    const auto* b = props->get("B");
    CHECK(b->get("files")->number == 3);
    CHECK(b->get("root")->number == 0);
    CHECK(b->get("elsewhere")->number == 5);
    CHECK(b->get("forms")->get("aa")->number == 4);
    CHECK(b->get("forms")->get("(empty)")->number == 1);
    // text: the same numbers, and the same output whatever -j
    const auto t1 = run("stats -j1 " + (d.path / "s").string());
    CHECK(t1.out == run("stats -j 3 " + (d.path / "s").string()).out);
    CHECK(t1.out.find("files: 3; game trees: 4; nodes: 10") != std::string::npos);
    CHECK(t1.out.find("AP: 2 with a version, 1 without; CGoban 2  GoGui 1") != std::string::npos);
    CHECK(run("stats").status == 2);
    CHECK(run("stats --format=xml x").status == 2);
    CHECK(run("stats " + (d.path / "missing.sgf").string()).status == 2);
}
