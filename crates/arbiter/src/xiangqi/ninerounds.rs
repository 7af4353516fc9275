//! The TW113 9-round rule (TW113 FAQ): 「在3個或以上交叉點，以無積極意義的允許或禁止著法
//! 交替達9回合，納入待判局面」 — moves among three or more points, allowed and forbidden moves
//! alternating with no constructive purpose for 9 rounds, make the position pending even
//! without an exact repetition (a side cannot escape the repetition rules by using more points).
//!
//! Reading (the seed leaves the details to the arbiter, 「須由裁判依具體著法認定」), with every
//! parameter named in [`NineRounds`]:
//! - the window is the last `rounds` rounds (2 × `rounds` plies) and ends with a move of the
//!   side examined (the *shuffler*);
//! - no constructive purpose: no capture in the window (either side), no soldier advance by the
//!   shuffler, and the points its moves touch (from and to) number between `min_points` and
//!   `max_points` — its pieces stay confined to a small set of points;
//! - allowed and forbidden alternating: the shuffler's moves include forbidden ones (check or
//!   chase under the rule set) with never more than `max_consecutive_allowed` allowed moves in
//!   a row (every move forbidden is included: a perpetual spread over more points);
//! - then the window is judged like a repetition (responsibility table, TW113 ch.2 table) and
//!   the position is **pending**: the side at fault must vary, or — neither at fault — the
//!   arbiter proceeds to the draw (TW113 ch.4 procedure).
//!
//! The cheap shape tests ([`shape`]) run first; moves are classified only when they pass.

use crate::citation::{ClauseId, Clauses};
use crate::types::RuleBook;
use crate::xiangqi::facts::MoveFacts;
use serde::Serialize;
use xiangqi::{Color, Move, PieceKind, Position, Square};

/// Parameters of the 9-round rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NineRounds {
    /// Rounds in the window (a round = one move of each side): 9, i.e. 18 plies.
    pub rounds: usize,
    /// The shuffler's moves touch at least this many points: 3 (「3個或以上交叉點」; two points
    /// are a plain back-and-forth, left to the exact-repetition rule).
    pub min_points: usize,
    /// … and at most this many: wider manoeuvres have a purpose. 6 (three pieces shuttling
    /// between two points each, or one piece touring six).
    pub max_points: usize,
    /// Longest run of consecutive allowed moves among the shuffler's moves: 1 (forbidden moves
    /// at least every other move: 「允許或禁止著法交替」).
    pub max_consecutive_allowed: usize,
    /// The clause cited.
    pub clause: Clauses,
}

impl NineRounds {
    /// The TW113 parameters.
    pub const TW113: NineRounds = NineRounds {
        rounds: 9,
        min_points: 3,
        max_points: 6,
        max_consecutive_allowed: 1,
        clause: Clauses::of(RuleBook::Tw113, &[ClauseId::NineRounds]),
    };

    /// Plies in the window (2 × rounds).
    pub fn plies(&self) -> usize {
        2 * self.rounds
    }
}

/// What the rule needs to know of one ply without the position: the move, its mover, the
/// kind of the moved piece and whether it captured.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlyInfo {
    /// The move.
    pub mv: Move,
    /// The side that made it.
    pub mover: Color,
    /// The kind of the moved piece.
    pub kind: PieceKind,
    /// Whether it captured.
    pub capture: bool,
}

impl PlyInfo {
    /// The facts of `mv` played in `before`.
    pub fn new(before: &Position, mv: Move) -> Option<PlyInfo> {
        Some(PlyInfo {
            mv,
            mover: before.side_to_move(),
            kind: before.piece_at(mv.from)?.kind,
            capture: before.piece_at(mv.to).is_some(),
        })
    }

    /// A forward step of a soldier: irreversible progress.
    pub fn soldier_advance(&self) -> bool {
        self.kind == PieceKind::Soldier && (self.mv.to.rank() - self.mv.from.rank()) == self.mover.forward()
    }
}

/// The cheap part of the test, without classifying any move: the window is the whole slice
/// (2 × rounds plies) and `side` is the shuffler. Returns the points the shuffler's moves
/// touch when there is no capture, no soldier advance by `side`, and the points number
/// between `min_points` and `max_points`.
pub fn shape(p: &NineRounds, window: &[PlyInfo], side: Color) -> Option<Vec<Square>> {
    if window.len() != p.plies() {
        return None;
    }
    let mut points: Vec<Square> = Vec::with_capacity(p.max_points + 1);
    for i in window {
        if i.capture {
            return None;
        }
        if i.mover != side {
            continue;
        }
        if i.soldier_advance() {
            return None;
        }
        for s in [i.mv.from, i.mv.to] {
            if !points.contains(&s) {
                points.push(s);
                if points.len() > p.max_points {
                    return None;
                }
            }
        }
    }
    (points.len() >= p.min_points).then_some(points)
}

/// Whether the shuffler's moves, given as forbidden (check or chase) or not in order,
/// alternate allowed and forbidden moves: at least one forbidden, never more than
/// `max_consecutive_allowed` allowed in a row.
pub fn alternates(p: &NineRounds, forbidden: &[bool]) -> bool {
    let mut run = 0;
    for &f in forbidden {
        run = if f { 0 } else { run + 1 };
        if run > p.max_consecutive_allowed {
            return false;
        }
    }
    forbidden.iter().any(|&f| f)
}

/// A forbidden move for the 9-round rule: a check or a chase that counts under the rule set.
pub fn is_forbidden(f: &MoveFacts) -> bool {
    f.check || f.is_chase()
}

/// The whole test on a window whose moves are classified (`facts[k]` of `window[k]`).
/// Returns the points when `side` shuffles.
pub fn detect(p: &NineRounds, window: &[PlyInfo], facts: &[MoveFacts], side: Color) -> Option<Vec<Square>> {
    let points = shape(p, window, side)?;
    let forbidden: Vec<bool> = facts
        .iter()
        .filter(|f| f.mover == side)
        .map(is_forbidden)
        .collect();
    alternates(p, &forbidden).then_some(points)
}
