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

use crate::UsageError;

/// A library error as the CLI's error: a usage error (exit code 2) or an input error (exit
/// code 1).
pub fn cli_error(e: arbiter::Error) -> anyhow::Error {
    match e {
        arbiter::Error::Usage(m) => UsageError(m).into(),
        e => anyhow::Error::new(e),
    }
}
