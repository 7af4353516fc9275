// Arbiter page: English and 中文 labels. Text only: the clause always comes from the server's
// report and its summary from the library's glossary (GET /api/v1/rules, as `arbiter rules`).
"use strict";

(function () {
  const T = {
    en: {
      title: "Arbiter — a referee for repetition and draws",
      tagline: "Xiangqi (AXF, TW113) and chess (FIDE): paste a record or set up a position.",
      record: "Record", position: "Position", samples: "Samples",
      paste: "Paste a PGN record here, or drop a PGN/XQF file on this box.",
      fen: "FEN", moves: "Moves", rules: "Rules", auto: "automatic", judge: "Judge",
      file: "Open a file…", game: "Game", first: "Start", prev: "Back", next: "Forward", last: "End",
      ply: "Ply", moveList: "Moves", verdict: "Verdict", status: "Status", reason: "Reason",
      result: "Result", mustVary: "Must vary", clause: "Clause", summary: "In short",
      recorded: "Recorded result", atPly: "At move", claims: "Claims", intended: "intended move",
      none: "none", nobody: "nobody (draw)", dead: "Dead position", cycle: "Repetition cycle",
      plies: "plies", loops: "positions repeated", error: "Error", thisMove: "This move",
      check: "check", chase: "chase", idle: "idle", mate_threat: "mate threat", exchange: "exchange",
      offer: "offer", block: "block", disagree: "The rules disagree with the recorded result.",
      keys: "Keys: ← → step, Home/End jump.", working: "Judging…", lang: "中文",
      red: "Red", black: "Black", white: "White", by: "by",
      st_ongoing: "ongoing — nothing decided", st_claimable: "claimable — a draw may be claimed",
      st_pending: "pending — the arbiter must act", st_decided: "decided — the rules end the game",
      r_checkmate: "checkmate", r_stalemate: "stalemate", r_dead_position: "dead position",
      r_fivefold_repetition: "fivefold repetition", r_seventy_five_moves: "75-move rule",
      r_perpetual_check: "perpetual check", r_perpetual_chase: "perpetual chase",
      r_repetition_draw: "repetition: draw", r_natural_move_limit: "natural move limit",
      r_no_legal_moves: "no legal moves", r_flag_dead_position: "flag fall in a dead position",
      k_threefold: "threefold repetition", "k_fifty_moves": "fifty-move rule",
      "k_fifty-moves": "fifty-move rule", k_natural_move_limit: "natural move limit",
      cited: "Clauses cited (summaries in our words)", atStart: "at the start",
    },
    zh: {
      title: "Arbiter — 重複局面與和棋裁判",
      tagline: "象棋（亞象聯 AXF、台灣 113 年版）與國際象棋（FIDE）：貼上棋譜或擺出局面。",
      record: "棋譜", position: "局面", samples: "範例",
      paste: "在此貼上 PGN 棋譜，或把 PGN/XQF 檔案拖到這裡。",
      fen: "FEN", moves: "著法", rules: "規則", auto: "自動", judge: "裁決",
      file: "開啟檔案…", game: "對局", first: "開始", prev: "上一步", next: "下一步", last: "最後",
      ply: "步（半回合）", moveList: "著法", verdict: "裁決", status: "狀態", reason: "原因",
      result: "結果", mustVary: "須變著", clause: "條文", summary: "簡述",
      recorded: "記錄結果", atPly: "於", claims: "提和要求", intended: "預定著法",
      none: "無", nobody: "無人（和棋）", dead: "死局", cycle: "循環",
      plies: "步", loops: "局面重複次數", error: "錯誤", thisMove: "本步",
      check: "將", chase: "捉", idle: "閒", mate_threat: "殺", exchange: "兌",
      offer: "獻", block: "攔", disagree: "規則裁決與記錄結果不一致。",
      keys: "鍵盤：← → 逐步，Home/End 跳至頭尾。", working: "裁決中…", lang: "English",
      red: "紅方", black: "黑方", white: "白方", by: "由",
      st_ongoing: "進行中 — 未判定", st_claimable: "可要求和棋",
      st_pending: "待裁 — 裁判須處理", st_decided: "已判定 — 依規則終局",
      r_checkmate: "將死", r_stalemate: "逼和（無子可動）", r_dead_position: "死局",
      r_fivefold_repetition: "五次重複", r_seventy_five_moves: "75 回合規則",
      r_perpetual_check: "長將", r_perpetual_chase: "長捉",
      r_repetition_draw: "循環不變作和", r_natural_move_limit: "自然限著",
      r_no_legal_moves: "困斃", r_flag_dead_position: "死局中超時",
      k_threefold: "三次重複", "k_fifty_moves": "五十回合規則",
      "k_fifty-moves": "五十回合規則", k_natural_move_limit: "自然限著",
      cited: "引用條文（本工具自撰摘要）", atStart: "開局時",
    },
  };

  let lang = "en";
  function t(key) {
    return (T[lang] && T[lang][key]) || T.en[key] || key;
  }
  function setLang(l) {
    lang = l === "zh" ? "zh" : "en";
    document.documentElement.lang = lang === "zh" ? "zh-Hant" : "en";
    document.title = t("title");
    for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
    for (const e of document.querySelectorAll("[data-i18n-placeholder]")) {
      e.setAttribute("placeholder", t(e.dataset.i18nPlaceholder));
    }
  }

  window.ArbiterI18n = { t, setLang, lang: () => lang };
})();
