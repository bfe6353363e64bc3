"""sgfcheck.fix and dump against the sgfcheck program."""
import json
import re

import pytest

import sgfcheck
from conftest import CASES, sgfcheck as run, shared

CODE = re.compile(r"^\S+?:(\d+):(\d+): (error|warning|info)\[([EWI]\d{3})\]: (.*)$")


def cli_fix(path):
    """sgfcheck fix FILE: the output and the findings it printed about the input (not the
    '(fixed)' lines about the output); None for the output when it refused to write one."""
    r = run("fix", path)
    if b"left unchanged" in r.stderr:
        return None, []
    found = []
    for line in r.stderr.decode("utf-8", "replace").splitlines():
        m = CODE.match(line)
        if m and "(fixed)" not in line:
            found.append((m.group(4), int(m.group(1)), int(m.group(2))))
    return r.stdout, found


def test_fix_writes_what_the_program_writes(cases):
    files = list(cases) + sorted(CASES.parent.glob("spec_examples/*.sgf"))
    refused = 0
    for case in files:
        out, found = cli_fix(case)
        if out is None:  # sgfcheck fix refused to make a passing file fail: so does fix()
            with pytest.raises(RuntimeError, match="a bug in fix"):
                sgfcheck.fix(case.read_bytes())
            refused += 1
            continue
        fixed, ds = sgfcheck.fix(case.read_bytes())
        assert fixed == out, case.name
        assert [(d.code, d.line, d.column) for d in ds] == found, case.name
    assert refused < 5


def test_fix_legacy_and_broken_files_as_the_program():
    for folder in ("corpus/legacy", "corpus/broken", "corpus/encodings"):
        for path in sorted(shared(folder).rglob("*")):
            if not path.is_file() or path.suffix.lower() != ".sgf":
                continue
            out, found = cli_fix(path)
            if out is None:
                with pytest.raises(RuntimeError, match="a bug in fix"):
                    sgfcheck.fix(path.read_bytes())
                continue
            fixed, ds = sgfcheck.fix(path.read_bytes())
            assert fixed == out, path
            assert [(d.code, d.line, d.column) for d in ds] == found, path


def test_fix_output_and_what_it_says():
    fixed, ds = sgfcheck.fix("(;CoPyright[me]B[aa]W[bb]KM[6,5])")
    assert fixed.startswith(b"(;FF[4]CA[UTF-8]")
    assert b"CP[me]" in fixed and b"KM[6.5]" in fixed
    assert all(d.severity in ("error", "warning", "info") for d in ds)
    assert {d.code[1:] for d in ds} >= {"011", "205"}
    assert [d for d in sgfcheck.check(fixed) if d.severity == "error"] == []
    assert sgfcheck.fix(fixed)[0] == fixed  # fixing the output changes nothing
    latin1 = b"(;FF[4]CA[ISO-8859-1]GM[1]SZ[19]C[caf\xe9])"
    fixed, _ = sgfcheck.fix(latin1)
    assert "café".encode() in fixed and b"CA[UTF-8]" in fixed


def test_dump_is_the_programs_json_tree(cases):
    for case in cases:
        r = run("dump", case)
        if r.returncode not in (0, 1):
            continue
        assert json.loads(sgfcheck.dump(case.read_bytes())) == json.loads(r.stdout), case.name
    r = run("dump", "--positions", cases[0])
    assert json.loads(sgfcheck.dump(cases[0].read_bytes(), positions=True)) == json.loads(r.stdout)


def test_dump_positions_refuses_paths_that_grow_with_the_square_of_the_file():
    deep = b"(;B[aa]" * 10000 + b")" * 10000  # 5e7 path numbers: more than 1024 per node
    with pytest.raises(ValueError, match="nodes' paths .positions. would hold 49995000 variation numbers"):
        sgfcheck.dump(deep, positions=True)
    # without positions: linear (Python's json module reads about 490 nested variations:
    # docs/cli.md, so these are looked at as text)
    assert sgfcheck.dump(deep).count('"variations":[{"nodes"') == 9999
    shallow = sgfcheck.dump(b"(;B[aa]" * 4000 + b")" * 4000, positions=True)
    assert '"path":{"tree":0,"variations":[' + ",".join(["0"] * 3999) + '],"node":0}' in shallow
