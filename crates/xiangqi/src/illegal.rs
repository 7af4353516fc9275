//! Why a move is illegal, as a typed value a report can word in any language ([`Illegal`];
//! its `Display` is the English): no piece there, own piece on the target point, how the
//! piece moves, path or screen blocked, horse leg or elephant eye blocked, the river and the
//! palace, the general left or kept in check, generals facing.

use crate::piece::{Color, PieceKind};
use crate::position::{Move, Position};
use crate::square::Square;
use std::fmt;

fn side(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// Why a move is not legal (the first reason found, in the order: the point, the piece's
/// movement, the general's safety).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// No piece on the from-point.
    NoPiece(Square),
    /// The piece on `from` is `owner`'s, and `mover` is to move.
    NotYours {
        kind: PieceKind,
        from: Square,
        owner: Color,
        mover: Color,
    },
    /// From and to are the same point.
    Stays,
    /// An own piece (of `color`, the side to move) stands on the target point.
    OwnPiece {
        kind: PieceKind,
        color: Color,
        to: Square,
    },
    /// A chariot or cannon moving off its file and rank.
    NotStraight(PieceKind),
    /// The chariot's path is blocked at these points.
    ChariotBlocked(Vec<Square>),
    /// A cannon that does not capture: its path is blocked at these points.
    CannonBlocked(Vec<Square>),
    /// A cannon capture with no screen between `from` and `to`.
    NoScreen { from: Square, to: Square },
    /// A cannon capture over more than one screen (the points between).
    Screens {
        from: Square,
        to: Square,
        at: Vec<Square>,
    },
    /// Not a horse's move.
    HorseShape,
    /// The horse's leg is blocked.
    HorseLeg(Square),
    /// Not an elephant's move.
    ElephantShape,
    /// An elephant crossing the river.
    ElephantRiver,
    /// The elephant's eye is blocked.
    ElephantEye(Square),
    /// Not an advisor's move.
    AdvisorShape,
    /// An advisor leaving the palace.
    AdvisorPalace,
    /// Not a general's move.
    GeneralShape,
    /// The general leaving the palace.
    GeneralPalace,
    /// A soldier moving more than one point.
    SoldierStep,
    /// A soldier moving backwards.
    SoldierBack,
    /// A soldier moving sideways before crossing the river.
    SoldierSideways,
    /// The generals would face each other on this file (`a`–`i`).
    GeneralsFace(char),
    /// The mover's general is in check after the move (`kept`: it was in check before), from
    /// these pieces of `attacker`.
    Check {
        kept: bool,
        attacker: Color,
        by: Vec<(PieceKind, Square)>,
    },
    /// The piece cannot move there (no more precise reason found).
    Other,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[Square]| v.iter().map(Square::to_string).collect::<Vec<_>>().join(", ");
        match self {
            Illegal::NoPiece(sq) => write!(f, "no piece on {sq}"),
            Illegal::NotYours {
                kind,
                from,
                owner,
                mover,
            } => write!(
                f,
                "the {} on {from} is {}'s, and {} is to move",
                kind.name(),
                side(*owner),
                side(*mover)
            ),
            Illegal::Stays => f.write_str("the move does not leave its point"),
            Illegal::OwnPiece { kind, to, .. } => write!(f, "own {} on the target point {to}", kind.name()),
            Illegal::NotStraight(kind) => write!(f, "a {} moves along a file or a rank only", kind.name()),
            Illegal::ChariotBlocked(at) => write!(f, "the chariot's path is blocked at {}", list(at)),
            Illegal::CannonBlocked(at) => write!(
                f,
                "a cannon that does not capture needs a clear path; blocked at {}",
                list(at)
            ),
            Illegal::NoScreen { from, to } => write!(
                f,
                "a cannon captures by jumping exactly one screen; there is none between {from} and {to}"
            ),
            Illegal::Screens { from, to, at } => write!(
                f,
                "a cannon captures by jumping exactly one screen; there are {} between {from} and {to} ({})",
                at.len(),
                list(at)
            ),
            Illegal::HorseShape => {
                f.write_str("a horse moves one point along a file or rank, then one diagonally")
            }
            Illegal::HorseLeg(leg) => write!(f, "the horse's leg is blocked at {leg}"),
            Illegal::ElephantShape => f.write_str("an elephant moves exactly two points diagonally"),
            Illegal::ElephantRiver => f.write_str("an elephant may not cross the river"),
            Illegal::ElephantEye(eye) => write!(f, "the elephant's eye is blocked at {eye}"),
            Illegal::AdvisorShape => f.write_str("an advisor moves one point diagonally"),
            Illegal::AdvisorPalace => f.write_str("an advisor may not leave the palace"),
            Illegal::GeneralShape => f.write_str("the general moves one point along a file or rank"),
            Illegal::GeneralPalace => f.write_str("the general may not leave the palace"),
            Illegal::SoldierStep => f.write_str("a soldier moves one point at a time"),
            Illegal::SoldierBack => f.write_str("a soldier never moves backwards"),
            Illegal::SoldierSideways => f.write_str("a soldier moves sideways only after crossing the river"),
            Illegal::GeneralsFace(file) => write!(f, "the generals would face each other on file {file}"),
            Illegal::Check { kept, by, .. } => {
                let by: Vec<String> = by
                    .iter()
                    .map(|(k, s)| format!("the {} on {s}", k.name()))
                    .collect();
                let verb = if *kept { "keeps" } else { "leaves" };
                write!(f, "it {verb} the general in check from {}", by.join(" and "))
            }
            Illegal::Other => f.write_str("the piece cannot move there"),
        }
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
    fn movement_reason(&self, mv: Move) -> Option<Illegal> {
        let p = self.piece_at(mv.from)?;
        let (from, to) = (mv.from, mv.to);
        if from == to {
            return Some(Illegal::Stays);
        }
        if let Some(q) = self.piece_at(to).filter(|q| q.color == p.color) {
            return Some(Illegal::OwnPiece {
                kind: q.kind,
                color: q.color,
                to,
            });
        }
        let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
        let forward = match p.color {
            Color::Red => dr,
            Color::Black => -dr,
        };
        match p.kind {
            PieceKind::Chariot | PieceKind::Cannon => {
                if df != 0 && dr != 0 {
                    return Some(Illegal::NotStraight(p.kind));
                }
                let between = self.occupied_between(from, to);
                match (p.kind, self.piece_at(to).is_some(), between.len()) {
                    (PieceKind::Chariot, _, 0)
                    | (PieceKind::Cannon, false, 0)
                    | (PieceKind::Cannon, true, 1) => None,
                    (PieceKind::Chariot, _, _) => Some(Illegal::ChariotBlocked(between)),
                    (_, false, _) => Some(Illegal::CannonBlocked(between)),
                    (_, true, 0) => Some(Illegal::NoScreen { from, to }),
                    (_, true, _) => Some(Illegal::Screens {
                        from,
                        to,
                        at: between,
                    }),
                }
            }
            PieceKind::Horse => {
                let leg = match (df.abs(), dr.abs()) {
                    (1, 2) => at(from.file(), from.rank() + dr.signum()),
                    (2, 1) => at(from.file() + df.signum(), from.rank()),
                    _ => return Some(Illegal::HorseShape),
                };
                self.piece_at(leg).map(|_| Illegal::HorseLeg(leg))
            }
            PieceKind::Elephant => {
                if (df.abs(), dr.abs()) != (2, 2) {
                    return Some(Illegal::ElephantShape);
                }
                if !own_half(p.color, to) {
                    return Some(Illegal::ElephantRiver);
                }
                let eye = at(from.file() + df / 2, from.rank() + dr / 2);
                self.piece_at(eye).map(|_| Illegal::ElephantEye(eye))
            }
            PieceKind::Advisor => {
                if (df.abs(), dr.abs()) != (1, 1) {
                    Some(Illegal::AdvisorShape)
                } else if !in_palace(p.color, to) {
                    Some(Illegal::AdvisorPalace)
                } else {
                    None
                }
            }
            PieceKind::General => {
                if df.abs() + dr.abs() != 1 {
                    Some(Illegal::GeneralShape)
                } else if !in_palace(p.color, to) {
                    Some(Illegal::GeneralPalace)
                } else {
                    None
                }
            }
            PieceKind::Soldier => {
                if df.abs() + dr.abs() != 1 {
                    Some(Illegal::SoldierStep)
                } else if forward < 0 {
                    Some(Illegal::SoldierBack)
                } else if forward == 0 && own_half(p.color, from) {
                    Some(Illegal::SoldierSideways)
                } else {
                    None
                }
            }
        }
    }

    /// Why `mv` is not legal; `None` when it is legal.
    pub(crate) fn illegal_reason(&self, mv: Move) -> Option<Illegal> {
        let mover = self.side_to_move();
        match self.piece_at(mv.from) {
            None => return Some(Illegal::NoPiece(mv.from)),
            Some(p) if p.color != mover => {
                return Some(Illegal::NotYours {
                    kind: p.kind,
                    from: mv.from,
                    owner: p.color,
                    mover,
                })
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
                return Some(Illegal::GeneralsFace((b'a' + g.file() as u8) as char));
            }
        }
        let g = after.general(mover)?;
        let by: Vec<(PieceKind, Square)> = after
            .attackers(g, mover.opponent())
            .into_iter()
            .filter_map(|s| Some((after.piece_at(s)?.kind, s)))
            .collect();
        Some(Illegal::Check {
            kept: was_in_check,
            attacker: mover.opponent(),
            by,
        })
    }
}
