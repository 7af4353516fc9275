//! `forbidden` (the list a UCCI manager sends as `banmoves`) on a xiangqi middlegame: about 40
//! legal moves, 100 plies of history without a capture (so every position since the start can
//! recur), the last 8 plies a chariot-and-horse loop that the side to move could continue.
//! Goal: under 1 ms per call. Measured under AXF (only moves back to a seen position are
//! judged) and TW113 (also the moves whose last nine rounds have the 9-round rule's shape).
//! Also `conceding`, which `arbiter proxy --match` adds to it at each search.
//! Run: `cargo bench -p arbiter-referee --bench forbidden`.

use arbiter::xiangqi::referee::Referee;
use arbiter::xiangqi::rules::RuleSet;
use criterion::{criterion_group, criterion_main, Criterion};
use std::collections::HashSet;
use std::hint::black_box;
use xiangqi::{Move, Position};

/// 92 quiet plies chosen deterministically (no capture, no position twice, never a position
/// without a legal move), then two rounds of a loop: a chariot and a horse out and back.
fn middlegame() -> (Position, Vec<Move>) {
    let start = Position::startpos();
    let mut pos = start.clone();
    let mut seen = HashSet::from([pos.key()]);
    let mut moves = Vec::new();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    while moves.len() < 92 {
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let first = (state % legal.len() as u64) as usize;
        let pick = (0..legal.len())
            .map(|k| legal[(first + k) % legal.len()])
            .find(|&m| {
                let mut p = pos.clone();
                p.make_move(m);
                let quiet = p.pieces().count() == pos.pieces().count();
                quiet && !seen.contains(&p.key()) && !p.legal_moves().is_empty()
            })
            .expect("a quiet new move");
        pos.make_move(pick);
        seen.insert(pos.key());
        moves.push(pick);
    }
    // A loop of four plies, twice: each side moves a piece out and back.
    let back = |m: Move| Move {
        from: m.to,
        to: m.from,
    };
    let quiet = |p: &Position, m: Move| {
        let mut q = p.clone();
        p.is_legal(m) && q.make_move(m).captured.is_none()
    };
    let legal = |p: &Position| -> Vec<Move> { p.legal_moves().iter().copied().collect() };
    let (a, b) = legal(&pos)
        .into_iter()
        .filter(|&a| quiet(&pos, a))
        .find_map(|a| {
            let mut p = pos.clone();
            p.make_move(a);
            let b = legal(&p).into_iter().find(|&b| {
                let mut q = p.clone();
                q.make_move(b);
                quiet(&p, b) && quiet(&q, back(a)) && {
                    q.make_move(back(a));
                    quiet(&q, back(b))
                }
            })?;
            Some((a, b))
        })
        .expect("a move out and back for each side");
    let mut loop_moves = Vec::new();
    for _ in 0..2 {
        loop_moves.extend([a, b, back(a), back(b)]);
    }
    moves.extend(loop_moves);
    (start, moves)
}

fn forbidden(c: &mut Criterion) {
    let (start, moves) = middlegame();
    assert_eq!(moves.len(), 100);
    for (name, rules) in [("axf", RuleSet::axf()), ("tw113", RuleSet::tw113())] {
        let mut r = Referee::new(rules, start.clone(), 3);
        r.replay(&moves);
        let legal = r.position().legal_moves().len();
        let banned = r.forbidden_moves();
        eprintln!(
            "{name}: {legal} legal moves after {} plies; verdict {:?}; forbidden {banned:?}",
            moves.len(),
            r.verdict().status
        );
        c.bench_function(
            &format!("forbidden {name} ({legal} legal moves, 100 plies)"),
            |b| b.iter(|| black_box(&r).forbidden_moves()),
        );
        // What `arbiter proxy --match` adds at each search: the moves the opponent could
        // answer by completing the repetition (a copy of the referee judged per candidate).
        c.bench_function(
            &format!("conceding {name} ({legal} legal moves, 100 plies)"),
            |b| b.iter(|| black_box(&r).conceding()),
        );
    }
}

criterion_group!(benches, forbidden);
criterion_main!(benches);
