//! Judging games: every game of an input, or a start position and moves.

use super::errors::{chess_error, record_error};
use super::input::{read_split, InputKind};
use super::{detect_game, parse_xiangqi_fen, split_reader, InputGame, Options, POSITION_FILE};
use crate::agreement::{self, RulesSay};
use crate::chess;
use crate::report::{Cause, ChessGameReport, Error, GameError, GameReport, Usage, XiangqiGameReport};
use crate::types::{Game, RuleBook};
use crate::xiangqi::referee::Referee;
use crate::xiangqi::verdict::Status as XStatus;
use records::{pgn, record};

impl InputGame {
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
    // The text names the input as a position given; JSON keeps `"file":"-"`.
    match &mut report {
        GameReport::Chess(r) => r.from_position = true,
        GameReport::Xiangqi(r) => r.from_position = true,
        GameReport::Error(g) => g.from_position = true,
    }
    Ok(report)
}

fn judge_chess_record(file: &str, index: usize, record: &chess::GameRecord, options: &Options) -> GameReport {
    let chess_options = options.chess_options();
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
    if let Some(e) = read.error_before_unreadable() {
        return chess_error(file, index, &e);
    }
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
    if options.engine_match {
        referee = referee.pending_is_final();
    }
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
    if options.engine_match {
        referee = referee.pending_is_final();
    }
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
    r.write_like(moves.split_whitespace());
    GameReport::Xiangqi(Box::new(r))
}
