//! The real `arbiter` binary on small inputs: exit codes (0 answered, 1 some input not judged,
//! 2 usage error), one JSON object per game on stdout, and errors that say what and where
//! (contract: docs/cli.md).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn arbiter(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(bytes) = stdin {
        child.stdin.take().unwrap().write_all(bytes).unwrap();
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

/// A file `name` holding `bytes` in a fresh temporary directory, removed when the returned
/// guard is dropped.
fn tmp(name: &str, bytes: &[u8]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(name);
    std::fs::write(&p, bytes).unwrap();
    let p = p.display().to_string();
    (dir, p)
}

/// The README's first command: the bundled samples, a perpetual chase and a threefold.
#[test]
fn samples_are_judged() {
    let out = arbiter(&["judge", "--json", "samples/"], None);
    assert_eq!(out.status.code(), Some(0));
    let games = json_lines(&out);
    assert_eq!(games.len(), 2);
    let chess = &games[0];
    assert_eq!(chess["game"], "chess");
    assert_eq!(chess["status"], "claimable");
    let xq = &games[1];
    assert_eq!(xq["status"], "decided");
    assert_eq!(xq["reason"], "perpetual_chase");
    assert_eq!(xq["must_vary"], "red");
    assert_eq!(xq["result"], "0-1");
    assert_eq!(xq["clause"], "AXF detailed rule 13");
    assert_eq!(xq["at_ply"], 58);
    let text = arbiter(&["judge", "samples/xiangqi-perpetual-chase.pgn"], None);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Red chases the cannon"), "{text}");
    assert!(text.contains("Red went on with its perpetual chase"), "{text}");
}

/// A bad game in a batch is reported with file, index, ply and move; the others are judged;
/// exit code 1.
#[test]
fn bad_game_in_batch_is_reported_and_the_rest_judged() {
    let pgn = b"[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n\n[Game \"Chinese Chess\"]\n1. h2e2 h9h3 *\n\n[Game \"Chinese Chess\"]\n1. b0c2 *\n";
    let (_f_dir, f) = tmp("batch.pgn", pgn);
    let out = arbiter(&["judge", "--json", &f], None);
    assert_eq!(out.status.code(), Some(1));
    let games = json_lines(&out);
    assert_eq!(games.len(), 3);
    assert_eq!(games[1]["index"], 1);
    assert_eq!(games[1]["ply"], 2);
    assert_eq!(games[1]["move"], "h9h3");
    assert!(games[0]["error"].is_null() && games[2]["error"].is_null());
}

/// A chess token that is not a move is an error naming it, not silently skipped.
#[test]
fn unreadable_chess_token_is_an_error() {
    let (_f_dir, f) = tmp("garbage.pgn", b"1. e4 e5 2. Nf3 Nc6 garbage\n");
    let out = arbiter(&["judge", "--json", &f], None);
    assert_eq!(out.status.code(), Some(1));
    let g = &json_lines(&out)[0];
    assert_eq!(g["move"], "garbage");
    assert_eq!(g["ply"], 5);
}

/// Usage errors exit 2; a missing file is input that could not be judged (exit 1).
#[test]
fn exit_codes() {
    assert_eq!(arbiter(&["judge"], None).status.code(), Some(2));
    assert_eq!(arbiter(&["frobnicate"], None).status.code(), Some(2));
    assert_eq!(
        arbiter(&["judge", "--cycles", "0", "samples/"], None)
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        arbiter(&["judge", "/nonexistent/file.pgn"], None).status.code(),
        Some(1)
    );
    let out = arbiter(
        &[
            "cycle",
            "--fen",
            "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w",
            "--moves",
            "f7e7 e9f9",
            "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "not a cycle");
    // --cycles with --match: the library's refusal, in the CLI's words (exit 2); --match alone
    // and --cycles alone are judged.
    let fen = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w";
    let out = arbiter(&["judge", "--match", "--cycles", "3", "--fen", fen], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("usage error: --match sets its own cycles: give --match or --cycles, not both"),
        "{stderr}"
    );
    // A record file and a position together: which one is meant is not guessed (judge and
    // claim alike).
    for cmd in [&["judge"][..], &["claim", "--kind", "threefold"][..]] {
        let args: Vec<&str> = cmd
            .iter()
            .copied()
            .chain([
                "--fen",
                "4k3/8/8/8/8/8/3R4/4K3 w - - 98 70",
                "samples/chess-threefold-grischuk-giri-2019.pgn",
            ])
            .collect();
        let out = arbiter(&args, None);
        assert_eq!(out.status.code(), Some(2), "{cmd:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("give either FILE... or --fen/--moves, not both")
        );
    }
    // The proxy says the same refusal, in the language asked, before it starts the engine.
    let out = arbiter(
        &[
            "proxy", "--match", "--cycles", "3", "--lang", "zh-Hans", "--", "true",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("arbiter：用法错误：循环次数与引擎比赛惯例不能同时给"),
        "{stderr}"
    );
    for flags in [&["--match"][..], &["--cycles", "2"][..]] {
        let args: Vec<&str> = ["judge", "--fen", fen, "--moves", "f7e7 e9f9"]
            .into_iter()
            .chain(flags.iter().copied())
            .collect();
        assert_eq!(arbiter(&args, None).status.code(), Some(0), "{flags:?}");
    }
}

/// Standard input, and the cycle/classify/perft contracts.
#[test]
fn stdin_and_subcommands() {
    let out = arbiter(&["judge", "--json", "-"], Some(b"1. h2e2 h9g7 2. h0g2 i9h9 *\n"));
    assert_eq!(out.status.code(), Some(0));
    let g = &json_lines(&out)[0];
    assert_eq!(
        (g["file"].as_str(), g["game"].as_str(), g["plies"].as_u64()),
        (Some("-"), Some("xiangqi"), Some(4))
    );

    let out = arbiter(
        &[
            "cycle",
            "--fen",
            "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w",
            "--moves",
            "f7e7 e9f9 e7f7 f9e9",
            "--json",
        ],
        None,
    );
    let c = &json_lines(&out)[0];
    assert_eq!(c["sides"]["red"]["offence"], "perpetual_check");
    assert_eq!(c["verdict"]["must_vary"], "red");
    assert_eq!(c["verdict"]["result_if_unchanged"], "0-1");

    let out = arbiter(
        &[
            "classify",
            "--fen",
            "4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w",
            "--move",
            "俥九平八",
            "--json",
        ],
        None,
    );
    let c = &json_lines(&out)[0];
    assert_eq!(c["kinds"], serde_json::json!(["chase"]));
    assert_eq!(
        c["chases"],
        serde_json::json!([{"chaser": "b3", "target": "b5", "piece": "cannon"}])
    );

    let out = arbiter(&["perft", "--depth", "3", "--json"], None);
    assert_eq!(json_lines(&out)[0]["nodes"], 79_666);
}

/// Broken record files: an XQF cut on a record boundary while a move was still due, a `.xqf`
/// without the signature, an empty file — each an error, never a silently shorter game.
#[test]
fn broken_files_are_errors() {
    let full = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../records/tests/fixtures/xqf/FiveGoatsTest.xqf"
    ))
    .unwrap();
    let (_cut_dir, cut) = tmp("cut.xqf", &full[..1100]);
    let out = arbiter(&["judge", "--json", &cut], None);
    assert_eq!(out.status.code(), Some(1));
    let g = &json_lines(&out)[0];
    assert!(g["error"].as_str().unwrap().contains("truncated"), "{g}");
    assert_eq!(g["ply"], 19);

    let (_fake_dir, fake) = tmp("fake.xqf", b"XQ");
    let g = &json_lines(&arbiter(&["judge", "--json", &fake], None))[0];
    assert!(g["error"].as_str().unwrap().contains("not an XQF file"), "{g}");

    let (_empty_dir, empty) = tmp("empty.pgn", b"");
    let out = arbiter(&["judge", "--json", &empty], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(json_lines(&out)[0]["error"]
        .as_str()
        .unwrap()
        .contains("no game found"));
}

/// Game detection and misdirected commands: chess moves without a FEN go to chess; a broken
/// xiangqi FEN gets a xiangqi message; chess claims on a xiangqi record and `dead` on a
/// xiangqi FEN are usage errors.
#[test]
fn game_detection_and_misdirected_commands() {
    let out = arbiter(&["judge", "--json", "--moves", "e2e4 e7e5 g1f3"], None);
    assert_eq!(json_lines(&out)[0]["game"], "chess");
    // A FEN typed on the command line that cannot be read is a usage error (exit code 2).
    let out = arbiter(&["judge", "--json", "--fen", "4k4/9/5R3/9/9/4P4/9/9/4K4 w"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("xiangqi needs 10"));
    let out = arbiter(
        &[
            "claim",
            "--kind",
            "threefold",
            "samples/xiangqi-perpetual-chase.pgn",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        arbiter(&["dead", "--fen", "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"], None)
            .status
            .code(),
        Some(2)
    );
    let out = arbiter(
        &[
            "claim",
            "--kind",
            "threefold",
            "samples/chess-threefold-grischuk-giri-2019.pgn",
            "--at-ply",
            "42",
            "--intended-move",
            "e1f1",
            "--json",
        ],
        None,
    );
    let c = &json_lines(&out)[0];
    assert_eq!(
        (c["valid"].as_bool(), c["by"].as_str()),
        (Some(true), Some("white"))
    );
}

/// Commands refuse what they cannot do as usage errors (exit code 2) with the reason: `claim`
/// with no record, FEN or moves (empty standard input included) instead of judging the chess
/// start position; `cycle` and `classify` (xiangqi only) offer `--rules axf|tw113` and `cycle
/// --game xiangqi` in `--help` and refuse `fide` and `chess`.
#[test]
fn commands_refuse_what_they_cannot_do() {
    let stderr = |o: &Output| String::from_utf8_lossy(&o.stderr).into_owned();
    let out = arbiter(&["claim", "--kind", "threefold"], None);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("no game to claim in"), "{}", stderr(&out));
    let out = arbiter(&["claim", "--kind", "threefold", "-"], Some(b""));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("-: the input is empty"), "{}", stderr(&out));
    // Moves alone are still a game from the start position.
    let out = arbiter(
        &[
            "claim",
            "--kind",
            "threefold",
            "--moves",
            "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
            "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["valid"], true);

    let check = [
        "--fen",
        "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w",
        "--moves",
        "f7e7 e9f9 e7f7 f9e9",
    ];
    for (cmd, extra) in [
        ("cycle", &check[..]),
        (
            "classify",
            &["--fen", "4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w", "--move", "a3b3"][..],
        ),
    ] {
        let help = String::from_utf8_lossy(&arbiter(&[cmd, "--help"], None).stdout).into_owned();
        assert!(help.contains("[possible values: axf, tw113]"), "{cmd}: {help}");
        assert!(!help.contains("fide") && !help.contains("chess"), "{cmd}: {help}");
        let mut args = vec![cmd, "--rules", "fide"];
        args.extend_from_slice(extra);
        let out = arbiter(&args, None);
        assert_eq!(out.status.code(), Some(2), "{cmd}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
        assert!(
            stderr(&out).contains("invalid value 'fide' for '--rules <RULES>'"),
            "{}",
            stderr(&out)
        );
        args[2] = "tw113";
        let out = arbiter(&args, None);
        assert_eq!(out.status.code(), Some(0), "{cmd}: {}", stderr(&out));
    }
    let mut args = vec!["cycle", "--game", "chess"];
    args.extend_from_slice(&check);
    let out = arbiter(&args, None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("[possible values: xiangqi]"),
        "{}",
        stderr(&out)
    );
    args[2] = "xiangqi";
    let out = arbiter(&args, None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Rules: AXF"));
}

/// `perft` prints the same total line for both games (xiangqi 1,920 and chess 400 leaves at
/// depth 2 from the start positions, the published counts).
#[test]
fn perft_prints_one_layout_for_both_games() {
    let out = arbiter(&["perft", "--depth", "2"], None);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "nodes at depth 2: 1920\n");
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = arbiter(&["perft", "--depth", "2", "--fen", chess], None);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "nodes at depth 2: 400\n");
}

/// `judge --dead-check`: the default (`proved`, also accepted as `screen` and `exact`) finds
/// the dead positions with the ply where the game died (a locked pawn wall and bishops on one
/// colour from the start; bare kings after the last capture); `off` finds none.
#[test]
fn dead_check_modes() {
    for (fen, moves, dead_at) in [
        ("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", "Kd2 Kd6", 0),
        ("8/8/3bk3/8/8/8/8/2B1K3 w - - 0 1", "Kd2 Kd5 Bb2", 0),
        (
            "8/8/3bk3/8/3P4/8/8/2B1K3 w - - 0 1",
            "Kd2 Kd5 Kd3 Bb4 Bd2 Bxd2 Kxd2 Kxd4",
            8,
        ),
    ] {
        let plies = moves.split(' ').count();
        for mode in ["proved", "screen", "exact", "off"] {
            let out = arbiter(
                &[
                    "judge",
                    "--json",
                    "--fen",
                    fen,
                    "--moves",
                    moves,
                    "--dead-check",
                    mode,
                ],
                None,
            );
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let g = &json_lines(&out)[0];
            if mode == "off" {
                assert_eq!(g["status"], "ongoing", "{fen} {mode}: {g}");
                continue;
            }
            assert_eq!(
                (g["reason"].as_str(), g["at_ply"].as_u64(), g["result"].as_str()),
                (Some("dead_position"), Some(dead_at), Some("1/2-1/2")),
                "{fen} {mode}"
            );
            assert_eq!(
                g["moves_after_end"].as_u64(),
                Some((plies - dead_at as usize) as u64)
            );
        }
    }
}

/// `--rules` naming the other game's rule set: a usage error for one position, a warning (once)
/// for a batch; text that is no FEN at all gets the chess reader's message, not a xiangqi one.
#[test]
fn rules_of_the_other_game_and_garbage_fens() {
    let chess_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = arbiter(
        &["judge", "--rules", "axf", "--fen", chess_fen, "--moves", "e4"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("judged under fide"));

    let out = arbiter(&["judge", "--json", "--rules", "tw113", "samples/"], None);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.matches("warning: --rules axf/tw113").count(),
        1,
        "{stderr}"
    );
    assert_eq!(json_lines(&out).len(), 2);

    // A --fen typo is a usage error (2); a bad line of a --fen-file is an answer (1).
    let out = arbiter(&["dead", "--fen", "garbage"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fen: unparsable FEN"));
}

/// A directory with no record files and a missing path are inputs that could not be read:
/// an error object each (no game index), exit code 1, and the summary says so apart from games.
#[test]
fn empty_directory_and_missing_path() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let out = arbiter(&["judge", "--json", &d, "no-such-file.pgn", "samples/"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0]["error"],
        "no record files (.pgn .xqf .cbr .cbl .cbf .wxf, or .txt .htm .html .ubb holding a record) in this directory"
    );
    assert_eq!(lines[1]["error"], "no such file or directory");
    assert!(lines[0].get("index").is_none());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("2 games from 4 files; 0 could not be judged; 2 inputs could not be read"),
        "{stderr}"
    );
}

/// `dead` proves each per-side answer (a helpmate line or the complete search), and `--exact`
/// (an older flag, still accepted) changes nothing: the start position, opposite-coloured
/// bishops (alive), a lone bishop (dead), a bishop against a pawn (both can mate: the pawn
/// promotes, or blocks), and two positions full of queens and knights where nothing can move
/// to any purpose (dead; labels from CHA's complete search).
#[test]
fn dead_answers_are_proved_with_or_without_exact() {
    let fens = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
        8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1\n\
        8/8/8/4k3/8/8/8/2B1K3 w - - 0 1\n\
        8/b7/8/8/5K2/3k1P2/8/8 w - - 0 68\n\
        5n2/4nQn1/3n1QQK/3Q1R1P/3n1krn/3Qnpn1/2QP1P2/1Qb5 b - -\n\
        6Bk/2NRN3/1NB2N1B/R2pR3/2KR1N2/4N3/6Q1/8 w - -\n";
    let want = vec![
        (Some(false), Some(true), Some(true)),
        (Some(false), Some(true), Some(true)),
        (Some(true), Some(false), Some(false)),
        (Some(false), Some(true), Some(true)),
        (Some(true), Some(false), Some(false)),
        (Some(true), Some(false), Some(false)),
    ];
    for exact in [false, true] {
        let mut args = vec!["dead", "--json", "--fen-file", "-"];
        if exact {
            args.push("--exact");
        }
        let out = arbiter(&args, Some(&fens[..]));
        assert_eq!(out.status.code(), Some(0));
        let got: Vec<_> = json_lines(&out)
            .iter()
            .map(|l| {
                (
                    l["dead"].as_bool(),
                    l["white_can_mate"].as_bool(),
                    l["black_can_mate"].as_bool(),
                )
            })
            .collect();
        assert_eq!(got, want, "--exact {exact}");
    }
    let out = arbiter(
        &["dead", "--exact", "--fen", "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"],
        None,
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("dead"));
}

/// A claim in a position where the game has already ended: the mate ended it (FIDE 5.1.1), so
/// the fifty-move claim is not judged: `valid` null, no penalty, `ended` names ply, end, clause.
#[test]
fn claim_after_checkmate_is_not_judged() {
    let out = arbiter(
        &[
            "claim",
            "--json",
            "--kind",
            "fifty-moves",
            "--fen",
            "k7/8/NKB5/8/8/8/8/8 b - - 105 176",
        ],
        None,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let c = &json_lines(&out)[0];
    assert_eq!(c["valid"], serde_json::Value::Null, "{c}");
    assert_eq!(c["penalty"], serde_json::Value::Null, "{c}");
    assert_eq!(
        c["ended"],
        serde_json::json!({"ply": 0, "by": "checkmate", "clause": "FIDE 5.1.1"})
    );
    let out = arbiter(
        &[
            "claim",
            "--kind",
            "fifty-moves",
            "--fen",
            "k7/8/NKB5/8/8/8/8/8 b - - 105 176",
        ],
        None,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("The game had already ended at ply 0 by checkmate (FIDE 5.1.1)"),
        "{text}"
    );
    assert!(!text.contains("Correct"), "{text}");
}

/// `judge --max-seconds S`: a game over the limit is an error item of its own, the games after
/// it are judged, exit code 1; a limit that is not a positive number of seconds is a usage
/// error.
#[test]
fn max_seconds_stops_a_long_game_and_the_batch_goes_on() {
    let mut long = String::from("[Event \"shuffle\"]\n\n");
    // 1.5 M plies (6 MB, under the 8 MiB game cap): its fivefold repetition ends it at ply 16
    // and the plies after the end are only replayed, about 0.2 s in all, twenty times the
    // limit below; 300,000 plies took under 0.01 s on a fast run.
    for i in 0..1_500_000 {
        long.push_str(["Nf3 ", "Nf6 ", "Ng1 ", "Ng8 "][i % 4]);
    }
    long.push_str("*\n\n[Event \"mate\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    let (_dir, path) = tmp("long.pgn", long.as_bytes());
    let out = arbiter(&["judge", "--json", "--max-seconds", "0.01", &path], None);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games = json_lines(&out);
    assert_eq!(games.len(), 2);
    let e = games[0]["error"].as_str().unwrap();
    assert!(
        e.starts_with("stopped after ") && e.ends_with(" s: over the time limit"),
        "{e}"
    );
    assert_eq!(games[0]["index"], 0);
    assert_eq!(
        (games[1]["reason"].as_str(), games[1]["at_ply"].as_u64()),
        (Some("checkmate"), Some(4))
    );
    for bad in ["0", "-1", "nan", "inf", "1e20", "soon"] {
        let out = arbiter(&["judge", &format!("--max-seconds={bad}"), "samples/"], None);
        assert_eq!(out.status.code(), Some(2), "--max-seconds {bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("seconds"),
            "--max-seconds {bad}"
        );
    }
}

/// `serve` on an address already in use: exit 1 and the reason in the language asked.
#[test]
fn serve_says_why_it_cannot_listen() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let out = arbiter(&["serve", "--lang", "zh-Hant", "--bind", &addr], None);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        format!("arbiter：錯誤：無法監聽 {addr}：位址已被佔用")
    );
    let out = arbiter(&["serve", "--lang", "en", "--bind", &addr], None);
    assert!(String::from_utf8_lossy(&out.stderr)
        .starts_with(&format!("arbiter: error: cannot listen on {addr}: ")));
}

/// `dead --fen-file` on a file that is not there names it, in each language.
#[test]
fn dead_names_the_fen_file_it_cannot_read() {
    let out = arbiter(
        &["dead", "--lang", "zh-Hans", "--fen-file", "/no-such-dir/fens.txt"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "arbiter：错误：/no-such-dir/fens.txt：无法读取：文件或目录不存在"
    );
}

/// A claim says what is wrong with the request or the input, with the exit code that fits:
/// 2 for a request that does not fit (a folder, an empty file as no game at all, options of the
/// other game's claim, a ply past the end, whether the game is a record or a position), 1 for
/// an input that cannot be judged (a missing file, bytes that hold no record), naming the file.
#[test]
fn claim_refusals_name_the_fault_and_exit_as_it_fits() {
    let code = |args: &[&str]| {
        let out = arbiter(args, None);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        (out.status.code(), err.lines().next().unwrap_or("").to_string())
    };
    let xq = "samples/xiangqi-perpetual-chase.pgn";
    let ch = "samples/chess-threefold-grischuk-giri-2019.pgn";
    assert_eq!(
        code(&["claim", "--kind", "threefold", "samples"]),
        (
            Some(2),
            "arbiter: usage error: samples is a folder: a claim is judged in one game of one record file (`judge` takes folders)".into()
        )
    );
    assert_eq!(
        code(&["claim", "--kind", "threefold", "no-such-file.pgn"]),
        (
            Some(1),
            "arbiter: error: no-such-file.pgn: no such file or directory".into()
        )
    );
    let (_d, empty) = tmp("empty.pgn", b"");
    assert_eq!(
        code(&["claim", "--kind", "threefold", &empty]),
        (
            Some(2),
            format!("arbiter: usage error: {empty}: the input is empty, no game to claim in")
        )
    );
    let (_r, noise) = tmp("noise.pgn", b"\x8f{\x01zz 17 \xff\xfe{{ not a record");
    let out = arbiter(&["claim", "--kind", "threefold", &noise], None);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("noise.pgn: game 1 (line 1): broken record"),
        "{report}"
    );
    // A ply past the end is the request's fault for both games, record or position.
    for args in [
        &["claim", "--kind", "threefold", "--at-ply", "999", ch][..],
        &[
            "claim",
            "--kind",
            "threefold",
            "--at-ply",
            "999",
            "--moves",
            "e4 e5",
        ],
        &["claim", "--kind", "natural_move_limit", "--at-ply", "999", xq],
    ] {
        let (c, line) = code(args);
        assert_eq!(c, Some(2), "{args:?}: {line}");
        assert!(line.contains("--at-ply 999 is beyond the"), "{line}");
    }
    assert_eq!(
        code(&["claim", "--kind", "natural_move_limit", "--intended-move", "h2e2", xq]),
        (
            Some(2),
            "arbiter: usage error: --intended-move belongs to a chess claim (--kind threefold or fifty_moves); the natural move limit is claimed without one".into()
        )
    );
    assert_eq!(
        code(&[
            "claim",
            "--kind",
            "natural_move_limit",
            "--time-control",
            "blitz",
            xq
        ])
        .0,
        Some(2)
    );
    assert_eq!(
        code(&["claim", "--kind", "fifty_moves", "--limit", "60", ch]).0,
        Some(2)
    );
    assert_eq!(
        code(&["claim", "--kind", "fifty_moves", "--rules", "tw113", ch]).0,
        Some(2)
    );
}
