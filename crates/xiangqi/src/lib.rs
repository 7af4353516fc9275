//! The xiangqi (Chinese chess) game model: squares, pieces, positions, fully legal move
//! generation, attack queries, Zobrist keys, FEN, and move notation (ICCS, WXF, Chinese).
//!
//! Conventions: 9 files `a`–`i` left to right from Red's side, 10 ranks
//! `0`–`9` from Red's back rank; the river lies between ranks 4 and 5. A side to move with no
//! legal move loses (there is no stalemate draw).
//!
//! ```
//! use xiangqi::{Position, perft};
//! let pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! assert_eq!(perft(&mut pos.clone(), 2), 1_920);
//! ```

mod attacks;
mod fen;
mod illegal;
mod movegen;
pub mod notation;
mod perft;
mod piece;
mod position;
mod serde_impls;
mod square;
mod tables;
mod zobrist;

pub use fen::{FenError, START_FEN};
pub use illegal::Illegal;
pub use movegen::MoveList;
pub use perft::{perft, perft_divide, perft_full};
pub use piece::{Color, Piece, PieceKind};
pub use position::{IllegalMove, Move, Position, Undo};
pub use square::Square;
