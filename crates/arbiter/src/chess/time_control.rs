//! The time control of a chess game and what it sets: the penalty of an incorrect claim
//! (FIDE 9.5.3 standard play, A.3 rapid, B.2/B.3 blitz).

use crate::citation::{ClauseId::Article, Clauses};
use serde::Serialize;

/// The time control, which sets the penalty of an incorrect claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TimeControl {
    /// Standard play: two minutes to the opponent (FIDE 9.5.3).
    #[default]
    Standard,
    /// Rapid: one minute (Appendix A.3).
    Rapid,
    /// Blitz: one minute (Appendix B.2, B.3 via A.3).
    Blitz,
}

impl TimeControl {
    /// `"standard"`, `"rapid"` or `"blitz"`.
    pub fn name(self) -> &'static str {
        match self {
            TimeControl::Standard => "standard",
            TimeControl::Rapid => "rapid",
            TimeControl::Blitz => "blitz",
        }
    }
}

/// Where the time control of a claim came from. JSON: `"given"` for one given with
/// the claim (whatever the shell: a flag, a request field, a keyword), the tag as written, or
/// `"default"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeControlSource {
    /// Given with the claim; it wins over the record's tags.
    Given,
    /// Implied by a tag of the record, as written (`[TimeControl "180+2"]`, `[Event "World
    /// Blitz"]`).
    Tag(String),
    /// Neither given nor recorded: standard play.
    Default,
}

impl Serialize for TimeControlSource {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            TimeControlSource::Given => "given",
            TimeControlSource::Tag(tag) => tag,
            TimeControlSource::Default => "default",
        })
    }
}

/// Time added to the opponent's clock after an incorrect claim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Penalty {
    /// Seconds added to the opponent's clock: 120 (standard), 60 (rapid, blitz).
    pub opponent_extra_seconds: u32,
    /// `"FIDE 9.5.3"`, `"FIDE A.3"` or `"FIDE B.2/B.3"`.
    pub clause: Clauses,
}

/// The penalty of an incorrect claim under `tc` (FIDE 9.5.3, A.3, B.2/B.3).
pub fn penalty(tc: TimeControl) -> Penalty {
    match tc {
        TimeControl::Standard => Penalty {
            opponent_extra_seconds: 120,
            clause: Clauses::fide(&[Article("9.5.3")]),
        },
        TimeControl::Rapid => Penalty {
            opponent_extra_seconds: 60,
            clause: Clauses::fide(&[Article("A.3")]),
        },
        TimeControl::Blitz => Penalty {
            opponent_extra_seconds: 60,
            clause: Clauses::fide(&[Article("B.2"), Article("B.3")]),
        },
    }
}
