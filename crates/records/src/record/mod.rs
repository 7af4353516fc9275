//! Records: a game read from PGN or XQF and replayed with full legality checks.
//!
//! **Plies.** Ply 0 is the start position; ply k is the position after k moves. An error "at
//! ply k" concerns the k-th move of the main line (k − 1 moves were played before it, so the
//! failing move is the one that would have produced ply k). [`Record::mate_ply`] is a
//! position ply: the number of moves played when the side to move first had no legal move.
//!
//! The record layer by stage, one module each: `sniff` (what a file holds, and a stream
//! opened by it), `split` (a PGN stream cut into games, each decoded), `read` (a split game
//! checked and told xiangqi from chess), `replay` and `replay_pgn` (moves read and checked into
//! a [`Record`]), `games` (a file's games one after another, whatever the format); `error`
//! holds what can go wrong. Every public item is re-exported here.

mod error;
mod games;
mod read;
mod replay;
mod replay_pgn;
mod sniff;
mod split;

pub use error::{FileError, RecordError, RecordErrorKind};
pub use games::{for_each_game, games, read_file, read_xiangqi_file, Games, ReadOptions};
pub use read::{check_raw, read_raw};
pub use replay::{read_xqf, replay_text, replay_tree};
pub use replay_pgn::{replay_pgn, replay_pgn_spans, MoveSpans};
pub use sniff::{
    decode_if_pgn, detect_format, is_record_path, is_text_record, is_xqf, open_reader, Format, Opened,
    Peeked, MAX_WHOLE_FILE_BYTES, RECORD_EXTENSIONS, SNIFF_BYTES, TEXT_EXTENSIONS,
};
pub use split::{raw_games, GameText, RawGames, SplitGame};

use crate::encoding::TextEncoding;
use crate::pgn::{self, RawGame};
use xiangqi::notation::NotationWarning;
use xiangqi::{Move, Position};

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
