//! `arbiter cycle`: adjudicate one xiangqi repetition cycle.

use super::cli_error;
use crate::args::CycleArgs;
use crate::output::{Emitter, Item};
use crate::UsageError;

/// Entry point.
pub fn run(a: CycleArgs, out: &mut Emitter) -> anyhow::Result<()> {
    let fen = a.fen.as_deref().ok_or_else(|| {
        UsageError(crate::output::say(
            "--fen is required",
            "必須給 --fen",
            "必须给 --fen",
        ))
    })?;
    // A chess FEN is the library's refusal (cycle judges xiangqi); a bad xiangqi one is
    // `--fen: WHY`.
    if arbiter::detect_game(Some(fen), None) == arbiter::Game::Xiangqi {
        super::check_fen(Some(fen), arbiter::Game::Xiangqi)?;
    }
    let moves = a.moves.as_deref().unwrap_or("");
    let r = arbiter::cycle(fen, moves, a.rules.map(Into::into), a.explain).map_err(cli_error)?;
    out.emit(Item::new(
        &r,
        r.text_in(crate::output::voice(), crate::output::notation()),
        false,
    ));
    Ok(())
}
