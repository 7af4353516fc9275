// Arbiter page: sends a record or a position to the API (annotate=true), then shows the game's
// players, the board at any ply, the move list numbered as players count moves (1. e4 e5 2. Nf3
// …), the verdict, the claims and the summaries of the clauses cited. Every ruling shown comes
// from the server's report and every summary from the library's glossary (GET /api/v1/rules, as
// `arbiter rules`); this file only draws them. Record text (tags, moves, errors) is always set
// as text, never parsed as HTML.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const I = window.ArbiterI18n;
  const t = I.t;
  const state = { games: [], gi: 0, ply: 0, mode: "record", last: null, api: { lang: false, notation: false } };

  function showError(msg) {
    const e = $("error");
    e.textContent = msg || "";
    e.hidden = !msg;
  }

  async function post(url, body, type) {
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": type }, body });
    let data;
    try {
      data = await res.json();
    } catch (_) {
      throw new Error(`HTTP ${res.status}`);
    }
    if (!res.ok) {
      const where = data.ply != null ? plyRef(data.ply) + (data.move ? t("comma") + data.move : "") : "";
      throw new Error(`${data.error || "HTTP " + res.status}${where ? t("paren", where) : ""}`);
    }
    return data;
  }

  function plyRef(ply) {
    return t("plyRef", ply);
  }

  // The query words the server takes beyond the judging options: its language and the
  // notation of xiangqi moves, once the API offers them (an unknown parameter is refused).
  function wordsQuery(q) {
    if (state.api.lang) q.set("lang", I.lang());
    if (state.api.notation && $("notation").value) q.set("notation", $("notation").value);
    return q;
  }

  // Nothing of an earlier game stays on screen: the view, the picker and the error are cleared.
  function clearGame() {
    state.games = [];
    state.gi = 0;
    $("view").hidden = true;
    $("game-pick").hidden = true;
    $("game").innerHTML = "";
    $("game-search").value = "";
  }

  async function judge(bytes, keepView) {
    showError("");
    const rules = $("rules").value;
    $("judge").disabled = true;
    $("judge").textContent = t("working");
    const at = keepView ? { gi: state.gi, ply: state.ply } : null;
    try {
      let games;
      if (state.mode === "record") {
        const body = bytes || new TextEncoder().encode($("record").value);
        state.last = { mode: "record", body };
        const q = new URLSearchParams({ annotate: "true" });
        if (rules) q.set("rules", rules);
        const data = await post("/api/v1/judge?" + wordsQuery(q), body, "application/octet-stream");
        games = data.games || [];
      } else {
        state.last = { mode: "position" };
        const req = { fen: $("fen").value.trim() || null, moves: $("moves").value, annotate: true };
        if (rules) req.rules = rules;
        const q = wordsQuery(new URLSearchParams());
        const data = await post("/api/v1/position" + (String(q) ? "?" + q : ""), JSON.stringify(req), "application/json");
        games = [data];
      }
      if (!games.length) throw new Error(t("noGame"));
      // A new judgement clears the view; the same one again (another language or notation)
      // redraws in place, the page not moving.
      if (!at) clearGame();
      state.games = games;
      state.gi = at ? Math.min(at.gi, games.length - 1) : 0;
      fillPicker("");
      $("game-pick").hidden = games.length < 2;
      $("game-search").hidden = games.length < 10;
      await openGame(at ? Math.min(at.gi, games.length - 1) : 0, at ? at.ply : null);
      if (!at) land();
    } catch (e) {
      clearGame();
      showError(`${t("error")}${t("colon")}${e.message}`);
    } finally {
      $("judge").disabled = false;
      $("judge").textContent = t("judge");
    }
  }

  // After Judge: the board and the verdict in sight (the view's top at the window's top).
  function land() {
    const v = $("view");
    if (v.scrollIntoView) v.scrollIntoView({ block: "start" });
  }

  function game() {
    return state.games[state.gi];
  }

  // A tag of the record, `""` when absent or unknown (`?`).
  function tag(g, name) {
    const v = ((g && g.tags) || {})[name];
    return v && !/^\?+$/.test(v.trim()) ? v.trim() : "";
  }

  // "1999.??.??" → "1999"; "2019.04.02" stays.
  function date(g) {
    return tag(g, "Date").replace(/(\.\?\?)+$/, "");
  }

  // "White – Black (Event, date)" from the record's tags; empty when it names no players.
  function title(g) {
    const first = tag(g, "Red") || tag(g, "White");
    const second = tag(g, "Black");
    const where = [tag(g, "Event"), date(g)].filter(Boolean);
    const zh = I.zh();
    let s = first || second ? `${first || "?"} – ${second || "?"}` : "";
    if (where.length) {
      const w = where.join(zh ? "，" : ", ");
      s += s ? (zh ? `（${w}）` : ` (${w})`) : w;
    }
    return s;
  }

  // The game picker's line for game i: its number, players, event and date (or its kind).
  // Games numbered as the reports number them (index + 1: a library's title-only slots keep
  // their numbers), by position only when the answer gives no index.
  function pickLabel(g, i) {
    const name = title(g);
    const n = (Number.isInteger(g.index) ? g.index : i) + 1;
    if (g.error) return `${n}. ${name ? name + " " : ""}✗`;
    return `${n}. ${name || `${t("b_" + g.rules)} · ${g.plies} ${t("ply")}`}`;
  }

  function fillPicker(filter) {
    const pick = $("game");
    pick.innerHTML = "";
    const f = filter.trim().toLowerCase();
    let shown = 0;
    state.games.forEach((g, i) => {
      const label = pickLabel(g, i);
      if (f && !label.toLowerCase().includes(f)) return;
      const o = document.createElement("option");
      o.value = i;
      o.textContent = label;
      if (i === state.gi) o.selected = true;
      pick.appendChild(o);
      shown += 1;
    });
    $("game-count").textContent = f ? t("shown", shown, state.games.length) : t("games", state.games.length);
  }

  // The glossary entries a text cites (`GET /api/v1/rules?cited=`), cached by language and text.
  const glossary = new Map();
  function glossaryKey(text) {
    return (state.api.lang ? I.lang() : "") + "\u0000" + text;
  }
  async function cited(text) {
    if (!text) return [];
    const key = glossaryKey(text);
    if (!glossary.has(key)) {
      let list = [];
      try {
        const q = new URLSearchParams({ cited: text });
        if (state.api.lang) q.set("lang", I.lang());
        const r = await fetch("/api/v1/rules?" + q);
        if (r.ok) list = (await r.json()).clauses || [];
      } catch (_) {
        list = [];
      }
      glossary.set(key, list);
    }
    return glossary.get(key);
  }
  function entries(text) {
    return (text && glossary.get(glossaryKey(text))) || [];
  }

  // Every clause text of a game: the verdict's, each side's in the cycle, each claim's, and
  // under TW113 its procedure, which the text report names (AXF writes none: the report then
  // says the TW113 count is used without citing it).
  function clauseTexts(g) {
    const texts = [g.clause];
    const sides = (g.cycle && g.cycle.sides) || {};
    for (const s of [sides.red, sides.black]) if (s) texts.push(s.clause);
    for (const c of g.claims || []) texts.push(c.clause);
    if (g.procedure && g.cycle && g.rules === "tw113") texts.push(g.procedure);
    return texts.filter(Boolean);
  }

  // Fetch the summaries a game needs before drawing it (cached: redrawing is immediate).
  async function loadClauses(g) {
    await Promise.all(clauseTexts(g).map(cited));
  }

  // A glossary entry in the reader's language: the server's `text` when it gives one in that
  // language, else the entry's English, traditional (`zh`) or simplified (`zh_hans`) fields.
  function localized(c) {
    return c.text && c.text.lang === I.lang() ? c.text : null;
  }
  function summaryText(c) {
    const own = localized(c);
    if (own) return own.summary;
    if (I.lang() === "zh-Hans") return c.zh_hans || c.zh;
    return I.zh() ? c.zh : c.en;
  }
  function titleText(c) {
    const own = localized(c);
    if (own) return own.title;
    if (I.lang() === "zh-Hans") return c.title_zh_hans || "";
    return I.zh() ? c.title_zh || "" : c.title;
  }
  function citationText(c) {
    const own = localized(c);
    return own ? own.citation : I.citation(c);
  }

  function summaryOf(text) {
    return entries(text).map(summaryText).join(" ");
  }

  // A clause text as the reader reads it: the server's words when it gives them, else (Chinese)
  // the citations of the clauses it names.
  function clauseWords(text, localized) {
    if (localized) return localized;
    if (!text || !I.zh()) return text;
    const list = entries(text);
    return list.length ? list.map(citationText).join("、") : text;
  }

  // Move numbers from the start FEN: its full-move number and side to move.
  function numbering(g) {
    const fen = ((g.annotations || [])[0] || {}).fen || "";
    const f = fen.split(" ");
    return { first: parseInt(f[5], 10) || 1, secondFirst: f[1] === "b" };
  }

  // The number of the move that produced `ply` and whether it is the second side's.
  function moveNo(g, ply) {
    const n = numbering(g);
    const i = ply - 1 + (n.secondFirst ? 1 : 0);
    return { n: n.first + Math.floor(i / 2), second: i % 2 === 1 };
  }

  // "21… Qa5+": a no-break space keeps the number with its move when a line wraps.
  function numbered(g, ply, text) {
    const m = moveNo(g, ply);
    return `${m.n}${m.second ? "…" : "."}\u00a0${text}`;
  }

  // The move that produced `ply` as the reader reads it: the server's words in the chosen
  // notation when it gives them, else as written (chess: SAN with its + and #).
  function moveText(g, ply) {
    const words = g.text && Array.isArray(g.text.moves) ? g.text.moves[ply - 1] : null;
    if (words) return words;
    const a = (g.annotations || [])[ply];
    return a ? a.text || a.move : "";
  }

  // "21… Qa5+", "29… h8g8", "1. 炮二平五": the move that produced `ply`, numbered.
  function moveLabel(g, ply) {
    return numbered(g, ply, moveText(g, ply));
  }

  // "after 21… Qa5+ (ply 42)" / "21… Qa5+之後（第42半回合）".
  function afterMove(g, ply) {
    if (!ply) return t("atStart");
    return t("after", moveLabel(g, ply), plyRef(ply));
  }

  // An intended move (UCI) in SAN, as the annotations of its ply give it.
  function intendedSan(g, ply, uci) {
    const a = (g.annotations || [])[ply] || {};
    return (a.intended_san && a.intended_san[uci]) || uci;
  }

  async function openGame(i, ply) {
    state.gi = i;
    const g = game();
    await loadClauses(g);
    $("view").hidden = false;
    $("game-title").textContent = title(g);
    $("game-title").hidden = !title(g);
    const xiangqi = g.game === "xiangqi";
    $("notation-pick").hidden = !(state.api.notation && xiangqi);
    if (g.error) {
      showError(`${t("error")}${t("colon")}${g.error}${g.ply != null ? t("paren", plyRef(g.ply)) : ""}`);
    } else {
      showError("");
    }
    $("board-wrap").hidden = !!g.error;
    const ann = g.annotations || [];
    // Open at the ply where the game was decided (or pending), else at the end.
    const at = g.at_ply != null ? g.at_ply : Math.max(0, ann.length - 1);
    state.ply = ply != null ? ply : at;
    renderAll();
  }

  function renderAll() {
    renderMoveList();
    renderVerdict();
    renderClaims();
    renderCited();
    go(state.ply);
  }

  // The plies of the repetition cycle: the count loops judged, of length plies after start_ply
  // (they end at start_ply + count × length, pending or decided alike).
  function cyclePlies(g) {
    const c = g.cycle;
    if (!c) return [0, -1];
    const end = Math.min(g.plies, c.start_ply + c.length * c.count);
    return [c.start_ply + 1, end];
  }

  // The kinds of a move as tags: xiangqi's (將、捉、殺…; idle left out); chess checks are
  // in the SAN (+, #).
  function kindTags(a) {
    return (a.kinds || []).filter((k) => k !== "idle").map((k) => t(k)).join(" ");
  }

  function renderMoveList() {
    const g = game();
    const ol = $("movelist");
    ol.innerHTML = "";
    $("movelist-title").textContent = t(g.game === "chess" ? "moveListChess" : "moveList");
    const ann = g.annotations || [];
    const [c0, c1] = cyclePlies(g);
    const endPly = g.at_ply != null && g.status === "decided" ? g.at_ply : Infinity;
    // Three columns: the move number, the first side's move, the second side's.
    const cell = (text, cls) => {
      const li = document.createElement("li");
      li.className = cls;
      li.setAttribute("aria-hidden", "true");
      li.textContent = text;
      ol.appendChild(li);
    };
    for (const a of ann) {
      if (a.ply === 0) continue;
      const m = moveNo(g, a.ply);
      if (!m.second) cell(`${m.n}.`, "num");
      else if (a.ply === 1) {
        cell(`${m.n}…`, "num");
        cell("", "skip");
      }
      const li = document.createElement("li");
      li.dataset.ply = a.ply;
      li.title = plyRef(a.ply);
      li.textContent = moveText(g, a.ply);
      const k = kindTags(a);
      if (k) {
        const s = document.createElement("span");
        s.className = "kinds";
        s.textContent = k;
        li.appendChild(s);
      }
      if (a.ply >= c0 && a.ply <= c1) li.classList.add("in-cycle");
      if (a.ply > endPly) li.classList.add("after-end");
      li.addEventListener("click", () => go(a.ply));
      ol.appendChild(li);
    }
  }

  function dl(rows) {
    const d = document.createElement("dl");
    d.className = "kv";
    for (const [k, v, cls, id] of rows) {
      if (v == null || v === "") continue;
      const dt = document.createElement("dt");
      dt.textContent = t(k);
      const dd = document.createElement("dd");
      dd.textContent = v;
      if (cls) dd.className = cls;
      if (id) dd.id = id;
      d.append(dt, dd);
    }
    return d;
  }

  function sideName(s) {
    return s ? t(s) : null;
  }

  // "0-1 (Black wins)"; pending: "0-1 if it repeats once more (Black wins)".
  function resultText(g) {
    const r = g.result;
    if (!r) return null;
    const first = g.game === "chess" ? "white" : "red";
    const words = r === "1-0" ? t("wins", t(first)) : r === "0-1" ? t("wins", t("black"))
      : r === "1/2-1/2" ? t("draw") : t("noResult");
    return g.status === "pending" ? t("pendingResult", r, words) : t("resultWords", r, words);
  }

  function renderVerdict() {
    const g = game();
    const box = $("verdict");
    box.innerHTML = "";
    const h = document.createElement("h2");
    h.textContent = t("verdict") + (g.rules ? ` · ${t("b_" + g.rules)}` : "");
    box.appendChild(h);
    if (g.error) {
      box.appendChild(dl([["error", g.error, "", "verdict-error"]]));
      return;
    }
    const words = g.text || {};
    if (words.verdict) {
      const p = document.createElement("p");
      p.id = "verdict-sentence";
      p.textContent = words.verdict;
      box.appendChild(p);
    }
    // The server's sentence on each side's play (the cycle's evidence, who may claim).
    for (const side of ["red", "white", "black"]) {
      const said = (words.sides || {})[side];
      if (!said) continue;
      const p = document.createElement("p");
      p.className = "side-sentence";
      p.dataset.side = side;
      p.textContent = said;
      box.appendChild(p);
    }
    const [, c1] = cyclePlies(g);
    box.appendChild(dl([
      ["status", g.status ? t("st_" + g.status) : null, "status-" + g.status, "verdict-status"],
      ["reason", g.reason ? t("r_" + g.reason) : null, "", "verdict-reason"],
      ["result", resultText(g), "", "verdict-result"],
      ["mustVary", g.must_vary ? sideName(g.must_vary) : null, "", "verdict-must-vary"],
      ["atPly", g.at_ply ? t("move", moveLabel(g, g.at_ply), plyRef(g.at_ply)) : null, "", "verdict-at-ply"],
      ["clause", clauseWords(g.clause, words.clause), "", "verdict-clause"],
      ["summary", summaryOf(g.clause), "summary", "verdict-summary"],
      ["recorded", g.recorded_result, "", "verdict-recorded"],
      // `recurrences` counts the returns to the position; it stood once more than that.
      ["cycle", g.cycle ? t("cycleText", g.cycle.start_ply, c1, g.cycle.length, (g.cycle.recurrences ?? g.cycle.count) + 1) : null, "", "verdict-cycle"],
    ]));
    if (g.result_agrees === false) {
      const p = document.createElement("p");
      p.className = "summary";
      p.textContent = t("disagree");
      box.appendChild(p);
    }
  }

  function renderClaims() {
    const g = game();
    const box = $("claims");
    box.innerHTML = "";
    const claims = g.claims || [];
    if (!claims.length || g.error) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const h = document.createElement("h2");
    h.textContent = t("claims");
    box.appendChild(h);
    const ul = document.createElement("ul");
    ul.id = "claim-list";
    for (const c of claims) {
      const li = document.createElement("li");
      const im = c.intended_move
        ? ` · ${t("intended")} ${numbered(g, c.at_ply + 1, intendedSan(g, c.at_ply, c.intended_move))}`
        : "";
      li.textContent = `${t("k_" + c.kind)} · ${t("claimBy", sideName(c.by))} · ${afterMove(g, c.at_ply)}${im} · ${clauseWords(c.clause)}`;
      li.title = summaryOf(c.clause);
      li.addEventListener("click", () => go(c.at_ply));
      ul.appendChild(li);
    }
    box.appendChild(ul);
  }

  // The clauses the game's report cites, each with its summary (as a text report ends).
  function renderCited() {
    const g = game();
    const box = $("cited");
    box.innerHTML = "";
    const seen = new Set();
    const list = [];
    for (const text of clauseTexts(g)) {
      for (const c of entries(text)) {
        if (!seen.has(c.citation)) {
          seen.add(c.citation);
          list.push(c);
        }
      }
    }
    box.hidden = !list.length || !!g.error;
    if (box.hidden) return;
    const h = document.createElement("h2");
    h.textContent = t("cited");
    const d = document.createElement("dl");
    d.className = "cited";
    for (const c of list) {
      const dt = document.createElement("dt");
      // "AXF detailed rule 13 — chariot chasing an unprotected cannon" / "亞洲棋規細則第13條：…";
      // another book's clause in a xiangqi game's report is a reading borrowed into its book
      // (an AXF clause under TW113: "(a reading under TW113)"), as the text report says.
      const title = titleText(c);
      const borrowed = g.game === "xiangqi" && g.rules && c.book && c.book !== g.rules;
      const read = borrowed ? t("paren", t("readingUnder", t("b_" + g.rules))) : "";
      dt.textContent = citationText(c) + (title ? (I.zh() ? "：" : " — ") + title : "") + read;
      const dd = document.createElement("dd");
      dd.textContent = summaryText(c);
      d.append(dt, dd);
    }
    box.append(h, d);
  }

  // Keep the current move in sight inside the move list, without scrolling the page.
  function revealInList(li) {
    const ol = $("movelist");
    const r = li.getBoundingClientRect();
    const o = ol.getBoundingClientRect();
    if (r.top < o.top) ol.scrollTop -= o.top - r.top;
    else if (r.bottom > o.bottom) ol.scrollTop += r.bottom - o.bottom;
  }

  function go(ply) {
    const g = game();
    if (!g) return;
    const ann = g.annotations || [];
    const svg = $("board");
    if (!ann.length) {
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      $("ply-label").textContent = "";
      $("move-facts").textContent = "";
      return;
    }
    state.ply = Math.max(0, Math.min(ply, ann.length - 1));
    const a = ann[state.ply];
    const [c0, c1] = cyclePlies(g);
    const claimHere = (g.claims || []).find((c) => c.at_ply === state.ply && c.intended_move);
    window.ArbiterBoard.draw(svg, {
      fen: a.fen,
      lastMove: a.move || null,
      chases: a.chases || [],
      check: !!a.check,
      inCycle: state.ply >= c0 && state.ply <= c1,
      intended: claimHere ? claimHere.intended_move : null,
    });
    $("ply-label").textContent = t("plyOf", state.ply, ann.length - 1);
    for (const li of $("movelist").children) {
      const cur = Number(li.dataset.ply) === state.ply;
      li.classList.toggle("current", cur);
      if (cur) revealInList(li);
    }
    const facts = $("move-facts");
    facts.innerHTML = "";
    if (a.ply > 0) {
      const b = document.createElement("b");
      b.textContent = `${t("thisMove")}${t("colon")}${moveLabel(g, a.ply)} `;
      facts.appendChild(b);
      // Chess checks are named as chess names them (check / 將軍), never with xiangqi's 將.
      const kinds = g.game === "chess" ? (a.check ? ["chessCheck"] : []) : (a.kinds || []);
      for (const k of kinds) {
        const s = document.createElement("span");
        s.className = "tag " + (k === "chessCheck" ? "check" : k);
        s.textContent = t(k);
        facts.appendChild(s);
      }
      const board = window.ArbiterBoard.parseBoard(a.fen).map;
      for (const c of a.chases || []) {
        const s = document.createElement("span");
        s.className = "tag chase-pair";
        const p = board[c.target] || "";
        const name = I.piece(c.piece, p !== "" && p === p.toUpperCase());
        s.textContent = I.zh() ? `${c.chaser}→${c.target}（${name}）` : `${c.chaser}→${c.target} (${name})`;
        facts.appendChild(s);
      }
      for (const c of a.claims || []) {
        const s = document.createElement("span");
        s.className = "tag claim";
        const im = c.intended_move ? intendedSan(g, a.ply, c.intended_move) : "";
        s.textContent = `${t("k_" + c.kind)} · ${t("claimBy", sideName(c.by))}` + (im ? ` · ${t("intended")} ${im}` : "");
        facts.appendChild(s);
      }
    }
  }

  async function loadSample(name) {
    const res = await fetch("/samples/" + encodeURIComponent(name));
    $("record").value = await res.text();
    setMode("record");
    await judge(null);
  }

  function setMode(m) {
    state.mode = m;
    $("tab-record").classList.toggle("active", m === "record");
    $("tab-position").classList.toggle("active", m === "position");
    $("pane-record").hidden = m !== "record";
    $("pane-position").hidden = m !== "position";
  }

  async function readFile(f) {
    const buf = new Uint8Array(await f.arrayBuffer());
    // Show text records; send the bytes as they are (GBK, Big5, XQF, CBR… are read by the server).
    try {
      $("record").value = new TextDecoder("utf-8", { fatal: true }).decode(buf);
    } catch (_) {
      $("record").value = `(${f.name}: ${buf.length} bytes, sent as they are)`;
    }
    setMode("record");
    await judge(buf);
  }

  // Redraw in the language chosen: the server's words are asked again when it speaks it.
  async function relabel() {
    $("lang").value = I.lang();
    if (!game()) return;
    if (state.api.lang && state.last) {
      // Marked while the server's words are fetched again (tests and scripts wait on it).
      document.documentElement.dataset.busy = "1";
      try {
        await rejudge();
        // Everything drawn from the page's own words follows the language too.
        if (game()) {
          $("game-title").textContent = title(game());
          renderAll();
        }
      } finally {
        delete document.documentElement.dataset.busy;
      }
      return;
    }
    fillPicker($("game-search").value);
    await loadClauses(game());
    $("game-title").textContent = title(game());
    renderAll();
  }

  // The last request again (a new language or notation), staying at the same game and ply.
  async function rejudge() {
    if (!state.last) return;
    await judge(state.last.mode === "record" ? state.last.body : null, true);
  }

  // What the API takes beyond the judging options (`lang`, `notation`) and the record formats it
  // reads (the file picker offers them all).
  async function discover() {
    try {
      const idx = await (await fetch("/api/v1/")).json();
      if (Array.isArray(idx.formats) && idx.formats.length) $("file").accept = idx.formats.join(",");
      const doc = await (await fetch("/api/v1/openapi.json")).json();
      const judgeOp = ((doc.paths || {})["/api/v1/judge"] || {}).post || {};
      // Parameters given in place or as `$ref`s into components.parameters.
      const shared = (doc.components || {}).parameters || {};
      const names = (judgeOp.parameters || []).map((p) => (p.$ref ? shared[p.$ref.split("/").pop()] || {} : p).name);
      state.api.lang = names.includes("lang");
      state.api.notation = names.includes("notation");
    } catch (_) {
      // The page still judges; it words what the server does not.
    }
  }

  // Xiangqi moves in Chinese notation in the Chinese views, as written in English, until the
  // reader picks a notation.
  let notationPicked = false;
  function defaultNotation() {
    if (!notationPicked) $("notation").value = I.zh() ? "chinese" : "as-written";
  }

  function init() {
    I.setLang(I.initial());
    $("lang").value = I.lang();
    defaultNotation();
    $("lang").addEventListener("change", (e) => {
      I.setLang(e.target.value, true);
      defaultNotation();
      relabel();
    });
    $("notation").addEventListener("change", () => {
      notationPicked = true;
      rejudge();
    });
    $("tab-record").addEventListener("click", () => setMode("record"));
    $("tab-position").addEventListener("click", () => setMode("position"));
    $("judge").addEventListener("click", () => judge(null));
    $("game").addEventListener("change", (e) => openGame(Number(e.target.value)));
    $("game-search").addEventListener("input", (e) => fillPicker(e.target.value));
    $("first").addEventListener("click", () => go(0));
    $("prev").addEventListener("click", () => go(state.ply - 1));
    $("next").addEventListener("click", () => go(state.ply + 1));
    $("last").addEventListener("click", () => go(Infinity));
    $("file").addEventListener("change", (e) => e.target.files[0] && readFile(e.target.files[0]));
    const ta = $("record");
    ta.addEventListener("dragover", (e) => { e.preventDefault(); ta.classList.add("drop"); });
    ta.addEventListener("dragleave", () => ta.classList.remove("drop"));
    ta.addEventListener("drop", (e) => {
      e.preventDefault();
      ta.classList.remove("drop");
      if (e.dataTransfer.files[0]) readFile(e.dataTransfer.files[0]);
    });
    document.addEventListener("keydown", (e) => {
      const tag = (e.target && e.target.tagName) || "";
      if (tag === "TEXTAREA" || tag === "INPUT" || tag === "SELECT" || !game()) return;
      const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
      if (e.key in moves) { go(state.ply + moves[e.key]); e.preventDefault(); }
      else if (e.key === "Home") { go(0); e.preventDefault(); }
      else if (e.key === "End") { go(Infinity); e.preventDefault(); }
    });
    discover().then(() => {
      document.body.dataset.ready = "true";
    });
    fetch("/samples").then((r) => r.json()).then((d) => {
      for (const name of d.samples || []) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = name.replace(/\.pgn$/, "");
        b.dataset.sample = name;
        b.addEventListener("click", () => loadSample(name));
        $("samples").appendChild(b);
      }
    });
  }

  document.addEventListener("DOMContentLoaded", init);
})();
