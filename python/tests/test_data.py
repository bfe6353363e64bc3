"""What the module reads as a file's contents and as a charset name: any buffer of bytes as
bytes(data) reads it (strided, reversed, multi-dimensional, read-only views), never the
memory around it; buffers of other items refused; str as UTF-8 with PEP 383's surrogates as
the bytes they stand for; charset names checked before a file is read."""
import array
import ctypes
import os
import random

import pytest
import sgfcheck
from conftest import CASES

try:
    import _testbuffer  # CPython's buffer test exporter: any shape, strides, suboffsets
except ImportError:  # pragma: no cover - Debian's python3.11 has it
    _testbuffer = None

TEXT = b"(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[Cho]C[a\\]b];B[pd];W[dp](;B[dd])(;B[qq]C[x]))"


def same_everywhere(view):
    """check, fix, dump and parse read `view` as bytes(view) reads it."""
    b = bytes(view)
    assert sgfcheck.check(view) == sgfcheck.check(b)
    assert sgfcheck.fix(view) == sgfcheck.fix(b)
    assert sgfcheck.dump(view) == sgfcheck.dump(b)
    assert sgfcheck.write(sgfcheck.parse(view)) == sgfcheck.write(sgfcheck.parse(b))


def test_strided_and_reversed_views_read_what_they_show():
    m = memoryview(TEXT)
    for view in (m[::2], m[1::3], m[::-1], m[-5:3:-2], m[10:], m[:0], m[::len(TEXT)]):
        same_everywhere(view)
    # the half of the bytes a step of 2 shows, not the first half of the buffer
    assert bytes(m[::2]) != TEXT[: len(TEXT[::2])]
    assert sgfcheck.check(m[::2]) != sgfcheck.check(TEXT[: len(TEXT[::2])])


def test_a_reversed_view_of_a_big_value_is_read_inside_its_buffer():
    # memoryview(x)[::-1] of 50 MB was read 50 MB on from its last byte (a segfault)
    x = b"(;C[" + b"a" * 16_000_000 + b"])"
    found = sgfcheck.check(memoryview(x)[::-1])
    assert found == sgfcheck.check(x[::-1])
    assert found != sgfcheck.check(x)  # ")]aaa...;(" is no game tree: not the buffer read forwards


def test_read_only_and_writable_buffers_alike():
    b = bytearray(TEXT)
    assert sgfcheck.check(memoryview(bytes(b))) == sgfcheck.check(b) == sgfcheck.check(memoryview(b)[:])
    assert memoryview(TEXT).readonly
    same_everywhere(memoryview(TEXT).toreadonly()[::3])


def test_byte_formats_are_read_and_other_items_refused():
    m = memoryview(TEXT)
    same_everywhere(m.cast("c"))
    same_everywhere(m.cast("b"))
    same_everywhere(array.array("B", TEXT))
    same_everywhere(array.array("b", TEXT)[::2])
    for other in (array.array("H", [1, 2, 3]), m[: len(TEXT) // 4 * 4].cast("I"), (ctypes.c_int * 3)(1, 2, 3),
                  array.array("d", [1.0])):
        with pytest.raises(TypeError, match="buffer of bytes"):
            sgfcheck.check(other)
    with pytest.raises(TypeError):
        sgfcheck.check(array.array("u", "(;)"))
    with pytest.raises(TypeError, match="buffer of bytes"):  # the type of its items, however many
        sgfcheck.check(array.array("H"))


def test_two_dimensional_buffers_in_c_order():
    rows = TEXT[: len(TEXT) // 4 * 4]
    grid = (ctypes.c_ubyte * (len(rows) // 4) * 4).from_buffer_copy(rows)
    view = memoryview(grid)
    assert view.ndim == 2
    same_everywhere(view)
    assert bytes(view) == rows
    same_everywhere(memoryview(rows).cast("B", shape=[4, len(rows) // 4]))


@pytest.mark.skipif(_testbuffer is None, reason="needs CPython's _testbuffer (Debian: part of python3.11)")
def test_non_contiguous_multi_dimensional_and_indirect_buffers():
    nd = _testbuffer.ndarray
    items = list(TEXT[:60])
    grid = nd(items, shape=[6, 10], format="B")
    for view in (grid[::2, ::-1], grid[::-1, 3:7], grid[1:5:3, ::3]):
        assert not memoryview(view).c_contiguous
        same_everywhere(view)
    fortran = nd(items, shape=[6, 10], format="B", flags=_testbuffer.ND_FORTRAN)
    same_everywhere(fortran)
    indirect = nd(items, shape=[6, 10], format="B", flags=_testbuffer.ND_PIL)  # suboffsets
    same_everywhere(indirect)
    same_everywhere(nd([bytes([c]) for c in items], shape=[60], format="c")[::-7])
    with pytest.raises(TypeError, match="buffer of bytes"):
        sgfcheck.check(nd(list(range(12)), shape=[3, 4], format="i"))


def test_random_views_read_as_bytes_reads_them():
    seed = int(os.environ.get("SGF_TEST_SEED", random.randrange(1 << 32)))
    print("seed", seed, "(SGF_TEST_SEED repeats it)")
    rng = random.Random(seed)
    texts = [TEXT] + [p.read_bytes() for p in sorted(CASES.glob("*.sgf"))[:200] if p.stat().st_size < 4096]
    for _ in range(300):
        data = rng.choice(texts)
        n = len(data)
        start, stop = rng.randint(-n - 2, n + 2), rng.randint(-n - 2, n + 2)
        step = rng.choice([1, 2, 3, 7, -1, -2, -5, n + 1])
        view = memoryview(data)[start:stop:step]
        if rng.random() < 0.3 and _testbuffer is not None and len(view) >= 6:
            cols = rng.choice([2, 3])
            rows = len(view) // cols
            grid = _testbuffer.ndarray(list(bytes(view)[: rows * cols]), shape=[rows, cols], format="B")
            view = grid[:: rng.choice([1, -1, 2]), :: rng.choice([1, -1])]
        b = bytes(view)
        assert sgfcheck.check(view) == sgfcheck.check(b), (seed, start, stop, step)
        assert sgfcheck.dump(view) == sgfcheck.dump(b), (seed, start, stop, step)


def test_lone_surrogates_in_str():
    # U+DC80-U+DCFF: the bytes surrogateescape made them of (PEP 383), then reported as any
    # such byte is (a byte that is no character in a UTF-8 file), not dropped
    as_bytes = b"(;FF[4]CA[UTF-8]C[a\xffb])"
    found = sgfcheck.check("(;FF[4]CA[UTF-8]C[a\udcffb])")
    assert found == sgfcheck.check(as_bytes)
    assert [d.byte for d in found if "FF" in d.message] == [as_bytes.index(b"\xff")]
    assert sgfcheck.check("(;C[\udcff])") == sgfcheck.check(b"(;C[\xff])")
    # any other lone surrogate is no character: an error, never a guess
    for text in ("(;C[\ud800])", "(;C[\udfff])", "(;C[a\ud83d])", "(;C[\udc7f])"):
        for call in (sgfcheck.check, sgfcheck.fix, sgfcheck.dump, sgfcheck.parse):
            with pytest.raises(ValueError):
                call(text)
    # values: what the module gives for a byte that is no character goes back in unchanged
    c = sgfcheck.parse(b"(;FF[4]CA[UTF-8]C[a\xffb])")
    node = c[0].root
    assert node["C"] == ["a\udcffb"]
    assert sgfcheck.write(node.with_property("C", node["C"])) == sgfcheck.write(node)
    with pytest.raises(ValueError):
        node.with_property("C", ["a\ud800"])


def test_charset_names_are_checked_before_reading():
    for call in (sgfcheck.check, sgfcheck.fix, sgfcheck.dump, sgfcheck.parse):
        for bad in ("UTF-8\0junk", "\0", "no-such-charset", ""):
            with pytest.raises(ValueError, match="charset"):
                call(TEXT, charset=bad)
        call(TEXT, charset="UTF-8")  # a real name is fine
    with pytest.raises(ValueError, match=r"\\x00"):  # the NUL shown, not cut there
        sgfcheck.check(TEXT, charset="UTF-8\0junk")
    with pytest.raises(ValueError, match="charset"):
        sgfcheck.check_files([], charset="UTF-8\0")
