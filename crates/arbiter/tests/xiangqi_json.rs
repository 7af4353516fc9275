//! The JSON line of a judged xiangqi game is written field by field (no `Value` per game), by
//! its one writer (`impl Serialize`): it must hold what its `serde_json::Value` form holds, its
//! keys in the order both games share (a chess game's keys, then the xiangqi ones in their
//! place), for every optional field: claims, a repetition's cycle and readings, procedure,
//! truncated, warnings, `--explain`, TW113. Games: the repository's AXF perpetual-chase sample,
//! a natural-move-limit claim from a FEN's half-move clock (118 capture-free plies given), a
//! record cut after a move number, and a chess game for the shared order.

use arbiter::{GameReport, Options, RuleBook, XiangqiGameReport};
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};

const XIANGQI_SAMPLE: &str = include_str!("../../arbiter-server/samples/xiangqi-perpetual-chase.pgn");
const LIMIT: &str =
    "[Event \"t\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 118 1\"]\n\n1. a0a1 d9d8 2. a1a2 *\n";
const TRUNCATED: &str = "[Event \"t\"]\n\n1. h2e2 h9g7 2.\n";

/// The order of a judged game's keys, both games: the game, the verdict, its details and
/// evidence, the claims, the record.
const ORDER: [&str; 24] = [
    "file",
    "index",
    "game",
    "rules",
    "plies",
    "status",
    "result",
    "reason",
    "at_ply",
    "clause",
    "must_vary",
    "procedure",
    "end_move",
    "flag",
    "cycle",
    "readings",
    "claims",
    "end_claims",
    "moves_after_end",
    "recorded_result",
    "result_agrees",
    "notation_warnings",
    "truncated",
    "warnings",
];

/// The top-level keys of a JSON object, in the order written.
fn keys(line: &str) -> Vec<String> {
    struct Keys;
    impl<'de> Visitor<'de> for Keys {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Vec<String>, A::Error> {
            let mut out = Vec::new();
            while let Some(k) = m.next_key::<String>()? {
                m.next_value::<IgnoredAny>()?;
                out.push(k);
            }
            Ok(out)
        }
    }
    serde_json::Deserializer::from_str(line)
        .deserialize_map(Keys)
        .unwrap()
}

/// Asserts `line`'s keys follow [`ORDER`] and returns their ranks there.
fn in_order(line: &str) -> Vec<usize> {
    let ranks: Vec<usize> = keys(line)
        .iter()
        .map(|k| {
            ORDER
                .iter()
                .position(|o| o == k)
                .unwrap_or_else(|| panic!("key {k} not in ORDER"))
        })
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] < w[1]), "keys out of order: {line}");
    ranks
}

fn xiangqi(pgn: &str, opts: &Options) -> XiangqiGameReport {
    match arbiter::judge_bytes(pgn.as_bytes(), "t.pgn", opts).next() {
        Some(GameReport::Xiangqi(r)) => *r,
        other => panic!("not a xiangqi report: {other:?}"),
    }
}

fn line(r: &XiangqiGameReport) -> String {
    let direct = serde_json::to_string(r).unwrap();
    let reread: serde_json::Value = serde_json::from_str(&direct).unwrap();
    assert_eq!(reread, serde_json::to_value(r).unwrap());
    in_order(&direct);
    direct
}

#[test]
fn chess_and_xiangqi_lines_share_their_key_order() {
    let chess = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 1-0\n";
    let c = match arbiter::judge_bytes(chess.as_bytes(), "c.pgn", &Options::default()).next() {
        Some(GameReport::Chess(r)) => serde_json::to_string(&r).unwrap(),
        other => panic!("not a chess report: {other:?}"),
    };
    let x = line(&xiangqi(XIANGQI_SAMPLE, &Options::default()));
    let (ck, xk) = (keys(&c), keys(&x));
    in_order(&c);
    let common: Vec<&String> = ck.iter().filter(|k| xk.contains(k)).collect();
    let common_x: Vec<&String> = xk.iter().filter(|k| ck.contains(k)).collect();
    assert_eq!(common, common_x);
    // The keys both games write: the game and its verdict, then the claims and the record.
    let shared: Vec<&str> = ORDER
        .iter()
        .copied()
        .filter(|k| !["must_vary", "procedure", "end_move", "flag", "cycle", "readings"].contains(k))
        .filter(|k| !["end_claims", "notation_warnings", "truncated", "warnings"].contains(k))
        .collect();
    assert_eq!(common, shared);
    // The flag fell on a side whose opponent can still mate: the loss stands (FIDE 6.9), the
    // rules give the recorded 1-0.
    assert!(c.contains(r#""result_agrees":true"#), "{c}");
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
        r#"{"file":"t.pgn","index":0,"game":"xiangqi","rules":"axf","plies":3,"status":"claimable","result":"*","reason":null,"at_ply":null,"clause":"AXF natural move limit (60 moves)","must_vary":null,"claims":[{"at_ply":2,"by":"red","clause":"AXF natural move limit (60 moves)","intended_move":null,"kind":"natural_move_limit"},{"at_ply":3,"by":"black","clause":"AXF natural move limit (60 moves)","intended_move":null,"kind":"natural_move_limit"}],"moves_after_end":0,"recorded_result":"*","result_agrees":null,"notation_warnings":0}"#
    );
    // Cut after a move number: truncated, and nothing said of the recorded result.
    assert_eq!(
        line(&xiangqi(TRUNCATED, &Options::default())),
        r#"{"file":"t.pgn","index":0,"game":"xiangqi","rules":"axf","plies":2,"status":"ongoing","result":"*","reason":null,"at_ply":null,"clause":null,"must_vary":null,"claims":[],"moves_after_end":0,"recorded_result":"*","result_agrees":null,"notation_warnings":0,"truncated":true}"#
    );
    // The perpetual chase: Red must vary, decided at ply 58 with the cycle from ply 46.
    let chase = line(&xiangqi(XIANGQI_SAMPLE, &Options::default()));
    assert!(
        chase.starts_with(r#"{"file":"t.pgn","index":0,"game":"xiangqi","rules":"axf","plies":58,"status":"decided","result":"0-1","reason":"perpetual_chase","at_ply":58,"clause":"AXF detailed rule 13""#),
        "{chase}"
    );
    assert!(chase.contains(r#""cycle":{"count":"#), "{chase}");
    assert!(chase.contains(r#""must_vary":"red""#), "{chase}");
    assert!(chase.contains(r#""reason":"perpetual_chase""#), "{chase}");
}

/// `cycle.start_ply`, `length` and `count` mean the same for a pending and a decided game: the
/// `count` loops judged, ending at `start_ply + count × length` (= `at_ply`); `recurrences`
/// counts the start position's recurrences in all. TW113 example 1 (Red's rook checks for
/// ever, loops of 4 plies): pending after 3 loops (ply 12, the 3 judged), decided after 4
/// (ply 16: the 3 ruled loops and the one played after the ruling, judged together).
#[test]
fn cycle_span_means_the_same_pending_or_decided() {
    let fen = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1";
    for (loops, status, count, recurrences) in [(3, "pending", 3, 3), (4, "decided", 4, 4)] {
        let start = 0;
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
            (Some(start), Some(4), Some(count), Some(recurrences)),
            "{c}"
        );
        let end =
            c["start_ply"].as_u64().unwrap() + c["count"].as_u64().unwrap() * c["length"].as_u64().unwrap();
        assert_eq!(Some(end), v["at_ply"].as_u64(), "{v}");
    }
}
