//! The words `rescore` writes into a game's record (see [`crate::rescore`]): the comment at
//! the deciding move, the mark before the moves played after the end, and the reason before
//! the termination marker as match managers write it (`{perpetual chase} 0-1`). English only:
//! PGN comments are read by programs as much as by people.

use super::{plies, side_title};
use crate::rescore::Change;

/// The reason as match managers write it in a comment: `perpetual chase`, `checkmate`,
/// `fivefold repetition`, … (from the judge report's JSON `reason`).
pub fn reason_comment(c: &Change) -> String {
    match c.reason.as_str() {
        "perpetual_check" => "perpetual check",
        "perpetual_chase" => "perpetual chase",
        "repetition_draw" => "repetition",
        "no_legal_moves" => "no legal move",
        "natural_move_limit" => "natural move limit",
        "checkmate" => "checkmate",
        "stalemate" => "stalemate",
        "dead_position" => "dead position",
        "fivefold_repetition" => "fivefold repetition",
        "seventy_five_moves" => "75-move rule",
        "flag_dead_position" => "flag fall, no mate possible",
        "threefold_repetition" => "3-fold repetition",
        "fifty_moves" => "50-move rule",
        other => other,
    }
    .to_string()
}

/// `arbiter: AXF detailed rule 13 — Red must vary (perpetual chase): 0-1; the record says
/// 1/2-1/2`.
pub fn deciding_comment(c: &Change) -> String {
    let why = match c.must_vary {
        Some(side) => format!("{} must vary ({})", side_title(side), reason_comment(c)),
        None => reason_comment(c),
    };
    let recorded = match c.recorded.as_deref().map(str::trim) {
        Some(r) if !r.is_empty() && r != "*" => format!("; the record says {r}"),
        _ => "; the record gives no result".to_string(),
    };
    format!("arbiter: {} — {why}: {}{recorded}", c.clause, c.result)
}

/// `arbiter: the game ended at ply 58; the 4 plies below were played after the end`.
pub fn after_end_comment(c: &Change) -> String {
    let below = if c.moves_after_end == 1 {
        "the ply below was".to_string()
    } else {
        format!("the {} below were", plies(c.moves_after_end))
    };
    format!(
        "arbiter: the game ended at ply {}; {below} played after the end",
        c.ply
    )
}
