// A TypeScript user of the installed npm package: type-checked with tsc --strict by
// web/test/npm_package_test.sh (and run, compiled, against the program's findings).
import createSgfcheck = require("sgfcheck");

// node's own names, declared here: Debian has no @types/node package.
declare const process: { argv: string[] };
declare function require(module: "fs"): { readFileSync(path: string, encoding: "utf8"): string };

async function main(): Promise<void> {
  const m: createSgfcheck.Sgfcheck = await createSgfcheck();
  const text: string = require("fs").readFileSync(process.argv[2], "utf8");
  const found: createSgfcheck.Diagnostic[] = m.check(text, { profile: "ff4", lenient: false });
  const codes: string[] = found.map((d) => `${d.line}:${d.column} ${d.code}`);
  const fixed: createSgfcheck.FixResult = m.fix(new TextEncoder().encode(text));
  const severity: "error" | "warning" | "info" | undefined = fixed.remaining[0]?.severity;
  const charset: string = m.inspect(text).charset;
  console.log(JSON.stringify({ codes, fixed: fixed.text, severity: severity ?? null, charset, version: m.version() }));
}
main();
