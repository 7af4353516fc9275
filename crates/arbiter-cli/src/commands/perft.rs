//! `arbiter perft`: leaf count of the legal move tree (both games).

use super::cli_error;
use crate::args::PerftArgs;
use crate::output::{Emitter, Item};

/// Entry point.
pub fn run(a: PerftArgs, out: &mut Emitter) -> anyhow::Result<()> {
    let game = a
        .game
        .map_or_else(|| arbiter::detect_game(a.fen.as_deref(), None), Into::into);
    super::check_fen(a.fen.as_deref(), game)?;
    let r = arbiter::perft(a.fen.as_deref(), a.depth, a.divide, a.game.map(Into::into)).map_err(cli_error)?;
    out.emit(Item::new(&r, r.text_in(crate::output::lang()), false));
    Ok(())
}
