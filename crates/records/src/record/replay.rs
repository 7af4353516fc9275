//! Moves read and checked into a [`Record`]: the replay of a move tree (PGN, XQF, the tree
//! formats, move lists), its main line stopping at the first unplayable move and its
//! variations replayed as far as they are legal.

use super::error::{RecordError, RecordErrorKind};
use super::{MoveWarning, Record, Source, Variation, MAX_VARIATION_DEPTH};
use crate::encoding::TextEncoding;
use crate::pgn::PgnMove;
use crate::text::TextGame;
use crate::tree::{SquareMove, TreeGame};
use crate::xqf::{self, XqfError, XqfMove};
use xiangqi::notation::{self, NotationWarning, Reading};
use xiangqi::{Move, Position};

/// A move of an input tree: PGN text or XQF squares.
pub(super) trait TreeMove: Sized {
    fn text(&self) -> String;
    fn variations(&self) -> &[Vec<Self>];
    /// The move in `pos`, checked legal; a text read as `reading` says.
    fn resolve(
        &self,
        pos: &Position,
        reading: Reading,
    ) -> Result<(Move, Option<NotationWarning>), RecordErrorKind>;
}

impl TreeMove for PgnMove {
    fn text(&self) -> String {
        self.text.clone()
    }
    fn variations(&self) -> &[Vec<Self>] {
        &self.variations
    }
    fn resolve(
        &self,
        pos: &Position,
        reading: Reading,
    ) -> Result<(Move, Option<NotationWarning>), RecordErrorKind> {
        let p = notation::parse_move_as(pos, &self.text, reading).map_err(RecordErrorKind::Move)?;
        Ok((p.mv, p.warning))
    }
}

impl TreeMove for XqfMove {
    fn text(&self) -> String {
        XqfMove::text(self)
    }
    fn variations(&self) -> &[Vec<Self>] {
        &self.variations
    }
    fn resolve(
        &self,
        pos: &Position,
        _: Reading,
    ) -> Result<(Move, Option<NotationWarning>), RecordErrorKind> {
        let (from, to) = self.squares().map_err(RecordErrorKind::Xqf)?;
        let mv = Move::new(from, to);
        pos.check_legal(mv).map_err(RecordErrorKind::Illegal)?;
        Ok((mv, None))
    }
}

impl TreeMove for SquareMove {
    fn text(&self) -> String {
        SquareMove::text(self)
    }
    fn variations(&self) -> &[Vec<Self>] {
        &self.variations
    }
    fn resolve(
        &self,
        pos: &Position,
        _: Reading,
    ) -> Result<(Move, Option<NotationWarning>), RecordErrorKind> {
        let mv = Move::new(self.from, self.to);
        pos.check_legal(mv).map_err(RecordErrorKind::Illegal)?;
        Ok((mv, None))
    }
}

/// A main line as replayed (see [`replay_main_texts`]).
pub(super) struct MainLine {
    pub(super) moves: Vec<Move>,
    pub(super) texts: Vec<String>,
    pub(super) variations: Vec<Variation>,
    pub(super) warnings: Vec<MoveWarning>,
    pub(super) mate_ply: Option<usize>,
    pub(super) after_end: Vec<String>,
}

impl MainLine {
    /// The record of game `index` whose main line this is, from `start`, with its tags and
    /// recorded result (not cut short, no read warning).
    pub(super) fn into_record(
        self,
        index: usize,
        source: Source,
        tags: Vec<(String, String)>,
        start: Position,
        result: String,
    ) -> Record {
        Record {
            index,
            source,
            tags,
            start,
            moves: self.moves,
            texts: self.texts,
            variations: self.variations,
            warnings: self.warnings,
            result,
            mate_ply: self.mate_ply,
            after_end: self.after_end,
            truncated: false,
            read_warnings: Vec::new(),
        }
    }
}

/// Replay a main line; `Err((ply, text, kind))` at the first unplayable move that is not
/// after the end of the game.
fn replay_main<T: TreeMove>(
    start: &Position,
    line: &[T],
) -> Result<MainLine, (usize, String, RecordErrorKind)> {
    replay_main_texts(start, line, true, Reading::Any)
}

/// As [`replay_main`]; `texts`: whether to copy the played moves' texts into
/// [`MainLine::texts`] (a caller that owns the line moves them there itself); move texts read
/// as `reading` says.
pub(super) fn replay_main_texts<T: TreeMove>(
    start: &Position,
    line: &[T],
    texts: bool,
    reading: Reading,
) -> Result<MainLine, (usize, String, RecordErrorKind)> {
    let mut pos = start.clone();
    let mut out = MainLine {
        moves: Vec::with_capacity(line.len()),
        texts: Vec::with_capacity(if texts { line.len() } else { 0 }),
        variations: Vec::new(),
        warnings: Vec::new(),
        mate_ply: None,
        after_end: Vec::new(),
    };
    for (i, node) in line.iter().enumerate() {
        for var in node.variations() {
            out.variations.push(replay_variation(&pos, i, var, 1, reading));
        }
        match node.resolve(&pos, reading) {
            Ok((mv, warning)) => {
                pos.make_move(mv);
                out.moves.push(mv);
                if texts {
                    out.texts.push(node.text());
                }
                if let Some(warning) = warning {
                    out.warnings.push(MoveWarning {
                        ply: i + 1,
                        text: node.text(),
                        warning,
                    });
                }
            }
            Err(kind) => {
                if !pos.has_legal_move() {
                    out.mate_ply = Some(i);
                    out.after_end = line[i..].iter().map(TreeMove::text).collect();
                    return Ok(out);
                }
                return Err((i + 1, node.text(), kind));
            }
        }
    }
    if !pos.has_legal_move() {
        out.mate_ply = Some(line.len());
    }
    Ok(out)
}

fn replay_variation<T: TreeMove>(
    start: &Position,
    start_ply: usize,
    line: &[T],
    depth: usize,
    reading: Reading,
) -> Variation {
    let mut pos = start.clone();
    let mut v = Variation {
        start_ply,
        moves: Vec::new(),
        texts: Vec::new(),
        error: None,
        variations: Vec::new(),
    };
    for (i, node) in line.iter().enumerate() {
        if depth < MAX_VARIATION_DEPTH {
            for var in node.variations() {
                v.variations
                    .push(replay_variation(&pos, start_ply + i, var, depth + 1, reading));
            }
        }
        v.texts.push(node.text());
        match node.resolve(&pos, reading) {
            Ok((mv, _)) => {
                pos.make_move(mv);
                v.moves.push(mv);
            }
            Err(kind) => {
                v.error = Some(kind.to_string());
                break;
            }
        }
    }
    v
}

/// Read and replay an XQF file (one game, index `index`).
///
/// # Errors
/// [`RecordError`] for a malformed file ([`RecordErrorKind::Xqf`]), a piece table that is
/// not a valid position ([`RecordErrorKind::BadStart`]), or the first main-line move that is
/// illegal ([`RecordErrorKind::Illegal`], or [`XqfError::BadSquare`]) with its ply and ICCS
/// text, or a main line cut off by the end of the file ([`XqfError::Truncated`], ply of the
/// move that would follow). A cut that loses only variations is not an error.
pub fn read_xqf(bytes: &[u8], index: usize, file: Option<&str>) -> Result<Record, RecordError> {
    let err = |ply, text, kind| RecordError::new(file, index, ply, text, kind);
    let game = xqf::parse(bytes).map_err(|e| err(None, None, RecordErrorKind::Xqf(e)))?;
    let start = game.start_position();
    start
        .validate()
        .map_err(|e| err(None, None, RecordErrorKind::BadStart(e)))?;
    let main =
        replay_main(&start, &game.moves).map_err(|(ply, text, kind)| err(Some(ply), Some(text), kind))?;
    if let Some(offset) = game.truncated_at {
        if game.main_line_truncated && main.mate_ply.is_none() {
            return Err(err(
                Some(main.moves.len() + 1),
                None,
                RecordErrorKind::Xqf(XqfError::Truncated { offset }),
            ));
        }
    }
    Ok(main.into_record(
        index,
        Source::Xqf(game.header.version),
        game.tags(),
        start,
        game.header.result.to_string(),
    ))
}

/// Replay a game of a tree format (CBR, CBL record, CBF, DhtmlXQ): the start position from
/// [`TreeGame::start_position`], every main-line move checked legal; variations replayed as
/// far as they are legal and kept apart.
///
/// # Errors
/// [`RecordErrorKind::BadStart`] when the start is not a valid position (no ply), or
/// [`RecordErrorKind::Illegal`] at the first illegal main-line move (its ply and ICCS text),
/// unless the side to move has no legal move there (then the rest is [`Record::after_end`]).
pub fn replay_tree(
    game: &TreeGame,
    source: Source,
    index: usize,
    file: Option<&str>,
) -> Result<Record, RecordError> {
    let err = |ply, text, kind| RecordError::new(file, index, ply, text, kind);
    let start = game.start_position();
    start
        .validate()
        .map_err(|e| err(None, None, RecordErrorKind::BadStart(e)))?;
    let main =
        replay_main(&start, &game.moves).map_err(|(ply, text, kind)| err(Some(ply), Some(text), kind))?;
    let mut tags = game.tags.clone();
    if start != Position::startpos() && !tags.iter().any(|(k, _)| k == "FEN") {
        tags.push(("FEN".to_string(), start.to_fen()));
    }
    tags.push(("Format".to_string(), source.format().to_string()));
    Ok(main.into_record(index, source, tags, start, game.result.to_string()))
}

/// Replay a plain-text move list (see [`crate::text`]): from its FEN line (or the standard
/// start), every move read with [`xiangqi::notation::parse_move`] and checked.
///
/// # Errors
/// [`RecordErrorKind::BadFen`] for a FEN line that is not a position (no ply), or the first
/// main-line move that cannot be read or is illegal (its ply and text), unless the side to
/// move has no legal move there (then the rest is [`Record::after_end`]).
pub fn replay_text(
    game: &TextGame,
    encoding: TextEncoding,
    index: usize,
    file: Option<&str>,
) -> Result<Record, RecordError> {
    replay_listed(game, Source::Text(encoding), index, file)
}

/// [`replay_text`] for a move list read from a text format, with its `source`.
pub(super) fn replay_listed(
    game: &TextGame,
    source: Source,
    index: usize,
    file: Option<&str>,
) -> Result<Record, RecordError> {
    let err = |ply, text, kind| RecordError::new(file, index, ply, text, kind);
    let start = match &game.fen {
        Some(fen) => Position::from_fen(fen).map_err(|error| {
            err(
                None,
                None,
                RecordErrorKind::BadFen {
                    fen: fen.clone(),
                    error,
                },
            )
        })?,
        None => Position::startpos(),
    };
    let main =
        replay_main(&start, &game.moves).map_err(|(ply, text, kind)| err(Some(ply), Some(text), kind))?;
    let mut tags = game.tags.clone();
    if let Some(fen) = &game.fen {
        tags.push(("FEN".to_string(), fen.clone()));
    }
    tags.push(("Format".to_string(), source.format().to_string()));
    Ok(main.into_record(index, source, tags, start, game.result.to_string()))
}
