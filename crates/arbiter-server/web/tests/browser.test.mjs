// Browser tests of the page served by `arbiter serve`, in headless Chromium (Debian's `chromium`
// driven by playwright-core). Starts the server on a free loopback port, pastes each bundled
// sample, checks the verdict, the clause, the pieces drawn and the chase arrow, steps with the
// keyboard, toggles 中文, sets up a position, and repeats at phone width. Screenshots go to
// crates/arbiter-server/web/tests/artifacts/.
//
//   ARBITER_BIN=target/release/arbiter node crates/arbiter-server/web/tests/browser.test.mjs
import { chromium } from "playwright-core";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const bin = process.env.ARBITER_BIN || join(root, "target/release/arbiter");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const artifacts = join(here, "artifacts");
mkdirSync(artifacts, { recursive: true });

let failures = 0;
async function test(name, fn) {
  try {
    await fn();
    console.log(`ok - ${name}`);
  } catch (e) {
    failures += 1;
    console.log(`not ok - ${name}\n  ${String(e.stack || e).split("\n").join("\n  ")}`);
  }
}

function startServer() {
  return new Promise((resolveStart, reject) => {
    const p = spawn(bin, ["serve", "--bind", "127.0.0.1:0"], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    const timer = setTimeout(() => reject(new Error("server did not start: " + err)), 20000);
    p.stderr.on("data", (d) => {
      err += d;
      const m = /serving on (http:\/\/[0-9.:]+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolveStart({ proc: p, base: m[1] });
      }
    });
    p.on("exit", (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
}

// Pieces in a FEN's board field (letters), the independent count the page must draw.
function fenPieces(fen) {
  return (fen.split(" ")[0].match(/[a-zA-Z]/g) || []).length;
}

const { proc, base } = await startServer();
// A fresh profile directory for every run (Playwright passes it as --user-data-dir).
const profile = mkdtempSync(join(tmpdir(), "arbiter-chromium-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless: true,
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

async function newPage(viewport) {
  const page = await browser.newPage();
  await page.setViewportSize(viewport);
  const ctx = page;
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(m.text()); });
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("request", (r) => {
    if (!r.url().startsWith(base)) problems.push("request left the server: " + r.url());
  });
  return { ctx, page, problems };
}

async function judgeSample(page, name) {
  await page.click(`#samples button[data-sample="${name}"]`);
  await page.waitForSelector("#verdict-status, #verdict-error", { timeout: 20000 });
}

async function annotationsFor(page, sample) {
  // The same request the page makes: the page must draw what the API says.
  return page.evaluate(async (s) => {
    const text = await (await fetch("/samples/" + s)).text();
    const r = await fetch("/api/v1/judge?annotate=true", { method: "POST", body: text });
    return (await r.json()).games[0];
  }, sample);
}

try {
  await test("page loads with its CSP, its own assets only", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    const res = await page.goto(base + "/");
    assert.equal(res.status(), 200);
    const csp = res.headers()["content-security-policy"] || "";
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'/);
    await page.waitForSelector("#samples button");
    assert.equal(await page.locator("#samples button").count(), 2);
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("xiangqi sample: perpetual chase decided, AXF detailed rule 13, arrow h6→h8", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await page.goto(base + "/");
    await page.waitForSelector("#samples button");
    await judgeSample(page, "xiangqi-perpetual-chase.pgn");
    assert.match(await page.textContent("#verdict-status"), /decided/);
    assert.equal(await page.textContent("#verdict-reason"), "perpetual chase");
    assert.equal(await page.textContent("#verdict-result"), "0-1");
    assert.equal(await page.textContent("#verdict-must-vary"), "Red");
    assert.equal(await page.textContent("#verdict-clause"), "AXF detailed rule 13");
    // The summary is the library glossary's, word for word as `arbiter rules axf d13` prints it.
    const d13 = JSON.parse(execFileSync(bin, ["rules", "axf", "d13", "--json"], { encoding: "utf8" }));
    assert.equal(await page.textContent("#verdict-summary"), d13.en);
    assert.match(d13.en, /^A chariot may not chase an unprotected cannon perpetually/);
    // The clauses cited, each with its summary, as the text report ends.
    const cited = await page.locator("#cited dt").allTextContents();
    assert.deepEqual(cited, [
      "AXF detailed rule 13 — chariot chasing an unprotected cannon",
      "AXF general rule 2 — allowed mixtures",
    ]);
    // Moves are numbered as players count them: 1. h2e2 h9g7 … 29. g6h6 h8g8.
    const nums = await page.locator("#movelist li.num").allTextContents();
    assert.equal(nums.length, 29);
    assert.equal(nums[0], "1.");
    assert.equal(nums[28], "29.");
    assert.equal(await page.textContent("#movelist li[data-ply='58']"), "h8g8");
    assert.match(await page.textContent("#move-facts"), /^This move: 29… h8g8/);
    assert.equal(await page.textContent("#verdict-at-ply"), "29… h8g8 (Ply 58)");
    // Opens at the deciding ply, 58 of 58.
    assert.equal(await page.textContent("#ply-label"), "Ply 58 / 58");
    const g = await annotationsFor(page, "xiangqi-perpetual-chase.pgn");
    assert.equal(g.annotations.length, 59);
    const drawn = await page.locator("#board g.piece").count();
    assert.equal(drawn, fenPieces(g.annotations[58].fen));
    assert.equal(drawn, 21); // 32 - 11 captures in the record
    // The cycle is highlighted in the move list: plies 47..58.
    assert.equal(await page.locator("#movelist li.in-cycle").count(), 12);
    // Ply 58 is Black's idle h8g8: no arrow. One step back: Red's g6h6 chases the cannon on h8.
    assert.equal(await page.locator("#board .arrow").count(), 0);
    await page.locator("body").press("ArrowLeft");
    assert.equal(await page.textContent("#ply-label"), "Ply 57 / 58");
    const arrow = page.locator('#board .arrow.chase[data-chaser="h6"][data-target="h8"]');
    assert.equal(await arrow.count(), 1);
    assert.match(await page.textContent("#move-facts"), /h6→h8 \(cannon\)/);
    await page.screenshot({ path: join(artifacts, "xiangqi-desktop.png"), fullPage: true });
    // Keyboard: Home → ply 0 with 32 pieces, End → 58.
    await page.keyboard.press("Home");
    assert.equal(await page.textContent("#ply-label"), "Ply 0 / 58");
    assert.equal(await page.locator("#board g.piece").count(), 32);
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.textContent("#ply-label"), "Ply 1 / 58");
    await page.keyboard.press("End");
    assert.equal(await page.textContent("#ply-label"), "Ply 58 / 58");
    // 中文.
    await page.click("#lang");
    assert.equal(await page.textContent("#verdict-reason"), "長捉");
    assert.equal(await page.textContent("#verdict-must-vary"), "紅方");
    assert.equal(await page.textContent("#verdict-summary"), d13.zh);
    assert.match(await page.textContent("#verdict-summary"), /長捉/);
    await page.screenshot({ path: join(artifacts, "xiangqi-zh.png"), fullPage: true });
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("chess sample: threefold claimable, FIDE 9.2.1, intended move e1f1 at ply 42", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await page.goto(base + "/");
    await page.waitForSelector("#samples button");
    await judgeSample(page, "chess-threefold-grischuk-giri-2019.pgn");
    assert.match(await page.textContent("#verdict-status"), /claimable/);
    assert.equal(await page.textContent("#verdict-result"), "*");
    assert.equal(await page.textContent("#verdict-recorded"), "1/2-1/2");
    const claims = await page.locator("#claim-list li").allTextContents();
    assert.equal(claims.length, 2);
    // Move numbers, as the text report: after 21...Qa5 (as recorded) White may claim, writing 22. e1f1.
    assert.equal(
      claims[0],
      "threefold repetition · by White · after 21… Qa5 (Ply 42) · intended move 22. e1f1 · FIDE 9.2.1",
    );
    assert.equal(claims[1], "threefold repetition · by Black · after 22. Kf1 (Ply 43) · FIDE 9.2.1");
    const nums = await page.locator("#movelist li.num").allTextContents();
    assert.deepEqual([nums.length, nums[0], nums[21]], [22, "1.", "22."]);
    assert.equal(await page.textContent("#movelist li[data-ply='1']"), "d4");
    const g = await annotationsFor(page, "chess-threefold-grischuk-giri-2019.pgn");
    assert.equal(await page.textContent("#ply-label"), "Ply 43 / 43");
    assert.equal(await page.locator("#board g.piece").count(), fenPieces(g.annotations[43].fen));
    // Go to the claim at ply 42: the intended move is drawn as an arrow.
    await page.click("#claim-list li >> nth=0");
    assert.equal(await page.textContent("#ply-label"), "Ply 42 / 43");
    assert.equal(await page.locator('#board .arrow.intended[data-from="e1"][data-to="f1"]').count(), 1);
    await page.screenshot({ path: join(artifacts, "chess-desktop.png"), fullPage: true });
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("position tab: a perpetual check set up by FEN and moves", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await page.goto(base + "/");
    await page.click("#tab-position");
    await page.fill("#fen", "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w");
    await page.fill("#moves", "f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9");
    await page.click("#judge");
    await page.waitForSelector("#verdict-status");
    assert.match(await page.textContent("#verdict-status"), /decided/);
    assert.equal(await page.textContent("#verdict-reason"), "perpetual check");
    assert.equal(await page.textContent("#verdict-clause"), "AXF detailed rule 1");
    assert.equal(await page.locator("#board g.piece").count(), 4);
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("bad input: an illegal move is shown as an error naming the ply", async () => {
    const { ctx, page } = await newPage({ width: 1200, height: 900 });
    await page.goto(base + "/");
    await page.click("#tab-position");
    await page.fill("#fen", "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w");
    await page.fill("#moves", "f7e7 e9e8");
    await page.click("#judge");
    await page.waitForSelector("#error:not([hidden])");
    assert.match(await page.textContent("#error"), /ply 2/);
    await ctx.close();
  });

  await test("phone width (375 px): no sideways scrolling, board fits, stepping works", async () => {
    const { ctx, page, problems } = await newPage({ width: 375, height: 740 });
    await page.goto(base + "/");
    await page.waitForSelector("#samples button");
    await judgeSample(page, "xiangqi-perpetual-chase.pgn");
    const box = await page.locator("#board").boundingBox();
    assert.ok(box.width <= 375 && box.width >= 300, `board width ${box.width}`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 375, `page scrolls sideways: ${scroll}px`);
    await page.click("#prev");
    assert.equal(await page.textContent("#ply-label"), "Ply 57 / 58");
    assert.equal(await page.locator("#board .arrow.chase").count(), 1);
    await page.screenshot({ path: join(artifacts, "xiangqi-phone.png"), fullPage: true });
    await judgeSample(page, "chess-threefold-grischuk-giri-2019.pgn");
    await page.screenshot({ path: join(artifacts, "chess-phone.png"), fullPage: true });
    assert.deepEqual(problems, []);
    await ctx.close();
  });
} finally {
  await browser.close();
  proc.kill();
  rmSync(profile, { recursive: true, force: true });
}

console.log(failures ? `${failures} browser test(s) failed` : "all browser tests passed");
process.exit(failures ? 1 : 0);
