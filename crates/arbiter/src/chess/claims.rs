//! Draw claims: threefold repetition (FIDE 9.2) and fifty moves (FIDE 9.3), with or without an
//! intended move, and the penalty of an incorrect claim (9.5.3, A.3, B.2/B.3). A claim made
//! after the game has already ended (checkmate 5.1.1, stalemate 5.2.1, dead position 5.2.2,
//! fivefold 9.6.1, 75 moves 9.6.2) is not judged: the answer names the end instead.

use crate::citation::{Citation, ClauseId::Article, Clauses};
use crate::types::{ClaimKind, Side};
use crate::words::MoveNumbering;
use serde::Serialize;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Move, Position};

use super::error::ChessError;
use super::identity::{PositionKey, RepetitionTable};
use super::record::{parse_move, GameRecord};
use super::referee::JudgeOptions;
use super::referee::Referee;
use super::rules::Fide;
use super::time_control::{penalty, Penalty, TimeControl, TimeControlSource};
use super::verdict::Reason;

/// A claim to judge: made by the side to move at `at_ply`, with an optional intended move.
#[derive(Debug, Clone)]
pub struct ClaimRequest {
    /// Threefold or fifty moves (the natural move limit is no chess claim: an error).
    pub kind: ClaimKind,
    /// The ply at which the claim is made (default: the end of the moves).
    pub at_ply: Option<usize>,
    /// The move written down and declared before claiming (9.2.1.1, 9.3.1), UCI or SAN.
    pub intended_move: Option<String>,
    /// For the penalty. `None`: the time control the record's tags imply (`[TimeControl]`,
    /// or an `[Event]` naming blitz or rapid), else standard play.
    pub time_control: Option<TimeControl>,
}

/// How a game had already ended when a claim was made: the claim is then not judged (no
/// validity, no penalty). JSON `{"ply":23,"by":"checkmate","clause":"FIDE 5.1.1"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameEnded {
    /// The ply at which the game ended (at or before the claim's ply).
    pub ply: usize,
    /// What ended it, as `judge`'s `reason`: chess `checkmate`, `stalemate`, `dead_position`,
    /// `fivefold_repetition`, `seventy_five_moves`; xiangqi `checkmate`, `no_legal_moves`, and a
    /// repetition `judge` decides: `perpetual_check`, `perpetual_chase`, `repetition_draw`.
    pub by: &'static str,
    /// The clause that ended it (`"FIDE 5.1.1"`; xiangqi: the sentence its `judge` cites).
    pub clause: Citation,
}

/// The chess end found by the referee, as a [`GameEnded`].
fn chess_end(reason: Reason, ply: usize) -> GameEnded {
    let by = match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::DeadPosition => "dead_position",
        Reason::FivefoldRepetition => "fivefold_repetition",
        Reason::SeventyFiveMoves => "seventy_five_moves",
        Reason::FlagDeadPosition => "flag_dead_position",
        Reason::ThreefoldRepetition => "threefold_repetition",
        Reason::FiftyMoves => "fifty_moves",
    };
    GameEnded {
        ply,
        by,
        clause: reason.clause().into(),
    }
}

/// The verdict on one claim (cli.md `claim`).
#[derive(Debug, Clone, Serialize)]
pub struct ClaimVerdict {
    /// Whether the claim is correct: if so the game is drawn at once (9.5.2). `None` when the
    /// game had already ended ([`ClaimVerdict::ended`]): the claim is not judged.
    pub valid: Option<bool>,
    /// `threefold` or `fifty_moves`.
    pub kind: ClaimKind,
    /// The claimant: the side to move at `at_ply` (only that side may claim).
    pub by: Side,
    /// The ply at which the claim is made.
    pub at_ply: usize,
    /// The intended move (UCI), if one was written.
    pub intended_move: Option<String>,
    /// The sub-clause that makes the claim valid, or the one it was judged under:
    /// 9.2.1.1 / 9.2.1.2 (threefold), 9.3.1 / 9.3.2 (fifty moves); the clause that ended the
    /// game when it had already ended.
    pub clause: Citation,
    /// `null` when valid or not judged; else the time added to the opponent's clock.
    pub penalty: Option<Penalty>,
    /// An incorrect claim with an intended move: that move must now be played (9.5.3 with 4).
    pub must_play_intended_move: bool,
    /// How many times the position in question has appeared (threefold: counting the intended
    /// move's position when one was written).
    pub occurrences: Option<u32>,
    /// The plies without pawn move or capture (fifty moves: counting the intended move).
    pub plies_without_progress: Option<u32>,
    /// Set when the game had already ended at or before the claim's ply: the claim is not
    /// judged (`valid`, `penalty`, `occurrences`, `plies_without_progress` are `null`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<GameEnded>,
    /// The time control that sets the penalty: `"standard"`, `"rapid"` or `"blitz"`.
    pub time_control: TimeControl,
    /// Where it came from: given with the claim, a tag of the record, or neither (standard
    /// play); JSON `"given"`, the tag as written, `"default"`.
    pub time_control_source: TimeControlSource,
    /// The moves the text names, in SAN with move numbers (not in JSON).
    #[serde(skip)]
    pub words: ClaimWords,
}

/// The moves a claim's text names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClaimWords {
    /// Move numbers of the game.
    pub numbering: MoveNumbering,
    /// SAN of the move that produced the claim's ply (none at ply 0).
    pub last_move: Option<String>,
    /// SAN of the intended move.
    pub intended: Option<String>,
}

/// Judges one claim on `record` (FIDE 9.2, 9.3, 9.5).
///
/// The claimant is the side to move at the claim's ply. Without an intended move the claim is
/// correct when the position has just appeared for at least the third time (9.2.1.2) or the
/// last 100 plies had no pawn move and no capture (9.3.2, the count may start from a FEN's
/// half-move clock). With an intended move (which must be legal, else an error), it is also
/// correct when that move would produce such a position (9.2.1.1) or complete the 100 plies
/// (9.3.1); the move is not played. An incorrect claim costs the claimant time (the opponent
/// gets 120 s in standard play, 60 s in rapid and blitz) and a written move must be played.
///
/// Errors: an illegal move in the record before the claim's ply, a ply beyond the record, an
/// illegal intended move.
pub fn judge_claim(record: &GameRecord, req: &ClaimRequest) -> Result<ClaimVerdict, ChessError> {
    judge_claim_with(record, req, JudgeOptions::default())
}

/// [`judge_claim`] with the referee's options: under the engine-match convention
/// ([`JudgeOptions::engine_match`]) a threefold repetition or the fifty-move condition reached
/// before the claim has ended the game, and the claim is not judged.
///
/// Errors: as [`judge_claim`].
pub fn judge_claim_with(
    record: &GameRecord,
    req: &ClaimRequest,
    options: JudgeOptions,
) -> Result<ClaimVerdict, ChessError> {
    if let Some(e) = &record.error {
        return Err(e.clone());
    }
    let n = record.moves.len();
    let at = req.at_ply.unwrap_or(n);
    if at > n {
        return Err(ChessError::PlyOutOfRange { ply: at, plies: n });
    }
    // The game up to the claim, through the referee: its automatic end (the first dead ply
    // proved, 5.2.2) is the one `judge` finds.
    let mut referee = Referee::with_options(Fide::default(), record.start.clone(), options);
    let rules = *referee.rules();
    let mut table = RepetitionTable::for_claim_at(rules.threefold);
    let mut count = table.record(PositionKey::of(referee.position()), false);
    let mut last_move = None;
    for (i, written) in record.moves.iter().take(at).enumerate() {
        let m = match written.to_move(referee.position(), i + 1) {
            Ok(m) => m,
            // After an automatic end the record's later moves are not judged (`judge` counts
            // them after the end): the claim comes after the end, answered as such.
            Err(_) if referee.no_move_can_follow() => break,
            Err(e) => return Err(e),
        };
        if i + 1 == at {
            last_move = Some(SanPlus::from_move(referee.position().clone(), m).to_string());
        }
        referee.push_legal(m);
        count = table.record(PositionKey::of(referee.position()), m.is_zeroing());
    }
    let pos = referee.position().clone();
    // Plies the record plays after its end, up to the claim's ply (not replayed).
    let unplayed = at - referee.moves().len();
    let report = referee.report();
    let ended = match (report.reason, report.at_ply) {
        (Some(reason), Some(ply)) => Some(chess_end(reason, ply)),
        _ => None,
    };
    // The side to move at the claim's ply, counted on from the end through the unplayed plies.
    let by = Side::from(if unplayed % 2 == 1 {
        !pos.turn()
    } else {
        pos.turn()
    });
    let intended: Option<Move> = match &req.intended_move {
        // After the end no move is judged: a legal one is reported, any other ignored.
        Some(text) if ended.is_some() => parse_move(&pos, text, at + 1).ok(),
        Some(text) => Some(parse_move(&pos, text, at + 1).map_err(|e| match e {
            ChessError::IllegalMove { mv, reason, .. } => ChessError::IllegalIntendedMove {
                ply: at,
                mv,
                reason,
                mover: pos.turn(),
            },
            other => other,
        })?),
        None => None,
    };
    let intended_uci = intended.map(|m| UciMove::from_move(m, CastlingMode::Standard).to_string());
    let (time_control, time_control_source) = match (req.time_control, &record.time_control_tags) {
        (Some(tc), _) => (tc, TimeControlSource::Given),
        (None, Some((tc, source))) => (*tc, TimeControlSource::Tag(source.clone())),
        (None, None) => (TimeControl::Standard, TimeControlSource::Default),
    };
    let words = ClaimWords {
        numbering: MoveNumbering {
            first_number: u32::from(record.start.fullmoves()),
            second_side_first: record.start.turn() == shakmaty::Color::Black,
        },
        last_move,
        intended: intended.map(|m| SanPlus::from_move(pos.clone(), m).to_string()),
    };
    let (valid, clause, occurrences, plies_without_progress) = match req.kind {
        ClaimKind::Threefold => {
            let now = count >= rules.threefold;
            match intended {
                Some(m) if !now => {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    let c = if m.is_zeroing() {
                        1
                    } else {
                        table.count(&PositionKey::of(&next)) + 1
                    };
                    (
                        c >= rules.threefold,
                        Clauses::fide(&[Article("9.2.1.1")]),
                        Some(c),
                        None,
                    )
                }
                _ => (now, Clauses::fide(&[Article("9.2.1.2")]), Some(count), None),
            }
        }
        ClaimKind::FiftyMoves => {
            let hmc = pos.halfmoves();
            let now = hmc >= rules.fifty_move_plies();
            match intended {
                Some(m) if !now => {
                    let p = if m.is_zeroing() { 0 } else { hmc + 1 };
                    (
                        p >= rules.fifty_move_plies(),
                        Clauses::fide(&[Article("9.3.1")]),
                        None,
                        Some(p),
                    )
                }
                _ => (now, Clauses::fide(&[Article("9.3.2")]), None, Some(hmc)),
            }
        }
        ClaimKind::NaturalMoveLimit => return Err(ChessError::NotAChessClaim(req.kind)),
    };
    if let Some(ended) = ended {
        return Ok(ClaimVerdict {
            valid: None,
            kind: req.kind,
            by,
            at_ply: at,
            intended_move: intended_uci,
            clause: ended.clause.clone(),
            penalty: None,
            must_play_intended_move: false,
            occurrences: None,
            plies_without_progress: None,
            ended: Some(ended),
            time_control,
            time_control_source,
            words,
        });
    }
    Ok(ClaimVerdict {
        valid: Some(valid),
        kind: req.kind,
        by,
        at_ply: at,
        intended_move: intended_uci,
        clause: clause.into(),
        penalty: if valid { None } else { Some(penalty(time_control)) },
        must_play_intended_move: !valid && intended.is_some(),
        occurrences,
        plies_without_progress,
        ended: None,
        time_control,
        time_control_source,
        words,
    })
}
