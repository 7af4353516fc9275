//! Golden files of the text reports in each language (`--lang en|zh-Hant|zh-Hans`): the two
//! samples, one claim, two cycles (one resting on a reading beyond the rule books' text) and
//! two errors, compared byte for byte with
//! `tests/golden/NAME.LANG.txt` (standard output, then standard error after a `--stderr--`
//! line). `ARBITER_UPDATE_GOLDEN=1 cargo test --test golden` rewrites them; every rewrite is
//! read line by line before it is committed.
//!
//! Also: no Chinese report carries an English rule sentence; `--lang` beats the locale, the
//! locale (LC_ALL, LC_MESSAGES, LANG) beats the default; `--notation` writes xiangqi moves
//! as asked.

use std::process::Command;

const LANGS: [&str; 3] = ["en", "zh-Hant", "zh-Hans"];

/// The reports under test: a name and the arguments.
const CASES: &[(&str, &[&str])] = &[
    (
        "judge-xiangqi-sample",
        &["judge", "samples/xiangqi-perpetual-chase.pgn"],
    ),
    (
        "judge-chess-sample",
        &["judge", "samples/chess-threefold-grischuk-giri-2019.pgn"],
    ),
    (
        "claim-threefold",
        &[
            "claim",
            "samples/chess-threefold-grischuk-giri-2019.pgn",
            "--kind",
            "threefold",
            "--at-ply",
            "42",
            "--intended-move",
            "Kf1",
        ],
    ),
    (
        // Before ply 58, where Red's perpetual chase decides the game: the claim is judged.
        "claim-natural-move-limit",
        &[
            "claim",
            "samples/xiangqi-perpetual-chase.pgn",
            "--kind",
            "natural-move-limit",
            "--at-ply",
            "50",
        ],
    ),
    (
        // At ply 58 the perpetual chase has decided the game: the claim is not judged.
        "claim-natural-move-limit-after-the-end",
        &[
            "claim",
            "samples/xiangqi-perpetual-chase.pgn",
            "--kind",
            "natural-move-limit",
        ],
    ),
    (
        "cycle-chariot-chases-cannon",
        &[
            "cycle",
            "--fen",
            "4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w",
            "--moves",
            "a3b3 b5a5 b3a3 a5b5",
            "--explain",
        ],
    ),
    (
        "cycle-tw113-reading-general-joins-every-move",
        &[
            "cycle",
            "--rules",
            "tw113",
            "--fen",
            "5a3/3k5/9/9/9/2B3B2/4nN2N/3A5/2p1K4/3A5 w",
            "--moves",
            "f3e5 d8e8 e5f3 e8d8",
        ],
    ),
    (
        "error-chess-fen",
        &["claim", "--kind", "threefold", "--fen", "bad fen"],
    ),
    (
        "error-chess-claim-on-xiangqi",
        &[
            "claim",
            "samples/xiangqi-perpetual-chase.pgn",
            "--kind",
            "threefold",
        ],
    ),
];

fn run(args: &[&str], env: &[(&str, &str)]) -> (String, String, Option<i32>) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
        out.status.code(),
    )
}

fn report(name: &str, args: &[&str], lang: &str) -> String {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--lang", lang]);
    let (out, err, code) = run(&all, &[]);
    let expected_code = if name.starts_with("error") { 2 } else { 0 };
    assert_eq!(code, Some(expected_code), "{name} {lang}: {err}");
    format!("{out}--stderr--\n{err}")
}

#[test]
fn text_reports_match_their_golden_files_in_each_language() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
    let update = std::env::var_os("ARBITER_UPDATE_GOLDEN").is_some();
    let mut differ = Vec::new();
    for (name, args) in CASES {
        for lang in LANGS {
            let got = report(name, args, lang);
            let path = format!("{dir}/{name}.{lang}.txt");
            if update {
                std::fs::create_dir_all(dir).unwrap();
                std::fs::write(&path, &got).unwrap();
                continue;
            }
            let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            if got != want {
                differ.push(format!("{path}:\n--- want\n{want}\n--- got\n{got}"));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n\n"));
}

include!("golden/english_words.rs");

#[test]
fn no_chinese_report_speaks_english() {
    for (name, args) in CASES {
        for lang in ["zh-Hant", "zh-Hans"] {
            let text = report(name, args, lang);
            for line in text.lines() {
                // What the record says of itself (players, event) is quoted, not spoken.
                let line = line.split("vs").next().unwrap_or(line);
                // File names and the command that lists the glossary are names, not words.
                let line = line
                    .replace("samples/xiangqi-perpetual-chase.pgn", "")
                    .replace("samples/chess-threefold-grischuk-giri-2019.pgn", "")
                    .replace("arbiter rules", "");
                for w in ENGLISH_WORDS {
                    assert!(!line.contains(w), "{name} {lang}: {w:?} in {line:?}");
                }
            }
        }
    }
}

#[test]
fn traditional_and_simplified_use_their_own_words() {
    let hant = report("x", &["judge", "samples/xiangqi-perpetual-chase.pgn"], "zh-Hant");
    let hans = report("x", &["judge", "samples/xiangqi-perpetual-chase.pgn"], "zh-Hans");
    // AXF detailed rule 13: the chariot may not chase an unprotected cannon.
    assert!(hant.contains("紅方長捉黑砲（亞洲棋規細則第13條）"), "{hant}");
    assert!(hans.contains("红方长捉黑炮（亚洲棋规细则第13条）"), "{hans}");
    // Mainland usage writes 着 for a move, where the Taiwan rules write 著.
    assert!(hant.contains("著法：") && hans.contains("着法："), "{hans}");
    assert!(!hans.contains('著'), "{hans}");
    // Moves in Chinese notation in the reader's script (the record is ICCS).
    assert!(hant.contains("24. 俥二平三［47］"), "{hant}");
    assert!(hans.contains("24. 车二平三［47］"), "{hans}");
    // Chess keeps chess terms and SAN, never xiangqi's words.
    let chess = report(
        "x",
        &["judge", "samples/chess-threefold-grischuk-giri-2019.pgn"],
        "zh-Hans",
    );
    assert!(
        chess.contains("三次重复") && chess.contains("22.Kf1［43］"),
        "{chess}"
    );
    assert!(!chess.contains("长将") && !chess.contains("象棋规"), "{chess}");
}

#[test]
fn the_language_comes_from_the_flag_then_the_locale() {
    let args = ["judge", "samples/xiangqi-perpetual-chase.pgn"];
    let (hk, _, _) = run(&args, &[("LANG", "zh_HK.UTF-8")]);
    assert!(hk.contains("長捉黑砲"), "{hk}");
    let (sg, _, _) = run(&args, &[("LC_ALL", "zh_SG.UTF-8"), ("LANG", "zh_TW.UTF-8")]);
    assert!(sg.contains("长捉黑炮"), "{sg}");
    let (flag, _, _) = run(&["judge", "--lang", "en", args[1]], &[("LANG", "zh_CN.UTF-8")]);
    assert!(flag.contains("Red went on with its perpetual chase"), "{flag}");
    let (c, _, _) = run(&args, &[("LANG", "C.UTF-8")]);
    assert!(c.contains("Clause: AXF detailed rule 13"), "{c}");
    let (_, err, code) = run(&["judge", "--lang", "fr", args[1]], &[]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn notation_writes_xiangqi_moves_as_asked() {
    let base = ["judge", "samples/xiangqi-perpetual-chase.pgn"];
    let with = |lang: &str, notation: &str| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend(["--lang", lang, "--notation", notation]);
        run(&a, &[]).0
    };
    assert!(with("zh-Hant", "iccs").contains("24.h6g6［47］"));
    assert!(
        with("zh-Hans", "wxf").contains("24.R2.3［47］") || with("zh-Hans", "wxf").contains("24.R2=3［47］")
    );
    assert!(with("en", "chinese").contains("24. 俥二平三 [ply 47]"));
    // JSON never changes with the language.
    let json = |lang: &str| run(&["judge", "--json", "--lang", lang, base[1]], &[]).0;
    assert_eq!(json("en"), json("zh-Hans"));
}

/// The whole glossary and a TW113 citation (its named general rules, e.g. "general rules (true
/// root)") in Chinese: no English word of four letters or more is left (the command name
/// `arbiter rules` apart).
#[test]
fn the_glossary_and_tw113_citations_speak_chinese() {
    let tw113_chase = [
        "classify",
        "--rules",
        "tw113",
        "--explain",
        "--fen",
        "1r2k4/9/9/9/1c7/4P4/R8/9/9/4K4 w",
        "--move",
        "a3b3",
    ];
    for lang in ["zh-Hant", "zh-Hans"] {
        for args in [&["rules"][..], &tw113_chase[..]] {
            let mut all = vec!["--lang", lang];
            all.extend_from_slice(args);
            let (out, err, code) = run(&all, &[]);
            assert_eq!(code, Some(0), "{err}");
            for line in out.lines() {
                let line = line.replace("arbiter rules", "");
                let english = line
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .find(|w| w.len() >= 4);
                assert!(english.is_none(), "{lang} {args:?}: {english:?} in {line:?}");
            }
        }
    }
    let (out, _, _) = run(&["--lang", "zh-Hant", "rules", "tw113"], &[]);
    assert!(out.contains("台灣棋規棋例總綱「真根」（真根與假根）"), "{out}");
}

/// The errors of the readers and rules in Chinese: an illegal xiangqi move with its reason, a
/// move in no notation, an illegal chess move with the nearest legal one, a bad FEN, a file
/// that does not exist, an input with no game. None carries an English sentence (the moves,
/// FENs and file names are quoted, not spoken).
#[test]
fn reader_errors_speak_the_language() {
    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let cases: &[(&[&str], i32)] = &[
        (&["judge", "--fen", START, "--moves", "h2e2 h9g7 e2e9"], 1),
        (&["judge", "--moves", "h2e2 e9e7"], 1),
        (&["judge", "--game", "xiangqi", "--moves", "h2e2 qq"], 1),
        (&["judge", "--moves", "炮二平五 炮9平5"], 1),
        (&["judge", "--moves", "炮二平五 馬8進7 傌二進四"], 1),
        (&["judge", "--game", "xiangqi", "--moves", "炮五平四"], 1),
        (&["judge", "--game", "chess", "--moves", "e4 e5 Ke3"], 1),
        (
            &[
                "judge",
                "--fen",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            ],
            2,
        ),
        (&["judge", "no-such-file.pgn"], 1),
        (&["judge", "-"], 1),
    ];
    let words = [
        ENGLISH_WORDS,
        &[
            "not ", "legal", "cannon", "general", "king", "input", "found", "file", "such", "mean",
        ],
    ]
    .concat();
    for (args, code) in cases {
        for lang in ["zh-Hant", "zh-Hans"] {
            let mut all = args.to_vec();
            all.extend(["--lang", lang]);
            let (out, err, got) = run(&all, &[]);
            assert_eq!(got, Some(*code), "{args:?} {lang}: {out}{err}");
            for line in format!("{out}{err}").lines() {
                // The quoted move, FEN and file name are the input's, not words.
                let line: String = line
                    .split(['「', '」'])
                    .enumerate()
                    .filter(|(i, _)| i % 2 == 0)
                    .map(|(_, s)| s)
                    .collect::<String>()
                    .replace("no-such-file.pgn", "");
                for w in &words {
                    assert!(!line.contains(w), "{args:?} {lang}: {w:?} in {line:?}");
                }
            }
        }
    }
    let (out, _, _) = run(
        &[
            "judge",
            "--fen",
            START,
            "--moves",
            "h2e2 h9g7 e2e9",
            "--lang",
            "zh-Hans",
        ],
        &[],
    );
    assert_eq!(
        out.lines().next(),
        Some("所给局面［3］：错误：「e2e9」不合规则：炮吃子须恰好隔一子；e2与e9之间有2个棋子（e3、e6）")
    );
    // A move that fits no legal move: why each piece it may name cannot make it.
    let first = |moves: &str, lang: &str| {
        let (out, _, _) = run(
            &["judge", "--game", "xiangqi", "--moves", moves, "--lang", lang],
            &[],
        );
        out.lines().next().unwrap_or_default().to_string()
    };
    assert_eq!(
        first("炮二平五 馬8進7 傌二進四", "zh-Hant"),
        "所給局面［3］：錯誤：「傌二進四」沒有相符的合法著法：h0-f1：蹩馬腿：馬腿g0有棋子"
    );
    assert_eq!(
        first("炮二平五 馬8進7 傌二進四", "zh-Hans"),
        "所给局面［3］：错误：「傌二進四」没有相符的合法着法：h0-f1：蹩马腿：马腿g0有棋子"
    );
    assert_eq!(
        first("炮五平四", "zh-Hant"),
        "所給局面［1］：錯誤：「炮五平四」沒有相符的合法著法：紅方在第5路沒有炮（路數從紅方右側數起）；紅方的炮在第2、8路"
    );
    assert_eq!(
        first("炮二進九", "zh-Hans"),
        "所给局面［1］：错误：「炮二進九」没有相符的合法着法：h2的炮会走出棋盘"
    );
}

/// Why a chess FEN does not read, in each script: the rank and character, a field, a setup
/// that is no chess position; English as before.
#[test]
fn chess_fen_reasons_speak_the_language() {
    let first_err = |args: &[&str]| {
        let (_, err, code) = run(args, &[]);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        err.lines().next().unwrap_or_default().to_string()
    };
    let cases: [(&[&str], &str); 6] = [
        (
            &["claim", "--lang", "zh-Hant", "--kind", "threefold", "--fen", "bad fen"],
            "arbiter：用法錯誤：開始局面：無法讀取的 FEN「bad fen」：棋盤有1個橫排；西洋棋需要以「/」分隔的8個橫排",
        ),
        (
            &["claim", "--lang", "zh-Hans", "--kind", "threefold", "--fen", "bad fen"],
            "arbiter：用法错误：开始局面：无法读取的 FEN「bad fen」：棋盘有1个横线；国际象棋需要以「/」分隔的8条横线",
        ),
        (
            &["judge", "--lang", "zh-Hans", "--game", "chess", "--fen", "rnbqkbnr/ppxppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
            "arbiter：用法错误：开始局面：无法读取的 FEN「rnbqkbnr/ppxppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1」：第7横线「ppxppppp」的第3个字符「x」不是棋子字母（白方 PNBRQK，黑方 pnbrqk）也不是数字1至8",
        ),
        (
            &["judge", "--lang", "zh-Hant", "--game", "chess", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1"],
            "arbiter：用法錯誤：開始局面：無法讀取的 FEN「8/8/8/8/8/8/8/K7 w - - 0 1」：不合規的局面：缺少國王",
        ),
        (
            &["judge", "--lang", "zh-Hant", "--game", "chess", "--fen", "8/8/8/8/8/8/8/K6k x - - 0 1"],
            "arbiter：用法錯誤：開始局面：無法讀取的 FEN「8/8/8/8/8/8/8/K6k x - - 0 1」：輪走方（第2欄）是「x」：須為 w 或 b",
        ),
        (
            &["claim", "--kind", "threefold", "--fen", "bad fen"],
            "arbiter: usage error: --fen: unparsable FEN \"bad fen\": the board has 1 rank separated by '/', not 8",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(first_err(args), want, "{args:?}");
    }
}

/// Malformed XQF and CBR files and a directory with no record files, in each script (the
/// file names and extensions are names, not words); English as before.
#[test]
fn record_file_errors_speak_the_language() {
    let dir = std::env::temp_dir().join(format!("arbiter-golden-files-{}", std::process::id()));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let xqf = dir.join("short.xqf");
    std::fs::write(&xqf, b"XQ\x0a\x00abc").unwrap();
    let cbr = dir.join("v9.cbr");
    let mut bytes = b"CCBridge Record\x00\x00\x00\x00\x09".to_vec();
    bytes.resize(120, 0);
    std::fs::write(&cbr, &bytes).unwrap();
    let paths: Vec<String> = [&xqf, &cbr, &empty]
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let lines = |lang: &str| {
        let mut args = vec!["judge", "--lang", lang];
        args.extend(paths.iter().map(String::as_str));
        let (out, err, code) = run(&args, &[]);
        assert_eq!(code, Some(1), "{err}");
        let text = format!("{out}{err}");
        text.replace(&format!("{}/", dir.display()), "")
    };
    let hant = lines("zh-Hant");
    for want in [
        "short.xqf，第1局：錯誤：檔案太短，不是 XQF：只有7位元組（至少需要1028位元組）",
        "v9.cbr，第1局：錯誤：CBR 檔案損壞（位元組位移 19）：不認得的 CBR 版本 9（只讀第1、2版）",
        "empty：錯誤：此目錄中沒有記錄檔（.pgn .xqf .cbr .cbl .cbf .wxf，或內含記錄的 .txt .htm .html .ubb）",
    ] {
        assert!(hant.lines().any(|l| l == want), "{want}\n{hant}");
    }
    let hans = lines("zh-Hans");
    for want in [
        "short.xqf，第1局：错误：文件太短，不是 XQF：只有7字节（至少需要1028字节）",
        "v9.cbr，第1局：错误：CBR 文件损坏（字节偏移 19）：无法识别的 CBR 版本 9（只读第1、2版）",
        "empty：错误：此目录中没有记录文件（.pgn .xqf .cbr .cbl .cbf .wxf，或内含记录的 .txt .htm .html .ubb）",
    ] {
        assert!(hans.lines().any(|l| l == want), "{want}\n{hans}");
    }
    for line in hant.lines().chain(hans.lines()) {
        // File names and extensions are names.
        let words = line
            .replace("short.xqf", "")
            .replace("v9.cbr", "")
            .replace("empty", "")
            .replace("arbiter", "");
        let english = words
            .split(|c: char| c.is_whitespace() || !c.is_ascii())
            .filter(|t| !t.starts_with('.'))
            .flat_map(|t| t.split(|c: char| !c.is_ascii_alphabetic()))
            .find(|w| w.len() >= 4);
        assert!(english.is_none(), "{english:?} in {line:?}");
    }
    let en = lines("en");
    assert!(
        en.contains("short.xqf: game 1: file too short for XQF: 7 bytes (at least 1028 needed)"),
        "{en}"
    );
    assert!(
        en.contains("empty: error: no record files (.pgn .xqf .cbr .cbl .cbf .wxf, or .txt .htm .html .ubb holding a record) in this directory"),
        "{en}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Yan Wenqing - Liu Dahua 1999 (samples/xiangqi-perpetual-chase.pgn): Red's chariot chases
/// the unprotected cannon on every move, Black answers with mate threats and idle moves. Black
/// is not at fault because AXF general rules 1 and 3 forbid only perpetual check and chase —
/// not "neither side perpetual" (general rule 2), which Red's perpetual chase contradicts.
#[test]
fn the_idle_side_is_cleared_by_general_rules_1_and_3() {
    let want = [
        ("en", "Black threatens mate on 4 of its 8 moves and neither checks nor chases: allowed, neither perpetual check nor perpetual chase (AXF general rule 1 / general rule 3)."),
        ("zh-Hant", "黑方8步中有4步催殺，既不將軍也不捉子：允許，既非長將也非長捉（亞洲棋規總綱第1條、總綱第3條）。"),
        ("zh-Hans", "黑方8步中有4步催杀，既不将军也不捉子：允许，既非长将也非长捉（亚洲棋规总纲第1条、总纲第3条）。"),
    ];
    for (lang, sentence) in want {
        let text = report(
            "judge-xiangqi-sample",
            &["judge", "samples/xiangqi-perpetual-chase.pgn"],
            lang,
        );
        assert!(text.lines().any(|l| l.trim() == sentence), "{lang}: {text}");
        for neither in ["neither side perpetual", "雙方均未長打", "双方均未长打"] {
            assert!(!text.contains(neither), "{lang}: {neither}");
        }
    }
}

/// No report in any language stacks a bracket inside another (`(… (…) …)`, `（…（…）…）`):
/// a citation's qualifier follows a comma.
#[test]
fn no_report_stacks_brackets() {
    for (name, args) in CASES {
        for lang in LANGS {
            let text = report(name, args, lang);
            for line in text.lines() {
                let mut depth = 0i32;
                for c in line.chars() {
                    depth += match c {
                        '（' | '(' => 1,
                        '）' | ')' => -1,
                        _ => 0,
                    };
                    assert!(depth <= 1, "{name} {lang}: stacked brackets in {line:?}");
                }
            }
        }
    }
    // The judged natural-move-limit claim of the golden cases, in English.
    let (_, claim) = CASES
        .iter()
        .find(|(name, _)| *name == "claim-natural-move-limit")
        .expect("the claim case");
    let (out, _, _) = run(claim, &[]);
    assert!(
        out.contains("The claim is not valid: play goes on (AXF natural move limit, 60 moves)."),
        "{out}"
    );
}

/// Chinese punctuation in Chinese reports: no half-width `,` `:` `;` `(` `)` next to a Chinese
/// character (full-width `，：；（）` instead; moves, coordinates, FENs and PGN tags keep
/// their own), no bracket stacked inside another (`（…（…）…）`), and the game heading's
/// event in full-width brackets.
#[test]
fn chinese_reports_use_full_width_punctuation() {
    let cjk = |c: char| {
        ('\u{3000}'..='\u{303f}').contains(&c)
            || ('\u{4e00}'..='\u{9fff}').contains(&c)
            || ('\u{ff00}'..='\u{ffef}').contains(&c)
    };
    for (name, args) in CASES {
        for lang in ["zh-Hant", "zh-Hans"] {
            let text = report(name, args, lang);
            for line in text.lines() {
                let chars: Vec<char> = line.chars().collect();
                for (i, w) in chars.windows(2).enumerate() {
                    let half = |c: char| matches!(c, ',' | ':' | ';' | '(' | ')');
                    assert!(
                        !(half(w[0]) && cjk(w[1]) || cjk(w[0]) && half(w[1])),
                        "{name} {lang}: half-width {:?} at {i} in {line:?}",
                        w
                    );
                }
                let mut depth = 0i32;
                for c in line.chars() {
                    depth += match c {
                        '（' => 1,
                        '）' => -1,
                        _ => 0,
                    };
                    assert!(depth <= 1, "{name} {lang}: stacked brackets in {line:?}");
                }
            }
        }
    }
    for lang in ["zh-Hant", "zh-Hans"] {
        let text = report(
            "judge-xiangqi-sample",
            &["judge", "samples/xiangqi-perpetual-chase.pgn"],
            lang,
        );
        assert!(
            text.lines()
                .next()
                .unwrap()
                .ends_with("LIU DaHua（Chinese National Champion 1999）"),
            "{lang}: {text}"
        );
    }
}

/// Usage errors in the language asked for: clap's own (unknown flag, bad value, missing
/// argument) and the CLI's, the flag names kept, exit code 2; English as clap words it.
#[test]
fn usage_errors_speak_the_language() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["judge", "--bogus", "--lang", "zh-Hant"],
            "arbiter：用法錯誤：不認得的參數：--bogus",
        ),
        (
            &["judge", "--rules", "foo", "x.pgn", "--lang", "zh-Hans"],
            "arbiter：用法错误：--rules <RULES> 的值「foo」不可用；可用的值：axf、tw113、fide",
        ),
        (
            &["claim", "x.pgn", "--lang=zh-Hant"],
            "arbiter：用法錯誤：缺少必要的參數：--kind <KIND>",
        ),
        (
            &[
                "claim",
                "samples/xiangqi-perpetual-chase.pgn",
                "--kind",
                "natural-move-limit",
                "--game",
                "0",
                "--lang",
                "zh-Hans",
            ],
            "arbiter：用法错误：--game：有记录文件时为对局序号，从1起算（第1局是第一局）；收到的是「0」",
        ),
        (
            &["dead", "--lang", "zh-Hant"],
            "arbiter：用法錯誤：dead：--fen FEN 與 --fen-file FILE 須給且只給一個",
        ),
    ];
    for (args, first) in cases {
        let (_, err, code) = run(args, &[]);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().next(), Some(*first), "{args:?}: {err}");
    }
    let (_, err, code) = run(&["judge", "--bogus"], &[("LANG", "zh_TW.UTF-8")]);
    assert_eq!(
        (code, err.lines().next()),
        (Some(2), Some("arbiter：用法錯誤：不認得的參數：--bogus"))
    );
    let (_, err, code) = run(&["judge", "--bogus"], &[]);
    assert_eq!(
        (code, err.lines().next()),
        (Some(2), Some("error: unexpected argument '--bogus' found"))
    );
}

/// A bad value says what the flag takes, in each language, exit code 2: a negative number is
/// a value of its flag, not an unknown argument (`--at-ply` takes a ply number, 0 or more;
/// `--cycles` 1 or more); a word of no language or notation lists the values in Chinese as
/// it does in English.
#[test]
fn bad_values_say_what_the_flag_takes() {
    const CLAIM: [&str; 6] = [
        "claim",
        "--kind",
        "threefold",
        "samples/chess-threefold-grischuk-giri-2019.pgn",
        "--at-ply",
        "-1",
    ];
    let with = |lang: &[&'static str]| [&CLAIM[..], lang].concat();
    // Each: the arguments, the locale (LANG) if any, the first line of standard error.
    let cases: Vec<(Vec<&str>, Option<&str>, &str)> = vec![
        (
            CLAIM.to_vec(),
            None,
            "error: invalid value '-1' for '--at-ply <AT_PLY>': must be a ply number, 0 (the start \
             position) or more",
        ),
        (
            with(&["--lang", "zh-Hant"]),
            None,
            "arbiter：用法錯誤：--at-ply <AT_PLY> 的值「-1」不可用：須為半回合序號，0（開局局面）或以上",
        ),
        (
            with(&["--lang", "zh-Hans"]),
            None,
            "arbiter：用法错误：--at-ply <AT_PLY> 的值「-1」不可用：须为半回合序号，0（开局局面）或以上",
        ),
        (
            vec!["judge", "--cycles", "-1", "x.pgn"],
            None,
            "error: invalid value '-1' for '--cycles <CYCLES>': -1 is not in 1..=4294967295",
        ),
        (
            vec!["judge", "--lang", "klingon", "x.pgn"],
            None,
            "error: invalid value 'klingon' for '--lang <LANG>': unknown language \"klingon\": \
             expected en, zh-Hant or zh-Hans (or zh-TW, zh-HK, zh-MO, zh-CN, zh-SG, zh)",
        ),
        (
            vec!["judge", "--lang", "klingon", "x.pgn"],
            Some("zh_TW.UTF-8"),
            "arbiter：用法錯誤：--lang <LANG> 的值「klingon」不可用；可用的值：en、zh-Hant、\
             zh-Hans（另可用：zh-TW、zh-HK、zh-MO、zh-CN、zh-SG、zh）",
        ),
        (
            vec!["--lang", "zh-Hans", "judge", "--lang", "klingon", "x.pgn"],
            None,
            "arbiter：用法错误：--lang <LANG> 的值「klingon」不可用；可用的值：en、zh-Hant、\
             zh-Hans（另可用：zh-TW、zh-HK、zh-MO、zh-CN、zh-SG、zh）",
        ),
        (
            vec!["judge", "--notation", "klingon", "x.pgn", "--lang", "zh-Hant"],
            None,
            "arbiter：用法錯誤：--notation <NOTATION> 的值「klingon」不可用；可用的值：chinese、\
             iccs、wxf、as-written",
        ),
    ];
    for (args, locale, first) in &cases {
        let env: Vec<(&str, &str)> = locale.iter().map(|l| ("LANG", *l)).collect();
        let (_, err, code) = run(args, &env);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().next(), Some(*first), "{args:?}: {err}");
    }
}

/// A broken PGN record (an unterminated comment, unclosed variations), an over-long token
/// and a compressed ChessBridge container: typed errors worded in each script; English as
/// before.
#[test]
fn broken_records_speak_the_language() {
    let dir = std::env::temp_dir().join(format!("arbiter-golden-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = [
        ("k1.pgn", "junk{".to_string()),
        ("variation.pgn", "1. e4 (e5 (2. Nf3".to_string()),
        ("token.pgn", format!("1. e4 e5 2. {} *\n", "a".repeat(300))),
        ("packed.cbl", "CCBridge\u{78}00000000000000".to_string()),
    ];
    for (name, text) in &files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let first = |name: &str, lang: &str| {
        let path = dir.join(name);
        let (out, _, code) = run(&["judge", "--lang", lang, path.to_str().unwrap()], &[]);
        assert_eq!(code, Some(1), "{name} {lang}: {out}");
        let line = out.lines().next().unwrap_or_default().to_string();
        line.replace(path.to_str().unwrap(), "F")
    };
    let want = [
        (
            "k1.pgn",
            "F: game 1 (line 1): broken record: unterminated comment: a '{' is never closed",
            "F，第1局：錯誤：記錄損壞：註解沒有結束：「{」始終沒有配對的「}」",
            "F，第1局：错误：记录损坏：注释没有结束：「{」始终没有配对的「}」",
        ),
        (
            "variation.pgn",
            "F: game 1 (line 1): broken record: unclosed variation: 2 '(' never closed, so the main line cannot be told apart",
            "F，第1局：錯誤：記錄損壞：分支沒有結束：2個「(」始終沒有配對的「)」，無法分辨主線",
            "F，第1局：错误：记录损坏：分支没有结束：2个「(」始终没有配对的「)」，无法分辨主线",
        ),
        (
            "token.pgn",
            "F: game 1 (line 1): token longer than 256 bytes at line 1: skipped to the next game",
            "F，第1局：錯誤：第1行單一記號超過256位元組：略過，讀下一局",
            "F，第1局：错误：第1行单个记号超过256字节：跳过，读下一局",
        ),
        (
            "packed.cbl",
            "F: game 1: a compressed ChessBridge container ('CCBridge' + zlib), which is not read; save it from ChessBridge as CBL or CBR",
            "F，第1局：錯誤：壓縮的象棋橋容器（「CCBridge」＋ zlib），無法讀取；請在象棋橋中另存為 CBL 或 CBR",
            "F，第1局：错误：压缩的象棋桥容器（「CCBridge」＋ zlib），无法读取；请在象棋桥中另存为 CBL 或 CBR",
        ),
    ];
    for (name, en, hant, hans) in want {
        assert_eq!(first(name, "en"), en);
        assert_eq!(first(name, "zh-Hant"), hant);
        assert_eq!(first(name, "zh-Hans"), hans);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `convert`'s lines (a game that cannot be read, a path that does not exist, the summary)
/// and the I/O error of `claim` on a missing file, in each script; English as before.
#[test]
fn convert_and_io_errors_speak_the_language() {
    let dir = std::env::temp_dir().join(format!("arbiter-golden-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.pgn");
    std::fs::write(&broken, "junk{").unwrap();
    let broken = broken.to_str().unwrap();
    let convert = |lang: &str| {
        let args = [
            "convert",
            "--to",
            "pgn",
            "--lang",
            lang,
            "samples/xiangqi-perpetual-chase.pgn",
            broken,
            "/no-such-dir/x.pgn",
        ];
        let (out, err, code) = run(&args, &[]);
        assert_eq!(code, Some(1), "{err}");
        assert!(out.contains("h2e2"), "{out}");
        err.replace(broken, "F")
    };
    assert_eq!(
        convert("en"),
        "arbiter: F: game 1 (line 1): broken record: unterminated comment: a '{' is never closed\n\
         arbiter: /no-such-dir/x.pgn: no such file or directory\n\
         arbiter: 1 game written, 2 could not be read\n\
         arbiter: error: 2 games or inputs could not be read (named above)\n"
    );
    assert_eq!(
        convert("zh-Hant"),
        "arbiter：F，第1局：記錄損壞：註解沒有結束：「{」始終沒有配對的「}」\n\
         arbiter：/no-such-dir/x.pgn：無法讀取：檔案或目錄不存在\n\
         arbiter：已寫出1局，2局或輸入無法讀取\n\
         arbiter：錯誤：2個對局或輸入無法讀取（見上）\n"
    );
    assert_eq!(
        convert("zh-Hans"),
        "arbiter：F，第1局：记录损坏：注释没有结束：「{」始终没有配对的「}」\n\
         arbiter：/no-such-dir/x.pgn：无法读取：文件或目录不存在\n\
         arbiter：已写出1局，2局或输入无法读取\n\
         arbiter：错误：2个对局或输入无法读取（见上）\n"
    );
    let claim = |lang: &str| {
        let (_, err, code) = run(
            &[
                "claim",
                "--kind",
                "threefold",
                "/no-such-dir/x.pgn",
                "--lang",
                lang,
            ],
            &[],
        );
        assert_eq!(code, Some(1), "{err}");
        err
    };
    assert_eq!(
        claim("en"),
        "arbiter: error: /no-such-dir/x.pgn: no such file or directory\n"
    );
    assert_eq!(
        claim("zh-Hant"),
        "arbiter：錯誤：/no-such-dir/x.pgn：無法讀取：檔案或目錄不存在\n"
    );
    assert_eq!(
        claim("zh-Hans"),
        "arbiter：错误：/no-such-dir/x.pgn：无法读取：文件或目录不存在\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A threefold claim after 1. e4 e5 with an intended move the king cannot make.
const KE3_CLAIM: [&str; 9] = [
    "claim",
    "--game",
    "chess",
    "--kind",
    "threefold",
    "--moves",
    "e4 e5",
    "--intended-move",
    "Ke3",
];

/// A pawn move that fits no legal move names only the pawns it could mean (its file, or the
/// files next to the target for a capture) with their true reason; an intended move that
/// cannot be played names its ply once. In each script.
#[test]
fn pawn_and_intended_move_errors_name_what_was_meant() {
    let first = |moves: &str, lang: &str| {
        let (out, _, _) = run(
            &["judge", "--game", "chess", "--moves", moves, "--lang", lang],
            &[],
        );
        out.lines().next().unwrap_or_default().to_string()
    };
    let cases = [
        (
            "e4 e5 e5",
            "position (--fen/--moves), ply 3: error: illegal move \"e5\": the pawn on e4 is blocked at e5",
            "所給局面［3］：錯誤：走法「e5」不合規則：e4的兵被e5擋住",
            "所给局面［3］：错误：着法「e5」不合规则：e4的兵被e5挡住",
        ),
        (
            "e4 e5 d5",
            "position (--fen/--moves), ply 3: error: illegal move \"d5\": a pawn moves one square forward (two from its starting rank); did you mean d3 or d4?",
            "所給局面［3］：錯誤：走法「d5」不合規則：兵每次向前走一格（在起始橫排可走兩格）；是否要走d3或d4？",
            "所给局面［3］：错误：着法「d5」不合规则：兵每次向前走一格（在起始横线可走两格）；是否要走d3或d4？",
        ),
        (
            "e4 e5 xd5",
            "position (--fen/--moves), ply 3: error: illegal move \"xd5\": no pawn can go to d5 (c2: a pawn cannot move from c2 to d5; e4: a pawn moves diagonally only to capture, and there is nothing to capture on d5)",
            "所給局面［3］：錯誤：走法「xd5」不合規則：沒有兵可以走到d5（c2：兵不能從c2走到d5；e4：兵只有吃子時才能斜走，但d5沒有可吃的棋子）",
            "所给局面［3］：错误：着法「xd5」不合规则：没有兵可以走到d5（c2：兵不能从c2走到d5；e4：兵只有吃子时才能斜走，但d5没有可吃的棋子）",
        ),
    ];
    for (moves, en, hant, hans) in cases {
        assert_eq!(first(moves, "en"), en);
        assert_eq!(first(moves, "zh-Hant"), hant);
        assert_eq!(first(moves, "zh-Hans"), hans);
    }
    let intended = |lang: &str| {
        let mut args = KE3_CLAIM.to_vec();
        args.extend(["--lang", lang]);
        let (out, err, _) = run(&args, &[]);
        format!("{out}{err}")
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(
        intended("en"),
        "claim cannot be judged: intended move \"Ke3\" cannot be played by White at ply 2: a king cannot move from e1 to e3; did you mean Ke2?"
    );
    assert_eq!(
        intended("zh-Hant"),
        "無法判定此申請：白方在第2個半回合不能走預定走法「Ke3」：王不能從e1走到e3；是否要走Ke2？"
    );
    assert_eq!(
        intended("zh-Hans"),
        "无法判定此申请：白方在第2个半回合不能走预定着法「Ke3」：王不能从e1走到e3；是否要走Ke2？"
    );
}

/// Words of Taiwan usage that mainland readers write otherwise (不认得 → 无法识别/未知,
/// 位元组 → 字节, 档案 → 文件, 程式 → 程序, 字元 → 字符, 伺服器 → 服务器, 物件 → 对象,
/// 预设 → 默认, 资料 → 数据, 讯息 → 信息, 支援 → 支持, 栏 → 字段).
const TAIWAN_IN_SIMPLIFIED: &[&str] = &[
    "不认得",
    "位元组",
    "档案",
    "程式",
    "字元",
    "伺服器",
    "物件",
    "预设",
    "资料",
    "讯息",
    "支援",
    "栏",
];

/// Simplified errors use the mainland terms: a FEN field, a value of no option, a CBR file
/// of an unknown version, an unknown command-line argument.
#[test]
fn simplified_errors_use_mainland_terms() {
    let dir = std::env::temp_dir().join(format!("arbiter-golden-hans-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cbr = dir.join("v9.cbr");
    let mut bytes = b"CCBridge Record\0".to_vec();
    bytes.extend([0u8; 3]);
    bytes.push(9);
    std::fs::write(&cbr, &bytes).unwrap();
    let cases: [&[&str]; 4] = [
        &["judge", "--game", "chess", "--fen", "8/8/8/8/8/8/8/K6k x - - 0 1"],
        &["judge", "--rules", "uscf", "samples/xiangqi-perpetual-chase.pgn"],
        &["judge", cbr.to_str().unwrap()],
        &["judge", "--frobnicate"],
    ];
    let mut all = String::new();
    for args in cases {
        let mut a = args.to_vec();
        a.extend(["--lang", "zh-Hans"]);
        let (out, err, _) = run(&a, &[]);
        all.push_str(&out);
        all.push_str(&err);
    }
    for w in TAIWAN_IN_SIMPLIFIED {
        assert!(!all.contains(w), "{w:?} in {all}");
    }
    assert!(all.contains("轮走方（第2个字段）是「x」：须为 w 或 b"), "{all}");
    assert!(all.contains("无法识别的 CBR 版本 9"), "{all}");
    assert!(all.contains("无法识别的参数："), "{all}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `text` without what is a name rather than a word: quoted input (「…」), options
/// (`--rules`, `<RULES>`), the program's name and the paths in `names`.
fn spoken(text: &str, names: &[&str]) -> String {
    let mut s: String = text
        .split(['「', '」'])
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, s)| s)
        .collect();
    for n in names {
        s = s.replace(n, "");
    }
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let option = (c == '-' && chars.peek() == Some(&'-')) || c == '<';
        if option {
            while chars
                .peek()
                .is_some_and(|c| c.is_ascii_alphanumeric() || "-_<>".contains(*c))
            {
                chars.next();
            }
            continue;
        }
        out.push(c);
    }
    out.replace("arbiter", "")
}

/// Every kind of error the command line can reach, one bad input each, in both scripts: no
/// English word is left (quoted moves, FENs, options and file names are names). Reached: a
/// broken record (comment, variation), a token over its cap, a compressed ChessBridge file,
/// a short XQF, a CBR of an unknown version, damaged DhtmlXQ, WXF, CBF and CBL files, a
/// directory with no records, a missing file (for
/// judge, claim and convert), xiangqi and chess FENs that do not read, an illegal xiangqi
/// move, a move in no notation (both games), chess SAN errors (a pawn, a king, an ambiguous
/// knight, castling), claims that do not fit (a chess claim on a xiangqi record, an intended
/// move that cannot be played, a ply past the end, the natural move limit under fide), and
/// usage errors (a value of no option, an unknown argument, a cycle with no moves, classify
/// under fide, no cycles).
#[test]
fn every_error_kind_speaks_chinese_in_chinese() {
    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let dir = std::env::temp_dir().join(format!("arbiter-golden-kinds-{}", std::process::id()));
    let empty = dir.join("k0");
    std::fs::create_dir_all(&empty).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.display().to_string()
    };
    let comment = write("k1.pgn", b"1. h2e2 {x");
    let variation = write("k2.pgn", b"1. e4 (e5 (2. Nf3");
    let token = write("k3.pgn", format!("1. e4 {} *\n", "a".repeat(300)).as_bytes());
    let packed = write("k4.cbl", b"CCBridge\x78\x9c0000000000");
    let xqf = write("k5.xqf", b"XQ\x0a\x00abc");
    let mut cbr = b"CCBridge Record\x00\x00\x00\x00\x09".to_vec();
    cbr.resize(120, 0);
    let cbr = write("k6.cbr", &cbr);
    let bad_move = write("k7.pgn", b"1. h2e2 h9g7 2. e2e9 *\n");
    let dhtml = write(
        "k8.txt",
        b"[DhtmlXQ]\n[DhtmlXQ_binit]1234[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n",
    );
    let wxf = write("k9.wxf", b"FORMAT WXF\nRESULT 1-0\n");
    let cbf = write("k10.cbf", b"<?xml version=\"1.0\"?><ChineseChessRecord><a></b>");
    let cbl = write("k11.cbl", b"CCBridgeLibrary\0");
    let xiangqi = "samples/xiangqi-perpetual-chase.pgn".to_string();
    // An XQF whose first move record is cut short (its 1,024-byte header, then 2 of 4 bytes).
    let mut cut = b"XQ\x0a".to_vec();
    cut.resize(1026, 0);
    let truncated = write("k12.xqf", &cut);
    let empty = empty.display().to_string();
    let missing = "/no-such-dir/x.pgn".to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["judge", &comment],
        vec!["judge", &variation],
        vec!["judge", &token],
        vec!["judge", &packed],
        vec!["judge", &xqf],
        vec!["judge", &cbr],
        vec!["judge", &bad_move],
        vec!["judge", &dhtml],
        vec!["judge", &wxf],
        vec!["judge", &cbf],
        vec!["judge", &cbl],
        vec!["judge", &empty],
        vec!["judge", &missing],
        vec!["claim", "--kind", "threefold", &missing],
        vec!["convert", "--to", "pgn", &missing],
        vec![
            "judge",
            "--fen",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
        ],
        vec![
            "judge",
            "--fen",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNZ w",
        ],
        vec!["judge", "--game", "chess", "--fen", "8/8/8/8/8/8/8/K6k x - - 0 1"],
        vec!["claim", "--kind", "threefold", "--fen", "bad fen"],
        vec!["judge", "--fen", START, "--moves", "h2e2 h9g7 e2e9"],
        vec!["judge", "--game", "xiangqi", "--moves", "h2e2 qq"],
        vec!["judge", "--game", "xiangqi", "--moves", "炮五平四"],
        vec!["judge", "--game", "chess", "--moves", "e4 zz"],
        vec!["judge", "--game", "chess", "--moves", "e4 e5 xd5"],
        vec!["judge", "--game", "chess", "--moves", "e4 e5 Ke3"],
        vec![
            "judge",
            "--game",
            "chess",
            "--moves",
            "d4 d5 Nf3 Nf6 Nbd2 e6 b3 b6 Nc4 Bb7 Nd2",
        ],
        vec!["judge", "--game", "chess", "--moves", "e4 e5 O-O"],
        vec!["claim", "--kind", "threefold", &xiangqi],
        vec!["claim", "--kind", "natural-move-limit", &truncated],
        KE3_CLAIM.to_vec(),
        vec![
            "claim",
            "--game",
            "chess",
            "--kind",
            "threefold",
            "--moves",
            "e4 e5",
            "--at-ply",
            "9",
        ],
        vec![
            "claim",
            "--kind",
            "natural_move_limit",
            "--rules",
            "fide",
            "--moves",
            "h2e2",
        ],
        vec!["judge", "--rules", "uscf", &xiangqi],
        vec!["judge", "--frobnicate"],
        vec!["cycle", "--fen", START],
        vec!["classify", "--rules", "fide", "--fen", START, "--move", "h2e2"],
        vec!["judge", "--cycles", "0", &xiangqi],
    ];
    let dir_name = format!("{}/", dir.display());
    let names = [
        dir_name.as_str(),
        "/no-such-dir/x.pgn",
        "samples/xiangqi-perpetual-chase.pgn",
    ];
    for args in &cases {
        for lang in ["zh-Hant", "zh-Hans"] {
            let mut all = args.clone();
            all.extend(["--lang", lang]);
            let (out, err, code) = run(&all, &[]);
            assert_ne!(
                code,
                Some(0),
                "{args:?} {lang}: an error was expected: {out}{err}"
            );
            // The report of the games read before the error is not the error; the error
            // lines are those that say 錯誤/错误 or 用法.
            let text = format!("{out}{err}");
            let errors: Vec<&str> = text
                .lines()
                .filter(|l| {
                    ["錯誤", "错误", "無法", "无法", "用法"]
                        .iter()
                        .any(|w| l.contains(w))
                })
                .collect();
            assert!(!errors.is_empty(), "{args:?} {lang}: no error line in {text}");
            for line in errors {
                let line = spoken(line, &names);
                for w in ENGLISH_WORDS {
                    assert!(!line.contains(w), "{args:?} {lang}: {w:?} in {line:?}");
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A FEN that places a red piece where it can never stand, or too many of one kind, names the
/// red piece by its red character (相, 仕, 兵), with the count and its maximum in order.
#[test]
fn fen_errors_name_red_pieces_by_their_red_characters() {
    let said = |fen: &str, lang: &str| {
        let (_, err, code) = run(&["classify", "--lang", lang, "--fen", fen, "--move", "e0e1"], &[]);
        assert_eq!(code, Some(2), "{err}");
        err
    };
    let elephant = "B3k4/9/9/9/9/9/9/9/9/4K4 w";
    assert!(said(elephant, "zh-Hant").contains("紅方的相a9所在的點是它永遠走不到的"));
    assert!(said(elephant, "zh-Hans").contains("红方的相a9所在的点是它永远走不到的"));
    assert!(said("A3k4/9/9/9/9/9/9/9/9/4K4 w", "zh-Hant").contains("紅方的仕a9"));
    let soldiers = "PPPPPPk2/9/9/9/9/9/9/9/9/4K4 w";
    assert!(said(soldiers, "zh-Hant").contains("紅方有6個兵；最多5個"));
    assert!(said(soldiers, "zh-Hans").contains("红方有6个兵；最多5个"));
    assert!(said(soldiers, "en").contains("red has 6 soldiers; at most 5 exist"));
}
