//! A [`Change`] written into a game's record (see [`crate::rescore`], which decides it): the
//! edits of [`rewrite`] and [`rewrite_bytes`], and their words: the comment at the deciding
//! move, the mark before the moves played after the end, and the reason before the termination
//! marker as match managers write it (`{perpetual chase} 0-1`). English only: PGN comments are
//! read by programs as much as by people.

use super::{plies, side_title};
use crate::rescore::Change;
use records::pgn::{self, RawGame};

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

/// Whether `raw` already holds `change`: its result is the rules' and the moves after the end
/// are marked as [`rewrite`] marks them (a file re-scored before). Such a game is copied as
/// it is, so that re-scoring a re-scored file changes nothing.
pub fn already_written(raw: &RawGame, change: &Change) -> bool {
    let recorded = raw.tag("Result").and_then(|r| pgn::normalize_result(r.trim()));
    let marked = change.moves_after_end == 0
        || raw
            .movetext()
            .contains(&format!("{{{}}}", after_end_comment(change)));
    recorded == Some(change.result.name()) && marked
}

/// Why a change could not be written into a game's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The deciding ply is past the moves found in the movetext.
    #[error("the deciding ply {ply} is past the {} of the main line", crate::words::counted(*.moves, "move"))]
    PlyNotFound {
        /// The deciding ply.
        ply: usize,
        /// Main-line moves found.
        moves: usize,
    },
    /// The game's text cannot be written back in its own encoding without loss.
    #[error("the game's text cannot be written back in {0} unchanged")]
    Encoding(&'static str),
}

/// The game's text with `change` written in (see the module docs): every byte but those
/// edited kept. Line ends added follow the game's own (`\r\n` when it uses them).
///
/// # Errors
/// [`EditError::PlyNotFound`] when the movetext has fewer main-line moves than the deciding
/// ply.
pub fn rewrite(raw: &RawGame, change: &Change) -> Result<String, EditError> {
    let text = &raw.text;
    let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mt = raw.movetext_start();
    let layout = pgn::main_line_layout(raw.movetext());
    // (position, bytes replaced, new text), applied from the end.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let result = change.result.to_string();
    // Tags: set in place, or added after the last tag line.
    let tags = raw.tag_spans();
    let find = |name: &str| {
        tags.iter()
            .find(|t| text[t.name.clone()].eq_ignore_ascii_case(name))
    };
    let mut added = String::new();
    for (name, value) in [
        ("Result", result.as_str()),
        ("Termination", change.termination.pgn()),
    ] {
        match find(name) {
            Some(t) => match &t.value {
                Some(v) => edits.push((v.start, v.len(), value.to_string())),
                None => added.push_str(&format!("[{name} \"{value}\"]{nl}")),
            },
            None => added.push_str(&format!("[{name} \"{value}\"]{nl}")),
        }
    }
    if !added.is_empty() {
        match tags.last() {
            Some(t) => {
                let at = t.line_end;
                // A last tag line with no line end (the movetext on it, or the text's end).
                if at == 0 || !text[..at].ends_with(['\n', '\r']) {
                    added.insert_str(0, nl);
                }
                edits.push((at, 0, added));
            }
            None => {
                added.push_str(nl);
                edits.push((0, 0, added));
            }
        }
    }
    // The deciding move's comment, and the mark before the moves after the end.
    let mut comment = format!(" {{{}}}", deciding_comment(change));
    if change.moves_after_end > 0 {
        comment.push_str(&format!(" {{{}}}", after_end_comment(change)));
    }
    if change.ply == 0 {
        edits.push((mt, 0, format!("{} ", comment.trim_start())));
    } else {
        let Some(m) = layout.moves.get(change.ply - 1) else {
            return Err(EditError::PlyNotFound {
                ply: change.ply,
                moves: layout.moves.len(),
            });
        };
        edits.push((mt + m.end, 0, comment));
    }
    // The termination marker, with the reason as match managers write it.
    let end = format!("{{{}}} {result}", reason_comment(change));
    match layout.marker {
        Some(m) => edits.push((mt + m.start, m.len(), end)),
        None => {
            let body = text[mt..].trim_end();
            edits.push((mt + body.len(), 0, format!(" {end}")));
        }
    }
    // From the end; of two insertions at one place, the one pushed first ends up first.
    let mut edits: Vec<_> = edits.into_iter().enumerate().collect();
    edits.sort_by_key(|(i, e)| std::cmp::Reverse((e.0, *i)));
    let mut out = text.clone();
    for (_, (at, len, new)) in edits {
        out.replace_range(at..at + len, &new);
    }
    Ok(out)
}

/// [`rewrite`] as bytes for the game's input: `original` is the game's bytes as read (its
/// span), encoded as `raw.encoding` says; a UTF-8 byte-order mark is kept, GBK and Big5
/// text is written back in its encoding.
///
/// # Errors
/// As [`rewrite`]; [`EditError::Encoding`] when the text does not go back into its encoding
/// unchanged (bytes that were replaced when read, or UTF-16).
pub fn rewrite_bytes(original: &[u8], raw: &RawGame, change: &Change) -> Result<Vec<u8>, EditError> {
    let text = rewrite(raw, change)?;
    let enc = raw.encoding;
    let encoding = enc.encoding();
    let bytes = if enc == records::TextEncoding::Utf8 {
        let mut b = Vec::with_capacity(text.len() + 3);
        if original.starts_with(&[0xEF, 0xBB, 0xBF]) && !text.starts_with('\u{feff}') {
            b.extend_from_slice(&[0xEF, 0xBB, 0xBF]);
        }
        b.extend_from_slice(text.as_bytes());
        b
    } else {
        // The encoder must give back the original bytes for the original text: else bytes
        // were replaced when read, and writing would lose them.
        let (same, _, bad) = encoding.encode(&raw.text);
        if bad || enc.is_unicode() || same.as_ref() != original {
            return Err(EditError::Encoding(enc.name()));
        }
        let (b, _, bad) = encoding.encode(&text);
        if bad {
            return Err(EditError::Encoding(enc.name()));
        }
        b.into_owned()
    };
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rescore::Termination;
    use crate::types::{Outcome, Side};
    use records::TextEncoding;

    fn change(ply: usize, after: usize) -> Change {
        Change {
            recorded: Some("1/2-1/2".into()),
            result: Outcome::BlackWins,
            reason: "perpetual_chase".into(),
            clause: crate::citation::Citation::of(
                crate::RuleBook::Axf,
                &[crate::citation::ClauseId::Detailed(13)],
            ),
            ply,
            must_vary: Some(Side::Red),
            moves_after_end: after,
            termination: Termination::RulesInfraction,
        }
    }

    #[test]
    fn edits_keep_every_other_byte() {
        let text =
            "[Event \"x\"]\r\n[Result \"1/2-1/2\"]\r\n\r\n1. h2e2 h9g7\r\n2. h0g2 {c} i9h9 1/2-1/2\r\n";
        let raw = RawGame::from_text(text.into(), 1, 0, TextEncoding::Utf8);
        let out = rewrite(&raw, &change(2, 2)).unwrap();
        assert_eq!(
            out,
            "[Event \"x\"]\r\n[Result \"0-1\"]\r\n[Termination \"rules infraction\"]\r\n\r\n1. h2e2 h9g7 \
             {arbiter: AXF detailed rule 13 — Red must vary (perpetual chase): 0-1; the record says 1/2-1/2} \
             {arbiter: the game ended at ply 2; the 2 plies below were played after the end}\r\n\
             2. h0g2 {c} i9h9 {perpetual chase} 0-1\r\n"
        );
        // No Result tag, no marker, a Termination tag to overwrite.
        let text = "[Termination \"adjudication\"]\n\n1. h2e2 h9g7";
        let raw = RawGame::from_text(text.into(), 1, 0, TextEncoding::Utf8);
        let out = rewrite(&raw, &change(2, 0)).unwrap();
        assert_eq!(
            out,
            "[Termination \"rules infraction\"]\n[Result \"0-1\"]\n\n1. h2e2 h9g7 \
             {arbiter: AXF detailed rule 13 — Red must vary (perpetual chase): 0-1; the record says 1/2-1/2} \
             {perpetual chase} 0-1"
        );
        assert_eq!(
            rewrite(&raw, &change(3, 0)),
            Err(EditError::PlyNotFound { ply: 3, moves: 2 })
        );
    }
}
