#!/usr/bin/env node
'use strict'
// Adapter for smartgame (neagle/smartgame), API smartgame.parse(string).
// The file is read as UTF-8.
//
// Errors: smartgame never reports an error on purpose. It skips any character
// it does not know, so junk, '()' and a missing ')' are accepted. Malformed
// input shows up only as exceptions from inside the library, e.g. a value with
// no closing ']' -> TypeError (null.length), a ')' or ';' outside any game
// tree -> TypeError. Those are crashes (exit 2). The one deliberate
// Error('malformed sgf') would be a rejection (exit 1).
//
// Tree: smartgame keeps the raw value text, so we apply the contract's
// unescaping ourselves. What cannot be recovered (smartgame's data model):
// - a node is {ID: value | [values]}: a repeated identifier in one node keeps
//   only its last value(s);
// - an identifier is everything between the first upper-case letter and '['
//   (so "B [aa]" gives the identifier "B "); a value list that comes before any
//   identifier in a node goes to the identifier seen last, possibly in an
//   earlier node, and the missing first value is dropped (smartgame has
//   undefined there);
// - lower-case letters before an identifier are skipped.
const fs = require('fs')
const smartgame = require('smartgame')
const {run, contractValue} = require('./lib/common')

function toTree(seq) {
  // seq = {nodes: [{ID: v|[v]}], sequences: [seq]}; iterative.
  const top = {nodes: [], variations: []}
  const work = [[seq, top]]
  while (work.length) {
    const [s, t] = work.pop()
    for (const node of s.nodes || []) {
      t.nodes.push(
        Object.keys(node).map(id => {
          const vals = Array.isArray(node[id]) ? node[id] : [node[id]]
          return [id, vals.filter(v => typeof v === 'string').map(v => contractValue(id, v))]
        })
      )
    }
    for (const child of s.sequences || []) {
      const v = {nodes: [], variations: []}
      t.variations.push(v)
      work.push([child, v])
    }
  }
  return top
}

run(
  file => (smartgame.parse(fs.readFileSync(file, 'utf8')).gameTrees || []).map(toTree),
  err => (err && err.constructor === Error && err.message === 'malformed sgf' ? 1 : 2)
)
