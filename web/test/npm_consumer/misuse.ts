// Misuses the types must reject (web/test/npm_package_test.sh expects exactly these errors):
// a number as data, an unknown profile, a result read as the wrong type.
import createSgfcheck = require("sgfcheck");

async function main(): Promise<void> {
  const m = await createSgfcheck();
  m.check(42);                                   // TS2345: number is no Data
  m.check("(;)", { profile: "ff5" });            // TS2322: "ff5" is no Profile
  const line: string = m.check("(;)")[0].line;   // TS2322: number | null is no string
  console.log(line);
}
main();
