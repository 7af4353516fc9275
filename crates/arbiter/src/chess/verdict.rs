//! What the rules say about one chess game (FIDE Laws 2023), as typed values: the status,
//! what ended the game and the clause, the claims that became valid, a flag fall, the
//! recorded result against the rules' result. The referee ([`super::referee`]) computes it;
//! reports ([`crate::render::chess_judge`]) speak it.

use std::collections::BTreeMap;

use crate::citation::{ClauseId::Article, Clauses};
use crate::types::{ClaimKind, Game, Outcome, RuleBook, Side};
use crate::words::MoveNumbering;
use serde::Serialize;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Color, Move, Position};

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
    /// Only under the engine-match convention ([`super::JudgeOptions::engine_match`]): the position
    /// stood for the third time (the condition of the claim of FIDE 9.2.1), and a match
    /// manager ends the game there.
    ThreefoldRepetition,
    /// Only under the engine-match convention: 50 moves by each side without pawn move or
    /// capture (the condition of the claim of FIDE 9.3.2), and a match manager ends the game.
    FiftyMoves,
}

impl Reason {
    /// The clause of the Laws that decides.
    pub fn clause(self) -> Clauses {
        match self {
            Reason::Checkmate => Clauses::fide(&[Article("5.1.1")]),
            Reason::Stalemate => Clauses::fide(&[Article("5.2.1")]),
            Reason::DeadPosition => Clauses::fide(&[Article("5.2.2")]),
            Reason::FivefoldRepetition => Clauses::fide(&[Article("9.6.1")]),
            Reason::SeventyFiveMoves => Clauses::fide(&[Article("9.6.2")]),
            Reason::FlagDeadPosition => Clauses::fide(&[Article("6.9")]),
            Reason::ThreefoldRepetition => Clauses::fide(&[Article("9.2.1")]),
            Reason::FiftyMoves => Clauses::fide(&[Article("9.3")]),
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
    pub clause: Clauses,
}

/// Information on a flag fall (FIDE 6.9) read from the record's `[Termination]` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlagFall {
    /// The side whose flag fell (the loser in the record).
    pub flagged: Side,
    /// Whether the opponent could still mate by some legal sequence at the end of the record.
    pub opponent_can_mate: bool,
    /// `"FIDE 6.9"`.
    pub clause: Clauses,
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
    pub clause: Option<Clauses>,
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

/// Whether a `[Termination]` tag says the game was lost on time ("Time forfeit", "time",
/// "lost on time", "flag fall", ...).
pub fn is_time_forfeit(termination: Option<&str>) -> bool {
    crate::agreement::ending(termination) == crate::agreement::Ending::TimeForfeit
}

impl MovesInWords {
    /// The SAN of the moves the text report names: the move that ended the game, the move before
    /// each claim and each claim's intended move (one replay of the played moves).
    pub(crate) fn of(
        start: &shakmaty::Chess,
        played: &[Move],
        at_ply: Option<usize>,
        claims: &[ClaimOpportunity],
        end_claims: &[ClaimOpportunity],
    ) -> MovesInWords {
        let numbering = MoveNumbering {
            first_number: u32::from(start.fullmoves()),
            second_side_first: start.turn() == Color::Black,
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
        let mut pos = start.clone();
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
}
