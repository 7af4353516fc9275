//! The binary on the record formats of docs/formats.md (fixtures in
//! `crates/records/tests/fixtures/formats`, licences in its README): `judge` reads them by
//! content, `convert --to pgn` writes them as PGN that `judge` reads back to the same verdicts.

use std::process::{Command, Output};

const DIR: &str = "crates/records/tests/fixtures/formats";

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the binary runs")
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

#[test]
fn judge_reads_every_format_of_the_folder() {
    let out = arbiter(&["judge", "--json", DIR]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    // 35 CBL games (2 section titles and a stale slot skipped), 2 CBR, 2 CBF, 3 DhtmlXQ, 2 text.
    assert_eq!(lines.len(), 44);
    assert!(lines.iter().all(|l| l.get("error").is_none()));
    let count = |ext: &str| {
        lines
            .iter()
            .filter(|l| l["file"].as_str().unwrap().ends_with(ext))
            .count()
    };
    assert_eq!(
        (count(".cbl"), count(".cbr"), count(".cbf"), count(".txt")),
        (35, 2, 2, 5)
    );
    // ucci_test1_move.txt: 43 plies ending in mate by Red (its result line says 红胜).
    let mate = lines
        .iter()
        .find(|l| {
            l["file"]
                .as_str()
                .unwrap()
                .ends_with("cchess_ucci_test1_move.txt")
        })
        .unwrap();
    assert_eq!(mate["plies"], 43, "{mate}");
    assert_eq!(mate["reason"], "checkmate", "{mate}");
}

#[test]
fn convert_to_pgn_reads_back_with_the_same_verdicts() {
    let src = format!("{DIR}/cbl/longhua_cup_1989_35games.cbl");
    let out = arbiter(&["convert", "--to", "pgn", "--notation", "chinese", &src]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert_eq!(pgn.matches("[Game \"Chinese Chess\"]").count(), 35);
    assert!(pgn.contains("1. 炮二平五"), "Chinese notation");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("longhua.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let strip = |v: Vec<serde_json::Value>| -> Vec<String> {
        v.iter()
            .map(|l| {
                let f = ["plies", "status", "reason", "result", "recorded_result"];
                f.iter().map(|k| l[*k].to_string()).collect::<Vec<_>>().join(" ")
            })
            .collect()
    };
    let a = strip(json_lines(&arbiter(&["judge", "--json", &src])));
    let b = strip(json_lines(&arbiter(&["judge", "--json", file.to_str().unwrap()])));
    assert_eq!(a.len(), 35);
    assert_eq!(a, b);
    // A file that cannot be read is named on stderr and the exit code is 1.
    let bad = dir.path().join("cut.cbr");
    let cbr = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../records/tests/fixtures/formats/cbr/test.cbr"
    ))
    .unwrap();
    std::fs::write(&bad, &cbr[..2300]).unwrap();
    let out = arbiter(&["convert", "--to", "pgn", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cut.cbr: game 1: malformed CBR at byte offset"),
        "{err}"
    );
    assert!(
        err.contains("arbiter: 0 games written, 1 could not be read"),
        "{err}"
    );
    // One game is "1 game".
    let out = arbiter(&["convert", "--to", "pgn", "samples/xiangqi-perpetual-chase.pgn"]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("arbiter: 1 game written, 0 could not be read"),
        "{err}"
    );
}
