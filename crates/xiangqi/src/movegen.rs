//! Pseudo-legal and fully legal move generation.

use crate::piece::{Color, PieceKind};
use crate::position::{Move, Position};
use crate::square::Square;
use crate::tables::tables;
use std::ops::Deref;

/// A list of moves on the stack (no allocation); dereferences to `[Move]`.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 128],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let z = Square::from_index(0).expect("point 0 exists");
        MoveList {
            moves: [Move::new(z, z); 128],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        // A side has at most 119 pseudo-legal moves (2×17 chariot, 2×17 cannon, 2×8 horse,
        // 5×3 soldier, 2×4 elephant, 2×4 advisor, 4 general): the bound is never reached.
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline]
    fn swap_remove(&mut self, i: usize) {
        self.len -= 1;
        self.moves[i] = self.moves[self.len];
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Position {
    /// Pseudo-legal moves of the piece on `from` (any colour): its movement rules only, without
    /// the check on its own general.
    pub fn pseudo_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        self.gen_from(from, &mut list);
        list
    }

    fn gen_from(&self, from: Square, list: &mut MoveList) {
        let Some(p) = self.board[from.index()] else { return };
        let t = tables();
        let c = p.color;
        let free_or_enemy = |s: Square| match self.board[s.index()] {
            None => true,
            Some(q) => q.color != c,
        };
        match p.kind {
            PieceKind::Chariot => {
                for ray in &t.rays[from.index()] {
                    for &s in ray {
                        match self.board[s.index()] {
                            None => list.push(Move::new(from, s)),
                            Some(q) => {
                                if q.color != c {
                                    list.push(Move::new(from, s));
                                }
                                break;
                            }
                        }
                    }
                }
            }
            PieceKind::Cannon => {
                for ray in &t.rays[from.index()] {
                    let mut screen = false;
                    for &s in ray {
                        match (self.board[s.index()], screen) {
                            (None, false) => list.push(Move::new(from, s)),
                            (None, true) => {}
                            (Some(_), false) => screen = true,
                            (Some(q), true) => {
                                if q.color != c {
                                    list.push(Move::new(from, s));
                                }
                                break;
                            }
                        }
                    }
                }
            }
            PieceKind::Horse => {
                for &(to, leg) in &t.horse[from.index()] {
                    if self.board[leg.index()].is_none() && free_or_enemy(to) {
                        list.push(Move::new(from, to));
                    }
                }
            }
            PieceKind::Elephant => {
                for &(to, eye) in &t.elephant[c as usize][from.index()] {
                    if self.board[eye.index()].is_none() && free_or_enemy(to) {
                        list.push(Move::new(from, to));
                    }
                }
            }
            PieceKind::Advisor | PieceKind::General | PieceKind::Soldier => {
                let targets = match p.kind {
                    PieceKind::Advisor => &t.advisor[c as usize][from.index()],
                    PieceKind::General => &t.general[c as usize][from.index()],
                    _ => &t.soldier[c as usize][from.index()],
                };
                for &to in targets {
                    if free_or_enemy(to) {
                        list.push(Move::new(from, to));
                    }
                }
            }
        }
    }

    /// Whether `mv` obeys the movement rules of the piece on `mv.from` (any colour), without
    /// the check on its own general: the same answer as `pseudo_moves_from(mv.from)
    /// .contains(&mv)`, computed directly from the geometry.
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let Some(p) = self.board[mv.from.index()] else {
            return false;
        };
        if matches!(self.board[mv.to.index()], Some(q) if q.color == p.color) || mv.from == mv.to {
            return false;
        }
        let t = tables();
        let c = p.color as usize;
        let (from, to) = (mv.from.index(), mv.to.index());
        match p.kind {
            PieceKind::Chariot | PieceKind::Cannon => {
                let (df, dr) = (mv.to.file() - mv.from.file(), mv.to.rank() - mv.from.rank());
                if df != 0 && dr != 0 {
                    return false;
                }
                // Same file or rank, distinct points: count the pieces between them.
                let between = self.occ.between(mv.from, mv.to);
                match (p.kind, self.board[to].is_some()) {
                    (PieceKind::Chariot, _) | (PieceKind::Cannon, false) => between == 0,
                    _ => between == 1,
                }
            }
            PieceKind::Horse => t.horse[from]
                .iter()
                .any(|&(s, leg)| s == mv.to && self.board[leg.index()].is_none()),
            PieceKind::Elephant => t.elephant[c][from]
                .iter()
                .any(|&(s, eye)| s == mv.to && self.board[eye.index()].is_none()),
            PieceKind::Advisor => t.advisor[c][from].contains(&mv.to),
            PieceKind::General => t.general[c][from].contains(&mv.to),
            PieceKind::Soldier => t.soldier[c][from].contains(&mv.to),
        }
    }

    /// All pseudo-legal moves of the side to move.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for sq in Square::all() {
            if matches!(self.board[sq.index()], Some(p) if p.color == self.side) {
                self.gen_from(sq, &mut list);
            }
        }
        list
    }

    /// All legal moves of the side to move: movement rules, and the mover's general neither
    /// attacked nor facing the other general afterwards. Empty = the side to move has lost
    /// (checkmate or 困斃; there is no stalemate draw in xiangqi).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = self.pseudo_legal_moves();
        let in_check = self.in_check(self.side);
        let mut i = 0;
        while i < list.len() {
            if self.leaves_general_safe_fast(list[i], in_check) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
        list
    }

    /// Whether the side to move has any legal move (stops at the first one found).
    pub fn has_legal_move(&self) -> bool {
        self.has_legal_move_given_check(self.in_check(self.side))
    }

    /// As [`Position::has_legal_move`], for a caller that already knows whether the side to
    /// move is in check (`in_check` must be `self.in_check(self.side_to_move())`).
    pub fn has_legal_move_given_check(&self, in_check: bool) -> bool {
        let mut list = MoveList::new();
        for sq in Square::all() {
            if matches!(self.board[sq.index()], Some(p) if p.color == self.side) {
                list.len = 0;
                self.gen_from(sq, &mut list);
                if list.iter().any(|&m| self.leaves_general_safe_fast(m, in_check)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the pseudo-legal `mv` keeps the mover's general safe (not attacked, not facing).
    pub(crate) fn leaves_general_safe(&self, mv: Move) -> bool {
        self.leaves_general_safe_fast(mv, self.in_check(self.side))
    }

    /// As [`Position::leaves_general_safe`] for one move tested alone: one attack test on the
    /// board after the move (cheaper than a check test before it and, for a move on the
    /// general's lines, a second one after).
    pub(crate) fn general_safe_after(&self, mv: Move) -> bool {
        let Some(mover) = self.board[mv.from.index()] else {
            return false;
        };
        let c = mover.color;
        let g = if mover.kind == PieceKind::General {
            mv.to
        } else {
            match self.generals[c as usize] {
                Some(g) => g,
                None => return true,
            }
        };
        !self.general_attacked_after(mv, g, c.opponent())
    }

    /// As [`Position::leaves_general_safe`]; `in_check` must be whether the mover is in check
    /// now. A move that neither starts next to the general's lines (same file/rank, horse-leg
    /// points) nor lands on them cannot expose the general unless it is already attacked.
    #[inline]
    fn leaves_general_safe_fast(&self, mv: Move, in_check: bool) -> bool {
        let Some(mover) = self.board[mv.from.index()] else {
            return false;
        };
        let c = mover.color;
        let Some(g) = self.generals[c as usize] else {
            return true;
        };
        if !in_check && mover.kind != PieceKind::General {
            let aligned = |s: Square| s.file() == g.file() || s.rank() == g.rank();
            let leg = |s: Square| (s.file() - g.file()).abs() == 1 && (s.rank() - g.rank()).abs() == 1;
            if !aligned(mv.from) && !leg(mv.from) && !aligned(mv.to) {
                return true;
            }
        }
        let g = if mover.kind == PieceKind::General {
            mv.to
        } else {
            g
        };
        !self.general_attacked_after(mv, g, c.opponent())
    }

    /// Whether `color`'s general is attacked by the other side (including generals facing on an
    /// open file). False when `color` has no general on the board.
    pub fn in_check(&self, color: Color) -> bool {
        match self.generals[color as usize] {
            Some(g) => self.general_attacked_now(g, color.opponent()),
            None => false,
        }
    }
}
