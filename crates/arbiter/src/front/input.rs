//! One input (a record file, standard input, a request body) split into its games, each
//! read but not yet judged.

use super::errors::record_input_error;
use super::Options;
use crate::chess;
use crate::report::{Cause, Error, GameError};
use crate::types::{Game, RuleBook};
use records::{pgn, record, RecordError};

/// One game of an input, split (and for XQF, read) but not yet judged. Owns its data and is
/// `Send`, so a batch can be judged in parallel; [`InputGame::judge`] gives its report.
#[derive(Debug, Clone)]
pub struct InputGame {
    pub(super) file: String,
    pub(super) kind: InputKind,
    /// Read from a PGN input ([`InputGame::is_pgn`]).
    pgn: bool,
}

#[derive(Debug, Clone)]
pub(super) enum InputKind {
    /// A PGN game (either game; detected when judged), read or still to be read (see
    /// [`records::SplitGame`]: the reading goes with the judging).
    Pgn {
        index: usize,
        game: Box<records::SplitGame>,
        /// Where its bytes lie in the input ([`records::RawGames::span`]).
        span: Option<std::ops::Range<u64>>,
    },
    /// A game read by the record reader (XQF), or a PGN item that is no game (over a cap, a
    /// failed read).
    Read {
        index: usize,
        game: Box<Result<records::Game, RecordError>>,
    },
    /// The input as a whole cannot be read.
    Failed(GameError),
}

impl InputGame {
    /// An input that cannot be read at all (`why`, e.g. `cannot read x.pgn: Permission
    /// denied`), labelled `file`: one item with no index that judges to that error.
    pub fn unreadable(file: &str, why: impl Into<String>) -> InputGame {
        InputGame {
            file: file.to_string(),
            kind: InputKind::Failed(GameError::new(file, None, why, None)),
            pgn: false,
        }
    }

    /// [`InputGame::unreadable`] for an input that could not be opened, with the system
    /// error's kind (for its words in other languages).
    pub fn unopened(file: &str, e: crate::walk::Unopened) -> InputGame {
        let cause = Cause::Unreadable {
            kind: e.kind,
            reason: e.reason.clone(),
            no_input: e.no_input.clone(),
        };
        InputGame {
            file: file.to_string(),
            kind: InputKind::Failed(GameError::new(file, None, e.reason, None).because(cause)),
            pgn: false,
        }
    }

    /// The 0-based index of the game in its input (`None` when the input could not be read).
    pub fn index(&self) -> Option<usize> {
        match &self.kind {
            InputKind::Pgn { index, .. } | InputKind::Read { index, .. } => Some(*index),
            InputKind::Failed(e) => e.index,
        }
    }

    /// Whether the item comes from an input read as PGN (a game, a PGN piece that could not
    /// be read, or the item of a PGN input with no game); false for the games of other formats
    /// (XQF, CBR, CBL, CBF, DhtmlXQ, move lists) and for an input that could not be opened or
    /// whose format could not be read.
    pub fn is_pgn(&self) -> bool {
        self.pgn
    }

    /// A PGN game's bytes in its input, `start..end` (see [`records::RawGames::span`]): `None`
    /// for other items, a game over a cap and games in or after UTF-16 text.
    pub fn span(&self) -> Option<std::ops::Range<u64>> {
        match &self.kind {
            InputKind::Pgn { span, .. } => span.clone(),
            _ => None,
        }
    }

    /// A PGN game as read (tags, text, encoding); `None` for other items.
    pub fn pgn(&self) -> Option<std::borrow::Cow<'_, pgn::RawGame>> {
        match &self.kind {
            InputKind::Pgn { game, .. } => Some(read_split(game)),
            _ => None,
        }
    }

    /// The size of the game's text in bytes (0 for a game read from a binary format or an
    /// input that could not be read): what a caller batching games for memory counts.
    pub fn text_len(&self) -> usize {
        match &self.kind {
            InputKind::Pgn { game, .. } => match game.as_ref() {
                records::SplitGame::Raw(raw) => raw.text.len(),
                records::SplitGame::Text(text) => text.len(),
            },
            InputKind::Read { .. } | InputKind::Failed(_) => 0,
        }
    }

    /// The game's per-ply facts for drawing it (see [`crate::annotate`]), under `options`'
    /// game and rules: one note per ply from the start to the last move replayed.
    ///
    /// # Errors
    /// [`Error::Input`] when the game cannot be read or replayed (its report is then an error
    /// item too).
    pub fn annotate(&self, options: &Options) -> Result<Vec<crate::annotate::PlyNote>, Error> {
        let xiangqi = |r: &records::Record| {
            crate::annotate::xiangqi(
                &r.start,
                &r.moves,
                Some(&r.texts),
                &RuleBook::xiangqi(options.rules),
            )
        };
        let chess = |raw: &pgn::RawGame| -> Result<Vec<crate::annotate::PlyNote>, Error> {
            let record = chess::read_pgn(raw).into_record()?;
            let played = record.replay()?;
            let texts: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
            Ok(crate::annotate::chess(&record.start, &played, Some(&texts)))
        };
        match &self.kind {
            InputKind::Failed(e) => Err(Error::Input {
                message: e.error.clone(),
                ply: None,
                cause: e.cause.clone(),
            }),
            InputKind::Pgn { index, game, .. } => {
                let raw = &*read_split(game);
                let encoding = &raw.encoding;
                records::check_raw(raw, *index, Some(&self.file)).map_err(record_input_error)?;
                match options.game.unwrap_or_else(|| pgn::detect_game(raw).into()) {
                    Game::Chess => chess(raw),
                    Game::Xiangqi => record::replay_pgn(raw, *encoding, *index, Some(&self.file))
                        .map(|r| xiangqi(&r))
                        .map_err(record_input_error),
                }
            }
            InputKind::Read { game, .. } => match game.as_ref() {
                Err(e) => Err(record_input_error(e.clone())),
                Ok(records::Game::Chess(raw)) => chess(raw),
                Ok(records::Game::Xiangqi(r)) => Ok(xiangqi(r)),
            },
        }
    }

    /// The SAN (with `+`/`#`) of every main-line move of a chess game as `options` reads it
    /// (the words of a report: `text.moves`); `None` for a xiangqi game or one that cannot be
    /// read or replayed. Reads the game again: for the HTTP answer's words, not the judging.
    pub fn chess_san(&self, options: &Options) -> Option<Vec<String>> {
        let raw = match &self.kind {
            InputKind::Pgn { game, .. } => read_split(game),
            InputKind::Read { game, .. } => match game.as_ref() {
                Ok(records::Game::Chess(raw)) => std::borrow::Cow::Borrowed(raw),
                _ => return None,
            },
            InputKind::Failed(_) => return None,
        };
        if options.game.unwrap_or_else(|| pgn::detect_game(&raw).into()) != Game::Chess {
            return None;
        }
        let record = chess::read_pgn(&raw).into_record().ok()?;
        let played = record.replay().ok()?;
        Some(chess::san_line(&record.start, &played))
    }

    /// The record's tags in file order (name, value), as read: PGN tag pairs, or an XQF/CBR
    /// header's fields under PGN names (`Event`, `Date`, `Red`, `Black`, …). Empty for an
    /// input that could not be read.
    pub fn tags(&self) -> Vec<(String, String)> {
        match &self.kind {
            InputKind::Failed(_) => Vec::new(),
            InputKind::Pgn { game, .. } => read_split(game).tags.clone(),
            InputKind::Read { game, .. } => match game.as_ref() {
                Err(_) => Vec::new(),
                Ok(records::Game::Chess(raw)) => raw.tags.clone(),
                Ok(records::Game::Xiangqi(r)) => r.tags.clone(),
            },
        }
    }
}

/// A split PGN game read (its text copied when it was left to be read, see
/// [`records::SplitGame`]).
pub(super) fn read_split(game: &records::SplitGame) -> std::borrow::Cow<'_, pgn::RawGame> {
    match game {
        records::SplitGame::Raw(raw) => std::borrow::Cow::Borrowed(raw),
        records::SplitGame::Text(text) => std::borrow::Cow::Owned(text.to_raw()),
    }
}

/// The games of one input, in order, read as they are asked for (see [`split_reader`]).
pub struct InputGames<'a> {
    file: String,
    state: SplitState<'a>,
    /// Games (or error items) yielded so far.
    yielded: usize,
}

enum SplitState<'a> {
    Done,
    One(Box<GameError>),
    /// A whole-file format, read and split at once (small files, see
    /// [`records::MAX_WHOLE_FILE_BYTES`]).
    Whole(std::vec::IntoIter<(usize, Result<records::Game, RecordError>)>),
    /// PGN, streamed game by game.
    Pgn(Box<records::RawGames<records::Peeked<Box<dyn std::io::Read + 'a>>>>),
}

impl Iterator for InputGames<'_> {
    type Item = InputGame;

    fn next(&mut self) -> Option<InputGame> {
        let pgn = matches!(self.state, SplitState::Pgn(_));
        let kind = match &mut self.state {
            SplitState::Done => return None,
            SplitState::One(_) => match std::mem::replace(&mut self.state, SplitState::Done) {
                SplitState::One(e) => InputKind::Failed(*e),
                _ => unreachable!("matched One above"),
            },
            SplitState::Whole(games) => {
                let (index, game) = games.next()?;
                InputKind::Read {
                    index,
                    game: Box::new(game),
                }
            }
            SplitState::Pgn(raw) => match raw.next_split() {
                Some((index, Ok(game))) => InputKind::Pgn {
                    index,
                    game: Box::new(game),
                    span: raw.span(),
                },
                Some((index, Err(e))) => InputKind::Read {
                    index,
                    game: Box::new(Err(e)),
                },
                None if self.yielded == 0 => {
                    // Nothing that reads as a game: say so rather than give no report.
                    let empty = raw.skipped() == 0;
                    let why = if empty {
                        "no game found: the input is empty"
                    } else {
                        "no game found: the input holds no tags, moves or result"
                    };
                    self.state = SplitState::Done;
                    InputKind::Failed(
                        GameError::new(&self.file, None, why, None).because(Cause::NoGame { empty }),
                    )
                }
                None => {
                    self.state = SplitState::Done;
                    return None;
                }
            },
        };
        self.yielded += 1;
        Some(InputGame {
            file: self.file.clone(),
            kind,
            pgn,
        })
    }
}

/// Splits one input (the bytes of a record file) into its games: [`split_reader`] over the
/// bytes (the same path, so both give the same games).
pub fn split_bytes<'a>(bytes: &'a [u8], file: &str) -> InputGames<'a> {
    split_reader(bytes, file)
}

/// Splits one input (a record file, standard input, a request body) into its games, read from
/// `reader` as they are asked for. The format is detected from the first MiB (XQF, CBR, CBL by
/// their signature; CBF, DhtmlXQ and Chinese move lists by their text; else PGN), and each PGN
/// game's text encoding on its own (UTF-8, GBK, Big5, UTF-16 after a byte-order mark; bytes
/// that fit none are replaced, with a warning). `file` labels the reports (the path as given,
/// or `-`); a label ending in `.xqf` must hold an XQF file.
///
/// PGN is streamed: memory is bounded by the largest game (at most
/// [`records::Limits::game_bytes`]), not the input. A record over a cap, a broken record
/// (unterminated `{`, unclosed `(`) or a read failure is an item of its own that judges to an
/// error; the games around it are read as if it were not there. Other formats are read whole,
/// up to [`records::MAX_WHOLE_FILE_BYTES`]. An input with no game (empty, or no tags, moves
/// or result) yields one [`InputGame`] that judges to an error.
pub fn split_reader<'a, R: std::io::Read + 'a>(reader: R, file: &str) -> InputGames<'a> {
    let file = file.to_string();
    let xqf_name = file.to_ascii_lowercase().ends_with(".xqf");
    let fail = |e: GameError| SplitState::One(Box::new(e));
    let state = match records::open_reader(Box::new(reader) as Box<dyn std::io::Read + 'a>, None) {
        records::Opened::Failed(kind) => {
            fail(GameError::new(&file, None, format!("{file}: {kind}"), None).because(Cause::Record(kind)))
        }
        records::Opened::Whole(bytes) if xqf_name && !record::is_xqf(&bytes) => fail(not_xqf(&file)),
        records::Opened::Pgn(_) if xqf_name => fail(not_xqf(&file)),
        records::Opened::Whole(bytes) => {
            let opts = records::ReadOptions {
                kind: Some(records::GameKind::Xiangqi),
                file: Some(file.clone()),
            };
            let games: Vec<_> = records::games(&bytes, opts).collect();
            SplitState::Whole(games.into_iter())
        }
        records::Opened::Pgn(raw) => SplitState::Pgn(Box::new(raw)),
    };
    InputGames {
        file,
        state,
        yielded: 0,
    }
}

fn not_xqf(file: &str) -> GameError {
    GameError::new(
        file,
        Some(0),
        "not an XQF file: it does not start with the 'XQ' signature",
        None,
    )
    .because(Cause::NotXqf)
}
