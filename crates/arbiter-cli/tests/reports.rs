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
    assert!(stderr(&out).contains("unknown rule book \"fid\": expected axf, tw113 or fide"));
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
            "ply 5: error: illegal move \"Nd2\": ambiguous: more than one knight can go to d2; did you mean Nbd2 or Nfd2?"
        ),
        "{}",
        stdout(&out)
    );
    let out = arbiter(&["judge", "--fen", CHESS_START, "--moves", "e2e5"]);
    assert!(
        stdout(&out).contains(
            "ply 1: error: illegal move \"e2e5\": a pawn moves one square forward (two from its starting rank); did you mean e2e3 or e2e4?"
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
    // The first error of a record is the first bad ply: a xiangqi ICCS record read as chess
    // fails at ply 1 (`h2e2` is SAN-shaped, and illegal), not at ply 2's `h9g7`.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("iccs.pgn");
    std::fs::write(&f, "[Event \"e\"]\n\n1. h2e2 h9g7 2. h0g2 *\n").unwrap();
    let out = arbiter(&["judge", "--game", "chess", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("game 1, ply 1: error: illegal move \"h2e2\""),
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
    // A typo in --fen is a usage error (exit code 2), on standard error.
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "rank 7 ('ppppXppp'), character 5: 'X' is not a piece letter (PNBRQK white, pnbrqk black) or a digit 1-8"
        ),
        "{}",
        stderr(&out)
    );
    let out = arbiter(&["dead", "--fen", "8/8/8/3bk3/8/8/8/2B1K3 x - - 0 1"]);
    assert!(
        stderr(&out).contains("side to move (field 2) is 'x': expected w or b"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn dead_fen_file_errors_give_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("positions.txt");
    std::fs::write(
        &path,
        "# two positions\n8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1\n\n8/8/8/3bk3/8/8/8/2B1K5 w - - 0 1\n",
    )
    .unwrap();
    let p = path.display().to_string();
    let out = arbiter(&["dead", "--fen-file", &p]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    // The error goes to standard error, with the file and line; the answers to standard output.
    assert!(
        err.contains(&format!("{p}, line 4: error: unparsable FEN")),
        "{err}"
    );
    assert!(err.contains("rank 1 ('2B1K5') covers 10 squares, not 8"), "{err}");
    assert!(!stdout(&out).contains("error"), "{}", stdout(&out));
    assert!(
        err.contains(&format!(
            "arbiter: 2 positions from {p}: 0 dead; 1 could not be judged"
        )),
        "{err}"
    );
    let out = arbiter(&["dead", "--json", "--fen-file", &p]);
    let last: serde_json::Value = serde_json::from_str(stdout(&out).lines().last().unwrap()).unwrap();
    assert_eq!(last["line"], 4);
}

/// `dead --fen-file` reads both layouts of a line: `FEN [LABEL]` (a Lichess export: the FEN,
/// then a game id) and `LABEL FEN` (CHA's test vectors: the expected answer, then a FEN of
/// four fields), and ends with a summary line on standard error.
#[test]
fn dead_fen_file_reads_label_before_or_after_the_fen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vector.txt");
    std::fs::write(
        &path,
        "# CHA's layout\n\
         -- 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -\n\
         WB rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
         8/8/8/4k3/8/8/8/2B1K3 w - - 0 1 QzZqHm8A\n",
    )
    .unwrap();
    let p = path.display().to_string();
    let out = arbiter(&["dead", "--json", "--fen-file", &p]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let got: Vec<_> = lines
        .iter()
        .map(|l| (l["label"].as_str().unwrap(), l["dead"].as_bool().unwrap()))
        .collect();
    assert_eq!(got, [("--", true), ("WB", false), ("QzZqHm8A", true)]);
    assert_eq!(lines[0]["fen"], "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "arbiter: 3 positions from {p}: 2 dead; 0 could not be judged"
        )),
        "{err}"
    );
}

/// The chess sample, laid out as a xiangqi game (heading with the players, plies and rule
/// set, one verdict sentence, each line indented): SAN with move numbers, plies in brackets, games
/// counted from 1, claim kinds in words, the cited clause summarised at the end.
#[test]
fn chess_report_in_san_with_move_numbers() {
    let out = arbiter(&["judge", "samples/chess-threefold-grischuk-giri-2019.pgn"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "samples/chess-threefold-grischuk-giri-2019.pgn, game 1: Alexander Grischuk vs Anish Giri (Gashimov Memorial)\n  \
             43 plies, rules FIDE\n  \
             Not decided: after 22.Kf1 [ply 43], Black, to move, may claim a draw now by threefold repetition (FIDE 9.2.1).\n"
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
        "position (--fen/--moves)\n  4 plies, rules FIDE\n  Decided after 2...Qh4# [ply 4]: checkmate (0-1).\n  \
         Clause: FIDE 5.1.1\n\
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
    assert!(
        text.contains(
            "  Repetition: a loop of 4 plies played 4 times, from 21...g0i0 [ply 42] to 29...h8g8 \
             [ply 58], judged together (its start position recurred 4 times in all: the repetition \
             was pending at ply 54):\n"
        ),
        "{text}"
    );
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
    // --rules of the other game is said in the text, and only there (not a second time on
    // standard error; with --json, where there is no text, on standard error once).
    let out = arbiter(&["judge", "--rules", "fide", "samples/xiangqi-perpetual-chase.pgn"]);
    let fide = stdout(&out);
    assert!(
        fide.starts_with("Note: --rules fide is the chess rule set; xiangqi games are judged under axf.\n"),
        "{fide}"
    );
    assert!(!stderr(&out).contains("--rules fide"), "{}", stderr(&out));
    // Once per run, however many xiangqi games there are.
    let out = arbiter(&[
        "judge",
        "--rules",
        "fide",
        "crates/records/tests/fixtures/iccs/liu_dahua_1125.pgn",
    ]);
    assert_eq!(stdout(&out).matches("Note: --rules fide").count(), 1);
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

/// Every text report that cites a clause ends with the clause summaries (one shared function):
/// `classify --explain` (xiangqi) and `dead` (chess), one FEN or a FEN file (once, at the end).
#[test]
fn classify_and_dead_reports_end_with_clause_summaries() {
    // A chariot attacking a cannon its chariot on b9 protects: not a chase (AXF general rule 6 /
    // detailed rule 30), said in words, then the two clauses summarised.
    let out = arbiter(&[
        "classify",
        "--fen",
        "1r2k4/9/9/9/1c7/4P4/R8/9/9/4K4 w",
        "--move",
        "a3b3",
        "--explain",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(
        text.lines().take(4).collect::<Vec<_>>(),
        [
            "a3b3 (俥九平八): idle",
            "  not a chase: the cannon on b5 attacked from b3: the target is truly protected (a legal \
             recapture exists) (AXF general rule 6 / detailed rule 30)",
            "Clauses cited (summaries in our words; `arbiter rules` lists them all):",
            "  AXF general rule 6 (true and false protection): Chasing a piece that is truly protected \
             (its protector can really capture back) is allowed; chasing a piece whose protector cannot \
             capture back (a false root) is a chase and loses. A horse or cannon chasing a chariot is a \
             chase even when the chariot is protected.",
        ],
        "{text}"
    );
    assert!(text.contains("\n  AXF detailed rule 30 (true root): "), "{text}");
    assert!(!text.contains("Protected"), "no identifiers in prose: {text}");
    // Without --explain nothing is cited, so nothing is summarised.
    let plain = stdout(&arbiter(&[
        "classify",
        "--fen",
        "4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w",
        "--move",
        "a3b3",
    ]));
    assert_eq!(
        plain,
        "a3b3 (俥九平八): chase\n  chases the cannon on b5 (chaser on b3)\n"
    );

    // Chess: opposite-coloured bishops are not dead (FIDE 5.2.2, 6.9).
    let dead = stdout(&arbiter(&["dead", "--fen", "8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1"]));
    assert!(
        dead.ends_with(
            "Clauses cited (summaries in our words; `arbiter rules` lists them all):\n  FIDE 5.2.2 (dead \
             position): The game is drawn when neither player can checkmate by any series of legal \
             moves, however badly the other plays; the game ends at once.\n  FIDE 6.9 (flag fall): A \
             player whose time runs out loses, unless the opponent cannot checkmate by any series of \
             legal moves; then the game is drawn.\n"
        ),
        "{dead}"
    );
    // A FEN file: the summaries once, after the last answer.
    let dir = std::env::temp_dir().join(format!("arbiter-summaries-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("fens.txt");
    std::fs::write(
        &file,
        "8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1\n8/8/8/4k3/8/8/8/4K3 w - - 0 1\n",
    )
    .expect("write");
    let many = stdout(&arbiter(&["dead", "--fen-file", file.to_str().expect("utf-8")]));
    assert_eq!(many.matches("Clauses cited").count(), 1, "{many}");
    assert_eq!(many.matches("  FIDE 5.2.2 (dead position):").count(), 1, "{many}");
    let (answers, summaries) = many.split_once("Clauses cited").expect("summaries");
    assert!(answers.contains("Dead position: neither side can mate"), "{many}");
    assert!(summaries.contains("FIDE 6.9 (flag fall)"), "{many}");
    // JSON stays one object per FEN.
    let json = stdout(&arbiter(&[
        "dead",
        "--json",
        "--fen-file",
        file.to_str().expect("utf-8"),
    ]));
    assert_eq!(json.lines().count(), 2, "{json}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The xiangqi natural move limit, in the judge report and the claim report, names the move
/// after which a side may claim, numbered and in the record's notation (as chess claims do).
#[test]
fn xiangqi_natural_move_limit_claim_with_move_numbers() {
    // 115 capture-free plies before the FEN (move 59, Red to move), then 6 plies in simplified
    // Chinese: after 61. 帅五平六 [ply 5] the count reaches 120, AXF's limit (60 moves).
    let fen = "5k3/9/9/9/9/P8/9/9/9/4K4 w - - 115 59";
    let moves = "帅五平六 将6进1 帅六平五 将6退1 帅五平六 将6进1";
    let out = arbiter(&["judge", "--fen", fen, "--moves", moves]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.contains(
            "  Not decided: after 61... 将6进1 [ply 6], Red, to move, may claim a draw now by the natural \
             move limit (AXF natural move limit, 60 moves).\n"
        ),
        "{text}"
    );
    assert!(!text.contains("Nothing decided"), "{text}");
    assert!(
        text.contains("  AXF natural move limit (60 moves without a capture): "),
        "{text}"
    );
    // Black could claim a ply earlier: after Red's 61st move.
    assert!(
        text.contains(
            "  After 61. 帅五平六 [ply 5], Black could claim a draw by the natural move limit (AXF natural \
             move limit, 60 moves).\n"
        ),
        "{text}"
    );
    let out = arbiter(&[
        "claim",
        "--kind",
        "natural-move-limit",
        "--fen",
        fen,
        "--moves",
        moves,
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "After 61... 将6进1 [ply 6], Red claims a draw by the natural move limit (AXF, 120 plies needed):\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("  3. Red's checks (one ply each): 0, at most 10 count: 0 discounted\n"),
        "{text}"
    );
    assert!(
        text.contains("The claim is valid: the game is drawn (AXF natural move limit, 60 moves).\n"),
        "{text}"
    );
    // Two plies earlier, moves in ICCS: 119 plies, short.
    let out = arbiter(&[
        "claim",
        "--kind",
        "natural-move-limit",
        "--fen",
        fen,
        "--moves",
        "e0d0 f9f8 d0e0 f8f9",
        "--at-ply",
        "4",
    ]);
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "After 60...f8f9 [ply 4], Red claims a draw by the natural move limit (AXF, 120 plies needed):\n"
        ),
        "{text}"
    );
    assert!(text.contains("The claim is not valid: play goes on"), "{text}");
}

/// A record written in simplified characters comes back in them (车马炮帅将, 进, full-width
/// digits as written); one in traditional stays traditional.
#[test]
fn xiangqi_simplified_record_comes_back_simplified() {
    let dir = std::env::temp_dir().join(format!("arbiter-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // Red's chariot checks on f7/e7 while Black's general steps aside: a perpetual check,
    // pending after 3 cycles.
    let game = |moves: &str| {
        format!(
            "[Event \"script test\"]\n[Red \"A\"]\n[Black \"B\"]\n[FEN \"4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1\"]\n\n{moves} *\n"
        )
    };
    let simplified = dir.join("simplified.pgn");
    std::fs::write(
        &simplified,
        game("1. 车四平五 将５平６ 2. 车五平四 将６平５ 3. 车四平五 将５平６ 4. 车五平四 将６平５ 5. 车四平五 将５平６ 6. 车五平四 将６平５"),
    )
    .expect("write");
    let traditional = dir.join("traditional.pgn");
    std::fs::write(
        &traditional,
        game("1. 俥四平五 將5平6 2. 俥五平四 將6平5 3. 俥四平五 將5平6 4. 俥五平四 將6平5 5. 俥四平五 將5平6 6. 俥五平四 將6平5"),
    )
    .expect("write");
    let s = stdout(&arbiter(&["judge", simplified.to_str().expect("utf-8")]));
    assert!(s.contains("  Pending after 6... 将６平５ [ply 12]:"), "{s}");
    assert!(s.contains("      Red   1. 车四平五 [ply 1]: checks\n"), "{s}");
    assert!(s.contains("      Black 1... 将５平６ [ply 2]: idle\n"), "{s}");
    assert!(!s.contains('俥') || s.contains("Position at the start"), "{s}");
    for line in s.lines().filter(|l| l.contains("[ply")) {
        assert!(
            !line.contains('俥') && !line.contains('將'),
            "traditional in {line}"
        );
    }
    let t = stdout(&arbiter(&["judge", traditional.to_str().expect("utf-8")]));
    assert!(t.contains("  Pending after 6... 將6平5 [ply 12]:"), "{t}");
    assert!(t.contains("      Red   1. 俥四平五 [ply 1]: checks\n"), "{t}");
    // convert --to pgn --notation chinese keeps each record's characters.
    let conv = |f: &std::path::Path| {
        stdout(&arbiter(&[
            "convert",
            "--to",
            "pgn",
            "--notation",
            "chinese",
            f.to_str().expect("utf-8"),
        ]))
    };
    assert!(
        conv(&simplified).contains("\n1. 车四平五 将５平６ 2. 车五平四 将６平５ 3."),
        "{}",
        conv(&simplified)
    );
    assert!(
        conv(&traditional).contains("\n1. 俥四平五 將5平6 2. 俥五平四 將6平5 3."),
        "{}",
        conv(&traditional)
    );
    // --fen/--moves and cycle: the characters given come back.
    let c = stdout(&arbiter(&[
        "cycle",
        "--fen",
        "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w",
        "--moves",
        "车四平五 将5平6 车五平四 将6平5",
    ]));
    assert!(c.contains("   1. Red   f7e7 (车四平五): checks\n"), "{c}");
    assert!(c.contains("   2. Black e9f9 (将5平6): idle\n"), "{c}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A FEN typo on the command line is a usage error (exit code 2) for every subcommand that
/// takes `--fen`, said as `--fen: WHY` naming the rank and the character, both games.
#[test]
fn fen_typos_on_the_command_line_are_usage_errors() {
    let xq = "4k4/9/5R3/9/9/4P4/9/9/9/4KX w";
    let xq_why = "arbiter: usage error: --fen: invalid xiangqi FEN '4k4/9/5R3/9/9/4P4/9/9/9/4KX w': unknown \
                  piece letter 'X' in rank 0\n";
    let ch = "8/8/8/3bX3/8/8/8/2B1K3 w - - 0 1";
    let ch_why = "arbiter: usage error: --fen: unparsable FEN \"8/8/8/3bX3/8/8/8/2B1K3 w - - 0 1\": rank 5 \
                  ('3bX3'), character 3: 'X' is not a piece letter (PNBRQK white, pnbrqk black) or a digit 1-8\n";
    for (args, why) in [
        (vec!["cycle", "--fen", xq, "--moves", "f7e7"], xq_why),
        (vec!["classify", "--fen", xq, "--move", "f7e7"], xq_why),
        (
            vec![
                "claim",
                "--kind",
                "natural-move-limit",
                "--fen",
                xq,
                "--moves",
                "f7e7",
            ],
            xq_why,
        ),
        (vec!["perft", "--fen", xq, "--depth", "1"], xq_why),
        (vec!["judge", "--fen", xq, "--moves", "f7e7"], xq_why),
        (vec!["dead", "--fen", ch], ch_why),
        (vec!["dead", "--json", "--fen", ch], ch_why),
        (vec!["perft", "--fen", ch, "--depth", "1"], ch_why),
        (
            vec!["claim", "--kind", "threefold", "--fen", ch, "--moves", "Kd1"],
            ch_why,
        ),
        (vec!["judge", "--fen", ch, "--moves", "Kd1"], ch_why),
    ] {
        let out = arbiter(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), why, "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
    }
    // A chess position for the xiangqi claim: usage, said plainly.
    let out = arbiter(&[
        "claim",
        "--kind",
        "natural-move-limit",
        "--fen",
        "4k3/8/8/8/8/8/3R4/4K3 w - - 98 70",
        "--moves",
        "",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--kind natural_move_limit is a xiangqi claim and this is a chess position"),
        "{}",
        stderr(&out)
    );
}

/// Games are counted from 1 everywhere a person reads or types a game number: `claim --game 1`
/// is the first game of a file (as the text report's "game 1"), a missing game is named by
/// that number, `--game 0` is a usage error, and a record reader's error says "game 1" for the
/// first game (JSON `index` stays the 0-based position: `index` = N − 1).
/// A library (CBL) whose record 1 and record 22 are section titles: `judge` numbers its games
/// by their records (game 2 to game 37), and `claim --game N` names the game `judge` calls
/// game N (the 60-ply game 2, the last game 37), not the Nth game read.
#[test]
fn claim_counts_a_librarys_games_as_judge_does() {
    let file = "crates/records/tests/fixtures/formats/cbl/longhua_cup_1989_35games.cbl";
    let judged = stdout(&arbiter(&["judge", "--json", file]));
    let reports: Vec<serde_json::Value> = judged.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(reports.len(), 35);
    let (first, last) = (&reports[0], &reports[34]);
    assert_eq!(
        (first["index"].as_u64(), last["index"].as_u64()),
        (Some(1), Some(36))
    );
    for (n, report) in [("2", first), ("37", last)] {
        let out = arbiter(&[
            "claim",
            "--json",
            "--kind",
            "natural_move_limit",
            file,
            "--game",
            n,
        ]);
        assert_eq!(out.status.code(), Some(0), "game {n}: {}", stdout(&out));
        let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(v["at_ply"], report["plies"], "game {n}: {v}");
    }
}

#[test]
fn games_are_counted_from_one() {
    let file = "samples/chess-threefold-grischuk-giri-2019.pgn";
    let base = ["claim", "--json", "--kind", "threefold", file];
    let out = arbiter(
        &[
            &base[..],
            &["--game", "1", "--at-ply", "42", "--intended-move", "e1f1"],
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["valid"], true);
    let out = arbiter(&[&base[..], &["--game", "2"]].concat());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(&format!("{file}: there is no game 2")),
        "{}",
        stdout(&out)
    );
    let out = arbiter(&[&base[..], &["--game", "0"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the game's number counted from 1 (game 1 is the first); got '0'"),
        "{}",
        stderr(&out)
    );
    // `fifty-moves` is read as `fifty_moves`, the one spelling of the answer and of --help.
    let out = arbiter(&[
        "claim",
        "--json",
        "--kind",
        "fifty-moves",
        "--fen",
        "4k3/8/8/8/8/8/3R4/4K3 w - - 98 70",
        "--moves",
        "d2c2",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["kind"], "fifty_moves");
    let help = stdout(&arbiter(&["claim", "--help"]));
    assert!(
        help.contains("[possible values: threefold, fifty_moves, natural_move_limit]"),
        "{help}"
    );
}

/// One large input gets a progress bar of its own, by bytes of game text, on a terminal only:
/// run under `script` (a pseudo-terminal) the bar's byte counts show on standard error; with
/// standard error a pipe, only the summary line.
#[test]
fn one_large_file_gets_a_progress_bar_on_a_terminal() {
    let game = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/chess-threefold-grischuk-giri-2019.pgn"
    ))
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.pgn");
    let copies = (4usize << 20) / game.len() + 1;
    std::fs::write(&big, format!("{game}\n").repeat(copies)).unwrap();
    let b = big.display().to_string();
    let out = arbiter(&["judge", "--json", &b]);
    assert_eq!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("arbiter: {copies} games from 1 file")),
        "{err}"
    );
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let Ok(tty) = Command::new("script")
        .args([
            "-qec",
            &format!("'{bin}' judge --json '{b}' 2>&1 >/dev/null"),
            "/dev/null",
        ])
        .output()
    else {
        eprintln!("script(1) absent: the terminal half is skipped");
        return;
    };
    let shown = String::from_utf8_lossy(&tty.stdout);
    assert!(shown.contains("MiB"), "{shown}");
    assert!(
        shown.contains(&format!("arbiter: {copies} games from 1 file")),
        "{shown}"
    );
}

/// `cycle` without moves is a usage error (exit 2) naming what is missing, in each language.
#[test]
fn a_cycle_without_moves_is_a_usage_error() {
    let fen = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w";
    let out = arbiter(&["cycle", "--fen", fen]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("usage error: no moves given (--moves)"),
        "{}",
        stderr(&out)
    );
    let out = arbiter(&["cycle", "--fen", fen, "--lang", "zh-Hans"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("没有给着法：循环至少要有一轮"),
        "{}",
        stderr(&out)
    );
}

/// A citation inside a sentence's brackets has no brackets of its own: the TW113 reading of
/// AXF detailed rule 10 reads `(AXF detailed rule 10, a reading: TW113 is silent)`.
#[test]
fn a_bracketed_reading_is_not_nested() {
    let out = arbiter(&[
        "cycle",
        "--fen",
        "4k4/9/1r7/9/9/NN7/9/C8/9/3K5 w",
        "--moves",
        "a2b2 b7a7 b2a2 a7b7",
        "--rules",
        "tw113",
    ]);
    assert!(
        stdout(&out).contains("chases back (AXF detailed rule 10, a reading: TW113 is silent)."),
        "{}",
        stdout(&out)
    );
}
