#!/usr/bin/env python3
"""A small SGF reader with four planted bugs: the reader of tests/diff_planted_test.sh, which
checks that a plain `sgfcheck diff` run finds each bug and reports it as one kind.

It follows the adapter contract (conformance/adapters/README.md) through
conformance/adapters/lib/common.py: ADAPTER FILE or ADAPTER --batch, the JSON tree.
The planted bugs (everything else is meant to read FF[4] as the spec says):
  1. white space between two values of a property is not allowed (a rejection);
  2. a soft line break (backslash + line break) is kept as a line break;
  3. lowercase letters in identifiers are accepted and kept ("GaN" is read, no error);
  4. an empty value ("C[]") crashes the reader (IndexError).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'conformance', 'adapters', 'lib'))
import common  # noqa: E402


class ParseError(Exception):
    pass


def unescape(raw):
    out, i = [], 0
    while i < len(raw):
        if raw[i] == '\\' and i + 1 < len(raw):
            i += 1  # BUG 2: "\\" + line break should vanish; the break is kept
        out.append(raw[i])
        i += 1
    return ''.join(out)


def value(ident, raw):
    raw[0]  # BUG 4: an empty value raises IndexError
    parts = raw_parts(raw) if ident in common.COMPOSED else [raw]
    return [unescape(p) for p in parts] if len(parts) == 2 else unescape(raw)


def raw_parts(raw):
    """A composed value's two parts: split at the first ':' that is not escaped."""
    i = 0
    while i < len(raw):
        if raw[i] == '\\':
            i += 2
        elif raw[i] == ':':
            return [raw[:i], raw[i + 1:]]
        else:
            i += 1
    return [raw]


def parse_text(text):
    ws = ' \t\r\n\v\f'
    i, n = 0, len(text)
    trees, stack, tree = [], [], None
    while True:
        while i < n and text[i] in ws:
            i += 1
        if i >= n:
            break
        c = text[i]
        if c == '(':
            new = {'nodes': [], 'variations': []}
            if tree is None:
                trees.append(new)
            else:
                if not tree['nodes']:
                    raise ParseError('game tree without a node at %d' % i)
                tree['variations'].append(new)
            stack.append(tree)
            tree = new
            i += 1
        elif c == ')':
            if tree is None or not tree['nodes']:
                raise ParseError("unexpected ')' at %d" % i)
            tree = stack.pop()
            i += 1
        elif c == ';':
            if tree is None or tree['variations']:
                raise ParseError("unexpected ';' at %d" % i)
            tree['nodes'].append([])
            i += 1
        elif c.isalpha():  # BUG 3: lowercase letters accepted (FF[4]: UcLetter only)
            m = re.compile(r'[A-Za-z]+').match(text, i)
            ident, i = m.group(), m.end()
            if tree is None or not tree['nodes'] or tree['variations']:
                raise ParseError('property outside a node at %d' % i)
            values = []
            while i < n and text[i] in ws:
                i += 1
            while i < n and text[i] == '[':
                j = i + 1
                while j < n and text[j] != ']':
                    j += 2 if text[j] == '\\' else 1
                if j >= n:
                    raise ParseError('value not closed at %d' % i)
                values.append(value(ident, text[i + 1:j]))
                i = j + 1
                if i < n and text[i] in ws and text[i:].lstrip(ws)[:1] == '[':
                    raise ParseError('white space between values at %d' % i)  # BUG 1
            if not values:
                raise ParseError('property without value at %d' % i)
            tree['nodes'][-1].append([ident, values])
        else:
            raise ParseError('unexpected %r at %d' % (c, i))
    if tree is not None or not trees:
        raise ParseError('missing )' if trees else 'no game tree')
    return trees


def parse(path):
    data = open(path, 'rb').read()
    charset = 'utf-8' if re.search(rb'CA\[\s*UTF-8\s*\]', data, re.I) else 'latin-1'
    return parse_text(data.decode(charset, 'replace'))


sys.exit(common.run(parse, lambda e: 1 if isinstance(e, ParseError) else 2))
