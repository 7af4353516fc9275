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

/// The chess sample: one verdict sentence, SAN with move numbers, plies in brackets, games
/// counted from 1, claim kinds in words, the cited clause summarised at the end.
#[test]
fn chess_report_in_san_with_move_numbers() {
    let out = arbiter(&["judge", "samples/chess-threefold-grischuk-giri-2019.pgn"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "samples/chess-threefold-grischuk-giri-2019.pgn, game 1: chess (FIDE), 43 plies: not decided; \
             after 22.Kf1 [ply 43], Black, to move, may claim a draw now by threefold repetition (FIDE 9.2.1).\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "  After 21...Qa5+ [ply 42], White could claim a draw by threefold repetition by writing 22.Kf1 (FIDE 9.2.1).\n"
        ),
        "{text}"
    );
    assert!(!text.contains("threefold)") && !text.contains("e1f1"), "{text}");
    assert!(
        text.contains("  FIDE 9.2.1 (claiming a repetition): The claim is made by the player to move"),
        "{text}"
    );
    // JSON keeps UCI, plies and the 0-based index.
    let json: serde_json::Value = serde_json::from_str(
        stdout(&arbiter(&[
            "judge",
            "--json",
            "samples/chess-threefold-grischuk-giri-2019.pgn",
        ]))
        .trim(),
    )
    .unwrap();
    assert_eq!(json["index"], 0);
    assert_eq!(json["claims"][0]["intended_move"], "e1f1");
    assert_eq!(json["claims"][0]["at_ply"], 42);
}

/// A chess mate given in SAN comes back in SAN, numbered; a FEN typo is a usage error.
#[test]
fn chess_position_report_and_fen_typo() {
    let out = arbiter(&["judge", "--fen", CHESS_START, "--moves", "f3 e5 g4 Qh4"]);
    assert_eq!(
        stdout(&out),
        "position (--fen/--moves): chess (FIDE), 4 plies: 0-1 — checkmate after 2...Qh4# [ply 4] (FIDE 5.1.1).\n\
         Clauses cited (summaries in our words; `arbiter rules` lists them all):\n  \
         FIDE 5.1.1 (checkmate): The player who checkmates the opponent's king wins, and the game ends at once.\n"
    );
    let out = arbiter(&[
        "judge",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "--moves",
        "e4",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("rank 1 ('RNBQKBNX'), character 8: 'X' is not a piece letter"));
}

/// The xiangqi sample: one verdict sentence (decided: who lost and after which move), the
/// procedure worded for AXF, the moves numbered in the record's notation (ICCS here).
#[test]
fn xiangqi_sample_report_has_one_verdict() {
    let text = stdout(&arbiter(&["judge", "samples/xiangqi-perpetual-chase.pgn"]));
    assert!(
        text.starts_with("samples/xiangqi-perpetual-chase.pgn, game 1: YAN WenQing vs LIU DaHua"),
        "{text}"
    );
    assert!(
        text.contains(
            "  Decided after 29...h8g8 [ply 58]: Red went on with its perpetual chase a cycle past the count and loses (0-1).\n"
        ),
        "{text}"
    );
    assert!(
        !text.contains("Verdict:") && !text.contains("must vary"),
        "{text}"
    );
    assert!(text.contains("  Procedure: the AXF rules write none;"), "{text}");
    assert!(!text.contains("TW113 ch.4"), "{text}");
    assert!(
        text.contains("      Red   29.g6h6 [ply 57]: chases the cannon on h8 with the chariot on h6\n"),
        "{text}"
    );
    assert!(
        text.contains("  AXF detailed rule 13 (chariot chasing an unprotected cannon):"),
        "{text}"
    );
    // Under TW113 the procedure is the book's own.
    let tw = stdout(&arbiter(&[
        "judge",
        "--rules",
        "tw113",
        "samples/xiangqi-perpetual-chase.pgn",
    ]));
    assert!(
        tw.contains("  Procedure (TW113 ch.4 procedure): after 3 cycles the position is pending"),
        "{tw}"
    );
    // --rules of the other game is said in the text.
    let fide = stdout(&arbiter(&[
        "judge",
        "--rules",
        "fide",
        "samples/xiangqi-perpetual-chase.pgn",
    ]));
    assert!(
        fide.starts_with("Note: --rules fide is the chess rule set; xiangqi games are judged under axf.\n"),
        "{fide}"
    );
}

/// Xiangqi moves given in Chinese come back in Chinese, numbered, with plies in brackets; a
/// pending repetition says who must vary and what happens if not.
#[test]
fn xiangqi_pending_report_in_chinese_with_move_numbers() {
    let moves =
        "俥四平五 將5平6 俥五平四 將6平5 俥四平五 將5平6 俥五平四 將6平5 俥四平五 將5平6 俥五平四 將6平5";
    let out = arbiter(&[
        "judge",
        "--fen",
        "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w",
        "--moves",
        moves,
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("position (--fen/--moves)\n"), "{text}");
    assert!(
        text.contains(
            "  Pending after 6... 將6平5 [ply 12]: the repetition has reached 3 cycles. Red must vary (perpetual check); \
             if it repeats once more, Red loses (0-1).\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("      Red   1. 俥四平五 [ply 1]: checks\n"),
        "{text}"
    );
    assert!(text.contains("      Black 1... 將5平6 [ply 2]: idle\n"), "{text}");
    assert!(!text.contains("Procedure"), "{text}");
    // A xiangqi FEN typo on the command line is a usage error.
    let out = arbiter(&["judge", "--fen", "4k4/9/5R3/9/9/4P4/9/9/9/4K4 x", "--moves", ""]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--fen: invalid xiangqi FEN"),
        "{}",
        stderr(&out)
    );
}
