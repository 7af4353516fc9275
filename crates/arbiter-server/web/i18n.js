// Arbiter page: its words in English, 繁體中文 and 简体中文 (the simplified text is written for
// mainland readers, in the rule books' terms). Only the page's own labels live here: rulings
// come from the server's report and clause summaries from the library's glossary.
"use strict";

(function () {
  const LANGS = ["en", "zh-Hant", "zh-Hans"];
  const T = {
    en: {
      title: "Arbiter — a referee for repetition and draws",
      tagline: "Xiangqi (AXF, TW113) and chess (FIDE): paste a record or set up a position.",
      record: "Record", position: "Position", samples: "Samples:",
      paste: "Paste a record here (PGN, or a Chinese move list), or drop a file on this box.",
      fen: "FEN", moves: "Moves", rules: "Rules", auto: "automatic", judge: "Judge",
      file: "Open a file…", game: "Game", search: "Search players, event, date…",
      first: "Start", prev: "Back", next: "Forward", last: "End",
      ply: "ply", plyOf: "Ply {0} / {1}", plyRef: "ply {0}", moveList: "Moves", verdict: "Verdict",
      status: "Status", reason: "Reason", result: "Result", mustVary: "Must vary", clause: "Clause",
      summary: "In short", recorded: "Recorded result", atPly: "At move", claims: "Claims",
      intended: "intended move", none: "none", nobody: "nobody (draw)", dead: "Dead position",
      cycle: "Repetition", cycleText: "plies {0}–{1}, a loop of {2} plies, position seen {3} times",
      error: "Error", thisMove: "This move", notation: "Notation",
      n_written: "as written", n_chinese: "Chinese", n_iccs: "ICCS", n_wxf: "WXF",
      check: "check", chessCheck: "check", chase: "chase", idle: "idle", mate_threat: "mate threat",
      exchange: "exchange", offer: "offer", block: "block",
      disagree: "The rules disagree with the recorded result.",
      keys: "Keys: ← → step, Home/End jump.", working: "Judging…",
      red: "Red", black: "Black", white: "White", by: "by",
      st_ongoing: "ongoing — nothing decided", st_claimable: "claimable — a draw may be claimed",
      st_pending: "pending — the arbiter must act", st_decided: "decided — the rules end the game",
      r_checkmate: "checkmate", r_stalemate: "stalemate", r_dead_position: "dead position",
      r_fivefold_repetition: "fivefold repetition", r_seventy_five_moves: "75-move rule",
      r_perpetual_check: "perpetual check", r_perpetual_chase: "perpetual chase",
      r_repetition_draw: "repetition: draw", r_natural_move_limit: "natural move limit",
      r_no_legal_moves: "no legal moves", r_flag_dead_position: "flag fall in a dead position",
      k_threefold: "threefold repetition", k_fifty_moves: "fifty-move rule",
      "k_fifty-moves": "fifty-move rule", k_natural_move_limit: "natural move limit",
      cited: "Clauses cited (summaries in our words)", readingUnder: "a reading under {0}", atStart: "at the start",
      after: "after {0} ({1})", move: "{0} ({1})",
      wins: "{0} wins", draw: "draw", noResult: "no result yet",
      pendingResult: "{0} if it repeats once more ({1})", resultWords: "{0} ({1})",
      noGame: "no game found in the input", games: "{0} games", shown: "{0} of {1} games",
      p_chariot: "chariot", p_horse: "horse", p_cannon: "cannon", p_elephant: "elephant",
      p_advisor: "advisor", p_general: "general", p_soldier: "soldier",
      b_axf: "AXF", b_tw113: "TW113", b_fide: "FIDE",
      claimBy: "by {0}", moveListChess: "Moves", paren: " ({0})", comma: ", ", colon: ": ",
    },
    "zh-Hant": {
      title: "Arbiter — 循環局面與和局裁判",
      tagline: "象棋（亞洲棋規、台灣棋規）與西洋棋（國際棋聯棋規）：貼上棋譜或擺出局面。",
      record: "棋譜", position: "局面", samples: "範例：",
      paste: "在此貼上棋譜（PGN 或中文著法），或把檔案拖到這裡。",
      fen: "FEN", moves: "著法", rules: "棋規", auto: "自動", judge: "裁決",
      file: "開啟檔案…", game: "對局", search: "搜尋棋手、賽事、日期…",
      first: "開始", prev: "上一步", next: "下一步", last: "最後",
      ply: "半回合", plyOf: "第 {0} / {1} 半回合", plyRef: "第{0}半回合", moveList: "著法",
      verdict: "裁決", status: "狀態", reason: "理由", result: "結果", mustVary: "須變著",
      clause: "條文", summary: "摘要", recorded: "棋譜記載結果", atPly: "判定時", claims: "和局申請",
      intended: "預定走法", none: "無", nobody: "無（和局）", dead: "死局",
      cycle: "循環", cycleText: "第{0}至{1}半回合，每循環{2}個半回合，同一局面出現{3}次",
      error: "錯誤", thisMove: "本步", notation: "記譜法",
      n_written: "照棋譜", n_chinese: "中文", n_iccs: "ICCS", n_wxf: "WXF",
      check: "將", chessCheck: "將軍", chase: "捉", idle: "閒", mate_threat: "殺",
      exchange: "兌", offer: "獻", block: "攔",
      disagree: "依棋規的裁決與棋譜記載的結果不符。",
      keys: "鍵盤：← → 逐步，Home/End 跳至頭尾。", working: "裁決中…",
      red: "紅方", black: "黑方", white: "白方", by: "申請方",
      st_ongoing: "對局進行中，未有判定", st_claimable: "可申請和局",
      st_pending: "待判，裁判須處理", st_decided: "已判定，依棋規終局",
      r_checkmate: "將死", r_stalemate: "逼和", r_dead_position: "死局",
      r_fivefold_repetition: "五次重複", r_seventy_five_moves: "七十五步規則",
      r_perpetual_check: "長將", r_perpetual_chase: "長捉",
      r_repetition_draw: "循環不變作和", r_natural_move_limit: "自然限著",
      r_no_legal_moves: "困斃", r_flag_dead_position: "死局中超時",
      k_threefold: "三次重複", k_fifty_moves: "五十步規則",
      "k_fifty-moves": "五十步規則", k_natural_move_limit: "自然限著",
      cited: "引用條文（摘要為本工具自撰）", readingUnder: "借用於{0}的解讀", atStart: "開局時",
      after: "{0}之後（{1}）", move: "{0}（{1}）",
      wins: "{0}勝", draw: "和局", noResult: "尚無結果",
      pendingResult: "再循環一次即判{0}（{1}）", resultWords: "{0}（{1}）",
      noGame: "輸入中找不到對局", games: "共{0}局", shown: "顯示{0}局，共{1}局",
      p_chariot: "車", p_horse: "馬", p_cannon: "炮", p_elephant: "象",
      p_advisor: "士", p_general: "將", p_soldier: "兵",
      b_axf: "亞洲棋規", b_tw113: "台灣棋規", b_fide: "國際棋聯棋規",
      claimBy: "{0}申請", moveListChess: "走法", paren: "（{0}）", comma: "，", colon: "：",
    },
    "zh-Hans": {
      title: "Arbiter — 循环局面与和棋裁判",
      tagline: "象棋（亚洲棋规、台湾棋规）与国际象棋（国际棋联棋规）：粘贴棋谱或摆出局面。",
      record: "棋谱", position: "局面", samples: "示例：",
      paste: "在此粘贴棋谱（PGN 或中文着法），或把文件拖到这里。",
      fen: "FEN", moves: "着法", rules: "棋规", auto: "自动", judge: "裁决",
      file: "打开文件…", game: "对局", search: "搜索棋手、赛事、日期…",
      first: "开始", prev: "上一步", next: "下一步", last: "最后",
      ply: "半回合", plyOf: "第 {0} / {1} 半回合", plyRef: "第{0}半回合", moveList: "着法",
      verdict: "裁决", status: "状态", reason: "理由", result: "结果", mustVary: "须变着",
      clause: "条文", summary: "摘要", recorded: "棋谱记载结果", atPly: "判定时", claims: "和棋申请",
      intended: "预定着法", none: "无", nobody: "无（和棋）", dead: "死局",
      cycle: "循环", cycleText: "第{0}至{1}半回合，每循环{2}个半回合，同一局面出现{3}次",
      error: "错误", thisMove: "本步", notation: "记谱法",
      n_written: "照棋谱", n_chinese: "中文", n_iccs: "ICCS", n_wxf: "WXF",
      check: "将", chessCheck: "将军", chase: "捉", idle: "闲", mate_threat: "杀",
      exchange: "兑", offer: "献", block: "拦",
      disagree: "依棋规的裁决与棋谱记载的结果不符。",
      keys: "键盘：← → 逐步，Home/End 跳至首尾。", working: "裁决中…",
      red: "红方", black: "黑方", white: "白方", by: "申请方",
      st_ongoing: "对局进行中，尚未判定", st_claimable: "可申请和棋",
      st_pending: "待判，裁判须处理", st_decided: "已判定，依棋规终局",
      r_checkmate: "将死", r_stalemate: "逼和", r_dead_position: "死局",
      r_fivefold_repetition: "五次重复", r_seventy_five_moves: "七十五回合规则",
      r_perpetual_check: "长将", r_perpetual_chase: "长捉",
      r_repetition_draw: "循环不变作和", r_natural_move_limit: "自然限着",
      r_no_legal_moves: "困毙", r_flag_dead_position: "死局中超时",
      k_threefold: "三次重复", k_fifty_moves: "五十回合规则",
      "k_fifty-moves": "五十回合规则", k_natural_move_limit: "自然限着",
      cited: "引用条文（摘要为本工具自撰）", readingUnder: "借用于{0}的解读", atStart: "开局时",
      after: "{0}之后（{1}）", move: "{0}（{1}）",
      wins: "{0}胜", draw: "和棋", noResult: "尚无结果",
      pendingResult: "再循环一次即判{0}（{1}）", resultWords: "{0}（{1}）",
      noGame: "输入中找不到对局", games: "共{0}局", shown: "显示{0}局，共{1}局",
      p_chariot: "车", p_horse: "马", p_cannon: "炮", p_elephant: "象",
      p_advisor: "士", p_general: "将", p_soldier: "兵",
      b_axf: "亚洲棋规", b_tw113: "台湾棋规", b_fide: "国际棋联棋规",
      claimBy: "{0}申请", moveListChess: "着法", paren: "（{0}）", comma: "，", colon: "：",
    },
  };
  // Names of the pieces as the board draws them, by side (xiangqi: red 俥傌炮相仕帥兵).
  const PIECES = {
    "zh-Hant": {
      red: { chariot: "俥", horse: "傌", cannon: "炮", elephant: "相", advisor: "仕", general: "帥", soldier: "兵" },
      black: { chariot: "車", horse: "馬", cannon: "砲", elephant: "象", advisor: "士", general: "將", soldier: "卒" },
    },
    "zh-Hans": {
      red: { chariot: "车", horse: "马", cannon: "炮", elephant: "相", advisor: "仕", general: "帅", soldier: "兵" },
      black: { chariot: "车", horse: "马", cannon: "炮", elephant: "象", advisor: "士", general: "将", soldier: "卒" },
    },
  };
  // Chinese citations of the glossary's clauses, by book and id (`arbiter rules`).
  const TW113_IDS = {
    "zh-Hant": {
      terms: "術語", "general rules (true root)": "總綱（真根）", "general rules (same kind)": "總綱（同類子）",
      "general rules (general and soldier)": "總綱（將帥與兵卒）", "general rules (same piece)": "總綱（一子與多子）",
      "ch.2 table": "第二章判決表", "ch.4 procedure": "第四章裁判程序", "natural move limit": "自然限著",
      "9-round rule": "九回合規定",
    },
    "zh-Hans": {
      terms: "术语", "general rules (true root)": "总纲（真根）", "general rules (same kind)": "总纲（同类子）",
      "general rules (general and soldier)": "总纲（将帅与兵卒）", "general rules (same piece)": "总纲（一子与多子）",
      "ch.2 table": "第二章判决表", "ch.4 procedure": "第四章裁判程序", "natural move limit": "自然限着",
      "9-round rule": "九回合规定",
    },
  };

  let lang = "en";
  const zh = () => lang !== "en";

  // The label `key` in the current language, `{0}`, `{1}`… replaced by `args`.
  function t(key, ...args) {
    const s = (T[lang] && T[lang][key]) || T.en[key] || key;
    return s.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
  }

  // A glossary entry's citation in the current language (English: as the glossary writes it).
  function citation(c) {
    if (!zh()) return c.citation;
    const book = t("b_" + c.book);
    const id = String(c.id || "");
    const hant = lang === "zh-Hant";
    let m;
    if (c.book === "axf" && (m = /^(general|detailed) rule (\d+)$/.exec(id))) {
      const part = m[1] === "general" ? (hant ? "總綱" : "总纲") : (hant ? "細則" : "细则");
      return `${book}${part}第${m[2]}${hant ? "條" : "条"}`;
    }
    if (c.book === "axf" && id === "natural move limit") return book + (hant ? "自然限著" : "自然限着");
    if (c.book === "tw113" && TW113_IDS[lang][id]) return book + TW113_IDS[lang][id];
    if (c.book === "fide" && (m = /^([A-Z])\.(.+)$/.exec(id))) {
      return `${book}${hant ? "附則" : "附则"}${m[1]}.${m[2]}`;
    }
    if (c.book === "fide") return `${book}第${id}${hant ? "條" : "条"}`;
    return `${book} ${id}`;
  }

  // A xiangqi piece named in the current language; `red`: the side it belongs to.
  function piece(name, red) {
    if (!zh()) return t("p_" + name);
    return PIECES[lang][red ? "red" : "black"][name] || t("p_" + name);
  }

  // The language a reader's browser asks for: zh-TW/HK/MO and Hant → zh-Hant, other zh → zh-Hans.
  function fromBrowser(list) {
    for (const l of list || []) {
      const s = String(l).toLowerCase();
      if (!s.startsWith("zh")) {
        if (s.startsWith("en")) return "en";
        continue;
      }
      return /hant|-tw|-hk|-mo/.test(s) ? "zh-Hant" : "zh-Hans";
    }
    return "en";
  }

  function initial() {
    let saved = null;
    try {
      saved = window.localStorage.getItem("arbiter.lang");
    } catch (_) {
      saved = null;
    }
    if (LANGS.includes(saved)) return saved;
    return fromBrowser(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
  }

  function setLang(l, remember) {
    lang = LANGS.includes(l) ? l : "en";
    if (remember) {
      try {
        window.localStorage.setItem("arbiter.lang", lang);
      } catch (_) {
        // A browser without storage keeps the choice for this visit only.
      }
    }
    document.documentElement.lang = lang;
    document.title = t("title");
    for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
    for (const e of document.querySelectorAll("[data-i18n-placeholder]")) {
      e.setAttribute("placeholder", t(e.dataset.i18nPlaceholder));
    }
  }

  window.ArbiterI18n = { t, setLang, lang: () => lang, zh, citation, piece, initial, fromBrowser, LANGS };
})();
