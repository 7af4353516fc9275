//! Why a move is illegal, in words a player understands: no piece there, own piece on the
//! target point, how the piece moves, path or screen blocked, horse leg or elephant eye
//! blocked, the river and the palace, the general left or kept in check, generals facing.

use crate::piece::{Color, PieceKind};
use crate::position::{Move, Position};
use crate::square::Square;

fn side(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn in_palace(color: Color, sq: Square) -> bool {
    let ranks = match color {
        Color::Red => 0..=2,
        Color::Black => 7..=9,
    };
    (3..=5).contains(&sq.file()) && ranks.contains(&sq.rank())
}

fn own_half(color: Color, sq: Square) -> bool {
    match color {
        Color::Red => sq.rank() <= 4,
        Color::Black => sq.rank() >= 5,
    }
}

fn at(file: i32, rank: i32) -> Square {
    Square::new(file, rank).expect("a point between two points on the board is on the board")
}

impl Position {
    /// The points strictly between `from` and `to` on one file or rank that hold a piece.
    fn occupied_between(&self, from: Square, to: Square) -> Vec<Square> {
        let (df, dr) = (
            (to.file() - from.file()).signum(),
            (to.rank() - from.rank()).signum(),
        );
        let mut v = Vec::new();
        let (mut f, mut r) = (from.file() + df, from.rank() + dr);
        while (f, r) != (to.file(), to.rank()) {
            let s = at(f, r);
            if self.piece_at(s).is_some() {
                v.push(s);
            }
            f += df;
            r += dr;
        }
        v
    }

    /// Why the piece on `mv.from` cannot move to `mv.to` by its movement rules; `None` when it
    /// can (the move is pseudo-legal).
    fn movement_reason(&self, mv: Move) -> Option<String> {
        let p = self.piece_at(mv.from)?;
        let (from, to) = (mv.from, mv.to);
        if from == to {
            return Some("the move does not leave its point".into());
        }
        if let Some(q) = self.piece_at(to).filter(|q| q.color == p.color) {
            return Some(format!("own {} on the target point {to}", q.kind.name()));
        }
        let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
        let forward = match p.color {
            Color::Red => dr,
            Color::Black => -dr,
        };
        match p.kind {
            PieceKind::Chariot | PieceKind::Cannon => {
                let name = p.kind.name();
                if df != 0 && dr != 0 {
                    return Some(format!("a {name} moves along a file or a rank only"));
                }
                let between = self.occupied_between(from, to);
                let list = |v: &[Square]| v.iter().map(Square::to_string).collect::<Vec<_>>().join(", ");
                match (p.kind, self.piece_at(to).is_some(), between.len()) {
                    (PieceKind::Chariot, _, 0) | (PieceKind::Cannon, false, 0) | (PieceKind::Cannon, true, 1) => None,
                    (PieceKind::Chariot, _, _) => Some(format!("the chariot's path is blocked at {}", list(&between))),
                    (_, false, _) => Some(format!(
                        "a cannon that does not capture needs a clear path; blocked at {}",
                        list(&between)
                    )),
                    (_, true, 0) => Some(format!(
                        "a cannon captures by jumping exactly one screen; there is none between {from} and {to}"
                    )),
                    (_, true, _) => Some(format!(
                        "a cannon captures by jumping exactly one screen; there are {} between {from} and {to} ({})",
                        between.len(),
                        list(&between)
                    )),
                }
            }
            PieceKind::Horse => {
                let leg = match (df.abs(), dr.abs()) {
                    (1, 2) => at(from.file(), from.rank() + dr.signum()),
                    (2, 1) => at(from.file() + df.signum(), from.rank()),
                    _ => {
                        return Some(
                            "a horse moves one point along a file or rank, then one diagonally".into(),
                        )
                    }
                };
                self.piece_at(leg)
                    .map(|_| format!("the horse's leg is blocked at {leg}"))
            }
            PieceKind::Elephant => {
                if (df.abs(), dr.abs()) != (2, 2) {
                    return Some("an elephant moves exactly two points diagonally".into());
                }
                if !own_half(p.color, to) {
                    return Some("an elephant may not cross the river".into());
                }
                let eye = at(from.file() + df / 2, from.rank() + dr / 2);
                self.piece_at(eye)
                    .map(|_| format!("the elephant's eye is blocked at {eye}"))
            }
            PieceKind::Advisor => {
                if (df.abs(), dr.abs()) != (1, 1) {
                    Some("an advisor moves one point diagonally".into())
                } else if !in_palace(p.color, to) {
                    Some("an advisor may not leave the palace".into())
                } else {
                    None
                }
            }
            PieceKind::General => {
                if df.abs() + dr.abs() != 1 {
                    Some("the general moves one point along a file or rank".into())
                } else if !in_palace(p.color, to) {
                    Some("the general may not leave the palace".into())
                } else {
                    None
                }
            }
            PieceKind::Soldier => {
                if df.abs() + dr.abs() != 1 {
                    Some("a soldier moves one point at a time".into())
                } else if forward < 0 {
                    Some("a soldier never moves backwards".into())
                } else if forward == 0 && own_half(p.color, from) {
                    Some("a soldier moves sideways only after crossing the river".into())
                } else {
                    None
                }
            }
        }
    }

    /// Why `mv` is not legal, in words; `None` when it is legal.
    pub(crate) fn illegal_reason(&self, mv: Move) -> Option<String> {
        let mover = self.side_to_move();
        match self.piece_at(mv.from) {
            None => return Some(format!("no piece on {}", mv.from)),
            Some(p) if p.color != mover => {
                return Some(format!(
                    "the {} on {} is {}'s, and {} is to move",
                    p.kind.name(),
                    mv.from,
                    side(p.color),
                    side(mover)
                ))
            }
            _ => {}
        }
        if let Some(r) = self.movement_reason(mv) {
            return Some(r);
        }
        if self.leaves_general_safe(mv) {
            return None;
        }
        let was_in_check = self.in_check(mover);
        let mut after = self.clone();
        after.make_move(mv);
        if let (Some(g), Some(h)) = (after.general(mover), after.general(mover.opponent())) {
            if g.file() == h.file() && after.occupied_between(g, h).is_empty() {
                let f = (b'a' + g.file() as u8) as char;
                return Some(format!("the generals would face each other on file {f}"));
            }
        }
        let g = after.general(mover)?;
        let by: Vec<String> = after
            .attackers(g, mover.opponent())
            .into_iter()
            .filter_map(|s| Some(format!("the {} on {s}", after.piece_at(s)?.kind.name())))
            .collect();
        let verb = if was_in_check { "keeps" } else { "leaves" };
        Some(format!(
            "it {verb} the general in check from {}",
            by.join(" and ")
        ))
    }
}
