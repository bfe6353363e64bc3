"""sgfcheck.check and check_files against the sgfcheck program, options, types, the GIL."""
import os
import pickle
import threading
import time

import pytest

import sgfcheck
from conftest import CASES, cli_findings, shared


def as_cli(d: sgfcheck.Diagnostic) -> dict:
    """A Diagnostic in the shape of a --format=json line (without file and version)."""
    o = {"line": d.line, "column": d.column, "byte": d.byte, "severity": d.severity, "code": d.code,
         "message": d.message}
    if d.hint:
        o["hint"] = d.hint
    if d.count != 1:
        o["count"] = d.count
    if d.related:
        o["related"] = {"line": d.related[0], "column": d.related[1], "byte": d.related[2]}
    return o


def cli_shape(o: dict) -> dict:
    return {k: v for k, v in o.items() if k not in ("file", "version")}


@pytest.mark.parametrize("profile", ["ff4", "current", "hex"])
def test_every_conformance_case_as_the_program_reports_it(cases, profile):
    expected = cli_findings("--profile=" + profile, CASES)
    assert len(cases) > 300
    for case in cases:
        got = [as_cli(d) for d in sgfcheck.check(case.read_bytes(), profile=profile)]
        assert got == [cli_shape(o) for o in expected.get(str(case), [])], case.name


def test_lenient_select_ignore_and_charset_as_the_program_takes_them(cases):
    for args, kwargs in [
        (["--lenient"], {"lenient": True}),
        (["--select=E"], {"select": "E"}),
        (["--select=E1,W2", "--ignore=E108"], {"select": ["E1", "W2"], "ignore": ("E108",)}),
        (["--ignore=W2"], {"ignore": "W2"}),
        (["--select=111,E0"], {"select": "111, E0"}),
        (["--charset=ISO-8859-1"], {"charset": "ISO-8859-1"}),
    ]:
        expected = cli_findings(*args, CASES)
        for case in cases:
            got = [as_cli(d) for d in sgfcheck.check(case.read_bytes(), **kwargs)]
            assert got == [cli_shape(o) for o in expected.get(str(case), [])], (case.name, args)


def test_selection_rules():
    data = b"(;FF[4]GM[1]SZ[19]TM[5m]KM[x]AP[YuanYu])"
    codes = lambda **k: [d.code for d in sgfcheck.check(data, **k)]
    everything = codes()
    assert set(everything) >= {"E111", "E101", "E110"}
    assert codes(select="E") == [c for c in everything if c.startswith("E")]
    assert codes(select="111") == ["E111"]  # a bare number: that kind at any level
    assert codes(select="E1", ignore="E111") == [c for c in everything if c.startswith("E1") and c != "E111"]
    assert codes(select="E111", ignore="E111") == []  # a tie: ignore wins
    assert codes(ignore="E", select="E111") == ["E111"]  # the most specific entry decides
    assert codes(profile="current", select="111") == []  # TM[5m] is current usage
    for bad in ["X1", "E9999", "Q", "E,Q"]:
        with pytest.raises(ValueError):
            sgfcheck.check(data, select=bad)
    with pytest.raises(TypeError):
        sgfcheck.check(data, ignore=[111])


def test_data_types_and_bad_arguments():
    text = "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[Cho Chikun 趙治勲]C[a\\]b])"
    b = text.encode("utf-8")
    as_bytes = sgfcheck.check(b)
    assert sgfcheck.check(text) == as_bytes  # str: its UTF-8 bytes
    assert sgfcheck.check(bytearray(b)) == as_bytes
    assert sgfcheck.check(memoryview(b)) == as_bytes
    with pytest.raises(TypeError):
        sgfcheck.check(12)
    with pytest.raises(ValueError, match="profile"):
        sgfcheck.check(b, profile="ff5")
    with pytest.raises(ValueError, match="charset"):
        sgfcheck.check(b, charset="no-such-charset")
    assert sgfcheck.check(b"") and sgfcheck.check(b"")[0].code == "E001"


def test_diagnostic_fields():
    (d, *rest) = sgfcheck.check(b"(;FF[4]GM[1]\nC[never closed")
    assert (d.code, d.severity, d.line, d.column, d.byte) == ("E008", "error", 2, 2, 14)
    assert "']'" in d.message and d.hint
    assert d.related is None or len(d.related) == 3
    assert d.count == 1
    assert str(d).startswith("2:2: error[E008]: ")
    assert pickle.loads(pickle.dumps(d)) == d
    assert d.to_dict()["code"] == "E008"
    assert d != rest[0] if rest else True


def test_many_findings_count_what_they_stand_for():
    data = b"(;FF[4]GM[1]SZ[19]" + b"".join(b";B[%c%c]" % (97 + i % 19, 97) for i in range(2000)) + b")"
    ds = sgfcheck.check(data)
    assert sum(d.count for d in ds) > len(ds)  # past the listing cap: one "N more" line


def test_check_files_in_order_with_unreadable_files_and_directories(tmp_path, cases):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.sgf").write_bytes(b"(;FF[4]GM[1]SZ[19];B[dd]B[pp])")
    (tmp_path / "a.SGF").write_bytes(b"(;FF[4]GM[1]SZ[19])")
    (tmp_path / "notes.txt").write_bytes(b"not sgf")
    missing = tmp_path / "missing.sgf"
    results = sgfcheck.check_files([tmp_path, str(missing)], jobs=2)
    assert [os.path.relpath(r.path, tmp_path) for r in results] == ["a.SGF", "sub/b.sgf", "missing.sgf"]
    assert results[0].ok and results[0].diagnostics == []
    assert [d.code for d in results[1].diagnostics] == ["E201"] and not results[1].ok
    assert results[2].error and "missing.sgf" in results[2].error and not results[2].ok
    # the same findings with one thread or two, as check() gives them
    one = sgfcheck.check_files(cases, jobs=1, profile="current")
    two = sgfcheck.check_files(cases, profile="current")
    assert [r.diagnostics for r in one] == [r.diagnostics for r in two]
    assert [r.diagnostics for r in one] == [sgfcheck.check(c.read_bytes(), profile="current") for c in cases]
    with pytest.raises(TypeError):
        sgfcheck.check_files("one.sgf")
    # jobs as sgfcheck -j takes it: 1 to 1024 (-1 and 2**70 were pybind11's "incompatible
    # function arguments"); True is no number of threads
    for bad in (0, -1, 1025, 2**70):
        with pytest.raises(ValueError, match="jobs must be from 1 to 1024"):
            sgfcheck.check_files([], jobs=bad)
    for bad in ("2", 2.0, True):
        with pytest.raises(TypeError, match="jobs is an int or None"):
            sgfcheck.check_files([], jobs=bad)
    # more threads than the files: as many as there are files
    assert [r.diagnostics for r in sgfcheck.check_files(cases, jobs=1024, profile="current")] == [r.diagnostics for r in one]


def test_check_files_takes_any_file_name(tmp_path):
    # a name that is not UTF-8 (from a directory, as str from os.fsdecode, as bytes), bytes
    # and os.PathLike paths: every one checked, paths given back as os.fsdecode'd str
    bad = tmp_path / "badname"
    bad.mkdir()
    raw = os.fsencode(bad) + b'/\xff\x01"q.sgf'
    with open(raw, "wb") as f:
        f.write(b"(;FF[4]GM[1]SZ[19];B[dd]B[pp])")
    ok = tmp_path / "ok.sgf"
    ok.write_bytes(b"(;FF[4]GM[1]SZ[19])")
    from_dir = sgfcheck.check_files([bad])
    assert [os.fsencode(r.path) for r in from_dir] == [raw]
    assert [d.code for d in from_dir[0].diagnostics] == ["E201"]
    assert from_dir[0].path == os.fsdecode(raw)
    assert "badname" in repr(from_dir[0])
    for given in (os.fsdecode(raw), raw):
        (r,) = sgfcheck.check_files([given])
        assert r.error is None and os.fsencode(r.path) == raw and [d.code for d in r.diagnostics] == ["E201"]
    (r,) = sgfcheck.check_files([os.fsencode(ok)])
    assert r.error is None and r.path == str(ok) and r.ok
    (r,) = sgfcheck.check_files([ok])
    assert r.path == str(ok) and r.ok
    # an unreadable file with such a name: its error prints anywhere (\xHH)
    (r,) = sgfcheck.check_files([os.fsencode(tmp_path) + b"/gone\xff.sgf"])
    assert r.error and "gone\\xff.sgf" in r.error and not r.ok
    r.error.encode("utf-8")
    # the same file twice is checked once
    assert len(sgfcheck.check_files([ok, str(ok), tmp_path / "." / "ok.sgf"])) == 1
    with pytest.raises(TypeError):
        sgfcheck.check_files([1])


def test_corpus_through_check_files_as_the_program(tmp_path):
    games = shared("corpus/problems")
    expected = cli_findings(games)
    results = sgfcheck.check_files([games])
    assert len(results) > 100
    for r in results:
        assert [as_cli(d) for d in r.diagnostics] == [cli_shape(o) for o in expected.get(r.path, [])], r.path


def test_the_gil_is_released_while_checking():
    # A million nodes: the check takes a while. A thread that held the GIL meanwhile would
    # leave this loop without a turn until the check returned.
    data = b"(;FF[4]GM[1]SZ[19]" + b";C[x]" * 1_000_000 + b")"
    done = threading.Event()
    took = []

    def work():
        t = time.perf_counter()
        sgfcheck.check(data)
        took.append(time.perf_counter() - t)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    time.sleep(0.01)  # the worker is inside the check
    turns = 0
    while not done.is_set():
        turns += 1
    t.join()
    assert took[0] > 0.02
    assert turns > 10_000, "the main thread ran %d times during a %.2f s check" % (turns, took[0])
