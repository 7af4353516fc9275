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
//! | [`judge_bytes`], [`judge_reader`] | every game of a record file or stream (PGN of either game, streamed game by game in bounded memory; XQF and the other formats; UTF-8, GBK, Big5, UTF-16, decided per game) | [`GameReport`] per game |
//! | [`judge_position`] | a start position and moves | [`GameReport`] |
//! | [`cycle`] | a xiangqi repetition cycle | [`CycleReport`] |
//! | [`classify`] | one xiangqi move | [`ClassifyReport`] |
//! | [`claim`] | a draw claim (threefold, fifty moves, natural move limit) | [`ClaimReport`] |
//! | [`dead`], [`dead_lines`] (every answer proved) | a chess dead position (FIDE 5.2.2) | [`DeadAnswer`] |
//! | [`perft`] | leaf count of the legal move tree | [`PerftReport`] |
//!
//! ```
//! // Every game of a record file (here two games in one PGN text), one report each.
//! let pgn = "[Event \"x\"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n[Event \"y\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
//! for report in arbiter::judge_bytes(pgn.as_bytes(), "two.pgn", &arbiter::Options::default()) {
//!     println!("{}", serde_json::to_string(&report).unwrap()); // the `arbiter judge --json` line
//! }
//! ```
//!
//! # Move by move
//!
//! Each game has an incremental referee: push one move, read the verdict.
//!
//! Xiangqi ([`xiangqi::referee::Referee`], AXF or TW113):
//!
//! ```
//! use arbiter::xiangqi::{referee::Referee, rules::RuleSet, verdict::{Reason, Status}, Position};
//! let start = Position::from_fen("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w").unwrap();
//! let mut referee = Referee::new(RuleSet::axf(), start, 3); // pending after 3 loops
//! for text in "f7e7 e9f9 e7f7 f9e9 ".repeat(3).split_whitespace() {
//!     let mv = arbiter::xiangqi::notation::parse_move(referee.position(), text).unwrap().mv;
//!     referee.push(mv).unwrap();
//! }
//! let v = referee.verdict(); // Red checks on every move: Red must vary or lose
//! assert_eq!((v.status, v.reason, v.result), (Status::Pending, Some(Reason::PerpetualCheck), arbiter::Outcome::BlackWins));
//! ```
//!
//! Chess ([`chess::Referee`], FIDE Laws 2023; moves in SAN or UCI):
//!
//! ```
//! use arbiter::chess::{Referee, Status};
//! let mut referee = Referee::default(); // the standard start
//! for text in ["Nf3", "Nf6", "Ng1", "Ng8", "g1f3", "g8f6", "f3g1", "f6g8"] {
//!     referee.push_text(text).unwrap();
//! }
//! let s = referee.status(); // third time: White may claim (FIDE 9.2.1.2)
//! assert_eq!((s.status, s.repetitions, s.claims[0].kind), (Status::Claimable, 3, arbiter::ClaimKind::Threefold));
//! ```
//!
//! Units: a **ply** is one move by one side; ply 0 is the start position, ply k the position
//! after k moves; `at_ply` is the number of moves played when the event happens.
//!
//! # Modules
//!
//! - top level: the front door (the calls above), [`Options`] (with its [`Budget`]: work
//!   that can be stopped), the shared report types
//!   ([`GameReport`], [`Game`], [`RuleBook`], [`Error`], …);
//! - [`xiangqi`]: AXF and TW113 — `facts` (each move classified), `repetition` (cycles and the
//!   verdict table), `rules`, `limits` (natural move limit), `ninerounds` (TW113), `verdict`,
//!   `referee` (incremental), `report` (JSON);
//! - [`render`]: every word of every report (English and Chinese), apart from the rules;
//! - [`chess`]: the FIDE Laws — `identity` (9.2.3), `dead` (5.2.2, 6.9), `claims` (9.2, 9.3,
//!   9.5), `referee` (incremental), `judge` (a record as a loop over the referee), `record`
//!   (FEN, SAN/UCI, PGN).
//!
//! Data flows one way: game model (the `xiangqi` crate, `shakmaty`) → per-move facts →
//! repetition and limits → rule set → verdict → report. Each game has an incremental core that
//! takes one move at a time ([`xiangqi::referee::Referee`], [`chess::Referee`]); the record
//! readers (PGN of both games, XQF, encodings) are the `records` crate.

#![warn(missing_docs)]

pub mod agreement;
pub mod annotate;
pub mod batch;
mod budget;
pub mod chess;
pub mod citation;
mod front;
pub mod glossary;
mod key_map;
pub mod live;
pub mod options;
pub mod render;
mod report;
pub mod rescore;
pub mod types;
pub mod walk;
pub mod words;
pub mod xiangqi;

pub use budget::{Budget, Cancelled, Deadline};
pub use front::{
    claim, claim_with, classify, cycle, dead, dead_lines, detect_game, judge_bytes, judge_position,
    judge_reader, perft, split_bytes, split_reader, ClaimGame, ClaimQuery, InputGame, InputGames, Options,
};
pub use render::Notation;
pub use report::{
    Cause, ChessGameReport, ClaimReport, ClassifyReport, CycleReport, DeadAnswer, Error, GameError,
    GameReport, PerftReport, Usage, XiangqiGameReport,
};
pub use types::{ClaimKind, Game, Lang, Outcome, ParseError, RuleBook, Side, Status};
