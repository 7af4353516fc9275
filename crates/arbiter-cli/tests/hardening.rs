//! The binary under hostile input and surroundings: numeric flags out of range, a `--cors`
//! that would open the API to every site, a standard error that cannot be written, and
//! control characters in records and file names.

use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
}

fn stderr_of(args: &[&str]) -> (Option<i32>, String) {
    let out = bin().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn serve_flags_out_of_range_are_usage_errors() {
    // 1e20 s panicked (Duration overflow); 1.5e19 s made every /judge drop without an answer.
    for secs in ["1e20", "1.5e19", "86401", "0", "-1", "nan", "inf", "ten"] {
        let (code, err) = stderr_of(&["serve", &format!("--max-seconds={secs}")]);
        assert_eq!(code, Some(2), "--max-seconds {secs}: {err}");
        assert!(err.contains("--max-seconds"), "{err}");
    }
    for (flag, value) in [
        ("--max-body", "0"),
        ("--max-body", "2147483648"),
        ("--max-concurrent", "0"),
        ("--max-connections", "0"),
        ("--max-perft-depth", "9"),
    ] {
        let (code, err) = stderr_of(&["serve", flag, value]);
        assert_eq!(code, Some(2), "{flag} {value}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    for (origin, why) in [
        ("*", "every site"),
        ("null", "sandboxed"),
        ("", "empty"),
        ("club.example", "not an origin"),
    ] {
        let (code, err) = stderr_of(&["serve", "--cors", origin]);
        assert_eq!(code, Some(2), "--cors {origin:?}: {err}");
        assert!(err.contains(why), "--cors {origin:?}: {err}");
    }
}

/// With standard error unwritable (`2>/dev/full`) every command that writes a message there
/// ends with its own exit code, never a panic (101).
#[test]
fn an_unwritable_stderr_is_not_a_panic() {
    let Ok(_) = std::fs::File::options().write(true).open("/dev/full") else {
        return; // not Linux
    };
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let busy = busy.local_addr().unwrap().to_string();
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    let cases: Vec<(Vec<&str>, i32)> = vec![
        (vec!["judge", "no-such-file.pgn"], 1),
        (vec!["judge", "--fen", "bad", "--moves", "h2e2"], 2),
        (vec!["cycle", "--fen", "bad", "--moves", "h2e2"], 2),
        (vec!["classify", "--fen", "bad", "--move", "h2e2"], 2),
        (vec!["claim", "--kind", "threefold", "no-such-file.pgn"], 1),
        (vec!["dead", "--fen-file", "no-such-file.txt"], 1),
        (vec!["perft", "--fen", "bad", "--depth", "1"], 2),
        (vec!["convert", "--to", "pgn", "no-such-file.pgn"], 1),
        (vec!["rules", "axf", "zz"], 2),
        (vec!["serve", "--bind", &busy], 1),
    ];
    for (args, want) in cases {
        let full = std::fs::File::options().write(true).open("/dev/full").unwrap();
        let out = bin()
            .args(&args)
            .stdout(Stdio::null())
            .stderr(full)
            .status()
            .unwrap();
        assert_eq!(out.code(), Some(want), "{args:?}");
    }
    // The referee: standard input a folder (a read error, reported on standard error).
    let full = std::fs::File::options().write(true).open("/dev/full").unwrap();
    let stdin = std::fs::File::open(dir).unwrap();
    let out = bin()
        .arg("referee")
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(full)
        .status()
        .unwrap();
    assert_eq!(out.code(), Some(1));
}

/// Escape sequences in a record's tags and in its file name reach the text report escaped.
#[test]
fn control_characters_are_escaped_in_text_reports() {
    let dir = std::env::temp_dir().join(format!("arbiter-ctl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("evil\u{1b}[2Jname.pgn");
    let pgn = "[Event \"\u{1b}]0;pwned\u{7}\u{1b}[31mred\u{202e}\"]\n[White \"a\u{8}b\"]\n\n1. h2e2 h9g7 *\n";
    std::fs::write(&file, pgn).unwrap();
    let out = bin().arg("judge").arg(&file).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    for c in ['\u{1b}', '\u{7}', '\u{8}', '\u{202e}'] {
        assert!(!text.contains(c), "{c:?} reached the terminal: {text:?}");
    }
    assert!(text.contains("evil\\u{1b}[2Jname.pgn"), "{text}");
    // JSON output keeps the record's text exactly (JSON escapes it itself).
    let out = bin().arg("judge").arg("--json").arg(&file).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["file"].as_str().unwrap().contains('\u{1b}'));
    let _ = std::fs::remove_dir_all(&dir);
}
