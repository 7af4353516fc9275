//! Records: a game read from PGN or XQF and replayed with full legality checks.
//!
//! **Plies.** Ply 0 is the start position; ply k is the position after k moves. An error "at
//! ply k" concerns the k-th move of the main line (k − 1 moves were played before it, so the
//! failing move is the one that would have produced ply k). [`Record::mate_ply`] is a
//! position ply: the number of moves played when the side to move first had no legal move.

use crate::encoding::{self, TextEncoding};
use crate::pgn::{self, GameKind, PgnMove, RawGame};
use crate::stream::{Chunk, Limits, Splitter};
use crate::text::TextGame;
use crate::tree::{Malformed, SquareMove, TreeGame};
use crate::xqf::{self, XqfError, XqfMove};
use crate::{cbf, cbl, cbr, dhtmlxq, text, wxf};
use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read};
use std::path::Path;
use xiangqi::notation::{self, NotationError, NotationWarning, Reading};
use xiangqi::{FenError, Move, Position};

/// Variations nested deeper than this are not replayed (protects the stack on hostile input).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Where a record came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A PGN game, decoded from this encoding.
    Pgn(TextEncoding),
    /// An XQF file of this version byte (0x0A = 1.0).
    Xqf(u8),
    /// A ChessBridge CBR file of this layout version (2; 1 unverified).
    Cbr(u8),
    /// A record of a ChessBridge CBL library, with its slot number.
    Cbl(usize),
    /// A ChessBridge CBF (XML) file.
    Cbf,
    /// A DhtmlXQ / UBB block of a text or HTML page, decoded from this encoding.
    DhtmlXq(TextEncoding),
    /// A plain-text Chinese move list, decoded from this encoding.
    Text(TextEncoding),
    /// A WXF file (`FORMAT WXF`, moves in `START{ … }END`), decoded from this encoding.
    Wxf(TextEncoding),
}

impl Source {
    /// A short name of the format: `PGN`, `XQF`, `CBR`, `CBL`, `CBF`, `DhtmlXQ`, `text`, `WXF`.
    pub fn format(self) -> &'static str {
        match self {
            Source::Pgn(_) => "PGN",
            Source::Xqf(_) => "XQF",
            Source::Cbr(_) => "CBR",
            Source::Cbl(_) => "CBL",
            Source::Cbf => "CBF",
            Source::DhtmlXq(_) => "DhtmlXQ",
            Source::Text(_) => "text",
            Source::Wxf(_) => "WXF",
        }
    }
}

/// A notation warning on a main-line move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveWarning {
    /// The ply the move produced (1 = the first move).
    pub ply: usize,
    /// The move as written.
    pub text: String,
    pub warning: NotationWarning,
}

/// An alternative line, replayed as far as it is legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The ply of the position it starts from: its first move replaces move `start_ply + 1`
    /// of the line it hangs off (plies count from the game's start through that line).
    pub start_ply: usize,
    /// Its moves as replayed (legal), in order.
    pub moves: Vec<Move>,
    /// Its moves as written (ICCS for XQF), one per entry of `moves`, plus the failing one
    /// last when `error` is set.
    pub texts: Vec<String>,
    /// Why replay of this variation stopped early, if it did (the move is `texts.last()`).
    pub error: Option<String>,
    /// Alternatives within this variation.
    pub variations: Vec<Variation>,
}

/// A xiangqi game read and replayed.
#[derive(Clone, Debug)]
pub struct Record {
    /// 0-based index of the game within its file.
    pub index: usize,
    pub source: Source,
    /// Tags in file order (XQF header fields become `Title`, `Event`, `Date`, `Site`, `Red`,
    /// `Black`, …, `Result`, `Format`).
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag's, the XQF piece table's, or the standard start).
    pub start: Position,
    /// The main line as replayed: every move legal in turn. Ends early only at a position
    /// with no legal move (see [`Record::mate_ply`] and [`Record::after_end`]).
    pub moves: Vec<Move>,
    /// The main-line moves as written (ICCS for XQF), one per entry of `moves`.
    pub texts: Vec<String>,
    /// Alternatives to main-line moves (and, nested, to their moves).
    pub variations: Vec<Variation>,
    /// Notation warnings on main-line moves (e.g. 前/後 omitted), with their plies.
    pub warnings: Vec<MoveWarning>,
    /// The recorded result: the `Result` tag (or the movetext's termination marker, or the
    /// XQF header), normalised to `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"` (`"*"` if absent).
    pub result: String,
    /// The first ply whose side to move has no legal move (mate or 困斃), if any, counting
    /// the final position. `Some(k)` with `k < texts.len() + after_end.len()` means the
    /// record goes on after the game ended.
    pub mate_ply: Option<usize>,
    /// Move texts recorded after [`Record::mate_ply`] that could not be played (no move is
    /// legal there). Not an error of the reader: callers report them as `moves_after_end`.
    pub after_end: Vec<String>,
    /// The PGN record may have been cut short ([`pgn::Integrity::truncated`]). Never set for
    /// the other formats.
    pub truncated: bool,
    /// What the reader noticed but read past (see [`RawGame::warnings`]).
    pub read_warnings: Vec<String>,
}

impl Record {
    /// The value of the first tag named `name` (ASCII case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        pgn::tag_value(&self.tags, name)
    }

    /// The position after the whole main line.
    pub fn final_position(&self) -> Position {
        let mut p = self.start.clone();
        for &m in &self.moves {
            p.make_move(m);
        }
        p
    }
}

/// A game of a file: xiangqi, read and replayed; or chess, left as raw PGN for the chess side.
#[derive(Clone, Debug)]
pub enum Game {
    Xiangqi(Box<Record>),
    /// Pass [`RawGame::text`] to a chess PGN reader.
    Chess(RawGame),
}

/// What went wrong with one game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// The `FEN` tag is not a valid xiangqi position.
    #[error("bad FEN tag '{fen}': {error}")]
    BadFen { fen: String, error: FenError },
    /// The XQF piece table does not form a valid position.
    #[error("bad start position: {0}")]
    BadStart(FenError),
    /// A main-line move is unreadable, ambiguous or illegal.
    #[error("{0}")]
    Move(NotationError),
    /// An XQF move is illegal in the position (from-point empty, wrong side, impossible move).
    #[error("{0}")]
    Illegal(xiangqi::IllegalMove),
    /// The XQF file is malformed.
    #[error("{0}")]
    Xqf(XqfError),
    /// A CBR, CBL, CBF, DhtmlXQ or text record is malformed (format, byte offset, what).
    #[error("{0}")]
    Malformed(Malformed),
    /// A format that is recognised but not read (e.g. the compressed `.cbl` container).
    #[error("{0}")]
    Unsupported(String),
    /// The PGN record is broken (unterminated comment, unclosed variation).
    #[error("broken record: {0}")]
    Broken(String),
    /// Something in the record is over its cap ([`Limits`]), or a whole-file format is over
    /// [`MAX_WHOLE_FILE_BYTES`].
    #[error("{0}")]
    TooLarge(String),
    /// The input could not be read (from this game on).
    #[error("{0}")]
    Read(String),
}

/// An error reading one game: what (`kind`) and where (file, 0-based game index, ply of the
/// failing main-line move with its text). Display: `FILE: game N, ply P ('TEXT'): REASON`, with
/// N counted from 1 (`index` + 1), as every report counts games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The file, when known.
    pub file: Option<String>,
    /// 0-based index of the game in its file.
    pub index: usize,
    /// The failing move's ply (1 = the first move; k − 1 moves were played before it).
    pub ply: Option<usize>,
    /// The failing move as written.
    pub text: Option<String>,
    /// 1-based line of the game's start in its file, when known.
    pub line: Option<usize>,
    /// What went wrong (boxed to keep `Result`s small).
    pub kind: Box<RecordErrorKind>,
}

impl RecordError {
    /// An error of game `index` of `file`, at the main-line move `ply` written `text`.
    pub fn new(
        file: Option<&str>,
        index: usize,
        ply: Option<usize>,
        text: Option<String>,
        kind: RecordErrorKind,
    ) -> RecordError {
        RecordError {
            file: file.map(str::to_string),
            index,
            ply,
            text,
            line: None,
            kind: Box::new(kind),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        write!(f, "game {}", self.index + 1)?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        if let Some(ply) = self.ply {
            write!(f, ", ply {ply}")?;
        }
        if let Some(text) = &self.text {
            write!(f, " ('{}')", notation::quote(text))?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for RecordError {}

/// An error that stops a whole file.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// Options for reading a file's games.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Treat every PGN game as this kind (`--game xiangqi|chess`) instead of detecting it.
    pub kind: Option<GameKind>,
    /// The file name used in error messages.
    pub file: Option<String>,
}

/// Whether bytes look like an XQF file (`XQ` then a version byte below 0x20).
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() >= 3 && &bytes[..2] == b"XQ" && bytes[2] < 0x20
}

/// Extensions a directory walk reads whatever the content: `.pgn`, `.xqf`, `.cbr`, `.cbl`,
/// `.cbf`, `.wxf` (any case).
pub const RECORD_EXTENSIONS: [&str; 6] = ["pgn", "xqf", "cbr", "cbl", "cbf", "wxf"];
/// Extensions a directory walk reads when the content holds a record ([`is_text_record`]):
/// `.txt`, `.htm`, `.html`, `.ubb`.
pub const TEXT_EXTENSIONS: [&str; 4] = ["txt", "htm", "html", "ubb"];
/// How much of a text file [`is_record_path`] reads to decide.
pub const SNIFF_BYTES: u64 = 1 << 20;

/// Whether a directory walk should read this file: an extension of [`RECORD_EXTENSIONS`],
/// or one of [`TEXT_EXTENSIONS`] when its first [`SNIFF_BYTES`] hold a DhtmlXQ block, a CBF
/// document or a Chinese move list (this reads the file; an unreadable file is not a record).
pub fn is_record_path(path: &Path) -> bool {
    let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
        return false;
    };
    if RECORD_EXTENSIONS.iter().any(|x| ext.eq_ignore_ascii_case(x)) {
        return true;
    }
    if !TEXT_EXTENSIONS.iter().any(|x| ext.eq_ignore_ascii_case(x)) {
        return false;
    }
    use std::io::Read;
    let mut head = Vec::new();
    match std::fs::File::open(path) {
        Ok(f) => f.take(SNIFF_BYTES).read_to_end(&mut head).is_ok() && is_text_record(&head),
        Err(_) => false,
    }
}

/// Whether text bytes (any encoding [`encoding::decode`] reads) hold a DhtmlXQ block, a CBF
/// document or a Chinese move list.
pub fn is_text_record(bytes: &[u8]) -> bool {
    let t = encoding::decode(bytes).text;
    dhtmlxq::is_dhtmlxq(&t) || cbf::is_cbf(&t) || wxf::is_wxf(&t) || text::looks_like_move_list(&t)
}

/// What a file's bytes hold, judged by content (magic bytes, then the decoded text).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Pgn,
    Xqf,
    Cbr,
    Cbl,
    /// The zlib-compressed `.cbl` container (not read).
    CompressedCbl,
    Cbf,
    DhtmlXq,
    /// A plain-text Chinese move list.
    Text,
    /// A WXF file (`FORMAT WXF`).
    Wxf,
}

/// Detect the format of a file's bytes by content (the extension is not consulted).
pub fn detect_format(bytes: &[u8]) -> Format {
    if cbr::is_cbr(bytes) {
        Format::Cbr
    } else if cbl::is_cbl(bytes) {
        Format::Cbl
    } else if cbl::is_compressed_cbl(bytes) {
        Format::CompressedCbl
    } else if is_xqf(bytes) {
        Format::Xqf
    } else {
        text_format(&encoding::decode(bytes).text)
    }
}

/// The bytes decoded as text when they hold PGN (see [`detect_format`]), `None` when they
/// hold another format: lets a caller with its own PGN path decode a file only once.
pub fn decode_if_pgn(bytes: &[u8]) -> Option<encoding::Decoded<'_>> {
    if cbr::is_cbr(bytes) || cbl::is_cbl(bytes) || cbl::is_compressed_cbl(bytes) || is_xqf(bytes) {
        return None;
    }
    let d = encoding::decode(bytes);
    (text_format(&d.text) == Format::Pgn).then_some(d)
}

fn text_format(t: &str) -> Format {
    if cbf::is_cbf(t) {
        Format::Cbf
    } else if wxf::is_wxf(t) {
        Format::Wxf
    } else if dhtmlxq::is_dhtmlxq(t) {
        Format::DhtmlXq
    } else if text::looks_like_move_list(t) {
        Format::Text
    } else {
        Format::Pgn
    }
}

/// Streaming reader over the games of one file's bytes (XQF or PGN in any supported
/// encoding). Yields `(index, game)` with a 0-based index; holds one game at a time beyond
/// the decoded text.
pub struct Games<'a> {
    inner: GamesInner<'a>,
    opts: ReadOptions,
    index: usize,
}

enum GamesInner<'a> {
    Xqf(Option<&'a [u8]>),
    Cbr(Option<&'a [u8]>),
    Cbl {
        bytes: &'a [u8],
        library: Result<cbl::Library, Option<Malformed>>,
        next: usize,
    },
    Unsupported(Option<String>),
    /// PGN, split and decoded game by game (see [`RawGames`]).
    Pgn(RawGames<&'a [u8]>),
    /// CBF, DhtmlXQ or a move list: `pos` is where the next game's search starts.
    Text {
        text: Cow<'a, str>,
        encoding: TextEncoding,
        format: Format,
        pos: usize,
    },
}

/// Read the games of a file's bytes lazily (see [`Games`]).
pub fn games(bytes: &[u8], opts: ReadOptions) -> Games<'_> {
    let inner = if cbr::is_cbr(bytes) {
        GamesInner::Cbr(Some(bytes))
    } else if cbl::is_cbl(bytes) {
        GamesInner::Cbl {
            bytes,
            library: cbl::library(bytes).map_err(Some),
            next: 0,
        }
    } else if cbl::is_compressed_cbl(bytes) {
        GamesInner::Unsupported(Some(
            "a compressed ChessBridge container ('CCBridge' + zlib), which is not read; \
             save it from ChessBridge as CBL or CBR"
                .to_string(),
        ))
    } else if is_xqf(bytes) {
        GamesInner::Xqf(Some(bytes))
    } else {
        let d = encoding::decode(bytes);
        // A PGN hint (`--game`) keeps the PGN reader; otherwise the text decides.
        let format = if opts.kind == Some(GameKind::Chess) {
            Format::Pgn
        } else {
            text_format(&d.text)
        };
        match format {
            Format::Pgn => GamesInner::Pgn(raw_games(bytes, Limits::default())),
            format => GamesInner::Text {
                text: d.text,
                encoding: d.encoding,
                format,
                pos: 0,
            },
        }
    };
    Games {
        inner,
        opts,
        index: 0,
    }
}

impl Iterator for Games<'_> {
    type Item = (usize, Result<Game, RecordError>);

    fn next(&mut self) -> Option<Self::Item> {
        let mut index = self.index;
        let file = self.opts.file.as_deref();
        let out = match &mut self.inner {
            GamesInner::Cbr(bytes) => {
                let b = bytes.take()?;
                let version = b.get(19).copied().unwrap_or(0);
                cbr::parse(b, 0)
                    .map_err(|m| RecordError::new(file, index, None, None, RecordErrorKind::Malformed(m)))
                    .and_then(|g| replay_tree(&g, Source::Cbr(version), index, file))
                    .map(|r| Game::Xiangqi(Box::new(r)))
            }
            GamesInner::Cbl { bytes, library, next } => {
                let lib = match library {
                    Ok(lib) => lib,
                    Err(e) => {
                        let m = e.take()?;
                        self.index += 1;
                        return Some((
                            index,
                            Err(RecordError::new(
                                file,
                                index,
                                None,
                                None,
                                RecordErrorKind::Malformed(m),
                            )),
                        ));
                    }
                };
                // Title-only records and stale slots are not games (see `cbl`); the index
                // of a game is its record number in the library. A title passed over is named
                // in the next game's read warnings, not skipped silently.
                let mut titles = Vec::new();
                loop {
                    let k = *next;
                    let slot = lib.slots.get(k)?.clone();
                    *next += 1;
                    if !slot.live {
                        continue;
                    }
                    index = k;
                    match cbr::parse(&bytes[slot.offset..slot.end], slot.offset) {
                        Ok(g) if g.is_title_only() => {
                            let title = g.tag("Title").filter(|t| !t.is_empty());
                            titles.push(match title {
                                Some(t) => format!(
                                    "record {} of the library is a section title ('{}'), not a game: passed over",
                                    k + 1,
                                    notation::quote(t)
                                ),
                                None => format!(
                                    "record {} of the library holds no piece and no move (a section title), not a game: passed over",
                                    k + 1
                                ),
                            });
                            continue;
                        }
                        Ok(g) => {
                            break replay_tree(&g, Source::Cbl(slot.slot), index, file).map(|mut r| {
                                titles.append(&mut r.read_warnings);
                                r.read_warnings = titles;
                                Game::Xiangqi(Box::new(r))
                            })
                        }
                        Err(m) => {
                            break Err(RecordError::new(
                                file,
                                index,
                                None,
                                None,
                                RecordErrorKind::Malformed(m),
                            ))
                        }
                    }
                }
            }
            GamesInner::Unsupported(why) => {
                let why = why.take()?;
                Err(RecordError::new(
                    file,
                    index,
                    None,
                    None,
                    RecordErrorKind::Unsupported(why),
                ))
            }
            GamesInner::Text {
                text,
                encoding,
                format,
                pos,
            } => {
                let t: &str = text;
                match format {
                    Format::DhtmlXq => {
                        let (start, end) = dhtmlxq::next_block(t, *pos)?;
                        *pos = end;
                        dhtmlxq::parse(&t[start..end], start)
                            .map_err(|m| {
                                RecordError::new(file, index, None, None, RecordErrorKind::Malformed(m))
                            })
                            .and_then(|g| replay_tree(&g, Source::DhtmlXq(*encoding), index, file))
                            .map(|r| Game::Xiangqi(Box::new(r)))
                    }
                    Format::Cbf => {
                        if *pos > 0 {
                            return None;
                        }
                        *pos = t.len().max(1);
                        cbf::parse(t)
                            .map_err(|m| {
                                RecordError::new(file, index, None, None, RecordErrorKind::Malformed(m))
                            })
                            .and_then(|g| replay_tree(&g, Source::Cbf, index, file))
                            .map(|r| Game::Xiangqi(Box::new(r)))
                    }
                    Format::Wxf => {
                        if *pos > 0 {
                            return None;
                        }
                        *pos = t.len().max(1);
                        wxf::parse(t)
                            .map_err(|m| {
                                RecordError::new(file, index, None, None, RecordErrorKind::Malformed(m))
                            })
                            .and_then(|g| replay_listed(&g, Source::Wxf(*encoding), index, file))
                            .map(|r| Game::Xiangqi(Box::new(r)))
                    }
                    _ => {
                        if *pos > 0 {
                            return None;
                        }
                        *pos = t.len().max(1);
                        let g = text::parse(t);
                        replay_text(&g, *encoding, index, file).map(|r| Game::Xiangqi(Box::new(r)))
                    }
                }
            }
            GamesInner::Xqf(bytes) => {
                // An XQF file is xiangqi whatever the kind hint says.
                let b = bytes.take()?;
                read_xqf(b, index, self.opts.file.as_deref()).map(|r| Game::Xiangqi(Box::new(r)))
            }
            GamesInner::Pgn(raw) => {
                let (i, r) = raw.next()?;
                index = i;
                match r {
                    Ok(raw) => read_raw(raw, self.opts.kind, index, file),
                    Err(mut e) => {
                        e.file = file.map(str::to_string);
                        Err(e)
                    }
                }
            }
        };
        self.index = index + 1;
        Some((index, out))
    }
}

/// The largest input of a whole-file format (XQF, CBR, CBL, CBF, DhtmlXQ, text move lists)
/// that is read: these are read whole, and real ones are far smaller (a CBL library of 35
/// games is 250 KiB). PGN is streamed game by game and has no such limit (see [`Limits`]).
pub const MAX_WHOLE_FILE_BYTES: usize = 64 << 20;

/// The PGN games of a stream as text, split and decoded (each game on its own: see
/// [`encoding::decode_game`]) but not yet read as xiangqi or chess: pass each to [`read_raw`]
/// (which may run in parallel). Items are `(index, raw game or error)` in input order; errors
/// are games over a cap ([`RecordErrorKind::TooLarge`], with the game's line) or a failed read
/// ([`RecordErrorKind::Read`], the last item). Text with neither tags nor moves between games
/// is not a game and gives no item (see [`RawGames::skipped`]). Memory: one game at a time,
/// bounded by [`Limits::game_bytes`] plus a 64 KiB buffer.
pub struct RawGames<R> {
    split: Splitter<R>,
    index: usize,
    skipped: usize,
    /// The encoding of the last game that was not UTF-8 (tried first for the next one).
    legacy: Option<TextEncoding>,
    /// The input's bytes of the last item given ([`RawGames::span`]).
    span: Option<std::ops::Range<u64>>,
}

/// Split and decode the PGN games of a stream (see [`RawGames`]).
pub fn raw_games<R: Read>(src: R, limits: Limits) -> RawGames<R> {
    RawGames {
        split: Splitter::with_limits(src, limits),
        index: 0,
        skipped: 0,
        legacy: None,
        span: None,
    }
}

impl<R> RawGames<R> {
    /// Pieces of text read so far that held neither tags nor moves (not games).
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// Where the bytes of the last item given lie in the input (see [`crate::stream::Chunk::span`]):
    /// `None` for a game over a cap, a failed read, and games in or after UTF-16 text.
    pub fn span(&self) -> Option<std::ops::Range<u64>> {
        self.span.clone()
    }
}

/// A split game as [`RawGames::next_split`] gives it: read ([`SplitGame::Raw`]), or left as
/// its text when that is UTF-8 and starts with a tag ([`SplitGame::Text`]), so that reading
/// it (its tags and where its movetext starts) can be done on another thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitGame {
    Raw(RawGame),
    Text(GameText),
}

/// A split game's UTF-8 text, not yet read: [`GameText::to_raw`] gives the [`RawGame`] that
/// [`RawGames`] would have given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    text: String,
    line: usize,
    offset: u64,
}

impl GameText {
    /// The text's length in bytes.
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether the text is empty (never, for a split game).
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The game read: [`RawGame::from_text`] over a copy of the text (UTF-8, no warning).
    pub fn to_raw(&self) -> RawGame {
        RawGame::from_text(self.text.clone(), self.line, self.offset, TextEncoding::Utf8)
    }

    /// [`GameText::to_raw`] without the copy.
    pub fn into_raw(self) -> RawGame {
        RawGame::from_text(self.text, self.line, self.offset, TextEncoding::Utf8)
    }
}

impl SplitGame {
    /// The game read (see [`GameText::into_raw`]).
    pub fn into_raw(self) -> RawGame {
        match self {
            SplitGame::Raw(raw) => raw,
            SplitGame::Text(t) => t.into_raw(),
        }
    }
}

/// Whether a split game's bytes surely hold a tag (so that [`pgn::is_game`] holds without
/// reading them): the first line starts (after spaces and tabs) with `[` and a letter, digit
/// or `_`, which [`RawGame::from_text`] reads as a tag with a name.
fn starts_with_tag(bytes: &[u8]) -> bool {
    let lead = bytes.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    matches!(bytes.get(lead..lead + 2), Some([b'[', c]) if c.is_ascii_alphanumeric() || *c == b'_')
}

impl<R: Read> RawGames<R> {
    /// The next game as [`Iterator::next`] gives it, but a UTF-8 game that starts with a tag
    /// is not read yet ([`SplitGame::Text`]): the splitting stays in order on this thread and
    /// the reading can go with the judging. Same games, indexes and errors as `next`.
    pub fn next_split(&mut self) -> Option<(usize, Result<SplitGame, RecordError>)> {
        loop {
            let index = self.index;
            let chunk = match self.next_chunk()? {
                Ok(c) => c,
                Err(e) => return Some((index, Err(e))),
            };
            let chunk = if chunk.utf16.is_none() && starts_with_tag(&chunk.bytes) {
                match String::from_utf8(chunk.bytes) {
                    Ok(text) => {
                        self.index += 1;
                        let text = GameText {
                            text,
                            line: chunk.line,
                            offset: chunk.offset,
                        };
                        return Some((index, Ok(SplitGame::Text(text))));
                    }
                    Err(e) => Chunk {
                        bytes: e.into_bytes(),
                        ..chunk
                    },
                }
            } else {
                chunk
            };
            if let Some(game) = self.decoded(chunk) {
                return Some((index, Ok(SplitGame::Raw(game))));
            }
        }
    }

    /// The splitter's next chunk, or the error item it gives (a failed read, or a game over a
    /// cap with its line), which takes the next index.
    fn next_chunk(&mut self) -> Option<Result<Chunk, RecordError>> {
        let index = self.index;
        self.span = None;
        let chunk = match self.split.next()? {
            Ok(c) => {
                self.span = c.span.clone();
                c
            }
            Err(e) => {
                self.index += 1;
                let kind = RecordErrorKind::Read(format!("cannot read: {e}"));
                return Some(Err(RecordError::new(None, index, None, None, kind)));
            }
        };
        match chunk.overflow {
            Some(o) => {
                self.index += 1;
                let mut e =
                    RecordError::new(None, index, None, None, RecordErrorKind::TooLarge(o.to_string()));
                e.line = Some(chunk.line.min(o.line));
                Some(Err(e))
            }
            None => Some(Ok(chunk)),
        }
    }

    /// A chunk decoded; `None` (counted in [`RawGames::skipped`]) when it is not a game.
    fn decoded(&mut self, chunk: Chunk) -> Option<RawGame> {
        let game = decode_chunk(chunk, self.legacy);
        if !game.encoding.is_unicode() {
            self.legacy = Some(game.encoding);
        }
        if pgn::is_game(&game) {
            self.index += 1;
            Some(game)
        } else {
            self.skipped += 1;
            None
        }
    }
}

impl<R: Read> Iterator for RawGames<R> {
    type Item = (usize, Result<RawGame, RecordError>);

    fn next(&mut self) -> Option<Self::Item> {
        let (index, game) = self.next_split()?;
        Some((index, game.map(SplitGame::into_raw)))
    }
}

impl<R: Read> RawGames<R> {
    /// [`Iterator::next`] as it was before [`RawGames::next_split`]: every game decoded and
    /// read here (the tests compare the two).
    #[cfg(test)]
    fn next_whole(&mut self) -> Option<(usize, Result<RawGame, RecordError>)> {
        loop {
            let index = self.index;
            let chunk = match self.next_chunk()? {
                Ok(c) => c,
                Err(e) => return Some((index, Err(e))),
            };
            if let Some(game) = self.decoded(chunk) {
                return Some((index, Ok(game)));
            }
        }
    }
}

/// A split game's bytes decoded (see [`encoding::decode_game`]), with a warning when some
/// bytes had to be replaced.
fn decode_chunk(chunk: Chunk, legacy: Option<TextEncoding>) -> RawGame {
    let (text, encoding, warning) = match chunk.utf16 {
        Some(enc) => {
            let text = String::from_utf8(chunk.bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            let w = chunk.utf16_errors.then(|| {
                format!(
                    "some bytes are not valid {}: read as U+FFFD (replacement characters)",
                    enc.name()
                )
            });
            (text, enc, w)
        }
        None => match String::from_utf8(chunk.bytes) {
            Ok(t) => {
                let t = match t.strip_prefix('\u{feff}') {
                    Some(rest) => rest.to_string(),
                    None => t,
                };
                (t, TextEncoding::Utf8, None)
            }
            Err(e) => {
                let bytes = e.into_bytes();
                let (d, w) = encoding::decode_game_with_hint(&bytes, legacy);
                (d.text.into_owned(), d.encoding, w)
            }
        },
    };
    let mut game = RawGame::from_text(text, chunk.line, chunk.offset, encoding);
    game.warnings.extend(warning);
    game
}

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
    Ok(integrity.truncated(result_tag(raw)))
}

/// Whether a game has a `[Result]` tag holding a result (`1-0`, `0-1`, `1/2-1/2`, `*`).
fn result_tag(raw: &RawGame) -> bool {
    raw.tag("Result")
        .is_some_and(|r| pgn::normalize_result(r.trim()).is_some())
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

/// A stream opened for reading records (see [`open_reader`]).
pub enum Opened<R> {
    /// PGN: split and decoded game by game as it is read.
    Pgn(RawGames<Peeked<R>>),
    /// A whole-file format (XQF, CBR, CBL, CBF, DhtmlXQ, a text move list): its bytes, for
    /// [`games`].
    Whole(Vec<u8>),
    /// The stream could not be read, or a whole-file format is over [`MAX_WHOLE_FILE_BYTES`].
    Failed(RecordErrorKind),
}

/// A stream whose first bytes were read to detect its format, and put back in front.
pub type Peeked<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// Open a stream for reading its games, detecting the format as [`detect_format`] does from
/// the first bytes: the first 4 KiB decide when they hold a signature (XQF, CBR, CBL) or
/// plainly PGN (a tag line, no CBF or DhtmlXQ marker: the stream is not held back); else the
/// first [`SNIFF_BYTES`] are decoded (up to their last whole line) and looked at. PGN is then
/// streamed ([`Opened::Pgn`]), any other format read whole up to [`MAX_WHOLE_FILE_BYTES`].
/// `kind` `Some(Chess)` reads any text as PGN.
pub fn open_reader<R: Read>(mut src: R, kind: Option<GameKind>) -> Opened<R> {
    // First the first 4 KiB (or the whole input): enough for every signature and to see a PGN
    // tag line, so that a PGN stream is not held back until a MiB has arrived.
    let mut head = Vec::new();
    let mut buf = [0u8; 4096];
    let mut eof = false;
    while !eof && head.len() < buf.len() {
        match src.read(&mut buf) {
            Ok(0) => eof = true,
            Ok(n) => head.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Opened::Failed(RecordErrorKind::Read(format!("cannot read: {e}"))),
        }
    }
    let binary = cbr::is_cbr(&head) || cbl::is_cbl(&head) || cbl::is_compressed_cbl(&head) || is_xqf(&head);
    if !binary && (kind == Some(GameKind::Chess) || plainly_pgn(&head)) {
        return Opened::Pgn(raw_games(io::Cursor::new(head).chain(src), Limits::default()));
    }
    if !eof {
        if let Err(e) = read_up_to(&mut src, &mut head, SNIFF_BYTES as usize) {
            return Opened::Failed(RecordErrorKind::Read(format!("cannot read: {e}")));
        }
    }
    let whole = head.len() < SNIFF_BYTES as usize;
    let pgn = !binary && {
        // Up to the last line end, so that a multi-byte character is not cut.
        let cut = if whole {
            head.len()
        } else {
            head.iter()
                .rposition(|&b| b == b'\n')
                .map_or(head.len(), |i| i + 1)
        };
        text_format(&encoding::decode(&head[..cut]).text) == Format::Pgn
    };
    if pgn {
        return Opened::Pgn(raw_games(io::Cursor::new(head).chain(src), Limits::default()));
    }
    if !whole {
        if let Err(e) = read_up_to(&mut src, &mut head, MAX_WHOLE_FILE_BYTES + 1) {
            return Opened::Failed(RecordErrorKind::Read(format!("cannot read: {e}")));
        }
        if head.len() > MAX_WHOLE_FILE_BYTES {
            return Opened::Failed(RecordErrorKind::TooLarge(format!(
                "a {} file longer than {} MiB: not read (files of this format are read whole)",
                format_name(detect_format(&head[..SNIFF_BYTES as usize])),
                MAX_WHOLE_FILE_BYTES >> 20
            )));
        }
    }
    Opened::Whole(head)
}

/// Whether the first bytes of an input are PGN without decoding them: no UTF-16 byte-order
/// mark, no CBF or DhtmlXQ marker in them, and a tag line (`[` at a line's start, a `"`
/// after it) in the first 4 KiB, so not a move list either (see [`text_format`]; 4 KiB of a
/// double-byte encoding decode to less than the 8 KiB a move list is looked for in).
fn plainly_pgn(head: &[u8]) -> bool {
    fn find(hay: &[u8], needle: &[u8]) -> bool {
        let mut rest = hay;
        while let Some(i) = rest.iter().position(|&b| b == needle[0]) {
            if rest[i..].starts_with(needle) {
                return true;
            }
            rest = &rest[i + 1..];
        }
        false
    }
    if head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]) {
        return false;
    }
    if find(head, b"[DhtmlXQ") || find(head, b"<ChineseChessRecord") {
        return false;
    }
    let start = &head[..head.len().min(4096)];
    start.split(|&b| b == b'\n' || b == b'\r').any(|line| {
        let l = match line {
            [0xEF, 0xBB, 0xBF, rest @ ..] => rest,
            l => l,
        };
        let l = &l[l.iter().take_while(|b| **b == b' ' || **b == b'\t').count()..];
        l.first() == Some(&b'[') && l.contains(&b'"')
    })
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Pgn => "PGN",
        Format::Xqf => "XQF",
        Format::Cbr => "CBR",
        Format::Cbl | Format::CompressedCbl => "CBL",
        Format::Cbf => "CBF",
        Format::DhtmlXq => "DhtmlXQ",
        Format::Text => "text move list",
        Format::Wxf => "WXF",
    }
}

/// Read from `src` into `buf` until it holds `limit` bytes or the stream ends.
fn read_up_to<R: Read>(src: &mut R, buf: &mut Vec<u8>, limit: usize) -> io::Result<()> {
    let want = limit.saturating_sub(buf.len()) as u64;
    src.take(want).read_to_end(buf).map(|_| ())
}

/// Call `f(index, game)` for every game of a file's bytes, in order (streaming).
pub fn for_each_game(bytes: &[u8], opts: ReadOptions, mut f: impl FnMut(usize, Result<Game, RecordError>)) {
    for (i, g) in games(bytes, opts) {
        f(i, g);
    }
}

/// Read every game of the file at `path` (see [`games`]); the file name goes into errors.
///
/// # Errors
/// [`FileError::Io`] when the file cannot be read. Per-game problems are the inner `Err`s.
pub fn read_file(path: impl AsRef<Path>) -> Result<Vec<Result<Game, RecordError>>, FileError> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|source| FileError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let opts = ReadOptions {
        kind: None,
        file: Some(path.display().to_string()),
    };
    Ok(games(&bytes, opts).map(|(_, g)| g).collect())
}

/// Read the xiangqi games of the file at `path`; chess games are skipped.
///
/// # Errors
/// As [`read_file`].
pub fn read_xiangqi_file(path: impl AsRef<Path>) -> Result<Vec<Result<Record, RecordError>>, FileError> {
    Ok(read_file(path)?
        .into_iter()
        .filter_map(|g| match g {
            Ok(Game::Xiangqi(r)) => Some(Ok(*r)),
            Ok(Game::Chess(_)) => None,
            Err(e) => Some(Err(e)),
        })
        .collect())
}

// ---------------------------------------------------------------------------------------
// Replay

/// A move of an input tree: PGN text or XQF squares.
trait TreeMove: Sized {
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

struct MainLine {
    moves: Vec<Move>,
    texts: Vec<String>,
    variations: Vec<Variation>,
    warnings: Vec<MoveWarning>,
    mate_ply: Option<usize>,
    after_end: Vec<String>,
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
fn replay_main_texts<T: TreeMove>(
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
    replay_pgn_texts(raw, encoding, index, file, Texts::Owned).map(|(record, _)| record)
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
    replay_pgn_texts(raw, encoding, index, file, Texts::Spans)
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
    /// In [`Record::texts`], always through [`pgn::parse_movetext`] (the general path, for
    /// tests comparing it with the one-pass path).
    #[cfg(test)]
    General,
}

fn replay_pgn_texts(
    raw: &RawGame,
    encoding: TextEncoding,
    index: usize,
    file: Option<&str>,
    texts: Texts,
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
    let (main, result, integrity, spans) = match replay_pgn_as(raw, &start, texts, reading) {
        Ok(done) => {
            // Coordinates that also read with ranks 1–10 (no rank 0 anywhere): legality decides,
            // ICCS when both readings are legal.
            if reading == Reading::Any
                && pgn::main_line_moves(movetext).all(notation::reads_both_ways)
                && replay_pgn_as(raw, &start, texts, Reading::Ranks1To10).is_ok()
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
                match replay_pgn_as(raw, &start, texts, r) {
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
        index,
        source: Source::Pgn(encoding),
        tags: raw.tags.clone(),
        start,
        moves: main.moves,
        texts: main.texts,
        variations: main.variations,
        warnings: main.warnings,
        result,
        mate_ply: main.mate_ply,
        after_end: main.after_end,
        truncated: raw.truncated || integrity.truncated(result_tag(raw)),
        read_warnings,
    };
    Ok((record, spans))
}

/// A replay's failure: the failing move's ply and text (none for a broken record), and why.
type Failure = (Option<usize>, Option<String>, RecordErrorKind);

/// What one replay of a PGN game's movetext gives: its main line, result marker, integrity
/// and the moves' spans.
type Replayed = (MainLine, Option<&'static str>, pgn::Integrity, Option<MoveSpans>);

/// Replay the movetext of `raw` from `start` once, its move texts read as `reading` says.
fn replay_pgn_as(
    raw: &RawGame,
    start: &Position,
    texts: Texts,
    reading: Reading,
) -> Result<Replayed, Failure> {
    let movetext = raw.movetext();
    #[cfg(test)]
    let one_pass = texts != Texts::General;
    #[cfg(not(test))]
    let one_pass = true;
    if one_pass && !movetext.as_bytes().contains(&b'(') {
        let plain = replay_plain(start, movetext, texts, reading);
        if let Some(why) = plain.integrity.broken.clone() {
            return Err((None, None, RecordErrorKind::Broken(why)));
        }
        let main = plain
            .main
            .map_err(|(ply, text, kind)| (Some(ply), Some(text), kind))?;
        Ok((main, plain.result, plain.integrity, plain.spans))
    } else {
        let mut mt = pgn::parse_movetext(movetext);
        if let Some(why) = mt.integrity.broken.clone() {
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
    let mut number_last = false;
    let mut i = 0usize;
    while let Some(token) = tokens.next() {
        number_last = tokens.after_number;
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
    if result.is_none() {
        number_last = tokens.after_number;
    }
    let integrity = pgn::Integrity {
        broken: pgn::broken_why(tokens.unterminated, 0),
        marker: result.is_some(),
        after_number: number_last,
    };
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
    Ok(Record {
        index,
        source: Source::Xqf(game.header.version),
        tags: game.tags(),
        start,
        moves: main.moves,
        texts: main.texts,
        variations: main.variations,
        warnings: main.warnings,
        result: game.header.result.to_string(),
        mate_ply: main.mate_ply,
        after_end: main.after_end,
        truncated: false,
        read_warnings: Vec::new(),
    })
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
    Ok(Record {
        index,
        source,
        tags,
        start,
        moves: main.moves,
        texts: main.texts,
        variations: main.variations,
        warnings: main.warnings,
        result: game.result.to_string(),
        mate_ply: main.mate_ply,
        after_end: main.after_end,
        truncated: false,
        read_warnings: Vec::new(),
    })
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
fn replay_listed(
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
    Ok(Record {
        index,
        source,
        tags,
        start,
        moves: main.moves,
        texts: main.texts,
        variations: main.variations,
        warnings: main.warnings,
        result: game.result.to_string(),
        mate_ply: main.mate_ply,
        after_end: main.after_end,
        truncated: false,
        read_warnings: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replays `raw` the three ways: the general path, [`replay_pgn`] and
    /// [`replay_pgn_spans`], and checks they agree (records compared by their `Debug` form;
    /// the spans give the general path's texts).
    fn same_replay(raw: &RawGame) -> usize {
        let general = replay_pgn_texts(raw, raw.encoding, 3, Some("f.pgn"), Texts::General);
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

    /// `next_split` (UTF-8 games starting with a tag left as text) gives the games, indexes,
    /// errors and skipped pieces of the whole reading, on real files of every encoding and on
    /// generated odd ones.
    #[test]
    fn split_games_read_as_whole_ones() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        for sub in ["iccs", "big5", "notation"] {
            for entry in std::fs::read_dir(format!("{dir}/{sub}")).unwrap().flatten() {
                if entry.path().extension().is_some_and(|e| e == "pgn") {
                    inputs.push(std::fs::read(entry.path()).unwrap());
                }
            }
        }
        let pieces: [&[u8]; 16] = [
            b"[Event \"x\"]\n",
            b"[ \"x\"]\n",
            b"[%clk 1:00]\n",
            b" [_a \"1\"]\r\n",
            b"\n",
            b"1. h2e2 h9g7 *\n",
            b"{c}\n",
            b"\xef\xbb\xbf[A \"b\"]\n",
            b"[B \"\xa4\xa4\"]\n",
            b"[C \"\xe4\xb8\xad\"]\n",
            b"\xff\xfe[\x00A\x00 \x00\"\x001\x00\"\x00]\x00\n\x00",
            b"junk\n",
            b"1-0\n",
            b"\t[9 \"z\"]\n",
            b"[Result \"1-0\"] 1. e4 1-0\n",
            b"\r",
        ];
        let mut rng = crate::testgen::Xorshift(0x2545_F491_4F6C_DD1Du64);
        for _ in 0..3000 {
            let text: Vec<u8> = (0..rng.next() % 12)
                .flat_map(|_| rng.pick(&pieces).iter().copied())
                .collect();
            inputs.push(text);
        }
        let mut texts = 0;
        for bytes in &inputs {
            let mut a = raw_games(&bytes[..], Limits::default());
            let mut b = raw_games(&bytes[..], Limits::default());
            loop {
                let split = a.next_split();
                texts += usize::from(matches!(split, Some((_, Ok(SplitGame::Text(_))))));
                let split = split.map(|(i, g)| (i, g.map(SplitGame::into_raw)));
                let whole = b.next_whole();
                assert_eq!(split, whole, "{:?}", String::from_utf8_lossy(bytes));
                if whole.is_none() {
                    break;
                }
            }
            assert_eq!(a.skipped(), b.skipped());
        }
        assert!(texts > 2000, "{texts}");
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
