//! Repetition cycles: per-side offence over the moves of one or more loops, and the verdict
//! table (AXF general rules 1–5, detailed rules 1–3,
//! 27–28; TW113 ch.2 table).
//!
//! This module holds the judgement's types, the pieces' identities through a cycle and the
//! judging of a cycle; `side` judges one side's play, `verdict` names each side's clause and
//! applies the verdict table.

pub use super::facts::Reading;
use crate::citation::ClauseId::{self, *};
use crate::citation::{Citation, Clauses, Qualifier};
use crate::types::{Outcome, RuleBook};
use crate::xiangqi::facts::{classify, MoveFacts};
use crate::xiangqi::rules::{RuleSet, RulesId};
use serde::Serialize;
use xiangqi::{Color, Move, PieceKind, Position, Square};

mod side;
mod verdict;

use side::judge_side;
use verdict::verdict;

/// A side's offence over a cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Offence {
    /// Allowed: idle moves, one check one chase, exempt chases, mate threats, …
    None,
    /// Every move chases, and one and the same enemy piece on every move.
    PerpetualChase,
    /// Every move gives check.
    PerpetualCheck,
}

impl Offence {
    /// `"none"`, `"perpetual_chase"`, `"perpetual_check"`.
    pub fn name(self) -> &'static str {
        match self {
            Offence::None => "none",
            Offence::PerpetualChase => "perpetual_chase",
            Offence::PerpetualCheck => "perpetual_check",
        }
    }
}

/// One side's part of a cycle.
#[derive(Clone, Debug)]
pub struct SideJudgement {
    /// Red or Black.
    pub side: Color,
    /// What this side does in the cycle: perpetual check, perpetual chase or none (allowed).
    pub offence: Offence,
    /// The side's moves in order, with their facts.
    pub moves: Vec<MoveFacts>,
    /// For a perpetual chase: the target chased on every move (point at the start of the
    /// judged moves) and its kind.
    pub target: Option<(Square, PieceKind)>,
    /// For a perpetual chase: the pieces that chase that target, each once by identity (point
    /// at the start of the judged moves, kind). One chaser: AXF general rule 3; two or more in
    /// turn: detailed rule 28.
    pub chasers: Vec<(Square, PieceKind)>,
    /// Readings beyond the rule books' text that this side's offence rests on.
    pub readings: Vec<Reading>,
    /// The clause that makes the offence (or the allowance) what it is: clause ids only
    /// (`"AXF detailed rule 13"`, `"AXF general rule 1 / general rule 3"`); what the clause
    /// says of the side is in `ground`.
    pub clause: Citation,
    /// What `clause` holds of this side, for the report's words.
    pub ground: Ground,
    /// A side allowed although one and the same piece is chased on every move: that piece, its
    /// chasers and the clauses that allow it and would forbid it. `None` otherwise.
    pub allowed_chase: Option<AllowedChase>,
}

/// What a side's clause holds of it, beyond the clause ids (the report words it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Ground {
    /// The clause names the offence or the allowance itself.
    #[default]
    Named,
    /// Allowed because it neither checks nor chases perpetually: AXF general rules 1 and 3
    /// forbid only those, whatever the other side does.
    NotPerpetual,
}

/// Why a side that chases one and the same piece on every move is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllowedChase {
    /// The piece chased on every move (point at the start of the judged moves, kind).
    pub target: (Square, PieceKind),
    /// Its chasers by identity (point at the start, kind).
    pub chasers: Vec<(Square, PieceKind)>,
    /// The other pieces chased on every move, each with its chasers (two pieces chasing two).
    pub others: Vec<PieceChasers>,
    /// Why it is allowed.
    pub why: AllowedBecause,
    /// The clause that allows it (`"AXF general rule 4 / detailed rule 27"`).
    pub allowed_by: Citation,
    /// The clauses that would forbid it were it not so: several pieces chasing one in turn
    /// (`"AXF detailed rule 28"`), one piece chasing one (`"AXF general rule 3"`), a general or
    /// soldier joining on every move (`"AXF detailed rule 25"`).
    pub not_forbidden_by: Vec<Citation>,
}

/// A piece (point at the start of the judged moves, kind) and its chasers by identity.
pub type PieceChasers = ((Square, PieceKind), Vec<(Square, PieceKind)>);

/// Why a chase of one piece on every move is allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AllowedBecause {
    /// Another piece is chased on every move too, and the chasers are two or more: two pieces
    /// chasing two in turn (AXF general rule 4, detailed rule 27), not several pieces chasing
    /// one (detailed rule 28).
    TwoChaseTwo,
    /// A general or soldier (this kind) joins the one chaser on some moves only (AXF general
    /// rule 9, detailed rules 23–24), not on every move (detailed rule 25).
    JoinedOnSomeMoves(PieceKind),
}

/// The verdict of a cycle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CycleVerdict {
    /// The side that must vary, `None` for a draw.
    pub must_vary: Option<Color>,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`: the result if nobody varies.
    pub result_if_unchanged: Outcome,
    /// The clause of the verdict (e.g. "AXF general rule 1", "AXF detailed rule 13").
    pub clause: Citation,
    /// The side that must vary chases a chariot as its book forbids whatever the other side
    /// chases back, and the other side does chase on every move: the clause that keeps the
    /// fault on the first side (`"AXF detailed rule 10"`, 14 or 15; under TW113 the AXF clause
    /// as a reading). `None` otherwise.
    #[serde(skip)]
    pub chased_back: Option<Citation>,
}

/// A judged cycle: both sides and the verdict.
#[derive(Clone, Debug)]
pub struct CycleJudgement {
    /// The rule set it was judged under (`axf`, `tw113`).
    pub rules: RulesId,
    /// Red's part.
    pub red: SideJudgement,
    /// Black's part.
    pub black: SideJudgement,
    /// Who must vary and the result if nobody does.
    pub verdict: CycleVerdict,
    /// Readings beyond the rule books' text that the verdict rests on (empty when the text decides
    /// alone).
    pub readings: Vec<Reading>,
}

impl CycleJudgement {
    /// The judgement of `side`.
    pub fn side(&self, side: Color) -> &SideJudgement {
        match side {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

/// Why moves given as a cycle are not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CycleError {
    /// No moves were given.
    #[error("no moves given: a cycle needs at least one loop")]
    Empty,
    /// A move of the loop cannot be played.
    #[error("move {ply} ({mv}) is illegal: {reason}")]
    Illegal {
        /// The ply the move would have produced (1 = the first move).
        ply: usize,
        /// The move as written.
        mv: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// The moves do not end on the start position (same pieces, same side to move).
    #[error("the moves do not return to the start position: after {} {}", crate::words::plies(*.plies), difference(.start, .end))]
    NotACycle {
        /// The plies given.
        plies: usize,
        /// The start position.
        start: Box<Position>,
        /// The position the moves end on (it differs from `start`).
        end: Box<Position>,
    },
}

/// Describe how `b` differs from `a` (for an error message).
fn difference(a: &Position, b: &Position) -> String {
    if a.side_to_move() != b.side_to_move() {
        return format!("{} is to move instead of {}", b.side_to_move(), a.side_to_move());
    }
    let diffs: Vec<String> = Square::all()
        .filter(|&s| a.piece_at(s) != b.piece_at(s))
        .map(|s| {
            let show = |p: Option<xiangqi::Piece>| {
                p.map(|p| format!("{} {}", p.color, p.kind.name()))
                    .unwrap_or_else(|| "empty".into())
            };
            format!(
                "{s} holds {} (start: {})",
                show(b.piece_at(s)),
                show(a.piece_at(s))
            )
        })
        .collect();
    diffs.join(", ")
}

/// Classify every move of a cycle played from `start`; the moves must end on `start`'s
/// position (same pieces, same side to move).
///
/// # Errors
/// [`CycleError`]: no moves, an illegal move (with its 1-based ply), or not a cycle.
pub fn judge_cycle(start: &Position, moves: &[Move], rules: &RuleSet) -> Result<CycleJudgement, CycleError> {
    if moves.is_empty() {
        return Err(CycleError::Empty);
    }
    let mut pos = start.clone();
    let mut facts = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        pos.check_legal(mv).map_err(|e| CycleError::Illegal {
            ply: i + 1,
            mv: mv.to_string(),
            reason: e.reason.to_string(),
        })?;
        facts.push(classify(&pos, mv, rules));
        pos.make_move(mv);
    }
    if pos != *start {
        return Err(CycleError::NotACycle {
            plies: moves.len(),
            start: Box::new(start.clone()),
            end: Box::new(pos),
        });
    }
    Ok(judge_facts(start, facts, rules))
}

/// Identities (start points of the judged moves, as indices) involved in one move.
#[derive(Clone, Debug, Default)]
struct MoveIds {
    /// Targets chased by the move, each once.
    targets: Vec<u8>,
    /// (chaser, target, index in `MoveFacts::chases`) of every chase of the move.
    pairs: Vec<(u8, u8, usize)>,
    /// Targets of the move's exempted threats, in the order of `MoveFacts::exempted`.
    exempt_targets: Vec<Option<u8>>,
}

/// Judge already classified moves (played from `start`) as one repetition pattern.
///
/// Pieces keep their identity through the moves (docs/axf.md): chased pieces and chasers alike are
/// named by where they stood at `start`.
pub fn judge_facts(start: &Position, facts: Vec<MoveFacts>, rules: &RuleSet) -> CycleJudgement {
    let mut ids: [Option<u8>; 90] = [None; 90];
    for (sq, _) in start.pieces() {
        ids[sq.index()] = Some(sq.index() as u8);
    }
    let mut per_side: [Vec<(MoveFacts, MoveIds)>; 2] = [Vec::new(), Vec::new()];
    for f in facts {
        ids[f.mv.to.index()] = ids[f.mv.from.index()];
        ids[f.mv.from.index()] = None;
        let mut m = MoveIds::default();
        for (i, c) in f.chases.iter().enumerate() {
            let (Some(a), Some(t)) = (ids[c.chaser.index()], ids[c.target.index()]) else {
                continue;
            };
            if !m.targets.contains(&t) {
                m.targets.push(t);
            }
            m.pairs.push((a, t, i));
        }
        m.exempt_targets = f.exempted.iter().map(|e| ids[e.target.index()]).collect();
        per_side[f.mover as usize].push((f, m));
    }
    let [red, black] = per_side;
    let red = judge_side(Color::Red, red, start, rules);
    let black = judge_side(Color::Black, black, start, rules);
    let (verdict, verdict_reading) = verdict(&red, &black, rules);
    let mut readings: Vec<Reading> = Vec::new();
    for s in [&red, &black] {
        let decides = verdict.must_vary == Some(s.side)
            || (verdict.must_vary.is_none() && s.offence == Offence::PerpetualChase);
        if decides {
            readings.extend(s.readings.iter().cloned());
        }
    }
    readings.extend(verdict_reading);
    readings.sort();
    readings.dedup();
    CycleJudgement {
        rules: rules.id,
        red,
        black,
        verdict,
        readings,
    }
}

/// The point and kind of the piece whose identity is `id` (its start point).
fn piece_of(start: &Position, id: u8) -> Option<(Square, PieceKind)> {
    let sq = Square::from_index(id as usize)?;
    Some((sq, start.piece_at(sq)?.kind))
}

/// The pieces (by identity) that chase the piece `id` over `moves`, in order of first chase.
fn chaser_ids_of(moves: &[(MoveFacts, MoveIds)], id: u8) -> Vec<u8> {
    let mut v = Vec::new();
    for (_, m) in moves {
        for &(a, t, _) in &m.pairs {
            if t == id && !v.contains(&a) {
                v.push(a);
            }
        }
    }
    v
}

/// Whether every move chases the piece `id` only jointly with a general or soldier
/// ([`crate::xiangqi::facts::Chase::joined_by`]: AXF detailed rule 25).
fn joined_every_move<'a>(moves: impl IntoIterator<Item = (&'a MoveFacts, &'a MoveIds)>, id: u8) -> bool {
    let mut any = false;
    let all = moves.into_iter().all(|(f, m)| {
        any = true;
        let on_t = chases_of(f, m, id);
        !on_t.is_empty() && on_t.iter().all(|c| c.joined_by.is_some())
    });
    any && all
}

/// The chases of the piece `id` (by identity) among the chases of one move.
fn chases_of<'a>(f: &'a MoveFacts, m: &MoveIds, id: u8) -> Vec<&'a crate::xiangqi::facts::Chase> {
    m.pairs
        .iter()
        .filter(|p| p.1 == id)
        .map(|p| &f.chases[p.2])
        .collect()
}

/// The kinds of the pieces that chase the piece `id` over `moves`.
fn chaser_kinds_of(moves: &[(MoveFacts, MoveIds)], id: u8, start: &Position) -> Vec<PieceKind> {
    let mut v = Vec::new();
    for (_, m) in moves {
        for &(a, t, _) in &m.pairs {
            if t == id {
                if let Some((_, k)) = piece_of(start, a) {
                    if !v.contains(&k) {
                        v.push(k);
                    }
                }
            }
        }
    }
    v
}

/// AXF clauses.
const fn axf(ids: &'static [ClauseId]) -> Citation {
    Citation::of(RuleBook::Axf, ids)
}

/// TW113 ch.2 table.
const TW113_TABLE: Citation = Citation::of(RuleBook::Tw113, &[Table]);
/// An AXF clause read into TW113, which is silent.
const TW113_SILENT: Qualifier = Qualifier::Silent(RuleBook::Tw113);
