//! Chess side of the subcommands (FIDE): judge, claim, dead, perft.

use crate::args::DeadArgs;
use crate::output::Emitter;

/// `arbiter dead`.
pub fn dead(_args: DeadArgs, _out: &mut Emitter) -> anyhow::Result<()> {
    anyhow::bail!("dead: not implemented yet")
}
