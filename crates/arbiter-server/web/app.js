// Arbiter page: sends a record or a position to the API (annotate=true), then shows the board at
// any ply, the move list numbered as players count moves (1. e4 e5 2. Nf3 …), the verdict, the
// claims and the summaries of the clauses cited. Every ruling shown comes from the server's
// report and every summary from the library's glossary (GET /api/v1/rules, as `arbiter rules`);
// this file only draws them.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const I = window.ArbiterI18n;
  const t = I.t;
  const state = { games: [], gi: 0, ply: 0, mode: "record" };

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
      const where = data.ply != null ? ` (ply ${data.ply}${data.move ? ", " + data.move : ""})` : "";
      throw new Error(`${data.error || "HTTP " + res.status}${where}`);
    }
    return data;
  }

  async function judge(bytes) {
    showError("");
    const rules = $("rules").value;
    $("judge").disabled = true;
    $("judge").textContent = t("working");
    try {
      let games;
      if (state.mode === "record") {
        const body = bytes || new TextEncoder().encode($("record").value);
        const q = new URLSearchParams({ annotate: "true" });
        if (rules) q.set("rules", rules);
        const data = await post("/api/v1/judge?" + q, body, "application/octet-stream");
        games = data.games || [];
      } else {
        const req = { fen: $("fen").value.trim() || null, moves: $("moves").value, annotate: true };
        if (rules) req.rules = rules;
        const data = await post("/api/v1/position", JSON.stringify(req), "application/json");
        games = [data];
      }
      if (!games.length) throw new Error("no game found in the input");
      state.games = games;
      state.gi = 0;
      const pick = $("game");
      pick.innerHTML = "";
      games.forEach((g, i) => {
        const o = document.createElement("option");
        o.value = i;
        o.textContent = `${i + 1}` + (g.error ? " ✗" : ` · ${g.game} · ${g.plies} ${t("plies")}`);
        pick.appendChild(o);
      });
      $("game-pick").hidden = games.length < 2;
      await openGame(0);
    } catch (e) {
      showError(`${t("error")}: ${e.message}`);
    } finally {
      $("judge").disabled = false;
      $("judge").textContent = t("judge");
    }
  }

  function game() {
    return state.games[state.gi];
  }

  // The glossary entries a text cites (`GET /api/v1/rules?cited=`), cached by text.
  const glossary = new Map();
  async function cited(text) {
    if (!text) return [];
    if (!glossary.has(text)) {
      let list = [];
      try {
        const r = await fetch("/api/v1/rules?" + new URLSearchParams({ cited: text }));
        if (r.ok) list = (await r.json()).clauses || [];
      } catch (_) {
        list = [];
      }
      glossary.set(text, list);
    }
    return glossary.get(text);
  }

  // Every clause text of a game: the verdict's, each side's in the cycle, each claim's.
  function clauseTexts(g) {
    const texts = [g.clause];
    const sides = (g.cycle && g.cycle.sides) || {};
    for (const s of [sides.red, sides.black]) if (s) texts.push(s.clause);
    for (const c of g.claims || []) texts.push(c.clause);
    return texts.filter(Boolean);
  }

  // Fetch the summaries a game needs before drawing it (cached: language switches redraw at once).
  async function loadClauses(g) {
    await Promise.all(clauseTexts(g).map(cited));
  }

  function summaryOf(text) {
    const zh = I.lang() === "zh";
    return (glossary.get(text) || []).map((c) => (zh ? c.zh : c.en)).join(" ");
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

  // "21… Qa5+", "29… h8g8", "1. 炮二平五": the move that produced `ply`, numbered.
  function moveLabel(g, ply) {
    const a = (g.annotations || [])[ply];
    const m = moveNo(g, ply);
    const text = a ? a.text || a.move : "";
    return `${m.n}${m.second ? "…" : "."} ${text}`;
  }

  // "after 21… Qa5+ (ply 42)" / "21… Qa5+ 之後（步 42）".
  function afterMove(g, ply) {
    if (!ply) return t("atStart");
    const zh = I.lang() === "zh";
    return zh
      ? `${moveLabel(g, ply)} 之後（${t("ply")} ${ply}）`
      : `after ${moveLabel(g, ply)} (${t("ply")} ${ply})`;
  }

  async function openGame(i) {
    state.gi = i;
    const g = game();
    await loadClauses(g);
    $("view").hidden = false;
    if (g.error) {
      showError(`${t("error")}: ${g.error}${g.ply != null ? ` (${t("ply")} ${g.ply})` : ""}`);
    } else {
      showError("");
    }
    const ann = g.annotations || [];
    // Open at the ply where the game was decided (or pending), else at the end.
    state.ply = g.at_ply != null ? g.at_ply : Math.max(0, ann.length - 1);
    renderMoveList();
    renderVerdict();
    renderClaims();
    renderCited();
    go(state.ply);
  }

  // The plies of the repetition cycle: after start_ply, (count - 1) loops of length plies.
  function cyclePlies(g) {
    const c = g.cycle;
    if (!c) return [0, -1];
    const end = Math.min(g.plies, c.start_ply + c.length * Math.max(1, c.count - 1));
    return [c.start_ply + 1, end];
  }

  function kindTags(kinds) {
    return (kinds || []).filter((k) => k !== "idle").map((k) => t(k)).join(" ");
  }

  function renderMoveList() {
    const g = game();
    const ol = $("movelist");
    ol.innerHTML = "";
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
      li.title = `${t("ply")} ${a.ply}`;
      li.textContent = a.text || a.move;
      const k = kindTags(a.kinds);
      if (k || a.check) {
        const s = document.createElement("span");
        s.className = "kinds";
        s.textContent = k || t("check");
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

  function renderVerdict() {
    const g = game();
    const box = $("verdict");
    box.innerHTML = "";
    const h = document.createElement("h2");
    h.textContent = t("verdict") + (g.rules ? ` · ${g.rules.toUpperCase()}` : "");
    box.appendChild(h);
    if (g.error) {
      box.appendChild(dl([["error", g.error, "", "verdict-error"]]));
      return;
    }
    box.appendChild(dl([
      ["status", g.status ? t("st_" + g.status) : null, "status-" + g.status, "verdict-status"],
      ["reason", g.reason ? t("r_" + g.reason) : null, "", "verdict-reason"],
      ["result", g.result, "", "verdict-result"],
      ["mustVary", g.must_vary ? sideName(g.must_vary) : null, "", "verdict-must-vary"],
      ["atPly", g.at_ply ? `${moveLabel(g, g.at_ply)} (${t("ply")} ${g.at_ply})` : g.at_ply, "", "verdict-at-ply"],
      ["clause", g.clause, "", "verdict-clause"],
      ["summary", summaryOf(g.clause), "summary", "verdict-summary"],
      ["recorded", g.recorded_result, "", "verdict-recorded"],
      ["cycle", g.cycle ? `${t("ply")} ${g.cycle.start_ply}–${cyclePlies(g)[1]} · ${g.cycle.length} ${t("plies")} · ${t("loops")} ${g.cycle.count}` : null, "", "verdict-cycle"],
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
    if (!claims.length) {
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
      const next = moveNo(g, c.at_ply + 1);
      const im = c.intended_move
        ? ` · ${t("intended")} ${next.n}${next.second ? "…" : "."} ${c.intended_move}`
        : "";
      li.textContent = `${t("k_" + c.kind)} · ${t("by")} ${sideName(c.by)} · ${afterMove(g, c.at_ply)}${im} · ${c.clause}`;
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
      for (const c of glossary.get(text) || []) {
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
    const zh = I.lang() === "zh";
    for (const c of list) {
      const dt = document.createElement("dt");
      dt.textContent = `${c.citation} — ${c.title}`;
      const dd = document.createElement("dd");
      dd.textContent = zh ? c.zh : c.en;
      d.append(dt, dd);
    }
    box.append(h, d);
  }

  function go(ply) {
    const g = game();
    if (!g) return;
    const ann = g.annotations || [];
    if (!ann.length) {
      $("ply-label").textContent = "";
      return;
    }
    state.ply = Math.max(0, Math.min(ply, ann.length - 1));
    const a = ann[state.ply];
    const [c0, c1] = cyclePlies(g);
    const claimHere = (g.claims || []).find((c) => c.at_ply === state.ply && c.intended_move);
    window.ArbiterBoard.draw($("board"), {
      fen: a.fen,
      lastMove: a.move || null,
      chases: a.chases || [],
      check: !!a.check,
      inCycle: state.ply >= c0 && state.ply <= c1,
      intended: claimHere ? claimHere.intended_move : null,
    });
    $("ply-label").textContent = `${t("ply")} ${state.ply} / ${ann.length - 1}`;
    for (const li of $("movelist").children) {
      const cur = Number(li.dataset.ply) === state.ply;
      li.classList.toggle("current", cur);
      if (cur && li.scrollIntoView) li.scrollIntoView({ block: "nearest" });
    }
    const facts = $("move-facts");
    facts.innerHTML = "";
    if (a.ply > 0) {
      const b = document.createElement("b");
      b.textContent = `${t("thisMove")}: ${moveLabel(g, a.ply)} `;
      facts.appendChild(b);
      for (const k of a.kinds || (a.check ? ["check"] : [])) {
        const s = document.createElement("span");
        s.className = "tag " + k;
        s.textContent = t(k);
        facts.appendChild(s);
      }
      for (const c of a.chases || []) {
        const s = document.createElement("span");
        s.className = "tag chase-pair";
        s.textContent = `${c.chaser}→${c.target} (${c.piece})`;
        facts.appendChild(s);
      }
      for (const c of a.claims || []) {
        const s = document.createElement("span");
        s.className = "tag claim";
        s.textContent = `${t("k_" + c.kind)} ${sideName(c.by)}` + (c.intended_move ? ` (${c.intended_move})` : "");
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
    // Show text records; send the bytes as they are (GBK, Big5, XQF are decoded by the server).
    if (!/\.xqf$/i.test(f.name)) {
      try {
        $("record").value = new TextDecoder("utf-8", { fatal: true }).decode(buf);
      } catch (_) {
        $("record").value = `(${f.name}: ${buf.length} bytes, not UTF-8: sent as is)`;
      }
    } else {
      $("record").value = `(${f.name}: XQF, ${buf.length} bytes)`;
    }
    setMode("record");
    await judge(buf);
  }

  function init() {
    I.setLang("en");
    $("lang").textContent = t("lang");
    $("lang").addEventListener("click", () => {
      I.setLang(I.lang() === "en" ? "zh" : "en");
      $("lang").textContent = t("lang");
      if (game()) {
        renderMoveList();
        renderVerdict();
        renderClaims();
        renderCited();
        go(state.ply);
      }
    });
    $("tab-record").addEventListener("click", () => setMode("record"));
    $("tab-position").addEventListener("click", () => setMode("position"));
    $("judge").addEventListener("click", () => judge(null));
    $("game").addEventListener("change", (e) => openGame(Number(e.target.value)));
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
