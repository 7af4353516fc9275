//! The domain values every report, option and shell shares, each parsed ([`FromStr`]),
//! spelled ([`Display`](fmt::Display)) and (de)serialised here and nowhere else: [`Game`],
//! [`RuleBook`], [`Side`], [`Outcome`], [`ClaimKind`], [`Status`].
//!
//! Spelling: `Display` and serde write the JSON contract's words (lowercase; `snake_case` for
//! claim kinds and statuses). Parsing is forgiving in one documented way for all of them:
//! ASCII case is ignored and `-` reads as `_` (`"TW113"`, `"fifty-moves"`, `"Natural_Move_Limit"`
//! all read). A word that names no value is a [`ParseError`] naming the word and the values
//! expected.
//!
//! ```
//! use arbiter::{ClaimKind, Game, Outcome, RuleBook, Side, Status};
//! assert_eq!("TW113".parse::<RuleBook>(), Ok(RuleBook::Tw113));
//! assert_eq!(RuleBook::Tw113.to_string(), "tw113");
//! assert_eq!("fifty-moves".parse::<ClaimKind>(), Ok(ClaimKind::FiftyMoves));
//! assert_eq!(ClaimKind::FiftyMoves.to_string(), "fifty_moves");
//! assert_eq!("1/2-1/2".parse::<Outcome>(), Ok(Outcome::Draw));
//! assert_eq!(Outcome::loss_for(Side::Red).to_string(), "0-1");
//! assert_eq!(serde_json::to_string(&Side::White).unwrap(), "\"white\"");
//! assert_eq!("chess".parse::<Game>(), Ok(Game::Chess));
//! assert_eq!(Status::Claimable.to_string(), "claimable");
//! let e = "fidé".parse::<RuleBook>().unwrap_err();
//! assert_eq!(e.to_string(), "unknown rule book \"fidé\": expected axf, tw113 or fide");
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A word that names none of a type's values: what was read and what was expected.
///
/// English: `unknown rule book "x": expected axf, tw113 or fide`, other spellings that read
/// in brackets (`(or zh-TW, zh)`); its Chinese words are
/// [`crate::render::errors::values_list`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {word:?}: expected {}", self.expected())]
pub struct ParseError {
    /// What was being read (`"rule book"`, `"game"`, …).
    pub what: &'static str,
    /// The text as given.
    pub word: String,
    /// The values' words, in order (`["axf", "tw113", "fide"]`).
    pub values: &'static [&'static str],
    /// Other spellings that read too (`["zh-TW", "zh"]` for a language), listed after them.
    pub aliases: &'static [&'static str],
}

impl ParseError {
    /// The values that read, in English words: `axf, tw113 or fide`, then `(or ALIAS, …)`.
    pub fn expected(&self) -> String {
        let mut s = match self.values.split_last() {
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        if !self.aliases.is_empty() {
            s.push_str(&format!(" (or {})", self.aliases.join(", ")));
        }
        s
    }
}

/// Reads `s` as one of `T`'s values by their JSON words, ignoring ASCII case and reading `-`
/// as `_`.
pub(crate) fn parse_word<T: Copy>(
    s: &str,
    values: &[(T, &str)],
    what: &'static str,
    expected: &'static [&'static str],
) -> Result<T, ParseError> {
    let found = values.iter().find(|(_, word)| {
        word.len() == s.len()
            && word
                .bytes()
                .zip(s.bytes())
                .all(|(w, c)| w == c.to_ascii_lowercase() || (w == b'_' && c == b'-'))
    });
    found.map(|(v, _)| *v).ok_or_else(|| ParseError {
        what,
        word: s.to_string(),
        values: expected,
        aliases: &[],
    })
}

/// `Display`, `FromStr`, `Serialize` and `Deserialize` of a unit-only enum from its table of
/// words (the JSON contract's words).
macro_rules! spelled {
    ($t:ident, $what:literal, [$($v:ident => $w:literal),+ $(,)?]) => {
        impl $t {
            /// Every value with its word, in order.
            pub const WORDS: &'static [($t, &'static str)] = &[$(($t::$v, $w)),+];

            /// Every value's word, in order.
            const NAMES: &'static [&'static str] = &[$($w),+];

            /// The value's word, as in JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $($t::$v => $w),+
                }
            }
        }

        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        /// Equal to its word (`Outcome::Draw == "1/2-1/2"`): for tests and callers holding
        /// JSON text.
        impl PartialEq<&str> for $t {
            fn eq(&self, word: &&str) -> bool {
                self.name() == *word
            }
        }

        impl FromStr for $t {
            type Err = ParseError;
            fn from_str(s: &str) -> Result<$t, ParseError> {
                parse_word(s, <$t>::WORDS, $what, <$t>::NAMES)
            }
        }

        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

/// The two games Arbiter referees.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// Chinese chess: AXF or TW113 rules.
    Xiangqi,
    /// Chess: the FIDE Laws.
    Chess,
}

spelled!(Game, "game", [Xiangqi => "xiangqi", Chess => "chess"]);

/// A rule book: `axf` (Asian Xiangqi Federation), `tw113` (Taiwan, 2024 revision) for xiangqi;
/// `fide` (FIDE Laws of Chess, 2023) for chess.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleBook {
    /// The Asian Xiangqi Federation competition rules, chapter on repetition (棋例).
    Axf,
    /// The Taiwan (ROC) 2024 (民國113年) revised xiangqi rules.
    Tw113,
    /// The FIDE Laws of Chess (edition in force from 1 January 2023).
    Fide,
}

spelled!(RuleBook, "rule book", [
    Axf => "axf",
    Tw113 => "tw113",
    Fide => "fide",
]);

impl RuleBook {
    /// The game this rule book belongs to.
    pub fn game(self) -> Game {
        match self {
            RuleBook::Axf | RuleBook::Tw113 => Game::Xiangqi,
            RuleBook::Fide => Game::Chess,
        }
    }

    /// The prefix of a citation from this book: `"AXF"`, `"TW113"`, `"FIDE"`.
    pub fn prefix(self) -> &'static str {
        match self {
            RuleBook::Axf => "AXF",
            RuleBook::Tw113 => "TW113",
            RuleBook::Fide => "FIDE",
        }
    }
}

/// A side: the first to move (red in xiangqi, white in chess) or black.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Xiangqi's first side.
    Red,
    /// Chess's first side.
    White,
    /// The second side of both games.
    Black,
}

spelled!(Side, "side", [Red => "red", White => "white", Black => "black"]);

impl Side {
    /// Whether this is the side that moves first (red, white).
    pub fn is_first(self) -> bool {
        self != Side::Black
    }
}

impl From<xiangqi::Color> for Side {
    fn from(c: xiangqi::Color) -> Side {
        match c {
            xiangqi::Color::Red => Side::Red,
            xiangqi::Color::Black => Side::Black,
        }
    }
}

impl From<shakmaty::Color> for Side {
    fn from(c: shakmaty::Color) -> Side {
        match c {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        }
    }
}

/// A game's result as PGN writes it: `1-0` (the first side, red or white, wins), `0-1` (black
/// wins), `1/2-1/2` (draw), `*` (not decided, or unknown).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`: red (xiangqi) or white (chess) wins.
    FirstWins,
    /// `0-1`: black wins.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: no result (the game goes on, or is not decided).
    Unknown,
}

spelled!(Outcome, "result", [
    FirstWins => "1-0",
    BlackWins => "0-1",
    Draw => "1/2-1/2",
    Unknown => "*",
]);

impl Outcome {
    /// The result when `winner` wins.
    pub fn win_for(winner: impl Into<Side>) -> Outcome {
        if winner.into().is_first() {
            Outcome::FirstWins
        } else {
            Outcome::BlackWins
        }
    }

    /// The result when `loser` loses.
    pub fn loss_for(loser: impl Into<Side>) -> Outcome {
        if loser.into().is_first() {
            Outcome::BlackWins
        } else {
            Outcome::FirstWins
        }
    }

    /// Whether one side wins.
    pub fn is_decisive(self) -> bool {
        matches!(self, Outcome::FirstWins | Outcome::BlackWins)
    }
}

/// The kind of a draw claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// Chess, FIDE 9.2: the same position for at least the third time (now, or after the
    /// intended move).
    Threefold,
    /// Chess, FIDE 9.3: the last 50 moves of each side (100 plies) without a pawn move or
    /// capture.
    FiftyMoves,
    /// Xiangqi: the natural move limit (AXF 60 moves each = 120 plies; TW113 50 moves = 100
    /// plies, or the alternative 40 moves).
    NaturalMoveLimit,
}

spelled!(ClaimKind, "claim kind", [
    Threefold => "threefold",
    FiftyMoves => "fifty_moves",
    NaturalMoveLimit => "natural_move_limit",
]);

impl ClaimKind {
    /// The game whose rules know this claim.
    pub fn game(self) -> Game {
        match self {
            ClaimKind::Threefold | ClaimKind::FiftyMoves => Game::Chess,
            ClaimKind::NaturalMoveLimit => Game::Xiangqi,
        }
    }
}

/// Where a game stands as the rules see it (JSON `status`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Nothing decided, and the side to move may not claim a draw.
    Ongoing,
    /// A draw may be claimed now by the side to move.
    Claimable,
    /// Xiangqi: a repetition reached the rule book's count; the arbiter must act (`must_vary`
    /// says who). Never given for chess.
    Pending,
    /// The rules end the game.
    Decided,
}

spelled!(Status, "status", [
    Ongoing => "ongoing",
    Claimable => "claimable",
    Pending => "pending",
    Decided => "decided",
]);

/// The language of the words a report is written in (the machine fields never change with it).
///
/// Read from a language tag, case-insensitively: `en`; `zh-Hant` and the regions that write
/// traditional characters (`zh-TW`, `zh-HK`, `zh-MO`); `zh-Hans`, `zh` and the regions that
/// write simplified ones (`zh-CN`, `zh-SG`). `_` reads as `-`. Written as `en`, `zh-Hant`,
/// `zh-Hans` (also in JSON).
///
/// ```
/// use arbiter::Lang;
/// assert_eq!("zh-TW".parse::<Lang>(), Ok(Lang::ZhHant));
/// assert_eq!("ZH-hans".parse::<Lang>(), Ok(Lang::ZhHans));
/// assert_eq!(Lang::ZhHant.to_string(), "zh-Hant");
/// assert_eq!(Lang::from_accept_language("fr;q=0.9, zh-CN;q=0.8, en;q=0.5"), Some(Lang::ZhHans));
/// assert_eq!(Lang::from_locale("zh_TW.UTF-8"), Some(Lang::ZhHant));
/// assert_eq!(Lang::from_locale("C.UTF-8"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Chinese in traditional characters (Taiwan, Hong Kong, Macau).
    ZhHant,
    /// Chinese in simplified characters, in the words mainland readers use.
    ZhHans,
}

impl Lang {
    /// Every language with its tag.
    pub const WORDS: &'static [(Lang, &'static str)] = &[
        (Lang::En, "en"),
        (Lang::ZhHant, "zh-Hant"),
        (Lang::ZhHans, "zh-Hans"),
    ];

    /// The language's tag: `en`, `zh-Hant`, `zh-Hans`.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHant => "zh-Hant",
            Lang::ZhHans => "zh-Hans",
        }
    }

    /// Whether the language is Chinese (either script).
    pub fn is_chinese(self) -> bool {
        self != Lang::En
    }

    /// The language of a tag (`en-GB`, `zh-TW`, `zh-Hant-HK`); `None` for a tag naming
    /// another language.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        let mut parts = tag.split('-');
        match parts.next()? {
            "en" => Some(Lang::En),
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                if rest.contains(&"hant") {
                    Some(Lang::ZhHant)
                } else if rest.contains(&"hans") {
                    Some(Lang::ZhHans)
                } else if rest.iter().any(|r| matches!(*r, "tw" | "hk" | "mo")) {
                    Some(Lang::ZhHant)
                } else {
                    Some(Lang::ZhHans)
                }
            }
            _ => None,
        }
    }

    /// The language an HTTP `Accept-Language` header prefers among ours: the tag of highest
    /// weight (`q`, default 1; the first written among equals) that names one of them; `None`
    /// when none does.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(f32, Lang)> = None;
        for item in header.split(',') {
            let mut fields = item.split(';');
            let Some(lang) = fields.next().and_then(Lang::from_tag) else {
                continue;
            };
            let q = fields
                .filter_map(|f| f.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q > 0.0 && best.is_none_or(|(b, _)| q > b) {
                best = Some((q, lang));
            }
        }
        best.map(|(_, lang)| lang)
    }

    /// The language of a POSIX locale value (`zh_TW.UTF-8`, `zh_CN`, `en_US.UTF-8`); `None`
    /// for `C`, `POSIX`, an empty value or another language.
    pub fn from_locale(value: &str) -> Option<Lang> {
        let tag = value.split(['.', '@']).next().unwrap_or("");
        Lang::from_tag(tag)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Lang {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Lang, ParseError> {
        Lang::from_tag(s).ok_or_else(|| ParseError {
            what: "language",
            word: s.to_string(),
            values: &["en", "zh-Hant", "zh-Hans"],
            aliases: &["zh-TW", "zh-HK", "zh-MO", "zh-CN", "zh-SG", "zh"],
        })
    }
}

impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back_and_case_and_dash_are_ignored() {
        for &(v, w) in RuleBook::WORDS {
            assert_eq!(w.parse::<RuleBook>(), Ok(v));
            assert_eq!(w.to_ascii_uppercase().parse::<RuleBook>(), Ok(v));
        }
        for &(v, w) in ClaimKind::WORDS {
            assert_eq!(w.replace('_', "-").parse::<ClaimKind>(), Ok(v));
            assert_eq!(serde_json::to_string(&v).unwrap(), format!("\"{w}\""));
            assert_eq!(serde_json::from_str::<ClaimKind>(&format!("\"{w}\"")).unwrap(), v);
        }
        for &(v, w) in Outcome::WORDS {
            assert_eq!(w.parse::<Outcome>(), Ok(v));
        }
        assert!("fifty moves".parse::<ClaimKind>().is_err());
        assert!("1-1".parse::<Outcome>().is_err());
        assert!("".parse::<Game>().is_err());
    }

    #[test]
    fn languages_read_from_tags_headers_and_locales() {
        for (tag, lang) in [
            ("en", Lang::En),
            ("EN-gb", Lang::En),
            ("zh-Hant", Lang::ZhHant),
            ("zh-hk", Lang::ZhHant),
            ("zh-MO", Lang::ZhHant),
            ("zh_TW", Lang::ZhHant),
            ("zh-Hans", Lang::ZhHans),
            ("zh-CN", Lang::ZhHans),
            ("zh-SG", Lang::ZhHans),
            ("zh", Lang::ZhHans),
        ] {
            assert_eq!(tag.parse::<Lang>(), Ok(lang), "{tag}");
        }
        assert!("fr".parse::<Lang>().is_err());
        assert!("english".parse::<Lang>().is_err());
        assert_eq!(
            Lang::from_accept_language("zh-TW,zh;q=0.9,en;q=0.8"),
            Some(Lang::ZhHant)
        );
        assert_eq!(Lang::from_accept_language("de-DE, en;q=0.1"), Some(Lang::En));
        assert_eq!(Lang::from_accept_language("de-DE, fr"), None);
        assert_eq!(Lang::from_accept_language("zh-CN;q=0, en"), Some(Lang::En));
        assert_eq!(Lang::from_locale("zh_HK.Big5"), Some(Lang::ZhHant));
        assert_eq!(Lang::from_locale("zh_SG.UTF-8"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_locale("POSIX"), None);
        assert_eq!(serde_json::to_string(&Lang::ZhHans).unwrap(), "\"zh-Hans\"");
    }

    #[test]
    fn results_follow_the_first_side() {
        assert_eq!(Outcome::loss_for(xiangqi::Color::Red), Outcome::BlackWins);
        assert_eq!(Outcome::loss_for(shakmaty::Color::Black).name(), "1-0");
        assert_eq!(Outcome::win_for(shakmaty::Color::White).name(), "1-0");
        assert!(!Outcome::Draw.is_decisive());
    }
}
