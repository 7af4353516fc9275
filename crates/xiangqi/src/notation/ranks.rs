//! Coordinates with ranks 1–10, as Fairy-Stockfish, pychess and UCI xiangqi engines write
//! them: `h3e3`, `h10g8`, `i10i9` (also `h3-e3`, either case). Files `a`–`i` from Red's left;
//! rank 1 is Red's back rank, so rank `r` is ICCS rank `r − 1` (`h3e3` is ICCS `h2e2`).

use super::{NotationError, ParsedMove, Style};
use crate::position::{Move, Position};
use crate::square::Square;

/// A point written with a rank 1–10 at the start of `b`, and the bytes it took.
fn point(b: &[u8]) -> Option<(Square, usize)> {
    let f = b.first()?.to_ascii_lowercase();
    if !(b'a'..=b'i').contains(&f) {
        return None;
    }
    let (rank, used) = match b.get(1..) {
        Some([b'1', b'0', ..]) => (10, 3),
        Some([r @ b'1'..=b'9', ..]) => (i32::from(r - b'0'), 2),
        _ => return None,
    };
    Some((Square::new(i32::from(f - b'a'), rank - 1)?, used))
}

/// The move `t` (ASCII, trimmed) writes, when it has the shape of coordinates with ranks 1–10.
pub(super) fn read(t: &str) -> Option<Move> {
    let b = t.as_bytes();
    let (from, n) = point(b)?;
    let rest = b.get(n..)?;
    let rest = rest.strip_prefix(b"-").unwrap_or(rest);
    let (to, m) = point(rest)?;
    (m == rest.len()).then(|| Move::new(from, to))
}

/// Whether `t` names a point on rank 10 (`i10h8`): no ICCS move does.
pub(super) fn has_rank_ten(t: &str) -> bool {
    read(t).is_some() && t.contains("10")
}

/// Read a move in coordinates with ranks 1–10 and check it in `pos`; errors name `text`.
pub(super) fn parse(pos: &Position, t: &str, text: &str) -> Result<ParsedMove, NotationError> {
    let mv = read(t).ok_or_else(|| NotationError::Syntax(text.to_string()))?;
    pos.check_legal(mv).map_err(|e| NotationError::Illegal {
        text: text.to_string(),
        reason: e.reason,
        iccs: Some(mv),
    })?;
    Ok(ParsedMove {
        mv,
        style: Style::Ranks1To10,
        warning: None,
    })
}

/// `mv` with ranks 1–10.
pub(super) fn write(mv: Move) -> String {
    let p = |s: Square| format!("{}{}", char::from(b'a' + s.file() as u8), s.rank() + 1);
    format!("{}{}", p(mv.from), p(mv.to))
}
