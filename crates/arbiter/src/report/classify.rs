//! The answer of `classify`: one xiangqi move's kinds and chases.

use crate::xiangqi::report as xreport;
use serde::{Serialize, Serializer};
use xiangqi::notation::{Style, WriteOptions};
use xiangqi::Position;

/// The answer of [`crate::classify`]: one xiangqi move's kinds and chases (cli.md `classify`).
#[derive(Debug, Clone)]
pub struct ClassifyReport {
    /// The position before the move.
    pub position: Position,
    /// What the move does.
    pub facts: crate::xiangqi::facts::MoveFacts,
    /// Whether exempted threats are listed.
    pub explain: bool,
    /// The notation the move is written in after its ICCS form: as given (`a3b3 (车九平八)`),
    /// Chinese for ICCS.
    pub style: Style,
    /// The characters and forms of that notation.
    pub options: WriteOptions,
}

/// `{"move","kinds","chases"}` (and `"exempted"` with `explain`).
impl Serialize for ClassifyReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        xreport::facts_json(&self.facts, self.explain).serialize(s)
    }
}
