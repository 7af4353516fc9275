//! The chess cases (`fide-*`) of `shared/cases/seeds.jsonl`, run on the library.

use arbiter::chess::{
    dead_position, judge_claim, judge_game, parse_fen, ClaimKind, ClaimRequest, GameRecord, TimeControl,
};
use serde_json::Value;

const CASES: &str = include_str!("fixtures/chess/cases-fide.jsonl");

/// `expect` is a subset of `got` (objects compared field by field).
fn check(expect: &Value, got: &Value, path: &str) -> Result<(), String> {
    match expect {
        Value::Object(map) => {
            for (k, v) in map {
                let g = got
                    .get(k)
                    .ok_or_else(|| format!("{path}.{k}: missing in {got}"))?;
                check(v, g, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        _ if expect == got => Ok(()),
        _ => Err(format!("{path}: expected {expect}, got {got}")),
    }
}

/// Cases whose FEN is not a legal position: `4k3/8/8/8/8/8/4R3/4K3 w` has White to move while
/// Black's king stands in check from the rook on e2 (FIDE 3.9/ 1.4: a position where the side
/// not to move is in check cannot arise). The referee refuses such a FEN; the same claims are
/// tested below on a corrected FEN (rook on d2).
const ILLEGAL_FEN_CASES: [&str; 3] = [
    "fide-50-at-99-plies-intended",
    "fide-50-at-98-plies",
    "fide-50-at-100-plies",
];

fn run(case: &Value) -> Value {
    let fen = case["fen"].as_str();
    let moves: Vec<&str> = case["moves"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let record = GameRecord::from_fen_moves(fen, &moves.join(" ")).expect("case FEN parses");
    match case["command"].as_str() {
        Some("judge") => serde_json::to_value(judge_game(&record).expect("judged")).unwrap(),
        Some("claim") => {
            let kind = match case["kind"].as_str() {
                Some("threefold") => ClaimKind::Threefold,
                _ => ClaimKind::FiftyMoves,
            };
            let time_control = match case["time_control"].as_str() {
                Some("rapid") => TimeControl::Rapid,
                Some("blitz") => TimeControl::Blitz,
                _ => TimeControl::Standard,
            };
            let req = ClaimRequest {
                kind,
                at_ply: case["at_ply"].as_u64().map(|p| p as usize),
                intended_move: case["intended_move"].as_str().map(str::to_string),
                time_control: Some(time_control),
            };
            serde_json::to_value(judge_claim(&record, &req).expect("claim judged")).unwrap()
        }
        Some("dead") => {
            let fen = fen.expect("dead case has a FEN");
            let pos = parse_fen(fen).expect("FEN parses");
            serde_json::to_value(dead_position(fen, &pos)).unwrap()
        }
        other => panic!("unexpected command {other:?}"),
    }
}

#[test]
fn fide_seed_cases() {
    let mut n = 0;
    let mut failures = Vec::new();
    for line in CASES.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("case is JSON");
        n += 1;
        if ILLEGAL_FEN_CASES.contains(&case["id"].as_str().unwrap_or("")) {
            let err = parse_fen(case["fen"].as_str().unwrap_or("")).expect_err("illegal FEN");
            assert!(
                err.to_string()
                    .contains("illegal position: the side not to move is in check"),
                "{err}"
            );
            continue;
        }
        let got = run(&case);
        if let Err(why) = check(&case["expect"], &got, "") {
            failures.push(format!("{}: {why}", case["id"]));
        }
    }
    assert_eq!(n, 15, "all fide- cases read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The three fifty-move cases above, on a legal FEN (rook on d2 instead of e2).
#[test]
fn fifty_move_claims_on_corrected_fen() {
    let fen = "4k3/8/8/8/8/8/3R4/4K3 w - - 98 70";
    let claim = |moves: &str, intended: Option<&str>| {
        let record = GameRecord::from_fen_moves(Some(fen), moves).unwrap();
        let req = ClaimRequest {
            kind: ClaimKind::FiftyMoves,
            at_ply: None,
            intended_move: intended.map(str::to_string),
            time_control: Some(TimeControl::Standard),
        };
        judge_claim(&record, &req).unwrap()
    };
    // 99 plies, Black writes a quiet move: valid (9.3.1).
    let v = claim("d2c2", Some("e8f8"));
    assert_eq!(v.valid, Some(true));
    assert_eq!(v.by, "black");
    assert_eq!(v.clause, "FIDE 9.3.1");
    assert_eq!(v.penalty, None);
    // 98 plies plus one intended move: 99, not enough.
    let v = claim("", Some("d2c2"));
    assert_eq!(v.valid, Some(false));
    assert_eq!(v.by, "white");
    assert_eq!(v.penalty.as_ref().map(|p| p.opponent_extra_seconds), Some(120));
    assert!(v.must_play_intended_move);
    // 100 plies: White may claim without a move (9.3.2).
    let v = claim("d2c2 e8f8", None);
    assert_eq!(v.valid, Some(true));
    assert_eq!(v.by, "white");
    assert_eq!(v.clause, "FIDE 9.3.2");
    // A capture as intended move resets the count.
    let record = GameRecord::from_fen_moves(Some("4k3/8/8/8/8/8/3R4/3rK3 w - - 99 70"), "").unwrap();
    let req = ClaimRequest {
        kind: ClaimKind::FiftyMoves,
        at_ply: None,
        intended_move: Some("Rxd1".into()),
        time_control: Some(TimeControl::Blitz),
    };
    let v = judge_claim(&record, &req).unwrap();
    assert_eq!(v.valid, Some(false));
    assert_eq!(v.penalty.as_ref().map(|p| p.opponent_extra_seconds), Some(60));
    assert_eq!(v.intended_move.as_deref(), Some("d2d1"));
}

/// Seed 002, example 1 judged as a game: threefold claims for both sides, at the right plies.
#[test]
fn example_one_judge_claims() {
    let record = GameRecord::from_fen_moves(None, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8").unwrap();
    let r = judge_game(&record).unwrap();
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["status"], "claimable");
    assert_eq!(v["result"], "*");
    let claims = v["claims"].as_array().unwrap();
    // Black could claim at ply 7 by writing f6g8; White at ply 8 without a move.
    assert!(claims.contains(&serde_json::json!({"kind":"threefold","by":"black","at_ply":7,"intended_move":"f6g8","clause":"FIDE 9.2.1"})), "{v}");
    assert!(claims.contains(&serde_json::json!({"kind":"threefold","by":"white","at_ply":8,"intended_move":null,"clause":"FIDE 9.2.1"})), "{v}");
    assert_eq!(claims.len(), 2, "{v}");
}

/// A claim in a position where the game has already ended is not judged (FIDE 5.1.1, 5.2.1,
/// 5.2.2, 9.6.1, 9.6.2 end the game at once): no validity, no penalty, the end named instead.
#[test]
fn claims_after_the_end_of_the_game() {
    let claim = |fen: Option<&str>, moves: &str, kind: ClaimKind, at_ply: Option<usize>| {
        let record = GameRecord::from_fen_moves(fen, moves).unwrap();
        let req = ClaimRequest {
            kind,
            at_ply,
            intended_move: None,
            time_control: None,
        };
        judge_claim(&record, &req).unwrap()
    };
    let ended = |v: &arbiter::chess::ClaimVerdict| {
        assert_eq!(v.valid, None, "{v:?}");
        assert_eq!(v.penalty, None, "{v:?}");
        assert!(!v.must_play_intended_move);
        let e = v.ended.as_ref().expect("ended");
        assert_eq!(v.clause, e.clause);
        (e.ply, e.by, e.clause.to_string())
    };
    // Black is checkmated (105 plies without progress): the mate ended the game, 5.1.1.
    let v = claim(
        Some("k7/8/NKB5/8/8/8/8/8 b - - 105 176"),
        "",
        ClaimKind::FiftyMoves,
        None,
    );
    assert_eq!(ended(&v), (0, "checkmate", "FIDE 5.1.1".to_string()));
    assert!(
        v.text()
            .contains("already ended at ply 0 by checkmate (FIDE 5.1.1)"),
        "{}",
        v.text()
    );
    // A stalemated claimant gets no penalty: 5.2.1 ended the game.
    let v = claim(
        Some("k7/8/1Q6/8/8/8/8/K7 b - - 0 1"),
        "",
        ClaimKind::Threefold,
        None,
    );
    assert_eq!(ended(&v), (0, "stalemate", "FIDE 5.2.1".to_string()));
    // King takes the last pawn: a dead position at ply 1 (5.2.2), the claim at ply 1 and 2.
    let v = claim(
        Some("8/8/4k3/8/3p4/4K3/8/8 w - - 0 1"),
        "e3d4 e6e7",
        ClaimKind::Threefold,
        Some(1),
    );
    assert_eq!(ended(&v), (1, "dead_position", "FIDE 5.2.2".to_string()));
    let v = claim(
        Some("8/8/4k3/8/3p4/4K3/8/8 w - - 0 1"),
        "e3d4 e6e7",
        ClaimKind::FiftyMoves,
        None,
    );
    assert_eq!(ended(&v), (1, "dead_position", "FIDE 5.2.2".to_string()));
    // The start position for the fifth time at ply 16 (9.6.1), claimed there and two plies on.
    let shuffle = ["g1f3 g8f6 f3g1 f6g8"; 5].join(" ");
    let v = claim(None, &shuffle, ClaimKind::Threefold, Some(16));
    assert_eq!(ended(&v), (16, "fivefold_repetition", "FIDE 9.6.1".to_string()));
    let v = claim(None, &shuffle, ClaimKind::Threefold, Some(18));
    assert_eq!(ended(&v), (16, "fivefold_repetition", "FIDE 9.6.1".to_string()));
    // One quiet move completes 150 plies (9.6.2).
    let v = claim(
        Some("4k3/8/8/8/8/8/3R4/4K3 w - - 149 100"),
        "d2c2",
        ClaimKind::FiftyMoves,
        None,
    );
    assert_eq!(ended(&v), (1, "seventy_five_moves", "FIDE 9.6.2".to_string()));
    // One ply before the fivefold the claim is judged (and valid: the fourth occurrence).
    let v = claim(None, &shuffle, ClaimKind::Threefold, Some(12));
    assert_eq!((v.valid, v.ended.is_none()), (Some(true), true));
}
