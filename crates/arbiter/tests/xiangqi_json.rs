//! The JSON line of a judged xiangqi game is written field by field (no `Value` per game), by
//! its one writer (`impl Serialize`): its keys must come in alphabetical order, the order of
//! its `serde_json::Value` form, for every optional field: claims, a repetition's cycle and readings, procedure,
//! truncated, warnings, `--explain`, TW113. Games: the repository's AXF perpetual-chase sample,
//! a natural-move-limit claim from a FEN's half-move clock (118 capture-free plies given), a
//! record cut after a move number.

use arbiter::{GameReport, Options, RuleBook, XiangqiGameReport};

const XIANGQI_SAMPLE: &str = include_str!("../../arbiter-server/samples/xiangqi-perpetual-chase.pgn");
const LIMIT: &str =
    "[Event \"t\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 118 1\"]\n\n1. a0a1 d9d8 2. a1a2 *\n";
const TRUNCATED: &str = "[Event \"t\"]\n\n1. h2e2 h9g7 2.\n";

fn xiangqi(pgn: &str, opts: &Options) -> XiangqiGameReport {
    match arbiter::judge_bytes(pgn.as_bytes(), "t.pgn", opts).next() {
        Some(GameReport::Xiangqi(r)) => *r,
        other => panic!("not a xiangqi report: {other:?}"),
    }
}

fn line(r: &XiangqiGameReport) -> String {
    let direct = serde_json::to_string(r).unwrap();
    let value = serde_json::to_value(r).unwrap().to_string();
    assert_eq!(direct, value, "keys out of alphabetical order");
    direct
}

#[test]
fn the_direct_line_is_the_value_form_for_every_field() {
    for rules in [None, Some(RuleBook::Tw113)] {
        for explain in [false, true] {
            let opts = Options {
                rules,
                explain,
                ..Options::default()
            };
            for pgn in [XIANGQI_SAMPLE, LIMIT, TRUNCATED] {
                let mut r = xiangqi(pgn, &opts);
                line(&r);
                r.warnings = vec!["2 bytes replaced in decoding".to_string()];
                line(&r);
                r.truncated = !r.truncated;
                line(&r);
                r.notation_warnings = None;
                r.result_agrees = None;
                r.recorded_result = None;
                line(&r);
            }
        }
    }
}

#[test]
fn the_lines_hold_the_values_of_the_rule_books() {
    // Two claims, one per side, from the 120th capture-free ply (AXF: 60 moves).
    assert_eq!(
        line(&xiangqi(LIMIT, &Options::default())),
        r#"{"at_ply":null,"claims":[{"at_ply":2,"by":"red","clause":"AXF natural move limit (60 moves)","intended_move":null,"kind":"natural_move_limit"},{"at_ply":3,"by":"black","clause":"AXF natural move limit (60 moves)","intended_move":null,"kind":"natural_move_limit"}],"clause":"AXF natural move limit (60 moves)","file":"t.pgn","game":"xiangqi","index":0,"moves_after_end":0,"must_vary":null,"notation_warnings":0,"plies":3,"reason":null,"recorded_result":"*","result":"*","result_agrees":null,"rules":"axf","status":"claimable"}"#
    );
    // Cut after a move number: truncated, and nothing said of the recorded result.
    assert_eq!(
        line(&xiangqi(TRUNCATED, &Options::default())),
        r#"{"at_ply":null,"claims":[],"clause":null,"file":"t.pgn","game":"xiangqi","index":0,"moves_after_end":0,"must_vary":null,"notation_warnings":0,"plies":2,"reason":null,"recorded_result":"*","result":"*","result_agrees":null,"rules":"axf","status":"ongoing","truncated":true}"#
    );
    // The perpetual chase: Red must vary, decided at ply 58 with the cycle from ply 46.
    let chase = line(&xiangqi(XIANGQI_SAMPLE, &Options::default()));
    assert!(
        chase.starts_with(r#"{"at_ply":58,"claims":[],"clause":"#),
        "{chase}"
    );
    assert!(chase.contains(r#""cycle":{"count":"#), "{chase}");
    assert!(chase.contains(r#""must_vary":"red""#), "{chase}");
    assert!(chase.contains(r#""reason":"perpetual_chase""#), "{chase}");
}

/// `cycle.start_ply`, `length` and `count` mean the same for a pending and a decided game: the
/// `count` loops judged, ending at `start_ply + count × length` (= `at_ply`); `recurrences`
/// counts the start position's recurrences in all. TW113 example 1 (Red's rook checks for
/// ever, loops of 4 plies): pending after 3 loops (ply 12), decided after 4 (ply 16).
#[test]
fn cycle_span_means_the_same_pending_or_decided() {
    let fen = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1";
    for (loops, status, start, recurrences) in [(3, "pending", 0, 3), (4, "decided", 4, 4)] {
        let moves = "f7e7 e9f9 e7f7 f9e9 ".repeat(loops);
        let r = arbiter::judge_position(Some(fen), &moves, &Options::default()).unwrap();
        let v: serde_json::Value = serde_json::to_value(&r).unwrap();
        let c = &v["cycle"];
        assert_eq!(v["status"], status, "{v}");
        assert_eq!(
            (
                c["start_ply"].as_u64(),
                c["length"].as_u64(),
                c["count"].as_u64(),
                c["recurrences"].as_u64()
            ),
            (Some(start), Some(4), Some(3), Some(recurrences)),
            "{c}"
        );
        let end =
            c["start_ply"].as_u64().unwrap() + c["count"].as_u64().unwrap() * c["length"].as_u64().unwrap();
        assert_eq!(Some(end), v["at_ply"].as_u64(), "{v}");
    }
}
