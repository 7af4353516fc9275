//! The WXF file format (`.wxf`, as PlayOK and the World Xiangqi Federation's tools write it):
//! header lines `KEY value` (`FORMAT WXF`, `GAME`, `RED`, `BLACK`, `RESULT`, `DATE`, `EVENT`,
//! `FEN`, …), then the moves in WXF notation between `START{` and `}END`:
//!
//! ```text
//! FORMAT  WXF
//! RED     jugador rojo ; 1200 ;;
//! RESULT  0-1
//! START{
//!  1. P3+1 c8.7   2. E7+5 c2.5
//! }END
//! ```
//!
//! A player's line is `name ; rating ;;` (the name is kept); the `FEN` line may write the side
//! to move `r` and the letters `H`/`E`. Black's moves are in lower case. Moves are checked by
//! the record replay ([`xiangqi::notation::parse_move`]).

use crate::pgn::{self, PgnMove};
use crate::text::TextGame;
use crate::tree::{Fault, Malformed};

/// Header keys and the tags they become; other keys are kept under their own name.
const HEADERS: [(&str, &str); 10] = [
    ("GAME", "Title"),
    ("RED", "Red"),
    ("BLACK", "Black"),
    ("DATE", "Date"),
    ("EVENT", "Event"),
    ("SITE", "Site"),
    ("ROUND", "Round"),
    ("OPENING", "Opening"),
    ("REDTEAM", "RedTeam"),
    ("BLACKTEAM", "BlackTeam"),
];

/// Whether `text` is a WXF file: its first line that is not blank is `FORMAT WXF`.
pub fn is_wxf(text: &str) -> bool {
    text.lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim())
        .find(|l| !l.is_empty())
        .and_then(|l| l.strip_prefix("FORMAT"))
        .is_some_and(|rest| rest.starts_with(char::is_whitespace) && rest.trim().eq_ignore_ascii_case("WXF"))
}

/// Read a WXF file.
///
/// # Errors
/// [`Malformed`] (format `WXF`, byte offset) when there is no `START{` block or it is not
/// closed by `}END`.
pub fn parse(text: &str) -> Result<TextGame, Malformed> {
    let start = text
        .find("START{")
        .ok_or_else(|| Malformed::new("WXF", text.len(), Fault::NoMoveBlock))?;
    let body = start + "START{".len();
    let end = text[body..]
        .find("}END")
        .map(|e| body + e)
        .ok_or_else(|| Malformed::new("WXF", start, Fault::MoveBlockOpen))?;
    let mut g = TextGame {
        result: "*",
        ..TextGame::default()
    };
    for line in text[..start].lines() {
        let line = line.trim_start_matches('\u{feff}').trim();
        let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "" | "FORMAT" => {}
            "FEN" if !value.is_empty() => {
                g.fen = Some(value.split_whitespace().collect::<Vec<_>>().join(" "))
            }
            "RESULT" => g.result = pgn::normalize_result(value).unwrap_or("*"),
            _ => {
                // `name ; rating ;;`: the name.
                let value = match key {
                    "RED" | "BLACK" => value.split(';').next().unwrap_or("").trim(),
                    _ => value,
                };
                if value.is_empty() {
                    continue;
                }
                let tag = HEADERS
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map_or_else(|| key.to_string(), |(_, t)| (*t).to_string());
                g.tags.push((tag, value.to_string()));
            }
        }
    }
    for word in text[body..end].split_whitespace() {
        // Move numbers (`1.`, `12.`), possibly run into the move (`1.P3+1`).
        let word = match word.split_once('.') {
            Some((n, rest)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => rest,
            _ => word,
        };
        if word.is_empty() {
            continue;
        }
        if let Some(r) = pgn::normalize_result(word) {
            if g.result == "*" {
                g.result = r;
            }
            break;
        }
        g.moves.push(PgnMove {
            text: word.to_string(),
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        });
    }
    g.tags.push(("Result".to_string(), g.result.to_string()));
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_moves() {
        let t = "FORMAT  WXF\nRED     jugador rojo ; 1200 ;;\nRESULT  0-1\nSTART{\n 1. P3+1 c8.7   2. E7+5 c2.5\n}END\n";
        assert!(is_wxf(t));
        let g = parse(t).unwrap();
        let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["P3+1", "c8.7", "E7+5", "c2.5"]);
        assert_eq!(g.result, "0-1");
        assert_eq!(g.tags[0], ("Red".to_string(), "jugador rojo".to_string()));
        assert!(!is_wxf("[Event \"x\"]\nFORMAT WXF\n"));
        let e = parse("FORMAT WXF\nSTART{ 1. C2.5\n").unwrap_err();
        assert_eq!((e.format, e.offset), ("WXF", 11));
    }
}
