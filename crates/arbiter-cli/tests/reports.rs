//! What people read: the clause glossary (`arbiter rules`), illegal moves with their reason
//! for both games, chess FEN errors naming the rank/field and character, `dead --fen-file`
//! errors with their line (contract: docs/cli.md).

use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn rules_prints_one_clause_in_english_and_chinese() {
    let out = arbiter(&["rules", "axf", "d14"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "AXF detailed rule 14 — chariot pinned by a horse");
    assert!(
        lines[1].contains("A chariot that a horse pins so that it cannot move"),
        "{text}"
    );
    assert!(lines[2].contains("車被馬牽制不能移動時"), "{text}");
    assert_eq!(lines.len(), 3, "{text}");
    // The long name and the bare number (general and detailed rule 13).
    assert_eq!(stdout(&arbiter(&["rules", "axf", "detailed rule 14"])), text);
    let both = stdout(&arbiter(&["rules", "axf", "13"]));
    assert!(
        both.starts_with("AXF general rule") || both.starts_with("AXF detailed rule 13"),
        "{both}"
    );
    assert!(
        both.contains("AXF detailed rule 13 — chariot chasing an unprotected cannon"),
        "{both}"
    );
}

#[test]
fn rules_lists_a_book_and_answers_json() {
    let out = arbiter(&["rules", "axf", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    // 10 general rules, 35 detailed rules and the natural move limit.
    assert_eq!(lines.len(), 46);
    assert_eq!(lines[0]["citation"], "AXF general rule 1");
    assert!(lines
        .iter()
        .all(|c| c["book"] == "axf" && c["zh"].as_str().is_some_and(|z| !z.is_empty())));
    let fide = stdout(&arbiter(&["rules", "fide", "9.3"]));
    assert!(fide.starts_with("FIDE 9.3 — fifty-move rule\n"), "{fide}");
    assert!(
        fide.contains("FIDE 9.3.1 —") && fide.contains("FIDE 9.3.2 —"),
        "{fide}"
    );
    let tw = stdout(&arbiter(&["rules", "tw113", "procedure"]));
    assert!(
        tw.starts_with("TW113 ch.4 procedure — the arbiter's procedure\n"),
        "{tw}"
    );
    assert!(tw.contains("After three cycles the position is pending"), "{tw}");
}

#[test]
fn rules_unknown_book_or_clause_is_a_usage_error() {
    let out = arbiter(&["rules", "axf", "99"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no clause '99' in AXF; `arbiter rules axf` lists them"));
    let out = arbiter(&["rules", "fid", "9.2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown rule book 'fid': expected axf, tw113 or fide"));
}

/// Xiangqi: the reason a move is refused, in Chinese, WXF and ICCS.
#[test]
fn xiangqi_illegal_moves_say_why() {
    let cases = [
        ("車一進三", "'車一進三' fits no legal move: i0-i3: own soldier on the target point i3"),
        ("傌二進四", "'傌二進四' fits no legal move: h0-f1: the horse's leg is blocked at g0"),
        ("H2+4", "'H2+4' fits no legal move: h0-f1: the horse's leg is blocked at g0"),
        ("a0a5", "'a0a5' is not legal: the chariot's path is blocked at a3"),
        (
            "炮二進五",
            "'炮二進五' fits no legal move: h2-h7: a cannon captures by jumping exactly one screen; there is none between h2 and h7",
        ),
        (
            "炮五平四",
            "'炮五平四' fits no legal move: no Red cannon on file 5 (files counted from Red's right); Red's cannons are on file 2 and 8",
        ),
    ];
    for (mv, reason) in cases {
        let out = arbiter(&["judge", "--fen", XQ_START, "--moves", mv]);
        assert_eq!(out.status.code(), Some(1), "{mv}");
        let text = stdout(&out);
        assert!(text.contains("ply 1") && text.contains(reason), "{mv}: {text}");
    }
    // Generals facing, and a pinned chariot.
    let out = arbiter(&[
        "judge",
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/4K4 w",
        "--moves",
        "帥五平六",
    ]);
    assert!(
        stdout(&out).contains("the generals would face each other on file d"),
        "{}",
        stdout(&out)
    );
    let out = arbiter(&[
        "judge",
        "--fen",
        "4k4/9/9/9/9/9/9/4r4/4R4/4K4 w",
        "--moves",
        "e1f1",
    ]);
    assert!(
        stdout(&out).contains("'e1f1' is not legal: it leaves the general in check from the chariot on e2"),
        "{}",
        stdout(&out)
    );
}

/// Chess: the reason, and the near miss.
#[test]
fn chess_illegal_moves_say_why_and_name_a_near_miss() {
    let out = arbiter(&["judge", "--fen", CHESS_START, "--moves", "d4 d5 Nf3 Nf6 Nd2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(
            "illegal move \"Nd2\" at ply 5: ambiguous: more than one knight can go to d2; did you mean Nbd2 or Nfd2?"
        ),
        "{}",
        stdout(&out)
    );
    let out = arbiter(&["judge", "--fen", CHESS_START, "--moves", "e2e5"]);
    assert!(
        stdout(&out).contains(
            "illegal move \"e2e5\" at ply 1: a pawn moves one square forward (two from its starting rank); did you mean e2e3 or e2e4?"
        ),
        "{}",
        stdout(&out)
    );
    let out = arbiter(&[
        "judge",
        "--fen",
        "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
        "--moves",
        "Nc3",
    ]);
    assert!(
        stdout(&out).contains("it would leave the king in check (the knight on e2 is pinned"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn chess_fen_errors_name_rank_and_character() {
    let out = arbiter(&[
        "dead",
        "--fen",
        "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert!(
        stdout(&out).contains(
            "rank 7 ('ppppXppp'), character 5: 'X' is not a piece letter (PNBRQK white, pnbrqk black) or a digit 1-8"
        ),
        "{}",
        stdout(&out)
    );
    let out = arbiter(&["dead", "--fen", "8/8/8/3bk3/8/8/8/2B1K3 x - - 0 1"]);
    assert!(
        stdout(&out).contains("side to move (field 2) is 'x': expected w or b"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn dead_fen_file_errors_give_the_line() {
    let dir = std::env::temp_dir().join(format!("arbiter-reports-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("positions.txt");
    std::fs::write(
        &path,
        "# two positions\n8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1\n\n8/8/8/3bk3/8/8/8/2B1K5 w - - 0 1\n",
    )
    .unwrap();
    let p = path.display().to_string();
    let out = arbiter(&["dead", "--fen-file", &p]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(&format!("{p}, line 4: error: unparsable FEN")),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("rank 1 ('2B1K5') covers 10 squares, not 8"));
    let out = arbiter(&["dead", "--json", "--fen-file", &p]);
    let last: serde_json::Value = serde_json::from_str(stdout(&out).lines().last().unwrap()).unwrap();
    assert_eq!(last["line"], 4);
}
