//! The front door: one call per question, for both games, returning the reports of
//! [`crate::report`]. Game, format (PGN or XQF) and text encoding are detected here, games are
//! split and each is judged on its own; interfaces (the CLI, a server, bindings) only parse
//! their arguments and print.
//!
//! One module per question: `input` (an input split into its games), `judge` (games and
//! positions), `cycle`, `classify`, `claim`, `dead`, `perft`; `errors` turns reader and rule
//! errors into error reports. This module holds what they share: [`Options`], which game a
//! position is ([`detect_game`]) and reading a xiangqi start position and moves.

mod claim;
mod classify;
mod cycle;
mod dead;
mod errors;
mod input;
mod judge;
mod perft;

pub use claim::{claim, claim_with, ClaimGame, ClaimQuery};
pub use classify::classify;
pub use cycle::cycle;
pub use dead::{dead, dead_lines};
pub use input::{split_bytes, split_reader, InputGame, InputGames};
pub use judge::{judge_bytes, judge_position, judge_reader};
pub use perft::perft;

use crate::chess;
use crate::report::{Cause, Error};
use crate::types::{Game, RuleBook};
use xiangqi::{Move, Position};

/// How games are judged: the same for every game of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Judge every game as this game instead of detecting it (`--game`).
    pub game: Option<Game>,
    /// The rule set: `None` = AXF for xiangqi, FIDE for chess. A rule set of the other game is
    /// ignored for that game (the CLI warns).
    pub rules: Option<RuleBook>,
    /// Completed repetition loops that make a xiangqi repetition pending (`--cycles`, 1 or
    /// more; default 3). Decided one loop later.
    pub cycles: u32,
    /// List exempted threats (not chases) with the clause that exempts them (`--explain`).
    pub explain: bool,
    /// How chess dead positions (FIDE 5.2.2) are looked for.
    pub dead_check: chess::DeadCheck,
    /// How long each game may be judged, or a flag that stops it (no limit by default): a
    /// game stopped gives an error report of its own, `"stopped after N s: …"`.
    pub budget: crate::Budget,
    /// The engine-match convention (`--match`, docs/engine-matches.md): a xiangqi repetition
    /// is decided at the third occurrence of the position (2 cycles, whatever `cycles` says)
    /// and a pending verdict is final; a chess game ends in a draw as soon as a threefold
    /// repetition or the fifty-move condition holds ([`chess::JudgeOptions::engine_match`]).
    pub engine_match: bool,
}

impl Options {
    /// Completed cycles that make a xiangqi repetition pending: 2 under the engine-match
    /// convention, else [`Options::cycles`].
    pub fn xiangqi_cycles(&self) -> u32 {
        if self.engine_match {
            2
        } else {
            self.cycles
        }
    }

    /// The chess referee's options these give: the dead-position check and the engine-match
    /// convention.
    pub fn chess_options(&self) -> chess::JudgeOptions {
        chess::JudgeOptions {
            dead_check: self.dead_check,
            engine_match: self.engine_match,
        }
    }
}

impl Default for Options {
    /// Detected game, default rules (AXF / FIDE), 3 cycles, no explanations, the sound
    /// dead-position screen, no time limit.
    fn default() -> Options {
        Options {
            game: None,
            rules: None,
            cycles: 3,
            explain: false,
            dead_check: chess::DeadCheck::Proved,
            budget: crate::Budget::unlimited(),
            engine_match: false,
        }
    }
}

/// Which game a position belongs to when `--game` does not say: a FEN with 10 ranks (or a
/// xiangqi-only letter, or a first rank 9 points wide) is xiangqi, else chess. With no FEN
/// (the standard start), the moves decide: xiangqi when the first one reads as a legal xiangqi
/// move from the start (ICCS, WXF or Chinese), chess otherwise (`e2e4`, `Nf3`).
pub fn detect_game(fen: Option<&str>, moves: Option<&str>) -> Game {
    match fen {
        None => match moves.and_then(|m| m.split_whitespace().next()) {
            Some(first) if xiangqi::notation::parse_move(&Position::startpos(), first).is_err() => {
                Game::Chess
            }
            _ => Game::Xiangqi,
        },
        Some(f) => {
            let board = f.split_whitespace().next().unwrap_or("");
            let first_rank_width: u32 = board
                .split('/')
                .next()
                .unwrap_or("")
                .chars()
                .map(|c| c.to_digit(10).unwrap_or(1))
                .sum();
            let xiangqi_letter = board
                .chars()
                .any(|c| matches!(c.to_ascii_lowercase(), 'a' | 'c' | 'e' | 'h'));
            // Text that is no board at all (no `/`) goes to the chess reader, whose message
            // ("unparsable FEN") fits it better than a xiangqi rank count.
            let looks_like_board = board.contains('/');
            if board.split('/').count() == 10
                || (looks_like_board && (xiangqi_letter || first_rank_width == 9))
            {
                Game::Xiangqi
            } else {
                Game::Chess
            }
        }
    }
}

/// The file label of a position's report.
const POSITION_FILE: &str = "-";

/// The xiangqi start position from an optional FEN (default: the standard start).
fn parse_xiangqi_fen(fen: Option<&str>) -> Result<Position, Error> {
    match fen {
        None => Ok(Position::startpos()),
        Some(f) => Position::from_fen(f).map_err(|e| Error::xiangqi_fen(f, e)),
    }
}

/// Space-separated xiangqi moves in any notation from `start`, each legal in turn.
fn parse_xiangqi_moves(start: &Position, moves: &str) -> Result<Vec<Move>, Error> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, t) in moves.split_whitespace().enumerate() {
        let mv = xiangqi::notation::parse_move(&pos, t)
            .map_err(|e| {
                let message = crate::render::errors::notation_at(&e, i + 1, crate::Lang::En);
                Error::input_because(message, Some(i + 1), Cause::Notation(e))
            })?
            .mv;
        pos.make_move(mv);
        out.push(mv);
    }
    Ok(out)
}

/// The notation `cycle` and `classify` write moves in besides ICCS: that of the space-separated
/// move `texts` (WXF, or Chinese in its characters), and Chinese (traditional) for ICCS input.
fn written_like(texts: &str) -> (xiangqi::notation::Style, xiangqi::notation::WriteOptions) {
    use xiangqi::notation::Style;
    match xiangqi::notation::detect_notation(texts.split_whitespace()) {
        Some((Style::Iccs, _)) | None => (Style::Chinese, Default::default()),
        Some(found) => found,
    }
}
