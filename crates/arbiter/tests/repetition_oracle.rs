//! The chess repetition table (a hash map, one look-up per ply) against the scan it replaced:
//! every position of the window since the last pawn move or capture compared with the new one
//! (every other position while the sides to move alternate). Random games, mostly quiet moves
//! so that positions recur, checked ply by ply: the count recorded, the count asked afterwards
//! and the positions seen twice per side to move.

#[path = "common/scan_table.rs"]
mod scan_table;

use arbiter::chess::{PositionKey, RepetitionTable};
use scan_table::{side_index, ScanTable};
use shakmaty::{Chess, Color, Move, Position};

/// xorshift64*: a fixed sequence, so a failure names its game.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal move: quiet moves 19 times in 20 when there are any (pawn moves and captures
/// reset the window), and among them a move back to where the piece came from half the time.
fn pick(rng: &mut Rng, pos: &Chess, last_of_mover: Option<Move>) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let quiet: Vec<Move> = moves.iter().copied().filter(|m| !m.is_zeroing()).collect();
    if quiet.is_empty() || rng.below(20) == 0 {
        return Some(moves[rng.below(moves.len())]);
    }
    if rng.below(2) == 0 {
        if let Some(back) = last_of_mover.and_then(|l| {
            quiet
                .iter()
                .copied()
                .find(|m| m.from() == Some(l.to()) && m.to() == l.from().unwrap_or(l.to()))
        }) {
            return Some(back);
        }
    }
    Some(quiet[rng.below(quiet.len())])
}

#[test]
fn counts_equal_the_scan_on_random_games() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut plies, mut max_count, mut thrice) = (0usize, 0u32, 0usize);
    for game in 0..200 {
        let mut pos = Chess::default();
        let (mut table, mut scan) = (RepetitionTable::new(), ScanTable::default());
        let start = PositionKey::of(&pos);
        assert_eq!(table.record(start, false), scan.record(start, false));
        let mut history: Vec<PositionKey> = vec![start];
        let mut last = [None, None];
        for ply in 1..=300 {
            let mover = side_index(pos.turn());
            let Some(m) = pick(&mut rng, &pos, last[mover]) else {
                break;
            };
            last[mover] = Some(m);
            pos.play_unchecked(m);
            let key = PositionKey::of(&pos);
            let (new, old) = (
                table.record(key, m.is_zeroing()),
                scan.record(key, m.is_zeroing()),
            );
            assert_eq!(new, old, "game {game}, ply {ply}: recorded count");
            plies += 1;
            max_count = max_count.max(new);
            thrice += usize::from(new >= 3);
            // Any earlier position asked again (in or out of the window).
            let probe = history[rng.below(history.len())];
            assert_eq!(
                table.count(&probe),
                scan.count(&probe),
                "game {game}, ply {ply}: count asked"
            );
            for side in [Color::White, Color::Black] {
                let mut a = table.twice_seen(side).to_vec();
                let mut b = scan.twice_seen(side).to_vec();
                let order = |k: &PositionKey| format!("{k:?}");
                a.sort_by_key(order);
                b.sort_by_key(order);
                assert_eq!(a, b, "game {game}, ply {ply}: positions seen twice");
                assert_eq!(table.any_twice(side), !b.is_empty());
            }
            history.push(key);
        }
    }
    // The games must exercise the counts the rules act on (3 = claim, 5 = the end).
    assert!(plies > 50_000, "{plies} plies");
    assert!(
        max_count >= 5 && thrice > 500,
        "max count {max_count}, {thrice} plies at 3 or more"
    );
}

/// Positions recorded out of game order (two with the same side to move in a row): the scan
/// then compares every position; the map needs no such care.
#[test]
fn counts_equal_the_scan_out_of_order() {
    let mut rng = Rng(7);
    let mut pos = Chess::default();
    let mut keys = vec![PositionKey::of(&pos)];
    for _ in 0..40 {
        let Some(m) = pick(&mut rng, &pos, None) else {
            break;
        };
        pos.play_unchecked(m);
        keys.push(PositionKey::of(&pos));
    }
    let (mut table, mut scan) = (RepetitionTable::new(), ScanTable::default());
    for _ in 0..2000 {
        let k = keys[rng.below(keys.len())];
        let z = rng.below(50) == 0;
        assert_eq!(table.record(k, z), scan.record(k, z));
        let probe = keys[rng.below(keys.len())];
        assert_eq!(table.count(&probe), scan.count(&probe));
    }
}
