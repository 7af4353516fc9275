//! Text encoding detection for record files: a byte-order mark, then valid UTF-8, then GBK
//! (read as GB18030, its superset) versus Big5.
//!
//! Decoding is done by `encoding_rs`; the GBK/Big5 choice uses `chardetng` and falls back on
//! which of the two decodes without errors. Nothing here panics on any input.

use std::borrow::Cow;

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
}

impl TextEncoding {
    /// The `encoding_rs` decoder for this encoding.
    pub fn encoding(self) -> &'static encoding_rs::Encoding {
        match self {
            TextEncoding::Utf8 => encoding_rs::UTF_8,
            TextEncoding::Utf16Le => encoding_rs::UTF_16LE,
            TextEncoding::Utf16Be => encoding_rs::UTF_16BE,
            TextEncoding::Gbk => encoding_rs::GB18030,
            TextEncoding::Big5 => encoding_rs::BIG5,
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

/// Guess the encoding of `bytes`: a BOM wins; then valid UTF-8; then GBK or Big5 (pure ASCII
/// is UTF-8).
pub fn detect(bytes: &[u8]) -> TextEncoding {
    if let Some((enc, _)) = encoding_rs::Encoding::for_bom(bytes) {
        return from_encoding_rs(enc);
    }
    if std::str::from_utf8(bytes).is_ok() {
        return TextEncoding::Utf8;
    }
    let gbk_ok = decodes_cleanly(encoding_rs::GB18030, bytes);
    let big5_ok = decodes_cleanly(encoding_rs::BIG5, bytes);
    match (gbk_ok, big5_ok) {
        (true, false) => return TextEncoding::Gbk,
        (false, true) => return TextEncoding::Big5,
        _ => {}
    }
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    det.feed(bytes, true);
    let guess = det.guess(None, chardetng::Utf8Detection::Deny);
    if guess == encoding_rs::BIG5 {
        TextEncoding::Big5
    } else {
        // GBK, or anything else chardetng might propose: GB18030 decodes every byte sequence
        // it is likely to meet in a record file.
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
    let encoding = detect(bytes);
    decode_as(bytes, encoding)
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
}
