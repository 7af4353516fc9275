//! Judging a chess game as recorded (FIDE Laws 2023): legality of every move, the first
//! automatic end, the claims that became valid, the recorded result against the rules' result.

use std::collections::BTreeMap;

use crate::types::{ClaimKind, Game, Outcome, RuleBook, Side};
use crate::words::MoveNumbering;
use crate::Deadline;
use serde::Serialize;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, CastlingMode, Chess, Color, Move, Position};

use super::error::ChessError;
use super::identity::{PositionKey, RepetitionTable};
use super::record::GameRecord;
use super::referee::Referee;

/// Where the record stands once the rules are applied (cli.md `status`): `ongoing`,
/// `claimable` (the side to move at the end may claim a draw now) or `decided` (mate,
/// stalemate, dead position, fivefold, 75 moves, flag fall with no mate possible for the
/// opponent); never `pending` in chess.
pub use crate::types::Status;

/// Why the game ended (cli.md `reason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// FIDE 5.1.1.
    Checkmate,
    /// FIDE 5.2.1.
    Stalemate,
    /// FIDE 5.2.2.
    DeadPosition,
    /// FIDE 9.6.1.
    FivefoldRepetition,
    /// FIDE 9.6.2.
    SeventyFiveMoves,
    /// FIDE 6.9: a flag fell but the opponent could not mate by any legal sequence.
    FlagDeadPosition,
    /// Only under the engine-match convention ([`JudgeOptions::engine_match`]): the position
    /// stood for the third time (the condition of the claim of FIDE 9.2.1), and a match
    /// manager ends the game there.
    ThreefoldRepetition,
    /// Only under the engine-match convention: 50 moves by each side without pawn move or
    /// capture (the condition of the claim of FIDE 9.3.2), and a match manager ends the game.
    FiftyMoves,
}

impl Reason {
    /// The clause of the Laws that decides.
    pub fn clause(self) -> &'static str {
        match self {
            Reason::Checkmate => "FIDE 5.1.1",
            Reason::Stalemate => "FIDE 5.2.1",
            Reason::DeadPosition => "FIDE 5.2.2",
            Reason::FivefoldRepetition => "FIDE 9.6.1",
            Reason::SeventyFiveMoves => "FIDE 9.6.2",
            Reason::FlagDeadPosition => "FIDE 6.9",
            Reason::ThreefoldRepetition => "FIDE 9.2.1",
            Reason::FiftyMoves => "FIDE 9.3",
        }
    }
}

/// The first ply at which one kind of draw claim became valid for one side (cli.md `claims`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimOpportunity {
    /// `threefold` (FIDE 9.2) or `fifty_moves` (FIDE 9.3).
    pub kind: ClaimKind,
    /// `white` or `black`: the side to move at `at_ply`, the only one who may claim.
    pub by: Side,
    /// The ply at which the claim could be made.
    pub at_ply: usize,
    /// The move to write down first (UCI) when the claim needs one (9.2.1.1, 9.3.1); `null`
    /// when the condition already holds (9.2.1.2, 9.3.2). When several moves would do, the
    /// recorded next move is preferred, else the first in generation order.
    pub intended_move: Option<String>,
    /// `"FIDE 9.2.1"` or `"FIDE 9.3"`.
    pub clause: &'static str,
}

/// Information on a flag fall (FIDE 6.9) read from the record's `[Termination]` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlagFall {
    /// The side whose flag fell (the loser in the record).
    pub flagged: Side,
    /// Whether the opponent could still mate by some legal sequence at the end of the record.
    pub opponent_can_mate: bool,
    /// `"FIDE 6.9"`.
    pub clause: &'static str,
}

/// What the rules say about one chess game (cli.md `judge`, chess fields).
#[derive(Debug, Clone, Serialize)]
pub struct JudgeReport {
    /// Always `chess`.
    pub game: Game,
    /// Always `fide`.
    pub rules: RuleBook,
    /// Moves in the record (plies).
    pub plies: usize,
    /// See [`Status`].
    pub status: Status,
    /// The rules' result: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while not decided.
    pub result: Outcome,
    /// See [`Reason`]; `null` while not decided.
    pub reason: Option<Reason>,
    /// The ply at which the game ended (number of moves played then); `null` if not decided.
    pub at_ply: Option<usize>,
    /// The clause that decided; `null` if not decided.
    pub clause: Option<&'static str>,
    /// The move (UCI) that produced the ending position, when the end is after ply 0.
    pub end_move: Option<String>,
    /// Present when the record says the game was lost on time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<FlagFall>,
    /// For each kind of claim and each side, the first ply at which it became valid (before the
    /// game ended), in the order found.
    pub claims: Vec<ClaimOpportunity>,
    /// What the side to move may claim at the end of the record (when the game was not decided
    /// before): the basis of `status: claimable`.
    pub end_claims: Vec<ClaimOpportunity>,
    /// Moves recorded after the automatic end (not an error: real records do this).
    pub moves_after_end: usize,
    /// The record's own result (`[Result]` tag), if any.
    pub recorded_result: Option<String>,
    /// Whether the rules give the recorded result ([`crate::agreement`], the reading both games
    /// share): `null` when the record cannot be compared (no result, or a resignation or
    /// agreed draw in a game the rules leave going on).
    pub result_agrees: Option<bool>,
    /// The moves the text report names, in SAN with move numbers (not in JSON).
    #[serde(skip)]
    pub words: MovesInWords,
}

/// The moves a chess text report names, in SAN, and how the game's moves are numbered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MovesInWords {
    /// Move numbers from the start position (the FEN's move number and side to move).
    pub numbering: MoveNumbering,
    /// SAN (with `+`/`#`) of the move that produced ply k, for the plies the report names.
    pub san: BTreeMap<usize, String>,
    /// SAN of the intended move of the claim at ply k.
    pub intended: BTreeMap<usize, String>,
}

impl JudgeReport {
    /// A readable report: one verdict sentence (what ended the game, after which move, which
    /// clause; or who may claim now), the claims that arose, the flag, the recorded result.
    /// Moves in SAN, numbered as players count them, plies in brackets.
    pub fn text(&self) -> String {
        crate::render::chess_judge::text(self)
    }

    /// Every clause the report cites (for the glossary summaries that end a text report).
    pub fn citations(&self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = self.clause.into_iter().collect();
        v.extend(self.claims.iter().chain(&self.end_claims).map(|c| c.clause));
        v.extend(self.flag.as_ref().map(|f| f.clause));
        v
    }
}

pub(super) fn uci(m: Move) -> String {
    UciMove::from_move(m, CastlingMode::Standard).to_string()
}

/// What the side to move may claim at one ply.
#[derive(Debug, Default, Clone)]
pub(crate) struct ClaimsHere {
    /// 9.2.1.2: the position has just appeared for the third time (or more).
    pub threefold_now: bool,
    /// 9.2.1.1: this move would produce a position for the third time.
    pub threefold_intended: Option<Move>,
    /// 9.3.2: the last 100 plies (or more) had no pawn move and no capture.
    pub fifty_now: bool,
    /// 9.3.1: this move would complete 100 such plies.
    pub fifty_intended: Option<Move>,
}

/// A legal move of the side to move that produces a position for the third time (9.2.1.1),
/// preferring `preferred`. Only quiet moves can (a pawn move or capture makes a position never
/// seen before); a quiet move changes the occupancy on exactly 2 squares (4 for castling), so
/// each position seen twice names its candidate move by the difference.
fn threefold_move(pos: &Chess, table: &RepetitionTable, preferred: Option<Move>) -> Option<Move> {
    let twice = table.twice_seen(!pos.turn());
    if twice.is_empty() {
        return None;
    }
    let repeats = |m: Move| {
        if m.is_zeroing() {
            return false;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        table.count(&PositionKey::of(&next)) >= 2
    };
    if let Some(m) = preferred.filter(|m| repeats(*m)) {
        return Some(m);
    }
    let occ = pos.board().occupied();
    let mut castling_possible = false;
    for k in twice {
        let diff = Bitboard(k.occupied()) ^ occ;
        match diff.count() {
            2 => {
                let from = diff & occ;
                let to = diff & !occ;
                let (Some(from), Some(to)) = (from.first(), to.first()) else {
                    continue;
                };
                let Some(role) = pos.board().role_at(from) else {
                    continue;
                };
                let m = Move::Normal {
                    role,
                    from,
                    capture: None,
                    to,
                    promotion: None,
                };
                if pos.is_legal(m) && repeats(m) {
                    return Some(m);
                }
            }
            4 => castling_possible = true,
            _ => {}
        }
    }
    if castling_possible {
        return pos
            .legal_moves()
            .into_iter()
            .find(|m| m.is_castle() && repeats(*m));
    }
    None
}

/// Computes what the side to move may claim at `pos` (which has appeared `count` times).
/// `preferred` (the recorded next move) is tried first as intended move.
pub(crate) fn claims_here(
    pos: &Chess,
    count: u32,
    table: &RepetitionTable,
    preferred: Option<Move>,
    want_threefold: bool,
    want_fifty: bool,
) -> ClaimsHere {
    let mut here = ClaimsHere::default();
    let hmc = pos.halfmoves();
    if want_threefold {
        here.threefold_now = count >= 3;
        if !here.threefold_now {
            here.threefold_intended = threefold_move(pos, table, preferred);
        }
    }
    if want_fifty {
        here.fifty_now = hmc >= 100;
        if hmc == 99 {
            here.fifty_intended = match preferred.filter(|m| !m.is_zeroing()) {
                Some(m) => Some(m),
                None => pos.legal_moves().into_iter().find(|m| !m.is_zeroing()),
            };
        }
    }
    here
}

impl ClaimsHere {
    pub(super) fn any(&self) -> bool {
        self.threefold_now
            || self.threefold_intended.is_some()
            || self.fifty_now
            || self.fifty_intended.is_some()
    }
}

/// First claims per (kind, side): index = kind * 2 + side.
#[derive(Debug, Clone)]
pub(super) struct FirstClaims {
    found: [Option<ClaimOpportunity>; 4],
}

impl FirstClaims {
    pub(super) fn new() -> FirstClaims {
        FirstClaims {
            found: [None, None, None, None],
        }
    }

    /// The claims found, in slot order (threefold white, black; fifty moves white, black).
    pub(super) fn into_found(self) -> Vec<ClaimOpportunity> {
        self.found.into_iter().flatten().collect()
    }

    fn slot(kind_fifty: bool, side: Color) -> usize {
        (kind_fifty as usize) * 2 + if side == Color::White { 0 } else { 1 }
    }

    pub(super) fn wants(&self, kind_fifty: bool, side: Color) -> bool {
        self.found[Self::slot(kind_fifty, side)].is_none()
    }

    pub(super) fn note(&mut self, ply: usize, side: Color, here: &ClaimsHere) {
        let by = Side::from(side);
        let kinds = [
            (
                false,
                ClaimKind::Threefold,
                here.threefold_now,
                here.threefold_intended,
                "FIDE 9.2.1",
            ),
            (
                true,
                ClaimKind::FiftyMoves,
                here.fifty_now,
                here.fifty_intended,
                "FIDE 9.3",
            ),
        ];
        for (fifty, kind, now, intended, clause) in kinds {
            let s = Self::slot(fifty, side);
            if self.found[s].is_none() && (now || intended.is_some()) {
                self.found[s] = Some(ClaimOpportunity {
                    kind,
                    by,
                    at_ply: ply,
                    intended_move: if now { None } else { intended.map(uci) },
                    clause,
                });
            }
        }
    }
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

/// Whether a `[Termination]` tag says the game was lost on time ("Time forfeit", "time",
/// "lost on time", "flag fall", ...).
pub fn is_time_forfeit(termination: Option<&str>) -> bool {
    crate::agreement::ending(termination) == crate::agreement::Ending::TimeForfeit
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

/// Options of [`judge_game_with`].
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

/// Judges one game (FIDE Laws 2023) with the default options ([`judge_game_with`]).
pub fn judge_game(record: &GameRecord) -> Result<JudgeReport, ChessError> {
    judge_game_with(record, &JudgeOptions::default())
}

/// Judges one game (FIDE Laws 2023).
///
/// - Every move must be legal; the first illegal move is an error naming its ply — unless the
///   game had already ended by checkmate or stalemate there, in which case the remaining
///   moves are counted in `moves_after_end`.
/// - The first automatic end: checkmate (5.1.1), stalemate (5.2.1), dead position (5.2.2),
///   fivefold repetition (9.6.1), 75 moves (9.6.2, a mate on that ply takes precedence). Ties at
///   one ply are reported in that order of precedence.
/// - Claims (9.2, 9.3): for each kind and side, the first ply at which the claim was valid.
/// - Flag fall (6.9): a record lost on time where the winner could not mate by any legal
///   sequence from the final position is a draw (`flag_dead_position`).
///
/// Dead positions are looked for at the end of the game (as `options.dead_check` says): a
/// position from which no mate is possible stays so after any move, so when the last position
/// is alive no earlier one was dead, and when it is dead the first dead ply is found by
/// bisection with the complete search.
pub fn judge_game_with(record: &GameRecord, options: &JudgeOptions) -> Result<JudgeReport, ChessError> {
    judge_game_within(record, options, &Deadline::never())
}

/// [`judge_game_with`] that stops at `deadline` (checked every [`Deadline::CHECK_EVERY`] plies of the
/// replay and at every step of the search for the first dead ply).
///
/// # Errors
/// Those of [`judge_game_with`]; [`ChessError::Cancelled`] when the deadline passed first.
pub fn judge_game_within(
    record: &GameRecord,
    options: &JudgeOptions,
    deadline: &Deadline,
) -> Result<JudgeReport, ChessError> {
    if let Some(e) = &record.error {
        return Err(e.clone());
    }
    let mut referee = Referee::with_options(record.start.clone(), *options);
    referee.reserve(record.moves.len());
    referee.forget_after_end();
    for (i, written) in record.moves.iter().enumerate() {
        if i.is_multiple_of(Deadline::CHECK_EVERY) {
            deadline.check()?;
        }
        match written.to_move(referee.position(), i + 1) {
            Ok(m) => referee.push_legal(m),
            // After an automatic end, what follows is not judged; a mate or stalemate followed
            // by more moves ends the game there (the rest is counted after the end).
            Err(_) if referee.ended_before() || referee.position().legal_moves().is_empty() => break,
            Err(e) => return Err(e),
        }
    }
    let mut report = referee.conclude(
        record.moves.len(),
        record.recorded_result.clone(),
        record.termination.as_deref(),
        deadline,
    )?;
    report.words = moves_in_words(
        record,
        referee.moves(),
        report.at_ply,
        &report.claims,
        &report.end_claims,
    );
    Ok(report)
}

/// The SAN of the moves the text report names: the move that ended the game, the move before
/// each claim and each claim's intended move (one replay of the played moves).
fn moves_in_words(
    record: &GameRecord,
    played: &[Move],
    at_ply: Option<usize>,
    claims: &[ClaimOpportunity],
    end_claims: &[ClaimOpportunity],
) -> MovesInWords {
    let numbering = MoveNumbering {
        first_number: u32::from(record.start.fullmoves()),
        second_side_first: record.start.turn() == Color::Black,
    };
    let mut want: std::collections::BTreeSet<usize> = at_ply.into_iter().collect();
    let all_claims = || claims.iter().chain(end_claims);
    want.extend(all_claims().map(|c| c.at_ply));
    let intended_at: std::collections::BTreeMap<usize, &str> = all_claims()
        .filter_map(|c| Some((c.at_ply, c.intended_move.as_deref()?)))
        .collect();
    let mut words = MovesInWords {
        numbering,
        ..MovesInWords::default()
    };
    let mut pos = record.start.clone();
    let last = want.iter().next_back().copied().unwrap_or(0).min(played.len());
    for ply in 0..=last {
        if let Some(uci) = intended_at.get(&ply) {
            if let Some(m) = UciMove::from_ascii(uci.as_bytes())
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
            {
                words
                    .intended
                    .insert(ply, SanPlus::from_move(pos.clone(), m).to_string());
            }
        }
        let Some(&m) = played.get(ply) else { break };
        if want.contains(&(ply + 1)) {
            words.san.insert(
                ply + 1,
                SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string(),
            );
        } else {
            pos.play_unchecked(m);
        }
    }
    words
}
