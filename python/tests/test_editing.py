"""Node.set, Node.move/get_move, editing along the main line, Board and
GameTree.setup_and_moves, and python -m sgfcheck (sgfcheck/__main__.py): the entry points added for sgfmill's
tasks (docs/python_tasks.md), as properties over the conformance cases and as examples."""
import os
import subprocess
import sys

import pytest

import sgfcheck
from conftest import CASES

GAME = b"(;FF[4]GM[1]SZ[9]KM[6.5]AB[cc][gg];W[dc];B[ec];W[cd](;B[dd];W[bc](;B[db];W[ee])(;B[ff]))(;B[ee]))"


def test_set_writes_each_value_type_and_get_reads_it_back():
    n = sgfcheck.parse(b"(;FF[4]GM[1]SZ[19])").games[0].root
    for ident, value, raw in [("W", (4, 16), ["dp"]), ("KM", 6.5, ["6.5"]), ("KM", 7, ["7"]), ("HA", 2, ["2"]),
                              ("AB", [(3, 3), (15, 15)], ["cc", "oo"]), ("PB", "Go ]Seigen", ["Go \\]Seigen"]),
                              ("C", "a:b\\c", ["a:b\\\\c"]), ("PL", "W", ["W"]), ("GB", 2, ["2"]), ("B", None, [""]),
                              ("SZ", (19, 13), ["19:13"]), ("LB", [((1, 2), "x:y")], ["ab:x\\:y"]), ("TB", [], [""]),
                              ("XY", "private", ["private"])]:
        m = n.set(ident, value)
        assert m[ident] == raw, ident
        if ident not in ("KM", "PL", "XY", "SZ", "TB"):
            assert m.get(ident) == value, ident
    assert n.set("KM", 7).get("KM") == 7.0
    assert "W" not in n  # persistent: n is unchanged


@pytest.mark.parametrize("ident, value, error", [
    ("KM", "6.5", TypeError), ("KM", (3, 3), TypeError), ("PB", 5, TypeError), ("W", 5, TypeError),
    ("AB", [(3, 3), 1], TypeError), ("KM", True, TypeError), ("XY", 3, TypeError), ("C", object(), TypeError),
    ("C", (1, 2, 3, 4), TypeError),
    ("KM", float("nan"), ValueError), ("W", (20, 20), ValueError), ("W", (0, 3), ValueError),
    ("W", (2**70, 1), ValueError), ("HA", 2**70, ValueError), ("HA", -2**63 - 1, ValueError),
    ("PL", "X", ValueError), ("GB", 3, ValueError), ("AB", [], ValueError), ("bad", "x", ValueError)])
def test_set_refuses_what_the_property_does_not_take(ident, value, error):
    with pytest.raises(error):
        sgfcheck.Node().set(ident, value)


def test_set_checks_in_the_games_context():
    root = sgfcheck.parse(b"(;FF[4]GM[1]SZ[9])").games[0].root
    with pytest.raises(ValueError, match="W"):
        root.set("W", (10, 10))  # off the 9x9 board
    assert sgfcheck.parse(b"(;FF[4]GM[1]SZ[21])").games[0].root.set("W", (20, 20))["W"] == ["tt"]
    hex_root = sgfcheck.parse(b"(;FF[4]GM[11]SZ[11])").games[0].root
    assert hex_root.set("B", (2, 3))["B"] == ["b3"]  # Hex spells points its own way


def test_set_writes_texts_in_a_legacy_charset():
    root = sgfcheck.parse("(;FF[4]CA[ISO-8859-1]PB[x])".encode("latin-1")).games[0].root
    m = root.set("PB", "Müller")
    assert m.get("PB") == "Müller"
    assert "Müller".encode("latin-1") in sgfcheck.write(m)
    with pytest.raises(ValueError, match="charset"):
        root.set("PB", "囲碁")


def test_set_round_trips_every_decodable_value_of_the_conformance_cases():
    # the property: set(k, get(k)) reads back as get(k), for every property that decodes
    checked = 0
    for f in sorted(CASES.glob("*.sgf")):
        try:
            c = sgfcheck.parse(f.read_bytes(), lenient=True)
        except ValueError:
            continue
        for g in c:
            for node in g.main_line():
                for k in node:
                    try:
                        v = node.get(k)
                    except ValueError:
                        continue
                    try:
                        again = node.set(k, v).get(k)
                    except ValueError as e:
                        # only an identifier set cannot write, or a legacy charset that cannot hold the value
                        assert "identifier must be" in str(e) or "charset" in str(e), (f.name, k, v, str(e))
                        continue
                    assert again == v, (f.name, k, v)
                    checked += 1
    assert checked > 1000


def test_compound_moves_keep_what_they_are_written_with():
    # Backgammon: the dice first, then the from/to points; the dice alone when no checker moves
    g = sgfcheck.parse(b"(;FF[4]GM[6];B[41lpab];W[63];B[double];W[take])").games[0]
    assert [n.move for n in g.main_line()[1:]] == [("B", ("41", (12, 1), (16, 1), (1, 1), (2, 1))), ("W", ("63",)),
                                                   ("B", "double"), ("W", "take")]
    for n in g.main_line()[1:]:
        k = n.move[0]
        assert n.set(k, n.get(k))[k] == n[k]
    assert g.root.set("B", ("52", (1, 1), (3, 1)))["B"] == ["52ac"]
    for bad in [("41", (1, 1)), ("41", (1, 1), (2, 1), (3, 1)), ("4x",), ("41", (1, 1), "41")]:
        with pytest.raises((TypeError, ValueError)):
            g.root.set("B", bad)
    # a lone surrogate is no character: UnicodeEncodeError (a ValueError), as for any text
    with pytest.raises(ValueError):
        g.root.set("B", ("\ud800",))
    with pytest.raises(ValueError):
        sgfcheck.parse(b"(;FF[4]GM[19])").games[0].root.set("AB", [(1, 1, "\ud800")])  # Octi's prongs
    # Amazons (from, to, arrow) and Lines of Action (from, to): the points alone
    amazons = sgfcheck.parse(b"(;FF[4]GM[18]SZ[10];W[adedeh])").games[0][1]
    assert amazons.move == ("W", ((1, 4), (5, 4), (5, 8)))
    assert amazons.set("W", amazons.get("W"))["W"] == ["adedeh"]
    loa = sgfcheck.parse(b"(;FF[4]GM[9];B[b1-b3])").games[0][1]
    assert loa.set("B", loa.get("B"))["B"] == ["b1-b3"]


def test_move_and_get_move():
    g = sgfcheck.parse(GAME).games[0]
    assert g.root.move is None and g.root.get_move() is None
    assert [n.move for n in g.main_line()][1:4] == [("W", (4, 3)), ("B", (5, 3)), ("W", (3, 4))]
    assert sgfcheck.parse(b"(;FF[4]SZ[19];B[])").games[0][1].move == ("B", None)  # a pass
    assert sgfcheck.parse(b"(;FF[4]SZ[19];B[tt])").games[0][1].get_move() == ("B", None)
    with pytest.raises(ValueError):
        sgfcheck.parse(b"(;FF[4]SZ[9];B[zz])").games[0][1].move


def test_main_line_edits_cross_variations():
    g = sgfcheck.parse(GAME).games[0]
    line = g.main_line()
    assert len(line) == 8
    for i, node in enumerate(line):
        g = g.with_main_line_node(i, node.set("C", "node %d" % i))
    assert [n.get("C") for n in g.main_line()] == ["node %d" % i for i in range(8)]
    assert g.variations[1][0].get("C") is None  # off the main line
    g2 = g.with_main_line_appended(sgfcheck.Node().set("B", (1, 9)))
    assert g2.main_line()[-1].move == ("B", (1, 9)) and len(g2.main_line()) == 9
    assert g2.node_count() == g.node_count() + 1
    assert g.with_main_line_node(-1, sgfcheck.Node()).main_line()[-1] == sgfcheck.Node()
    with pytest.raises(IndexError):
        g.with_main_line_node(8, sgfcheck.Node())
    # the root edited through the main line declares the context anew: SZ 9 -> 19
    g3 = g.with_main_line_node(0, g.root.set("SZ", 19))
    assert g3.main_line()[1].set("W", (19, 19))["W"] == ["ss"]


def test_board_plays_with_captures_and_takes_setup():
    b = sgfcheck.Board(9)
    assert b.size == (9, 9) and repr(b) == "<Board 9x9>"
    assert sgfcheck.Board(9, 5).size == (9, 5)
    b.apply_setup(black=[(3, 3), (5, 3), (4, 4)], white=[(4, 3)])
    assert b.get((4, 3)) == "W" and b.get((1, 1)) is None
    assert b.play("b", (4, 2)) == 1  # takes the white stone at (4, 3)
    assert b.get((4, 3)) is None
    assert b.play("W", None) == 0  # a pass
    assert sorted(b.list_occupied_points()) == [("B", (3, 3)), ("B", (4, 2)), ("B", (4, 4)), ("B", (5, 3))]
    assert str(b).splitlines()[2] == "..X.X...."
    for bad in [lambda: b.play("X", (1, 1)), lambda: sgfcheck.Board(53), lambda: sgfcheck.Board(0),
                lambda: b.play("\udcff", (1, 1)), lambda: b.play("BB", (1, 1)), lambda: b.play(None, (1, 1))]:
        with pytest.raises(ValueError):
            bad()
    for bad in [lambda: b.play("B", (10, 1)), lambda: b.get((0, 1)), lambda: b.get((2**70, 1)),
                lambda: b.apply_setup(black=[(1, 1)], white=[(9, 10)])]:
        with pytest.raises(IndexError):
            bad()
    # what is no point at all says so (it was pybind11's RuntimeError "Unable to cast")
    for bad in [(1,), "ab", None, (1.5, 2), (True, 1), (1, 2, 3)]:
        with pytest.raises(TypeError, match="a point is"):
            b.get(bad)
    assert b.get([3, 3]) == "B"  # a list of two ints is a point too
    assert b.get((1, 1)) is None  # the refused setup changed nothing


def test_setup_and_moves_replays_the_main_line():
    board, moves = sgfcheck.parse(GAME).games[0].setup_and_moves()
    assert sorted(board.list_occupied_points()) == [("B", (3, 3)), ("B", (7, 7))]
    assert moves == [("W", (4, 3)), ("B", (5, 3)), ("W", (3, 4)), ("B", (4, 4)), ("W", (2, 3)), ("B", (4, 2)),
                     ("W", (5, 5))]
    for colour, point in moves:
        board.play(colour, point)
    assert board.get((4, 3)) is None  # taken by B[db]
    for bad in [b"(;FF[4]GM[2])", b"(;FF[4]SZ[9];AB[aa])", b"(;FF[4]SZ[9];B[zz])"]:
        with pytest.raises(ValueError):
            sgfcheck.parse(bad).games[0].setup_and_moves()
    with pytest.raises(ValueError):
        sgfcheck.parse(GAME).games[0].variations[0].setup_and_moves()


def run_main(*args, cwd):
    return subprocess.run([sys.executable, "-m", "sgfcheck", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, cwd=cwd, env=dict(os.environ))


def test_python_m_sgfcheck_prints_located_findings_and_exits_as_sgfcheck(tmp_path):
    (tmp_path / "clean.sgf").write_bytes(b"(;FF[4]GM[1]SZ[19];B[dd];W[pp])")
    (tmp_path / "twice.sgf").write_bytes(b"(;FF[4]GM[1]SZ[19];B[dd]B[pp])")
    r = run_main("clean.sgf", cwd=tmp_path)
    assert r.returncode == 0 and "checked 1 file: 0 with errors" in r.stdout
    r = run_main("twice.sgf", "clean.sgf", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.startswith("twice.sgf:1:25: error[E201]: property B appears twice")
    assert "\n   = " in r.stdout  # the hint
    assert run_main("twice.sgf", "--ignore", "E201", cwd=tmp_path).returncode == 0
    assert run_main("twice.sgf", "--select", "E999", cwd=tmp_path).returncode == 2  # no such code
    r = run_main("missing.sgf", "clean.sgf", cwd=tmp_path)
    assert r.returncode == 2 and "missing.sgf" in r.stderr
    assert run_main(".", "--profile", "current", "--lenient", cwd=tmp_path).returncode == 1  # a directory
