//! Every word a report speaks, in one layer apart from the rules: the rule modules return typed
//! values with their evidence, and these modules turn them into sentences.
//!
//! One module per report: [`xiangqi_judge`] and [`chess_judge`] (a judged game), [`cycle`]
//! (a xiangqi repetition cycle), [`classify`] (one xiangqi move), [`claim`] (a draw claim),
//! [`dead`] (a chess dead position), [`perft`], [`glossary`] (the summaries of the clauses a
//! report cites), [`errors`] (what could not be judged), [`flag`] (a flag fall in the live
//! referee).

pub mod board;
pub mod chess_judge;
pub mod claim;
pub mod classify;
pub mod cycle;
pub mod dead;
pub mod errors;
pub mod flag;
pub mod game;
pub mod glossary;
pub mod perft;
pub mod reading;
pub mod rescore;
pub mod xiangqi_judge;
pub mod zh;

use crate::types::{Lang, ParseError, Side};
use xiangqi::notation::{Style, WriteOptions};
use xiangqi::Color;

/// How the English text reports name what a shell was given, where a shell has words of its
/// own for it: the CLI names its flags (`position (--fen/--moves)`) in the [`Voice`] it passes
/// to the reports, other shells (HTTP, Python) pass a bare [`Lang`], which keeps
/// [`InputWords::LIBRARY`] and describes the input. Chinese reports describe the input in
/// every shell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InputWords {
    /// The label of a game given as a start position and moves (the heading of its report
    /// and the place of its error).
    pub position: &'static str,
    /// The time control given with a claim, in "… play, as {time_control} says" (the penalty
    /// of an incorrect chess claim).
    pub time_control: &'static str,
    /// Ends the AXF procedure note (`pending after 3 cycles, one more cycle decides{cycles}).`):
    /// how the count of cycles is changed, or nothing.
    pub cycles: &'static str,
    /// The name of an input given whole as bytes or text with no file name (file `-`), in
    /// English, traditional and simplified Chinese.
    pub stdin: [&'static str; 3],
    /// Where all the clauses are listed, closing the "clauses cited" heading, in English,
    /// traditional and simplified Chinese.
    pub glossary: [&'static str; 3],
}

impl InputWords {
    /// The library's words: `position given`, `the time control given`, nothing on how to
    /// change the count of cycles, `input given`, and the rules glossary.
    pub const LIBRARY: InputWords = InputWords {
        position: "position given",
        time_control: "the time control given",
        cycles: "",
        stdin: ["input given", "所給輸入", "所给输入"],
        glossary: [
            "the rules glossary lists them all",
            "棋規條文表列出全部條文",
            "棋规条文表列出全部条文",
        ],
    };

    /// The one of a word's three spellings ([`InputWords::stdin`], [`InputWords::glossary`])
    /// for `lang`.
    pub fn pick(words: [&'static str; 3], lang: Lang) -> &'static str {
        match lang {
            Lang::En => words[0],
            Lang::ZhHant => words[1],
            Lang::ZhHans => words[2],
        }
    }
}

/// Whom a text report speaks to: its language, and the words of the shell that asked for it
/// for what was given ([`InputWords`]). A bare [`Lang`] is a voice with [`InputWords::LIBRARY`],
/// so every report method that takes `impl Into<Voice>` takes a [`Lang`] too.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    /// The language of the report.
    pub lang: Lang,
    /// How the report names what was given.
    pub words: &'static InputWords,
}

impl Voice {
    /// The same words in `lang`.
    pub fn in_lang(self, lang: Lang) -> Voice {
        Voice { lang, ..self }
    }
}

impl From<Lang> for Voice {
    fn from(lang: Lang) -> Voice {
        Voice {
            lang,
            words: &InputWords::LIBRARY,
        }
    }
}

/// How a text report writes xiangqi moves (chess moves are always SAN with `+`/`#`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Chinese notation in the script of a Chinese report; the record's own notation in an
    /// English one.
    #[default]
    Default,
    /// The record's own notation (Chinese for XQF).
    AsWritten,
    /// Chinese notation (炮二平五), in the report's script (traditional for English).
    Chinese,
    /// ICCS coordinates (h2e2).
    Iccs,
    /// WXF (C2=5).
    Wxf,
}

impl std::str::FromStr for Notation {
    type Err = ParseError;
    /// `chinese`, `iccs`, `wxf`, `as-written` (ASCII case ignored, `_` for `-`).
    fn from_str(s: &str) -> Result<Notation, ParseError> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "chinese" => Ok(Notation::Chinese),
            "iccs" => Ok(Notation::Iccs),
            "wxf" => Ok(Notation::Wxf),
            "as-written" => Ok(Notation::AsWritten),
            _ => Err(ParseError {
                what: "notation",
                word: s.to_string(),
                values: &["chinese", "iccs", "wxf", "as-written"],
                aliases: &[],
            }),
        }
    }
}

impl Notation {
    /// The style and writing options for a report in `lang` of moves recorded as `style` and
    /// `write`.
    pub fn style_for(self, lang: Lang, style: Style, write: WriteOptions) -> (Style, WriteOptions) {
        let chinese = WriteOptions {
            chinese_script: if lang == Lang::En {
                write.chinese_script
            } else {
                zh::script(lang)
            },
            full_width: lang.is_chinese() && write.full_width,
            ..WriteOptions::default()
        };
        match self {
            Notation::Default if lang == Lang::En => (style, write),
            Notation::Default | Notation::Chinese => (Style::Chinese, chinese),
            Notation::AsWritten => (style, write),
            Notation::Iccs => (Style::Iccs, write),
            Notation::Wxf => (
                Style::Wxf,
                if style == Style::Wxf {
                    write
                } else {
                    WriteOptions::default()
                },
            ),
        }
    }
}

/// The report `write` writes, then the summaries of the clauses its citations wrote (the
/// clause glossary, in our words).
pub(crate) fn with_summaries(write: impl FnOnce() -> String) -> String {
    in_lang(Lang::En, write, |_| unreachable!("an English report"))
}

/// A report in `voice`'s language, ending with the summaries of the clauses its citations
/// wrote: `english` writes the English report, `words` the report in a Chinese script.
pub(crate) fn in_lang(
    voice: impl Into<Voice>,
    english: impl FnOnce() -> String,
    words: impl FnOnce(Lang) -> String,
) -> String {
    let voice = voice.into();
    let mut cited = glossary::CitedClauses::default();
    let text = if voice.lang == Lang::En {
        cited.write(english)
    } else {
        cited.write(|| words(voice.lang))
    };
    text + &cited.summaries_in(voice)
}

/// The heading line of a judged game, both games alike: `"FILE, game N: Red vs Black (Event)"`
/// (繁體 `"FILE，第N局：紅方 對 黑方（賽事）"`): the names when the record gives both, the
/// event when it gives one.
pub(crate) fn heading_in(
    voice: Voice,
    file: &str,
    index: usize,
    from_position: bool,
    players: &crate::report::Players,
) -> String {
    let lang = voice.lang;
    let mut s = game_label_in(voice, file, index, from_position);
    let (colon, vs, open, close) = match lang {
        Lang::En => (": ", " vs ", " (", ")"),
        _ => ("：", zh::pick(lang, " 對 ", " 对 "), "（", "）"),
    };
    if let (Some(first), Some(second)) = (&players.first, &players.second) {
        for part in [colon, first, vs, second] {
            s.push_str(part);
        }
    }
    if let Some(event) = &players.event {
        for part in [open, event, close] {
            s.push_str(part);
        }
    }
    s
}

/// The line under a judged game's heading, both games alike: `"  58 plies, rules AXF\n"`
/// (`"  共58個半回合（［ ］內為半回合序號…），規則：亞洲棋規\n"`). `book` is the rule book's name
/// in `lang`; `game_zh` names the game first in Chinese where the book's name does not (西洋棋).
pub(crate) fn plies_line(lang: Lang, n: usize, book: &str, game_zh: &str) -> String {
    if lang == Lang::En {
        return format!("  {}, rules {book}\n", plies(n));
    }
    format!(
        "  {game_zh}{}{}{}{book}\n",
        zh::pick(lang, "共", "共"),
        zh::plies(lang, n),
        zh::pick(
            lang,
            "（［ ］內為半回合序號，一方走一步為一個半回合），規則：",
            "（［ ］内为半回合序号，一方走一步为一个半回合），规则："
        ),
    )
}

/// [`game_label`] in `voice`'s language.
pub(crate) fn game_label_in(voice: Voice, file: &str, index: usize, from_position: bool) -> String {
    let lang = voice.lang;
    if lang == Lang::En {
        return game_label(file, index, from_position, voice.words);
    }
    let n = index + 1;
    if from_position {
        zh::pick(lang, "所給局面", "所给局面").to_string()
    } else if file == "-" {
        format!("{}，第{n}局", InputWords::pick(voice.words.stdin, lang))
    } else {
        format!("{file}，第{n}局")
    }
}

/// [`read_notes_text`] in `lang`.
pub(crate) fn read_notes_in(lang: Lang, s: &mut String, truncated: bool, warnings: &[String]) {
    if lang == Lang::En {
        return read_notes_text(s, truncated, warnings);
    }
    if truncated {
        s.push_str(zh::pick(
            lang,
            "  警告：記錄可能不完整（在回合數之後中斷，或格式應有結果標記卻沒有）；不比較記錄的結果。\n",
            "  警告：记录可能不完整（在回合数之后中断，或格式应有结果标记却没有）；不比较记录的结果。\n",
        ));
    }
    for w in warnings {
        s.push_str(&format!("  {}{w}\n", zh::pick(lang, "讀取警告：", "读取警告：")));
    }
}

/// How a text report names a game: `"FILE, game N"` with N counted from 1 (JSON `index` is
/// 0-based); a game given as a start position and moves is `words`' [`InputWords::position`].
pub(crate) fn game_label(file: &str, index: usize, from_position: bool, words: &InputWords) -> String {
    if from_position {
        words.position.to_string()
    } else if file == "-" {
        format!("{}, game {}", words.stdin[0], index + 1)
    } else {
        format!("{file}, game {}", index + 1)
    }
}

/// The lines a text report adds for a record that may be truncated and for reader warnings.
pub(crate) fn read_notes_text(s: &mut String, truncated: bool, warnings: &[String]) {
    if truncated {
        s.push_str(
            "  Warning: the record may be truncated (it stops after a move number, or has no result \
             token at its end although its format carries one); its recorded result is not compared.\n",
        );
    }
    for w in warnings {
        s.push_str(&format!("  Warning: {w}\n"));
    }
}

/// A citation in round brackets for an English report, never a bracket inside a bracket: a
/// qualifier the citation carries in brackets follows a comma instead
/// (`"AXF natural move limit (60 moves)"` → `"(AXF natural move limit, 60 moves)"`,
/// `"TW113 ch.2 table (AXF detailed rule 25 reading)"` → `"(TW113 ch.2 table, AXF detailed
/// rule 25 reading)"`).
pub(crate) fn bracketed(clause: &str) -> String {
    let mut s = String::with_capacity(clause.len() + 2);
    s.push('(');
    for c in clause.chars() {
        match c {
            '(' => {
                if s.ends_with(' ') {
                    s.pop();
                }
                s.push_str(", ");
            }
            ')' => {}
            c => s.push(c),
        }
    }
    s.push(')');
    s
}

pub(crate) fn capitalise_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

pub(crate) fn capitalised(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// `"Red"`, `"White"` or `"Black"`: a side as a text report names it.
pub fn side_title(side: impl Into<Side>) -> &'static str {
    match side.into() {
        Side::Red => "Red",
        Side::White => "White",
        Side::Black => "Black",
    }
}

pub use crate::words::{counted, plies};

/// `text` with the control characters a record or a file name may carry (escape sequences,
/// carriage returns, bidirectional overrides) written as `\u{..}`, so that words shown to a
/// reader cannot move the cursor, recolour or rewrite a terminal. Line feeds and tabs stay.
/// The CLI writes every line through it, and every report's `text_json` passes its strings
/// through it.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    fn unsafe_char(c: char) -> bool {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    }
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A `text` object (an answer's words: report, verdict, clause, moves, sides) with every
/// string [`escape_controls`]-ed, as the CLI prints them.
pub(crate) fn escaped(mut v: serde_json::Value) -> serde_json::Value {
    fn walk(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::String(s) => {
                if let std::borrow::Cow::Owned(e) = escape_controls(s) {
                    *s = e;
                }
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(walk),
            serde_json::Value::Object(o) => o.values_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut v);
    v
}
