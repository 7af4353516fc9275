//! Real engine-match records (sources in `crates/records/tests/fixtures/README.md`, folder
//! `matches/`), judged as given and under the match convention (`--match`): the verdict and
//! `result_agrees` (docs/engine-matches.md).

use arbiter::{judge_bytes, Options};
use serde_json::Value;

fn judged(file: &str, engine_match: bool) -> Value {
    let path = format!(
        "{}/../records/tests/fixtures/matches/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap();
    let options = Options {
        engine_match,
        ..Options::default()
    };
    let mut reports: Vec<Value> = judge_bytes(&bytes, file, &options)
        .map(|r| serde_json::to_value(&r).unwrap())
        .collect();
    assert_eq!(reports.len(), 1, "{file}");
    reports.remove(0)
}

fn said(v: &Value) -> (String, String, Value, Value, Value) {
    (
        v["status"].as_str().unwrap().to_string(),
        v["result"].as_str().unwrap().to_string(),
        v["reason"].clone(),
        v["at_ply"].clone(),
        v["result_agrees"].clone(),
    )
}

#[test]
fn match_records_judged_as_given() {
    let s = |x: &str| x.to_string();
    // Pikafish issue 27 (SAN): the manager scored 0-1 "perpetual chase" at the third
    // occurrence. The rule book (AXF, 3 cycles) has no result yet there: a disagreement.
    let v = judged("pikafish_27_san.pgn", false);
    assert_eq!(
        said(&v),
        (s("ongoing"), s("*"), Value::Null, Value::Null, Value::Bool(false))
    );
    // Judged as the manager ends games, the repetition is a draw under AXF, not a loss.
    let v = judged("pikafish_27_san.pgn", true);
    assert_eq!(
        said(&v),
        (
            s("decided"),
            s("1/2-1/2"),
            "repetition_draw".into(),
            62.into(),
            Value::Bool(false)
        )
    );
    // Fairy-Stockfish issue 570, game 1 (ICCS): 1-0 "perpetual chase"; the rule book agrees
    // once the third occurrence decides: Black chased perpetually.
    let v = judged("fsf_570_moonriver_iccs.pgn", false);
    assert_eq!(said(&v).4, Value::Bool(false));
    let v = judged("fsf_570_moonriver_iccs.pgn", true);
    assert_eq!(
        said(&v),
        (
            s("decided"),
            s("1-0"),
            "perpetual_chase".into(),
            104.into(),
            Value::Bool(true)
        )
    );
    assert_eq!(v["must_vary"], "black");
    // Ranks 1–10: a self-play game ending with Black out of moves (1-0), and the position of
    // Fairy-Stockfish issue 938 (no result recorded: nothing to compare).
    for engine_match in [false, true] {
        let v = judged("fsf_selfplay_ranks10.pgn", engine_match);
        assert_eq!(
            said(&v),
            (
                s("decided"),
                s("1-0"),
                "no_legal_moves".into(),
                145.into(),
                Value::Bool(true)
            )
        );
        let v = judged("fsf_938_ranks10.pgn", engine_match);
        assert_eq!(
            said(&v),
            (s("ongoing"), s("*"), Value::Null, Value::Null, Value::Null)
        );
        // The WXF file (PlayOK): Black mates on move 27.
        let v = judged("playok_wxf_demo.wxf", engine_match);
        assert_eq!(
            said(&v),
            (
                s("decided"),
                s("0-1"),
                "checkmate".into(),
                54.into(),
                Value::Bool(true)
            )
        );
    }
}

/// Whenever the record and the rules disagree, the text says both.
#[test]
fn disagreement_is_written() {
    let path = format!(
        "{}/../records/tests/fixtures/matches/pikafish_27_san.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).unwrap();
    for (engine_match, say) in [
        (
            false,
            "The record says 0-1; the rules say the game goes on (no repetition decides it).",
        ),
        (true, "The record says 0-1; the rules say 1/2-1/2."),
    ] {
        let options = Options {
            engine_match,
            ..Options::default()
        };
        let text: String = judge_bytes(&bytes, "p.pgn", &options).map(|r| r.text()).collect();
        assert!(text.contains(say), "{text}");
    }
}

/// Chess under the match convention: the manager's draw at the third occurrence (FIDE 9.2.1's
/// condition, no claim needed) and at fifty moves (9.3.2); the Laws alone only make these
/// claimable, and a game that went on past them is judged on.
#[test]
fn chess_match_ends_at_threefold_and_fifty_moves() {
    let judge = |pgn: &str, engine_match: bool| {
        let options = Options {
            engine_match,
            ..Options::default()
        };
        let r = judge_bytes(pgn.as_bytes(), "m.pgn", &options).next().unwrap();
        serde_json::to_value(&r).unwrap()
    };
    // The start position stands for the third time after ply 8; the game went on and White
    // won on time (a manager would have stopped at ply 8).
    let pgn = "[Event \"m\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n\
               1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 1-0\n";
    let laws = judge(pgn, false);
    assert_eq!(
        (laws["status"].as_str(), laws["at_ply"].as_u64()),
        (Some("ongoing"), None)
    );
    let m = judge(pgn, true);
    assert_eq!(
        (
            m["status"].as_str(),
            m["result"].as_str(),
            m["reason"].as_str(),
            m["at_ply"].as_u64(),
            m["clause"].as_str(),
            m["moves_after_end"].as_u64(),
            m["result_agrees"].as_bool()
        ),
        (
            Some("decided"),
            Some("1/2-1/2"),
            Some("threefold_repetition"),
            Some(8),
            Some("FIDE 9.2.1"),
            Some(2),
            Some(false)
        )
    );
    // Fifty moves: half-move clock 99, one more quiet move reaches 100 (9.3.2).
    let pgn = "[Event \"m\"]\n[FEN \"8/8/4k3/8/8/4K3/8/R7 w - - 99 80\"]\n[Result \"1/2-1/2\"]\n\n\
               80. Ra2 Kd6 1/2-1/2\n";
    let m = judge(pgn, true);
    assert_eq!(
        (
            m["reason"].as_str(),
            m["at_ply"].as_u64(),
            m["result_agrees"].as_bool()
        ),
        (Some("fifty_moves"), Some(1), Some(true))
    );
    assert_eq!(judge(pgn, false)["status"].as_str(), Some("claimable"));
}

/// Under the match convention the third occurrence ends the game at once: a record that plays
/// on (the 1999 Yan Wenqing – Liu Dahua sample, Red chasing Black's cannon) is decided at the
/// ply of the third occurrence, the plies after it are moves after the end, and no procedure
/// (the rule books' extra cycle) is cited; as given, the extra cycle decides at ply 58.
#[test]
fn match_convention_ends_the_game_at_the_third_occurrence() {
    let path = format!(
        "{}/../../samples/xiangqi-perpetual-chase.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap();
    let judge = |engine_match| {
        let options = Options {
            engine_match,
            ..Options::default()
        };
        let r = judge_bytes(&bytes, "sample", &options).next().unwrap();
        serde_json::to_value(&r).unwrap()
    };
    let m = judge(true);
    assert_eq!(
        (m["status"].as_str(), m["result"].as_str(), m["at_ply"].as_u64()),
        (Some("decided"), Some("0-1"), Some(50))
    );
    assert_eq!(m["moves_after_end"], 8);
    assert!(m["procedure"].is_null(), "{m}");
    let g = judge(false);
    assert_eq!(
        (g["at_ply"].as_u64(), g["moves_after_end"].as_u64()),
        (Some(58), Some(0))
    );
    assert_eq!(g["procedure"], "TW113 ch.4 procedure (AXF has none written)");
}
