//! `dead`: whether a chess position is dead (FIDE 5.2.2), one FEN or a FEN file.

use crate::chess;
use crate::report::{DeadAnswer, Error};

/// Whether a chess position is dead (FIDE 5.2.2): whether each side can still mate by any
/// legal sequence, every answer proved ([`chess::dead_position`]: a helpmate line found and
/// replayed, or CHA's complete search). Missing trailing FEN fields default (no castling, no en passant, clocks 0
/// and 1). A bad FEN gives an answer holding the error.
///
/// ```
/// let a = arbiter::dead("8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1");
/// assert!(!a.report.unwrap().dead); // opposite-coloured bishops: a helpmate exists
/// ```
pub fn dead(fen: &str) -> DeadAnswer {
    let report = chess::parse_fen(fen)
        .map(|pos| chess::dead_position(fen, &pos))
        .map_err(Error::from);
    DeadAnswer {
        fen: fen.to_string(),
        report,
        label: None,
        line: None,
    }
}

/// [`dead`] for each line of a FEN file (`dead --fen-file`): blank lines and `#` lines skipped,
/// answers in order. A line is `FEN [LABEL]` (the FEN's first six fields, then a label such as
/// a game id) or `LABEL FEN` (a label of words without `/` before the board field, as in CHA's
/// test vectors: `WB rnbqkbnr/... w KQkq -`). The label is kept on the answer.
pub fn dead_lines(text: &str) -> impl Iterator<Item = DeadAnswer> + '_ {
    text.lines()
        .map(str::trim)
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(move |(n, line)| {
            let words: Vec<&str> = line.split_whitespace().collect();
            // Words before the first that holds a `/` (the board field) are a leading label;
            // a line without any `/` is read as a FEN (and answered with its error).
            let board = words.iter().position(|w| w.contains('/')).unwrap_or(0);
            let (before, from_board) = words.split_at(board);
            let (fen, after) = from_board.split_at(from_board.len().min(6));
            let label = [before, after]
                .iter()
                .filter(|part| !part.is_empty())
                .map(|part| part.join(" "))
                .collect::<Vec<_>>()
                .join(" ");
            let mut answer = dead(&fen.join(" "));
            answer.line = Some(n + 1);
            if !label.is_empty() {
                answer.label = Some(label);
            }
            answer
        })
}
