//! Position identity (FIDE 9.2.3) and the repetition table of a game.
//!
//! Two positions are the same when the same side is to move, the same kinds and colours of
//! pieces stand on the same squares, and the possible moves of all pieces are the same. So the
//! key holds: the pieces, the side to move, the castling *rights* (lost for good once king or
//! rook has moved, kept while castling is only temporarily impossible) and the en passant
//! square **only when a legal en passant capture exists** (a double step with no legal capture
//! leaves a position identical to one reached otherwise).

use std::hash::{Hash, Hasher};

use crate::key_map::KeyMap;

use shakmaty::{Chess, Color, Position, Role, Square};

/// The identity of a position under FIDE 9.2.3. Exact (no hashing shortcut): equal keys are
/// equal positions. Its hash is its 64-bit fingerprint (equal keys, equal fingerprints).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionKey {
    pieces: [u64; 8],
    castling: u64,
    ep: Option<Square>,
    turn: Color,
}

impl PositionKey {
    /// The key of `pos` (FIDE 9.2.3).
    pub fn of(pos: &Chess) -> PositionKey {
        let board = pos.board();
        let pieces = [
            board.by_role(Role::Pawn).0,
            board.by_role(Role::Knight).0,
            board.by_role(Role::Bishop).0,
            board.by_role(Role::Rook).0,
            board.by_role(Role::Queen).0,
            board.by_role(Role::King).0,
            board.by_color(Color::White).0,
            board.by_color(Color::Black).0,
        ];
        // `legal_ep_square` is only worth computing after a double step.
        let ep = match pos.maybe_ep_square() {
            Some(_) => pos.legal_ep_square(),
            None => None,
        };
        PositionKey {
            pieces,
            castling: pos.castles().castling_rights().0,
            ep,
            turn: pos.turn(),
        }
    }

    /// The side to move in this position.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// A 64-bit mix of the key: the hash of the repetition table, whose buckets are chosen by
    /// the low bits and told apart by the high ones (a collision only costs a comparison of
    /// the whole keys).
    fn fingerprint(&self) -> u64 {
        // Rotations keep the eight bitboards apart; one multiply mixes the bits upwards, the
        // final shift brings the mixed high half down to the low bits.
        let mut h = self.castling ^ u64::from(self.turn == Color::White);
        for (i, p) in self.pieces.iter().enumerate() {
            h ^= p.rotate_left(i as u32 * 7);
        }
        let x = (h ^ self.ep.map_or(0, |s| u64::from(s) + 1)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^ (x >> 32)
    }

    /// The occupied squares (as a bitboard).
    pub fn occupied(&self) -> u64 {
        self.pieces[6] | self.pieces[7]
    }
}

impl Hash for PositionKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.fingerprint());
    }
}

/// Occurrences of positions over a game, for threefold (9.2) and fivefold (9.6.1) repetition.
///
/// Positions before a pawn move or a capture can never occur again, so the table keeps only the
/// positions since the last such move (the "window"); counts are exact within it. The start
/// position (of the game or of the FEN) is the first occurrence of its position.
///
/// Cost: one hash-map look-up per position recorded or counted (keyed by the position's
/// fingerprint, the whole position compared on a match), whatever the window's length.
#[derive(Debug, Clone)]
pub struct RepetitionTable {
    /// Occurrences of each distinct position of the window.
    counts: KeyMap<PositionKey, u32>,
    /// For each side to move (white = 0), the distinct positions of the window with that side
    /// to move that have already appeared at least twice.
    twice: [Vec<PositionKey>; 2],
    /// The occurrences one short of the claim (FIDE 9.2.1: 3 − 1 = 2) that put a position on
    /// `twice`.
    near: u32,
}

fn side_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Default for RepetitionTable {
    /// [`RepetitionTable::new`].
    fn default() -> RepetitionTable {
        RepetitionTable::new()
    }
}

impl RepetitionTable {
    /// An empty table (room for a window of 64 positions before it grows) for FIDE's
    /// threefold claim ([`super::Fide::LAWS_2023`]).
    pub fn new() -> RepetitionTable {
        RepetitionTable::for_claim_at(super::Fide::LAWS_2023.threefold)
    }

    /// An empty table for a claim at `threefold` occurrences ([`super::Fide::threefold`]):
    /// [`RepetitionTable::twice_seen`] lists the positions one occurrence short of it.
    pub fn for_claim_at(threefold: u32) -> RepetitionTable {
        RepetitionTable {
            counts: KeyMap::with_capacity_and_hasher(64, Default::default()),
            twice: [Vec::new(), Vec::new()],
            near: threefold.saturating_sub(1).max(1),
        }
    }

    /// Records one occurrence of `key`; `irreversible` says the move that produced it was a
    /// pawn move or a capture (the older positions are then forgotten). Returns how many times
    /// the position has now appeared (1 = first time).
    pub fn record(&mut self, key: PositionKey, irreversible: bool) -> u32 {
        if irreversible {
            self.counts.clear();
            self.twice[0].clear();
            self.twice[1].clear();
        }
        let count = self.counts.entry(key).or_insert(0);
        *count = count.saturating_add(1);
        let count = *count;
        if count == self.near {
            self.twice[side_index(key.turn)].push(key);
        }
        count
    }

    /// How many times `key` has appeared so far (within the window).
    pub fn count(&self, key: &PositionKey) -> u32 {
        self.counts.get(key).copied().unwrap_or(0)
    }

    /// Whether some position with `turn` to move has appeared at least twice (one short of the
    /// claim's count, see [`RepetitionTable::for_claim_at`]): only then can a move produce a
    /// third occurrence (used to skip needless intended-move searches).
    pub fn any_twice(&self, turn: Color) -> bool {
        !self.twice[side_index(turn)].is_empty()
    }

    /// The positions with `turn` to move that have appeared at least twice (one short of the
    /// claim's count).
    pub fn twice_seen(&self, turn: Color) -> &[PositionKey] {
        &self.twice[side_index(turn)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn keys_after(sans: &[&str]) -> Vec<(PositionKey, bool)> {
        let mut pos = Chess::default();
        let mut out = vec![(PositionKey::of(&pos), false)];
        for san in sans {
            let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            out.push((PositionKey::of(&pos), m.is_zeroing()));
        }
        out
    }

    /// Knights out and back twice: the start position appears at plies 0, 4 and 8 (3 times,
    /// FIDE 9.2.3), the position after 1. Nf3 at plies 1, 5; a pawn move forgets the window.
    #[test]
    fn counts_follow_the_game() {
        let shuffle = [
            "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8",
        ];
        let mut table = RepetitionTable::new();
        let counts: Vec<u32> = keys_after(&shuffle)
            .into_iter()
            .map(|(k, z)| table.record(k, z))
            .collect();
        assert_eq!(counts, [1, 1, 1, 1, 2, 2, 2, 2, 3, 1, 1, 1, 1, 1, 1]);
        // Ke2 Ke7 Ke1 Ke8 restores the board, not the castling rights: a new position.
        assert!(!table.any_twice(Color::White) && !table.any_twice(Color::Black));
    }

    /// Positions recorded out of game order (two with the same side to move in a row) are
    /// still all compared.
    #[test]
    fn counts_out_of_order() {
        let keys = keys_after(&["Nf3", "Nf6", "Ng1", "Ng8"]);
        let mut table = RepetitionTable::new();
        let white = [keys[0].0, keys[2].0, keys[0].0, keys[4].0, keys[2].0];
        let counts: Vec<u32> = white.into_iter().map(|k| table.record(k, false)).collect();
        assert_eq!(counts, [1, 1, 2, 3, 2]);
        assert_eq!(table.count(&keys[0].0), 3);
        assert_eq!(table.count(&keys[1].0), 0);
    }
}
