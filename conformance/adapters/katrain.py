#!/usr/bin/env python3
"""Adapter for KaTrain's SGF parser (sanderland/katrain, katrain/core/sgf_parser.py),
from ../../../shared/peers/katrain. Needs Debian python3-chardet.

Reads with SGF.parse_file(path), as KaTrain opens a file: the encoding from
CA[] (or chardet's guess on the first 300 bytes), bytes that do not decode
dropped; then the text from the first "(;" to the last ")".

Errors: ParseError ("expected ')' at end of input", "unexpected character") is
a rejection (exit 1). Anything else is a crash: RecursionError (it recurses
per '(': about 1 000 levels), LookupError, TypeError ...

Tree: KaTrain keeps a tree of nodes, so a lone variation cannot be told from
the sequence it continues (`(;A(;B))` reads as `(;A;B)`); a repeated
identifier in a node is merged; lowercase letters are dropped from
identifiers; values are as KaTrain gives them (it unescapes only "\\]" and
"\\\\"), so its other escape handling shows as tree differences.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib'))
sys.path.insert(0, os.environ['SGF_PEER_DIR'])
import common  # noqa: E402
from katrain.core.sgf_parser import SGF, ParseError  # noqa: E402


def parse(path):
    root = SGF.parse_file(path)
    return [common.from_node_tree(
        root,
        lambda n: [[k, [common.contract_text(k, v) if isinstance(v, str) else str(v) for v in vals]]
                   for k, vals in n.properties.items()],
        lambda n: n.children)]


sys.exit(common.run(parse, lambda e: 1 if isinstance(e, ParseError) else 2))
