#!/usr/bin/env bash
# ctest web_npm: the npm tarball as a user gets it. `npm pack` of the WebAssembly package
# (DIST, built by web_build), `npm install` of the tarball into a fresh folder (offline: the
# package has no dependencies), then, from that folder only: a CommonJS and an ES module
# script check a conformance case as `sgfcheck --format=json` does; the TypeScript types
# pass `tsc --strict` on a typical use (which, compiled, runs) and reject three misuses
# with the errors expected. Skips, saying why, without npm, node or tsc (Debian nodejs,
# node-typescript; .ci/setup installs them); SGF_NO_SKIP=1 (CI) makes a skip a failure.
#   web/test/npm_package_test.sh DIST SGFCHECK CASE.sgf
set -uo pipefail
dist=$1 sgfcheck=$2 case_file=$3
here=$(cd "$(dirname "$0")" && pwd)
skip() {
  if [ "${SGF_NO_SKIP:-}" = 1 ]; then echo "SGF_NO_SKIP=1 and this test $1"; exit 1; fi
  echo "SGF_TEST_SKIPPED: $1"; exit 0
}
[ -f "$dist/sgfcheck.js" ] || skip "needs the WebAssembly build $dist/sgfcheck.js (web_build)"
for tool in npm node tsc; do
  command -v "$tool" >/dev/null || skip "needs $tool (Debian nodejs and node-typescript; .ci/setup installs them)"
done
fail() { echo "FAILED: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export npm_config_cache="$work/npm-cache" npm_config_update_notifier=false

# The package, as `npm pack` makes it (docs/javascript.md: "Install").
npm pack "$dist" --pack-destination "$work" >"$work/pack.log" 2>&1 || { cat "$work/pack.log"; fail "npm pack"; }
tarball=$(ls "$work"/sgfcheck-*.tgz 2>/dev/null | head -1)
[ -n "$tarball" ] || fail "npm pack wrote no sgfcheck-VERSION.tgz"
listing=$(tar -tzf "$tarball") || fail "tar cannot read $tarball"
for f in package/sgfcheck.js package/sgfcheck.d.ts package/package.json package/README.md package/index.html; do
  grep -qx "$f" <<<"$listing" || fail "the tarball has no $f"
done

# A fresh project that installs it: nothing of the build tree is reachable from there.
app="$work/app"
mkdir -p "$app"
printf '{ "name": "npm-consumer", "version": "1.0.0", "private": true }\n' >"$app/package.json"
(cd "$app" && npm install --offline --no-audit --no-fund "$tarball") >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "npm install of the tarball"; }
[ -f "$app/node_modules/sgfcheck/sgfcheck.d.ts" ] || fail "npm install put no sgfcheck.d.ts into node_modules/sgfcheck"
cp "$case_file" "$app/case.sgf"

# What the program says about the case, as line:column code.
expected=$("$sgfcheck" --format=json --no-config -q "$case_file" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const o=[];for(const l of s.split("\n")){if(!l)continue;const j=JSON.parse(l);if(j.file)o.push(`${j.line}:${j.column} ${j.code}`)}console.log(JSON.stringify(o))})')
[ "$expected" != "[]" ] || fail "the case $case_file has no findings: choose one that has"

cat >"$app/use.cjs" <<'JS'
require("sgfcheck")().then((m) => {
  const text = require("fs").readFileSync(process.argv[2], "utf8");
  console.log(JSON.stringify(m.check(text).map((d) => `${d.line}:${d.column} ${d.code}`)));
});
JS
cat >"$app/use.mjs" <<'JS'
import createSgfcheck from "sgfcheck";
import { readFileSync } from "fs";
const m = await createSgfcheck();
console.log(JSON.stringify(m.check(readFileSync(process.argv[2], "utf8")).map((d) => `${d.line}:${d.column} ${d.code}`)));
JS
for script in use.cjs use.mjs; do
  got=$(cd "$app" && node "$script" case.sgf) || fail "node $script"
  [ "$got" = "$expected" ] || fail "node $script: $got, the program: $expected"
done
echo "npm package: $(basename "$tarball") ($(du -k "$tarball" | cut -f1) kB) installed; CommonJS and ES module scripts: $expected"

# TypeScript: the typical use type-checks under --strict, compiles and runs ...
cp "$here"/npm_consumer/*.ts "$here"/npm_consumer/*.json "$app/"
(cd "$app" && tsc -p tsconfig.json) >"$work/tsc.log" 2>&1 || { cat "$work/tsc.log"; fail "tsc --strict on consumer.ts"; }
ran=$(cd "$app" && node out/consumer.js case.sgf) || fail "the compiled consumer.ts"
node -e 'const r=JSON.parse(process.argv[1]);const e=JSON.parse(process.argv[2]);
  if(JSON.stringify(r.codes)!==JSON.stringify(e)||!r.fixed.startsWith("(;")||!r.charset||!r.version)process.exit(1)' "$ran" "$expected" ||
  fail "the compiled consumer.ts printed $ran (expected the codes $expected, a fixed text, a charset, a version)"
# ... and the misuses are rejected, each with its error at its line.
(cd "$app" && tsc -p tsconfig.misuse.json) >"$work/misuse.log" 2>&1 && fail "tsc accepted misuse.ts"
for want in "misuse.ts(7,11): error TS2345" "misuse.ts(8,20): error TS2322" "misuse.ts(9,9): error TS2322"; do
  grep -qF "$want" "$work/misuse.log" || { cat "$work/misuse.log"; fail "tsc did not report $want"; }
done
[ "$(grep -c 'error TS' "$work/misuse.log")" = 3 ] || { cat "$work/misuse.log"; fail "tsc reported other errors than the three misuses"; }
echo "TypeScript $(tsc --version): consumer.ts passes --strict and runs; misuse.ts rejected with TS2345, TS2322, TS2322"
