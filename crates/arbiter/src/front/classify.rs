//! `classify`: one xiangqi move's kinds and chases.

use super::{detect_game, parse_xiangqi_fen, written_like};
use crate::report::{Cause, ClassifyReport, Error, Usage};
use crate::types::{Game, RuleBook};

/// Classifies one xiangqi move (cli.md `classify`): check, chase (chaser → target), mate
/// threat, exchange, offer, block or idle; chases listed are those that count under `rules`
/// (`None` = AXF).
///
/// # Errors
/// [`Error::Usage`] for a chess FEN or `fide` rules; [`Error::Input`] for a bad FEN or a move that cannot be
/// read or played.
///
/// ```
/// let r = arbiter::classify("4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w", "a3b3", None, false).unwrap();
/// assert_eq!(serde_json::to_value(&r).unwrap()["kinds"], serde_json::json!(["chase"]));
/// ```
pub fn classify(
    fen: &str,
    mv: &str,
    rules: Option<RuleBook>,
    explain: bool,
) -> Result<ClassifyReport, Error> {
    if detect_game(Some(fen), None) == Game::Chess {
        return Err(Error::Usage(Usage::ClassifyOfChess));
    }
    if rules == Some(RuleBook::Fide) {
        return Err(Error::Usage(Usage::ClassifyUnderFide));
    }
    let position = parse_xiangqi_fen(Some(fen))?;
    let (style, options) = written_like(mv);
    let mv = xiangqi::notation::parse_move(&position, mv)
        .map_err(|e| Error::input_because(e.to_string(), None, Cause::Notation(e)))?
        .mv;
    let facts = crate::xiangqi::facts::classify(&position, mv, &RuleBook::xiangqi(rules));
    Ok(ClassifyReport {
        position,
        facts,
        explain,
        style,
        options,
    })
}
