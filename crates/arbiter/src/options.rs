//! Options as a shell receives them (an HTTP query or body, Python keyword arguments, a line
//! of the referee protocol), read and checked in one place: words as [`crate::types`] reads
//! them (ASCII case ignored, `-` as `_`); an empty word is "not given"; a word that names
//! nothing is an [`Error::Usage`] naming the word and the values expected.
//!
//! ```
//! let s: arbiter::options::JudgeSettings = serde_json::from_str(r#"{"rules":"TW113","cycles":2}"#).unwrap();
//! let options = s.resolve().unwrap();
//! assert_eq!((options.rules, options.cycles), (Some(arbiter::RuleBook::Tw113), 2));
//! let bad = arbiter::options::JudgeSettings { rules: Some("fid".into()), ..Default::default() };
//! assert_eq!(bad.resolve().unwrap_err().to_string(), "unknown rule book \"fid\": expected axf, tw113 or fide");
//! ```

use crate::chess::{DeadCheck, TimeControl};
use crate::front::Options;
use crate::report::{Error, Usage};
use crate::types::{parse_word, ClaimKind, Game, ParseError, RuleBook};
use serde::Deserialize;

/// The options of judging (`judge`, a position, a live game) as given: each `None` is the
/// default ([`Options::default`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JudgeSettings {
    /// `xiangqi` or `chess`: judge every game as this game instead of detecting it.
    pub game: Option<String>,
    /// `axf`, `tw113` (xiangqi) or `fide` (chess).
    pub rules: Option<String>,
    /// Completed repetition loops that make a xiangqi repetition pending (1 or more; 3).
    pub cycles: Option<u32>,
    /// List exempted threats with the clause that exempts them.
    pub explain: bool,
    /// `proved` (default; `screen`, `exact`: older names for it) or `off`: whether chess dead
    /// positions (FIDE 5.2.2) are looked for.
    pub dead_check: Option<String>,
    /// The engine-match convention ([`Options::engine_match`]; JSON `match`).
    #[serde(rename = "match")]
    pub engine_match: bool,
}

impl JudgeSettings {
    /// The library's options.
    ///
    /// # Errors
    /// [`Error::Usage`] for a word that names nothing, `cycles` 0, or `cycles` given with
    /// `match` (the convention sets its own).
    pub fn resolve(&self) -> Result<Options, Error> {
        let cycles = cycles(self.cycles, self.engine_match)?;
        Ok(Options {
            game: game(self.game.as_deref())?,
            rules: rules(self.rules.as_deref())?,
            cycles,
            explain: self.explain,
            dead_check: dead_check(self.dead_check.as_deref())?.unwrap_or_default(),
            engine_match: self.engine_match,
            ..Options::default()
        })
    }
}

/// The completed repetition loops that make a xiangqi repetition pending: `cycles` as given
/// (`None`: 3), checked against the engine-match convention, which sets its own.
///
/// # Errors
/// [`Usage::NoCycles`] for 0; [`Usage::CyclesWithMatch`] for a count given with `engine_match`.
pub fn cycles(cycles: Option<u32>, engine_match: bool) -> Result<u32, Error> {
    match cycles {
        Some(0) => Err(Error::Usage(Usage::NoCycles)),
        Some(_) if engine_match => Err(Error::Usage(Usage::CyclesWithMatch)),
        c => Ok(c.unwrap_or(3)),
    }
}

/// A word given, or `None` for none or an empty one.
fn given(word: Option<&str>) -> Option<&str> {
    word.filter(|w| !w.is_empty())
}

fn usage(e: ParseError) -> Error {
    Error::Usage(Usage::Word(e))
}

/// `xiangqi` or `chess` ([`Game`]'s words).
///
/// # Errors
/// Any other word.
pub fn game(word: Option<&str>) -> Result<Option<Game>, Error> {
    given(word).map(str::parse).transpose().map_err(usage)
}

/// `axf`, `tw113` or `fide` ([`RuleBook`]'s words).
///
/// # Errors
/// Any other word.
pub fn rules(word: Option<&str>) -> Result<Option<RuleBook>, Error> {
    given(word).map(str::parse).transpose().map_err(usage)
}

/// `threefold`, `fifty_moves` or `natural_move_limit` ([`ClaimKind`]'s words; `-` reads as `_`).
///
/// # Errors
/// Any other word.
pub fn claim_kind(word: &str) -> Result<ClaimKind, Error> {
    word.parse().map_err(usage)
}

/// `proved` (`screen` and `exact`: older names for it) or `off`.
///
/// # Errors
/// Any other word.
pub fn dead_check(word: Option<&str>) -> Result<Option<DeadCheck>, Error> {
    let words = [
        (DeadCheck::Proved, "proved"),
        (DeadCheck::Proved, "screen"),
        (DeadCheck::Proved, "exact"),
        (DeadCheck::Off, "off"),
    ];
    given(word)
        .map(|w| parse_word(w, &words, "dead check", &["proved", "off"]))
        .transpose()
        .map_err(usage)
}

/// `standard`, `rapid` or `blitz` (FIDE 9.5.3's penalty depends on it).
///
/// # Errors
/// Any other word.
pub fn time_control(word: Option<&str>) -> Result<Option<TimeControl>, Error> {
    let words = [
        (TimeControl::Standard, "standard"),
        (TimeControl::Rapid, "rapid"),
        (TimeControl::Blitz, "blitz"),
    ];
    given(word)
        .map(|w| parse_word(w, &words, "time control", &["standard", "rapid", "blitz"]))
        .transpose()
        .map_err(usage)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_in_any_case_with_dash_or_underscore() {
        assert_eq!(rules(Some("TW113")), Ok(Some(RuleBook::Tw113)));
        assert_eq!(rules(Some("")), Ok(None));
        assert_eq!(game(Some("Chess")), Ok(Some(Game::Chess)));
        assert_eq!(claim_kind("fifty_moves"), Ok(ClaimKind::FiftyMoves));
        assert_eq!(claim_kind("Natural-Move-Limit"), Ok(ClaimKind::NaturalMoveLimit));
        assert_eq!(time_control(Some("BLITZ")), Ok(Some(TimeControl::Blitz)));
        assert_eq!(dead_check(None), Ok(None));
        assert_eq!(
            dead_check(Some("full")).unwrap_err().to_string(),
            "unknown dead check \"full\": expected proved or off"
        );
        assert_eq!(
            game(Some("go")).unwrap_err().to_string(),
            "unknown game \"go\": expected xiangqi or chess"
        );
    }

    #[test]
    fn settings_deserialise_and_resolve() {
        let s: JudgeSettings = serde_json::from_str(
            r#"{"game":"xiangqi","rules":"axf","cycles":4,"explain":true,"dead_check":"exact","match":false}"#,
        )
        .unwrap();
        let o = s.resolve().unwrap();
        assert!(!o.engine_match);
        let m: JudgeSettings = serde_json::from_str(r#"{"match":true}"#).unwrap();
        assert!(m.resolve().unwrap().engine_match);
        assert_eq!(
            (o.game, o.rules, o.cycles, o.explain, o.dead_check),
            (
                Some(Game::Xiangqi),
                Some(RuleBook::Axf),
                4,
                true,
                DeadCheck::Proved
            )
        );
        let d = JudgeSettings::default().resolve().unwrap();
        assert_eq!(
            (d.game, d.rules, d.cycles, d.dead_check),
            (None, None, 3, DeadCheck::Proved)
        );
        assert!(serde_json::from_str::<JudgeSettings>(r#"{"rule":"axf"}"#).is_err());
        let zero = JudgeSettings {
            cycles: Some(0),
            ..Default::default()
        };
        assert!(matches!(zero.resolve(), Err(Error::Usage(_))));
        let both = JudgeSettings {
            cycles: Some(5),
            engine_match: true,
            ..Default::default()
        };
        assert_eq!(both.resolve(), Err(Error::Usage(Usage::CyclesWithMatch)));
    }
}
