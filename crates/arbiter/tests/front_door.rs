//! The front door (`arbiter::judge_bytes` and friends): game and format detection, one report
//! per game, and the serde form of each report (the JSON contract of docs/cli.md).
//! Expected values: the repository's samples (a real Grischuk–Giri game, 2019, and the AXF
//! perpetual-chase example) and the rule books' worked examples used elsewhere in the tests.

use arbiter::{ClaimGame, ClaimKind, ClaimQuery, Game, GameReport, Options, RuleBook};
use serde_json::{json, Value};

const CHESS_SAMPLE: &str =
    include_str!("../../arbiter-server/samples/chess-threefold-grischuk-giri-2019.pgn");
const XIANGQI_SAMPLE: &str = include_str!("../../arbiter-server/samples/xiangqi-perpetual-chase.pgn");

fn value(r: &impl serde::Serialize) -> Value {
    serde_json::to_value(r).unwrap()
}

#[test]
fn one_input_with_both_games_gives_one_report_each_in_order() {
    let both = format!("{CHESS_SAMPLE}\n\n{XIANGQI_SAMPLE}");
    let reports: Vec<GameReport> =
        arbiter::judge_bytes(both.as_bytes(), "both.pgn", &Options::default()).collect();
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].game(), Some(Game::Chess));
    assert_eq!(reports[1].game(), Some(Game::Xiangqi));
    assert_eq!(
        reports.iter().map(|r| r.index()).collect::<Vec<_>>(),
        [Some(0), Some(1)]
    );

    // Grischuk–Giri: White could claim threefold at ply 42 with Ke1-f1 written down; Black can
    // claim at the end (ply 43): the record ends claimable.
    let chess = value(&reports[0]);
    assert_eq!(chess["file"], "both.pgn");
    assert_eq!(chess["status"], "claimable");
    assert_eq!(chess["plies"], 43);
    assert_eq!(
        chess["claims"][0],
        json!({"kind":"threefold","by":"white","at_ply":42,"intended_move":"e1f1","clause":"FIDE 9.2.1"})
    );

    // The perpetual chase: Red's cannon chased on every move, decided at ply 58 (AXF).
    let xq = value(&reports[1]);
    assert_eq!(
        (
            &xq["status"],
            &xq["reason"],
            &xq["at_ply"],
            &xq["must_vary"],
            &xq["result"]
        ),
        (
            &json!("decided"),
            &json!("perpetual_chase"),
            &json!(58),
            &json!("red"),
            &json!("0-1")
        )
    );
    assert_eq!(xq["cycle"]["start_ply"], 42); // the 3 ruled loops and the deciding one
    assert_eq!(
        xq["cycle"]["sides"]["red"]["target"],
        json!({"piece":"cannon","square":"g8"})
    );
}

#[test]
fn json_line_is_the_cli_contract_field_order() {
    // Both games' reports start with the game, then the verdict, in the same order.
    let r = arbiter::judge_bytes(CHESS_SAMPLE.as_bytes(), "g.pgn", &Options::default())
        .next()
        .unwrap();
    let line = serde_json::to_string(&r).unwrap();
    assert!(line.starts_with(r#"{"file":"g.pgn","index":0,"game":"chess","rules":"fide","plies":43,"#));
    let opts = Options {
        rules: Some(RuleBook::Tw113),
        ..Options::default()
    };
    let r = arbiter::judge_bytes(XIANGQI_SAMPLE.as_bytes(), "x.pgn", &opts)
        .next()
        .unwrap();
    let line = serde_json::to_string(&r).unwrap();
    assert!(
        line.starts_with(r#"{"file":"x.pgn","index":0,"game":"xiangqi","rules":"tw113","plies":58,"status":"decided","result":"0-1","reason":"perpetual_chase","at_ply":58,"clause":"TW113 ch.2 table","#),
        "{line}"
    );
}

#[test]
fn inputs_that_cannot_be_judged_are_error_reports() {
    let opts = Options::default();
    let empty: Vec<_> = arbiter::judge_bytes(b"  \n", "-", &opts).collect();
    assert_eq!(empty.len(), 1);
    assert_eq!(
        value(&empty[0]),
        json!({"file":"-","error":"no game found: the input is empty"})
    );

    let not_xqf: Vec<_> = arbiter::judge_bytes(b"1. e4 e5", "a.XQF", &opts).collect();
    assert_eq!(
        value(&not_xqf[0])["error"],
        "not an XQF file: it does not start with the 'XQ' signature"
    );

    // An illegal chess move: the error names the ply and the move; the next game is judged.
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. e4 *\n";
    let r: Vec<_> = arbiter::judge_bytes(pgn.as_bytes(), "f.pgn", &opts).collect();
    assert!(r[0].is_error());
    let e = value(&r[0]);
    assert_eq!(
        (&e["index"], &e["ply"], &e["move"]),
        (&json!(0), &json!(3), &json!("Ke3"))
    );
    assert!(!r[1].is_error());
}

#[test]
fn reader_variant_gives_the_same_reports() {
    let opts = Options::default();
    let a: Vec<String> = arbiter::judge_bytes(CHESS_SAMPLE.as_bytes(), "-", &opts)
        .map(|r| serde_json::to_string(&r).unwrap())
        .collect();
    let b: Vec<String> = arbiter::judge_reader(CHESS_SAMPLE.as_bytes(), "-", &opts)
        .map(|r| serde_json::to_string(&r).unwrap())
        .collect();
    assert_eq!(a, b);
}

#[test]
fn position_with_rules_of_the_other_game_is_a_usage_error() {
    let opts = Options {
        rules: Some(RuleBook::Fide),
        ..Options::default()
    };
    let e = arbiter::judge_position(Some("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"), "f7e7", &opts).unwrap_err();
    assert!(matches!(e, arbiter::Error::Usage(_)));
}

#[test]
fn chess_position_mate_in_the_fools_mate() {
    let r = arbiter::judge_position(None, "f2f3 e7e5 g2g4 Qh4", &Options::default()).unwrap();
    let v = value(&r);
    assert_eq!(
        (&v["reason"], &v["at_ply"], &v["result"]),
        (&json!("checkmate"), &json!(4), &json!("0-1"))
    );
}

#[test]
fn cycle_classify_claim_dead_perft() {
    // AXF general rule 1: perpetual check, the checking side must vary.
    let c = arbiter::cycle(
        "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w",
        "f7e7 e9f9 e7f7 f9e9",
        Some(RuleBook::Axf),
        false,
    )
    .unwrap();
    let v = value(&c)["verdict"].clone();
    assert_eq!(
        (&v["must_vary"], &v["result_if_unchanged"]),
        (&json!("red"), &json!("0-1"))
    );
    assert!(v["clause"].as_str().unwrap().starts_with("AXF"), "{v}");
    let e = arbiter::cycle("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w", "f7e7 e9f9 e7f7", None, false).unwrap_err();
    assert!(matches!(e, arbiter::Error::Input { .. }));

    let k = arbiter::classify("4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w", "a3b3", None, false).unwrap();
    assert_eq!(
        value(&k),
        json!({"move":"a3b3","kinds":["chase"],"chases":[{"chaser":"b3","target":"b5","piece":"cannon"}]})
    );

    let q = ClaimQuery {
        kind: ClaimKind::Threefold,
        game: ClaimGame::Record {
            bytes: CHESS_SAMPLE.as_bytes(),
            file: "g.pgn",
            index: 0,
        },
        rules: None,
        at_ply: Some(42),
        intended_move: Some("e1f1".into()),
        time_control: Default::default(),
        limit: None,
    };
    let v = value(&arbiter::claim(&q).unwrap());
    assert_eq!(
        (&v["valid"], &v["by"], &v["penalty"]),
        (&json!(true), &json!("white"), &Value::Null)
    );
    let q = ClaimQuery {
        kind: ClaimKind::NaturalMoveLimit,
        ..q
    };
    assert!(matches!(arbiter::claim(&q), Err(arbiter::Error::Usage(_))));

    // Opposite-coloured bishops with kings: a helpmate exists (FIDE 5.2.2 not met).
    let d = arbiter::dead("8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(value(&d)["dead"], false);
    let lines: Vec<_> =
        arbiter::dead_lines("# comment\n\n8/8/8/8/8/8/8/K6k w - - 0 1 id42\nbogus\n").collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (
            value(&lines[0])["dead"].clone(),
            value(&lines[0])["label"].clone()
        ),
        (json!(true), json!("id42"))
    );
    assert!(lines[1].is_error());

    // Perft: xiangqi start 44 / 1,920 / 79,666; chess start 20 / 400.
    assert_eq!(arbiter::perft(None, 2, false, None).unwrap().nodes, 1_920);
    let p = arbiter::perft(
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        2,
        true,
        None,
    )
    .unwrap();
    assert_eq!(
        (p.game, p.nodes, p.divide.as_ref().map(Vec::len)),
        (Game::Chess, 400, Some(20))
    );
}

/// `judge_reader` streams: it gives the reports of the games read before a read failure, then
/// an error report for the failure; it reads no further than it needs (the first report comes
/// from a reader that has handed over only the first game and a bit); and over any reader it
/// gives what `judge_bytes` gives.
#[test]
fn judge_reader_streams() {
    use std::io::Read;
    // Ten xiangqi games and a chess game: more than the 4 KiB read before the first game.
    let games = format!("{}{CHESS_SAMPLE}\n", format!("{XIANGQI_SAMPLE}\n\n").repeat(10));
    assert!(games.len() > 5000);
    let opts = Options::default();
    /// Hands over `ok` bytes a few at a time, then fails (or, with `fail` false, never ends:
    /// a read past `ok` panics, so a test shows the library did not read that far).
    struct Feed<'a> {
        bytes: &'a [u8],
        ok: usize,
        at: usize,
        fail: bool,
    }
    impl Read for Feed<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.at >= self.ok {
                assert!(self.fail, "read past what the first report needs");
                return Err(std::io::Error::other("disk on fire"));
            }
            let n = buf.len().min(7).min(self.ok - self.at);
            buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }
    let all: Vec<Value> = arbiter::judge_bytes(games.as_bytes(), "-", &opts)
        .map(|r| value(&r))
        .collect();
    let streamed: Vec<Value> = arbiter::judge_reader(
        Feed {
            bytes: games.as_bytes(),
            ok: games.len(),
            at: 0,
            fail: true,
        },
        "-",
        &opts,
    )
    .map(|r| value(&r))
    .collect();
    // All eleven games, then the read failure at the end as an error item of its own.
    assert_eq!(streamed.len(), 12);
    assert_eq!(streamed[..11], all[..]);
    assert_eq!(all[10]["game"], "chess");
    assert!(streamed[11]["error"].as_str().unwrap().contains("disk on fire"));
    // The second game's first line is where the first game ends: the first report needs the
    // first game and its separator, not the rest of the input (4 KiB at least are read first).
    let second = games.find("\n\n[").unwrap() + 3;
    let ok = (second + 256).max(4096) + 16;
    assert!(ok < games.len());
    let mut reports = arbiter::judge_reader(
        Feed {
            bytes: games.as_bytes(),
            ok,
            at: 0,
            fail: false,
        },
        "-",
        &opts,
    );
    assert_eq!(reports.next().map(|r| value(&r)), Some(all[0].clone()));
}

/// A side allowed by several exemptions cites them in the rule book's order, not the board's:
/// the same loop mirrored left to right cites the same clauses in the same order (a Big5 game,
/// 90年杭州個人賽 張影富–尚威, from ply 32).
#[test]
fn several_exemptions_are_cited_in_the_books_order() {
    let clause = |fen: &str, moves: &str| {
        let r = arbiter::cycle(fen, moves, Some(RuleBook::Axf), false).unwrap();
        serde_json::to_value(&r).unwrap()["sides"]["black"]["clause"].clone()
    };
    let want = json!("AXF general rule 6 / detailed rule 30; general rule 7 / detailed rule 19");
    assert_eq!(
        clause(
            "2bakab2/9/6c2/p1p5p/1c1rC1p2/2P1P4/P7P/2N1B4/R8/3AKAB2 w - - 0 1",
            "e5e6 d5d6 e6e5 d6d5"
        ),
        want
    );
    assert_eq!(
        clause(
            "2bakab2/9/2c6/p5p1p/2p1Cr1c1/4P1P2/P7P/4B1N2/8R/2BAKA3 w - - 0 1",
            "e5e6 f5f6 e6e5 f6f5"
        ),
        want
    );
}

/// One piece chasing the target on every move is the chase the clause names, whatever other
/// piece chases it on one move too: Black's chariot chases Red's horse on both moves while the
/// horse counter-chases once (AXF detailed rule 18); the cannon a7 that chases the horse once,
/// through the chariot as its screen, makes it neither a cannon changing screens (detailed rule
/// 20) nor several pieces in turn (detailed rule 28). liu_dahua_1125 game 1037's loop.
#[test]
fn the_piece_chasing_on_every_move_names_the_clause() {
    let fen = "2baka3/9/c3b1n2/p3p3p/1r1N5/6P2/P3P2nP/4N1C2/4AR3/2BAK1B2 w - - 0 1";
    let r = arbiter::cycle(fen, "d5c7 b5b7 c7d5 b7b5", None, false).unwrap();
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(
        (&v["verdict"]["must_vary"], &v["verdict"]["clause"]),
        (&json!("black"), &json!("AXF detailed rule 18")),
        "{v}"
    );
    // Both chases of the horse on b5b7 are still reported, the cannon's and the chariot's.
    assert_eq!(
        v["sides"]["black"]["moves"][0]["chases"],
        json!([
            {"chaser":"a7","piece":"horse","target":"c7"},
            {"chaser":"b7","piece":"horse","target":"c7"}
        ]),
        "{v}"
    );
}

/// Loops of unequal length judged together are described as such (their number and the plies
/// in all), not as one loop's length played so many times: a 4-ply loop, then an 8-ply one that
/// comes back to the same position.
#[test]
fn loops_of_unequal_length_are_described_as_such() {
    let fen = "3rkab1c/4a2R1/4b4/9/9/9/9/B8/R3A4/1cBAK4 w - - 0 1";
    let (a, d) = ("h8i8 i9h9 i8h8 h9i9 ", "h8i8 i9h9 e0f0 e8d7 f0e0 d7e8 i8h8 h9i9");
    let opts = Options {
        cycles: 2,
        ..Options::default()
    };
    let r = arbiter::judge_position(Some(fen), &format!("{a}{d}"), &opts).unwrap();
    let text = r.text();
    assert!(
        text.contains("  Repetition: 2 loops of unequal length (12 plies in all), from the start [ply 0] to"),
        "{text}"
    );
    let r = arbiter::judge_position(Some(fen), &a.repeat(2), &opts).unwrap();
    assert!(
        r.text()
            .contains("  Repetition: a loop of 4 plies played 2 times, from the start [ply 0]"),
        "{}",
        r.text()
    );
}

/// The decision after a ruling judges the ruled loops and the one played after it together
/// (TW113 ch.4 procedure: the side at fault when it was ruled loses by repeating one more
/// cycle; a draw ruled stays a draw): a loop played differently after the ruling cannot turn a
/// ruled draw into a loss nobody was warned of, whatever the count of loops. The position is
/// from liu_dahua_1125 game 904; loop A is Red check + idle, loop B Red check + check.
#[test]
fn a_decision_judges_the_ruled_loops_and_the_extra_one() {
    let fen = "2c1k4/4a1P2/b2a4b/p2C3C1/9/4p3P/Pr2cR3/3A5/4AK3/9 w - - 0 1";
    let (a, b) = ("h6e6 e8f9 e6h6 f9e8 ", "d6e6 e9d9 e6d6 d9e9 ");
    let verdict = |cycles: u32, moves: String| {
        let opts = Options {
            cycles,
            game: Some(Game::Xiangqi),
            ..Options::default()
        };
        let GameReport::Xiangqi(r) = arbiter::judge_position(Some(fen), &moves, &opts).unwrap() else {
            panic!("a xiangqi report")
        };
        let v = serde_json::to_value(&*r).unwrap();
        (
            v["status"].as_str().unwrap().to_string(),
            v["reason"].as_str().unwrap_or("").to_string(),
            v["cycle"]["start_ply"].as_u64(),
            v["cycle"]["count"].as_u64(),
        )
    };
    let s = |x: &str| x.to_string();
    // One loop: loop A rules a draw, loop B alone rules Red's perpetual check.
    assert_eq!(
        verdict(1, s(a)),
        (s("pending"), s("repetition_draw"), Some(0), Some(1))
    );
    assert_eq!(
        verdict(1, s(b)),
        (s("pending"), s("perpetual_check"), Some(0), Some(1))
    );
    // A ruled draw, then loop B: A and B together are no perpetual check (Red's idle move in A).
    assert_eq!(
        verdict(1, format!("{a}{b}")),
        (s("decided"), s("repetition_draw"), Some(0), Some(2))
    );
    // Three loops: A A A ruled a draw; B after them: the four judged together, a draw.
    assert_eq!(
        verdict(3, format!("{a}{a}{a}{b}")),
        (s("decided"), s("repetition_draw"), Some(0), Some(4))
    );
    // The words of that decision: the loops judged together, not "neither side at fault" of
    // a side ruled at fault when pending (loop B alone was Red's perpetual check).
    let opts = Options {
        cycles: 1,
        game: Some(Game::Xiangqi),
        ..Options::default()
    };
    let text = arbiter::judge_position(Some(fen), &format!("{b}{a}"), &opts)
        .unwrap()
        .text();
    assert!(
        text.contains("the repetition went on a cycle past the count; over the loops judged together neither side is at fault: drawn (1/2-1/2)."),
        "{text}"
    );
    // The same loop four times: decided over all four (docs/cli.md: at ply 16 the cycle from ply 0,
    // count 4).
    assert_eq!(
        verdict(3, b.repeat(4)),
        (s("decided"), s("perpetual_check"), Some(0), Some(4))
    );
}

/// The text reports of the library describe what was given, never a CLI flag (HTTP and Python
/// callers type no `--fen`, `--time-control` or `--cycles`; the CLI passes its own words in an
/// `arbiter::render::Voice`).
#[test]
fn reports_describe_the_input_not_a_flag() {
    // TW113's worked example 1 under AXF: Red checks on every move, decided by a 4th cycle.
    let fen = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w";
    let opts = Options::default();
    let decided = arbiter::judge_position(Some(fen), &"f7e7 e9f9 e7f7 f9e9 ".repeat(4), &opts).unwrap();
    let text = decided.text();
    assert!(
        text.starts_with("position given\n  16 plies, rules AXF\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "  Procedure: the AXF rules write none; the count of the TW113 procedure is used (pending \
             after 3 cycles, one more cycle decides).\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Clauses cited (summaries in our words; the rules glossary lists them all):\n"),
        "{text}"
    );
    // A record given whole with no file name (an HTTP body, a Python string) is "input given",
    // not standard input.
    let pgn = format!("[FEN \"{fen}\"]\n\n{} *\n", "f7e7 e9f9 e7f7 f9e9 ".repeat(4));
    let body: Vec<_> = arbiter::judge_bytes(pgn.as_bytes(), "-", &opts).collect();
    assert!(
        body[0].text().starts_with("input given, game 1\n"),
        "{}",
        body[0].text()
    );
    assert!(
        body[0]
            .text_in(arbiter::Lang::ZhHant, Default::default())
            .starts_with("所給輸入，第1局\n"),
        "{}",
        body[0].text_in(arbiter::Lang::ZhHant, Default::default())
    );
    // The second move is illegal (the king cannot leave the palace): the error names the place.
    let illegal = arbiter::judge_position(Some(fen), "f7e7 e9e8 e8e7", &opts).unwrap();
    assert!(illegal.is_error());
    assert!(
        illegal.text().starts_with("position given, ply "),
        "{}",
        illegal.text()
    );
    // An incorrect threefold claim with the time control given: rapid play, 60 s (FIDE A.3).
    let claim = arbiter::claim(&ClaimQuery {
        kind: ClaimKind::Threefold,
        game: ClaimGame::Position {
            fen: None,
            moves: "Nf3 Nf6 Ng1 Ng8",
            game: None,
        },
        rules: None,
        at_ply: None,
        intended_move: None,
        time_control: Some(arbiter::chess::TimeControl::Rapid),
        limit: None,
    })
    .unwrap();
    assert!(
        claim
            .text()
            .contains("The opponent gets 60 s more (FIDE A.3; rapid play, as the time control given says)."),
        "{}",
        claim.text()
    );
    for t in [text, illegal.text(), claim.text()] {
        assert!(!t.contains("--"), "names a flag: {t}");
    }
}

/// A request that does not fit is said in terms of the input, never of a CLI flag (HTTP and
/// Python callers type no `--rules`): the rule book, the ply, the claim and the game by name.
#[test]
fn a_chess_claim_refuses_xiangqi_rules_and_a_natural_move_limit() {
    use arbiter::{Error, Usage};
    // A chess claim is judged under the FIDE Laws, whose counts are fixed: a xiangqi rule book
    // or a natural move limit asked for is a usage error, not silently ignored.
    let q = |rules, limit| ClaimQuery {
        kind: ClaimKind::FiftyMoves,
        game: ClaimGame::Record {
            bytes: CHESS_SAMPLE.as_bytes(),
            file: "g.pgn",
            index: 0,
        },
        rules,
        at_ply: None,
        intended_move: None,
        time_control: None,
        limit,
    };
    assert_eq!(
        arbiter::claim(&q(Some(RuleBook::Tw113), None)).unwrap_err(),
        Error::Usage(Usage::RulesOfOtherGame {
            rules: RuleBook::Tw113,
            game: Game::Chess
        })
    );
    let e = arbiter::claim(&q(None, Some(60))).unwrap_err();
    assert_eq!(e, Error::Usage(Usage::LimitOnChessClaim { moves: 60 }));
    assert_eq!(
        e.to_string(),
        "a 60-move limit: the natural move limit is a xiangqi rule; a chess claim counts the \
         fifty moves of the FIDE Laws"
    );
    assert_eq!(
        arbiter::render::errors::usage(&Usage::LimitOnChessClaim { moves: 60 }, arbiter::Lang::ZhHans),
        "60回合的限着：自然限着是中国象棋规则；国际象棋的提和依国际棋联棋规的五十回合规则计算"
    );
    // cycle and classify judge xiangqi: a chess FEN is refused as such (not as a xiangqi FEN
    // with 8 ranks).
    let chess_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        arbiter::classify(chess_start, "g1f3", None, false)
            .unwrap_err()
            .to_string(),
        "classify judges xiangqi moves; give a 10-rank FEN"
    );
    assert_eq!(
        arbiter::cycle(chess_start, "g1f3 g8f6 f3g1 f6g8", None, false).unwrap_err(),
        Error::Usage(Usage::CycleOfChess)
    );
    // Under fide, or with no rule book, the claim is judged.
    assert!(arbiter::claim(&q(Some(RuleBook::Fide), None)).is_ok());
    assert!(arbiter::claim(&q(None, None)).is_ok());
}

/// A record that plays on after its mate (real records do): a claim at a ply after the mate
/// is answered "the game had already ended", not refused as beyond the record (xiangqi, whose
/// reader keeps the later moves out) nor as an illegal move (chess); the claimant is the side to
/// move at the ply asked.
#[test]
fn a_claim_after_a_records_mate_is_answered_ended() {
    let claim = |kind, bytes: &'static str, at_ply| ClaimQuery {
        kind,
        game: ClaimGame::Record {
            bytes: bytes.as_bytes(),
            file: "g.pgn",
            index: 0,
        },
        rules: None,
        at_ply,
        intended_move: None,
        time_control: None,
        limit: None,
    };
    // Xiangqi: the chariot b0b9 mates at ply 1; two more moves are written.
    let xq = "[Game \"Chinese Chess\"]\n[FEN \"3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. b0b9 d9d8 2. a8a7 1-0\n";
    for (at, by) in [(1, "black"), (2, "red"), (3, "black")] {
        let r = arbiter::claim(&claim(ClaimKind::NaturalMoveLimit, xq, Some(at))).unwrap();
        let v = value(&r);
        assert_eq!(
            v["ended"],
            json!({"by":"checkmate","clause":"checkmate: the side to move loses","ply":1}),
            "{at}: {v}"
        );
        assert_eq!(
            (&v["at_ply"], &v["by"], &v["valid"]),
            (&json!(at), &json!(by), &Value::Null),
            "{v}"
        );
    }
    assert!(arbiter::claim(&claim(ClaimKind::NaturalMoveLimit, xq, Some(3)))
        .unwrap()
        .text()
        .starts_with("After the end [ply 3], Black claims"));
    let beyond = arbiter::claim(&claim(ClaimKind::NaturalMoveLimit, xq, Some(4))).unwrap_err();
    assert!(beyond.to_string().contains("beyond the 3 plies"), "{beyond}");
    // Chess: the fool's mate at ply 4, then a move that cannot be legal after it.
    let fool = "1. f3 e5 2. g4 Qh4# 3. Kf2 *\n";
    let v = value(&arbiter::claim(&claim(ClaimKind::Threefold, fool, None)).unwrap());
    assert_eq!(
        v["ended"],
        json!({"by":"checkmate","clause":"FIDE 5.1.1","ply":4}),
        "{v}"
    );
    assert_eq!(
        (&v["at_ply"], &v["by"], &v["penalty"]),
        (&json!(5), &json!("black"), &Value::Null),
        "{v}"
    );
}

/// A FEN's half-move clock as large as a u32 holds: the count of capture-free plies saturates
/// at it (it never wraps back to a short count that would make a sound claim short and cost a
/// foul), and the claim holds under both books' limits (AXF 120 plies, TW113 100).
#[test]
fn a_natural_move_limit_count_from_the_largest_fen_clock_saturates() {
    for rules in [RuleBook::Axf, RuleBook::Tw113] {
        let q = ClaimQuery {
            kind: ClaimKind::NaturalMoveLimit,
            game: ClaimGame::Position {
                fen: Some("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 4294967295 4294967295"),
                moves: "f7e7 e9f9",
                game: None,
            },
            rules: Some(rules),
            at_ply: None,
            intended_move: None,
            time_control: None,
            limit: None,
        };
        let v = value(&arbiter::claim(&q).unwrap());
        assert_eq!(v["count"]["plies"], json!(u32::MAX), "{rules:?}: {v}");
        assert_eq!(
            (&v["valid"], &v["penalty"]),
            (&json!(true), &Value::Null),
            "{rules:?}: {v}"
        );
    }
}

#[test]
fn a_xiangqi_claim_after_a_decided_repetition_is_not_judged() {
    // TW113's worked example 1: Red checks on every move; after four loops (pending after
    // three, decided one loop later, as `judge` counts) Red has lost by perpetual check at
    // ply 16, so a natural-move-limit claim there is not judged.
    let moves = "f7e7 e9f9 e7f7 f9e9 ".repeat(4);
    let q = |fen, moves, rules| ClaimQuery {
        kind: ClaimKind::NaturalMoveLimit,
        game: ClaimGame::Position {
            fen: Some(fen),
            moves,
            game: None,
        },
        rules,
        at_ply: None,
        intended_move: None,
        time_control: None,
        limit: None,
    };
    let fen = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w";
    for rules in [None, Some(RuleBook::Tw113)] {
        let r = arbiter::claim(&q(fen, &moves, rules)).unwrap();
        let v = value(&r);
        assert_eq!(v["ended"]["by"], "perpetual_check", "{rules:?}: {v}");
        assert_eq!(v["ended"]["ply"], 16);
        assert_eq!(v["valid"], Value::Null);
        assert_eq!(v["penalty"], Value::Null);
        assert!(
            r.text()
                .contains("The game had already ended at ply 16 by perpetual check"),
            "{}",
            r.text()
        );
    }
    // Both kings shuffling: drawn by repetition at ply 16 (neither side at fault); a claim
    // 104 plies later is not judged either.
    let shuffle = "e0f0 d9d8 f0e0 d8d9 ".repeat(30);
    let r = arbiter::claim(&q("3k5/9/9/9/9/9/9/9/9/4K4 w", &shuffle, None)).unwrap();
    let v = value(&r);
    assert_eq!(
        (v["ended"]["by"].as_str(), v["ended"]["ply"].as_u64()),
        (Some("repetition_draw"), Some(16)),
        "{v}"
    );
    assert!(
        r.text_in(arbiter::Lang::ZhHant)
            .contains("對局已在［16］因循環重複（雙方均不變著）"),
        "{}",
        r.text_in(arbiter::Lang::ZhHant)
    );
    // Checkmate at the claim's ply ends the game too (the side to move loses).
    let v = value(&arbiter::claim(&q("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b", "", None)).unwrap());
    assert_eq!(
        (v["ended"]["by"].as_str(), v["ended"]["ply"].as_u64()),
        (Some("checkmate"), Some(0)),
        "{v}"
    );
    // Before the decision (three loops: pending, the arbiter warns) the claim is judged.
    let three = "f7e7 e9f9 e7f7 f9e9 ".repeat(3);
    let v = value(&arbiter::claim(&q(fen, &three, None)).unwrap());
    assert_eq!(v["ended"], Value::Null, "{v}");
    assert_eq!(v["valid"], false);
}

#[test]
fn usage_errors_describe_the_input_not_a_flag() {
    use arbiter::{Error, Usage};
    // TW113's worked example 1 (red checks on every move).
    let fen = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w";
    let q = |kind, rules, at_ply, limit| ClaimQuery {
        kind,
        game: ClaimGame::Position {
            fen: Some(fen),
            moves: "f7e7",
            game: None,
        },
        rules,
        at_ply,
        intended_move: None,
        time_control: None,
        limit,
    };
    let record = |kind| ClaimQuery {
        kind,
        game: ClaimGame::Record {
            bytes: CHESS_SAMPLE.as_bytes(),
            file: "g.pgn",
            index: 0,
        },
        ..q(kind, None, None, None)
    };
    let position = |rules| {
        arbiter::judge_position(
            Some(fen),
            "f7e7",
            &Options {
                rules,
                ..Options::default()
            },
        )
    };
    let errors = [
        arbiter::claim(&q(ClaimKind::Threefold, None, None, None)).unwrap_err(),
        arbiter::claim(&q(ClaimKind::NaturalMoveLimit, Some(RuleBook::Fide), None, None)).unwrap_err(),
        arbiter::claim(&q(ClaimKind::NaturalMoveLimit, None, None, Some(30))).unwrap_err(),
        arbiter::claim(&q(ClaimKind::NaturalMoveLimit, None, Some(9), None)).unwrap_err(),
        arbiter::claim(&record(ClaimKind::NaturalMoveLimit)).unwrap_err(),
        arbiter::classify(fen, "f7e7", Some(RuleBook::Fide), false).unwrap_err(),
        position(Some(RuleBook::Fide)).unwrap_err(),
        arbiter::judge_position(Some("4k4/9/5X3/9/9/4P4/9/9/9/4K4 w"), "", &Options::default()).unwrap_err(),
    ];
    for e in &errors {
        assert!(matches!(e, Error::Usage(_)), "{e:?}");
        assert!(!e.to_string().contains("--"), "names a flag: {e}");
    }
    assert_eq!(
        errors[2],
        Error::Usage(Usage::NoSuchLimit {
            moves: 30,
            rules: RuleBook::Axf,
            book_moves: 60,
            alternative: false
        })
    );
    assert_eq!(
        errors[2].to_string(),
        "a 30-move limit: axf has the 60-move limit only"
    );
    assert_eq!(errors[3].to_string(), "ply 9 is beyond the 1 ply played");
    assert_eq!(
        errors[6].to_string(),
        "rule set fide is the chess rule set; xiangqi games are judged under axf"
    );
}

/// The words of an answer (`text`, what HTTP and Python callers show) carry a record's
/// control characters escaped, as the CLI prints them: a tag holding an escape sequence
/// cannot recolour or retitle a reader's terminal.
#[test]
fn text_words_escape_control_characters() {
    let pgn = "[Event \"x\u{1b}[31mred\u{7}\"]\n[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 *\n";
    let reports: Vec<GameReport> =
        arbiter::judge_bytes(pgn.as_bytes(), "t.pgn", &Options::default()).collect();
    let words = reports[0].text_json(arbiter::Lang::En, arbiter::Notation::Default);
    let report = words["report"].as_str().unwrap();
    assert!(report.contains("x\\u{1b}[31mred\\u{7}"), "{report}");
    assert!(!report.chars().any(|c| c.is_control() && c != '\n'), "{report:?}");
}
