//! Attack queries used by the repetition rules: attackers of a point, legal captures and
//! recaptures, pins.

use crate::piece::{Color, Piece, PieceKind};
use crate::position::{Move, Position};
use crate::square::Square;
use crate::tables::tables;

/// Whether the general of `by`'s opponent standing on `g` is attacked by `by` on `board`:
/// chariot, cannon (one screen), horse (leg free), soldier, or `by`'s general on the same file
/// with nothing between (generals facing).
pub(crate) fn general_attacked_on(board: &[Option<Piece>; 90], g: Square, by: Color) -> bool {
    let t = tables();
    let is = |s: Square, k: PieceKind| board[s.index()] == Some(Piece::new(by, k));
    for (d, ray) in t.rays[g.index()].iter().enumerate() {
        let mut screen = false;
        for &s in ray {
            let Some(p) = board[s.index()] else { continue };
            if !screen {
                if p.color == by && (p.kind == PieceKind::Chariot || (d < 2 && p.kind == PieceKind::General))
                {
                    return true;
                }
                screen = true;
            } else {
                if p.color == by && p.kind == PieceKind::Cannon {
                    return true;
                }
                break;
            }
        }
    }
    for &(h, leg) in &t.horse_attackers[g.index()] {
        if is(h, PieceKind::Horse) && board[leg.index()].is_none() {
            return true;
        }
    }
    t.soldier_attackers[by as usize][g.index()]
        .iter()
        .any(|&s| is(s, PieceKind::Soldier))
}

impl Position {
    /// Whether `sq` is attacked by any piece of `by` (movement rules only: a pinned piece still
    /// attacks). For a general on `sq`, generals facing counts as an attack.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        !self.attackers(sq, by).is_empty()
    }

    /// The points of `by`'s pieces that attack `sq`: they could move there by their movement
    /// rules (cannon: over exactly one screen), ignoring whether the move would expose their
    /// own general. Includes `by`'s general when `sq` holds the other general on an open file.
    pub fn attackers(&self, sq: Square, by: Color) -> Vec<Square> {
        let t = tables();
        let b = &self.board;
        let mut v = Vec::new();
        let target_is_general =
            matches!(b[sq.index()], Some(p) if p.kind == PieceKind::General && p.color != by);
        for (d, ray) in t.rays[sq.index()].iter().enumerate() {
            let mut screen = false;
            for &s in ray {
                let Some(p) = b[s.index()] else { continue };
                if !screen {
                    if p.color == by
                        && (p.kind == PieceKind::Chariot
                            || (d < 2 && target_is_general && p.kind == PieceKind::General))
                    {
                        v.push(s);
                    }
                    screen = true;
                } else {
                    if p.color == by && p.kind == PieceKind::Cannon {
                        v.push(s);
                    }
                    break;
                }
            }
        }
        let is = |s: Square, k: PieceKind| b[s.index()] == Some(Piece::new(by, k));
        for &(h, leg) in &t.horse_attackers[sq.index()] {
            if is(h, PieceKind::Horse) && b[leg.index()].is_none() {
                v.push(h);
            }
        }
        for &s in &t.soldier_attackers[by as usize][sq.index()] {
            if is(s, PieceKind::Soldier) {
                v.push(s);
            }
        }
        let b_idx = by as usize;
        for (kind, table) in [
            (PieceKind::Advisor, &t.advisor[b_idx]),
            (PieceKind::General, &t.general[b_idx]),
        ] {
            // These tables are symmetric (a step within the palace), so the attackers of `sq`
            // are the pieces standing on the points reachable from `sq`.
            if crate::tables::in_palace(by, sq) {
                for &s in &table[sq.index()] {
                    if is(s, kind) {
                        v.push(s);
                    }
                }
            }
        }
        for &(s, eye) in &t.elephant[b_idx][sq.index()] {
            if by.own_half(sq.rank()) && is(s, PieceKind::Elephant) && b[eye.index()].is_none() {
                v.push(s);
            }
        }
        v
    }

    /// Whether the piece on `from` can legally capture on `to` now (it must be the side to
    /// move's piece, `to` must hold an enemy piece, and the capture must leave its general safe).
    pub fn is_legal_capture(&self, from: Square, to: Square) -> bool {
        matches!(self.piece_at(to), Some(t) if Some(t.color) != self.piece_at(from).map(|p| p.color))
            && self.is_legal(Move::new(from, to))
    }

    /// Whether the piece on `from` (of either side) could legally capture on `to` if its side
    /// were to move: the capture obeys the movement rules and leaves its own general safe.
    pub fn can_capture(&self, from: Square, to: Square) -> bool {
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        if !matches!(self.piece_at(to), Some(t) if t.color != p.color) {
            return false;
        }
        let mv = Move::new(from, to);
        if !self.pseudo_moves_from(from).contains(&mv) {
            return false;
        }
        let mut board = self.board;
        board[to.index()] = board[from.index()];
        board[from.index()] = None;
        let g = if p.kind == PieceKind::General {
            Some(to)
        } else {
            self.generals[p.color as usize]
        };
        match g {
            Some(g) => !general_attacked_on(&board, g, p.color.opponent()),
            None => true,
        }
    }

    /// The legal moves of the side to move that land on `sq` (recaptures after a capture there).
    pub fn legal_moves_to(&self, sq: Square) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .filter(|m| m.to == sq)
            .collect()
    }

    /// Pieces of `color` (other than the general) that are pinned, each with the points of the
    /// enemy pieces that pin it: lifting the piece off the board would leave `color`'s general
    /// attacked (by a chariot, a cannon through a screen, a horse whose leg it blocks, or the
    /// other general on an open file). A pinned piece may still move along its line.
    pub fn pinned(&self, color: Color) -> Vec<(Square, Vec<Square>)> {
        let Some(g) = self.general(color) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let before: Vec<Square> = self.attackers(g, color.opponent());
        for (sq, p) in self.pieces() {
            if p.color != color || p.kind == PieceKind::General {
                continue;
            }
            // Lifting a piece changes the attackers of `g` only if it stands on one of `g`'s
            // lines (chariot, cannon, facing general) or next to it diagonally (a horse's leg or
            // an elephant's eye): any other piece pins nothing, whatever the position.
            let (df, dr) = ((sq.file() - g.file()).abs(), (sq.rank() - g.rank()).abs());
            if df != 0 && dr != 0 && (df, dr) != (1, 1) {
                continue;
            }
            let mut lifted = self.clone();
            lifted.set_piece(sq, None);
            let after = lifted.attackers(g, color.opponent());
            let pinners: Vec<Square> = after.into_iter().filter(|s| !before.contains(s)).collect();
            if !pinners.is_empty() {
                out.push((sq, pinners));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Position::pinned`] by lifting every piece of the side, as it was written before pieces
    /// off the general's lines and diagonal neighbours were skipped.
    fn pinned_by_lifting_all(pos: &Position, color: Color) -> Vec<(Square, Vec<Square>)> {
        let Some(g) = pos.general(color) else {
            return Vec::new();
        };
        let before = pos.attackers(g, color.opponent());
        let mut out = Vec::new();
        for (sq, p) in pos.pieces() {
            if p.color != color || p.kind == PieceKind::General {
                continue;
            }
            let mut lifted = pos.clone();
            lifted.set_piece(sq, None);
            let pinners: Vec<Square> = lifted
                .attackers(g, color.opponent())
                .into_iter()
                .filter(|s| !before.contains(s))
                .collect();
            if !pinners.is_empty() {
                out.push((sq, pinners));
            }
        }
        out
    }

    /// Every position two plies deep from positions with pins by chariot, cannon (through a
    /// screen), horse (leg) and facing generals: the same pins, and some are found.
    #[test]
    fn pinned_skips_only_pieces_that_cannot_pin() {
        let fens = [
            crate::fen::START_FEN,
            "3k5/4a4/4c4/9/2n6/9/4R4/3N5/4A4/4K4 w - - 0 1",
            "4k4/9/3n5/9/9/9/9/4C4/4R4/3K5 b - - 0 1",
            "3akab2/9/4b4/p3N3p/2P1r4/R8/9/4B4/4A4/2BAK1c2 w - - 0 1",
        ];
        let mut pins = 0;
        for fen in fens {
            let start = Position::from_fen(fen).unwrap();
            let mut positions = vec![start.clone()];
            for &m in start.legal_moves().iter() {
                let mut p = start.clone();
                p.make_move(m);
                for &m2 in p.legal_moves().iter() {
                    let mut q = p.clone();
                    q.make_move(m2);
                    positions.push(q);
                }
                positions.push(p);
            }
            for p in &positions {
                for c in Color::ALL {
                    let want = pinned_by_lifting_all(p, c);
                    pins += want.len();
                    assert_eq!(p.pinned(c), want, "{} {c}", p.to_fen());
                }
            }
        }
        assert!(pins > 500, "{pins}");
    }
}
