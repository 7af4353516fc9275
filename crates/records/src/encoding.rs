//! Text encoding detection for record files: a byte-order mark, then UTF-16 without one (told
//! by its zero bytes: [`utf16_unmarked`]), then valid UTF-8, then GBK (read as GB18030, its
//! superset) versus Big5 versus Windows-1252 (Latin chess PGN).
//!
//! Decoding is done by `encoding_rs`; the GBK/Big5 choice uses `chardetng` and falls back on
//! which of the two decodes without errors. Nothing here panics on any input.

use std::borrow::Cow;

/// How many leading bytes `chardetng` sees when GBK and Big5 both decode a file cleanly.
const DETECT_SAMPLE: usize = 4096;

/// How many leading bytes [`utf16_unmarked`] looks at first, before [`DETECT_SAMPLE`] bytes in
/// all.
const UTF16_HEAD: usize = 256;

/// The encoding a file was read with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (with or without a BOM).
    Utf8,
    /// UTF-16 little-endian (BOM `FF FE`, or none: [`utf16_unmarked`]).
    Utf16Le,
    /// UTF-16 big-endian (BOM `FE FF`, or none: [`utf16_unmarked`]).
    Utf16Be,
    /// GBK, read as its superset GB18030 (simplified Chinese).
    Gbk,
    /// Big5 (traditional Chinese), as the WHATWG Big5 decoder reads it (HKSCS included).
    Big5,
    /// Windows-1252 (Latin-1 and its superset): chess PGN from Western sources.
    Windows1252,
}

impl TextEncoding {
    /// UTF-8 or UTF-16 (a Unicode encoding, not a legacy code page).
    pub fn is_unicode(self) -> bool {
        matches!(
            self,
            TextEncoding::Utf8 | TextEncoding::Utf16Le | TextEncoding::Utf16Be
        )
    }

    /// The `encoding_rs` decoder for this encoding.
    pub fn encoding(self) -> &'static encoding_rs::Encoding {
        match self {
            TextEncoding::Utf8 => encoding_rs::UTF_8,
            TextEncoding::Utf16Le => encoding_rs::UTF_16LE,
            TextEncoding::Utf16Be => encoding_rs::UTF_16BE,
            TextEncoding::Gbk => encoding_rs::GB18030,
            TextEncoding::Big5 => encoding_rs::BIG5,
            TextEncoding::Windows1252 => encoding_rs::WINDOWS_1252,
        }
    }

    /// A short name: `UTF-8`, `UTF-16LE`, `UTF-16BE`, `GBK`, `Big5`.
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf16Le => "UTF-16LE",
            TextEncoding::Utf16Be => "UTF-16BE",
            TextEncoding::Gbk => "GBK",
            TextEncoding::Big5 => "Big5",
            TextEncoding::Windows1252 => "Windows-1252",
        }
    }
}

/// Text decoded from a file's bytes.
#[derive(Clone, Debug)]
pub struct Decoded<'a> {
    /// The text, without any BOM. Borrowed when the input was UTF-8 already.
    pub text: Cow<'a, str>,
    /// The encoding it was read with.
    pub encoding: TextEncoding,
    /// Whether some bytes were malformed in that encoding (they became U+FFFD).
    pub had_errors: bool,
}

/// Guess the encoding of `bytes`: a BOM wins; then UTF-16 without a BOM ([`utf16_unmarked`]);
/// then valid UTF-8 (pure ASCII included); then GBK or Big5 as `chardetng` judges them,
/// overruled when only the other decodes cleanly.
pub fn detect(bytes: &[u8]) -> TextEncoding {
    if let Some(enc) = unicode(bytes) {
        return enc;
    }
    let guess = guess_cjk(bytes);
    let other = other_cjk(guess);
    if !decodes_cleanly(guess.encoding(), bytes) && decodes_cleanly(other.encoding(), bytes) {
        other
    } else {
        guess
    }
}

/// A BOM's encoding, UTF-16 without a BOM ([`utf16_unmarked`]), or UTF-8 when the bytes are
/// valid UTF-8.
fn unicode(bytes: &[u8]) -> Option<TextEncoding> {
    if let Some((enc, _)) = encoding_rs::Encoding::for_bom(bytes) {
        return Some(from_encoding_rs(enc));
    }
    if let Some(enc) = utf16_unmarked(bytes) {
        return Some(enc);
    }
    std::str::from_utf8(bytes).is_ok().then_some(TextEncoding::Utf8)
}

/// The byte order of text that is UTF-16 without a byte-order mark ([`looks_utf16`]) over its
/// first `UTF16_HEAD` bytes and over its first `DETECT_SAMPLE` bytes, and starts so: an
/// ASCII character (a code unit with a zero high byte) among its first `UTF16_LINES` code
/// units (8-bit text before UTF-16 text, files joined with `cat`, has none there; the splitter
/// finds where the UTF-16 text starts). For a file, or one game's bytes. `None` for any text
/// in an 8-bit encoding (UTF-8, GBK, Big5, Windows-1252 hold no zero byte) and for binary data.
pub fn utf16_unmarked(bytes: &[u8]) -> Option<TextEncoding> {
    let sample = &bytes[..bytes.len().min(DETECT_SAMPLE)];
    memchr::memchr(0, sample)?;
    let head = &sample[..sample.len().min(UTF16_HEAD)];
    [TextEncoding::Utf16Le, TextEncoding::Utf16Be]
        .into_iter()
        .find(|&enc| {
            let hi = usize::from(enc == TextEncoding::Utf16Le);
            let starts = head
                .chunks_exact(2)
                .take(UTF16_LINES)
                .any(|u| u[hi] == 0 && u[1 - hi] != 0);
            starts && looks_utf16(head, enc) && looks_utf16(sample, enc)
        })
}

/// Code units [`looks_utf16`] counts at least, when the text has them: its first lines up to
/// the first line feed after these.
const UTF16_LINES: usize = 16;

/// Whether `bytes` read as `enc` (UTF-16LE or UTF-16BE) are text, by their zero bytes: in
/// UTF-16 every ASCII character (tag names, quotes, move numbers, spaces, line ends) is a code
/// unit whose high byte is zero (the odd bytes in UTF-16LE, the even ones in UTF-16BE), and
/// 8-bit text (UTF-8, GBK, Big5, Windows-1252) holds no zero byte at all. Counted over the
/// first lines, up to the first line feed (U+000A) that ends at least `UTF16_LINES` code
/// units, or over all of them when there is none (what follows may be in another encoding or
/// byte order: files joined with `cat`): at least two; at least an eighth with a zero high byte
/// (the sparsest record text, a move list in Chinese only with full-width digits, has one
/// space in five characters, or fewer where a line holds one move: `炮二平五 马８进７`), more
/// than those with only a zero low byte (characters
/// U+xx00 such as 一; the other byte order swaps the two counts); none a control character
/// other than tab, line feed, form feed and carriage return (U+0000 included); and no three
/// zero bytes in a row in all `bytes` (binary data: text has at most two, where UTF-16LE ends
/// with an ASCII character and UTF-16BE follows). Linear in `bytes`.
pub fn looks_utf16(bytes: &[u8], enc: TextEncoding) -> bool {
    let hi = usize::from(enc == TextEncoding::Utf16Le);
    let (mut n, mut counting) = (0usize, true);
    let (mut ascii, mut low_zero) = (0usize, 0usize);
    for u in bytes.chunks_exact(2) {
        if !counting {
            break;
        }
        n += 1;
        match (u[hi], u[1 - hi]) {
            (0, b'\n') => {
                ascii += 1;
                counting = n < UTF16_LINES;
            }
            (0, b'\t' | 0x0c | b'\r') => ascii += 1,
            (0, c) if c < 0x20 || (0x7f..0xa0).contains(&c) => return false,
            (0, _) => ascii += 1,
            (_, 0) => low_zero += 1,
            _ => {}
        }
    }
    n >= 2 && 8 * ascii >= n && ascii > low_zero && !bytes.windows(3).any(|w| w == [0, 0, 0])
}

fn other_cjk(e: TextEncoding) -> TextEncoding {
    match e {
        TextEncoding::Big5 => TextEncoding::Gbk,
        TextEncoding::Windows1252 => TextEncoding::Windows1252,
        _ => TextEncoding::Big5,
    }
}

/// `chardetng`'s verdict: Big5, Windows-1252 (Latin text, e.g. chess PGN with accented
/// names), or GBK (anything else it might say counts as GBK).
fn guess_cjk(bytes: &[u8]) -> TextEncoding {
    // The tags and first moves decide; a bounded sample keeps detection cheap on big files.
    // A sample without any non-ASCII byte says nothing: then the whole file is fed.
    let mut cut = bytes.len().min(DETECT_SAMPLE);
    while cut < bytes.len() && cut > 0 && bytes[cut - 1] >= 0x80 {
        cut -= 1; // end on an ASCII byte so that no multi-byte character is split
    }
    if bytes[..cut].is_ascii() {
        cut = bytes.len();
    }
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    det.feed(&bytes[..cut], true);
    let guess = det.guess(None, chardetng::Utf8Detection::Deny);
    if guess == encoding_rs::BIG5 {
        TextEncoding::Big5
    } else if guess == encoding_rs::WINDOWS_1252 {
        TextEncoding::Windows1252
    } else {
        TextEncoding::Gbk
    }
}

fn from_encoding_rs(enc: &'static encoding_rs::Encoding) -> TextEncoding {
    if enc == encoding_rs::UTF_16LE {
        TextEncoding::Utf16Le
    } else if enc == encoding_rs::UTF_16BE {
        TextEncoding::Utf16Be
    } else {
        TextEncoding::Utf8
    }
}

fn decodes_cleanly(enc: &'static encoding_rs::Encoding, bytes: &[u8]) -> bool {
    enc.decode_without_bom_handling_and_without_replacement(bytes)
        .is_some()
}

/// Detect the encoding of `bytes` (see [`detect`]) and decode them, dropping any BOM.
/// Malformed sequences become U+FFFD and set [`Decoded::had_errors`].
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    if let Some(enc) = unicode(bytes) {
        return decode_as(bytes, enc);
    }
    let guess = guess_cjk(bytes);
    let first = decode_as(bytes, guess);
    if first.had_errors {
        let second = decode_as(bytes, other_cjk(guess));
        if !second.had_errors {
            return second;
        }
    }
    first
}

/// Decode one game's bytes: a UTF-8 byte-order mark or valid UTF-8 first; then UTF-8 read
/// lossily when the bytes are UTF-8 but for a few malformed sequences (a stray byte in a UTF-8
/// file spoils one game's text, not the file's reading); then as [`decode`]. With
/// [`Decoded::had_errors`] set, the second element is a warning naming the encoding used.
pub fn decode_game(bytes: &[u8]) -> (Decoded<'_>, Option<String>) {
    decode_game_with_hint(bytes, None)
}

/// [`decode_game`], each game sniffed on its own: when the bytes are not UTF-8, the detected
/// encoding and the other candidate are compared by how many xiangqi notation characters
/// (pieces, files, moves: `NOTATION`) each reading gives, among the readings without a
/// malformed sequence. `hint` (the encoding of the input's previous game that was not UTF-8)
/// only breaks a tie between GBK and Big5, where the game's text says nothing either way.
pub fn decode_game_with_hint(bytes: &[u8], hint: Option<TextEncoding>) -> (Decoded<'_>, Option<String>) {
    if let Some(enc) = unicode(bytes) {
        return (decode_as(bytes, enc), None);
    }
    let (bad, good) = utf8_errors(bytes);
    let d = if good >= 4 * bad {
        decode_as(bytes, TextEncoding::Utf8)
    } else {
        decode_legacy(bytes, hint)
    };
    let warning = d.had_errors.then(|| {
        format!(
            "some bytes are not valid {}: read as U+FFFD (replacement characters)",
            d.encoding.name()
        )
    });
    (d, warning)
}

/// Characters of xiangqi notation in both scripts: pieces, moves, file numbers (Chinese and
/// full-width digits), front/back and the sides.
const NOTATION: &str =
    "車车俥馬马傌炮砲包相象仕士帥帅將将兵卒進进退平一二三四五六七八九１２３４５６７８９前後后中紅红黑";

/// How many characters of `text` are xiangqi notation ([`NOTATION`]).
fn notation_score(text: &str) -> usize {
    text.chars()
        .filter(|c| !c.is_ascii() && NOTATION.contains(*c))
        .count()
}

/// One game's bytes in a legacy encoding ([`decode_game_with_hint`]).
fn decode_legacy(bytes: &[u8], hint: Option<TextEncoding>) -> Decoded<'_> {
    let guess = guess_cjk(bytes);
    let first = decode_as(bytes, guess);
    let other = other_cjk(guess);
    if other == guess {
        return first;
    }
    let second = decode_as(bytes, other);
    match (first.had_errors, second.had_errors) {
        (false, true) | (true, true) => first,
        (true, false) => second,
        (false, false) => {
            let (a, b) = (notation_score(&first.text), notation_score(&second.text));
            if b > a || (a == b && hint == Some(other)) {
                second
            } else {
                first
            }
        }
    }
}

/// Malformed sequences and valid multi-byte characters in `bytes` read as UTF-8 (the count
/// stops once more than 16 malformed sequences outnumber a quarter of the valid characters).
fn utf8_errors(mut bytes: &[u8]) -> (usize, usize) {
    let (mut bad, mut good) = (0, 0);
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => return (bad, good + s.chars().filter(|c| !c.is_ascii()).count()),
            Err(e) => {
                let (ok, rest) = bytes.split_at(e.valid_up_to());
                good += std::str::from_utf8(ok).map_or(0, |s| s.chars().filter(|c| !c.is_ascii()).count());
                bad += 1;
                bytes = &rest[e.error_len().unwrap_or(rest.len()).min(rest.len())..];
                // Clearly not UTF-8 (a legacy encoding): no need to count on.
                if bad > 16 && 4 * bad > good {
                    return (bad, good);
                }
            }
        }
    }
}

/// Decode `bytes` as `encoding`, dropping a BOM of that encoding if present.
pub fn decode_as(bytes: &[u8], encoding: TextEncoding) -> Decoded<'_> {
    let (text, had_errors) = encoding.encoding().decode_with_bom_removal(bytes);
    Decoded {
        text,
        encoding,
        had_errors,
    }
}

/// Decode a GBK (GB18030) byte string, as XQF headers store them; stops at the first NUL.
pub fn decode_gbk(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    let (text, _, _) = encoding_rs::GB18030.decode(&bytes[..end]);
    text.into_owned()
}

/// `text` as UTF-16 bytes in `enc`'s byte order (big-endian for `Utf16Be`, else little), with
/// no byte-order mark: the test fixtures of BOM-less UTF-16.
#[cfg(test)]
pub(crate) fn utf16_bytes(text: &str, enc: TextEncoding) -> Vec<u8> {
    text.encode_utf16()
        .flat_map(|u| match enc {
            TextEncoding::Utf16Be => u.to_be_bytes(),
            _ => u.to_le_bytes(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_and_utf8() {
        assert_eq!(detect(b"\xEF\xBB\xBF[Event \"x\"]"), TextEncoding::Utf8);
        assert_eq!(detect("[Red \"柳大华\"]".as_bytes()), TextEncoding::Utf8);
        assert_eq!(detect(b"plain ascii"), TextEncoding::Utf8);
        let d = decode(b"\xEF\xBB\xBFabc");
        assert_eq!(d.text, "abc");
    }

    #[test]
    fn gbk_and_big5() {
        let (gbk, _, _) = encoding_rs::GB18030.encode("[Red \"柳大华\"]\n1. 炮二平五 马８进７\n");
        assert_eq!(detect(&gbk), TextEncoding::Gbk);
        let (big5, _, _) = encoding_rs::BIG5.encode("[Red \"楊官璘\"]\n1. 炮二平五 馬８進７\n");
        assert_eq!(detect(&big5), TextEncoding::Big5);
        assert_eq!(decode(&big5).text, "[Red \"楊官璘\"]\n1. 炮二平五 馬８進７\n");
    }

    use super::utf16_bytes as utf16;

    /// UTF-16 without a byte-order mark is told by its zero bytes; 8-bit text, text whose
    /// first bytes are 8-bit (a UTF-8 game before a UTF-16 one) and binary data are not.
    #[test]
    fn utf16_without_bom() {
        let text =
            "[Red \"柳大华\"]\r\n[Black \"胡荣华\"]\r\n\r\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\r\n";
        for enc in [TextEncoding::Utf16Le, TextEncoding::Utf16Be] {
            let bytes = utf16(text, enc);
            assert_eq!(utf16_unmarked(&bytes), Some(enc));
            assert_eq!(detect(&bytes), enc);
            let d = decode(&bytes);
            assert_eq!((d.text.as_ref(), d.encoding, d.had_errors), (text, enc, false));
            let (g, warning) = decode_game(&bytes);
            assert_eq!((g.text.as_ref(), g.encoding, warning), (text, enc, None));
            // Chinese only (a move list): still UTF-16, its spaces and line ends tell.
            let moves = utf16("炮二平五 马８进７\n马二进三 车９平８\n", enc);
            assert_eq!(utf16_unmarked(&moves), Some(enc));
            // Without a final line end: three spaces in nineteen characters.
            let moves = utf16("炮二平五 马８进７ 马二进三 车９平８", enc);
            assert_eq!(utf16_unmarked(&moves), Some(enc));
            // The other byte order does not fit.
            let other = if enc == TextEncoding::Utf16Le {
                TextEncoding::Utf16Be
            } else {
                TextEncoding::Utf16Le
            };
            assert!(!looks_utf16(&bytes, other));
            // After a UTF-8 game, long or short (an odd number of bytes): the text does not
            // start as UTF-16 (the splitter finds where it does).
            for game in [
                "[Red \"柳大华\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８\n".repeat(4),
                "[Event \"x\"]\r\n\r\n1. 炮二平五 *\r\n".to_string(),
            ] {
                let mut mixed = game.into_bytes();
                if mixed.len() % 2 == 0 {
                    mixed.push(b'\n');
                }
                mixed.extend_from_slice(&bytes);
                assert_eq!(utf16_unmarked(&mixed), None);
            }
        }
        let (gbk, _, _) = encoding_rs::GB18030.encode(text);
        let (big5, _, _) = encoding_rs::BIG5.encode("[Red \"楊官璘\"]\n1. 炮二平五 馬８進７\n");
        for eight_bit in [text.as_bytes(), &gbk, &big5, b"[Event \"x\"]\n1. e4 *\n"] {
            assert_eq!(utf16_unmarked(eight_bit), None);
        }
        // Binary: an XQF header, small 16-bit numbers (control characters), zeros, too short.
        let mut xqf = b"XQ\x0a\x00\x00\x00".to_vec();
        xqf.resize(1024, 0);
        let numbers: Vec<u8> = (1u16..300).flat_map(u16::to_le_bytes).collect();
        for binary in [&xqf[..], &numbers, &[0u8; 64], b"[\x00"] {
            assert_eq!(utf16_unmarked(binary), None, "{binary:?}");
        }
        // Random bytes: no text.
        let mut rng = crate::testgen::Xorshift(0x9E37_79B9_7F4A_7C15);
        for len in 2..600 {
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            assert_eq!(utf16_unmarked(&bytes), None, "{bytes:?}");
        }
    }

    /// Latin-1 chess PGN (pychess `dortmund.pgn`): read as GBK, `ó}` became one character and
    /// swallowed the comment's closing brace, merging the next 109 games into one.
    #[test]
    fn windows_1252_chess_pgn() {
        let mut bytes = b"[Event \"Dortmund\"]\r\n\r\n1. e4 {L".to_vec();
        bytes.extend_from_slice(b"\xe9k\xf3} c5 0-1\r\n\r\n[Event \"Next\"]\r\n\r\n1. d4 *\r\n");
        assert_eq!(detect(&bytes), TextEncoding::Windows1252);
        let d = decode(&bytes);
        assert!(d.text.contains("{Lékó}"), "{}", d.text);
        assert_eq!(crate::pgn::games(&d.text).count(), 2);
    }
}
