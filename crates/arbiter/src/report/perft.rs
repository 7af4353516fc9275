//! The answer of `perft`: leaf counts of the legal move tree.

use crate::types::Game;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};

/// The answer of [`crate::perft`]: leaf nodes of the legal move tree at a depth (both games).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftReport {
    /// The game of the position.
    pub game: Game,
    /// Depth searched (plies).
    pub depth: u32,
    /// Leaf nodes at that depth.
    pub nodes: u64,
    /// With divide: leaf nodes per first move (ICCS for xiangqi, UCI for chess), in move
    /// generation order.
    pub divide: Option<Vec<(String, u64)>>,
}

/// `{"nodes":N}`, with divide also `"divide":{"MOVE":N,…}` (keys sorted).
impl Serialize for PerftReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut v = json!({ "nodes": self.nodes });
        if let Some(d) = &self.divide {
            let map: serde_json::Map<String, Value> = d.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
            v["divide"] = Value::Object(map);
        }
        v.serialize(s)
    }
}
