//! Subcommand entry points; dispatches to the xiangqi or chess side by game.

use crate::args::{ClaimArgs, ClassifyArgs, CycleArgs, JudgeArgs, PerftArgs};
use crate::output::Emitter;

pub fn judge(_a: JudgeArgs, _out: &mut Emitter) -> anyhow::Result<()> {
    anyhow::bail!("judge: not implemented yet")
}
pub fn cycle(_a: CycleArgs, _out: &mut Emitter) -> anyhow::Result<()> {
    anyhow::bail!("cycle: not implemented yet")
}
pub fn classify(_a: ClassifyArgs, _out: &mut Emitter) -> anyhow::Result<()> {
    anyhow::bail!("classify: not implemented yet")
}
pub fn claim(_a: ClaimArgs, _out: &mut Emitter) -> anyhow::Result<()> {
    anyhow::bail!("claim: not implemented yet")
}
pub fn perft(_a: PerftArgs, _out: &mut Emitter) -> anyhow::Result<()> {
    anyhow::bail!("perft: not implemented yet")
}
