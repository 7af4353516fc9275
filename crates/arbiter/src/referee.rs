//! The incremental referee for xiangqi: one move at a time, a verdict after each.
//!
//! Cost per move: a legality check, a mate test and a hash look-up; a repetition is only
//! judged when a position recurs for the `cycles`-th time (spec `xiangqi-repetition.md` §4).
//! Positions before the last capture can never recur, so the table is cleared at captures
//! and the amortised cost per move does not grow with the game's length.

use crate::facts::classify;
use crate::repetition::{judge_facts, CycleJudgement, Offence};
use crate::rules::RuleSet;
use crate::verdict::{loss_for, Reason, RepetitionEvidence, Status, Verdict};
use std::collections::HashMap;
use xiangqi::{IllegalMove, Move, Position};

/// Incremental xiangqi referee.
///
/// ```
/// use arbiter::referee::Referee;
/// use arbiter::rules::RuleSet;
/// use arbiter::verdict::{Status, Reason};
/// use xiangqi::{Move, Position};
/// let start = Position::from_fen("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w - - 0 1").unwrap();
/// let mut r = Referee::new(RuleSet::axf(), start, 3);
/// for _ in 0..3 {
///     for m in ["f7e7", "e9f9", "e7f7", "f9e9"] {
///         r.push(Move::parse_iccs(m).unwrap()).unwrap();
///     }
/// }
/// let v = r.verdict();
/// assert_eq!(v.status, Status::Pending);
/// assert_eq!(v.reason, Some(Reason::PerpetualCheck));
/// assert_eq!(v.result, "0-1");
/// ```
pub struct Referee {
    rules: RuleSet,
    cycles: usize,
    pos: Position,
    /// The position at `base_ply`: the start, or the position right after the last capture
    /// (positions before a capture can never recur).
    base: Position,
    base_ply: usize,
    /// Zobrist keys of the positions since `base_ply` (index 0 = `base`).
    keys: Vec<u64>,
    /// Zobrist key → occurrences since `base_ply`.
    seen: HashMap<u64, u32>,
    moves: Vec<Move>,
    verdict: Verdict,
    /// The loop length of a standing pending repetition (cleared when the game leaves it).
    pending_loop: Option<usize>,
    moves_after_end: usize,
}

impl Referee {
    /// A referee for a game starting at `start` under `rules`; a repetition becomes pending
    /// when its start position has recurred `cycles` times (default 3, TW113 ch.4 procedure).
    pub fn new(rules: RuleSet, start: Position, cycles: u32) -> Referee {
        let mut r = Referee {
            rules,
            cycles: cycles.max(1) as usize,
            base: start.clone(),
            base_ply: 0,
            keys: vec![start.key()],
            seen: HashMap::new(),
            pos: start,
            moves: Vec::new(),
            verdict: Verdict::ongoing(),
            pending_loop: None,
            moves_after_end: 0,
        };
        r.seen.insert(r.pos.key(), 1);
        r.check_no_moves();
        r
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Plies played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Moves played after the game was decided (real records do this; not an error).
    pub fn moves_after_end(&self) -> usize {
        self.moves_after_end
    }

    /// The verdict after the last move.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The position at a ply since the last capture (replayed from there; `None` for plies
    /// before it or after the last move).
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        if ply < self.base_ply || ply > self.moves.len() {
            return None;
        }
        let mut p = self.base.clone();
        for &m in &self.moves[self.base_ply..ply] {
            p.make_move(m);
        }
        Some(p)
    }

    fn key_at(&self, ply: usize) -> Option<u64> {
        self.keys.get(ply.checked_sub(self.base_ply)?).copied()
    }

    /// Play one move and judge the new position.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move is not legal; the referee is unchanged then.
    pub fn push(&mut self, mv: Move) -> Result<&Verdict, IllegalMove> {
        self.pos.check_legal(mv)?;
        Ok(self.push_legal(mv))
    }

    /// Play one move already known to be legal here (a record the reader replayed with full
    /// legality checks) and judge the new position. Skips the legality test of [`Referee::push`];
    /// an illegal move here is a caller bug (checked in debug builds).
    pub fn push_legal(&mut self, mv: Move) -> &Verdict {
        debug_assert!(self.pos.is_legal(mv), "push_legal: {mv} is not legal");
        let capture = self.pos.piece_at(mv.to).is_some();
        self.pos.make_move(mv);
        self.moves.push(mv);
        let ply = self.moves.len();
        if self.verdict.status == Status::Decided {
            self.moves_after_end += 1;
            return &self.verdict;
        }
        if capture {
            self.base = self.pos.clone();
            self.base_ply = ply;
            self.keys.clear();
            self.seen.clear();
        }
        self.keys.push(self.pos.key());
        if let Some(len) = self.pending_loop {
            let same = ply >= len
                && self.key_at(ply - len) == Some(self.pos.key())
                && self.position_at(ply - len).is_some_and(|p| p == self.pos);
            if !same {
                self.pending_loop = None;
                self.verdict = Verdict::ongoing();
            }
        }
        self.check_no_moves();
        if self.verdict.status != Status::Decided {
            self.check_repetition(ply);
        }
        &self.verdict
    }

    /// Mate or no legal move: the side to move loses (xiangqi has no stalemate draw).
    fn check_no_moves(&mut self) {
        if self.pos.has_legal_move() {
            return;
        }
        let side = self.pos.side_to_move();
        let mate = self.pos.in_check(side);
        self.verdict = Verdict {
            status: Status::Decided,
            result: loss_for(side),
            reason: Some(if mate {
                Reason::Checkmate
            } else {
                Reason::NoLegalMoves
            }),
            at_ply: Some(self.moves.len()),
            must_vary: None,
            clause: Some(
                if mate {
                    "checkmate: the side to move loses"
                } else {
                    "no legal move (困斃): the side to move loses"
                }
                .into(),
            ),
            repetition: None,
        };
        self.pending_loop = None;
    }

    fn check_repetition(&mut self, ply: usize) {
        let key = self.pos.key();
        let count = self.seen.entry(key).or_default();
        *count += 1;
        if (*count as usize) <= self.cycles {
            return;
        }
        // Rare: the key recurred often enough. Confirm each occurrence on the full position.
        let same: Vec<usize> = (self.base_ply..=ply)
            .filter(|&p| self.key_at(p) == Some(key) && self.position_at(p).is_some_and(|q| q == self.pos))
            .collect();
        let recurrences = same.len() - 1;
        if recurrences < self.cycles {
            return;
        }
        let from = same[same.len() - 1 - self.cycles];
        let Some(judgement) = self.judge_span(from, ply) else {
            return;
        };
        let loop_len = ply - same[same.len() - 2];
        let decided = recurrences > self.cycles;
        self.set_repetition_verdict(judgement, from, ply, loop_len, recurrences, decided);
    }

    /// Classify the moves between plies `from` and `to` and judge them as one pattern.
    fn judge_span(&self, from: usize, to: usize) -> Option<CycleJudgement> {
        let start = self.position_at(from)?;
        let mut pos = start.clone();
        let mut facts = Vec::with_capacity(to - from);
        for &mv in &self.moves[from..to] {
            facts.push(classify(&pos, mv, &self.rules));
            pos.make_move(mv);
        }
        Some(judge_facts(&start, facts, &self.rules))
    }

    fn set_repetition_verdict(
        &mut self,
        judgement: CycleJudgement,
        from: usize,
        ply: usize,
        loop_len: usize,
        count: usize,
        decided: bool,
    ) {
        let v = &judgement.verdict;
        let reason = match v.must_vary {
            None => Reason::RepetitionDraw,
            Some(side) => match judgement.side(side).offence {
                Offence::PerpetualCheck => Reason::PerpetualCheck,
                _ => Reason::PerpetualChase,
            },
        };
        let clause = if decided {
            format!("{}; {}", v.clause, self.rules.procedure_clause)
        } else {
            v.clause.clone()
        };
        self.verdict = Verdict {
            status: if decided { Status::Decided } else { Status::Pending },
            result: v.result_if_unchanged,
            reason: Some(reason),
            at_ply: Some(ply),
            must_vary: v.must_vary,
            clause: Some(clause),
            repetition: Some(RepetitionEvidence {
                start_ply: from,
                length: loop_len,
                count,
                judgement,
            }),
        };
        self.pending_loop = if decided { None } else { Some(loop_len) };
    }
}
