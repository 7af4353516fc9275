//! The answer of `dead`: whether a chess position is dead (FIDE 5.2.2).

use super::Error;
use crate::chess;
use serde::{Serialize, Serializer};

/// The answer of [`crate::dead`] for one chess position (FIDE 5.2.2), with the label that
/// followed the FEN on its line in a FEN file.
#[derive(Debug, Clone)]
pub struct DeadAnswer {
    /// The FEN as read (at most its six fields).
    pub fen: String,
    /// The answer, or why the FEN could not be judged.
    pub report: Result<chess::DeadReport, Error>,
    /// The label on a FEN-file line, before the FEN or after its six fields (a game id, an
    /// expected answer).
    pub label: Option<String>,
    /// The line of a FEN file it was read from (counted from 1), for [`crate::dead_lines`].
    pub line: Option<usize>,
}

impl DeadAnswer {
    /// True when the FEN could not be judged.
    pub fn is_error(&self) -> bool {
        self.report.is_err()
    }
}

/// `{"fen","dead","white_can_mate","black_can_mate","clause","horizon_draw"}` (keys in
/// alphabetical order, `label` when present), or `{"fen","error"}`.
///
/// Written field by field, in that order, without building a JSON value first (`dead
/// --fen-file` writes one per line, tens of thousands).
impl Serialize for DeadAnswer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        match &self.report {
            Ok(r) => {
                m.serialize_entry("black_can_mate", &r.black_can_mate)?;
                m.serialize_entry("clause", &r.clause)?;
                m.serialize_entry("dead", &r.dead)?;
                m.serialize_entry("fen", &r.fen)?;
                m.serialize_entry("horizon_draw", &r.horizon_draw)?;
                if let Some(l) = &self.label {
                    m.serialize_entry("label", l)?;
                }
                if let Some(u) = r.undetermined {
                    m.serialize_entry("undetermined", u)?;
                }
                m.serialize_entry("white_can_mate", &r.white_can_mate)?;
            }
            Err(e) => {
                m.serialize_entry("error", &e.to_string())?;
                m.serialize_entry("fen", &self.fen)?;
                if let Some(l) = &self.label {
                    m.serialize_entry("label", l)?;
                }
                if let Some(n) = self.line {
                    m.serialize_entry("line", &n)?;
                }
            }
        }
        m.end()
    }
}
