//! `Referee::forbidden_moves` (the UCCI `banmoves` list) against its reference twin: every
//! legal move played on a copy of the referee and judged, no filter. On the 1999 Yan Wenqing –
//! Liu Dahua game (a perpetual chase by Red under AXF, samples/) at every ply, TW113 example 1
//! (a perpetual check) and a 9-round shuffle (TW113), under both rule books and 1 to 3 cycles.

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

fn moves_of(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .filter(|t| !t.ends_with('.') && t.len() == 4)
        .map(|t| Move::parse_iccs(t).unwrap())
        .collect()
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
    let games = [
        (Position::startpos(), moves_of(&movetext)),
        (
            Position::from_fen("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w").unwrap(),
            moves_of(&"f7e7 e9f9 e7f7 f9e9 ".repeat(4)),
        ),
        // TW113's 9-round rule: a check and an advisor shuffle among four points, the king on
        // a four-point round (no position three times within nine rounds).
        (
            Position::from_fen("4k4/9/3R5/9/9/4P4/9/9/9/3AK4 w - - 0 1").unwrap(),
            moves_of(&"d7e7 e9d9 d0e1 d9d8 e7d7 d8e8 e1d0 e8e9 ".repeat(3)),
        ),
    ];
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
