"""docs/python_tasks.md: the same tasks with sgfmill and with sgfcheck. Both listings are
run (sgfmill's from the shared folder's peers/sgfmill, or SGF_SGFMILL_DIR), their printed results and
written files compared, and the note is checked to show these listings and their line
counts, sgfcheck's no longer than sgfmill's task by task."""
import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import sgfcheck
from conftest import SOURCE_DIR, shared

TASKS = SOURCE_DIR / "docs" / "python_tasks"
NOTE = SOURCE_DIR / "docs" / "python_tasks.md"
SIZE = 9  # game.sgf's SZ


def task_lines(text):
    """Non-blank lines per task: from its '# N. task' comment to the next; imports first."""
    rows = {"imports": 0}
    current = "imports"
    for line in text.splitlines():
        m = re.search(r"# (\d+)\. (.*)$", line)
        if m:
            current = "%s. %s" % m.groups()
            rows[current] = 0
        if line.strip():
            rows[current] += 1
    return rows


def test_the_note_shows_the_listings_and_their_line_counts():
    note = NOTE.read_text()
    mill, check = (TASKS / "sgfmill_tasks.py").read_text(), (TASKS / "sgfcheck_tasks.py").read_text()
    assert re.findall(r"```python\n(.*?)```", note, re.S) == [mill, check]
    a, b = task_lines(mill), task_lines(check)
    assert list(a) == list(b) and len(a) == 10, (a, b)  # imports and the nine tasks, in the same order
    for task in a:
        assert "| %s | %d | %d |" % (task, a[task], b[task]) in note
        assert b[task] <= a[task], task
    assert "| **total** | **%d** | **%d** |" % (sum(a.values()), sum(b.values())) in note


def run(listing, pythonpath, out, cwd):
    env = dict(os.environ, PYTHONPATH=str(pythonpath), PYTHONDONTWRITEBYTECODE="1")
    r = subprocess.run([sys.executable, str(listing), str(TASKS / "game.sgf"), str(out), str(TASKS / "broken.sgf")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd, text=True)
    assert r.returncode == 0, r.stderr
    return [ast.literal_eval(line) for line in r.stdout.splitlines()]


def from_mill(p):
    """sgfmill's (row, column) from the bottom left, from 0, as sgfcheck's (column, row)."""
    return None if p is None else (p[1] + 1, SIZE - p[0])


def main_line_properties(path):
    game = sgfcheck.parse(path.read_bytes()).games[0]
    return [{k: n[k] for k in n} for n in game.main_line()]


def test_both_listings_do_the_same(tmp_path):
    mill_dir = Path(os.environ.get("SGF_SGFMILL_DIR") or shared("peers/sgfmill"))
    listing = TASKS / "sgfmill_tasks.py"
    has_boards = (mill_dir / "sgfmill" / "boards.py").exists()
    if not has_boards:
        # ../shared/peers/sgfmill holds sgfmill's SGF modules, not boards.py (SOURCES.tsv):
        # tasks 1-8 run with sgfmill, and sgfcheck's board is held to the position worked out
        # by hand below.
        print("sgfmill's boards.py is not in %s: task 9 checked against the position worked out by hand" % mill_dir)
        text = listing.read_text()
        text = text[:text.index("board = boards.Board")].replace("import boards, sgf", "import sgf")
        listing = tmp_path / "sgfmill_tasks_1_8.py"
        listing.write_text(text)
    mill = run(listing, mill_dir, tmp_path / "mill.sgf", tmp_path)
    mine = run(TASKS / "sgfcheck_tasks.py", os.environ.get("PYTHONPATH", ""), tmp_path / "mine.sgf", tmp_path)

    size, komi, ab = mill[0]
    assert mine[0] == (size, komi, sorted(from_mill(p) for p in ab))
    # the main line: the root and seven moves (sgfmill's (None, None) is sgfcheck's None)
    assert mine[1:9] == [None if c is None else (c.upper(), from_mill(p)) for c, p in mill[1:9]]
    assert mine[2] == ("W", (4, 3))  # W[dc]
    # the broken file: sgfmill's one ValueError, sgfcheck's located findings
    assert mill[9][0] == "broken" and mine[9:-1] and all(m[0] == "broken" for m in mine[9:-1])
    assert all(re.match(r"\d+:\d+: ", m[1]) for m in mine[9:-1]), mine[9:-1]
    assert main_line_properties(tmp_path / "mine.sgf") == main_line_properties(tmp_path / "mill.sgf")

    final = mine[-1]
    if has_boards:
        assert final == sorted((c.upper(), from_mill(p)) for c, p in mill[-1])
    else:
        # game.sgf's main line: AB cc gg; W dc, B ec, W cd, B dd, W bc, B db (takes dc), W ee;
        # then the appended B ai
        letters = {"B": ["cc", "gg", "ec", "dd", "db", "ai"], "W": ["cd", "bc", "ee"]}
        worked = sorted((c, (ord(s[0]) - 96, ord(s[1]) - 96)) for c, ps in letters.items() for s in ps)
        assert final == worked

