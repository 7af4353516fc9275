//! ICCS coordinates: `h2e2`, `h2-e2`, `H2-E2`.

use super::{NotationError, ParsedMove, Style};
use crate::position::{Move, Position};

/// Read an ICCS move (`t`, normalised) and check its legality in `pos`; errors name `text`.
pub(super) fn parse(pos: &Position, t: &str, text: &str) -> Result<ParsedMove, NotationError> {
    let mv = Move::parse_iccs(t).ok_or_else(|| NotationError::Syntax(text.to_string()))?;
    check(pos, mv, text)
}

/// Check the legality of `mv`, read from `text`, in `pos`.
pub(super) fn check(pos: &Position, mv: Move, text: &str) -> Result<ParsedMove, NotationError> {
    pos.check_legal(mv).map_err(|e| NotationError::Illegal {
        text: text.to_string(),
        reason: e.reason,
        iccs: None,
    })?;
    Ok(ParsedMove {
        mv,
        style: Style::Iccs,
        warning: None,
    })
}
