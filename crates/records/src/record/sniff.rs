//! What a file holds, judged by content ([`detect_format`], [`is_record_path`]), and a
//! stream opened by it ([`open_reader`]: PGN streamed, any other format read whole).

use super::error::RecordErrorKind;
use super::split::{raw_games, RawGames};
use crate::encoding;
use crate::pgn::GameKind;
use crate::stream::Limits;
use crate::{cbf, cbl, cbr, dhtmlxq, text, wxf};
use std::io::{self, Read};
use std::path::Path;

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

pub(super) fn text_format(t: &str) -> Format {
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

/// The largest input of a whole-file format (XQF, CBR, CBL, CBF, DhtmlXQ, text move lists)
/// that is read: these are read whole, and real ones are far smaller (a CBL library of 35
/// games is 250 KiB). PGN is streamed game by game and has no such limit (see [`Limits`]).
pub const MAX_WHOLE_FILE_BYTES: usize = 64 << 20;

/// A stream opened for reading records (see [`open_reader`]).
// One per input, matched at once: the splitter's state (`Pgn`) is not boxed for its size.
#[allow(clippy::large_enum_variant)]
pub enum Opened<R> {
    /// PGN: split and decoded game by game as it is read.
    Pgn(RawGames<Peeked<R>>),
    /// A whole-file format (XQF, CBR, CBL, CBF, DhtmlXQ, a text move list): its bytes, for
    /// [`games`](super::games).
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
            Err(e) => return Opened::Failed(RecordErrorKind::read(&e)),
        }
    }
    let binary = cbr::is_cbr(&head) || cbl::is_cbl(&head) || cbl::is_compressed_cbl(&head) || is_xqf(&head);
    if !binary && (kind == Some(GameKind::Chess) || plainly_pgn(&head)) {
        return Opened::Pgn(raw_games(io::Cursor::new(head).chain(src), Limits::default()));
    }
    if !eof {
        if let Err(e) = read_up_to(&mut src, &mut head, SNIFF_BYTES as usize) {
            return Opened::Failed(RecordErrorKind::read(&e));
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
            return Opened::Failed(RecordErrorKind::read(&e));
        }
        if head.len() > MAX_WHOLE_FILE_BYTES {
            return Opened::Failed(RecordErrorKind::TooLarge {
                format: format_name(detect_format(&head[..SNIFF_BYTES as usize])),
                limit_mib: MAX_WHOLE_FILE_BYTES >> 20,
            });
        }
    }
    Opened::Whole(head)
}

/// Whether the first bytes of an input are PGN without decoding them: no UTF-16 (with a
/// byte-order mark or without: [`encoding::utf16_unmarked`]), no CBF or DhtmlXQ marker in them, and a tag line (`[` at a line's start, a `"`
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
    if head.starts_with(&[0xFF, 0xFE])
        || head.starts_with(&[0xFE, 0xFF])
        || encoding::utf16_unmarked(head).is_some()
    {
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
