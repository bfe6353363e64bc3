#!/usr/bin/env node
'use strict'
// Adapter for @sabaki/sgf (the parser of the Sabaki Go board), API sgf.parseFile().
//
// Errors: the library throws a plain Error("Unexpected token at L:C") for a
// character its tokenizer cannot place (e.g. '[' without ']', stray '%').
// That is a rejection (exit 1). Anything else is a crash (exit 2): a
// RangeError (stack overflow: the parser recurses once per '('), a TypeError,
// or iconv-lite's "Encoding not recognized: 'null'" when jschardet guesses
// nothing (an empty file).
// Everything else is accepted: missing ')' at end of file, '()' , junk
// letters (read as property identifiers without values) ...
//
// What the tree cannot express (Sabaki's data model, not recoverable):
// - a node is {ID: [values]}: repeated identifiers in one node are merged
//   into the first one's list (B[aa]B[bb] -> B:["aa","bb"]);
// - identifiers are reduced to their upper-case letters (FF[3] style
//   "AddBlack" -> "AB"); all-lower-case identifiers and their values vanish;
// - the tree is node/children: a game tree with exactly one variation,
//   (;A(;B)), reads back as (;A;B); a game tree with no node gives a node
//   with no properties;
// - values are unescaped by Sabaki itself: every '\r' is deleted before
//   unescaping, so CR and CR LF line breaks come out as '\n' or nothing;
// - parseFile() guesses the encoding (jschardet on the first 300 bytes, then
//   CA[]) and decodes the file with it; we print what it decoded.
const sgf = require('@sabaki/sgf')
const {run, contractText, isInternalError} = require('./lib/common')

function toTree(root) {
  // Iterative: a chain of single children is one sequence; a fork starts
  // variations. Work items: [node, contract tree to fill].
  const top = {nodes: [], variations: []}
  const work = [[root, top]]
  while (work.length) {
    let [node, t] = work.pop()
    for (;;) {
      t.nodes.push(Object.keys(node.data).map(id => [id, node.data[id].map(v => contractText(id, v))]))
      if (node.children.length !== 1) break
      node = node.children[0]
    }
    if (node.children.length > 1) {
      for (const child of node.children) {
        const v = {nodes: [], variations: []}
        t.variations.push(v)
        work.push([child, v])
      }
    }
  }
  return top
}

run(
  file => sgf.parseFile(file).map(toTree),
  err => (!isInternalError(err) && /^Unexpected token/.test(err.message) ? 1 : 2)
)
