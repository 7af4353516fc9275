//! Natural move limit (自然限著) of both rule books (docs/tw113.md).
//!
//! Everything here is counted in **plies** (one side's move); "moves" of the rule books are
//! converted once, in [`crate::xiangqi::rules::NaturalMoveLimit`]:
//! - **AXF** (60 moves = 120 plies without a capture; of the claimant's checks at most 10 count);
//! - **TW113** (100 plies = 50 rounds without a capture; the claimant's checks count at most 10
//!   plies, a check being the one ply that gives it; plies inside a perpetual check or perpetual
//!   chase repetition count for at most 3 of its cycles; a claim found short costs a foul and
//!   5 minutes of the claimant's clock), and its separate 40-move mode (80 plies), announced by
//!   the arbiter and never mixed with the 100-ply count ([`LimitMode::Alternative`]).
//!
//! Two layers:
//! - [`NaturalMoveCounter`]: what the incremental [`crate::xiangqi::referee::Referee`] keeps per ply
//!   (plies since the last capture and each side's checks in them: one `in_check` test per
//!   ply, no classification). Its [`NaturalMoveCounter::upper_bound`] never under-counts, so
//!   the expensive count runs only when a claim could succeed.
//! - [`count_window`] / [`judge_claim`]: the step-by-step count of a claim at a ply, with the
//!   perpetual-repetition discount (which classifies the moves of long repetitions only).

use crate::citation::{Clauses, Qualifier};
use crate::xiangqi::facts::classify;
use crate::xiangqi::repetition::{judge_facts, Offence};
use crate::xiangqi::rules::{NaturalMoveLimit, RuleSet, ShortClaimPenalty};
use serde::Serialize;
use std::collections::HashMap;
use xiangqi::{Color, Move, Position};

/// Which limit a claim is judged against.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LimitMode {
    /// The book's ordinary limit (AXF 120 plies, TW113 100 plies).
    Standard,
    /// TW113's alternative 40-move limit (80 plies), announced by the arbiter: a mode of its
    /// own, never mixed with the 100-ply count.
    Alternative,
}

impl LimitMode {
    /// The plies this mode needs under `limit`; `None` when the book has no such mode.
    pub fn needed(self, limit: &NaturalMoveLimit) -> Option<u32> {
        match self {
            LimitMode::Standard => Some(limit.plies),
            LimitMode::Alternative => limit.alternative_plies,
        }
    }
}

/// Why a natural-move-limit claim cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// The alternative (40-move) limit was asked of a rule set that has none.
    #[error("the rule set {rules} has no alternative (40-move) natural move limit")]
    NoAlternative {
        /// The rule set's name (`axf`, `tw113`).
        rules: &'static str,
    },
    /// The claim's ply is past the end of the moves.
    #[error("ply {at_ply} is beyond the {} played", crate::words::plies(*.plies))]
    AtPlyBeyond {
        /// The ply asked for.
        at_ply: usize,
        /// The plies played.
        plies: usize,
    },
    /// A move of the record cannot be played.
    #[error("move {ply} ({mv}) is illegal: {reason}")]
    Illegal {
        /// The ply the move would have produced (1 = the first move).
        ply: usize,
        /// The move as written.
        mv: String,
        /// Why it cannot be played.
        reason: String,
    },
}

/// Per-ply counter kept by the referee: plies since the last capture (plus the start FEN's
/// half-move clock when no capture has been made since) and each side's checks in them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NaturalMoveCounter {
    plies: u32,
    checks: [u32; 2],
}

impl NaturalMoveCounter {
    /// A counter that starts with `prior_plies` capture-free plies (a FEN's half-move clock;
    /// the checks among them are unknown and taken as none).
    pub fn new(prior_plies: u32) -> NaturalMoveCounter {
        NaturalMoveCounter {
            plies: prior_plies,
            checks: [0, 0],
        }
    }

    /// Count one ply by `mover`: `capture` resets the count to zero; `check` (the move gives
    /// check) adds to the mover's checks.
    #[inline]
    pub fn push(&mut self, mover: Color, capture: bool, check: bool) {
        if capture {
            *self = NaturalMoveCounter::default();
            return;
        }
        self.plies = self.plies.saturating_add(1);
        self.checks[mover as usize] = self.checks[mover as usize].saturating_add(u32::from(check));
    }

    /// Set each side's checks (Red, Black): for a referee that counts them only once they
    /// can matter.
    pub(crate) fn set_checks(&mut self, checks: [u32; 2]) {
        self.checks = checks;
    }

    /// Capture-free plies.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Checks given by `side` in those plies.
    pub fn checks(&self, side: Color) -> u32 {
        self.checks[side as usize]
    }

    /// The count for `claimant` without the perpetual-repetition discount: plies minus the
    /// claimant's checks beyond the limit's cap. Never less than the full count of
    /// [`count_window`], so a claim whose upper bound is short is short.
    pub fn upper_bound(&self, claimant: Color, limit: &NaturalMoveLimit) -> u32 {
        let over = self
            .checks(claimant)
            .saturating_sub(limit.claimant_checks_counted);
        self.plies - over
    }
}

/// The count of a claim, step by step (the JSON `count` object). All values are plies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LimitCount {
    /// Capture-free plies up to the claim (including a start FEN's half-move clock).
    pub plies: u32,
    /// The claimant's checks among the plies not already discounted as perpetual.
    pub claimant_checks: u32,
    /// Of those, the checks beyond the cap (10): not counted.
    pub claimant_checks_discounted: u32,
    /// Plies of perpetual check/chase repetitions beyond their 3rd cycle (TW113; 0 under AXF).
    pub perpetual_plies_discounted: u32,
    /// `plies − perpetual_plies_discounted − claimant_checks_discounted`.
    pub counted: u32,
    /// Plies the mode needs.
    pub needed: u32,
}

/// A perpetual check/chase repetition inside the counted plies (TW113 discount).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerpetualSpan {
    /// Ply of the position that starts the first loop.
    pub start_ply: usize,
    /// Plies per loop.
    pub loop_plies: usize,
    /// Last ply of the repetition (within the counted plies).
    pub end_ply: usize,
    /// Offence that makes it perpetual (`perpetual_check` or `perpetual_chase`) and its side.
    pub offence: Offence,
    /// The side whose perpetual offence it is.
    pub side: Color,
    /// Plies after the allowed cycles: not counted.
    pub discounted: u32,
}

/// A judged natural-move-limit claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LimitClaim {
    /// Whether the claim is correct: the counted plies reach the limit.
    pub valid: bool,
    /// The claimant: the side to move at `at_ply`.
    pub by: Color,
    /// Plies played when the claim is made.
    pub at_ply: usize,
    /// Which limit is counted (the normal one or the alternative 40-move one).
    pub mode: LimitMode,
    /// Ply of the last capture (the count starts after it); 0 when none.
    pub window_start_ply: usize,
    /// The count: plies played, what is discounted (claimant's checks, perpetual plies), what is needed.
    pub count: LimitCount,
    /// The perpetual repetitions whose plies are not counted (TW113).
    pub perpetual_spans: Vec<PerpetualSpan>,
    /// The clause of the limit ("AXF natural move limit (60 moves)", "TW113 natural move limit"),
    /// with "(40-move alternative, N plies)" for the alternative limit.
    pub clause: Clauses,
    /// `None` for a valid claim and where the book states no penalty (AXF).
    pub penalty: Option<ShortClaimPenalty>,
    /// The book's cycles of a perpetual repetition that count (TW113: 3, the plies beyond are
    /// discounted); `None`: the book discounts none (AXF). The rule the report states; not
    /// in the JSON, which gives the spans.
    #[serde(skip)]
    pub perpetual_cycles_counted: Option<u32>,
}

/// Count a claim made at the last of `positions`: `positions[0]` is the position after the
/// last capture (or the game's start), `positions[k]` the one after `moves[k-1]`;
/// `window_start_ply` is the game ply of `positions[0]`. The claimant is the side to move at
/// the end. `positions[0]`'s half-move clock counts as capture-free plies before it.
///
/// # Errors
/// [`LimitError::NoAlternative`] when `mode` is [`LimitMode::Alternative`] under a book
/// without it (AXF).
///
/// # Panics
/// When `positions.len() != moves.len() + 1` or `positions` is empty.
pub fn count_window(
    rules: &RuleSet,
    mode: LimitMode,
    window_start_ply: usize,
    positions: &[&Position],
    moves: &[Move],
) -> Result<LimitClaim, LimitError> {
    assert_eq!(positions.len(), moves.len() + 1, "one more position than moves");
    let limit = &rules.natural_move_limit;
    let needed = mode.needed(limit).ok_or(LimitError::NoAlternative {
        rules: rules.id.name(),
    })?;
    let n = moves.len();
    let claimant = positions[n].side_to_move();
    let prior = positions[0].halfmove_clock();
    // Step 2: perpetual repetitions and the plies beyond their allowed cycles.
    let mut discounted = vec![false; n + 1];
    let mut spans = Vec::new();
    if let Some(cycles) = limit.perpetual_cycles_counted {
        for (s, l, e) in repetition_runs(positions) {
            let allowed_end = s + cycles as usize * l;
            if e <= allowed_end {
                continue;
            }
            let mut pos = positions[s].clone();
            let facts: Vec<_> = moves[s..e]
                .iter()
                .map(|&mv| {
                    let f = classify(&pos, mv, rules);
                    pos.make_move(mv);
                    f
                })
                .collect();
            let j = judge_facts(positions[s], facts, rules);
            let worst = [&j.red, &j.black]
                .into_iter()
                .max_by_key(|sj| sj.offence)
                .expect("two sides");
            if worst.offence == Offence::None {
                continue;
            }
            for d in discounted.iter_mut().take(e + 1).skip(allowed_end + 1) {
                *d = true;
            }
            spans.push(PerpetualSpan {
                start_ply: window_start_ply + s,
                loop_plies: l,
                end_ply: window_start_ply + e,
                offence: worst.offence,
                side: worst.side,
                discounted: (e - allowed_end) as u32,
            });
        }
    }
    let perpetual = discounted.iter().filter(|&&d| d).count() as u32;
    // Step 3: the claimant's checks among the plies still counted.
    let claimant_checks = (1..=n)
        .filter(|&k| !discounted[k] && positions[k - 1].side_to_move() == claimant)
        .filter(|&k| positions[k].in_check(positions[k].side_to_move()))
        .count() as u32;
    let over = claimant_checks.saturating_sub(limit.claimant_checks_counted);
    // A FEN's clock may be as large as a u32 holds: the count saturates, never wraps.
    let plies = prior.saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
    let counted = plies.saturating_sub(perpetual).saturating_sub(over);
    let valid = counted >= needed;
    let clause = match mode {
        LimitMode::Standard => limit.clause,
        LimitMode::Alternative => limit.clause.with(Qualifier::Alternative { plies: needed }),
    };
    Ok(LimitClaim {
        valid,
        by: claimant,
        at_ply: window_start_ply + n,
        mode,
        window_start_ply,
        count: LimitCount {
            plies,
            claimant_checks,
            claimant_checks_discounted: over,
            perpetual_plies_discounted: perpetual,
            counted,
            needed,
        },
        perpetual_spans: spans,
        clause,
        penalty: if valid { None } else { limit.short_claim_penalty },
        perpetual_cycles_counted: limit.perpetual_cycles_counted,
    })
}

/// Maximal repetition runs among `positions`: `(s, l, e)` = the position at `s` recurs every
/// `l` plies and every ply from `s + l` to `e` repeats the one `l` before (so the loops are
/// plies `s+1..=s+l`, `s+l+1..=s+2l`, …, up to `e`).
fn repetition_runs(positions: &[&Position]) -> Vec<(usize, usize, usize)> {
    let mut last: HashMap<u64, usize> = HashMap::new();
    let mut runs = Vec::new();
    let mut cur: Option<(usize, usize, usize)> = None;
    for (i, p) in positions.iter().enumerate() {
        if let Some((s, l, _)) = cur {
            if *positions[i - l] == **p {
                cur = Some((s, l, i));
            } else {
                runs.extend(cur.take());
            }
        }
        if cur.is_none() {
            if let Some(&j) = last.get(&p.key()) {
                if *positions[j] == **p {
                    cur = Some((j, i - j, i));
                }
            }
        }
        last.insert(p.key(), i);
    }
    runs.extend(cur);
    runs
}

/// Judge a natural-move-limit claim made at `at_ply` (default: after the last move) in the
/// game played from `start` with `moves`: replays the moves, finds the last capture before the
/// claim and counts from there ([`count_window`]).
///
/// # Errors
/// An illegal move (1-based ply), `at_ply` beyond the moves, or a mode the book lacks.
pub fn judge_claim(
    rules: &RuleSet,
    mode: LimitMode,
    start: &Position,
    moves: &[Move],
    at_ply: Option<usize>,
) -> Result<LimitClaim, LimitError> {
    let at = at_ply.unwrap_or(moves.len());
    if at > moves.len() {
        return Err(LimitError::AtPlyBeyond {
            at_ply: at,
            plies: moves.len(),
        });
    }
    let mut positions = vec![start.clone()];
    let mut window_start = 0;
    let mut pos = start.clone();
    for (i, &mv) in moves[..at].iter().enumerate() {
        pos.check_legal(mv).map_err(|e| LimitError::Illegal {
            ply: i + 1,
            mv: mv.to_string(),
            reason: e.reason.to_string(),
        })?;
        let capture = pos.piece_at(mv.to).is_some();
        pos.make_move(mv);
        if capture {
            positions.clear();
            window_start = i + 1;
        }
        positions.push(pos.clone());
    }
    let refs: Vec<&Position> = positions.iter().collect();
    count_window(rules, mode, window_start, &refs, &moves[window_start..at])
}
