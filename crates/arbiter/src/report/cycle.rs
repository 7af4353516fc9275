//! The answer of `cycle`: a xiangqi repetition cycle adjudicated.

use crate::xiangqi::repetition::CycleJudgement;
use crate::xiangqi::report as xreport;
use serde::{Serialize, Serializer};
use xiangqi::notation::{Style, WriteOptions};
use xiangqi::Position;

/// The answer of [`crate::cycle`]: each side's offence and classified moves, and the verdict
/// (cli.md `cycle`).
#[derive(Debug, Clone)]
pub struct CycleReport {
    /// The position the loops start from (and end on).
    pub start: Position,
    /// The judgement of all the moves given, taken together.
    pub judgement: CycleJudgement,
    /// Whether exempted threats are listed (`"exempted"` per move).
    pub explain: bool,
    /// The notation each move is written in after its ICCS form: as the moves were given
    /// (`f7e7 (车四平五)` for simplified Chinese, `f7e7 (R4=5)` for WXF), Chinese for ICCS.
    pub style: Style,
    /// The characters and forms of that notation.
    pub options: WriteOptions,
}

/// `{"game":"xiangqi","rules",…,"sides":{"red","black"},"verdict":{…}}`.
impl Serialize for CycleReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        xreport::cycle_json(&self.judgement, self.explain).serialize(s)
    }
}
