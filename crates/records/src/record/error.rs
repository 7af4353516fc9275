//! What goes wrong reading a game ([`RecordError`], [`RecordErrorKind`]) or a whole file
//! ([`FileError`]).

use crate::tree::Malformed;
use crate::xqf::XqfError;
use std::fmt;
use xiangqi::notation::{self, NotationError};
use xiangqi::FenError;

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
    /// A format that is recognised but not read: the compressed ChessBridge container.
    #[error(
        "a compressed ChessBridge container ('CCBridge' + zlib), which is not read; save it from ChessBridge as CBL or CBR"
    )]
    CompressedCbl,
    /// The PGN record is broken (unterminated comment, unclosed variation).
    #[error("broken record: {0}")]
    Broken(crate::pgn::Broken),
    /// Something in the record is over its cap ([`Limits`](crate::stream::Limits)).
    #[error("{0}")]
    Overflow(crate::stream::Overflow),
    /// A file of a format read whole (`format`: `XQF`, `CBR` …) is over
    /// [`MAX_WHOLE_FILE_BYTES`](super::MAX_WHOLE_FILE_BYTES) (`limit_mib` MiB).
    #[error("a {format} file longer than {limit_mib} MiB: not read (files of this format are read whole)")]
    TooLarge {
        /// The format's name.
        format: &'static str,
        /// The cap in MiB.
        limit_mib: usize,
    },
    /// The input could not be read (from this game on): the system error's kind and words.
    #[error("cannot read: {reason}")]
    Read {
        /// The kind of the system error.
        kind: std::io::ErrorKind,
        /// The system error's own words.
        reason: String,
    },
}

impl RecordErrorKind {
    /// A failed read of the input.
    pub fn read(e: &std::io::Error) -> RecordErrorKind {
        RecordErrorKind::Read {
            kind: e.kind(),
            reason: e.to_string(),
        }
    }
}

/// An error reading one game: what (`kind`) and where (file, 0-based game index, ply of the
/// failing main-line move with its text). Display: `FILE: game N, ply P ('TEXT'): REASON` (no
/// `('TEXT')` where the reason, a notation error, quotes the move), with
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
        // A notation error quotes the move itself: the text is said once.
        if let Some(text) = self
            .text
            .as_ref()
            .filter(|_| !matches!(*self.kind, RecordErrorKind::Move(_)))
        {
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
