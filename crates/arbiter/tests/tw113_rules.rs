//! TW113 against AXF: the TW113 text's three examples and its procedure at
//! judge level (the Referee fed move by move), each FAQ answer of TW113, the 9-round
//! rule, and every AXF/TW113 difference of `RuleSet` with a position where the books disagree.

use arbiter::xiangqi::facts::classify;
use arbiter::xiangqi::referee::Referee;
use arbiter::xiangqi::repetition::{judge_cycle, Offence};
use arbiter::xiangqi::rules::{RuleSet, RulesId};
use arbiter::xiangqi::verdict::{Reason, Status, Verdict};
use arbiter::Outcome;
use xiangqi::{Color, Move, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

/// Feed `moves` to a fresh Referee (3 cycles) and return the verdict after each ply.
fn referee(rules: RuleSet, fen: &str, moves: &[&str]) -> (Referee, Vec<Verdict>) {
    let mut r = Referee::new(rules, pos(fen), 3);
    let mut out = Vec::new();
    for m in moves {
        out.push(r.push(mv(m)).unwrap().clone());
    }
    (r, out)
}

fn times(moves: &[&'static str], n: usize) -> Vec<&'static str> {
    moves.iter().copied().cycle().take(moves.len() * n).collect()
}

const EX1: &str = "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1";
const EX1_LOOP: [&str; 4] = ["f7e7", "e9f9", "e7f7", "f9e9"];
const EX2: &str = "4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w - - 0 1";
const EX2_LOOP: [&str; 4] = ["a3b3", "b5a5", "b3a3", "a5b5"];
const EX3: &str = "3ak4/9/9/9/9/4P4/9/9/9/3AK4 w - - 0 1";
const EX3_LOOP: [&str; 4] = ["d0e1", "d9e8", "e1d0", "e8d9"];

// ---------------------------------------------------------------------------------------
// Seed 000 §3 examples and the ch.4 procedure, judge level.

/// TW113 ch.4 procedure: three cycles (12 plies) → pending, the side at fault named; one more
/// cycle → the one-sided perpetual check loses at once.
#[test]
fn example1_perpetual_check_pending_then_loses() {
    let (_, v) = referee(RuleSet::tw113(), EX1, &times(&EX1_LOOP, 4));
    for (i, v) in v.iter().enumerate().take(11) {
        assert_eq!(v.status, Status::Ongoing, "ply {}", i + 1);
    }
    let p = &v[11];
    assert_eq!(
        (p.status, p.reason, p.must_vary, p.result),
        (
            Status::Pending,
            Some(Reason::PerpetualCheck),
            Some(Color::Red),
            Outcome::BlackWins
        )
    );
    assert_eq!(p.at_ply, Some(12));
    for v in &v[12..15] {
        assert_eq!(v.status, Status::Pending);
    }
    let d = &v[15];
    assert_eq!(
        (d.status, d.result, d.at_ply),
        (Status::Decided, Outcome::BlackWins, Some(16))
    );
    assert_eq!(d.procedure.unwrap(), "TW113 ch.4 procedure");
}

/// Forbidden (perpetual chase) against allowed: the chaser must vary; one more cycle loses.
#[test]
fn example2_perpetual_chase_pending_then_loses() {
    let (_, v) = referee(RuleSet::tw113(), EX2, &times(&EX2_LOOP, 4));
    let p = &v[11];
    assert_eq!(
        (p.status, p.reason, p.must_vary, p.result),
        (
            Status::Pending,
            Some(Reason::PerpetualChase),
            Some(Color::Red),
            Outcome::BlackWins
        )
    );
    let d = &v[15];
    assert_eq!(
        (d.status, d.reason, d.result),
        (Status::Decided, Some(Reason::PerpetualChase), Outcome::BlackWins)
    );
}

/// Both sides not at fault: after three cycles the arbiter warns (pending, nobody must vary);
/// one more cycle makes the draw.
#[test]
fn example3_idle_both_sides_pending_draw_then_draw() {
    let (_, v) = referee(RuleSet::tw113(), EX3, &times(&EX3_LOOP, 4));
    let p = &v[11];
    assert_eq!(
        (p.status, p.reason, p.must_vary, p.result),
        (Status::Pending, Some(Reason::RepetitionDraw), None, Outcome::Draw)
    );
    let d = &v[15];
    assert_eq!(
        (d.status, d.reason, d.result),
        (Status::Decided, Some(Reason::RepetitionDraw), Outcome::Draw)
    );
}

/// The side told to vary varies: the pending state ends, the game goes on.
#[test]
fn varying_after_pending_resumes_play() {
    let mut moves = times(&EX1_LOOP, 3);
    moves.push("f7f8"); // no check: red varies
    let (_, v) = referee(RuleSet::tw113(), EX1, &moves);
    assert_eq!(v[11].status, Status::Pending);
    assert_eq!(v[12].status, Status::Ongoing);
}

// ---------------------------------------------------------------------------------------
// Seed 000 §6 FAQ.

/// FAQ 1 (連續將軍3次就輸嗎?): three checks are not a perpetual check; it takes the loop
/// returning three times (12 plies here) with every move a check.
#[test]
fn faq1_three_checks_do_not_lose() {
    let (_, v) = referee(RuleSet::tw113(), EX1, &["f7e7", "e9f9", "e7f7", "f9e9", "f7e7"]);
    assert!(v.iter().all(|v| v.status == Status::Ongoing));
}

fn book_case(id: &str) -> (String, Vec<String>) {
    for file in ["wxf-cycles.jsonl", "fsf-cycles.jsonl"] {
        let path = format!("{}/tests/fixtures/cases/{file}", env!("CARGO_MANIFEST_DIR"));
        for l in std::fs::read_to_string(path).unwrap().lines() {
            let Ok(c) = serde_json::from_str::<serde_json::Value>(l) else {
                continue;
            };
            if c["id"] == id {
                let moves = c["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect();
                return (c["fen"].as_str().unwrap().to_string(), moves);
            }
        }
    }
    panic!("no case {id}");
}

fn cycle_case(id: &str, rules: &RuleSet) -> arbiter::xiangqi::repetition::CycleJudgement {
    let (fen, moves) = book_case(id);
    let start = pos(&fen);
    let mut p = start.clone();
    let moves: Vec<Move> = moves
        .iter()
        .map(|m| {
            let m = xiangqi::notation::parse_move(&p, m).unwrap().mv;
            p.make_move(m);
            m
        })
        .collect();
    judge_cycle(&start, &moves, rules).unwrap()
}

/// FAQ 2 (被追的子有保護，就一定可以一直追嗎?): no — a horse chasing a protected chariot still
/// offends (AXF detailed rule 16 diagram, judged under TW113), and a protector that cannot
/// legally recapture is a false root (AXF detailed rule 29 diagram).
#[test]
fn faq2_protected_target_may_still_be_chased_illegally() {
    let tw = RuleSet::tw113();
    let j = cycle_case("wxf-66", &tw);
    assert_eq!(j.black.offence, Offence::PerpetualChase);
    assert_eq!(j.verdict.must_vary, Some(Color::Black));
    let j = cycle_case("fsf-24", &tw);
    assert_eq!(j.black.offence, Offence::PerpetualChase);
    assert_eq!(j.verdict.must_vary, Some(Color::Black));
}

/// FAQ 3 (我一直將軍，對手一直捉我的車，誰要改?): perpetual check against perpetual chase — the
/// checker varies (TW113 ch.2 table: 長將 vs 長捉 → 甲不變作負).
#[test]
fn faq3_check_against_chase_checker_varies() {
    let j = cycle_case("wxf-2", &RuleSet::tw113());
    assert_eq!(j.red.offence, Offence::PerpetualCheck);
    assert_eq!(j.black.offence, Offence::PerpetualChase);
    assert_eq!(j.verdict.must_vary, Some(Color::Red));
    // Judge level: pending at three cycles, decided against the checker on the fourth.
    let (fen, moves) = book_case("wxf-2");
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let moves: Vec<&str> = moves.iter().copied().cycle().take(16).collect();
    let (_, v) = referee(RuleSet::tw113(), &fen, &moves);
    assert_eq!(
        (v[11].status, v[11].must_vary),
        (Status::Pending, Some(Color::Red))
    );
    assert_eq!(
        (v[15].status, v[15].result),
        (Status::Decided, Outcome::BlackWins)
    );
}

// ---------------------------------------------------------------------------------------
// The 9-round rule (FAQ 4: 棋子沒有原地來回，就一定不會判循環嗎?).

/// Red checks with the chariot (d7/e7) and shuffles the advisor (d0/e1) in between — four
/// points, check and idle alternating; Black's king walks a 4-point round, so the loop is
/// 8 plies and no position recurs three times within 9 rounds.
const NINE: &str = "4k4/9/3R5/9/9/4P4/9/9/9/3AK4 w - - 0 1";
const NINE_LOOP: [&str; 8] = ["d7e7", "e9d9", "d0e1", "d9d8", "e7d7", "d8e8", "e1d0", "e8e9"];

#[test]
fn nine_rounds_shuffle_is_pending_under_tw113_only() {
    let moves = times(&NINE_LOOP, 3);
    let (_, v) = referee(RuleSet::tw113(), NINE, &moves[..19]);
    for (i, v) in v.iter().enumerate().take(18) {
        assert_eq!(v.status, Status::Ongoing, "ply {}", i + 1);
    }
    let p = &v[18];
    assert_eq!(p.status, Status::Pending, "{p:?}");
    assert_eq!(p.at_ply, Some(19));
    assert!(p
        .clause
        .as_ref()
        .unwrap()
        .to_string()
        .starts_with("TW113 9-round rule"));
    // One check one idle is allowed (總綱 一將一停): neither side at fault → the draw route.
    assert_eq!(
        (p.reason, p.must_vary, p.result),
        (Some(Reason::RepetitionDraw), None, Outcome::Draw)
    );
    let ev = p.repetition.as_ref().unwrap();
    assert_eq!((ev.start_ply, ev.length), (1, 18));
    // AXF has no such rule: the same moves are ongoing (the exact loop recurred only twice).
    let (_, v) = referee(RuleSet::axf(), NINE, &moves[..19]);
    assert_eq!(v[18].status, Status::Ongoing);
}

/// The same checks, but the idle moves advance a soldier: progress, not a shuffle.
#[test]
fn nine_rounds_manoeuvre_with_progress_is_not_caught() {
    let fen = "4k4/9/3R5/9/9/4P4/P8/9/9/4K4 w - - 0 1";
    let moves = [
        "d7e7", "e9d9", "a3a4", "d9d8", "e7d7", "d8e8", "a4a5", "e8e9", "d7e7", "e9d9", "a5a6", "d9d8",
        "e7d7", "d8e8", "a6a7", "e8e9", "d7e7", "e9d9", "a7a8", "d9d8", "e7d7",
    ];
    let (_, v) = referee(RuleSet::tw113(), fen, &moves);
    assert!(v.iter().all(|v| v.status == Status::Ongoing), "{:?}", v.last());
}

/// The shuffler leaves the pattern (a second allowed move in a row): the pending state ends.
#[test]
fn nine_rounds_leaving_the_pattern_ends_the_pending_state() {
    let mut moves = times(&NINE_LOOP, 3)[..19].to_vec();
    moves.push("d9d8");
    moves.push("e7e5"); // idle after the idle d0e1: the shuffle is broken
    let (_, v) = referee(RuleSet::tw113(), NINE, &moves);
    assert_eq!(v[18].status, Status::Pending);
    assert_eq!(
        v[19].status,
        Status::Pending,
        "Black's move keeps Red's pending state"
    );
    assert_eq!(v[20].status, Status::Ongoing);
}

#[test]
fn nine_rounds_parameters_are_named() {
    let p = RuleSet::tw113().nine_rounds.unwrap();
    assert_eq!(
        (
            p.rounds,
            p.plies(),
            p.min_points,
            p.max_points,
            p.max_consecutive_allowed
        ),
        (9, 18, 3, 6, 1)
    );
    assert!(RuleSet::axf().nine_rounds.is_none());
    use arbiter::xiangqi::ninerounds::alternates;
    assert!(alternates(
        &p,
        &[true, false, true, false, true, false, true, false, true]
    ));
    assert!(alternates(&p, &[true; 9]));
    assert!(!alternates(
        &p,
        &[true, false, false, true, true, true, true, true, true]
    ));
    assert!(!alternates(&p, &[false; 1]));
}

// ---------------------------------------------------------------------------------------
// AXF / TW113 differences, each with a position where the books disagree.

/// `always_chase`: an advisor attacking a protected horse is a chase under AXF (reading of two
/// engines) but not under TW113, whose terms list only the chariot as such a target.
#[test]
fn difference_advisor_on_protected_horse() {
    let p = pos("5k3/9/3r5/9/9/9/9/3nK4/9/5A3 w - - 0 1");
    let axf = classify(&p, mv("f0e1"), &RuleSet::axf());
    let tw = classify(&p, mv("f0e1"), &RuleSet::tw113());
    assert_eq!(axf.kinds(), vec!["chase"]);
    assert_eq!(axf.chases[0].target.to_string(), "d2");
    assert_eq!(tw.kinds(), vec!["idle"]);
}

/// `screen_change_chases_unrivered_soldier`: a cannon that gets a new screen to attack an
/// unprotected soldier that has not crossed the river chases it under TW113 (the AXF text, Taiwan
/// variant of detailed rule 20), not under AXF (general rule 3).
#[test]
fn difference_screen_change_on_unrivered_soldier() {
    let p = pos("5k3/9/9/4p4/9/9/9/3N5/4C4/3K5 w - - 0 1");
    let axf = classify(&p, mv("d2e4"), &RuleSet::axf());
    let tw = classify(&p, mv("d2e4"), &RuleSet::tw113());
    assert_eq!(axf.kinds(), vec!["idle"]);
    assert_eq!(tw.kinds(), vec!["chase"]);
    assert_eq!(
        (tw.chases[0].chaser.to_string(), tw.chases[0].target.to_string()),
        ("e1".into(), "e6".into())
    );
    // A protected soldier (black advisor… here a black chariot on e9 behind it) is no chase
    // under either book: the variant speaks of 無根 pieces.
    let p = pos("4rk3/9/9/4p4/9/9/9/3N5/4C4/3K5 w - - 0 1");
    assert_eq!(classify(&p, mv("d2e4"), &RuleSet::tw113()).kinds(), vec!["idle"]);
}

/// The written procedure: TW113 ch.4 is cited when the extra cycle decides; AXF has none.
#[test]
fn difference_procedure_clause() {
    let (_, v) = referee(RuleSet::axf(), EX1, &times(&EX1_LOOP, 4));
    assert_eq!(
        v[15].procedure.unwrap(),
        "TW113 ch.4 procedure (AXF has none written)"
    );
    assert_eq!(v[15].clause.as_ref().unwrap(), "AXF detailed rule 1");
    assert_eq!(v[15].result, "0-1");
    assert_eq!(RuleSet::tw113().procedure_clause, "TW113 ch.4 procedure");
}

/// The rule-book diagrams (the WXF/AXF book's cycles and Fairy-Stockfish's suite) give the
/// same offences and the same side to vary under both books, except where a `RuleSet`
/// difference applies: wxf-86 (book diagram 60, red elephant shuttling as a new screen for
/// the cannon on an unrivered soldier: AXF general rule 3 draw; TW113 variant of detailed
/// rule 20, red must vary) and fsf-17 (Black's cannon moves make a new screen, alternately
/// the red soldier and itself, for the cannon behind on the unprotected unrivered soldier on
/// g4: 雙方僅移動砲台 — TW113 black must vary, AXF draw).
#[test]
fn book_cycles_agree_between_the_books() {
    let (axf, tw) = (RuleSet::axf(), RuleSet::by_id(RulesId::Tw113));
    let mut n = 0;
    let mut differ: Vec<(String, bool)> = Vec::new();
    for file in ["wxf-cycles.jsonl", "fsf-cycles.jsonl"] {
        let path = format!("{}/tests/fixtures/cases/{file}", env!("CARGO_MANIFEST_DIR"));
        for l in std::fs::read_to_string(path).unwrap().lines() {
            let Ok(c) = serde_json::from_str::<serde_json::Value>(l) else {
                continue;
            };
            if c["command"] != "cycle" {
                continue;
            }
            let id = c["id"].as_str().unwrap();
            let Ok(start) = Position::from_fen(c["fen"].as_str().unwrap()) else {
                continue;
            };
            let mut p = start.clone();
            let moves: Vec<Move> = c["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    let m = xiangqi::notation::parse_move(&p, m.as_str().unwrap()).unwrap().mv;
                    p.make_move(m);
                    m
                })
                .collect();
            let (Ok(a), Ok(t)) = (
                judge_cycle(&start, &moves, &axf),
                judge_cycle(&start, &moves, &tw),
            ) else {
                continue;
            };
            if a.verdict.must_vary != t.verdict.must_vary
                || (a.red.offence, a.black.offence) != (t.red.offence, t.black.offence)
            {
                let screen = t
                    .red
                    .moves
                    .iter()
                    .chain(&t.black.moves)
                    .flat_map(|f| &f.chases)
                    .any(|c| c.screen_change && c.target_kind == xiangqi::PieceKind::Soldier);
                differ.push((id.to_string(), screen));
            }
            n += 1;
        }
    }
    assert!(n >= 100, "only {n} cycles judged");
    assert_eq!(
        differ,
        vec![("wxf-86".to_string(), true), ("fsf-17".to_string(), true)]
    );
}
