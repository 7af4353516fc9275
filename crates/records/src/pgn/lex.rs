//! The PGN lexer: the movetext's tokens ([`Tokens`]: move numbers, comments, NAGs, variations,
//! results) in the lexical modes of [`Mode`], the tags of a tag line (`line_tags`), and what is
//! read with them: the main line ([`main_line_moves`], [`main_line_layout`]), the move tree
//! ([`parse_movetext`]) and the record's integrity ([`integrity`]). The stream splitter follows
//! the same rules over undecoded bytes.

/// Whether a record is whole (see [`RawGame::integrity`](super::RawGame::integrity)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Integrity {
    /// The record is broken and must not be judged (see [`Broken`]).
    pub broken: Option<Broken>,
    /// The main line ends with a termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub marker: bool,
    /// The main line stops after a bare move number (`… 38.` or `… 38. *`).
    pub after_number: bool,
}

/// Why a PGN record is broken: its main line cannot be told apart from the rest. Display: the
/// English sentence; other languages word the kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Broken {
    /// A `{` comment is never closed (it runs to the end of the record).
    #[error("unterminated comment: a '{{' is never closed")]
    UnterminatedComment,
    /// `open` `(` variations are never closed.
    #[error("unclosed variation: {open} '(' never closed, so the main line cannot be told apart")]
    UnclosedVariation {
        /// How many `(` are still open at the end of the record (at least 1).
        open: usize,
    },
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

/// The integrity bookkeeping of one lexer pass, shared by every reader of a movetext: fed
/// each token [`Tokens`] returns ([`IntegrityScan::token`]), it counts the open variations,
/// sees the main line's termination marker and whether a bare move number came last;
/// [`IntegrityScan::finish`] gives the [`Integrity`].
#[derive(Clone, Debug, Default)]
pub struct IntegrityScan {
    depth: usize,
    marker: bool,
    after_number: bool,
}

impl IntegrityScan {
    /// Counts `token`, just returned by `tokens`. `true` when it is the main line's
    /// termination marker (outside every variation): the main line ends there.
    #[inline]
    pub fn token(&mut self, token: &Token, tokens: &Tokens) -> bool {
        self.after_number = tokens.after_number;
        match token {
            Token::OpenVariation => self.depth += 1,
            Token::CloseVariation => self.depth = self.depth.saturating_sub(1),
            Token::Result { .. } if self.depth == 0 => {
                self.marker = true;
                return true;
            }
            _ => {}
        }
        false
    }

    /// How many variations are open (0: the tokens are on the main line). An unmatched `)`
    /// closes nothing.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The record's integrity, once `tokens` stopped (at the main line's marker or at the
    /// end of the text).
    pub fn finish(self, tokens: &Tokens) -> Integrity {
        let broken = if tokens.unterminated {
            Some(Broken::UnterminatedComment)
        } else if self.depth > 0 {
            Some(Broken::UnclosedVariation { open: self.depth })
        } else {
            None
        };
        Integrity {
            broken,
            marker: self.marker,
            // Without a marker the lexer ran to the end: what came last there.
            after_number: if self.marker {
                self.after_number
            } else {
                tokens.after_number
            },
        }
    }
}

/// See [`RawGame::integrity`](super::RawGame::integrity). A tags-only record is not broken (it is read as a game of no
/// moves).
pub fn integrity(movetext: &str) -> Integrity {
    let mut tokens = Tokens::new(movetext);
    let mut scan = IntegrityScan::default();
    while let Some(t) = tokens.next() {
        if scan.token(&t, &tokens) {
            break;
        }
    }
    scan.finish(&tokens)
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
pub(super) fn strip_move_number(word: &str) -> Option<&str> {
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
pub(super) fn strip_move_number_general(word: &str) -> Option<&str> {
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

/// What a byte of a movetext belongs to: PGN's lexical modes (PGN standard, section 8.2.5 on
/// comments, section 6 on the escape mechanism). The one statement of where comments and escape
/// lines open and close, followed by [`Tokens`] over decoded text and by the stream splitter
/// over undecoded bytes (every byte the rules look at is ASCII).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Tokens: moves, move numbers, glyphs, markers, parentheses.
    #[default]
    Text,
    /// A `{` comment, up to the first `}`: brace comments do not nest (a `{` inside one is
    /// comment text), and run across lines.
    Brace,
    /// A `;` comment, to the end of its line.
    Semicolon,
    /// A line whose first byte is `%`, ignored to its end.
    Escape,
}

impl Mode {
    /// The mode `b` opens when met in [`Mode::Text`] (`line_start`: `b` is the first byte of
    /// its line): `{`, `;`, or `%` in the first column.
    #[inline]
    pub fn opened_by(b: u8, line_start: bool) -> Option<Mode> {
        match b {
            b'{' => Some(Mode::Brace),
            b';' => Some(Mode::Semicolon),
            b'%' if line_start => Some(Mode::Escape),
            _ => None,
        }
    }

    /// The length in bytes of the text at the start of `text` (a piece of one line; `line_start`:
    /// it starts the line) before the first byte that opens a mode ([`Mode::opened_by`]).
    #[inline]
    pub fn text_len(text: &[u8], line_start: bool) -> usize {
        if line_start && text.first() == Some(&b'%') {
            return 0;
        }
        memchr::memchr2(b'{', b';', text).unwrap_or(text.len())
    }

    /// The length in bytes of this mode's body at the start of `body` (what follows the byte
    /// that opened it): up to the byte that closes it, `}` for [`Mode::Brace`], a line end
    /// (`\n` or `\r`) for the others; all of `body` when it holds no such byte. 0 for
    /// [`Mode::Text`].
    #[inline]
    pub fn body_len(self, body: &[u8]) -> usize {
        match self {
            Mode::Text => Some(0),
            Mode::Brace => memchr::memchr(b'}', body),
            Mode::Semicolon | Mode::Escape => memchr::memchr2(b'\n', b'\r', body),
        }
        .unwrap_or(body.len())
    }

    /// The mode after a line end met in this mode: a `{` comment goes on, the rest end.
    #[inline]
    pub fn after_line_end(self) -> Mode {
        match self {
            Mode::Brace => Mode::Brace,
            _ => Mode::Text,
        }
    }
}

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

    /// The body of the `mode` opened by the byte before `from` ([`Mode::body_len`]), and
    /// moves past the byte that closes it (or to the end); `None` when nothing closes it.
    fn body(&mut self, from: usize, mode: Mode) -> (&'a str, bool) {
        let body = &self.text[from..];
        let len = mode.body_len(body.as_bytes());
        let closed = len < body.len();
        // The closing byte is ASCII: the cut is a character boundary.
        self.pos = from + len + usize::from(closed);
        (&body[..len], closed)
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
            let line_start = i == 0 || matches!(bytes[i - 1], b'\n' | b'\r');
            if let Some(mode) = Mode::opened_by(b, line_start) {
                let (body, closed) = self.body(i + 1, mode);
                match mode {
                    Mode::Escape => continue,
                    Mode::Brace if !closed => self.unterminated = true,
                    _ => {}
                }
                return Some(Token::Comment(body.trim()));
            }
            match b {
                b'(' => {
                    self.pos += 1;
                    return Some(Token::OpenVariation);
                }
                b')' => {
                    self.pos += 1;
                    return Some(Token::CloseVariation);
                }
                b'}' => self.pos += 1,
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
    let mut scan = IntegrityScan::default();
    while let Some(token) = tokens.next() {
        // The marker that ends the main line (a result inside a variation ends nothing).
        let ends = scan.token(&token, &tokens);
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
            Token::Result { result, rest } if ends => {
                out.result = Some(result.to_string());
                out.trailing = rest.trim().to_string();
                break;
            }
            Token::Result { .. } => {}
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
    out.integrity = scan.finish(&tokens);
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

// Tag lines: the string rules of `[Name "value"]` (a value ends at its closing quote, `\`
// escapes the next byte), for the reader of a game's tags and for the stream splitter.

/// Whether a line (from its `[`) is one plain tag and nothing else but whitespace: `[`, a
/// name (no whitespace, `"` or `]`), spaces or tabs, `"`, a value with no `"`, `\` or line
/// end, `"]`.
/// [`tag_line_end`] then ends at its `]` (checked by the tests against it).
pub(crate) fn plain_tag_line(line: &[u8]) -> bool {
    let Some((b'[', rest)) = line.split_first() else {
        return false;
    };
    // Tag lines are short: plain loops beat memchr's set-up here.
    let Some(q1) = rest.iter().position(|&b| b == b'"') else {
        return false;
    };
    let head = &rest[..q1];
    let name = head
        .iter()
        .take_while(|&&b| !b.is_ascii_whitespace() && b != b']')
        .count();
    if name == 0 || !head[name..].iter().all(|&b| b == b' ' || b == b'\t') {
        return false;
    }
    let value = &rest[q1 + 1..];
    let Some(q2) = value
        .iter()
        .position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))
    else {
        return false;
    };
    value[q2] == b'"'
        && value.get(q2 + 1) == Some(&b']')
        && value[q2 + 2..].iter().all(u8::is_ascii_whitespace)
}

/// Whether a line (from its `[`) reads `[Name "`: a tag, not an annotation such as `[%clk`.
pub(crate) fn tag_shaped(p: &[u8]) -> bool {
    let name = &p[1..];
    let n = name
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    if n == 0 {
        return false;
    }
    let after = &name[n..];
    let ws = after.iter().take_while(|b| **b == b' ' || **b == b'\t').count();
    after.get(ws) == Some(&b'"')
}

/// The tags of a tag line (`line` from its `[`), in order, as [`scan_tag`] reads each: a tag
/// starts at a `[` that follows the line's start, the previous tag or ASCII white space after
/// it.
pub(crate) fn line_tags(line: &[u8]) -> impl Iterator<Item = TagScan> + '_ {
    let mut s = 0;
    std::iter::from_fn(move || {
        if line.get(s) != Some(&b'[') {
            return None;
        }
        let tag = scan_tag(line, s);
        s = tag.2;
        while line.get(s).is_some_and(u8::is_ascii_whitespace) {
            s += 1;
        }
        Some(tag)
    })
}

/// Where the tags of a tag line (`line` from its `[`) end (bytes): after the last tag's `]`,
/// or the line's end ([`line_tags`]).
pub(crate) fn tag_line_end(line: &[u8]) -> usize {
    line_tags(line).last().map_or(0, |t| t.2)
}

/// One tag found by [`scan_tag`]: its name's range, its value's raw range (escapes not
/// undone; `None` without a quoted value), and where the tag ends.
pub(crate) type TagScan = (std::ops::Range<usize>, Option<std::ops::Range<usize>>, usize);

/// Read one `[Name "value"]` starting at `line[s] == b'['`: the name's range, the value's raw
/// range (escapes not undone), and where the tag ends (after its `]`, or the line's end).
pub(crate) fn scan_tag(line: &[u8], s: usize) -> TagScan {
    let mut i = s + 1;
    let name_start = i;
    while line
        .get(i)
        .is_some_and(|&b| !b.is_ascii_whitespace() && b != b'"' && b != b']')
    {
        i += 1;
    }
    let name = name_start..i;
    while line.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
        i += 1;
    }
    let mut value = None;
    let line_end = memchr::memchr2(b'\n', b'\r', line).unwrap_or(line.len());
    if line.get(i) == Some(&b'"') {
        let vs = i + 1;
        let mut j = vs;
        let mut ve = line_end;
        let mut next = line_end;
        while j < line_end {
            match line[j] {
                b'\\' => j += 2,
                b'"' => {
                    let tail = &line[j + 1..line_end];
                    let t = tail.iter().position(|b| !b.is_ascii_whitespace());
                    let closes = t.is_some_and(|t| tail[t] == b']') || !tail.contains(&b'"');
                    if closes {
                        ve = j;
                        next = j + 1;
                        break;
                    }
                    j += 1;
                }
                _ => j += 1,
            }
        }
        value = Some(vs..ve.min(line_end));
        i = next.min(line_end);
    }
    let close = line[i.min(line_end)..line_end].iter().position(|&b| b == b']');
    let end = match close {
        Some(c) => i + c + 1,
        None => line_end,
    };
    (name, value, end)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The integrity of a record, the same from [`integrity`] and [`parse_movetext`]: a
    /// `{` never closed, `(` never closed (counted), a `)` with no `(` (ignored), a marker
    /// inside a variation (not the main line's), a move number last.
    #[test]
    fn integrity_is_typed_and_read_once() {
        let cases = [
            ("junk{", Some(Broken::UnterminatedComment), false, false),
            (
                "1. e4 (e5 (2. Nf3",
                Some(Broken::UnclosedVariation { open: 2 }),
                false,
                false,
            ),
            ("1. e4 e5 )) 2. Nf3 *", None, true, false),
            ("1. e4 (1. d4 1-0) e5 2.", None, false, true),
            ("1. e4 e5 2. *", None, true, true),
        ];
        for (text, broken, marker, after_number) in cases {
            let want = Integrity {
                broken,
                marker,
                after_number,
            };
            assert_eq!(integrity(text), want, "{text}");
            assert_eq!(parse_movetext(text).integrity, want, "{text}");
        }
        assert_eq!(
            Broken::UnclosedVariation { open: 2 }.to_string(),
            "unclosed variation: 2 '(' never closed, so the main line cannot be told apart"
        );
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

    /// The lexer's modes (PGN standard sections 6 and 8.2.5): brace comments do not nest, a
    /// `;` comment runs to its line's end, a line starting with `%` is skipped.
    #[test]
    fn modes_follow_the_standard() {
        let tokens = |text| Tokens::new(text).collect::<Vec<_>>();
        assert_eq!(
            tokens("{a {b} c} e4"),
            [Token::Comment("a {b"), Token::Move("c"), Token::Move("e4")]
        );
        assert_eq!(
            tokens("e4 ; {x\r\ne5 {a ; b} c5"),
            [
                Token::Move("e4"),
                Token::Comment("{x"),
                Token::Move("e5"),
                Token::Comment("a ; b"),
                Token::Move("c5")
            ]
        );
        assert_eq!(tokens("%{x\ne4\r%y\n %z"), [Token::Move("e4"), Token::Move("%z")]);
        let mut open = Tokens::new("e4 {x\n}");
        assert_eq!(open.by_ref().count(), 2);
        assert!(!open.unterminated);
        let mut open = Tokens::new("e4 {x\n{");
        assert_eq!(open.by_ref().count(), 2);
        assert!(open.unterminated);
        // What the stream splitter asks of the modes over bytes.
        assert_eq!(Mode::text_len(b"%{x", true), 0);
        assert_eq!(Mode::text_len(b"%{x", false), 1);
        assert_eq!(Mode::text_len(b"e4 e5; x", false), 5);
        assert_eq!(Mode::Brace.body_len(b"a {b} c}"), 4);
        assert_eq!(Mode::Semicolon.body_len(b" {x\r\n"), 3);
        assert_eq!(Mode::Escape.body_len(b"abc"), 3);
        assert_eq!(Mode::Brace.after_line_end(), Mode::Brace);
        assert_eq!(Mode::Semicolon.after_line_end(), Mode::Text);
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

    /// A line `plain_tag_line` accepts has nothing after its tag by `tag_line_end`.
    #[test]
    fn plain_tag_lines_end_at_their_bracket() {
        let pieces: [&[u8]; 14] = [
            b"[", b"]", b"\"", b"Event", b" ", b"\t", b"x", b"\\", b"\r\n", b"\n", b"1. e4", b"%clk", b"]]",
            b"\"\"",
        ];
        let mut rng = crate::testgen::Xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut plain = 0;
        for k in 0..200_000 {
            let mut line = b"[".to_vec();
            if k % 2 == 0 {
                line.extend_from_slice(b"Name \"");
            }
            for _ in 0..rng.next() % 8 {
                line.extend_from_slice(rng.pick(&pieces));
            }
            if k % 3 == 0 {
                line.extend_from_slice(b"\"]");
                line.extend_from_slice(rng.pick(&pieces));
            }
            if plain_tag_line(&line) {
                plain += 1;
                let end = tag_line_end(&line);
                assert!(
                    line[end..].iter().all(u8::is_ascii_whitespace),
                    "{:?}",
                    String::from_utf8_lossy(&line)
                );
            }
        }
        assert!(plain > 1_000, "{plain}");
        assert!(plain_tag_line(b"[Event \"Madrid\"]\r\n"));
        assert!(!plain_tag_line(b"[Event] \"Madrid\"]\r\n"));
        assert!(!plain_tag_line(b"[A \"1\"] 1. e4\n"));
        assert!(!plain_tag_line(b"[A \"x\\\"y\"]\n"));
    }

    #[test]
    fn tag_line_ends() {
        assert_eq!(tag_line_end(b"[A \"1\"] 1. e4"), 7);
        assert_eq!(tag_line_end(b"[Event \"Rapid \"Blitz\" Cup\"]\n"), 27);
        assert_eq!(tag_line_end(b"[A \"open\n"), 8);
        assert_eq!(tag_line_end(b"[A \"x\"][B \"y\"]"), 14);
        // Any ASCII white space between tags, as the game's reader reads them: a form feed
        // does not turn the second tag into movetext.
        let line = b"[A \"x\"]\x0c[B \"y\"] e4\r\n";
        assert_eq!(tag_line_end(line), 15);
        let game = super::super::RawGame::from_text(
            String::from_utf8(line.to_vec()).unwrap(),
            1,
            0,
            crate::TextEncoding::Utf8,
        );
        assert_eq!(game.tags.len(), 2);
        assert_eq!(game.tag_spans().len(), 2);
        assert_eq!(game.movetext(), " e4\r\n");
    }
}
