//! PGN text: splitting a file into games, tags, movetext (move numbers, comments, NAGs,
//! variations, results), and deciding whether a game is xiangqi or chess (docs/cli.md, "Input").
//!
//! Everything here is lenient and total: any text gives some games, none panics.

use crate::encoding::TextEncoding;
use crate::stream::{self, Splitter};

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
        while at < bytes.len() {
            let rest = &text[at..];
            let lead = rest.len() - rest.trim_start_matches(TAG_LINE_LEAD).len();
            if !rest[lead..].starts_with('[') {
                // Not a tag line: the movetext starts here unless the line is blank (its
                // first non-whitespace character, if any, is past its end). The movetext's
                // line is not scanned to its end.
                let ws = rest.len() - rest.trim_start().len();
                if ws < rest.len() && memchr::memchr2(b'\n', b'\r', &rest.as_bytes()[..ws]).is_none() {
                    movetext_start = at;
                    break;
                }
                at = line_end(bytes, at);
                continue;
            }
            let end = line_end(bytes, at);
            if let Some(start) = read_tag_line(&text[at + lead..end], end, &mut tags, &mut irregular) {
                movetext_start = start;
                break;
            }
            at = end;
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
            let mut s = lead;
            while line.get(s) == Some(&b'[') {
                let (name, value, next) = crate::stream::scan_tag(line, s);
                out.push(TagSpan {
                    name: at + name.start..at + name.end,
                    value: value.map(|v| at + v.start..at + v.end),
                    line_end: end,
                });
                s = next;
                while line.get(s).is_some_and(|b| *b == b' ' || *b == b'\t') {
                    s += 1;
                }
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

/// Whether a record is whole (see [`RawGame::integrity`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Integrity {
    /// The record is broken and must not be judged: an unterminated `{` comment or an unclosed
    /// `(` variation. One sentence.
    pub broken: Option<String>,
    /// The main line ends with a termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub marker: bool,
    /// The main line stops after a bare move number (`… 38.` or `… 38. *`).
    pub after_number: bool,
}

impl Integrity {
    /// Whether the record may have been cut short (docs/formats.md, "PGN: streaming, caps,
    /// broken and truncated records"): it stops after a move number, or it has no termination
    /// marker at its end although it has a `[Result]` tag holding a result (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`: `has_result_tag`; PGN writes both, so a record that has the tag but
    /// lost the marker lost its end). A record with neither (many move lists carry no result
    /// at all) is not called truncated; nor is a broken record (it is an error of its own).
    /// Decided from the record alone, so a game reads the same with or without neighbours.
    pub fn truncated(&self, has_result_tag: bool) -> bool {
        self.broken.is_none() && (self.after_number || (!self.marker && has_result_tag))
    }
}

/// See [`RawGame::integrity`]. A tags-only record is not broken (it is read as a game of no
/// moves).
pub fn integrity(movetext: &str) -> Integrity {
    let mut tokens = Tokens::new(movetext);
    let mut depth = 0usize;
    let mut result = None;
    let mut number_last = false;
    while let Some(t) = tokens.next() {
        match t {
            Token::OpenVariation => depth += 1,
            Token::CloseVariation => depth = depth.saturating_sub(1),
            Token::Result { .. } if depth == 0 => {
                number_last = tokens.after_number;
                result = Some(());
                break;
            }
            _ => {}
        }
        number_last = tokens.after_number;
    }
    if result.is_none() {
        number_last = tokens.after_number;
    }
    let broken = broken_why(tokens.unterminated, depth);
    Integrity {
        marker: result.is_some(),
        after_number: number_last,
        broken,
    }
}

/// Why a record is broken (see [`Integrity::broken`]).
pub fn broken_why(unterminated: bool, depth: usize) -> Option<String> {
    if unterminated {
        Some("unterminated comment: a '{' is never closed".to_string())
    } else if depth > 0 {
        Some(format!(
            "unclosed variation: {depth} '(' never closed, so the main line cannot be told apart"
        ))
    } else {
        None
    }
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

/// A move of a movetext, with what is attached to it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written, move number and trailing `!`/`?` removed (`h2e2`, `炮二平五`, `C2=5`).
    pub text: String,
    /// Numeric annotation glyphs (`$n`) after the move.
    pub nags: Vec<u32>,
    /// Comments (`{...}` or `; ...`) after the move, trimmed.
    pub comments: Vec<String>,
    /// Alternatives to this move (each a line starting in the position before it).
    pub variations: Vec<Vec<PgnMove>>,
}

/// A parsed movetext.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Movetext {
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// Comments before the first move.
    pub leading_comments: Vec<String>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), normalised; `None` if absent.
    pub result: Option<String>,
    /// Text after the termination marker (ignored by readers; kept for diagnostics).
    pub trailing: String,
    /// What the same lexer pass says of the record's integrity (as [`integrity`]).
    pub integrity: Integrity,
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
    let bytes = line.as_bytes();
    let mut s = 0;
    let mut end = 0;
    while bytes.get(s) == Some(&b'[') {
        let (name, value, next) = stream::scan_tag(bytes, s);
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
        s = next;
        while bytes.get(s).is_some_and(|b| b.is_ascii_whitespace()) {
            s += 1;
        }
    }
    end
}

/// Normalise a game termination marker; `None` if `word` is not one.
pub fn normalize_result(word: &str) -> Option<&'static str> {
    // Every marker starts with `0`, `1`, `*` or `½` (UTF-8 `C2 BD`): a move is not compared.
    if !matches!(word.as_bytes().first(), Some(b'0' | b'1' | b'*' | 0xC2)) {
        return None;
    }
    match word {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// If `word` starts with a move number (`12.`, `12...`, `12…`, `１２．`, `12、`, or digits alone),
/// return what follows it; otherwise `None`.
fn strip_move_number(word: &str) -> Option<&str> {
    let bytes = word.as_bytes();
    let first = *bytes.first()?;
    if first.is_ascii() && !first.is_ascii_digit() {
        return None; // the common case: a move
    }
    // The common move number: ASCII digits, then dots or nothing, then ASCII (or the end).
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 {
        let dots = bytes[digits..].iter().take_while(|&&b| b == b'.').count();
        match bytes.get(digits + dots) {
            None => return Some(&word[digits + dots..]),
            Some(&b) if b.is_ascii() => {
                return (dots > 0).then(|| &word[digits + dots..]);
            }
            // A full-width digit or stop, or other text: read below.
            Some(_) => {}
        }
    }
    strip_move_number_general(word)
}

/// [`strip_move_number`] character by character (any digits and stops).
fn strip_move_number_general(word: &str) -> Option<&str> {
    let digits_end = word.find(|c: char| !is_digit(c)).unwrap_or(word.len());
    if digits_end == 0 {
        return None;
    }
    let rest = &word[digits_end..];
    if rest.is_empty() {
        return Some("");
    }
    let after = rest.trim_start_matches(['.', '．', '…', '、', '。']);
    if after.len() == rest.len() {
        return None; // digits followed by something else: not a move number
    }
    Some(after)
}

/// Variations nested deeper than this are flattened into their parent (bounded stack use).
pub const MAX_DEPTH: usize = 64;

/// One element of a movetext, as [`Tokens`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// A comment, `{...}` or `; ...` to the end of the line, trimmed (may be empty).
    Comment(&'a str),
    /// `(`: a variation starts.
    OpenVariation,
    /// `)`: a variation ends.
    CloseVariation,
    /// A numeric annotation glyph `$n`.
    Nag(u32),
    /// A game termination marker (normalised) and the text after it.
    Result {
        /// `1-0`, `0-1`, `1/2-1/2` or `*`.
        result: &'static str,
        /// Everything after the marker.
        rest: &'a str,
    },
    /// A move as written, move number and trailing `!`/`?` removed; never empty.
    Move(&'a str),
}

/// The tokens of a movetext, in order, without allocating: move numbers are dropped, a line
/// starting with `%` (PGN escape) is skipped, a stray `}` is ignored. Never fails.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    /// A `{` comment ran to the end of the text.
    pub unterminated: bool,
    /// The token just returned (or the end, once `None` came) followed a bare move number.
    pub after_number: bool,
    number: bool,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`.
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            text,
            pos: 0,
            unterminated: false,
            after_number: false,
            number: false,
        }
    }

    /// Moves past the end of the line at or after `from` (`\n` or `\r`) and returns the text
    /// between.
    fn until_line_end(&mut self, from: usize) -> &'a str {
        let body = &self.text[from..];
        match body.find(['\n', '\r']) {
            Some(end) => {
                self.pos = from + end + 1;
                &body[..end]
            }
            None => {
                self.pos = self.text.len();
                body
            }
        }
    }

    /// Moves past the first `stop` at or after `from` (to the end when there is none) and
    /// returns the text between.
    fn until(&mut self, from: usize, stop: char) -> &'a str {
        let body = &self.text[from..];
        match body.find(stop) {
            Some(end) => {
                self.pos = from + end + stop.len_utf8();
                &body[..end]
            }
            None => {
                self.pos = self.text.len();
                body
            }
        }
    }
}

/// Whether `c` separates tokens: whitespace or a byte-order mark.
fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// What a byte is to the lexer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Part of a word.
    Word,
    /// ASCII whitespace (`\t` to `\r`, space).
    Space,
    /// `{ } ( ) ; $`: ends a word.
    Delimiter,
    /// The first byte of a non-ASCII character: decode it.
    Other,
}

/// [`Class`] of every byte value.
const CLASS: [Class; 256] = {
    let mut t = [Class::Word; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = match b as u8 {
            b'\t'..=b'\r' | b' ' => Class::Space,
            b'{' | b'}' | b'(' | b')' | b';' | b'$' => Class::Delimiter,
            0x80..=0xff => Class::Other,
            _ => Class::Word,
        };
        b += 1;
    }
    t
};

/// The length in bytes of the word at the start of `text`: up to whitespace or one of
/// `{ } ( ) ; $`. Bytes are classified by table; only non-ASCII characters are decoded.
fn word_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match CLASS[usize::from(b)] {
            Class::Word => i += 1,
            Class::Space | Class::Delimiter => return i,
            Class::Other => match text[i..].chars().next() {
                Some(c) if !c.is_whitespace() => i += c.len_utf8(),
                _ => return i,
            },
        }
    }
    i
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    #[inline]
    fn next(&mut self) -> Option<Token<'a>> {
        let t = self.next_token();
        self.after_number = std::mem::take(&mut self.number) && !matches!(t, Some(Token::Move(_)));
        if matches!(t, Some(Token::Comment(_) | Token::Nag(_))) {
            // A comment or glyph between a move number and what follows keeps the number last.
            self.number = self.after_number;
        }
        t
    }
}

impl<'a> Tokens<'a> {
    fn next_token(&mut self) -> Option<Token<'a>> {
        loop {
            let bytes = self.text.as_bytes();
            let mut i = self.pos;
            while bytes
                .get(i)
                .is_some_and(|&b| CLASS[usize::from(b)] == Class::Space)
            {
                i += 1;
            }
            self.pos = i;
            let &b = bytes.get(i)?;
            if b.is_ascii_alphabetic() {
                // The common word, a move (a word starting with a letter is neither a result
                // nor a move number): up to its end, `!`/`?` marks dropped. Never empty.
                let rest = &self.text[i..];
                let len = word_len(rest);
                self.pos = i + len;
                let marks = rest.as_bytes()[..len]
                    .iter()
                    .rev()
                    .take_while(|&&b| b == b'!' || b == b'?')
                    .count();
                // `!` and `?` are ASCII: the cut is a character boundary.
                return Some(Token::Move(&rest[..len - marks]));
            }
            if b.is_ascii_digit() {
                // The common bare move number: digits and dots up to the word's end (a
                // result holds `-` or `/`, so it is never one).
                let mut j = i + 1;
                while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                while bytes.get(j) == Some(&b'.') {
                    j += 1;
                }
                if bytes.get(j).is_none_or(|&c| WORD_END[usize::from(c)]) {
                    self.pos = j;
                    self.number = true;
                    continue;
                }
            }
            if !b.is_ascii() {
                let c = self.text[i..].chars().next()?;
                if is_space(c) {
                    self.pos += c.len_utf8();
                    continue;
                }
            }
            match b {
                b'{' => {
                    let c = self.until(i + 1, '}');
                    if self.pos == self.text.len() && !self.text.ends_with('}') {
                        self.unterminated = true;
                    }
                    return Some(Token::Comment(c.trim()));
                }
                b';' => return Some(Token::Comment(self.until_line_end(i + 1).trim())),
                b'(' => {
                    self.pos += 1;
                    return Some(Token::OpenVariation);
                }
                b')' => {
                    self.pos += 1;
                    return Some(Token::CloseVariation);
                }
                b'}' => self.pos += 1,
                // PGN escape mechanism: a line starting with `%` is ignored.
                b'%' if i == 0 || matches!(self.text.as_bytes()[i - 1], b'\n' | b'\r') => {
                    self.until_line_end(i);
                }
                b'$' => {
                    let digits = &self.text.as_bytes()[i + 1..];
                    let len = digits.iter().take_while(|d| d.is_ascii_digit()).count();
                    self.pos = i + 1 + len;
                    let n = digits[..len].iter().fold(0u32, |n, d| {
                        n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
                    });
                    return Some(Token::Nag(n));
                }
                _ => {
                    let rest = &self.text[i..];
                    let len = word_len(rest);
                    self.pos = i + len;
                    let word = &rest[..len];
                    if let Some(result) = normalize_result(word) {
                        return Some(Token::Result {
                            result,
                            rest: &rest[len..],
                        });
                    }
                    let stripped = strip_move_number(word);
                    let word = stripped.unwrap_or(word);
                    // Suffix annotations (ASCII, so the cut is a character boundary).
                    let marks = word.bytes().rev().take_while(|&b| b == b'!' || b == b'?').count();
                    let word = &word[..word.len() - marks];
                    if !word.is_empty() {
                        return Some(Token::Move(word));
                    }
                    if stripped.is_some() {
                        self.number = true;
                    }
                }
            }
        }
    }
}

/// The moves of a movetext's main line, in order, without allocating: variations are
/// skipped and the main line's termination marker ends it (as in [`parse_movetext`]).
pub fn main_line_moves(text: &str) -> MainLine<'_> {
    MainLine {
        tokens: Tokens::new(text),
        depth: 0,
        result: None,
    }
}

/// See [`main_line_moves`].
#[derive(Debug, Clone)]
pub struct MainLine<'a> {
    tokens: Tokens<'a>,
    depth: usize,
    result: Option<&'static str>,
}

impl MainLine<'_> {
    /// The termination marker that ended the main line, once the iterator has returned
    /// `None` (`None` when the text ended without one).
    pub fn result(&self) -> Option<&'static str> {
        self.result
    }
}

impl<'a> Iterator for MainLine<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        loop {
            match self.tokens.next()? {
                Token::OpenVariation => self.depth += 1,
                Token::CloseVariation => self.depth = self.depth.saturating_sub(1),
                Token::Result { result, .. } if self.depth == 0 => {
                    self.tokens.pos = self.tokens.text.len();
                    self.result = Some(result);
                    return None;
                }
                Token::Move(m) if self.depth == 0 => return Some(m),
                _ => {}
            }
        }
    }
}

/// Where a movetext's main line lies, as byte ranges of the text (see [`main_line_layout`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// Each main-line move as written (move number and `!`/`?` marks left out): the k-th
    /// range (0-based) is the move that makes ply k + 1.
    pub moves: Vec<std::ops::Range<usize>>,
    /// The main line's termination marker (`1-0`, `0-1`, `1/2-1/2`, `*` as written), when
    /// the main line ends with one.
    pub marker: Option<std::ops::Range<usize>>,
}

/// The main line of a movetext located in it: the same moves and marker as
/// [`main_line_moves`] reads (variations and comments skipped), as byte ranges, so that a
/// writer can insert text after a move or replace the marker and keep every other byte.
pub fn main_line_layout(text: &str) -> Layout {
    let base = text.as_ptr() as usize;
    let tokens = Tokens::new(text);
    let mut depth = 0usize;
    let mut out = Layout::default();
    for token in tokens {
        match token {
            Token::OpenVariation => depth += 1,
            Token::CloseVariation => depth = depth.saturating_sub(1),
            Token::Result { rest, .. } if depth == 0 => {
                let end = text.len() - rest.len();
                // The marker is one word: back to the separator before it.
                let start = text[..end]
                    .char_indices()
                    .rev()
                    .find(|&(_, c)| is_space(c) || "{}();$".contains(c))
                    .map_or(0, |(i, c)| i + c.len_utf8());
                out.marker = Some(start..end);
                break;
            }
            Token::Move(m) if depth == 0 => {
                let at = m.as_ptr() as usize - base;
                out.moves.push(at..at + m.len());
            }
            _ => {}
        }
    }
    out
}

/// Parse a movetext: move numbers, comments `{}` and `;`, NAGs `$n`, variations `( ... )`
/// (nested), suffix annotations `!`/`?`, and the termination marker, after which parsing stops
/// (the rest goes to [`Movetext::trailing`]). Never fails; unbalanced brackets are tolerated.
pub fn parse_movetext(text: &str) -> Movetext {
    let mut out = Movetext::default();
    // Stack of open lines: index 0 is the main line.
    let mut stack: Vec<Vec<PgnMove>> = vec![Vec::new()];
    let mut pending_comments: Vec<String> = Vec::new();
    let mut ignored_opens = 0usize;
    let mut tokens = Tokens::new(text);
    let mut number_last = false;
    while let Some(token) = tokens.next() {
        number_last = tokens.after_number;
        match token {
            Token::Comment("") => {}
            Token::Comment(c) => match stack.last_mut().and_then(|l| l.last_mut()) {
                Some(m) => m.comments.push(c.to_string()),
                None => pending_comments.push(c.to_string()),
            },
            Token::OpenVariation if stack.len() > MAX_DEPTH => ignored_opens += 1,
            Token::OpenVariation => stack.push(Vec::new()),
            Token::CloseVariation if ignored_opens > 0 => ignored_opens -= 1,
            Token::CloseVariation => close_variation(&mut stack),
            Token::Nag(n) => {
                if let Some(m) = stack.last_mut().and_then(|l| l.last_mut()) {
                    m.nags.push(n);
                }
            }
            // A result inside a variation ends nothing.
            Token::Result { .. } if stack.len() > 1 => {}
            Token::Result { result, rest } => {
                out.result = Some(result.to_string());
                out.trailing = rest.trim().to_string();
                break;
            }
            Token::Move(m) => {
                if let Some(line) = stack.last_mut() {
                    line.push(PgnMove {
                        text: m.to_string(),
                        ..PgnMove::default()
                    });
                }
            }
        }
    }
    if out.result.is_none() {
        number_last = tokens.after_number;
    }
    let depth = stack.len() - 1 + ignored_opens;
    out.integrity = Integrity {
        broken: broken_why(tokens.unterminated, depth),
        marker: out.result.is_some(),
        after_number: number_last,
    };
    while stack.len() > 1 {
        close_variation(&mut stack);
    }
    out.moves = stack.pop().unwrap_or_default();
    out.leading_comments = pending_comments;
    out
}

/// Close the innermost open variation, attaching it to the last move of its parent line
/// (a variation with no move to attach to is dropped). Unmatched `)` is ignored.
fn close_variation(stack: &mut Vec<Vec<PgnMove>>) {
    if stack.len() <= 1 {
        return;
    }
    let var = stack.pop().unwrap_or_default();
    if var.is_empty() {
        return;
    }
    if let Some(m) = stack.last_mut().and_then(|l| l.last_mut()) {
        m.variations.push(var);
    }
}

/// Bytes of movetext read by [`detect_game`] when no tag decides.
const DETECT_PREFIX: usize = 400;

/// Decide whether a PGN game is xiangqi or chess (docs/cli.md, "Input"):
/// 1. a tag says so: `[Game "Chinese Chess"]` (or `xiangqi`), `[Variant "xiangqi"]`,
///    `[Format "ICCS"|"WXF"|"Chinese"]` → xiangqi; a `Variant` or `Game` tag naming anything
///    else → chess;
/// 2. else a `[FEN]` with 10 ranks → xiangqi (8 ranks → chess);
/// 3. else the main line's first moves (the first 400 bytes): any move only xiangqi can write (Chinese characters,
///    full-width forms, WXF tokens such as `C2=5` or `+C=5`, or coordinates naming rank 0 or 9
///    or file i) → xiangqi;
/// 4. otherwise chess.
pub fn detect_game(raw: &RawGame) -> GameKind {
    if let Some(kind) = kind_from_tags(&raw.tags) {
        return kind;
    }
    // The opening decides (a xiangqi game touches rank 9 or file i, or writes Chinese/WXF, in its
    // first moves): only a prefix of the movetext is read, cut at whitespace.
    let text = raw.movetext();
    let mut cut = text.len().min(DETECT_PREFIX);
    while cut < text.len() && !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let prefix = match text[..cut].rfind(char::is_whitespace) {
        Some(ws) if cut < text.len() => &text[..ws],
        _ => &text[..cut],
    };
    if may_hold_xiangqi_token(prefix) && main_line_moves(prefix).any(looks_xiangqi) {
        GameKind::Xiangqi
    } else {
        GameKind::Chess
    }
}

/// A table of 256 flags, true for the bytes in `members`: a `const` lookup for byte scans.
pub const fn byte_set(members: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < members.len() {
        t[members[i] as usize] = true;
        i += 1;
    }
    t
}

/// The bytes that end a movetext word outside comments: ASCII white space and the
/// self-delimiting `{ } ( ) ; $` (PGN standard, section 7).
pub const WORD_END: [bool; 256] = byte_set(b"\t\n\x0b\x0c\r {}();$");

/// The byte pairs of [`may_hold_xiangqi_token`], one bit per kind (a pair is of a kind when
/// both its bytes have the bit): 1 an operator `+-=.` then a digit 1–9 (WXF), 2 `i`/`I` then a
/// digit, 4 a file `a`–`i` (either case) then `0` or `9`.
const PAIR_FIRST: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let u = c as u8;
        t[c] = match u {
            b'+' | b'-' | b'=' | b'.' => 1,
            b'i' | b'I' => 2 | 4,
            b'a'..=b'h' | b'A'..=b'H' => 4,
            _ => 0,
        };
        c += 1;
    }
    t
};

/// The second bytes of the pairs of [`PAIR_FIRST`].
const PAIR_SECOND: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let u = c as u8;
        t[c] = match u {
            b'0' => 2 | 4,
            b'9' => 1 | 2 | 4,
            b'1'..=b'8' => 1 | 2,
            _ => 0,
        };
        c += 1;
    }
    t
};

/// False only when no token of `text` can satisfy [`looks_xiangqi`] (a byte screen, so that
/// the common chess opening is not lexed): the text is ASCII and no piece of it of 4 or 5 bytes
/// that [`looks_xiangqi`] accepts holds the byte pair such a token must hold, an operator
/// (`+-=.`) before a digit 1–9 (the WXF forms) or a square off the chess board (`i` before a
/// digit, a file `a`–`i` before `0` or `9`). Every token is a piece of the text, so a `false`
/// here gives the same answer as lexing.
fn may_hold_xiangqi_token(text: &str) -> bool {
    if !text.is_ascii() {
        return true;
    }
    let b = text.as_bytes();
    let window =
        |from: Option<usize>, len: usize| from.and_then(|a| text.get(a..a + len)).is_some_and(looks_xiangqi);
    for k in 0..b.len().saturating_sub(1) {
        if PAIR_FIRST[usize::from(b[k])] & PAIR_SECOND[usize::from(b[k + 1])] != 0
            && (window(k.checked_sub(2), 4)
                || window(Some(k), 4)
                || window(Some(k), 5)
                || window(k.checked_sub(3), 5))
        {
            return true;
        }
    }
    false
}

/// Rules 1–2 of [`detect_game`]: what the tags alone say, if anything.
pub fn kind_from_tags(tags: &[(String, String)]) -> Option<GameKind> {
    let is_xq = |v: &str| {
        let v = v.trim().to_ascii_lowercase();
        v == "xiangqi" || v == "chinese chess" || v == "chinesechess" || v.contains("象棋")
    };
    if let Some(g) = tag_value(tags, "Game") {
        if is_xq(g) {
            return Some(GameKind::Xiangqi);
        }
    }
    if let Some(v) = tag_value(tags, "Variant") {
        if is_xq(v) {
            return Some(GameKind::Xiangqi);
        }
    }
    if let Some(f) = tag_value(tags, "Format") {
        let f = f.trim().to_ascii_lowercase();
        if matches!(f.as_str(), "iccs" | "wxf" | "chinese") {
            return Some(GameKind::Xiangqi);
        }
    }
    if let Some(fen) = tag_value(tags, "FEN") {
        let board = fen.split_whitespace().next().unwrap_or("");
        match board.split('/').count() {
            10 => return Some(GameKind::Xiangqi),
            8 => return Some(GameKind::Chess),
            _ => {}
        }
    }
    let named_other = |name: &str| tag_value(tags, name).is_some_and(|v| !v.trim().is_empty() && !is_xq(v));
    if named_other("Variant") || named_other("Game") {
        return Some(GameKind::Chess);
    }
    None
}

/// Whether a move token can only be xiangqi: non-ASCII (Chinese or full-width), a WXF token,
/// or ICCS coordinates off a chess board (rank 0 or 9, file i).
pub fn looks_xiangqi(tok: &str) -> bool {
    if !tok.is_ascii() {
        return true;
    }
    let b = tok.as_bytes();
    let piece = |c: u8| b"KABENHRCP".contains(&c);
    let op = |c: u8| b"+-=.".contains(&c);
    let digit = |c: u8| (b'1'..=b'9').contains(&c);
    if b.len() == 4 {
        // WXF `C2=5`, `+C=5`, `C+=5`
        if piece(b[0]) && digit(b[1]) && op(b[2]) && digit(b[3]) {
            return true;
        }
        if (b[0] == b'+' || b[0] == b'-') && piece(b[1]) && op(b[2]) && digit(b[3]) {
            return true;
        }
        if piece(b[0]) && (b[1] == b'+' || b[1] == b'-') && op(b[2]) && digit(b[3]) {
            return true;
        }
    }
    // Four coordinates, written `h2e2` or `h2-e2` (no allocation: this runs on every token
    // of every game's opening).
    let coords: [u8; 4] = match *b {
        [f1, r1, f2, r2] if !b.contains(&b'-') => [f1, r1, f2, r2],
        [f1, r1, b'-', f2, r2] if ![f1, r1, f2, r2].contains(&b'-') => [f1, r1, f2, r2],
        _ => return false,
    };
    let file = |c: u8| (b'a'..=b'i').contains(&c.to_ascii_lowercase());
    let rank = |c: u8| c.is_ascii_digit();
    if file(coords[0]) && rank(coords[1]) && file(coords[2]) && rank(coords[3]) {
        let off_chess = |f: u8, r: u8| f.eq_ignore_ascii_case(&b'i') || r == b'0' || r == b'9';
        return off_chess(coords[0], coords[1]) || off_chess(coords[2], coords[3]);
    }
    false
}

#[cfg(test)]
mod tests {
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
    fn layout_locates_the_main_line() {
        // Moves with numbers attached, a comment, a variation, glyphs and marks, a marker.
        let text = "1.c4 g5 2.Che2 {E40: Pawn} Nc7! (2... Nc9 3.Nc2) 3.Nc2 $1 Ng7\n0-1 {x}\n";
        let l = main_line_layout(text);
        let moves: Vec<&str> = l.moves.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(moves, ["c4", "g5", "Che2", "Nc7", "Nc2", "Ng7"]);
        assert_eq!(moves, main_line_moves(text).collect::<Vec<_>>());
        assert_eq!(l.marker.map(|r| &text[r]), Some("0-1"));
        // No marker; a marker inside a variation is not the main line's.
        let l = main_line_layout("1. e4 (1. d4 1-0) e5");
        assert_eq!((l.moves.len(), l.marker), (2, None));
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

    #[test]
    fn movetext_features() {
        let mt = parse_movetext(
            "{start} 1. h2e2 $1 {good} h9g7 (1... b9c7 (1... c6c5) 2. h0g2) 2.h0g2; rest\n 2... i9h9! 1-0 junk",
        );
        let texts: Vec<&str> = mt.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(mt.leading_comments, ["start"]);
        assert_eq!(mt.moves[0].nags, [1]);
        assert_eq!(mt.moves[0].comments, ["good"]);
        assert_eq!(mt.moves[1].variations.len(), 1);
        assert_eq!(mt.moves[1].variations[0][0].variations.len(), 1);
        assert_eq!(mt.moves[2].comments, ["rest"]);
        assert_eq!(mt.result.as_deref(), Some("1-0"));
        assert_eq!(mt.trailing, "junk");
    }

    #[test]
    fn tokens_and_main_line() {
        let text = "%escape line\n{c} 12. e4! $14 (12... d5 1-0) 12... e5?? ) ; note\n13.Nf3 } 0-1 14. Nc3";
        let tokens: Vec<Token> = Tokens::new(text).collect();
        assert_eq!(
            tokens,
            [
                Token::Comment("c"),
                Token::Move("e4"),
                Token::Nag(14),
                Token::OpenVariation,
                Token::Move("d5"),
                Token::Result {
                    result: "1-0",
                    rest: ") 12... e5?? ) ; note\n13.Nf3 } 0-1 14. Nc3"
                },
                Token::CloseVariation,
                Token::Move("e5"),
                Token::CloseVariation,
                Token::Comment("note"),
                Token::Move("Nf3"),
                Token::Result {
                    result: "0-1",
                    rest: " 14. Nc3"
                },
                Token::Move("Nc3"),
            ]
        );
        // The variation's moves and result are not the main line's; its result ends it.
        let mut line = main_line_moves(text);
        assert_eq!(line.by_ref().collect::<Vec<_>>(), ["e4", "e5", "Nf3"]);
        assert_eq!(line.result(), Some("0-1"));
        // Full-width digits and spaces, a byte-order mark, a vertical tab.
        let moves: Vec<&str> =
            main_line_moves("\u{feff}１．炮二平五\u{3000}马８进７\u{b}２．兵七进一 *").collect();
        assert_eq!(moves, ["炮二平五", "马８进７", "兵七进一"]);
        let mut open = main_line_moves("1. e4 e5 (1... c5");
        assert_eq!(open.by_ref().count(), 2);
        assert_eq!(open.result(), None);
    }

    #[test]
    fn detection() {
        let g = |t: &str| games(t).next().map(|g| detect_game(&g));
        assert_eq!(g("[Game \"Chinese Chess\"]\n1. e2e4 *"), Some(GameKind::Xiangqi));
        assert_eq!(g("[Event \"x\"]\n1. e2e4 e7e5 *"), Some(GameKind::Chess));
        assert_eq!(g("[Event \"x\"]\n1. e4 e5 2. Nf3 *"), Some(GameKind::Chess));
        assert_eq!(g("1. h2e2 h9g7 2. h0g2 *"), Some(GameKind::Xiangqi));
        assert_eq!(g("1. C2=5 H8+7 *"), Some(GameKind::Xiangqi));
        assert_eq!(g("1. 炮二平五 马８进７"), Some(GameKind::Xiangqi));
        assert_eq!(
            g("[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n1. e0e1"),
            Some(GameKind::Xiangqi)
        );
        assert_eq!(g("[Variant \"Chess960\"]\n1. e4"), Some(GameKind::Chess));
    }

    /// The byte screen never says "no xiangqi token" where lexing finds one: on fixed texts
    /// (chess openings, ICCS, WXF, a comment naming ECO B90 or a xiangqi move) and on 20,000 generated
    /// texts over the bytes the rules look at.
    #[test]
    fn xiangqi_token_screen_agrees_with_lexing() {
        let lexed = |t: &str| main_line_moves(t).any(looks_xiangqi);
        let fixed = [
            ("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4 Be7 8. Qf3 Qc7 9. O-O-O Nbd7 10. g4 b5 11. Bxf6+ gxf6 *", false),
            ("{Sicilian B90} 1. e4 c5 2. Nf3 d6 3. d4 e8=Q 1-0", false),
            // Screened in (a comment can hold the bytes), lexed as chess.
            ("{not h9g7} 1. e4 e5 *", true),
            ("1. h2e2 h9g7 2. h0g2 i9h9 *", true),
            ("1. h2-e2 h9-g7 *", true),
            ("1. C2.5 H8+7 2. H2+3 R9.8 *", true),
            ("1. e2e4 e7e5 *", false),
            ("1. 炮二平五 马8进7 *", true),
        ];
        for (t, screened) in fixed {
            assert_eq!(may_hold_xiangqi_token(t), screened, "{t}");
            assert!(screened || !lexed(t), "{t}");
        }
        assert!(lexed(fixed[3].0) && lexed(fixed[4].0) && lexed(fixed[5].0) && !lexed(fixed[2].0));
        let pieces = [
            "h2e2", "h9", "g7", "-", " ", "C2", ".5", "{", "}", "(", ")", "1.", "e4", "i", "0", "9", "+",
            "=", ".", "Nf3", "1-0", "B90", ";", "\n", "$1", "H", "8", "a", "I", "2",
        ];
        let mut rng = crate::testgen::Xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut hits = 0;
        for _ in 0..20_000 {
            let len = 1 + rng.next() % 12;
            let text: String = (0..len).map(|_| rng.pick(&pieces)).collect();
            if lexed(&text) {
                hits += 1;
                assert!(may_hold_xiangqi_token(&text), "{text:?}");
            }
        }
        assert!(hits > 100, "{hits} generated texts with a xiangqi token");
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
