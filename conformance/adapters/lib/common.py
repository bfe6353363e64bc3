"""Shared plumbing for the Python adapters (see ../README.md for the contract).

    run(parse, classify)   parse(path) -> list of contract trees, or raises.
                           classify(exc) -> 1 (the reader reported an error) or
                           2 (a crash: RecursionError, an internal TypeError ...).

Single-file mode: `ADAPTER FILE` exits 0/1/2 (66 when FILE cannot be read) and,
with SGF_ADAPTER_TREE=1, prints the tree on stdout.
Batch mode: `ADAPTER --batch` prints the handshake line "sgf-adapter batch 1",
then reads one path per line on stdin and answers each with one line
`VERDICT<TAB>MESSAGE<TAB>TREE` (accepted | rejected | crash; the tree only with
SGF_ADAPTER_TREE=1 and only when accepted), flushing after each line.

A contract tree is {"nodes": [N...], "variations": [T...]}, a node a list of
[ident, [value...]] pairs; a value a str, or for a composed value its two parts.
Nothing here recurses on the input's depth: only the reader may.
"""
import json
import os
import re
import sys

# Properties whose values may be composed in Go (lib/common.js has the same list).
COMPOSED = {'AP', 'AR', 'LN', 'LB', 'SZ', 'FG', 'DD', 'VW', 'AB', 'AW', 'AE',
            'TB', 'TW', 'CR', 'MA', 'SL', 'SQ', 'TR'}

_ESCAPE = re.compile(r'\\(\r\n|\n\r|[\s\S])')


def unescape(raw):
    """Contract escape processing of a raw value: "\\" + line break removed,
    "\\" + any other character gives that character, nothing else converted."""
    return _ESCAPE.sub(lambda m: '' if m.group(1) in ('\n', '\r', '\r\n', '\n\r') else m.group(1), raw)


def contract_value(ident, raw):
    """A raw value in the contract form: split at its first unescaped ':' when
    the property is composed, each part escape-processed."""
    if ident in COMPOSED:
        i = 0
        while i < len(raw):
            if raw[i] == '\\':
                i += 2
                continue
            if raw[i] == ':':
                return [unescape(raw[:i]), unescape(raw[i + 1:])]
            i += 1
    return unescape(raw)


def contract_text(ident, text):
    """The same for a value the reader has unescaped already."""
    i = text.find(':') if ident in COMPOSED else -1
    return text if i < 0 else [text[:i], text[i + 1:]]


def from_node_tree(root, properties, children):
    """A reader's tree of nodes (each with children) as a contract tree: a node
    with one child continues the sequence, several start variations. Iterative."""
    top = {'nodes': [], 'variations': []}
    work = [(root, top)]
    while work:
        node, tree = work.pop()
        while True:
            tree['nodes'].append(properties(node))
            kids = children(node)
            if len(kids) != 1:
                break
            node = kids[0]
        for kid in kids:
            v = {'nodes': [], 'variations': []}
            tree['variations'].append(v)
            work.append((kid, v))
    return top


def emit(trees):
    """Compact JSON of {"format":"sgf-tree","version":2,"trees":[...]}, no recursion."""
    out = ['{"format":"sgf-tree","version":2,"trees":[']
    stack = [[trees, 0]]
    while stack:
        frame = stack[-1]
        if frame[1] >= len(frame[0]):
            out.append(']}')
            stack.pop()
            continue
        t = frame[0][frame[1]]
        frame[1] += 1
        if frame[1] > 1:
            out.append(',')
        out.append('{"nodes":[')
        out.append(','.join('[' + ','.join('[' + json.dumps(i, ensure_ascii=False) + ','
                                            + json.dumps(v, ensure_ascii=False) + ']' for i, v in n) + ']'
                            for n in t['nodes']))
        out.append('],"variations":[')
        stack.append([t['variations'], 0])
    return ''.join(out)


def _one_line(text):
    return ' '.join(str(text).split())[:300]


def _answer(parse, classify, path, want_tree):
    """(verdict, message, tree text) for one file."""
    try:
        trees = parse(path)
    except BaseException as e:  # noqa: B902 -- RecursionError, MemoryError are verdicts too
        if isinstance(e, (KeyboardInterrupt, SystemExit)):
            raise
        code = classify(e)
        return ('rejected' if code == 1 else 'crash'), type(e).__name__ + ': ' + _one_line(e), ''
    return 'accepted', '', (emit(trees) if want_tree else '')


def run(parse, classify):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    want_tree = os.environ.get('SGF_ADAPTER_TREE') == '1'
    args = sys.argv[1:]
    if args == ['--batch']:
        out = sys.stdout
        out.write('sgf-adapter batch 1\n')
        out.flush()
        for line in sys.stdin:
            path = line.rstrip('\n')
            if not os.path.isfile(path) or not os.access(path, os.R_OK):
                out.write('unreadable\tcannot read ' + _one_line(path) + '\t\n')
            else:
                verdict, message, tree = _answer(parse, classify, path, want_tree)
                out.write(verdict + '\t' + message + '\t' + tree + '\n')
            out.flush()
        return 0
    if len(args) != 1:
        sys.stderr.write('usage: %s FILE | --batch\n' % sys.argv[0])
        return 64
    path = args[0]
    if not os.path.isfile(path) or not os.access(path, os.R_OK):
        sys.stderr.write('cannot read %s\n' % path)
        return 66  # EX_NOINPUT: not a verdict on any SGF
    verdict, message, tree = _answer(parse, classify, path, want_tree)
    if verdict == 'accepted':
        if tree:
            sys.stdout.write(tree + '\n')
        return 0
    sys.stderr.write(verdict + ': ' + message + '\n')
    return 1 if verdict == 'rejected' else 2
