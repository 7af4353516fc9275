//! PGN text: splitting a file into games, tags, movetext (move numbers, comments, NAGs,
//! variations, results), and deciding whether a game is xiangqi or chess (spec `cli.md`, "Input").
//!
//! Everything here is lenient and total: any text gives some games, none panics.

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
    /// Tag pairs in file order, values unescaped (`\"` → `"`, `\\` → `\`).
    pub tags: Vec<(String, String)>,
    /// The game's complete source text (tags and movetext), unchanged.
    pub text: String,
    /// Where the movetext starts in `text` (bytes).
    movetext_start: usize,
    /// 1-based line number of the game's first line in the (decoded) file.
    pub line: usize,
}

impl RawGame {
    /// The movetext: everything after the tag section, up to the next game.
    pub fn movetext(&self) -> &str {
        self.text.get(self.movetext_start..).unwrap_or("")
    }

    /// The value of the first tag named `name` (ASCII case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
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
}

/// Iterator over the games of a PGN text, in order; holds one game at a time.
///
/// A game is a tag section followed by movetext; a new tag line (`[` at the start of a line,
/// outside a `{}` comment) after some movetext starts the next game. Text without tags that
/// holds at least one move or a result is a game too (many real files carry no tags).
pub struct PgnGames<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

/// Split `text` into games (see [`PgnGames`]).
pub fn games(text: &str) -> PgnGames<'_> {
    PgnGames {
        text,
        pos: 0,
        line: 1,
    }
}

/// Resume splitting `text` at byte offset `pos` (a value from [`PgnGames::position`]), which
/// is line `line` (1-based). An offset off a character boundary or past the end gives no games.
pub fn games_from(text: &str, pos: usize, line: usize) -> PgnGames<'_> {
    let pos = if text.is_char_boundary(pos) {
        pos
    } else {
        text.len()
    };
    PgnGames { text, pos, line }
}

impl PgnGames<'_> {
    /// Where the next game starts: byte offset and 1-based line.
    pub fn position(&self) -> (usize, usize) {
        (self.pos, self.line)
    }
}

impl Iterator for PgnGames<'_> {
    type Item = RawGame;

    fn next(&mut self) -> Option<RawGame> {
        loop {
            if self.pos >= self.text.len() {
                return None;
            }
            let game = self.next_chunk();
            if !game.tags.is_empty() {
                return Some(game);
            }
            // Without tags, a chunk is a game when its main line has a move or a result.
            let mut line = main_line_moves(game.movetext());
            if line.next().is_some() || line.result().is_some() {
                return Some(game);
            }
        }
    }
}

impl PgnGames<'_> {
    fn next_chunk(&mut self) -> RawGame {
        let rest = &self.text[self.pos..];
        let start_line = self.line;
        let mut tags = Vec::new();
        let mut movetext_start: Option<usize> = None;
        let mut depth = 0usize; // `{}` nesting (PGN comments do not nest; tolerate it)
        let mut offset = 0usize;
        let mut end = rest.len();
        let mut lines_used = 0usize;
        for line in rest.split_inclusive('\n') {
            let trimmed = line.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\u{3000}']);
            if depth == 0 && trimmed.starts_with('[') {
                if movetext_start.is_some() {
                    end = offset;
                    break;
                }
                parse_tag_line(trimmed, &mut tags);
            } else if !trimmed.trim().is_empty() {
                if movetext_start.is_none() {
                    movetext_start = Some(offset);
                }
                depth = scan_braces(line, depth);
            }
            offset += line.len();
            lines_used += 1;
        }
        let chunk = &rest[..end];
        let movetext_start = movetext_start.map_or(chunk.len(), |s| s.min(chunk.len()));
        self.pos += end;
        self.line += lines_used;
        RawGame {
            tags,
            text: chunk.to_string(),
            movetext_start,
            line: start_line,
        }
    }
}

/// Track `{}` depth across a movetext line (a `;` outside braces comments out the rest).
fn scan_braces(line: &str, mut depth: usize) -> usize {
    // The three are ASCII: no byte of a multi-byte character can be mistaken for them.
    for &b in line.as_bytes() {
        match b {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b';' if depth == 0 => break,
            _ => {}
        }
    }
    depth
}

/// Parse every `[Name "value"]` on a line (lenient: a missing closing quote or bracket ends at
/// the line's end).
fn parse_tag_line(line: &str, tags: &mut Vec<(String, String)>) {
    let mut s = line;
    while let Some(open) = s.find('[') {
        s = &s[open + 1..];
        let name_end = s
            .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
            .unwrap_or(s.len());
        let name = s[..name_end].to_string();
        s = s[name_end..].trim_start();
        let mut value = String::new();
        if let Some(after) = s.strip_prefix('"') {
            let mut chars = after.char_indices();
            let mut consumed = after.len();
            while let Some((i, c)) = chars.next() {
                match c {
                    '\\' => {
                        if let Some((_, n)) = chars.next() {
                            value.push(n);
                        }
                    }
                    '"' => {
                        // A quote not followed by `]` is literal when another quote follows
                        // (real files write `[Event "1999年"中視股份杯"象棋..."]`).
                        let tail = &after[i + 1..];
                        let closes = tail.trim_start().starts_with(']') || !tail.contains('"');
                        if closes {
                            consumed = i + 1;
                            break;
                        }
                        value.push('"');
                    }
                    '\n' | '\r' => {
                        consumed = i;
                        break;
                    }
                    _ => value.push(c),
                }
            }
            s = &after[consumed..];
        }
        match s.find(']') {
            Some(close) => s = &s[close + 1..],
            None => s = "",
        }
        if !name.is_empty() {
            tags.push((name, value));
        }
    }
}

/// Normalise a game termination marker; `None` if `word` is not one.
pub fn normalize_result(word: &str) -> Option<&'static str> {
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
    let first = *word.as_bytes().first()?;
    if first.is_ascii() && !first.is_ascii_digit() {
        return None; // the common case: a move
    }
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
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`.
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens { text, pos: 0 }
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

    fn next(&mut self) -> Option<Token<'a>> {
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
            if !b.is_ascii() {
                let c = self.text[i..].chars().next()?;
                if is_space(c) {
                    self.pos += c.len_utf8();
                    continue;
                }
            }
            match b {
                b'{' => return Some(Token::Comment(self.until(i + 1, '}').trim())),
                b';' => return Some(Token::Comment(self.until(i + 1, '\n').trim())),
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
                b'%' if i == 0 || self.text.as_bytes()[i - 1] == b'\n' => {
                    self.until(i, '\n');
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
                    let word = strip_move_number(word).unwrap_or(word);
                    let word = word.trim_end_matches(['!', '?']);
                    if !word.is_empty() {
                        return Some(Token::Move(word));
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

/// Parse a movetext: move numbers, comments `{}` and `;`, NAGs `$n`, variations `( ... )`
/// (nested), suffix annotations `!`/`?`, and the termination marker, after which parsing stops
/// (the rest goes to [`Movetext::trailing`]). Never fails; unbalanced brackets are tolerated.
pub fn parse_movetext(text: &str) -> Movetext {
    let mut out = Movetext::default();
    // Stack of open lines: index 0 is the main line.
    let mut stack: Vec<Vec<PgnMove>> = vec![Vec::new()];
    let mut pending_comments: Vec<String> = Vec::new();
    let mut ignored_opens = 0usize;
    for token in Tokens::new(text) {
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

/// Decide whether a PGN game is xiangqi or chess (spec `cli.md`, "Input"):
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
    if main_line_moves(prefix).any(looks_xiangqi) {
        GameKind::Xiangqi
    } else {
        GameKind::Chess
    }
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
    let coords: Vec<u8> = b.iter().copied().filter(|&c| c != b'-').collect();
    if coords.len() == 4 && (b.len() == 4 || (b.len() == 5 && b[2] == b'-')) {
        let file = |c: u8| (b'a'..=b'i').contains(&c.to_ascii_lowercase());
        let rank = |c: u8| c.is_ascii_digit();
        if file(coords[0]) && rank(coords[1]) && file(coords[2]) && rank(coords[3]) {
            let off_chess = |f: u8, r: u8| f.eq_ignore_ascii_case(&b'i') || r == b'0' || r == b'9';
            return off_chess(coords[0], coords[1]) || off_chess(coords[2], coords[3]);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
