//! `claim`: a draw claim judged (chess threefold and fifty moves, xiangqi natural move limit).

use super::{detect_game, parse_xiangqi_fen, parse_xiangqi_moves, Options};
use crate::chess;
use crate::report::{Cause, ClaimReport, Error, Usage};
use crate::types::{ClaimKind, Game, RuleBook};
use records::pgn;

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
    claim_with(q, &Options::default())
}

/// [`claim`] in a game judged with `options`, as `arbiter referee` judges a session: the
/// game's end before the claim is the one that session's referee finds, with its count of
/// loops ([`Options::xiangqi_cycles`]), its dead-position check ([`Options::dead_check`]) and,
/// with [`Options::engine_match`], the engine-match
/// convention (docs/engine-matches.md): a chess game has ended at a threefold repetition
/// (FIDE 9.2.1) or the fifty-move condition (9.3.2), and a pending xiangqi repetition has
/// ended with its verdict, as match managers end them without a claim. A claim after such an
/// end is not judged (no validity, no penalty), as after a mate. The other options play no
/// part (the claim's rule book is `q.rules`).
///
/// # Errors
/// As [`claim`].
pub fn claim_with(q: &ClaimQuery, options: &Options) -> Result<ClaimReport, Error> {
    let xiangqi_claim = q.kind == ClaimKind::NaturalMoveLimit;
    let mut raw = None;
    let is_xiangqi = match q.game {
        ClaimGame::Record { bytes, file, index } => {
            // Not PGN: a xiangqi format (XQF and kin); no such game: the claim says so.
            let mut kind = if records::detect_format(bytes) == records::Format::Pgn {
                raw = nth_pgn_game(bytes, index);
                raw.as_ref().map(|r| pgn::detect_game(r).into())
            } else {
                Some(Game::Xiangqi)
            };
            if kind == Some(Game::Xiangqi) && !xiangqi_claim {
                // A chess claim on what is not a chess game: a xiangqi record is refused as
                // such; bytes that read as no record at all get that record's error (as the
                // natural-move-limit claim says it), not "a xiangqi game".
                let opts = records::ReadOptions {
                    kind: None,
                    file: Some(file.to_string()),
                };
                kind = match records::games(bytes, opts).find(|(i, _)| *i == index) {
                    Some((_, Err(e))) => return Err(super::errors::record_input_error(e)),
                    Some((_, Ok(records::Game::Chess(_)))) => Some(Game::Chess),
                    _ => kind,
                };
            }
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
            // A chess claim is refused on a xiangqi game that is asked for or whose FEN shows
            // it; moves alone without a FEN start from the chess start.
            xiangqi_claim || ((game.is_some() || fen.is_some()) && shown == Some(Game::Xiangqi))
        }
    };
    if !is_xiangqi {
        return chess_claim(q, raw, options.chess_options());
    }
    if !xiangqi_claim {
        return Err(Error::Usage(Usage::ChessClaimOnXiangqi));
    }
    natural_limit_claim(q, options)
}

/// The error for a game `index` (0-based) that the record does not hold: games counted from 1,
/// as the reports count them; standard input or a request body (`file` `-`) is "the record".
fn no_such_game(file: &str, index: usize) -> Error {
    let cause = Cause::NoSuchGame {
        file: (file != "-").then(|| file.to_string()),
        number: index.saturating_add(1),
    };
    Error::input_because(crate::render::errors::cause(&cause, crate::Lang::En), None, cause)
}

/// Game `index` of a PGN record file (`None`: no such game), split once for both the
/// game-kind check and the chess claim.
fn nth_pgn_game(bytes: &[u8], index: usize) -> Option<pgn::RawGame> {
    let decoded = records::encoding::decode(bytes);
    pgn::games(&decoded.text).nth(index)
}

/// How the game ended within `moves`, as `judge` decides it with `options` (its referee, with
/// [`Options::xiangqi_cycles`] loops making a repetition pending, decided one loop later: the
/// TW113 ch.4 procedure, whose count AXF play uses too): checkmate or no legal move (困斃) at the last ply, or a repetition
/// decided on the way (perpetual check, perpetual chase, or a draw with neither side at fault).
/// `None` while play goes on; the natural move limit is the claim itself, not an end. Under
/// the engine-match convention ([`Options::engine_match`]) a pending repetition has ended too.
fn game_end(
    rules: &crate::xiangqi::rules::RuleSet,
    start: &crate::xiangqi::Position,
    moves: &[crate::xiangqi::Move],
    options: &Options,
) -> Option<chess::GameEnded> {
    use crate::xiangqi::{referee::Referee, verdict::Reason};
    let mut referee = Referee::new(rules.clone(), start.clone(), options.xiangqi_cycles());
    let v = referee.replay(moves);
    let ended =
        v.status == crate::Status::Decided || (options.engine_match && v.status == crate::Status::Pending);
    if !ended {
        return None;
    }
    let by = match v.reason? {
        Reason::Checkmate => "checkmate",
        Reason::NoLegalMoves => "no_legal_moves",
        Reason::PerpetualCheck => "perpetual_check",
        Reason::PerpetualChase => "perpetual_chase",
        Reason::RepetitionDraw => "repetition_draw",
        _ => return None,
    };
    Some(chess::GameEnded {
        ply: v.at_ply?,
        by,
        clause: v.clause.clone()?,
    })
}

/// The chess claim; `raw` is the record's game when [`claim`] has already split the file.
fn chess_claim(
    q: &ClaimQuery,
    raw: Option<pgn::RawGame>,
    options: chess::JudgeOptions,
) -> Result<ClaimReport, Error> {
    let kind = match q.kind {
        kind @ (ClaimKind::Threefold | ClaimKind::FiftyMoves) => kind,
        ClaimKind::NaturalMoveLimit => return Err(Error::Usage(Usage::XiangqiClaimOnChess)),
    };
    // A chess claim is judged under the FIDE Laws only, whose counts are fixed (9.2, 9.3):
    // a xiangqi rule book or a natural move limit asked for is refused, not ignored.
    if let Some(u) = RuleBook::mismatch(q.rules, Game::Chess) {
        return Err(Error::Usage(u));
    }
    if let Some(moves) = q.limit {
        return Err(Error::Usage(Usage::LimitOnChessClaim { moves }));
    }
    let record = match q.game {
        ClaimGame::Record { file, index, .. } => {
            let raw = raw.ok_or_else(|| no_such_game(file, index))?;
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
    match chess::claims::judge_claim_with(&record, &req, options) {
        Ok(v) => Ok(ClaimReport::Chess(v)),
        // A ply the record does not reach is the request's fault, as for the xiangqi claim.
        Err(chess::ChessError::PlyOutOfRange { ply, plies }) => {
            Err(Error::Usage(Usage::PlyBeyondEnd { at_ply: ply, plies }))
        }
        Err(e) => Err(e.into()),
    }
}

/// The xiangqi natural-move-limit claim (AXF 120 plies; TW113 100 plies, or 80 with
/// limit 40), with the count step by step.
fn natural_limit_claim(q: &ClaimQuery, judging: &Options) -> Result<ClaimReport, Error> {
    use crate::xiangqi::limits::{judge_claim, LimitError, LimitMode};
    if q.rules == Some(RuleBook::Fide) {
        return Err(Error::Usage(Usage::NaturalMoveLimitUnderFide));
    }
    // The intended move (FIDE 9.2.1.1, 9.3.1) and the time control of a chess claim's penalty
    // have no part in the natural move limit: refused, not ignored.
    if q.intended_move.is_some() {
        return Err(Error::Usage(Usage::IntendedMoveOnXiangqiClaim));
    }
    if q.time_control.is_some() {
        return Err(Error::Usage(Usage::TimeControlOnXiangqiClaim));
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
    // `after_end`: moves a record plays after its mate (or 困斃), which the reader keeps out.
    let (start, moves, texts, after_end) = match q.game {
        ClaimGame::Record { bytes, file, index } => {
            let opts = records::ReadOptions {
                kind: Some(records::GameKind::Xiangqi),
                file: Some(file.to_string()),
            };
            // The reports' numbering: a library's title-only slots keep their numbers.
            let (_, game) = records::games(bytes, opts)
                .find(|(i, _)| *i == index)
                .ok_or_else(|| no_such_game(file, index))?;
            match game.map_err(super::errors::record_input_error)? {
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
                    (r.start, r.moves, texts, r.after_end.len())
                }
                records::Game::Chess(_) => {
                    return Err(Error::Usage(Usage::XiangqiClaimOnChessRecord {
                        file: file.to_string(),
                    }))
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
                0,
            )
        }
    };
    // A claim at a ply the record plays after its mate comes after the end: judged at the end
    // (where `ended` says so), answered at the ply asked.
    let plies = moves.len();
    let after = q.at_ply.filter(|&a| a > plies && a - plies <= after_end);
    match judge_claim(
        &rules,
        mode,
        &start,
        &moves,
        if after.is_some() { Some(plies) } else { q.at_ply },
    ) {
        Ok(mut claim) => {
            if let Some(a) = after {
                // The side to move at the ply asked, counted on through the unplayed plies.
                if (a - plies) % 2 == 1 {
                    claim.by = claim.by.opponent();
                }
                claim.at_ply = a;
            }
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
            // The game ended at or before the claim's ply (mate, 困斃, a decided repetition):
            // the claim is not judged.
            let ended = game_end(&rules, &start, &moves[..claim.at_ply.min(moves.len())], judging);
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
        Err(LimitError::AtPlyBeyond { at_ply, plies }) => Err(Error::Usage(Usage::PlyBeyondEnd {
            at_ply,
            plies: plies + after_end,
        })),
        Err(e) => Err(Error::input(e.to_string())),
    }
}
