// The validator page (web/dist/index.html) in headless Chromium, driven over the DevTools
// protocol (--remote-debugging-pipe: no port, no extra package): the page is opened from
// file:// with the network off, a file is chosen in its file input as a user would, and the
// findings it shows are compared with what the sgfcheck program reports on the same file;
// then a click on a finding, the profile switch, pasted text, and the download of the fixed
// file (compared with `sgfcheck fix`).
//   node web/test/page_test.js DIST SGFCHECK
// Skips (prints SGF_TEST_SKIPPED and why) without chromium or without DIST/sgfcheck.js;
// under SGF_NO_SKIP=1 (CI) that is a failure instead.
"use strict";
const assert = require("assert");
const { spawn, spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const [dist, sgfcheck] = process.argv.slice(2);

function skip(why) {
  if (process.env.SGF_NO_SKIP === "1") {
    console.error("SGF_NO_SKIP=1 and this test " + why);
    process.exit(1);
  }
  console.log("SGF_TEST_SKIPPED: " + why);
  process.exit(0);
}

function browser() {
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    const r = spawnSync("sh", ["-c", "command -v " + name], { encoding: "utf8" });
    if (r.status === 0) return r.stdout.trim();
  }
  return null;
}

// --- the DevTools protocol over a pipe: JSON messages ended by NUL on fds 3 (in) and 4 (out)
class Cdp {
  constructor(proc) {
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    let buf = Buffer.alloc(0);
    proc.stdio[4].on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (let end; (end = buf.indexOf(0)) >= 0; buf = buf.subarray(end + 1)) {
        const msg = JSON.parse(buf.subarray(0, end).toString("utf8"));
        if (msg.id && this.pending.has(msg.id)) {
          const { resolve, reject } = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) reject(new Error(JSON.stringify(msg.error)));
          else resolve(msg.result);
        } else if (msg.method) {
          for (const l of this.listeners) l(msg);
        }
      }
    });
    this.out = proc.stdio[3];
  }
  send(method, params = {}, sessionId) {
    const id = this.next++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    this.out.write(JSON.stringify(msg) + "\0");
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }
  on(f) { this.listeners.push(f); }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const chrome = browser();
  if (!chrome) skip("needs a headless browser (Debian package chromium; .ci/setup installs it)");
  if (!dist || !fs.existsSync(path.join(dist, "sgfcheck.js")))
    skip("needs the WebAssembly build " + path.join(dist || "web/dist", "sgfcheck.js") +
         " (web/build.sh; Debian emscripten and node-acorn, which .ci/setup installs)");

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sgfcheck-page-"));
  const downloads = path.join(tmp, "downloads");
  fs.mkdirSync(downloads);
  // A file with findings on several lines, CJK text before a finding on its line (columns
  // count bytes: the page must place the caret by characters), and an unclosed value.
  const file = path.join(tmp, "game.sgf");
  fs.writeFileSync(file, "(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[李昌鎬]KM[6,5]\n;B[dd]B[pp]\n;W[zz]TM[5m]\n;C[never closed");
  const expected = (args, input) => {
    const r = spawnSync(sgfcheck, ["--format=json", "--no-config", "-q", ...args], { input, encoding: "utf8" });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    return r.stdout.split("\n").filter((l) => l).map((l) => JSON.parse(l)).filter((o) => o.code)
      .map((o) => ({ code: o.code, line: o.line, column: o.column, message: o.message }));
  };

  const proc = spawn(chrome, ["--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
    "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--user-data-dir=" + path.join(tmp, "profile"), "about:blank"], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  let stderr = "";
  proc.stdio[2].on("data", (d) => { stderr += d; });
  const killer = setTimeout(() => { console.error("timeout; chromium said:\n" + stderr); proc.kill("SIGKILL"); process.exit(1); }, 180000);
  try {
    const cdp = new Cdp(proc);
    const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
    const page = (method, params) => cdp.send(method, params, sessionId);
    const requests = [];
    const errors = [];
    cdp.on((m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === "Network.requestWillBeSent") requests.push(m.params.request.url);
      if (m.method === "Runtime.exceptionThrown") errors.push(JSON.stringify(m.params.exceptionDetails));
    });
    await page("Network.enable");
    await page("Runtime.enable");
    await page("Page.enable");
    // offline: the page must need nothing but its own folder
    await page("Network.emulateNetworkConditions", { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads, eventsEnabled: true });

    const evaluate = async (expr) => {
      const r = await page("Runtime.evaluate", { expression: expr, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error(expr + ": " + JSON.stringify(r.exceptionDetails));
      return r.result.value;
    };
    const until = async (expr, what) => {
      for (let i = 0; i < 600; ++i) {
        if (await evaluate(expr).catch(() => false)) return;  // the page may not be there yet
        await sleep(50);
      }
      throw new Error("waited for " + what + "; page status: " + (await evaluate("document.getElementById('status').textContent")));
    };
    const generation = () => evaluate("Number(document.body.dataset.generation || 0)");
    const shown = () => evaluate(`[...document.querySelectorAll('.finding')].map((li) => ({
        code: li.dataset.code, line: li.dataset.line === '' ? null : Number(li.dataset.line),
        column: li.dataset.column === '' ? null : Number(li.dataset.column),
        message: li.querySelector('.message').textContent, char: li.dataset.char,
        src: li.querySelector('.src') ? li.querySelector('.src').textContent : null,
        caret: li.querySelector('.caret') ? li.querySelector('.caret').textContent : null }))`);

    const url = "file://" + path.resolve(dist, "index.html");
    await page("Page.navigate", { url });
    await until("document.body.dataset.state === 'ready'", "the checker to load");

    // 1. a file chosen in the file input
    const { root } = await page("DOM.getDocument", {});
    const { nodeId } = await page("DOM.querySelector", { nodeId: root.nodeId, selector: "#file" });
    let g = await generation();
    await page("DOM.setFileInputFiles", { nodeId, files: [file] });
    await until(`Number(document.body.dataset.generation || 0) > ${g} && document.body.dataset.state === 'done'`, "the findings");
    const want = expected([file]);
    assert.ok(want.length >= 5, "the file has findings: " + JSON.stringify(want));
    let got = await shown();
    assert.deepStrictEqual(got.map(({ code, line, column, message }) => ({ code, line, column, message })), want);
    const status = await evaluate("document.getElementById('status').textContent");
    assert.match(status, /^game\.sgf: \d+ errors?, \d+ warnings?, \d+ infos? · read as UTF-8$/);
    // carets: under the finding's character, by characters (the CJK name before KM is 3
    // characters of 3 bytes and 2 columns each)
    const text = fs.readFileSync(file, "utf8");
    for (const f of got) {
      const bytes = Buffer.from(text, "utf8");
      const byte = want.find((w) => w.line === f.line && w.column === f.column) && (() => {
        const lines = text.split("\n");
        return Buffer.byteLength(lines.slice(0, f.line - 1).join("\n") + (f.line > 1 ? "\n" : ""), "utf8") + f.column - 1;
      })();
      const ch = Buffer.from(bytes.subarray(0, byte)).toString("utf8").length;
      assert.strictEqual(Number(f.char), ch, "char index of " + f.code);
      const caretCol = f.caret.indexOf("^");
      assert.strictEqual(f.caret.trimEnd().length, caretCol + 1);
      const lineText = text.split("\n")[f.line - 1];
      const col = [...Buffer.from(lineText, "utf8").subarray(0, f.column - 1).toString("utf8")]
        .reduce((w, c) => w + (c.codePointAt(0) >= 0x2E80 ? 2 : 1), 0);
      assert.strictEqual(caretCol, col, "caret of " + f.code + " in " + JSON.stringify(f.src));
    }
    // line:column in characters with the byte offset beside (the checker's columns count bytes)
    const where = await evaluate(`[...document.querySelectorAll('.finding')].map((li) => li.querySelector('.where').textContent)`);
    got.forEach((f, k) => {
      const lineText = text.split("\n")[f.line - 1];
      const chars = [...Buffer.from(lineText, "utf8").subarray(0, f.column - 1).toString("utf8")].length + 1;
      const byte = Buffer.byteLength(text.split("\n").slice(0, f.line - 1).join("\n") + (f.line > 1 ? "\n" : ""), "utf8") + f.column - 1;
      assert.strictEqual(where[k], f.line + ":" + chars + " (byte " + byte + "): ", "where of " + f.code);
    });
    assert.ok(got.some((f, k) => !where[k].startsWith(f.line + ":" + f.column + " ")), "a line where characters and bytes differ");
    // the findings in the source: a dot in the gutter on each line with one, the character underlined
    const dots = await evaluate(`[...document.querySelectorAll('#gutter .dot')].map((d) => Number(d.dataset.line))`);
    assert.deepStrictEqual(dots, [...new Set(got.map((f) => f.line))].sort((a, b) => a - b));
    const marks = await evaluate(`[...document.querySelectorAll('#marks mark')].map((m) => [Number(m.dataset.char), m.textContent])`);
    assert.deepStrictEqual(marks.map(([c]) => c), [...new Set(got.map((f) => Number(f.char)))].sort((a, b) => a - b));
    const value = await evaluate("document.getElementById('source').value");
    for (const [c, t] of marks) assert.strictEqual(t, c >= value.length || /[\n\r]/.test(value[c]) ? " " : String.fromCodePoint(value.codePointAt(c)));
    // the copy behind the textarea holds the same text, so that each mark sits on its character
    assert.strictEqual(await evaluate("document.getElementById('marks').textContent.replace(/\\n$/, '')").then((m) => m.length >= value.length), true);
    const km = got.find((f) => f.src && f.src.includes("KM[6,5]") && f.code.endsWith("101"));
    assert.ok(km, "a finding about KM[6,5]: " + JSON.stringify(got));
    assert.strictEqual(km.caret.indexOf("^"), km.src.indexOf("[6,5]") + 3);  // 3 wide characters before it

    if (process.env.SGF_PAGE_SCREENSHOT) {  // to look at the page: a PNG of what a user sees now
      await page("Emulation.setDeviceMetricsOverride", { width: 1200, height: 700, deviceScaleFactor: 1, mobile: false });
      const shot = await page("Page.captureScreenshot", { format: "png" });
      fs.writeFileSync(process.env.SGF_PAGE_SCREENSHOT, Buffer.from(shot.data, "base64"));
    }

    // 2. a click on a finding selects its place in the source
    const zz = got.findIndex((f) => f.src && f.src.startsWith(";W[zz]") && f.column === 3);
    assert.ok(zz >= 0, "a finding at W[zz]'s value: " + JSON.stringify(got));
    await evaluate(`document.querySelectorAll('.finding')[${zz}].click()`);
    const sel = await evaluate("[document.activeElement.id, document.getElementById('source').selectionStart, document.getElementById('source').selectionEnd, document.querySelectorAll('.finding.current').length]");
    assert.deepStrictEqual(sel, ["source", Number(got[zz].char), Number(got[zz].char) + 1, 1]);
    assert.strictEqual(await evaluate(`document.getElementById('source').value.substr(${got[zz].char}, 3)`), "[zz");

    // 3. the profile switch
    for (const profile of ["current", "hex", "ff4"]) {
      g = await generation();
      await evaluate(`(() => { const s = document.getElementById('profile'); s.value = '${profile}'; s.dispatchEvent(new Event('change')); })()`);
      await until(`Number(document.body.dataset.generation || 0) > ${g}`, "the findings under " + profile);
      got = await shown();
      assert.deepStrictEqual(got.map(({ code, line, column, message }) => ({ code, line, column, message })),
        expected(["--profile=" + profile, file]), profile);
    }
    assert.notDeepStrictEqual(expected(["--profile=current", file]), want);  // the switch shows something

    // 4. the fixed file, downloaded
    await evaluate("document.getElementById('download').click()");
    const fixedPath = path.join(downloads, "game-fixed.sgf");
    for (let i = 0; i < 200 && !fs.existsSync(fixedPath); ++i) await sleep(50);
    await sleep(200);
    const fix = spawnSync(sgfcheck, ["fix", file], { encoding: "buffer" });
    assert.ok(fs.existsSync(fixedPath), "downloaded " + fs.readdirSync(downloads));
    assert.ok(fix.stdout.length > 0);
    assert.deepStrictEqual(fs.readFileSync(fixedPath), fix.stdout);

    // 5. pasted text: typed into the source as the clipboard would
    g = await generation();
    await evaluate("(() => { const t = document.getElementById('source'); t.focus(); t.select(); })()");
    const pasted = "(;FF[4]GM[1]SZ[9]\n;B[jj]C[off the board];W[ee]W[ff])";
    await page("Input.insertText", { text: pasted });
    await until(`Number(document.body.dataset.generation || 0) > ${g}`, "the findings of the pasted text");
    got = await shown();
    assert.deepStrictEqual(got.map(({ code, line, column, message }) => ({ code, line, column, message })),
      expected(["-"], pasted));
    assert.ok(got.length >= 2);
    assert.match(await evaluate("document.getElementById('status').textContent"), /^game\.sgf \(edited\): \d+ errors?, .* · read as US-ASCII \(text\)$/);

    // 6. a file with CR LF line ends (and a lone CR): the source box holds its text with LF only
    // (a textarea's value does), yet every mark sits on its finding's character and a click
    // selects it
    const crlf = path.join(tmp, "crlf.sgf");
    fs.writeFileSync(crlf, fs.readFileSync(file, "utf8").replace(/\n/g, "\r\n").replace("\r\n;C[", "\r;C["));
    g = await generation();
    await page("DOM.setFileInputFiles", { nodeId, files: [crlf] });
    await until(`Number(document.body.dataset.generation || 0) > ${g} && document.body.dataset.state === 'done'`, "the CR LF file's findings");
    got = await shown();
    assert.deepStrictEqual(got.map(({ code, line, column, message }) => ({ code, line, column, message })), expected([crlf]));
    const crlfValue = await evaluate("document.getElementById('source').value");
    assert.ok(!crlfValue.includes("\r"), "the source box holds LF line ends");
    const at = (f) => crlfValue.substr(Number(f.char), 3);
    assert.strictEqual(at(got.find((f) => f.src && f.src.startsWith(";W[zz]") && f.column === 3)), "[zz");
    assert.strictEqual(at(got.find((f) => f.src && f.src.includes("KM[6,5]") && f.code.endsWith("101"))), "[6,");
    const crlfMarks = await evaluate(`[...document.querySelectorAll('#marks mark')].map((m) => [Number(m.dataset.char), m.textContent])`);
    for (const [c, t] of crlfMarks) assert.strictEqual(t, c >= crlfValue.length || crlfValue[c] === "\n" ? " " : String.fromCodePoint(crlfValue.codePointAt(c)));
    // every finding with a byte offset: its character in the box is the one at that byte of the file
    const crlfBytes = fs.readFileSync(crlf);
    const crlfWhere = await evaluate(`[...document.querySelectorAll('.finding')].map((li) => li.querySelector('.where').textContent)`);
    let placed = 0;
    got.forEach((f, k) => {
      const m = /\(byte (\d+)\)/.exec(crlfWhere[k]);
      if (!m || Number(m[1]) >= crlfBytes.length) return;
      const c = crlfBytes.subarray(Number(m[1])).toString("utf8")[0].replace("\r", "\n");
      assert.strictEqual(crlfValue[Number(f.char)], c, "the character of " + f.code + " at byte " + m[1]);
      ++placed;
    });
    assert.ok(placed >= 4, "findings placed in the CR LF file: " + placed);
    const tm = got.findIndex((f) => f.line === 3);
    assert.ok(tm >= 0, "a finding on line 3: " + JSON.stringify(got));
    await evaluate(`document.querySelectorAll('.finding')[${tm}].click()`);
    assert.strictEqual(await evaluate("document.getElementById('source').selectionStart"), Number(got[tm].char));

    // nothing but the page's own folder was fetched, and no script error
    const foreign = requests.filter((u) => !/^(file|data|blob):/.test(u));
    assert.deepStrictEqual(foreign, []);
    assert.ok(requests.some((u) => u.endsWith("/sgfcheck.js")), "the page loaded sgfcheck.js from its folder");
    assert.deepStrictEqual(errors, []);
    console.log("page test: " + want.length + " findings shown as sgfcheck reports them; click, profiles, download, paste, CR LF");
  } finally {
    clearTimeout(killer);
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGKILL");
    await exited;
    try { fs.rmSync(tmp, { recursive: true, force: true }); } catch (e) { /* a temporary folder left behind */ }
  }
}

main().catch((e) => { console.error(e.stack || e); process.exit(1); });
