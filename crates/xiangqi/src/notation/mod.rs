//! Move notation: ICCS coordinates (`h2e2`), WXF (`C2=5`, `H2+3`, `H++7`), Chinese
//! (`炮二平五`, `馬8進7`, `前炮平四`), SAN as match managers write it (`Che2`, `R9xd7`) and
//! coordinates with ranks 1–10 (`h3e3`, `i10h8`), read and written (the
//! table of docs/formats.md).
//!
//! Reading accepts every style in a game ([`parse_move`] detects the style of each token; a game
//! read as a whole can be told to prefer SAN or ranks 1–10 where a token also reads as ICCS:
//! [`parse_move_as`], [`Reading`]) and full-width forms (`Ｃ２＝５`, `＋Ｐ＋１`, `馬８進７`). A Chinese/WXF move that omits 前/後
//! (`+`/`-`) where two like pieces share a file is resolved by legality when exactly one of them
//! can make it, and reported as a [`NotationWarning`]. Writing ([`write_move`]) gives the unique
//! standard form; [`write_move_with`] takes [`WriteOptions`] to reproduce a record's own style.
//!
//! Conventions for like pieces on one file (WXF as published by the World Xiangqi Federation,
//! Chinese as in the Chinese rules and xqbase):
//!
//! | on the file | WXF (written) | Chinese (written) |
//! |---|---|---|
//! | 2 | `R+` / `R-` (read also `+R`, `-R`) | 前車 / 後車 |
//! | 3 soldiers | `P+`, `P5` (the middle one by its file), `P-` | 前兵, 中兵, 後兵 |
//! | 4 soldiers | `++`, `P+`, `P-`, `--` | 一兵, 二兵, 三兵, 四兵 (from the front) |
//! | 5 soldiers | `++`, `P+`, `P5`, `P-`, `--` | 一兵 … 五兵 |
//! | soldiers stacked on two files | `7+`, `77` (middle), `7-`: the file replaces the letter | 前七, 中七, 後七 |
//!
//! Advisors and elephants sharing a file keep the plain file (`A6+5`, 仕六進五): the front one
//! can only retreat and the rear one only advance. Reading also accepts 一…五 + piece counted
//! right to left then front to back over stacked files (xqbase), WXF `Pa+1`…`Pe+1` likewise,
//! 車前平三 (the WXF document's Chinese order) and the traverse sign left out (`C25`).
//!
//! ```
//! use xiangqi::notation::{parse_move, write_move, Style};
//! use xiangqi::Position;
//! let pos = Position::startpos();
//! let read = parse_move(&pos, "炮二平五").unwrap();
//! assert_eq!(read.mv.to_string(), "h2e2");
//! assert_eq!(parse_move(&pos, "Ｃ２＝５").unwrap().mv, read.mv);
//! assert_eq!(write_move(&pos, read.mv, Style::Wxf), "C2=5");
//! assert_eq!(write_move(&pos, read.mv, Style::Iccs), "h2e2");
//! ```

use crate::piece::PieceKind;
use crate::position::{Move, Position};

mod chinese;
mod describe;
mod iccs;
mod ranks;
mod san;
mod wxf;

/// A notation style.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// `h2e2`.
    Iccs,
    /// `C2=5`, `H2+3`, `H++7`.
    Wxf,
    /// `炮二平五`, `馬8進7`.
    Chinese,
    /// SAN as WinBoard/XBoard, cutechess and Banksia write xiangqi: `c4`, `Che2`, `R9xd7`,
    /// `Ci0+` (ICCS points, piece letters `K A E/B H/N R C`, a soldier without one).
    San,
    /// Coordinates with ranks 1–10 as Fairy-Stockfish and pychess write them: `h3e3`, `i10h8`
    /// (ICCS rank + 1).
    Ranks1To10,
}

/// How the moves of one game are read where a token fits more than one notation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Reading {
    /// Each token by its shape ([`parse_move`]): four coordinates are ICCS (ranks 0–9).
    #[default]
    Any,
    /// SAN first (`C2e2` is the cannon on rank 2 going to e2, not the piece on c2), then as
    /// [`Reading::Any`].
    San,
    /// Coordinates have ranks 1–10 (`h3e3` is ICCS `h2e2`); other tokens as [`Reading::Any`].
    Ranks1To10,
}

/// Something in a move's text that was accepted but is not standard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationWarning {
    /// 前/後 (or WXF `+`/`-`) was omitted where two like pieces share a file; resolved because
    /// exactly one of them can make the move legally.
    AmbiguityResolvedByLegality,
}

/// A move read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedMove {
    pub mv: Move,
    pub style: Style,
    pub warning: Option<NotationWarning>,
}

/// Why a move's text could not be read as a legal move in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("'{}' is not a move in ICCS, WXF, SAN or Chinese notation", quote(.0))]
    Syntax(String),
    /// `reason`: no such piece on that file, or why the piece it names cannot make it (own
    /// piece on the target point, path or screen blocked, horse leg / elephant eye blocked,
    /// the general left or kept in check, generals facing).
    #[error("'{}' fits no legal move: {reason}", quote(.text))]
    NoLegalMove { text: String, reason: NoFit },
    #[error("'{}' fits more than one legal move ({candidates})", quote(.text))]
    Ambiguous { text: String, candidates: String },
    /// `iccs`: the move in ICCS when it was written in another coordinate form (ranks 1–10).
    #[error("'{}' is not legal: {reason}{}", quote(.text), .iccs.map(|m| format!(" (ICCS {m})")).unwrap_or_default())]
    Illegal {
        text: String,
        reason: crate::illegal::Illegal,
        iccs: Option<crate::position::Move>,
    },
}

/// Why no legal move fits a move's text (`Display`: the English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoFit {
    /// The side to move has no piece of the kind (on the file and rank a SAN move names, when
    /// it names them: files 0–8 = a–i, ranks 0–9).
    NoPiece {
        color: crate::Color,
        kind: crate::PieceKind,
        file: Option<i32>,
        rank: Option<i32>,
    },
    /// No piece of the kind on the file named (`file`, counted from the side's right);
    /// `files`: the files its pieces of the kind are on.
    NotOnFile {
        color: crate::Color,
        kind: crate::PieceKind,
        file: u8,
        files: Vec<u8>,
    },
    /// Front/middle/rear names one of several pieces sharing a file, and none do; `files`:
    /// the files its pieces of the kind are on.
    NoTandem {
        color: crate::Color,
        kind: crate::PieceKind,
        files: Vec<u8>,
    },
    /// Each piece the text may name, and why it cannot make the move (each reason once, in
    /// order; none: no legal move fits).
    Tries { color: crate::Color, tries: Vec<Tried> },
}

/// Why one piece cannot make the move a text names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tried {
    /// The move it would be is illegal.
    Illegal {
        mv: Move,
        reason: crate::illegal::Illegal,
    },
    /// Moving along the rank (平) to the file it is on (`file`, counted from its side's right).
    AlreadyOnFile { kind: crate::PieceKind, file: u8 },
    /// An advisor, elephant or horse moved along a rank (平).
    NeverTraverse { kind: crate::PieceKind },
    /// A diagonal mover that cannot go from file `from` to file `to` (counted from its side's
    /// right).
    CannotGo {
        kind: crate::PieceKind,
        from: u8,
        to: u8,
    },
    /// The piece on `from` would leave the board.
    OffBoard {
        kind: crate::PieceKind,
        from: crate::Square,
    },
}

fn side_name(c: crate::Color) -> &'static str {
    match c {
        crate::Color::Red => "Red",
        crate::Color::Black => "Black",
    }
}

fn files_list(files: &[u8]) -> String {
    files.iter().map(u8::to_string).collect::<Vec<_>>().join(" and ")
}

impl std::fmt::Display for NoFit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoFit::NoPiece {
                color,
                kind,
                file,
                rank,
            } => {
                let which = match (file, rank) {
                    (None, None) => String::new(),
                    (fl, r) => format!(
                        " on {}{}",
                        fl.map_or(String::new(), |x| format!("file {}", char::from(b'a' + x as u8))),
                        r.map_or(String::new(), |r| format!(
                            "{}rank {r}",
                            if fl.is_some() { ", " } else { "" }
                        ))
                    ),
                };
                write!(f, "{} has no {}{which}", side_name(*color), kind.name())
            }
            NoFit::NotOnFile {
                color,
                kind,
                file,
                files,
            } => {
                let (side, name) = (side_name(*color), kind.name());
                write!(
                    f,
                    "no {side} {name} on file {file} (files counted from {side}'s right); {side}'s {name}s are on file {}",
                    files_list(files)
                )
            }
            NoFit::NoTandem { color, kind, files } => {
                let (side, name) = (side_name(*color), kind.name());
                write!(
                    f,
                    "front/middle/rear names one of several {name}s sharing a file; {side}'s {name}s are on file {}",
                    files_list(files)
                )
            }
            NoFit::Tries { tries, .. } if tries.is_empty() => f.write_str("no legal move fits"),
            NoFit::Tries { tries, .. } => {
                let v: Vec<String> = tries.iter().map(ToString::to_string).collect();
                f.write_str(&v.join("; "))
            }
        }
    }
}

impl std::fmt::Display for Tried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let article = |k: crate::PieceKind| match k {
            crate::PieceKind::Advisor | crate::PieceKind::Elephant => "an",
            _ => "a",
        };
        match self {
            Tried::Illegal { mv, reason } => write!(f, "{}-{}: {reason}", mv.from, mv.to),
            Tried::AlreadyOnFile { kind, file } => write!(
                f,
                "the {} is already on file {file}: moving along the rank (平) changes file",
                kind.name()
            ),
            Tried::NeverTraverse { kind } => {
                write!(
                    f,
                    "{} {} never moves straight along a rank (平)",
                    article(*kind),
                    kind.name()
                )
            }
            Tried::CannotGo { kind, from, to } => write!(
                f,
                "{} {} cannot go from file {from} to file {to}",
                article(*kind),
                kind.name()
            ),
            Tried::OffBoard { kind, from } => {
                write!(f, "the {} on {from} would leave the board", kind.name())
            }
        }
    }
}

/// At most this many characters of a token are quoted in messages.
pub const QUOTE_CHARS: usize = 80;

/// A token as quoted in a message: at most [`QUOTE_CHARS`] characters, control characters,
/// quotes and replacement characters escaped (`\u{1b}`), and `… (N bytes)` when cut. A
/// binary file's bytes never reach the terminal raw.
pub fn quote(text: &str) -> String {
    let mut s = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == QUOTE_CHARS {
            s.push_str(&format!("… ({} bytes)", text.len()));
            break;
        }
        if c.is_control() || c == '\u{fffd}' || c == '\'' {
            s.extend(c.escape_default());
        } else {
            s.push(c);
        }
    }
    s
}

/// WXF letters for horse and elephant.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum WxfLetters {
    /// `H` and `E`, as the WXF publishes them.
    #[default]
    HorseElephant,
    /// `N` and `B`, as in FEN.
    KnightBishop,
}

/// Where WXF puts the front/rear sign of two like pieces on a file.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum WxfTandem {
    /// `H++7`: the sign takes the place of the file (the WXF standard).
    #[default]
    SignForFile,
    /// `+H+7`: the sign before the letter (common in real files).
    SignFirst,
}

/// WXF sign for a move along the rank.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum WxfTraverse {
    /// `C2=5`.
    #[default]
    Equals,
    /// `C2.5`, as in the WXF document.
    Dot,
}

/// Characters of Chinese notation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ChineseScript {
    /// 帥仕相傌俥炮兵 / 將士象馬車砲卒, 進 退 平, 前 中 後.
    #[default]
    Traditional,
    /// 帅仕相马车炮兵 / 将士象马车炮卒, 进 退 平, 前 中 后.
    Simplified,
}

/// How [`write_move_with`] writes; the default is the standard form of each style.
///
/// The style of the wukong-xiangqi `games15` files is
/// `WriteOptions { wxf_tandem: WxfTandem::SignFirst, chinese_script: ChineseScript::Simplified,
/// full_width: true, ..Default::default() }`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// WXF letters for horse and elephant (default `H`/`E`).
    pub wxf_letters: WxfLetters,
    /// WXF front/rear form for two like pieces on a file (default `H++7`).
    pub wxf_tandem: WxfTandem,
    /// WXF sign for a move along the rank (default `=`).
    pub wxf_traverse: WxfTraverse,
    /// Chinese characters (default traditional).
    pub chinese_script: ChineseScript,
    /// WXF: every character full-width (`Ｃ２＝５`). Chinese: Black's digits full-width (`马８进７`).
    pub full_width: bool,
}

/// How a record writes its moves, read from their texts: the style of the first move (ICCS,
/// WXF or Chinese) and the [`WriteOptions`] that write moves back the same way. Chinese:
/// simplified when the texts use a simplified-only character (帅将车马进后) and no
/// traditional-only one (帥將俥傌車馬砲進後), traditional otherwise; full-width digits when
/// Black's moves use them (`马８进７`). WXF: `N`/`B` letters when the texts use them and never
/// `H`/`E`; the traverse sign `.` when used (`C2.5`); the sign-first tandem form (`+R+1`).
/// `None` when there is no move text.
///
/// ```
/// use xiangqi::notation::{detect_notation, write_move_with, ChineseScript, Style};
/// use xiangqi::{Move, Position};
/// let (style, options) = detect_notation(["炮二平五", "马８进７", "马二进三", "车９平８"]).unwrap();
/// assert_eq!(style, Style::Chinese);
/// assert_eq!(options.chinese_script, ChineseScript::Simplified);
/// let mut pos = Position::startpos();
/// pos.make_move(Move::parse_iccs("h2e2").unwrap());
/// let mv = Move::parse_iccs("h9g7").unwrap();
/// assert_eq!(write_move_with(&pos, mv, style, &options), "马８进７");
/// let (_, trad) = detect_notation(["炮二平五", "馬8進7"]).unwrap();
/// assert_eq!(trad.chinese_script, ChineseScript::Traditional);
/// ```
pub fn detect_notation<'a>(texts: impl IntoIterator<Item = &'a str>) -> Option<(Style, WriteOptions)> {
    let mut texts = texts.into_iter().map(trim).filter(|t| !t.is_empty());
    let first = texts.next()?;
    let style = style_of_first(first);
    let mut o = WriteOptions::default();
    let (mut simplified, mut traditional, mut full) = (false, false, false);
    let (mut nb, mut he, mut dot, mut sign_first) = (false, false, false, false);
    for t in std::iter::once(first).chain(texts).take(600) {
        // The characters looked for are not ASCII, and ASCII text is its own normal form.
        let ascii = t.is_ascii();
        if !ascii {
            for c in t.chars() {
                match c {
                    '帅' | '将' | '车' | '马' | '进' | '后' => simplified = true,
                    '帥' | '將' | '俥' | '傌' | '車' | '馬' | '砲' | '進' | '後' => {
                        traditional = true
                    }
                    '１'..='９' => full = true,
                    _ => {}
                }
            }
        }
        if matches!(style, Style::Wxf | Style::San) {
            let norm;
            let n = if ascii {
                t
            } else {
                norm = normalize(t);
                &norm
            };
            let b = n.as_bytes();
            match b.first().map(u8::to_ascii_uppercase) {
                Some(b'N' | b'B') => nb = true,
                Some(b'H' | b'E') => he = true,
                Some(b'+' | b'-') if b.get(1).is_some_and(u8::is_ascii_alphabetic) => sign_first = true,
                _ => {}
            }
            dot |= n.contains('.');
        }
    }
    if simplified && !traditional {
        o.chinese_script = ChineseScript::Simplified;
    }
    o.full_width = full;
    if nb && !he {
        o.wxf_letters = WxfLetters::KnightBishop;
    }
    if dot {
        o.wxf_traverse = WxfTraverse::Dot;
    }
    if sign_first {
        o.wxf_tandem = WxfTandem::SignFirst;
    }
    Some((style, o))
}

/// The notation of a record told by its first (trimmed, non-empty) move text.
fn style_of_first(first: &str) -> Style {
    let norm = normalize(first);
    let t = norm.trim();
    if !t.is_ascii() {
        Style::Chinese
    } else if Move::parse_iccs(&t.to_ascii_lowercase().replace('-', "")).is_some() {
        Style::Iccs
    } else if ranks::read(t).is_some() {
        Style::Ranks1To10
    } else if wxf_shape(t) || !san::fits(t) {
        Style::Wxf
    } else {
        Style::San
    }
}

/// [`detect_notation`] for move texts given as byte ranges `spans` of `source` (a span that is
/// not a `str` range of `source` reads as an empty text): the same answer, found without
/// looking at every move when the first move is ICCS and every span lies in ASCII text (such
/// texts use no character the options depend on).
///
/// ```
/// use xiangqi::notation::{detect_notation, detect_notation_in, Style};
/// let source = "1. h2e2 h9g7 2. h0g2";
/// let spans = [3..7, 8..12, 16..20];
/// let (style, options) = detect_notation_in(source, &spans).unwrap();
/// assert_eq!(style, Style::Iccs);
/// assert_eq!(Some((style, options)), detect_notation(["h2e2", "h9g7", "h0g2"]));
/// ```
pub fn detect_notation_in(source: &str, spans: &[std::ops::Range<usize>]) -> Option<(Style, WriteOptions)> {
    let texts = || spans.iter().map(|s| source.get(s.clone()).unwrap_or(""));
    let lo = spans.iter().map(|s| s.start).min()?;
    let hi = spans.iter().map(|s| s.end).max()?;
    if lo < hi && source.as_bytes().get(lo..hi).is_some_and(<[u8]>::is_ascii) {
        let first = texts().map(trim).find(|t| !t.is_empty())?;
        if style_of_first(first) == Style::Iccs {
            // No text holds a character outside ASCII: the loop of `detect_notation` sets
            // nothing for ICCS.
            return Some((Style::Iccs, WriteOptions::default()));
        }
    }
    detect_notation(texts())
}

/// The Chinese character of a piece in `script`: traditional 帥仕相傌俥炮兵 (Red) /
/// 將士象馬車砲卒 (Black); simplified 帅仕相马车炮兵 / 将士象马车炮卒.
pub fn piece_char(kind: crate::PieceKind, color: crate::Color, script: ChineseScript) -> char {
    chinese::piece_name(kind, color, script)
}

/// Read one move in any supported notation and check that it is legal in `pos`.
///
/// The style is detected per token: ICCS (`h2e2`, `h2-e2`, `H2-E2`), WXF (`C2=5`, `H++7`,
/// `+H+7`, `3+.4`, letters `KABENHRCP` in either case), Chinese (`炮二平五`, `馬8進7`,
/// `前炮平四`, traditional or simplified). Full-width characters are read as their ASCII forms.
/// Files are counted from the mover's right; Chinese numerals and digits are accepted for
/// either side.
///
/// # Errors
/// [`NotationError`] naming the move text: not a move ([`NotationError::Syntax`]), an ICCS
/// move the position does not allow ([`NotationError::Illegal`]), a WXF/Chinese move that fits
/// no legal move ([`NotationError::NoLegalMove`]) or several ([`NotationError::Ambiguous`]).
/// Never panics, whatever the text.
pub fn parse_move(pos: &Position, text: &str) -> Result<ParsedMove, NotationError> {
    // Four bytes that read as ICCS (`h2e2`) are exactly the ICCS case below (letters and
    // digits only: nothing to trim or normalise): the common case of coordinate records.
    if text.len() == 4 {
        if let Some(mv) = Move::parse_iccs(text) {
            return iccs::check(pos, mv, text);
        }
    }
    // ASCII text is its own normal form: no copy (the common case, ICCS and WXF records).
    let norm;
    let t = if text.is_ascii() {
        text.trim()
    } else {
        norm = normalize(text);
        norm.trim()
    };
    if t.is_empty() || t.chars().count() > 16 {
        return Err(NotationError::Syntax(text.to_string()));
    }
    if !t.is_ascii() {
        chinese::parse(pos, t, text)
    } else if Move::parse_iccs(t).is_some() {
        iccs::parse(pos, t, text)
    } else if !wxf_shape(t) && san::fits(t) {
        san::parse(pos, t, text)
    } else if ranks::has_rank_ten(t) {
        ranks::parse(pos, t, text)
    } else {
        wxf::parse(pos, t, text)
    }
}

/// Whether `t` (ASCII) has the WXF shape `<piece or sign><file or sign><op><n>` (`C2=5`,
/// `+C=5`, `C25`), which no SAN move has: the op and the last character are not a square.
fn wxf_shape(t: &str) -> bool {
    match t.as_bytes() {
        [_, _, op, n] => b"+-=.".contains(op) && n.is_ascii_digit(),
        [a, b, n] => {
            PieceKind::from_letter(char::from(*a)).is_some() && b.is_ascii_digit() && n.is_ascii_digit()
        }
        _ => false,
    }
}

/// Read one move as [`parse_move`] does, preferring the notation `reading` names where the
/// token also fits another (see [`Reading`]).
///
/// # Errors
/// As [`parse_move`]; a coordinate move with ranks 1–10 that the position does not allow is
/// [`NotationError::Illegal`], its reason naming the ICCS points.
pub fn parse_move_as(pos: &Position, text: &str, reading: Reading) -> Result<ParsedMove, NotationError> {
    let t = trim(text);
    match reading {
        Reading::Any => parse_move(pos, text),
        Reading::San if t.is_ascii() && san::fits(t) && !wxf_shape(t) => san::parse(pos, t, text),
        Reading::Ranks1To10 if t.is_ascii() && ranks::read(t).is_some() => ranks::parse(pos, t, text),
        _ => parse_move(pos, text),
    }
}

/// Whether `text` is a coordinate move only ranks 1–10 can write (it names rank 10: `i10h8`).
pub fn names_rank_ten(text: &str) -> bool {
    let t = trim(text);
    t.is_ascii() && ranks::has_rank_ten(t)
}

/// Whether `text` is a coordinate move that reads both as ICCS and with ranks 1–10 (`h3e3`):
/// four coordinates with no rank 0.
pub fn reads_both_ways(text: &str) -> bool {
    let t = trim(text);
    t.is_ascii() && Move::parse_iccs(t).is_some() && ranks::read(t).is_some()
}

/// Whether `text` has the shape of a SAN move (`Che2`, `C2e2`, `c4`) and not of a WXF one.
pub fn fits_san(text: &str) -> bool {
    let t = trim(text);
    t.is_ascii() && !wxf_shape(t) && san::fits(t)
}

/// Whether `text` is a move that only SAN writes (`c4`, `Che2`, `R9xd7`): SAN's shape, and
/// neither ICCS, ranks 1–10 nor WXF.
pub fn only_san(text: &str) -> bool {
    let t = trim(text);
    t.is_ascii() && Move::parse_iccs(t).is_none() && ranks::read(t).is_none() && !wxf_shape(t) && san::fits(t)
}

/// Write `mv` (legal in `pos`) in `style`, in the standard form: ICCS `h2e2`; WXF `C2=5`,
/// `H++7`; Chinese traditional `炮二平五`, `馬8進7`, `前炮平四`. A move from an empty point is
/// written in ICCS whatever the style.
pub fn write_move(pos: &Position, mv: Move, style: Style) -> String {
    write_move_with(pos, mv, style, &WriteOptions::default())
}

/// Write `mv` (legal in `pos`) in `style` with `options` (see [`WriteOptions`]).
pub fn write_move_with(pos: &Position, mv: Move, style: Style, options: &WriteOptions) -> String {
    let written = match style {
        Style::Iccs => None,
        Style::Wxf => wxf::write(pos, mv, options),
        Style::Chinese => chinese::write(pos, mv, options),
        Style::San => san::write(pos, mv, options),
        Style::Ranks1To10 => Some(ranks::write(mv)),
    };
    written.unwrap_or_else(|| mv.to_string())
}

/// `text.trim()`, at once for the common text that starts and ends with a visible ASCII
/// character (nothing to trim).
fn trim(text: &str) -> &str {
    match text.as_bytes() {
        [first, .., last] if first.is_ascii_graphic() && last.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

/// Full-width ASCII forms (`Ｃ２＝５`) and the minus sign `−` to ASCII, the ideographic space to a
/// space.
fn normalize(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            '\u{2212}' => '-',
            _ => c,
        })
        .collect()
}

/// The full-width form of an ASCII character (`5` → `５`).
fn full_width(c: char) -> char {
    match c {
        '!'..='~' => char::from_u32(c as u32 + 0xFEE0).unwrap_or(c),
        _ => c,
    }
}
