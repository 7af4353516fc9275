//! The answer of `claim`: a draw claim judged (chess threefold and fifty moves, xiangqi
//! natural move limit).

use crate::chess;
use crate::words::MoveNumbering;
use crate::xiangqi::limits::LimitClaim;
use crate::xiangqi::rules::RulesId;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};
use xiangqi::notation::{Style, WriteOptions};
use xiangqi::Position;

/// The answer of [`crate::claim`] (cli.md `claim`).
#[derive(Debug, Clone)]
pub enum ClaimReport {
    /// A chess claim (threefold, fifty moves; FIDE 9.2, 9.3).
    Chess(chess::ClaimVerdict),
    /// The xiangqi natural-move-limit claim (AXF 120 plies; TW113 100 plies or 80).
    Xiangqi {
        /// The judged claim with its count.
        claim: LimitClaim,
        /// `"axf"` or `"tw113"`.
        rules: RulesId,
        /// Move numbers of the game (the start FEN's move number and side to move).
        numbering: MoveNumbering,
        /// The move that produced the claim's ply, in the record's notation (`None` at ply 0).
        last_move: Option<String>,
        /// That move with the position it was played in, and the record's notation, to write
        /// it in a report's own notation.
        last_played: Option<Box<(Position, xiangqi::Move, Style, WriteOptions)>>,
        /// Set when the game had already ended (mate, no legal move) at the claim's ply: the
        /// claim is not judged.
        ended: Option<chess::GameEnded>,
    },
}

impl ClaimReport {
    /// Whether the claim is valid (false when it was not judged: the game had already ended).
    pub fn valid(&self) -> bool {
        match self {
            ClaimReport::Chess(v) => v.valid == Some(true),
            ClaimReport::Xiangqi { claim, ended, .. } => ended.is_none() && claim.valid,
        }
    }

    /// How the game had already ended when the claim was made (`None`: the claim was judged).
    pub fn ended(&self) -> Option<&chess::GameEnded> {
        match self {
            ClaimReport::Chess(v) => v.ended.as_ref(),
            ClaimReport::Xiangqi { ended, .. } => ended.as_ref(),
        }
    }
}

/// One JSON object, keys in alphabetical order.
impl Serialize for ClaimReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = match self {
            ClaimReport::Chess(v) => serde_json::to_value(v).map_err(serde::ser::Error::custom)?,
            ClaimReport::Xiangqi {
                claim: c,
                rules,
                ended,
                ..
            } => {
                let mut v = json!({
                    "valid": c.valid,
                    "kind": "natural_move_limit",
                    "rules": rules.name(),
                    "mode": c.mode,
                    "by": c.by,
                    "at_ply": c.at_ply,
                    "intended_move": null,
                    "clause": c.clause,
                    "penalty": c.penalty,
                    "must_play_intended_move": false,
                    "count": c.count,
                    "window_start_ply": c.window_start_ply,
                    "perpetual_spans": c.perpetual_spans,
                });
                if let (Some(e), Some(m)) = (ended, v.as_object_mut()) {
                    // Not judged: the game had already ended.
                    for k in ["count", "window_start_ply", "perpetual_spans"] {
                        m.remove(k);
                    }
                    m.insert("valid".into(), Value::Null);
                    m.insert("penalty".into(), Value::Null);
                    m.insert("clause".into(), json!(e.clause));
                    m.insert("ended".into(), json!(e));
                }
                v
            }
        };
        v.serialize(s)
    }
}
