//! `arbiter rescore` on real records: records the rules agree with come out byte for byte,
//! wrong results are corrected with the clause (xiangqi perpetual chase in ICCS, ranks 1–10
//! and SAN; chess FIDE 6.9, 9.6.1, 9.6.2), the output re-reads to the same verdicts, a bad
//! game is copied and reported, and peak memory does not grow with the input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn arbiter(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.map(<[u8]>::to_vec);
    let writer = std::thread::spawn(move || {
        if let Some(b) = bytes {
            let _ = input.write_all(&b);
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn read(path: &str) -> Vec<u8> {
    std::fs::read(format!("{ROOT}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

/// Rescores `input` (standard input) with `opts`; (output, report lines, exit code, stderr).
fn rescore(input: &[u8], opts: &[&str]) -> (Vec<u8>, Vec<serde_json::Value>, i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.jsonl");
    let report_s = report.display().to_string();
    let mut args = vec!["rescore"];
    args.extend_from_slice(opts);
    args.extend(["--report", &report_s, "-"]);
    let out = arbiter(&args, Some(input));
    let lines = std::fs::read_to_string(&report)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (
        out.stdout,
        lines,
        out.status.code().unwrap_or(-1),
        text(&out.stderr),
    )
}

/// Real records the rules agree with (a match manager's, a self-play game in ranks 1–10, an
/// unfinished ranks-1–10 position, Big5 master games, a chess perpetual check, the server's
/// test games).
const AGREEING: &[&str] = &[
    "crates/records/tests/fixtures/matches/fsf_570_moonriver_iccs.pgn",
    "crates/records/tests/fixtures/matches/fsf_selfplay_ranks10.pgn",
    "crates/records/tests/fixtures/matches/fsf_938_ranks10.pgn",
    "crates/records/tests/fixtures/big5/masters_lu_00000005.pgn",
    "crates/records/tests/fixtures/big5/masters_yang_00000509.pgn",
    "samples/chess-threefold-grischuk-giri-2019.pgn",
    "crates/arbiter-server/tests/data/chess-80-plies.pgn",
    "crates/arbiter-server/tests/data/xiangqi-100-plies.pgn",
];

#[test]
fn records_the_rules_agree_with_come_out_byte_for_byte() {
    let mut all = Vec::new();
    for path in AGREEING {
        let bytes = read(path);
        for opts in [&[][..], &["--match"][..]] {
            let (out, report, code, err) = rescore(&bytes, opts);
            assert_eq!(code, 0, "{path}: {err}");
            assert!(out == bytes, "{path} {opts:?}: the output differs from the input");
            if opts.is_empty() && path.contains("moonriver") {
                // The manager scored the perpetual chase at the third occurrence: under the
                // rule book's three cycles nothing is decided yet, so the win is disputed.
                assert_eq!(report.len(), 1);
                assert_eq!(
                    (report[0]["status"].as_str(), report[0]["rules_status"].as_str()),
                    (Some("disputed"), Some("ongoing"))
                );
            } else {
                assert!(report.is_empty(), "{path} {opts:?}: {report:?}");
            }
        }
        all.extend_from_slice(&bytes);
    }
    // All of them in one stream, files given as such, and the output written with --out.
    let (out, report, code, _) = rescore(&all, &["--match"]);
    assert_eq!((code, report.len()), (0, 0));
    assert!(out == all);
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("out.pgn").display().to_string();
    let mut args = vec!["rescore", "--out", &target];
    args.extend(AGREEING.iter().take(2));
    let o = arbiter(&args, None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let mut two = read(AGREEING[0]);
    two.extend(read(AGREEING[1]));
    assert!(std::fs::read(&target).unwrap() == two);
}

/// The bundled Yan Wenqing – Liu Dahua game with the result its source records (1/2-1/2, see
/// samples/README.md): Red chases Black's unprotected cannon on every move.
fn perpetual_chase_drawn() -> String {
    let s = text(&read("samples/xiangqi-perpetual-chase.pgn"));
    let s = s.replace(
        "[Black \"LIU DaHua\"]\n",
        "[Black \"LIU DaHua\"]\n[Result \"1/2-1/2\"]\n",
    );
    format!("{} 1/2-1/2\n", s.trim_end())
}

#[test]
fn a_wrong_result_on_a_perpetual_chase_is_corrected_with_the_clause() {
    let input = perpetual_chase_drawn();
    let (out, report, code, err) = rescore(input.as_bytes(), &[]);
    assert_eq!(code, 0, "{err}");
    let out = text(&out);
    let expected = input
        .replace(
            "[Result \"1/2-1/2\"]\n",
            "[Result \"0-1\"]\n[Termination \"rules infraction\"]\n",
        )
        .replace(
            "29. g6h6 h8g8 1/2-1/2",
            "29. g6h6 h8g8 {arbiter: AXF detailed rule 13 — Red must vary (perpetual chase): 0-1; \
             the record says 1/2-1/2} {perpetual chase} 0-1",
        );
    assert_eq!(out, expected);
    assert_eq!(report.len(), 1);
    let r = &report[0];
    assert_eq!(r["status"], "changed");
    assert_eq!(r["game"], 1);
    assert_eq!(r["old_result"], "1/2-1/2");
    assert_eq!(r["new_result"], "0-1");
    assert_eq!(r["clause"], "AXF detailed rule 13");
    assert_eq!(r["reason"], "perpetual_chase");
    assert_eq!(r["must_vary"], "red");
    assert_eq!(r["ply"], 58);
    assert_eq!(r["input_bytes"][0], 0);
    assert_eq!(r["output_bytes"][1], out.len());
    // TW113 agrees (perpetual chase against no offence).
    let (_, report, _, _) = rescore(input.as_bytes(), &["--rules", "tw113"]);
    assert_eq!(report[0]["new_result"], "0-1");
}

#[test]
fn match_manager_records_in_ranks_one_to_ten_and_san_are_rescored() {
    // Fairy-Stockfish issue 938, position 4, as its self-play writes coordinates (ranks 1–10):
    // the rook chases the unprotected horse to the third occurrence, scored as a draw.
    let fsf = "[Event \"Fairy-Stockfish issue 938, position 4\"]\n[Variant \"xiangqi\"]\n\
               [FEN \"3k4n/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n\
               [Termination \"repetition\"]\n\n\
               1. h1i1 i10h8 2. i1h1 h8i10 3. h1i1 i10h8 4. i1h1 h8i10 1/2-1/2\n";
    let (out, report, code, _) = rescore(fsf.as_bytes(), &["--match"]);
    assert_eq!(code, 0);
    let out = text(&out);
    assert!(
        out.contains("[Result \"0-1\"]\n[Termination \"rules infraction\"]\n"),
        "{out}"
    );
    assert!(out.ends_with(
        "4. i1h1 h8i10 {arbiter: AXF detailed rule 18 — Red must vary (perpetual chase): 0-1; \
         the record says 1/2-1/2} {perpetual chase} 0-1\n"
    ));
    assert_eq!(
        (report[0]["clause"].as_str(), report[0]["ply"].as_u64()),
        (Some("AXF detailed rule 18"), Some(8))
    );
    // Without --match the rule book's count (3 cycles) is not reached: nothing to change.
    let (out, report, _, _) = rescore(fsf.as_bytes(), &[]);
    assert_eq!((out, report.len()), (fsf.as_bytes().to_vec(), 0));
    // Pikafish against CCStockfish (Pikafish issue 27), SAN as the GUI writes it: 0-1 for a
    // perpetual chase, but neither side's moves are forbidden, so the repetition is a draw.
    let san = read("crates/records/tests/fixtures/matches/pikafish_27_san.pgn");
    let (out, report, _, _) = rescore(&san, &["--match"]);
    let out = text(&out);
    assert!(out.contains("[Result \"1/2-1/2\"]\n[Termination \"normal\"]\n"));
    assert!(out.contains("31.Rh0 Ci3 {arbiter: AXF general rule 6 / detailed rule 30 (red), AXF detailed rule 8 (black) — repetition: 1/2-1/2; the record says 0-1} {repetition} 1/2-1/2"), "{out}");
    assert_eq!(report[0]["old_result"], "0-1");
    assert_eq!(report[0]["ply"], 62);
}

/// K+R against a lone king; White's flag falls: Black cannot mate by any legal sequence.
const FLAG: &str = "[Event \"Blitz\"]\n[White \"A\"]\n[Black \"B\"]\n\
    [FEN \"8/8/8/4k3/8/8/8/R3K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"0-1\"]\n\
    [Termination \"time forfeit\"]\n\n1. Ra4 Kd5 2. Kd2 Kc5 0-1\n";

#[test]
fn a_chess_loss_on_time_against_a_lone_king_is_a_draw() {
    let (out, report, code, _) = rescore(FLAG.as_bytes(), &[]);
    assert_eq!(code, 0);
    let expected = FLAG.replace("[Result \"0-1\"]", "[Result \"1/2-1/2\"]").replace(
        "2. Kd2 Kc5 0-1",
        "2. Kd2 Kc5 {arbiter: FIDE 6.9 — flag fall, no mate possible: 1/2-1/2; the record says \
             0-1} {flag fall, no mate possible} 1/2-1/2",
    );
    assert_eq!(text(&out), expected);
    assert_eq!(report[0]["clause"], "FIDE 6.9");
    assert_eq!(report[0]["termination"], "time forfeit");
    // White's flag falling with White's rook on the board: Black (lone king) still cannot
    // mate; Black's flag falling: White can, and 1-0 stands.
    let black_flag = FLAG.replace("\"0-1\"", "\"1-0\"").replace("Kc5 0-1", "Kc5 1-0");
    let (out, report, _, _) = rescore(black_flag.as_bytes(), &[]);
    assert_eq!((text(&out), report.len()), (black_flag, 0));
}

#[test]
fn seventy_five_moves_and_fivefold_a_manager_missed_end_the_game() {
    let dir = "crates/arbiter/tests/fixtures/chess/ashlar/basic";
    // 75 moves without pawn move or capture at ply 162, 4 plies played after (the record
    // gives no result).
    let pgn = text(&read(&format!(
        "{dir}/seventyFive/03_seventy_five_end_with_half_move_clock_154.pgn"
    )));
    let (out, report, _, _) = rescore(pgn.as_bytes(), &[]);
    let out = text(&out);
    assert!(
        out.contains(
            "81.\nRb3 Kc8 {arbiter: FIDE 9.6.2 — 75-move rule: 1/2-1/2; the record gives no \
             result} {arbiter: the game ended at ply 162; the 4 plies below were played after \
             the end} 82. Rb5 Kb7 83. Kb3 Ka7 {75-move rule} 1/2-1/2"
        ),
        "{out}"
    );
    assert!(out.contains("[Result \"1/2-1/2\"]\n[Termination \"normal\"]\n"));
    assert!(out.trim_end().ends_with("{75-move rule} 1/2-1/2"));
    assert_eq!(
        (
            report[0]["clause"].as_str(),
            report[0]["ply"].as_u64(),
            report[0]["moves_after_end"].as_u64()
        ),
        (Some("FIDE 9.6.2"), Some(162), Some(4))
    );
    // Fivefold repetition at ply 26, 4 plies after.
    let pgn = read(&format!("{dir}/fivefold/05_fivefold_beyond.pgn"));
    let (out, report, _, _) = rescore(&pgn, &[]);
    assert!(text(&out).contains("{fivefold repetition} 1/2-1/2"));
    assert_eq!(
        (
            report[0]["clause"].as_str(),
            report[0]["ply"].as_u64(),
            report[0]["moves_after_end"].as_u64()
        ),
        (Some("FIDE 9.6.1"), Some(26), Some(4))
    );
}

/// (status, result, reason, at_ply, clause) of every game `judge --json` reads in `bytes`.
fn verdicts(bytes: &[u8], opts: &[&str]) -> Vec<(String, String, String, String, String)> {
    let mut args = vec!["judge", "--json"];
    args.extend_from_slice(opts);
    args.push("-");
    let out = arbiter(&args, Some(bytes));
    text(&out.stdout)
        .lines()
        .map(|l| {
            let j: serde_json::Value = serde_json::from_str(l).unwrap();
            let f = |k: &str| j[k].to_string();
            (f("status"), f("result"), f("reason"), f("at_ply"), f("clause"))
        })
        .collect()
}

#[test]
fn the_output_rereads_to_the_same_verdicts() {
    let mut input = perpetual_chase_drawn().into_bytes();
    input.extend(read("crates/records/tests/fixtures/matches/pikafish_27_san.pgn"));
    input.extend(read(
        "crates/arbiter/tests/fixtures/chess/ashlar/basic/fivefold/05_fivefold_beyond.pgn",
    ));
    input.extend(read(AGREEING[0]));
    for opts in [&[][..], &["--match"][..]] {
        let (out, report, _, _) = rescore(&input, opts);
        assert!(!report.is_empty());
        assert_eq!(verdicts(&out, opts), verdicts(&input, opts));
        // A second pass changes nothing (what was disputed still is).
        let (again, report, _, _) = rescore(&out, opts);
        assert!(again == out);
        assert!(report.iter().all(|r| r["status"] == "disputed"), "{report:?}");
    }
}

#[test]
fn a_game_that_cannot_be_read_is_copied_and_reported() {
    let bad = "[Event \"bad\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h2h9 1-0\n\n";
    let mut input = Vec::from(bad.as_bytes());
    input.extend(FLAG.as_bytes());
    let (out, report, code, err) = rescore(&input, &[]);
    assert_eq!(code, 1);
    assert!(out.starts_with(bad.as_bytes()));
    assert!(text(&out).contains("{flag fall, no mate possible} 1/2-1/2"));
    assert!(err.contains("-: game 1, ply 3 (h2h9): "), "{err}");
    assert_eq!(report.len(), 2);
    assert_eq!(
        (report[0]["status"].as_str(), report[0]["ply"].as_u64()),
        (Some("error"), Some(3))
    );
    assert_eq!(report[0]["move"], "h2h9");
    assert_eq!(report[1]["status"], "changed");
}

#[test]
fn inputs_that_are_not_pgn_and_an_output_over_an_input_are_refused() {
    let xqf = "crates/records/tests/fixtures/xqf/WildHouse.xqf";
    let chase = "samples/chess-threefold-grischuk-giri-2019.pgn";
    let o = arbiter(&["rescore", xqf, chase], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout == read(chase), "the XQF bytes are not written");
    assert!(text(&o.stderr).contains("not PGN"), "{}", text(&o.stderr));
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("g.pgn");
    std::fs::write(&copy, read(chase)).unwrap();
    let copy = copy.display().to_string();
    let o = arbiter(&["rescore", "--out", &copy, &copy], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(std::fs::read(&copy).unwrap() == read(chase));
}

#[test]
fn a_rescored_flag_fall_reads_as_a_draw_agreed() {
    // The re-scored record says 1/2-1/2 on time: no longer who lost on time, so `judge`
    // finds no flag to judge; it reads as an ongoing game whose draw it does not dispute.
    let (out, _, _, _) = rescore(FLAG.as_bytes(), &[]);
    let o = arbiter(&["judge", "--json", "-"], Some(&out));
    let j: serde_json::Value = serde_json::from_str(text(&o.stdout).trim()).unwrap();
    assert_eq!(
        (
            j["status"].as_str(),
            j["recorded_result"].as_str(),
            j["result_agrees"].as_bool()
        ),
        (Some("ongoing"), Some("1/2-1/2"), None)
    );
    // And a second pass leaves it alone.
    let (again, report, _, _) = rescore(&out, &[]);
    assert!(again == out && report.is_empty());
}

/// A chess draw its `[Termination]` puts down to a threefold repetition or the fifty-move
/// rule, where no claim could be made at the end, is an incorrect claim (FIDE 9.5.3: the game
/// goes on): reported as disputed, copied unchanged. A claim the position allowed agrees.
#[test]
fn a_draw_by_an_incorrect_claim_is_disputed() {
    let game = |termination: &str, moves: &str| {
        format!(
            "[Event \"claims\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\
             [Termination \"{termination}\"]\n\n{moves} 1/2-1/2\n\n"
        )
    };
    for termination in ["3-fold repetition", "50-move rule"] {
        let input = game(termination, "1. e4 e5 2. Nf3 Nc6");
        let (out, report, code, _) = rescore(input.as_bytes(), &[]);
        assert_eq!((code, text(&out)), (0, input.clone()));
        assert_eq!(report.len(), 1, "{report:?}");
        assert_eq!(report[0]["status"], "disputed");
        assert_eq!(report[0]["reason"], "incorrect_claim");
        assert_eq!(report[0]["clause"], "FIDE 9.5.3");
        assert_eq!(report[0]["ply"], 4);
    }
    // The start position for the third time after 2...Ng8: the claim was correct.
    let input = game("3-fold repetition", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8");
    let (out, report, code, _) = rescore(input.as_bytes(), &[]);
    assert_eq!((code, text(&out), report.len()), (0, input, 0));
}
