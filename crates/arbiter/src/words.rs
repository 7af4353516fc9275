//! Words for people, shared by the text reports of both games: moves numbered as players count
//! them (`22.Kf1`, `21...Qa5`, `12. 俥二平三`), plies kept in brackets (`[ply 42]`), and the
//! time control a record's tags imply. Rendering only; no rule is decided here.

pub use crate::chess::TimeControl;

/// `n` and `word`, with an `s` unless `n` is 1: `"1 cycle"`, `"3 cycles"`, `"1 time"`.
pub fn counted(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// `"1 ply"`, `"2 plies"` (also in the library's English error messages).
pub fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// How the moves of a game are numbered: the number of the first move and whether the second
/// side (Black, in both games) made the first recorded move (a FEN with Black to move).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveNumbering {
    /// The number of the first recorded move (the FEN's move number; 1 from the start).
    pub first_number: u32,
    /// The first recorded move is the second side's (Black's).
    pub second_side_first: bool,
}

impl MoveNumbering {
    /// Numbering from move 1 with the first side (Red / White) to move.
    pub fn from_start() -> MoveNumbering {
        MoveNumbering {
            first_number: 1,
            second_side_first: false,
        }
    }

    /// The move number and whether the move belongs to the second side, for the move that
    /// produces ply `ply` (1-based: ply 1 is the first recorded move).
    pub fn number(&self, ply: usize) -> (u32, bool) {
        let i = ply.saturating_sub(1) + usize::from(self.second_side_first);
        let number = self.first_number.max(1) as usize + i / 2;
        (u32::try_from(number).unwrap_or(u32::MAX), i % 2 == 1)
    }

    /// The label of the move that produces ply `ply`, as in PGN: `"22."` for the first side,
    /// `"21..."` for the second.
    pub fn prefix(&self, ply: usize) -> String {
        match self.number(ply) {
            (n, false) => format!("{n}."),
            (n, true) => format!("{n}..."),
        }
    }

    /// The move that produces ply `ply`, numbered: `"22.Kf1"`, `"21...Qa5"`; xiangqi's Chinese
    /// moves get a space (`"12. 俥二平三"`, `"12... 砲7平8"`).
    pub fn label(&self, ply: usize, text: &str) -> String {
        let space = if text.is_ascii() { "" } else { " " };
        format!("{}{space}{text}", self.prefix(ply))
    }

    /// `"21...Qa5 [ply 42]"`: the move that produced ply `ply`, with the ply in brackets.
    pub fn with_ply(&self, ply: usize, text: &str) -> String {
        format!("{} [ply {ply}]", self.label(ply, text))
    }
}

/// The time control a record's tags imply, and where it was read: `[TimeControl "180+2"]`
/// (PGN seconds: base + increment; FIDE counts base + 60 × increment: 10 minutes or less is
/// blitz, less than 60 minutes rapid, otherwise standard) or an `[Event]` naming blitz or rapid.
/// `None` when the tags say nothing usable (then the caller's default, standard, holds).
///
/// ```
/// use arbiter::words::{time_control_from_tags, TimeControl};
/// let (kind, source) = time_control_from_tags(Some("180+2"), None).unwrap();
/// assert_eq!(kind, TimeControl::Blitz);
/// assert_eq!(source, "[TimeControl \"180+2\"]");
/// assert_eq!(time_control_from_tags(None, Some("World Rapid 2023")).unwrap().0, TimeControl::Rapid);
/// assert_eq!(time_control_from_tags(Some("40/7200:3600"), None).unwrap().0, TimeControl::Standard);
/// ```
pub fn time_control_from_tags(
    time_control: Option<&str>,
    event: Option<&str>,
) -> Option<(TimeControl, String)> {
    if let Some(tc) = time_control
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "?" && *t != "-")
    {
        // The first period decides: "40/7200:3600" → 7200 s; "600+5"; "5400".
        let first = tc.split(':').next().unwrap_or(tc);
        let first = first.split_once('/').map_or(first, |(_, t)| t);
        let (base, inc) = first.split_once('+').unwrap_or((first, "0"));
        if let (Ok(base), Ok(inc)) = (base.trim().parse::<f64>(), inc.trim().parse::<f64>()) {
            let total = base + 60.0 * inc;
            let kind = if total <= 600.0 {
                TimeControl::Blitz
            } else if total < 3600.0 {
                TimeControl::Rapid
            } else {
                TimeControl::Standard
            };
            return Some((kind, format!("[TimeControl \"{tc}\"]")));
        }
    }
    let event = event?;
    let lower = event.to_lowercase();
    let kind = if lower.contains("blitz") || lower.contains("bullet") {
        TimeControl::Blitz
    } else if lower.contains("rapid") {
        TimeControl::Rapid
    } else {
        return None;
    };
    Some((kind, format!("[Event \"{event}\"]")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_as_players_count_them() {
        let n = MoveNumbering::from_start();
        assert_eq!(n.with_ply(42, "Qa5"), "21...Qa5 [ply 42]");
        assert_eq!(n.label(43, "Kf1"), "22.Kf1");
        assert_eq!(n.label(1, "炮二平五"), "1. 炮二平五");
        // A FEN with Black to move at move 30.
        let n = MoveNumbering {
            first_number: 30,
            second_side_first: true,
        };
        assert_eq!(n.label(1, "Kd7"), "30...Kd7");
        assert_eq!(n.label(2, "Rd1"), "31.Rd1");
        assert_eq!(crate::render::plies(1), "1 ply");
        assert_eq!(crate::render::plies(8), "8 plies");
    }

    #[test]
    fn time_control_tags() {
        let kind = |tc, ev| time_control_from_tags(tc, ev).map(|(k, _)| k);
        assert_eq!(kind(Some("600+0"), None), Some(TimeControl::Blitz));
        assert_eq!(kind(Some("600+5"), None), Some(TimeControl::Rapid));
        assert_eq!(kind(Some("900+10"), None), Some(TimeControl::Rapid));
        assert_eq!(kind(Some("5400+30"), None), Some(TimeControl::Standard));
        assert_eq!(
            kind(Some("?"), Some("Titled Arena Blitz")),
            Some(TimeControl::Blitz)
        );
        assert_eq!(kind(None, Some("Shamkir Chess 2019")), None);
        assert_eq!(
            time_control_from_tags(None, Some("World Blitz")).map(|(_, s)| s),
            Some("[Event \"World Blitz\"]".to_string())
        );
    }
}
