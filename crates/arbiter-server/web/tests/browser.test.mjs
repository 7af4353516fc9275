// Browser tests of the page served by `arbiter serve`, in headless Chromium (Debian's `chromium`
// driven by playwright-core). Starts the server on a free loopback port, pastes each bundled
// sample, checks the verdict, the clause, the pieces drawn and the chase arrow, steps with the
// keyboard, switches among English, 繁體中文 and 简体中文, sets up positions, opens a file of
// 580 games, and repeats at phone width. Screenshots of each language at desktop (1280×800)
// and phone (390×844) width go to $SHOTS (default crates/arbiter-server/web/tests/artifacts/).
//
//   ARBITER_BIN=target/release/arbiter node crates/arbiter-server/web/tests/browser.test.mjs
//
// ARBITER_WEB_DIR=crates/arbiter-server/web serves the page's files from that folder instead of
// the binary's embedded copies (the server's headers kept): for editing the page without
// rebuilding the binary. CI never sets it.
import { chromium } from "playwright-core";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const bin = process.env.ARBITER_BIN || join(root, "target/release/arbiter");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const artifacts = process.env.SHOTS || join(here, "artifacts");
mkdirSync(artifacts, { recursive: true });
const webDir = process.env.ARBITER_WEB_DIR;

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

if (webDir) {
  for (const file of ["app.js", "board.js", "i18n.js", "style.css", "index.html"]) {
    const path = file === "index.html" ? "/" : "/" + file;
    await browser.route(base + path, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: readFileSync(resolve(webDir, file)) });
    });
  }
}

async function newPage(viewport, languages) {
  const page = await browser.newPage();
  // The browser's language list as a reader's would be (the page's default language).
  const langs = languages || ["en-US", "en"];
  await page.addInitScript((l) => {
    Object.defineProperty(navigator, "languages", { get: () => l });
    Object.defineProperty(navigator, "language", { get: () => l[0] });
    // Each page starts with no language remembered, unless a test reloads to check the memory.
    if (!sessionStorage.getItem("keep-lang")) localStorage.removeItem("arbiter.lang");
  }, langs);
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

async function open(page) {
  await page.goto(base + "/");
  await page.waitForSelector("#samples button");
  await page.waitForSelector("body[data-ready]");
}

async function judgeSample(page, name) {
  await page.click(`#samples button[data-sample="${name}"]`);
  await page.waitForSelector("#verdict-status, #verdict-error", { timeout: 20000 });
}

// Polls `fn` in the page until it is true (page.waitForFunction's polling needs eval, which the
// page's CSP forbids).
async function until(page, fn, arg, ms = 10000) {
  const end = Date.now() + ms;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > end) throw new Error("timed out waiting for " + fn);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function setLang(page, lang) {
  await page.selectOption("#lang", lang);
  await until(page, (l) => document.documentElement.lang === l, lang);
  // The page asks the server for its words in the new language: wait for the answer.
  await until(page, () => !document.documentElement.dataset.busy, null);
}

// Latin words (3+ letters) in the visible text of `selectors`, but for the names every language
// keeps: notations, formats, the program's name and its licence, keys.
async function englishWords(page, selectors) {
  const keep = new Set(["Arbiter", "PGN", "FEN", "ICCS", "WXF", "SAN", "API", "GPL", "later", "Home", "End", "XQF"]);
  // File names of the samples, the language menu (each language in its own script), the record
  // and its tags (as written), and the board's ICCS coordinates aside.
  const text = await page.evaluate((sels) => sels.map((s) => {
    const e = document.querySelector(s);
    if (!e || e.hidden) return "";
    const copy = e.cloneNode(true);
    for (const x of copy.querySelectorAll("#samples, #lang, #record, #game-pick, svg")) x.remove();
    return copy.id === "lang" ? "" : copy.textContent;
  }).join("\n"), selectors);
  return (text.match(/[A-Za-z]{3,}/g) || []).filter((w) => !keep.has(w));
}

// A circle and a rectangle overlap (SVG user units).
function circleMeetsRect(c, r) {
  const nx = Math.max(r.x, Math.min(c.x, r.x + r.width));
  const ny = Math.max(r.y, Math.min(c.y, r.y + r.height));
  return Math.hypot(c.x - nx, c.y - ny) < c.r;
}

// The board's discs and the boxes of its texts of `cls` (coordinates, river words).
async function discsAndTexts(page, cls) {
  return page.evaluate((k) => {
    const discs = [...document.querySelectorAll("#board circle.disc")].map((c) => ({
      x: c.cx.baseVal.value, y: c.cy.baseVal.value, r: c.r.baseVal.value,
    }));
    const texts = [...document.querySelectorAll(`#board text.${k}`)].map((t) => {
      const b = t.getBBox();
      return { text: t.textContent, x: b.x, y: b.y, width: b.width, height: b.height };
    });
    return { discs, texts };
  }, cls);
}

// Whether an element's box is (at least partly) inside the window.
async function inView(page, selector) {
  return page.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
  }, selector);
}

async function position(page, fen, moves) {
  await page.click("#tab-position");
  await page.fill("#fen", fen);
  await page.fill("#moves", moves);
  await page.click("#judge");
}

const PERPETUAL_CHECK_FEN = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w";
const LOOP = "f7e7 e9f9 e7f7 f9e9";

async function annotationsFor(page, sample) {
  // The same request the page makes: the page must draw what the API says.
  return page.evaluate(async (s) => {
    const text = await (await fetch("/samples/" + s)).text();
    const r = await fetch("/api/v1/judge?annotate=true", { method: "POST", body: text });
    return (await r.json()).games[0];
  }, sample);
}

try {
  await test("page loads with its CSP, its own assets only; nothing of a game before Judge", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    const res = await page.goto(base + "/");
    assert.equal(res.status(), 200);
    const csp = res.headers()["content-security-policy"] || "";
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'/);
    await page.waitForSelector("#samples button");
    await page.waitForSelector("body[data-ready]");
    assert.equal(await page.locator("#samples button").count(), 2);
    // Issue 30 item 13: no empty board panel (`hidden` wins over `#view { display: flex }`).
    assert.equal(await page.locator("#view").isVisible(), false);
    assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById("view")).display), "none");
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("the file picker accepts every format the CLI reads", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    const accept = (await page.getAttribute("#file", "accept")).split(",");
    // The extensions `arbiter judge --help` names, each offered.
    const help = execFileSync(bin, ["judge", "--help"], { encoding: "utf8" });
    const named = new Set(help.match(/\.(pgn|xqf|cbr|cbl|cbf|wxf|txt|html?|ubb)\b/g));
    assert.ok(named.size >= 9, `help names ${[...named]}`);
    for (const ext of named) assert.ok(accept.includes(ext), `${ext} not in ${accept}`);
    for (const ext of [".pgn", ".xqf", ".cbr", ".cbl", ".cbf", ".txt", ".htm", ".html"]) {
      assert.ok(accept.includes(ext), `${ext} not in ${accept}`);
    }
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("xiangqi sample: perpetual chase decided, AXF detailed rule 13, arrow h6→h8", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    await judgeSample(page, "xiangqi-perpetual-chase.pgn");
    assert.equal(await page.textContent("#game-title"), "YAN WenQing – LIU DaHua (Chinese National Champion 1999)");
    assert.match(await page.textContent("#verdict-status"), /decided/);
    assert.equal(await page.textContent("#verdict-reason"), "perpetual chase");
    assert.equal(await page.textContent("#verdict-result"), "0-1 (Black wins)");
    assert.equal(await page.textContent("#verdict-must-vary"), "Red");
    assert.equal(await page.textContent("#verdict-clause"), "AXF detailed rule 13");
    // Plies 42–58, loops of 4 (the 3 ruled and the deciding one): the position stood at 42, 46,
    // 50, 54 and 58 (JSON recurrences 4).
    assert.equal(await page.textContent("#verdict-cycle"), "plies 42–58, a loop of 4 plies, position seen 5 times");
    // The summary is the library glossary's, word for word as `arbiter rules axf d13` prints it.
    const d13 = JSON.parse(execFileSync(bin, ["rules", "axf", "d13", "--json"], { encoding: "utf8" }));
    assert.equal(await page.textContent("#verdict-summary"), d13.en);
    assert.match(d13.en, /^A chariot may not chase an unprotected cannon perpetually/);
    // The clauses cited, each with its summary, as the text report ends.
    const cited = await page.locator("#cited dt").allTextContents();
    assert.deepEqual(cited, [
      "AXF detailed rule 13 — chariot chasing an unprotected cannon",
      "AXF general rule 1 — perpetual check",
      "AXF general rule 3 — perpetual chase",
    ]);
    // Moves are numbered as players count them: 1. h2e2 h9g7 … 29. g6h6 h8g8.
    const nums = await page.locator("#movelist li.num").allTextContents();
    assert.equal(nums.length, 29);
    assert.equal(nums[0], "1.");
    assert.equal(nums[28], "29.");
    assert.equal(await page.textContent("#movelist li[data-ply='58']"), "h8g8");
    assert.match(await page.textContent("#move-facts"), /^This move: 29…\u00a0h8g8/);
    assert.equal(await page.textContent("#verdict-at-ply"), "29…\u00a0h8g8 (ply 58)");
    // Opens at the deciding ply, 58 of 58.
    assert.equal(await page.textContent("#ply-label"), "Ply 58 / 58");
    const g = await annotationsFor(page, "xiangqi-perpetual-chase.pgn");
    assert.equal(g.annotations.length, 59);
    const drawn = await page.locator("#board g.piece").count();
    assert.equal(drawn, fenPieces(g.annotations[58].fen));
    assert.equal(drawn, 21); // 32 - 11 captures in the record
    // The cycle is highlighted in the move list: plies 43..58 (the 3 ruled loops and the
    // deciding one).
    assert.equal(await page.locator("#movelist li.in-cycle").count(), 16);
    // Ply 58 is Black's idle h8g8: no arrow. One step back: Red's g6h6 chases the cannon on h8.
    assert.equal(await page.locator("#board .arrow").count(), 0);
    await page.locator("body").press("ArrowLeft");
    assert.equal(await page.textContent("#ply-label"), "Ply 57 / 58");
    const arrow = page.locator('#board .arrow.chase[data-chaser="h6"][data-target="h8"]');
    assert.equal(await arrow.count(), 1);
    assert.match(await page.textContent("#move-facts"), /h6→h8 \(cannon\)/);
    // Keyboard: Home → ply 0 with 32 pieces, End → 58.
    await page.keyboard.press("Home");
    assert.equal(await page.textContent("#ply-label"), "Ply 0 / 58");
    assert.equal(await page.locator("#board g.piece").count(), 32);
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.textContent("#ply-label"), "Ply 1 / 58");
    await page.keyboard.press("End");
    assert.equal(await page.textContent("#ply-label"), "Ply 58 / 58");
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("繁體中文 and 简体中文: the rule books' words, Chinese citations, no English, one bracket width", async () => {
    const { ctx, page, problems } = await newPage({ width: 1280, height: 800 });
    await open(page);
    await judgeSample(page, "xiangqi-perpetual-chase.pgn");
    const d13 = JSON.parse(execFileSync(bin, ["rules", "axf", "d13", "--json"], { encoding: "utf8" }));
    await setLang(page, "zh-Hant");
    assert.equal(await page.textContent("#verdict-reason"), "長捉");
    assert.equal(await page.textContent("#verdict-must-vary"), "紅方");
    assert.equal(await page.textContent("#verdict-result"), "0-1（黑方勝）");
    assert.equal(await page.textContent("#verdict-summary"), d13.zh);
    assert.match(d13.zh, /長捉/);
    assert.equal(await page.textContent("#verdict-clause"), "亞洲棋規細則第13條");
    // Each heading: the Chinese citation, then (when the glossary has one) its Chinese title.
    const heads = await page.locator("#cited dt").allTextContents();
    assert.deepEqual(heads.map((d) => d.split("：")[0]), ["亞洲棋規細則第13條", "亞洲棋規總綱第1條", "亞洲棋規總綱第3條"]);
    // Moves in Chinese notation in a Chinese view (the server writes them; the record is ICCS).
    assert.equal(await page.textContent("#verdict-at-ply"), "29…\u00a0砲8平7（第58半回合）");
    assert.equal(await page.textContent("#game-title"), "YAN WenQing – LIU DaHua（Chinese National Champion 1999）");
    await page.keyboard.press("ArrowLeft");
    assert.match(await page.textContent("#move-facts"), /h6→h8（砲）/);
    assert.match(await page.textContent("#move-facts"), /捉/);
    const views = ["header", "#input", "#verdict", "#claims", "#cited", "#board-wrap", "#movelist-title"];
    assert.deepEqual(await englishWords(page, views), []);
    // No half-width bracket around Chinese text, no brackets of both widths nested.
    const side = await page.innerText("#side");
    assert.doesNotMatch(side, /\([^)]*[（\u4e00-\u9fff]/);
    await setLang(page, "zh-Hans");
    assert.equal(await page.textContent("#verdict-reason"), "长捉");
    assert.equal(await page.textContent("#verdict-must-vary"), "红方");
    assert.equal(await page.textContent("#verdict-clause"), "亚洲棋规细则第13条");
    assert.equal(await page.textContent("#verdict-result"), "0-1（黑方胜）");
    assert.match(await page.textContent("#move-facts"), /h6→h8（炮）/);
    assert.equal(await page.textContent("#judge"), "裁决");
    assert.deepEqual(await englishWords(page, views), []);
    // Remembered: a reload keeps 简体中文.
    await page.evaluate(() => sessionStorage.setItem("keep-lang", "1"));
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    assert.equal(await page.inputValue("#lang"), "zh-Hans");
    assert.equal(await page.textContent("#tab-record"), "棋谱");
    await setLang(page, "en");
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("default language from the browser: zh-TW → 繁體中文, zh-CN → 简体中文, else English", async () => {
    for (const [langs, want, judgeWord] of [
      [["zh-TW", "zh"], "zh-Hant", "裁決"],
      [["zh-CN"], "zh-Hans", "裁决"],
      [["fr-FR", "en"], "en", "Judge"],
    ]) {
      const { ctx, page } = await newPage({ width: 1200, height: 900 }, langs);
      await page.goto(base + "/");
      await page.waitForSelector("body[data-ready]");
      assert.equal(await page.inputValue("#lang"), want, String(langs));
      assert.equal(await page.textContent("#judge"), judgeWord);
      await ctx.close();
    }
  });

  await test("chess sample: threefold claimable, FIDE 9.2.1, moves as written, intended move Kf1 at ply 42", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    await judgeSample(page, "chess-threefold-grischuk-giri-2019.pgn");
    assert.equal(await page.textContent("#game-title"), "Alexander Grischuk – Anish Giri (Gashimov Memorial, 2019.04.02)");
    assert.match(await page.textContent("#verdict-status"), /claimable/);
    assert.equal(await page.textContent("#verdict-result"), "* (no result yet)");
    assert.equal(await page.textContent("#verdict-recorded"), "1/2-1/2");
    const claims = await page.locator("#claim-list li").allTextContents();
    assert.equal(claims.length, 2);
    // As the text report: after 21...Qa5+ White may claim, writing 22.Kf1.
    assert.equal(
      claims[0],
      "threefold repetition · by White · after 21…\u00a0Qa5+ (ply 42) · intended move 22.\u00a0Kf1 · FIDE 9.2.1",
    );
    assert.equal(claims[1], "threefold repetition · by Black · after 22.\u00a0Kf1 (ply 43) · FIDE 9.2.1");
    const nums = await page.locator("#movelist li.num").allTextContents();
    assert.deepEqual([nums.length, nums[0], nums[21]], [22, "1.", "22."]);
    assert.equal(await page.textContent("#movelist li[data-ply='1']"), "d4");
    // Moves as written: the record's checks keep their marks.
    assert.equal(await page.textContent("#movelist li[data-ply='42']"), "Qa5+");
    assert.equal(await page.textContent("#movelist li[data-ply='16']"), "Bxc3+");
    const g = await annotationsFor(page, "chess-threefold-grischuk-giri-2019.pgn");
    assert.equal(await page.textContent("#ply-label"), "Ply 43 / 43");
    assert.equal(await page.locator("#board g.piece").count(), fenPieces(g.annotations[43].fen));
    // Go to the claim at ply 42: the intended move is drawn as an arrow, most of a square long.
    await page.click("#claim-list li >> nth=0");
    assert.equal(await page.textContent("#ply-label"), "Ply 42 / 43");
    const arrow = page.locator('#board .arrow.intended[data-from="e1"][data-to="f1"]');
    assert.equal(await arrow.count(), 1);
    const length = await arrow.evaluate((e) => e.getTotalLength());
    assert.ok(length >= 46 * 0.5, `intended-move arrow ${length} units long, a square is 46`);
    assert.ok(Number(await arrow.evaluate((e) => getComputedStyle(e).strokeWidth.replace("px", ""))) >= 6);
    assert.match(await page.textContent("#move-facts"), /check/);
    // A chess check in Chinese is 將軍 / 将军, never xiangqi's 將 tag.
    await setLang(page, "zh-Hant");
    assert.deepEqual(await page.locator("#move-facts .tag.check").allTextContents(), ["將軍"]);
    assert.match(await page.textContent("#claim-list li >> nth=0"), /^三次重複 · 白方申請 · 21…\u00a0Qa5\+之後（第42半回合） · 預定走法 22\.\u00a0Kf1 · 國際棋聯棋規第9\.2\.1條$/);
    await setLang(page, "zh-Hans");
    assert.deepEqual(await page.locator("#move-facts .tag.check").allTextContents(), ["将军"]);
    assert.equal(await page.locator("#movelist .kinds").count(), 0);
    await setLang(page, "en");
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("a cannon's chase arrow bows around its screen", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    // Red's cannon a2-b2 chases the unprotected horse on b5 over its own horse on b4.
    await position(page, "3k5/9/9/9/1n7/1N7/9/C8/9/4K4 w", "a2b2");
    await page.waitForSelector("#verdict-status");
    const arrow = page.locator('#board .arrow.chase[data-chaser="b2"][data-target="b5"]');
    assert.equal(await arrow.count(), 1);
    const hit = await page.evaluate(() => {
      const a = document.querySelector("#board .arrow.chase");
      const screen = document.querySelector('#board g.piece[data-square="b4"] circle.disc');
      const x = screen.cx.baseVal.value, y = screen.cy.baseVal.value, r = screen.r.baseVal.value;
      const p = new DOMPoint(x, y);
      // The line keeps off the screen's disc: its centre and the points half a radius around.
      const pts = [[0, 0], [r / 2, 0], [-r / 2, 0], [0, r / 2], [0, -r / 2]];
      return pts.some(([dx, dy]) => a.isPointInStroke(new DOMPoint(p.x + dx, p.y + dy)));
    });
    assert.equal(hit, false, "the arrow crosses the screen");
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("the board: coordinates clear of edge pieces, 楚河/漢界 clear of pieces at the river", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    // Pieces on every file on both sides of the river, and on every edge.
    await position(page, "rnbakabnr/9/9/9/pcp1p1pcp/PCP1P1PCP/9/9/9/RNBAKABNR w", "");
    await page.waitForSelector("#verdict-status, #error:not([hidden])");
    assert.equal(await page.isVisible("#error"), false, await page.textContent("#error"));
    for (const cls of ["coord", "river"]) {
      const { discs, texts } = await discsAndTexts(page, cls);
      assert.ok(discs.length >= 28 && texts.length >= 4, `${discs.length} discs, ${texts.length} ${cls}`);
      for (const tx of texts) {
        for (const d of discs) assert.ok(!circleMeetsRect(d, tx), `${cls} ${tx.text} under the piece at ${d.x},${d.y}`);
      }
    }
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("the board in each script: 帥俥傌砲 and 漢界 in traditional, 帅车马炮 and 汉界 in simplified", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    const glyphs = () => page.evaluate(() => [...document.querySelectorAll("#board text.glyph, #board text.river")].map((t) => t.textContent).join(""));
    await setLang(page, "zh-Hant");
    await position(page, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "");
    await page.waitForSelector("#verdict-status, #error:not([hidden])");
    const hant = await glyphs();
    for (const ch of "帥將俥車傌馬砲漢") assert.ok(hant.includes(ch), `${ch} missing in ${hant}`);
    await setLang(page, "zh-Hans");
    const hans = await glyphs();
    for (const ch of "帅将车马炮汉") assert.ok(hans.includes(ch), `${ch} missing in ${hans}`);
    for (const ch of "帥將俥車傌馬砲漢") assert.ok(!hans.includes(ch), `${ch} in the simplified board ${hans}`);
    await setLang(page, "en");
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("TW113: the clauses cited are the text report's (ch.2 table and the ch.4 procedure)", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    await page.selectOption("#rules", "tw113");
    await judgeSample(page, "xiangqi-perpetual-chase.pgn");
    const text = execFileSync(bin, ["judge", "--rules", "tw113", join(root, "crates/arbiter-server/samples/xiangqi-perpetual-chase.pgn")], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const cli = text.split("Clauses cited")[1].split("\n").slice(1).filter(Boolean).map((l) => /^ {2}(.+?) \(/.exec(l)[1]);
    assert.deepEqual(cli, ["TW113 ch.2 table", "TW113 ch.4 procedure"]);
    const page_ = (await page.locator("#cited dt").allTextContents()).map((d) => d.split(" — ")[0]);
    assert.deepEqual(page_, cli);
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("TW113: an AXF clause the report borrows is listed as a reading under TW113", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    await page.selectOption("#rules", "tw113");
    // Black's general joins the horse in chasing the elephant on every move (AXF detailed rule
    // 25, read into TW113, whose general rules do not say on how many moves).
    const loop = "f3e5 d8e8 e5f3 e8d8";
    await position(page, "5a3/3k5/9/9/9/2B3B2/4nN2N/3A5/2p1K4/3A5 w", [loop, loop, loop].join(" "));
    await page.waitForSelector("#cited dt");
    const heads = await page.locator("#cited dt").allTextContents();
    assert.ok(heads.some((h) => h.startsWith("TW113 ch.2 table") && !h.includes("reading")), heads.join(" | "));
    assert.ok(heads.some((h) => h.startsWith("AXF detailed rule 25") && h.endsWith(" (a reading under TW113)")), heads.join(" | "));
    await setLang(page, "zh-Hant");
    const zh = await page.locator("#cited dt").allTextContents();
    assert.ok(zh.some((h) => h.startsWith("亞洲棋規細則第25條") && h.endsWith("（借用於台灣棋規的解讀）")), zh.join(" | "));
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("a pending result says what happens if it repeats once more", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    await position(page, PERPETUAL_CHECK_FEN, [LOOP, LOOP, LOOP].join(" "));
    await page.waitForSelector("#verdict-status");
    assert.match(await page.textContent("#verdict-status"), /pending/);
    assert.equal(await page.textContent("#verdict-result"), "0-1 if it repeats once more (Black wins)");
    await setLang(page, "zh-Hant");
    assert.equal(await page.textContent("#verdict-result"), "再循環一次即判0-1（黑方勝）");
    await setLang(page, "en");
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("position tab: a perpetual check set up by FEN and moves", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    await position(page, PERPETUAL_CHECK_FEN, [LOOP, LOOP, LOOP, LOOP].join(" "));
    await page.waitForSelector("#verdict-status");
    assert.match(await page.textContent("#verdict-status"), /decided/);
    assert.equal(await page.textContent("#verdict-reason"), "perpetual check");
    assert.equal(await page.textContent("#verdict-clause"), "AXF detailed rule 1");
    assert.equal(await page.locator("#board g.piece").count(), 4);
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  await test("bad input: the error names the ply and the previous game is cleared", async () => {
    const { ctx, page } = await newPage({ width: 1200, height: 900 });
    await open(page);
    await judgeSample(page, "xiangqi-perpetual-chase.pgn");
    assert.equal(await page.isVisible("#board g.piece >> nth=0"), true);
    await position(page, PERPETUAL_CHECK_FEN, "f7e7 e9e8");
    await page.waitForSelector("#error:not([hidden])");
    assert.match(await page.textContent("#error"), /ply 2/);
    assert.equal(await page.isVisible("#view"), false);
    assert.equal(await page.isVisible("#board"), false);
    assert.equal(await page.isVisible("#verdict"), false);
    assert.equal(await page.isVisible("#game-pick"), false);
    await ctx.close();
  });

  await test("a file of 580 games: players, event and date in the picker, a search box; markup stays text", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 });
    await open(page);
    const games = [];
    for (let i = 1; i <= 580; i++) {
      const white = i === 7 ? "<img src=x onerror=window.__pwned=1>" : `Player ${i}`;
      games.push(`[Event "Open ${i % 9}"]\n[Date "2019.04.${String(1 + (i % 28)).padStart(2, "0")}"]\n` +
        `[White "${white}"]\n[Black "Rival ${i}"]\n[Result "*"]\n\n1. e4 {<b>bold</b><script>window.__pwned=2</script>} e5 *\n`);
    }
    // Opened with the file picker, as a reader would.
    await page.setInputFiles("#file", { name: "open.pgn", mimeType: "application/octet-stream", buffer: Buffer.from(games.join("\n")) });
    await page.waitForSelector("#verdict-status", { timeout: 60000 });
    assert.equal(await page.locator("#game option").count(), 580);
    assert.equal(await page.textContent("#game option >> nth=0"), "1. Player 1 – Rival 1 (Open 1, 2019.04.02)");
    assert.equal(await page.textContent("#game-title"), "Player 1 – Rival 1 (Open 1, 2019.04.02)");
    assert.equal(await page.isVisible("#game-search"), true);
    await page.fill("#game-search", "rival 57");
    const found = await page.locator("#game option").allTextContents();
    assert.deepEqual(found, ["57. Player 57 – Rival 57 (Open 3, 2019.04.02)",
      ...Array.from({ length: 10 }, (_, k) => `${570 + k}. Player ${570 + k} – Rival ${570 + k} (Open ${(570 + k) % 9}, 2019.04.${String(1 + ((570 + k) % 28)).padStart(2, "0")})`)]);
    // Game 7's White is markup: shown as written, never parsed.
    await page.fill("#game-search", "img");
    assert.equal(await page.locator("#game option").count(), 1);
    await page.selectOption("#game", "6");
    await until(page, () => document.getElementById("game-title").textContent.startsWith("<img"));
    assert.equal(await page.textContent("#game-title"), "<img src=x onerror=window.__pwned=1> – Rival 7 (Open 7, 2019.04.08)");
    assert.deepEqual(await page.locator("img").evaluateAll((l) => l.map((e) => e.outerHTML)), []);
    assert.equal(await page.locator("#movelist b, #game-title *, #game option *, script:not([src])").count(), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  // The contract with the server's words (`?lang=`, `?notation=`, each game's `text`), as
  // openapi.json will describe them: until the server offers them the page sends neither; once
  // it does, it sends both and shows the server's sentences and moves. Simulated here by
  // rewriting the answers of this server, which does not take them yet.
  await test("when the API speaks the reader's language, the page asks for it and shows its words", async () => {
    const { ctx, page, problems } = await newPage({ width: 1200, height: 900 }, ["zh-TW"]);
    const asked = [];
    const speaks = await page.evaluate(async () => {
      const doc = await (await fetch("/api/v1/openapi.json")).json();
      const names = (doc.paths["/api/v1/judge"].post.parameters || []).map((p) => p.name || p.$ref);
      return names.some((n) => /lang/i.test(n));
    }).catch(() => false);
    if (!speaks) {
      await page.route(base + "/api/v1/openapi.json", async (route) => {
        const res = await route.fetch();
        const doc = await res.json();
        const op = doc.paths["/api/v1/judge"].post;
        doc.components.parameters = { ...(doc.components.parameters || {}),
          Lang: { name: "lang", in: "query" }, Notation: { name: "notation", in: "query" } };
        op.parameters = [...(op.parameters || []), { $ref: "#/components/parameters/Lang" }, { $ref: "#/components/parameters/Notation" }];
        await route.fulfill({ response: res, json: doc });
      });
      await page.route(base + "/api/v1/rules?*", async (route) => {
        const url = new URL(route.request().url());
        url.searchParams.delete("lang");
        await route.fulfill({ response: await route.fetch({ url: String(url) }) });
      });
      await page.route(base + "/api/v1/judge?*", async (route) => {
        const url = new URL(route.request().url());
        asked.push(url.search);
        const lang = url.searchParams.get("lang");
        url.searchParams.delete("lang");
        url.searchParams.delete("notation");
        const res = await route.fetch({ url: String(url) });
        const data = await res.json();
        for (const g of data.games) {
          g.text = { lang, report: "", verdict: "紅方長捉黑砲（亞洲棋規細則第13條）：紅方須變著，不變作負。", clause: "亞洲棋規細則第13條",
            moves: g.annotations.slice(1).map((a) => "〔" + a.move + "〕"), sides: { black: "黑方三殺三閒，未犯例。" } };
        }
        await route.fulfill({ response: res, json: data });
      });
    }
    await open(page);
    assert.equal(await page.inputValue("#lang"), "zh-Hant");
    await judgeSample(page, "xiangqi-perpetual-chase.pgn");
    if (!speaks) assert.deepEqual(asked, ["?annotate=true&lang=zh-Hant&notation=chinese"]);
    assert.equal(await page.isVisible("#notation-pick"), true);
    assert.equal(await page.inputValue("#notation"), "chinese");
    // The server's sentence (simulated: the example), in Chinese either way.
    assert.match(await page.textContent("#verdict-sentence"), speaks ? /[\u4e00-\u9fff]/ : /^紅方長捉黑砲/);
    assert.equal(await page.textContent("#verdict-clause"), "亞洲棋規細則第13條");
    if (!speaks) assert.equal(await page.textContent(".side-sentence[data-side='black']"), "黑方三殺三閒，未犯例。");
    if (!speaks) {
      assert.equal(await page.textContent("#movelist li[data-ply='1']"), "〔h2e2〕");
      // Another notation is asked of the server, at the same ply.
      await page.selectOption("#notation", "iccs");
      await until(page, () => !document.getElementById("judge").disabled);
      assert.equal(await page.textContent("#ply-label"), "第 58 / 58 半回合");
      assert.equal(asked[1], "?annotate=true&lang=zh-Hant&notation=iccs");
      // Another language: the same request in English, the page staying where it was.
      const y = await page.evaluate(() => window.scrollY);
      assert.ok(y > 100, `scrolled to the view: ${y}`);
      await setLang(page, "en");
      await until(page, () => document.getElementById("judge").textContent === "Judge");
      assert.equal(await page.evaluate(() => window.scrollY), y);
      assert.equal(await page.textContent("#ply-label"), "Ply 58 / 58");
      assert.equal(asked[2], "?annotate=true&lang=en&notation=iccs");
    }
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  for (const [w, h, label] of [[1280, 800, "desktop"], [390, 844, "phone"]]) {
    await test(`after Judge the board and the verdict are in sight (${label}, ${w}×${h})`, async () => {
      const { ctx, page, problems } = await newPage({ width: w, height: h });
      await open(page);
      for (const sample of ["xiangqi-perpetual-chase.pgn", "chess-threefold-grischuk-giri-2019.pgn"]) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await judgeSample(page, sample);
        await page.waitForTimeout(50);
        assert.ok(await inView(page, "#board"), `${sample}: board out of sight`);
        assert.ok(await inView(page, "#verdict-status"), `${sample}: verdict out of sight`);
        const top = await page.evaluate(() => document.getElementById("board").getBoundingClientRect().top);
        assert.ok(top >= 0 && top < h / 3, `${sample}: board top at ${top}`);
      }
      assert.deepEqual(problems, []);
      await ctx.close();
    });
  }

  await test("phone width (375 px): no sideways scrolling, board fits, stepping works", async () => {
    const { ctx, page, problems } = await newPage({ width: 375, height: 740 });
    await open(page);
    await judgeSample(page, "xiangqi-perpetual-chase.pgn");
    const box = await page.locator("#board").boundingBox();
    assert.ok(box.width <= 375 && box.width >= 300, `board width ${box.width}`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 375, `page scrolls sideways: ${scroll}px`);
    await page.click("#prev");
    assert.equal(await page.textContent("#ply-label"), "Ply 57 / 58");
    assert.equal(await page.locator("#board .arrow.chase").count(), 1);
    await judgeSample(page, "chess-threefold-grischuk-giri-2019.pgn");
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  // Screenshots to look at (not compared): each language, desktop and phone, both samples.
  await test("screenshots: English, 繁體中文, 简体中文 at 1280×800 and 390×844", async () => {
    for (const [w, h, label] of [[1280, 800, "desktop"], [390, 844, "phone"]]) {
      const { ctx, page, problems } = await newPage({ width: w, height: h });
      await open(page);
      for (const lang of ["en", "zh-Hant", "zh-Hans"]) {
        await setLang(page, lang);
        for (const [sample, name] of [["xiangqi-perpetual-chase.pgn", "xiangqi"], ["chess-threefold-grischuk-giri-2019.pgn", "chess"]]) {
          await judgeSample(page, sample);
          if (name === "xiangqi") await page.click("#prev"); // the chase arrow
          else await page.click("#claim-list li >> nth=0"); // the intended move
          await page.screenshot({ path: join(artifacts, `${name}-${lang}-${label}.png`), fullPage: true });
        }
      }
      await setLang(page, "en");
      assert.deepEqual(problems, []);
      await ctx.close();
    }
  });
} finally {
  await browser.close();
  proc.kill();
  rmSync(profile, { recursive: true, force: true });
}

console.log(failures ? `${failures} browser test(s) failed` : "all browser tests passed");
process.exit(failures ? 1 : 0);
