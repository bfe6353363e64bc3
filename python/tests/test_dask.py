"""python3 -m sgfcheck.dask on a LocalCluster prints what sgfcheck --statistics prints."""
import io
import os
import shutil
import subprocess
import sys

import pytest

from conftest import CASES, SOURCE_DIR, sgfcheck as run, shared, skip_or_fail

try:
    import distributed  # noqa: F401
except ImportError:
    skip_or_fail("needs python3-dask and python3-distributed (.ci/setup installs them)")

from sgfcheck import dask as sgf_dask


def program_statistics(*args):
    """sgfcheck --statistics: the statistics table and the summary (text), or the two JSON lines."""
    r = run("--statistics", "--no-progress", *args)
    text = r.stdout.decode()
    if "--format=json" in args:
        lines = [l for l in text.splitlines(True) if l.startswith(('{"statistics"', '{"summary"'))]
    else:
        lines = text.splitlines(True)
        start = next(i for i, l in enumerate(lines) if l.startswith(("    count   files", "statistics: no findings")))
        lines = lines[start:]
    return "".join(lines), r.returncode


def cluster_statistics(*args):
    out, err = io.StringIO(), io.StringIO()
    status = sgf_dask.run([*map(str, args), "--workers", "2"], out=out, err=err)
    return out.getvalue(), status, err.getvalue()


def test_the_same_statistics_as_the_program(tmp_path):
    # conformance cases, a folder with its own sgfcheck.toml, and a file that cannot be read
    (tmp_path / "strict").mkdir()
    for name in sorted(os.listdir(CASES))[:120]:
        if name.endswith(".sgf"):
            shutil.copy(CASES / name, tmp_path / "strict" / name)
    (tmp_path / "strict" / "sgfcheck.toml").write_text('select = ["E"]\nprofile = "current"\n')
    missing = tmp_path / "missing.sgf"
    for extra in ([], ["--profile=current", "--ignore=W2"], ["--format=json"], ["--lenient", "--select=E0,W"]):
        want, want_status = program_statistics(*extra, CASES, tmp_path, missing)
        got, status, err = cluster_statistics(*extra, CASES, tmp_path, missing)
        assert got == want, extra
        assert status == want_status == 2
        assert "missing.sgf" in err
    assert "could not be read" in want or "unreadable" in want


def test_a_corpus_folder_on_the_cluster():
    games = shared("corpus/problems")
    want, want_status = program_statistics(games)
    got, status, _ = cluster_statistics(games, "--chunk", "50")
    assert got == want and status == want_status
    assert want.count("\n") > 3


def test_as_a_program_with_usage_errors():
    env = dict(os.environ)
    r = subprocess.run([sys.executable, "-m", "sgfcheck.dask", "--workers", "1", "--timing",
                        str(CASES / "y_value_plain_text.sgf") if (CASES / "y_value_plain_text.sgf").exists()
                        else str(sorted(CASES.glob("y_*.sgf"))[0])],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=300)
    assert r.returncode in (0, 1), r.stderr.decode()
    assert b"checked 1 file" in r.stdout
    assert b"files/s per worker" in r.stderr
    out, status, err = cluster_statistics("--select=Q9", CASES)
    assert status == 2 and "Q9" in err
    with pytest.raises(SystemExit):
        sgf_dask.run(["--scheduler", "tcp://127.0.0.1:1", "--workers", "2", str(CASES)])


def test_file_names_that_are_not_utf8_and_the_short_quiet_option(tmp_path):
    # python3 -m sgfcheck.dask badname ok.sgf: argv holds the name's bytes (as surrogates);
    # the runner passes them on as bytes and counts the file as sgfcheck does
    bad = tmp_path / "badname"
    bad.mkdir()
    with open(os.fsencode(bad) + b'/\xff\x01"q.sgf', "wb") as f:
        f.write(b"(;FF[4]GM[1]SZ[19];B[dd]B[pp])")
    ok = tmp_path / "ok.sgf"
    ok.write_bytes(b"(;FF[4]GM[1]SZ[19]TM[5m])")
    want, want_status = program_statistics("-q", bad, ok)
    r = subprocess.run([sys.executable, "-m", "sgfcheck.dask", "--workers", "1", "-q", os.fsencode(bad), str(ok)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    assert r.returncode == want_status == 1, r.stderr.decode(errors="replace")
    assert r.stdout.decode() == want
    assert "E201" in want and "E111" in want and "checked" not in want  # -q: no summary line


def test_without_distributed_a_message_says_what_to_install(monkeypatch):
    # e.g. pyenv's python3 first on PATH: Debian's python3-distributed is not its package
    monkeypatch.setitem(sys.modules, "distributed", None)
    out, err = io.StringIO(), io.StringIO()
    status = sgf_dask.run([str(CASES)], out=out, err=err)
    assert status == 2 and out.getvalue() == ""
    message = err.getvalue()
    assert "python3-dask python3-distributed" in message and "/usr/bin/python3" in message
    assert sys.executable in message and "Traceback" not in message


def test_a_python_the_module_was_not_built_for_is_told_so(tmp_path):
    # the package's Python files without a C++ module this Python can load (as another
    # python3 finding the build's folder through PYTHONPATH sees it): a message, not only
    # "No module named 'sgfcheck._sgfcheck'"
    package = tmp_path / "sgfcheck"
    package.mkdir()
    for f in ("__init__.py", "dask.py"):
        shutil.copy(os.path.join(SOURCE_DIR, "python", "sgfcheck", f), package / f)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "sgfcheck.dask", str(CASES)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, timeout=120)
    err = r.stderr.decode()
    assert r.returncode != 0 and r.stdout == b""
    assert "cannot be loaded by this Python (%s" % sys.executable in err
    assert "built here: nothing" in err and "-DPython_EXECUTABLE=" in err
