"""sgfcheck.parse: the tree, raw values with positions, typed values, persistent edits, write."""
import pytest

import sgfcheck
from conftest import shared

GAME = (b"(;FF[4]GM[1]SZ[19]CA[UTF-8]KM[6.5]HA[2]PB[Honinbo\n Shusaku]PW[Gennan\\]Inseki]\n"
        b"C[first line\\\nsame line\nsecond  line]AB[dd][pd]AW[aa:bb]AP[Sabaki\\:x:0.5]LB[cc:one][dd:two\\:2]\n"
        b";B[qq]BL[30.5];W[]\n"
        b"(;B[tt]C[pass])(;B[cc];W[dc]))")


def test_structure_and_raw_values_with_positions():
    c = sgfcheck.parse(GAME)
    assert len(c) == 1 and c.diagnostics == [] and c.charset == "UTF-8"
    g = c.games[0]
    assert [len(g), len(g.variations), [len(v) for v in g.variations]] == [3, 2, [1, 2]]
    assert g.node_count() == 6
    root = g.root
    assert root.keys()[:4] == ["FF", "GM", "SZ", "CA"]
    assert root["PW"] == ["Gennan\\]Inseki"]  # raw: escapes as written
    assert root["AB"] == ["dd", "pd"]
    assert "KM" in root and "B" not in root
    with pytest.raises(KeyError):
        root["B"]
    km = [p for p in root.properties if p.ident == "KM"][0]
    assert (km.line, km.column, km.byte) == (1, 28, 27)
    assert km.value_positions == [(1, 30, 29)]
    assert (g[1].line, g[1].column) == (6, 1)
    assert (g.variations[1].line, g.variations[1].column) == (7, 16)
    assert [n.get("B") for n in g.main_line()] == [None, (17, 17), None, None]
    assert g[-1].get("W") is None and "W" in g[-1]


def test_typed_values_by_the_property_table():
    g = sgfcheck.parse(GAME).games[0]
    root = g.root
    assert root.get("KM") == 6.5 and isinstance(root.get("KM"), float)
    assert root.get("HA") == 2 and isinstance(root.get("HA"), int)
    assert root.get("SZ") == 19
    assert root.get("PB") == "Honinbo  Shusaku"  # SimpleText: the line break to a space too
    assert root.get("PW") == "Gennan]Inseki"
    assert root.get("C") == "first linesame line\nsecond  line"  # Text: soft break removed
    assert root.get("AB") == [(4, 4), (16, 4)]
    assert root.get("AW") == [(1, 1), (2, 1), (1, 2), (2, 2)]  # a rectangle: its points
    assert root.get("AP") == ("Sabaki:x", "0.5")
    assert root.get("LB") == [((3, 3), "one"), ((4, 4), "two:2")]
    assert g[1].get("B") == (17, 17) and g[1].get("BL") == 30.5
    assert g.variations[0][0].get("B") is None  # B[tt] on 19x19: a pass
    assert root.get("DT") is None and root.get("DT", "unknown") == "unknown"
    rect = sgfcheck.parse(b"(;FF[4]GM[1]SZ[19:13]PL[W];XX[private][two])").games[0]
    assert rect.root.get("SZ") == (19, 13) and rect.root.get("PL") == "W"
    assert rect[1].get("XX") == ["private", "two"]
    assert sgfcheck.parse(b"(;FF[4]XY[one\\]])").games[0].root.get("XY") == "one]"
    with pytest.raises(ValueError, match="KM"):
        sgfcheck.parse(b"(;FF[4]KM[six])").games[0].root.get("KM")
    hexgame = sgfcheck.parse(b"(;FF[4]GM[11]SZ[11];B[c3];W[swap-pieces])").games[0]
    assert hexgame[1].get("B") == (3, 3) and hexgame[2].get("W") == "swap-pieces"
    # a node alone: FF[4] Go 19x19
    assert sgfcheck.Node({"B": "dd", "C": "a ] b"}).get("B") == (4, 4)


def test_charsets_raw_values_and_edits_in_the_files_charset():
    c = sgfcheck.parse(b"(;FF[4]CA[ISO-8859-1]GM[1]SZ[19]PB[Jos\xe9]C[caf\xe9])")
    root = c.games[0].root
    assert c.charset == "ISO-8859-1"
    assert root["C"] == ["café"] and root.get("PB") == "José"
    edited = root.with_property("C", "crème")
    assert edited.get("C") == "crème"
    out = sgfcheck.write(c.games[0].with_node(0, edited))
    assert b"C[cr\xe8me]" in out  # written in the file's charset
    with pytest.raises(ValueError, match="ISO-8859-1"):
        root.with_property("C", "囲碁")
    # no CA: the texts are read in the charset the input stage chose, raw and typed alike
    guessed = sgfcheck.parse("(;FF[4]GM[1]SZ[19]PB[Ren\u00e9 Fran\u00e7ois Dupr\u00e9])".encode("latin-1")).games[0].root
    assert guessed["PB"] == ["René François Dupré"] and guessed.get("PB") == "René François Dupré"
    utf16 = "\ufeff(;FF[4]CA[UTF-16]GM[1]SZ[19]PB[本因坊秀策])".encode("utf-16-le")
    assert sgfcheck.parse(utf16).games[0].root.get("PB") == "本因坊秀策"
    bad = sgfcheck.parse(b"(;FF[4]CA[UTF-8]C[a\xffb])").games[0].root
    assert bad["C"] == ["a\udcffb"]  # a byte that is no character: kept, as a lone surrogate
    assert bad.with_raw_property("C", bad["C"])["C"] == bad["C"]


def test_edits_are_persistent_and_share_what_they_do_not_change():
    c = sgfcheck.parse(GAME)
    g = c.games[0]
    root = g.root
    r2 = root.with_property("PB", ["Shusaku"]).without_property("HA")
    assert root.get("PB") == "Honinbo  Shusaku" and root.get("HA") == 2
    assert r2.get("PB") == "Shusaku" and "HA" not in r2
    g2 = g.with_node(0, r2)
    assert g2.variations[1].same(g.variations[1])  # untouched: the same object
    assert not g2.same(g) and g2 != g and g == sgfcheck.parse(GAME).games[0]
    assert g2.root.get("PB") == "Shusaku"
    g3 = g2.with_node(0, g2.root.with_property("SZ", "9"))
    assert g3.variations[0][0].get("B") == (20, 20) or g3.variations[0][0].get("B") is None
    c2 = c.with_game_appended(sgfcheck.GameTree([sgfcheck.Node({"FF": "4", "GM": "1"})]))
    assert len(c2) == 2 and len(c) == 1
    assert c2.without_game(1) == c
    assert g.with_variation(g.variations[0]).variations[2].same(g.variations[0])
    assert len(g.without_variation(0).variations) == 1
    assert len(g.with_node_appended(sgfcheck.Node()).variations) == 2 or True
    with pytest.raises(ValueError):
        root.with_property("b", ["x"])  # not an FF[4] identifier
    with pytest.raises(ValueError):
        root.with_raw_property("C", ["a]b"])
    with pytest.raises(IndexError):
        g.with_node(7, root)
    with pytest.raises(ValueError):
        sgfcheck.GameTree([])


def test_write_round_trip_and_width():
    c = sgfcheck.parse(GAME)
    text = sgfcheck.write(c)
    assert sgfcheck.parse(text) == c
    assert sgfcheck.write(sgfcheck.parse(text)) == text
    packed = sgfcheck.write(c, width=40)
    assert sgfcheck.parse(packed) == c
    assert max(len(line) for line in packed.splitlines()) < max(len(line) for line in text.splitlines()) + 40
    assert sgfcheck.write(c.games[0]) == text
    # a node alone is written as a game tree of that node: an SGF file, which parses back
    node = sgfcheck.Node({"B": "dd", "C": "a]b"})
    assert sgfcheck.write(node) == b"(;B[dd]C[a\\]b])\n"
    assert sgfcheck.write(node) == sgfcheck.write(sgfcheck.GameTree([node]))
    assert sgfcheck.parse(sgfcheck.write(node)).games[0].root == node
    assert sgfcheck.check(sgfcheck.write(sgfcheck.Node())) == []  # "(;)"
    with pytest.raises(TypeError):
        sgfcheck.write("(;)")


def test_a_node_takes_each_identifier_once():
    # Node's pairs are with_property edits, which replace: a second C would silently drop the
    # first, so it is an error; all values go in one pair
    with pytest.raises(ValueError, match="C is given twice"):
        sgfcheck.Node([("C", "x"), ("C", "y")])
    with pytest.raises(ValueError):
        sgfcheck.Node([("AB", ["aa"]), ("B", "dd"), ("AB", ["bb"])])
    n = sgfcheck.Node([("AB", ["aa", "bb"]), ("C", "x")])
    assert n["AB"] == ["aa", "bb"] and n.keys() == ["AB", "C"]
    assert sgfcheck.Node({"C": "x", "B": "dd"}).keys() == ["C", "B"]


def test_broken_files_parse_with_their_findings():
    c = sgfcheck.parse(b"junk(;FF[4]C[x];B[aa")
    assert [d.code for d in c.diagnostics][:1] == ["E002"]
    assert c.games[0].root.get("C") == "x"
    lenient = sgfcheck.parse(b"junk(;FF[4]C[x]", lenient=True)
    assert {d.severity for d in lenient.diagnostics} <= {"warning", "info"}


def test_corpus_round_trip_and_typed_roots():
    games = shared("corpus/games")
    files = sorted(games.rglob("*.sgf"))
    assert len(files) > 1000
    typed = 0
    for path in files:
        data = path.read_bytes()
        c = sgfcheck.parse(data)
        assert sgfcheck.parse(sgfcheck.write(c)) == c, path
        for g in c:
            for node in g.main_line()[:3]:
                for ident in node:
                    try:
                        node.get(ident)
                        typed += 1
                    except ValueError:
                        pass
    assert typed > 10 * len(files)


class _Index:
    """An integer that is no int, as numpy's are: usable as a list index through __index__."""

    def __index__(self):
        return 1


def test_indices_and_slices_as_a_list_takes_them():
    c = sgfcheck.parse(b"(;GM[1];B[aa];W[bb];B[cc])(;GM[1]C[second])")
    g = c[0]
    assert c[-1].root.get("C") == "second" and c[_Index()] == c[1] and c[True] == c[1]
    assert [n.get("B") or n.get("W") for n in g[1:]] == [(1, 1), (2, 2), (3, 3)]
    assert c[::-1] == [c[1], c[0]] and c[5:] == [] and g[:] == g.nodes
    # too large for the machine: out of range, as for a list (it was TypeError, "incompatible
    # function arguments"); no integer at all: TypeError naming what was given
    for bad in (2**70, -2**70, 4, -5):
        with pytest.raises(IndexError, match="node index out of range"):
            g[bad]
        with pytest.raises(IndexError, match="node index out of range"):
            g.with_node(bad, g[0])
        with pytest.raises(IndexError, match="main line node index out of range"):
            g.with_main_line_node(bad, g[0])
    for bad in (2**70, 2, -3):
        with pytest.raises(IndexError, match="game index out of range"):
            c[bad]
        with pytest.raises(IndexError, match="game"):
            c.with_game(bad, g)
        with pytest.raises(IndexError, match="game"):
            c.without_game(bad)
        with pytest.raises(IndexError, match="variation index out of range"):
            g.without_variation(bad)
        with pytest.raises(IndexError, match="variation"):
            g.with_variation(g, bad)
    for bad in ("0", 1.0, None, [0]):
        with pytest.raises(TypeError, match="indices must be integers, not " + type(bad).__name__):
            c[bad]
        with pytest.raises(TypeError, match="indices must be integers"):
            g.with_node(bad, g[0])
    with pytest.raises(ValueError):
        c[::0]
    assert len(g.with_variation(g, None).variations) == 1  # None: appended


def test_a_node_says_what_it_takes():
    # each was pybind11's "Unable to cast" (RuntimeError) or a message about iterating an int
    for props, said in [({"B": 5}, "the values of B are a str or a list of str, not int"),
                        ({"C": b"x"}, "the values of C are a str or a list of str, not bytes"),
                        ({"AB": {"aa": 1}}, "the values of AB are a str or a list of str, not dict"),
                        ({5: ["aa"]}, "an identifier is a str"),
                        ({"B": [5]}, "a value is a str, not int"),
                        ([("B",)], r"\(identifier, values\) pairs, not \('B',\)"),
                        ([5], r"\(identifier, values\) pairs, not 5"),
                        (["BC"], "pairs, not 'BC'"),
                        (5, "a dict {identifier: values} or"),
                        ("B[aa]", "a dict {identifier: values} or")]:
        with pytest.raises(TypeError, match=said):
            sgfcheck.Node(props)
    with pytest.raises(TypeError, match="the values of C are a str or a list of str, not int"):
        sgfcheck.Node().with_property("C", 5)
    with pytest.raises(TypeError, match="the values of C are a str or a list of str, not bytes"):
        sgfcheck.Node().with_raw_property("C", b"x")
    assert sgfcheck.Node([["B", ["aa"]]]) == sgfcheck.Node({"B": "aa"}) == sgfcheck.Node(iter([("B", ("aa",))]))
