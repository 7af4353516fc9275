//! `Referee::forbidden_moves` (the UCCI `banmoves` list) against its reference twin: every
//! legal move played on a copy of the referee and judged, no filter. On the 1999 Yan Wenqing –
//! Liu Dahua game (a perpetual chase by Red under AXF, samples/) at every ply, TW113 example 1
//! (a perpetual check) and a 9-round shuffle (TW113), under both rule books and 1 to 3 cycles.
//! `Referee::conceding` (what `arbiter proxy --match` also forbids) likewise, against every
//! move and every reply played and judged.

use arbiter::xiangqi::referee::Referee;
use arbiter::xiangqi::rules::RuleSet;
use arbiter::xiangqi::verdict::Status;
use xiangqi::{Move, Position};

fn reference(r: &Referee) -> Vec<Move> {
    if r.verdict().status == Status::Decided {
        return Vec::new();
    }
    let mover = r.position().side_to_move();
    r.position()
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| {
            let mut c = r.clone();
            let v = c.push(m).unwrap();
            matches!(v.status, Status::Pending | Status::Decided) && v.must_vary == Some(mover)
        })
        .collect()
}

/// `Referee::conceding`'s twin: every legal move that is not forbidden, and every reply to it,
/// played on copies and judged, no filter; the first reply that puts the mover at fault.
fn conceding_reference(r: &Referee) -> Vec<(Move, Move)> {
    if r.verdict().status == Status::Decided {
        return Vec::new();
    }
    let mover = r.position().side_to_move();
    let forbidden = reference(r);
    let mut out = Vec::new();
    for &m in r.position().legal_moves().iter() {
        if forbidden.contains(&m) {
            continue;
        }
        let mut after = r.clone();
        if after.push(m).unwrap().status == Status::Decided {
            continue;
        }
        let reply = after.position().legal_moves().iter().copied().find(|&reply| {
            let mut c = after.clone();
            let v = c.push(reply).unwrap();
            matches!(v.status, Status::Pending | Status::Decided) && v.must_vary == Some(mover)
        });
        out.extend(reply.map(|reply| (m, reply)));
    }
    out
}

fn moves_of(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .filter(|t| !t.ends_with('.') && t.len() == 4)
        .map(|t| Move::parse_iccs(t).unwrap())
        .collect()
}

/// TW113 example 1 (a perpetual check) and TW113's 9-round rule: a check and an advisor shuffle
/// among four points, the king on a four-point round (no position three times within nine
/// rounds).
fn small_games() -> Vec<(Position, Vec<Move>)> {
    vec![
        (
            Position::from_fen("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w").unwrap(),
            moves_of(&"f7e7 e9f9 e7f7 f9e9 ".repeat(4)),
        ),
        (
            Position::from_fen("4k4/9/3R5/9/9/4P4/9/9/9/3AK4 w - - 0 1").unwrap(),
            moves_of(&"d7e7 e9d9 d0e1 d9d8 e7d7 d8e8 e1d0 e8e9 ".repeat(3)),
        ),
    ]
}

#[test]
fn forbidden_moves_equal_the_reference_at_every_ply() {
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/xiangqi-perpetual-chase.pgn"
    ))
    .unwrap();
    let movetext: String = sample
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut games = vec![(Position::startpos(), moves_of(&movetext))];
    games.extend(small_games());
    let mut non_empty = 0;
    for (start, moves) in &games {
        for (name, rules) in [("axf", RuleSet::axf()), ("tw113", RuleSet::tw113())] {
            for cycles in 1..=3 {
                let mut r = Referee::new(rules.clone(), start.clone(), cycles);
                for (ply, &m) in moves.iter().enumerate() {
                    let fast = r.forbidden_moves();
                    assert_eq!(fast, reference(&r), "{name}, {cycles} cycles, ply {ply}");
                    non_empty += usize::from(!fast.is_empty());
                    r.push(m).unwrap();
                }
            }
        }
    }
    // The perpetual check forbids Red's next check at every pending position.
    assert!(non_empty >= 6, "{non_empty}");
}

#[test]
fn conceding_moves_equal_the_reference_at_every_ply() {
    let mut games = small_games();
    // A chariot chasing an unprotected cannon between two points (AXF: Red must vary).
    games.push((
        Position::from_fen("4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w").unwrap(),
        moves_of(&"a3b3 b5a5 b3a3 a5b5 ".repeat(4)),
    ));
    let mut found = 0;
    for (start, moves) in &games {
        for (name, rules) in [("axf", RuleSet::axf()), ("tw113", RuleSet::tw113())] {
            for cycles in 1..=3 {
                let mut r = Referee::new(rules.clone(), start.clone(), cycles);
                for (ply, &m) in moves.iter().enumerate() {
                    let fast: Vec<(Move, Move)> = r
                        .conceding()
                        .into_iter()
                        .map(|f| (f.mv, f.reply.expect("a conceding move names its reply")))
                        .collect();
                    assert_eq!(
                        fast,
                        conceding_reference(&r),
                        "{name}, {cycles} cycles, ply {ply}"
                    );
                    found += fast.len();
                    if r.push(m).is_err() || r.verdict().status == Status::Decided {
                        break;
                    }
                }
            }
        }
    }
    assert!(found >= 6, "{found}");
}
