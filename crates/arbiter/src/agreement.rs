//! Whether a record's result is the one the rules give (`result_agrees` of a judged game).
//!
//! - `true`: the rules give the recorded result (decided, or pending with that result, or a
//!   claimable draw against a recorded draw);
//! - `false`: they give another: a decided or pending result other than the record's; a draw
//!   that is only pending or claimable against a decisive result the record gives for a
//!   repetition or a time forfeit; no repetition at all where the record ends the game for one;
//! - `None` (JSON `null`): the record cannot be compared yet: no result recorded (`*`), or the
//!   rules give none where the record ends the game for another reason (a resignation, an
//!   agreed draw, a flag fall the rules do not judge).

use crate::types::Outcome;

/// What the rules say at the end of a record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RulesSay {
    /// The rules end the game with this result.
    Decided(Outcome),
    /// A repetition reached the rule book's count: this result unless the side that must vary
    /// does (xiangqi `pending`).
    Pending(Outcome),
    /// A draw may be claimed.
    ClaimableDraw {
        /// By a repetition of the position (not a move-count limit).
        repetition: bool,
    },
    /// Nothing decided, pending or claimable.
    Nothing,
}

/// Why the record says its game ended, from its `Termination` tag.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A repetition: `perpetual check`, `perpetual chase`, `repetition` (as match managers
    /// write it).
    Repetition,
    /// `time forfeit` (the PGN standard's value) or a lost flag.
    TimeForfeit,
    /// A move-count draw: `50-move rule`, `fifty moves` (as match managers and GUIs write it).
    MoveCount,
    /// Anything else, or no tag.
    Other,
}

/// The [`Ending`] a `Termination` tag value names (ASCII case-insensitive).
pub fn ending(termination: Option<&str>) -> Ending {
    let Some(t) = termination.map(str::to_ascii_lowercase) else {
        return Ending::Other;
    };
    if t.contains("perpetual") || t.contains("repetition") || t.contains("chase") {
        Ending::Repetition
    } else if t.contains("time") || t.contains("flag") {
        Ending::TimeForfeit
    } else if t.contains("50") || t.contains("fifty") {
        Ending::MoveCount
    } else {
        Ending::Other
    }
}

/// `result_agrees` for a record whose result is `recorded`, ended for `why`, where the rules
/// say `rules` (see the module).
pub fn result_agrees(recorded: Outcome, why: Ending, rules: RulesSay) -> Option<bool> {
    let decisive = recorded.is_decisive();
    if recorded == Outcome::Unknown {
        return None;
    }
    let for_repetition_or_time = matches!(why, Ending::Repetition | Ending::TimeForfeit);
    match rules {
        RulesSay::Decided(r) | RulesSay::Pending(r) => Some(recorded == r),
        RulesSay::ClaimableDraw { .. } if !decisive => Some(true),
        RulesSay::ClaimableDraw { repetition } if repetition || for_repetition_or_time => Some(false),
        RulesSay::Nothing if decisive && why == Ending::Repetition => Some(false),
        RulesSay::ClaimableDraw { .. } | RulesSay::Nothing => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case() {
        use Ending::*;
        use RulesSay::*;
        const W: Outcome = Outcome::FirstWins;
        const B: Outcome = Outcome::BlackWins;
        const D: Outcome = Outcome::Draw;
        const U: Outcome = Outcome::Unknown;
        assert_eq!(result_agrees(U, Other, Decided(W)), None);
        assert_eq!(result_agrees(W, Other, Decided(W)), Some(true));
        assert_eq!(result_agrees(B, Other, Decided(W)), Some(false));
        assert_eq!(result_agrees(B, Repetition, Pending(D)), Some(false));
        assert_eq!(result_agrees(B, Repetition, Pending(B)), Some(true));
        assert_eq!(result_agrees(D, Other, Pending(B)), Some(false));
        assert_eq!(
            result_agrees(W, Repetition, ClaimableDraw { repetition: false }),
            Some(false)
        );
        assert_eq!(
            result_agrees(W, TimeForfeit, ClaimableDraw { repetition: false }),
            Some(false)
        );
        assert_eq!(
            result_agrees(W, Other, ClaimableDraw { repetition: true }),
            Some(false)
        );
        assert_eq!(result_agrees(W, Other, ClaimableDraw { repetition: false }), None);
        assert_eq!(
            result_agrees(D, Other, ClaimableDraw { repetition: false }),
            Some(true)
        );
        assert_eq!(result_agrees(B, Repetition, Nothing), Some(false));
        assert_eq!(result_agrees(B, Other, Nothing), None);
        assert_eq!(result_agrees(D, Other, Nothing), None);
        assert_eq!(ending(Some("perpetual chase")), Repetition);
        assert_eq!(ending(Some("time forfeit")), TimeForfeit);
        assert_eq!(ending(Some("normal")), Other);
        assert_eq!(ending(Some("50-move rule")), MoveCount);
        assert_eq!(result_agrees(D, MoveCount, Nothing), None);
        assert_eq!(ending(None), Other);
    }
}
