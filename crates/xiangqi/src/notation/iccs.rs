//! ICCS coordinates: `h2e2`, `h2-e2`, `H2-E2`.

use super::{NotationError, ParsedMove, Style};
use crate::position::{Move, Position};

/// Read an ICCS move and check its legality in `pos`.
pub(super) fn parse(pos: &Position, text: &str) -> Result<ParsedMove, NotationError> {
    let mv = Move::parse_iccs(text).ok_or_else(|| NotationError::Syntax(text.to_string()))?;
    pos.check_legal(mv).map_err(|e| NotationError::Illegal {
        text: text.to_string(),
        reason: e.reason.to_string(),
    })?;
    Ok(ParsedMove {
        mv,
        style: Style::Iccs,
        warning: None,
    })
}
