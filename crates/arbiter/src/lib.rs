//! The referee: per-move facts, repetition cycles, natural move limits and verdicts for
//! xiangqi under the AXF and TW113 rule books, and the FIDE Laws for chess.
//!
//! Data flows one way: game model (`xiangqi`, `shakmaty`) → [`facts`] → [`repetition`] →
//! [`rules`] → [`verdict`]; [`referee::Referee`] is the incremental core that takes one
//! move at a time.

pub mod chess;
pub mod facts;
pub mod limits;
pub mod ninerounds;
pub mod referee;
pub mod repetition;
pub mod report;
pub mod rules;
pub mod verdict;
