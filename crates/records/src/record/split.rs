//! A PGN stream split into games and each decoded on its own ([`RawGames`]), not yet read as
//! xiangqi or chess.

use super::error::{RecordError, RecordErrorKind};
use crate::encoding::{self, TextEncoding};
use crate::pgn::{self, RawGame};
use crate::stream::{Chunk, Limits, Splitter};
use std::io::Read;

/// The PGN games of a stream as text, split and decoded (each game on its own: see
/// [`encoding::decode_game`]) but not yet read as xiangqi or chess: pass each to [`read_raw`](super::read_raw)
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
                let kind = RecordErrorKind::read(&e);
                return Some(Err(RecordError::new(None, index, None, None, kind)));
            }
        };
        match chunk.overflow {
            Some(o) => {
                self.index += 1;
                let mut e = RecordError::new(None, index, None, None, RecordErrorKind::Overflow(o));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game of `games` decoded and read here, as [`Iterator::next`] did before
    /// [`RawGames::next_split`]: the reference the split reading is compared with.
    fn next_whole<R: Read>(games: &mut RawGames<R>) -> Option<(usize, Result<RawGame, RecordError>)> {
        loop {
            let index = games.index;
            let chunk = match games.next_chunk()? {
                Ok(c) => c,
                Err(e) => return Some((index, Err(e))),
            };
            if let Some(game) = games.decoded(chunk) {
                return Some((index, Ok(game)));
            }
        }
    }

    use crate::encoding::utf16_bytes as utf16;

    /// Each game's `Red` tag, movetext (trimmed) and encoding.
    fn read(bytes: &[u8]) -> Vec<(String, String, TextEncoding)> {
        raw_games(bytes, Limits::default())
            .map(|(_, g)| {
                let g = g.unwrap();
                let red = g.tag("Red").unwrap_or_default().to_string();
                (red, g.movetext().trim().to_string(), g.encoding)
            })
            .collect()
    }

    /// UTF-16 games without a byte-order mark, alone and joined with UTF-8 and GBK games as
    /// `cat` joins files: every game read, in its own encoding.
    #[test]
    fn utf16_without_bom_per_game() {
        use TextEncoding::{Gbk, Utf16Be, Utf16Le, Utf8};
        let game =
            |red: &str, moves: &str| format!("[Event \"象棋\"]\r\n[Red \"{red}\"]\r\n\r\n{moves}\r\n\r\n");
        let (a, b, c, d) = ("柳大华", "胡荣华", "吕钦", "许银川");
        let (ma, mb, mc, md) = (
            "1. 炮二平五 马８进７ *",
            "1. 相三进五 卒７进１ 1-0",
            "1. 兵七进一 *",
            "1. 马二进三 0-1",
        );
        let want = |list: &[(&str, &str, TextEncoding)]| -> Vec<(String, String, TextEncoding)> {
            list.iter()
                .map(|(r, m, e)| (r.to_string(), m.to_string(), *e))
                .collect()
        };
        // Alone, and with a blank line first (at the input's start: no byte before it).
        for enc in [Utf16Le, Utf16Be] {
            let two = utf16(&(game(a, ma) + &game(b, mb)), enc);
            assert_eq!(read(&two), want(&[(a, ma, enc), (b, mb, enc)]));
            let blank_first = utf16(&format!("\n{}", game(a, ma)), enc);
            assert_eq!(read(&blank_first), want(&[(a, ma, enc)]));
        }
        // UTF-8 (an odd number of bytes: the UTF-16 text starts at an odd offset), UTF-16BE,
        // GBK, UTF-16LE, UTF-16BE right after it (no byte-order mark between), UTF-8.
        let mut bytes = game(a, ma).into_bytes();
        assert_eq!(bytes.len() % 2, 1);
        bytes.extend(utf16(&game(b, mb), Utf16Be));
        bytes.extend(encoding_rs::GB18030.encode(&game(c, mc)).0.iter());
        bytes.extend(utf16(&game(d, md), Utf16Le));
        bytes.extend(utf16(&game(a, mb), Utf16Be));
        bytes.extend(game(b, mc).into_bytes());
        assert_eq!(
            read(&bytes),
            want(&[
                (a, ma, Utf8),
                (b, mb, Utf16Be),
                (c, mc, Gbk),
                (d, md, Utf16Le),
                (a, mb, Utf16Be),
                (b, mc, Utf8)
            ])
        );
        // Files without a final line end: a UTF-16 tag after a termination marker starts the
        // next game, as a tag in bytes does.
        for enc in [Utf16Le, Utf16Be] {
            let mut glued = game(a, ma).trim_end().as_bytes().to_vec();
            glued.extend(utf16(&game(b, mb), enc));
            assert_eq!(read(&glued), want(&[(a, ma, Utf8), (b, mb, enc)]));
        }
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
                let whole = next_whole(&mut b);
                assert_eq!(split, whole, "{:?}", String::from_utf8_lossy(bytes));
                if whole.is_none() {
                    break;
                }
            }
            assert_eq!(a.skipped(), b.skipped());
        }
        assert!(texts > 2000, "{texts}");
    }
}
