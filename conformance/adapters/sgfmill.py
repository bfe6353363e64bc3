#!/usr/bin/env python3
"""Adapter for sgfmill (mattheww/sgfmill, Python), from ../../../shared/peers/sgfmill.

Reads the file as bytes with sgf_grammar.parse_sgf_collection() (every game
tree of the collection), then builds an Sgf_game from each
(Sgf_game.from_coarse_game_tree: checks SZ and the CA encoding), as
Sgf_game.from_bytes() does for one game.

Errors: sgfmill raises ValueError for what it rejects ("unexpected end of SGF
data", "no SGF data found", "bad SZ property"): exit 1. Anything else
(RecursionError, TypeError, LookupError ...) is a crash.

Tree: the coarse tree as sgfmill keeps it: sequences and variations as
written; the raw values decoded with the game's encoding (CA, default
ISO-8859-1) and escape-processed by the contract (lib/common.py). What its
model loses: a repeated identifier in a node is merged into one property
(values appended); lowercase letters in identifiers are dropped (AddBlack
-> AB); junk before the first '(;' and between game trees is skipped.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib'))
sys.path.insert(0, os.environ['SGF_PEER_DIR'])
import common  # noqa: E402
from sgfmill import sgf, sgf_grammar  # noqa: E402


def to_tree(coarse, encoding):
    def props(seq_node):
        return [[ident, [common.contract_value(ident, v.decode(encoding, 'replace')) for v in values]]
                for ident, values in seq_node.items()]
    top = {'nodes': [], 'variations': []}
    work = [(coarse, top)]
    while work:
        c, t = work.pop()
        t['nodes'] = [props(n) for n in c.sequence]
        for child in c.children:
            v = {'nodes': [], 'variations': []}
            t['variations'].append(v)
            work.append((child, v))
    return top


def parse(path):
    with open(path, 'rb') as f:
        data = f.read()
    trees = []
    for coarse in sgf_grammar.parse_sgf_collection(data):
        game = sgf.Sgf_game.from_coarse_game_tree(coarse)
        trees.append(to_tree(coarse, game.presenter.encoding))
    return trees


sys.exit(common.run(parse, lambda e: 1 if type(e) is ValueError else 2))
