"""sgfcheck: the SGF (Smart Game Format) reference checker from Python.

The C++ library sgf::sgf does the work (the GIL is released while it does); this package is
its Python face. ``__init__.pyi`` documents every function and class.

    >>> import sgfcheck
    >>> [d.code for d in sgfcheck.check(b"(;FF[4]GM[1]SZ[19];B[dd]B[pp])")]
    ['E201']
    >>> sgfcheck.parse(b"(;FF[4]GM[1]SZ[19]KM[6.5];B[dd])").games[0].root.get("KM")
    6.5
"""
from ._sgfcheck import (  # noqa: F401  (the public API)
    PROFILES,
    Collection,
    Diagnostic,
    FileCheck,
    GameTree,
    Node,
    Property,
    __version__,
    check,
    check_files,
    dump,
    fix,
    parse,
    write,
)

__all__ = [
    "PROFILES",
    "Collection",
    "Diagnostic",
    "FileCheck",
    "GameTree",
    "Node",
    "Property",
    "__version__",
    "check",
    "check_files",
    "dump",
    "fix",
    "parse",
    "write",
]
