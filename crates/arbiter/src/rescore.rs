//! What re-scoring changes in a judged PGN game (`arbiter rescore`, docs/engine-matches.md):
//! a pure function from a judged game to its [`Finding`], and the edits that write a
//! [`Change`] into the game's own text, every other byte kept.
//!
//! A game is **changed** when the rules end it ([`Status::Decided`]; under the engine-match
//! convention a pending xiangqi repetition is decided) with another result than the record's,
//! or earlier than the record (moves after the end). It is **disputed** when the rules give no
//! result to write but `result_agrees` is false (a repetition pending or a draw only claimable
//! against a recorded win), or when a chess record ends in a draw its `[Termination]` puts down
//! to a threefold repetition or the fifty-move rule that no claim could have made at its end:
//! an incorrect claim, after which the game goes on (FIDE 9.5.3; `reason`
//! `incorrect_claim`). A truncated record is left alone.
//!
//! The edits ([`rewrite`]): `[Result]` set to the rules' result and `[Termination]` to the
//! PGN standard's value ([`Termination`]; both added after the last tag when missing); a
//! comment after the deciding move naming the clause; a comment before the moves played after
//! the end; the main line's termination marker replaced by the reason as match managers
//! write it (`{perpetual chase}`) and the rules' result (appended when the record has none).

use crate::report::GameReport;
use crate::types::{Outcome, Side, Status};
use records::pgn::{self, RawGame};

/// The `[Termination]` value written for a changed game (the PGN standard's values).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The game ended on the board by the rules: mate, stalemate, no legal move, a drawn
    /// repetition, fivefold, 75 moves, a dead position, the natural move limit.
    Normal,
    /// A side lost for breaking a rule: a forbidden perpetual check or chase (it had to vary).
    RulesInfraction,
    /// A flag fell (FIDE 6.9: a draw when the opponent cannot mate).
    TimeForfeit,
    /// A match manager's own end, which the Laws leave to a claim: a chess threefold
    /// repetition or fifty-move condition under the engine-match convention.
    Adjudication,
}

impl Termination {
    /// The tag value: `normal`, `rules infraction`, `time forfeit`, `adjudication`.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::RulesInfraction => "rules infraction",
            Termination::TimeForfeit => "time forfeit",
            Termination::Adjudication => "adjudication",
        }
    }
}

/// What the rules change in a game's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The record's `[Result]` as written (`None` without the tag).
    pub recorded: Option<String>,
    /// The rules' result.
    pub result: Outcome,
    /// Why, as the judge report's JSON `reason` says it (`perpetual_chase`, `checkmate`, …).
    pub reason: String,
    /// The clause that decides (`AXF detailed rule 13`, `FIDE 6.9`, …).
    pub clause: String,
    /// The ply at which the rules end the game (moves played then).
    pub ply: usize,
    /// The side that had to vary (a forbidden repetition), if any.
    pub must_vary: Option<Side>,
    /// Moves recorded after the end (plies).
    pub moves_after_end: usize,
    /// The `[Termination]` value.
    pub termination: Termination,
}

/// A game the rules disagree with but give no result to write: the record's result, what the
/// rules say (status, result, reason, clause, ply, when they say it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dispute {
    /// The record's `[Result]` as written.
    pub recorded: Option<String>,
    /// `pending`, `claimable` or `ongoing`.
    pub status: Status,
    /// The result if the pending verdict stands (`*` otherwise).
    pub result: Outcome,
    /// JSON `reason`, when there is one.
    pub reason: Option<String>,
    /// The clause, when there is one.
    pub clause: Option<String>,
    /// The ply the rules name, when there is one.
    pub ply: Option<usize>,
}

/// What re-scoring does with one judged game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The record's result and end are the rules' (or the rules say nothing against them):
    /// the game is copied unchanged.
    Agrees,
    /// The rules end the game otherwise: write the [`Change`].
    Change(Change),
    /// The rules disagree with the record but end nothing: reported, copied unchanged.
    Disputed(Dispute),
}

/// The JSON name of a serialisable reason (`perpetual_chase`).
fn json_name<T: serde::Serialize>(reason: &T) -> String {
    match serde_json::to_value(reason) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// What re-scoring does with a judged game (see the module docs); `termination_tag` gives the
/// record's `[Termination]` tag, asked for only for a chess draw the rules leave going on. `None`
/// for an error report.
pub fn finding(report: &GameReport, termination_tag: impl FnOnce() -> Option<String>) -> Option<Finding> {
    use crate::chess::Reason as C;
    use crate::xiangqi::verdict::Reason as X;
    let (recorded, status, result, reason, clause, ply, must_vary, after, agrees, truncated, termination) =
        match report {
            GameReport::Error(_) => return None,
            GameReport::Xiangqi(r) => {
                let v = &r.verdict;
                let termination = match v.reason {
                    Some(X::PerpetualCheck | X::PerpetualChase) if v.result != Outcome::Draw => {
                        Termination::RulesInfraction
                    }
                    _ => Termination::Normal,
                };
                (
                    r.recorded_result.clone(),
                    v.status,
                    v.result,
                    v.reason.map(|x| json_name(&x)),
                    v.clause.clone(),
                    v.at_ply,
                    v.must_vary.map(Side::from),
                    r.moves_after_end,
                    r.result_agrees,
                    r.truncated,
                    termination,
                )
            }
            GameReport::Chess(c) => {
                let r = &c.report;
                let termination = match r.reason {
                    Some(C::FlagDeadPosition) => Termination::TimeForfeit,
                    Some(C::ThreefoldRepetition | C::FiftyMoves) => Termination::Adjudication,
                    _ => Termination::Normal,
                };
                (
                    r.recorded_result.clone(),
                    r.status,
                    r.result,
                    r.reason.map(|x| json_name(&x)),
                    r.clause.map(str::to_string),
                    r.at_ply,
                    None,
                    r.moves_after_end,
                    r.result_agrees,
                    c.truncated,
                    termination,
                )
            }
        };
    if truncated {
        return Some(Finding::Agrees);
    }
    let recorded_outcome = recorded
        .as_deref()
        .and_then(|t| pgn::normalize_result(t.trim()))
        .and_then(|t| t.parse::<Outcome>().ok())
        .unwrap_or(Outcome::Unknown);
    if status == Status::Decided {
        if let (Some(reason), Some(ply)) = (&reason, ply) {
            if recorded_outcome != result || after > 0 {
                return Some(Finding::Change(Change {
                    recorded,
                    result,
                    reason: reason.clone(),
                    clause: clause.unwrap_or_default(),
                    ply,
                    must_vary,
                    moves_after_end: after,
                    termination,
                }));
            }
            return Some(Finding::Agrees);
        }
    }
    // A draw by a claim the position did not allow: the claim was incorrect (FIDE 9.5.3).
    if let GameReport::Chess(c) = report {
        let r = &c.report;
        let claimed = || {
            matches!(
                crate::agreement::ending(termination_tag().as_deref()),
                crate::agreement::Ending::Repetition | crate::agreement::Ending::MoveCount
            )
        };
        if recorded_outcome == Outcome::Draw && r.status == Status::Ongoing && claimed() {
            return Some(Finding::Disputed(Dispute {
                recorded,
                status,
                result,
                reason: Some("incorrect_claim".to_string()),
                clause: Some("FIDE 9.5.3".to_string()),
                ply: Some(r.plies),
            }));
        }
    }
    if agrees == Some(false) {
        return Some(Finding::Disputed(Dispute {
            recorded,
            status,
            result,
            reason,
            clause,
            ply,
        }));
    }
    Some(Finding::Agrees)
}

/// Whether `raw` already holds `change`: its result is the rules' and the moves after the end
/// are marked as [`rewrite`] marks them (a file re-scored before). Such a game is copied as
/// it is, so that re-scoring a re-scored file changes nothing.
pub fn already_written(raw: &RawGame, change: &Change) -> bool {
    let recorded = raw.tag("Result").and_then(|r| pgn::normalize_result(r.trim()));
    let marked = change.moves_after_end == 0
        || raw.movetext().contains(&format!(
            "{{{}}}",
            crate::render::rescore::after_end_comment(change)
        ));
    recorded == Some(change.result.name()) && marked
}

/// Why a change could not be written into a game's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The deciding ply is past the moves found in the movetext.
    #[error("the deciding ply {ply} is past the {moves} moves of the main line")]
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
    let mut comment = format!(" {{{}}}", crate::render::rescore::deciding_comment(change));
    if change.moves_after_end > 0 {
        comment.push_str(&format!(
            " {{{}}}",
            crate::render::rescore::after_end_comment(change)
        ));
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
    let end = format!("{{{}}} {result}", crate::render::rescore::reason_comment(change));
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
    use records::TextEncoding;

    fn change(ply: usize, after: usize) -> Change {
        Change {
            recorded: Some("1/2-1/2".into()),
            result: Outcome::BlackWins,
            reason: "perpetual_chase".into(),
            clause: "AXF detailed rule 13".into(),
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
