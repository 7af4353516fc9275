//! `cycle`: a xiangqi repetition cycle adjudicated.

use super::{detect_game, parse_xiangqi_fen, parse_xiangqi_moves, written_like};
use crate::report::{Cause, CycleReport, Error, Usage};
use crate::types::{Game, RuleBook};

/// Adjudicates a xiangqi repetition given as a FEN and the moves of one or more full loops
/// that end on the FEN's position (cli.md `cycle`). All the moves are judged together.
/// `rules`: `None` = AXF.
///
/// # Errors
/// [`Error::Usage`] for a chess FEN or `fide` rules; [`Error::Input`] for a bad FEN, an
/// illegal or unreadable move, or moves that do not return to the start (naming where the
/// position differs).
///
/// ```
/// let r = arbiter::cycle("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w", "f7e7 e9f9 e7f7 f9e9", None, false).unwrap();
/// let json = serde_json::to_value(&r).unwrap();
/// assert_eq!(json["sides"]["red"]["offence"], "perpetual_check");
/// assert_eq!(json["verdict"]["result_if_unchanged"], "0-1");
/// ```
pub fn cycle(fen: &str, moves: &str, rules: Option<RuleBook>, explain: bool) -> Result<CycleReport, Error> {
    if detect_game(Some(fen), None) == Game::Chess {
        return Err(Error::Usage(Usage::CycleOfChess));
    }
    if let Some(u) = RuleBook::mismatch(rules, Game::Xiangqi) {
        return Err(Error::Usage(u));
    }
    let start = parse_xiangqi_fen(Some(fen))?;
    if moves.trim().is_empty() {
        return Err(Error::Usage(Usage::CycleWithoutMoves));
    }
    let texts = moves;
    let moves = parse_xiangqi_moves(&start, moves)?;
    let rules = RuleBook::xiangqi(rules);
    let judgement = crate::xiangqi::repetition::judge_cycle(&start, &moves, &rules)
        .map_err(|e| Error::input_because(e.to_string(), None, Cause::Cycle(e)))?;
    let (style, options) = written_like(texts);
    Ok(CycleReport {
        start,
        judgement,
        explain,
        style,
        options,
    })
}
