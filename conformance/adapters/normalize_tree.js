#!/usr/bin/env node
'use strict'
// Canonicalise a JSON tree ({"format":"sgf-tree","version":2,"trees":[...]}) so two trees can be compared
// byte for byte: drop white space between tokens and re-serialise every
// string the way JSON.stringify does ("\u00e9" -> "é", "\/" -> "/", ...).
// Key order and repeated keys are kept exactly as given (no JSON.parse of
// objects), and nothing recurses, so any nesting depth is fine.
//
//   node normalize_tree.js [FILE]      (stdin without FILE)
// Prints the canonical form and a newline; exit 1 if the input is not JSON.
const fs = require('fs')

function normalize(text) {
  const out = []
  const stack = [] // expected closers
  const str = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y
  const lit = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y
  let i = 0
  let values = 0 // top-level values seen
  while (i < text.length) {
    const c = text[i]
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++
    } else if (c === '{' || c === '[') {
      stack.push(c === '{' ? '}' : ']')
      out.push(c)
      i++
    } else if (c === '}' || c === ']') {
      if (stack.pop() !== c) throw new Error('unbalanced ' + c + ' at ' + i)
      out.push(c)
      i++
      if (!stack.length) values++
    } else if (c === ',' || c === ':') {
      if (!stack.length) throw new Error('unexpected ' + c + ' at ' + i)
      out.push(c)
      i++
    } else if (c === '"') {
      str.lastIndex = i
      const m = str.exec(text)
      if (!m) throw new Error('bad string at ' + i)
      out.push(JSON.stringify(JSON.parse(m[0])))
      i += m[0].length
      if (!stack.length) values++
    } else {
      lit.lastIndex = i
      const m = lit.exec(text)
      if (!m) throw new Error('unexpected ' + JSON.stringify(c) + ' at ' + i)
      out.push(m[0])
      i += m[0].length
      if (!stack.length) values++
    }
  }
  if (stack.length) throw new Error('unexpected end of input')
  if (values !== 1) throw new Error('expected exactly one JSON value, got ' + values)
  return out.join('')
}

if (require.main === module) {
  try {
    const text = fs.readFileSync(process.argv[2] || 0, 'utf8')
    process.stdout.write(normalize(text) + '\n')
  } catch (err) {
    process.stderr.write('normalize_tree: ' + err.message + '\n')
    process.exitCode = 1
  }
}

module.exports = {normalize}
