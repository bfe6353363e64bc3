#!/usr/bin/env node
'use strict'
// Adapter for sgfgrove (type-aware FF[4] parser), API SGFGrove.parse(string).
// The file is read as UTF-8 (sgfgrove ignores CA[] by design).
//
// Errors: sgfgrove throws SyntaxError for everything it rejects: bad syntax,
// a duplicate identifier in a node, a value that does not fit the
// property's type (FF[four], B[a]), an identifier unknown to the file format.
// Only FF[4] is built in (the FF[1]-[3] extension is a separate package), so
// a root without FF[4] is read as FF[1] and any property in it is rejected.
// SyntaxError -> exit 1; RangeError (it recurses once per '(') or any
// other error -> crash, exit 2.
//
// Tree: sgfgrove converts values to typed JS values. We turn each back into
// SGF text with sgfgrove's own stringify for that property type, then apply
// the contract's unescaping. What cannot be recovered:
// - Number/Real/Double lose their spelling: "+3", "03", "6.50" -> "3", "3", "6.5";
// - compressed point lists are expanded: AB[aa:bb] -> "aa","ba","ab","bb";
// - SimpleText turns every white space (newlines too) into ' ', Text turns
//   every white space other than line breaks into ' ';
// - unknown properties keep their raw text with only "\]" unescaped; the
//   contract unescaping applied afterwards gives the contract value;
// - a game tree with exactly one variation (;A(;B)) is flattened to (;A;B).
const fs = require('fs')
const SGFGrove = require('sgfgrove')
const {run, contractValue} = require('./lib/common')

function propertiesFor(root) {
  // Same choice as SGFGrove.parse's createProperties (FF/GM default to 1).
  const num = v => (typeof v === 'number' ? v : 1)
  const ff = SGFGrove.fileFormat({FF: num(root.FF), GM: num(root.GM)})
  return ff.properties()
}

function toTree(gameTree) {
  // gameTree = [[node, ...], [gameTree, ...]]; iterative.
  const props = propertiesFor(gameTree[0][0] || {})
  const top = {nodes: [], variations: []}
  const work = [[gameTree, top]]
  while (work.length) {
    const [[sequence, children], t] = work.pop()
    for (const node of sequence) {
      t.nodes.push(
        Object.keys(node).map(id => {
          const raw = props.stringify(id, node[id])
          if (!raw) throw new TypeError('cannot stringify ' + id + ' back')
          return [id, raw.map(v => contractValue(id, v))]
        })
      )
    }
    for (const child of children) {
      const v = {nodes: [], variations: []}
      t.variations.push(v)
      work.push([child, v])
    }
  }
  return top
}

run(
  file => SGFGrove.parse(fs.readFileSync(file, 'utf8')).map(toTree),
  err => (err instanceof SyntaxError ? 1 : 2)
)
