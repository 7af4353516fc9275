//! Positions: the board, side to move, clocks and Zobrist key; making and unmaking moves.

use crate::piece::{Color, Piece, PieceKind};
use crate::square::Square;
use crate::zobrist;
use std::fmt;

/// A move from one point to another (captures are implied by the destination's occupant).
/// Written in ICCS as `h2e2`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parse ICCS coordinates: `h2e2`, `h2-e2`, `H2-E2`. Only the syntax is checked.
    pub fn parse_iccs(s: &str) -> Option<Move> {
        if let &[f1, r1, f2, r2] = s.as_bytes() {
            // The common form, read byte by byte.
            let square = |f: u8, r: u8| {
                let f = f.to_ascii_lowercase();
                if (b'a'..=b'i').contains(&f) && r.is_ascii_digit() {
                    Square::new(i32::from(f - b'a'), i32::from(r - b'0'))
                } else {
                    None
                }
            };
            return Some(Move::new(square(f1, r1)?, square(f2, r2)?));
        }
        let t = s.trim();
        let (a, b) = match t.len() {
            4 => (t.get(0..2)?, t.get(2..4)?),
            5 if t.as_bytes()[2] == b'-' => (t.get(0..2)?, t.get(3..5)?),
            _ => return None,
        };
        Some(Move::new(Square::parse(a)?, Square::parse(b)?))
    }

    /// The move seen from the other side (both points rotated 180°).
    pub fn flipped(self) -> Move {
        Move::new(self.from.flipped(), self.to.flipped())
    }

    /// The move mirrored left–right.
    pub fn mirrored(self) -> Move {
        Move::new(self.from.mirrored(), self.to.mirrored())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// What [`Position::make_move`] needs to undo a move.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    pub captured: Option<Piece>,
    halfmove: u32,
}

/// A move that is not legal in the position, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMove {
    pub mv: Move,
    /// Why (its `Display`, in English: `"no piece on e5"`, `"own horse on the target point
    /// b2"`, `"the horse's leg is blocked at b1"`, `"the chariot's path is blocked at a3"`,
    /// `"a cannon captures by jumping exactly one screen; there is none between h2 and h9"`,
    /// `"an elephant may not cross the river"`, `"it leaves the general in check from the
    /// chariot on e7"`, `"the generals would face each other on file e"`).
    pub reason: crate::illegal::Illegal,
}

/// A xiangqi position.
///
/// `halfmove` counts plies since the last capture (FEN field 5); `fullmove` is the FEN move
/// number (incremented after Black moves). The Zobrist key covers pieces and side to move.
#[derive(Clone)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 90],
    pub(crate) side: Color,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    pub(crate) generals: [Option<Square>; 2],
    /// Occupied points by file and rank, kept in step with `board`.
    pub(crate) occ: crate::attacks::Occupancy,
}

impl PartialEq for Position {
    /// Same pieces on the same points and the same side to move (clocks are ignored).
    fn eq(&self, other: &Position) -> bool {
        self.side == other.side && self.board == other.board
    }
}
impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    /// An empty board with Red to move (not a valid game position; for building positions).
    pub fn empty() -> Position {
        Position {
            board: [None; 90],
            side: Color::Red,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            generals: [None, None],
            occ: crate::attacks::Occupancy {
                files: [0; 9],
                ranks: [0; 10],
            },
        }
    }

    /// The standard start position.
    pub fn startpos() -> Position {
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        START
            .get_or_init(|| Position::from_fen(crate::fen::START_FEN).expect("start FEN is valid"))
            .clone()
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Plies since the last capture (or since the FEN's half-move clock).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// FEN move number.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Zobrist key of pieces and side to move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The point of `color`'s general, if it is on the board.
    #[inline]
    pub fn general(&self, color: Color) -> Option<Square> {
        self.generals[color as usize]
    }

    /// All occupied points with their pieces, in index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |s| self.board[s.index()].map(|p| (s, p)))
    }

    /// Put `piece` on `sq` (or clear it with `None`), keeping the key and general points
    /// consistent. For building positions; does not check legality.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(old) = self.board[sq.index()] {
            self.key ^= zobrist::piece_key(old.index(), sq.index());
            if old.kind == PieceKind::General && self.generals[old.color as usize] == Some(sq) {
                self.generals[old.color as usize] = None;
            }
        }
        self.board[sq.index()] = piece;
        self.occ.clear(sq.index());
        if let Some(p) = piece {
            self.occ.set(sq.index());
            self.key ^= zobrist::piece_key(p.index(), sq.index());
            if p.kind == PieceKind::General {
                self.generals[p.color as usize] = Some(sq);
            }
        }
    }

    /// Set the side to move (keeps the key consistent).
    pub fn set_side_to_move(&mut self, side: Color) {
        if self.side != side {
            self.side = side;
            self.key ^= zobrist::side_key();
        }
    }

    /// Make `mv` without any legality check and return what undoes it. The caller guarantees
    /// that `mv.from` holds a piece of the side to move.
    #[inline]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let (f, t) = (mv.from.index(), mv.to.index());
        let piece = self.board[f].expect("make_move: no piece on the from-square");
        let captured = self.board[t];
        let undo = Undo {
            captured,
            halfmove: self.halfmove,
        };
        if let Some(c) = captured {
            self.key ^= zobrist::piece_key(c.index(), t);
            if c.kind == PieceKind::General {
                self.generals[c.color as usize] = None;
            }
            self.halfmove = 0;
        } else {
            // A FEN's clock may be as large as a u32 holds: it saturates, never wraps.
            self.halfmove = self.halfmove.saturating_add(1);
        }
        self.key ^= zobrist::piece_key(piece.index(), f) ^ zobrist::piece_key(piece.index(), t);
        self.board[t] = Some(piece);
        self.board[f] = None;
        self.occ.clear(f);
        self.occ.set(t);
        if piece.kind == PieceKind::General {
            self.generals[piece.color as usize] = Some(mv.to);
        }
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.key ^= zobrist::side_key();
        undo
    }

    /// Undo `mv`, which must be the last move made, with the [`Undo`] it returned.
    #[inline]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let (f, t) = (mv.from.index(), mv.to.index());
        self.side = self.side.opponent();
        self.key ^= zobrist::side_key();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let piece = self.board[t].expect("unmake_move: no piece on the to-square");
        self.key ^= zobrist::piece_key(piece.index(), f) ^ zobrist::piece_key(piece.index(), t);
        self.board[f] = Some(piece);
        self.board[t] = undo.captured;
        self.occ.set(f);
        if undo.captured.is_none() {
            self.occ.clear(t);
        }
        if piece.kind == PieceKind::General {
            self.generals[piece.color as usize] = Some(mv.from);
        }
        if let Some(c) = undo.captured {
            self.key ^= zobrist::piece_key(c.index(), t);
            if c.kind == PieceKind::General {
                self.generals[c.color as usize] = Some(mv.to);
            }
        }
        self.halfmove = undo.halfmove;
    }

    /// Play `mv` if it is legal; otherwise leave the position unchanged and say why.
    ///
    /// # Errors
    /// [`IllegalMove`] when the from-point is empty or holds an enemy piece, the piece cannot
    /// move that way, or the move leaves the mover's general attacked or facing the other.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMove> {
        self.check_legal(mv)?;
        Ok(self.make_move(mv))
    }

    /// Whether `mv` is legal in this position.
    pub fn is_legal(&self, mv: Move) -> bool {
        matches!(self.piece_at(mv.from), Some(p) if p.color == self.side)
            && self.is_pseudo_legal(mv)
            && self.general_safe_after(mv)
    }

    /// Why `mv` is illegal, or `Ok(())`.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason in words (see [`IllegalMove::reason`]).
    pub fn check_legal(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            return Ok(());
        }
        let reason = self.illegal_reason(mv).unwrap_or(crate::illegal::Illegal::Other);
        Err(IllegalMove { mv, reason })
    }

    /// The position with colours swapped and the board rotated 180° (Red's pieces become
    /// Black's on the mirrored points; the side to move swaps too). Any rule verdict on the
    /// result must be the colour-swapped verdict on `self`.
    pub fn color_flipped(&self) -> Position {
        let mut p = Position::empty();
        for (sq, pc) in self.pieces() {
            p.set_piece(sq.flipped(), Some(Piece::new(pc.color.opponent(), pc.kind)));
        }
        p.set_side_to_move(self.side.opponent());
        p.halfmove = self.halfmove;
        p.fullmove = self.fullmove;
        p
    }

    /// The position mirrored left–right (same colours).
    pub fn mirrored(&self) -> Position {
        let mut p = Position::empty();
        for (sq, pc) in self.pieces() {
            p.set_piece(sq.mirrored(), Some(pc));
        }
        p.set_side_to_move(self.side);
        p.halfmove = self.halfmove;
        p.fullmove = self.fullmove;
        p
    }
}
