//! Chess under the FIDE Laws of Chess (edition in force from 1 January 2023).
//!
//! Moves, FEN and SAN come from `shakmaty`, PGN text from `records` (the lexer both games
//! share); this module adds what the Laws need on top of them:
//!
//! - [`identity`]: position identity per FIDE 9.2.3 and the repetition table of a game;
//! - [`dead`]: dead positions (5.2.2) and "can this side still mate" (6.9) by helpmate search;
//! - [`claims`]: draw claims by threefold repetition (9.2) and fifty moves (9.3), with or without
//!   an intended move, and the penalty of an incorrect claim (9.5.3, A.3, B.2/B.3);
//! - [`judge`]: replay of a game record: legality of every move, the first automatic end
//!   (5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2), the claims that became available, flag falls (6.9);
//! - [`referee`]: the incremental referee ([`Referee`]): push a move, ask the status after any
//!   ply; [`judge`] is a loop over it;
//! - [`record`]: FEN, move and PGN input, turned into a start position and a list of moves.
//!
//! Units: a **ply** is one move by one side; ply 0 is the start position (of the record or of
//! the FEN), ply k the position after k moves. Moves in reports are written in UCI.
//!
//! # Readings where the Laws leave room
//!
//! - **FEN clocks count** (chess.md: "the count may start from a FEN's half-move clock"): a FEN
//!   with a half-move clock of 100 or more lets the side to move claim at ply 0 (9.3.2); 150 or
//!   more is already a 75-move draw at ply 0 (9.6.2) and every recorded move is "after the end".
//! - **Same-ply ends**: checkmate (5.1.1, and 9.6.2's mate precedence) > stalemate (5.2.1) >
//!   dead position (5.2.2) > fivefold (9.6.1) > 75 moves (9.6.2).
//! - **Fivefold** needs five occurrences, not necessarily consecutive (9.6.1 as in 2023).
//! - **Claims in `judge`** list, per kind and side, the *first* ply at which the claim would have
//!   been correct; a claim at the last ply of an unfinished record makes it `claimable`. The
//!   intended move shown is the recorded next move when it qualifies, else the first in
//!   generation order. Clause `"FIDE 9.2.1"` / `"FIDE 9.3"` there (cli.md's example); `claim`
//!   names the sub-clause (9.2.1.1/9.2.1.2, 9.3.1/9.3.2).
//! - **An intended move that mates or stalemates** still makes a fifty-move claim correct
//!   (9.3.1 judges the claim before the move is played; the claimant could also just play it).
//!   A threefold intended move can never mate (the position occurred before, the game went on).
//! - **An incorrect claim with an illegal intended move** is not judged: it is an input error.
//! - **A claim after the game had already ended** (checkmate, stalemate, dead position, fivefold,
//!   75 moves, at or before the claim's ply) is not judged: no validity, no penalty; the answer
//!   names the ply, the end and its clause (5.1.1: the mate ended the game; 5.2.1, 5.2.2, 9.6).
//! - **Flag fall (6.9)** is read from `[Termination]` containing "time" or "flag" with a decisive
//!   `[Result]`; the loser is the side the result names; the winner's mating chances are judged
//!   on the final position of the record. When the winner could still mate, the record's result
//!   stands (`flag` object, status from the board).
//! - **Dead positions** in `judge`: a dead position stays dead, so the last position decides and
//!   bisection (with the complete search) finds the first dead ply; this also catches positions
//!   made dead by a quiet move, which a check "only when material or pawns changed" would miss.
//!   The last position gets [`dead::is_dead`], every answer proved (a helpmate line found for a
//!   side, or the complete search).
//! - **Touched pieces (4.3, 9.4)** are not in records and are not modelled.

pub mod claimable;
pub mod claims;
pub mod dead;
pub mod error;
pub mod explain;
pub mod identity;
pub mod judge;
pub mod record;
pub mod referee;
pub mod rules;
pub mod time_control;
pub mod verdict;

pub use crate::types::ClaimKind;

pub use claims::{judge_claim, ClaimRequest, ClaimVerdict, ClaimWords, GameEnded};
pub use dead::{can_mate, dead_position, DeadReport, Mateability};
pub use error::ChessError;
pub use identity::{PositionKey, RepetitionTable};
pub use judge::{judge_game, judge_game_with, judge_game_within};
pub use record::{
    parse_fen, parse_moves, parse_pgn_game, read_pgn, read_pgn_games, GameRecord, PgnRead, WrittenMove,
};
pub use referee::{DeadCheck, JudgeOptions, PlyStatus, Referee};
pub use rules::Fide;
pub use time_control::{penalty, Penalty, TimeControl, TimeControlSource};
pub use verdict::{ClaimOpportunity, FlagFall, JudgeReport, MovesInWords, Reason, Status};

// The board model the referee works on (`shakmaty`), so that users of `arbiter` need no second
// dependency.
pub use shakmaty::{Chess, Move};

/// The SAN (with `+`/`#`) of `moves` played in turn from `start` (each legal in turn).
pub fn san_line(start: &Chess, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|m| {
            let san = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, *m);
            san.to_string()
        })
        .collect()
}
