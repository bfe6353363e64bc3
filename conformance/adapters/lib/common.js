'use strict'
const fs = require('fs')
// Shared plumbing for the Node.js adapters (see ../README.md for the contract).
//
//   run(parse, classify)  parse(file) -> array of contract trees, or throws.
//                         classify(err) -> 1 (the library reported an error)
//                         or 2 (a crash: stack overflow, internal TypeError...).
//
// Contract tree, as built by the adapters: T = {nodes: [N...], variations: [T...]}
// where a node N is an array of [ident, [value, ...]] pairs, so that property
// order, and repeated identifiers if a library keeps them, survive. A value is a
// string, or for a composed value its two parts [first, second] (contractValue).
// Everything here is iterative: deep nesting must not overflow *our* stack,
// only the library's.

// Contract escape processing of a raw value (the text between '[' and ']'):
// "\" + line break (\r\n, \n\r, \n or \r) is removed; "\" + any other
// character gives that character; nothing else is converted.
function unescapeSgf(raw) {
  return raw.replace(/\\(\r\n|\n\r|[\s\S])/g, (m, c) =>
    c === '\n' || c === '\r' || c === '\r\n' || c === '\n\r' ? '' : c
  )
}

// Properties whose values may be composed in Go (FF[4] compose types and compressed
// point lists; sgfcheck decides by its rule table, include/sgf/json.hpp): a value with
// a ':' is given as its two parts.
const COMPOSED = new Set(['AP', 'AR', 'LN', 'LB', 'SZ', 'FG', 'DD', 'VW', 'AB', 'AW', 'AE', 'TB', 'TW', 'CR', 'MA', 'SL', 'SQ', 'TR'])

// A raw value (the text between '[' and ']') in the contract form: split at its first
// unescaped ':' when the property is composed, each part escape-processed.
function contractValue(id, raw) {
  if (COMPOSED.has(id)) {
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] === '\\') i++
      else if (raw[i] === ':') return [unescapeSgf(raw.slice(0, i)), unescapeSgf(raw.slice(i + 1))]
    }
  }
  return unescapeSgf(raw)
}

// The same for a value a library has unescaped already: split at its first ':' (an
// escaped ':' can no longer be told from a separator).
function contractText(id, text) {
  const i = COMPOSED.has(id) ? text.indexOf(':') : -1
  return i < 0 ? text : [text.slice(0, i), text.slice(i + 1)]
}

// Compact JSON for {"format":"sgf-tree","version":2,"trees":[T...]} without recursion.
function emit(trees) {
  const out = ['{"format":"sgf-tree","version":2,"trees":[']
  // stack of frames: {list, i, close}
  const stack = [{list: trees, i: 0, close: ']}'}]
  while (stack.length) {
    const f = stack[stack.length - 1]
    if (f.i >= f.list.length) {
      out.push(f.close)
      stack.pop()
      continue
    }
    const t = f.list[f.i++]
    if (f.i > 1) out.push(',')
    out.push('{"nodes":[')
    out.push(
      t.nodes
        .map(n => '[' + n.map(([id, vals]) => '[' + JSON.stringify(id) + ',' + JSON.stringify(vals) + ']').join(',') + ']')
        .join(',')
    )
    out.push('],"variations":[')
    stack.push({list: t.variations, i: 0, close: ']}'})
  }
  return out.join('')
}

// One file's answer: [verdict, message, tree text].
function answer(parse, classify, file, wantTree) {
  let trees
  try {
    trees = parse(file)
  } catch (err) {
    const code = classify(err)
    const text = String(err && err.message !== undefined ? err.constructor.name + ': ' + err.message : err)
    return [code === 1 ? 'rejected' : 'crash', text.replace(/\s+/g, ' ').slice(0, 300), '']
  }
  return ['accepted', '', wantTree ? emit(trees) : '']
}

// Batch mode (../README.md): the handshake, then one line per path read on stdin.
function runBatch(parse, classify) {
  const wantTree = process.env.SGF_ADAPTER_TREE === '1'
  fs.writeSync(1, 'sgf-adapter batch 1\n')
  let pending = ''
  const buf = Buffer.alloc(65536)
  for (;;) {
    let n
    try {
      n = fs.readSync(0, buf, 0, buf.length, null)
    } catch (err) {
      if (err.code === 'EAGAIN') continue
      if (err.code === 'EOF') break
      throw err
    }
    if (n === 0) break
    pending += buf.toString('utf8', 0, n)
    let nl
    while ((nl = pending.indexOf('\n')) >= 0) {
      const file = pending.slice(0, nl)
      pending = pending.slice(nl + 1)
      let ok = false
      try {
        ok = fs.statSync(file).isFile()
        fs.accessSync(file, fs.constants.R_OK)
      } catch (err) {
        ok = false
      }
      const [v, m, t] = ok ? answer(parse, classify, file, wantTree) : ['unreadable', 'cannot read ' + file, '']
      fs.writeSync(1, v + '\t' + m + '\t' + t + '\n')  // synchronous: one line at a time
    }
  }
}

function run(parse, classify) {
  if (process.argv[2] === '--batch' && process.argv.length === 3) return runBatch(parse, classify)
  const file = process.argv[2]
  if (!file) {
    process.stderr.write('usage: ' + process.argv[1] + ' FILE\n')
    process.exitCode = 64
    return
  }
  try {
    fs.accessSync(file, fs.constants.R_OK)
    if (!fs.statSync(file).isFile()) throw new Error('not a regular file')
  } catch (err) {
    process.stderr.write('cannot read ' + file + ': ' + err.message + '\n')
    process.exitCode = 66 // EX_NOINPUT: not a verdict on any SGF
    return
  }
  let trees
  try {
    trees = parse(file)
  } catch (err) {
    const code = classify(err)
    // A rejection gets its message, a crash its stack trace.
    const text = code === 1 || !(err && err.stack) ? String(err) : err.stack
    process.stderr.write((code === 1 ? 'rejected: ' : 'crash: ') + text + '\n')
    process.exitCode = code
    return
  }
  if (process.env.SGF_ADAPTER_TREE === '1') {
    // process.stdout.write + exitCode (not process.exit) so a pipe is drained.
    process.stdout.write(emit(trees) + '\n')
  }
  process.exitCode = 0
}

// Errors that are never a deliberate report by a parser: a blown stack,
// a string/array too long, a null dereference inside the library...
function isInternalError(err) {
  return (
    err instanceof RangeError ||
    err instanceof TypeError ||
    err instanceof ReferenceError ||
    !(err instanceof Error)
  )
}

module.exports = {unescapeSgf, contractValue, contractText, emit, run, isInternalError}
