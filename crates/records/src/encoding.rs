//! Text encoding detection for record files: a byte-order mark, then valid UTF-8, then GBK
//! (read as GB18030, its superset) versus Big5 versus Windows-1252 (Latin chess PGN).
//!
//! Decoding is done by `encoding_rs`; the GBK/Big5 choice uses `chardetng` and falls back on
//! which of the two decodes without errors. Nothing here panics on any input.

use std::borrow::Cow;

/// How many leading bytes `chardetng` sees when GBK and Big5 both decode a file cleanly.
const DETECT_SAMPLE: usize = 4096;

/// The encoding a file was read with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (with or without a BOM).
    Utf8,
    /// UTF-16 little-endian (BOM `FF FE`).
    Utf16Le,
    /// UTF-16 big-endian (BOM `FE FF`).
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

/// Guess the encoding of `bytes`: a BOM wins; then valid UTF-8 (pure ASCII included); then
/// GBK or Big5 as `chardetng` judges them, overruled when only the other decodes cleanly.
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

/// A BOM's encoding, or UTF-8 when the bytes are valid UTF-8.
fn unicode(bytes: &[u8]) -> Option<TextEncoding> {
    if let Some((enc, _)) = encoding_rs::Encoding::for_bom(bytes) {
        return Some(from_encoding_rs(enc));
    }
    std::str::from_utf8(bytes).is_ok().then_some(TextEncoding::Utf8)
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
