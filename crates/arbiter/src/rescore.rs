//! What re-scoring changes in a judged PGN game (`arbiter rescore`, docs/engine-matches.md):
//! a pure function from a judged game to its [`Finding`]. The render layer writes a
//! [`Change`] into the game's own text, every other byte kept.
//!
//! A game is **changed** when the rules end it ([`Status::Decided`]; under the engine-match
//! convention a pending xiangqi repetition is decided) with another result than the record's,
//! or earlier than the record (moves after the end). It is **disputed** when the rules give no
//! result to write but `result_agrees` is false (a repetition pending or a draw only claimable
//! against a recorded win), or when a chess record ends in a draw its `[Termination]` puts down
//! to a threefold repetition or the fifty-move rule that no claim could have made at its end:
//! an incorrect claim, after which the game goes on (FIDE 9.5.3; `reason`
//! `incorrect_claim`). A truncated record is left alone.
//!
//! The edits ([`rewrite`](crate::render::rescore::rewrite)): `[Result]` set to the rules'
//! result and `[Termination]` to the PGN standard's value ([`Termination`]; both added after the last tag when missing); a
//! comment after the deciding move naming the clause; a comment before the moves played after
//! the end; the main line's termination marker replaced by the reason as match managers
//! write it (`{perpetual chase}`) and the rules' result (appended when the record has none).

use crate::citation::{Citation, ClauseId, Clauses};
use crate::report::GameReport;
use crate::types::{Outcome, Side, Status};
use records::pgn;

/// The `[Termination]` value written for a changed game (the PGN standard's values).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The game ended on the board by the rules: mate, stalemate, no legal move, a drawn
    /// repetition, fivefold, 75 moves, a dead position, the natural move limit.
    Normal,
    /// A side lost for breaking a rule: a forbidden perpetual check or chase (it had to vary).
    RulesInfraction,
    /// A flag fell (FIDE 6.9: a draw when the opponent cannot mate).
    TimeForfeit,
    /// A match manager's own end, which the Laws leave to a claim: a chess threefold
    /// repetition or fifty-move condition under the engine-match convention.
    Adjudication,
}

impl Termination {
    /// The tag value: `normal`, `rules infraction`, `time forfeit`, `adjudication`.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::RulesInfraction => "rules infraction",
            Termination::TimeForfeit => "time forfeit",
            Termination::Adjudication => "adjudication",
        }
    }
}

/// What the rules change in a game's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The record's `[Result]` as written (`None` without the tag).
    pub recorded: Option<String>,
    /// The rules' result.
    pub result: Outcome,
    /// Why, as the judge report's JSON `reason` says it (`perpetual_chase`, `checkmate`, …).
    pub reason: String,
    /// The clause that decides (`AXF detailed rule 13`, `FIDE 6.9`, …).
    pub clause: Citation,
    /// The ply at which the rules end the game (moves played then).
    pub ply: usize,
    /// The side that had to vary (a forbidden repetition), if any.
    pub must_vary: Option<Side>,
    /// Moves recorded after the end (plies).
    pub moves_after_end: usize,
    /// The `[Termination]` value.
    pub termination: Termination,
}

/// A game the rules disagree with but give no result to write: the record's result, what the
/// rules say (status, result, reason, clause, ply, when they say it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dispute {
    /// The record's `[Result]` as written.
    pub recorded: Option<String>,
    /// `pending`, `claimable` or `ongoing`.
    pub status: Status,
    /// The result if the pending verdict stands (`*` otherwise).
    pub result: Outcome,
    /// JSON `reason`, when there is one.
    pub reason: Option<String>,
    /// The clause, when there is one.
    pub clause: Option<Citation>,
    /// The ply the rules name, when there is one.
    pub ply: Option<usize>,
}

/// What re-scoring does with one judged game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The record's result and end are the rules' (or the rules say nothing against them):
    /// the game is copied unchanged.
    Agrees,
    /// The rules end the game otherwise: write the [`Change`].
    Change(Change),
    /// The rules disagree with the record but end nothing: reported, copied unchanged.
    Disputed(Dispute),
}

/// The JSON name of a serialisable reason (`perpetual_chase`).
fn json_name<T: serde::Serialize>(reason: &T) -> String {
    match serde_json::to_value(reason) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// What re-scoring does with a judged game (see the module docs); `termination_tag` gives the
/// record's `[Termination]` tag, asked for only for a chess draw the rules leave going on. `None`
/// for an error report.
pub fn finding(report: &GameReport, termination_tag: impl FnOnce() -> Option<String>) -> Option<Finding> {
    use crate::chess::Reason as C;
    use crate::xiangqi::verdict::Reason as X;
    let (recorded, status, result, reason, clause, ply, must_vary, after, agrees, truncated, termination) =
        match report {
            GameReport::Error(_) => return None,
            GameReport::Xiangqi(r) => {
                let v = &r.verdict;
                let termination = match v.reason {
                    Some(X::PerpetualCheck | X::PerpetualChase) if v.result != Outcome::Draw => {
                        Termination::RulesInfraction
                    }
                    _ => Termination::Normal,
                };
                (
                    r.recorded_result.clone(),
                    v.status,
                    v.result,
                    v.reason.map(|x| json_name(&x)),
                    v.clause.clone(),
                    v.at_ply,
                    v.must_vary.map(Side::from),
                    r.moves_after_end,
                    r.result_agrees,
                    r.truncated,
                    termination,
                )
            }
            GameReport::Chess(c) => {
                let r = &c.report;
                let termination = match r.reason {
                    Some(C::FlagDeadPosition) => Termination::TimeForfeit,
                    Some(C::ThreefoldRepetition | C::FiftyMoves) => Termination::Adjudication,
                    _ => Termination::Normal,
                };
                (
                    r.recorded_result.clone(),
                    r.status,
                    r.result,
                    r.reason.map(|x| json_name(&x)),
                    r.clause.map(Citation::from),
                    r.at_ply,
                    None,
                    r.moves_after_end,
                    r.result_agrees,
                    c.truncated,
                    termination,
                )
            }
        };
    if truncated {
        return Some(Finding::Agrees);
    }
    let recorded_outcome = recorded
        .as_deref()
        .and_then(|t| pgn::normalize_result(t.trim()))
        .and_then(|t| t.parse::<Outcome>().ok())
        .unwrap_or(Outcome::Unknown);
    if status == Status::Decided {
        if let (Some(reason), Some(ply), Some(clause)) = (&reason, ply, &clause) {
            if recorded_outcome != result || after > 0 {
                return Some(Finding::Change(Change {
                    recorded,
                    result,
                    reason: reason.clone(),
                    clause: clause.clone(),
                    ply,
                    must_vary,
                    moves_after_end: after,
                    termination,
                }));
            }
            return Some(Finding::Agrees);
        }
    }
    // A draw by a claim the position did not allow: the claim was incorrect (FIDE 9.5.3).
    if let GameReport::Chess(c) = report {
        let r = &c.report;
        let claimed = || {
            matches!(
                crate::agreement::ending(termination_tag().as_deref()),
                crate::agreement::Ending::Repetition | crate::agreement::Ending::MoveCount
            )
        };
        if recorded_outcome == Outcome::Draw && r.status == Status::Ongoing && claimed() {
            return Some(Finding::Disputed(Dispute {
                recorded,
                status,
                result,
                reason: Some("incorrect_claim".to_string()),
                clause: Some(Clauses::fide(&[ClauseId::Article("9.5.3")]).into()),
                ply: Some(r.plies),
            }));
        }
    }
    if agrees == Some(false) {
        return Some(Finding::Disputed(Dispute {
            recorded,
            status,
            result,
            reason,
            clause,
            ply,
        }));
    }
    Some(Finding::Agrees)
}
