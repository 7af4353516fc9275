//! Judging a chess game as recorded (FIDE Laws 2023): the record replayed through the
//! [`Referee`], answered as a [`JudgeReport`] (the typed verdict, in [`super::verdict`]) with
//! the moves its text names written in SAN.

use crate::Deadline;

use super::error::ChessError;
use super::record::GameRecord;
use super::referee::{JudgeOptions, Referee};
use super::verdict::{JudgeReport, MovesInWords};

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
    let mut referee = Referee::with_options(super::Fide::default(), record.start.clone(), *options);
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
            Err(_) if referee.no_move_can_follow() => break,
            Err(e) => return Err(e),
        }
    }
    let mut report = referee.conclude(
        record.moves.len(),
        record.recorded_result.clone(),
        record.termination.as_deref(),
        deadline,
    )?;
    report.words = MovesInWords::of(
        &record.start,
        referee.moves(),
        report.at_ply,
        &report.claims,
        &report.end_claims,
    );
    Ok(report)
}
