//! PGN text: splitting a file into games, tags, movetext (move numbers, comments, NAGs,
//! variations, results), and deciding whether a game is xiangqi or chess (docs/cli.md, "Input").
//! The game ([`RawGame`]: its tags and movetext) lives here; the movetext's lexer and what is
//! read with it (main line, layout, move tree, integrity) in `lex`, the xiangqi-or-chess
//! decision in `detect`; their public items are re-exported here.
//!
//! Everything here is lenient and total: any text gives some games, none panics.

mod detect;
pub(crate) mod lex;

pub use detect::{detect_game, kind_from_tags, looks_xiangqi};
pub use lex::{
    byte_set, integrity, main_line_layout, main_line_moves, normalize_result, parse_movetext, Broken,
    Integrity, IntegrityScan, Layout, MainLine, Mode, Movetext, PgnMove, Token, Tokens, MAX_DEPTH, WORD_END,
};

use crate::encoding::TextEncoding;
use crate::stream::Splitter;

/// Which game a PGN game records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Xiangqi (Chinese chess).
    Xiangqi,
    /// Western chess: hand [`RawGame::text`] to a chess PGN reader.
    Chess,
}

/// One game of a PGN file as written: tags, movetext and the whole source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    /// Tag pairs in file order, values unescaped (`\"` → `"`, `\\` → `\`). A tag ends at its
    /// line's end.
    pub tags: Vec<(String, String)>,
    /// The game's complete source text (tags and movetext), unchanged but for decoding.
    pub text: String,
    /// Where the movetext starts in `text` (bytes).
    movetext_start: usize,
    /// 1-based line number of the game's first line in its file or stream.
    pub line: usize,
    /// Byte offset of the game's first byte in its file or stream.
    pub offset: u64,
    /// The encoding the game's bytes were decoded from.
    pub encoding: TextEncoding,
    /// What the reader noticed but read past (bytes replaced in decoding, …), one sentence each.
    pub warnings: Vec<String>,
    /// Set by [`crate::read_raw`]: the record may have been cut short ([`Integrity::truncated`]).
    pub truncated: bool,
    /// The text is not regular PGN for a chess reader (a tag value with a stray quote, text
    /// after the tags on a tag line, a lone CR): [`RawGame::chess_text`] then rewrites it.
    irregular: bool,
}

/// What may stand before a tag line's `[` (a BOM, spaces and tabs, the ideographic space, VT, FF).
const TAG_LINE_LEAD: [char; 6] = ['\u{feff}', ' ', '\t', '\u{3000}', '\x0b', '\x0c'];

/// One tag line of [`RawGame::from_text`] (`line` starts at its `[` and ends at `end`, a byte
/// offset in the game's text, after its line end): its tags added to `tags`, `irregular` set
/// when its quotes are not the tags' own. `Some(start)`: text follows the tags on the line,
/// and the movetext starts there (also irregular).
fn read_tag_line(
    line: &str,
    end: usize,
    tags: &mut Vec<(String, String)>,
    irregular: &mut bool,
) -> Option<usize> {
    let before = tags.len();
    let tag_end = parse_tag_line(line, tags);
    let quotes = line.bytes().filter(|&b| b == b'"' || b == b'\\').count();
    *irregular |= quotes != 2 * (tags.len() - before);
    let rest = &line[tag_end..];
    if rest.trim().is_empty() {
        return None;
    }
    *irregular = true;
    Some(end - rest.len())
}

impl RawGame {
    /// A game from its decoded text: the tag lines first (a tag ends at its line's end; text
    /// after the last tag on a line is movetext), then the movetext.
    pub fn from_text(text: String, line: usize, offset: u64, encoding: TextEncoding) -> RawGame {
        // Room for the Seven Tag Roster and a few more before the vector grows.
        let mut tags = Vec::with_capacity(12);
        let mut movetext_start = text.len();
        let mut at = 0usize;
        let bytes = text.as_bytes();
        let mut irregular = false;
        // The first of the escape lines (`%` in the first column, PGN standard section 6)
        // since the last tag line: ignored when a tag line follows them, else the movetext's.
        let mut escape_at = None;
        while at < bytes.len() {
            let rest = &text[at..];
            if rest.starts_with('%') {
                escape_at = escape_at.or(Some(at));
                at = line_end(bytes, at);
                continue;
            }
            let lead = rest.len() - rest.trim_start_matches(TAG_LINE_LEAD).len();
            if !rest[lead..].starts_with('[') {
                // Not a tag line: the movetext starts here unless the line is blank (its
                // first non-whitespace character, if any, is past its end). The movetext's
                // line is not scanned to its end.
                let ws = rest.len() - rest.trim_start().len();
                if ws < rest.len() && memchr::memchr2(b'\n', b'\r', &rest.as_bytes()[..ws]).is_none() {
                    movetext_start = escape_at.unwrap_or(at);
                    break;
                }
                at = line_end(bytes, at);
                continue;
            }
            let end = line_end(bytes, at);
            // A chess reader may not skip an escape line among the tags: it reads them rewritten.
            irregular |= escape_at.take().is_some();
            if let Some(start) = read_tag_line(&text[at + lead..end], end, &mut tags, &mut irregular) {
                movetext_start = start;
                break;
            }
            at = end;
        }
        if let Some(e) = escape_at {
            // Escape lines end the text: they were not followed by a tag.
            movetext_start = movetext_start.min(e);
        }
        let irregular = irregular || has_lone_cr(bytes);
        RawGame {
            tags,
            text,
            movetext_start,
            line,
            offset,
            encoding,
            warnings: Vec::new(),
            truncated: false,
            irregular,
        }
    }

    /// The text to hand a chess PGN reader: [`RawGame::text`] itself when it is regular PGN,
    /// else [`RawGame::pgn_text`] (so that the reader sees the same tags and moves as this
    /// crate).
    pub fn chess_text(&self) -> std::borrow::Cow<'_, str> {
        if self.irregular {
            std::borrow::Cow::Owned(self.pgn_text())
        } else {
            std::borrow::Cow::Borrowed(&self.text)
        }
    }

    /// The movetext: everything after the tag section, up to the next game.
    pub fn movetext(&self) -> &str {
        self.text.get(self.movetext_start..).unwrap_or("")
    }

    /// The value of the first tag named `name` (ASCII case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Whether the game has a `[Result]` tag holding a result (`1-0`, `0-1`, `1/2-1/2`, `*`;
    /// an empty value says nothing).
    pub fn has_result_tag(&self) -> bool {
        self.tag("Result")
            .is_some_and(|r| normalize_result(r.trim()).is_some())
    }

    /// The game as regular PGN for a chess PGN reader: the tags as read (one per line, quotes
    /// and backslashes escaped), a blank line, the movetext with lone-CR line ends as `\n`.
    /// A reader of this text sees the same tags and moves as this crate (a stray quote in a
    /// tag value does not swallow the movetext).
    pub fn pgn_text(&self) -> String {
        let mt = self.movetext();
        let mut s = String::with_capacity(self.text.len() + 16);
        for (k, v) in &self.tags {
            s.push('[');
            s.push_str(k);
            s.push_str(" \"");
            for c in v.chars() {
                if c == '"' || c == '\\' {
                    s.push('\\');
                }
                s.push(c);
            }
            s.push_str("\"]\n");
        }
        s.push('\n');
        if mt.contains('\r') {
            s.push_str(&mt.replace("\r\n", "\n").replace('\r', "\n"));
        } else {
            s.push_str(mt);
        }
        s
    }

    /// What the movetext says about the record's integrity (one lexer pass; see [`Integrity`]).
    pub fn integrity(&self) -> Integrity {
        integrity(self.movetext())
    }

    /// Where the movetext starts in [`RawGame::text`] (bytes).
    pub fn movetext_start(&self) -> usize {
        self.movetext_start
    }

    /// The tags of the tag section located in [`RawGame::text`], in file order: for each,
    /// its name's bytes and its value's bytes (between the quotes, escapes as written; `None`
    /// for a tag with no quoted value), read as [`RawGame::from_text`] reads them.
    pub fn tag_spans(&self) -> Vec<TagSpan> {
        let bytes = self.text.as_bytes();
        let head = &bytes[..self.movetext_start.min(bytes.len())];
        let mut out = Vec::new();
        let mut at = 0;
        while at < head.len() {
            let end = line_end(head, at);
            let line = &head[at..end];
            let lead = line.len() - self.text[at..end].trim_start_matches(TAG_LINE_LEAD).len();
            for (name, value, _) in lex::line_tags(&line[lead..]) {
                let at = at + lead;
                out.push(TagSpan {
                    name: at + name.start..at + name.end,
                    value: value.map(|v| at + v.start..at + v.end),
                    line_end: end,
                });
            }
            at = end;
        }
        out
    }
}

/// One tag located in a game's text ([`RawGame::tag_spans`]), as byte ranges of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagSpan {
    /// The tag's name.
    pub name: std::ops::Range<usize>,
    /// The value between its quotes, escapes as written.
    pub value: Option<std::ops::Range<usize>>,
    /// The end of the tag's line, after its line end.
    pub line_end: usize,
}

/// Whether a CR not followed by LF occurs (a lone-CR line end).
fn has_lone_cr(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'\r', bytes).any(|i| bytes.get(i + 1) != Some(&b'\n'))
}

/// Where the line starting at `at` ends (after its `\n`, `\r\n` or lone `\r`).
fn line_end(bytes: &[u8], at: usize) -> usize {
    match memchr::memchr2(b'\n', b'\r', &bytes[at..]) {
        Some(i) if bytes[at + i] == b'\r' && bytes.get(at + i + 1) == Some(&b'\n') => at + i + 2,
        Some(i) => at + i + 1,
        None => bytes.len(),
    }
}

/// The value of the first tag named `name` (ASCII case-insensitive) in `tags`.
pub fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Iterator over the games of a PGN text, in order (split by [`crate::stream::Splitter`]).
///
/// Text without tags that holds at least one move or a result is a game too (many real files
/// carry no tags); text with neither tags nor moves is not a game.
pub struct PgnGames<'a> {
    split: Splitter<&'a [u8]>,
}

/// Split `text` into games (see [`PgnGames`]).
pub fn games(text: &str) -> PgnGames<'_> {
    PgnGames {
        split: Splitter::new(text.as_bytes()),
    }
}

impl Iterator for PgnGames<'_> {
    type Item = RawGame;

    fn next(&mut self) -> Option<RawGame> {
        loop {
            let chunk = self.split.next()?.ok()?;
            let text = String::from_utf8(chunk.bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            let game = RawGame::from_text(text, chunk.line, chunk.offset, TextEncoding::Utf8);
            if is_game(&game) || chunk.overflow.is_some() {
                return Some(game);
            }
        }
    }
}

/// Whether a piece of text between games is a game: it has tags, or its main line has a move
/// or a result.
pub fn is_game(game: &RawGame) -> bool {
    if !game.tags.is_empty() {
        return true;
    }
    let mut line = main_line_moves(game.movetext());
    line.next().is_some() || line.result().is_some()
}

/// Parse every `[Name "value"]` on a line (a missing closing quote or bracket ends at the
/// line's end; a quote not followed by `]` is literal when another quote follows, as real
/// files write `[Event "1999年"中視股份杯"象棋..."]`). Returns where the tags end.
fn parse_tag_line(line: &str, tags: &mut Vec<(String, String)>) -> usize {
    let mut end = 0;
    for (name, value, next) in lex::line_tags(line.as_bytes()) {
        // The ranges end at ASCII bytes (or the end), so they are character boundaries.
        let name = line.get(name).unwrap_or("");
        let mut v = String::new();
        if let Some(value) = value {
            let raw = line.get(value).unwrap_or("");
            // The common value has no escape: copied at once.
            let mut chars = if raw.contains('\\') {
                raw.chars()
            } else {
                v.push_str(raw);
                "".chars()
            };
            while let Some(c) = chars.next() {
                if c == '\\' {
                    if let Some(n) = chars.next() {
                        v.push(n);
                    }
                } else {
                    v.push(c);
                }
            }
        }
        if !name.is_empty() {
            tags.push((name.to_string(), v));
        }
        end = next;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::lex::{strip_move_number, strip_move_number_general};
    use super::*;

    #[test]
    fn tag_spans_locate_the_tags() {
        let text = "\u{feff}[Event \"a \\\"b\\\"\"]\r\n [Red \"x\"] [Black \"y\"]\r\n[Result \"1-0\"]\r\n\r\n1. h2e2 *\r\n";
        let raw = RawGame::from_text(text.to_string(), 1, 0, TextEncoding::Utf8);
        let spans = raw.tag_spans();
        let got: Vec<(&str, Option<&str>)> = spans
            .iter()
            .map(|t| (&text[t.name.clone()], t.value.clone().map(|v| &text[v])))
            .collect();
        assert_eq!(
            got,
            [
                ("Event", Some("a \\\"b\\\"")),
                ("Red", Some("x")),
                ("Black", Some("y")),
                ("Result", Some("1-0"))
            ]
        );
        assert_eq!(&text[spans[3].line_end..], "\r\n1. h2e2 *\r\n");
        assert_eq!(raw.tags.len(), spans.len());
    }

    #[test]
    fn split_and_tags() {
        let text = "[Event \"A \\\"b\\\"\"]\n[Red \"x\"]\n\n1. h2e2 h9g7 *\n\n[Event \"B\"]\n1. b0c2\n";
        let g: Vec<RawGame> = games(text).collect();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tag("event"), Some("A \"b\""));
        assert_eq!(g[0].movetext().trim(), "1. h2e2 h9g7 *");
        assert_eq!(g[1].line, 6);
        assert_eq!(g[0].text.len() + g[1].text.len(), text.len());
    }

    /// [`RawGame::from_text`]'s reading of the tag section as it was before it skipped the
    /// movetext's line: every line to its end, `l.trim()` for blank lines.
    fn tags_reference(text: &str) -> (Vec<(String, String)>, usize, bool) {
        let mut tags = Vec::new();
        let mut movetext_start = text.len();
        let mut at = 0usize;
        let bytes = text.as_bytes();
        let mut irregular = false;
        while at < bytes.len() {
            let mut end = at;
            while end < bytes.len() && !matches!(bytes[end], b'\n' | b'\r') {
                end += 1;
            }
            if end < bytes.len() {
                end += if bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
            }
            let l = &text[at..end];
            let trimmed = l.trim_start_matches(TAG_LINE_LEAD);
            if trimmed.starts_with('[') {
                if let Some(start) = read_tag_line(trimmed, end, &mut tags, &mut irregular) {
                    movetext_start = start;
                    break;
                }
            } else if !l.trim().is_empty() {
                movetext_start = at;
                break;
            }
            at = end;
        }
        let lone_cr = bytes
            .iter()
            .enumerate()
            .any(|(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        (tags, movetext_start, irregular || lone_cr)
    }

    /// Generated texts of tag lines, blank lines, odd spaces and line ends: the fast paths of
    /// `from_text` (the movetext's line not scanned, memchr line ends) and of
    /// `strip_move_number` read them as the plain loops do.
    #[test]
    fn fast_paths_read_as_the_plain_loops() {
        let pieces = [
            "[A \"1\"]",
            "[B \"x\"y\"]",
            "[C \"\\\"q\"]",
            "[%clk 1:00]",
            "\n",
            "\r\n",
            "\r",
            " ",
            "\t",
            "\u{3000}",
            "\u{feff}",
            "\u{a0}",
            "\u{2028}",
            "1. h2e2",
            " h9g7",
            "{c}",
            "[",
            "\"",
            "]",
            "1.",
            "12...",
            "１２．",
            "3、",
            "e4!?",
            "5…",
            "7。x",
            "9",
            "0.",
            "..",
            "a",
        ];
        let mut rng = crate::testgen::Xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut movetexts = 0;
        for _ in 0..30_000 {
            let len = rng.next() % 10;
            let text: String = (0..len).map(|_| rng.pick(&pieces)).collect();
            let g = RawGame::from_text(text.clone(), 1, 0, TextEncoding::Utf8);
            let (tags, start, irregular) = tags_reference(&text);
            assert_eq!(
                (&g.tags, g.movetext_start, g.irregular),
                (&tags, start, irregular),
                "{text:?}"
            );
            movetexts += usize::from(start < text.len());
            for word in text.split_whitespace() {
                assert_eq!(
                    strip_move_number(word),
                    strip_move_number_general(word),
                    "{word:?}"
                );
            }
        }
        assert!(movetexts > 10_000, "{movetexts}");
        for (word, after) in [
            ("12.", Some("")),
            ("12...e4", Some("e4")),
            ("1.5", Some("5")),
            ("12", Some("")),
        ] {
            assert_eq!(strip_move_number(word), after, "{word}");
        }
        assert_eq!(strip_move_number("12x"), None);
        assert_eq!(strip_move_number("１２．炮二平五"), Some("炮二平五"));
    }
}
