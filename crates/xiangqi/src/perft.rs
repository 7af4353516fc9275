//! Perft: counting the leaves of the legal move tree (a move generator's standard test).

use crate::position::{Move, Position};

/// Number of leaf nodes of the legal move tree of depth `depth` (plies) from `pos`, counting
/// the legal moves at the last ply without making them ("bulk counting"). `pos` is restored.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for &m in moves.iter() {
        let u = pos.make_move(m);
        n += perft(pos, depth - 1);
        pos.unmake_move(m, u);
    }
    n
}

/// As [`perft`] but making every move down to the leaves (no bulk counting): the baseline
/// for the benchmark.
pub fn perft_full(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for &m in pos.legal_moves().iter() {
        let u = pos.make_move(m);
        n += perft_full(pos, depth - 1);
        pos.unmake_move(m, u);
    }
    n
}

/// Leaves per first move: `(move, count)` in generation order; the counts add up to
/// `perft(pos, depth)`. Depth 0 gives an empty list.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &m in pos.legal_moves().iter() {
        let u = pos.make_move(m);
        out.push((m, perft(pos, depth - 1)));
        pos.unmake_move(m, u);
    }
    out
}
