//! The incremental chess referee (FIDE Laws 2023): one move at a time, the game's status after
//! each ply. [`super::judge_game_with`] is a loop over it.
//!
//! Cost per move: one position key and one repetition-table entry (a hash-map look-up; the
//! table is cleared at every pawn move or capture, FIDE 9.2.3), and the claim test only while a
//! kind of claim has not yet been found for the side to move — amortised O(1), whatever the
//! game's length. [`Referee::status`] adds the test
//! of the current position (legal moves for mate and stalemate, the claims available now) and
//! the dead-position test (5.2.2), which is a search.

use crate::citation::{ClauseId, Clauses};
use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position};

use super::claimable::{claims_here, uci, FirstClaims};
use super::dead::{can_mate, is_dead, Mateability};
use super::error::ChessError;
use super::identity::{PositionKey, RepetitionTable};
use super::record::parse_move;
use super::rules::Fide;
use super::verdict::{
    is_time_forfeit, ClaimOpportunity, FlagFall, JudgeReport, MovesInWords, Reason, Status,
};
use crate::agreement::{ending, result_agrees, RulesSay};
use crate::types::{ClaimKind, Game, Outcome, RuleBook, Side};
use crate::{Cancelled, Deadline};

/// An incremental chess referee under FIDE's counts ([`Fide`]): push moves (as [`Move`]s or
/// written in SAN or UCI), ask the status after any ply.
///
/// ```
/// use arbiter::chess::{Reason, Referee, Status};
/// let mut r = Referee::default(); // the standard start
/// for m in ["f3", "e5", "g4", "Qh4#"] {
///     r.push_text(m).unwrap();
/// }
/// let s = r.status();
/// assert_eq!((s.status, s.reason, s.at_ply, s.result.name()), (Status::Decided, Some(Reason::Checkmate), Some(4), "0-1"));
/// ```
#[derive(Debug, Clone)]
pub struct Referee {
    rules: Fide,
    start: Chess,
    pos: Chess,
    table: RepetitionTable,
    played: Vec<Move>,
    /// Occurrences of the current position (FIDE 9.2.3 identity).
    count: u32,
    first: FirstClaims,
    /// The automatic end found at an earlier ply (the current ply is judged on demand).
    end: Option<(usize, Reason)>,
    /// The position at `end` (when the game went on after it).
    end_pos: Option<Chess>,
    options: JudgeOptions,
    /// Whether positions after an automatic end are still counted ([`Referee::repetitions`]
    /// after the end); judging a record does not need them.
    count_after_end: bool,
}

impl Default for Referee {
    /// A referee from the standard start position.
    fn default() -> Referee {
        Referee::new(Fide::default(), Chess::default())
    }
}

/// The game after a ply, as [`Referee::status`] sees it (the record taken to end there).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyStatus {
    /// Moves played so far (plies).
    pub ply: usize,
    /// `ongoing`, `claimable` (the side to move may claim a draw now) or `decided`.
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while not decided.
    pub result: Outcome,
    /// Why the game ended (`None` while not decided).
    pub reason: Option<Reason>,
    /// The ply at which the game ended (it may be before `ply`: moves after an automatic end
    /// are counted in `moves_after_end`).
    pub at_ply: Option<usize>,
    /// The clause that decided.
    pub clause: Option<Clauses>,
    /// `white` or `black`: the side to move.
    pub to_move: Side,
    /// Plies since the last pawn move or capture (the FEN's half-move clock; 100 allows the
    /// fifty-move claim, 9.3; 150 ends the game, 9.6.2).
    pub halfmove_clock: u32,
    /// Occurrences of the current position (9.2.3 identity; 3 allows the claim, 5 ends the game).
    pub repetitions: u32,
    /// The draw claims the side to move may make now (9.2.1, 9.3), with the intended move to
    /// write down when the claim needs one. Empty once the game is decided.
    pub claims: Vec<ClaimOpportunity>,
    /// Moves played after the automatic end.
    pub moves_after_end: usize,
}

/// The current position judged as the end of play: the automatic end (if any), whether the
/// side to move may claim, and the first claims including this ply.
struct AtEnd {
    end: Option<(usize, Reason)>,
    claimable: bool,
    end_claims: Vec<ClaimOpportunity>,
    first: FirstClaims,
}

impl Referee {
    /// A referee under `rules` from `start` (ply 0) with the default options (dead positions
    /// looked for, proved), as xiangqi's [`crate::xiangqi::referee::Referee::new`].
    pub fn new(rules: Fide, start: Chess) -> Referee {
        Referee::with_options(rules, start, JudgeOptions::default())
    }

    /// A referee under `rules` from `start` with `options` (how dead positions are looked for,
    /// the engine-match convention).
    pub fn with_options(rules: Fide, start: Chess, options: JudgeOptions) -> Referee {
        let mut table = RepetitionTable::for_claim_at(rules.threefold);
        let count = table.record(PositionKey::of(&start), false);
        Referee {
            rules,
            pos: start.clone(),
            start,
            table,
            played: Vec::new(),
            count,
            first: FirstClaims::new(),
            end: None,
            end_pos: None,
            options,
            count_after_end: true,
        }
    }

    /// A referee from a FEN (missing trailing fields default, see [`super::parse_fen`]).
    ///
    /// # Errors
    /// [`ChessError::Fen`] for a FEN that is not a legal chess setup.
    pub fn from_fen(fen: &str) -> Result<Referee, ChessError> {
        Ok(Referee::new(Fide::default(), super::parse_fen(fen)?))
    }

    /// The options the referee judges with (the dead-position check, the engine-match
    /// convention).
    pub fn options(&self) -> JudgeOptions {
        self.options
    }

    /// The counts the referee applies.
    pub fn rules(&self) -> &Fide {
        &self.rules
    }

    /// The current position (after the last move pushed).
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The start position (ply 0).
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// Moves played (plies).
    pub fn plies(&self) -> usize {
        self.played.len()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.played
    }

    /// Plies since the last pawn move or capture (9.3, 9.6.2).
    pub fn halfmove_clock(&self) -> u32 {
        self.pos.halfmoves()
    }

    /// Occurrences of the current position (9.2.3 identity).
    pub fn repetitions(&self) -> u32 {
        self.count
    }

    /// True when an automatic end was found at a ply before the current one (moves pushed
    /// since are "after the end"). The current ply itself is judged by [`Referee::status`].
    pub fn ended_before(&self) -> bool {
        self.end.is_some()
    }

    /// True when no move of a record can follow here: an automatic end was found before (FIDE
    /// 5.2.2, 9.6), or the current position has no legal move (checkmate 5.1.1, stalemate
    /// 5.2.1). A record that plays on from here plays after the end, which is not an error.
    pub fn no_move_can_follow(&self) -> bool {
        self.ended_before() || self.position().legal_moves().is_empty()
    }

    /// Makes room for `plies` more moves (a record's length, known before replaying it).
    pub(crate) fn reserve(&mut self, plies: usize) {
        self.played.reserve(plies);
    }

    /// Stops counting positions once the game has ended (a record judged whole: what follows
    /// the end only counts as moves after it); [`Referee::repetitions`] then stays at its
    /// value at the end.
    pub(crate) fn forget_after_end(&mut self) {
        self.count_after_end = false;
    }

    /// Plays `mv` after checking it is legal, and gives the status after it ([`Referee::status`],
    /// as xiangqi's `push` gives the verdict). Its cost is that of [`Referee::status`] (a
    /// dead-position search); [`Referee::push_legal`] plays a move without it.
    ///
    /// # Errors
    /// [`ChessError::IllegalMove`] naming the ply the move would have produced.
    pub fn push(&mut self, mv: Move) -> Result<PlyStatus, ChessError> {
        if !self.pos.is_legal(mv) {
            return Err(ChessError::IllegalMove {
                ply: self.plies() + 1,
                mv: uci(mv),
                reason: super::explain::Why::NotLegal.into(),
            });
        }
        self.push_legal(mv);
        Ok(self.status())
    }

    /// Reads a move in SAN (`Nf3`, `O-O`, `exd6+`) or UCI (`g1f3`, `e7e8q`) and plays it.
    /// Returns the move played.
    ///
    /// # Errors
    /// [`ChessError::IllegalMove`] when the text is not a legal move here (naming the ply).
    pub fn push_text(&mut self, text: &str) -> Result<Move, ChessError> {
        let mv = parse_move(&self.pos, text, self.plies() + 1)?;
        self.push_legal(mv);
        Ok(mv)
    }

    /// Plays a move already known to be legal in the current position (not checked).
    ///
    /// Before the move, the position it leaves is judged with the move as the recorded next
    /// move: fivefold (9.6.1) and 75 moves (9.6.2) end the game there (a legal next move
    /// shows it is not mate), and the first claims of the side to move are noted, preferring
    /// this move as the intended one.
    pub fn push_legal(&mut self, mv: Move) {
        let ply = self.plies();
        if self.end.is_none() {
            if let Some(reason) = self.count_end() {
                self.end = Some((ply, reason));
                self.end_pos = Some(self.pos.clone());
            } else {
                let turn = self.pos.turn();
                // A claim is possible only when the position has appeared three times (FIDE
                // 9.2.1 b), some position with the opponent to move has appeared twice (a move
                // could make a third occurrence, 9.2.1 a), or the half-move clock has reached 99
                // (an intended move could complete 50 moves, 9.3.1; from 100, 9.3.2); cheap
                // tests first.
                let possible = self.count >= self.rules.threefold
                    || self.table.any_twice(!turn)
                    || self.pos.halfmoves() + 1 >= self.rules.fifty_move_plies();
                let want3 = possible && self.first.wants(false, turn);
                let want50 = possible && self.first.wants(true, turn);
                if want3 || want50 {
                    let here = claims_here(
                        &self.rules,
                        &self.pos,
                        self.count,
                        &self.table,
                        Some(mv),
                        want3,
                        want50,
                    );
                    if here.any() {
                        self.first.note(ply, turn, &here);
                    }
                }
            }
        }
        self.pos.play_unchecked(mv);
        self.played.push(mv);
        if self.end.is_none() || self.count_after_end {
            self.count = self.table.record(PositionKey::of(&self.pos), mv.is_zeroing());
        }
    }

    /// The end the current position makes by its count alone, when it is not mate: fivefold
    /// (9.6.1), 75 moves (9.6.2), and under the engine-match convention threefold (9.2.1) and
    /// fifty moves (9.3.2), in that order.
    fn count_end(&self) -> Option<Reason> {
        let halfmoves = self.pos.halfmoves();
        if self.count >= self.rules.fivefold {
            Some(Reason::FivefoldRepetition)
        } else if halfmoves >= self.rules.seventy_five_move_plies() {
            Some(Reason::SeventyFiveMoves)
        } else if !self.options.engine_match {
            None
        } else if self.count >= self.rules.threefold {
            Some(Reason::ThreefoldRepetition)
        } else if halfmoves >= self.rules.fifty_move_plies() {
            Some(Reason::FiftyMoves)
        } else {
            None
        }
    }

    /// The current position judged as the end of play.
    fn at_end(&self) -> AtEnd {
        let ply = self.plies();
        let mut first = self.first.clone();
        if let Some(end) = self.end {
            return AtEnd {
                end: Some(end),
                claimable: false,
                end_claims: Vec::new(),
                first,
            };
        }
        let mut end = None;
        let moves = self.pos.legal_moves();
        if moves.is_empty() {
            let reason = if self.pos.is_check() {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            end = Some((ply, reason));
        }
        if end.is_none() {
            // 9.6.2: a mate on the 150th ply takes precedence (tested just above).
            end = self.count_end().map(|reason| (ply, reason));
        }
        let (mut claimable, mut end_claims) = (false, Vec::new());
        if end.is_none() {
            let turn = self.pos.turn();
            let here = claims_here(&self.rules, &self.pos, self.count, &self.table, None, true, true);
            first.note(ply, turn, &here);
            claimable = here.any();
            let mut only = FirstClaims::new();
            only.note(ply, turn, &here);
            end_claims = only.into_found();
        }
        AtEnd {
            end,
            claimable,
            end_claims,
            first,
        }
    }

    /// The game judged as if it ended at the current ply: the automatic end (with the first
    /// dead ply, 5.2.2, as `options` say), the claims that became valid, what the side to move
    /// may claim now. No recorded result or flag fall.
    pub fn report(&self) -> JudgeReport {
        let mut report = self
            .conclude(self.plies(), None, None, &Deadline::never())
            .expect("work with no deadline is never stopped");
        // The moves the report names, in SAN (as a judged record's report has them).
        report.words = MovesInWords::of(
            &self.start,
            self.moves(),
            report.at_ply,
            &report.claims,
            &report.end_claims,
        );
        report
    }

    /// The status after the current ply (see [`PlyStatus`]).
    ///
    /// Cost: the legal moves of the current position (generated once), the claims available
    /// now and the dead-position test (a helpmate search, usually short: a line found for one
    /// side proves the position alive); the full [`Referee::report`] only when the game has
    /// ended (to find the first ply of the end).
    pub fn status(&self) -> PlyStatus {
        if self.end.is_none() && self.count_end().is_none() {
            let moves = self.pos.legal_moves();
            let dead = !moves.is_empty()
                && match self.options.dead_check {
                    DeadCheck::Proved => is_dead(&self.pos),
                    DeadCheck::Off => false,
                };
            if !moves.is_empty() && !dead {
                // Not ended: what `conclude` gives with no end, flag or recorded result.
                let (ply, turn) = (self.plies(), self.pos.turn());
                let here = claims_here(&self.rules, &self.pos, self.count, &self.table, None, true, true);
                let mut only = FirstClaims::new();
                only.note(ply, turn, &here);
                return PlyStatus {
                    ply,
                    status: if here.any() {
                        Status::Claimable
                    } else {
                        Status::Ongoing
                    },
                    result: Outcome::Unknown,
                    reason: None,
                    at_ply: None,
                    clause: None,
                    to_move: Side::from(turn),
                    halfmove_clock: self.pos.halfmoves(),
                    repetitions: self.count,
                    claims: only.into_found(),
                    moves_after_end: 0,
                };
            }
        }
        let r = self.report();
        PlyStatus {
            ply: self.plies(),
            status: r.status,
            result: r.result,
            reason: r.reason,
            at_ply: r.at_ply,
            clause: r.clause,
            to_move: Side::from(self.pos.turn()),
            halfmove_clock: self.pos.halfmoves(),
            repetitions: self.count,
            claims: r.end_claims,
            moves_after_end: r.moves_after_end,
        }
    }

    /// The report of a record of `recorded_plies` moves (more than [`Referee::plies`] when the
    /// replay stopped at an unplayable move after the end), with its result and termination
    /// tags. Stops at `deadline` between the steps of the search for the first dead ply.
    pub(crate) fn conclude(
        &self,
        recorded_plies: usize,
        recorded_result: Option<String>,
        termination: Option<&str>,
        deadline: &Deadline,
    ) -> Result<JudgeReport, Cancelled> {
        let n = recorded_plies;
        let played = &self.played;
        let pos = &self.pos;
        let AtEnd {
            mut end,
            mut claimable,
            mut end_claims,
            first,
        } = self.at_end();

        // Dead position (5.2.2), by monotonicity: check the last position that matters, then
        // bisect for the first dead ply.
        let dead = |p: &Chess| match self.options.dead_check {
            DeadCheck::Proved => is_dead(p),
            DeadCheck::Off => false,
        };
        let last = match end {
            _ if self.options.dead_check == DeadCheck::Off => None,
            Some((_, Reason::Checkmate)) => None,
            Some((0, Reason::Stalemate)) => None,
            Some((e, Reason::Stalemate)) => Some(e - 1),
            Some((e, _)) => Some(e),
            None => Some(played.len()),
        };
        if let Some(last) = last {
            let is_dead_at_last = if last == played.len() {
                dead(pos)
            } else if let (Some(p), Some((e, _))) = (&self.end_pos, end) {
                if e == last {
                    dead(p)
                } else {
                    dead(&position_at(&self.start, played, last))
                }
            } else {
                dead(&position_at(&self.start, played, last))
            };
            if is_dead_at_last {
                // Deadness is monotone: bisect. Invariant: the position at `hi` is dead.
                let (mut lo, mut hi) = (0usize, last);
                while lo < hi {
                    deadline.check()?;
                    let mid = lo + (hi - lo) / 2;
                    if dead(&position_at(&self.start, played, mid)) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                end = Some((hi, Reason::DeadPosition));
                claimable = false;
                end_claims.clear();
            }
        }

        // Flag fall (6.9).
        let mut flag = None;
        let winner = recorded_winner(recorded_result.as_deref());
        if let (true, Some(w)) = (is_time_forfeit(termination), winner) {
            if end.is_none() {
                let m = can_mate(pos, w);
                flag = Some(FlagFall {
                    flagged: Side::from(!w),
                    opponent_can_mate: m != Mateability::CannotMate,
                    clause: Clauses::fide(&[ClauseId::Article("6.9")]),
                });
                if m == Mateability::CannotMate {
                    end = Some((played.len(), Reason::FlagDeadPosition));
                    claimable = false;
                    end_claims.clear();
                }
            }
        }

        let end_ply = end.map(|(p, _)| p);
        let mut claims: Vec<ClaimOpportunity> = first
            .into_found()
            .into_iter()
            .filter(|c| end_ply.is_none_or(|e| c.at_ply < e))
            .collect();
        claims.sort_by_key(|c| c.at_ply);

        let (status, result, reason, at_ply, clause) = match end {
            Some((p, r)) => {
                let result = match r {
                    Reason::Checkmate => {
                        // The side to move at p is mated.
                        let mated = if p == played.len() {
                            pos.turn()
                        } else {
                            position_at(&self.start, played, p).turn()
                        };
                        Outcome::loss_for(mated)
                    }
                    _ => Outcome::Draw,
                };
                (Status::Decided, result, Some(r), Some(p), Some(r.clause()))
            }
            None if claimable => (Status::Claimable, Outcome::Unknown, None, None, None),
            None => (Status::Ongoing, Outcome::Unknown, None, None, None),
        };
        let end_move = match at_ply {
            Some(p) if p > 0 => played.get(p - 1).map(|m| uci(*m)),
            _ => None,
        };
        // The one reading of `result_agrees` for both games (crate::agreement): a flag fall
        // the rules let stand gives the record's result; a game that goes on gives none.
        let recorded = recorded_result
            .as_deref()
            .and_then(|r| r.trim().parse().ok())
            .unwrap_or(Outcome::Unknown);
        let says = match status {
            Status::Decided => RulesSay::Decided(result),
            Status::Claimable => RulesSay::ClaimableDraw {
                repetition: end_claims.iter().any(|c| c.kind == ClaimKind::Threefold),
            },
            _ if flag.as_ref().is_some_and(|f| f.opponent_can_mate) => RulesSay::Decided(recorded),
            _ => RulesSay::Nothing,
        };
        let result_agrees = result_agrees(recorded, ending(termination), says);
        Ok(JudgeReport {
            game: Game::Chess,
            rules: RuleBook::Fide,
            plies: n,
            status,
            result,
            reason,
            at_ply,
            clause,
            recorded_result,
            moves_after_end: end_ply.map_or(0, |e| n - e),
            end_move,
            claims,
            end_claims,
            result_agrees,
            flag,
            words: Default::default(),
        })
    }
}

/// Whether dead positions (FIDE 5.2.2) are looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeadCheck {
    /// The last position of every game is tested with [`super::dead::is_dead`], every answer
    /// proved (a helpmate line found for a side, or the complete search); a dead one is then
    /// bisected for the first dead ply.
    #[default]
    Proved,
    /// No dead-position detection at all (for measuring the rest).
    Off,
}

/// Options of the referee and of [`super::judge_game_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct JudgeOptions {
    /// See [`DeadCheck`].
    pub dead_check: DeadCheck,
    /// The engine-match convention (docs/engine-matches.md): besides the automatic ends of
    /// the Laws, the game ends in a draw as soon as a threefold repetition (9.2.1) or the
    /// fifty-move condition (9.3.2) holds, as match managers end it without a claim; a claim
    /// that needs an intended move (9.2.1.1, 9.3.1) does not end it.
    pub engine_match: bool,
}

/// Replays `start` + `moves[..ply]`.
pub(super) fn position_at(start: &Chess, moves: &[Move], ply: usize) -> Chess {
    let mut pos = start.clone();
    for m in moves.iter().take(ply) {
        pos.play_unchecked(*m);
    }
    pos
}

/// The side that the record's result names as winner, if decisive.
pub(super) fn recorded_winner(result: Option<&str>) -> Option<Color> {
    match result.map(str::trim) {
        Some("1-0") => Some(Color::White),
        Some("0-1") => Some(Color::Black),
        _ => None,
    }
}
