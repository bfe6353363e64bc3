// The WebAssembly module under node, against the sgfcheck program: check (every profile,
// select/ignore, bytes and strings), fix and dump on every conformance case.
//   node web/test/node_test.js DIST SGFCHECK CASES
"use strict";
const assert = require("assert");
const { spawnSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const [dist, sgfcheck, casesDir] = process.argv.slice(2);
if (!fs.existsSync(path.join(dist, "sgfcheck.js"))) {
  const why = "needs the WebAssembly build " + path.join(dist, "sgfcheck.js") +
              " (web/build.sh; Debian emscripten and node-acorn, which .ci/setup installs)";
  if (process.env.SGF_NO_SKIP === "1") { console.error("SGF_NO_SKIP=1 and this test " + why); process.exit(1); }
  console.log("SGF_TEST_SKIPPED: " + why);
  process.exit(0);
}

function program(args, input) {
  return spawnSync(sgfcheck, args, { input, maxBuffer: 1 << 28 });
}
// --format=json lines of one run over the cases folder, per file, without file and version.
function findings(args) {
  const r = program(["--format=json", "--no-config", "-q", ...args, casesDir]);
  assert.ok(r.status === 0 || r.status === 1, r.stderr.toString());
  const out = new Map();
  for (const line of r.stdout.toString().split("\n")) {
    if (!line) continue;
    const o = JSON.parse(line);
    if (!o.file) continue;
    const { file, version, ...rest } = o;
    if (!out.has(file)) out.set(file, []);
    out.get(file).push(rest);
  }
  return out;
}
// A diagnostic of the module in the shape of a --format=json line.
function shape(d) {
  const o = { line: d.line, column: d.column, byte: d.byte, severity: d.severity, code: d.code, message: d.message };
  if (d.hint) o.hint = d.hint;
  if (d.count !== 1) o.count = d.count;
  if (d.related) o.related = d.related;
  return o;
}

require(path.resolve(dist, "sgfcheck.js"))().then((m) => {
  const cases = fs.readdirSync(casesDir).filter((f) => f.endsWith(".sgf")).sort().map((f) => path.join(casesDir, f));
  assert.ok(cases.length > 300);
  let compared = 0;
  for (const [args, options] of [[[], {}], [["--profile=current"], { profile: "current" }], [["--profile=hex"], { profile: "hex" }],
                                 [["--select=E1,W", "--ignore=E108"], { select: ["E1", "W"], ignore: "E108" }],
                                 [["--lenient"], { lenient: true }]]) {
    const want = findings(args);
    for (const c of cases) {
      const got = m.check(new Uint8Array(fs.readFileSync(c)), options).map(shape);
      assert.deepStrictEqual(got, want.get(c) || [], c + " " + args.join(" "));
      ++compared;
    }
  }
  // a string is its UTF-8 bytes
  const text = "(;FF[4]GM[1]SZ[19]PB[李昌鎬]KM[6,5];B[dd]B[pp])";
  assert.deepStrictEqual(m.check(text), m.check(new TextEncoder().encode(text)));
  assert.deepStrictEqual(m.check(text, { select: "111" }), []);
  assert.throws(() => m.check(text, { profile: "ff5" }), RangeError);
  assert.throws(() => m.check(text, { select: "Q" }), RangeError);
  assert.throws(() => m.check(text, { charset: "no-such" }), RangeError);
  assert.strictEqual(m.inspect(new Uint8Array([0x28, 0x3b, 0x43, 0x5b, 0xe9, 0x5d, 0x29])).charset.length > 0, true);
  // what is no data or no options object is a TypeError that says what it takes (they were
  // embind's "Cannot pass non-string to std::string", or options silently ignored); any other
  // view of bytes is the bytes it shows, as a Uint8Array of them
  const bytes = new TextEncoder().encode("xx" + text);
  for (const view of [new DataView(bytes.buffer, 2), new Int8Array(bytes.buffer, 2), new Uint8ClampedArray(bytes.buffer, 2)])
    assert.deepStrictEqual(m.check(view), m.check(text), view.constructor.name);
  assert.deepStrictEqual(m.check(bytes.buffer.slice(2)), m.check(text));
  for (const f of ["check", "fix", "dump", "inspect"]) {
    for (const [bad, kind] of [[123, "number"], [null, "null"], [{}, "Object"], [[1], "Array"], [new Map(), "Map"], [true, "boolean"]])
      assert.throws(() => m[f](bad), new RegExp("^TypeError: data must be a string, a Uint8Array or an ArrayBuffer \\(a file's bytes\\), not " + kind + "$"), f);
    assert.throws(() => m[f](), /^TypeError: data is missing: check\(data\[, options\]\)/, f);
    for (const [bad, kind] of [[5, "number"], ["ff4", "string"], [true, "boolean"]])
      assert.throws(() => m[f](text, bad), new RegExp("^TypeError: options must be an object .*, not " + kind + "$"), f);
    assert.doesNotThrow(() => m[f](text, null), f);
  }
  assert.deepStrictEqual(m.check(text), m.check(text, {}));  // still usable after the errors
  // lone surrogates (no UTF-8 of their own) are U+FFFD, as TextEncoder writes them: the
  // character after one is kept (embind's own conversion took it as the pair's second half)
  for (const lone of ["(;C[\ud800])", "(;C[\udc00])", "(;C[a\ud83d]B[aa])", "(;C[\ud800\ud800])", "(;C[x\udfff"]) {
    const bytes = new TextEncoder().encode(lone);
    assert.deepStrictEqual(m.check(lone), m.check(bytes), JSON.stringify(lone));
    assert.strictEqual(m.dump(lone), m.dump(bytes), JSON.stringify(lone));
    assert.deepStrictEqual(Buffer.from(m.fix(lone).bytes), Buffer.from(m.fix(bytes).bytes), JSON.stringify(lone));
  }
  assert.deepStrictEqual(m.check("(;FF[4]GM[1]SZ[19]CA[UTF-8]C[\ud800])"), []);  // no E008: the ']' is there
  assert.deepStrictEqual(JSON.parse(m.dump("(;C[\ud800])")).trees[0].nodes[0], [["C", ["\ufffd"]]]);
  assert.deepStrictEqual(JSON.parse(m.dump("(;C[\ud83d\ude00])")).trees[0].nodes[0], [["C", ["\ud83d\ude00"]]]);  // a pair stays one character
  // fix and dump: what the program writes
  let fixed = 0, refused = 0;
  for (const c of cases) {
    const bytes = new Uint8Array(fs.readFileSync(c));
    const r = program(["fix", c]);
    if (r.stderr.toString().includes("left unchanged")) {
      assert.throws(() => m.fix(bytes), /a bug in fix/);
      ++refused;
      continue;
    }
    const f = m.fix(bytes);
    assert.deepStrictEqual(Buffer.from(f.bytes), r.stdout, c);
    ++fixed;
    const d = program(["dump", c]);
    if (d.status === 0 || d.status === 1) assert.deepStrictEqual(JSON.parse(m.dump(bytes)), JSON.parse(d.stdout.toString()), c);
  }
  assert.ok(refused < 5);
  console.log("node test: " + compared + " checks, " + fixed + " fixes and dumps as the program gives them");
}).catch((e) => { console.error(e.stack || e); process.exit(1); });
