"""sgfcheck: the SGF reference checker (C++ library sgf::sgf) from Python.

Data passed as ``bytes`` (or any bytes-like object) is a file's contents and goes through the
input stage as ``sgfcheck FILE`` reads it: byte order marks, ``CA[]``, UTF-16/32, legacy
charsets, a guess for files without ``CA``. A bytes-like object is read as ``bytes(data)``
reads it: a ``memoryview`` slice with a step (``m[::2]``, ``m[::-1]``), a non-contiguous or
multi-dimensional buffer all give the bytes they show, in C order; read-only buffers are
fine; a buffer whose items are not bytes (an ``array('H')``, a ``memoryview.cast('I')``) is a
TypeError (pass ``bytes(...)`` of it to read its memory as bytes).

A ``str`` is taken as its UTF-8 encoding (pass bytes when a file declares another charset).
A lone surrogate in it is no character: U+DC80-U+DCFF stand for the bytes 0x80-0xFF that
Python's ``surrogateescape`` error handler makes them of (PEP 383: ``os.fsdecode`` names, and
the values this module gives for bytes that are no character in their charset, come back
unchanged; the input stage then reports such a byte, W005 in a UTF-8 file); any other lone
surrogate (``"\ud800"``) raises ``UnicodeEncodeError`` (a ``ValueError``). The WebAssembly
build reads a JavaScript string as ``TextEncoder`` does instead (a lone surrogate is U+FFFD):
a JavaScript string has no convention for carrying bytes.

A ``charset`` name is a charset's name (``--charset``): an unknown one, an empty one or one
with a NUL character is a ValueError.

Positions: ``line`` and ``column`` are 1-based (columns count bytes), ``byte`` is the 0-based
offset in the data given; ``None`` when unknown (data made by an edit).

Every call releases the GIL while the library works, so threads check files in parallel.
"""
from __future__ import annotations

import os
from typing import Iterable, Iterator, Literal, Mapping, Optional, Sequence, SupportsIndex, Tuple, Union, overload

__version__: str
PROFILES: Tuple[str, ...]
"""The profiles: "ff4" (the English FF[4] text), "current" (002_*'s current usage), "hex"."""

Data = Union[bytes, bytearray, memoryview, str]
Codes = Union[None, str, Iterable[str]]
"""Codes as --select/--ignore take them: prefixes of the printed code ("E", "W2", "E111") or
bare numbers ("111": that kind at any level), as one comma list or an iterable of entries.
The most specific entry decides; on a tie, ignore wins. An entry naming no code: ValueError."""

Point = Tuple[int, int]
"""(column, row), 1-based as the game's page numbers them (Go: B[aa] is (1, 1), top left)."""

TypedValue = Union[None, int, float, str, Point, Tuple["TypedValue", ...], list]

class Diagnostic:
    """One finding, as ``sgfcheck`` prints it."""

    @property
    def code(self) -> str:
        """The printed code: the letter of the level in effect and a stable number ("E008")."""
    @property
    def severity(self) -> Literal["error", "warning", "info"]: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def byte(self) -> Optional[int]: ...
    @property
    def message(self) -> str:
        """One line: what is wrong."""
    @property
    def hint(self) -> str:
        """How to fix it, or how the parser recovered ("" when there is nothing to add)."""
    @property
    def count(self) -> int:
        """How many findings this stands for: 1, or N for a summary past the listing cap."""
    @property
    def related(self) -> Optional[Tuple[int, int, int]]:
        """(line, column, byte) of a related place: the '[' of an unclosed value."""
    def to_dict(self) -> dict: ...

class FileCheck:
    """What check_files found in one file."""

    path: str
    """The file's name as os.fsdecode gives it (a name that is not UTF-8 has lone
    surrogates: os.fsencode(path) is its bytes, and open(path) opens it)."""
    diagnostics: list[Diagnostic]
    error: Optional[str]
    """Why the file could not be read (bytes of the name that are not UTF-8 shown as \\xHH);
    None when it was checked."""
    @property
    def ok(self) -> bool:
        """Read, and no finding at level error."""

def check(
    data: Data,
    *,
    profile: str = "ff4",
    lenient: bool = False,
    select: Codes = None,
    ignore: Codes = None,
    charset: Optional[str] = None,
    replay: bool = True,
) -> list[Diagnostic]:
    """What ``sgfcheck`` reports about one file's contents, in file order.

    profile: "ff4", "current" or "hex" (``--profile``); lenient: parser recoveries as
    warnings (``--lenient``); select/ignore: which codes (``--select``/``--ignore``);
    charset: read the text in this charset whatever CA says (``--charset``); replay: the Go
    board replay (moves onto stones, setup that changes nothing). ValueError for an unknown
    profile, charset or code.
    """

def check_files(
    paths: Iterable[Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]],
    jobs: Optional[int] = None,
    *,
    profile: str = "ff4",
    lenient: bool = False,
    select: Codes = None,
    ignore: Codes = None,
    charset: Optional[str] = None,
    replay: bool = True,
) -> list[FileCheck]:
    """check() on many files on ``jobs`` threads (1 to 1024, as ``sgfcheck -j``; None: one
    per core; never more than the files), in order. A directory
    stands for its .sgf files, walked as ``sgfcheck DIR`` walks it (sorted, recursively).
    A file that cannot be read gets its ``error`` instead of findings. Paths are str (through
    os.fsencode, so os.fsdecode'd names that are not UTF-8 work), bytes or os.PathLike; a
    file named twice (or found twice) is checked once."""

def fix(data: Data, *, charset: Optional[str] = None) -> tuple[bytes, list[Diagnostic]]:
    """Clean FF[4] in UTF-8 as ``sgfcheck fix`` writes it, without losing data, and what fix
    reported: the input's findings it did not repair and every change it made, at their
    places in ``data``, then the errors fix could not repair (hinted "left as it is by fix"),
    as ``sgfcheck fix`` prints them: at most 1,000 of one kind, then one Diagnostic "N more
    ... not listed" whose ``count`` is N (``sum(d.count for d in changes)`` counts them all)."""

def dump(data: Data, *, positions: bool = False, lenient: bool = False, charset: Optional[str] = None) -> str:
    """The JSON tree (format "sgf-tree" version 2, docs/json-tree.schema.json) that
    ``sgfcheck dump [--positions]`` prints: values after escape processing, in UTF-8."""

def parse(data: Data, *, lenient: bool = False, charset: Optional[str] = None, profile: str = "ff4") -> Collection:
    """The game trees of one file's contents. The parser recovers from every syntax error;
    what it (and the input stage) reported is ``Collection.diagnostics``."""

def write(tree: Union[Collection, GameTree, Node], *, width: int = 0) -> bytes:
    """Canonical SGF: one node per line (width 0), or nodes packed onto lines of at most
    ``width`` bytes. parse(write(c)) == c. A Node is written as a game tree of that one
    node, ``(;B[dd])``, so that the result is always an SGF file. Values are written as they are held: in the
    file's charset for a file read in an ASCII-compatible one (ISO-8859-1, ...); a file the
    input stage converted to UTF-8 as a whole (UTF-16/32, GB18030, Shift_JIS, ...) is held,
    and so written, in UTF-8 while its CA still names the old charset: fix() writes such a
    file as CA[UTF-8]."""

class Property:
    """One property of a node."""

    @property
    def ident(self) -> str:
        """The identifier as written."""
    @property
    def values(self) -> list[str]:
        """The raw values (escapes untouched), in UTF-8 through the file's charset."""
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def byte(self) -> Optional[int]: ...
    @property
    def value_positions(self) -> list[Tuple[Optional[int], Optional[int], Optional[int]]]:
        """(line, column, byte) of each value's '['."""

class Node:
    """A node. Persistent: the edits return new nodes and leave this one as it is."""

    def __init__(self, properties: Union[None, Mapping[str, Union[str, Sequence[str]]], Iterable[Tuple[str, Union[str, Sequence[str]]]]] = None) -> None:
        """A node from decoded texts: Node({"B": "dd", "C": "a ] b"}), or from pairs in
        order: Node([("B", "dd"), ("AB", ["aa", "bb"])]). Each identifier once, as
        with_property makes it (FF[4] allows no repeat): ValueError for an identifier given
        twice (give all its values in one pair)."""
    @property
    def properties(self) -> list[Property]:
        """Every property in file order (an identifier may repeat in broken files)."""
    def keys(self) -> list[str]: ...
    def __getitem__(self, ident: str) -> list[str]:
        """The raw values of the first property ``ident`` (KeyError when there is none)."""
    def __contains__(self, ident: str) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def get(self, ident: str, default: object = None) -> TypedValue:
        """The value of ``ident`` typed by its row of the property table, in the context of
        its game tree (FF, GM, SZ of the root; a node made alone: FF[4] Go 19x19):
        KM -> float, HA -> int, SZ -> int or (columns, rows), B/W -> a point or None for a
        pass (other games: a special move's word, a compound move a tuple of points,
        Backgammon's with its dice first: ``("41", (12, 1), (16, 1), ...)``),
        PB -> str (SimpleText), C -> str (Text), AB -> list of points (rectangles
        expanded), composed values -> tuple, colors -> "B"/"W", a private property -> its
        text (a list of texts when it has several values). Texts are decoded in the charset
        the file was read in, as the raw values are. ``default`` when the node has no
        ``ident``; ValueError, with sgfcheck's message, when the value is not of its type."""
    def with_property(self, ident: str, values: Union[str, Sequence[str]]) -> Node:
        """A new node with every ``ident`` replaced (in place of the first) by these decoded
        texts (escaped as needed). ValueError for an identifier that is not A-Z letters."""
    def with_raw_property(self, ident: str, raw_values: Union[str, Sequence[str]]) -> Node:
        """The same with raw values (escapes as written). ValueError for an unescaped ']'."""
    def without_property(self, ident: str) -> Node: ...
    def set(self, ident: str, value: TypedValue) -> Node:
        """A new node with ``ident`` holding ``value``, given as get() gives it: KM 6.5, HA 2,
        W (4, 16) or None for a pass, AB [(3, 3), (15, 15)] (or one point alone), PB "name",
        PL "B", SZ 19 or (19, 13), LB [((1, 2), "text")]; a private property a str. Written
        by the library's one writer of each value type (``sgf::encode_property``) in the
        context of the node's game tree (its GM and SZ; a node made alone: Go 19x19), texts
        in the charset the file is held in. TypeError for a value that is of no type the
        property takes (``set("KM", "6.5")``); ValueError for one of its type that is not
        valid there (a point off the board; (20, 20) on 19x19, where [tt] is a pass; NaN)."""
    @property
    def move(self) -> Optional[Tuple[Literal["B", "W"], TypedValue]]:
        """("B" or "W", the point or None for a pass) of the node's first B or W property,
        decoded in its game tree's context (other games: as get() gives their moves); None
        when the node has no move. ValueError when the move is not valid there."""
    def get_move(self) -> Optional[Tuple[Literal["B", "W"], TypedValue]]:
        """Node.move, by sgfmill's name."""
    @property
    def line(self) -> Optional[int]:
        """Of the node's ';'."""
    @property
    def column(self) -> Optional[int]: ...
    @property
    def byte(self) -> Optional[int]: ...
    def same(self, other: Node) -> bool:
        """The same stored node (identity; == compares structure)."""

class GameTree:
    """GameTree = "(" Sequence { GameTree } ")". Persistent: edits return new game trees
    that share every untouched variation with this one."""

    def __init__(self, nodes: Sequence[Node], variations: Sequence[GameTree] = ...) -> None: ...
    @property
    def nodes(self) -> list[Node]:
        """The sequence (at least one node)."""
    @property
    def variations(self) -> list[GameTree]: ...
    @property
    def root(self) -> Node:
        """The first node of the sequence."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: SupportsIndex) -> Node:
        """Node ``i`` of this sequence (negative: from the end), as a list indexes: IndexError
        out of range, TypeError for what is no integer."""
    @overload
    def __getitem__(self, i: slice) -> list[Node]: ...
    def __iter__(self) -> Iterator[Node]: ...
    def main_line(self) -> list[Node]:
        """Every node of the main line: this tree's sequence, then its first variation's,
        and so on to a leaf."""
    def with_main_line_node(self, index: SupportsIndex, node: Node) -> GameTree:
        """Node ``index`` of main_line() (negative: from the end) replaced by ``node``, in
        whichever variation it stands: ``game = game.with_main_line_node(3,
        game.main_line()[3].set("C", "x"))``. IndexError past the end."""
    def with_main_line_appended(self, node: Node) -> GameTree:
        """``node`` appended after the last node of the main line."""
    def setup_and_moves(self) -> Tuple[Board, list[Tuple[Literal["B", "W"], Optional[Point]]]]:
        """(board, moves) of a Go game (sgfmill's get_setup_and_moves): a Board of the game's
        size with the root's AB, AW and AE, and the main line's moves in order, as
        ("B" or "W", point or None for a pass). ValueError for another game than Go, setup
        after the root, a move that is not valid, or a variation (call it on the game)."""
    def node_count(self) -> int:
        """All nodes of all variations."""
    def with_node(self, i: SupportsIndex, node: Node) -> GameTree: ...
    def with_node_appended(self, node: Node) -> GameTree: ...
    def with_variation(self, tree: GameTree, index: Optional[SupportsIndex] = None) -> GameTree:
        """The variation appended, or put in place of variation ``index``."""
    def without_variation(self, index: SupportsIndex) -> GameTree: ...
    @property
    def line(self) -> Optional[int]:
        """Of the tree's '('."""
    @property
    def column(self) -> Optional[int]: ...
    @property
    def byte(self) -> Optional[int]: ...
    def same(self, other: GameTree) -> bool: ...

class Collection:
    """The game trees of a file. Persistent: edits return new collections."""

    def __init__(self, games: Sequence[GameTree] = ...) -> None: ...
    @property
    def games(self) -> list[GameTree]: ...
    diagnostics: list[Diagnostic]
    """What the input stage and the parser reported (parse() only; the checker's findings
    are check()'s)."""
    charset: str
    """The charset the file was read in."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: SupportsIndex) -> GameTree:
        """Game ``i`` (negative: from the end), as a list indexes."""
    @overload
    def __getitem__(self, i: slice) -> list[GameTree]: ...
    def __iter__(self) -> Iterator[GameTree]: ...
    def with_game(self, i: SupportsIndex, tree: GameTree) -> Collection: ...
    def with_game_appended(self, tree: GameTree) -> Collection: ...
    def without_game(self, i: SupportsIndex) -> Collection: ...
    def same(self, other: Collection) -> bool: ...

class Board:
    """A Go board with captures: the checker's one board (ff4_go.txt "How to execute a
    move"). Points are (column, row) from 1, as Node.get gives them; colours "B"/"W" (or
    sgfmill's "b"/"w")."""

    def __init__(self, columns: int = 19, rows: Optional[int] = None) -> None:
        """An empty board, square unless ``rows`` is given. ValueError outside 1..52."""
    @property
    def size(self) -> Tuple[int, int]:
        """(columns, rows)."""
    def get(self, point: Point) -> Optional[Literal["B", "W"]]:
        """The stone on the point, None when empty. IndexError off the board."""
    def play(self, colour: str, point: Optional[Point]) -> int:
        """Plays a move (None: a pass): the stone overwrites the point, opponent groups left
        without liberties are removed, then its own group if it has none (suicide). Returns
        the number of stones removed. ValueError for a colour that is not B or W,
        IndexError for a point off the board."""
    def apply_setup(self, black: Iterable[Point] = ..., white: Iterable[Point] = ..., empty: Iterable[Point] = ...) -> None:
        """AB, AW, AE: stones put or removed, without captures (a group without liberties
        stays, as the spec says). All points are checked first: IndexError changes nothing."""
    def list_occupied_points(self) -> list[Tuple[Literal["B", "W"], Point]]:
        """Every stone, row by row from the top."""
    def __str__(self) -> str:
        """The board row by row from the top: X black, O white, . empty."""
