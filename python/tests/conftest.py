"""Shared fixtures of the Python module's tests (run by ctest: python/CMakeLists.txt sets
PYTHONPATH to build/python and names the source tree, ../shared and the sgfcheck program)."""
import json
import os
import subprocess
from pathlib import Path

import pytest

SOURCE_DIR = Path(os.environ.get("SGF_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SHARED_DIR = Path(os.environ.get("SGF_TEST_SHARED_DIR") or os.environ.get("SGF_SHARED_DIR") or SOURCE_DIR.parent / "shared")
SGFCHECK = os.environ.get("SGF_SGFCHECK", str(SOURCE_DIR / "build" / "sgfcheck"))
CASES = SOURCE_DIR / "conformance" / "cases"


def skip_or_fail(why: str):
    """Skips, saying why; under SGF_NO_SKIP=1 (CI) fails instead, as the C++ suites do."""
    if os.environ.get("SGF_NO_SKIP") == "1":
        pytest.fail("SGF_NO_SKIP=1 and this test " + why)
    pytest.skip(why)


def shared(rel: str) -> Path:
    p = SHARED_DIR / rel
    if not p.exists():
        skip_or_fail("needs ../shared/%s (%s is missing: the spec texts and corpus are not in the repository)" % (rel, p))
    return p


def sgfcheck(*args, input=None, check=False):
    """Runs the sgfcheck program; returns the CompletedProcess (bytes)."""
    return subprocess.run([SGFCHECK, *map(str, args)], input=input, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, check=check)


def cli_findings(*args):
    """The findings sgfcheck --format=json prints, per file: {file: [dict, ...]}."""
    r = sgfcheck("--format=json", "--no-config", "-q", *args)
    assert r.returncode in (0, 1), r.stderr.decode()
    out = {}
    for line in r.stdout.decode().splitlines():
        o = json.loads(line)
        if "file" in o:
            out.setdefault(o["file"], []).append(o)
    return out


@pytest.fixture
def cases():
    return sorted(CASES.glob("*.sgf"))
