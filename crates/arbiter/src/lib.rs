//! The referee: per-move facts, repetition cycles, natural move limits and verdicts for
//! xiangqi under the AXF and TW113 rule books ([`xiangqi`]), and the FIDE Laws for chess
//! ([`chess`]).
//!
//! # The front door
//!
//! One call per question, for both games; every answer is a report whose serde form is one
//! line of the JSON contract of the `arbiter` command line (`serde_json::to_string(&report)`
//! writes what `arbiter … --json` prints) and whose `text()` is the report for people:
//!
//! | call | answers | report |
//! |---|---|---|
//! | [`judge_bytes`], [`judge_reader`] | every game of a record file (PGN of either game, XQF; UTF-8, GBK, Big5) | [`GameReport`] per game |
//! | [`judge_position`] | a start position and moves | [`GameReport`] |
//! | [`cycle`] | a xiangqi repetition cycle | [`CycleReport`] |
//! | [`classify`] | one xiangqi move | [`ClassifyReport`] |
//! | [`claim`] | a draw claim (threefold, fifty moves, natural move limit) | [`ClaimReport`] |
//! | [`dead`], [`dead_lines`] | a chess dead position (FIDE 5.2.2) | [`DeadAnswer`] |
//! | [`perft`] | leaf count of the legal move tree | [`PerftReport`] |
//!
//! Units: a **ply** is one move by one side; ply 0 is the start position, ply k the position
//! after k moves; `at_ply` is the number of moves played when the event happens.
//!
//! Data flows one way: game model (the `xiangqi` crate, `shakmaty`) → per-move facts →
//! repetition and limits → rule set → verdict → report. Each game has an incremental core that
//! takes one move at a time ([`xiangqi::referee::Referee`]).

pub mod annotate;
pub mod chess;
mod front;
mod report;
pub mod xiangqi;

pub use front::{
    claim, classify, cycle, dead, dead_lines, detect_game, judge_bytes, judge_position, judge_reader, perft,
    split_bytes, ClaimGame, ClaimQuery, DrawClaim, InputGame, InputGames, Options,
};
pub use report::{
    ChessGameReport, ClaimReport, ClassifyReport, CycleReport, DeadAnswer, Error, Game, GameError,
    GameReport, PerftReport, Rules, XiangqiGameReport,
};
