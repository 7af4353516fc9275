//! The incremental referee for xiangqi: one move at a time, a verdict after each.
//!
//! Cost per move: a legality check, a mate test and a hash look-up; a repetition is only
//! judged when a position recurs for the `cycles`-th time (docs/cli.md, `--cycles`).
//! Positions before the last capture can never recur, so the table is cleared at captures
//! and the amortised cost per move does not grow with the game's length.
//!
//! Also per move: the natural move limit counter ([`crate::xiangqi::limits`]; its checks are
//! only counted, one `in_check` test a ply, once the plies since the last capture reach the
//! limit: before that no claim can hold whatever they are) and,
//! under TW113, the cheap shape test of the 9-round rule ([`crate::xiangqi::ninerounds`]); moves are
//! classified only when a claim could hold or a shuffle has the 9-round shape.

use crate::citation::{Citation, NineRoundsFound};
use crate::key_map::KeyMap;
use crate::types::Outcome;
use crate::xiangqi::facts::classify;
use crate::xiangqi::facts::MoveFacts;
use crate::xiangqi::limits::{count_window, LimitMode, NaturalMoveCounter};
use crate::xiangqi::ninerounds;
use crate::xiangqi::repetition::{judge_facts, CycleJudgement, Offence};
use crate::xiangqi::rules::RuleSet;
use crate::xiangqi::verdict::{Reason, RepetitionEvidence, Status, Verdict};
use crate::{Cancelled, Deadline};
use xiangqi::{Color, IllegalMove, Move, Position};

/// Plies between two positions kept by the referee for [`Referee::position_at`].
const SNAPSHOT_EVERY: usize = 64;

/// A move the rules forbid the side to move ([`Referee::forbidden`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forbidden {
    /// The move.
    pub mv: Move,
    /// Why, as the verdict after it says (perpetual check, perpetual chase, …).
    pub reason: Option<Reason>,
    /// The clause that forbids it (e.g. "AXF detailed rule 13").
    pub clause: Option<Citation>,
    /// For a move that concedes a repetition ([`Referee::conceding`]): the opponent's reply
    /// that would complete it; `None` for a move that completes it itself.
    pub reply: Option<Move>,
}

/// Incremental xiangqi referee.
///
/// ```
/// use arbiter::xiangqi::referee::Referee;
/// use arbiter::xiangqi::rules::RuleSet;
/// use arbiter::xiangqi::verdict::{Status, Reason};
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
#[derive(Clone)]
pub struct Referee {
    rules: RuleSet,
    cycles: usize,
    pos: Position,
    /// The position the game started from (ply 0).
    start: Position,
    /// The positions at `base_ply`, `base_ply + SNAPSHOT_EVERY`, … (up to the end of the game):
    /// index 0 is the start or the position right after the last capture (positions before a
    /// capture can never recur), the others make [`Referee::position_at`] a replay of fewer
    /// than [`SNAPSHOT_EVERY`] moves, whatever the game's length.
    snapshots: Vec<Position>,
    base_ply: usize,
    /// Zobrist keys of the positions since `base_ply` (index 0 = `snapshots[0]`).
    keys: Vec<u64>,
    /// Zobrist key → occurrences since `base_ply`.
    seen: KeyMap<u64, u32>,
    /// The facts of the move played at each ply since `base_ply` (index 0 = the move from
    /// `snapshots[0]`), once classified: a repetition judged again as it goes on classifies each move
    /// once.
    facts: Vec<Option<MoveFacts>>,
    moves: Vec<Move>,
    verdict: Verdict,
    /// The loop length of a standing pending repetition (cleared when the game leaves it).
    pending_loop: Option<usize>,
    moves_after_end: usize,
    /// Natural move limit: plies since the last capture and each side's checks.
    counter: NaturalMoveCounter,
    /// Whether `counter` counts checks: from the ply where its plies reach the natural move
    /// limit (the checks before it are then counted at once) to the next capture.
    counting_checks: bool,
    /// Per side: a natural-move-limit claim holds since the last capture.
    limit_valid: [bool; 2],
    /// Per side: the first ply at which its natural-move-limit claim held.
    first_limit_claim: [Option<usize>; 2],
    /// The side whose 9-round shuffle made the position pending (TW113).
    nine_pending: Option<Color>,
    /// The engine-match convention: a pending verdict is final at once (the game ends there,
    /// as a match manager ends it; docs/engine-matches.md).
    pending_is_final: bool,
    /// Per ply: mover, moved piece, capture (for the 9-round rule's cheap shape test).
    plies_info: Vec<ninerounds::PlyInfo>,
}

impl Referee {
    /// A referee for a game starting at `start` under `rules`; a repetition becomes pending
    /// when its start position has recurred `cycles` times (default 3, TW113 ch.4 procedure).
    pub fn new(rules: RuleSet, start: Position, cycles: u32) -> Referee {
        let mut r = Referee {
            rules,
            cycles: cycles.max(1) as usize,
            snapshots: vec![start.clone()],
            start: start.clone(),
            base_ply: 0,
            keys: vec![start.key()],
            seen: KeyMap::default(),
            facts: Vec::new(),
            pos: start,
            moves: Vec::new(),
            verdict: Verdict::ongoing(),
            pending_loop: None,
            moves_after_end: 0,
            counter: NaturalMoveCounter::new(0),
            counting_checks: false,
            limit_valid: [false; 2],
            first_limit_claim: [None; 2],
            nine_pending: None,
            pending_is_final: false,
            plies_info: Vec::new(),
        };
        r.counter = NaturalMoveCounter::new(r.pos.halfmove_clock());
        r.seen.insert(r.pos.key(), 1);
        r.check_no_moves(r.pos.in_check(r.pos.side_to_move()));
        if r.verdict.status != Status::Decided {
            r.check_limit(0);
        }
        r
    }

    /// The referee under the engine-match convention (docs/engine-matches.md): a verdict that
    /// would be pending is final at once (`Decided`, no procedure), and the moves after it are
    /// moves after the end, as a match manager ends the game at that position.
    pub fn pending_is_final(mut self) -> Referee {
        self.pending_is_final = true;
        self
    }

    /// The natural move limit counter (plies since the last capture, checks per side) after
    /// the last move judged (moves after the end of the game are not counted).
    pub fn natural_move_counter(&self) -> NaturalMoveCounter {
        let mut c = self.counter.clone();
        if !self.counting_checks {
            c.set_checks(self.checks_since_base());
        }
        c
    }

    /// Checks given by each side (Red, Black) in the plies judged since `base_ply`.
    fn checks_since_base(&self) -> [u32; 2] {
        let mut checks = [0; 2];
        let mut p = self.snapshots[0].clone();
        for &m in &self.moves[self.base_ply..self.moves.len() - self.moves_after_end] {
            let mover = p.side_to_move();
            p.make_move(m);
            checks[mover as usize] += u32::from(p.in_check(mover.opponent()));
        }
        checks
    }

    /// The first ply at which each side could claim the natural move limit (the book's
    /// ordinary limit: AXF 120 plies, TW113 100 plies), in ply order: `(claimant, ply)`.
    /// Only plies before the game was decided are examined.
    pub fn natural_limit_claims(&self) -> Vec<(Color, usize)> {
        let mut v: Vec<(Color, usize)> = Color::ALL
            .iter()
            .filter_map(|&c| self.first_limit_claim[c as usize].map(|p| (c, p)))
            .collect();
        v.sort_by_key(|&(_, p)| p);
        v
    }

    /// The position the game started from (ply 0).
    pub fn start(&self) -> &Position {
        &self.start
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

    /// The legal moves that, played now, would make the side to move the one that must vary:
    /// after them the verdict is pending or decided with `must_vary` the mover (a repetition
    /// the rule book forbids it, at the referee's cycle count; under TW113 also the 9-round
    /// rule). In generation order. Empty once the game is decided. This is the list a UCCI
    /// manager sends an engine as `banmoves`.
    ///
    /// Cost: one make-move and a hash look-up per legal move (under the 9-round rule also its
    /// shape test on the last rounds); only a move that returns to a position seen since the
    /// last capture, or whose window has the 9-round shape, is played on a copy of the
    /// referee and judged.
    pub fn forbidden_moves(&self) -> Vec<Move> {
        self.forbidden().into_iter().map(|f| f.mv).collect()
    }

    /// [`Referee::forbidden_moves`], each with why: the reason and clause of the verdict the
    /// move would bring (perpetual check or chase and the clause that forbids it; TW113's
    /// 9-round rule).
    pub fn forbidden(&self) -> Vec<Forbidden> {
        self.closing(self.pos.side_to_move())
    }

    /// The legal moves after which the verdict is pending or decided with `at_fault` the side
    /// that must vary (see [`Referee::forbidden_moves`] for the cost).
    fn closing(&self, at_fault: Color) -> Vec<Forbidden> {
        if self.verdict.status == Status::Decided {
            return Vec::new();
        }
        let mover = self.pos.side_to_move();
        let ply = self.moves.len() + 1;
        // The 9-round window the move would close, but its last ply (see `nine_rounds_window`).
        let nine = self.rules.nine_rounds.and_then(|p| {
            let w = p.plies();
            (ply >= w && ply - w >= self.base_ply).then(|| (p, self.plies_info[ply - w..ply - 1].to_vec()))
        });
        let mut out = Vec::new();
        for &mv in self.pos.legal_moves().iter() {
            let mut after = self.pos.clone();
            after.make_move(mv);
            let back = self.seen.contains_key(&after.key());
            let shuffle = || {
                nine.as_ref().is_some_and(|(p, window)| {
                    let mut w = window.clone();
                    w.extend(ninerounds::PlyInfo::new(&self.pos, mv));
                    ninerounds::shape(p, &w, mover).is_some()
                })
            };
            if !back && !shuffle() {
                continue;
            }
            let mut r = self.clone();
            let v = r.play(mv, true);
            if matches!(v.status, Status::Pending | Status::Decided) && v.must_vary == Some(at_fault) {
                out.push(Forbidden {
                    mv,
                    reason: v.reason,
                    clause: v.clause.clone(),
                    reply: None,
                });
            }
        }
        out
    }

    /// The legal moves, not [forbidden](Referee::forbidden) themselves, after which the
    /// opponent has a reply that makes the side to move the one that must vary: where the
    /// first pending verdict ends the game (a match manager stops at once), playing one of
    /// them concedes the repetition. Each with that reply ([`Forbidden::reply`], the first in
    /// generation order) and the reason and clause of the verdict it brings. Empty once the
    /// game is decided.
    ///
    /// Cost: one make-move per legal reply to each legal move (and the 9-round shape test
    /// where that rule applies); only a move with a reply that returns to a position seen
    /// since the last capture, or closes a 9-round window, is played on a copy and judged.
    pub fn conceding(&self) -> Vec<Forbidden> {
        if self.verdict.status == Status::Decided {
            return Vec::new();
        }
        let mover = self.pos.side_to_move();
        let forbidden = self.forbidden_moves();
        // The reply's ply, and the 9-round window it would close but its last two plies.
        let ply = self.moves.len() + 2;
        let nine = self.rules.nine_rounds.and_then(|p| {
            let w = p.plies();
            (ply >= w && ply - w >= self.base_ply).then(|| (p, self.plies_info[ply - w..].to_vec()))
        });
        let mut out = Vec::new();
        for &mv in self.pos.legal_moves().iter() {
            if forbidden.contains(&mv) {
                continue;
            }
            let mut after = self.pos.clone();
            let captures = after.make_move(mv).captured.is_some();
            let may_return = !captures
                && after.legal_moves().iter().any(|&reply| {
                    let mut p = after.clone();
                    p.make_move(reply);
                    self.seen.contains_key(&p.key())
                        || nine.as_ref().is_some_and(|(p, window)| {
                            let mut w = window.clone();
                            w.extend(ninerounds::PlyInfo::new(&self.pos, mv));
                            w.extend(ninerounds::PlyInfo::new(&after, reply));
                            ninerounds::shape(p, &w, mover.opponent()).is_some()
                        })
                });
            if !may_return {
                continue;
            }
            let mut r = self.clone();
            r.play(mv, true);
            if let Some(close) = r.closing(mover).into_iter().next() {
                out.push(Forbidden {
                    mv,
                    reply: Some(close.mv),
                    ..close
                });
            }
        }
        out
    }

    /// The verdict after the last move.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The position at a ply since the last capture (replayed from the nearest kept position
    /// before it, fewer than 64 moves while the game is undecided; `None` for plies before the
    /// last capture or after the last move).
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        if ply < self.base_ply || ply > self.moves.len() {
            return None;
        }
        let i = ((ply - self.base_ply) / SNAPSHOT_EVERY).min(self.snapshots.len() - 1);
        let mut p = self.snapshots[i].clone();
        for &m in &self.moves[self.base_ply + i * SNAPSHOT_EVERY..ply] {
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
        self.play(mv, true)
    }

    /// Play a whole line of moves already known to be legal in turn (a replayed record) and
    /// return the verdict after the last. Equivalent to [`Referee::push_legal`] on each move,
    /// but the mate test runs only after the last move: a position followed by a legal move
    /// cannot be mate.
    pub fn replay(&mut self, moves: &[Move]) -> &Verdict {
        self.replay_within(moves, &Deadline::never())
            .expect("work with no deadline is never stopped")
    }

    /// [`Referee::replay`] that stops at `deadline` (checked every
    /// [`Deadline::CHECK_EVERY`] plies).
    ///
    /// # Errors
    /// [`Cancelled`] when the deadline passed (or its flag was set) first; the referee then
    /// stands at the ply reached (without the mate test of its last position).
    pub fn replay_within(&mut self, moves: &[Move], deadline: &Deadline) -> Result<&Verdict, Cancelled> {
        self.moves.reserve(moves.len());
        self.keys.reserve(moves.len());
        self.plies_info.reserve(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            if i.is_multiple_of(Deadline::CHECK_EVERY) {
                deadline.check()?;
            }
            self.play(mv, i + 1 == moves.len());
        }
        Ok(&self.verdict)
    }

    /// Play `mv` (legal) and judge; `mate_test`: whether the new position may lack a legal move.
    fn play(&mut self, mv: Move, mate_test: bool) -> &Verdict {
        debug_assert!(self.pos.is_legal(mv), "push_legal: {mv} is not legal");
        let mover = self.pos.side_to_move();
        let info = ninerounds::PlyInfo::new(&self.pos, mv).expect("a legal move has a piece to move");
        let capture = info.capture;
        self.plies_info.push(info);
        self.pos.make_move(mv);
        self.moves.push(mv);
        let ply = self.moves.len();
        if self.verdict.status == Status::Decided {
            self.moves_after_end += 1;
            return &self.verdict;
        }
        if capture {
            self.snapshots.clear();
            self.snapshots.push(self.pos.clone());
            self.base_ply = ply;
            self.keys.clear();
            self.seen.clear();
            self.facts.clear();
            self.limit_valid = [false; 2];
            self.counting_checks = false;
            if self.nine_pending.take().is_some() {
                self.verdict = Verdict::ongoing();
            }
        }
        if self.verdict.status == Status::Claimable {
            self.verdict = Verdict::ongoing();
        }
        self.keys.push(self.pos.key());
        if ply > self.base_ply && (ply - self.base_ply).is_multiple_of(SNAPSHOT_EVERY) {
            self.snapshots.push(self.pos.clone());
        }
        if let Some(len) = self.pending_loop {
            let same = ply >= len
                && self.key_at(ply - len) == Some(self.pos.key())
                && self.position_at(ply - len).is_some_and(|p| p == self.pos);
            if !same {
                self.pending_loop = None;
                self.verdict = Verdict::ongoing();
            }
        }
        let check = (mate_test || self.counting_checks) && self.pos.in_check(self.pos.side_to_move());
        if mate_test {
            self.check_no_moves(check);
        }
        if self.verdict.status != Status::Decided {
            self.check_repetition(ply);
        }
        if self.verdict.status != Status::Decided {
            if self.pending_loop.is_some() {
                self.nine_pending = None;
            } else {
                self.check_nine_rounds(mover, ply);
            }
        }
        if self.pending_is_final && self.verdict.status == Status::Pending {
            self.verdict.status = Status::Decided;
            self.pending_loop = None;
            self.nine_pending = None;
        }
        self.counter.push(mover, capture, check);
        if !self.counting_checks && self.counter.plies() >= self.rules.natural_move_limit.plies {
            // The upper bound may reach the limit from here on: count the checks so far.
            self.counter.set_checks(self.checks_since_base());
            self.counting_checks = true;
        }
        if self.verdict.status != Status::Decided {
            self.check_limit(ply);
        }
        &self.verdict
    }

    /// The positions from `base_ply` to the current ply, replayed.
    fn positions_since_base(&self) -> Vec<Position> {
        let mut p = self.snapshots[0].clone();
        let mut out = Vec::with_capacity(self.moves.len() - self.base_ply + 1);
        out.push(p.clone());
        for &m in &self.moves[self.base_ply..] {
            p.make_move(m);
            out.push(p.clone());
        }
        out
    }

    /// Natural move limit for the side to move at `ply`: the full count (replaying the plies
    /// since the last capture) runs only when the counter's upper bound reaches the limit and
    /// the claim did not already hold.
    fn check_limit(&mut self, ply: usize) {
        let side = self.pos.side_to_move();
        let limit = self.rules.natural_move_limit;
        if !self.limit_valid[side as usize] && self.counter.upper_bound(side, &limit) >= limit.plies {
            let positions = self.positions_since_base();
            let refs: Vec<&Position> = positions.iter().collect();
            if let Ok(c) = count_window(
                &self.rules,
                LimitMode::Standard,
                self.base_ply,
                &refs,
                &self.moves[self.base_ply..],
            ) {
                if c.valid {
                    self.limit_valid[side as usize] = true;
                    self.first_limit_claim[side as usize].get_or_insert(ply);
                }
            }
        }
        if self.verdict.status == Status::Ongoing && self.limit_valid[side as usize] {
            self.verdict = Verdict {
                status: Status::Claimable,
                result: Outcome::Unknown,
                reason: None,
                at_ply: None,
                must_vary: None,
                clause: Some(limit.clause.into()),
                procedure: None,
                repetition: None,
            };
        }
    }

    /// The TW113 9-round rule ([`ninerounds`]) for the side that just moved.
    fn check_nine_rounds(&mut self, mover: Color, ply: usize) {
        let Some(p) = self.rules.nine_rounds else {
            return;
        };
        if self.nine_pending.is_some_and(|x| x != mover) {
            return;
        }
        match self.nine_rounds_window(&p, mover, ply) {
            Some((from, judgement)) => {
                let v = &judgement.verdict;
                let reason = repetition_reason(&judgement);
                self.verdict = Verdict {
                    status: Status::Pending,
                    result: v.result_if_unchanged,
                    reason: Some(reason),
                    at_ply: Some(ply),
                    must_vary: v.must_vary,
                    clause: Some(Citation::NineRounds(Box::new(NineRoundsFound {
                        rule: p.clause,
                        mover: mover.into(),
                        points: judgement_points(&judgement, mover),
                        rounds: p.rounds,
                        verdict: Box::new(v.clause.clone()),
                    }))),
                    procedure: None,
                    repetition: Some(RepetitionEvidence {
                        start_ply: from,
                        length: ply - from,
                        count: 1,
                        recurrences: 1,
                        judgement,
                    }),
                };
                self.nine_pending = Some(mover);
            }
            None => {
                if self.nine_pending.take().is_some() {
                    self.verdict = Verdict::ongoing();
                }
            }
        }
    }

    /// The window of the 9-round rule ending at `ply` when `side` shuffles in it: its start
    /// ply and the window judged as a repetition pattern. Cheap unless the shape test passes.
    fn nine_rounds_window(
        &mut self,
        p: &ninerounds::NineRounds,
        side: Color,
        ply: usize,
    ) -> Option<(usize, CycleJudgement)> {
        let w = p.plies();
        if ply < w || ply - w < self.base_ply {
            return None;
        }
        let from = ply - w;
        let window = &self.plies_info[from..ply];
        ninerounds::shape(p, window, side)?;
        let start = self.position_at(from)?;
        // The shuffler's moves first, cheapest test first (a check needs no classification),
        // stopping at the first run of allowed moves that is too long.
        let mut pos = start.clone();
        let mut forbidden = Vec::with_capacity(p.rounds);
        for at in from..ply {
            let mv = self.moves[at];
            if pos.side_to_move() == side {
                let mut after = pos.clone();
                after.make_move(mv);
                let f = after.in_check(side.opponent()) || self.facts_at(at, &pos).is_chase();
                forbidden.push(f);
                let run = forbidden.iter().rev().take_while(|&&f| !f).count();
                if run > p.max_consecutive_allowed {
                    return None;
                }
            }
            pos.make_move(mv);
        }
        if !ninerounds::alternates(p, &forbidden) {
            return None;
        }
        let mut pos = start.clone();
        let mut facts = Vec::with_capacity(w);
        for at in from..ply {
            facts.push(self.facts_at(at, &pos).clone());
            pos.make_move(self.moves[at]);
        }
        Some((from, judge_facts(&start, facts, &self.rules)))
    }

    /// The facts of the move played at ply `at` (at least `base_ply`) from `pos`, the position
    /// at `at`: classified once, then kept until the next capture.
    fn facts_at(&mut self, at: usize, pos: &Position) -> &MoveFacts {
        let i = at - self.base_ply;
        if self.facts.len() <= i {
            self.facts.resize(i + 1, None);
        }
        let mv = self.moves[at];
        let rules = &self.rules;
        self.facts[i].get_or_insert_with(|| classify(pos, mv, rules))
    }

    /// Mate or no legal move: the side to move loses (xiangqi has no stalemate draw).
    /// `in_check`: whether the side to move is in check now.
    fn check_no_moves(&mut self, in_check: bool) {
        if self.pos.has_legal_move_given_check(in_check) {
            return;
        }
        let side = self.pos.side_to_move();
        let mate = in_check;
        self.verdict = Verdict {
            status: Status::Decided,
            result: Outcome::loss_for(side),
            reason: Some(if mate {
                Reason::Checkmate
            } else {
                Reason::NoLegalMoves
            }),
            at_ply: Some(self.moves.len()),
            must_vary: None,
            clause: Some(if mate {
                Citation::Checkmate
            } else {
                Citation::NoLegalMove
            }),
            procedure: None,
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
        let decided = recurrences > self.cycles;
        // Pending: the moves of the last `cycles` loops together. Decided: the loops the ruling
        // judged and the one more played after it, together (docs/cli.md: a verdict decided
        // at the fourth recurrence judges the four loops), so that a loop played differently
        // after the ruling cannot turn it into a loss nobody was warned of: the side at fault
        // when it was ruled loses by repeating one more cycle, and a draw ruled stays a draw
        // unless the extra loop makes the whole of them an offence (TW113 ch.4 procedure).
        let judged = self.judged_loops(recurrences, decided);
        let from = same[same.len() - 1 - judged];
        let Some(judgement) = self.judge_span(from, ply) else {
            return;
        };
        let loop_len = ply - same[same.len() - 2];
        self.set_repetition_verdict(judgement, from, ply, loop_len, recurrences, decided);
    }

    /// The loops judged when the start position has recurred `recurrences` times: `cycles`
    /// while pending, one more once `decided` (the ruled loops and the one after them: TW113
    /// ch.4 procedure, the side at fault when ruled loses by repeating one more cycle).
    fn judged_loops(&self, recurrences: usize, decided: bool) -> usize {
        if decided { self.cycles + 1 } else { self.cycles }.min(recurrences)
    }

    /// Classify the moves between plies `from` and `to` and judge them as one pattern.
    fn judge_span(&mut self, from: usize, to: usize) -> Option<CycleJudgement> {
        let start = self.position_at(from)?;
        let mut pos = start.clone();
        let mut facts = Vec::with_capacity(to - from);
        for at in from..to {
            facts.push(self.facts_at(at, &pos).clone());
            pos.make_move(self.moves[at]);
        }
        Some(judge_facts(&start, facts, &self.rules))
    }

    fn set_repetition_verdict(
        &mut self,
        judgement: CycleJudgement,
        from: usize,
        ply: usize,
        loop_len: usize,
        recurrences: usize,
        decided: bool,
    ) {
        let judged = self.judged_loops(recurrences, decided);
        let v = &judgement.verdict;
        let reason = repetition_reason(&judgement);
        let clause = v.clause.clone();
        let procedure = decided.then_some(self.rules.procedure_clause);
        self.verdict = Verdict {
            status: if decided { Status::Decided } else { Status::Pending },
            result: v.result_if_unchanged,
            reason: Some(reason),
            at_ply: Some(ply),
            must_vary: v.must_vary,
            clause: Some(clause),
            procedure,
            repetition: Some(RepetitionEvidence {
                start_ply: from,
                length: loop_len,
                // The judged loops: `cycles` of them when pending, one more when decided.
                count: judged,
                recurrences,
                judgement,
            }),
        };
        self.pending_loop = if decided { None } else { Some(loop_len) };
    }
}

/// The `reason` of a judged repetition: the offence of the side that must vary, or a draw.
fn repetition_reason(judgement: &CycleJudgement) -> Reason {
    match judgement.verdict.must_vary {
        None => Reason::RepetitionDraw,
        Some(side) => match judgement.side(side).offence {
            Offence::PerpetualCheck => Reason::PerpetualCheck,
            _ => Reason::PerpetualChase,
        },
    }
}

/// The number of points `side`'s moves touch in a judged window.
fn judgement_points(j: &CycleJudgement, side: Color) -> usize {
    let mut pts: Vec<xiangqi::Square> = Vec::new();
    for f in &j.side(side).moves {
        for s in [f.mv.from, f.mv.to] {
            if !pts.contains(&s) {
                pts.push(s);
            }
        }
    }
    pts.len()
}
