//! A PGN game replayed as xiangqi ([`replay_pgn`]): its movetext lexed once and replayed as
//! it goes when it has no variation, else read into a move tree and replayed ([`super::replay`]);
//! the reading of the moves (ICCS or ranks 1–10, SAN) decided by the moves themselves.

use super::error::{RecordError, RecordErrorKind};
use super::replay::{replay_main_texts, MainLine};
use super::{MoveWarning, Record, Source};
use crate::encoding::TextEncoding;
use crate::pgn::{self, RawGame};
use xiangqi::notation::{self, Reading};
use xiangqi::Position;

/// Replay a PGN game as xiangqi: start from its `FEN` tag (or the standard start), read every
/// main-line move with [`xiangqi::notation::parse_move`] (ICCS, WXF, Chinese) and check it.
///
/// # Errors
/// [`RecordError`] for a bad `FEN` tag (no ply), a broken record
/// ([`RecordErrorKind::Broken`], found in the movetext's lexer pass, with the game's line), or
/// the first main-line move that cannot be read or is illegal (its ply and text), unless the
/// side to move has no legal move there (then the rest is [`Record::after_end`]). Sets
/// [`Record::truncated`] (see [`pgn::Integrity::truncated`]).
pub fn replay_pgn(
    raw: &RawGame,
    encoding: TextEncoding,
    index: usize,
    file: Option<&str>,
) -> Result<Record, RecordError> {
    replay_pgn_with(raw, encoding, index, file, |raw, start, reading| {
        replay_pgn_as(raw, start, Texts::Owned, reading)
    })
    .map(|(record, _)| record)
}

/// [`replay_pgn`] without a `String` per move: the main-line moves as written are given as
/// byte ranges of [`RawGame::movetext`] (one per entry of [`Record::moves`]) and
/// [`Record::texts`] is left empty, when the movetext has no variation (no `(`: read in one
/// lexer pass that replays as it goes); else as [`replay_pgn`], with `None`. The same record
/// (but for `texts`) and the same errors as [`replay_pgn`].
///
/// # Errors
/// As [`replay_pgn`].
pub fn replay_pgn_spans(
    raw: &RawGame,
    encoding: TextEncoding,
    index: usize,
    file: Option<&str>,
) -> Result<(Record, Option<MoveSpans>), RecordError> {
    replay_pgn_with(raw, encoding, index, file, |raw, start, reading| {
        replay_pgn_as(raw, start, Texts::Spans, reading)
    })
}

/// The main-line moves of a PGN game as written, as byte ranges of its
/// [`RawGame::movetext`], one per move played (see [`replay_pgn_spans`]).
pub type MoveSpans = Vec<std::ops::Range<usize>>;

/// How a PGN replay gives the main-line moves as written.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Texts {
    /// In [`Record::texts`].
    Owned,
    /// As ranges of the movetext when it has no variation ([`replay_pgn_spans`]).
    Spans,
}

/// A PGN game replayed, each reading of its moves tried by `replay_once` (which replays the
/// movetext from the start position once, its moves read as the reading says).
fn replay_pgn_with(
    raw: &RawGame,
    encoding: TextEncoding,
    index: usize,
    file: Option<&str>,
    replay_once: impl Fn(&RawGame, &Position, Reading) -> Result<Replayed, Failure>,
) -> Result<(Record, Option<MoveSpans>), RecordError> {
    let err = |ply, text, kind| RecordError::new(file, index, ply, text, kind);
    let start = match raw.tag("FEN").map(str::trim).filter(|f| !f.is_empty()) {
        Some(fen) => Position::from_fen(fen).map_err(|error| {
            err(
                None,
                None,
                RecordErrorKind::BadFen {
                    fen: fen.to_string(),
                    error,
                },
            )
        })?,
        None => Position::startpos(),
    };
    let movetext = raw.movetext();
    let first = pgn::main_line_moves(movetext).next();
    let reading = if first.is_some_and(notation::only_san) {
        Reading::San
    } else {
        Reading::Any
    };
    let mut read_warnings = raw.warnings.clone();
    let (main, result, integrity, spans) = match replay_once(raw, &start, reading) {
        Ok(done) => {
            // Coordinates that also read with ranks 1–10 (no rank 0 anywhere): legality decides,
            // ICCS when both readings are legal.
            if reading == Reading::Any
                && pgn::main_line_moves(movetext).all(notation::reads_both_ways)
                && replay_once(raw, &start, Reading::Ranks1To10).is_ok()
            {
                read_warnings.push(
                    "every move also reads as coordinates with ranks 1–10 (Fairy-Stockfish); read as ICCS"
                        .to_string(),
                );
            }
            done
        }
        Err((ply, text, kind)) => {
            let coordinates = || {
                pgn::main_line_moves(movetext)
                    .all(|m| notation::reads_both_ways(m) || notation::names_rank_ten(m))
            };
            // The other readings the moves allow, in turn: ranks 1–10 when every move is a
            // coordinate pair, SAN when the failing move has its shape (`C5e2`).
            let mut others = Vec::new();
            if reading == Reading::Any && ply.is_some() {
                if coordinates() {
                    others.push(Reading::Ranks1To10);
                }
                if text.as_deref().is_some_and(notation::fits_san) {
                    others.push(Reading::San);
                }
            }
            let mut ranks_error = None;
            let mut found = None;
            for r in others {
                match replay_once(raw, &start, r) {
                    Ok(done) => {
                        found = Some(done);
                        break;
                    }
                    Err(e) if r == Reading::Ranks1To10 => ranks_error = Some(e),
                    Err(_) => {}
                }
            }
            let fail = |(ply, text, kind): Failure| {
                let broken = matches!(kind, RecordErrorKind::Broken(_));
                let mut e = err(ply, text, kind);
                if broken {
                    e.line = Some(raw.line);
                }
                e
            };
            match (found, ranks_error) {
                (Some(done), _) => done,
                // A game that names rank 10 is told in its own notation's words.
                (None, Some(e)) if pgn::main_line_moves(movetext).any(notation::names_rank_ten) => {
                    return Err(fail(e));
                }
                _ => return Err(fail((ply, text, kind))),
            }
        }
    };
    let result = raw
        .tag("Result")
        .and_then(|r| pgn::normalize_result(r.trim()))
        .or(result)
        .unwrap_or("*")
        .to_string();
    let record = Record {
        truncated: raw.truncated || integrity.truncated(raw.has_result_tag()),
        read_warnings,
        ..main.into_record(index, Source::Pgn(encoding), raw.tags.clone(), start, result)
    };
    Ok((record, spans))
}

/// A replay's failure: the failing move's ply and text (none for a broken record), and why.
type Failure = (Option<usize>, Option<String>, RecordErrorKind);

/// What one replay of a PGN game's movetext gives: its main line, result marker, integrity
/// and the moves' spans.
type Replayed = (MainLine, Option<&'static str>, pgn::Integrity, Option<MoveSpans>);

/// Replay the movetext of `raw` from `start` once, its move texts read as `reading` says: in
/// one lexer pass that replays as it goes when it has no variation (no `(`: [`replay_plain`]),
/// else through its move tree ([`replay_movetext_tree`]).
fn replay_pgn_as(
    raw: &RawGame,
    start: &Position,
    texts: Texts,
    reading: Reading,
) -> Result<Replayed, Failure> {
    let movetext = raw.movetext();
    if !movetext.as_bytes().contains(&b'(') {
        let plain = replay_plain(start, movetext, texts, reading);
        if let Some(why) = plain.integrity.broken {
            return Err((None, None, RecordErrorKind::Broken(why)));
        }
        let main = plain
            .main
            .map_err(|(ply, text, kind)| (Some(ply), Some(text), kind))?;
        Ok((main, plain.result, plain.integrity, plain.spans))
    } else {
        replay_movetext_tree(movetext, start, reading)
    }
}

/// Replay a movetext from `start` once through its move tree ([`pgn::parse_movetext`], then
/// [`replay_main_texts`]), its move texts read as `reading` says, the main-line texts in
/// [`MainLine::texts`]: the path for a movetext with variations (any movetext reads the same
/// way; the tests compare [`replay_plain`] with it).
fn replay_movetext_tree(movetext: &str, start: &Position, reading: Reading) -> Result<Replayed, Failure> {
    let mut mt = pgn::parse_movetext(movetext);
    if let Some(why) = mt.integrity.broken {
        return Err((None, None, RecordErrorKind::Broken(why)));
    }
    let mut main = replay_main_texts(start, &mt.moves, false, reading)
        .map_err(|(ply, text, kind)| (Some(ply), Some(text), kind))?;
    // The played moves' texts, moved out of the movetext (no copy).
    let played = main.moves.len();
    main.texts = mt
        .moves
        .iter_mut()
        .take(played)
        .map(|m| std::mem::take(&mut m.text))
        .collect();
    let result = mt.result.as_deref().and_then(pgn::normalize_result);
    Ok((main, result, mt.integrity, None))
}

/// What [`replay_plain`] read.
struct Plain {
    main: Result<MainLine, (usize, String, RecordErrorKind)>,
    /// The main line's termination marker, normalised.
    result: Option<&'static str>,
    integrity: pgn::Integrity,
    /// The played moves as ranges of the movetext ([`Texts::Spans`]).
    spans: Option<MoveSpans>,
}

/// Lex a movetext that holds no variation (no `(`) and replay its moves as they come: the
/// same main line, result and integrity as [`pgn::parse_movetext`] then [`replay_main_texts`]
/// give (a `)` with no `(` ends nothing in either; comments and glyphs are not kept in a
/// [`Record`]), without building the move tree. After a move that cannot be played the text
/// is still lexed to its end (a broken record is reported before a bad move, as there).
fn replay_plain(start: &Position, text: &str, texts: Texts, reading: Reading) -> Plain {
    let spans = texts == Texts::Spans;
    let mut tokens = pgn::Tokens::new(text);
    let mut pos = start.clone();
    // About one move per 8 bytes of ICCS movetext ("12. h2e2 h9g7 ").
    let guess = text.len() / 8;
    let mut out = MainLine {
        moves: Vec::with_capacity(guess),
        texts: Vec::with_capacity(if spans { 0 } else { guess }),
        variations: Vec::new(),
        warnings: Vec::new(),
        mate_ply: None,
        after_end: Vec::new(),
    };
    let mut ranges = Vec::with_capacity(if spans { guess } else { 0 });
    let mut failed = None;
    let mut ended = false;
    let mut result = None;
    let mut scan = pgn::IntegrityScan::default();
    let mut i = 0usize;
    while let Some(token) = tokens.next() {
        // No `(`: every marker ends the main line.
        scan.token(&token, &tokens);
        match token {
            pgn::Token::Result { result: r, .. } => {
                result = Some(r);
                break;
            }
            pgn::Token::Move(m) => {
                if ended {
                    out.after_end.push(m.to_string());
                } else if failed.is_none() {
                    match notation::parse_move_as(&pos, m, reading) {
                        Ok(p) => {
                            pos.make_move(p.mv);
                            out.moves.push(p.mv);
                            if spans {
                                // `m` is a piece of `text`.
                                let at = m.as_ptr() as usize - text.as_ptr() as usize;
                                ranges.push(at..at + m.len());
                            } else {
                                out.texts.push(m.to_string());
                            }
                            if let Some(warning) = p.warning {
                                out.warnings.push(MoveWarning {
                                    ply: i + 1,
                                    text: m.to_string(),
                                    warning,
                                });
                            }
                        }
                        Err(e) => {
                            if pos.has_legal_move() {
                                failed = Some((i + 1, m.to_string(), RecordErrorKind::Move(e)));
                            } else {
                                out.mate_ply = Some(i);
                                out.after_end.push(m.to_string());
                                ended = true;
                            }
                        }
                    }
                }
                i += 1;
            }
            _ => {}
        }
    }
    let integrity = scan.finish(&tokens);
    if failed.is_none() && !ended && !pos.has_legal_move() {
        out.mate_ply = Some(i);
    }
    Plain {
        main: match failed {
            Some(f) => Err(f),
            None => Ok(out),
        },
        result,
        integrity,
        spans: spans.then_some(ranges),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::GameKind;
    use crate::record::raw_games;
    use crate::stream::Limits;

    /// Replays `raw` the three ways: every reading through the move tree
    /// ([`replay_movetext_tree`], the general path), [`replay_pgn`] and [`replay_pgn_spans`],
    /// and checks they agree (records compared by their `Debug` form; the spans give the
    /// general path's texts).
    fn same_replay(raw: &RawGame) -> usize {
        let general = replay_pgn_with(raw, raw.encoding, 3, Some("f.pgn"), |raw, start, reading| {
            replay_movetext_tree(raw.movetext(), start, reading)
        });
        let owned = replay_pgn(raw, raw.encoding, 3, Some("f.pgn"));
        let spans = replay_pgn_spans(raw, raw.encoding, 3, Some("f.pgn"));
        let show = |r: &Result<Record, RecordError>| format!("{r:?}");
        let general = general.map(|(r, s)| {
            assert!(s.is_none());
            r
        });
        assert_eq!(show(&general), show(&owned), "{}", raw.text);
        match (general, spans) {
            (Ok(g), Ok((mut r, s))) => {
                if let Some(s) = s {
                    assert!(r.texts.is_empty());
                    r.texts = s.iter().map(|s| raw.movetext()[s.clone()].to_string()).collect();
                }
                assert_eq!(format!("{g:?}"), format!("{r:?}"), "{}", raw.text);
                g.moves.len()
            }
            (Err(g), Err(e)) => {
                assert_eq!(g, e, "{}", raw.text);
                0
            }
            (g, s) => panic!("{}: {g:?} vs {s:?}", raw.text),
        }
    }

    fn raw(text: &str) -> RawGame {
        RawGame::from_text(text.to_string(), 1, 0, TextEncoding::Utf8)
    }

    #[test]
    fn one_pass_replay_is_the_general_one() {
        let odd = [
            "1. h2e2 h9g7 2. h0g2 *",
            "[Result \"1-0\"]\n\n1. h2e2 {a comment} h9g7 $1 2. h0g2! i9h9?? 1-0 trailing words",
            "1. h2e2 h9g7 2. h0g2 {never closed",
            "1. h2e2 h9g7 2. zzzz {never closed",
            "1. h2e2 h9g7 2. zzzz i9h9 *",
            "1. h2e2 ) h9g7 ) 2. h0g2 *",
            "1. h2e2 h9g7 2.",
            "1. h2e2 h9g7 2. {c}",
            "1. h2e2 h9g7 2. $3",
            "1. h2e2 0-1 h9g7",
            "%escaped line\n1. h2e2 ; to the end\nh9g7 *",
            "1. 炮二平五 馬８進７ 2. 傌二進三 *",
            "1. C2=5 h8+7 2. H2+3 *",
            "[FEN \"bad\"]\n\n1. h2e2 *",
            "[FEN \"4k4/9/9/9/9/9/9/9/4A4/3AK4 w\"]\n\n1. d0e1 e9e8 *",
            // Mate, then moves after the end.
            "[FEN \"3k5/4R4/3R5/9/9/9/9/9/9/4K4 b\"]\n\n1... d9e9 2. d7d9 h0h1 e9d9 *",
            "[FEN \"3k5/4R4/4R4/9/9/9/9/9/9/4K4 b\"]\n\n1... d9d8 *",
            "",
            "{only a comment}",
            "1. h2e2 h9g7 (1... b9c7) 2. h0g2 *",
        ];
        for text in odd {
            same_replay(&raw(text));
        }
        // Real games, whole, and one in 16 cut short at every 7th byte.
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
        let mut moves = 0;
        let mut games = 0;
        for sub in ["iccs", "big5", "notation"] {
            let Ok(entries) = std::fs::read_dir(format!("{dir}/{sub}")) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_none_or(|e| e != "pgn") {
                    continue;
                }
                let bytes = std::fs::read(&path).unwrap();
                for (_, g) in raw_games(&bytes[..], Limits::default()) {
                    let Ok(g) = g else { continue };
                    if pgn::detect_game(&g) != GameKind::Xiangqi {
                        continue;
                    }
                    games += 1;
                    moves += same_replay(&g);
                    let text = &g.text;
                    if games % 16 != 1 {
                        continue;
                    }
                    for cut in (0..text.len()).step_by(7).filter(|&c| text.is_char_boundary(c)) {
                        same_replay(&raw(&text[..cut]));
                    }
                }
            }
        }
        assert!(games >= 10 && moves >= 500, "{games} games, {moves} moves");
    }
}
