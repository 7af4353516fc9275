//! The front door: one call per question, for both games, returning the reports of
//! [`crate::report`]. Game, format (PGN or XQF) and text encoding are detected here, games are
//! split and each is judged on its own; interfaces (the CLI, a server, bindings) only parse
//! their arguments and print.

use crate::agreement::{self, RulesSay};
use crate::chess;
use crate::report::{
    Cause, ChessGameReport, ClaimReport, ClassifyReport, CycleReport, DeadAnswer, Error, GameError,
    GameReport, PerftReport, Usage, XiangqiGameReport,
};
use crate::types::{ClaimKind, Game, RuleBook};
use crate::xiangqi::referee::Referee;
use crate::xiangqi::verdict::Status as XStatus;
use records::{pgn, record, RecordError};
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

/// One game of an input, split (and for XQF, read) but not yet judged. Owns its data and is
/// `Send`, so a batch can be judged in parallel; [`InputGame::judge`] gives its report.
#[derive(Debug, Clone)]
pub struct InputGame {
    file: String,
    kind: InputKind,
    /// Read from a PGN input ([`InputGame::is_pgn`]).
    pgn: bool,
}

#[derive(Debug, Clone)]
enum InputKind {
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

    /// Judges the game: replays it with full legality checks and reports what the rules say.
    /// A game that cannot be read or replayed gives [`GameReport::Error`] (never a panic).
    pub fn judge(&self, options: &Options) -> GameReport {
        let file = &self.file;
        match &self.kind {
            InputKind::Failed(e) => GameReport::Error(e.clone()),
            InputKind::Pgn { index, game, .. } => {
                let raw = &*read_split(game);
                let encoding = &raw.encoding;
                let kind = options.game.unwrap_or_else(|| pgn::detect_game(raw).into());
                let (mut report, truncated) = match kind {
                    // One lexer pass checks the record (broken, truncated) and reads it.
                    Game::Chess => {
                        let read = chess::read_pgn(raw);
                        if read.integrity.broken.is_some() {
                            if let Err(e) = records::check_raw(raw, *index, Some(file)) {
                                return record_error(file, &e);
                            }
                        }
                        let has_result = raw
                            .tag("Result")
                            .is_some_and(|r| pgn::normalize_result(r.trim()).is_some());
                        let truncated = read.integrity.truncated(has_result);
                        let mut report = judge_chess_read(file, *index, read, options);
                        report.set_players(|t| raw.tag(t));
                        (report, truncated)
                    }
                    // The replay checks the record in its own lexer pass (broken, truncated).
                    // Without a `String` per move: the moves as written are ranges of the text.
                    Game::Xiangqi => match record::replay_pgn_spans(raw, *encoding, *index, Some(file)) {
                        Ok((r, spans)) => {
                            let texts = spans.map(|s| (raw.movetext(), s));
                            (
                                judge_xiangqi_record(file, *index, &r, texts, options),
                                r.truncated,
                            )
                        }
                        Err(e) => return record_error(file, &e),
                    },
                };
                report.mark_read(truncated, &raw.warnings);
                report
            }
            InputKind::Read { index, game, .. } => match game.as_ref() {
                Err(e) => record_error(file, e),
                Ok(records::Game::Chess(raw)) => {
                    let mut report = judge_chess_pgn(file, *index, raw, options);
                    report.set_players(|t| raw.tag(t));
                    report
                }
                Ok(records::Game::Xiangqi(r)) => {
                    let mut report = judge_xiangqi_record(file, *index, r, None, options);
                    report.mark_read(r.truncated, &r.read_warnings);
                    report
                }
            },
        }
    }
}

/// A split PGN game read (its text copied when it was left to be read, see
/// [`records::SplitGame`]).
fn read_split(game: &records::SplitGame) -> std::borrow::Cow<'_, pgn::RawGame> {
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

/// Judges every game of one input (a PGN file of either game, or an XQF file), in order: one
/// [`GameReport`] per game, an error report for a game that cannot be judged (the others are
/// still judged). `file` labels the reports. The same as [`judge_reader`] over the bytes.
///
/// ```
/// let pgn = "[Event \"x\"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n[Event \"y\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
/// let reports: Vec<_> = arbiter::judge_bytes(pgn.as_bytes(), "games.pgn", &Default::default()).collect();
/// assert_eq!(reports[0].game(), Some(arbiter::Game::Xiangqi));
/// let json = serde_json::to_value(&reports[1]).unwrap();
/// assert_eq!((json["reason"].as_str(), json["at_ply"].as_u64()), (Some("checkmate"), Some(7)));
/// ```
pub fn judge_bytes<'a>(
    bytes: &'a [u8],
    file: &str,
    options: &'a Options,
) -> impl Iterator<Item = GameReport> + 'a {
    judge_reader(bytes, file, options)
}

/// [`judge_bytes`] over a reader (a file, standard input, a request body), streamed: each
/// report is given as soon as its game has been read and judged, and memory is bounded by the
/// largest game, not the input (see [`split_reader`]). A read failure gives an error report
/// (after the reports of the games read before it).
///
/// ```
/// // Two games through a reader that hands over one byte at a time.
/// struct Slow<'a>(&'a [u8]);
/// impl std::io::Read for Slow<'_> {
///     fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
///         let Some((b, rest)) = self.0.split_first() else { return Ok(0) };
///         buf[0] = *b;
///         self.0 = rest;
///         Ok(1)
///     }
/// }
/// let pgn = b"[Event \"a\"]\n\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n\n1. e4 e5 *\n";
/// let opts = arbiter::Options::default();
/// let games: Vec<_> = arbiter::judge_reader(Slow(pgn), "-", &opts).map(|r| r.game()).collect();
/// assert_eq!(games, [Some(arbiter::Game::Xiangqi), Some(arbiter::Game::Chess)]);
/// ```
pub fn judge_reader<'a, R: std::io::Read + 'a>(
    reader: R,
    file: &str,
    options: &'a Options,
) -> impl Iterator<Item = GameReport> + 'a {
    split_reader(reader, file).map(move |g| g.judge(options))
}

/// Judges a game given as a start position and moves (`judge --fen FEN --moves "..."`): `fen`
/// `None` = the standard start (the moves then tell the game, see [`detect_game`]); moves
/// separated by spaces (xiangqi: ICCS, WXF, Chinese; chess: UCI, SAN). The report is labelled
/// file `-`, index 0; a bad FEN or move gives [`GameReport::Error`] (with the move's ply).
///
/// # Errors
/// [`Error::Usage`] when `options.rules` names a rule set of the other game.
///
/// ```
/// let opts = arbiter::Options::default();
/// let moves = "f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9";
/// let r = arbiter::judge_position(Some("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w"), moves, &opts).unwrap();
/// let json = serde_json::to_value(&r).unwrap();
/// assert_eq!(json["status"], "pending");
/// assert_eq!(json["reason"], "perpetual_check");
/// assert_eq!(json["must_vary"], "red");
/// ```
pub fn judge_position(fen: Option<&str>, moves: &str, options: &Options) -> Result<GameReport, Error> {
    let game = options
        .game
        .unwrap_or_else(|| detect_game(fen, Some(moves).filter(|m| !m.is_empty())));
    if let Some(u) = RuleBook::mismatch(options.rules, game) {
        return Err(Error::Usage(u));
    }
    // A FEN typed on the command line that cannot be read is a usage error (exit code 2).
    match game {
        Game::Chess => {
            if let Err(e) =
                chess::parse_fen(fen.unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
            {
                return Err(Error::Usage(Usage::StartPosition {
                    reason: e.to_string(),
                    cause: Some(Box::new(Cause::Chess(e))),
                }));
            }
        }
        Game::Xiangqi => {
            if let Err(e) = parse_xiangqi_fen(fen) {
                let reason = e.to_string();
                let cause = match e {
                    Error::Input { cause, .. } => cause,
                    Error::Usage(_) => None,
                };
                return Err(Error::Usage(Usage::StartPosition { reason, cause }));
            }
        }
    }
    let mut report = match game {
        Game::Chess => match chess::GameRecord::from_fen_moves(fen, moves) {
            Ok(record) => judge_chess_record(POSITION_FILE, 0, &record, options),
            Err(e) => chess_error("-", 0, &e),
        },
        Game::Xiangqi => judge_xiangqi_position(fen, moves, options),
    };
    // The text names the input "position (--fen/--moves)"; JSON keeps `"file":"-"`.
    match &mut report {
        GameReport::Chess(r) => r.from_position = true,
        GameReport::Xiangqi(r) => r.from_position = true,
        GameReport::Error(g) => {
            let line = g
                .text()
                .replacen("standard input: game 1", "position (--fen/--moves)", 1);
            g.text = Some(line);
        }
    }
    Ok(report)
}

/// The file label of a position's report.
const POSITION_FILE: &str = "-";

/// A record error as an input error (its English line, its kind as the cause).
fn record_input_error(e: RecordError) -> Error {
    Error::input_because(e.to_string(), None, Cause::Record(*e.kind))
}

fn record_error(file: &str, e: &RecordError) -> GameReport {
    let mut g = GameError::new(file, Some(e.index), e.kind.to_string(), e.ply)
        .because(Cause::Record((*e.kind).clone()));
    g.mv = e.text.as_deref().map(xiangqi::notation::quote);
    g.line = e.line;
    g.text = Some(match &e.file {
        Some(_) => format!("{e}\n"),
        None => format!("{}: {e}\n", crate::render::errors::input_name(file)),
    });
    GameReport::Error(g)
}

fn chess_error(file: &str, index: usize, e: &chess::ChessError) -> GameReport {
    let mut g = GameError::new(file, Some(index), e.to_string(), e.ply()).because(Cause::Chess(e.clone()));
    if let chess::ChessError::IllegalMove { mv, .. } = e {
        g.mv = Some(mv.clone());
    }
    GameReport::Error(g)
}

fn judge_chess_record(file: &str, index: usize, record: &chess::GameRecord, options: &Options) -> GameReport {
    let chess_options = chess::JudgeOptions {
        dead_check: options.dead_check,
        engine_match: options.engine_match,
    };
    match chess::judge_game_within(record, &chess_options, &options.budget.start()) {
        Ok(report) => GameReport::Chess(Box::new(ChessGameReport {
            file: file.to_string(),
            index,
            from_position: false,
            report,
            truncated: false,
            warnings: Vec::new(),
            san: Vec::new(),
            players: Default::default(),
        })),
        Err(e) => chess_error(file, index, &e),
    }
}

/// One chess game of a PGN input (checked for integrity by the caller).
fn judge_chess_pgn(file: &str, index: usize, raw: &pgn::RawGame, options: &Options) -> GameReport {
    judge_chess_read(file, index, chess::read_pgn(raw), options)
}

/// One chess game read by [`chess::read_pgn`]: a main-line token that is not SAN is an error
/// (the chess PGN reader would skip it silently; the record must not be judged as if the
/// token were not there).
fn judge_chess_read(file: &str, index: usize, read: chess::PgnRead, options: &Options) -> GameReport {
    if let Some((ply, token)) = read.unreadable {
        let mut g = GameError::new(
            file,
            Some(index),
            format!("'{token}' is not a chess move (SAN such as Nf3, O-O, exd6, e8=Q)"),
            Some(ply),
        )
        .because(Cause::NotChessMove(token.clone()));
        g.mv = Some(token);
        return GameReport::Error(g);
    }
    match read.record {
        Some(Ok(record)) => judge_chess_record(file, index, &record, options),
        Some(Err(e)) => chess_error(file, index, &e),
        // Broken records are refused before (`records::check_raw`).
        None => chess_error(file, index, &chess::ChessError::NoGame),
    }
}

/// One replayed xiangqi record; `spans`: its moves as written, as ranges of a movetext, when
/// [`records::Record::texts`] was left empty (see [`records::replay_pgn_spans`]).
fn judge_xiangqi_record(
    file: &str,
    index: usize,
    rec: &records::Record,
    spans: Option<(&str, Vec<std::ops::Range<usize>>)>,
    options: &Options,
) -> GameReport {
    let cycles = options.xiangqi_cycles();
    let mut referee = Referee::new(RuleBook::xiangqi(options.rules), rec.start.clone(), cycles);
    // The reader replayed every move with full legality checks.
    if let Err(c) = referee.replay_within(&rec.moves, &options.budget.start()) {
        return GameReport::Error(GameError::new(file, Some(index), c.to_string(), None));
    }
    let mut r = XiangqiGameReport::from_referee(
        file,
        index,
        &referee,
        cycles,
        options.explain,
        rec.after_end.len(),
    );
    final_under_match(&mut r, options);
    let v = &r.verdict;
    let says = match v.status {
        XStatus::Decided => RulesSay::Decided(v.result),
        XStatus::Pending => RulesSay::Pending(v.result),
        XStatus::Claimable => RulesSay::ClaimableDraw { repetition: false },
        XStatus::Ongoing => RulesSay::Nothing,
    };
    // A result that names none of the four reads as "no result" (the record cannot be compared).
    let recorded = rec.result.parse().unwrap_or(crate::Outcome::Unknown);
    r.result_agrees = agreement::result_agrees(recorded, agreement::ending(rec.tag("Termination")), says);
    r.recorded_result = Some(rec.result.clone());
    r.notation_warnings = Some(rec.warnings.len());
    r.first_warning_ply = rec.warnings.first().map(|w| w.ply);
    r.players = crate::report::Players::from_tags(|t| rec.tag(t));
    match rec.source {
        // Formats that store moves as coordinates are shown in Chinese notation (traditional).
        records::Source::Xqf(_)
        | records::Source::Cbr(_)
        | records::Source::Cbl(_)
        | records::Source::Cbf
        | records::Source::DhtmlXq(_) => {}
        // Moves written as text come back in the record's notation and characters.
        records::Source::Pgn(_) | records::Source::Text(_) | records::Source::Wxf(_) => match &spans {
            Some((text, spans)) => r.write_like_spans(text, spans),
            None => r.write_like(rec.texts.iter().map(String::as_str)),
        },
    }
    GameReport::Xiangqi(Box::new(r))
}

/// Under the engine-match convention a pending verdict is final: a match manager ends the game
/// at the repetition (docs/engine-matches.md).
fn final_under_match(r: &mut XiangqiGameReport, options: &Options) {
    if options.engine_match {
        r.final_under_match();
    }
}

/// `judge --fen --moves` for xiangqi.
fn judge_xiangqi_position(fen: Option<&str>, moves: &str, options: &Options) -> GameReport {
    let file = POSITION_FILE;
    let start = match parse_xiangqi_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            let cause = match &e {
                Error::Input { cause, .. } => cause.clone(),
                Error::Usage(_) => None,
            };
            let mut g = GameError::new(file, Some(0), e.to_string(), None);
            g.cause = cause;
            return GameReport::Error(g);
        }
    };
    let cycles = options.xiangqi_cycles();
    let mut referee = Referee::new(RuleBook::xiangqi(options.rules), start, cycles);
    let deadline = options.budget.start();
    for (i, text) in moves.split_whitespace().enumerate() {
        if i.is_multiple_of(crate::Deadline::CHECK_EVERY) {
            if let Err(c) = deadline.check() {
                return GameReport::Error(GameError::new(file, Some(0), c.to_string(), None));
            }
        }
        let mv = match xiangqi::notation::parse_move(referee.position(), text) {
            Ok(p) => p.mv,
            Err(e) => {
                let mut g =
                    GameError::new(file, Some(0), e.to_string(), Some(i + 1)).because(Cause::Notation(e));
                g.mv = Some(text.to_string());
                return GameReport::Error(g);
            }
        };
        if let Err(e) = referee.push(mv) {
            return GameReport::Error(
                GameError::new(file, Some(0), e.to_string(), Some(i + 1)).because(Cause::XiangqiIllegal(e)),
            );
        }
    }
    let mut r = XiangqiGameReport::from_referee(file, 0, &referee, cycles, options.explain, 0);
    final_under_match(&mut r, options);
    r.write_like(moves.split_whitespace());
    GameReport::Xiangqi(Box::new(r))
}

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
            .map_err(|e| Error::input_because(format!("ply {}: {e}", i + 1), None, Cause::Notation(e)))?
            .mv;
        pos.make_move(mv);
        out.push(mv);
    }
    Ok(out)
}

/// Adjudicates a xiangqi repetition given as a FEN and the moves of one or more full loops
/// that end on the FEN's position (cli.md `cycle`). All the moves are judged together.
/// `rules`: `None` = AXF.
///
/// # Errors
/// [`Error::Usage`] for a chess FEN or `fide` rules; [`Error::Input`] for a bad FEN, an
/// illegal or unreadable move, or moves that do not return to the start (naming where the
/// position differs).
///
/// ```
/// let r = arbiter::cycle("4k4/9/5R3/9/9/4P4/9/9/9/4K4 w", "f7e7 e9f9 e7f7 f9e9", None, false).unwrap();
/// let json = serde_json::to_value(&r).unwrap();
/// assert_eq!(json["sides"]["red"]["offence"], "perpetual_check");
/// assert_eq!(json["verdict"]["result_if_unchanged"], "0-1");
/// ```
pub fn cycle(fen: &str, moves: &str, rules: Option<RuleBook>, explain: bool) -> Result<CycleReport, Error> {
    if detect_game(Some(fen), None) == Game::Chess {
        return Err(Error::Usage(Usage::CycleOfChess));
    }
    let start = parse_xiangqi_fen(Some(fen))?;
    if moves.trim().is_empty() {
        return Err(Error::Usage(Usage::CycleWithoutMoves));
    }
    let texts = moves;
    let moves = parse_xiangqi_moves(&start, moves)?;
    let rules = RuleBook::xiangqi(rules);
    let judgement = crate::xiangqi::repetition::judge_cycle(&start, &moves, &rules)
        .map_err(|e| Error::input(e.to_string()))?;
    let (style, options) = written_like(texts);
    Ok(CycleReport {
        start,
        judgement,
        explain,
        style,
        options,
    })
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

/// Classifies one xiangqi move (cli.md `classify`): check, chase (chaser → target), mate
/// threat, exchange, offer, block or idle; chases listed are those that count under `rules`
/// (`None` = AXF).
///
/// # Errors
/// [`Error::Usage`] for `fide` rules; [`Error::Input`] for a bad FEN or a move that cannot be
/// read or played.
///
/// ```
/// let r = arbiter::classify("4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w", "a3b3", None, false).unwrap();
/// assert_eq!(serde_json::to_value(&r).unwrap()["kinds"], serde_json::json!(["chase"]));
/// ```
pub fn classify(
    fen: &str,
    mv: &str,
    rules: Option<RuleBook>,
    explain: bool,
) -> Result<ClassifyReport, Error> {
    if rules == Some(RuleBook::Fide) {
        return Err(Error::Usage(Usage::ClassifyUnderFide));
    }
    let position = parse_xiangqi_fen(Some(fen))?;
    let (style, options) = written_like(mv);
    let mv = xiangqi::notation::parse_move(&position, mv)
        .map_err(|e| Error::input_because(e.to_string(), None, Cause::Notation(e)))?
        .mv;
    let facts = crate::xiangqi::facts::classify(&position, mv, &RuleBook::xiangqi(rules));
    Ok(ClassifyReport {
        position,
        facts,
        explain,
        style,
        options,
    })
}

/// Where the claimed game comes from.
#[derive(Copy, Clone, Debug)]
pub enum ClaimGame<'a> {
    /// Game `index` (0-based) of a record file's bytes; `file` labels messages.
    Record {
        /// The record file's bytes (PGN or XQF).
        bytes: &'a [u8],
        /// The path as given, or `-`.
        file: &'a str,
        /// 0-based index of the game in the file.
        index: usize,
    },
    /// A start position (`None` = the standard start) and space-separated moves.
    Position {
        /// FEN: 10 ranks for xiangqi, 8 for chess.
        fen: Option<&'a str>,
        /// The moves from the FEN.
        moves: &'a str,
        /// Overrides detection from the FEN.
        game: Option<Game>,
    },
}

/// A draw claim to judge (cli.md `claim`).
#[derive(Clone, Debug)]
pub struct ClaimQuery<'a> {
    /// What is claimed.
    pub kind: ClaimKind,
    /// The game.
    pub game: ClaimGame<'a>,
    /// `None` = AXF for xiangqi, FIDE for chess.
    pub rules: Option<RuleBook>,
    /// Ply at which the side to move claims (default: after the last move).
    pub at_ply: Option<usize>,
    /// The move the claimant writes down and intends to play (chess, 9.2.1.1 and 9.3.1).
    pub intended_move: Option<String>,
    /// For the penalty of an incorrect chess claim. `None`: what the record's `[TimeControl]`
    /// or `[Event]` tag implies, else standard play.
    pub time_control: Option<chess::TimeControl>,
    /// Xiangqi: the limit in moves (`Some(40)`: TW113's alternative limit).
    pub limit: Option<u32>,
}

/// Judges a draw claim made by the side to move at a ply: chess threefold and fifty moves
/// (FIDE 9.2, 9.3, penalty 9.5.3), xiangqi natural move limit (AXF, TW113).
///
/// # Errors
/// [`Error::Usage`] when the claim does not fit the game (a chess claim on a xiangqi game,
/// `fide` rules for the natural move limit, a limit the rule book lacks, a ply beyond the
/// moves); [`Error::Input`] when the game cannot be read or replayed.
///
/// ```
/// use arbiter::{claim, ClaimGame, ClaimQuery, ClaimKind};
/// let q = ClaimQuery {
///     kind: ClaimKind::FiftyMoves,
///     game: ClaimGame::Position { fen: Some("4k3/8/8/8/8/8/3R4/4K3 w - - 98 70"), moves: "d2c2", game: None },
///     rules: None,
///     at_ply: None,
///     intended_move: Some("e8f8".into()),
///     time_control: Default::default(),
///     limit: None,
/// };
/// assert!(claim(&q).unwrap().valid());
/// ```
pub fn claim(q: &ClaimQuery) -> Result<ClaimReport, Error> {
    let xiangqi_claim = q.kind == ClaimKind::NaturalMoveLimit;
    let mut raw = None;
    let is_xiangqi = match q.game {
        ClaimGame::Record { bytes, file, index } => {
            // Not PGN: a xiangqi format (XQF and kin); no such game: the claim says so.
            let kind = if records::detect_format(bytes) == records::Format::Pgn {
                raw = nth_pgn_game(bytes, index);
                raw.as_ref().map(|r| pgn::detect_game(r).into())
            } else {
                Some(Game::Xiangqi)
            };
            match (kind, xiangqi_claim) {
                (Some(Game::Xiangqi), false) => {
                    return Err(Error::Usage(Usage::ChessClaimOnXiangqiRecord {
                        file: file.into(),
                    }))
                }
                (Some(Game::Chess), true) => {
                    return Err(Error::Usage(Usage::XiangqiClaimOnChessRecord {
                        file: file.into(),
                    }))
                }
                _ => {}
            }
            xiangqi_claim
        }
        ClaimGame::Position { fen, moves, game } => {
            // The game asked for, else the one the FEN or the moves show (no FEN and no
            // moves: the claim's kind says which start position is meant).
            let shown = game.or_else(|| {
                (fen.is_some() || !moves.is_empty())
                    .then(|| detect_game(fen, Some(moves).filter(|m| !m.is_empty())))
            });
            if xiangqi_claim && shown == Some(Game::Chess) {
                return Err(Error::Usage(Usage::XiangqiClaimOnChess));
            }
            xiangqi_claim
                || (fen.is_some()
                    && game.unwrap_or_else(|| detect_game(fen, Some(moves).filter(|m| !m.is_empty())))
                        == Game::Xiangqi)
        }
    };
    if !is_xiangqi {
        return chess_claim(q, raw);
    }
    if !xiangqi_claim {
        return Err(Error::Usage(Usage::ChessClaimOnXiangqi));
    }
    natural_limit_claim(q)
}

/// The error for a game `index` (0-based) that the record does not hold: games counted from 1,
/// as the reports count them; standard input or a request body (`file` `-`) is "the record".
fn no_such_game(file: &str, index: usize) -> String {
    let n = index.saturating_add(1);
    if file == "-" {
        format!("the record has no game {n}")
    } else {
        format!("{file}: there is no game {n}")
    }
}

/// Game `index` of a PGN record file (`None`: no such game), split once for both the
/// game-kind check and the chess claim.
fn nth_pgn_game(bytes: &[u8], index: usize) -> Option<pgn::RawGame> {
    let decoded = records::encoding::decode(bytes);
    pgn::games(&decoded.text).nth(index)
}

/// The chess claim; `raw` is the record's game when [`claim`] has already split the file.
fn chess_claim(q: &ClaimQuery, raw: Option<pgn::RawGame>) -> Result<ClaimReport, Error> {
    let kind = match q.kind {
        kind @ (ClaimKind::Threefold | ClaimKind::FiftyMoves) => kind,
        ClaimKind::NaturalMoveLimit => return Err(Error::Usage(Usage::XiangqiClaimOnChess)),
    };
    let record = match q.game {
        ClaimGame::Record { file, index, .. } => {
            let raw = raw.ok_or_else(|| Error::input(no_such_game(file, index)))?;
            chess::read_pgn(&raw).into_record()?
        }
        ClaimGame::Position { fen, moves, .. } => chess::GameRecord::from_fen_moves(fen, moves)?,
    };
    let req = chess::ClaimRequest {
        kind,
        at_ply: q.at_ply,
        intended_move: q.intended_move.clone(),
        time_control: q.time_control,
    };
    Ok(ClaimReport::Chess(chess::judge_claim(&record, &req)?))
}

/// The xiangqi natural-move-limit claim (AXF 120 plies; TW113 100 plies, or 80 with
/// limit 40), with the count step by step.
fn natural_limit_claim(q: &ClaimQuery) -> Result<ClaimReport, Error> {
    use crate::xiangqi::limits::{judge_claim, LimitError, LimitMode};
    if q.rules == Some(RuleBook::Fide) {
        return Err(Error::Usage(Usage::NaturalMoveLimitUnderFide));
    }
    let rules = RuleBook::xiangqi(q.rules);
    let limit = rules.natural_move_limit;
    let mode = match q.limit {
        None => LimitMode::Standard,
        Some(40) if limit.alternative_plies.is_some() => LimitMode::Alternative,
        Some(m) if m * 2 == limit.plies => LimitMode::Standard,
        Some(m) => {
            return Err(Error::Usage(Usage::NoSuchLimit {
                moves: m,
                rules: rules.id.into(),
                book_moves: limit.plies / 2,
                alternative: limit.alternative_plies.is_some(),
            }));
        }
    };
    let (start, moves, texts) = match q.game {
        ClaimGame::Record { bytes, file, index } => {
            let opts = records::ReadOptions {
                kind: Some(records::GameKind::Xiangqi),
                file: Some(file.to_string()),
            };
            // The reports' numbering: a library's title-only slots keep their numbers.
            let (_, game) = records::games(bytes, opts)
                .find(|(i, _)| *i == index)
                .ok_or_else(|| Error::input(no_such_game(file, index)))?;
            match game.map_err(|e| Error::input(e.to_string()))? {
                records::Game::Xiangqi(r) => {
                    // Coordinates in XQF and kin: the report writes Chinese.
                    let texts = if matches!(
                        r.source,
                        records::Source::Pgn(_) | records::Source::Text(_) | records::Source::Wxf(_)
                    ) {
                        r.texts
                    } else {
                        Vec::new()
                    };
                    (r.start, r.moves, texts)
                }
                records::Game::Chess(_) => {
                    return Err(Error::input(format!("{file}: game {index} is not xiangqi")))
                }
            }
        }
        ClaimGame::Position { fen, moves: text, .. } => {
            let start = parse_xiangqi_fen(fen)?;
            let moves = parse_xiangqi_moves(&start, text)?;
            (
                start,
                moves,
                text.split_whitespace().map(str::to_string).collect(),
            )
        }
    };
    match judge_claim(&rules, mode, &start, &moves, q.at_ply) {
        Ok(claim) => {
            let (style, options) = xiangqi::notation::detect_notation(texts.iter().map(String::as_str))
                .unwrap_or((xiangqi::notation::Style::Chinese, Default::default()));
            // The move that produced the claim's ply, written as the record writes its moves.
            let last_played = claim.at_ply.checked_sub(1).and_then(|i| {
                let mut pos = start.clone();
                for &m in moves.get(..i)? {
                    pos.make_move(m);
                }
                Some((pos, *moves.get(i)?))
            });
            let last_move = last_played
                .as_ref()
                .map(|(pos, mv)| xiangqi::notation::write_move_with(pos, *mv, style, &options));
            // No legal move at the claim's ply (mate or 困斃): the game ended there (no move
            // can follow either, so not earlier), and the claim is not judged.
            let mut pos = start.clone();
            for &m in moves.iter().take(claim.at_ply) {
                pos.make_move(m);
            }
            let in_check = pos.in_check(pos.side_to_move());
            let ended = (!pos.has_legal_move_given_check(in_check)).then_some(chess::GameEnded {
                ply: claim.at_ply,
                by: if in_check { "checkmate" } else { "no_legal_moves" },
                clause: if in_check {
                    "checkmate: the side to move loses"
                } else {
                    "no legal move (困斃): the side to move loses"
                },
            });
            Ok(ClaimReport::Xiangqi {
                claim,
                rules: rules.id,
                numbering: crate::words::MoveNumbering {
                    first_number: start.fullmove_number(),
                    second_side_first: start.side_to_move() == xiangqi::Color::Black,
                },
                last_move,
                last_played: last_played.map(|(pos, mv)| Box::new((pos, mv, style, options))),
                ended,
            })
        }
        Err(LimitError::AtPlyBeyond { at_ply, plies }) => {
            Err(Error::Usage(Usage::PlyBeyondEnd { at_ply, plies }))
        }
        Err(e) => Err(Error::input(e.to_string())),
    }
}

/// Whether a chess position is dead (FIDE 5.2.2): whether each side can still mate by any
/// legal sequence, every answer proved ([`chess::dead_position`]: a helpmate line found and
/// replayed, or CHA's complete search). Missing trailing FEN fields default (no castling, no en passant, clocks 0
/// and 1). A bad FEN gives an answer holding the error.
///
/// ```
/// let a = arbiter::dead("8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1");
/// assert!(!a.report.unwrap().dead); // opposite-coloured bishops: a helpmate exists
/// ```
pub fn dead(fen: &str) -> DeadAnswer {
    let report = chess::parse_fen(fen)
        .map(|pos| chess::dead_position(fen, &pos))
        .map_err(Error::from);
    DeadAnswer {
        fen: fen.to_string(),
        report,
        label: None,
        line: None,
    }
}

/// [`dead`] for each line of a FEN file (`dead --fen-file`): blank lines and `#` lines skipped,
/// answers in order. A line is `FEN [LABEL]` (the FEN's first six fields, then a label such as
/// a game id) or `LABEL FEN` (a label of words without `/` before the board field, as in CHA's
/// test vectors: `WB rnbqkbnr/... w KQkq -`). The label is kept on the answer.
pub fn dead_lines(text: &str) -> impl Iterator<Item = DeadAnswer> + '_ {
    text.lines()
        .map(str::trim)
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(move |(n, line)| {
            let words: Vec<&str> = line.split_whitespace().collect();
            // Words before the first that holds a `/` (the board field) are a leading label;
            // a line without any `/` is read as a FEN (and answered with its error).
            let board = words.iter().position(|w| w.contains('/')).unwrap_or(0);
            let (before, from_board) = words.split_at(board);
            let (fen, after) = from_board.split_at(from_board.len().min(6));
            let label = [before, after]
                .iter()
                .filter(|part| !part.is_empty())
                .map(|part| part.join(" "))
                .collect::<Vec<_>>()
                .join(" ");
            let mut answer = dead(&fen.join(" "));
            answer.line = Some(n + 1);
            if !label.is_empty() {
                answer.label = Some(label);
            }
            answer
        })
}

/// Counts the leaves of the legal move tree `depth` plies deep (both games; `fen` `None` = the
/// start position of `game`, xiangqi by default). With `divide`, also per first move.
///
/// # Errors
/// [`Error::Input`] for a bad FEN.
///
/// ```
/// assert_eq!(arbiter::perft(None, 3, false, None).unwrap().nodes, 79_666);
/// ```
pub fn perft(fen: Option<&str>, depth: u32, divide: bool, game: Option<Game>) -> Result<PerftReport, Error> {
    let game = game.unwrap_or_else(|| detect_game(fen, None));
    if game == Game::Chess {
        use shakmaty::Position as _;
        let fen = fen.unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let pos = chess::parse_fen(fen)?;
        if divide && depth > 0 {
            let mut per_move = Vec::new();
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                let n = shakmaty::perft(&next, depth - 1);
                let u = shakmaty::uci::UciMove::from_move(m, shakmaty::CastlingMode::Standard).to_string();
                per_move.push((u, n));
            }
            return Ok(PerftReport {
                game,
                depth,
                nodes: per_move.iter().map(|(_, n)| n).sum(),
                divide: Some(per_move),
            });
        }
        return Ok(PerftReport {
            game,
            depth,
            nodes: shakmaty::perft(&pos, depth),
            divide: None,
        });
    }
    let mut pos = parse_xiangqi_fen(fen)?;
    if divide {
        let d = xiangqi::perft_divide(&mut pos, depth);
        let nodes = if depth == 0 {
            1
        } else {
            d.iter().map(|(_, n)| n).sum()
        };
        Ok(PerftReport {
            game,
            depth,
            nodes,
            divide: Some(d.iter().map(|(m, n)| (m.to_string(), *n)).collect()),
        })
    } else {
        Ok(PerftReport {
            game,
            depth,
            nodes: xiangqi::perft(&mut pos, depth),
            divide: None,
        })
    }
}
