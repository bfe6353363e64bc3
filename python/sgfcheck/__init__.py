"""sgfcheck: the SGF (Smart Game Format) reference checker from Python.

The C++ library sgf::sgf does the work (the GIL is released while it does); this package is
its Python face. ``__init__.pyi`` documents every function and class.

    >>> import sgfcheck
    >>> [d.code for d in sgfcheck.check(b"(;FF[4]GM[1]SZ[19];B[dd]B[pp])")]
    ['E201']
    >>> sgfcheck.parse(b"(;FF[4]GM[1]SZ[19]KM[6.5];B[dd])").games[0].root.get("KM")
    6.5
"""
try:
    from ._sgfcheck import (  # noqa: F401  (the public API)
        PROFILES,
        Board,
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
except ImportError as _error:
    # The C++ module is built for one Python (its ABI tag is in the file name): another python3
    # first on PATH (pyenv's, a virtual environment) finding this folder through PYTHONPATH
    # would otherwise say only "No module named 'sgfcheck._sgfcheck'".
    import glob as _glob
    import os as _os
    import sys as _sys

    _built = sorted(_os.path.basename(f) for f in _glob.glob(_os.path.join(_os.path.dirname(__file__), "_sgfcheck*")))
    raise ImportError(
        "sgfcheck's C++ module cannot be loaded by this Python (%s, %s): %s; built here: %s. "
        "Run the python3 it was built for (Debian's /usr/bin/python3 for the packaged build), or build it for "
        "this one (cmake -DPython_EXECUTABLE=%s)." % (_sys.executable, _sys.version.split()[0], _error,
                                                     ", ".join(_built) or "nothing", _sys.executable)
    ) from _error

__all__ = [
    "PROFILES",
    "Board",
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
