//! `arbiter classify`: one xiangqi move's kinds and chases.

use super::cli_error;
use crate::args::ClassifyArgs;
use crate::output::{Emitter, Item};

/// Entry point.
pub fn run(a: ClassifyArgs, out: &mut Emitter) -> anyhow::Result<()> {
    // A chess FEN is the library's refusal (classify judges xiangqi moves); a bad xiangqi one
    // is `--fen: WHY`.
    if arbiter::detect_game(Some(&a.fen), None) == arbiter::Game::Xiangqi {
        super::check_fen(Some(&a.fen), arbiter::Game::Xiangqi)?;
    }
    let r = arbiter::classify(&a.fen, &a.mv, a.rules.map(Into::into), a.explain).map_err(cli_error)?;
    out.emit(Item::new(
        &r,
        r.text_in(crate::output::voice(), crate::output::notation()),
        false,
    ));
    Ok(())
}
