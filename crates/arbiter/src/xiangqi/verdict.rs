//! What the referee says about a game at a ply: status, result, reason, clause, evidence.

use crate::citation::{Citation, Clauses};
use crate::types::Outcome;
use crate::xiangqi::repetition::CycleJudgement;
use serde::Serialize;
use xiangqi::Color;

/// The state of a game as the rules see it (JSON contract `status`): ongoing, claimable,
/// pending (a repetition reached the rule book's count: the arbiter must act, `must_vary` says
/// who) or decided.
pub use crate::types::Status;

/// Why a game ended or is pending (JSON contract `reason`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The side to move is in check and has no legal move: it loses.
    Checkmate,
    /// The side to move is not in check but has no legal move: it loses in xiangqi (困斃).
    NoLegalMoves,
    /// A side checked on every move of the cycle (AXF general rule 1; cited as detailed rule 1,
    /// one piece or several in turn).
    PerpetualCheck,
    /// A side chased on every move of the cycle, with no exemption (AXF general rule 3).
    PerpetualChase,
    /// A repetition in which neither side is at fault (or both equally).
    RepetitionDraw,
    /// The natural move limit was reached without a capture (AXF 60 moves each; TW113).
    NaturalMoveLimit,
}

/// A repetition found in the game: where its loops lie and how it was judged.
#[derive(Clone, Debug)]
pub struct RepetitionEvidence {
    /// Ply of the first position of the judged loops.
    pub start_ply: usize,
    /// Plies in one loop (the judged plies divided by `count`, rounded down for unequal loops).
    pub length: usize,
    /// Loops judged: the judged plies run from `start_ply` to `start_ply + count × length`
    /// (the verdict's `at_ply` when the loops are equal): the `--cycles` count when pending,
    /// one more when decided (the loops of the ruling and the one played after it).
    pub count: usize,
    /// How many times the judged loops' start position has recurred by then, counting an
    /// earlier occurrence before the judged loops: `count` while pending, more once decided
    /// (`count + 1` when the repetition was pending one loop earlier).
    pub recurrences: usize,
    /// The per-move facts, per-side offence and verdict over the judged loops.
    pub judgement: CycleJudgement,
}

/// The referee's verdict at a ply.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Ongoing, claimable, pending (the arbiter must act) or decided.
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while ongoing/claimable. While pending: the
    /// result if the side in `must_vary` does not vary.
    pub result: Outcome,
    /// Why (checkmate, perpetual check, …); `None` while nothing is decided or pending.
    pub reason: Option<Reason>,
    /// Plies played when the event happened (a mate on the 16th move is 16).
    pub at_ply: Option<usize>,
    /// The side that must change its moves (pending or decided repetition); `None` for a draw.
    pub must_vary: Option<Color>,
    /// The clause that decides it (e.g. "AXF detailed rule 13").
    pub clause: Option<Citation>,
    /// When a repetition was decided by the extra cycle: the procedure that decides it
    /// (TW113 ch.4 procedure; AXF writes none and the same count is used).
    pub procedure: Option<Clauses>,
    /// For a repetition: the cycle and both sides' facts that prove it.
    pub repetition: Option<RepetitionEvidence>,
}

impl Verdict {
    /// Nothing to report.
    pub fn ongoing() -> Verdict {
        Verdict {
            status: Status::Ongoing,
            result: Outcome::Unknown,
            reason: None,
            at_ply: None,
            must_vary: None,
            clause: None,
            procedure: None,
            repetition: None,
        }
    }
}
