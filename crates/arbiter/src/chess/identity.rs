//! Position identity (FIDE 9.2.3) and the repetition table of a game.
//!
//! Two positions are the same when the same side is to move, the same kinds and colours of
//! pieces stand on the same squares, and the possible moves of all pieces are the same. So the
//! key holds: the pieces, the side to move, the castling *rights* (lost for good once king or
//! rook has moved, kept while castling is only temporarily impossible) and the en passant
//! square **only when a legal en passant capture exists** (a double step with no legal capture
//! leaves a position identical to one reached otherwise).

use shakmaty::{Chess, Color, Position, Role, Square};

/// The identity of a position under FIDE 9.2.3. Exact (no hashing shortcut): equal keys are
/// equal positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// A 64-bit mix of the key, compared before the whole key.
    fn fingerprint(&self) -> u64 {
        let mut h = self.castling ^ u64::from(self.turn == Color::White);
        for (i, p) in self.pieces.iter().enumerate() {
            h = (h ^ p.rotate_left(i as u32 * 7)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        h ^ self.ep.map_or(0, |s| u64::from(s) + 1)
    }

    /// The occupied squares (as a bitboard).
    pub fn occupied(&self) -> u64 {
        self.pieces[6] | self.pieces[7]
    }
}

/// Occurrences of positions over a game, for threefold (9.2) and fivefold (9.6.1) repetition.
///
/// Positions before a pawn move or a capture can never occur again, so the table keeps only the
/// positions since the last such move (the "window"); counts are exact within it. The start
/// position (of the game or of the FEN) is the first occurrence of its position.
#[derive(Debug, Default, Clone)]
pub struct RepetitionTable {
    /// The fingerprints of the window's positions, in order (scanned first: 8 bytes each).
    fingerprints: Vec<u64>,
    /// The window's positions, parallel to `fingerprints`.
    keys: Vec<PositionKey>,
    /// For each side to move (white = 0), the distinct positions of the window with that side
    /// to move that have already appeared at least twice.
    twice: [Vec<PositionKey>; 2],
}

fn side_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl RepetitionTable {
    /// An empty table.
    pub fn new() -> RepetitionTable {
        RepetitionTable::default()
    }

    /// Records one occurrence of `key`; `irreversible` says the move that produced it was a
    /// pawn move or a capture (the older positions are then forgotten). Returns how many times
    /// the position has now appeared (1 = first time).
    pub fn record(&mut self, key: PositionKey, irreversible: bool) -> u32 {
        if irreversible {
            self.fingerprints.clear();
            self.keys.clear();
            self.twice[0].clear();
            self.twice[1].clear();
        }
        let f = key.fingerprint();
        let count = self.count_with(f, &key) + 1;
        if count == 2 {
            self.twice[side_index(key.turn)].push(key);
        }
        self.fingerprints.push(f);
        self.keys.push(key);
        count
    }

    /// How many times `key` has appeared so far (within the window).
    pub fn count(&self, key: &PositionKey) -> u32 {
        self.count_with(key.fingerprint(), key)
    }

    fn count_with(&self, fingerprint: u64, key: &PositionKey) -> u32 {
        let n = self
            .fingerprints
            .iter()
            .zip(&self.keys)
            .filter(|(g, k)| **g == fingerprint && *k == key)
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Whether some position with `turn` to move has appeared at least twice: only then can a
    /// move produce a third occurrence (used to skip needless intended-move searches).
    pub fn any_twice(&self, turn: Color) -> bool {
        !self.twice[side_index(turn)].is_empty()
    }

    /// The positions with `turn` to move that have appeared at least twice.
    pub fn twice_seen(&self, turn: Color) -> &[PositionKey] {
        &self.twice[side_index(turn)]
    }
}
