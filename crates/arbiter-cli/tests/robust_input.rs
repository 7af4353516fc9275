//! Issue 19 through the real binary: folder walks that cannot loop, block or flood; limits
//! and exit codes; PGN streamed game by game (reports before the input ends), broken records
//! and records over a cap as error items of their own, truncated records, encodings per game.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn arbiter(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    if let Some(bytes) = stdin {
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = input.write_all(&bytes);
        });
    } else {
        drop(input);
    }
    child.wait_with_output().unwrap()
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

/// A fresh temporary directory, removed when the guard is dropped.
fn dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("arbiter-robust-{name}-"))
        .tempdir()
        .unwrap()
}

/// `judge --json` of `input` with `--jobs 1` and with `--jobs 3`, asserted to print the same
/// standard output and standard error: parallel judging keeps input order.
fn judged_with_one_and_three_jobs(input: &str, stdin: Option<&[u8]>) -> (Output, Output) {
    let one = arbiter(&["judge", "--json", "--jobs", "1", input], stdin);
    let three = arbiter(&["judge", "--json", "--jobs", "3", input], stdin);
    assert_eq!(
        String::from_utf8_lossy(&one.stdout),
        String::from_utf8_lossy(&three.stdout)
    );
    assert_eq!(
        String::from_utf8_lossy(&one.stderr),
        String::from_utf8_lossy(&three.stderr)
    );
    (one, three)
}

const GAME: &str = "[Event \"A\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n";

/// Two `-> .` links, a link to a file, a FIFO named `x.pgn`, a link to `/dev/zero`: the walk
/// ends, reads the one real file once, and says what it skipped and why.
#[test]
fn folder_walk_is_safe() {
    use std::os::unix::fs::symlink;
    let guard = dir("walk");
    let d = guard.path();
    std::fs::write(d.join("a.pgn"), GAME).unwrap();
    symlink(".", d.join("loop1")).unwrap();
    symlink(".", d.join("loop2")).unwrap();
    symlink(d.join("a.pgn"), d.join("b.pgn")).unwrap();
    symlink("/dev/zero", d.join("zero.pgn")).unwrap();
    let fifo = d.join("x.pgn");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let out = arbiter(&["judge", "--json", d.to_str().unwrap()], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let games = json_lines(&out);
    assert_eq!(games.len(), 1, "each file once: {games:?}");
    assert_eq!(games[0]["plies"], 4);
    assert_eq!(stderr.matches("symbolic link loop").count(), 2, "{stderr}");
    assert!(
        stderr.contains("zero.pgn: a device, not a regular file"),
        "{stderr}"
    );
    assert!(stderr.contains("already read under another name"), "{stderr}");
    if made {
        assert!(stderr.contains("x.pgn: a FIFO, not a regular file"), "{stderr}");
    }
}

/// A sub-folder that cannot be listed is an error item in its place (exit 1), not a silent
/// gap: the files before and after it are judged. As root (who may read any folder) the
/// binary runs in a user namespace of its own (`unshare -U`), where root's override of
/// permissions does not reach files owned outside it.
#[test]
fn unreadable_folder_is_an_error_item() {
    use std::os::unix::fs::PermissionsExt;
    let guard = dir("unreadable");
    let d = guard.path();
    std::fs::write(d.join("a.pgn"), GAME).unwrap();
    std::fs::create_dir(d.join("b")).unwrap();
    std::fs::write(d.join("b/x.pgn"), GAME).unwrap();
    std::fs::write(d.join("c.pgn"), GAME).unwrap();
    std::fs::set_permissions(d.join("b"), std::fs::Permissions::from_mode(0o000)).unwrap();
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0);
    let args = ["judge", "--json", d.to_str().unwrap()];
    let out = if root {
        Command::new("unshare")
            .arg("-U")
            .arg(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .stdin(Stdio::null())
            .output()
    } else {
        Ok(arbiter(&args, None))
    };
    std::fs::set_permissions(d.join("b"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let Ok(out) = out else {
        eprintln!("skipped: root may read any folder and `unshare` is not available here");
        return;
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let items = json_lines(&out);
    let b = d.join("b").display().to_string();
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!(items[0]["plies"], 4);
    assert_eq!(
        items[1],
        serde_json::json!({"error": format!("cannot read the directory {b}: Permission denied (os error 13)"), "file": b})
    );
    assert_eq!(items[2]["plies"], 4);
    assert!(
        stderr.contains("2 games from 3 files; 0 could not be judged; 1 input could not be read"),
        "{stderr}"
    );
}

#[test]
fn full_disk_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not on this system
    };
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["judge", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(GAME.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the output"));
}

/// `--jobs` is clamped (with a note); `perft --depth` is bounded; positions and moves.
#[test]
fn limits_and_exits() {
    let out = arbiter(
        &["judge", "--json", "--jobs", "100000", "-"],
        Some(GAME.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--jobs 100000 clamped to"));
    let out = arbiter(&["perft", "--depth", "9"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = arbiter(&["perft", "--depth", "2", "--json"], None);
    assert_eq!(json_lines(&out)[0]["nodes"], 1920);
    // Chess clocks beyond u32 and text after a FEN are refused (main: a bad --fen is a usage
    // error, exit 2).
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0";
    for fen in [format!("{start} 18446744073709551616"), format!("{start} 1 junk")] {
        let out = arbiter(&["judge", "--json", "--fen", &fen, "--moves", "e4"], None);
        assert_eq!(out.status.code(), Some(2), "{fen}");
    }
    // Xiangqi: text after the FEN. (A soldier behind its start rank stays accepted: the
    // shared case wxf-103, a WXF rule-book diagram, has one.)
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 junk";
    let out = arbiter(&["judge", "--json", "--fen", fen, "--moves", "h2e2"], None);
    assert_eq!(out.status.code(), Some(2), "{fen}");
    let ok = arbiter(
        &[
            "judge",
            "--json",
            "--fen",
            "4k4/9/9/9/1P7/9/9/9/9/3K5 w - - 0 1",
            "--moves",
            "d0d1",
        ],
        None,
    );
    assert_eq!(
        ok.status.code(),
        Some(0),
        "a soldier across the river may stand on any file"
    );
    // A soldier on its own side of the river off its five start files can never get there
    // (it cannot move sideways before it crosses): refused, with the point named.
    let fen = "4k4/9/9/9/9/9/1P7/9/9/3K5 w - - 0 1";
    let out = arbiter(&["judge", "--json", "--fen", fen, "--moves", "d0d1"], None);
    assert_eq!(out.status.code(), Some(2), "{fen}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("red soldier on b3 is on a point it can never reach"),
        "{err}"
    );
    // Behind its start rank (black soldier on i7, as in the rule-book diagram of wxf-103):
    // accepted.
    let fen = "3a2b1r/4ak3/8p/7P1/9/9/9/B2NN3B/3K5/3p5 b - - 0 1";
    let out = arbiter(&["judge", "--json", "--fen", fen, "--moves", "d0e0"], None);
    assert_eq!(out.status.code(), Some(0), "{fen}");
    // `claim --at-ply` past the end: the same exit code for both games (a usage error: the
    // request asks for a ply the game does not reach).
    let xq = arbiter(
        &[
            "claim",
            "--kind",
            "threefold",
            "--moves",
            "h2e2 h9g7",
            "--at-ply",
            "9",
        ],
        None,
    );
    let ch = arbiter(
        &[
            "claim",
            "--kind",
            "threefold",
            "--game",
            "chess",
            "--moves",
            "e4 e5",
            "--at-ply",
            "9",
        ],
        None,
    );
    assert_eq!((xq.status.code(), ch.status.code()), (Some(2), Some(2)));
}

/// `0-0` / `0-0-0+` castling (FIDE Laws Appendix C) in `--moves` as in PGN.
#[test]
fn castling_with_zeros() {
    let moves = "e4 e5 Nf3 Nc6 Bc4 Bc5 0-0 d6 d4 exd4 Nxd4 Bd7 Nc3 Qe7 Bg5 0-0-0";
    let out = arbiter(&["judge", "--json", "--game", "chess", "--moves", moves], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(json_lines(&out)[0]["plies"], 16);
    let pgn = "[Event \"c\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n";
    let out = arbiter(&["judge", "--json", "-"], Some(pgn.as_bytes()));
    assert_eq!(json_lines(&out)[0]["plies"], 7);
}

/// Each kind of record that lost a neighbour before is one item of its own,
/// and its neighbours are judged as if it were not there.
#[test]
fn broken_records_lose_no_neighbour() {
    let before = "[Event \"A\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n";
    let after = "[Event \"B\"]\n\n1. c3c4 b9c7 *\n";
    // (record, what its item says: plies judged, or the start of its error)
    let kinds: &[(&str, &str, Result<u64, &str>)] = &[
        (
            "quote in a tag",
            "[Event \"Rapid \"Blitz\" Cup\"]\n\n1. b0c2 b9c7 2. b2b4 *\n",
            Ok(3),
        ),
        (
            "unterminated tag value",
            "[Event \"open\n\n1. b0c2 b9c7 *\n",
            Ok(2),
        ),
        (
            "movetext on the tag line",
            "[Event \"x\"] 1. b0c2 b9c7 *\n",
            Ok(2),
        ),
        ("tags only", "[Event \"x\"]\n[Site \"y\"]\n", Ok(0)),
        ("lone CR", "[Event \"x\"]\r\r1. b0c2 b9c7 *\r", Ok(2)),
        (
            "unterminated comment",
            "[Event \"x\"]\n\n1. b0c2 {never closed b9c7 *\n",
            Err("broken record: unterminated comment"),
        ),
        (
            "unclosed variation",
            "[Event \"x\"]\n\n1. b0c2 (1. h2e2 b9c7 *\n",
            Err("broken record: unclosed variation"),
        ),
    ];
    for (name, record, want) in kinds {
        let input = format!("{before}\n{record}\n{after}");
        let out = arbiter(&["judge", "--json", "-"], Some(input.as_bytes()));
        let items = json_lines(&out);
        assert_eq!(items.len(), 3, "{name}: {items:?}");
        assert_eq!(
            (items[0]["plies"].as_u64(), items[2]["plies"].as_u64()),
            (Some(4), Some(2)),
            "{name}"
        );
        assert_eq!(items[2]["index"], 2, "{name}");
        match want {
            Ok(plies) => assert_eq!(items[1]["plies"].as_u64(), Some(*plies), "{name}: {:?}", items[1]),
            Err(start) => {
                let e = items[1]["error"].as_str().unwrap_or_default();
                assert!(e.starts_with(start), "{name}: {e}");
                assert_eq!(items[1]["line"], 5, "{name}: the record's first line");
                assert_eq!(out.status.code(), Some(1), "{name}");
            }
        }
    }
}

/// Caps: a 2 MiB token and a 2 MiB comment are error items naming the cap (the output line
/// stays short), and the next game is judged.
#[test]
fn caps_are_error_items() {
    let after = "[Event \"B\"]\n\n1. c3c4 b9c7 *\n";
    for (what, body) in [
        ("token", "x".repeat(2 << 20)),
        ("comment", format!("{{{}}}", "c".repeat(2 << 20))),
    ] {
        let input = format!("[Event \"A\"]\n\n1. h2e2 {body} *\n\n{after}");
        let out = arbiter(&["judge", "--json", "-"], Some(input.as_bytes()));
        let items = json_lines(&out);
        assert_eq!(items.len(), 2, "{what}");
        let e = items[0]["error"].as_str().unwrap();
        assert!(e.starts_with(&format!("{what} longer than")), "{e}");
        assert!(
            out.stdout.len() < 2000,
            "{what}: {} bytes of output",
            out.stdout.len()
        );
        assert_eq!(items[1]["plies"], 2);
        assert_eq!(out.status.code(), Some(1));
    }
}

/// A record that stops after a move number, or has a `[Result]` tag but no result token at its
/// end, is flagged `truncated` with `result_agrees` null; a file that never writes results
/// (no tag, no token: the ICCS list file's shape) is not.
#[test]
fn truncated_records() {
    let input = "[Event \"A\"]\n\n1. h2e2 h9g7 2.\n\n\
                 [Event \"B\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7\n\n\
                 [Event \"C\"]\n\n1. h2e2 h9g7\n\n\
                 [Event \"D\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n";
    let out = arbiter(&["judge", "--json", "-"], Some(input.as_bytes()));
    let items = json_lines(&out);
    let flags: Vec<_> = items.iter().map(|i| i["truncated"].as_bool()).collect();
    assert_eq!(flags, [Some(true), Some(true), None, None]);
    assert!(items[0]["result_agrees"].is_null() && items[1]["result_agrees"].is_null());
    // D is whole, but the rules give no result after two plies: a 1-0 there (a resignation)
    // cannot be compared either.
    assert!(items[3]["result_agrees"].is_null() && items[3].get("result_agrees").is_some());
    let text = arbiter(&["judge", "-"], Some(input.as_bytes()));
    assert_eq!(
        String::from_utf8_lossy(&text.stdout)
            .matches("Warning: the record may be truncated")
            .count(),
        2
    );
    // The ICCS file of the shared data has this shape: no game of it is flagged.
    let iccs = "[Event \"x\"]\n[Red \"a\"]\n\n1. h2e2 b9c7 2. h0g2 h7f7 \n\n[Event \"y\"]\n\n1. h2e2 h9g7 \n";
    let out = arbiter(&["judge", "--json", "-"], Some(iccs.as_bytes()));
    assert!(json_lines(&out).iter().all(|i| i.get("truncated").is_none()));
}

/// Encodings per game: one stray 0xFF byte spoils one game's text (a warning), not the file;
/// a UTF-16 game after a UTF-8 one is read.
#[test]
fn encodings_per_game() {
    let mut bytes = "[Event \"象棋\"]\n\n1. 炮二平五 馬８進７ *\n\n[Event \"\u{ff}"
        .as_bytes()
        .to_vec();
    bytes.push(0xFF);
    bytes.extend_from_slice("象棋\"]\n\n1. 炮二平五 *\n\n".as_bytes());
    bytes.extend([0xFF, 0xFE]);
    for u in "[Event \"柳\"]\r\n\r\n1. h2e2 h9g7 *\r\n".encode_utf16() {
        bytes.extend(u.to_le_bytes());
    }
    let out = arbiter(&["judge", "--json", "-"], Some(&bytes));
    let items = json_lines(&out);
    let plies: Vec<_> = items.iter().map(|i| i["plies"].as_u64()).collect();
    assert_eq!(plies, [Some(2), Some(1), Some(2)], "{items:?}");
    assert!(items[0].get("warnings").is_none());
    let w = items[1]["warnings"][0].as_str().unwrap_or_default();
    assert!(w.contains("not valid UTF-8"), "{w}");
    assert_eq!(out.status.code(), Some(0));
}

/// UTF-16 without a byte-order mark, alone and after a UTF-8 game (an odd number of bytes, as
/// `cat` joins files): each game judged as when it is alone.
#[test]
fn utf16_without_bom_per_game() {
    let utf8 = "[Event \"象棋\"]\n\n1. 炮二平五 馬８進７ *\n";
    assert_eq!(utf8.len() % 2, 1);
    let game = "[Event \"柳\"]\r\n\r\n1. h2e2 h9g7 2. h0g2 *\r\n";
    for be in [false, true] {
        let utf16: Vec<u8> = game
            .encode_utf16()
            .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
            .collect();
        let alone = json_lines(&arbiter(&["judge", "--json", "-"], Some(&utf16)));
        let plies: Vec<_> = alone.iter().map(|i| i["plies"].as_u64()).collect();
        assert_eq!(plies, [Some(3)], "{alone:?}");
        let mut joined = utf8.as_bytes().to_vec();
        joined.extend_from_slice(&utf16);
        let out = arbiter(&["judge", "--json", "-"], Some(&joined));
        let items = json_lines(&out);
        let plies: Vec<_> = items.iter().map(|i| i["plies"].as_u64()).collect();
        assert_eq!(plies, [Some(2), Some(3)], "{items:?}");
        assert_eq!(out.status.code(), Some(0));
    }
}

/// Streaming: the first reports are printed while standard input is still open (with one
/// thread, and with the reader thread of `--jobs 2`).
#[test]
fn reports_before_the_input_ends() {
    for jobs in ["1", "2"] {
        first_report_while_input_open(jobs);
    }
}

fn first_report_while_input_open(jobs: &str) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["judge", "--json", "--jobs", jobs, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    // More than one batch of games; standard input stays open.
    for _ in 0..600 {
        input.write_all(GAME.as_bytes()).unwrap();
        input.write_all(b"\n").unwrap();
    }
    input.flush().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let first = rx.recv_timeout(std::time::Duration::from_secs(60));
    drop(input);
    let _ = child.wait();
    let first = first.expect("a report before the end of the input");
    assert!(first.contains("\"plies\":4"), "{first}");
}

/// `--jobs 3` on one input (read on a thread of its own, judged game by game on the pool)
/// prints the same lines in the same order as `--jobs 1`, over many batches, with error items
/// (an illegal move, a broken record) keeping their index; the summary counts them alike.
#[test]
fn parallel_judging_of_one_input_keeps_order_and_indices() {
    const ILLEGAL: &str = "[Event \"B\"]\n\n1. h2e2 h9g7 2. h2h9 *\n";
    const BROKEN: &str = "[Event \"C\"]\n\n1. h2e2 {never closed\n";
    const CHESS: &str = "[Event \"D\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let mut text = String::new();
    for i in 0..1500 {
        text.push_str(match i {
            700 => ILLEGAL,
            1299 => BROKEN,
            _ if i % 3 == 0 => CHESS,
            _ => GAME,
        });
        text.push('\n');
    }
    let (one, three) = judged_with_one_and_three_jobs("-", Some(text.as_bytes()));
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(three.status.code(), Some(1));
    let items = json_lines(&three);
    assert_eq!(items.len(), 1500);
    for (i, item) in items.iter().enumerate() {
        assert_eq!(item["index"], i, "{item}");
        assert_eq!(item.get("error").is_some(), i == 700 || i == 1299, "{item}");
    }
    assert_eq!(items[3]["reason"], "checkmate");
    assert_eq!(items[700]["ply"], 3, "{}", items[700]);
    assert!(String::from_utf8_lossy(&three.stderr).contains("1500 games from 1 file; 2 could not be judged"));
}

/// `--jobs 3` on a folder (one pool job per file, printed in order as the files before it are
/// out) prints what `--jobs 1` prints: files of one game, of many, an unreadable one.
#[test]
fn parallel_judging_of_many_inputs_keeps_order() {
    let guard = dir("many");
    let d = guard.path();
    for i in 0..150 {
        let games = if i % 50 == 7 { 600 } else { 1 + i % 3 };
        let text = if i == 100 {
            "[Event \"C\"]\n\n1. h2e2 {never closed\n".to_string()
        } else {
            format!("{GAME}\n").repeat(games)
        };
        std::fs::write(d.join(format!("g{i:03}.pgn")), text).unwrap();
    }
    let folder = d.to_string_lossy().into_owned();
    let (_, three) = judged_with_one_and_three_jobs(&folder, None);
    let items = json_lines(&three);
    // 147 small files of 1 to 3 games (49 of each), 3 of 600, the broken one.
    assert_eq!(items.len(), 3 * 600 + 49 * (1 + 2 + 3) - 2 + 1, "{}", items.len());
    assert_eq!(items.iter().filter(|i| i.get("error").is_some()).count(), 1);
}
