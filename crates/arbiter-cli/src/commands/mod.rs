//! One file per subcommand. Each reads its arguments, calls the library's front door
//! (`arbiter::judge_bytes`, `arbiter::cycle`, …) and hands the reports to the [`Emitter`];
//! none calls another.
//!
//! [`Emitter`]: crate::output::Emitter

pub mod claim;
pub mod classify;
pub mod cycle;
pub mod dead;
pub mod judge;
pub mod perft;
pub mod rules;

use crate::UsageError;

/// A `--fen` that cannot be read as a position of `game` is a usage error (exit code 2), said
/// as `--fen: WHY`, before anything is judged.
pub fn check_fen(fen: Option<&str>, game: arbiter::Game) -> Result<(), UsageError> {
    match fen.and_then(|f| game.fen_error(f)) {
        Some(why) => Err(UsageError(format!("--fen: {why}"))),
        None => Ok(()),
    }
}

/// A library error as the CLI's error: a usage error (exit code 2) or an input error (exit
/// code 1).
pub fn cli_error(e: arbiter::Error) -> anyhow::Error {
    match e {
        arbiter::Error::Usage(m) => UsageError(m).into(),
        e => anyhow::Error::new(e),
    }
}
