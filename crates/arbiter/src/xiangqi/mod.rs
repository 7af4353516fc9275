//! Xiangqi under the AXF and TW113 rule books.
//!
//! Data flows one way: game model (the `xiangqi` crate) → [`facts`] (each move classified:
//! check, chase with chaser → target, idle …) → [`repetition`] (cycles and the verdict table) →
//! [`rules`] (AXF and TW113 as values) → [`verdict`]; [`referee::Referee`] is the incremental
//! core that takes one move at a time; [`limits`] holds the natural move limit and
//! [`ninerounds`] TW113's 9-round rule; [`report`] renders a judgement as text and JSON.

pub mod facts;
pub mod limits;
pub mod ninerounds;
pub mod referee;
pub mod repetition;
pub mod report;
pub mod rules;
pub mod verdict;

// The game model the referee works on (the `xiangqi` crate), so that users of `arbiter` need
// no second dependency: positions, moves and the three move notations.
pub use ::xiangqi::{notation, Color, Move, Position};
