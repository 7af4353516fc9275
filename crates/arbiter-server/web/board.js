// Arbiter page: SVG boards. Draws a position given as FEN (10 ranks: xiangqi, 8: chess), the last
// move, check marks and chaser→target arrows. Drawing only: every fact comes from the server.
"use strict";

(function () {
  const NS = "http://www.w3.org/2000/svg";
  const FILES = "abcdefghi";

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // FEN board field → map square ("e0") → piece letter (case = side: upper red/white).
  function parseBoard(fen) {
    const field = String(fen || "").trim().split(/\s+/)[0] || "";
    const ranks = field.split("/");
    const map = {};
    const top = ranks.length - 1; // 9 for xiangqi, 7 for chess
    ranks.forEach((row, i) => {
      let f = 0;
      for (const ch of row) {
        if (/[0-9]/.test(ch)) f += Number(ch);
        else {
          map[FILES[f] + (ranks.length === 8 ? top - i + 1 : top - i)] = ch;
          f += 1;
        }
      }
    });
    return { map, ranks: ranks.length, side: (String(fen).trim().split(/\s+/)[1] || "w") };
  }

  // Xiangqi pieces, red and black: traditional characters (red 帥仕相傌俥炮兵, black
  // 將士象馬車砲卒), or, on a page in simplified Chinese, the characters of mainland boards
  // (red 帅仕相马车炮兵, black 将士象马车炮卒: the colour tells the sides apart).
  const XQ = {
    K: "帥", A: "仕", B: "相", E: "相", N: "傌", H: "傌", R: "俥", C: "炮", P: "兵",
    k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒",
  };
  const XQ_HANS = {
    K: "帅", A: "仕", B: "相", E: "相", N: "马", H: "马", R: "车", C: "炮", P: "兵",
    k: "将", a: "士", b: "象", e: "象", n: "马", h: "马", r: "车", c: "炮", p: "卒",
  };
  const simplified = () => document.documentElement.lang === "zh-Hans";
  // Chess pieces: the filled glyphs for both sides, coloured.
  const CH = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

  // Square name → centre (x, y) on the drawing.
  function xqXY(sq, g) {
    const f = FILES.indexOf(sq[0]);
    const r = Number(sq.slice(1));
    return [g.m + f * g.c, g.m + (9 - r) * g.c];
  }
  function chXY(sq, g) {
    const f = FILES.indexOf(sq[0]);
    const r = Number(sq.slice(1));
    return [g.m + f * g.c + g.c / 2, g.m + (8 - r) * g.c + g.c / 2];
  }

  // One arrowhead per kind of arrow, in the arrow's own colour.
  function arrowDefs(svg) {
    const defs = el("defs", {}, svg);
    for (const kind of ["chase", "intended"]) {
      const mk = el("marker", { id: "head-" + kind, viewBox: "0 0 10 10", refX: "6", refY: "5",
        markerWidth: "3.2", markerHeight: "3.2", orient: "auto-start-reverse" }, defs);
      el("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead " + kind }, mk);
    }
  }

  // An arrow from square `from` to `to`. `bend`: a cannon's arrow bows around the pieces
  // between (its screen) instead of crossing them. The line starts just off the mover's centre
  // and stops before the target's, so a one-square move still shows a shaft and its head.
  function drawArrow(svg, from, to, xy, g, cls, data, bend) {
    const [x1, y1] = xy(from, g);
    const [x2, y2] = xy(to, g);
    const dx = x2 - x1, dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len;
    const s = Math.min(g.c * 0.18, len * 0.15), e = Math.min(g.c * 0.3, len * 0.25);
    const ax = x1 + ux * s, ay = y1 + uy * s, bx = x2 - ux * e, by = y2 - uy * e;
    let d = `M ${ax} ${ay} L ${bx} ${by}`;
    if (bend) {
      // Control point off the line's middle, perpendicular, far enough to clear a piece.
      const off = g.c * 0.9;
      const cx = (x1 + x2) / 2 - uy * off, cy = (y1 + y2) / 2 + ux * off;
      d = `M ${ax} ${ay} Q ${cx} ${cy} ${bx} ${by}`;
    }
    const kind = cls.split(" ").pop();
    const a = el("path", { d, class: cls, fill: "none", "marker-end": `url(#head-${kind})` }, svg);
    for (const k in data) a.setAttribute("data-" + k, data[k]);
    return a;
  }

  // Whether a straight line between two squares of the board crosses a piece (a cannon's screen).
  function crossesPiece(map, from, to) {
    const f0 = FILES.indexOf(from[0]), r0 = Number(from.slice(1));
    const f1 = FILES.indexOf(to[0]), r1 = Number(to.slice(1));
    if (f0 !== f1 && r0 !== r1) return false;
    const df = Math.sign(f1 - f0), dr = Math.sign(r1 - r0);
    for (let f = f0 + df, r = r0 + dr; f !== f1 || r !== r1; f += df, r += dr) {
      if (map[FILES[f] + r]) return true;
    }
    return false;
  }

  // view = { fen, lastMove: "h2e2"|null, chases: [{chaser,target,piece}], check: bool,
  //          inCycle: bool, flipped: false }
  function drawXiangqi(svg, view) {
    // Margin wide enough that edge pieces leave the file letters and rank digits clear.
    const g = { c: 40, m: 38 };
    const W = 8 * g.c + 2 * g.m, H = 9 * g.c + 2 * g.m;
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("class", "board xiangqi" + (view.inCycle ? " in-cycle" : ""));
    arrowDefs(svg);
    el("rect", { x: 0, y: 0, width: W, height: H, class: "wood" }, svg);
    const lines = el("g", { class: "grid" }, svg);
    for (let r = 0; r < 10; r++) {
      el("line", { x1: g.m, y1: g.m + r * g.c, x2: g.m + 8 * g.c, y2: g.m + r * g.c }, lines);
    }
    for (let f = 0; f < 9; f++) {
      const x = g.m + f * g.c;
      if (f === 0 || f === 8) {
        el("line", { x1: x, y1: g.m, x2: x, y2: g.m + 9 * g.c }, lines);
      } else { // broken at the river
        el("line", { x1: x, y1: g.m, x2: x, y2: g.m + 4 * g.c }, lines);
        el("line", { x1: x, y1: g.m + 5 * g.c, x2: x, y2: g.m + 9 * g.c }, lines);
      }
    }
    // Palaces: the diagonals of d0-f2 and d7-f9.
    for (const [r0, r1] of [[0, 2], [7, 9]]) {
      const [xa, ya] = xqXY("d" + r0, g), [xb, yb] = xqXY("f" + r1, g);
      el("line", { x1: xa, y1: ya, x2: xb, y2: yb, class: "palace" }, lines);
      el("line", { x1: xb, y1: ya, x2: xa, y2: yb, class: "palace" }, lines);
    }
    // 楚河 and 漢界 (汉界 in simplified) between the files (pieces stand on the lines), clear
    // of the pieces.
    const ry = g.m + 4.5 * g.c;
    [["楚", 1.5], ["河", 2.5], [simplified() ? "汉" : "漢", 5.5], ["界", 6.5]].forEach(([ch, f]) => {
      el("text", { x: g.m + f * g.c, y: ry, class: "river" }, svg).textContent = ch;
    });
    // ICCS file letters below, rank digits at the left, in the margin outside the pieces.
    for (let f = 0; f < 9; f++) {
      el("text", { x: g.m + f * g.c, y: H - 7, class: "coord" }, svg).textContent = FILES[f];
    }
    for (let r = 0; r < 10; r++) {
      el("text", { x: 10, y: g.m + (9 - r) * g.c + 4, class: "coord" }, svg).textContent = String(r);
    }
    const b = parseBoard(view.fen);
    if (view.lastMove && view.lastMove.length >= 4) {
      for (const sq of [view.lastMove.slice(0, 2), view.lastMove.slice(2, 4)]) {
        const [x, y] = xqXY(sq, g);
        el("rect", { x: x - g.c / 2 + 2, y: y - g.c / 2 + 2, width: g.c - 4, height: g.c - 4,
          class: "last-move", "data-square": sq }, svg);
      }
    }
    const pieces = el("g", { class: "pieces" }, svg);
    for (const sq in b.map) {
      const p = b.map[sq];
      const red = p === p.toUpperCase();
      const [x, y] = xqXY(sq, g);
      const grp = el("g", { class: "piece " + (red ? "red" : "black"), "data-square": sq, "data-piece": p }, pieces);
      const isKing = p.toLowerCase() === "k";
      const checked = view.check && isKing && (red === (b.side === "w" || b.side === "r"));
      el("circle", { cx: x, cy: y, r: g.c * 0.42, class: "disc" + (checked ? " checked" : "") }, grp);
      el("circle", { cx: x, cy: y, r: g.c * 0.34, class: "ring" }, grp);
      el("text", { x, y: y + 1, class: "glyph" }, grp).textContent = (simplified() ? XQ_HANS : XQ)[p] || "?";
    }
    for (const c of view.chases || []) {
      const bend = crossesPiece(b.map, c.chaser, c.target);
      drawArrow(svg, c.chaser, c.target, xqXY, g, "arrow chase", { chaser: c.chaser, target: c.target }, bend);
    }
    if (view.intended && view.intended.length >= 4) {
      drawArrow(svg, view.intended.slice(0, 2), view.intended.slice(2, 4), xqXY, g, "arrow intended",
        { from: view.intended.slice(0, 2), to: view.intended.slice(2, 4) });
    }
  }

  function drawChess(svg, view) {
    const g = { c: 46, m: 18 };
    const W = 8 * g.c + 2 * g.m;
    svg.setAttribute("viewBox", `0 0 ${W} ${W}`);
    svg.setAttribute("class", "board chess" + (view.inCycle ? " in-cycle" : ""));
    arrowDefs(svg);
    el("rect", { x: 0, y: 0, width: W, height: W, class: "frame" }, svg);
    for (let r = 1; r <= 8; r++) {
      for (let f = 0; f < 8; f++) {
        const [x, y] = chXY(FILES[f] + r, g);
        el("rect", { x: x - g.c / 2, y: y - g.c / 2, width: g.c, height: g.c,
          class: (f + r) % 2 === 1 ? "light" : "dark" }, svg);
      }
    }
    for (let f = 0; f < 8; f++) {
      el("text", { x: g.m + f * g.c + g.c / 2, y: W - 4, class: "coord" }, svg).textContent = FILES[f];
    }
    for (let r = 1; r <= 8; r++) {
      el("text", { x: 8, y: g.m + (8 - r) * g.c + g.c / 2 + 4, class: "coord" }, svg).textContent = String(r);
    }
    if (view.lastMove && view.lastMove.length >= 4) {
      for (const sq of [view.lastMove.slice(0, 2), view.lastMove.slice(2, 4)]) {
        const [x, y] = chXY(sq, g);
        el("rect", { x: x - g.c / 2, y: y - g.c / 2, width: g.c, height: g.c,
          class: "last-move", "data-square": sq }, svg);
      }
    }
    const b = parseBoard(view.fen);
    const pieces = el("g", { class: "pieces" }, svg);
    for (const sq in b.map) {
      const p = b.map[sq];
      const white = p === p.toUpperCase();
      const [x, y] = chXY(sq, g);
      const grp = el("g", { class: "piece " + (white ? "white" : "black"), "data-square": sq, "data-piece": p }, pieces);
      const checked = view.check && p.toLowerCase() === "k" && (white === (b.side === "w"));
      if (checked) el("circle", { cx: x, cy: y, r: g.c * 0.45, class: "checked" }, grp);
      el("text", { x, y: y + 2, class: "glyph" }, grp).textContent = CH[p.toLowerCase()] || "?";
    }
    for (const c of view.chases || []) {
      drawArrow(svg, c.chaser, c.target, chXY, g, "arrow chase", { chaser: c.chaser, target: c.target });
    }
    if (view.intended && view.intended.length >= 4) {
      // The square the intended move goes to, framed, and the arrow to it.
      const [x, y] = chXY(view.intended.slice(2, 4), g);
      el("rect", { x: x - g.c / 2 + 2, y: y - g.c / 2 + 2, width: g.c - 4, height: g.c - 4, class: "intended-to" }, svg);
      drawArrow(svg, view.intended.slice(0, 2), view.intended.slice(2, 4), chXY, g, "arrow intended",
        { from: view.intended.slice(0, 2), to: view.intended.slice(2, 4) });
    }
  }

  function draw(svg, view) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const b = parseBoard(view.fen);
    if (b.ranks === 8) drawChess(svg, view);
    else drawXiangqi(svg, view);
  }

  window.ArbiterBoard = { draw, parseBoard };
})();
