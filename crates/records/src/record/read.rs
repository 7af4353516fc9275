//! One split PGN game read: checked ([`check_raw`]), told xiangqi from chess, and a xiangqi
//! game replayed ([`read_raw`]).

use super::error::{RecordError, RecordErrorKind};
use super::replay_pgn::replay_pgn;
use super::Game;
use crate::pgn::{self, GameKind, RawGame};

/// Check one split game ([`pgn::integrity`]): whether it may have been cut short (see
/// [`pgn::Integrity::truncated`]), or an error when it is broken.
///
/// # Errors
/// [`RecordErrorKind::Broken`] for an unterminated `{` comment or an unclosed `(` variation
/// (with the game's line).
pub fn check_raw(raw: &RawGame, index: usize, file: Option<&str>) -> Result<bool, RecordError> {
    let integrity = raw.integrity();
    if let Some(why) = integrity.broken {
        let mut e = RecordError::new(file, index, None, None, RecordErrorKind::Broken(why));
        e.line = Some(raw.line);
        return Err(e);
    }
    Ok(integrity.truncated(raw.has_result_tag()))
}

/// Read one split game: refuse it when broken ([`check_raw`]), tell xiangqi from chess (or
/// take `kind`), and replay a xiangqi game.
///
/// # Errors
/// [`RecordErrorKind::Broken`] for a broken record; a xiangqi replay's errors (see
/// [`replay_pgn`]).
pub fn read_raw(
    mut raw: RawGame,
    kind: Option<GameKind>,
    index: usize,
    file: Option<&str>,
) -> Result<Game, RecordError> {
    let kind = kind.unwrap_or_else(|| pgn::detect_game(&raw));
    match kind {
        GameKind::Chess => {
            raw.truncated = check_raw(&raw, index, file)?;
            Ok(Game::Chess(raw))
        }
        // The replay's own lexer pass checks the record (see `replay_pgn`).
        GameKind::Xiangqi => replay_pgn(&raw, raw.encoding, index, file).map(|r| Game::Xiangqi(Box::new(r))),
    }
}
