//! FEN for xiangqi (the UCCI/xqbase convention): ranks 9 → 0, Red uppercase, `K A B N R C P`
//! (`E`/`H` accepted for `B`/`N`), side `w`/`r` (Red) or `b`, then `- -`, half-move clock and
//! move number (trailing fields optional).

use crate::piece::{Color, Piece, PieceKind};
use crate::position::Position;
use crate::square::Square;
use crate::tables::in_palace;

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN string is not a valid xiangqi position. Ranks are ICCS ranks (0–9, Red's back
/// rank 0), counted from the FEN's first field which lists rank 9 first.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("empty FEN")]
    Empty,
    #[error("the board has {n} rank{s}; xiangqi needs 10 separated by '/'", n = .0, s = if *.0 == 1 { "" } else { "s" })]
    RankCount(usize),
    #[error("rank {rank} describes {len} point{}; every rank needs 9", if *.len == 1 { "" } else { "s" })]
    RankLength { rank: i32, len: usize },
    #[error("unknown piece letter '{ch}' in rank {rank}")]
    BadChar { ch: char, rank: i32 },
    #[error("side to move '{0}' is not w, r or b")]
    BadSide(String),
    #[error("bad {field} '{value}' (a non-negative number is needed)")]
    BadNumber { field: &'static str, value: String },
    #[error("{color} has no general")]
    MissingGeneral { color: Color },
    #[error("{color} has {count} generals")]
    TooManyGenerals { color: Color, count: usize },
    #[error("{color} has {count} {kind}s; at most {max} exist")]
    TooMany {
        color: Color,
        kind: &'static str,
        count: usize,
        max: usize,
    },
    #[error("unexpected text after the FEN's six fields: '{0}'")]
    Trailing(String),
    #[error("{color} {kind} on {square} is on a point it can never reach")]
    BadPlacement {
        color: Color,
        kind: &'static str,
        square: Square,
    },
    #[error("the generals face each other on an open file")]
    GeneralsFacing,
    #[error("the side not to move ({color}) is in check: its general could be captured")]
    OpponentInCheck { color: Color },
}

/// Whether a piece of `color` and `kind` can ever stand on `sq` in a legal game. A soldier on
/// its own side of the river must stand on one of the five files it starts on (b, d, f, h are
/// refused: it cannot move sideways before it crosses); a soldier behind its start rank is
/// accepted, because rule-book diagrams place them there (the AXF/WXF rule-book example
/// encoded as the shared case wxf-103 has a black soldier on i7).
pub(crate) fn reachable(color: Color, kind: PieceKind, sq: Square) -> bool {
    // Work in Red's frame.
    let s = if color == Color::Red { sq } else { sq.flipped() };
    let (f, r) = (s.file(), s.rank());
    match kind {
        PieceKind::General => in_palace(Color::Red, s),
        PieceKind::Advisor => in_palace(Color::Red, s) && (f + r) % 2 == 1,
        PieceKind::Elephant => matches!((f, r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)),
        PieceKind::Soldier => r >= 5 || f % 2 == 0,
        _ => true,
    }
}

impl Position {
    /// Read a FEN.
    ///
    /// # Errors
    /// [`FenError`] naming what is wrong and where: rank count or length, unknown letters, side
    /// to move, clocks, missing or extra generals, too many pieces of a kind, a piece on a
    /// point it can never reach (general or advisor outside the palace, elephant off its seven
    /// points, a soldier on its own side of the river off its five start files; a soldier
    /// behind its start rank is accepted, as rule-book diagrams place them there), generals facing, the side not to move in check, or text after the six
    /// fields.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut pos = Position::empty();
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as i32;
            let mut file = 0i32;
            for ch in text.chars() {
                if let Some(d) = ch.to_digit(10) {
                    file += d as i32;
                } else {
                    let p = Piece::from_fen_char(ch).ok_or(FenError::BadChar { ch, rank })?;
                    if let Some(sq) = Square::new(file, rank) {
                        pos.set_piece(sq, Some(p));
                    }
                    file += 1;
                }
            }
            if file != 9 {
                return Err(FenError::RankLength {
                    rank,
                    len: file.max(0) as usize,
                });
            }
        }
        let side = match fields.next() {
            None | Some("w") | Some("r") | Some("W") | Some("R") => Color::Red,
            Some("b") | Some("B") => Color::Black,
            Some(s) => return Err(FenError::BadSide(s.to_string())),
        };
        pos.set_side_to_move(side);
        let _castling = fields.next();
        let _ep = fields.next();
        let num = |field: &'static str, v: Option<&str>, default: u32| match v {
            None => Ok(default),
            Some(s) => s.parse::<u32>().map_err(|_| FenError::BadNumber {
                field,
                value: s.to_string(),
            }),
        };
        pos.halfmove = num("half-move clock", fields.next(), 0)?;
        pos.fullmove = num("move number", fields.next(), 1)?.max(1);
        if let Some(extra) = fields.next() {
            return Err(FenError::Trailing(extra.chars().take(40).collect()));
        }
        pos.validate()?;
        Ok(pos)
    }

    /// Check that the pieces form a position that can occur in a game (see [`Position::from_fen`]).
    ///
    /// # Errors
    /// The first [`FenError`] found.
    pub fn validate(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let mut counts = [0usize; 7];
            for (sq, p) in self.pieces().filter(|(_, p)| p.color == color) {
                counts[p.kind as usize] += 1;
                if !reachable(color, p.kind, sq) {
                    return Err(FenError::BadPlacement {
                        color,
                        kind: p.kind.name(),
                        square: sq,
                    });
                }
            }
            match counts[0] {
                0 => return Err(FenError::MissingGeneral { color }),
                1 => {}
                n => return Err(FenError::TooManyGenerals { color, count: n }),
            }
            for kind in &PieceKind::ALL[1..] {
                let max = if *kind == PieceKind::Soldier { 5 } else { 2 };
                let count = counts[*kind as usize];
                if count > max {
                    return Err(FenError::TooMany {
                        color,
                        kind: kind.name(),
                        count,
                        max,
                    });
                }
            }
        }
        if let (Some(r), Some(b)) = (self.general(Color::Red), self.general(Color::Black)) {
            if r.file() == b.file()
                && (r.rank() + 1..b.rank())
                    .all(|rk| Square::new(r.file(), rk).is_some_and(|s| self.piece_at(s).is_none()))
            {
                return Err(FenError::GeneralsFacing);
            }
        }
        let other = self.side.opponent();
        if self.in_check(other) {
            return Err(FenError::OpponentInCheck { color: other });
        }
        Ok(())
    }

    /// Write the position as FEN (`w`/`b`, `- -`, half-move clock, move number).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(64);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if self.side == Color::Red { 'w' } else { 'b' };
        format!("{s} {side} - - {} {}", self.halfmove, self.fullmove)
    }
}
