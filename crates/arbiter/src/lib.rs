//! The referee: per-move facts, repetition cycles, natural move limits and verdicts for
//! xiangqi under the AXF and TW113 rule books ([`xiangqi`]), and the FIDE Laws for chess
//! ([`chess`]).
//!
//! Data flows one way: game model (the `xiangqi` crate, `shakmaty`) → per-move facts →
//! repetition and limits → rule set → verdict → report. Each game has an incremental core that
//! takes one move at a time ([`xiangqi::referee::Referee`]).

pub mod chess;
pub mod glossary;
pub mod words;
pub mod xiangqi;
