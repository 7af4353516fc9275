//! The games of a file's bytes, one after another, whatever the format ([`games`]), and the
//! whole-file conveniences built on it.

use super::error::{FileError, RecordError, RecordErrorKind};
use super::read::read_raw;
use super::replay::{read_xqf, replay_listed, replay_text, replay_tree};
use super::sniff::{is_xqf, text_format, Format};
use super::split::{raw_games, RawGames};
use super::{Game, Record, Source};
use crate::encoding::{self, TextEncoding};
use crate::pgn::GameKind;
use crate::stream::Limits;
use crate::tree::Malformed;
use crate::{cbf, cbl, cbr, dhtmlxq, text, wxf};
use std::borrow::Cow;
use std::path::Path;
use xiangqi::notation;

/// Options for reading a file's games.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Treat every PGN game as this kind (`--game xiangqi|chess`) instead of detecting it.
    pub kind: Option<GameKind>,
    /// The file name used in error messages.
    pub file: Option<String>,
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
    /// A compressed ChessBridge container, until its error is given.
    Unsupported(bool),
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
        GamesInner::Unsupported(true)
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
            GamesInner::Unsupported(pending) => {
                std::mem::take(pending).then_some(())?;
                Err(RecordError::new(
                    file,
                    index,
                    None,
                    None,
                    RecordErrorKind::CompressedCbl,
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
