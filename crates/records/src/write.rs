//! Writing a [`Record`] as xiangqi PGN, so a record read from any format (CBR, CBL, CBF,
//! DhtmlXQ, move list, XQF, PGN) can be kept in the open format.
//!
//! Tags: `Game "Chinese Chess"`, then the record's tags in order (`Format` and `FEN` left out,
//! `Result` written once, with the normalised result), then `FEN` when the start is not the
//! standard one. Movetext: numbered moves (`1. h2e2 h9g7`, `1... h9g7` when Black starts) in
//! the chosen notation, variations in parentheses after the move they replace (as far as they
//! were legal), the result last. Comments are not kept by [`Record`] and are not written.
//! The output reads back through [`crate::games`] to the same main line and variations.

use crate::record::{Record, Variation};
use std::fmt::Write as _;
use xiangqi::notation::{write_move_with, Style, WriteOptions};
use xiangqi::{Color, Move, Position};

/// Tags not copied from the record (written separately or meaningless in PGN).
const SKIP: [&str; 4] = ["Format", "FEN", "Result", "Game"];

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// The record as one PGN game (ends with a blank line), moves in the standard form of `style`.
pub fn to_pgn(rec: &Record, style: Style) -> String {
    to_pgn_with(rec, style, &WriteOptions::default())
}

/// [`to_pgn`] with the moves written with `options` (simplified characters, say: see
/// [`xiangqi::notation::detect_notation`] for a record's own).
pub fn to_pgn_with(rec: &Record, style: Style, options: &WriteOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "[Game \"Chinese Chess\"]");
    for (k, v) in &rec.tags {
        if SKIP.iter().any(|s| k.eq_ignore_ascii_case(s)) || k.is_empty() || k.contains([' ', '"', ']']) {
            continue;
        }
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v.trim()));
    }
    let _ = writeln!(out, "[Result \"{}\"]", rec.result);
    if rec.start != Position::startpos() {
        let _ = writeln!(out, "[FEN \"{}\"]", rec.start.to_fen());
    }
    out.push('\n');
    let mut text = String::new();
    let how = (style, *options);
    line(&mut text, &rec.start, 0, &rec.moves, &rec.variations, how, true);
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(&rec.result);
    wrap(&mut out, &text);
    out.push_str("\n\n");
    out
}

/// Write `moves` (starting at ply `first` of the game, in `start`) and the variations that
/// hang off them (`vars`, each starting at its `start_ply`).
fn line(
    out: &mut String,
    start: &Position,
    first: usize,
    moves: &[Move],
    vars: &[Variation],
    how: (Style, WriteOptions),
    numbered_start: bool,
) {
    let mut pos = start.clone();
    let mut need_number = numbered_start;
    for (i, &mv) in moves.iter().enumerate() {
        let ply = first + i;
        let red = pos.side_to_move() == Color::Red;
        if !out.is_empty() && !out.ends_with('(') {
            out.push(' ');
        }
        let n = pos.fullmove_number().max(1);
        if red {
            let _ = write!(out, "{n}. ");
        } else if need_number {
            let _ = write!(out, "{n}... ");
        }
        need_number = false;
        out.push_str(&write_move_with(&pos, mv, how.0, &how.1));
        let before = pos.clone();
        pos.make_move(mv);
        for v in vars.iter().filter(|v| v.start_ply == ply && !v.moves.is_empty()) {
            out.push_str(" (");
            line(out, &before, ply, &v.moves, &v.variations, how, true);
            out.push(')');
            need_number = true;
        }
    }
}

/// Append `text` wrapped at 80 display columns (a Chinese character takes two), never
/// between a move number (`12.`, `12...`, also after `(`) and the move after it.
fn wrap(out: &mut String, text: &str) {
    use unicode_width::UnicodeWidthStr;
    let is_number = |w: &str| {
        let w = w.trim_start_matches('(');
        let digits = w.trim_end_matches('.');
        !digits.is_empty() && digits.len() < w.len() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    // Words, each move number glued to the word after it.
    let mut words: Vec<String> = Vec::new();
    let mut glue = false;
    for word in text.split(' ') {
        match words.last_mut() {
            Some(last) if glue => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
        glue = is_number(word);
    }
    let mut col = 0;
    for (i, word) in words.iter().enumerate() {
        let w = word.width();
        if i > 0 {
            if col + 1 + w > 80 {
                out.push('\n');
                col = 0;
            } else {
                out.push(' ');
                col += 1;
            }
        }
        out.push_str(word);
        col += w;
    }
}

#[cfg(test)]
mod tests {
    use super::wrap;

    /// No line ends after a move number, and Chinese moves (8 columns each) fill 80 display
    /// columns, not 80 characters.
    #[test]
    fn wrap_keeps_numbers_with_moves_and_counts_display_width() {
        let mut text = String::new();
        for n in 1..=20 {
            text.push_str(&format!("{n}. 炮二平五 馬8進7 "));
        }
        text.push('*');
        let mut out = String::new();
        wrap(&mut out, &text);
        assert_eq!(out.replace('\n', " "), text);
        for line in out.lines() {
            let width = unicode_width::UnicodeWidthStr::width(line);
            assert!(width <= 80, "{width}: {line}");
            assert!(!line.ends_with('.'), "a number ends the line: {line}");
        }
        // "1. 炮二平五 馬8進7" is 3 + 8 + 1 + 7 = 19 columns: four pairs and three columns
        // of the fifth number fit in 80.
        assert_eq!(
            out.lines().next(),
            Some("1. 炮二平五 馬8進7 2. 炮二平五 馬8進7 3. 炮二平五 馬8進7 4. 炮二平五 馬8進7")
        );
        let mut out = String::new();
        wrap(&mut out, &format!("{}(12... h9g7 x", "a ".repeat(38)));
        assert!(out.ends_with("\n(12... h9g7 x"), "{out}");
    }
}
