//! Chess under the FIDE Laws of Chess (edition in force from 1 January 2023).
//!
//! Moves, FEN, SAN and PGN come from `shakmaty` and `pgn-reader`; this module adds what the
//! Laws need on top of them:
//!
//! - [`identity`]: position identity per FIDE 9.2.3 and the repetition table of a game;
//! - [`dead`]: dead positions (5.2.2) and "can this side still mate" (6.9) by helpmate search;
//! - [`claims`]: draw claims by threefold repetition (9.2) and fifty moves (9.3), with or without
//!   an intended move, and the penalty of an incorrect claim (9.5.3, A.3, B.2/B.3);
//! - [`judge`]: replay of a game record: legality of every move, the first automatic end
//!   (5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2), the claims that became available, flag falls (6.9);
//! - [`record`]: FEN, move and PGN input, turned into a start position and a list of moves.
//!
//! Units: a **ply** is one move by one side; ply 0 is the start position (of the record or of
//! the FEN), ply k the position after k moves. Moves in reports are written in UCI.

pub mod claims;
pub mod dead;
pub mod error;
pub mod identity;
pub mod judge;
pub mod record;

pub use claims::{judge_claim, ClaimKind, ClaimRequest, ClaimVerdict, Penalty, TimeControl};
pub use dead::{can_mate, dead_position, DeadReport, Mateability};
pub use error::ChessError;
pub use identity::{PositionKey, RepetitionTable};
pub use judge::{
    judge_game, judge_game_with, ClaimOpportunity, DeadCheck, JudgeOptions, JudgeReport, Reason, Status,
};
pub use record::{parse_fen, parse_moves, parse_pgn_game, read_pgn_games, GameRecord, WrittenMove};

use shakmaty::Color;

/// `"white"` or `"black"`, as written in reports.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `"White"` or `"Black"`, for text reports.
pub fn side_title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}
