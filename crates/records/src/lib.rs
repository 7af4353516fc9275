//! Xiangqi record readers: PGN (ICCS, WXF, Chinese, SAN and ranks-1–10 coordinate moves; UTF-8,
//! GBK and Big5 text), WXF files, XQF
//! (XQStudio binary, versions 1.0 and the obfuscated 0x0B–0x12), ChessBridge CBR / CBL / CBF,
//! DhtmlXQ (UBB) blocks inside any text or HTML page, and plain-text Chinese move lists. The
//! format is detected by content ([`detect_format`]).
//!
//! A file yields a stream of games ([`games`], [`for_each_game`], [`read_file`]). Each PGN game
//! is recognised as xiangqi or chess ([`pgn::detect_game`], docs/cli.md, "Input"); a xiangqi game is
//! replayed into a [`Record`] with full legality checks, a chess game is handed back as a
//! [`pgn::RawGame`] whose `text` a chess PGN reader can take unchanged.
//!
//! Plies: ply 0 is the start position, ply k the position after k moves; an error at ply k is
//! about the k-th move (see [`record`]).
//!
//! ```
//! use records::{games, Game, ReadOptions};
//! let pgn = "[Event \"x\"]\n\n1. h2e2 h9g7 2. h0g2 *\n";
//! let (index, game) = games(pgn.as_bytes(), ReadOptions::default()).next().unwrap();
//! let Ok(Game::Xiangqi(rec)) = game else { panic!() };
//! assert_eq!((index, rec.moves.len(), rec.result.as_str()), (0, 3, "*"));
//! ```

pub mod cbf;
pub mod cbl;
pub mod cbr;
pub mod dhtmlxq;
pub mod encoding;
pub mod pgn;
pub mod record;
pub mod stream;
pub mod text;
pub mod tree;
pub mod write;
pub mod wxf;
pub mod xqf;

#[cfg(test)]
mod testgen;

pub use encoding::TextEncoding;
pub use pgn::{detect_game, GameKind, Integrity, RawGame};
pub use record::{
    check_raw, open_reader, raw_games, read_raw, Opened, Peeked, RawGames, MAX_WHOLE_FILE_BYTES,
};
pub use record::{
    detect_format, for_each_game, games, is_record_path, is_text_record, is_xqf, read_file,
    read_xiangqi_file, read_xqf, replay_pgn, replay_pgn_spans, replay_text, replay_tree, FileError, Format,
    Game, GameText, Games, MoveSpans, MoveWarning, ReadOptions, Record, RecordError, RecordErrorKind, Source,
    SplitGame, Variation,
};
pub use stream::{Limits, Overflow};
