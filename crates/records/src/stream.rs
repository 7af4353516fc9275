//! A streaming PGN splitter: any [`Read`] → one game's raw bytes at a time, in bounded memory.
//!
//! The splitter works on lines of bytes (before decoding, so that each game can be decoded on
//! its own: see [`crate::encoding::decode_game`]). A line ends at `\n`, `\r\n` or a lone `\r`.
//! Memory is bounded by [`Limits::game_bytes`] plus a 64 KiB read buffer, whatever the input:
//! a game (or a line, tag, comment or token) over its cap is skipped up to the next game and
//! reported as [`Overflow`] on its [`Chunk`].
//!
//! Comments and escape lines are the movetext lexer's ([`Mode`]: a `{` comment runs to the
//! first `}`, across lines; a `;` comment and a line starting with `%` to their line's end),
//! followed over the undecoded bytes. An escape line before the movetext is ignored too: the
//! tags go on after it, and before a game it belongs to no game (PGN standard section 6).
//!
//! **Where a game ends** (the next game starts at a line whose first non-blank byte is `[`):
//! - after movetext, at a `[` line outside a `{}` comment;
//! - after movetext, inside a comment, at a line shaped like a tag (`[Name "`) or at any `[`
//!   line that follows a blank line (an unterminated `{` does not eat the next game);
//! - after a tag section and a blank line, at the next `[` line (a tags-only record is a
//!   record of its own);
//! - in a movetext line, outside comments, at a tag `[Name "` that follows a termination
//!   marker (`1-0`, `0-1`, `1/2-1/2`, `*`) and only spaces or tabs: a file without a final
//!   line end joined with the next (`1. e4 e5 *[Event "x"]`);
//! - at a UTF-16 byte-order mark at the start of a line, or at UTF-16 text without one whose
//!   first character is ASCII (`utf16_from`: 8-bit text holds no zero byte, UTF-16 has one
//!   in every ASCII character); in movetext also at such a UTF-16 tag `[Name "` after a
//!   termination marker, as for 8-bit tags above: from there on the bytes are
//!   read as UTF-16 and handed on as UTF-8 ([`Chunk::utf16`]), up to the first line (after a
//!   UTF-16 line end) whose bytes are not UTF-16 but start another record — a tag line
//!   `[Name "` in an 8-bit encoding (UTF-8, GBK, Big5, …, blank lines and a UTF-8 byte-order
//!   mark before it allowed), another UTF-16 byte-order mark, or UTF-16 of the other byte
//!   order without one: files joined with `cat` lose no record, each is decoded in its own
//!   encoding. The code units are counted from where the UTF-16 text starts, so that an odd
//!   number of bytes before it does not matter.
//!
//! A tag line's tags end at the line's end; text after the last tag on the line is movetext.

use crate::encoding::{self, TextEncoding};
use crate::pgn::lex::{plain_tag_line, tag_line_end, tag_shaped};
use crate::pgn::Mode;
use std::io::{self, Read};

/// Caps on what one game may hold (bytes of input; UTF-16 input counts once transcoded).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The whole game: tags and movetext. Default 8 MiB (real games are under 100 KiB).
    pub game_bytes: usize,
    /// One tag line. Default 16 KiB.
    pub tag_bytes: usize,
    /// One `{}` or `;` comment. Default 1 MiB.
    pub comment_bytes: usize,
    /// One movetext token (a move, a move number, a result). Default 256 bytes.
    pub token_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            game_bytes: 8 << 20,
            tag_bytes: 16 << 10,
            comment_bytes: 1 << 20,
            token_bytes: 256,
        }
    }
}

/// What went over its cap in a game (the first such thing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow {
    /// `game`, `tag`, `comment` or `token`.
    pub what: &'static str,
    /// The cap in bytes.
    pub limit: usize,
    /// 1-based line where it happened.
    pub line: usize,
}

impl std::fmt::Display for Overflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} longer than {} bytes at line {}: skipped to the next game",
            self.what, self.limit, self.line
        )
    }
}

/// One game's bytes as read from the stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chunk {
    /// The game's bytes, unchanged (UTF-8 when [`Chunk::utf16`] is set). Emptied when the game
    /// is over [`Limits::game_bytes`].
    pub bytes: Vec<u8>,
    /// 1-based line of the game's first line in the stream.
    pub line: usize,
    /// Byte offset of the game's first byte in the stream (of the transcoded text for UTF-16).
    pub offset: u64,
    /// Set when the bytes were transcoded from UTF-16 (a byte-order mark preceded them, or
    /// their zero bytes told: `utf16_from`).
    pub utf16: Option<TextEncoding>,
    /// Some UTF-16 code units were malformed (replaced with U+FFFD).
    pub utf16_errors: bool,
    /// Something over its cap: the game cannot be judged.
    pub overflow: Option<Overflow>,
    /// Where the game's bytes lie in the stream, `offset..offset + bytes.len()` (bytes): the
    /// input's own bytes, so that a caller keeping them can copy the game unchanged. `None`
    /// for a game over a cap (its bytes are not kept) and for every game in or after UTF-16
    /// text (offsets there count transcoded bytes, not the input's).
    pub span: Option<std::ops::Range<u64>>,
}

/// How a line starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum LineKind {
    /// Only whitespace.
    Blank,
    /// `[` first: `shaped` when it reads `[Name "` (a tag, not `[%clk ...]`).
    Bracket { shaped: bool },
    /// UTF-16 text from `skip` bytes on: 2 after a byte-order mark; without one (`utf16_from`)
    /// 0, or 1 where the zero byte at the line's start ends a UTF-16LE line feed whose first
    /// byte ended the line before.
    Utf16 { encoding: TextEncoding, skip: usize },
    /// `%` in the first column: an escape line, ignored (PGN standard section 6).
    Escape,
    /// Anything else.
    Text,
}

/// Read buffer size: the buffer starts at [`BUF_START`] (most record files are a few KiB, and
/// a zeroed 64 KiB buffer per file costs more than splitting them) and doubles up to this
/// while reads fill it.
const BUF: usize = 64 << 10;
/// The read buffer's first size.
const BUF_START: usize = 4 << 10;
/// The most a game's buffer starts with (most games are shorter; a longer one grows it), so
/// that the games in flight after a long one do not each hold a long buffer.
const GAME_START: usize = 8 << 10;
/// Bytes examined at a line's start to classify it.
const PEEK: usize = 256;

/// Splits a byte stream into games (see the module docs). Yields `Err` once if reading fails,
/// then ends.
pub struct Splitter<R> {
    src: R,
    buf: Vec<u8>,
    lo: usize,
    hi: usize,
    eof: bool,
    /// Raw bytes not yet transcoded (UTF-16 mode).
    raw: Vec<u8>,
    utf16: Option<(encoding_rs::Decoder, TextEncoding)>,
    /// Raw bytes the UTF-16 decoder has read (its parity locates code units in `raw`).
    utf16_read: u64,
    utf16_errors: bool,
    /// The source has returned 0 (UTF-16 mode reads it through `raw`).
    src_eof: bool,
    error: Option<io::Error>,
    failed: bool,
    line: usize,
    offset: u64,
    limits: Limits,
    /// The last game's length in bytes: the next game's buffer starts that large (up to
    /// [`GAME_START`]), not grown from empty.
    last_len: usize,
    /// UTF-16 text has been met: offsets from there on are not the input's ([`Chunk::span`]).
    transcoded: bool,
    /// No UTF-16 without a byte-order mark is looked for at a line start before this position
    /// (`offset` in 8-bit mode, `utf16_read` in UTF-16 mode): bytes up to here were looked at.
    utf16_checked: u64,
}

/// The state of the game being read.
#[derive(Default)]
struct State {
    content: bool,
    tags: bool,
    movetext: bool,
    prev_blank: bool,
    /// The lexer's mode at the read position (after a line end: text or a `{` comment).
    mode: Mode,
    /// Length of the comment being read (across lines for `{` comments).
    comment_len: usize,
}

impl<R: Read> Splitter<R> {
    /// A splitter over `src` with the default [`Limits`].
    pub fn new(src: R) -> Splitter<R> {
        Splitter::with_limits(src, Limits::default())
    }

    /// A splitter over `src` with the given caps.
    pub fn with_limits(src: R, limits: Limits) -> Splitter<R> {
        Splitter {
            src,
            buf: vec![0; BUF_START],
            lo: 0,
            hi: 0,
            eof: false,
            raw: Vec::new(),
            utf16: None,
            utf16_read: 0,
            utf16_errors: false,
            src_eof: false,
            error: None,
            failed: false,
            line: 1,
            offset: 0,
            limits,
            last_len: 0,
            transcoded: false,
            utf16_checked: 0,
        }
    }

    /// The bytes buffered but not yet consumed, up to the first `n` (fewer at the end of input).
    fn peek(&mut self, n: usize) -> &[u8] {
        while self.hi - self.lo < n && !self.eof {
            self.fill();
        }
        &self.buf[self.lo..self.hi.min(self.lo + n)]
    }

    /// Read more input into the buffer (transcoding UTF-16); sets `eof` at the end or on error.
    fn fill(&mut self) {
        if self.eof {
            // Also keeps a finished UTF-16 decoder from being called again.
            return;
        }
        if self.lo > 0 {
            self.buf.copy_within(self.lo..self.hi, 0);
            self.hi -= self.lo;
            self.lo = 0;
        }
        if self.hi == self.buf.len() {
            return;
        }
        match &mut self.utf16 {
            None => loop {
                match self.src.read(&mut self.buf[self.hi..]) {
                    Ok(0) => {
                        self.eof = true;
                        return;
                    }
                    Ok(n) => {
                        self.hi += n;
                        if self.hi == self.buf.len() && self.buf.len() < BUF {
                            // The read filled the buffer: a bigger input, fewer reads.
                            let len = (self.buf.len() * 2).min(BUF);
                            self.buf.resize(len, 0);
                        }
                        return;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        self.error = Some(e);
                        self.eof = true;
                        return;
                    }
                }
            },
            Some(_) => {
                self.top_up_raw(1);
                if self.buf.len() - self.hi < 16 {
                    return;
                }
                let Some((decoder, enc)) = &mut self.utf16 else {
                    return;
                };
                let enc = *enc;
                // Decode up to and including the next line end only: a record in another
                // encoding after it is then seen at its first line.
                let skip = (self.utf16_read % 2) as usize;
                let line_end = utf16_line_end(&self.raw, skip, enc);
                let end = line_end.unwrap_or(self.raw.len());
                let last = self.src_eof && end == self.raw.len();
                let (result, read, written, errors) =
                    decoder.decode_to_utf8(&self.raw[..end], &mut self.buf[self.hi..], last);
                self.utf16_errors |= errors;
                self.raw.drain(..read);
                self.utf16_read += read as u64;
                self.hi += written;
                if last && result == encoding_rs::CoderResult::InputEmpty {
                    self.eof = true;
                } else if line_end.is_some() && read == end {
                    self.top_up_raw(PEEK);
                    if record_starts(&self.raw) || self.other_utf16_starts(enc) {
                        self.end_utf16();
                    }
                }
            }
        }
    }

    /// Read the source until `raw` holds at least `n` bytes or the source ends (UTF-16 mode).
    fn top_up_raw(&mut self, n: usize) {
        let mut tmp = [0u8; 16 << 10];
        while self.raw.len() < n && !self.src_eof {
            match self.src.read(&mut tmp) {
                Ok(k) => {
                    self.src_eof = k == 0;
                    self.raw.extend_from_slice(&tmp[..k]);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.error = Some(e);
                    self.src_eof = true;
                }
            }
        }
    }

    /// Leave UTF-16 mode at a line start: the bytes not yet decoded are read as bytes again.
    fn end_utf16(&mut self) {
        self.utf16 = None;
        self.utf16_read = 0;
        self.utf16_checked = 0;
        self.buf.copy_within(self.lo..self.hi, 0);
        self.hi -= self.lo;
        self.lo = 0;
        self.buf.truncate(self.hi);
        self.buf.append(&mut self.raw);
        self.hi = self.buf.len();
        self.buf.resize(self.hi + BUF_START, 0);
        self.eof = false;
    }

    /// How the line at the read position starts; `None` at the end of input.
    fn classify(&mut self) -> Option<LineKind> {
        let in_utf16 = self.utf16.is_some();
        let p = self.peek(PEEK);
        if p.is_empty() {
            return None;
        }
        // A byte-order mark counts when the first character after it is ASCII (a record starts
        // with `[`, a move number or a blank): `FF FE xx 00` or `FE FF 00 xx`.
        if !in_utf16 {
            let bom = |encoding| Some(LineKind::Utf16 { encoding, skip: 2 });
            if p.starts_with(&[0xFF, 0xFE]) && p.get(3).is_none_or(|&b| b == 0) {
                return bom(TextEncoding::Utf16Le);
            }
            if p.starts_with(&[0xFE, 0xFF]) && p.get(2).is_none_or(|&b| b == 0) {
                return bom(TextEncoding::Utf16Be);
            }
            // 8-bit text holds no zero byte: UTF-16 without a byte-order mark has one in the
            // first code unit that is ASCII.
            if p[..p.len().min(3)].contains(&0) && self.offset >= self.utf16_checked {
                if let Some(kind) = self.utf16_unmarked() {
                    return Some(kind);
                }
            }
        }
        let p = self.peek(PEEK);
        if p[0] == b'%' {
            return Some(LineKind::Escape);
        }
        let rest = skip_blank(p);
        Some(match rest.first() {
            None | Some(b'\n' | b'\r') => LineKind::Blank,
            Some(b'[') => LineKind::Bracket {
                shaped: tag_shaped(rest),
            },
            Some(_) => LineKind::Text,
        })
    }

    /// UTF-16 without a byte-order mark at the line start at the read position (8-bit mode), tried
    /// in this order: UTF-16LE (its first character a line end only at the input's start: after
    /// a line end in bytes, `0A 00` is that line end and the zero byte starts the next line);
    /// UTF-16BE; UTF-16LE from the second byte when the first is zero (after a line end in
    /// bytes, which was then the first byte of a UTF-16LE line feed). When the bytes were looked
    /// at in vain, no line start is tried before their end: the work stays linear in the input.
    fn utf16_unmarked(&mut self) -> Option<LineKind> {
        let at_start = self.offset == 0;
        let offset = self.offset;
        let p = self.peek(PEEK);
        let tries = [
            (TextEncoding::Utf16Le, 0, at_start),
            (TextEncoding::Utf16Be, 0, true),
            (TextEncoding::Utf16Le, 1, false),
        ];
        let mut scanned = false;
        for (encoding, skip, line_end_first) in tries {
            if at_start && skip == 1 {
                continue;
            }
            match utf16_from(p.get(skip..).unwrap_or(&[]), encoding, line_end_first) {
                Some(true) => return Some(LineKind::Utf16 { encoding, skip }),
                Some(false) => scanned = true,
                None => {}
            }
        }
        if scanned {
            self.utf16_checked = offset + p.len() as u64;
        }
        None
    }

    /// Whether UTF-16 of the other byte order than `enc` without a byte-order mark
    /// ([`utf16_from`]) starts at the bytes not yet decoded (UTF-16 mode, at a line start); as in
    /// [`Splitter::utf16_unmarked`], bytes looked at in vain are not looked at again.
    fn other_utf16_starts(&mut self, enc: TextEncoding) -> bool {
        if self.utf16_read < self.utf16_checked {
            return false;
        }
        let other = match enc {
            TextEncoding::Utf16Le => TextEncoding::Utf16Be,
            _ => TextEncoding::Utf16Le,
        };
        let head = &self.raw[..self.raw.len().min(PEEK)];
        match utf16_from(head, other, true) {
            Some(true) => true,
            Some(false) => {
                self.utf16_checked = self.utf16_read + head.len() as u64;
                false
            }
            None => false,
        }
    }

    /// Switch to UTF-16 at the read position, `skip` bytes on (a byte-order mark, or the zero
    /// byte of a line feed: [`LineKind::Utf16`]).
    fn start_utf16(&mut self, enc: TextEncoding, skip: usize) {
        let mut pending = self.buf[self.lo + skip..self.hi].to_vec();
        self.offset += skip as u64;
        self.lo = 0;
        self.hi = 0;
        pending.append(&mut self.raw);
        self.raw = pending;
        self.eof = false;
        self.utf16_read = 0;
        self.utf16_checked = 0;
        self.utf16 = Some((enc.encoding().new_decoder_without_bom_handling(), enc));
        self.transcoded = true;
    }

    /// Consume one line into `out`, following the lexer's modes ([`Mode`]) and measuring
    /// comments and tokens against their caps. `tag_line` lines are checked against the tag
    /// cap instead, and only the movetext after their tags is lexed.
    fn consume_line(&mut self, st: &mut State, out: &mut Chunk, tag_line: bool) {
        let start_len = out.bytes.len();
        let mut line_len = 0usize;
        let mut token = 0usize;
        let limits = self.limits;
        let line_no = self.line;
        loop {
            if self.lo == self.hi {
                self.fill();
                if self.lo == self.hi {
                    break; // end of input
                }
            }
            let avail = &self.buf[self.lo..self.hi];
            let end = memchr::memchr2(b'\n', b'\r', avail);
            let mut ended = end.is_some();
            let mut i = end.map_or(avail.len(), |k| k + 1);
            let mut cut = false;
            if !tag_line {
                let seg = &avail[..end.unwrap_or(avail.len())];
                if let Some(k) = lex(st, &mut token, seg, line_len == 0, &limits, out, self.line) {
                    // The next game starts on this line: the line ends here for this game.
                    (ended, i, cut) = (false, k, true);
                }
            }
            let take = &self.buf[self.lo..self.lo + i];
            line_len += take.len();
            if out.overflow.as_ref().is_none_or(|o| o.what != "game") {
                if out.bytes.len() + take.len() > self.limits.game_bytes {
                    overflow(out, "game", self.limits.game_bytes, self.line);
                    out.bytes = Vec::new();
                } else {
                    out.bytes.extend_from_slice(take);
                }
            }
            self.lo += i;
            self.offset += i as u64;
            if cut {
                break;
            }
            if ended {
                if take.last() == Some(&b'\r') && self.peek(1) == b"\n" {
                    if out.overflow.as_ref().is_none_or(|o| o.what != "game") {
                        out.bytes.push(b'\n');
                    }
                    self.lo += 1;
                    self.offset += 1;
                    line_len += 1;
                }
                self.line += 1;
                st.mode = st.mode.after_line_end();
                break;
            }
        }
        if tag_line && line_len > self.limits.tag_bytes {
            overflow(
                out,
                "tag",
                self.limits.tag_bytes,
                self.line.saturating_sub(1).max(1),
            );
        }
        if tag_line && out.overflow.is_none() {
            let line = &out.bytes[start_len..];
            let tags = skip_blank(line);
            if plain_tag_line(tags) {
                // The common `[Name "value"]`: nothing after the tag.
                return;
            }
            let rest = &tags[tag_line_end(tags)..];
            if rest.iter().any(|b| !b.is_ascii_whitespace()) {
                st.movetext = true;
                // The movetext after the tags, lexed as any movetext line's.
                let seg = &rest[..memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len())];
                let mut over = Chunk::default();
                let _ = lex(st, &mut 0, seg, false, &limits, &mut over, line_no);
                st.mode = st.mode.after_line_end();
                if let Some(o) = over.overflow {
                    overflow(out, o.what, o.limit, o.line);
                }
            }
        }
    }
}

/// Reads `seg`, a piece of one movetext line holding no line end (`line_start`: it starts the
/// line), in the lexer's modes ([`Mode`]), `token` bytes of a token before it: follows
/// comments and escape lines, and reports on `out` a comment or token over its cap
/// (`line`: the line's number). `Some(k)`: a tag at `seg[k]` follows a termination marker
/// ([`next_game_at`]), where the next game starts; `seg` is read up to there only.
fn lex(
    st: &mut State,
    token: &mut usize,
    mut seg: &[u8],
    mut line_start: bool,
    limits: &Limits,
    out: &mut Chunk,
    line: usize,
) -> Option<usize> {
    let whole = seg.len();
    while !seg.is_empty() {
        let k = match st.mode {
            Mode::Text => {
                let mut k = Mode::text_len(seg, line_start);
                let cut = next_game_at(&seg[..k], seg);
                if let Some(c) = cut {
                    k = c;
                }
                if k > 0 {
                    let (over, carry) = token_runs(&seg[..k], *token, limits.token_bytes);
                    if over {
                        overflow(out, "token", limits.token_bytes, line);
                    }
                    *token = carry;
                }
                if let Some(c) = cut {
                    return Some(whole - seg.len() + c);
                }
                if let Some(&b) = seg.get(k) {
                    st.mode = Mode::opened_by(b, line_start && k == 0).unwrap_or(Mode::Text);
                    st.comment_len = 0;
                    *token = 0;
                }
                k
            }
            mode => {
                let k = mode.body_len(seg);
                st.comment_len += k;
                if st.comment_len > limits.comment_bytes {
                    overflow(out, "comment", limits.comment_bytes, line);
                }
                if k < seg.len() {
                    // The byte that closes the mode (`}`: a line end is not in `seg`).
                    st.mode = Mode::Text;
                    st.comment_len = 0;
                }
                k
            }
        };
        seg = seg.get(k + 1..).unwrap_or(&[]);
        line_start = false;
    }
    None
}

/// Where in `text` (movetext outside comments, the start of `seg`, which holds the rest of
/// the line) a new game starts: at a tag `[Name "` that follows a termination marker (`1-0`,
/// `0-1`, `1/2-1/2`, `*`; a token of its own) and nothing but spaces or tabs, as where a file
/// without a final line end is joined with the next: `1. e4 e5 *[Event "x"]`. The tag may be
/// in UTF-16 without a byte-order mark (a UTF-16 file joined so): UTF-16LE from its `[`,
/// UTF-16BE from the zero byte before it ([`utf16_tag_shaped`]).
fn next_game_at(text: &[u8], seg: &[u8]) -> Option<usize> {
    let after_marker = |p: usize| {
        let before = &text[..p];
        let before = &before[..before.len()
            - before
                .iter()
                .rev()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count()];
        ["1-0", "0-1", "1/2-1/2", "*"].iter().any(|m| {
            before.ends_with(m.as_bytes())
                && before[..before.len() - m.len()]
                    .last()
                    .is_none_or(|&b| crate::pgn::WORD_END[usize::from(b)])
        })
    };
    memchr::memchr_iter(b'[', text).find_map(|p| {
        if p > 0 && seg[p - 1] == 0 {
            // 8-bit text holds no zero byte: UTF-16BE, whose tag starts with the zero byte.
            (utf16_tag_shaped(&seg[p - 1..], TextEncoding::Utf16Be) && after_marker(p - 1)).then_some(p - 1)
        } else if tag_shaped(&seg[p..]) || utf16_tag_shaped(&seg[p..], TextEncoding::Utf16Le) {
            after_marker(p).then_some(p)
        } else {
            None
        }
    })
}

/// Whether `p` reads `[Name "` ([`tag_shaped`]) as UTF-16 `enc` without a byte-order mark,
/// each of these characters a code unit with a zero high byte.
fn utf16_tag_shaped(p: &[u8], enc: TextEncoding) -> bool {
    let hi = usize::from(enc == TextEncoding::Utf16Le);
    if p.get(hi) != Some(&0) || p.get(1 - hi) != Some(&b'[') {
        return false;
    }
    let ascii: Vec<u8> = p
        .chunks_exact(2)
        .take(PEEK / 2)
        .take_while(|u| u[hi] == 0 && u[1 - hi] != 0)
        .map(|u| u[1 - hi])
        .collect();
    tag_shaped(&ascii)
}

/// Measures the tokens of a piece of movetext with no line end or comment in it, `carry`
/// token bytes before it: whether a token is longer than `cap` bytes (a token is a run of
/// bytes that are not [`crate::pgn::WORD_END`]), and the length of the token at its end (0
/// when it ends with a word end). Any token over the cap holds a byte at a multiple of
/// `cap + 1`, so only the tokens at those bytes are measured, besides the first and last.
fn token_runs(seg: &[u8], carry: usize, cap: usize) -> (bool, usize) {
    let end = |b: &u8| crate::pgn::WORD_END[usize::from(*b)];
    let Some(first_end) = seg.iter().position(end) else {
        let t = carry + seg.len();
        return (t > cap, t);
    };
    let last_end = seg.iter().rposition(end).unwrap_or(first_end);
    let trailing = seg.len() - 1 - last_end;
    let mut over = carry + first_end > cap || trailing > cap;
    let mut p = first_end + cap + 1;
    while !over && p < last_end {
        if !end(&seg[p]) {
            let before = seg[..p].iter().rev().take_while(|b| !end(b)).count();
            let after = seg[p..].iter().take_while(|b| !end(b)).count();
            over = before + after > cap;
        }
        p += cap + 1;
    }
    (over, trailing)
}

fn overflow(out: &mut Chunk, what: &'static str, limit: usize, line: usize) {
    if out.overflow.is_none() || what == "game" {
        if out.overflow.as_ref().is_some_and(|o| o.what == "game") {
            return;
        }
        out.overflow = Some(Overflow { what, limit, line });
    }
}

/// The index just after the first line feed code unit (U+000A) of UTF-16 bytes `raw` in `enc`
/// whose code units start at `skip` (0 or 1).
fn utf16_line_end(raw: &[u8], skip: usize, enc: TextEncoding) -> Option<usize> {
    let lf: [u8; 2] = if enc == TextEncoding::Utf16Be {
        [0, b'\n']
    } else {
        [b'\n', 0]
    };
    raw.get(skip..)?
        .chunks_exact(2)
        .position(|u| u == lf)
        .map(|i| skip + 2 * i + 2)
}

/// Whether UTF-16 `enc` without a byte-order mark starts at `head[0]`: `None` when its first
/// code unit is not an ASCII character with a zero high byte (a record starts with `[`, a move
/// number or a blank, as after a byte-order mark; a line end only with `line_end_first`), else
/// whether `head` (up to [`PEEK`] bytes) reads as UTF-16 text ([`encoding::looks_utf16`]).
fn utf16_from(head: &[u8], enc: TextEncoding, line_end_first: bool) -> Option<bool> {
    let (lo, hi) = match (enc, head) {
        (TextEncoding::Utf16Le, [lo, hi, ..]) | (TextEncoding::Utf16Be, [hi, lo, ..]) => (*lo, *hi),
        _ => return None,
    };
    let first = lo == b'\t' || (0x20..0x7f).contains(&lo) || (line_end_first && (lo == b'\n' || lo == b'\r'));
    (hi == 0 && first).then(|| encoding::looks_utf16(head, enc))
}

/// Whether bytes met at a UTF-16 line start are, rather than UTF-16, the start of another
/// record: after blank lines (ASCII spaces, tabs, line ends) and a UTF-8 byte-order mark, a tag
/// line `[Name "` in bytes, or a UTF-16 byte-order mark followed by an ASCII character. In
/// UTF-16 every ASCII character has a zero byte, so neither shape occurs there. (UTF-16 of the
/// other byte order without a byte-order mark: [`Splitter::other_utf16_starts`].)
fn record_starts(raw: &[u8]) -> bool {
    let mut p = raw;
    loop {
        p = match p {
            [b' ' | b'\t' | b'\r' | b'\n', rest @ ..] | [0xEF, 0xBB, 0xBF, rest @ ..] => rest,
            _ => break,
        };
    }
    match p {
        [0xFF, 0xFE, _, 0, ..] | [0xFE, 0xFF, 0, _, ..] => true,
        [b'[', ..] => tag_shaped(p),
        _ => false,
    }
}

/// Skip spaces, tabs, a UTF-8 byte-order mark and full-width spaces (UTF-8 `E3 80 80`,
/// GBK `A1 A1`) at the start of a line.
fn skip_blank(mut p: &[u8]) -> &[u8] {
    loop {
        p = match p {
            [b' ' | b'\t' | 0x0b | 0x0c, rest @ ..] => rest,
            [0xEF, 0xBB, 0xBF, rest @ ..] | [0xE3, 0x80, 0x80, rest @ ..] | [0xA1, 0xA1, rest @ ..] => rest,
            _ => return p,
        };
    }
}

impl<R: Read> Iterator for Splitter<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<io::Result<Chunk>> {
        if self.failed {
            return None;
        }
        let mut st = State::default();
        let mut out = Chunk {
            bytes: Vec::with_capacity(self.last_len.min(GAME_START)),
            line: self.line,
            offset: self.offset,
            utf16: self.utf16.as_ref().map(|(_, e)| *e),
            ..Chunk::default()
        };
        while let Some(kind) = self.classify() {
            let ends = match kind {
                LineKind::Utf16 { .. } => st.content,
                LineKind::Bracket { shaped } => {
                    if st.movetext {
                        st.mode != Mode::Brace || shaped || st.prev_blank
                    } else {
                        st.tags && st.prev_blank
                    }
                }
                LineKind::Blank | LineKind::Text | LineKind::Escape => false,
            };
            if ends {
                break;
            }
            // An escape line before the movetext is ignored: before the game it belongs to
            // none, in the tag section the tags go on after it. (In movetext the lexer
            // ignores it; in a `{` comment it is comment text.)
            let kind = match kind {
                LineKind::Escape if st.movetext || st.mode != Mode::Text => LineKind::Text,
                LineKind::Escape => {
                    let mut sink = Chunk::default();
                    if st.content {
                        self.consume_line(&mut st, &mut out, false);
                    } else {
                        self.consume_line(&mut st, &mut sink, false);
                        out.line = self.line;
                        out.offset = self.offset;
                    }
                    continue;
                }
                k => k,
            };
            if let LineKind::Utf16 { encoding: enc, skip } = kind {
                self.start_utf16(enc, skip);
                out.utf16 = Some(enc);
                out.offset = self.offset;
                continue;
            }
            if !st.content && kind == LineKind::Blank {
                // Leading blank lines belong to no game.
                self.consume_line(&mut st, &mut Chunk::default(), true);
                out.line = self.line;
                out.offset = self.offset;
                continue;
            }
            let tag_line = matches!(kind, LineKind::Bracket { .. }) && !st.movetext;
            self.consume_line(&mut st, &mut out, tag_line);
            match kind {
                LineKind::Blank => st.prev_blank = true,
                _ => {
                    st.prev_blank = false;
                    st.content = true;
                    if tag_line {
                        st.tags = true;
                    } else {
                        st.movetext = true;
                    }
                }
            }
        }
        self.last_len = out.bytes.len();
        if !self.transcoded && out.overflow.is_none() {
            out.span = Some(out.offset..out.offset + out.bytes.len() as u64);
        }
        out.utf16_errors = self.utf16_errors;
        self.utf16_errors = false;
        if let Some(e) = self.error.take() {
            if st.content {
                // The game read before the failure first; the failure on the next call.
                self.error = Some(e);
                return Some(Ok(out));
            }
            self.failed = true;
            return Some(Err(e));
        }
        if !st.content {
            return None;
        }
        Some(Ok(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(bytes: &[u8]) -> Vec<String> {
        Splitter::new(bytes)
            .map(|c| String::from_utf8_lossy(&c.unwrap().bytes).into_owned())
            .collect()
    }

    #[test]
    fn spans_are_the_inputs_bytes() {
        // Leading blank lines, CRLF and lone CR line ends, a tags-only record, a BOM, text
        // that is no game: each chunk's span slices the input to its bytes, and what lies
        // between spans is blank.
        let input: &[u8] = b"\n \r\n\xEF\xBB\xBF[A \"1\"]\r\n\r\n1. e4 *\r\n\r\n[B \"2\"]\n\n[C \"3\"]\r1. d4 {x}\r\r[D \"4\"]\n1. c4 1-0";
        let chunks: Vec<Chunk> = Splitter::new(input).map(Result::unwrap).collect();
        assert_eq!(chunks.len(), 4);
        let mut end = 0usize;
        for c in &chunks {
            let span = c.span.clone().unwrap();
            let (s, e) = (span.start as usize, span.end as usize);
            assert_eq!(&input[s..e], c.bytes.as_slice());
            assert!(input[end..s].iter().all(u8::is_ascii_whitespace));
            end = e;
        }
        assert_eq!(end, input.len());
        // UTF-16 text: offsets are the transcoded text's, so no span, there and after.
        let mut utf16 = vec![0xFF, 0xFE];
        for b in b"[A \"1\"]\n1. e4 *\n" {
            utf16.extend([*b, 0]);
        }
        utf16.extend_from_slice(b"[B \"2\"]\n1. d4 *\n");
        let chunks: Vec<Chunk> = Splitter::new(utf16.as_slice()).map(Result::unwrap).collect();
        assert_eq!(chunks.len(), 2);
        assert!(chunks.iter().all(|c| c.span.is_none()));
        // A game over a cap keeps no bytes and has no span; the next one has its own.
        let limits = Limits {
            game_bytes: 16,
            ..Limits::default()
        };
        let input: &[u8] = b"[A \"1\"]\n1. e4 e5 2. Nf3 *\n[B \"2\"]\n*\n";
        let chunks: Vec<Chunk> = Splitter::with_limits(input, limits).map(Result::unwrap).collect();
        assert_eq!(chunks[0].span, None);
        assert_eq!(chunks[1].span, Some(26..36));
        assert_eq!(&input[26..36], b"[B \"2\"]\n*\n");
    }

    #[test]
    fn boundaries() {
        // Tags-only record, movetext on a tag line, unterminated comment, lone CR.
        assert_eq!(
            split(b"[A \"1\"]\n[B \"2\"]\n\n[C \"3\"]\n\n1. e4 *\n"),
            ["[A \"1\"]\n[B \"2\"]\n\n", "[C \"3\"]\n\n1. e4 *\n"]
        );
        assert_eq!(
            split(b"[A \"1\"] 1. e4 *\n[B \"2\"]\n1. d4 *\n"),
            ["[A \"1\"] 1. e4 *\n", "[B \"2\"]\n1. d4 *\n"]
        );
        assert_eq!(
            split(b"[A \"1\"]\n\n1. e4 {open\n[%clk 1:00]\n\n[B \"2\"]\n1. d4 *\n"),
            [
                "[A \"1\"]\n\n1. e4 {open\n[%clk 1:00]\n\n",
                "[B \"2\"]\n1. d4 *\n"
            ]
        );
        assert_eq!(
            split(b"[A \"1\"]\r\r1. e4 *\r\r[B \"2\"]\r\r1. d4 *\r"),
            ["[A \"1\"]\r\r1. e4 *\r\r", "[B \"2\"]\r\r1. d4 *\r"]
        );
        // A comment that holds a `[%clk]` line outside a blank line stays in its game.
        assert_eq!(
            split(b"[A \"1\"]\n1. e4 {x\n[%clk 0:01]} e5 *\n"),
            ["[A \"1\"]\n1. e4 {x\n[%clk 0:01]} e5 *\n"]
        );
        // CRLF kept as written; line numbers count CR, LF and CRLF once each.
        let c: Vec<Chunk> = Splitter::new(&b"\r\n[A \"1\"]\r\n1. e4 *\r\n[B \"2\"]\r1. d4\n"[..])
            .map(Result::unwrap)
            .collect();
        assert_eq!((c[0].line, c[0].offset, c[1].line), (2, 2, 4));
    }

    /// Files joined with `cat`, the first without a final line end: a tag after a
    /// termination marker on the same line starts the next game; a tag-shaped text after
    /// anything else, or in a comment, does not.
    #[test]
    fn a_tag_after_a_termination_marker_starts_a_game() {
        assert_eq!(
            split(b"[A \"1\"]\n\n1. e4 e5 *[Event \"x\"]\n\n1. d4 *\n"),
            ["[A \"1\"]\n\n1. e4 e5 *", "[Event \"x\"]\n\n1. d4 *\n"]
        );
        for marker in ["1-0", "0-1", "1/2-1/2"] {
            let text = format!("1. e4 e5 {marker} \t[B \"2\"]\n1. d4 *\n");
            let want = [
                format!("1. e4 e5 {marker} \t"),
                "[B \"2\"]\n1. d4 *\n".to_string(),
            ];
            assert_eq!(split(text.as_bytes()), want);
        }
        let c: Vec<Chunk> = Splitter::new(&b"1. e4 *\r\n1. d4 1-0[B \"2\"]\r\n"[..])
            .map(Result::unwrap)
            .collect();
        assert_eq!((c[1].line, c[1].offset, c[1].span.clone()), (2, 18, Some(18..27)));
        for one in [
            &b"1. e4 e5 x*[B \"2\"] d4\n"[..],
            b"1. e4 e5 {*[B \"2\"]} d4 *\n",
            b"1. e4 e5 * [%clk 0:01]\n",
            b"1. e4 e5 [B \"2\"] *\n",
            b"1. e4 ; * [B \"2\"]\n",
        ] {
            assert_eq!(split(one).len(), 1, "{}", String::from_utf8_lossy(one));
        }
    }

    /// An escape line (`%` in the first column) is ignored wherever it is: in the tag section
    /// the tags go on after it; before a game it belongs to no game; in movetext it is the
    /// lexer's; in a `{` comment it is comment text.
    #[test]
    fn escape_lines_are_ignored() {
        assert_eq!(
            split(b"[Event \"D4\"]\n%comment line in tags\n[Result \"*\"]\n\n1. Nf3 Nf6 *\n"),
            ["[Event \"D4\"]\n%comment line in tags\n[Result \"*\"]\n\n1. Nf3 Nf6 *\n"]
        );
        // After a tag section and a blank line, the next tag still starts a record.
        assert_eq!(
            split(b"[A \"1\"]\n\n%x\n[B \"2\"]\n1. d4 *\n"),
            ["[A \"1\"]\n\n%x\n", "[B \"2\"]\n1. d4 *\n"]
        );
        let c: Vec<Chunk> = Splitter::new(&b"%header\r\n%more\n[A \"1\"]\n*\n"[..])
            .map(Result::unwrap)
            .collect();
        assert_eq!(c.len(), 1);
        assert_eq!(
            (c[0].line, c[0].offset, c[0].bytes.as_slice()),
            (3, 15, &b"[A \"1\"]\n*\n"[..])
        );
        // Not in the first column: text, which starts the movetext.
        assert_eq!(
            split(b"[A \"1\"]\n %x\n[B \"2\"]\n*\n"),
            ["[A \"1\"]\n %x\n", "[B \"2\"]\n*\n"]
        );
    }

    /// The edges of PGN's lexical rules ([`Mode`], PGN standard sections 6 and 8.2.5), each
    /// where it moves a game's end: a `[` line that is not a tag (`[%clk ...]`) ends the game
    /// unless a `{` comment is open.
    #[test]
    fn boundaries_follow_the_lexers_modes() {
        // Brace comments do not nest: the first `}` closes `{a {b}`, so the `[%clk]` line is
        // not in a comment and starts a record of its own.
        assert_eq!(
            split(b"[A \"1\"]\n1. e4 {a {b} c\n[%clk 0:01]\n"),
            ["[A \"1\"]\n1. e4 {a {b} c\n", "[%clk 0:01]\n"]
        );
        // A `;` comment runs to its line's end: a `{` in it opens nothing. A `;` in a `{`
        // comment is comment text: the comment goes on to its `}`.
        assert_eq!(
            split(b"[A \"1\"]\n1. e4 ; {x\n[%clk 0:01]\n"),
            ["[A \"1\"]\n1. e4 ; {x\n", "[%clk 0:01]\n"]
        );
        assert_eq!(
            split(b"[A \"1\"]\n1. e4 {a ; b\n[%clk 0:01]} e5 *\n"),
            ["[A \"1\"]\n1. e4 {a ; b\n[%clk 0:01]} e5 *\n"]
        );
        // A line starting with `%` is ignored (a `{` in it opens nothing); a `%` further on
        // is text.
        assert_eq!(
            split(b"[A \"1\"]\n1. e4\r\n%{x\r\n[%clk 0:01]\n"),
            ["[A \"1\"]\n1. e4\r\n%{x\r\n", "[%clk 0:01]\n"]
        );
        assert_eq!(
            split(b"[A \"1\"]\n1. e4\n %{x\n[%clk 0:01]} *\n"),
            ["[A \"1\"]\n1. e4\n %{x\n[%clk 0:01]} *\n"]
        );
        // Braces in tag values are string text; the movetext after a tag line's tags is
        // lexed (its `{` opens a comment that holds the `[%clk]` line).
        assert_eq!(
            split(b"[A \"{\"]\n1. e4\n[%clk 0:01]\n"),
            ["[A \"{\"]\n1. e4\n", "[%clk 0:01]\n"]
        );
        assert_eq!(
            split(b"[A \"{\\\"}\"] 1. e4 {x\n[%clk 0:01]} *\n[B \"}\"]\n*\n"),
            ["[A \"{\\\"}\"] 1. e4 {x\n[%clk 0:01]} *\n", "[B \"}\"]\n*\n"]
        );
        // An unterminated comment at the end of the input runs to its end, `[` lines and all.
        assert_eq!(
            split(b"[A \"1\"]\n1. e4 {open\n[%clk 0:01]\n[x]"),
            ["[A \"1\"]\n1. e4 {open\n[%clk 0:01]\n[x]"]
        );
        // A UTF-16 record between UTF-8 records, its comment left open: each record is its
        // own, the UTF-16 one transcoded.
        let mut bytes = b"[A \"1\"]\n1. e4 {x} *\n".to_vec();
        bytes.extend([0xFF, 0xFE]);
        for u in "[B \"\u{67f3}\"]\r\n1. d4 {open\r\n".encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        bytes.extend_from_slice(b"[C \"3\"]\n1. c4 *\n");
        let c: Vec<Chunk> = Splitter::new(&bytes[..]).map(Result::unwrap).collect();
        let texts: Vec<_> = c.iter().map(|c| String::from_utf8_lossy(&c.bytes)).collect();
        assert_eq!(
            texts,
            [
                "[A \"1\"]\n1. e4 {x} *\n",
                "[B \"\u{67f3}\"]\r\n1. d4 {open\r\n",
                "[C \"3\"]\n1. c4 *\n"
            ]
        );
        let utf16: Vec<_> = c.iter().map(|c| c.utf16).collect();
        assert_eq!(utf16, [None, Some(TextEncoding::Utf16Le), None]);
    }

    #[test]
    fn caps_and_utf16() {
        let limits = Limits {
            game_bytes: 64,
            tag_bytes: 32,
            comment_bytes: 16,
            token_bytes: 8,
        };
        let run = |text: &[u8]| -> Vec<Option<&'static str>> {
            Splitter::with_limits(text, limits)
                .map(|c| c.unwrap().overflow.map(|o| o.what))
                .collect()
        };
        let big = format!("[A \"1\"]\n1. {} *\n[B \"2\"]\n1. d4 *\n", "e4 e5 ".repeat(40));
        assert_eq!(run(big.as_bytes()), [Some("game"), None]);
        assert_eq!(
            run(b"[A \"1\"]\n1. e4xxxxxxxxxxx *\n[B \"2\"]\n1. d4 *\n"),
            [Some("token"), None]
        );
        assert_eq!(
            run(b"[A \"1\"]\n1. e4 {aaaaaaaaaaaaaaaaaaaa} *\n[B \"2\"]\n1. d4 *\n"),
            [Some("comment"), None]
        );
        assert_eq!(
            run(b"[A \"1111111111111111111111111111\"]\n1. e4 *\n"),
            [Some("tag")]
        );
        // At the caps, not over them: a token of 8 bytes, a comment of 16 (braces not
        // counted), tokens cut by a comment, a space or a parenthesis.
        assert_eq!(run(b"[A \"1\"]\n1. e4xxxxxx *\n"), [None]);
        assert_eq!(run(b"[A \"1\"]\n1. e4xxxxxxx *\n"), [Some("token")]);
        assert_eq!(run(b"[A \"1\"]\n1. e4 {aaaaaaaaaaaaaaaa} *\n"), [None]);
        assert_eq!(
            run(b"[A \"1\"]\n1. e4 {aaaaaaaaaaaaaaaaa} *\n"),
            [Some("comment")]
        );
        assert_eq!(run(b"[A \"1\"]\n1. e4xxxx{c}xxxx(x)e4xxxxxx *\n"), [None]);
        assert_eq!(
            run(b"[A \"1\"]\n1. e4 ; aaaaaaaaaaaaaaaaa\n*\n"),
            [Some("comment")]
        );
        // A UTF-16LE game after a UTF-8 one.
        let mut bytes = b"[A \"1\"]\n1. e4 *\n".to_vec();
        bytes.extend([0xFF, 0xFE]);
        for u in "[B \"\u{67f3}\"]\r\n1. d4 *\r\n".encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        let c: Vec<Chunk> = Splitter::new(&bytes[..]).map(Result::unwrap).collect();
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].utf16, Some(TextEncoding::Utf16Le));
        assert_eq!(
            String::from_utf8_lossy(&c[1].bytes),
            "[B \"\u{67f3}\"]\r\n1. d4 *\r\n"
        );
    }

    /// Found by the `pgn_split` and `records` fuzz targets: a UTF-16 line cut at the end of the
    /// input called the finished decoder again (a panic in `encoding_rs`).
    #[test]
    fn utf16_to_the_end() {
        for bytes in [
            &b"\xFF\xFE[\x00a"[..],
            b"x\n\xFF\xFE[\x00",
            b"\xFE\xFF\x00[\x00",
            b"\xFF\xFE",
        ] {
            let _ = Splitter::new(bytes).count();
        }
        // A byte-order mark followed by a non-ASCII character is not taken for UTF-16.
        assert_eq!(split(b"\xFF\xFE\x12\x34\n"), ["\u{fffd}\u{fffd}\u{12}4\n"]);
    }

    /// `token_runs` (sampling at multiples of the cap) against a byte-by-byte count.
    #[test]
    fn token_runs_count_as_the_plain_loop() {
        let plain = |seg: &[u8], carry: usize, cap: usize| {
            let (mut t, mut over) = (carry, false);
            for &b in seg {
                if crate::pgn::WORD_END[usize::from(b)] {
                    t = 0;
                } else {
                    t += 1;
                    over |= t > cap;
                }
            }
            (over || carry > cap, t)
        };
        let mut rng = crate::testgen::Xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut overs = 0;
        for _ in 0..50_000 {
            let len = (rng.next() % 40) as usize;
            // Mostly token bytes, with word ends now and then (more or fewer by text).
            let density = 2 + rng.next() % 12;
            let seg: Vec<u8> = (0..len)
                .map(|_| {
                    if rng.next().is_multiple_of(density) {
                        b" \t()$}"[(rng.next() % 6) as usize]
                    } else {
                        b'a'
                    }
                })
                .collect();
            let carry = (rng.next() % 6) as usize;
            let cap = (rng.next() % 12) as usize;
            if seg.is_empty() {
                continue;
            }
            let got = token_runs(&seg, carry, cap);
            // A carry already over the cap was reported where it was counted.
            let want = plain(&seg, carry, cap);
            assert_eq!(got.1, want.1, "{seg:?} {carry} {cap}");
            if carry <= cap {
                assert_eq!(got.0, want.0, "{seg:?} {carry} {cap}");
            }
            overs += usize::from(got.0);
        }
        assert!(overs > 5_000, "{overs}");
    }
}
