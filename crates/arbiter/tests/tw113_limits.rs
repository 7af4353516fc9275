//! Natural move limits (docs/tw113.md): the TW113 worked example (100 plies,
//! 12 claimant checks → 98 counted → the claim fails, foul and −300 s), the perpetual-cycle
//! discount, the 40-move mode, AXF's 120 plies, and the Referee's first claimable plies.

use arbiter::xiangqi::limits::{judge_claim, LimitError, LimitMode, NaturalMoveCounter};
use arbiter::xiangqi::referee::Referee;
use arbiter::xiangqi::rules::RuleSet;
use arbiter::xiangqi::verdict::Status;
use xiangqi::{Color, Move, Position};

/// A deterministic capture-free game of `plies` plies from a sparse position in which Red
/// gives exactly `red_checks` checks (spread out), Black none, and no position repeats three
/// times in a row of loops.
fn game(plies: usize, red_checks: usize) -> (Position, Vec<Move>) {
    let start = Position::from_fen("3k5/9/9/9/9/2P3P2/9/9/9/R2AK4 w - - 0 1").unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut checks = 0;
    let mut seen = std::collections::HashMap::<u64, u32>::new();
    for ply in 0..plies {
        let side = pos.side_to_move();
        let want_check = side == Color::Red && checks < red_checks && ply % 8 == 0;
        let candidates: Vec<(Move, bool)> = pos
            .legal_moves()
            .iter()
            .filter(|m| pos.piece_at(m.to).is_none())
            .filter_map(|&m| {
                let mut p = pos.clone();
                p.make_move(m);
                let check = p.in_check(side.opponent());
                let ok = p.has_legal_move()
                    && check == want_check
                    && seen.get(&p.key()).copied().unwrap_or(0) < 2
                    && !(p.piece_at(m.to).unwrap().kind == xiangqi::PieceKind::Soldier && m.to.rank() >= 8);
                ok.then_some((m, check))
            })
            .collect();
        assert!(!candidates.is_empty(), "no move at ply {ply}");
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let (m, check) = candidates[(seed % candidates.len() as u64) as usize];
        checks += usize::from(check);
        pos.make_move(m);
        *seen.entry(pos.key()).or_default() += 1;
        moves.push(m);
    }
    assert_eq!(checks, red_checks);
    (start, moves)
}

/// Seed 000 §5: 100 plies without a capture, 12 of them the claimant's checks → the 2 checks
/// beyond 10 are not counted → 98 < 100: the claim fails; foul and 5 minutes off.
#[test]
fn seed_worked_example_100_plies_12_checks() {
    let (start, moves) = game(100, 12);
    let c = judge_claim(&RuleSet::tw113(), LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!(c.by, Color::Red);
    assert_eq!(c.at_ply, 100);
    assert_eq!(
        (
            c.count.plies,
            c.count.claimant_checks,
            c.count.claimant_checks_discounted,
            c.count.perpetual_plies_discounted,
            c.count.counted,
            c.count.needed
        ),
        (100, 12, 2, 0, 98, 100)
    );
    assert!(!c.valid);
    let p = c.penalty.unwrap();
    assert_eq!((p.claimant_clock_seconds, p.foul), (-300, true));
    assert_eq!(p.clause, "TW113 natural move limit");
    assert_eq!(c.steps().len(), 4);
    // Two more plies without checks: 102 − 2 = 100 → valid, no penalty.
    let (start, moves) = game(102, 12);
    let c = judge_claim(&RuleSet::tw113(), LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!((c.count.counted, c.valid, c.penalty), (100, true, None));
}

/// With at most 10 checks nothing is discounted: 100 plies are enough under TW113.
#[test]
fn tw113_100_plies_with_10_checks_hold() {
    let (start, moves) = game(100, 10);
    let c = judge_claim(&RuleSet::tw113(), LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!((c.count.counted, c.valid), (100, true));
    // The claim is the side to move's: at ply 99 Black claims with 99 plies: short.
    let c = judge_claim(&RuleSet::tw113(), LimitMode::Standard, &start, &moves, Some(99)).unwrap();
    assert_eq!((c.by, c.count.plies, c.valid), (Color::Black, 99, false));
}

/// AXF vs TW113: the same 100 plies hold under TW113 and are short under AXF (120 plies,
/// no penalty written).
#[test]
fn difference_axf_needs_120_plies() {
    let (start, moves) = game(120, 10);
    let axf = RuleSet::axf();
    let c = judge_claim(&axf, LimitMode::Standard, &start, &moves, Some(100)).unwrap();
    assert_eq!((c.count.needed, c.valid, c.penalty), (120, false, None));
    let c = judge_claim(&axf, LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!((c.count.counted, c.valid), (120, true));
    assert!(
        judge_claim(&RuleSet::tw113(), LimitMode::Standard, &start, &moves, Some(100))
            .unwrap()
            .valid
    );
}

/// TW113's 40-move mode: 80 plies, its own mode; AXF has none.
#[test]
fn forty_move_mode_is_separate() {
    let (start, moves) = game(80, 0);
    let tw = RuleSet::tw113();
    let c = judge_claim(&tw, LimitMode::Alternative, &start, &moves, None).unwrap();
    assert_eq!((c.count.needed, c.valid), (80, true));
    assert_eq!(
        c.clause,
        "TW113 natural move limit (40-move alternative, 80 plies)"
    );
    let c = judge_claim(&tw, LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!((c.count.needed, c.valid), (100, false));
    assert_eq!(
        judge_claim(&RuleSet::axf(), LimitMode::Alternative, &start, &moves, None),
        Err(LimitError::NoAlternative { rules: "axf" })
    );
}

/// A capture restarts the count.
#[test]
fn capture_restarts_the_count() {
    let start = Position::from_fen("4k4/9/9/9/9/4P4/9/9/p8/R3K4 w - - 0 1").unwrap();
    let moves: Vec<Move> = ["a0a1", "e9d9", "a1b1", "d9e9"]
        .iter()
        .map(|m| Move::parse_iccs(m).unwrap())
        .collect();
    let c = judge_claim(&RuleSet::tw113(), LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!((c.window_start_ply, c.count.plies), (1, 3));
}

/// TW113: plies of a perpetual check repetition count for at most 3 of its cycles; AXF counts
/// them all. Seed 000 example 1 played 5 times: 20 plies, cycles 4–5 (8 plies) not counted.
#[test]
fn difference_perpetual_cycles_discount() {
    let start = Position::from_fen("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1").unwrap();
    let moves: Vec<Move> = ["f7e7", "e9f9", "e7f7", "f9e9"]
        .iter()
        .cycle()
        .take(20)
        .map(|m| Move::parse_iccs(m).unwrap())
        .collect();
    let c = judge_claim(&RuleSet::tw113(), LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!(c.count.plies, 20);
    assert_eq!(c.count.perpetual_plies_discounted, 8);
    assert_eq!(c.count.claimant_checks, 6, "Red's checks in the 12 counted plies");
    assert_eq!(c.count.counted, 12);
    assert_eq!(c.perpetual_spans.len(), 1);
    assert_eq!(
        (c.perpetual_spans[0].start_ply, c.perpetual_spans[0].loop_plies),
        (0, 4)
    );
    let c = judge_claim(&RuleSet::axf(), LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!((c.count.perpetual_plies_discounted, c.count.counted), (0, 20));
    // An idle repetition (TW113 example 3) is not discounted.
    let start = Position::from_fen("3ak4/9/9/9/9/4P4/9/9/9/3AK4 w - - 0 1").unwrap();
    let moves: Vec<Move> = ["d0e1", "d9e8", "e1d0", "e8d9"]
        .iter()
        .cycle()
        .take(20)
        .map(|m| Move::parse_iccs(m).unwrap())
        .collect();
    let c = judge_claim(&RuleSet::tw113(), LimitMode::Standard, &start, &moves, None).unwrap();
    assert_eq!(c.count.perpetual_plies_discounted, 0);
}

/// The counter's upper bound never under-counts and costs one check test per ply.
#[test]
fn counter_upper_bound() {
    let limit = RuleSet::tw113().natural_move_limit;
    let mut c = NaturalMoveCounter::new(0);
    for i in 0..100 {
        let mover = if i % 2 == 0 { Color::Red } else { Color::Black };
        c.push(mover, false, mover == Color::Red && i < 24);
    }
    assert_eq!((c.plies(), c.checks(Color::Red)), (100, 12));
    assert_eq!(c.upper_bound(Color::Red, &limit), 98);
    assert_eq!(c.upper_bound(Color::Black, &limit), 100);
    c.push(Color::Red, true, false);
    assert_eq!(c.plies(), 0);
}

/// Judge level: the Referee reports the first ply where each side's claim holds, and the game
/// is `claimable` at the end when the side to move may claim.
#[test]
fn referee_reports_first_claim_plies() {
    let (start, moves) = game(103, 12);
    let mut r = Referee::new(RuleSet::tw113(), start.clone(), 3);
    for &m in &moves {
        r.push(m).unwrap();
    }
    // Red (12 checks): 102 plies − 2 = 100 at ply 102; Black (no checks): ply 101.
    assert_eq!(
        r.natural_limit_claims(),
        vec![(Color::Black, 101), (Color::Red, 102)]
    );
    assert_eq!(r.verdict().status, Status::Claimable);
    let mut r = Referee::new(RuleSet::axf(), start, 3);
    for &m in &moves {
        r.push(m).unwrap();
    }
    assert!(r.natural_limit_claims().is_empty());
    assert_eq!(r.verdict().status, Status::Ongoing);
}

/// The referee's counter is exact whether its checks were counted on demand (fewer plies than
/// the limit: the referee does not test each ply for check then) or ply by ply past the limit,
/// under both rule sets (TW113 limit 100 plies, AXF 120).
#[test]
fn referee_counter_exact_below_and_past_the_limit() {
    for (plies, red_checks) in [(40, 5), (99, 12), (100, 12), (110, 14)] {
        let (start, moves) = game(plies, red_checks);
        for rules in [RuleSet::tw113(), RuleSet::axf()] {
            let mut r = Referee::new(rules.clone(), start.clone(), 3);
            r.replay(&moves);
            let c = r.natural_move_counter();
            assert_eq!(
                (c.plies(), c.checks(Color::Red), c.checks(Color::Black)),
                (plies as u32, red_checks as u32, 0),
                "{plies} plies"
            );
            let mut r = Referee::new(rules, start.clone(), 3);
            for &m in &moves {
                r.push(m).unwrap();
            }
            assert_eq!(r.natural_move_counter(), c, "{plies} plies, move by move");
        }
    }
}
